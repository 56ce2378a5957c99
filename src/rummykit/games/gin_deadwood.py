"""Deprecated: the Gin Rummy deadwood solver is now :mod:`rummykit.solver.deadwood`, the fast
specialisation of the one deadwood solver. Import from there.

The old names still work here and say where they went (a ``DeprecationWarning``);
``Arrangement`` is :class:`rummykit.solver.deadwood.GinArrangement` now.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

from rummykit.solver import deadwood as _deadwood

if TYPE_CHECKING:
    from rummykit.solver.deadwood import (
        CACHE_LIMIT,
        VALUES,
        arrangement,
        best_discard_deadwood,
        cache_info,
        clear_cache,
        deadwood,
        deadwood_mask,
        discard_deadwood_mask,
        hand_value,
        mask_of,
    )
    from rummykit.solver.deadwood import GinArrangement as Arrangement

__all__ = [
    "CACHE_LIMIT",
    "VALUES",
    "Arrangement",
    "arrangement",
    "best_discard_deadwood",
    "cache_info",
    "clear_cache",
    "deadwood",
    "deadwood_mask",
    "discard_deadwood_mask",
    "hand_value",
    "mask_of",
]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    new = "GinArrangement" if name == "Arrangement" else name
    warnings.warn(
        f"rummykit.games.gin_deadwood is deprecated: use rummykit.solver.deadwood.{new}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(_deadwood, new)
