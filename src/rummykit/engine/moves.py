"""Moves: small frozen values, one per act, each with a text form that :func:`parse_move`
reads back.

>>> from rummykit.engine.moves import parse_move
>>> for text in ["draw", "take", "take 3", "discard QH", "meld run 5H-7H: 5H 6H 9C",
...              "lay 8H on #0 high", "lay JK on #1", "start", "decline", "peg", "forgo",
...              "swap 8H into #2 at 1", "claim", "pass"]:
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
from collections.abc import Callable
from typing import Final, TypeAlias

import attrs

from rummykit.cards import Card
from rummykit.errors import MoveParseError, quoted, shown
from rummykit.melds import Meld

__all__ = [
    "ChooseStart",
    "Claim",
    "Discard",
    "Draw",
    "End",
    "Knock",
    "LayMeld",
    "LayOff",
    "Move",
    "Pass",
    "Peg",
    "Swap",
    "TakeDiscard",
    "VerbParser",
    "bare_verb",
    "parse_move",
    "register_verb",
]


class Move:
    """Base class of every move: a small frozen value whose ``str`` is its text form.

    A game that needs moves of its own subclasses ``Move`` (with ``@attrs.frozen``) and
    registers how to read their text with :func:`register_verb`.
    """

    __slots__ = ()


#: Reads the rest of a move's text after its verb: ``(verb, rest) -> Move``; raises
#: ``ValueError`` (or a subclass) when the text is not such a move.
VerbParser: TypeAlias = Callable[[str, str], Move]

_VERBS: dict[str, VerbParser] = {}
_EXAMPLES: list[str] = []


def register_verb(verb: str, parser: VerbParser, *, example: str | None = None) -> None:
    """Teach :func:`parse_move` a verb (the first word of a move's text). ``example`` is shown
    in the error message for unreadable text."""
    known = _VERBS.get(verb.lower())
    if known is not None and known is not parser:
        raise ValueError(
            f"the move verb {shown(verb)} is already taken; reuse its move (e.g. "
            "rummykit.engine.moves.Pass for 'pass') or choose another verb"
        )
    _VERBS[verb.lower()] = parser
    if example is not None and example not in _EXAMPLES:
        _EXAMPLES.append(example)


class End(enum.Enum):
    """The end of a run a card is laid on."""

    LOW = "low"
    HIGH = "high"


def _field(value: object) -> str:
    """A move's field in its text: a card or meld as its text, anything else (a hand-built
    move may hold any value until the rule check refuses it) as
    :func:`~rummykit.errors.shown` shows it, so that even an ``int`` too long for Python
    to print gives a text.

    >>> _field(Card("5H")), _field(3), _field(10**5000)
    ('5H', '3', '<an int of 5,001 digits>')
    """
    return str(value) if isinstance(value, (Card, Meld)) else shown(value)


def _end(end: object) -> str:
    return end.value if isinstance(end, End) else _field(end)


@attrs.frozen
class Draw(Move):
    """Draw the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(repr=False)
class TakeDiscard(Move):
    """Take the top card of the discard pile, or (where the game allows, as Rummy 500 does)
    the top ``count`` cards: a card deeper down together with every card above it. What
    follows depends on the game: Crib Rummy requires melding the card at once (R41), Rummy
    500 the deepest card taken."""

    count: int = 1

    def __str__(self) -> str:
        return "take" if self.count == 1 else f"take {_field(self.count)}"

    def __repr__(self) -> str:
        return "TakeDiscard()" if self.count == 1 else f"TakeDiscard({shown(self.count)})"


@attrs.frozen
class LayMeld(Move):
    """Lay a new meld from the hand. The meld carries its anchor, so a wild's represented
    card is part of the move (R25)."""

    meld: Meld

    def __str__(self) -> str:
        return f"meld {_field(self.meld)}"


@attrs.frozen
class LayOff(Move):
    """Add one card from the hand to the table meld at index ``target``; ``end`` says which
    end of a run it extends (``None`` for a set)."""

    card: Card
    target: int
    end: End | None = None

    def __str__(self) -> str:
        end = "" if self.end is None else f" {_end(self.end)}"
        return f"lay {_field(self.card)} on #{_field(self.target)}{end}"


@attrs.frozen
class Discard(Move):
    """Discard one card from the hand face up; ends the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {_field(self.card)}"


@attrs.frozen
class ChooseStart(Move):
    """The player who is behind chooses to start the hand (``first=True``) or to let the player
    on their left start (Crib Rummy, R44)."""

    first: bool

    def __str__(self) -> str:
        return "start" if self.first else "decline"


@attrs.frozen
class Peg(Move):
    """Claim the points laid this turn (``claim=True``) or let them go; the last act of a turn
    under Crib Rummy's ``strict_pegging`` option (R46)."""

    claim: bool

    def __str__(self) -> str:
        return "peg" if self.claim else "forgo"


#: Meld numbers and run positions in move text: ASCII digits, at most six (no table holds
#: more melds; longer numbers are refused as text that is not a move, not read).
_LAY: Final = re.compile(r"^lay\s+(\S+)\s+on\s+#([0-9]{1,6})(?:\s+(low|high))?$")


