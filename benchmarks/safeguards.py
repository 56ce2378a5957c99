"""How often a safeguard ends a deal: R36a and R56a ask that the default caps end at most one
deal in 1,000 between greedy agents.

Plays seeded games between agents and counts, per game and player count, how every deal ended
(``DealOutcome.reason`` of each finished deal: ``out``, ``stock``, ``safeguard``, ...). For the
deals a safeguard ended it reports which deal of the game it was (Crummy Rummy's and Contract
Rummy's round 7 is the one greedy agents used to stall in) and how many reshuffles and turns
it had had. Prints one JSON object; progress goes to stderr.

    python benchmarks/safeguards.py                                   # greedy, every game
    python benchmarks/safeguards.py --games 250 --players 4 --variant crummy-rummy
    python benchmarks/safeguards.py --agent random --games 50
    python benchmarks/safeguards.py --option max_reshuffles=1000000 --variant contract-rummy

``--check-lifted`` plays again, with the safeguards at their ceilings (10,000), each game in
which a safeguard ended a deal, and reports as ``false_stops`` the deals that then end by the
rules (R36a: the default must stop only deals that make no progress).

``--jobs`` spreads the games over processes (the figures do not depend on it). The games are
those of ``rummykit simulate VARIANT --seed SEED --agent AGENT``.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import rummykit
from rummykit.agents import choose_move, make_agent
from rummykit.sim import agent_rng, game_seed

SEED = 20261125


def wilson(hits: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate ``hits / total``."""
    if not total:
        return (0.0, 1.0)
    p = hits / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_one(job: tuple[str, dict[str, Any], int, int, str, int]) -> dict[str, Any]:
    """Play game ``index`` of a run; return how each of its deals ended."""
    game_id, options, players, index, agent, max_moves = job
    game = rummykit.variant(game_id, **options)
    seed = game_seed(SEED, index)
    state = game.new_game(players=players, seed=seed)
    agents = [make_agent(agent) for _ in range(players)]
    rng = agent_rng(seed)
    endings: Counter[str] = Counter()
    reasons: dict[int, str] = {}  # deal number -> how it ended
    safeguards: list[dict[str, Any]] = []
    lengths: list[tuple[int, int, bool]] = []  # (turns, reshuffles, safeguard) of each deal
    deal = state.deal_number
    before = state
    moves = 0
    while not state.is_over and moves < max_moves:
        before = state
        state = state.apply(choose_move(agents[state.to_move], state, rng))
        moves += 1
        if state.deal_number != deal or state.is_over:
            outcome = getattr(state, "last_deal", None)
            reason = getattr(getattr(outcome, "reason", None), "value", "unknown")
            endings[reason] += 1
            reasons[deal] = reason
            lengths.append(
                (
                    sum(getattr(before, "turns", ())) + 1,
                    getattr(before, "reshuffles", 0),
                    reason == "safeguard",
                )
            )
            if reason == "safeguard":
                safeguards.append(
                    {
                        "index": index,
                        "seed": seed,
                        "deal": deal,
                        "reshuffles": getattr(before, "reshuffles", None),
                        "turns": sum(getattr(before, "turns", ())),
                    }
                )
            deal = state.deal_number
    return {
        "moves": moves,
        "reasons": reasons,
        "endings": dict(endings),
        "safeguards": safeguards,
        "lengths": lengths,
        "unfinished": not state.is_over,
    }


