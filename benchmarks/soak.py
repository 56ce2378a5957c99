"""Soak test: many random games of every registered game, every invariant checked.

For each game and two player counts (its least and its most), plays ``--games`` seeded
random games through the conformance kit (:func:`rummykit.testing.conformance.check_variant`:
cards conserved, sound and complete move lists, no mutation, views that a re-deal of the
hidden cards leaves unchanged, exact record replay, a pickle round trip and a deep copy of
every game's final state, termination, and the kit's probes: malformed moves of every type,
everything reachable from a view after a re-deal and after a renaming of the hidden cards,
threads, and once per game and count two processes with different hash seeds). Games are
split into chunks run on ``--jobs`` processes; the result does not depend on the number of
jobs.

    python benchmarks/soak.py                       # 10,000 games per game and count
    python benchmarks/soak.py --games 200 --jobs 2 --game gin-rummy
    python benchmarks/soak.py --seed 1000 --games 250 --every 4 --log soak.jsonl
    python benchmarks/soak.py --report soak.jsonl   # everything the log holds

Prints ONE JSON object (per game and player count: games, moves, failures and the first
failures' texts; totals); progress goes to stderr. Exit status 1 when anything failed, 2
when a worker process died (killed from outside, say) and the run stopped short.

A soak takes hours: with ``--log FILE`` each finished chunk is appended to FILE as one JSON
line at once, a run started again with the same log skips the chunks it holds (so a run
stopped midway loses at most the chunks under way), and the report covers the chunks of
the run, logged before or now. ``--report FILE`` prints the report of every chunk a log
holds (every run and seed range written to it) without playing. Chunks run seed by seed
across the games, so a run stopped at any point has brought every game and count about
equally far. Each logged chunk names the commit of the code it checked (``-dirty`` if the
package's files differed from it).

The full soak (10,000 games at every count, ``--every 4``) takes about 42 CPU hours (as its
log measures them; a day of one 2-core machine), longer than a working session, and files
outside the repository are not kept between machines: its log is kept in the repository,
``benchmarks/results/soak.jsonl``, and committed as it grows. ``make soak`` goes on from
where that log ends (seeds from 10,000, both cores; stop it at any time and commit the log),
and ``make soak-report`` reports it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import rummykit
from rummykit.testing.conformance import check_variant

#: Games per chunk handed to a worker process.
CHUNK = 25


def checked_commit() -> str | None:
    """The commit of the rummykit that this process imports (the code under test), with
    ``-dirty`` when that package's files differ from it (the soak's own log, which changes
    as it runs, does not count), or None outside a git checkout."""
    package = Path(rummykit.__file__).resolve().parent

    def git(*args: str) -> str | None:
        try:
            run = subprocess.run(
                ["git", *args], cwd=package, capture_output=True, text=True, timeout=30,
                check=False,
            )  # fmt: skip
        except (OSError, subprocess.SubprocessError):
            return None
        return run.stdout.strip() if run.returncode == 0 else None

    head = git("rev-parse", "--short=12", "HEAD")
    if not head:
        return None
    return head + ("-dirty" if git("status", "--porcelain", "--", ".") else "")


def run_chunk(job: tuple[str, int, int, int, int, bool]) -> dict[str, Any]:
    """Check ``count`` games from ``first`` on (``every``: each n-th state; ``processes``:
    also play one in two processes with different hash seeds)."""
    game, players, first, count, every, processes = job
    started = time.process_time()  # CPU time: a busy or paused machine does not inflate it
    # the kit's probes run on every chunk; the two-process hash-seed check once per count
    checked = check_variant(
        rummykit.variant(game),
        players=[players],
        games=count,
        seed=first,
        every=every,
        processes=processes,
    )
    failures = list(checked.failures)
    return {"game": game, "players": players, "first": first, "count": count, "every": every,
            "games": checked.games, "moves": checked.moves, "failures": failures,
            "seconds": round(time.process_time() - started, 1)}  # fmt: skip


def _key(part: dict[str, Any]) -> tuple[str, int, int, int, int]:
    """What identifies a chunk in a log: its game, player count, seeds and check spacing."""
    return (part["game"], part["players"], part["first"], part["count"], part["every"])


def read_log(path: Path) -> list[dict[str, Any]]:
    """The chunks a log holds (none if it does not exist); a line cut short by a stopped run
    (the last one) is left out, any other bad line is an error."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    parts = []
    for number, line in enumerate(lines, 1):
        try:
            parts.append(json.loads(line))
        except json.JSONDecodeError:
            if number < len(lines):
                raise ValueError(f"{path}:{number}: not a JSON line of a soak log") from None
    return parts


def _append(path: Path, part: dict[str, Any]) -> None:
    """Add one finished chunk to the log, flushed to disk before the next one starts."""
    with path.open("a", encoding="utf-8") as log:
        log.write(json.dumps(part) + "\n")
        log.flush()
        os.fsync(log.fileno())


