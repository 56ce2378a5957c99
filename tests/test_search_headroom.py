"""``benchmarks/search_headroom.py``: the held-out gain of the search agent's choices."""

from __future__ import annotations

import json

import pytest
from helpers import load_benchmark


def test_the_choice_is_made_on_one_half_and_measured_on_the_other() -> None:
    headroom = load_benchmark("search_headroom")
    # a candidate that looks best on the first half is judged by the second alone
    assert headroom.held_out([[0.0] * 6, [3.0, 3.1, 2.9, -1.0, -2.0, 0.0]], 2.0) == (1, -1.0)
    # a noisy first half keeps the greedy choice, whatever the second half holds
    assert headroom.held_out([[0.0] * 4, [4.0, -3.0, 9.0, 9.0]], 2.0) == (0, 0.0)
    # no confidence asked: the best mean of the first half is taken
    assert headroom.held_out([[0.0] * 4, [1.0, 1.0, 2.0, 2.0], [0.5, 0.5, 7, 7]], 0.0) == (1, 2.0)


def test_a_margin_is_the_seat_s_points_less_the_others_mean() -> None:
    import rummykit

    headroom = load_benchmark("search_headroom")
    crib = rummykit.variant("crib-rummy")  # the highest total wins
    assert headroom.margin(crib, (10, 10, 10), (30, 14, 16)) == 20 - 5
    crazy = rummykit.variant("crazy-rummy")  # penalties: the lowest total wins
    assert headroom.margin(crazy, (0, 0, 0), (40, 10, 30)) == -40 + 20
    assert headroom.margin(crazy, (0, 0, 0), (40, 10, 30), seat=1) == -10 + 35


@pytest.mark.slow
def test_the_script_reports_decisions_and_the_spread_of_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    headroom = load_benchmark("search_headroom")
    args = ["--game", "gin-rummy", "--deals", "2", "--determinizations", "4"]
    assert headroom.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 2 and report["players"] == 2
    assert 0 <= report["left_greedy"] <= report["decisions"] > 0
    low, high = report["per_deal_ci95"]
    assert low <= report["held_out_gain_per_deal"] <= high
    assert report["deal_margin_sd"] > 0


def test_fewer_than_four_samples_cannot_be_halved() -> None:
    headroom = load_benchmark("search_headroom")
    with pytest.raises(SystemExit):
        headroom.main(["--determinizations", "3"])


def test_thresholds_are_compared_deal_by_deal_on_the_same_decisions() -> None:
    headroom = load_benchmark("search_headroom")
    # two deals; the second threshold left greedy once more and gained 1 and 3 more points
    figures = headroom.compared(
        1.0, [(0, 0.0, 0.0), (2, 1.5, 1.0), (1, 2.0, -1.0)], [2.0, 5.0], [1.0, 2.0], [1.0, -1.0]
    )
    assert figures["confidence"] == 1.0 and figures["left_greedy"] == 2
    assert figures["held_out_gain_per_deal"] == 3.5
    assert figures["over_first"] == 2.0
    low, high = figures["over_first_ci95"]
    assert low < 2.0 < high
    assert figures["true_gain_per_deal"] == 0.0


def test_the_true_gain_rolls_both_moves_out_from_the_real_position() -> None:
    import random

    import rummykit
    from rummykit.agents import GreedyAgent
    from rummykit.search import SearchAgent

    headroom = load_benchmark("search_headroom")
    game = rummykit.variant("gin-rummy", max_deals=1)
    state = game.new_game(players=2, seed=4)
    while len(state.legal_moves()) < 3:
        state = state.apply(
            GreedyAgent().choose(state.view(state.to_move), state.legal_moves(), random.Random(0))
        )
    agent = SearchAgent(determinizations=4)
    moves = list(state.legal_moves())
    assert headroom.true_gain(agent, state, moves, 0, seed=1) == 0.0
    # the value of each move played out from the real hands, with the same tie-breaks
    greedy = GreedyAgent()
    seat = state.to_move
    values = [agent._value(state.apply(m), seat, greedy, random.Random(1)) for m in moves]
    for index in range(1, len(moves)):
        assert headroom.true_gain(agent, state, moves, index, seed=1) == values[index] - values[0]
    assert len(set(values)) > 1  # some moves are worth more than others here


@pytest.mark.slow
def test_several_confidences_choose_from_the_same_samples(
    capsys: pytest.CaptureFixture[str],
) -> None:
    headroom = load_benchmark("search_headroom")
    args = ["--game", "gin-rummy", "--deals", "2", "--determinizations", "4"]
    assert headroom.main([*args, "--confidence", "2", "--confidence", "0"]) == 0
    report = json.loads(capsys.readouterr().out)
    first, second = report["compare"]
    assert first["confidence"] == report["search"]["confidence"] == 2.0
    assert first["over_first"] == 0.0 and first["left_greedy"] == report["left_greedy"]
    # no confidence asked leaves the greedy choice at least as often as two standard errors
    assert second["left_greedy"] >= first["left_greedy"]
    assert headroom.main(args) == 0
    assert "compare" not in json.loads(capsys.readouterr().out)
