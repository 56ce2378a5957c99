"""``benchmarks/search_deals.py``: what the search agent gains over whole deals it plays."""

from __future__ import annotations

import doctest
import json
import random
from collections.abc import Sequence

import pytest
from helpers import Watcher, load_benchmark

import rummykit
from rummykit import Move, View
from rummykit.agents import GreedyAgent, RandomAgent


@pytest.mark.parametrize(
    "name", ["search_deals", "search_headroom", "search_oracle", "search_truth", "bench_search"]
)
def test_the_scripts_examples_hold(name: str) -> None:
    failed, tried = doctest.testmod(load_benchmark(name))
    assert tried > 0 and failed == 0


class _Burner:
    """Plays as the greedy agent, after drawing numbers from its random stream."""

    name = "burner"

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        for _ in range(7):
            rng.random()
        return GreedyAgent().choose(view, legal, rng)


def test_what_plays_the_seat_does_not_change_the_other_seats_tie_breaks() -> None:
    deals = load_benchmark("search_deals")
    # face-up seed 3 stalls, and the greedy agents then discard at random: were the seat's
    # draws taken from their stream, they would play another deal (with one stream for all,
    # the greedy seat's margin is -10 and the burner's -105)
    game = rummykit.variant("crazy-rummy-faceup")
    greedy, _ = deals.deal_margin(game, 3, 2, 0, GreedyAgent())
    burner, _ = deals.deal_margin(game, 3, 2, 0, _Burner())
    assert burner == greedy == -100
    game = rummykit.variant("crazy-rummy")
    # a margin is the seat's points less the others' mean; the lowest total wins here
    margins = [deals.deal_margin(game, 1, 3, seat, GreedyAgent())[0] for seat in range(3)]
    assert sum(margins) == pytest.approx(0.0)
    worse, _ = deals.deal_margin(game, 1, 3, 0, RandomAgent())
    assert worse != margins[0]


def test_search_settings_are_a_json_object() -> None:
    deals = load_benchmark("search_deals")
    assert deals.agent_settings('{"prune_after": 4}') == {"prune_after": 4}
    for bad in ("[1]", "{determinizations: 4}", "4"):
        with pytest.raises(Exception, match="search settings"):
            deals.agent_settings(bad)
    with pytest.raises(SystemExit):
        deals.main(["--agent", '{"determinisations": 4}'])  # misspelt: said, not ignored
    with pytest.raises(SystemExit):
        deals.main(["--deals", "0"])


@pytest.mark.slow
def test_settings_are_compared_on_the_same_deals(capsys: pytest.CaptureFixture[str]) -> None:
    deals = load_benchmark("search_deals")
    args = ["--game", "gin-rummy", "--deals", "2", "--option", "max_deals=1"]
    agents = ["--agent", '{"determinizations": 2}', "--agent", '{"determinizations": 3}']
    assert deals.main(args + agents) == 0
    report = json.loads(capsys.readouterr().out)
    first, second = report["compare"]
    assert report["deals"] == 2 and report["players"] == 2
    assert first["search"] == {"determinizations": 2} and first["over_first"] == 0.0
    assert second["search"] == {"determinizations": 3}
    assert second["over_first"] == pytest.approx(
        second["gain_per_deal"] - first["gain_per_deal"], abs=0.002
    )
    assert first["cpu_seconds"] > 0 and report["greedy_margin_sd"] >= 0


def test_an_agent_that_remembers_is_shown_its_seats_view_after_every_move() -> None:
    deals = load_benchmark("search_deals")
    game = rummykit.variant("gin-rummy")
    watcher = Watcher()
    deals.deal_margin(game, 3, 2, 1, watcher)
    assert len(watcher.seen) > 10 and all(view.seat == 1 for view in watcher.seen)
    # the views follow the deal move by move: the first is the deal's start
    assert watcher.seen[0] == game.new_game(players=2, seed=3).view(1)


def test_an_ismcts_setting_plays_the_tree_search(capsys: pytest.CaptureFixture[str]) -> None:
    deals = load_benchmark("search_deals")
    args = ["--game", "gin-rummy", "--deals", "1", "--option", "max_deals=1"]
    assert deals.main([*args, "--agent", '{"agent": "ismcts", "iterations": 2}']) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["compare"][0]["search"] == {"agent": "ismcts", "iterations": 2}
    # the settings are the tree search's own: the flat search's are refused
    with pytest.raises(SystemExit):
        deals.main([*args, "--agent", '{"agent": "ismcts", "determinizations": 2}'])
    with pytest.raises(SystemExit):
        deals.main([*args, "--agent", '{"iterations": 2}'])


def test_deal_plays_that_deal_of_each_game_with_its_contract() -> None:
    deals = load_benchmark("search_deals")
    game = rummykit.variant("crummy-rummy")
    watcher = Watcher()
    deals.deal_margin(game, 5, 2, 0, watcher, deal=6)
    sixth_round = game.new_game(players=2, seed=5, deal=6).view(0)
    assert str(sixth_round.contract) == "2 runs + 1 set"
    assert watcher.seen[0] == sixth_round
    assert {view.deal_number for view in watcher.seen} <= {6, 7}
    assert all(view.contract == sixth_round.contract for view in watcher.seen[:-1])
    # a deal past the game's end is refused before anything is played
    with pytest.raises(SystemExit):
        deals.main(["--game", "crummy-rummy", "--deal", "8", "--deals", "1"])
    with pytest.raises(SystemExit):
        deals.main(["--deal", "0", "--deals", "1"])
