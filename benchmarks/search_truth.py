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

Three more questions, each on the same decisions and the same real gains (every figure is
paired): ``--min-known F`` (with ``--recall``) weighs only the decisions at which the search
searches (:attr:`SearchAgent.min_known <rummykit.search.SearchAgent.min_known>`); ``--truth``
weighs each decision a second time as the truthful search does (the real other hands and
piles in every sample, the stock cards the seat does not remember in a new order:
``search_oracle.TruthfulSearch``), the bound of a perfect reading; ``--second KEY=VALUE``
(repeatable) weighs it a third time by a search whose settings differ by those
(``--second determinizations=32 --second prune_after=8``), and the report gives, per
threshold, what the second search's departures gain per game less what the first's do.
Every figure is given over all decisions and per phase of the deal: ``fresh`` (its pile not
turned over), ``turned`` (turned over, not stalled) and ``stalled`` (:func:`phase`). With a
memory (``--recall``), the stock cards the seat remembers stay where they are in the real
positions (a seat that remembers its draws is not credited with guessing them).

    python benchmarks/search_truth.py --game basic-rummy --players 4 --games 100 --seed 7013 \
        --recall --infer --min-known 0.6 --confidence 1 --confidence 2 --truth \
        --second determinizations=32 --truth-rolls 8

The sum of a game's real gains over its decisions is a rough measure (each decision's gain
assumes greedy play after it, and in a deal that stalls the same few cards are weighed at
a thousand decisions): compare settings by it phase by phase, and confirm in whole games
(``bench_search.py``).
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
from search_oracle import TruthfulSearch, unremembered_stock_shuffled

import rummykit
from rummykit.agents import Agent, GreedyAgent, _stalled, choose_move
from rummykit.cli import parse_option
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move
from rummykit.engine.rummy import RummyRules, RummyState
from rummykit.engine.views import View
from rummykit.recall import Recall
from rummykit.search import SearchAgent, _significant_best
from rummykit.sim import game_seed

#: One weighed decision: per candidate (the base choice first), its gains over the base
#: choice on the samples, and its real gain.
Weighed = tuple[list[list[float]], list[float]]

#: The phases of a deal the report is broken down by (:func:`phase`).
PHASES = ("fresh", "turned", "stalled")


@attrs.frozen
class Decision:
    """One decision weighed by every search of the run: its phase, the candidates' real
    gains, and per search (the first, then ``--truth``'s, then ``--second``'s, as asked)
    the candidates it weighed with its gains over the base choice on each sample (``None``
    for a search whose candidates were not the first's, which a paired figure cannot use)."""

    phase: str
    real: list[float]
    gains: list[list[list[float]] | None]

    def weighed(self, search: int) -> Weighed | None:
        """The decision as search ``search`` weighed it (``None`` if it could not be)."""
        gains = self.gains[search]
        return None if gains is None else (gains, self.real)


def phase(view: View) -> str:
    """The phase of ``view``'s deal: ``"stalled"`` (by the public counters the greedy agent
    goes by), ``"turned"`` (its discard pile made a new stock, and it has not stalled) or
    ``"fresh"``.

    >>> import rummykit
    >>> phase(rummykit.variant("basic-rummy").new_game(players=4, seed=1).view(0))
    'fresh'
    """
    if _stalled(view):
        return "stalled"
    return "turned" if getattr(view, "reshuffles", 0) else "fresh"


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


def real_position(state: RummyState, rng: random.Random, recall: Recall | None) -> RummyState:
    """``state`` as one of the real positions its seat to move cannot tell apart: its stock
    in another order, but for the cards ``recall`` (the seat's memory, if any) remembers
    there, which stay in their places."""
    if recall is None:
        return reshuffled(state, rng)
    position = unremembered_stock_shuffled(state, state.view(state.to_move), rng, recall)
    assert isinstance(position, RummyState)
    return position


