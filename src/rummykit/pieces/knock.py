"""Knock games: hands stay concealed until a player knocks, then a showdown.

A variant with a :class:`KnockRule` plays the knock turn of Gin Rummy and its relatives:
nobody melds during play; a player whose deadwood (the value of the cards left out of their
best melds) is at most the knock limit may knock instead of discarding. The knocker then
discards face down (or, where the rule allows, melds every card of the full hand), lays
their melds, and the opponent lays off on them and lays melds of their own. The engine runs
that showdown; the pieces here say what a meld, a deadwood count and the limit are, and
how the hand and the game score.

>>> from rummykit import parse_cards
>>> knock = Knock()
>>> hand = tuple(parse_cards("4S 5S 6S KH KD KC 2C 3D 9H AD"))
>>> knock.deadwood(hand), knock.limit(None)
(15, 10)
>>> oklahoma = Knock(limit_from_upcard=True)
>>> oklahoma.limit(parse_cards("7H")[0]), oklahoma.limit(parse_cards("AH")[0])
(7, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

import attrs

from rummykit.cards import Card, Rank, Suit
from rummykit.melds import Meld
from rummykit.pieces.outcome import DealEnd, DealOutcome, GamePosition
from rummykit.solver.deadwood import VALUES, deadwood_mask, discard_deadwood_mask

__all__ = [
    "GIN_MELDS",
    "Knock",
    "KnockRule",
    "KnockScoring",
    "MatchToTarget",
    "knock_result",
]


class KnockRule(Protocol):
    """When a player may knock, what a meld is at the showdown, and what deadwood counts."""

    def limit(self, indicator: Card | None) -> int:
        """The most deadwood a knocker may keep in a deal whose first upcard was
        ``indicator``; 0 means the deal can only be won by gin."""
        ...

    @property
    def all_in_one(self) -> bool:
        """A knocker holding the full hand (before the discard) may instead meld every card
        of it (Gin Rummy's "big gin")."""
        ...

    def deadwood(self, hand: Sequence[Card]) -> int:
        """The least deadwood of ``hand``: the value of the cards its best melds leave out."""
        ...

    def deadwood_after_discard(self, hand: Sequence[Card], keep: Card | None = None) -> int:
        """The least deadwood of ``hand`` after its best discard, ``keep`` excepted."""
        ...

    def value(self, hand: Sequence[Card]) -> int:
        """The value of every card of ``hand``, melded or not."""
        ...

    def melds(self, hand: Sequence[Card]) -> tuple[Meld, ...]:
        """Every meld that may be laid at the showdown from ``hand``, in a fixed order."""
        ...

    def meld_problem(self, meld: Meld) -> tuple[str, str] | None:
        """Why ``meld`` may not be laid at the showdown (a rule code and a message), or
        ``None``."""
        ...


def _gin_melds() -> tuple[tuple[int, Meld], ...]:
    melds: list[Meld] = []
    for rank in Rank:
        cards = [Card.of(rank, suit) for suit in Suit]
        for left_out in Suit:
            melds.append(Meld.set([c for c in cards if c.suit is not left_out], rank=rank))
        melds.append(Meld.set(cards, rank=rank))
    for length in (3, 4, 5):
        for suit in Suit:
            for start in range(1, 15 - length):
                run = [Card.of(start + i, suit) for i in range(length)]
                melds.append(Meld.run(run, suit=suit, start=start))
    return tuple((sum(1 << c for c in m.cards), m) for m in melds)


#: ``(card mask, meld)`` for the 185 melds laid at a gin showdown: the 65 sets of three or
#: four, then the runs of three, four and five cards (a longer run is laid as two), Ace low.
GIN_MELDS: Final = _gin_melds()
_GIN_MASK: Final = {meld: mask for mask, meld in GIN_MELDS}


_BIT: Final = tuple(1 << code for code in range(52))


def _mask(hand: Sequence[Card]) -> int:
    """The 52-bit mask of a hand of distinct standard cards."""
    return sum(map(_BIT.__getitem__, hand))


@attrs.frozen
class Knock:
    """Gin Rummy's knock with one standard pack: sets of three or four, runs of three or
    more (laid at most five at a time), Ace low; Aces count 1, face cards 10, others their
    pips.

    ``limit`` is the knock limit (10 in Gin Rummy). With ``limit_from_upcard`` (Oklahoma
    Gin) the first upcard's value sets it for the deal instead, and an Ace upcard means gin
    only. With ``all_in_one`` a knocker may meld all eleven cards without a discard.
    """

    limit_value: int = attrs.field(default=10, alias="limit")
    limit_from_upcard: bool = False
    all_in_one: bool = False

    def limit(self, indicator: Card | None) -> int:
        if self.limit_from_upcard and indicator is not None:
            value = VALUES[indicator]
            return value if value > 1 else 0
        return self.limit_value

    def deadwood(self, hand: Sequence[Card]) -> int:
        return deadwood_mask(_mask(hand))

    def deadwood_after_discard(self, hand: Sequence[Card], keep: Card | None = None) -> int:
        mask = sum(map(_BIT.__getitem__, hand))
        if keep is None:
            return discard_deadwood_mask(mask)
        rest = mask & ~(1 << keep)
        best = None
        while rest:
            bit = rest & -rest
            left = deadwood_mask(mask ^ bit)
            best = left if best is None else min(best, left)
            rest ^= bit
        return deadwood_mask(mask) if best is None else best

    def value(self, hand: Sequence[Card]) -> int:
        return sum(VALUES[c] for c in hand)

    def melds(self, hand: Sequence[Card]) -> tuple[Meld, ...]:
        mask = _mask(hand)
        return tuple(meld for m, meld in GIN_MELDS if m & mask == m)

    def meld_problem(self, meld: Meld) -> tuple[str, str] | None:
        if meld in _GIN_MASK:
            return None
        if meld.kind.value == "run" and len(meld) > 5:
            return ("meld.run.too_long", "lay a run of more than five cards as two runs")
        return (
            "meld.invalid",
            f"{meld} is not a gin meld (sets of 3 or 4 of a rank, runs of 3 to 5 cards of a "
            "suit, Ace low)",
        )


def knock_result(outcome: DealOutcome) -> str:
    """How a knock deal ended, in Gin Rummy's words: ``"gin"``, ``"big_gin"``,
    ``"undercut"``, ``"knock"``, or for a deal nobody won ``"wall"`` (the stock ran down)
    and ``"safeguard"`` (an engine safeguard voided it)."""
    if outcome.reason is DealEnd.STOCK:
        return "wall"
    if outcome.reason is DealEnd.SAFEGUARD or outcome.out is None:
        return "safeguard"
    own = _COUNT.value(outcome.hands[outcome.out])
    other = sum(_COUNT.value(h) for s, h in enumerate(outcome.hands) if s != outcome.out)
    if outcome.reason is DealEnd.BIG_GIN and own == 0:
        return "big_gin"
    if own == 0:
        return "gin"
    if other <= own:
        return "undercut"
    return "knock"


_COUNT: Final = Knock()


@attrs.frozen
class KnockScoring:
    """Gin Rummy's hand score (two players): the knocker scores the difference of the
    deadwood counts; gin scores the opponent's deadwood and ``gin_bonus``, big gin
    ``big_gin_bonus`` instead; a defender whose count is at most the knocker's undercuts and
    scores the difference and ``undercut_bonus``. A deal nobody won scores nothing. With
    ``double_suit`` (Oklahoma Gin: spades) a first upcard of that suit doubles the score."""

    gin_bonus: int = 25
    undercut_bonus: int = 25
    big_gin_bonus: int = 31
    double_suit: Suit | None = None

    def deal_scores(self, outcome: DealOutcome) -> tuple[int, ...]:
        points = [0] * outcome.players
        how = knock_result(outcome)
        if outcome.out is None or how in ("wall", "safeguard"):
            return tuple(points)
        knocker = outcome.out
        defender = 1 - knocker
        own = _COUNT.value(outcome.hands[knocker])
        other = _COUNT.value(outcome.hands[defender])
        if how == "big_gin":
            winner, gained = knocker, self.big_gin_bonus + other
        elif how == "gin":
            winner, gained = knocker, self.gin_bonus + other
        elif how == "undercut":
            winner, gained = defender, self.undercut_bonus + own - other
        else:
            winner, gained = knocker, other - own
        indicator = outcome.indicator
        if self.double_suit is not None and indicator is not None:
            gained *= 2 if indicator.suit is self.double_suit else 1
        points[winner] = gained
        return tuple(points)

    def deal_winner(self, outcome: DealOutcome) -> int | None:
        """The seat that won the deal (the undercutting defender wins even if the bonus is
        0), or ``None`` for a void deal."""
        how = knock_result(outcome)
        if outcome.out is None or how in ("wall", "safeguard"):
            return None
        return 1 - outcome.out if how == "undercut" else outcome.out


@attrs.frozen
class MatchToTarget:
    """Gin Rummy's game: it ends after the deal in which a player reaches ``target``, and
    that player wins. At the end the winner doubles their points when the opponent won no
    deal (``shutout``), adds ``game_bonus``, and every player adds ``box_bonus`` for each
    deal they won. A game cut short by the deal cap gets no bonus; the best score wins."""

    target_value: int = attrs.field(default=100, alias="target")
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: bool = True

    @property
    def target(self) -> int | None:
        return self.target_value

    def over_after_turn(self, position: GamePosition, seat: int) -> bool:
        return False

    def over_after_deal(self, position: GamePosition) -> bool:
        return max(position.scores) >= self.target_value

    def winners(self, position: GamePosition) -> tuple[int, ...]:
        if position.reached:
            return position.reached[:1]
        best = max(position.scores)
        return tuple(s for s in range(position.players) if position.scores[s] == best)

    def final_scores(self, position: GamePosition) -> tuple[int, ...]:
        scores = list(position.scores)
        if not position.reached:
            return tuple(scores)
        winner = position.reached[0]
        won = position.deals_won
        if self.shutout and all(won[s] == 0 for s in range(position.players) if s != winner):
            scores[winner] *= 2
        scores[winner] += self.game_bonus
        for seat in range(position.players):
            scores[seat] += self.box_bonus * won[seat]
        return tuple(scores)
