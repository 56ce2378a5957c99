"""Going out: how a player may empty their hand.

>>> GoingOut.ANY.by_laying, GoingOut.DISCARD.by_laying
(True, False)
"""

from __future__ import annotations

from typing import Final, Protocol

import attrs

__all__ = ["GoOut", "GoingOut", "GoingOutRule"]


class GoingOutRule(Protocol):
    """Which acts may empty a hand (and so end the deal)."""

    @property
    def by_laying(self) -> bool:
        """A meld, lay-off or swap may leave the hand empty (no final discard needed)."""
        ...


@attrs.frozen
class GoOut:
    """Going out by a final discard, and (with ``by_laying``, the default) also by laying
    every card in melds and lay-offs."""

    by_laying: bool = True


class GoingOut:
    """The going-out pieces of the built-in games, by their version 0.1 enum names."""

    #: By laying every card or by discarding the last one (Crib Rummy, R27, R60).
    ANY: Final = GoOut()
    #: Only by a final discard: a meld or lay-off may never empty the hand (Crazy Rummy).
    DISCARD: Final = GoOut(by_laying=False)
