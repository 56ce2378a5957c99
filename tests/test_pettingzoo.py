"""Every game as a PettingZoo AEC environment (the extra ``rummykit[pettingzoo]``): the
PettingZoo API test and seed test for every game at two player counts, whole games played
through the environment, zero-sum rewards, and observations built from views only.

``make test`` installs the extra and sets ``RUMMYKIT_REQUIRE_EXTRAS=1``: there these tests
cannot skip."""

from __future__ import annotations

import os
import random
import warnings

import pytest

import rummykit

try:
    import numpy as np
    from pettingzoo.test import api_test, seed_test
except ImportError:
    if os.environ.get("RUMMYKIT_REQUIRE_EXTRAS"):
        raise
    pytest.skip(
        "PettingZoo is not installed (pip install 'rummykit[pettingzoo]')", allow_module_level=True
    )

from rummykit.adapters.observations import legal_listed
from rummykit.adapters.pettingzoo import (
    RummykitEnv,
    env,
    observation_size,
    observation_vector,
)
from rummykit.cards import Suit
from rummykit.engine.trick_state import TrickPhase
from rummykit.errors import ActionError, OptionError
from rummykit.testing.stacking import deal_order

CASES = [
    (game_id, players)
    for game_id in rummykit.variants()
    for players in sorted(
        {rummykit.variant(game_id).min_players, min(rummykit.variant(game_id).max_players, 4)}
    )
]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_pettingzoo_api_test_passes(game_id: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice to use a Box, not a Dict with a mask
        api_test(env(game_id, players=players), num_cycles=400)


@pytest.mark.parametrize("game_id", ["gin-rummy", "crummy", "crummy-rummy"])
def test_the_same_seed_gives_the_same_game(game_id: str) -> None:
    players = rummykit.variant(game_id).min_players
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(game_id, players=players), num_cycles=200)


def _play(game: RummykitEnv, seed: int) -> dict[str, float]:
    """A whole game with uniformly random legal actions; the rewards summed per agent."""
    rng = random.Random(seed)
    game.reset(seed=seed)
    total = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _info = game.last()
        total[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        game.step(int(legal[rng.randrange(len(legal))]))
    return total


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("gin-rummy", 2, {"max_deals": 1}),
        ("crummy", 4, {}),
        ("basic-rummy", 3, {"target": 20}),
        ("crib-rummy", 2, {"max_deals": 2}),
    ],
)
def test_whole_games_end_with_zero_sum_rewards_for_the_winners(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = env(game_id, players=players, **options)
    rewards = _play(game, seed=3)
    assert game.state is not None and game.state.is_over
    assert sum(rewards.values()) == pytest.approx(0.0)
    winners = set(game.state.winners)  # type: ignore[attr-defined]
    for seat, agent in enumerate(game.possible_agents):
        assert (rewards[agent] > 0) == (seat in winners and len(winners) < players)


def test_actions_are_codec_numbers_or_legal_move_indices() -> None:
    gin = env("gin-rummy", players=2)
    gin.reset(seed=1)
    assert gin.action_space(gin.agent_selection).n == 241  # OpenSpiel's ids
    crazy = env("crazy-rummy", players=3, max_legal=512)
    crazy.reset(seed=1)
    assert crazy.action_space(crazy.agent_selection).n == 512  # indices into the legal moves
    observation, *_, info = crazy.last()
    assert observation["action_mask"].sum() == len(info["moves"])
    with pytest.raises(ActionError, match=r"action 8 is not legal now; legal: 0: discard .*, 7: "):
        crazy.step(len(info["moves"]))


def test_an_illegal_action_is_refused_naming_the_legal_ones_and_changes_nothing() -> None:
    gin = env("gin-rummy", players=2)
    gin.reset(seed=1)
    before = gin.state
    legal = [int(a) for a in np.flatnonzero(gin.observe(gin.agent_selection)["action_mask"])]
    assert legal == [52, 54]  # OpenSpiel's ids: take the upcard, pass
    with pytest.raises(ActionError, match=r"action 0 is not legal now; legal: 52: take, 54: pass"):
        gin.step(0)
    for wrong in (52.0, "52", None, True):
        with pytest.raises(ActionError, match="an action number is an int"):
            gin.step(wrong)  # type: ignore[arg-type]
    assert gin.state is before
    gin.step(np.int64(54))  # a NumPy integer, as a learner's policy gives
    assert gin.state is not before and gin.state.moves[-1] == rummykit.Pass()


def test_a_refusal_lists_the_first_twelve_legal_actions_and_counts_the_rest() -> None:
    cards = rummykit.parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H")
    moves = [(10 + i, rummykit.Discard(card)) for i, card in enumerate(cards)]
    assert legal_listed(moves, by_number=True).endswith(
        "20: discard QS, 21: discard KS and 2 more"
    )
    assert legal_listed(moves[:2], by_number=False) == "legal: 0: discard 2S, 1: discard 3S"
    assert legal_listed([], by_number=True) == "no action is legal now"


def test_the_observation_is_built_from_the_seats_view_only() -> None:
    # Re-dealing the cards a seat cannot see leaves its observation unchanged.
    game = rummykit.variant("contract-rummy")
    state = game.new_game(players=3, seed=5)
    rng = random.Random(2)
    for _ in range(40):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    for seat in range(3):
        hidden = list(game.rules.hidden_cards(state, seat))  # type: ignore[attr-defined]
        rng.shuffle(hidden)
        other = game.rules.with_hidden(state, seat, hidden)  # type: ignore[attr-defined]
        mine = observation_vector(state.view(seat))
        assert np.array_equal(mine, observation_vector(other.view(seat)))
        assert mine.dtype == np.float32


def test_the_crummy_observation_holds_the_suits_a_passed_seat_lacks() -> None:
    # Seat 3 holds no club and is passed over when clubs are led: every player saw it, so
    # the observation of every seat says so (seats counted from the viewer); nothing else.
    game = rummykit.variant("crummy")
    hands = ["7D 8D 9D 10D 7C 8C 9C 10C", "7S 8S 9S 10S 7H 8H 9H 10H",
             "JH QH KH AH JC QC KC AC", "JS QS KS AS JD QD KD AD"]  # fmt: skip
    state = game.new_game(players=4, deck=deal_order(game, hands=hands, dealer=3), dealer=3)
    before = {seat: observation_vector(state.view(seat)) for seat in range(4)}
    for text in ["play 7D", "play 7S", "play JH"]:  # only a club may follow: seat 3 passed
        state = state.apply(rummykit.parse_move(text))
    size = observation_size(4, "trick")
    lacking = size - len(TrickPhase) - 4 * 4  # the four suits of each seat, from the viewer
    for seat in range(4):
        vector = observation_vector(state.view(seat))
        assert vector.shape == (size,)
        flags = vector[lacking : lacking + 16].reshape(4, 4)
        expected = np.zeros((4, 4), dtype=np.float32)
        expected[(3 - seat) % 4, Suit.CLUBS] = 1.0
        assert np.array_equal(flags, expected)
        assert not before[seat][lacking : lacking + 16].any()


def test_a_bad_render_mode_or_player_count_is_refused() -> None:
    with pytest.raises(OptionError):
        env("gin-rummy", players=2, render_mode="human")
    with pytest.raises(OptionError):
        env("gin-rummy", players=5)
    text = env("crummy", players=4, render_mode="ansi")
    text.reset(seed=0)
    rendered = text.render()
    assert isinstance(rendered, str) and "hand" in rendered
