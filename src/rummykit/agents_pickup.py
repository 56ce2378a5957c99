"""What the careful agent weighs in a game whose discard is taken only to be melded at once
(Crib Rummy's "meld the top, take six", R41; Rummy 500): how likely the next player is to
meld a card it throws, and when a take of the pile costs more than it brings.

In such a game a discard the next player can meld hands them the card's points and the
pile beneath it. The next player can meld it with two cards of their hand (a set or a
run), or, once opened (R42), on a meld on the table, at once or with one card of their
hand between. :func:`feed_risk` counts those ways, each weighed by the chance that the
hand (of known size, drawn from the cards the seat has not seen or that lie beneath the
top discard) holds what it needs.

>>> import rummykit
>>> from rummykit import parse_cards
>>> view = rummykit.variant("crib-rummy").new_game(players=2, seed=7).view(0)
>>> [str(c) for c in view.hand[:3]], [round(feed_risk(c, view), 2) for c in view.hand[:3]]
(['9S', '10S', 'KS'], [1.1, 0.99, 0.66])
>>> feed_risk(parse_cards("JK")[0], view)   # a wild card melds with anything
inf

The careful agent (:attr:`rummykit.agents.GreedyAgent.careful`) throws the card whose
:func:`feed_risk` and usefulness to its own hand weigh least together, and in a
two-player game leaves a deep pile when the other player is nearly out
(:func:`take_costs_more`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from rummykit.agents_contract import lay_off_distance
from rummykit.cards import Card, DeckSpec, Rank, Suit
from rummykit.engine.core import Variant
from rummykit.engine.views import View
from rummykit.melds import SetSuits

__all__ = ["feed_risk", "take_costs_more", "unseen_counts"]

#: A card the next player can lay on a meld on the table at once counts as this many ways.
_SURE: Final = 1.0
#: :func:`take_costs_more`: an opponent holding this many cards or fewer may go out soon ...
_SHORT_HAND: Final = 4
#: ... and a take that brings more cards than this into the hand (beyond the card melded)
#: may leave them there.
_FEW_CARDS: Final = 1


#: Per suit, the card at each run position (1 and 14 are both the Ace; 0 and 15 are none).
_BY_POSITION: Final = {
    suit: (None, *(Card.of(Rank(p if p < 14 else 1), suit) for p in range(1, 15)), None)
    for suit in Suit
}
#: Per rank, its card of each suit.
_BY_RANK: Final = {rank: tuple(Card.of(rank, suit) for suit in Suit) for rank in Rank}


@functools.lru_cache(maxsize=64)
def _deck_counts(deck: DeckSpec) -> tuple[int, ...]:
    """Per card code, the copies ``deck`` holds."""
    counts = [0] * 53
    for card in deck.cards():
        counts[card] += 1
    return tuple(counts)


def unseen_counts(view: View) -> list[int]:
    """Per card code, the copies of that card the next player may have or get: the deck
    less the seat's hand, the table and the top discard.

    The discards beneath the top count in: the next player can take them with the top
    (Crib Rummy's six, R41, face down) or dig down to them (Rummy 500 spreads its pile), so
    for :func:`feed_risk` they are as good as unseen cards. Counting out the Rummy 500
    discards the view shows made careful play lose to the greedy agent (``bench_agents.py
    --game rummy-500 --players 2 --games 200 --agent careful --against greedy``, 400 games
    each from ``--seed`` 5000, 6000 and 7000: 50.9%, 46.0% and 47.5% won, against 55.6%,
    54.0% and 53.9% with them counted in; paired, 4.8 [-0.1, 9.6], 8.0 [2.3, 13.7] and 6.4
    [1.6, 11.2] points).
    """
    game: Variant | None = getattr(view, "game", None)  # the views of the built-in games
    if game is None:
        return [0] * 53
    counts = list(_deck_counts(game.deck(view.players)))
    seen: list[Card] = list(view.hand)
    for placed in getattr(view, "table", ()):
        seen.extend(placed.meld.cards)
    top: Card | None = getattr(view, "discard_top", None)
    if top is not None:
        seen.append(top)
    for card in seen:
        counts[card] = max(0, counts[card] - 1)
    return counts


def feed_risk(
    card: Card, view: View, taker: int | None = None, unseen: Sequence[int] | None = None
) -> float:
    """About how many ways the player ``taker`` (the next seat by default) has to meld
    ``card`` were it discarded now: a meld on the table that takes it (if ``taker`` has
    opened) counts one; a run end one card away counts the chance that ``taker`` holds the
    card between; a set or run with two cards of the hand counts the chance of holding both.
    A wild card is the riskiest discard of all (``inf``).

    ``unseen`` (per card code, the copies in the next player's reach:
    :func:`unseen_counts`) may be passed to weigh many cards of one view.
    """
    if taker is None:
        taker = (view.seat + 1) % view.players
    wilds: frozenset[Card] = getattr(view, "wild_cards", frozenset())
    suit = card.suit
    if card in wilds or card.rank is None or suit is None:
        return float("inf")
    counts = unseen if unseen is not None else unseen_counts(view)
    total = max(1, sum(counts))
    held = view.hand_sizes[taker] / total

    def chance(other: Card) -> float:
        return min(1.0, counts[other] * held)

    wild = min(1.0, sum(counts[w] for w in wilds) * held)
    rules = view.context.rules if view.context is not None else None
    if rules is None:
        return 0.0
    low, high = rules.aces.positions
    positions = [p for p in ((1, 14) if card.rank == 1 else (int(card.rank),)) if low <= p <= high]

    row = _BY_POSITION[suit]

    def at(position: int) -> Card | None:
        return row[position] if low <= position <= high else None

    ways = 0.0
    opened: Sequence[bool] = getattr(view, "opened", ())
    if taker < len(opened) and opened[taker] and view.context is not None:  # R42
        for placed in getattr(view, "table", ()):
            meld = placed.meld
            if meld.rank is not card.rank and meld.suit is not suit:
                continue  # neither a set of its rank nor a run of its suit (the usual case)
            gap = lay_off_distance(card, (meld,), view.context)  # the meld's largest size too
            if gap == 0:
                ways += _SURE
            elif gap == 1:  # a run end one card away: the card between, or a wild
                side = next(p for p in positions if p in (meld.low - 2, meld.high + 2))
                between = at(side + 1 if side < meld.low else side - 1)
                ways += wild + (0.0 if between is None else chance(between))
    if rules.sets:
        partners = sum(
            counts[other]
            for other in _BY_RANK[card.rank]
            if rules.set_suits is not SetSuits.DISTINCT or other.suit is not suit
        )
        pair = min(1.0, partners * held) + wild
        ways += pair * pair / 2
    if rules.runs:
        for position in positions:
            for first, second in ((-2, -1), (-1, 1), (1, 2)):
                a, b = at(position + first), at(position + second)
                if a is not None and b is not None:
                    ways += (chance(a) + wild) * (chance(b) + wild)
    return ways


def take_costs_more(view: View, brings: int) -> bool:
    """Whether a take that brings ``brings`` cards into the hand (beyond the card melded)
    is better left, in a two-player game: the opponent holds so few cards that they may go
    out before these are melded, and each card left in hand then scores for them (Crib
    Rummy's rummy bonus, R43, two points a card at two players)."""
    if view.players != 2 or brings <= _FEW_CARDS:
        return False
    return any(
        size <= _SHORT_HAND for seat, size in enumerate(view.hand_sizes) if seat != view.seat
    )
