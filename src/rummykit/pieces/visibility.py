"""Visibility: which cards on the table every player may see.

A seat always sees its own hand, the melds on the table and the top discard; the
:class:`Visibility` piece says what more is public. The engine builds every view from it and
re-deals exactly the cards it leaves hidden when the conformance kit checks that views leak
nothing.

>>> TOP_DISCARD.whole_pile, WHOLE_PILE.whole_pile, TAKEN_KNOWN.taken_known
(False, True, True)
"""

from __future__ import annotations

from typing import Final, Protocol

import attrs

__all__ = ["TAKEN_KNOWN", "TOP_DISCARD", "WHOLE_PILE", "PileVisibility", "Visibility"]


class Visibility(Protocol):
    """What every player may see besides their own hand and the table's melds."""

    @property
    def whole_pile(self) -> bool:
        """Every card of the discard pile is public (the pile is spread, as in Rummy 500);
        otherwise only the top card is."""
        ...

    @property
    def taken_known(self) -> bool:
        """A card taken from the discard pile stays public, as part of the taker's hand,
        until a card like it leaves that hand (``crazy-rummy-faceup``); otherwise it is
        public only during the turn it is taken (the view's ``took``). Cards dealt face up
        are public in the same way in every game (R58)."""
        ...


@attrs.frozen
class PileVisibility:
    """The discard pile squared (only the top card seen) or spread (every card seen)."""

    whole_pile: bool = False
    taken_known: bool = False


#: Only the top discard is public.
TOP_DISCARD: Final = PileVisibility()
#: The whole discard pile is public (Rummy 500).
WHOLE_PILE: Final = PileVisibility(whole_pile=True)
#: Only the top discard is public, and a taken discard stays known in the taker's hand.
TAKEN_KNOWN: Final = PileVisibility(taken_known=True)
