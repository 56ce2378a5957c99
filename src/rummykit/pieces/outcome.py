"""How a deal ended, what it scored, and the pieces that decide scores, starts and the end.

:class:`DealOutcome` is the one typed record of a finished deal: why it ended, who went out,
the hands and the table as they were, and (once scored) what each seat gained. Scoring pieces
read an outcome, never a whole state; start and game-end pieces read the few public facts of
:class:`GamePosition`, which every state provides.

>>> from rummykit import parse_cards
>>> outcome = DealOutcome(
...     deal_number=1, reason=DealEnd.OUT, out=0,
...     hands=((), tuple(parse_cards("KS 3D"))), table=(), wild_cards=frozenset())
>>> outcome.cards_left
2
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from rummykit.cards import Card, Rank
from rummykit.melds import Meld

__all__ = [
    "DealEnd",
    "DealOutcome",
    "DealScoring",
    "GameEnd",
    "GamePosition",
    "MeldScoring",
    "NamesDealWinner",
    "NoMeldScoring",
    "StartRule",
    "TableMeld",
    "biggest_gain",
    "deal_winner",
]


class DealEnd(enum.Enum):
    """Why a deal ended.

    The draw-and-discard family ends a deal with :attr:`OUT`, :attr:`STOCK` or
    :attr:`SAFEGUARD`, and a knock game (Gin Rummy) with :attr:`KNOCK` or :attr:`BIG_GIN`
    (a deal that runs into the wall is :attr:`STOCK`); the trick-and-quartet family
    (:mod:`rummykit.engine.trick`) with :attr:`PLAY`, :attr:`HALT`,
    :attr:`REPETITION_HALT` or :attr:`SAFEGUARD`.
    """

    #: A player emptied their hand.
    OUT = "out"
    #: The stock ran out (Crib Rummy R47, Crazy Rummy R21).
    STOCK = "stock"
    #: An engine safeguard stopped a deal that made no progress (a turn cap, a reshuffle
    #: cap); scored as if the stock had run out (R36a, R56a). In the trick family, a
    #: start-of-trick position recurred while no halt applied: the players with cards went
    #: out in turn from the player on lead (Crummy R8), and the deal is scored as any other.
    SAFEGUARD = "safeguard"
    #: A player knocked and the showdown was played out (knock games: Gin Rummy).
    KNOCK = "knock"
    #: A knocker melded every card of the full hand without a discard (Gin Rummy's big gin).
    BIG_GIN = "big_gin"
    #: Trick family: play ceased in the ordinary way, at most one player holding cards (all
    #: of them complete quartets), every other player having gone out (Crummy R4, R6).
    PLAY = "play"
    #: Trick family: a player called a halt while the last two players held two ranks
    #: between them (Crummy R7).
    HALT = "halt"
    #: Trick family: a start-of-trick position recurred while R7's halt condition held, and
    #: the halt was applied for the player on lead (Crummy R7).
    REPETITION_HALT = "repetition_halt"


@attrs.frozen
class TableMeld:
    """A meld on the table and the seat that laid it."""

    owner: int
    meld: Meld

    def __str__(self) -> str:
        return f"{self.meld} (seat {self.owner})"


def _hands(value: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in value)


def _seats(value: Sequence[int]) -> tuple[int, ...]:
    return tuple(value)


def _ranks(value: Sequence[Sequence[Rank]]) -> tuple[tuple[Rank, ...], ...]:
    return tuple(tuple(ranks) for ranks in value)


@attrs.frozen
class DealOutcome:
    """A finished deal: how it ended and what was left where.

    Both families report a finished deal with it, and a :class:`DealScoring` piece scores
    it. A trick deal (:mod:`rummykit.engine.trick`) ends with every card in a quartet: its
    hands are all empty, its table and wild cards empty, and the fields ``order``,
    ``quartets`` and ``marker`` (which the draw-and-discard family leaves at their
    defaults) say who went out when and what each seat laid aside.
    """

    #: The deal's number (1-based).
    deal_number: int
    #: Why it ended.
    reason: DealEnd
    #: The seat that went out, if one did (in the trick family, where every seat goes out,
    #: the first out: ``order[0]``).
    out: int | None
    #: Every seat's hand at the end (empty for the seat that went out).
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    #: The melds on the table at the end.
    table: tuple[TableMeld, ...]
    #: The cards that were wild in the deal.
    wild_cards: frozenset[Card]
    #: What the deal added to each seat's score (empty until scored).
    points: tuple[int, ...] = ()
    #: Trick family: every seat, from the first out to the last (Crummy R4); empty for the
    #: draw-and-discard family, where at most one seat goes out.
    order: tuple[int, ...] = attrs.field(default=(), converter=_seats)
    #: Trick family: per seat, the ranks of the quartets it laid aside, in the order laid,
    #: revealed (Crummy R5, R11); empty for the draw-and-discard family.
    quartets: tuple[tuple[Rank, ...], ...] = attrs.field(default=(), converter=_ranks)
    #: Trick family: the (seat, index into that seat's ``quartets``) of the quartet that
    #: carries the Joker (Crummy R6); ``None`` when no quartet does, and for the
    #: draw-and-discard family.
    marker: tuple[int, int] | None = None
    #: The card that set the deal's parameters, if the game has one: a knock game's first
    #: upcard (Oklahoma Gin's knock limit and doubling).
    indicator: Card | None = None
    #: The seat that won the deal, where the game names one (knock games; box bonuses).
    winner: int | None = None

    @property
    def players(self) -> int:
        """How many seats played the deal."""
        return len(self.hands)

    @property
    def cards_left(self) -> int:
        """Cards left in every hand together."""
        return sum(len(hand) for hand in self.hands)


class GamePosition(Protocol):
    """The public facts of a position that start and game-end pieces may read."""

    @property
    def players(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def first_player(self) -> int:
        """Who started the current (or, before a new deal starts, the previous) deal."""
        ...

    @property
    def turns(self) -> tuple[int, ...]:
        """Turns each seat has completed this deal."""
        ...

    @property
    def reached(self) -> tuple[int, ...]:
        """Seats in the order they reached the game's target."""
        ...

    @property
    def final_after(self) -> int | None:
        """The seat whose turn count the others may match after it reached the target."""
        ...

    @property
    def deals_won(self) -> tuple[int, ...]:
        """Per seat, the deals it has won this game (where the scoring names a winner)."""
        ...


