"""Stacking the deck: build the card order that deals the hands a test draws up.

>>> import rummykit
>>> from rummykit.testing.stacking import stacked_game
>>> state = stacked_game(
...     rummykit.variant("crib-rummy"), dealer=1, first=0,
...     hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"],
...     upcard="KD", stock="QS JK",
... )
>>> [str(c) for c in state.hands[0][:3]], str(state.discards[-1]), str(state.stock[-1])
(['AS', '2S', '3S'], 'KD', 'QS')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rummykit.cards import Card, parse_cards
from rummykit.engine.core import GameState, Variant, shuffled
from rummykit.errors import OptionError

__all__ = ["deal_order", "stacked_game"]


def _cards(value: str | Iterable[Card]) -> tuple[Card, ...]:
    return parse_cards(value) if isinstance(value, str) else tuple(value)


def deal_order(
    game: Variant,
    *,
    hands: Sequence[str | Iterable[Card]],
    dealer: int,
    upcard: str | Card | None = None,
    stock: str | Iterable[Card] = (),
    seed: int = 0,
) -> list[Card]:
    """The deck order (top first) that deals ``hands[seat]`` to each seat when ``dealer``
    deals one card at a time clockwise from their left, then turns ``upcard`` and leaves
    ``stock`` on top of the stock (first listed = drawn first). The remaining cards follow
    in an order shuffled by ``seed``. Hands must have the variant's deal size."""
    players = len(hands)
    drawn = [list(_cards(h)) for h in hands]
    sizes = {len(h) for h in drawn}
    if len(sizes) != 1:
        raise OptionError(f"hands must be the same size, got {sorted(len(h) for h in drawn)}")
    (size,) = sizes
    top: list[Card] = []
    for i in range(size):
        for offset in range(1, players + 1):
            top.append(drawn[(dealer + offset) % players][i])
    if upcard is not None:
        top.append(upcard if isinstance(upcard, Card) else Card.parse(upcard))
    top.extend(_cards(stock))
    rest = Counter(game.deck(players).cards())
    rest.subtract(top)
    short = [str(card) for card, n in rest.items() if n < 0]
    if short:
        raise OptionError(f"the {game.id} deck has too few of: {', '.join(sorted(short))}")
    return top + shuffled(sorted(rest.elements()), seed, "stack")


def stacked_game(
    game: Variant,
    *,
    hands: Sequence[str | Iterable[Card]],
    dealer: int = 0,
    upcard: str | Card | None = None,
    stock: str | Iterable[Card] = (),
    seed: int = 0,
    scores: Iterable[int] | None = None,
    deal: int = 1,
    first: int | None = None,
) -> GameState:
    """A game whose deal gives exactly ``hands`` (see :func:`deal_order`)."""
    order = deal_order(game, hands=hands, dealer=dealer, upcard=upcard, stock=stock, seed=seed)
    return game.new_game(
        players=len(hands),
        seed=seed,
        deck=order,
        scores=scores,
        dealer=dealer,
        deal=deal,
        first=first,
    )
