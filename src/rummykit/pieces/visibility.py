"""Visibility: which cards on the table every player may see.

A seat always sees its own hand, the melds on the table and the top discard; the
:class:`Visibility` piece says what more is public. The engine builds every view from it and
re-deals exactly the cards it leaves hidden when the conformance kit checks that views leak
nothing.

>>> TOP_DISCARD.whole_pile, WHOLE_PILE.whole_pile
(False, True)
"""

from __future__ import annotations

from typing import Final, Protocol

import attrs

__all__ = ["TOP_DISCARD", "WHOLE_PILE", "PileVisibility", "Visibility"]


class Visibility(Protocol):
    """What every player may see besides their own hand and the table's melds."""

    @property
    def whole_pile(self) -> bool:
        """Every card of the discard pile is public (the pile is spread, as in Rummy 500);
        otherwise only the top card is."""
        ...


@attrs.frozen
class PileVisibility:
    """The discard pile squared (only the top card seen) or spread (every card seen)."""

    whole_pile: bool = False


#: Only the top discard is public.
TOP_DISCARD: Final = PileVisibility()
#: The whole discard pile is public (Rummy 500).
WHOLE_PILE: Final = PileVisibility(whole_pile=True)
