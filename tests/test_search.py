"""Sampling whole positions from a view (issue 13 item 6): the sample's view is the view,
every card of the deal is somewhere, and play goes on from the sample."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from helpers import random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import GameState, LayMeld, Move, View
from rummykit.agents import GreedyAgent, choose_move
from rummykit.engine import trick_views
from rummykit.engine.rummy import RummyState
from rummykit.engine.trick_state import TrickState, TrickView
from rummykit.errors import OptionError
from rummykit.search import SearchAgent, sample_state
from rummykit.search_value import rollout_end

GAMES = rummykit.variants()


def _cards(state: GameState) -> Counter[object]:
    """Every card of a deal, wherever it lies."""
    if isinstance(state, TrickState):
        return state.all_cards()
    assert isinstance(state, RummyState)
    count: Counter[object] = Counter(state.stock)
    count.update(state.discards)
    count.update(state.set_aside)
    for hand in state.hands:
        count.update(hand)
    for placed in state.table:
        count.update(placed.meld.cards)
    if state.pending is not None and state.phase.value == "place_wild":
        count[state.pending] += 1
    return count


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(GAMES),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 400),
    many=st.booleans(),
    data=st.data(),
)
def test_the_view_of_a_sample_is_the_view(
    game_id: str, seed: int, moves: int, many: bool, data: st.DataObject
) -> None:
    game = rummykit.variant(game_id)
    players = game.max_players if many else game.min_players
    state = random_game(game_id, players, moves, seed)
    rng = random.Random(seed)
    seat = data.draw(st.integers(0, players - 1))
    view = state.view(seat)
    sample = sample_state(view, random.Random(seed + 1))
    assert sample.view(seat) == view
    assert type(sample) is type(state)
    assert _cards(sample) == _cards(state)  # the same deal, redistributed
    for _ in range(20):  # and the game goes on from it
        if sample.is_over:
            break
        legal = sample.legal_moves()
        sample = sample.apply(legal[rng.randrange(len(legal))])


def test_a_sample_of_a_player_who_went_out_by_playing_the_drawn_card_and_discarding() -> None:
    # Rummy 500, found by the property above: the last player held one card (hidden), drew
    # (hidden), laid the drawn card off and went out by discarding the one it held. Its
    # hand is empty: the single card it held is the discard on top of the pile.
    state = random_game("rummy-500", 2, 348, seed=0)
    assert isinstance(state, RummyState) and len(state.moves) == 348
    assert state.is_over and [str(m) for m in state.moves[-2:]] == [
        "lay 8D on #1 high",
        "discard AH",
    ]
    view = state.view(1)
    assert view.hands[0] == () and view.played == (rummykit.Card.parse("8D"),)
    for number in range(5):
        sample = sample_state(view, random.Random(number))
        assert sample.view(1) == view
        assert isinstance(sample, RummyState)
        assert (sample.drawn, sample.single) == (state.drawn, state.single)


def test_a_sample_mid_trick_lets_the_seat_to_move_play() -> None:
    # Crummy, found by the property above: seat 0 is to move to the trick 7D KC QS, so it
    # holds a heart (the KH); seat 1 cannot see that, and a sample that gave seat 0 the 7C
    # instead left it to move with no card it may play, and the game with no legal move.
    state = random_game("crummy", 5, 241, seed=427)
    assert isinstance(state, TrickState) and len(state.moves) == 241
    assert [str(c) for c in state.trick] == ["7D", "KC", "QS"] and state.to_move == 0
    view = state.view(1)
    for number in range(40):
        sample = sample_state(view, random.Random(number))
        assert sample.view(1) == view
        assert sample.legal_moves(), number
        assert any(card.suit is rummykit.Suit.HEARTS for card in sample.hands[0])  # type: ignore[attr-defined]


def test_a_sample_keeps_what_the_play_said_of_every_hand() -> None:
    # Over whole Crummy games at every count, from every seat's view: every seat passed
    # over in the trick in play could not have played to it then, and the seat to move
    # can; and a seat passed over at an earlier trick, which has only lost cards since
    # (until it takes a trick), still holds no card it could have played to it (the view's
    # ``passed``).
    from rummykit.engine.trick_views import _trick_facts

    mid_trick = earlier = 0
    for players in (3, 4, 5):
        for seed in range(3):
            state = rummykit.variant("crummy").new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                for seat in range(players):
                    view = state.view(seat)
                    assert isinstance(view, TrickView)
                    sample = sample_state(view, random.Random(mid_trick + earlier))
                    assert isinstance(sample, TrickState)
                    assert sample.view(seat) == view and sample.legal_moves()
                    tricks = sample.variant.rules.tricks  # type: ignore[attr-defined]
                    for other, so_far, later, may in _trick_facts(view):
                        hand = (*sample.hands[other], *later)
                        assert bool(tricks.playable(so_far, hand)) is may
                        mid_trick += 1
                    current = tuple(card for _, card in view.trick)
                    for other, passes in enumerate(view.passed):
                        for so_far in passes:
                            assert not tricks.playable(so_far, sample.hands[other])
                            earlier += other != seat and so_far[: len(current)] != current
                legal = state.legal_moves()
                state = state.apply(legal[rng.randrange(len(legal))])
    assert mid_trick > 1000
    assert earlier > 1000  # passes from tricks before the one in play


def test_samples_differ_where_the_seat_cannot_see() -> None:
    state = rummykit.variant("crummy").new_game(players=4, seed=2)
    view = state.view(0)
    hands = {sample_state(view, random.Random(i)).hands[1] for i in range(10)}  # type: ignore[attr-defined]
    assert len(hands) > 1
    assert all(
        sample_state(view, random.Random(i)).hands[0] == state.hands[0]  # type: ignore[attr-defined]
        for i in range(3)
    )


def test_a_view_without_its_game_is_refused() -> None:
    class Bare:
        seat = 0

    with pytest.raises(OptionError, match="cannot rebuild"):
        sample_state(Bare(), random.Random(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_of_positions_along_random_games_samples_to_its_own_view(
    game_id: str,
) -> None:
    game = rummykit.variant(game_id)
    for players in sorted({game.min_players, game.max_players}):
        state: GameState = game.new_game(players=players, seed=7)
        rng = random.Random(7)
        for number in range(300):
            if state.is_over:
                break
            if number % 10 == 0:
                for seat in range(players):
                    view = state.view(seat)
                    sample = sample_state(view, random.Random(number))
                    assert sample.view(seat) == view, (players, number, seat)
            legal = state.legal_moves()
            state = state.apply(legal[rng.randrange(len(legal))])


# -- the search agent -------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "settings", "count"),
    [
        ("search", {"determinizations": 2}, "min_players"),
        ("ismcts", {"iterations": 6}, "max_players"),
    ],
)
def test_the_search_agents_choose_legal_moves_from_the_view_alone(
    name: str, settings: dict[str, int], count: str
) -> None:
    from rummykit.agents import check_agent, make_agent
    from rummykit.search import ISMCTSAgent

    agent = SearchAgent(**settings) if name == "search" else ISMCTSAgent(**settings)
    check_agent(agent)
    assert make_agent(name).name == name
    for game_id in GAMES:
        game = rummykit.variant(game_id)
        state = game.new_game(players=getattr(game, count), seed=4)
        rng = random.Random(4)
        for _ in range(12):  # early positions of every game, the searching seat to move
            if state.is_over:
                break
            move = choose_move(agent, state, random.Random(0))
            assert move in state.legal_moves()
            # the same view and generator give the same choice
            assert choose_move(agent, state, random.Random(0)) == move
            legal = state.legal_moves()
            state = state.apply(legal[rng.randrange(len(legal))])


def test_ismcts_spends_every_iteration_on_the_root_moves_and_plays_the_most_visited() -> None:
    from rummykit.search import ISMCTSAgent

    view, legal = _a_discard_decision(3)
    agent = ISMCTSAgent(iterations=40, max_candidates=4)
    moves, visits, means = agent.evaluate(view, legal, random.Random(1))
    assert len(moves) == len(visits) == len(means) == 4
    assert set(moves) <= set(legal)
    assert sum(visits) == 40 and min(visits) >= 1  # each root move is tried first
    best = max(range(4), key=lambda i: (visits[i], means[i]))
    assert agent.choose(view, legal, random.Random(1)) == moves[best]
    # a time cap still plays one iteration
    capped = ISMCTSAgent(iterations=1000, seconds=1e-9)
    assert sum(capped.evaluate(view, legal, random.Random(1))[1]) == 1


@pytest.mark.parametrize("game_id", ["gin-rummy", "crazy-rummy", "crummy"])
def test_the_ismcts_tree_counts_its_iterations_and_widens_in_the_greedy_order(
    game_id: str,
) -> None:
    # Every iteration goes down one path: a node's children hold no more visits than the
    # node; a move is counted available at least as often as it was visited; the tree
    # grows below the root; and a node's moves come in the greedy agent's order.
    from rummykit.agents import GreedyAgent
    from rummykit.search import ISMCTSAgent, _Node

    game = rummykit.variant(game_id)
    state = random_game(game_id, game.min_players, 30, seed=2)
    view = state.view(state.to_move)
    agent = ISMCTSAgent(iterations=80)
    root_moves, root = agent._grow(view, view.legal, random.Random(3))
    assert root.visits == 80 and set(root.children) <= set(root_moves)
    depth = 0
    frontier: list[tuple[_Node, int]] = [(root, 0)]
    while frontier:
        node, level = frontier.pop()
        depth = max(depth, level)
        children = list(node.children.values())
        assert sum(child.visits for child in children) <= node.visits
        for child in children:
            assert child.available >= child.visits >= 1
            frontier.append((child, level + 1))
    assert depth >= 3
    first = next(iter(root.children.values()))
    assert first.move == GreedyAgent().choose(view, view.legal, random.Random(3))


def test_ismcts_options_are_checked() -> None:
    from rummykit.search import ISMCTSAgent

    with pytest.raises(ValueError):
        ISMCTSAgent(iterations=0)
    with pytest.raises(ValueError):
        ISMCTSAgent(exploration=-1)
    with pytest.raises(ValueError):
        ISMCTSAgent(rollout="clever")
    with pytest.raises(ValueError):
        ISMCTSAgent(max_candidates=1)
    with pytest.raises(ValueError):
        ISMCTSAgent(depth=0)


def test_the_search_agent_leaves_the_greedy_choice_only_for_a_clear_gain() -> None:
    from rummykit.search import _significant_best

    assert _significant_best([[0, 0, 0], [5, -5, 6], [1, 1, 1.2]], 2.0) == 2
    assert _significant_best([[0, 0, 0], [5, -5, 6]], 2.0) == 0  # noisy: keep greedy's
    assert _significant_best([[0.0], [3.0]], 2.0) == 0  # one sample proves nothing


def test_search_agent_options_are_checked() -> None:
    from rummykit.search import SearchAgent

    with pytest.raises(ValueError):
        SearchAgent(determinizations=0)
    with pytest.raises(ValueError):
        SearchAgent(rollout="clever")
    with pytest.raises(ValueError):
        SearchAgent(objective="luck")
    with pytest.raises(ValueError):
        SearchAgent(max_candidates=1)
    with pytest.raises(ValueError):
        SearchAgent(depth=0)
    with pytest.raises(ValueError):
        SearchAgent(prune_after=1)  # one sample has no spread to judge by
    assert SearchAgent(objective="lead").objective == "lead"


def test_a_candidate_stays_in_play_while_one_standard_error_could_make_it_a_gain() -> None:
    from rummykit.search import _may_gain

    assert not _may_gain([0.0, 0.0, 0.0, 0.0])  # plays out exactly as the greedy choice
    assert not _may_gain([-2.0, -1.0, -3.0, -2.0])  # worse on every sample
    assert _may_gain([-1.0, 3.0, -1.0, -0.5])  # mean 0.125: still in doubt
    assert _may_gain([-2.0, 2.0, -2.0, 1.0])  # mean -0.25, standard error 1.03
    assert not _may_gain([-2.0, 0.0, -2.0, 0.0])  # mean -1, standard error 0.58


def _a_discard_decision(seed: int) -> tuple[View, list[Move]]:
    """A gin position, seat to move, with a discard to choose (several candidates)."""
    from rummykit.engine.moves import Discard

    state = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=seed)
    state = state.apply(state.legal_moves()[0])
    while not any(isinstance(m, Discard) for m in state.legal_moves()):
        state = state.apply(state.legal_moves()[0])
    view = state.view(state.to_move)
    return view, list(view.legal)


def test_pruning_stops_rolling_out_candidates_no_better_than_the_greedy_choice() -> None:
    from rummykit.search import SearchAgent, _may_gain

    view, legal = _a_discard_decision(0)
    full = SearchAgent(determinizations=12)
    pruned = SearchAgent(determinizations=12, prune_after=3)
    moves, gains = full.evaluate(view, legal, random.Random(1))
    same_moves, some = pruned.evaluate(view, legal, random.Random(1))
    assert same_moves == moves and all(len(g) == 12 for g in gains)
    # the greedy choice plays every sample any other candidate plays; some were dropped
    assert len(some[0]) == max(len(g) for g in some) >= 3
    assert any(len(g) < len(some[0]) for g in some[1:])
    for values in some[1:]:
        assert 3 <= len(values) <= 12
        if len(values) < len(some[0]):
            # dropped after its last sample: no longer worth one, though it was before
            assert not _may_gain(values)
            assert len(values) == 3 or _may_gain(values[:-1])
    # the samples played are the same ones, whoever plays them (the rollouts draw their own
    # dice): every candidate's gains are the first of its gains unpruned
    assert [g[: len(s)] for g, s in zip(gains, some, strict=True)] == some


def test_a_decision_ends_once_every_candidate_is_dropped() -> None:
    from rummykit.search import SearchAgent

    for seed in range(6):
        view, legal = _a_discard_decision(seed)
        _, gains = SearchAgent(determinizations=40, prune_after=2).evaluate(
            view, legal, random.Random(seed)
        )
        if len(gains[0]) < 40:  # ended early: nothing left in doubt
            assert all(len(g) < 40 for g in gains[1:])
            break
    else:
        pytest.fail("no decision ended early")
    # and the choice is made from what was played, samples of unequal counts and all
    agent = SearchAgent(determinizations=40, prune_after=2)
    assert agent.choose(view, legal, random.Random(seed)) in legal


def test_the_candidates_are_the_greedy_agents_first_choices_in_its_order() -> None:
    from rummykit.agents import GreedyAgent
    from rummykit.engine.moves import Discard
    from rummykit.search import _ranked

    state = rummykit.variant("gin-rummy").new_game(players=2, seed=2)
    state = state.apply(state.legal_moves()[0])  # decline or take the upcard ...
    while not any(isinstance(m, Discard) for m in state.legal_moves()):
        state = state.apply(state.legal_moves()[0])  # ... until a discard is due
    view = state.view(state.to_move)
    legal = list(view.legal)
    greedy = GreedyAgent()
    ranked = _ranked(greedy, view, legal, random.Random(0), 4)
    assert len(ranked) == 4 and len(set(ranked)) == 4
    assert ranked[0] == greedy.choose(view, legal, random.Random(0))
    # the second is the greedy choice once the first is gone, and so on
    rest = [m for m in legal if m != ranked[0]]
    assert ranked[1] == greedy.choose(view, rest, random.Random(0))
    # with no more moves than asked for, every move is a candidate
    assert sorted(map(str, _ranked(greedy, view, legal, random.Random(0), 99))) == sorted(
        map(str, legal)
    )


def test_the_lowest_total_wins_games_of_a_fixed_number_of_deals() -> None:
    from rummykit.search import lowest_wins

    assert lowest_wins(rummykit.variant("contract-rummy"))  # penalties over seven deals
    assert lowest_wins(rummykit.variant("crummy-rummy"))
    assert not lowest_wins(rummykit.variant("gin-rummy"))  # points to a target
    assert not lowest_wins(rummykit.variant("crib-rummy"))


def test_the_points_objective_is_the_margin_and_standing_its_sign() -> None:
    from rummykit.agents import GreedyAgent, choose_move
    from rummykit.search import SearchAgent

    state = rummykit.variant("gin-rummy").new_game(players=2, seed=7)
    greedy = GreedyAgent()
    final, rng = state, random.Random(0)
    while final.deal_number == 1:  # the deal rolled out by greedy agents, by hand
        final = final.apply(choose_move(greedy, final, rng))
    margin = final.scores[1] - final.scores[0]
    assert margin != 0
    assert SearchAgent(objective="points")._value(state, 1, greedy, random.Random(0)) == margin
    standing = SearchAgent(objective="standing")._value(state, 1, greedy, random.Random(0))
    assert standing == (margin > 0) - (margin < 0) + margin / 1000


def test_the_lead_objective_is_the_margin_over_the_best_other_seat() -> None:
    """With three players, points compare with the others' mean, lead with the best of them
    (in a penalty game the best is the lowest total)."""
    from rummykit.agents import GreedyAgent, choose_move
    from rummykit.search import SearchAgent, stock_end_scores

    state = _after("crazy-rummy", 3, 9, 12)
    greedy = GreedyAgent()
    cut = SearchAgent(depth=1, objective="lead")
    after = state.apply(choose_move(greedy, state, random.Random(0)))  # the one rollout move
    scores = stock_end_scores(after)
    assert after.deal_number == state.deal_number
    lead = cut._value(state, 0, greedy, random.Random(0))
    assert lead == -(scores[0] - min(scores[1], scores[2]))
    points = SearchAgent(depth=1)._value(state, 0, greedy, random.Random(0))
    assert points == -(scores[0] - (scores[1] + scores[2]) / 2)
    assert lead != points


def test_the_game_objective_in_the_last_deal_is_the_games_result_for_the_seat() -> None:
    """In the last of a fixed number of deals a rollout is worth the share of the other seats
    the seat's final total beats, less the share that beat it, the margin breaking ties;
    earlier deals are worth the points margin."""
    from rummykit.agents import GreedyAgent, choose_move
    from rummykit.search import SearchAgent, in_final_deal, stock_end_scores

    early = _after("crazy-rummy", 3, 9, 12)  # thirteen deals, the lowest total wins
    last = attrs.evolve(early, deal_number=13)
    assert not in_final_deal(early) and in_final_deal(last)
    greedy = GreedyAgent()
    game, points = SearchAgent(depth=1, objective="game"), SearchAgent(depth=1)
    for state in (early, last):
        after = state.apply(choose_move(greedy, state, random.Random(0)))  # the rollout move
        mine, *others = (-s for s in stock_end_scores(after))
        margin = mine - sum(others) / 2
        assert points._value(state, 0, greedy, random.Random(0)) == margin
        result = sum((mine > o) - (mine < o) for o in others) / 2 + margin / 1000
        expected = result if state is last else margin
        assert result != margin
        assert game._value(state, 0, greedy, random.Random(0)) == expected
    # gin is played to a target: no deal is known to be its last, and points count
    gin = rummykit.variant("gin-rummy").new_game(players=2, seed=7)
    assert SearchAgent(objective="game")._value(gin, 1, greedy, random.Random(0)) == (
        SearchAgent()._value(gin, 1, greedy, random.Random(0))
    )


def test_expected_ahead_counts_the_seats_beaten_where_the_game_is_over() -> None:
    from rummykit.search_value import expected_ahead

    # over: beats 20 and 0, ties 60, behind 100 -> (1 + 1 + 0.5 + 0) / 4
    assert expected_ahead((60, 20, 0, 60, 100), 0, over=True, lowest=False, scale=50) == 0.625
    # the lowest total ahead in a penalty game
    assert expected_ahead((60, 20, 100), 0, over=True, lowest=True, scale=50) == 0.5
    assert expected_ahead((10, 20, 100), 0, over=True, lowest=True, scale=50) == 1.0


def test_expected_ahead_weighs_a_lead_by_a_logistic_where_the_game_goes_on() -> None:
    import math

    from rummykit.search_value import expected_ahead

    level = expected_ahead((30, 30), 0, over=False, lowest=False, scale=50)
    assert level == 0.5
    ahead = expected_ahead((80, 30), 0, over=False, lowest=False, scale=50)
    assert ahead == pytest.approx(1 / (1 + math.exp(-1)))
    behind = expected_ahead((30, 80), 0, over=False, lowest=False, scale=50)
    assert ahead + behind == pytest.approx(1.0)
    # a smaller scale makes the same lead worth more; a penalty game turns it round
    assert expected_ahead((80, 30), 0, over=False, lowest=False, scale=10) > ahead
    assert expected_ahead((80, 30), 0, over=False, lowest=True, scale=50) == pytest.approx(behind)
    # no overflow however far apart the scores are
    far = (10**6, -(10**6))
    assert expected_ahead(far, 0, over=False, lowest=False, scale=1) == 1.0
    assert expected_ahead(far, 1, over=False, lowest=False, scale=1) == 0.0


def test_rollout_end_says_whether_the_deal_ends_the_game() -> None:
    from rummykit.agents import GreedyAgent
    from rummykit.search_value import stock_end_scores

    greedy = GreedyAgent()
    # a target of 1: the first deal won ends the game
    short = rummykit.variant("basic-rummy", target=1).new_game(players=2, seed=1)
    scores, over = rollout_end(short, 1, greedy, random.Random(0), 2000)
    assert over and max(scores) >= 1
    # to 100 the first deal does not (nobody scores as much from one deal here)
    long = rummykit.variant("basic-rummy").new_game(players=2, seed=1)
    scores, over = rollout_end(long, 1, greedy, random.Random(0), 2000)
    assert not over and 0 < max(scores) < 100
    # a deal cut short (no move played) ends the game where its scores as they stand reach
    # the target: Rummy 500 counts the cards in hand against their holders
    state = rummykit.variant("rummy-500").new_game(players=2, seed=1)
    held = -stock_end_scores(state)[0]
    for total, ends in ((500 + held, True), (499 + held, False)):
        position = attrs.evolve(state, scores=(total, 0))
        scores, over = rollout_end(position, 1, greedy, random.Random(0), 0)
        assert max(scores) == total - held and over is ends
    # the last of a fixed number of deals ends the game however it is cut
    last = attrs.evolve(_after("crazy-rummy", 3, 9, 12), deal_number=13)
    assert rollout_end(last, 13, greedy, random.Random(0), 0)[1]
    assert not rollout_end(attrs.evolve(last, deal_number=12), 12, greedy, random.Random(0), 0)[1]


def test_the_ahead_objective_is_the_expected_share_of_seats_beaten() -> None:
    """A rollout that ends the game is worth the share of the other seats beaten; one that
    does not, the logistic estimate of it from the scores at the deal's end."""
    from rummykit.agents import GreedyAgent
    from rummykit.search_value import expected_ahead

    greedy = GreedyAgent()
    for target, over in ((1, True), (100, False)):
        state = rummykit.variant("basic-rummy", target=target).new_game(players=4, seed=2)
        scores, ended = rollout_end(state, 1, greedy, random.Random(0), 2000)
        assert ended is over
        values = set()
        for scale in (50.0, 20.0):
            agent = SearchAgent(objective="ahead", ahead_scale=scale)
            value = agent._value(state, 1, greedy, random.Random(0))
            assert value == expected_ahead(scores, 1, over=over, lowest=False, scale=scale)
            values.add(value)
        if over:  # seat 1 won the game, or is behind its winner and level with the others
            assert values == ({1.0} if scores[1] else {(0.0 + 0.5 + 0.5) / 3})
        else:  # the scale counts while the game goes on
            assert len(values) == 2 and all(0 < v < 1 for v in values)


