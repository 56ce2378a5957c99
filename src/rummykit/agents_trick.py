"""How the greedy agent plays a trick-and-quartet game (Crummy): take every trick it can.

A trick won brings four cards, one of each suit, into the hand, and quartets are made of
the cards one holds; a Crummy deal pays the quartets laid aside times a multiplier for the
order of going out. Measured against other simple rules (benchmark below), taking tricks
pays best. So the agent:

* lays aside every quartet it can, and calls a halt when it may (the caller goes out first);
* to a trick, plays the weakest card that makes it the trick's winner so far (R3: the
  highest card, or the latest card repeating a rank), if it has one;
* otherwise, and to lead, plays from the rank it holds most cards of, the weakest first.

Against seats that play their first legal card (``python benchmarks/bench_agents.py --game
crummy --players 4 --games 100 --seed 1000``), the rule won 37.5% [33.1, 41.9] of 400
4-player games (25% is par) and 63.7% [58.4, 68.9] of 300 3-player games (33%). In trials
of 200 games, taking tricks only when they hold a rank the hand collects did about as well;
avoiding tricks, or shedding the rank held fewest of, won 6-10%, and random play 4%.

>>> from rummykit import parse_cards
>>> from rummykit.tricks import OneOfEachSuit
>>> hand = parse_cards("8S 8H 9D KC")
>>> trick_card(OneOfEachSuit(), parse_cards("8D"), hand)   # repeat the Eight: it wins so far
Card('8S')
>>> trick_card(OneOfEachSuit(), parse_cards("AD"), hand)   # nothing wins: the Eights go
Card('8S')
>>> trick_card(OneOfEachSuit(), (), hand)                  # a lead from the Eights
Card('8S')
>>> trick_card(OneOfEachSuit(), parse_cards("QD"), hand)   # only the King wins a Queen
Card('KC')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummykit.cards import Card, Rank
from rummykit.tricks import TrickRules

__all__ = ["trick_card"]

#: Aces high in Crummy's tricks: the order a card's strength is judged by.
_STRENGTH: dict[Rank | None, int] = {rank: int(rank) for rank in Rank}
_STRENGTH[Rank.ACE] = 14


def _strength(card: Card) -> int:
    return _STRENGTH.get(card.rank, 0)


def trick_card(rules: TrickRules, trick: Sequence[Card], hand: Sequence[Card]) -> Card:
    """The card the greedy agent plays from ``hand`` to ``trick`` (empty: a lead), one of
    ``rules.playable(trick, hand)`` (any card of the hand for a lead)."""
    playable = list(rules.playable(trick, hand)) if trick else list(dict.fromkeys(hand))
    held: Counter[Rank | None] = Counter(card.rank for card in hand)
    winning = [c for c in playable if trick and rules.winner([*trick, c]) == len(trick)]
    if winning:
        return min(winning, key=lambda c: (_strength(c), int(c)))
    return min(playable, key=lambda c: (-held[c.rank], _strength(c), int(c)))
