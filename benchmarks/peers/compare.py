"""Gin rummy side by side: rummykit, OpenSpiel (``gin_rummy``) and RLCard (``gin-rummy``).

Run by ``make compare``, which installs ``open_spiel`` and ``rlcard`` into ``.venv-peers``
(never into the project's own environment). In one run it

1. times uniformly random playouts of one hand (OpenSpiel's whole game; rummykit's
   ``gin-rummy`` with ``max_deals=1``; RLCard's game; and the hand-written pure-Python floor
   of ``gin_floor.py``) in each engine: games and decisions per second, the median of
   ``--repeat`` interleaved repetitions, and rummykit's ratio (the median of the
   per-repetition ratios);
2. times minimum-deadwood calls on the same random 10- and 11-card hands in each engine
   (rummykit first calls, every answer computed; and again from its cache), and checks
   every answer of every engine against an exhaustive reference on the hands where the
   engines disagree, on random and on dense hands (cards of a few adjacent ranks);
3. replays the same random games in rummykit and OpenSpiel through
   :mod:`rummykit.adapters.openspiel`: both engines deal the same cards and take the same
   actions, chosen uniformly among those both allow; at every decision the legal action
   sets are compared, and at the end the returns. Every difference is listed with the hand
   that shows it and a verdict on which engine follows the rules.

It prints one JSON object, then a short table. ``--quick`` is a smoke run.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import rummykit
from rummykit.adapters import openspiel as osp
from rummykit.engine.rummy_state import Phase, RummyState
from rummykit.pieces import Knock, knock_result
from rummykit.solver import deadwood as gd

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gin_floor

try:
    import pyspiel
except ImportError:  # pragma: no cover - reported in the JSON
    pyspiel = None
try:
    from rlcard.games.gin_rummy.game import GinRummyGame
    from rlcard.games.gin_rummy.utils import melding as rl_melding
    from rlcard.games.gin_rummy.utils import utils as rl_utils
except ImportError:  # pragma: no cover
    GinRummyGame = None

SEED = 20240607
VALUES = [min(i % 13 + 1, 10) for i in range(52)]  # by OpenSpiel id (rank = id % 13 too)


# -- an exhaustive reference, independent of every engine -----------------------------------


def _ref_melds(cards: Sequence[int]) -> list[frozenset[int]]:
    """Every set (3 or 4) and run (3+, Ace low) inside ``cards`` (ids: suit*13 + rank)."""
    have = set(cards)
    out: list[frozenset[int]] = []
    for rank in range(13):
        same = [c for c in cards if c % 13 == rank]
        for k in (3, 4):
            out.extend(frozenset(x) for x in itertools.combinations(same, k))
    for suit in range(4):
        for lo in range(13):
            for hi in range(lo + 3, 14):
                run = frozenset(suit * 13 + r for r in range(lo, hi))
                if run <= have:
                    out.append(run)
    return out


def reference_deadwood(cards: Sequence[int]) -> int:
    """Least deadwood by trying every combination of disjoint melds."""
    melds = _ref_melds(cards)
    best = 0

    def grow(start: int, used: frozenset[int], value: int) -> None:
        nonlocal best
        best = max(best, value)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                grow(i + 1, used | melds[i], value + sum(VALUES[c] for c in melds[i]))

    grow(0, frozenset(), 0)
    return sum(VALUES[c] for c in cards) - best


def reference_discard(cards: Sequence[int]) -> int:
    """Least deadwood after the best discard."""
    return min(reference_deadwood([c for c in cards if c != d]) for d in cards)


# -- playouts ----------------------------------------------------------------------------------


def rummykit_playouts(games: int, seed: int) -> tuple[int, int, float]:
    game = rummykit.variant("gin-rummy", max_deals=1)
    rng = random.Random(seed)
    decisions = 0
    started = time.perf_counter()
    for index in range(games):
        state = game.new_game(players=2, seed=seed + index)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
    return games, decisions, time.perf_counter() - started


def openspiel_playouts(games: int, seed: int) -> tuple[int, int, float]:
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    decisions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
    return games, decisions, time.perf_counter() - started


def rlcard_playouts(games: int, seed: int) -> tuple[int, int, float]:
    game = GinRummyGame()
    game.np_random.seed(seed)
    rng = random.Random(seed)
    decisions = 0
    started = time.perf_counter()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            actions = game.judge.get_legal_actions()
            game.step(actions[rng.randrange(len(actions))])
            decisions += 1
    return games, decisions, time.perf_counter() - started


def measure_playouts(games: dict[str, int], repeat: int) -> dict[str, Any]:
    runners: dict[str, Callable[[int, int], tuple[int, int, float]]] = {
        "rummykit": rummykit_playouts,
        "floor": gin_floor.playouts,
    }
    if pyspiel is not None:
        runners["openspiel"] = openspiel_playouts
    if GinRummyGame is not None:
        runners["rlcard"] = rlcard_playouts
    runs: dict[str, list[tuple[int, int, float]]] = {name: [] for name in runners}
    for rep in range(repeat):  # interleaved, so that load on the machine hits all alike
        for name, run in runners.items():
            runs[name].append(run(games[name], SEED + 1000 * rep))
    out: dict[str, Any] = {}
    for name, results in runs.items():
        gps = [g / s for g, _, s in results]
        dps = [d / s for _, d, s in results]
        out[name] = {
            "games_per_run": games[name],
            "games_per_second": round(statistics.median(gps), 1),
            "decisions_per_second": round(statistics.median(dps), 0),
            "decisions_per_game": round(
                sum(d for _, d, _ in results) / sum(g for g, _, _ in results), 1
            ),
            "games_per_second_runs": [round(x, 1) for x in gps],
        }
    ours = [g / s for g, _, s in runs["rummykit"]]
    for name in runners:
        if name != "rummykit":  # the median of the per-repetition ratios
            theirs = [g / s for g, _, s in runs[name]]
            ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
            out[name]["rummykit_ratio"] = round(statistics.median(ratios), 2)
    return out


# -- deadwood ----------------------------------------------------------------------------------


def _hands(rng: random.Random, count: int, size: int, dense: bool) -> list[list[int]]:
    out = []
    while len(out) < count:
        if dense:
            low, width = rng.randrange(0, 11), rng.choice((3, 4, 5))
            pool = [s * 13 + r for s in range(4) for r in range(low, min(13, low + width))]
            if len(pool) < size:
                continue
        else:
            pool = list(range(52))
        out.append(rng.sample(pool, size))
    return out


def _rl_deadwood10(hand: list[Any]) -> int:
    clusters = rl_melding.get_best_meld_clusters(hand)
    if not clusters:
        return sum(rl_utils.get_deadwood_value(c) for c in hand)
    return rl_utils.get_deadwood_count(hand, clusters[0])


def _rl_deadwood11(hand: list[Any]) -> int:
    """RLCard has no 11-card deadwood; this uses its meld clusters the way its judge does
    (an arrangement's deadwood less its highest deadwood card, the least over clusters)."""
    best = None
    for cluster in [*rl_melding.get_meld_clusters(hand), []]:
        melded = {id(c) for pile in cluster for c in pile}
        loose = [rl_utils.get_deadwood_value(c) for c in hand if id(c) not in melded]
        value = sum(loose) - max(loose) if loose else 0
        best = value if best is None else min(best, value)
    assert best is not None
    return best


def _time(fn: Callable[[Any], int], hands: Sequence[Any]) -> tuple[float, list[int]]:
    started = time.perf_counter()
    answers = [fn(h) for h in hands]
    return time.perf_counter() - started, answers


def measure_deadwood(count: int, rl_count: int, dense: int, repeat: int) -> dict[str, Any]:
    rng = random.Random(SEED)
    report: dict[str, Any] = {}
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10) if pyspiel is not None else None
    for size in (10, 11):
        hands = _hands(rng, count, size, dense=False)
        dense_hands = _hands(rng, dense, size, dense=True)
        ours_cards = [[osp.card_of(i) for i in h] for h in hands]
        masks = [gd.mask_of(c) for c in ours_cards]
        solve = gd.deadwood_mask if size == 10 else gd.discard_deadwood_mask
        by_cards = gd.deadwood if size == 10 else gd.best_discard_deadwood
        entry: dict[str, Any] = {"hands": count}
        cold, warm, cards_rate = [], [], []
        for _ in range(repeat):
            gd.clear_cache()
            seconds, answers = _time(solve, masks)
            cold.append(count / seconds)
            seconds, _ = _time(solve, masks)
            warm.append(count / seconds)
            gd.clear_cache()
            seconds, _ = _time(by_cards, ours_cards)
            cards_rate.append(count / seconds)
        entry["rummykit"] = {
            "calls_per_second": round(statistics.median(cold), 0),
            "calls_per_second_cached": round(statistics.median(warm), 0),
            "calls_per_second_from_cards": round(statistics.median(cards_rate), 0),
            "note": "first calls on distinct hands given as 52-bit masks (the engine's form); "
            "'cached' repeats them; 'from_cards' starts from tuples of Card",
        }
        truth = dict(zip(map(tuple, hands), answers, strict=True))
        for h in dense_hands:
            m = gd.mask_of(osp.card_of(i) for i in h)
            truth[tuple(h)] = solve(m)
        peers: dict[str, Callable[[Any], int]] = {}
        inputs: dict[str, list[Any]] = {}
        if utils is not None:
            peers["openspiel"] = utils.min_deadwood
            inputs["openspiel"] = [list(h) for h in hands]
        if GinRummyGame is not None:
            peers["rlcard"] = _rl_deadwood10 if size == 10 else _rl_deadwood11
            inputs["rlcard"] = [
                [rl_utils.get_card(osp.card_of(i).code) for i in h] for h in hands[:rl_count]
            ]
        for name, fn in peers.items():
            rates = []
            for _ in range(repeat):
                seconds, _ = _time(fn, inputs[name])
                rates.append(len(inputs[name]) / seconds)
            entry[name] = {"calls_per_second": round(statistics.median(rates), 0)}
            if name == "openspiel":
                # like with like: both sides start from a Python list of the same cards
                entry[name]["rummykit_from_cards_ratio"] = round(
                    entry["rummykit"]["calls_per_second_from_cards"] / statistics.median(rates), 3
                )
            if name == "rlcard":
                entry[name]["hands"] = rl_count
        # Exactness: every engine on the random and the dense hands; where any engine
        # disagrees with rummykit, the exhaustive reference decides.
        checked = list(truth)
        wrong: dict[str, list[dict[str, Any]]] = {"rummykit": [], **{n: [] for n in peers}}
        wrong_count = Counter[str]()
        for h in checked:
            ours = truth[h]
            theirs = {}
            if "openspiel" in peers:
                theirs["openspiel"] = utils.min_deadwood(list(h))
            if "rlcard" in peers and (len(wrong_count) < 10**9):
                cards = [rl_utils.get_card(osp.card_of(i).code) for i in h]
                theirs["rlcard"] = peers["rlcard"](cards)
            if all(v == ours for v in theirs.values()):
                continue
            exact = (reference_deadwood if size == 10 else reference_discard)(list(h))
            for name, value in [("rummykit", ours), *theirs.items()]:
                if value != exact:
                    wrong_count[name] += 1
                    if len(wrong[name]) < 5:
                        wrong[name].append(
                            {
                                "hand": sorted(str(osp.card_of(i)) for i in h),
                                "engine": value,
                                "exact": exact,
                            }
                        )
        entry["exactness"] = {
            "hands_checked": len(checked),
            "dense_hands": len(dense_hands),
            "wrong": {name: wrong_count[name] for name in wrong},
            "examples": {name: ex for name, ex in wrong.items() if ex},
        }
        report[f"{size}_cards"] = entry
    return report