def test_r36a_stock_end_scores_count_every_hand_as_it_stands() -> None:
    """A deal cut short is scored as one whose stock ran out: in Crazy Rummy every seat adds
    the cost of the cards it holds (R21); Basic Rummy scores nobody without a winner."""
    from rummykit.pieces.scoring import PenaltyTable
    from rummykit.search import stock_end_scores

    state = _after("crazy-rummy", 3, 4, 30)
    assert isinstance(state, RummyState)
    table = PenaltyTable.crazy_rummy()
    wild = state.context.wilds.cards
    expected = tuple(
        score + sum(table.value(c, wild) for c in hand)
        for score, hand in zip(state.scores, state.hands, strict=True)
    )
    assert stock_end_scores(state) == expected
    basic = _after("basic-rummy", 2, 4, 10)
    assert stock_end_scores(basic) == basic.scores
    trick = rummykit.variant("crummy").new_game(players=3, seed=1)
    assert stock_end_scores(trick) == trick.scores  # a trick deal cannot end so


def test_a_rollout_cut_at_depth_is_scored_where_it_stopped() -> None:
    from rummykit.agents import GreedyAgent, choose_move
    from rummykit.search import SearchAgent, stock_end_scores

    state = rummykit.variant("contract-rummy").new_game(players=3, seed=5)
    greedy = GreedyAgent()
    cut, rng = state, random.Random(0)
    for _ in range(7):  # seven greedy moves, by hand
        cut = cut.apply(choose_move(greedy, cut, rng))
    assert cut.deal_number == 1 and not cut.is_over
    scores = stock_end_scores(cut)
    margin = -(scores[0] - (scores[1] + scores[2]) / 2)  # the lowest total wins
    value = SearchAgent(depth=7)._value(state, 0, greedy, random.Random(0))
    assert value == margin
    assert SearchAgent(depth=7000)._value(state, 0, greedy, random.Random(0)) != value
    # so is a rollout cut at the horizon (a stalled deal): not as if the deal scored nothing
    assert SearchAgent(horizon=7)._value(state, 0, greedy, random.Random(0)) == margin


