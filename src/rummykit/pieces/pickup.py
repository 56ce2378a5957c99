"""Pickup: what taking from the discard pile means.

A :class:`PickupRule` is declarative: how deep a player may take, whether the deepest card
taken must be melded at once, and how many further cards come into the hand once it is melded.
The engine turns that into legal moves: a take is offered only when its obligation can be
met from the hand and the cards taken.

>>> Pickup.MELD_TOP_TAKE_SIX.must_meld(1), Pickup.MELD_TOP_TAKE_SIX.then_takes
(True, 6)
>>> list(Pickup.TOP.depths(3)), list(TakeAnyDepth().depths(3))
([1], [1, 2, 3])
"""

from __future__ import annotations

from typing import Final, Protocol

import attrs

__all__ = ["MeldTakenFirst", "Pickup", "PickupRule", "TakeAnyDepth", "TakeTop"]


class PickupRule(Protocol):
    """What taking from the discard pile means."""

    def depths(self, pile: int) -> range:
        """How many cards (counted from the top) a player may take from a pile of ``pile``."""
        ...

    def must_meld(self, taken: int) -> bool:
        """Whether, having taken ``taken`` cards, the deepest of them must be melded (in a new
        meld or a lay-off) at once, before anything else (Crib Rummy R41, Rummy 500)."""
        ...

    @property
    def then_takes(self) -> int:
        """Cards taken from the top of the pile into the hand once the card is melded."""
        ...

    @property
    def offers_upcard(self) -> bool:
        """Each deal opens by offering the first upcard to each player in turn from the
        first player; once all have passed, the first player draws from the stock (Gin)."""
        ...


@attrs.frozen
class TakeTop:
    """Take the top card into the hand; nothing more is asked. With ``offers_upcard`` each
    deal opens with Gin Rummy's first-upcard offer: the first player, then each other in
    turn, may take the upcard or pass; once all have passed, the first player draws from
    the stock."""

    offers_upcard: bool = False

    def depths(self, pile: int) -> range:
        return range(1, min(pile, 1) + 1)

    def must_meld(self, taken: int) -> bool:
        return False

    @property
    def then_takes(self) -> int:
        return 0


@attrs.frozen
class MeldTakenFirst:
    """Take the top card only to meld it at once, then take the next ``then_takes`` cards into
    the hand (Crib Rummy's "meld the top, take six", R41)."""

    then_takes: int = 6

    def depths(self, pile: int) -> range:
        return range(1, min(pile, 1) + 1)

    def must_meld(self, taken: int) -> bool:
        return True

    @property
    def offers_upcard(self) -> bool:
        return False


@attrs.frozen
class TakeAnyDepth:
    """Take any card of the pile together with every card above it; the deepest card taken
    must be melded at once (Rummy 500). With ``top_free`` a player who takes only the top
    card need not meld it."""

    top_free: bool = False

    def depths(self, pile: int) -> range:
        return range(1, pile + 1)

    def must_meld(self, taken: int) -> bool:
        return not (self.top_free and taken == 1)

    @property
    def then_takes(self) -> int:
        return 0

    @property
    def offers_upcard(self) -> bool:
        return False


class Pickup:
    """The pickup pieces of the built-in games, by their version 0.1 enum names."""

    #: Take the top card into the hand.
    TOP: Final = TakeTop()
    #: Meld the top card at once, then take the next six cards into the hand (R41).
    MELD_TOP_TAKE_SIX: Final = MeldTakenFirst()
    #: Gin Rummy: the first upcard is offered round the table, then the top card is taken.
    FIRST_UPCARD: Final = TakeTop(offers_upcard=True)
