"""Scorers and game-end rules shared by the penalty-scored rummies.

A :class:`PenaltyTable` says what each card costs in hand; :class:`PenaltyScoring` charges
every player but the one who went out; :class:`FixedDeals` ends the game after a number of
deals, the lowest total winning.

>>> from rummykit import Card, parse_cards
>>> table = PenaltyTable.crazy_rummy()
>>> wild = frozenset(parse_cards("7S 7H 7D 7C"))
>>> [table.value(c, wild) for c in parse_cards("AS 7H 9D KC")]
[1, 25, 9, 10]
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummykit.cards import JOKER, Card
from rummykit.errors import OptionError
from rummykit.melds import Meld, MeldKind
from rummykit.pieces.options import choice
from rummykit.pieces.outcome import DealOutcome, GamePosition

__all__ = [
    "DealerLeftStarts",
    "FixedDeals",
    "HighestToTarget",
    "MeldValue",
    "PenaltyScoring",
    "PenaltyTable",
    "WinnerTakesPenalties",
]


def _ranks(values: Iterable[int]) -> tuple[int, ...]:
    out = tuple(values)
    if len(out) != 13:
        raise OptionError(f"a penalty table needs 13 rank values (Ace to King), got {len(out)}")
    return out


@attrs.frozen
class PenaltyTable:
    """What a card left in hand costs: by rank, the joker, and (if set) any wild card."""

    #: Cost of each rank, Ace first, King last.
    ranks: tuple[int, ...] = attrs.field(converter=_ranks)
    #: Cost of a joker.
    joker: int = 0
    #: Cost of any card that is wild this deal, or ``None`` to cost it by its rank.
    wild: int | None = None

    def value(self, card: Card, wild_cards: frozenset[Card] = frozenset()) -> int:
        """The cost of ``card`` in hand when ``wild_cards`` are wild."""
        if self.wild is not None and card in wild_cards:
            return self.wild
        if card == JOKER:
            return self.joker
        rank = card.rank
        assert rank is not None
        return self.ranks[rank - 1]

    @classmethod
    def crazy_rummy(cls, kind: str = "standard") -> PenaltyTable:
        """Crazy Rummy (R14): ``"standard"`` wild 25, K Q J 10, 2-10 face value, Ace 1;
        ``"natural_wild"`` the same but a wild costs its natural value; ``"royal"`` K 13,
        Q 12, J 11; ``"beanie"`` Ace-9 cost 5, 10-K cost 10, wild 25 (S5)."""
        face = tuple(min(r, 10) for r in range(1, 14))
        tables = {
            "standard": cls(face, wild=25),
            "natural_wild": cls(face),
            "royal": cls((*range(1, 11), 11, 12, 13), wild=25),
            "beanie": cls(tuple(5 if r <= 9 else 10 for r in range(1, 14)), wild=25),
        }
        return tables[choice("penalties", kind, tables, " (R14)")]

    @classmethod
    def face_values(cls) -> PenaltyTable:
        """The plain table: Ace 1, Two to Ten their pips, Jack, Queen and King 10 (basic
        rummy)."""
        return cls(tuple(min(r, 10) for r in range(1, 14)))

    @classmethod
    def contract_rummy(cls) -> PenaltyTable:
        """The seven-round contract game (R26, S10): Ace and joker 15, K Q J 10, others pip."""
        return cls((15, *range(2, 11), 10, 10, 10), joker=15)

    @classmethod
    def crummy_rummy(cls) -> PenaltyTable:
        """Crummy Rummy (RULES 3.4): 3-8 cost 5, 9-K cost 10, A, 2 and joker 15 (R37: an Ace
        costs 15 whether or not it could have been played high)."""
        return cls((15, 15, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10), joker=15)


@attrs.frozen
class PenaltyScoring:
    """At the end of a deal every player adds the cost of the cards in their hand; a player
    who went out holds none and adds nothing. The same when the stock ends the deal: all
    players score their hands (R21, R36)."""

    table: PenaltyTable
    #: The cards left in hand are taken off the score instead (Rummy 500).
    subtract: bool = False

    def deal_scores(self, outcome: DealOutcome) -> tuple[int, ...]:
        wild = outcome.wild_cards
        sign = -1 if self.subtract else 1
        return tuple(sign * sum(self.table.value(c, wild) for c in hand) for hand in outcome.hands)


@attrs.frozen
class MeldValue:
    """Laying cards scores what they are worth by ``table``, to whoever lays them (Rummy 500);
    an Ace at the low end of a run (A-2-3) is worth ``low_ace`` instead.

    >>> from rummykit import Meld, Suit, parse_cards
    >>> table = PenaltyTable((15, *[5] * 8, 10, 10, 10, 10))
    >>> low = Meld.run(parse_cards("AS 2S 3S"), suit=Suit.SPADES, start=1)
    >>> high = Meld.run(parse_cards("QS KS AS"), suit=Suit.SPADES, start=12)
    >>> MeldValue(table).points(None, low), MeldValue(table).points(None, high)
    (11, 35)
    """

    table: PenaltyTable
    low_ace: int = 1

    def worth(self, meld: Meld) -> int:
        """What the cards of ``meld`` are worth."""
        total = sum(self.table.value(c) for c in meld.cards)
        if meld.kind is MeldKind.RUN and meld.start == 1:
            total += self.low_ace - self.table.value(meld.cards[0])
        return total

    def points(self, before: Meld | None, after: Meld) -> int:
        return self.worth(after) - (self.worth(before) if before is not None else 0)


@attrs.frozen
class WinnerTakesPenalties:
    """The losers pay the winner: the player who went out scores what the cards left in every
    other hand cost; nobody else scores. A deal that ends without a winner scores nothing.

    >>> from rummykit import parse_cards
    >>> from rummykit.pieces.outcome import DealEnd, DealOutcome
    >>> hands = ((), tuple(parse_cards("KS 3D")), tuple(parse_cards("AC")))
    >>> outcome = DealOutcome(deal_number=1, reason=DealEnd.OUT, out=0, hands=hands,
    ...                       table=(), wild_cards=frozenset())
    >>> WinnerTakesPenalties(PenaltyTable.face_values()).deal_scores(outcome)
    (14, 0, 0)
    """

    table: PenaltyTable

    def deal_scores(self, outcome: DealOutcome) -> tuple[int, ...]:
        points = [0] * outcome.players
        if outcome.out is not None:
            wild = outcome.wild_cards
            points[outcome.out] = sum(
                self.table.value(c, wild) for hand in outcome.hands for c in hand
            )
        return tuple(points)


@attrs.frozen
class HighestToTarget:
    """The game ends after the deal in which a player's score reaches ``target``; the highest
    score wins and ties share."""

    target: int

    def over_after_turn(self, state: GamePosition, seat: int) -> bool:
        return False

    def over_after_deal(self, state: GamePosition) -> bool:
        return max(state.scores) >= self.target

    def winners(self, state: GamePosition) -> tuple[int, ...]:
        best = max(state.scores)
        return tuple(seat for seat in range(state.players) if state.scores[seat] == best)

    def final_scores(self, state: GamePosition) -> tuple[int, ...]:
        return state.scores


@attrs.frozen
class FixedDeals:
    """The game is a fixed number of deals; the lowest total wins and ties share (R23, R37)."""

    deals: int

    @property
    def target(self) -> int | None:
        return None

    def over_after_turn(self, state: GamePosition, seat: int) -> bool:
        return False

    def over_after_deal(self, state: GamePosition) -> bool:
        return state.deal_number >= self.deals

    def winners(self, state: GamePosition) -> tuple[int, ...]:
        best = min(state.scores)
        return tuple(seat for seat in range(state.players) if state.scores[seat] == best)

    def final_scores(self, state: GamePosition) -> tuple[int, ...]:
        return state.scores


@attrs.frozen
class DealerLeftStarts:
    """The player on the dealer's left starts every deal; nobody chooses."""

    def chooser(self, state: GamePosition) -> int | None:
        return None

    def first(self, state: GamePosition) -> int:
        return (state.dealer + 1) % state.players