def _stalled_and_not() -> tuple[View, View]:
    """A three-player Crazy Rummy position after four greedy moves, seen by the seat to
    move: as it is, and as if the discard pile had made a new stock twice (a stalled deal,
    by the public counters the greedy agent goes by)."""
    import attrs

    from rummykit.agents import GreedyAgent, choose_move

    state = rummykit.variant("crazy-rummy").new_game(players=3, seed=2)
    rng = random.Random(0)
    for _ in range(4):
        state = state.apply(choose_move(GreedyAgent(), state, rng))
    stalled = attrs.evolve(state, reshuffles=2)
    return stalled.view(stalled.to_move), state.view(state.to_move)


def test_a_stalled_deal_is_rolled_out_stalled_depth_moves_and_scored_as_it_stands() -> None:
    from rummykit.search import SearchAgent

    stalled, fresh = _stalled_and_not()

    def gains(agent: SearchAgent, view: View) -> list[list[float]]:
        return agent.evaluate(view, view.legal, random.Random(0))[1]

    cut = SearchAgent(determinizations=2, stalled_depth=5)
    uncut = SearchAgent(determinizations=2, stalled_depth=None)
    assert SearchAgent().stalled_depth == 100  # the default
    # stalled: as if every rollout were cut at a depth of 5, and not as if uncut
    assert gains(cut, stalled) == gains(SearchAgent(determinizations=2, depth=5), stalled)
    assert gains(cut, stalled) != gains(uncut, stalled)
    # a deal going as usual is rolled out to its end
    assert gains(cut, fresh) == gains(uncut, fresh)


