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
"""

from __future__ import annotations

from rummykit.errors import OptionError

__all__ = ["flag", "whole"]


def whole(name: str, value: object, least: int, most: int | None = None) -> int:
    """``value`` if it is a whole number (not a bool) from ``least`` to ``most``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise OptionError(f"{name} must be a whole number of at least {least}, not {value!r}")
    if most is not None and value > most:
        raise OptionError(f"{name} must be at most {most}, not {value!r}")
    return value


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise OptionError(f"{name} must be True or False, not {value!r}")
    return value
