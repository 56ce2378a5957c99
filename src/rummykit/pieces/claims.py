"""Out-of-turn claims of the face-up discard (Crummy Rummy, R34).

>>> ClaimRule().order is ClaimOrder.MAIN
True
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["ClaimOrder", "ClaimRule"]


class ClaimOrder(enum.Enum):
    """When an out-of-turn claim is made (R34)."""

    #: After the active player draws from the stock; the claimant's penalty card is the next.
    MAIN = "main"
    #: Before the active player draws; the claimant's penalty is the top stock card and the
    #: active player then draws the next one (R34 option "original").
    ORIGINAL = "original"


@attrs.frozen
class ClaimRule:
    """Taking the face-up discard out of turn with a penalty card (Crummy Rummy, R34)."""

    order: ClaimOrder = ClaimOrder.MAIN
    #: The player who discarded the card may claim it back (off by default).
    discarder_may_claim: bool = False
