"""What the careful agent weighs in a game where the losers pay the winner
(:class:`~rummykit.pieces.scoring.WinnerTakesPenalties`, Basic Rummy) at two players: which
card to throw.

The greedy agent throws the card with the fewest related cards in its hand
(:func:`~rummykit.agents.usefulness`), whether or not the cards that would make a meld of
them are still to be had. The careful agent counts them: a card's *outs* are, for each
other card of the hand it could make a three-card meld with, the copies still unseen
(:func:`~rummykit.agents_pickup.unseen_counts`) of the cards that would complete it. It
throws the card with the fewest outs, less what holding it would cost if the other player
went out (its penalty value): a little while the other player holds many cards, a point of
value for each out once they hold four or fewer, when a deal can end at any turn.

>>> import rummykit
>>> view = rummykit.variant("basic-rummy").new_game(players=2, seed=7).view(0)
>>> [f"{c} {live_outs(c, view.hand, view)}" for c in view.hand]
['7S 2', 'KS 0', '7H 3', '8H 1', '9H 1', '10H 1', 'AD 1', '2D 1', '6D 0', 'JC 0']
>>> str(outs_discard(view, view.hand))   # no outs, and the most to lose among those
'KS'

The 7S has two outs (the 7D and 7C would make a set with the 7H); the 7H three (those two,
and the 6H beside the 8H: the 9H is in the hand). The KS, 6D and JC have none; far from
the end of the deal the KS and JC cost 10 each, weighed at 0.2, and the King is the
higher.

The rule was chosen against the greedy agent on the deals of ``benchmarks/bench_agents.py
--game basic-rummy --players 2 --games 300 --seed 5000`` (600 games, seats rotated): the
fewest outs alone won 54.2%, with the penalty value weighed at 0.2 a point throughout
58.0%, at 1 a point throughout 53.7%, and at 0.2 a point rising to 1 once the other hand
is short **65.3% [62.1, 68.6]**. On deals it was not chosen on, from ``--seed`` 6000 and
7000: 65.0% [61.7, 68.3] and 61.5% [57.8, 65.2]. At four players it fell behind greedy play
(150 deals from 5000: won 19.7% and ahead of 42.9% of its opponents, par 25% and 50%; the
fewest outs alone, 23.8% and 49.4%), so the careful agent keeps to greedy play there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummykit.agents_pickup import _BY_POSITION, _BY_RANK, _SHORT_HAND, unseen_counts
from rummykit.cards import Card
from rummykit.engine.views import View
from rummykit.melds import SetSuits
from rummykit.pieces.scoring import WinnerTakesPenalties

__all__ = ["live_outs", "outs_discard", "pays_the_winner"]

#: Once another hand holds ``_SHORT_HAND`` cards or fewer (it may go out at its next turn),
#: a card's penalty value weighs this much against one out ...
_NEAR_WEIGHT: Final = 1.0
#: ... and this much while every other hand is longer.
_FAR_WEIGHT: Final = 0.2


def pays_the_winner(view: View) -> bool:
    """Whether ``view``'s game scores a deal by the losers paying the winner for the cards
    they hold (:class:`~rummykit.pieces.scoring.WinnerTakesPenalties`)."""
    rules = getattr(getattr(view, "game", None), "rules", None)
    return isinstance(getattr(rules, "deal_scoring", None), WinnerTakesPenalties)


def live_outs(
    card: Card, hand: Sequence[Card], view: View, unseen: Sequence[int] | None = None
) -> int:
    """How many unseen cards would complete a three-card meld of ``card`` with another card
    of ``hand``, counted once for each such card of the hand (wild cards complete any);
    ``unseen``: :func:`~rummykit.agents_pickup.unseen_counts` of ``view``, to weigh many
    cards of one view."""
    rules = view.context.rules if view.context is not None else None
    if rules is None or card.rank is None or card.suit is None:
        return 0
    counts = unseen if unseen is not None else unseen_counts(view)
    wilds: frozenset[Card] = getattr(view, "wild_cards", frozenset())
    wild = sum(counts[w] for w in wilds)
    distinct = rules.set_suits is SetSuits.DISTINCT
    low, high = rules.aces.positions
    positions = _positions(card, low, high)
    row = _BY_POSITION[card.suit]  # the card of the suit at each run position
    total = 0
    skipped = False
    for other in hand:
        if other == card and not skipped:
            skipped = True  # the card itself (another copy of it may pair with it)
            continue
        if other in wilds or other.rank is None or other.suit is None:
            continue
        if rules.sets and other.rank is card.rank and not (distinct and other.suit is card.suit):
            suits = (card.suit, other.suit) if distinct else ()
            total += wild + sum(
                counts[same]
                for same in _BY_RANK[card.rank]
                if same.suit not in suits and same not in wilds
            )
        if not rules.runs or other.suit is not card.suit:
            continue
        for p in positions:
            for q in _positions(other, low, high):
                gap = abs(p - q)
                needed: tuple[int, ...]
                if gap == 1:
                    needed = (min(p, q) - 1, max(p, q) + 1)
                elif gap == 2:  # the card between
                    needed = ((p + q) // 2,)
                else:
                    continue
                for position in needed:
                    if low <= position <= high:
                        between = row[position]
                        total += (
                            counts[between] if between is not None and between not in wilds else 0
                        )
                total += wild
    return total


def _positions(card: Card, low: int, high: int) -> list[int]:
    """The run positions of ``card`` within ``low``-``high`` (an Ace at 1 and 14)."""
    return [p for p in ((1, 14) if card.rank == 1 else (int(card.rank or 0),)) if low <= p <= high]


def outs_discard(view: View, cards: Sequence[Card]) -> Card:
    """The card of ``cards`` (the hand's cards that may be thrown) the careful agent
    throws: the fewest :func:`live_outs` less its penalty value, weighed by how near the
    other player is to going out; the higher rank among equals. Wild cards go last."""
    rules = getattr(getattr(view, "game", None), "rules", None)
    scoring = getattr(rules, "deal_scoring", None)
    wilds: frozenset[Card] = getattr(view, "wild_cards", frozenset())
    unseen = unseen_counts(view)
    others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
    weight = _NEAR_WEIGHT if others and min(others) <= _SHORT_HAND else _FAR_WEIGHT

    def cost(card: Card) -> int:
        if isinstance(scoring, WinnerTakesPenalties):
            return scoring.table.value(card, wilds)
        return 0

    return min(
        cards,
        key=lambda c: (
            c in wilds,
            live_outs(c, view.hand, view, unseen) - weight * cost(c),
            -(c.rank or 0),
            c,
        ),
    )