# -- replay ------------------------------------------------------------------------------------

_PHASE_NAMES = {
    Phase.FIRST_UPCARD: "FirstUpcard",
    Phase.DRAW: "Draw",
    Phase.PLAY: "Discard",
    Phase.KNOCK: "Knock",
    Phase.SPREAD: "Knock",
    Phase.LAYOFF: "Layoff",
    Phase.DEFEND: "Layoff",
    Phase.WALL: "Wall",
}


def _names(actions: Sequence[int]) -> list[str]:
    out = []
    for a in actions:
        if a < 52:
            out.append(str(osp.card_of(a)))
        elif a >= osp.MELD_BASE:
            out.append(f"meld {osp.meld_of(a - osp.MELD_BASE)}")
        else:
            out.append({52: "take", 53: "draw", 54: "pass", 55: "knock"}[a])
    return out


def _verdict(
    state: RummyState, only_ours: list[int], only_theirs: list[int], utils: Any
) -> tuple[str, str]:
    """A category and the verdict for a legal-action difference."""
    seat = state.to_move
    hand_ids = [osp.card_id(c) for c in state.hands[seat]]
    if (
        only_ours == [osp.KNOCK]
        and not only_theirs
        and state.phase
        in (
            Phase.PLAY,
            Phase.WALL,
        )
    ):
        if state.phase is Phase.WALL:
            hand_ids.append(osp.card_id(state.discards[-1]))
        exact = reference_discard(hand_ids)
        theirs = utils.min_deadwood(hand_ids)
        who = "rummykit" if exact <= state.rules.knock_limit(state) < theirs else "unclear"
        return (
            "knock withheld by OpenSpiel",
            f"{who}: least deadwood after the best discard is {exact} (exhaustive search), "
            f"OpenSpiel's MinDeadwood says {theirs} > knock card {state.rules.knock_limit(state)}",
        )
    if state.phase is Phase.LAYOFF and only_ours and not only_theirs:
        return (
            "lay-off refused by OpenSpiel",
            "rummykit: each card extends a knocker's run by one more at the same end; "
            "OpenSpiel's AllLayoffs grows a run by earlier lay-offs only one step",
        )
    return ("other", "unexplained")


