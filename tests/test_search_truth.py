"""``benchmarks/search_truth.py``: the search's estimates against the real positions."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from helpers import load_benchmark

import rummykit
from rummykit.agents import GreedyAgent, choose_move
from rummykit.engine.core import GameState
from rummykit.engine.rummy import RummyState
from rummykit.recall import Recall
from rummykit.search import SearchAgent


def test_a_reshuffled_stock_is_a_position_the_seat_to_move_cannot_tell_apart() -> None:
    truth = load_benchmark("search_truth")
    state = rummykit.variant("crummy-rummy").new_game(players=2, seed=4)
    for _ in range(9):
        state = state.apply(state.legal_moves()[0])
    assert isinstance(state, RummyState)
    other = truth.reshuffled(state, random.Random(1))
    assert other.view(state.to_move) == state.view(state.to_move)
    assert other.hands == state.hands and other.stock != state.stock


def test_real_gains_are_paired_a_move_gains_nothing_over_itself() -> None:
    truth = load_benchmark("search_truth")
    state = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=2)
    assert isinstance(state, RummyState)
    move = state.legal_moves()[0]
    gains = truth.real_gains(SearchAgent(), state, [move, move], rolls=3, seed=5)
    assert gains == [0.0, 0.0]


def test_a_threshold_counts_only_its_departures_and_their_real_gains() -> None:
    truth = load_benchmark("search_truth")
    steady = [[0.0] * 4, [9.0, 11.0, 10.0, 10.0], [40.0, -30.0, 0.0, 26.0]]
    noisy = [[0.0] * 4, [40.0, -30.0, 0.0, 26.0]]
    games = [[(steady, [0.0, -4.0, 7.0]), (noisy, [0.0, 3.0])], [(noisy, [0.0, 5.0])]]
    strict = truth.rule_report(games, 2.0, 0.0)  # the steady candidate alone departs
    assert strict["departures"] == 1 and strict["real_gain_per_departure"] == -4.0
    assert strict["real_gain_per_game"] == -2.0  # -4 in the first game, 0 in the second
    loose = truth.rule_report(games, 0.0, 0.0)  # the noisy ones too (a mean above 0)
    assert loose["departures"] == 3 and loose["real_gain_per_game"] == 2.0
    assert truth.rule_report(games, 2.0, 10.0)["departures"] == 0


@pytest.mark.slow
def test_the_script_weighs_decisions_and_reports_each_threshold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    truth = load_benchmark("search_truth")
    args = ["--game", "gin-rummy", "--games", "2", "--deal", "1", "--determinizations", "3"]
    args += ["--truth-rolls", "2", "--confidence", "1", "--handicap", "0", "--handicap", "5"]
    assert truth.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["decisions"] > 0 and report["candidates"] >= report["decisions"]
    assert [(r["confidence"], r["handicap"]) for r in report["rules"]] == [(1, 0), (1, 5)]
    loose, strict = report["rules"]
    assert 0 <= strict["departures"] <= loose["departures"] <= report["decisions"]
    low, high = loose["per_game_ci95"]
    assert low <= loose["real_gain_per_game"] <= high


def test_the_trick_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    truth = load_benchmark("search_truth")
    with pytest.raises(SystemExit):
        truth.main(["--game", "crummy", "--players", "3"])
    assert "crummy is not a rummy game" in capsys.readouterr().err


def _greedy_until(state: GameState, done: Callable[[GameState], bool]) -> GameState:
    rng = random.Random(0)
    while not done(state):
        state = state.apply(choose_move(GreedyAgent(), state, rng))
    return state


def test_a_deal_is_fresh_then_turned_over_then_stalled() -> None:
    truth = load_benchmark("search_truth")
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=18)
    assert truth.phase(state.view(0)) == "fresh"
    turned = _greedy_until(state, lambda s: s.reshuffles > 0)
    assert truth.phase(turned.view(0)) == "turned"
    stalled = _greedy_until(turned, lambda s: s.reshuffles >= 2 or s.deal_number > 1 or s.is_over)
    assert stalled.deal_number == 1  # this deal stalls: its pile is turned over twice
    assert truth.phase(stalled.view(0)) == "stalled"


def test_a_real_position_keeps_the_stock_the_seat_remembers_and_reorders_the_rest() -> None:
    truth = load_benchmark("search_truth")
    game = rummykit.variant("basic-rummy").new_game(players=4, seed=0)
    rng, memory = random.Random(0), Recall.start(game.view(0))
    while not game.reshuffles or game.to_move != 0:  # the pile turned over, seat 0 to move
        game = game.apply(choose_move(GreedyAgent(), game, rng))
        memory = memory.observe(game.view(0))
    assert isinstance(game, RummyState) and memory.stock == game.stock
    kept = truth.real_position(game, random.Random(1), memory)
    assert kept.stock == game.stock and kept.view(0) == game.view(0)
    fresh = truth.real_position(game, random.Random(1), None)  # nothing remembered
    assert fresh.stock != game.stock and sorted(fresh.stock) == sorted(game.stock)


def test_a_second_search_like_the_first_departs_alike_and_gains_nothing_over_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    truth = load_benchmark("search_truth")
    args = ["--game", "gin-rummy", "--games", "2", "--deal", "1", "--determinizations", "3"]
    args += ["--truth-rolls", "1", "--confidence", "0", "--second", "determinizations=3"]
    args += ["--truth"]
    assert truth.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["second"] == {"determinizations": 3} and report["decisions"] > 0
    assert report["second_rules"] == report["rules"]
    assert report["second_less_first"] == [
        {"confidence": 0.0, "handicap": 0.0, "per_game": 0.0, "ci95": [0.0, 0.0]}
    ]
    assert len(report["truth_rules"]) == 1  # the truthful search weighed them too
    assert sum(p["decisions"] for p in report["phases"].values()) == report["decisions"]


def test_min_known_weighs_only_the_decisions_the_search_would_search() -> None:
    truth = load_benchmark("search_truth")
    game = rummykit.variant("basic-rummy")
    every = SearchAgent(determinizations=2, recall=True)
    searched = SearchAgent(determinizations=2, recall=True, min_known=0.6)
    seed = 7013
    many = truth.play(game, 4, seed, 1, [every], rolls=1, deal=None, phases=("fresh",))
    few = truth.play(game, 4, seed, 1, [searched], rolls=1, deal=None, phases=("fresh",))
    assert all(d.phase == "fresh" for d in many + few)
    assert len(few) < len(many)  # early in a fresh deal the memory places too little


def test_min_known_without_a_memory_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    truth = load_benchmark("search_truth")
    with pytest.raises(SystemExit):
        truth.main(["--game", "basic-rummy", "--min-known", "0.6"])
    assert "--min-known needs --recall" in capsys.readouterr().err