def _duration(seconds: float) -> str:
    """``seconds`` as a person reads a duration: ``"40 s"``, ``"12 min"``, ``"31.5 h"``.

    >>> _duration(40.2), _duration(725), _duration(113_400)
    ('40 s', '12 min', '31.5 h')
    """
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def report(parts: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Per game and player count: games, moves, failures and the first failures' texts,
    and the CPU seconds a game takes (over the chunks that were timed); the totals; and the
    commits whose code the chunks checked. A chunk logged more than once (two runs over
    the same seeds) counts once."""
    results: dict[str, dict[str, dict[str, Any]]] = {}
    timed: dict[tuple[str, str], list[float]] = {}
    seen: set[tuple[str, int, int, int, int]] = set()
    kept = []
    for part in parts:
        if _key(part) in seen:
            continue
        seen.add(_key(part))
        kept.append(part)
        count = f"{part['players']}p"
        entry = results.setdefault(part["game"], {}).setdefault(
            count, {"games": 0, "moves": 0, "failures": 0, "first": []}
        )
        entry["games"] += part["games"]
        entry["moves"] += part["moves"]
        entry["failures"] += len(part["failures"])
        entry["first"] = (entry["first"] + part["failures"])[:5]
        if "seconds" in part:  # chunks logged before chunks were timed have none
            spent = timed.setdefault((part["game"], count), [0.0, 0.0])
            spent[0] += part["seconds"]
            spent[1] += part["games"]
    for (game, count), (seconds, games) in timed.items():
        if games:
            results[game][count]["seconds_per_game"] = round(seconds / games, 3)
    totals = {
        key: sum(entry[key] for counts in results.values() for entry in counts.values())
        for key in ("games", "moves", "failures")
    }
    commits = sorted({part.get("commit") or "unrecorded" for part in kept})
    return {"totals": totals, "commits": commits, "results": results}


def with_goal(whole: dict[str, Any], games: int) -> dict[str, Any]:
    """``whole`` (a :func:`report`) with what is left to reach ``games`` games at every
    game and count it holds (``to_go``): the games in all and per count, and the CPU hours
    they take at each count's seconds a game so far.

    >>> part = {"games": 40, "moves": 9, "failures": 0, "first": [], "seconds_per_game": 1.5}
    >>> with_goal({"totals": {}, "results": {"gin-rummy": {"2p": part}}}, 100)["to_go"]
    {'games': 60, 'cpu_hours': 0.03, 'per_count': {'gin-rummy': {'2p': 60}}}
    """
    to_go = 0
    seconds = 0.0
    per_count: dict[str, dict[str, int]] = {}
    for game, counts in whole["results"].items():
        for count, entry in counts.items():
            left = max(0, games - entry["games"])
            to_go += left
            seconds += left * entry.get("seconds_per_game", 0.0)
            per_count.setdefault(game, {})[count] = left
    goal = {"games": to_go, "cpu_hours": round(seconds / 3600, 2), "per_count": per_count}
    return {**whole, "to_go": goal}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=10_000, help="games per game and count (the goal of --report)"
    )
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--every", type=int, default=1, help="check each n-th state (1: all)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--log", type=Path, help="append each finished chunk here; resume")
    parser.add_argument("--report", type=Path, metavar="LOG", help="report a log; play none")
    args = parser.parse_args(argv)
    if args.report is not None:
        whole = with_goal(report(read_log(args.report)), args.games)
        print(json.dumps({"log": str(args.report), **whole}, indent=1))
        return 1 if whole["totals"]["failures"] else 0
    games = args.game or list(rummykit.variants())
    jobs: list[tuple[str, int, int, int, int, bool]] = []
    # seed-major: a run stopped at any point has brought every game and count equally far
    for first in range(args.seed, args.seed + args.games, CHUNK):
        count = min(CHUNK, args.seed + args.games - first)
        for game in games:
            variant = rummykit.variant(game)
            for players in sorted({variant.min_players, variant.max_players}):
                jobs.append((game, players, first, count, args.every, first == args.seed))
    logged = {_key(part): part for part in read_log(args.log)} if args.log else {}
    parts = [logged[job[:5]] for job in jobs if job[:5] in logged]
    todo = [job for job in jobs if job[:5] not in logged]
    if parts:
        print(f"[soak] {len(parts)} of {len(jobs)} chunks are in {args.log}", file=sys.stderr)
    started = time.perf_counter()
    commit = checked_commit()
    stopped = None
    workers = max(1, min(args.jobs, len(todo)))
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        done = 0
        try:
            for played in pool.map(run_chunk, todo):
                done += 1
                part = {**played, "commit": commit}
                parts.append(part)
                if args.log is not None:
                    _append(args.log, part)
                if done % 10 == 0 or done == len(todo):
                    spent = time.perf_counter() - started
                    print(
                        f"[soak] {done}/{len(todo)} chunks, {spent:.0f} s,"
                        f" {_duration(spent / done * (len(todo) - done))} to go",
                        file=sys.stderr,
                    )
        except BrokenProcessPool:
            # A worker that dies (killed, or out of memory) would leave a pool waiting for
            # its chunk for ever: stop, and say how to go on.
            again = "run the same command again to go on" if args.log else "use --log to resume"
            stopped = f"a worker process died after {done} of {len(todo)} chunks; {again}"
            print(f"[soak] {stopped}", file=sys.stderr)
    whole = report(parts)
    out = {
        "games_per_count": args.games,
        "every": args.every,
        "seconds": round(time.perf_counter() - started, 1),
        **whole,
    }
    if stopped is not None:
        out["stopped"] = stopped
    print(json.dumps(out, indent=1))
    if stopped is not None:
        return 2
    return 1 if whole["totals"]["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
