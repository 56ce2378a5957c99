"""One agent against another: its win rate with seats rotated over the same deals.

Each deal seed is played once with the agent under test in every seat in turn and the other
agent in the rest. Reports the win rate (a share of a shared win), the share of opponents it
finished ahead of by the final scores (half for a tie; 50% is par at any player count) and
95% intervals over the deal seeds (a seed's games share their cards). Agents: the built-in
ones (``random``, ``greedy``, ``search``) and ``first``, which plays the first legal move.

    python benchmarks/bench_agents.py --game crummy --players 4 --agent greedy --against first

The greedy agent's Crummy rule (:mod:`rummykit.agents_trick`) was chosen with this script.
Prints ONE JSON object.

``--log FILE`` appends each game to FILE in the line format of ``bench_search.py``'s logs
(keyed by game, player count, deal seed, seat and ``{"agent": ..., "against": ...}``) and
skips the games FILE holds. ``bench_search.py --report SEARCH_LOG FILE`` then compares the
two on the deal seeds both played whole, each seed's luck cancelling: how much a search adds
to the agent it is built on, on the same games.

    python benchmarks/bench_agents.py --game crummy-rummy --players 2 --games 200 \
        --seed 7000 --agent careful --against greedy --log careful.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench_search import _append, _key, _rate, ahead_share, read_log  # benchmarks/ on path

import rummykit
from rummykit.agents import Agent, make_agent
from rummykit.engine.moves import Move
from rummykit.engine.views import View
from rummykit.sim import game_seed, play_game


class FirstAgent:
    """Plays the first legal move (the greedy agent's Crummy play before it had a rule)."""

    name = "first"

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return legal[0]


def _agent(name: str) -> Agent:
    return FirstAgent() if name == "first" else make_agent(name)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="crummy")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=100, help="deal seeds (x players games)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--against", default="first")
    parser.add_argument("--log", type=Path, help="append each game here; skip those it holds")
    args = parser.parse_args(argv)
    game = rummykit.variant(args.game)
    players = args.players or game.min_players
    wins: list[float] = []
    ahead: list[float] = []
    started = time.perf_counter()
    setting = {"agent": args.agent, "against": args.against}
    logged = read_log(args.log) if args.log else {}
    from_log = 0
    for index in range(args.games):
        seed = game_seed(args.seed, index)
        for seat in range(players):
            key = _key((args.game, {}, players, seed, seat, setting))
            if key in logged:
                from_log += 1
            else:
                agents = [
                    _agent(args.agent if s == seat else args.against) for s in range(players)
                ]
                result = play_game(game, players=players, seed=seed, agents=agents)
                won = 1 / len(result.winners) if seat in result.winners else 0.0
                logged[key] = won, ahead_share(game, result.state.scores, seat), result.moves
                if args.log:
                    _append(args.log, key, logged[key])
            wins.append(logged[key][0])
            ahead.append(logged[key][1])
        print(f"[agents] {index + 1}/{args.games} deal seeds", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    win_rate, win_ci = _rate(wins, players)
    ahead_rate, ahead_ci = _rate(ahead, players)
    json.dump(
        {
            "game": args.game,
            "players": players,
            "agent": args.agent,
            "against": args.against,
            "games": len(wins),
            "win_rate": win_rate,
            "ci95": win_ci,
            "baseline": round(1 / players, 4),
            "ahead_rate": ahead_rate,
            "ahead_ci95": ahead_ci,
            "from_log": from_log,
            "seconds": round(time.perf_counter() - started, 1),
        },
        sys.stdout,
        indent=1,
    )
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