def real_gains(  # noqa: PLR0917  (the decision's parts, as play passes them)
    agent: SearchAgent,
    state: RummyState,
    moves: Sequence[Move],
    rolls: int,
    seed: int,
    recall: Recall | None = None,
) -> list[float]:
    """Each of ``moves``' real gain over the first: the mean over ``rolls`` shuffles of the
    stock of its value (:meth:`SearchAgent._value`, the deal played to its end by the
    agents of the search's rollouts), every move on the same shuffles and tie-breaks. With
    ``recall`` (the seat's memory), the stock cards it remembers stay in their places."""
    seat, greedy = state.to_move, GreedyAgent()
    own = (seat, GreedyAgent(careful=True)) if agent.careful else None
    totals = [0.0] * len(moves)
    for roll in range(rolls):
        position = real_position(state, random.Random(f"{seed}:{roll}"), recall)
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
    searches: Sequence[SearchAgent],
    *,
    rolls: int,
    deal: int | None,
    phases: Sequence[str] = PHASES,
) -> list[Decision]:
    """One game (or only deal ``deal``): ``seat`` played by the base agent of the first
    search, the others by greedy agents; each of ``seat``'s decisions with more than one
    candidate, in one of ``phases``, at which the first search searches (its ``min_known``),
    weighed by every search of ``searches``. A search that remembers (``recall``,
    ``infer``) is shown ``seat``'s view after every move, as :func:`~rummykit.sim.play_game`
    shows it, from a memory of its own for this game; a :class:`TruthfulSearch` is shown the
    position before each decision."""
    state: GameState = game.new_game(players=players, seed=seed, deal=deal or 1)
    searches = [attrs.evolve(s) for s in searches]  # a new memory (recall, infer) each game
    first = searches[0]

    def show(position: GameState) -> None:
        for search in searches:
            if search.recall or search.infer or search.infer_deal:
                search.observe(position.view(seat))

    show(state)
    base: Agent = GreedyAgent(careful=first.careful)
    greedy = GreedyAgent()
    rng, own = random.Random(seed), random.Random(f"{seed}:seat")
    decisions: list[Decision] = []
    while not state.is_over and (deal is None or state.deal_number == deal):
        if state.to_move != seat:
            state = state.apply(choose_move(greedy, state, rng))
            show(state)
            continue
        view = state.view(seat)
        move = base.choose(view, view.legal, own) if len(view.legal) > 1 else view.legal[0]
        memory = first._memory.get(seat) if first.recall else None
        searched = not first.min_known or (
            memory is not None and memory.placed_share(view) >= first.min_known
        )
        if len(view.legal) > 1 and searched and phase(view) in phases:
            assert isinstance(state, RummyState)
            key = f"{seed}:{len(decisions)}:{state.deal_number}"
            weighed: list[tuple[list[Move], list[list[float]]]] = []
            evaluation = random.Random(key)  # the first search's; then the real gains'
            for search in searches:
                if isinstance(search, TruthfulSearch):
                    search.show(state)
                dice = evaluation if search is first else random.Random(key)
                weighed.append(search.evaluate(view, view.legal, dice))
            candidates = weighed[0][0]
            if len(candidates) > 1:
                seed_of_real = evaluation.randrange(2**32)
                real = real_gains(first, state, candidates, rolls, seed_of_real, memory)
                gains = [g if c == candidates else None for c, g in weighed]
                decisions.append(Decision(phase(view), real, gains))
        state = state.apply(move)
        show(state)
    return decisions


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


def rules_of(
    games: Sequence[Sequence[Decision]], search: int, rules: Sequence[tuple[float, float]]
) -> list[dict[str, Any]]:
    """Each threshold's report (:func:`rule_report`) of search ``search``'s departures."""
    weighed = [[w for d in game if (w := d.weighed(search)) is not None] for game in games]
    return [rule_report(weighed, c, h) for c, h in rules]


def paired_report(
    games: Sequence[Sequence[Decision]], first: int, second: int, confidence: float,
    handicap: float,
) -> dict[str, Any]:  # fmt: skip
    """What search ``second``'s departures gain in the real positions per game less what
    search ``first``'s gain, at one threshold, over the decisions both weighed.

    >>> a = Decision("fresh", [0.0, 5.0], [[[0.0, 0.0], [1.0, 1.2]], [[0.0, 0.0], [9.0, 9.0]]])
    >>> b = Decision("fresh", [0.0, -2.0], [[[0.0, 0.0], [-1.0, -1.0]], [[0.0, 0.0], [3.0, 3.0]]])
    >>> paired_report([[a, b]], 0, 1, 1.0, 0.0)["per_game"]   # both take a; only the second b
    -2.0
    """
    differences = []
    for game in games:
        total = 0.0
        for decision in game:
            one, two = decision.gains[first], decision.gains[second]
            if one is None or two is None:
                continue
            picked = _significant_best(two, confidence, handicap)
            base = _significant_best(one, confidence, handicap)
            total += decision.real[picked] - decision.real[base]
        differences.append(total)
    mean, interval = mean_ci(differences)
    return {
        "confidence": confidence,
        "handicap": handicap,
        "per_game": round(mean, 3),
        "ci95": [round(x, 3) for x in interval],
    }