@pytest.mark.parametrize("rollout", ["greedy", "random"])
def test_every_candidate_of_a_sample_is_rolled_out_with_the_same_dice(
    rollout: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Common random numbers: the candidates of one sample differ only by their moves. A
    stalled deal's greedy rollouts throw cards at random, as random rollouts play: the
    greedy choice searched twice over must gain exactly nothing over itself on every
    sample (with one stream of dice for all, the second rollout drew other dice)."""
    from rummykit import search

    stalled, fresh = _stalled_and_not()
    for view in (stalled, fresh):
        twice = GreedyAgent().choose(view, view.legal, random.Random(0))
        monkeypatch.setattr(search, "_ranked", lambda *args, move=twice: [move, move])
        agent = SearchAgent(determinizations=6, rollout=rollout, stalled_depth=None)
        moves, gains = agent.evaluate(view, view.legal, random.Random(1))
        assert moves == [twice, twice]
        assert gains == [[0.0] * 6, [0.0] * 6]


def test_ismcts_cuts_the_rollouts_of_a_stalled_deal_too() -> None:
    from rummykit.search import ISMCTSAgent

    stalled, fresh = _stalled_and_not()

    def means(agent: ISMCTSAgent, view: View) -> list[float]:
        return agent.evaluate(view, view.legal, random.Random(0))[2]

    cut = ISMCTSAgent(iterations=6, stalled_depth=5)
    assert means(cut, stalled) == means(ISMCTSAgent(iterations=6, depth=5), stalled)
    assert means(cut, stalled) != means(ISMCTSAgent(iterations=6, stalled_depth=None), stalled)
    assert means(cut, fresh) == means(ISMCTSAgent(iterations=6, stalled_depth=None), fresh)


def test_the_rollout_limit_is_the_least_of_horizon_depth_and_stalled_depth() -> None:
    from rummykit.search import _rollout_limit

    stalled, fresh = _stalled_and_not()
    assert _rollout_limit(fresh, 2000, None, 100) == 2000
    assert _rollout_limit(stalled, 2000, None, 100) == 100
    assert _rollout_limit(stalled, 2000, 30, 100) == 30
    assert _rollout_limit(stalled, 50, None, 100) == 50
    assert _rollout_limit(stalled, 2000, None, None) == 2000


def _after(game_id: str, players: int, seed: int, moves: int) -> GameState:
    """The position after ``moves`` seeded random moves."""
    state: GameState = rummykit.variant(game_id).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def test_r41_a_sample_deals_a_player_who_must_meld_the_taken_discard_cards_that_meld_it() -> None:
    # Seat 0 has taken a discard it must meld at once (R41); seat 1 only knows that the take
    # was allowed. A random deal of seat 0's hidden cards rarely melds the card: such deals
    # are drawn again, so the sample has the legal melds the real position has.
    state = _after("crib-rummy", 4, 269, 150)
    assert state.phase.value == "pickup" and state.to_move == 0  # type: ignore[attr-defined]
    for number in range(5):
        sample = sample_state(state.view(1), random.Random(number))
        assert sample.view(1) == state.view(1)
        pending = sample.pending  # type: ignore[attr-defined]
        assert any(pending in m.meld.cards for m in sample.legal_moves().of_type(LayMeld))


def test_r30_a_sample_keeps_a_freed_wild_off_the_hands_and_the_stock() -> None:
    # A natural card was swapped in for a wild, which must now go back on the table (R30):
    # the wild is neither on the table nor in a hand, and the sample must not deal it again.
    state = _after("crummy-rummy", 8, 0, 469)
    assert state.phase.value == "place_wild"  # type: ignore[attr-defined]
    pending = state.pending  # type: ignore[attr-defined]
    sample = sample_state(state.view(3), random.Random(1))
    assert sample.view(3) == state.view(3)
    assert _cards(sample) == _cards(state)
    assert sample.pending == pending  # type: ignore[attr-defined]


def _view_with_a_hidden_quartet() -> TrickView:
    """Seat 0's view of a four-player Crummy game in which another seat has laid a
    quartet face down (its rank unknown to seat 0): seed 0, 49 random moves."""
    game = rummykit.variant("crummy")
    state, rng = game.new_game(players=4, seed=0), random.Random(0)
    for _ in range(49):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    view = state.view(0)
    assert isinstance(view, TrickView)
    assert any(isinstance(r, rummykit.Hidden) for q in view.quartets[1:] for r in q)
    return view


def test_a_sample_draws_the_hidden_quartets_ranks_again_when_no_deal_of_the_rest_exists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The passes may leave the other hands no deal of the cards left for one choice of the
    # face-down quartets' ranks and a deal for another: the sampler draws the ranks again
    # (here the first deal is made to fail) rather than refuse a view that has a sample.
    view = _view_with_a_hidden_quartet()
    real = trick_views._deal_unseen
    calls: list[int] = []

    def first_fails(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise OptionError("no deal of the unseen cards respects the passes")
        return real(*args)

    monkeypatch.setattr(trick_views, "_deal_unseen", first_fails)
    sample = sample_state(view, random.Random(3))
    assert len(calls) == 2 and sample.view(0) == view


def test_a_sample_gives_up_after_the_last_draw_of_the_quartets_ranks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = _view_with_a_hidden_quartet()
    calls: list[int] = []

    def never(*args: Any) -> Any:
        calls.append(1)
        raise OptionError("no deal of the unseen cards respects the passes")

    monkeypatch.setattr(trick_views, "_deal_unseen", never)
    with pytest.raises(OptionError, match="respects the passes"):
        sample_state(view, random.Random(3))
    assert len(calls) == trick_views._QUARTET_TRIES
    # with no face-down quartet there is nothing to draw again: the first failure stands
    calls.clear()
    game = rummykit.variant("crummy")
    plain = game.new_game(players=4, seed=0).view(0)
    with pytest.raises(OptionError, match="respects the passes"):
        sample_state(plain, random.Random(3))
    assert len(calls) == 1


class _Seats:
    """The greedy agent, noting the seats it is asked to play."""

    name = "seats"

    def __init__(self) -> None:
        self.seats: list[int] = []

    def choose(self, view, legal, rng):
        self.seats.append(view.seat)
        return GreedyAgent().choose(view, legal, rng)


def test_a_rollout_plays_the_searching_seat_by_its_own_agent() -> None:
    state = rummykit.variant("crummy-rummy").new_game(players=3, seed=4)
    mine = _Seats()
    rng = random.Random(0)
    scores = rollout_end(state, 1, GreedyAgent(), rng, 2000, own=(1, mine))[0]
    assert mine.seats and set(mine.seats) == {1}
    # the agent played as greedy: the deal ends as a greedy rollout does
    assert scores == rollout_end(state, 1, GreedyAgent(), random.Random(0), 2000)[0]


def test_the_careful_search_keeps_the_careful_choice_first() -> None:
    """Where careful and greedy play part (a discard in Crummy Rummy), the careful search
    ranks the careful agent's choice first: it is the move kept unless another clears
    ``confidence``."""
    game = rummykit.variant("crummy-rummy")
    careful = GreedyAgent(careful=True)
    for seed in range(40):
        state = game.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.deal_number == 1:
            view = state.view(state.to_move)
            mine = careful.choose(view, view.legal, random.Random(0))
            if mine != GreedyAgent().choose(view, view.legal, random.Random(0)):
                agent = SearchAgent(determinizations=2, careful=True)
                moves, _ = agent.evaluate(view, view.legal, random.Random(0))
                assert moves[0] == mine
                plain, _ = SearchAgent(determinizations=2).evaluate(
                    view, view.legal, random.Random(0)
                )
                assert plain[0] != mine
                return
            state = state.apply(choose_move(GreedyAgent(), state, rng))
    raise AssertionError("no position where careful and greedy play part")


def test_min_known_plays_the_base_choice_until_the_memory_places_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # SearchAgent(min_known=x) searches only where its memory puts at least the share x of
    # the hidden cards in place: at the start of a deal it remembers nothing, so it plays
    # the greedy choice without a rollout; once the pile is turned over (Basic Rummy, the
    # stock known card by card) it searches
    agent = SearchAgent(recall=True, min_known=0.6, determinizations=2, depth=10)
    searched: list[float] = []
    evaluate = SearchAgent.evaluate

    def counted(self: SearchAgent, view: View, legal: Any, rng: random.Random) -> Any:
        searched.append(self._memory[view.seat].placed_share(view))
        return evaluate(self, view, legal, rng)

    monkeypatch.setattr(SearchAgent, "evaluate", counted)
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=0)
    agents = [agent, GreedyAgent(), GreedyAgent(), GreedyAgent()]
    rng = random.Random(0)
    rummykit.agents.show_all(agents, state)
    base = searches = 0
    for _ in range(5000):
        if state.is_over or searches >= 3:
            break
        view = state.view(state.to_move)
        if state.to_move == 0 and len(view.legal) > 1:
            share, before = agent._memory[0].placed_share(view), len(searched)
            move = agent.choose(view, view.legal, random.Random(1))
            if share < 0.6:  # the greedy choice, no search
                assert len(searched) == before
                assert move == GreedyAgent().choose(view, view.legal, random.Random(1))
                base += 1
            else:
                assert searched[before:] == [share]
                searches += 1
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        rummykit.agents.show_all(agents, state)
    assert base >= 3 and searches == 3
    with pytest.raises(OptionError, match="min_known must be at most 1"):
        SearchAgent(min_known=1.5)
