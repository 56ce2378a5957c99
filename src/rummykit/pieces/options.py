"""Checks for variant options, shared by the game factories: each raises
:class:`~rummykit.errors.OptionError` naming the option and the value it refused.

>>> whole("target", 100, 1)
100
>>> whole("knock_card", 11, 0, 10)
Traceback (most recent call last):
...
rummykit.errors.OptionError: knock_card must be at most 10, not 11
>>> flag("shutout", 1)
Traceback (most recent call last):
...
rummykit.errors.OptionError: shutout must be True or False, not 1
>>> choice("aces", ["low"], ("low", "either"))
Traceback (most recent call last):
...
rummykit.errors.OptionError: aces must be 'low' or 'either', not ['low']
"""

from __future__ import annotations

from collections.abc import Iterable

from rummykit.errors import OptionError, shown

__all__ = ["CEILINGS", "MAX_RESHUFFLES", "MAX_TURNS", "choice", "flag", "whole"]

#: The reshuffle safeguard's default in the games that turn the discard pile into a new stock
#: (R36a): a deal ends, scored as if the stock had run out, rather than reshuffle more often.
#: Far above what deals that end by the rules need (``benchmarks/safeguards.py``: at most 50
#: in 2,100 eight-player contract rounds between greedy agents).
MAX_RESHUFFLES = 200
#: The turn safeguard's default (R36a, R56a): a deal ends after this many turns in all.
MAX_TURNS = 1000

#: The largest value an option of this name may take, unless the factory gives another:
#: safeguards and sizes whose bigger values would let a game run for ever or allocate
#: without bound (issue 11). A game of the largest values still ends: at most
#: ``max_deals`` deals of at most ``max_turns`` turns.
CEILINGS: dict[str, int] = {
    "packs": 16,
    "target": 1_000_000,
    "max_deals": 1_000,
    "max_turns": 10_000,
    "max_reshuffles": 10_000,
    "max_takes": 1_000,
    "repetitions": 100,
}


def whole(name: str, value: object, least: int, most: int | None = None) -> int:
    """``value`` if it is a whole number (not a bool) from ``least`` to ``most`` (by default
    the :data:`CEILINGS` of ``name``, if it has one).

    >>> whole("max_turns", 10**9, 1)
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: max_turns must be at most 10000, not 1000000000
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise OptionError(f"{name} must be a whole number of at least {least}, not {shown(value)}")
    if most is None:
        most = CEILINGS.get(name)
    if most is not None and value > most:
        raise OptionError(f"{name} must be at most {most}, not {shown(value)}")
    return int(value)  # an int subclass (an IntEnum member) as a plain int


def choice(name: str, value: object, allowed: Iterable[str], why: str = "") -> str:
    """``value`` if it is one of the texts ``allowed`` (a plain ``str``: a value of a ``str``
    subclass, such as a ``StrEnum`` member, is given as its text); ``why`` is added to the
    message, e.g. the rule's number.

    >>> choice("deal_sizes", "10/12", ("13", "10/12"))
    '10/12'
    >>> choice("deal_sizes", 13, ("13", "10/12"), " (R26)")
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: deal_sizes must be '13' or '10/12' (R26), not 13 (see: ...)
    """
    texts = tuple(allowed)
    if not isinstance(value, str) or value not in texts:
        names = " or ".join(filter(None, [", ".join(map(repr, texts[:-1])), repr(texts[-1])]))
        raise OptionError(f"{name} must be {names}{why}, not {shown(value)}")
    return str.__str__(value)


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise OptionError(f"{name} must be True or False, not {shown(value)}")
    return value
