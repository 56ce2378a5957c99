"""What a state costs: the time to build one, and the memory each state of a game keeps.

Issue 12 asks that building a state take under 1 µs and that the memory per state stay flat
along a game. For every game (or ``--variant``) at its usual player count this script

1. builds states the way the engine does on every move (a copy of another state with a few
   fields changed: :func:`rummykit.engine.core.evolver`), and, for scale, with the class's
   generated ``__init__`` (what :func:`attrs.evolve` costs), each the best of ``--repeat``
   timed runs over positions met along random games; the time of an empty loop is taken off;
2. keeps every state of random games alive and measures, with :mod:`tracemalloc`, the bytes
   allocated per state in the first and in the last fifth of each game (flat: the same).

Prints ONE JSON object; progress goes to stderr.

    python benchmarks/bench_state.py
    python benchmarks/bench_state.py --variant gin-rummy --repeat 9
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import rummykit
from rummykit.engine.core import GameState, evolver

#: The usual player count of each game (the others: their least).
USUAL = {
    "contract-rummy": 4,
    "crazy-rummy": 4,
    "crazy-rummy-faceup": 4,
    "crummy": 4,
    "crummy-rummy": 4,
    "basic-rummy": 4,
    "rummy-500": 4,
}


def _line(game: rummykit.Variant, players: int, seed: int) -> list[GameState]:
    """Every state of one seeded random game."""
    rng = random.Random(seed)
    state: GameState = game.new_game(players=players, seed=seed)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def _best(run: Callable[[], None], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def build_times(states: Sequence[GameState], repeat: int) -> dict[str, float]:
    """Nanoseconds per state built: by the engine's copy, and by the generated __init__."""
    cls = type(states[0])
    copy = evolver(cls)
    names = [a.name for a in attrs.fields(cls)]
    init_args = [tuple(getattr(s, n) for n in names) for s in states]

    def empty() -> None:
        for _state in states:
            pass

    def by_copy() -> None:
        for s in states:
            copy(s, to_move=0)

    def by_init() -> None:
        for args in init_args:
            cls(*args)

    base = _best(empty, repeat)
    count = len(states)
    return {
        "fields": len(names),
        "copy_ns": round((_best(by_copy, repeat) - base) / count * 1e9, 1),
        "init_ns": round((_best(by_init, repeat) - base) / count * 1e9, 1),
    }


def memory_per_state(game: rummykit.Variant, players: int, seeds: Sequence[int]) -> dict[str, Any]:
    """Bytes allocated per state kept alive, early and late in games (history included)."""
    early: list[float] = []
    late: list[float] = []
    lengths = []
    for seed in seeds:
        rng = random.Random(seed)
        tracemalloc.start()
        state: GameState = game.new_game(players=players, seed=seed)
        kept = [state]
        marks = [tracemalloc.get_traced_memory()[0]]
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            kept.append(state)
            marks.append(tracemalloc.get_traced_memory()[0])
        tracemalloc.stop()
        n = len(marks) - 1
        lengths.append(n)
        fifth = max(1, n // 5)
        early.append((marks[fifth] - marks[0]) / fifth)
        late.append((marks[n] - marks[n - fifth]) / fifth)
        del kept
    return {
        "moves_per_game": round(sum(lengths) / len(lengths), 1),
        "bytes_per_state_first_fifth": round(sum(early) / len(early)),
        "bytes_per_state_last_fifth": round(sum(late) / len(late)),
        "late_over_early": round(sum(late) / sum(early), 3),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", action="append", help="a game id (repeatable)")
    parser.add_argument("--games", type=int, default=6, help="random games per game")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (the best counts)")
    args = parser.parse_args(argv)
    ids = args.variant or sorted(rummykit.variants())
    report: dict[str, Any] = {"games": {}}
    for game_id in ids:
        game = rummykit.variant(game_id)
        players = USUAL.get(game_id, game.min_players)
        print(f"{game_id} ({players} players)", file=sys.stderr)
        states = [s for seed in range(args.games) for s in _line(game, players, seed)]
        entry = {"players": players, "states_timed": len(states)}
        entry.update(build_times(states, args.repeat))
        entry.update(memory_per_state(game, players, range(args.games)))
        report["games"][game_id] = entry
    copies = [e["copy_ns"] for e in report["games"].values()]
    report["slowest_copy_ns"] = max(copies)
    report["under_1_us"] = max(copies) < 1000
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
