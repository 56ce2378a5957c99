"""Helpers shared by the test modules (pytest puts this folder on ``sys.path``)."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import pytest

import rummykit
from rummykit import IllegalMoveError, Move, View, parse_move
from rummykit.agents import Agent, GreedyAgent, choose_move, show_all
from rummykit.engine.core import GameState
from rummykit.engine.rummy import RummyState
from rummykit.pieces import DealEnd

S = TypeVar("S", bound=GameState)


def random_game(game: str, players: int, moves: int, seed: int = 1) -> GameState:
    """The game ``game`` (its default options) after up to ``moves`` uniformly random moves
    (fewer if it ends), the deal and the choices both from ``seed``."""
    state = rummykit.variant(game).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def play_along(
    agents: Sequence[Agent], state: GameState, rng: random.Random, moves: int
) -> GameState:
    """``state`` after at most ``moves`` moves of ``agents`` (fewer where the game ends), every
    view shown to them after each move as the drivers show it (``observe``)."""
    show_all(agents, state)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(choose_move(agents[state.to_move], state, rng))
        show_all(agents, state)
    return state


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


def golden_diff(data: dict[str, Any]) -> list[str]:
    """Replay a golden line; one line per step whose legal-move count differs."""
    variant = rummykit.variant(data["variant"], **data["options"])
    state = variant.new_game(players=data["players"], seed=data["seed"])
    diff: list[str] = []
    for step, (count, text) in enumerate(data["steps"]):
        moves = list(state.legal_moves())
        move = parse_move(text)
        if len(moves) != count:
            shown = "" if diff else f": {', '.join(map(str, moves))}"
            diff.append(f"step {step} before {text!r}: golden {count}, now {len(moves)}{shown}")
        if move not in moves:
            diff.append(f"step {step}: {text!r} is no longer legal; replay stops")
            break
        state = state.apply(move)
    return diff


def redealt(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """``state`` with the cards ``seat`` cannot see dealt again in another order (the
    conformance kit's re-deal), or ``None`` when there are fewer than two distinct such
    cards: whatever ``seat`` is shown must be the same in both."""
    rules = state.variant.rules
    hidden = list(rules.hidden_cards(state, seat))  # type: ignore[attr-defined]
    if len(set(hidden)) < 2:
        return None
    again = hidden[:]
    while again == hidden:
        rng.shuffle(again)
    other: GameState = rules.with_hidden(state, seat, again)  # type: ignore[attr-defined]
    return other


class Watcher:
    """An agent that keeps every view it is shown (``observe``) and plays as the greedy
    agent, each time from the position it was last shown."""

    name = "watcher"

    def __init__(self) -> None:
        self.seen: list[View] = []

    def observe(self, view: View) -> None:
        self.seen.append(view)

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        assert view == self.seen[-1]  # shown the position it now chooses in
        return GreedyAgent().choose(view, legal, rng)


BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` as a module (``benchmarks/`` on the path: the
    scripts import one another, as when they are run)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
