"""How far the search agent's estimates can be trusted: its estimate of what each candidate
gains over the base choice, set against what the candidate gains in the real position.

Along games played by the base agent (the greedy agent, or the careful one with
``--careful``) in one seat and greedy agents in the others (game ``i``: seat ``i mod
players``), at each of that seat's decisions with more than one candidate, the search agent
weighs its candidates (:meth:`SearchAgent.evaluate <rummykit.search.SearchAgent.evaluate>`,
on samples of the hidden cards). Each candidate is also weighed in the real position: the
other hands as they really are, the stock shuffled ``--truth-rolls`` times (nobody knows its
order, so it is averaged out), the deal played to its end by the agents of the search's own
rollouts. That real gain is what the search would estimate if it read the other hands
perfectly and sampled without end.

Reported, over every candidate but the base choice: the correlation of estimated and real
gains, and their means (a sampler that deals the other hands at random misses how play has
shaped them; where the mean estimate is above the real mean, the samples flatter the moves
the base agent would not make). Then, for each threshold (``--confidence`` standard errors,
after ``--handicap`` points, every pair of them), how often it would leave the base choice
and what those departures gain in the real positions, per departure and per game, with 95%
intervals: a threshold whose departures lose in the real positions makes the search play
worse than its base agent, whatever its samples say.

    python benchmarks/search_truth.py --game crummy-rummy --games 6 --depth 60 --careful \\
        --confidence 1 --confidence 2 --confidence 3 --handicap 0 --handicap 10
    python benchmarks/search_truth.py --game gin-rummy --games 4 --deal 1

``--deal N`` plays only deal ``N`` of each game (started there, every score nought). Rummy
games only (the trick game's hands are not dealt from a stock). Prints ONE JSON object;
progress goes to stderr.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs
from search_headroom import mean_ci  # benchmarks/ is on the path

import rummykit
from rummykit.agents import Agent, GreedyAgent, choose_move
from rummykit.cli import parse_option
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move
from rummykit.engine.rummy import RummyRules, RummyState
from rummykit.search import SearchAgent, _significant_best
from rummykit.sim import game_seed

#: One weighed decision: per candidate (the base choice first), its gains over the base
#: choice on the samples, and its real gain.
Weighed = tuple[list[list[float]], list[float]]


def reshuffled(state: RummyState, rng: random.Random) -> RummyState:
    """``state`` with its stock in another order (every hand and the pile as they are).

    >>> import rummykit
    >>> state = rummykit.variant("gin-rummy").new_game(players=2, seed=1)
    >>> other = reshuffled(state, random.Random(0))
    >>> other.hands == state.hands, sorted(other.stock) == sorted(state.stock)
    (True, True)
    >>> other.stock != state.stock
    True
    """
    rules = state.variant.rules
    assert isinstance(rules, RummyRules)
    seat = state.to_move
    cards = list(rules.hidden_cards(state, seat))
    stock = cards[: len(state.stock)]
    rng.shuffle(stock)
    return rules.with_hidden(state, seat, stock + cards[len(stock) :])


def real_gains(
    agent: SearchAgent, state: RummyState, moves: Sequence[Move], rolls: int, seed: int
) -> list[float]:
    """Each of ``moves``' real gain over the first: the mean over ``rolls`` shuffles of the
    stock of its value (:meth:`SearchAgent._value`, the deal played to its end by the
    agents of the search's rollouts), every move on the same shuffles and tie-breaks."""
    seat, greedy = state.to_move, GreedyAgent()
    own = (seat, GreedyAgent(careful=True)) if agent.careful else None
    totals = [0.0] * len(moves)
    for roll in range(rolls):
        position = reshuffled(state, random.Random(f"{seed}:{roll}"))
        for index, move in enumerate(moves):
            rng = random.Random(f"{seed}:{roll}:tie-breaks")
            value = agent._value(position.apply(move), seat, greedy, rng, agent.horizon, own=own)
            totals[index] += value
    return [(total - totals[0]) / rolls for total in totals]


def play(
    game: rummykit.Variant,
    players: int,
    seed: int,
    seat: int,
    agent: SearchAgent,
    *,
    rolls: int,
    deal: int | None,
) -> list[Weighed]:
    """One game (or only deal ``deal``): ``seat`` played by the base agent, the others by
    greedy agents; each of ``seat``'s decisions with more than one candidate, weighed. An
    agent that remembers (``recall``, ``infer``) is shown ``seat``'s view after every move,
    as :func:`~rummykit.sim.play_game` shows it, from a memory of its own for this game."""
    state: GameState = game.new_game(players=players, seed=seed, deal=deal or 1)
    agent = attrs.evolve(agent)  # a new memory (recall, infer) for each game
    remembers = agent.recall or agent.infer
    if remembers:
        agent.observe(state.view(seat))
    base: Agent = GreedyAgent(careful=agent.careful)
    greedy = GreedyAgent()
    rng, own = random.Random(seed), random.Random(f"{seed}:seat")
    weighed: list[Weighed] = []
    while not state.is_over and (deal is None or state.deal_number == deal):
        if state.to_move != seat:
            state = state.apply(choose_move(greedy, state, rng))
            if remembers:
                agent.observe(state.view(seat))
            continue
        view = state.view(seat)
        move = base.choose(view, view.legal, own) if len(view.legal) > 1 else view.legal[0]
        if len(view.legal) > 1:
            evaluation = random.Random(f"{seed}:{len(weighed)}:{state.deal_number}")
            candidates, gains = agent.evaluate(view, view.legal, evaluation)
            if len(candidates) > 1:
                assert isinstance(state, RummyState)
                real = real_gains(agent, state, candidates, rolls, evaluation.randrange(2**32))
                weighed.append((gains, real))
        state = state.apply(move)
        if remembers:
            agent.observe(state.view(seat))
    return weighed


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation of ``xs`` and ``ys`` (``None`` where either does not vary)."""
    if len(xs) < 2 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return None
    return statistics.correlation(xs, ys)


def rule_report(
    games: Sequence[Sequence[Weighed]], confidence: float, handicap: float
) -> dict[str, Any]:
    """One threshold's departures over ``games`` and what they gain in the real positions."""
    each: list[float] = []
    per_game: list[float] = []
    for weighed in games:
        picked = [
            (_significant_best(gains, confidence, handicap), real) for gains, real in weighed
        ]
        gained = [real[index] for index, real in picked if index]
        each += gained
        per_game.append(sum(gained))
    mean, interval = mean_ci(each) if each else (0.0, (0.0, 0.0))
    game_mean, game_interval = mean_ci(per_game)
    return {
        "confidence": confidence,
        "handicap": handicap,
        "departures": len(each),
        "real_gain_per_departure": round(mean, 3),
        "per_departure_ci95": [round(x, 3) for x in interval],
        "real_gain_per_game": round(game_mean, 3),
        "per_game_ci95": [round(x, 3) for x in game_interval],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="crib-rummy")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=4, help="games (each its own seed)")
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--deal", type=int, help="play only this deal of each game")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--determinizations", type=int, default=8)
    parser.add_argument("--max-candidates", type=int, default=6)
    parser.add_argument("--depth", type=int, help="rollout moves before scoring as it stands")
    parser.add_argument("--careful", action="store_true", help="careful play as the base")
    parser.add_argument("--recall", action="store_true", help="the search remembers the deal")
    parser.add_argument(
        "--infer", action="store_true", help="the search reads the other hands from their moves"
    )
    parser.add_argument("--prune-after", type=int, help="samples before candidates are dropped")
    parser.add_argument("--truth-rolls", type=int, default=4, help="stock shuffles, real")
    parser.add_argument("--confidence", type=float, action="append", help="default 2")
    parser.add_argument("--handicap", type=float, action="append", help="points, default 0")
    args = parser.parse_args(argv)
    if args.games < 1 or args.truth_rolls < 1 or args.determinizations < 2:
        parser.error("--games and --truth-rolls must be at least 1, --determinizations 2")
    game = rummykit.variant(args.game, **dict(parse_option(t) for t in args.option))
    if not isinstance(game.rules, RummyRules):
        parser.error(f"{args.game} is not a rummy game (its hands are not dealt from a stock)")
    players = game.player_count(args.players or game.min_players)
    agent = SearchAgent(
        determinizations=args.determinizations,
        max_candidates=args.max_candidates,
        depth=args.depth,
        careful=args.careful,
        recall=args.recall,
        infer=args.infer,
        prune_after=args.prune_after,
    )
    started = time.perf_counter()
    games: list[list[Weighed]] = []
    for index in range(args.games):
        seed, seat = game_seed(args.seed, index), index % players
        games.append(
            play(game, players, seed, seat, agent, rolls=args.truth_rolls, deal=args.deal)
        )
        print(f"[truth] {index + 1}/{args.games} games", file=sys.stderr)
    estimated: list[float] = []
    real: list[float] = []
    for gains, reals in itertools.chain.from_iterable(games):
        estimated += [statistics.fmean(values) for values in gains[1:]]
        real += reals[1:]
    rules = itertools.product(args.confidence or [2.0], args.handicap or [0.0])
    report: dict[str, Any] = {
        "game": args.game,
        "players": players,
        "games": args.games,
        "deal": args.deal,
        "search": {
            "determinizations": args.determinizations,
            "max_candidates": args.max_candidates,
            "depth": args.depth,
            "careful": args.careful,
            "recall": args.recall,
            "infer": args.infer,
            "prune_after": args.prune_after,
        },
        "truth_rolls": args.truth_rolls,
        "decisions": sum(len(weighed) for weighed in games),
        "candidates": len(real),
        "correlation": None if (r := correlation(estimated, real)) is None else round(r, 3),
        "mean_estimated_gain": round(statistics.fmean(estimated), 3) if real else None,
        "mean_real_gain": round(statistics.fmean(real), 3) if real else None,
        "rules": [rule_report(games, c, h) for c, h in rules],
        "seconds": round(time.perf_counter() - started, 1),
    }
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