def _choose(rng: random.Random, both: list[int], ours: RummyState, policy: str) -> int:
    """``uniform``: any action both engines allow. ``knocker``: knock whenever both allow
    it and otherwise discard to keep the best ten cards (random play rarely knocks, so this
    reaches the showdown: spreads, lay-offs, gin and undercuts)."""
    if policy == "knocker":
        if osp.KNOCK in both:
            return osp.KNOCK
        if ours.phase is Phase.PLAY:
            hand = ours.hands[ours.to_move]
            cards = [a for a in both if a < 52]
            left = [gd.deadwood([c for c in hand if c != osp.card_of(a)]) for a in cards]
            best = [a for a, d in zip(cards, left, strict=True) if d == min(left)]
            return best[rng.randrange(len(best))]
    return both[rng.randrange(len(both))]


def replay(games: int, seed: int, policy: str) -> dict[str, Any]:
    game = pyspiel.load_game("gin_rummy")
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    variant = rummykit.variant("gin-rummy", max_deals=1)
    params = osp.game_parameters(variant)
    assert all(game.get_parameters()[k] == v for k, v in params.items())
    decisions = agreed = 0
    diffs: list[dict[str, Any]] = []
    categories = Counter[str]()
    returns_equal = returns_differ = 0
    ends = Counter[str]()
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        order = list(range(52))
        rng.shuffle(order)
        ours = variant.new_game(
            players=2,
            seed=index,
            deck=osp.deck_order([order[:10], order[10:20]], order[20], order[21:]),
            dealer=1,
        )
        assert isinstance(ours, RummyState)
        theirs = game.new_initial_state()
        dealt = 0
        stopped = None
        while True:
            while theirs.is_chance_node():
                theirs.apply_action(order[dealt])
                dealt += 1
            if theirs.is_terminal() or ours.is_over:
                break
            decisions += 1
            a = sorted(theirs.legal_actions())
            b = osp.legal_actions(ours)
            if theirs.current_player() != ours.to_move:
                stopped = "players differ"
                break
            if a == b:
                agreed += 1
            else:
                only_ours = sorted(set(b) - set(a))
                only_theirs = sorted(set(a) - set(b))
                category, verdict = _verdict(ours, only_ours, only_theirs, utils)
                categories[category] += 1
                diffs.append(
                    {
                        "game": index,
                        "decision": decisions,
                        "phase": ours.phase.value,
                        "openspiel_phase": str(theirs.current_phase()).split(".")[-1],
                        "player": ours.to_move,
                        "hand": [str(c) for c in ours.hands[ours.to_move]],
                        "upcard": str(ours.discards[-1]) if ours.discards else None,
                        "knocker_melds": [
                            str(p.meld) for p in ours.table if p.owner == ours.knocker
                        ],
                        "only_rummykit": _names(only_ours),
                        "only_openspiel": _names(only_theirs),
                        "category": category,
                        "verdict": verdict,
                    }
                )
            both = sorted(set(a) & set(b))
            if not both:
                stopped = "no common action"
                break
            action = _choose(rng, both, ours, policy)
            theirs.apply_action(action)
            ours = ours.apply(osp.decode(action, ours))
        while theirs.is_chance_node():
            theirs.apply_action(order[dealt])
            dealt += 1
        if stopped is None and not (theirs.is_terminal() and ours.is_over):
            stopped = "one engine ended the hand, the other did not"
        if stopped is not None:
            categories[stopped] += 1
            diffs.append({"game": index, "category": stopped})
            continue
        assert ours.last_deal is not None
        ends[knock_result(ours.last_deal)] += 1
        r_theirs = tuple(theirs.returns())
        r_ours = osp.hand_returns(ours)
        if r_theirs == r_ours:
            returns_equal += 1
            continue
        returns_differ += 1
        result = ours.last_deal
        knocker = result.out
        left = [Knock().value(hand) for hand in result.hands]
        tie = knocker is not None and left[knocker] == left[1 - knocker] and left[knocker] > 0
        category = "undercut on equal deadwood" if tie else "returns differ (other)"
        verdict = (
            "rummykit: equal deadwood is an undercut (the defender scores the undercut bonus); "
            "OpenSpiel scores 0"
            if tie
            else "unexplained"
        )
        categories[category] += 1
        diffs.append(
            {
                "game": index,
                "category": category,
                "verdict": verdict,
                "end": result.end.value,
                "deadwood": list(result.deadwood),
                "knocker": knocker,
                "returns_rummykit": list(r_ours),
                "returns_openspiel": list(r_theirs),
            }
        )
    examples: dict[str, list[dict[str, Any]]] = {}
    for d in diffs:
        bucket = examples.setdefault(d["category"], [])
        if len(bucket) < 4:
            bucket.append(d)
    return {
        "policy": policy,
        "games": games,
        "decisions": decisions,
        "decisions_agreeing": agreed,
        "decisions_differing": decisions - agreed,
        "hand_ends": dict(ends),
        "returns_equal": returns_equal,
        "returns_differ": returns_differ,
        "differences_by_category": dict(categories),
        "examples": examples,
    }


