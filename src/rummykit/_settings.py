"""Checks of an agent's settings, as ``attrs`` validators: each refuses a value of the
wrong kind or range with an :class:`~rummykit.errors.OptionError` naming the setting and
showing the value as :func:`~rummykit.errors.shown` does (so that no value, however long,
breaks the message).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import Any, TypeAlias

import attrs

from rummykit.engine.core import WHOLE_LIMIT, whole_number
from rummykit.errors import OptionError, shown

__all__ = ["count", "one_of", "real"]

Validator: TypeAlias = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def count(minimum: int, *, optional: bool = False) -> Validator:
    """A whole number (an ``int`` or another integer type, not a ``bool`` or ``float``) of
    at least ``minimum`` (or ``None`` with ``optional``).

    >>> @attrs.frozen
    ... class Settings:
    ...     samples: int = attrs.field(default=8, validator=count(1))
    >>> Settings(samples=0)
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: samples must be at least 1, not 0
    >>> Settings(samples=1.5)
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: samples must be a whole number (int), not 1.5
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        number = whole_number(value, attribute.name)
        if number < minimum:
            raise OptionError(f"{attribute.name} must be at least {minimum}, not {shown(number)}")

    return check


def real(minimum: float, maximum: float | None = None, *, optional: bool = False) -> Validator:
    """A finite real number (an ``int`` or ``float``, not a ``bool``) of at least
    ``minimum`` and at most ``maximum`` (or ``None`` with ``optional``)."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise OptionError(f"{attribute.name} must be a number, not {shown(value)}")
        if (isinstance(value, int) and abs(value) >= WHOLE_LIMIT) or not math.isfinite(value):
            raise OptionError(f"{attribute.name} must be a finite number, not {shown(value)}")
        if value < minimum:
            raise OptionError(f"{attribute.name} must be at least {minimum}, not {shown(value)}")
        if maximum is not None and value > maximum:
            raise OptionError(f"{attribute.name} must be at most {maximum}, not {shown(value)}")

    return check


def one_of(choices: Collection[str]) -> Validator:
    """One of the texts ``choices``."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, str) or value not in choices:
            listed = ", ".join(repr(c) for c in choices)
            raise OptionError(f"{attribute.name} must be one of {listed}, not {shown(value)}")

    return check
