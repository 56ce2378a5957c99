"""Every game as an OpenSpiel game (the extra ``rummykit[openspiel]``): registered on
import, OpenSpiel's own ``random_sim_test`` for each, observations from views, zero-sum
returns, and OpenSpiel's MCTS bot playing whole games.

``make test`` installs the extra and sets ``RUMMYKIT_REQUIRE_EXTRAS=1``: there these tests
cannot skip."""

from __future__ import annotations

import os
import random

import pytest

import rummykit

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError:
    if os.environ.get("RUMMYKIT_REQUIRE_EXTRAS"):
        raise
    pytest.skip(
        "OpenSpiel is not installed (pip install 'rummykit[openspiel]')", allow_module_level=True
    )

import rummykit.adapters.openspiel as rummykit_openspiel
from rummykit.adapters.observations import observation_vector
from rummykit.adapters.openspiel_games import game_name
from rummykit.errors import ActionError, OptionError

#: Options that keep a random game short enough for the test (the safeguards end deals
#: that run long; the games are otherwise the defaults).
SHORT: dict[str, dict[str, object]] = {
    "gin-rummy": {"max_deals": 1},
    "oklahoma-gin": {"max_deals": 1},
    "crib-rummy": {"max_deals": 1},
    "basic-rummy": {"target": 10},
    "rummy-500": {"target": 100},
    "contract-rummy": {"max_turns": 40},
    "crummy-rummy": {"max_turns": 40},
}


def _load(game_id: str, players: int | None = None) -> pyspiel.Game:
    count = players or rummykit.variant(game_id).min_players
    return pyspiel.load_game(game_name(game_id), {"players": count, **SHORT.get(game_id, {})})


def test_importing_the_adapter_registers_every_game() -> None:
    registered = set(pyspiel.registered_names())
    names = rummykit_openspiel.registered_games()
    assert names == [game_name(g) for g in rummykit.variants()]
    assert set(names) <= registered
    assert "rummykit_crummy_rummy" in registered


@pytest.mark.slow
@pytest.mark.parametrize("game_id", rummykit.variants())
def test_openspiels_random_simulation_test_passes(game_id: str) -> None:
    pyspiel.random_sim_test(_load(game_id), num_sims=1, serialize=True, verbose=False)


def test_the_players_parameter_and_the_games_options_are_parameters() -> None:
    game = _load("crummy", players=4)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 69
    gin = pyspiel.load_game("rummykit_gin_rummy", {"target": 50})
    assert gin.num_distinct_actions() == 241 and gin.max_chance_outcomes() == 4096
    with pytest.raises(OptionError, match="2-2 players, not 3"):
        pyspiel.load_game("rummykit_gin_rummy", {"players": 3})


def _play(game: pyspiel.Game, choose_for: dict[int, object], seed: int) -> pyspiel.State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        bot = choose_for.get(state.current_player())
        if bot is not None:
            action = bot.step(state)  # type: ignore[attr-defined]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
    return state


@pytest.mark.slow
def test_the_mcts_bot_plays_whole_games() -> None:
    for game_id, players in (("crummy", 3), ("gin-rummy", 2)):
        game = _load(game_id, players)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
        bot = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=4,
            evaluator=evaluator,
            random_state=np.random.RandomState(1),
        )
        end = _play(game, {0: bot}, seed=5)
        returns = end.returns()
        assert len(returns) == players and sum(returns) == pytest.approx(0.0)


def test_observations_come_from_the_seats_view() -> None:
    game = _load("contract-rummy", 3)
    state = game.new_initial_state()
    state.apply_action(7)  # the seed
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    observer = game.make_py_observer()
    for seat in range(3):
        observer.set_from(state, seat)
        view = state.inner.view(seat)
        assert np.array_equal(observer.tensor, observation_vector(view))
        text = observer.string_from(state, seat)
        assert '"format": "rummykit-view"' in text and f'"seat": {seat}' in text
    assert state.observation_string(1) == observer.string_from(state, 1)


@pytest.mark.parametrize(("game_id", "players"), [("gin-rummy", 2), ("crazy-rummy", 3)])
def test_an_illegal_action_is_refused_naming_the_legal_ones(game_id: str, players: int) -> None:
    # crazy-rummy numbers actions by their index among the legal moves: -2 or one past the
    # last must be refused, not read as an index from the end or raise IndexError
    state = _load(game_id, players).new_initial_state()
    state.apply_action(3)  # the chance node: the deal's seed
    legal = state.legal_actions()
    for action in (-2, max(legal) + 1):  # (OpenSpiel itself refuses -1)
        with pytest.raises(ActionError, match=f"action {action} is not legal now; legal: "):
            state.apply_action(action)
    assert state.legal_actions() == legal
