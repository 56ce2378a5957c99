"""The deck and the deal: which cards a game uses and how each deal is dealt.

A :class:`DealRule` deals the top of a shuffled deck into a :class:`Dealt`: each seat's hand,
the cards dealt face up (public while they stay in the hand) and an indicator card kept out
of every hand. It can also run backwards, :meth:`DealRule.stack`, giving the top of the
deck that deals a given :class:`Dealt`, which is how tests stack a deck
(:mod:`rummykit.testing.stacking`). The engine turns the upcard and builds the stock from
what is left.

>>> basic = DealSpec(sizes=(7,), per_players={2: 10, 5: 6, 6: 6})
>>> [basic.size(1, players) for players in (2, 3, 4, 5, 6)]
[10, 7, 7, 6, 6]
>>> from rummykit import parse_cards
>>> dealt = DealSpec(sizes=(2,)).deal(parse_cards("AS 2S 3S 4S 5S"), number=1, players=2,
...                                   dealer=1)
>>> [" ".join(map(str, hand)) for hand in dealt.hands], dealt.used
(['AS 3S', '2S 4S'], 4)
>>> DealSpec(sizes=(2,)).stack(dealt, number=1, dealer=1) == list(parse_cards("AS 2S 3S 4S"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

import attrs

from rummykit.cards import Card, DeckSpec
from rummykit.errors import OptionError

__all__ = ["DealRule", "DealSpec", "Dealt", "DeckRule", "FixedDeck", "StandardPacks"]


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


def _hand_tuple(values: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in values)


def _optional_cards(values: Iterable[Card | None]) -> tuple[Card | None, ...]:
    return tuple(values)


@attrs.frozen
class Dealt:
    """What a deal gave out, before the upcard is turned."""

    #: Per seat, the cards dealt, in the order dealt (the engine sorts them).
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hand_tuple)
    #: Cards used from the top of the deck.
    used: int
    #: Per seat, the card dealt face up that stays in the hand, public until a card like it
    #: leaves the hand (R58), or ``None``; empty when the deal has no face-up cards.
    face_up: tuple[Card | None, ...] = attrs.field(default=(), converter=_optional_cards)
    #: A card dealt face up and kept out of every hand for the deal, which sets the deal's
    #: parameters (the wild rank of ``crazy-rummy-faceup``, R50), or ``None``.
    indicator: Card | None = None


@runtime_checkable
class DealRule(Protocol):
    """How each deal is dealt (see the module text)."""

    @property
    def upcard(self) -> bool:
        """A card is turned face up after the deal to start the discard pile."""
        ...

    @property
    def redraw_wild_upcard(self) -> bool:
        """A wild upcard goes back into the stock and the next is turned (Crummy Rummy)."""
        ...

    @property
    def first_player_draws(self) -> bool:
        """The first player draws on the opening turn (Crazy Rummy's does not)."""
        ...

    def deal(self, cards: Sequence[Card], *, number: int, players: int, dealer: int) -> Dealt:
        """Deal deal ``number`` from ``cards`` (top first), ``dealer`` dealing."""
        ...

    def stack(self, dealt: Dealt, *, number: int, dealer: int) -> list[Card]:
        """The top of a deck (top first) that :meth:`deal` deals into ``dealt``; raises
        :class:`~rummykit.errors.OptionError` when no deck could."""
        ...

    def most_cards(self, number: int, players: int) -> int:
        """The most cards deal ``number`` can use before the upcard."""
        ...


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

    def deal(self, cards: Sequence[Card], *, number: int, players: int, dealer: int) -> Dealt:
        """One card at a time clockwise from the dealer's left, then the extra cards to the
        first player."""
        hands: list[list[Card]] = [[] for _ in range(players)]
        position = self.size(number, players) * players
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players] = list(cards[offset - 1 : position : players])
        first = hands[(dealer + 1) % players]
        for _ in range(self.extra_to_first):
            first.append(cards[position])
            position += 1
        return Dealt(hands=hands, used=position)

    def stack(self, dealt: Dealt, *, number: int, dealer: int) -> list[Card]:
        """The inverse of :meth:`deal`. The first player's extra cards may be left out of
        ``dealt``: they are then the cards that follow (the top of the stock as given)."""
        players = len(dealt.hands)
        size = self.size(number, players)
        first = (dealer + 1) % players
        got = [len(hand) for hand in dealt.hands]
        wanted = [size] * players
        if got[first] != size:
            wanted[first] += self.extra_to_first
        if got != wanted:
            raise OptionError(f"deal {number} gives {wanted} cards per seat, got {got}")
        if any(dealt.face_up) or dealt.indicator is not None:
            raise OptionError("this deal has no face-up cards and no indicator")
        order = [dealt.hands[(dealer + offset) % players][index]
                 for index in range(size) for offset in range(1, players + 1)]  # fmt: skip
        order.extend(dealt.hands[(dealer + 1) % players][size:])
        return order

    def most_cards(self, number: int, players: int) -> int:
        return self.size(number, players) * players + self.extra_to_first