#: Deals drawn up to show each known difference at once: (name, options, hands, upcard,
#: stock, moves in rummykit's text form). Seat 1 deals, so seat 0 is OpenSpiel's player 0.
SCENARIOS: tuple[tuple[str, dict[str, Any], tuple[str, str], str, str, tuple[str, ...]], ...] = (
    (
        "undercut on equal deadwood",
        {},
        ("AS 2S 3S 7H 7D 7C 9C 10C JC KD", "4H 5H 6H 8S 8D 8C QC QD QH KC"),
        "QS",
        "5D",
        (
            "pass", "pass", "draw", "knock", "discard 5D", "meld run AS-3S: AS 2S 3S",
            "meld set 7: 7H 7D 7C", "meld run 9C-JC: 9C 10C JC", "pass", "pass",
            "meld run 4H-6H: 4H 5H 6H", "meld set 8: 8S 8D 8C", "meld set Q: QH QD QC", "pass",
        ),
    ),
    (
        "a third lay-off at one end of a run",
        {},
        ("AS 2S 3S 7H 7D 7S 9C 10C JC KD", "4S 8C 7C 6C QH JD 5H 4H 3D 2D"),
        "QS",
        "2H",
        (
            "pass", "pass", "draw", "knock", "discard KD", "meld run AS-3S: AS 2S 3S",
            "meld set 7: 7S 7H 7D", "meld run 9C-JC: 9C 10C JC", "pass", "lay 8C on #2 low",
            "lay 7C on #2 low", "lay 6C on #2 low", "pass", "pass",
        ),
    ),
    (
        "knock withheld on a dense eleven-card hand",
        {"knock_card": 5},
        ("5C 5D 5H 6C 6D 7C 7D 7H 8C 8D", "KS QH JD 9S 10H 4D 3C 2H AS JC"),
        "QS",
        "8H",
        ("pass", "pass", "draw", "knock", "discard 7H"),
    ),
)  # fmt: skip


