"""Random-playout speed of this tree against another revision, interleaved, as ratios.

For every game both trees know (or those given with ``--variant``), at its usual player
count, each round plays the same random games once under the base revision and once under
this tree, each in a fresh subprocess, alternating which goes first, and measures moves per
CPU-second. It prints ONE JSON object: per game the median over rounds of the ratio
this/base, with both sides' medians; progress goes to stderr.

    python benchmarks/bench_versus.py --base 6876706            # every game, 5 rounds
    python benchmarks/bench_versus.py --base HEAD~3 --variant gin-rummy --rounds 9

The base revision's ``src/`` is unpacked from git into a temporary folder. The player moves
uniformly at random among the legal moves (the only API both sides are sure to share).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The usual player count of each game (others: its least).
USUAL: dict[str, int] = {
    "crib-rummy": 2,
    "crazy-rummy": 4,
    "contract-rummy": 4,
    "crummy-rummy": 4,
    "crummy": 4,
    "crazy-rummy-faceup": 4,
    "gin-rummy": 2,
    "basic-rummy": 4,
    "rummy-500": 4,
}

#: Runs inside the subprocess: plays games until it has used the CPU budget.
WORKER = r"""
import json, random, sys, time
import rummykit
game_id, players = sys.argv[1], int(sys.argv[2])
budget, seed = float(sys.argv[3]), int(sys.argv[4])
game = rummykit.variant(game_id)
moves = games = 0
started = time.process_time()
while time.process_time() - started < budget:
    rng = random.Random(f"{seed}:{games}")
    state = game.new_game(players=players, seed=seed + games)
    while not state.is_over and moves < 10**9:
        state = state.apply(rng.choice(list(state.legal_moves())))
        moves += 1
    games += 1
used = time.process_time() - started
print(json.dumps({"moves": moves, "games": games, "cpu": used, "rate": moves / used}))
"""


def _run(src: Path, game: str, players: int, budget: float, seed: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    out = subprocess.run(
        [sys.executable, "-c", WORKER, game, str(players), str(budget), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def _known(src: Path) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(src))
    code = "import json, rummykit; print(json.dumps(list(rummykit.variants())))"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    found: list[str] = json.loads(out.stdout)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the git revision to compare against")
    parser.add_argument("--variant", action="append", help="only this game (repeatable)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.base, "src"],
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        base_src, this_src = Path(tmp) / "src", ROOT / "src"
        games = args.variant or sorted(set(_known(base_src)) & set(_known(this_src)))
        report: dict[str, Any] = {"base": args.base, "rounds": args.rounds, "games": {}}
        for game in games:
            players = USUAL.get(game, 2)
            ratios, base_rates, this_rates = [], [], []
            for round_ in range(args.rounds):
                sides = [("base", base_src), ("this", this_src)]
                if round_ % 2:
                    sides.reverse()
                rates = {
                    name: _run(src, game, players, args.seconds, args.seed)["rate"]
                    for name, src in sides
                }
                base_rates.append(rates["base"])
                this_rates.append(rates["this"])
                ratios.append(rates["this"] / rates["base"])
                print(
                    f"{game} round {round_ + 1}: base {rates['base']:.0f}, "
                    f"this {rates['this']:.0f} moves/CPU-s",
                    file=sys.stderr,
                )
            report["games"][game] = {
                "players": players,
                "base_moves_per_cpu_second": round(statistics.median(base_rates)),
                "this_moves_per_cpu_second": round(statistics.median(this_rates)),
                "median_ratio": round(statistics.median(ratios), 3),
                "ratios": [round(r, 3) for r in ratios],
            }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
