"""The search agent against the greedy agent: win rate with seats rotated and deals mirrored.

Each deal seed is played once with the search agent in every seat in turn (greedy agents in
the others), so both sides get the same cards in every seat. A game's result for the search
agent is 1 for a win, a share for a shared win, 0 otherwise; the report gives the mean (the
win rate), its 95% confidence interval and the rate an agent no better than greedy would
expect (1 / players). With more than two players it also gives the ``ahead_rate``: the share
of its greedy opponents the search agent finished ahead of (by the final scores, half for a
tie), which is 50% for an agent no better than greedy at any player count. The intervals are
taken over the deal seeds (the games of one seed share their cards). Issue 13 asks for at
least 60% over at least 400 games.

    python benchmarks/bench_search.py --game gin-rummy --option max_deals=1 --games 200
    python benchmarks/bench_search.py --game crummy --players 4 --determinizations 4 --jobs 2
    python benchmarks/bench_search.py --game crib-rummy --games 200 --log crib.jsonl
    python benchmarks/bench_search.py --game gin-rummy --agent ismcts --iterations 128
    python benchmarks/bench_search.py --game crummy --players 3 --tuned --games 100 --jobs 2
    python benchmarks/bench_search.py --report     # what the logs in benchmarks/results/ hold

``--tuned`` plays the game's setting of record at that player count
(:mod:`rummykit.tuned`, the agent ``--agent tuned`` of the command line): its settings are
the defaults of the flags below, which still override them.

``--agent ismcts`` measures :class:`~rummykit.search.ISMCTSAgent` (``--iterations``,
``--exploration``, ``--seconds``, ``--max-candidates``, ``--rollout``, ``--depth``) in the
search agent's place; ``--agent oracle`` a search that sees every hand
(``search_oracle.py``: ``--oracle-samples``, ``--max-candidates``), the bound of what
guessing the hidden cards right would be worth; ``--agent truth`` the search agent itself,
with all the settings below, given the real position as every sample where
``--truth-where`` says (``search_oracle.TruthfulSearch``: the bound of a perfect reading
of the other hands, paired with the search's own games on the same deals). ``--recall``
gives the search agent its memory of the deal (``SearchAgent(recall=True)``), ``--infer``
its reading of the other hands from their moves (``SearchAgent(infer=True)``),
``--careful`` its careful play of contract games, of games whose discard is taken only
to be melded and of two-player Basic Rummy (``SearchAgent(careful=True)``),
``--min-known X`` a search only where its memory places that share of the hidden cards
(``SearchAgent(min_known=X)``; with ``--recall``), ``--infer-exact N`` an exact reading
where the deals to weigh are at most N, ``--infer-tries N`` the replays a turn may
spend on the reading's first sample and ``--infer-steps N`` the swaps between two of its
samples (``SearchAgent(infer_exact=N, infer_tries=N, infer_steps=N)``; with ``--infer``),
``--infer-deal N`` the reading of the whole deal (``SearchAgent(infer_deal=N)``).
``--stalled-depth N`` (or ``none``)
sets how far a rollout goes in a stalled deal (``stalled_depth``; by default the agent's
own).

Prints ONE JSON object; progress goes to stderr.

A benchmark of hundreds of games can take longer than a working session: with
``--log FILE`` each finished game is appended to FILE as one JSON line (with everything that
identifies it: game, options, players, deal seed, seat and the search's settings), and a run
started again with the same log plays only the games it does not hold. The report covers
the games of the run, logged before or played now. Keep a log that must outlive the machine
under ``benchmarks/results/`` and commit it as it grows (files outside the repository are
not kept from one machine to the next; the logs of the figures in the guide were lost so).

``--report [LOG ...]`` plays nothing: it sums logs (by default every
``benchmarks/results/search-*.jsonl``), one entry per game, player count and search
settings, over the deal seeds whose every seat is logged (the games of a seed still being
played are counted apart, as ``unpaired``), and says of each entry whether it meets issue
13's bar: at least 400 games and a win rate of at least 60% (``meets_bar``), or, read with
more than two players as a share of greedy opponents beaten, an ahead rate of at least 60%
(``meets_bar_ahead``); a table of the same goes to stderr. ``make search-report`` runs it.
Logs of ``bench_agents.py --log`` (one agent against another) may be given with them, to
compare a search with the agent it is built on; the bar is not theirs (``null``).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# benchmarks/ is on the path
from search_oracle import TRUTH_STOCK, TRUTH_WHERE, oracle_game, truthful_game

import rummykit
from rummykit import search_value
from rummykit.agents import Agent, GreedyAgent
from rummykit.cli import _at_least_one, parse_option
from rummykit.search import ISMCTSAgent, SearchAgent, lowest_wins
from rummykit.sim import agent_rng, game_seed, play_game
from rummykit.tuned import Measured, measured


def _one(
    job: tuple[str, dict[str, Any], int, int, int, dict[str, Any]],
) -> tuple[float, float, int]:
    """One game: the search agent at ``seat``; its result (a win, or a share of one), the
    share of its opponents it finished ahead of (half for a tie) and the moves played."""
    game_id, options, players, seed, seat, search = job
    game = rummykit.variant(game_id, **options)
    if search.get("agent") == "oracle":  # not an agent: it is given the state
        start = game.new_game(players=players, seed=seed)
        rng, samples, width = agent_rng(seed), search["samples"], search["max_candidates"]
        end = oracle_game(start, seat, rng, samples, width)
        moves = len(end.moves)
    elif search.get("agent") == "truth":  # the search given the real position: a state
        start = game.new_game(players=players, seed=seed)
        settings = _settings(search)
        del settings["agent"], settings["where"]
        stock = settings.pop("stock", "real")
        end = truthful_game(start, seat, agent_rng(seed), settings, search["where"], stock)
        moves = len(end.moves)
    else:
        agents: list[Agent] = [
            _search_agent(search) if s == seat else GreedyAgent() for s in range(players)
        ]
        result = play_game(game, players=players, seed=seed, agents=agents)
        end, moves = result.state, result.moves
    winners = end.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, ahead_share(game, end.scores, seat), moves


def _search_agent(search: dict[str, Any]) -> Agent:
    """The agent ``search`` describes: :class:`ISMCTSAgent` where its ``"agent"`` is
    ``"ismcts"``, else :class:`SearchAgent`."""
    settings = _settings(search)
    if settings.pop("agent", "search") == "ismcts":
        return ISMCTSAgent(**settings)
    return SearchAgent(**settings)


def _settings(search: dict[str, Any]) -> dict[str, Any]:
    """``search`` (a log's key) without the keys that say how the code played, not how
    the agent was set (``dice``, ``throws``: see main)."""
    return {k: v for k, v in search.items() if k not in ("dice", "throws")}


def _keyed(
    job: tuple[str, dict[str, Any], int, int, int, dict[str, Any]],
) -> tuple[str, tuple[float, float, int]]:
    """:func:`_one` with the game's log key (games come back as they finish)."""
    return _key(job), _one(job)


def _key(job: tuple[str, dict[str, Any], int, int, int, dict[str, Any]]) -> str:
    """What identifies a game in a log: everything that decides how it is played."""
    game_id, options, players, seed, seat, search = job
    return json.dumps([game_id, options, players, seed, seat, search], sort_keys=True)


def read_log(path: Path) -> dict[str, tuple[float, float, int]]:
    """The games a log holds, by :func:`_key` (none if it does not exist); a line cut short
    by a stopped run (the last one) is left out, any other bad line is an error."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    games = {}
    for number, line in enumerate(lines, 1):
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            if number < len(lines):
                raise ValueError(f"{path}:{number}: not a JSON line of a search log") from None
            continue
        games[entry["key"]] = (entry["win"], entry["ahead"], entry["moves"])
    return games


def _append(path: Path, key: str, result: tuple[float, float, int]) -> None:
    """Add one finished game to the log, flushed to disk before the next one is recorded."""
    win, ahead, moves = result
    with path.open("a", encoding="utf-8") as log:
        log.write(json.dumps({"key": key, "win": win, "ahead": ahead, "moves": moves}) + "\n")
        log.flush()
        os.fsync(log.fileno())


def ahead_share(game: rummykit.Variant, scores: Sequence[int], seat: int) -> float:
    """The share of the other seats that ``seat`` finished ahead of by ``scores`` (half for a
    tie; the lowest total is ahead where it wins)."""
    return search_value.ahead_share(scores, seat, lowest=lowest_wins(game))


def _rate(values: Sequence[float], players: int) -> tuple[float, list[float]]:
    """The mean of ``values`` and its 95% confidence interval. The games of one deal seed
    (one per seat) share their cards, so the interval is taken over the deal seeds' means
    (normal approximation), not over games as if they were independent."""
    deals = [sum(values[i : i + players]) / players for i in range(0, len(values), players)]
    mean = sum(deals) / len(deals)
    variance = sum((d - mean) ** 2 for d in deals) / max(1, len(deals) - 1)
    half = 1.96 * math.sqrt(variance / len(deals))
    return round(mean, 4), [round(mean - half, 4), round(mean + half, 4)]


#: Issue 13's bar: games a measurement needs, and the rate it must reach (the library's,
#: which rummykit.tuned's records are held to).
BAR_GAMES = Measured.BAR_GAMES
BAR_RATE = Measured.BAR_RATE
RESULTS = Path(__file__).resolve().parent / "results"


#: Per search setting (game, options, player count and search settings, as JSON): per deal
#: seed, each seat's result.
_Seeds = dict[str, dict[int, dict[int, tuple[float, float, int]]]]


def _by_setting(paths: Sequence[Path]) -> tuple[_Seeds, dict[str, set[str]]]:
    """The games the logs at ``paths`` hold, by setting and deal seed, and the logs each
    setting's games came from."""
    seeds: _Seeds = {}
    logs: dict[str, set[str]] = {}
    for path in paths:
        for key, result in read_log(path).items():
            game_id, options, players, seed, seat, search = json.loads(key)
            setting = json.dumps([game_id, options, players, search], sort_keys=True)
            seeds.setdefault(setting, {}).setdefault(seed, {})[seat] = result
            logs.setdefault(setting, set()).add(path.name)
    return seeds, logs


def report(seeds: _Seeds, logs: dict[str, set[str]]) -> list[dict[str, Any]]:
    """What logs hold (read by :func:`_by_setting`): one entry per game, options, player
    count and search settings (see the module's introduction), in order of game and player
    count (settings of one count in the order the logs first hold them)."""
    entries = []
    for setting, by_seed in seeds.items():
        game_id, options, players, search = json.loads(setting)
        whole = [by_seed[s] for s in sorted(by_seed) if len(by_seed[s]) == players]
        results = [seats[seat] for seats in whole for seat in range(players)]
        entry: dict[str, Any] = {
            "game": game_id,
            "options": options,
            "players": players,
            "search": search,
            "logs": sorted(logs[setting]),
            "deal_seeds": len(whole),
            "games": len(results),
            "unpaired": sum(len(s) for s in by_seed.values()) - len(results),
            "baseline": round(1 / players, 4),
        }
        if results:
            wins, wins_ci = _rate([r[0] for r in results], players)
            ahead, ahead_ci = _rate([r[1] for r in results], players)
            enough = len(results) >= BAR_GAMES
            # a log of bench_agents.py (an agent against another, keyed with "against") is
            # there to be compared with; the bar is the search's
            searched = "against" not in search
            entry.update(
                win_rate=wins,
                ci95=wins_ci,
                ahead_rate=ahead,
                ahead_ci95=ahead_ci,
                meets_bar=enough and wins >= BAR_RATE if searched else None,
                meets_bar_ahead=enough and ahead >= BAR_RATE if searched else None,
            )
        entries.append(entry)
    return sorted(entries, key=lambda e: (e["game"], e["players"]))  # else as first logged


def paired(seeds: _Seeds, logs: dict[str, set[str]]) -> list[dict[str, Any]]:
    """Two settings of one game, options and player count compared on the deal seeds both
    played whole (the same cards in every seat for both), for every such pair of settings
    that shares at least two seeds: each one's win rate there, and the difference (the
    second's less the first's) with its 95% interval over those seeds, far narrower than
    the two rates' own intervals suggest, as each seed's luck cancels; likewise the ahead
    rates (logs read by :func:`_by_setting`). Settings in the order the logs first hold
    them; a pair's first is the earlier."""
    settings = list(seeds)
    out = []
    for i, first in enumerate(settings):
        game_id, options, players, search = json.loads(first)
        for second in settings[i + 1 :]:
            other_id, other_options, other_players, other_search = json.loads(second)
            if (other_id, other_options, other_players) != (game_id, options, players):
                continue
            both = [
                s
                for s in sorted(seeds[first])
                if len(seeds[first][s]) == players and len(seeds[second].get(s, {})) == players
            ]
            if len(both) < 2:
                continue
            entry: dict[str, Any] = {
                "game": game_id,
                "options": options,
                "players": players,
                "first": {"search": search, "logs": sorted(logs[first])},
                "second": {"search": other_search, "logs": sorted(logs[second])},
                "deal_seeds": len(both),
            }
            measures = (
                ("win_rate", "difference", "ci95"),
                ("ahead_rate", "ahead_difference", "ahead_ci95"),
            )
            for index, (rate, name, interval) in enumerate(measures):
                means = [
                    [sum(seeds[setting][s][seat][index] for seat in range(players)) / players
                     for s in both]
                    for setting in (first, second)
                ]  # fmt: skip
                entry["first"][rate] = round(sum(means[0]) / len(both), 4)
                entry["second"][rate] = round(sum(means[1]) / len(both), 4)
                gap, gap_ci = _rate([b - a for a, b in zip(*means, strict=True)], 1)
                entry[name], entry[interval] = gap, gap_ci
            out.append(entry)
    return sorted(out, key=lambda e: (e["game"], e["players"]))


def paired_table(entries: Sequence[dict[str, Any]]) -> list[str]:
    """The comparisons of :func:`paired` as lines for people: game and players, the two
    settings' logs, the seeds compared, the two win rates there and their difference.

    >>> paired_table([{"game": "gin-rummy", "players": 2, "deal_seeds": 100,
    ...                "first": {"logs": ["a"], "win_rate": 0.55},
    ...                "second": {"logs": ["b"], "win_rate": 0.525},
    ...                "difference": -0.025, "ci95": [-0.119, 0.069]}])
    ['paired: gin-rummy 2p  a -> b  100 seeds  55.0% -> 52.5%  -2.5 points [-11.9, 6.9]']
    """
    return [
        f"paired: {e['game']} {e['players']}p  {','.join(e['first']['logs'])} -> "
        f"{','.join(e['second']['logs'])}  {e['deal_seeds']} seeds  "
        f"{e['first']['win_rate']:.1%} -> {e['second']['win_rate']:.1%}  "
        f"{100 * e['difference']:+.1f} points [{100 * e['ci95'][0]:.1f}, {100 * e['ci95'][1]:.1f}]"
        for e in entries
    ]


def report_table(entries: Sequence[dict[str, Any]]) -> list[str]:
    """The entries of :func:`report` as lines of a table: game and players, the log, games,
    win rate and ahead rate with their intervals, and ``bar`` where one meets the bar.

    >>> report_table([{"game": "gin-rummy", "players": 2, "logs": ["search-gin.jsonl"],
    ...                "games": 400, "win_rate": 0.622, "ci95": [0.586, 0.659],
    ...                "ahead_rate": 0.622, "ahead_ci95": [0.586, 0.659],
    ...                "meets_bar": True, "meets_bar_ahead": True}])[1]
    'gin-rummy 2p  search-gin.jsonl    400  62.2% [58.6, 65.9]  62.2% [58.6, 65.9]  yes'
    """
    rows = [["game", "log", "games", "win rate", "ahead of greedy", "meets the bar"]]
    for entry in entries:
        row = [f"{entry['game']} {entry['players']}p", ",".join(entry["logs"])]
        row.append(str(entry["games"]))
        if "win_rate" not in entry:
            rows.append([*row, "-", "-", "no"])
            continue
        for rate, ci in (("win_rate", "ci95"), ("ahead_rate", "ahead_ci95")):
            low, high = entry[ci]
            row.append(f"{entry[rate]:.1%} [{100 * low:.1f}, {100 * high:.1f}]")
        meets = entry["meets_bar"], entry["meets_bar_ahead"]
        bar = "yes" if meets[0] else "by ahead" if meets[1] else "no"
        row.append("- (not a search)" if meets[0] is None else bar)
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(width) if column == 2 else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def _depth_or_none(text: str) -> int | str:
    """A ``--stalled-depth`` argument: a number of moves (at least 1), or ``none``.

    >>> _depth_or_none("60"), _depth_or_none("none")
    (60, 'none')
    """
    return text if text == "none" else _at_least_one(text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="gin-rummy")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=100, help="deal seeds (x players games)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument(
        "--agent",
        default="search",
        choices=("search", "ismcts", "oracle", "truth"),
        help="the searching agent (oracle, truth: bounds of search_oracle.py, which cheat)",
    )
    parser.add_argument(
        "--truth-where", default="searched", choices=TRUTH_WHERE,
        help="--agent truth: where the search is given the real position",
    )  # fmt: skip
    parser.add_argument(
        "--truth-stock", default="real", choices=TRUTH_STOCK,
        help="--agent truth: the real stock order, or the unremembered stock shuffled",
    )  # fmt: skip
    parser.add_argument(
        "--oracle-samples", type=int, default=8,
        help="--agent oracle: stock orders weighed (0: the real one)",
    )  # fmt: skip
    parser.add_argument("--determinizations", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=256, help="--agent ismcts")
    parser.add_argument("--exploration", type=float, default=0.7, help="--agent ismcts")
    parser.add_argument("--seconds", type=float, help="time cap per decision")
    parser.add_argument("--rollout", default="greedy", choices=("greedy", "random"))
    parser.add_argument("--max-candidates", type=int, default=6)
    parser.add_argument(
        "--objective", default="points", choices=("standing", "points", "lead", "game", "ahead")
    )
    parser.add_argument(
        "--ahead-scale", type=float, default=50.0, help="--objective ahead: points of a lead"
    )
    parser.add_argument("--confidence", type=float, default=2.0)
    parser.add_argument(
        "--handicap", type=float, default=0.0, help="points a departure must gain first"
    )
    parser.add_argument("--depth", type=int, help="rollout moves before scoring as it stands")
    parser.add_argument(
        "--min-known", type=float, default=0.0,
        help="search only where the memory places this share of the hidden cards (--recall)",
    )  # fmt: skip
    parser.add_argument(
        "--prune-after", type=int, help="samples before unpromising candidates are dropped"
    )
    parser.add_argument(
        "--recall", action="store_true", help="the search remembers what its seat saw"
    )
    parser.add_argument(
        "--infer",
        action="store_true",
        help="the search reads the other hands from their moves (taking them for greedy)",
    )
    parser.add_argument(
        "--infer-exact", type=int, default=0, metavar="N",
        help="--infer: read exactly where the deals to weigh are at most N (infer_exact)",
    )  # fmt: skip
    parser.add_argument(
        "--infer-deal", type=int, default=0, metavar="N",
        help="read the other hands from every move of the deal, N proposals a decision "
        "(infer_deal)",
    )  # fmt: skip
    parser.add_argument(
        "--infer-steps", type=int, metavar="N",
        help="--infer: swaps of the reading's chain between two samples (infer_steps; "
        "default: the agent's)",
    )  # fmt: skip
    parser.add_argument(
        "--infer-tries", type=int, metavar="N",
        help="--infer: replays a turn may spend on a first sample (infer_tries; default: "
        "the agent's)",
    )  # fmt: skip
    parser.add_argument(
        "--careful",
        action="store_true",
        help="the search plays its seat as the careful greedy agent (contract games, Crib"
        " Rummy, Rummy 500, two-player Basic Rummy)",
    )
    parser.add_argument(
        "--stalled-depth",
        type=_depth_or_none,
        help="rollout moves in a stalled deal before scoring as it stands ('none': no cut; "
        "default: the agent's)",
    )
    parser.add_argument(
        "--tuned", action="store_true",
        help="the game's search setting of record (rummykit.tuned) as the defaults",
    )  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", type=Path, help="append each finished game here; resume")
    parser.add_argument(
        "--report", nargs="*", type=Path, metavar="LOG",
        help="play nothing: sum these logs (default: benchmarks/results/search-*.jsonl)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.report is not None:
        paths = args.report or sorted(RESULTS.glob("search-*.jsonl"))
        seeds, logs = _by_setting(paths)  # read once for both
        entries, pairs = report(seeds, logs), paired(seeds, logs)
        for line in report_table(entries) + paired_table(pairs):  # for people; JSON for machines
            print(line, file=sys.stderr)
        json.dump({"bar": {"games": BAR_GAMES, "rate": BAR_RATE}, "results": entries,
                   "paired": pairs}, sys.stdout, indent=1)  # fmt: skip
        sys.stdout.write("\n")
        return 0
    options = dict(parse_option(text) for text in args.option)
    game = rummykit.variant(args.game, **options)
    players = args.players or game.min_players
    if args.tuned:
        record = measured(game, players)
        if record is None:
            parser.error(f"--tuned: no setting of record for {args.game} at {players} players")
        if args.agent != "search":
            parser.error("--tuned sets the search agent's settings: give --agent search")
        parser.set_defaults(**record.settings())  # the flags given still override them
        args = parser.parse_args(argv)
    search = {"determinizations": args.determinizations, "seconds": args.seconds,
              "rollout": args.rollout, "max_candidates": args.max_candidates,
              "objective": args.objective, "confidence": args.confidence,
              "depth": args.depth}  # fmt: skip
    if args.prune_after is not None:  # only when given: logs written before it still match
        search["prune_after"] = args.prune_after
    if args.recall:  # likewise
        search["recall"] = True
    if args.infer:  # likewise
        search["infer"] = True
        # The reading now follows a greedy agent's random throw of a stalled deal as seen
        # (GreedyAgent.at_random): a log of the reading before then is kept apart.
        search["throws"] = "followed"
    if args.infer_exact:  # likewise
        if not args.infer:
            parser.error("--infer-exact reads the other hands: it needs --infer")
        search["infer_exact"] = args.infer_exact
    if args.infer_deal:  # likewise
        search["infer_deal"] = args.infer_deal
    if args.infer_steps is not None:  # likewise
        if not args.infer:
            parser.error("--infer-steps reads the other hands: it needs --infer")
        search["infer_steps"] = args.infer_steps
    if args.infer_tries is not None:  # likewise
        if not args.infer:
            parser.error("--infer-tries reads the other hands: it needs --infer")
        search["infer_tries"] = args.infer_tries
    if args.careful:  # likewise
        search["careful"] = True
    if args.handicap:  # likewise
        search["handicap"] = args.handicap
    if args.min_known:  # likewise
        search["min_known"] = args.min_known
    if args.objective == "ahead":  # the objective's own setting, with it only
        search["ahead_scale"] = args.ahead_scale
    # The rollouts of one sample's candidates now share their dice (a stalled deal's
    # random discards alike for every candidate): a log of the search before then, keyed
    # without it, is not resumed nor reported as the same setting.
    search["dice"] = "shared"
    if args.agent == "ismcts":
        search = {"agent": "ismcts", "iterations": args.iterations, "seconds": args.seconds,
                  "exploration": args.exploration, "max_candidates": args.max_candidates,
                  "rollout": args.rollout, "depth": args.depth}  # fmt: skip
    if args.agent == "truth":  # the search's settings, keyed apart
        search = {**search, "agent": "truth", "where": args.truth_where}
        if args.truth_stock != "real":  # only when given: the logs before it still match
            search["stock"] = args.truth_stock
    if args.agent == "oracle":
        if args.oracle_samples < 0:
            parser.error("--oracle-samples must be 0 or more")
        if args.stalled_depth is not None:  # it would be keyed, yet not played
            parser.error("--stalled-depth is the search's: the oracle cuts as the default does")
        search = {"agent": "oracle", "samples": args.oracle_samples,
                  "max_candidates": args.max_candidates}  # fmt: skip
    if args.stalled_depth is not None:  # only when given, as --prune-after
        search["stalled_depth"] = None if args.stalled_depth == "none" else args.stalled_depth
    jobs = [
        (args.game, options, players, game_seed(args.seed, index), seat, search)
        for index in range(args.games)
        for seat in range(players)
    ]
    logged = read_log(args.log) if args.log is not None else {}
    found: dict[str, tuple[float, float, int]] = {
        _key(job): logged[_key(job)] for job in jobs if _key(job) in logged
    }
    todo = [job for job in jobs if _key(job) not in found]
    from_log = len(found)
    if found:
        print(f"[search] {len(found)} of {len(jobs)} games are in {args.log}", file=sys.stderr)
    started = time.perf_counter()
    with multiprocessing.Pool(max(1, min(args.jobs, len(todo)))) as pool:
        # as each game finishes: a long game does not hold back the log of those after it
        for done, (key, result) in enumerate(pool.imap_unordered(_keyed, todo), 1):
            found[key] = result
            if args.log is not None:
                _append(args.log, key, result)
            if done % max(1, len(todo) // 20) == 0 or done == len(todo):
                rate = sum(r[0] for r in found.values()) / len(found)
                print(
                    f"[search] {len(found)}/{len(jobs)} games, win rate {rate:.3f}",
                    file=sys.stderr,
                )
    results = [found[_key(job)] for job in jobs]  # in the order of the deal seeds
    wins, wins_ci = _rate([r[0] for r in results], players)
    ahead, ahead_ci = _rate([r[1] for r in results], players)
    json.dump(
        {
            "game": args.game,
            "options": options,
            "players": players,
            "deal_seeds": args.games,
            "games": len(results),
            "search": search,
            "win_rate": wins,
            "ci95": wins_ci,
            "baseline": round(1 / players, 4),
            "ahead_rate": ahead,
            "ahead_ci95": ahead_ci,
            "moves": sum(r[2] for r in results),
            "from_log": from_log,
            "seconds": round(time.perf_counter() - started, 1),  # this run's
        },
        sys.stdout,
        indent=1,
    )
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
