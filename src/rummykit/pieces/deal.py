"""The deck and the deal: which cards a game uses and how each deal is dealt.

>>> basic = DealSpec(sizes=(7,), per_players={2: 10, 5: 6, 6: 6})
>>> [basic.size(1, players) for players in (2, 3, 4, 5, 6)]
[10, 7, 7, 6, 6]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

import attrs

from rummykit.cards import DeckSpec

__all__ = ["DealSpec", "DeckRule", "FixedDeck", "StandardPacks"]


class DeckRule(Protocol):
    """The deck for a number of players."""

    def deck(self, players: int) -> DeckSpec:
        """The cards the game uses with ``players`` players."""
        ...


@attrs.frozen
class FixedDeck:
    """The same deck whatever the number of players (Crib Rummy's 106 cards)."""

    spec: DeckSpec

    def deck(self, players: int) -> DeckSpec:
        return self.spec


def _by_players(
    value: Mapping[int, int] | Iterable[tuple[int, int]],
) -> tuple[tuple[int, int], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((int(p), int(n)) for p, n in items))


@attrs.frozen
class StandardPacks:
    """52-card packs, as many as the number of players asks for: ``packs`` by default, and
    the number given in ``per_players`` for the player counts it lists (Rummy 500: two packs
    for five or more players).

    >>> deck = StandardPacks(per_players={5: 2, 6: 2, 7: 2, 8: 2})
    >>> deck.deck(4).size, deck.deck(5).size
    (52, 104)
    """

    packs: int = 1
    per_players: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_by_players)

    def deck(self, players: int) -> DeckSpec:
        packs = dict(self.per_players).get(players, self.packs)
        return DeckSpec.standard(packs=packs)


def _int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@attrs.frozen
class DealSpec:
    """How each deal is dealt: cards per seat (by deal number, repeating, or by the number of
    players), extra cards to the first player, the upcard, and whether the first player draws
    on the opening turn.

    >>> DealSpec(sizes=(7,), extra_to_first=1, upcard=False).size(9)
    7
    """

    #: Cards dealt to each seat in deal 1, 2, ... (the list repeats).
    sizes: tuple[int, ...] = attrs.field(converter=_int_tuple)
    #: Cards dealt after the round to the first player (Crazy Rummy's eighth card).
    extra_to_first: int = 0
    #: A card is turned face up to start the discard pile.
    upcard: bool = True
    #: A wild upcard goes back into the stock at a random place and the next is turned
    #: (Crummy Rummy).
    redraw_wild_upcard: bool = False
    #: The first player draws on the opening turn (Crazy Rummy's first player does not).
    first_player_draws: bool = True
    #: Cards each seat receives by the number of players, in every deal; a number of players
    #: not listed here deals by ``sizes`` (basic rummy: 10 each for two players, 7 for three
    #: or four, 6 for five or six).
    per_players: tuple[tuple[int, int], ...] = attrs.field(
        default=(), converter=_by_players, kw_only=True
    )

    def size(self, number: int, players: int | None = None) -> int:
        """Cards each seat receives in deal ``number`` with ``players`` players."""
        if players is not None:
            for count, size in self.per_players:
                if count == players:
                    return size
        return self.sizes[(number - 1) % len(self.sizes)]