def scenarios() -> list[dict[str, Any]]:
    """Play each drawn-up deal in both engines, comparing legal actions and returns."""
    from rummykit import parse_cards, parse_move

    out = []
    for name, options, hands, upcard, stock, moves in SCENARIOS:
        variant = rummykit.variant("gin-rummy", max_deals=1, **options)
        ids = [[osp.card_id(c) for c in parse_cards(h)] for h in hands]
        up = osp.card_id(parse_cards(upcard)[0])
        drawn = [osp.card_id(c) for c in parse_cards(stock)]
        order = osp.deck_order(ids, up, drawn)
        ours = variant.new_game(players=2, seed=0, deck=order, dealer=1)
        assert isinstance(ours, RummyState)
        game = pyspiel.load_game("gin_rummy", osp.game_parameters(variant))
        theirs = game.new_initial_state()
        named = [*ids[0], *ids[1], up, *drawn]
        chance = named + [i for i in range(52) if i not in named]  # as deck_order stacks
        dealt = 0
        found: dict[str, Any] = {"scenario": name, "options": options, "hands": list(hands)}
        differences = []
        for text in moves:
            while theirs.is_chance_node():
                theirs.apply_action(chance[dealt])
                dealt += 1
            a, b = sorted(theirs.legal_actions()), osp.legal_actions(ours)
            if a != b:
                differences.append(
                    {
                        "before": text,
                        "hand": [str(c) for c in ours.hands[ours.to_move]],
                        "only_rummykit": _names(sorted(set(b) - set(a))),
                        "only_openspiel": _names(sorted(set(a) - set(b))),
                    }
                )
            move = parse_move(text)
            action = osp.encode(move)
            ours = ours.apply(move)
            if action not in a:
                found["stopped"] = f"OpenSpiel does not allow {text!r}"
                break
            theirs.apply_action(action)
        found["differences"] = differences
        if ours.is_over and theirs.is_terminal():
            found["returns_rummykit"] = list(osp.hand_returns(ours))
            found["returns_openspiel"] = list(theirs.returns())
        out.append(found)
    return out


