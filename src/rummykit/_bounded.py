"""The library's bounded caches: plain dictionaries emptied when full.

A cache shared between threads must never be read in two steps (``key in cache`` and then
``cache[key]``: another thread may empty it in between); each of ``dict.get``, assignment
and ``clear`` is one step, so :func:`remember` and a ``get`` are safe. Threads that find
room at the same moment may each add one entry past the limit, no more.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["remember"]

_K = TypeVar("_K")
_V = TypeVar("_V")


def remember(cache: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """Store ``value`` under ``key`` in ``cache``, emptying the cache first when it holds
    ``limit`` entries; return ``value``.

    >>> cache: dict[str, int] = {"a": 1, "b": 2}
    >>> remember(cache, "c", 3, limit=2), cache
    (3, {'c': 3})
    >>> remember(cache, "d", 4, limit=2), cache
    (4, {'c': 3, 'd': 4})
    """
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value
