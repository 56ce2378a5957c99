"""Stock exhaustion: what happens when a player must draw and the stock is empty.

A :class:`StockExhaustion` piece looks only at the discard pile. It says how many discards
a refill would turn into a new stock (``0``: none, and the deal ends once the stock is
empty), and builds that stock. The engine supplies the shuffle, seeded from the game's seed,
the deal and the number of refills so far, so that replays are exact.

>>> from rummykit import parse_cards
>>> pile = tuple(parse_cards("2S 3S 4S 5S"))          # 5S is the top discard
>>> TurnOver().refill(pile, sorted)                   # the pile turned over, 5S kept
((Card('4S'), Card('3S'), Card('2S')), (Card('5S'),))
>>> EndWhenEmpty().refill_size(pile), Reshuffle().refill_size(pile)
(0, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol

import attrs

from rummykit.cards import Card

__all__ = [
    "END_WHEN_EMPTY",
    "EndWhenEmpty",
    "Reshuffle",
    "Shuffle",
    "StockExhaustion",
    "StockRule",
    "TurnOver",
    "Wall",
]

#: Shuffles a list of cards (supplied by the engine; deterministic for a given game).
Shuffle = Callable[[Sequence[Card]], list[Card]]


class StockExhaustion(Protocol):
    """What becomes of the discard pile when the stock runs out."""

    def refill_size(self, discards: Sequence[Card]) -> int:
        """How many cards a refill would put in the new stock (``0``: no refill, the deal
        ends once the stock is empty and the turn is over)."""
        ...

    def refill(
        self, discards: tuple[Card, ...], shuffle: Shuffle
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The new stock (top card last) and the discards that stay (top card last)."""
        ...

    @property
    def wall(self) -> int:
        """Cards left in the stock that end the deal once a turn is over (0: it ends only
        when the stock is empty and cannot be refilled)."""
        ...


@attrs.frozen
class EndWhenEmpty:
    """No refill: the deal ends after the turn of the player who drew the last stock card
    (Crazy Rummy R21, Crib Rummy R47)."""

    def refill_size(self, discards: Sequence[Card]) -> int:
        return 0

    def refill(
        self, discards: tuple[Card, ...], shuffle: Shuffle
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        return (), discards

    @property
    def wall(self) -> int:
        return 0


@attrs.frozen
class Reshuffle:
    """The discard pile is shuffled into a new stock (R36); with ``keep_top`` its top card
    stays face up as the new discard pile (R36 option ``keep_top_discard``)."""

    keep_top: bool = False

    def refill_size(self, discards: Sequence[Card]) -> int:
        return max(0, len(discards) - 1) if self.keep_top else len(discards)

    def refill(
        self, discards: tuple[Card, ...], shuffle: Shuffle
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        size = self.refill_size(discards)
        # Sorted first, so the new stock depends only on which cards were in the pile.
        return tuple(shuffle(sorted(discards[:size]))), discards[size:]

    @property
    def wall(self) -> int:
        return 0


@attrs.frozen
class TurnOver:
    """The discard pile is turned over, unshuffled, to be the new stock: the first card
    discarded is the first drawn. With ``keep_top`` (the default) its top card stays face up
    as the new discard pile (basic rummy)."""

    keep_top: bool = True

    def refill_size(self, discards: Sequence[Card]) -> int:
        return max(0, len(discards) - 1) if self.keep_top else len(discards)

    def refill(
        self, discards: tuple[Card, ...], shuffle: Shuffle
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        size = self.refill_size(discards)
        return tuple(reversed(discards[:size])), discards[size:]

    @property
    def wall(self) -> int:
        return 0


@attrs.frozen
class Wall:
    """The deal is void once a turn leaves ``cards`` cards in the stock (Gin Rummy's last
    two cards); in a knock game the next player may still knock with the last discard."""

    cards: int = 2

    def refill_size(self, discards: Sequence[Card]) -> int:
        return 0

    def refill(
        self, discards: tuple[Card, ...], shuffle: Shuffle
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        return (), discards

    @property
    def wall(self) -> int:
        return self.cards


#: The stock piece of the games that end a deal when the stock runs out.
END_WHEN_EMPTY: Final = EndWhenEmpty()


class StockRule:
    """The stock pieces of the built-in games, by the names that version 0.1 gave them as
    enum members (now values of :class:`StockExhaustion`)."""

    #: The deal ends after the turn of the player who drew the last card (R21, R47).
    END_AFTER_TURN: Final = END_WHEN_EMPTY
    #: The whole discard pile is shuffled into a new stock when a card must be drawn (R36).
    RESHUFFLE: Final = Reshuffle()
    #: As ``RESHUFFLE`` but the top discard stays (R36 option ``keep_top_discard``).
    RESHUFFLE_KEEP_TOP: Final = Reshuffle(keep_top=True)
    #: The discard pile but its top card, turned over unshuffled (basic rummy).
    TURN_OVER: Final = TurnOver()
