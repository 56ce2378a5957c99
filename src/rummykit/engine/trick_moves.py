"""The moves of the trick-and-quartet family and their verbs.

A turn is one small move (:class:`~rummykit.engine.trick.TrickPhase` says which kind is
due):

* ``play QH``: a card to the trick, led or followed (:class:`PlayCard`). A player who cannot
  play passes automatically; the turn moves on to the next player who can (R2).
* ``quartet K``: the trick winner lays aside the four Kings (:class:`LayQuartet`, R5); at
  the end of play, the same move lets the last player choose which residual quartet takes
  the Joker (R6).
* ``done``: the trick winner lays aside no more quartets (:class:`EndQuartets`).
* ``halt`` or ``continue``: call a halt to the play, or decline to, when the last two players
  hold two ranks between them (:class:`CallHalt`, :class:`PlayOn`, R7).

Importing this module registers the verbs with :func:`rummykit.engine.moves.parse_move`.

>>> from rummykit.engine.moves import parse_move
>>> [str(parse_move(text)) for text in ["play 10H", "quartet k", "done", "halt", "continue"]]
['play 10H', 'quartet K', 'done', 'halt', 'continue']
"""

from __future__ import annotations

from typing import Final

import attrs

from rummykit.cards import Card, Rank
from rummykit.engine.moves import Move, bare_verb, register_verb

__all__ = ["CallHalt", "EndQuartets", "LayQuartet", "PlayCard", "PlayOn"]


@attrs.frozen
class PlayCard(Move):
    """Play ``card`` to the trick: lead it, or follow with it."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class LayQuartet(Move):
    """Lay aside the four cards of ``rank`` from the hand, face down, as a quartet."""

    rank: Rank

    def __str__(self) -> str:
        return f"quartet {self.rank.label}"


@attrs.frozen
class EndQuartets(Move):
    """Lay aside no more quartets after winning a trick (R5: laying them is optional)."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class CallHalt(Move):
    """Call a halt to the play (R7): the caller takes the lower-ranking of the two remaining
    quartets and goes out before the other player, who takes the higher one."""

    def __str__(self) -> str:
        return "halt"


@attrs.frozen
class PlayOn(Move):
    """Decline to call a halt; the play goes on (R7)."""

    def __str__(self) -> str:
        return "continue"


def _play(verb: str, rest: str) -> Move:
    if not rest:
        raise ValueError("'play' needs a card, e.g. 'play QH'")
    return PlayCard(Card.parse(rest))


def _quartet(verb: str, rest: str) -> Move:
    if not rest:
        raise ValueError("'quartet' needs a rank, e.g. 'quartet K'")
    return LayQuartet(Rank.parse(rest))


register_verb("play", _play, example="play QH")
register_verb("quartet", _quartet, example="quartet K")
register_verb("done", bare_verb(EndQuartets()), example="done")
register_verb("halt", bare_verb(CallHalt()), example="halt")
register_verb("continue", bare_verb(PlayOn()), example="continue")

#: One move value per card and per rank, built once (moves are frozen values) and shared by
#: the move generator of :class:`~rummykit.engine.trick.TrickGameRules`.
PLAYS: Final = tuple(PlayCard(Card(code)) for code in range(53))
QUARTET_MOVES: Final = {rank: LayQuartet(rank) for rank in Rank}
DONE: Final = EndQuartets()
HALT: Final = CallHalt()
PLAY_ON: Final = PlayOn()
