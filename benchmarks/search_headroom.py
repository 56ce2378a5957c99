"""How much the search agent's choices are worth over the greedy agent's, in points per deal,
measured in minutes before a win-rate benchmark (``bench_search.py``) takes hours.

Along deals played by greedy agents in every seat, at each decision of seat 0 with more than
one legal move, the search agent weighs its candidates (:meth:`SearchAgent.evaluate`: the
greedy agent's first choices, each rolled out on the same samples of the hidden cards). The
samples are split in two halves. The first half chooses as the agent would (a candidate
whose mean gain over the greedy choice clears ``--confidence`` standard errors, else the
greedy choice); the second half, which played no part in the choice, measures what the
chosen move gains. That held-out gain is unbiased (choosing the best of noisy means and
reporting that same mean is not: it finds gains in pure noise), so its sum over a deal is
what the search's choices are worth in points per deal, greedy play following.

Set against the spread of a seat's margin over a deal between greedy agents, it says what a
win-rate benchmark can show. Roughly, for two players: a gain of ``g`` spreads a deal
(``gain_in_margin_sds``), over a game of ``n`` such deals, wins about ``Phi(g * sqrt(n))``
of the games, ``Phi`` the standard normal distribution (0.13 over 5 deals: 62%).

    python benchmarks/search_headroom.py --game crib-rummy --deals 12 --determinizations 64
    python benchmarks/search_headroom.py --game crazy-rummy --players 3 --depth 30

Prints ONE JSON object; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import rummykit
from rummykit.agents import GreedyAgent, choose_move
from rummykit.cli import parse_option
from rummykit.search import SearchAgent, _significant_best, lowest_wins
from rummykit.sim import game_seed


def held_out(gains: Sequence[Sequence[float]], confidence: float) -> tuple[int, float]:
    """Choose on the first half of each candidate's samples as the agent does; return the
    chosen candidate's index and its mean gain over candidate 0 on the second half.

    >>> held_out([[0.0] * 4, [1.0, 1.1, 0.0, -0.2]], confidence=2.0)
    (1, -0.1)
    >>> held_out([[0.0] * 4, [1.0, -1.0, 5.0, 5.0]], confidence=2.0)  # first half: noise
    (0, 0.0)
    """
    half = len(gains[0]) // 2
    best = _significant_best([values[:half] for values in gains], confidence)
    return best, (round(statistics.fmean(gains[best][half:]), 6) if best else 0.0)


def margin(game: rummykit.Variant, before: Sequence[int], after: Sequence[int]) -> float:
    """Seat 0's points over the deal (from ``before`` to ``after``) less the others' mean
    (the other way round where the lowest total wins)."""
    sign = -1 if lowest_wins(game) else 1
    deltas = [sign * (a - b) for a, b in zip(after, before, strict=True)]
    return deltas[0] - statistics.fmean(deltas[1:])


def deal(
    game: rummykit.Variant, players: int, seed: int, agent: SearchAgent, confidence: float
) -> tuple[list[tuple[int, float]], float]:
    """One deal between greedy agents: each decision of seat 0 as :func:`held_out` sees it,
    and seat 0's margin over the deal."""
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    greedy = GreedyAgent()
    first, before = state.deal_number, state.scores
    decisions = []
    while not state.is_over and state.deal_number == first:
        view = state.view(state.to_move)
        if view.seat == 0 and len(view.legal) > 1:
            _, gains = agent.evaluate(view, view.legal, rng)
            decisions.append(held_out(gains, confidence))
        state = state.apply(choose_move(greedy, state, rng))
    return decisions, margin(game, before, state.scores)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="crib-rummy")
    parser.add_argument("--players", type=int)
    parser.add_argument("--deals", type=int, default=12, help="deals (each its own seed)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--determinizations", type=int, default=32, help="both halves")
    parser.add_argument("--max-candidates", type=int, default=6)
    parser.add_argument("--confidence", type=float, default=2.0)
    parser.add_argument("--depth", type=int, help="rollout moves before scoring as it stands")
    parser.add_argument("--rollout", default="greedy", choices=("greedy", "random"))
    args = parser.parse_args(argv)
    if args.determinizations < 4:
        parser.error("--determinizations must be at least 4 (two halves of two)")
    game = rummykit.variant(args.game, **dict(parse_option(t) for t in args.option))
    players = args.players or game.min_players
    agent = SearchAgent(
        determinizations=args.determinizations,
        max_candidates=args.max_candidates,
        depth=args.depth,
        rollout=args.rollout,
    )
    started = time.perf_counter()
    chosen: list[tuple[int, float]] = []
    per_deal: list[float] = []
    margins: list[float] = []
    for index in range(args.deals):
        decisions, deal_margin = deal(
            game, players, game_seed(args.seed, index), agent, args.confidence
        )
        chosen += decisions
        per_deal.append(sum(gain for _, gain in decisions))
        margins.append(deal_margin)
        print(f"[headroom] {index + 1}/{args.deals} deals", file=sys.stderr)
    gains = [gain for _, gain in chosen]
    spread = statistics.stdev(margins) if len(margins) > 1 else 0.0
    gain = statistics.fmean(per_deal)
    half = (
        1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else 0.0
    )
    report: dict[str, Any] = {
        "game": args.game,
        "players": players,
        "deals": args.deals,
        "search": {
            "determinizations": args.determinizations,
            "max_candidates": args.max_candidates,
            "confidence": args.confidence,
            "depth": args.depth,
            "rollout": args.rollout,
        },
        "decisions": len(chosen),
        "left_greedy": sum(1 for index, _ in chosen if index),
        "held_out_gain_per_decision": round(statistics.fmean(gains), 4) if gains else 0.0,
        "held_out_gain_per_deal": round(gain, 3),
        "per_deal_ci95": [round(gain - half, 3), round(gain + half, 3)],
        "deal_margin_sd": round(spread, 3),
        "gain_in_margin_sds": round(gain / spread, 4) if spread else None,
        "seconds": round(time.perf_counter() - started, 1),
    }
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
