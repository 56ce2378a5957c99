"""Helpers shared by the test modules (pytest puts this folder on ``sys.path``)."""

from __future__ import annotations

from rummykit.engine.rummy import RummyState
from rummykit.pieces import DealEnd


def deal_summary(state: RummyState) -> tuple[DealEnd, int | None, tuple[int, ...]]:
    """How the last deal of ``state`` ended: (reason, who went out, points per seat)."""
    outcome = state.last_deal
    assert outcome is not None, "no deal has ended yet"
    return (outcome.reason, outcome.out, outcome.points)