class MeldScoring(Protocol):
    """Points scored during play for laying cards (Crib Rummy's pegging)."""

    def points(self, before: Meld | None, after: Meld) -> int:
        """Points for turning ``before`` (``None`` for a new meld) into ``after``."""
        ...


@attrs.frozen
class NoMeldScoring:
    """Laying cards scores nothing during play."""

    def points(self, before: Meld | None, after: Meld) -> int:
        return 0


class DealScoring(Protocol):
    """Score changes when a deal ends."""

    def deal_scores(self, outcome: DealOutcome) -> tuple[int, ...]:
        """Per seat, what the deal adds to the scores."""
        ...


@runtime_checkable
class NamesDealWinner(Protocol):
    """A :class:`DealScoring` that also says who won a deal (Gin Rummy's undercut wins the
    defender the deal even with an undercut bonus of 0). For other scorers the engine takes
    the one seat that gained the most, if it gained anything."""

    def deal_winner(self, outcome: DealOutcome) -> int | None:
        """The seat that won the deal, or ``None``."""
        ...


def deal_winner(scoring: DealScoring, outcome: DealOutcome) -> int | None:
    """Who won a scored deal: as ``scoring`` names it, else the one seat with the largest
    positive gain in ``outcome.points`` (``None`` on a tie or when nobody gained)."""
    if isinstance(scoring, NamesDealWinner):
        return scoring.deal_winner(outcome)
    return biggest_gain(outcome.points)


def biggest_gain(points: Sequence[int]) -> int | None:
    """The one seat with the largest positive gain in ``points``, or ``None`` on a tie or
    when nobody gained."""
    if not points:
        return None
    best = max(points)
    if best <= 0 or points.count(best) > 1:
        return None
    return points.index(best)


class StartRule(Protocol):
    """Who starts a deal, and whether someone chooses (R44)."""

    def chooser(self, position: GamePosition) -> int | None:
        """The seat that chooses who starts this deal, or ``None`` if nobody chooses."""
        ...

    def first(self, position: GamePosition) -> int:
        """The seat that starts when nobody chooses."""
        ...


class GameEnd(Protocol):
    """When the game ends and who wins."""

    @property
    def target(self) -> int | None:
        """The score that ends the game (R45), or ``None`` if scores end nothing."""
        ...

    def over_after_turn(self, position: GamePosition, seat: int) -> bool:
        """Whether the game ends before ``seat`` would take the next turn (final turns)."""
        ...

    def over_after_deal(self, position: GamePosition) -> bool:
        """Whether the game ends now that a deal is over and scored."""
        ...

    def winners(self, position: GamePosition) -> tuple[int, ...]:
        """The winning seats of a finished game."""
        ...

    def final_scores(self, position: GamePosition) -> tuple[int, ...]:
        """The scores once the game is over, end-of-game bonuses included (Gin Rummy's game
        and box bonuses); ``position.scores`` where there are none."""
        ...
