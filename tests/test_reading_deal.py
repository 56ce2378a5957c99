"""Reading the other hands from every move of the deal (``SearchAgent(infer_deal=N)``): a
chain on the hidden cards of the deal's first view, each state replayed through every move
seen, the other seats taken for greedy agents and a discard other than theirs a miss."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import rummykit
from rummykit.agents import GreedyAgent, choose_move
from rummykit.engine.core import GameState
from rummykit.engine.rummy import RummyState
from rummykit.engine.rummy_state import RummyView
from rummykit.reading_deal import DealReader
from rummykit.search import SearchAgent, sample_state
from rummykit.sim import play_game


def _decisions(
    seed: int, moves: int = 200, players: int = 4
) -> Iterator[tuple[SearchAgent, GameState, GameState]]:
    """Basic Rummy by greedy agents, seat 0 followed by a search agent reading the deal
    (told seat 0's moves as if it had chosen them): at each of seat 0's decisions before the
    pile turns over, the agent, the deal's first state and the real state."""
    agent = SearchAgent(recall=True, infer_deal=300)
    state = rummykit.variant("basic-rummy").new_game(players=players, seed=seed)
    first, play = state, random.Random(seed)
    agent.observe(state.view(0))
    for _ in range(moves):
        if state.is_over:
            return
        move = choose_move(GreedyAgent(), state, play)
        if state.to_move == 0:
            agent._chosen[0] = (state.view(0), move)
        deal = state.deal_number
        state = state.apply(move)
        if state.deal_number != deal:
            first = state
        agent.observe(state.view(0))
        view = state.view(0)
        assert isinstance(view, RummyView)
        if view.to_move == 0 and view.reshuffles == 0:
            yield agent, first, state


@pytest.mark.parametrize("players", [2, 4])
def test_the_real_deal_replays_through_every_move_of_the_deal_without_a_miss(
    players: int,
) -> None:
    # the other seats are greedy agents, as the reading takes them to be: the real hidden
    # cards of the deal's first view make every move seen, each discard the greedy one
    checked = 0
    for agent, first, state in _decisions(3, players=players):
        deal = agent._deals[0]
        assert deal._setup(random.Random(0)) and isinstance(first, RummyState)
        real = list(first.variant.rules.hidden_cards(first, 0))
        end, misses = deal._replay(real, random.Random(0))
        assert end is not None and misses == 0 and end.view(0) == state.view(0)
        checked += 1
    assert checked >= 10


def test_a_deal_whose_discards_differ_from_greedy_play_is_allowed_with_misses() -> None:
    # swap two cards between two other hands at the deal's first view: where the replay
    # still makes every draw, meld and lay-off seen, each discard the greedy agent would not
    # have made is counted (a miss) instead of ruling the deal out
    misses_seen = set()
    for agent, first, _ in _decisions(3):
        deal = agent._deals[0]
        assert deal._setup(random.Random(0)) and isinstance(first, RummyState)
        real = list(first.variant.rules.hidden_cards(first, 0))
        hands = sorted(deal.places)
        i, j = deal.places[hands[0]][0], deal.places[hands[1]][0]
        if real[i] in deal.allowed or real[j] in deal.allowed:
            continue
        real[i], real[j] = real[j], real[i]
        end, misses = deal._replay(real, random.Random(0))
        if end is not None:
            misses_seen.add(misses)
    assert misses_seen - {0}


def test_the_seats_own_draws_are_where_it_drew_them_and_others_cards_where_they_came_from() -> (
    None
):
    checked = 0
    for agent, _, _ in _decisions(5, moves=120):
        deal = agent._deals[0]
        assert deal._setup(random.Random(2)) and deal.base is not None
        pinned = set(range(len(deal.cards))) - set(deal.free)
        stock = len(deal.base.stock)
        assert all(index < stock for index in pinned)  # only the seat's stock draws
        for card, places in deal.allowed.items():
            if card in deal.cards:
                assert deal.cards.index(card) in places
        checked += bool(pinned) and bool(deal.allowed)
    assert checked >= 3


def test_every_sample_of_the_deal_reading_is_a_sample_of_the_view() -> None:
    rng = random.Random(1)
    read = 0
    for agent, _, state in _decisions(5, moves=120):
        view = state.view(0)
        for _ in range(3):
            sample = agent._sample(view, rng, agent._memory[0], None)
            assert sample.view(0) == view
        drawn = agent._deal_samples.get(0)
        read += bool(drawn and drawn[1])
    assert read >= 3


def test_the_reading_of_a_deal_starts_anew_at_each_deal_and_stops_at_the_turn_over() -> None:
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=7)
    agent = SearchAgent(infer_deal=10)
    rng = random.Random(7)
    agent.observe(state.view(0))
    readers, turned = set(), False
    while not state.is_over and len(readers) < 3:
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        view = state.view(0)
        agent.observe(view)
        deal = agent._deals[0]
        readers.add(id(deal))
        assert deal.views[0].deal_number == view.deal_number == deal.views[-1].deal_number
        assert isinstance(view, RummyView)
        turned |= view.reshuffles > 0 and not deal.readable()
    assert len(readers) >= 2 and turned


def test_a_search_reading_the_deal_plays_a_game_and_needs_no_other_reading() -> None:
    agent = SearchAgent(determinizations=2, recall=True, infer_deal=50, min_known=0.6)
    result = play_game(
        rummykit.variant("basic-rummy"),
        players=4,
        seed=11,
        agents=[agent, GreedyAgent(), GreedyAgent(), GreedyAgent()],
    )
    assert result.state.is_over and agent._deal_samples
    for setting in ("infer_slack", "infer_deal", "infer_exact"):
        with pytest.raises(ValueError, match=setting):
            SearchAgent(**{setting: -1})
    assert DealReader.then(None, rummykit.variant("crummy").new_game(players=3, seed=1).view(0),
                           None, (GreedyAgent(), sample_state, 1.5)) is None  # fmt: skip
