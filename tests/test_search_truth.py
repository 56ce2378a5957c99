"""``benchmarks/search_truth.py``: the search's estimates against the real positions."""

from __future__ import annotations

import json
import random

import pytest
from helpers import load_benchmark

import rummykit
from rummykit.engine.rummy import RummyState
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
