"""How the command line shows cards and moves: :class:`Style` (suit symbols, colour) and small
helpers for writing lines. Importable as ``rummykit.cli.Style``."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Final, TextIO

import attrs

from rummykit.cards import _ANSI_RED, _ANSI_RESET, Card, Suit
from rummykit.engine.moves import LayMeld, Move
from rummykit.melds import Meld, MeldKind, position_rank

__all__ = ["Style", "count", "isatty", "write_lines"]

_BOLD: Final = "\x1b[1m"
_DIM: Final = "\x1b[2m"
_RESET: Final = "\x1b[0m"


def _can_encode(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def isatty(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (``False`` for a closed or odd stream)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@attrs.frozen
class Style:
    """How cards and moves are shown: suit symbols, and ANSI colour for red suits.

    >>> from rummykit import Card, parse_move
    >>> Style().card(Card.parse("QH")), Style(symbols=False).card(Card.parse("QH"))
    ('Q♥', 'QH')
    >>> Style().move(parse_move("meld run 5H-7H: 5H 6H JK"))
    'meld run 5♥-7♥ (5♥ 6♥ 🃏)'
    """

    symbols: bool = True
    color: bool = False

    @classmethod
    def for_stream(cls, stream: TextIO) -> Style:
        """Symbols where the stream can encode them; colour only on a terminal and only when
        the ``NO_COLOR`` environment variable is unset or empty."""
        symbols = _can_encode(stream, "♠♥♦♣🃏→·─")
        color = symbols and isatty(stream) and not os.environ.get("NO_COLOR")
        return cls(symbols=symbols, color=color)

    def card(self, card: Card) -> str:
        """One card."""
        return format(card, "c" if self.color else "s" if self.symbols else "")

    def suit(self, suit: Suit) -> str:
        """One suit: its symbol (red suits in red on a colour terminal), else its letter.

        >>> Style().suit(Suit.HEARTS), Style(symbols=False).suit(Suit.HEARTS)
        ('♥', 'H')
        """
        if not self.symbols:
            return suit.letter
        if self.color and suit.is_red:
            return f"{_ANSI_RED}{suit.symbol}{_ANSI_RESET}"
        return suit.symbol

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(card) for card in cards)

    def meld(self, meld: Meld) -> str:
        """A meld as ``run 5♥-7♥ (5♥ 6♥ 🃏)`` or ``set Q (Q♠ Q♥ Q♦)``."""
        if meld.kind is MeldKind.RUN and meld.suit is not None:
            low = self.card(Card.of(position_rank(meld.low), meld.suit))
            high = self.card(Card.of(position_rank(meld.high), meld.suit))
            anchor = f"{low}-{high}"
        else:
            anchor = meld.anchor_text()
        return f"{meld.kind.value} {anchor} ({self.cards(meld.cards)})"

    def hand(self, cards: Iterable[Card]) -> str:
        """Cards sorted (by suit, then rank, as hands are kept), separated by spaces."""
        return self.cards(sorted(cards))

    def move(self, move: Move) -> str:
        """A move in its text form with every card shown in this style (the one card text
        of the command line, whatever the game).

        >>> from rummykit import parse_move
        >>> from rummykit.engine.trick import PlayCard
        >>> ten = PlayCard(Card.parse("10S"))
        >>> Style().move(ten), Style(symbols=False).move(ten)
        ('play 10♠', 'play 10S')
        >>> Style().move(parse_move("swap 7H into #2 at 1"))
        'swap 7♥ into #2 at 1'
        """
        if isinstance(move, LayMeld):
            return f"meld {self.meld(move.meld)}"
        return " ".join(self._word(word) for word in str(move).split(" "))

    def _word(self, word: str) -> str:
        """A word of a move's text: a card in this style, anything else as it is."""
        if any(ch.isdigit() for ch in word[:2]) or word[:1] in ("A", "J", "Q", "K"):
            try:
                return self.card(Card.parse(word))
            except ValueError:
                return word
        return word

    def bold(self, text: str) -> str:
        """Bold on a colour terminal."""
        return f"{_BOLD}{text}{_RESET}" if self.color else text

    def dim(self, text: str) -> str:
        """Faint on a colour terminal."""
        return f"{_DIM}{text}{_RESET}" if self.color else text

    @property
    def dot(self) -> str:
        """The separator between parts of a line."""
        return "·" if self.symbols else "-"

    @property
    def arrow(self) -> str:
        """An arrow (``→``, or ``->`` without symbols)."""
        return "→" if self.symbols else "->"

    @property
    def rule(self) -> str:
        """A horizontal rule character."""
        return "─" if self.symbols else "-"


def count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless one.

    >>> count(1, "card"), count(3, "card")
    ('1 card', '3 cards')
    """
    return f"{number} {noun}{'s' * (number != 1)}"


def write_lines(out: TextIO, lines: Iterable[str]) -> None:
    """Write each of ``lines`` to ``out`` with a newline."""
    for line in lines:
        out.write(line + "\n")
