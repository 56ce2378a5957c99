"""Placeholders and view records: what one seat may see."""

from __future__ import annotations

from typing import Final

import attrs

__all__ = ["HIDDEN", "Hidden"]


@attrs.frozen
class Hidden:
    """A card the viewer cannot see. There is one instance, :data:`HIDDEN`.

    >>> str(HIDDEN)
    '??'
    """

    def __str__(self) -> str:
        return "??"

    def __format__(self, spec: str) -> str:
        return "🂠" if spec in ("s", "c") else "??"


#: The placeholder for a hidden card.
HIDDEN: Final = Hidden()
