"""The exceptions rummykit raises.

Every error about bad input is a :class:`ValueError` subclass, so callers that only care
whether input was acceptable can catch ``ValueError``; callers that want to tell the cases
apart catch the specific class.

>>> from rummykit import Card
>>> try:
...     Card.parse("11S")
... except ValueError as error:
...     print(error)
not a card: '11S' (write rank then suit, e.g. '10S', 'TS', 'QH', 'A♠', or 'JK' for a joker)
"""

from __future__ import annotations

__all__ = [
    "ActionError",
    "AmbiguousMeldError",
    "CardParseError",
    "IllegalMoveError",
    "InvalidMeldError",
    "MoveParseError",
    "OptionError",
    "PluginWarning",
    "RecordError",
    "RegistryError",
    "RummykitError",
    "UnknownRuleError",
]


class RummykitError(Exception):
    """Base class of every exception rummykit raises on purpose."""


class _RuleCitingError(Exception):
    """An error whose message may cite numbered rules (``R34``): the message ends by saying
    how to read them, since a rule number alone means nothing to a user.

    >>> print(OptionError("decks must be 1, 2 or 'auto' (R22), not 3"))
    decks must be 1, 2 or 'auto' (R22), not 3 (see: rummykit rules R22)
    """

    def __str__(self) -> str:
        from rummykit.rules import cited

        message = super().__str__()
        numbers = cited(message)
        if not numbers:
            return message
        return f"{message} (see: rummykit rules {' '.join(numbers)})"


#: Characters of an input a message quotes before it says how long the rest is.
QUOTE_LIMIT = 60


def quoted(text: str) -> str:
    """``text`` as a message quotes it: its ``repr``, cut after :data:`QUOTE_LIMIT`
    characters with the length of the whole (a message stays short, whatever the input).

    >>> quoted("discard QS")
    "'discard QS'"
    >>> quoted("take " + "9" * 1000)
    "'take 9999999999999999999999999999999999999999999999999999999'... (1,005 characters)"
    """
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return f"{text[:QUOTE_LIMIT]!r}... ({len(text):,} characters)"


def shown(value: object) -> str:
    """``value`` as a message shows it: its ``repr``, kept short whatever the input. An
    ``int`` of more than 30 digits is given by its length, in angle brackets (Python refuses
    to print one of more than 4,300 digits); a long ``repr`` is cut as :func:`quoted` cuts
    text.

    >>> shown(16), shown("low"), shown(10**40)
    ('16', "'low'", '<an int of 41 digits>')
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters)"
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        digits = int(abs(value).bit_length() * 0.30103)  # log10(2): exact or one short
        if abs(value) >= 10**digits:
            digits += 1
        return f"<an int of {digits:,} digits>"
    try:
        text = repr(value)
    except Exception:  # a value that cannot show itself must not hide the first error
        return f"<{type(value).__name__}>"
    if len(text) <= QUOTE_LIMIT:
        return text
    return f"{text[:QUOTE_LIMIT]}... ({len(text):,} characters)"


class CardParseError(RummykitError, ValueError):
    """A card (or list of cards) could not be read from text. The message quotes the input
    (:func:`quoted`); ``text`` holds the whole of it."""

    def __init__(self, text: str, detail: str = "") -> None:
        self.text = text
        hint = "write rank then suit, e.g. '10S', 'TS', 'QH', 'A♠', or 'JK' for a joker"
        super().__init__(f"not a card: {quoted(text)} ({detail or hint})")


class InvalidMeldError(_RuleCitingError, RummykitError, ValueError):
    """Cards do not form a valid meld under the given rules.

    ``rule`` is a short machine-readable reason such as ``"run.too_short"``.
    """

    def __init__(self, message: str, *, rule: str) -> None:
        self.rule = rule
        super().__init__(message)


class AmbiguousMeldError(InvalidMeldError):
    """The cards can be read as more than one meld and no declaration picks one (R25).

    ``readings`` holds the possible melds (up to a small number), so a user interface can
    ask the player which one they mean.
    """

    def __init__(self, message: str, *, readings: tuple[object, ...]) -> None:
        self.readings = readings
        super().__init__(message, rule="meld.ambiguous")


class OptionError(_RuleCitingError, RummykitError, ValueError):
    """A variant option or piece parameter is unknown or out of range."""


class RegistryError(OptionError):
    """A variant id cannot be registered or its game cannot be loaded: the id is taken
    (the message names who took it), or a plugin's module does not import or its factory
    does not build the variant it declares.

    It is an :class:`OptionError` because it answers the same question, whether
    ``rummykit.variant(id, ...)`` can build this game, so a caller that handles a bad
    variant id or option (the command line, a record's replay) handles it too.
    """


class PluginWarning(UserWarning):
    """A plugin variant is skipped (its id is taken, or it does not load); the message
    names the distribution and the entry point. The other variants are unaffected."""


class IllegalMoveError(_RuleCitingError, RummykitError, ValueError):
    """A move is not legal in the state it was applied to. The state is unchanged.

    ``move`` is the move, ``rule`` a machine-readable reason (``"turn.phase"``,
    ``"meld.run.too_short"``, ``"take.unmeldable"``, ``"layoff.not_opened"``, ...), and the
    message names both and says what to do instead.
    """

    def __init__(self, move: object, rule: str, detail: str) -> None:
        self.move = move
        self.rule = rule
        self.detail = detail
        super().__init__(f"illegal move '{_shown(move)}': {detail} [{rule}]")


def _shown(move: object) -> str:
    """``move`` as text; a hand-built move with broken fields may not print itself, so its
    class name stands in for it rather than a second error hiding the first."""
    for show in (str, repr):
        try:
            return show(move)
        except Exception:  # any failure: try the next way
            continue
    return f"<{type(move).__name__} with malformed fields>"


class MoveParseError(RummykitError, ValueError):
    """A move could not be read from text. The message quotes the input."""


class ActionError(RummykitError, ValueError):
    """An action number, or a move or state given to a game's numbering of moves
    (:mod:`rummykit.codec`), does not belong to that game."""


class UnknownRuleError(RummykitError, ValueError):
    """A rule number that the rules reference (:mod:`rummykit.rules`) does not hold. The
    message quotes the number and says which numbers exist."""


class RecordError(RummykitError, ValueError):
    """A game record is malformed or does not replay. ``index`` is the first bad move's
    position in the record's move list (``None`` when the problem is in the header)."""

    def __init__(self, message: str, *, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)