def measure(
    game_id: str,
    options: dict[str, Any],
    players: int,
    *,
    games: int,
    agent: str,
    jobs: int,
    max_moves: int,
) -> dict[str, Any]:
    work = [(game_id, options, players, i, agent, max_moves) for i in range(games)]
    started = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_one, work, chunksize=max(1, games // (jobs * 8)))
    else:
        results = [play_one(job) for job in work]
    endings: Counter[str] = Counter()
    for result in results:
        endings.update(result["endings"])
    deals = sum(endings.values())
    stopped = endings.get("safeguard", 0)
    low, high = wilson(stopped, deals)
    by_deal = Counter(s["deal"] for r in results for s in r["safeguards"])
    # the deals that ended by the rules: how long they ran (a cap below these would have
    # ended them early)
    turns = sorted(t for r in results for t, _, cut in r["lengths"] if not cut)
    shuffles = sorted(s for r in results for _, s, cut in r["lengths"] if not cut)
    return {
        "variant": game_id,
        "options": options,
        "players": players,
        "agent": agent,
        "games": games,
        "unfinished_games": sum(r["unfinished"] for r in results),
        "moves": sum(r["moves"] for r in results),
        "deals": deals,
        "endings": dict(sorted(endings.items())),
        "safeguard_rate": stopped / deals if deals else 0.0,
        "safeguard_rate_95": [round(low, 5), round(high, 5)],
        "safeguards_by_deal": dict(sorted(by_deal.items())),
        "turns_per_finished_deal": quantiles(turns),
        "reshuffles_per_finished_deal": quantiles(shuffles),
        "safeguard_samples": [s for r in results for s in r["safeguards"]][:10],
        "all_safeguards": [s for r in results for s in r["safeguards"]],
        "seconds": round(time.perf_counter() - started, 2),
    }


#: The safeguard options and the most they may be (``rummykit.pieces.options.CEILINGS``).
LIFTED = {"max_turns": 10_000, "max_reshuffles": 10_000}


def false_stops(
    game_id: str,
    options: dict[str, Any],
    players: int,
    entry: dict[str, Any],
    *,
    agent: str,
    jobs: int,
) -> dict[str, Any]:
    """Play again, with the safeguards lifted to their ceilings, every game in which a
    safeguard ended a deal, and count the deals that then end by the rules: those the
    default stopped early. The rest ran 10,000 turns without anyone going out."""
    accepted = dict(rummykit.variant(game_id).options)
    lifted = {**options, **{k: v for k, v in LIFTED.items() if k in accepted}}
    if lifted == options:
        return {"lifted": None}
    first: dict[int, int] = {}
    for sample in entry["all_safeguards"]:
        first.setdefault(sample["index"], sample["deal"])
    work = [(game_id, lifted, players, i, agent, 1_000_000) for i in sorted(first)]
    with multiprocessing.Pool(max(1, jobs)) as pool:
        results = pool.map(play_one, work)
    ended = [
        r["reasons"].get(first[i], "none") for i, r in zip(sorted(first), results, strict=True)
    ]
    stopped_early = sum(1 for reason in ended if reason != "safeguard")
    return {"lifted": lifted, "games_rechecked": len(first), "false_stops": stopped_early}


def quantiles(values: Sequence[int]) -> dict[str, int]:
    """The median, 99th and 99.9th percentiles and the largest of sorted ``values``."""
    if not values:
        return {}

    def pick(q: float) -> int:
        return values[min(len(values) - 1, int(q * len(values)))]

    return {"p50": pick(0.5), "p99": pick(0.99), "p999": pick(0.999), "max": values[-1]}


def option_value(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    try:
        parsed: Any = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return name, parsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", action="append", help="a game id (default: every game)")
    parser.add_argument("--players", type=int, action="append", help="default: least and most")
    parser.add_argument("--games", type=int, default=100, help="games per entry")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--max-moves", type=int, default=1_000_000)
    parser.add_argument(
        "--check-lifted",
        action="store_true",
        help="replay games a safeguard stopped with the caps at 10,000: did they end?",
    )
    args = parser.parse_args(argv)
    options = dict(option_value(text) for text in args.option)
    entries = []
    for game_id in args.variant or rummykit.variants():
        game = rummykit.variant(game_id)
        counts = args.players or sorted({game.min_players, game.max_players})
        for players in counts:
            print(f"{game_id} {players}p: {args.games} games ...", file=sys.stderr, flush=True)
            entry = measure(
                game_id,
                options,
                players,
                games=args.games,
                agent=args.agent,
                jobs=args.jobs,
                max_moves=args.max_moves,
            )
            print(
                f"  {entry['deals']} deals, {entry['endings'].get('safeguard', 0)} safeguard "
                f"endings, {entry['seconds']} s",
                file=sys.stderr,
                flush=True,
            )
            if args.check_lifted and entry["all_safeguards"]:
                entry.update(
                    false_stops(game_id, options, players, entry, agent=args.agent, jobs=args.jobs)
                )
                print(f"  lifted: {entry.get('false_stops')} ended", file=sys.stderr)
            del entry["all_safeguards"]
            entries.append(entry)
    json.dump({"seed": SEED, "entries": entries}, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
