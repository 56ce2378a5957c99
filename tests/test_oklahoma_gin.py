"""Oklahoma Gin (issue 10): every clause of the rules from a hand drawn up here.

``game(upcard, stock)`` deals :data:`KNOCKER` to seat 0 (on the dealer's left, so it is
offered the upcard first) and :data:`DEFENDER` to seat 1. Both pass the upcard and seat 0
draws the first stock card: with ``10C`` its hand is gin after discarding ``5D``; with ``KC``
its least deadwood after the discard is 5 (the ``5D``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from helpers import golden_diff, play

import rummykit
from rummykit import IllegalMoveError, OptionError, parse_move
from rummykit.agents import GreedyAgent, choose_move
from rummykit.engine.rummy import Phase, RummyState
from rummykit.pieces import DealEnd, knock_result
from rummykit.sim import simulate
from rummykit.testing.conformance import check_variant
from rummykit.testing.stacking import stacked_game

OKLAHOMA = rummykit.variant("oklahoma-gin")
GOLDEN = Path(__file__).parent / "golden"
#: Three runs and the 5D: deadwood 5 with ten cards.
KNOCKER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 5D"
#: No meld and no two cards that could start one: deadwood 72.
DEFENDER = "KH QD JS 9H 8D 2C 4S 6S 10D 3H"


def game(upcard: str, stock: str = "KC", **options: object) -> RummyState:
    variant = rummykit.variant("oklahoma-gin", **options) if options else OKLAHOMA
    state = stacked_game(variant, hands=[KNOCKER, DEFENDER], dealer=1, upcard=upcard, stock=stock)
    assert isinstance(state, RummyState)
    after = play(state, "pass", "pass", "draw")
    assert isinstance(after, RummyState)
    return after


def legal(state: RummyState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def knock_and_show(state: RummyState, discard: str) -> RummyState:
    """Seat 0 knocks, discards ``discard`` face down, lays its three runs; seat 1 passes."""
    after = play(
        state,
        "knock",
        f"discard {discard}",
        "meld run AS-3S: AS 2S 3S",
        "meld run 4H-6H: 4H 5H 6H",
        "meld run 7C-9C: 7C 8C 9C",
        "pass",
    )
    assert isinstance(after, RummyState)
    return after


# -- the knock limit ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "limit"), [("7H", 7), ("5D", 5), ("3C", 3), ("10H", 10), ("KD", 10), ("QH", 10)]
)
def test_the_first_upcards_value_is_the_knock_limit(upcard, limit):
    if upcard == "5D":  # the knocker holds the 5D: a 5 of another suit
        upcard = "5C"
    state = game(upcard)
    assert state.view(0).knock_limit == limit == state.rules.knock_limit(state)
    # Deadwood 5 after discarding the KC: a knock exactly when the limit is 5 or more.
    assert ("knock" in legal(state)) is (limit >= 5)


def test_below_the_limit_knocking_is_illegal_and_says_why():
    state = game("4D")
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(parse_move("knock"))
    assert caught.value.rule == "knock.deadwood"
    assert "knock limit 4" in str(caught.value)


def test_an_ace_upcard_means_gin_only():
    state = game("AH")
    assert state.view(0).knock_limit == 0
    assert "knock" not in legal(state)  # deadwood 5 is not gin
    gin = game("AH", stock="10C")
    assert "knock" in legal(gin)
    done = play(
        gin,
        "knock",
        "discard 5D",
        "meld run AS-3S: AS 2S 3S",
        "meld run 4H-6H: 4H 5H 6H",
        "meld run 7C-10C: 7C 8C 9C 10C",
        "pass",
        "pass",
    )
    assert knock_result(done.last_deal) == "gin"


def test_the_limit_is_set_again_by_each_deals_upcard():
    state = game("7H")
    done = play(knock_and_show(state, "KC"), "pass", "pass")
    assert done.deal_number == 2
    assert done.view(0).knock_limit == rummykit.pieces.Knock(limit_from_upcard=True).limit(
        done.discards[0]
    )


# -- scoring ------------------------------------------------------------------------------------


def test_a_knock_scores_the_difference_of_deadwood():
    done = play(knock_and_show(game("7H"), "KC"), "pass", "pass")
    assert done.last_deal.reason is DealEnd.KNOCK and knock_result(done.last_deal) == "knock"
    assert done.last_deal.points == (72 - 5, 0) and done.scores == (67, 0)


def test_a_spade_upcard_doubles_the_deals_score():
    done = play(knock_and_show(game("7S"), "KC"), "pass", "pass")
    assert done.last_deal.indicator == rummykit.Card.parse("7S")
    assert done.last_deal.points == (2 * 67, 0) and done.scores == (134, 0)


def test_a_spade_upcard_doubles_the_gin_bonus_too():
    gin = game("8S", stock="10C")
    done = play(
        gin,
        "knock",
        "discard 5D",
        "meld run AS-3S: AS 2S 3S",
        "meld run 4H-6H: 4H 5H 6H",
        "meld run 7C-10C: 7C 8C 9C 10C",
        "pass",
        "pass",
    )
    assert done.last_deal.points == (2 * (25 + 72), 0)


def test_the_knockers_face_down_discard_is_hidden_from_the_defender():
    state = play(game("7H"), "knock", "discard KC")
    assert state.phase is Phase.SPREAD
    assert state.view(1).discard_top is None and str(state.view(0).discard_top) == "KC"
    assert rummykit.Card.parse("KC") in state.variant.rules.hidden_cards(state, 1)


# -- the game ----------------------------------------------------------------------------------


def test_the_game_is_played_to_150():
    assert OKLAHOMA.option("target") == 150
    done = play(knock_and_show(game("7S"), "KC"), "pass", "pass")
    assert not done.is_over  # 134
    state = stacked_game(
        OKLAHOMA, hands=[KNOCKER, DEFENDER], dealer=1, upcard="7S", stock="KC", scores=(20, 0)
    )
    over = play(knock_and_show(play(state, "pass", "pass", "draw"), "KC"), "pass", "pass")
    assert over.is_over and over.winners == (0,)
    # 154 doubled for the shutout, the game bonus, one box: (20 + 134) * 2 + 100 + 25.
    assert over.scores == (433, 0)


def test_default_options():
    assert dict(OKLAHOMA.options) == {
        "big_gin": None,
        "gin_bonus": 25,
        "max_deals": 100,
        "target": 150,
        "undercut_bonus": 25,
    }
    assert (OKLAHOMA.id, OKLAHOMA.name, OKLAHOMA.min_players, OKLAHOMA.max_players) == (
        "oklahoma-gin",
        "Oklahoma Gin",
        2,
        2,
    )


@pytest.mark.parametrize(
    "options", [{"target": 0}, {"gin_bonus": -1}, {"big_gin": 1.5}, {"knock_card": 5}]
)
def test_bad_options_raise_option_error(options):
    with pytest.raises(OptionError):
        rummykit.variant("oklahoma-gin", **options)


def test_two_players_only():
    with pytest.raises(OptionError):
        OKLAHOMA.new_game(players=3)


# -- whole games -------------------------------------------------------------------------------


def test_random_and_greedy_games_finish_and_replay():
    report = simulate(OKLAHOMA, players=2, games=6, seed=3, agents=["greedy", "random"])
    assert (report.completed, report.errors) == (6, 0) and report.moves > 0
    state = OKLAHOMA.new_game(players=2, seed=5)
    rng = random.Random(5)
    agent = GreedyAgent()
    while not state.is_over:
        state = state.apply(choose_move(agent, state, rng))
    text = state.record().to_json()
    replayed = rummykit.GameRecord.from_json(text).replay()
    assert replayed == state and replayed.scores == state.scores


@pytest.mark.slow
def test_conformance_kit():
    report = check_variant(OKLAHOMA, games=2, seed=1, every=2)
    assert report.ok, "\n".join(report.failures)


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("oklahoma-gin_*.json")), ids=lambda p: p.name)
def test_golden_move_counts(path):
    """Legal-move counts along the fixed lines of tests/golden/regenerate_crazy_contract_crummy.py
    (rerun it with ``oklahoma-gin`` to regenerate, then review the diff)."""
    diff = golden_diff(json.loads(path.read_text()))
    assert not diff, f"{path.name}: {len(diff)} step(s) differ\n" + "\n".join(diff)


def test_golden_lines_knock_and_show_down():
    files = [json.loads(p.read_text()) for p in GOLDEN.glob("oklahoma-gin_*.json")]
    assert len(files) == 3
    assert any(any(text == "knock" for _, text in data["steps"]) for data in files)
    assert any(any(text.startswith("meld ") for _, text in data["steps"]) for data in files)
