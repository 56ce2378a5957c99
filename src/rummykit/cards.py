"""Ranks, suits, cards and deck specifications.

A :class:`Card` is an interned ``int`` subclass: its integer value is the compact code the
engine's kernel works with (``suit * 13 + rank - 1`` for the 52 natural cards, ``52`` for the
joker), so tuples of cards are tuples of small ints, and hashing, comparison and sorting run at
C speed. The typed face (:attr:`Card.rank`, :attr:`Card.suit`, the text form) sits on top.

>>> from rummykit import Card
>>> card = Card.parse("10S")
>>> card, str(card), card.rank, card.suit
(Card('10S'), '10S', <Rank.TEN: 10>, <Suit.SPADES: 0>)
>>> Card.parse("TS") is card and Card.parse("10♠") is card
True
>>> format(card, "s")
'10♠'
>>> Card.parse("JK").is_joker
True
>>> int(Card.parse("AS")), int(Card.parse("KC")), int(Card.parse("JK"))
(0, 51, 52)
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Final, SupportsIndex

import attrs

from rummykit.errors import CardParseError, OptionError, shown

__all__ = [
    "JOKER",
    "Card",
    "DeckSpec",
    "Rank",
    "Suit",
    "format_cards",
    "parse_cards",
]


class Rank(enum.IntEnum):
    """A card rank. The value is the rank's natural number, Ace = 1 through King = 13.

    Whether an Ace also ranks above the King is a property of the meld rules, not of the card.

    >>> Rank.parse("T"), Rank.QUEEN.label
    (<Rank.TEN: 10>, 'Q')
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The rank as written on cards: ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_LABELS[self.value]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank label (``A``, ``2`` .. ``10``, ``T``, ``J``, ``Q``, ``K``; any case)."""
        try:
            return _RANK_BY_LABEL[text.strip().upper()]
        except KeyError:
            raise CardParseError(text, "unknown rank; use A, 2-10 (or T), J, Q, K") from None


class Suit(enum.IntEnum):
    """A card suit, with its letter and symbol.

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, Suit.HEARTS.is_red
    ('H', '♥', True)
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self.value]

    @property
    def symbol(self) -> str:
        """``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self.value]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter or symbol (``S``/``♠``/``♤``, ...; any case)."""
        try:
            return _SUIT_BY_TEXT[text.strip().upper()]
        except KeyError:
            raise CardParseError(text, "unknown suit; use S, H, D, C or ♠ ♥ ♦ ♣") from None


_RANK_LABELS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_BY_LABEL: Final = {label: Rank(i) for i, label in enumerate(_RANK_LABELS) if i} | {
    "T": Rank.TEN
}
_SUIT_BY_TEXT: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_JOKER_CODE: Final = 52
_CARD_RE: Final = re.compile(r"^(10|[2-9TAJQK])([SHDC♠♥♦♣♤♡♢♧])$")
_ANSI_RED: Final = "\x1b[31m"
_ANSI_RESET: Final = "\x1b[0m"