@attrs.frozen
class Swap(Move):
    """Give ``card``, the natural card that the wild at ``index`` of table meld ``target``
    stands for, and free that wild: into the hand (Crazy Rummy, R20) or to be placed on the
    table at once (Crummy Rummy, R30)."""

    card: Card
    target: int
    index: int

    def __str__(self) -> str:
        return f"swap {_field(self.card)} into #{_field(self.target)} at {_field(self.index)}"


@attrs.frozen
class Claim(Move):
    """Take the face-up discard out of turn, with a penalty card (Crummy Rummy, R34)."""

    def __str__(self) -> str:
        return "claim"


@attrs.frozen
class Pass(Move):
    """Let an offer go: a discard that could be claimed out of turn (R34), an upcard offered
    before the first draw (Gin Rummy), ..."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Knock(Move):
    """End the hand by showing a hand of little enough deadwood (Gin Rummy: with eleven cards
    after a draw, a discard and the spread follow; at the wall, take the last discard and
    knock with it)."""

    def __str__(self) -> str:
        return "knock"


_SWAP: Final = re.compile(r"^swap\s+(\S+)\s+into\s+#([0-9]{1,6})\s+at\s+([0-9]{1,6})$")


def _swap(verb: str, rest: str) -> Move:
    match = _SWAP.match(f"{verb} {rest}".lower())
    if match is None:
        raise ValueError("write 'swap CARD into #INDEX at POSITION'")
    return Swap(Card.parse(match[1]), int(match[2]), int(match[3]))


def parse_move(text: str) -> Move:
    """Read a move from its text form (what ``str(move)`` writes).

    Raises :class:`~rummykit.errors.MoveParseError` (a ``ValueError``) quoting the input.
    """
    if not isinstance(text, str):
        raise MoveParseError(f"a move's text is a str like 'discard QS', not {shown(text)}")
    words = text.strip().split(maxsplit=1)
    verb = words[0].lower() if words else ""
    rest = words[1].strip() if len(words) > 1 else ""
    parser = _VERBS.get(verb)
    if parser is not None:
        try:
            return parser(verb, rest)
        except ValueError as error:
            raise MoveParseError(f"cannot read move {quoted(text)}: {error}") from None
    raise MoveParseError(
        f"cannot read move {quoted(text)}; moves look like "
        + ", ".join(f"'{e}'" for e in _EXAMPLES)
    )


def bare_verb(move: Move) -> VerbParser:
    """The parser of a verb that takes nothing after it and always means ``move``."""

    def parse(verb: str, rest: str) -> Move:
        if rest:
            raise ValueError(f"'{verb}' takes nothing after it")
        return move

    return parse


def _lay(verb: str, rest: str) -> Move:
    match = _LAY.match(f"{verb} {rest}".lower())
    if match is None:
        raise ValueError("write 'lay CARD on #INDEX' and, for a run, 'low' or 'high'")
    end = End(match[3]) if match[3] else None
    return LayOff(Card.parse(match[1]), int(match[2]), end)


def _needs_rest(read: Callable[[str], Move], what: str) -> VerbParser:
    def parse(verb: str, rest: str) -> Move:
        if not rest:
            raise ValueError(f"'{verb}' needs {what}")
        return read(rest)

    return parse


register_verb("draw", bare_verb(Draw()), example="draw")


def _take(verb: str, rest: str) -> Move:
    if not rest:
        return TakeDiscard()
    if not rest.isdecimal() or not rest.isascii() or len(rest) > 3 or int(rest) < 1:
        raise ValueError("write 'take' for the top discard or 'take N' for the top N cards")
    return TakeDiscard(int(rest))


register_verb("take", _take, example="take")
register_verb(
    "discard", _needs_rest(lambda rest: Discard(Card.parse(rest)), "a card"), example="discard QH"
)
register_verb(
    "meld",
    _needs_rest(lambda rest: LayMeld(Meld.parse(rest)), "a meld"),
    example="meld run 5H-7H: 5H 6H 9C",
)
register_verb("lay", _lay, example="lay 8H on #0 high")
register_verb("start", bare_verb(ChooseStart(True)), example="start")
register_verb("decline", bare_verb(ChooseStart(False)), example="decline")
register_verb("peg", bare_verb(Peg(True)), example="peg")
register_verb("forgo", bare_verb(Peg(False)), example="forgo")
register_verb("swap", _swap, example="swap 8H into #0 at 2")
register_verb("claim", bare_verb(Claim()), example="claim")
register_verb("pass", bare_verb(Pass()), example="pass")
register_verb("knock", bare_verb(Knock()), example="knock")


def not_a_move(value: object) -> str:
    """Why ``value`` cannot be played: it is not a :class:`Move` at all (say, the text of
    one)."""
    hint = f"parse_move({shown(value)})" if isinstance(value, str) else "a Move such as Draw()"
    return f"{shown(value)} is not a move; play {hint}, or one of legal_moves()"
