"""What the search agent gains over a deal it plays, against greedy agents: the same deals
played twice, once with the search agent in one seat and once with greedy agents in every
seat, so each deal's luck cancels out of the difference.

Where ``search_headroom.py`` weighs single choices along greedy play, this plays whole
deals: the search's later choices follow its earlier ones, and nothing is estimated from
the samples. The seat rotates with the deal (deal ``i``: seat ``i mod players``). Each
``--agent`` (search settings as JSON; default the agent's defaults) plays the same deals,
so settings are compared deal by deal: ``compare`` gives each one's gain less the first
one's, paired, and the CPU seconds its decisions took.

    python benchmarks/search_deals.py --game crazy-rummy --players 3 --deals 60 \\
        --agent '{"determinizations": 16}' \\
        --agent '{"determinizations": 64, "prune_after": 8}'
    python benchmarks/search_deals.py --game crib-rummy --deals 100 \\
        --agent '{}' --agent '{"agent": "ismcts", "iterations": 128}'
    python benchmarks/search_deals.py --game crummy-rummy --deals 60 --deal 7

Each game's first deal is played unless ``--deal N`` names another: the games start
there (every score nought), so that a game whose deals differ (a contract a round) is
measured round by round.

An ``--agent`` with ``"agent": "ismcts"`` is an :class:`~rummykit.search.ISMCTSAgent` (its
other settings are that agent's), as in ``bench_search.py``.

Gains are the seat's margin over the deal (its points less the others' mean, the other way
round where the lowest total wins), in points per deal with a 95% interval over the deals.
Prints ONE JSON object; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs
from bench_search import _search_agent  # benchmarks/ is on the path
from search_headroom import margin, mean_ci

import rummykit
from rummykit.agents import Agent, GreedyAgent, choose_move, show_all
from rummykit.cli import parse_option
from rummykit.sim import game_seed


def deal_margin(
    game: rummykit.Variant, seed: int, players: int, seat: int, agent: Agent, *, deal: int = 1
) -> tuple[float, float]:
    """Play deal ``deal`` of game ``seed`` (started there, every score nought) with ``agent``
    in ``seat`` and greedy agents in the others: ``seat``'s margin over the deal, and the
    CPU seconds ``agent`` took. The seat draws on a random stream of its own, so that the
    greedy seats' tie-breaks are the same whatever plays the seat. An agent that remembers
    is shown the seat's view after every move (:func:`~rummykit.agents.show_all`), its time
    counted as the agent's."""
    state = game.new_game(players=players, seed=seed, deal=deal)
    rng, own = random.Random(seed), random.Random(f"{seed}:seat")
    greedy = GreedyAgent()
    seats: list[Agent] = [agent if s == seat else greedy for s in range(players)]
    first, before = state.deal_number, state.scores
    spent = 0.0
    started = time.process_time()
    show_all(seats, state)
    spent += time.process_time() - started
    while not state.is_over and state.deal_number == first:
        started = time.process_time()
        if state.to_move == seat:
            move = choose_move(agent, state, own)
            spent += time.process_time() - started
        else:
            move = choose_move(greedy, state, rng)
        state = state.apply(move)
        started = time.process_time()
        show_all(seats, state)
        spent += time.process_time() - started
    return margin(game, before, state.scores, seat), spent


def agent_settings(text: str) -> dict[str, Any]:
    """An ``--agent`` argument: search settings as a JSON object.

    >>> agent_settings('{"determinizations": 4}')
    {'determinizations': 4}
    >>> agent_settings('[4]')
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: search settings must be a JSON object, got '[4]'
    """
    try:
        settings = json.loads(text)
    except json.JSONDecodeError as error:
        raise argparse.ArgumentTypeError(f"search settings are not JSON: {error}") from None
    if not isinstance(settings, dict):
        raise argparse.ArgumentTypeError(f"search settings must be a JSON object, got {text!r}")
    return settings


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="crazy-rummy")
    parser.add_argument("--players", type=int)
    parser.add_argument("--deals", type=int, default=20, help="deals (each its own seed)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--deal",
        type=int,
        default=1,
        help="which deal of each game to play (in Contract and Crummy Rummy, which contract)",
    )
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument(
        "--agent",
        type=agent_settings,
        action="append",
        metavar="JSON",
        help="search settings, e.g. '{\"determinizations\": 16}' (repeat to compare)",
    )
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    game = rummykit.variant(args.game, **dict(parse_option(t) for t in args.option))
    players = args.players or game.min_players
    try:
        game.new_game(players=players, deal=args.deal)
    except ValueError as error:
        parser.error(f"--deal {args.deal}: {error}")
    settings: list[dict[str, Any]] = args.agent or [{}]
    try:
        agents = [_search_agent(s) for s in settings]
    except (TypeError, ValueError) as error:
        parser.error(f"bad search settings: {error}")
    greedy: list[float] = []
    gains: list[list[float]] = [[] for _ in agents]
    seconds = [0.0 for _ in agents]
    for index in range(args.deals):
        seed, seat = game_seed(args.seed, index), index % players
        base, _ = deal_margin(game, seed, players, seat, GreedyAgent(), deal=args.deal)
        greedy.append(base)
        for which, agent in enumerate(agents):
            # a new agent each deal: one that remembers starts with a clean memory
            margin, spent = deal_margin(
                game, seed, players, seat, attrs.evolve(agent), deal=args.deal
            )
            gains[which].append(margin - base)
            seconds[which] += spent
        print(f"[deals] {index + 1}/{args.deals}", file=sys.stderr)
    results = []
    for setting, gained, spent in zip(settings, gains, seconds, strict=True):
        gain, interval = mean_ci(gained)
        over, over_interval = mean_ci([a - b for a, b in zip(gained, gains[0], strict=True)])
        results.append({
            "search": setting,
            "gain_per_deal": round(gain, 3),
            "ci95": [round(x, 3) for x in interval],
            "over_first": round(over, 3),
            "over_first_ci95": [round(x, 3) for x in over_interval],
            "cpu_seconds": round(spent, 1),
        })  # fmt: skip
    report = {
        "game": args.game,
        "players": players,
        "deals": args.deals,
        "deal": args.deal,
        "greedy_margin_sd": round(statistics.stdev(greedy), 3) if len(greedy) > 1 else 0.0,
        "compare": results,
    }
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