def _setting(text: str) -> tuple[str, object]:
    """``--second``'s ``KEY=VALUE``, a number read as one (``confidence=1.5`` too)."""
    key, value = parse_option(text)
    if isinstance(value, str):
        try:
            return key, float(value)
        except ValueError:
            pass
    return key, value


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
    parser.add_argument("--infer-exact", type=int, default=0, metavar="N")
    parser.add_argument("--infer-deal", type=int, default=0, metavar="N")
    parser.add_argument(
        "--min-known", type=float, default=0.0,
        help="weigh only where the memory places this share of the hidden cards (--recall)",
    )  # fmt: skip
    parser.add_argument("--prune-after", type=int, help="samples before candidates are dropped")
    parser.add_argument("--truth-rolls", type=int, default=4, help="stock shuffles, real")
    parser.add_argument("--confidence", type=float, action="append", help="default 2")
    parser.add_argument("--handicap", type=float, action="append", help="points, default 0")
    parser.add_argument(
        "--truth", action="store_true", help="weigh each decision as the truthful search too"
    )
    parser.add_argument(
        "--second", action="append", default=[], metavar="KEY=VALUE",
        help="weigh each decision by a search with these settings changed too",
    )  # fmt: skip
    parser.add_argument(
        "--phase", action="append", choices=PHASES, help="weigh only these phases (default all)"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.truth_rolls < 1 or args.determinizations < 2:
        parser.error("--games and --truth-rolls must be at least 1, --determinizations 2")
    if args.min_known and not args.recall:
        parser.error("--min-known needs --recall (the share is the memory's)")
    game = rummykit.variant(args.game, **dict(parse_option(t) for t in args.option))
    if not isinstance(game.rules, RummyRules):
        parser.error(f"{args.game} is not a rummy game (its hands are not dealt from a stock)")
    players = game.player_count(args.players or game.min_players)
    settings: dict[str, Any] = {
        "determinizations": args.determinizations,
        "max_candidates": args.max_candidates,
        "depth": args.depth,
        "careful": args.careful,
        "recall": args.recall,
        "infer": args.infer,
        "infer_exact": args.infer_exact,
        "infer_deal": args.infer_deal,
        "min_known": args.min_known,
        "prune_after": args.prune_after,
    }
    second = dict(_setting(text) for text in args.second)
    try:
        searches = [SearchAgent(**settings)]
        if args.truth:
            searches.append(TruthfulSearch(**settings, stock="shuffled"))
        if second:
            searches.append(SearchAgent(**{**settings, **second}))
    except (TypeError, ValueError) as error:
        parser.error(f"--second: {error}")
    started = time.perf_counter()
    games: list[list[Decision]] = []
    for index in range(args.games):
        seed, seat = game_seed(args.seed, index), index % players
        rolls, phases = args.truth_rolls, args.phase or PHASES
        games.append(
            play(game, players, seed, seat, searches, rolls=rolls, deal=args.deal, phases=phases)
        )
        print(f"[truth] {index + 1}/{args.games} games", file=sys.stderr)
    estimated: list[float] = []
    real: list[float] = []
    for decision in itertools.chain.from_iterable(games):
        gains = decision.gains[0]
        assert gains is not None  # the first search's candidates are the decision's
        estimated += [statistics.fmean(values) for values in gains[1:]]
        real += decision.real[1:]
    rules = list(itertools.product(args.confidence or [2.0], args.handicap or [0.0]))
    truth, other = (1, 2) if args.truth else (None, 1)

    def figures(part: Sequence[Sequence[Decision]]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "decisions": sum(len(g) for g in part),
            "rules": rules_of(part, 0, rules),
        }
        if truth is not None:
            out["truth_rules"] = rules_of(part, truth, rules)
        if second:
            out["second_rules"] = rules_of(part, other, rules)
            out["second_less_first"] = [paired_report(part, 0, other, c, h) for c, h in rules]
        return out

    report: dict[str, Any] = {
        "game": args.game,
        "players": players,
        "games": args.games,
        "deal": args.deal,
        "search": settings,
        "truth": args.truth,
        "second": second or None,
        "truth_rolls": args.truth_rolls,
        "candidates": len(real),
        "correlation": None if (r := correlation(estimated, real)) is None else round(r, 3),
        "mean_estimated_gain": round(statistics.fmean(estimated), 3) if real else None,
        "mean_real_gain": round(statistics.fmean(real), 3) if real else None,
        **figures(games),
        "phases": {
            name: figures([[d for d in g if d.phase == name] for g in games])
            for name in (args.phase or PHASES)
        },
        "seconds": round(time.perf_counter() - started, 1),
    }
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
