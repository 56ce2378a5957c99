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
    python benchmarks/search_headroom.py --game gin-rummy --confidence 2 --confidence 1

Given ``--confidence`` more than once, every threshold chooses from the same samples, and
``compare`` gives each one's gain per deal and its paired difference from the first one's
(the same decisions, the same held-out halves: a far tighter comparison than two runs).

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
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move
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


def margin(
    game: rummykit.Variant, before: Sequence[int], after: Sequence[int], seat: int = 0
) -> float:
    """``seat``'s points over the deal (from ``before`` to ``after``) less the others' mean
    (the other way round where the lowest total wins)."""
    sign = -1 if lowest_wins(game) else 1
    deltas = [sign * (a - b) for a, b in zip(after, before, strict=True)]
    return deltas[seat] - statistics.fmean(deltas[:seat] + deltas[seat + 1 :])


def mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``values`` and its 95% interval (normal approximation).

    >>> mean_ci([1.0, 3.0])
    (2.0, (0.04, 3.96))
    """
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, (round(mean - half, 6), round(mean + half, 6))


def compared(
    confidence: float,
    decisions: Sequence[Decision],
    per_deal: Sequence[float],
    first: Sequence[float],
    true_per_deal: Sequence[float],
) -> dict[str, Any]:
    """One threshold's figures: how often it left the greedy choice, its held-out gain per
    deal, that gain less the first threshold's, deal by deal (paired), and its gain in the
    real positions, with intervals."""
    gain, interval = mean_ci(per_deal)
    difference, between = mean_ci([a - b for a, b in zip(per_deal, first, strict=True)])
    real, real_interval = mean_ci(true_per_deal)
    return {
        "confidence": confidence,
        "left_greedy": sum(1 for index, _, _ in decisions if index),
        "held_out_gain_per_deal": round(gain, 3),
        "per_deal_ci95": [round(x, 3) for x in interval],
        "over_first": round(difference, 3),
        "over_first_ci95": [round(x, 3) for x in between],
        "true_gain_per_deal": round(real, 3),
        "true_ci95": [round(x, 3) for x in real_interval],
    }


#: One decision as a threshold made it: the chosen candidate (0: the greedy choice), its
#: held-out gain on the samples, and its gain in the real position.
Decision = tuple[int, float, float]


def true_gain(
    agent: SearchAgent, state: GameState, moves: Sequence[Move], chosen: int, seed: int
) -> float:
    """What candidate ``chosen`` gains over candidate 0 in the real position ``state`` (the
    real hands and stock, which the samples only guess at): both rolled out by greedy
    agents, as the deal goes on here, with the same random tie-breaks. One roll of the real
    future, so noisy, but free of the sampler's blind spots (a sample deals the unseen cards
    uniformly; real opponents' hands are shaped by the play)."""
    if not chosen:
        return 0.0
    seat, greedy = state.to_move, GreedyAgent()
    values = [
        agent._value(state.apply(moves[index]), seat, greedy, random.Random(seed))
        for index in (chosen, 0)
    ]
    return values[0] - values[1]


def deal(
    game: rummykit.Variant,
    players: int,
    seed: int,
    agent: SearchAgent,
    confidences: Sequence[float],
) -> tuple[list[list[Decision]], float]:
    """One deal between greedy agents: each decision of seat 0 as :func:`held_out` and
    :func:`true_gain` see it with each of ``confidences`` (a list per confidence), and seat
    0's margin over the deal."""
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    greedy = GreedyAgent()
    first, before = state.deal_number, state.scores
    decisions: list[list[Decision]] = [[] for _ in confidences]
    while not state.is_over and state.deal_number == first:
        view = state.view(state.to_move)
        if view.seat == 0 and len(view.legal) > 1:
            moves, gains = agent.evaluate(view, view.legal, rng)
            real: dict[int, float] = {}
            roll = rng.randrange(2**32)
            for chosen, confidence in zip(decisions, confidences, strict=True):
                best, gain = held_out(gains, confidence)
                if best not in real:
                    real[best] = true_gain(agent, state, moves, best, roll)
                chosen.append((best, gain, real[best]))
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
    parser.add_argument(
        "--confidence",
        type=float,
        action="append",
        help="standard errors a move must clear (default 2; repeat to compare thresholds)",
    )
    parser.add_argument("--depth", type=int, help="rollout moves before scoring as it stands")
    parser.add_argument("--rollout", default="greedy", choices=("greedy", "random"))
    args = parser.parse_args(argv)
    if args.determinizations < 4:
        parser.error("--determinizations must be at least 4 (two halves of two)")
    confidences: list[float] = args.confidence or [2.0]
    game = rummykit.variant(args.game, **dict(parse_option(t) for t in args.option))
    players = args.players or game.min_players
    agent = SearchAgent(
        determinizations=args.determinizations,
        max_candidates=args.max_candidates,
        depth=args.depth,
        rollout=args.rollout,
    )
    started = time.perf_counter()
    chosen: list[list[Decision]] = [[] for _ in confidences]
    per_deal: list[list[float]] = [[] for _ in confidences]  # per confidence, per deal
    true_per_deal: list[list[float]] = [[] for _ in confidences]
    margins: list[float] = []
    for index in range(args.deals):
        decisions, deal_margin = deal(
            game, players, game_seed(args.seed, index), agent, confidences
        )
        for which, made in enumerate(decisions):
            chosen[which] += made
            per_deal[which].append(sum(gain for _, gain, _ in made))
            true_per_deal[which].append(sum(real for _, _, real in made))
        margins.append(deal_margin)
        print(f"[headroom] {index + 1}/{args.deals} deals", file=sys.stderr)
    gains = [gain for _, gain, _ in chosen[0]]
    spread = statistics.stdev(margins) if len(margins) > 1 else 0.0
    gain, (low, high) = mean_ci(per_deal[0])
    real, (real_low, real_high) = mean_ci(true_per_deal[0])
    report: dict[str, Any] = {
        "game": args.game,
        "players": players,
        "deals": args.deals,
        "search": {
            "determinizations": args.determinizations,
            "max_candidates": args.max_candidates,
            "confidence": confidences[0],
            "depth": args.depth,
            "rollout": args.rollout,
        },
        "decisions": len(chosen[0]),
        "left_greedy": sum(1 for index, _, _ in chosen[0] if index),
        "held_out_gain_per_decision": round(statistics.fmean(gains), 4) if gains else 0.0,
        "held_out_gain_per_deal": round(gain, 3),
        "per_deal_ci95": [round(low, 3), round(high, 3)],
        "deal_margin_sd": round(spread, 3),
        "gain_in_margin_sds": round(gain / spread, 4) if spread else None,
        "true_gain_per_deal": round(real, 3),
        "true_ci95": [round(real_low, 3), round(real_high, 3)],
        "true_gain_in_margin_sds": round(real / spread, 4) if spread else None,
        "seconds": round(time.perf_counter() - started, 1),
    }
    if len(confidences) > 1:
        report["compare"] = [
            compared(confidence, made, deals, per_deal[0], real)
            for confidence, made, deals, real in zip(
                confidences, chosen, per_deal, true_per_deal, strict=True
            )
        ]
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
