"""Moves: small frozen values, one per act, each with a text form that :func:`parse_move`
reads back.

>>> from rummykit.engine.moves import parse_move
>>> for text in ["draw", "take", "discard QH", "meld run 5H-7H: 5H 6H 9C",
...              "lay 8H on #0 high", "lay JK on #1", "start", "decline", "peg", "forgo"]:
...     move = parse_move(text)
...     assert str(move) == text and parse_move(str(move)) == move
>>> parse_move("discard 11H")
Traceback (most recent call last):
...
rummykit.errors.MoveParseError: cannot read move 'discard 11H': not a card: '11H' (...)
"""

from __future__ import annotations

import enum
import re
from typing import Final, TypeAlias

import attrs

from rummykit.cards import Card
from rummykit.errors import CardParseError, InvalidMeldError, MoveParseError
from rummykit.melds import Meld

__all__ = [
    "ChooseStart",
    "Discard",
    "Draw",
    "End",
    "LayMeld",
    "LayOff",
    "Move",
    "Peg",
    "TakeDiscard",
    "parse_move",
]


class End(enum.Enum):
    """The end of a run a card is laid on."""

    LOW = "low"
    HIGH = "high"


@attrs.frozen
class Draw:
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile (what follows depends on the game: Crib Rummy
    requires melding it at once, R41)."""

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class LayMeld:
    """Lay a new meld from the hand. The meld carries its anchor, so a wild's represented
    card is part of the move (R25)."""

    meld: Meld

    def __str__(self) -> str:
        return f"meld {self.meld}"


@attrs.frozen
class LayOff:
    """Add one card from the hand to the table meld at index ``target``; ``end`` says which
    end of a run it extends (``None`` for a set)."""

    card: Card
    target: int
    end: End | None = None

    def __str__(self) -> str:
        end = f" {self.end.value}" if self.end is not None else ""
        return f"lay {self.card} on #{self.target}{end}"


@attrs.frozen
class Discard:
    """Discard one card from the hand face up; ends the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class ChooseStart:
    """The player who is behind chooses to start the hand (``first=True``) or to let the player
    on their left start (Crib Rummy, R44)."""

    first: bool

    def __str__(self) -> str:
        return "start" if self.first else "decline"


@attrs.frozen
class Peg:
    """Claim the points laid this turn (``claim=True``) or let them go; the last act of a turn
    under Crib Rummy's ``strict_pegging`` option (R46)."""

    claim: bool

    def __str__(self) -> str:
        return "peg" if self.claim else "forgo"


#: Any move of the built-in games.
Move: TypeAlias = Draw | TakeDiscard | LayMeld | LayOff | Discard | ChooseStart | Peg

_LAY: Final = re.compile(r"^lay\s+(\S+)\s+on\s+#(\d+)(?:\s+(low|high))?$")


def parse_move(text: str) -> Move:
    """Read a move from its text form (what ``str(move)`` writes).

    Raises :class:`~rummykit.errors.MoveParseError` (a ``ValueError``) quoting the input.
    """
    words = text.strip().split(maxsplit=1)
    verb = words[0].lower() if words else ""
    rest = words[1] if len(words) > 1 else ""
    try:
        if verb == "draw" and not rest:
            return Draw()
        if verb == "take" and not rest:
            return TakeDiscard()
        if verb in ("start", "decline") and not rest:
            return ChooseStart(first=verb == "start")
        if verb in ("peg", "forgo") and not rest:
            return Peg(claim=verb == "peg")
        if verb == "discard" and rest:
            return Discard(Card.parse(rest))
        if verb == "meld" and rest:
            return LayMeld(Meld.parse(rest))
        if verb == "lay":
            match = _LAY.match(text.strip().lower())
            if match:
                end = End(match[3]) if match[3] else None
                return LayOff(Card.parse(match[1]), int(match[2]), end)
    except (CardParseError, InvalidMeldError, ValueError) as error:
        raise MoveParseError(f"cannot read move {text!r}: {error}") from None
    raise MoveParseError(
        f"cannot read move {text!r}; moves look like 'draw', 'take', 'discard QH', "
        "'meld run 5H-7H: 5H 6H 9C', 'meld set Q: QS QH JK', 'lay 8H on #0 high', "
        "'start', 'decline', 'peg', 'forgo'"
    )
