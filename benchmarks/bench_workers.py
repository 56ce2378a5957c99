"""Simulation on several processes: wall-clock speed-up of ``simulate(..., workers=N)`` over
one worker, with the same games (issue 12 asks for at least 1.8x on 2 cores).

Plays the same simulation with 1 and with N workers, alternating, ``--rounds`` times; prints
one JSON object with every round's seconds, the per-round ratios, their median, and whether
the reports agreed (they must, whatever N).

    python benchmarks/bench_workers.py                       # gin-rummy, greedy, 2 workers
    python benchmarks/bench_workers.py --variant crib-rummy --games 200 --workers 2 --rounds 5
    python benchmarks/bench_workers.py --ray          # "many" on a local Ray (or --ray ADDRESS)

With ``--ray`` the many-worker side runs on a Ray cluster through
:class:`rummykit.adapters.ray.RayExecutor` (the extra ``rummykit[ray]``); Ray is started
once, before the first round, so its start-up is not timed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import statistics
import sys
from collections.abc import Sequence

from rummykit.adapters.ray import executor_for
from rummykit.sim import simulate


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="gin-rummy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ray", nargs="?", const="", metavar="ADDRESS")
    args = parser.parse_args(argv)
    with executor_for(args.ray) as executor:
        return _measure(args, executor)


def _measure(args: argparse.Namespace, executor: concurrent.futures.Executor | None) -> int:
    rounds = []
    same = True
    for number in range(args.rounds):
        seconds = {}
        reports = {}
        for workers in (1, args.workers) if number % 2 == 0 else (args.workers, 1):
            report = simulate(
                args.variant,
                players=args.players,
                games=args.games,
                seed=number,
                agents=args.agent,
                workers=workers,
                executor=executor if workers > 1 else None,
            )
            seconds[workers] = report.seconds
            reports[workers] = (report.wins, report.mean_scores, report.moves, report.errors)
        same = same and reports[1] == reports[args.workers]
        rounds.append({"one": seconds[1], "many": seconds[args.workers]})
        print(f"round {number + 1}: {seconds[1] / seconds[args.workers]:.2f}x", file=sys.stderr)
    ratios = [r["one"] / r["many"] for r in rounds]
    json.dump(
        {
            "variant": args.variant,
            "players": args.players,
            "games": args.games,
            "agent": args.agent,
            "workers": args.workers,
            "ray": args.ray,
            "cpus": os.cpu_count(),
            "rounds": rounds,
            "ratios": [round(r, 3) for r in ratios],
            "median_speedup": round(statistics.median(ratios), 3),
            "identical_results": same,
        },
        sys.stdout,
        indent=1,
    )
    sys.stdout.write("\n")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
