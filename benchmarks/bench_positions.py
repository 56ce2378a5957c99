"""The slowest positions: how long listing the legal moves takes, position by position,
along seeded random games of every game at its least and most players (issue 12 asks that no
position take more than 10 ms).

Prints one JSON object: per game and player count, the positions timed, the median, 99th
percentile and largest time to list a position's moves (its first listing, as a game meets
it: the caches the solver keeps across positions warm, none of this one's), and the slowest
positions (game seed, move number, move count, phase). Progress goes to stderr.

    python benchmarks/bench_positions.py
    python benchmarks/bench_positions.py --variant crummy-rummy --games 20 --players 8
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import rummykit


def _time_listing(state: Any) -> float:
    """How long listing every legal move of ``state`` takes, the first time."""
    started = time.perf_counter()
    for _move in state.variant.rules.generate(state):
        pass
    return time.perf_counter() - started


def measure(game_id: str, players: int, games: int, cap: int) -> dict[str, Any]:
    game = rummykit.variant(game_id)
    times: list[float] = []
    slowest: list[tuple[float, dict[str, Any]]] = []
    for index in range(games):
        state = game.new_game(players=players, seed=index)
        rng = random.Random(f"positions:{game_id}:{players}:{index}")
        for number in range(cap):
            if state.is_over:
                break
            took = _time_listing(state)
            times.append(took)
            legal = state.legal_moves()
            slowest.append(
                (took, {"seed": index, "move": number, "moves": len(legal),
                        "phase": str(getattr(state, "phase", "")), "ms": round(took * 1e3, 3)})
            )  # fmt: skip
            slowest = sorted(slowest, key=lambda item: -item[0])[:5]
            state = state.apply(legal[rng.randrange(len(legal))])
    times.sort()
    if not times:
        return {"variant": game_id, "players": players, "positions": 0}
    return {
        "variant": game_id,
        "players": players,
        "positions": len(times),
        "median_ms": round(times[len(times) // 2] * 1e3, 4),
        "p99_ms": round(times[int(0.99 * (len(times) - 1))] * 1e3, 4),
        "max_ms": round(times[-1] * 1e3, 3),
        "over_10ms": sum(1 for t in times if t > 0.010),
        "slowest": [info for _, info in slowest],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", action="append")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--cap", type=int, default=400, help="positions per game")
    args = parser.parse_args(argv)
    entries = []
    for game_id in args.variant or rummykit.variants():
        game = rummykit.variant(game_id)
        for players in args.players or sorted({game.min_players, game.max_players}):
            print(f"{game_id} {players}p ...", file=sys.stderr, flush=True)
            entries.append(measure(game_id, players, args.games, args.cap))
    json.dump({"entries": entries}, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
