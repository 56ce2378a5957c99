"""Playout speed: whole games between agents, per variant, player count and agent.

Prints ONE JSON object. For every registered variant (or the one given with ``--variant``),
every player count of interest (Crib Rummy: 2, 3 and 4) and the agents ``random`` and
``greedy``, it plays the same games (a fixed seed) ``--repeat`` times and reports the median
run: games, moves, seconds, games_per_second and moves_per_second. A run stops early when it
has used ``--seconds``; then it reports the games it finished (``budget_hit`` is true).

    python benchmarks/bench_playouts.py              # the full table (about half a minute)
    python benchmarks/bench_playouts.py --quick      # a smoke run: one game per entry
    python benchmarks/bench_playouts.py --variant crib-rummy --games 50 --repeat 5

Games are the ones ``rummykit simulate VARIANT --seed SEED --agent A`` plays, so a slow
entry can be looked at with the command line.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import rummykit
from rummykit.agents import make_agent
from rummykit.sim import game_seed, play_game

#: Player counts to measure for a variant (others: its least, and up to two more).
PLAYERS: dict[str, tuple[int, ...]] = {"crib-rummy": (2, 3, 4), "crazy-rummy-faceup": (2, 4, 8)}
AGENTS: tuple[str, ...] = ("random", "greedy")
SEED = 20240601
#: How deals ended, where a game's final state counts it (Crummy: the halts of R7 and the
#: safeguard of R8); summed over a run's games and reported with its number of deals.
DEAL_ENDINGS: tuple[str, ...] = ("halts", "repetition_halts", "safeguards")


def player_counts(game: rummykit.Variant) -> tuple[int, ...]:
    """The player counts measured for ``game``."""
    if game.id in PLAYERS:
        return PLAYERS[game.id]
    top = min(game.max_players, game.min_players + 2)
    return tuple(range(game.min_players, top + 1))


def run_once(
    game: rummykit.Variant, *, players: int, agent: str, games: int, seconds: float
) -> dict[str, Any]:
    """Play up to ``games`` games (stopping after ``seconds``) and measure them."""
    agents = [make_agent(agent) for _ in range(players)]
    played = moves = errors = deals = 0
    endings: dict[str, int] = {}
    budget_hit = False
    started = time.perf_counter()
    for index in range(games):
        if index and time.perf_counter() - started >= seconds:
            budget_hit = True
            break
        try:
            result = play_game(game, players=players, seed=game_seed(SEED, index), agents=agents)
        except Exception:  # a failing game is counted, not timed away
            errors += 1
        else:
            played += 1
            moves += result.moves
            final = result.state
            deals += final.deal_number - final.setup.deal + 1
            for name in DEAL_ENDINGS:
                if hasattr(final, name):
                    endings[name] = endings.get(name, 0) + getattr(final, name)
    elapsed = time.perf_counter() - started
    return {
        "games": played,
        "moves": moves,
        "errors": errors,
        "seconds": elapsed,
        "games_per_second": played / elapsed if elapsed else 0.0,
        "moves_per_second": moves / elapsed if elapsed else 0.0,
        "budget_hit": budget_hit,
        "deals": deals,
        "deal_endings": endings,
    }


def measure(
    game: rummykit.Variant,
    *,
    players: int,
    agent: str,
    games: int,
    repeat: int,
    seconds: float,
) -> dict[str, Any]:
    """The median of ``repeat`` runs (by moves per second), with every run's rate."""
    runs = [
        run_once(game, players=players, agent=agent, games=games, seconds=seconds)
        for _ in range(repeat)
    ]
    rates = [r["moves_per_second"] for r in runs]
    median = sorted(runs, key=lambda r: r["moves_per_second"])[(len(runs) - 1) // 2]
    return {
        "variant": game.id,
        "players": players,
        "agent": agent,
        "games": median["games"],
        "moves": median["moves"],
        "errors": max(r["errors"] for r in runs),
        "seconds": round(median["seconds"], 4),
        "games_per_second": round(median["games_per_second"], 2),
        "moves_per_second": round(statistics.median(rates), 1),
        "moves_per_second_runs": [round(r, 1) for r in rates],
        "budget_hit": any(r["budget_hit"] for r in runs),
        "deals": median["deals"],
        **({"deal_endings": median["deal_endings"]} if median["deal_endings"] else {}),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", choices=rummykit.variants(), help="only this variant")
    parser.add_argument("--games", type=int, default=10, help="games per run (default 10)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per entry (default 3)")
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="time budget of one run (default 10)"
    )
    parser.add_argument("--quick", action="store_true", help="smoke run: 1 game, 1 run")
    args = parser.parse_args(argv)
    games, repeat = (1, 1) if args.quick else (max(1, args.games), max(1, args.repeat))
    ids = [args.variant] if args.variant else list(rummykit.variants())
    results = []
    started = time.perf_counter()
    for key in ids:
        game = rummykit.variant(key)
        for players in player_counts(game):
            for agent in AGENTS:
                results.append(
                    measure(
                        game,
                        players=players,
                        agent=agent,
                        games=games,
                        repeat=repeat,
                        seconds=args.seconds,
                    )
                )
    report = {
        "benchmark": "playouts",
        "rummykit": rummykit.__version__,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "seed": SEED,
        "games_per_run": games,
        "repeat": repeat,
        "seconds_budget": args.seconds,
        "quick": args.quick,
        "total_seconds": round(time.perf_counter() - started, 2),
        "results": results,
    }
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
