"""Helpers shared by the test modules (pytest puts this folder on ``sys.path``)."""

from __future__ import annotations

from typing import TypeVar

import pytest

from rummykit import IllegalMoveError, parse_move
from rummykit.engine.core import GameState
from rummykit.engine.rummy import RummyState
from rummykit.pieces import DealEnd

S = TypeVar("S", bound=GameState)


def deal_summary(state: RummyState) -> tuple[DealEnd, int | None, tuple[int, ...]]:
    """How the last deal of ``state`` ended: (reason, who went out, points per seat)."""
    outcome = state.last_deal
    assert outcome is not None, "no deal has ended yet"
    return (outcome.reason, outcome.out, outcome.points)


def play(state: S, *moves: str | object) -> S:
    """Apply moves given as text (or as move values) in order."""
    for move in moves:
        state = state.apply(parse_move(move) if isinstance(move, str) else move)  # type: ignore[arg-type,assignment]
    return state


def illegal(state: GameState, move: str | object) -> IllegalMoveError:
    """Apply a move that must be illegal; check it is not among the legal moves either."""
    value = parse_move(move) if isinstance(move, str) else move
    assert value not in state.legal_moves()
    assert value not in list(state.legal_moves())
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(value)  # type: ignore[arg-type]
    return caught.value


def legal(state: GameState) -> set[str]:
    """The texts of every legal move."""
    return {str(m) for m in state.legal_moves()}
