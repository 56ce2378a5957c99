"""Crummy (David Parlett): section 3.1 of the rules reference, seed 000.

Three to five players play tricks of exactly one card of each suit. The winner of a trick
takes its four cards into hand and may lay aside quartets, four cards of one rank, face
down; the first quartet of the deal takes the Joker and counts double. Players go out when
their hands are empty, and each scores the value of their quartets multiplied by how early
they went out. The game is played up to 150 points.

>>> import rummykit
>>> game = rummykit.variant("crummy")
>>> state = game.new_game(players=3, seed=7)
>>> sorted(len(hand) for hand in state.hands), state.to_move == (state.dealer + 1) % 3
([10, 11, 11], True)

Options (keyword-only, defaults are the resolutions of the rules reference):

``target``
    Points that end the game: 150 (default) or any other agreed positive number; the
    highest total wins, and a tie for the highest plays on (R10).
``repetitions``
    A start-of-trick position (every hand and the player on lead) that occurs this many
    times in a deal ends the deal: by R7's halt, credited to the player on lead, when the
    last two players hold two ranks between them, else by the engine's safeguard (R8).
    Default 3; at least 2.
``halt``
    ``True`` (default, R7): while the last two players hold two ranks between them, the
    player about to lead and then the other are offered ``halt`` (or ``continue``) before
    each trick. ``False``: no halt call is offered; only the repetition rule ends the loop.
``max_deals``
    Engine safeguard, not in the source: the game ends after this many deals whatever the
    scores (default 100), so that a tie for the lead cannot go on for ever.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from rummykit.cards import DeckSpec, Rank
from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.engine.trick import TrickGameRules
from rummykit.errors import OptionError, shown
from rummykit.pieces.options import whole
from rummykit.pieces.outcome import DealOutcome
from rummykit.tricks import OneOfEachSuit

__all__ = [
    "NO_QUARTETS",
    "QUARTET_VALUES",
    "CrummyDeck",
    "MultiplierScoring",
    "TargetWithTies",
    "crummy",
    "quartet_value",
]

#: The value of a quartet (3.1): Aces 13; Kings, Queens and Jacks 11; the rest face value.
QUARTET_VALUES: Final = {
    Rank.ACE: 13,
    Rank.KING: 11,
    Rank.QUEEN: 11,
    Rank.JACK: 11,
    **{rank: int(rank) for rank in Rank if Rank.TWO <= rank <= Rank.TEN},
}
#: The quartet component of a player who went out without a quartet, by number of players.
NO_QUARTETS: Final = {3: 30, 4: 25, 5: 20}


def quartet_value(rank: Rank) -> int:
    """The value of a quartet of ``rank``.

    >>> quartet_value(Rank.ACE), quartet_value(Rank.QUEEN), quartet_value(Rank.SEVEN)
    (13, 11, 7)
    """
    return QUARTET_VALUES[rank]


@attrs.frozen
class CrummyDeck:
    """Parlett's pack: A K Q J 10 9 8 7 in four suits and one Joker (33 cards); with five
    players the Sixes and Fives are added (41 cards).

    >>> CrummyDeck().deck(4).size, CrummyDeck().deck(5).size
    (33, 41)
    """

    def deck(self, players: int) -> DeckSpec:
        return _DECKS[5 if players >= 5 else 4]


_DECKS: Final = {n: DeckSpec.crummy(players=n) for n in (4, 5)}


@attrs.frozen
class MultiplierScoring:
    """Parlett's scoring: a multiplier times a quartet component.

    The multiplier is the number of players for the first player out, one less for each
    player after, and 1 for the last. The quartet component is the total value of the
    player's quartets, the one with the Joker counted twice; a player with no quartet at all
    has 20, 25 or 30 instead (5, 4 or 3 players, :data:`NO_QUARTETS`).

    The seed's four-player example: the first out made Jacks and Eights, the second no
    quartet, the third Sevens and Aces, the last Nines, Tens, Queens and Kings with the Joker:

    >>> from rummykit.engine.trick import trick_outcome
    >>> from rummykit.pieces import DealEnd
    >>> J, Q, K, A = Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE
    >>> quartets = [(J, Rank.EIGHT), (), (Rank.SEVEN, A), (K, Rank.NINE, Rank.TEN, Q)]
    >>> outcome = trick_outcome(deal_number=1, reason=DealEnd.PLAY, order=[0, 1, 2, 3],
    ...                         quartets=quartets, marker=(3, 0))
    >>> MultiplierScoring().deal_scores(outcome)
    (76, 75, 40, 52)
    """

    def component(self, players: int, ranks: Sequence[Rank], joker: int | None) -> int:
        """The quartet component of one player: ``ranks`` laid, ``joker`` the index of the
        one carrying the Joker (``None`` if none does).

        >>> MultiplierScoring().component(4, [Rank.ACE], joker=0)    # Aces made first
        26
        """
        if not ranks:
            return NO_QUARTETS[players]
        total = sum(QUARTET_VALUES[rank] for rank in ranks)
        if joker is not None:
            total += QUARTET_VALUES[ranks[joker]]
        return total

    def deal_scores(self, outcome: DealOutcome) -> tuple[int, ...]:
        """Per seat, the points of the deal: the multiplier of the seat's place in
        ``outcome.order`` times its quartet component (the marker says which quartet carries
        the Joker). How the deal ended does not matter: a halt (R7) or the safeguard (R8)
        has already put every seat in the order and every card in a quartet."""
        players = outcome.players
        marker = outcome.marker
        points = [0] * players
        for place, seat in enumerate(outcome.order):
            joker = marker[1] if marker is not None and marker[0] == seat else None
            points[seat] = (players - place) * self.component(
                players, outcome.quartets[seat], joker
            )
        return tuple(points)


@attrs.frozen
class TargetWithTies:
    """The game ends after the deal in which someone reaches ``target`` with the highest
    total alone; while two or more tie for the highest, further deals are played (R10).

    >>> TargetWithTies(150).over((151, 150, 20)), TargetWithTies(150).over((151, 151, 20))
    (True, False)
    """

    target: int = 150

    def over(self, scores: tuple[int, ...]) -> bool:
        best = max(scores)
        return best >= self.target and scores.count(best) == 1

    def winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)


def crummy(
    *,
    target: int = 150,
    repetitions: int = 3,
    halt: bool = True,
    max_deals: int = 100,
) -> Variant:
    """Build Crummy with the given options (see the module documentation)."""
    whole("target", target, 1)
    whole("repetitions", repetitions, 2)
    whole("max_deals", max_deals, 1)
    if not isinstance(halt, bool):
        raise OptionError(f"halt must be True or False, not {shown(halt)}")
    rules = TrickGameRules(
        deck_rule=CrummyDeck(),
        tricks=OneOfEachSuit(),
        scoring=MultiplierScoring(),
        game_end=TargetWithTies(target),
        repetitions=repetitions,
        halt=halt,
        max_deals=max_deals,
    )
    return Variant(
        id="crummy",
        name="Crummy",
        rules=rules,
        options={
            "target": target,
            "repetitions": repetitions,
            "halt": halt,
            "max_deals": max_deals,
        },
        min_players=3,
        max_players=5,
    )


register(
    "crummy",
    crummy,
    "Crummy (Parlett): 3-5 players, tricks of one card per suit, quartets x going-out order, "
    "to 150",
)