# -- main --------------------------------------------------------------------------------------


def _table(report: dict[str, Any]) -> list[str]:
    lines = ["", "gin rummy, side by side", "-" * 68]
    play = report["playouts"]
    lines.append(
        f"{'random playouts (one hand)':34} {'games/s':>10} {'decisions/s':>12} {'ratio':>8}"
    )
    for name, row in play.items():
        ratio = "" if name == "rummykit" else f"{row['rummykit_ratio']:.2f}x"
        rates = f"{row['games_per_second']:>10.1f} {row['decisions_per_second']:>12.0f}"
        lines.append(f"  {name:32} {rates} {ratio:>8}")
    for size in ("10_cards", "11_cards"):
        entry = report["deadwood"][size]
        lines.append(
            f"{'min deadwood, ' + size.replace('_', ' '):34} {'calls/s':>10} {'wrong':>12}"
        )
        wrong = entry["exactness"]["wrong"]
        for name in ("rummykit", "openspiel", "rlcard"):
            if name in entry:
                calls = entry[name]["calls_per_second"]
                lines.append(f"  {name:32} {calls:>10.0f} {wrong.get(name, 0):>12}")
    for rep in report.get("replay", []):
        lines.append(
            f"replay vs OpenSpiel ({rep['policy']}): {rep['games']} games, "
            f"{rep['decisions']} decisions, "
            f"{rep['decisions_differing']} differing; returns equal {rep['returns_equal']}, "
            f"differ {rep['returns_differ']}"
        )
        for category, n in rep["differences_by_category"].items():
            lines.append(f"  {n:6} x {category}")
    for case in report.get("scenarios", []):
        diffs = "; ".join(
            f"before {d['before']!r}: only rummykit {d['only_rummykit']}, "
            f"only OpenSpiel {d['only_openspiel']}"
            for d in case["differences"]
        )
        returns = ""
        if "returns_rummykit" in case:
            returns = f"; returns {case['returns_rummykit']} vs {case['returns_openspiel']}"
        lines.append(f"scenario {case['scenario']}: {diffs or 'no difference'}{returns}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a smoke run (small counts)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions for timings")
    parser.add_argument("--replay-games", type=int, default=400)
    args = parser.parse_args(argv)
    quick = args.quick
    repeat = 1 if quick else args.repeat
    games = (
        {"rummykit": 20, "floor": 40, "openspiel": 20, "rlcard": 5}
        if quick
        else {
            "rummykit": 300,
            "floor": 600,
            "openspiel": 200,
            "rlcard": 60,
        }
    )
    started = time.perf_counter()
    report: dict[str, Any] = {
        "benchmark": "gin rummy: rummykit vs OpenSpiel vs RLCard",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rummykit": rummykit.__version__,
        "openspiel": _version("open_spiel") if pyspiel is not None else "not installed",
        "rlcard": _version("rlcard") if GinRummyGame is not None else "not installed",
        "seed": SEED,
        "repeat": repeat,
    }
    report["playouts"] = measure_playouts(games, repeat)
    report["deadwood"] = measure_deadwood(
        count=2000 if quick else 50_000,
        rl_count=100 if quick else 2000,
        dense=200 if quick else 3000,
        repeat=repeat,
    )
    if pyspiel is not None:
        count = 20 if quick else args.replay_games
        report["replay"] = [replay(count, SEED, "uniform"), replay(count, SEED + 1, "knocker")]
        report["scenarios"] = scenarios()
    d10, d11 = report["deadwood"]["10_cards"], report["deadwood"]["11_cards"]
    play = report["playouts"]
    report["targets"] = {
        "playouts_5x_openspiel": play.get("openspiel", {}).get("rummykit_ratio", 0) >= 5,
        "playouts_half_of_floor": play["floor"]["rummykit_ratio"] >= 0.5,
        "deadwood_10_at_least_300k": d10["rummykit"]["calls_per_second"] >= 300_000,
        "deadwood_11_at_least_100k": d11["rummykit"]["calls_per_second"] >= 100_000,
        "deadwood_exact": d10["exactness"]["wrong"]["rummykit"] == 0
        and d11["exactness"]["wrong"]["rummykit"] == 0,
    }
    report["total_seconds"] = round(time.perf_counter() - started, 1)
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    for line in _table(report):
        print(line)
    return 0


def _version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "unknown"


if __name__ == "__main__":
    raise SystemExit(main())