class Card(int):
    """A playing card: a rank and a suit, or the joker.

    Cards are interned: ``Card(code)`` returns the one instance for that code, so identity,
    equality and hashing all agree. Build them with :meth:`parse`, :meth:`of` or
    :data:`JOKER`; the constructor takes the integer code (or, so that ``repr`` round-trips,
    the card's text).

    >>> Card.of(Rank.QUEEN, Suit.HEARTS)
    Card('QH')
    >>> sorted(parse_cards("KS 2H AS"))
    [Card('AS'), Card('KS'), Card('2H')]
    >>> Card.parse("1S")
    Traceback (most recent call last):
    ...
    rummykit.errors.CardParseError: not a card: '1S' (write rank then suit, ...)
    """

    __slots__ = ()

    def __new__(cls, code: SupportsIndex | str) -> Card:
        if isinstance(code, str):  # Card('QH'), as repr() writes it
            return cls.parse(code)
        if isinstance(code, bool) or not hasattr(code, "__index__"):
            raise OptionError(
                f"a card is a code from 0 to {_JOKER_CODE} or a text like 'QH', not {shown(code)}"
            )
        index = code.__index__()
        if 0 <= index <= _JOKER_CODE:
            return _CARDS[index]
        raise OptionError(f"card codes run from 0 to {_JOKER_CODE}, got {shown(index)}")

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The natural card of ``rank`` (1-13) and ``suit``."""
        if not 1 <= rank <= 13 or not 0 <= suit <= 3:
            raise OptionError(f"no card has rank {shown(rank)} and suit {shown(suit)}")
        return _CARDS[int(suit) * 13 + int(rank) - 1]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit (``10S``, ``TS``, ``QH``, ``A♠``), or ``JK`` for a joker.

        Case and surrounding spaces do not matter. Raises :class:`~rummykit.errors.CardParseError`
        (a ``ValueError``) that quotes the input when the text is not a card.
        """
        if not isinstance(text, str):
            raise CardParseError(repr(text), "expected a string")
        key = text.strip().upper()
        card = _CARD_BY_TEXT.get(key)
        if card is None:
            raise CardParseError(text)
        return card

    @property
    def code(self) -> int:
        """The compact integer code (0-51 natural cards, 52 the joker)."""
        return int(self)

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return int(self) == _JOKER_CODE

    @property
    def rank(self) -> Rank | None:
        """The rank, or ``None`` for the joker."""
        return _RANKS[int(self)]

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for the joker."""
        return _SUITS[int(self)]

    def __str__(self) -> str:
        return _TEXT[int(self)]

    def __repr__(self) -> str:
        return f"Card({_TEXT[int(self)]!r})"

    def __format__(self, spec: str) -> str:
        """``format(card)`` is the text form; ``"s"`` uses suit symbols; ``"c"`` also colours
        red suits with ANSI escapes (for terminals)."""
        if spec == "":
            return _TEXT[int(self)]
        if spec == "s":
            return _SYMBOL_TEXT[int(self)]
        if spec == "c":
            text = _SYMBOL_TEXT[int(self)]
            suit = _SUITS[int(self)]
            return f"{_ANSI_RED}{text}{_ANSI_RESET}" if suit is not None and suit.is_red else text
        raise ValueError(
            f"unknown card format {shown(spec)}; use '', 's' (symbols) or 'c' (colour)"
        )

    def _repr_svg_(self) -> str:
        """The card as an SVG picture (Jupyter's hook; :func:`rummykit.svg.render`)."""
        from rummykit.svg import render

        return render(self)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _make_cards() -> tuple[Card, ...]:
    made = []
    for code in range(_JOKER_CODE + 1):
        card = int.__new__(Card, code)
        made.append(card)
    return tuple(made)


_CARDS: Final = _make_cards()
_RANKS: Final[tuple[Rank | None, ...]] = tuple(
    Rank(code % 13 + 1) if code < _JOKER_CODE else None for code in range(_JOKER_CODE + 1)
)
_SUITS: Final[tuple[Suit | None, ...]] = tuple(
    Suit(code // 13) if code < _JOKER_CODE else None for code in range(_JOKER_CODE + 1)
)
_TEXT: Final = tuple(
    f"{r.label}{s.letter}" if r is not None and s is not None else "JK"
    for r, s in zip(_RANKS, _SUITS, strict=True)
)
_SYMBOL_TEXT: Final = tuple(
    f"{r.label}{s.symbol}" if r is not None and s is not None else "🃏"
    for r, s in zip(_RANKS, _SUITS, strict=True)
)
_CARD_BY_TEXT: Final[dict[str, Card]] = {
    "JK": _CARDS[_JOKER_CODE],
    "JOKER": _CARDS[_JOKER_CODE],
    "🃏": _CARDS[_JOKER_CODE],  # what format(JOKER, "s") writes
}
for _card in _CARDS[:_JOKER_CODE]:
    _r, _s = _RANKS[_card], _SUITS[_card]
    assert _r is not None and _s is not None
    for _rank_text in (_r.label, "T") if _r is Rank.TEN else (_r.label,):
        for _suit_text, _suit in _SUIT_BY_TEXT.items():
            if _suit is _s:
                _CARD_BY_TEXT[_rank_text + _suit_text] = _card

#: The joker (code 52). Every joker is the same card; a deck may hold several.
JOKER: Final = _CARDS[_JOKER_CODE]


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards, separated by spaces or commas (or given as an iterable of strings).

    >>> parse_cards("10S, JK QH")
    (Card('10S'), Card('JK'), Card('QH'))
    >>> parse_cards("")
    ()
    """
    words = re.split(r"[\s,]+", text.strip()) if isinstance(text, str) else list(text)
    return tuple(Card.parse(word) for word in words if word)


def format_cards(cards: Iterable[Card], *, symbols: bool = False, color: bool = False) -> str:
    """Join cards for display: plain text by default, suit symbols or ANSI colour on request.

    >>> format_cards(parse_cards("10S QH JK"), symbols=True)
    '10♠ Q♥ 🃏'
    """
    spec = "c" if color else ("s" if symbols else "")
    return " ".join(format(card, spec) for card in cards)


def _tuple_of_ranks(value: Iterable[Rank | int]) -> tuple[Rank, ...]:
    return tuple(sorted({Rank(r) for r in value}))


def _tuple_of_suits(value: Iterable[Suit | int]) -> tuple[Suit, ...]:
    return tuple(sorted({Suit(s) for s in value}))


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise OptionError(f"{attribute.name} must be at least 1, got {shown(value)}")


def _not_negative(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise OptionError(f"{attribute.name} must not be negative, got {shown(value)}")


@attrs.frozen
class DeckSpec:
    """What a game plays with: which ranks and suits, how many packs, how many jokers.

    >>> DeckSpec.standard().size, DeckSpec.standard(jokers_per_pack=2).size
    (52, 54)
    >>> DeckSpec.crummy(players=4).size, DeckSpec.crummy(players=5).size
    (33, 41)
    >>> DeckSpec.standard(packs=2, jokers_per_pack=1).size
    106
    >>> DeckSpec.without_twos(packs=2).size
    96
    >>> DeckSpec.standard(packs=2).copies(Card.parse("QS"))
    2
    """

    ranks: tuple[Rank, ...] = attrs.field(default=tuple(Rank), converter=_tuple_of_ranks)
    suits: tuple[Suit, ...] = attrs.field(default=tuple(Suit), converter=_tuple_of_suits)
    packs: int = attrs.field(default=1, validator=_positive)
    jokers_per_pack: int = attrs.field(default=0, validator=_not_negative)
    extra_jokers: int = attrs.field(default=0, validator=_not_negative)
    _counts: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not self.ranks or not self.suits:
            raise OptionError("a deck needs at least one rank and one suit")
        counts = [0] * (_JOKER_CODE + 1)
        for suit in self.suits:
            for rank in self.ranks:
                counts[suit * 13 + rank - 1] = self.packs
        counts[_JOKER_CODE] = self.jokers
        object.__setattr__(self, "_counts", tuple(counts))

    @classmethod
    def standard(
        cls, *, packs: int = 1, jokers_per_pack: int = 0, extra_jokers: int = 0
    ) -> DeckSpec:
        """``packs`` standard 52-card packs, each with ``jokers_per_pack`` jokers."""
        return cls(packs=packs, jokers_per_pack=jokers_per_pack, extra_jokers=extra_jokers)

    @classmethod
    def without_twos(cls, *, packs: int = 1) -> DeckSpec:
        """Packs of 48 cards: twos and jokers removed (seed 004, R59)."""
        return cls(ranks=[r for r in Rank if r is not Rank.TWO], packs=packs)

    @classmethod
    def crummy(cls, *, players: int) -> DeckSpec:
        """Parlett's Crummy pack: A K Q J 10 9 8 7 and one Joker (33 cards); with five players
        the 6s and 5s are added (41 cards). The Joker is a marker and is never dealt."""
        low = Rank.FIVE if players >= 5 else Rank.SEVEN
        return cls(ranks=[Rank.ACE, *(r for r in Rank if r >= low)], extra_jokers=1)

    @property
    def jokers(self) -> int:
        """How many jokers the deck holds in all."""
        return self.packs * self.jokers_per_pack + self.extra_jokers

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(self._counts)

    @property
    def counts(self) -> tuple[int, ...]:
        """Copies of each card, indexed by card code (53 entries)."""
        return self._counts

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds (0 if it holds none)."""
        return self._counts[card]

    def copies_of_rank(self, rank: Rank) -> int:
        """How many natural cards of ``rank`` the deck holds, over all suits and packs."""
        return self.packs * len(self.suits) if rank in self.ranks else 0

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, sorted by code (identical cards repeated)."""
        return tuple(_CARDS[code] for code, n in enumerate(self._counts) for _ in range(n))

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards())

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and self._counts[card] > 0

    def check_cards(self, cards: Iterable[Card]) -> None:
        """Raise :class:`~rummykit.errors.OptionError` if ``cards`` hold more copies of some
        card than this deck has."""
        for card, n in Counter(cards).items():
            if n > self._counts[card]:
                raise OptionError(
                    f"{n} x {card} but the deck has {self._counts[card]} "
                    f"({self.packs} pack(s), {self.jokers} joker(s))"
                )
