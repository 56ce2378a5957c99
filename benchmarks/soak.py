"""Soak test: many random games of every registered game, every invariant checked.

For each game and two player counts (its least and its most), plays ``--games`` seeded
random games through the conformance kit (:func:`rummykit.testing.conformance.check_variant`:
cards conserved, sound and complete move lists, no mutation, views that a re-deal of the
hidden cards leaves unchanged, exact record replay, termination, and the kit's probes:
malformed moves of every type, everything reachable from a view, threads, and once per game
and count two processes with different hash seeds) and, for every fifth game, a pickle
round trip and a deep copy of the final state. Games are split into chunks
run on ``--jobs`` processes; the result does not depend on the number of jobs.

    python benchmarks/soak.py                       # 10,000 games per game and count
    python benchmarks/soak.py --games 200 --jobs 2 --game gin-rummy

Prints ONE JSON object (per game and player count: games, moves, failures and the first
failures' texts; totals); progress goes to stderr. Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing
import pickle
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import rummykit
from rummykit.testing.conformance import check_variant

#: Games per chunk handed to a worker process.
CHUNK = 25


def _final_state_problems(game: str, players: int, seed: int) -> list[str]:
    """Play one random game to its end and round-trip the final state."""
    state = rummykit.variant(game).new_game(players=players, seed=seed)
    rng = random.Random(f"soak:{game}:{players}:{seed}")
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    problems = []
    if pickle.loads(pickle.dumps(state)) != state:
        problems.append(f"{game} {players}p seed {seed}: pickle round trip differs")
    if copy.deepcopy(state) != state:
        problems.append(f"{game} {players}p seed {seed}: deep copy differs")
    return problems


def run_chunk(job: tuple[str, int, int, int, int, bool]) -> dict[str, Any]:
    """Check ``count`` games from ``first`` on (``every``: each n-th state; ``processes``:
    also play one in two processes with different hash seeds)."""
    game, players, first, count, every, processes = job
    # the kit's probes run on every chunk; the two-process hash-seed check once per count
    report = check_variant(
        rummykit.variant(game),
        players=[players],
        games=count,
        seed=first,
        every=every,
        processes=processes,
    )
    failures = list(report.failures)
    for seed in range(first, first + count, 5):  # every fifth game: its final state too
        failures += _final_state_problems(game, players, seed)
    return {"game": game, "players": players, "games": report.games, "moves": report.moves,
            "failures": failures}  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per game and count")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--every", type=int, default=1, help="check each n-th state (1: all)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    args = parser.parse_args(argv)
    games = args.game or list(rummykit.variants())
    jobs: list[tuple[str, int, int, int, int, bool]] = []
    for game in games:
        variant = rummykit.variant(game)
        for players in sorted({variant.min_players, variant.max_players}):
            for first in range(args.seed, args.seed + args.games, CHUNK):
                count = min(CHUNK, args.seed + args.games - first)
                jobs.append((game, players, first, count, args.every, first == args.seed))
    started = time.perf_counter()
    results: dict[str, dict[str, dict[str, Any]]] = {}
    with multiprocessing.get_context("spawn").Pool(max(1, args.jobs)) as pool:
        for done, part in enumerate(pool.imap(run_chunk, jobs), 1):
            entry = results.setdefault(part["game"], {}).setdefault(
                f"{part['players']}p", {"games": 0, "moves": 0, "failures": 0, "first": []}
            )
            entry["games"] += part["games"]
            entry["moves"] += part["moves"]
            entry["failures"] += len(part["failures"])
            entry["first"] = (entry["first"] + part["failures"])[:5]
            if done % 10 == 0 or done == len(jobs):
                print(
                    f"[soak] {done}/{len(jobs)} chunks, {time.perf_counter() - started:.0f} s",
                    file=sys.stderr,
                )
    totals = {
        key: sum(entry[key] for counts in results.values() for entry in counts.values())
        for key in ("games", "moves", "failures")
    }
    print(
        json.dumps(
            {
                "games_per_count": args.games,
                "every": args.every,
                "seconds": round(time.perf_counter() - started, 1),
                "totals": totals,
                "results": results,
            },
            indent=1,
        )
    )
    return 1 if totals["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
