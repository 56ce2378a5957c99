"""Planning a way out over known draws (rummykit.planner): the puzzle on hands drawn up
here, the order of the draws a memory knows, and the plan played out in stalled deals of
four-player Basic Rummy."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

import rummykit
from rummykit import GameState, parse_cards
from rummykit.agents import GreedyAgent, _stalled, choose_move
from rummykit.cards import Card
from rummykit.engine.moves import Discard, Draw, LayMeld, LayOff, TakeDiscard
from rummykit.engine.rummy import RummyState
from rummykit.engine.rummy_state import RummyView
from rummykit.errors import OptionError
from rummykit.melds import AceRule, Meld, MeldContext, MeldRules
from rummykit.planner import SPARE, _drawn_in_order, goes_out, plan_move, turns_to_out
from rummykit.recall import Recall
from rummykit.search import SearchAgent

BASIC = MeldContext(rules=MeldRules(set_max=4, run_min=3, aces=AceRule.LOW))


def test_a_hand_goes_out_with_every_card_laid_or_one_left_to_throw() -> None:
    assert goes_out(parse_cards("5H 6H 7H 9S 9D 9C"), (), BASIC)  # all laid
    assert goes_out(parse_cards("5H 6H 7H 9S 9D 9C KD"), (), BASIC)  # the KD thrown
    assert not goes_out(parse_cards("5H 6H 7H 9S 9D QC KD"), (), BASIC)
    assert goes_out(parse_cards("KD"), (), BASIC)  # the last card thrown
    # a card may go to a meld of the hand or to the table, not to both
    assert not goes_out(parse_cards("7H 7S 7D 8H 9H QC"), (), BASIC)
    below = Meld.parse("run 4H-6H: 4H 5H 6H")  # 7H-9H laid off on it: 7S 7D QC left
    assert not goes_out(parse_cards("7H 7S 7D 8H 9H QC"), [below], BASIC)
    above = Meld.parse("run 10H-QH: 10H JH QH")  # the 7s a set, 9H then 8H laid off on it
    assert goes_out(parse_cards("7H 7S 7D 8H 9H QC"), [above], BASIC)


def test_lay_offs_chain_along_a_run_and_fill_a_set_up_to_its_limit() -> None:
    run = Meld.parse("run 5C-7C: 5C 6C 7C")
    assert goes_out(parse_cards("8C 9C 10C 4C KD"), [run], BASIC)
    assert not goes_out(parse_cards("9C 10C 4C KD"), [run], BASIC)  # 8C missing: no chain
    three = Meld.parse("set Q: QS QH QD")
    assert goes_out(parse_cards("QC 2S"), [three], BASIC)
    four = Meld.parse("set Q: QS QH QD QC")
    assert not goes_out(parse_cards("2H 2S"), [four], BASIC)
    # a run longer than run_max takes nothing more
    short = MeldContext(rules=MeldRules(set_max=4, run_max=4, aces=AceRule.LOW))
    assert not goes_out(parse_cards("8C 9C KD"), [run], short)
    assert goes_out(parse_cards("8C KD"), [run], short)


def test_the_ace_stands_where_the_ace_rule_puts_it() -> None:
    high = MeldContext(rules=MeldRules(set_max=4, aces=AceRule.HIGH))
    either = MeldContext(rules=MeldRules(set_max=4, aces=AceRule.EITHER))
    queen_king_ace = parse_cards("QH KH AH 2C")
    ace_two_three = parse_cards("AH 2H 3H 9C")
    assert not goes_out(queen_king_ace, (), BASIC)
    assert goes_out(ace_two_three, (), BASIC)
    assert goes_out(queen_king_ace, (), high) and not goes_out(ace_two_three, (), high)
    assert goes_out(queen_king_ace, (), either) and goes_out(ace_two_three, (), either)


def test_the_fewest_draws_to_go_out_keep_the_cards_the_draws_complete() -> None:
    hand = parse_cards("5H 6H 9S 9D 9C 4C KD")
    # out at the third draw: the 2S and one of the 4C or KD thrown, then the other
    assert turns_to_out(hand, parse_cards("2S 7H 8H"), (), BASIC) == 3
    assert turns_to_out(hand, parse_cards("7H 8H"), (), BASIC) == 2
    assert turns_to_out(hand, parse_cards("7H"), (), BASIC) is None  # two cards left over
    assert turns_to_out(hand, parse_cards("2S 7H 3S"), (), BASIC) is None
    # a card drawn early is kept for a meld completed later
    nines = parse_cards("9S 9D 9C 9H 2C 5D KD")
    assert turns_to_out(nines, parse_cards("3C QS 4C"), (), BASIC) == 3
    assert turns_to_out(nines, parse_cards("3C 4C"), (), BASIC) == 2
    assert turns_to_out(nines, parse_cards("4C QS 3C"), (), BASIC) == 3
    assert turns_to_out(hand, (), (), BASIC) is None


#: Seeds of four-player Basic Rummy whose greedy play stalls a deal (the pile turned over
#: twice) with seat 0 still to play in it.
STALLING = (3, 4, 8, 9, 15, 18, 28)


def _stalled_decisions(seed: int, want: type) -> Iterator[tuple[GameState, Recall]]:
    """Greedy four-player Basic Rummy from ``seed``: each of seat 0's ``want`` moves (draw
    or discard) in a stalled deal, with seat 0's memory."""
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=seed)
    memory = Recall.start(state.view(0))
    rng = random.Random(seed)
    while not state.is_over:
        view = state.view(0)
        if state.to_move == 0 and _stalled(view) and any(isinstance(m, want) for m in view.legal):
            yield state, memory
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        memory = memory.observe(state.view(0))


def _stalled_decision(seed: int, want: type) -> tuple[GameState, Recall]:
    """The first of :func:`_stalled_decisions`."""
    for found in _stalled_decisions(seed, want):
        return found
    pytest.fail(f"no stalled {want.__name__} decision in game {seed}")


def _drawn_as_named(seed: int) -> bool:
    """Whether the cards drawn along stalled greedy play from seed ``seed`` (every seat
    drawing from the stock, through the pile turned over) went past the stock seat 0's
    memory knew; each drawn was the card the order named (asserted)."""
    state, memory = _stalled_decision(seed, Draw)
    view = state.view(0)
    assert isinstance(view, RummyView)
    order = _drawn_in_order(view, memory)
    stock = len(state.stock)
    assert order is not None and len(order) > stock  # past the turn-over
    rng = random.Random(seed)
    drawn: list[Card] = []
    deal = state.deal_number
    while len(drawn) < len(order):
        before = state
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        if state.is_over or state.deal_number != deal:
            break  # someone went out
        assert isinstance(before, RummyState) and isinstance(state, RummyState)
        seat = before.to_move
        drawn.extend(set(state.hands[seat]) - set(before.hands[seat]))
    assert drawn == order[: len(drawn)]
    return len(drawn) > stock


@pytest.mark.parametrize("seed", STALLING[:3])
def test_the_draws_a_memory_knows_are_the_cards_drawn_in_a_stalled_deal(seed: int) -> None:
    """The stock from the top, then the discard pile from its first card: the cards drawn
    are the cards the order named, as far as it went."""
    _drawn_as_named(seed)


def test_the_draws_past_a_turn_over_are_the_pile_in_the_order_it_was_thrown() -> None:
    assert any(_drawn_as_named(seed) for seed in STALLING)


def test_the_plan_is_for_stalled_deals_remembered_card_by_card() -> None:
    state, memory = _stalled_decision(STALLING[0], Draw)
    view = state.view(0)
    assert isinstance(view, RummyView)
    assert _drawn_in_order(view, memory) is not None
    assert plan_move(view, view.legal, None) is None  # no memory
    assert _drawn_in_order(view, Recall.start(view)) == []  # it remembers nothing yet
    fresh = rummykit.variant("basic-rummy").new_game(players=4, seed=0)
    fresh_view = fresh.view(fresh.to_move)
    assert isinstance(fresh_view, RummyView)
    assert _drawn_in_order(fresh_view, Recall.start(fresh_view)) is None  # not stalled
    # a game with wild cards, and one whose stock is shuffled again, are not planned
    for game in ("crazy-rummy", "crib-rummy"):
        other = rummykit.variant(game).new_game(players=3, seed=0)
        view3 = other.view(other.to_move)
        assert isinstance(view3, RummyView)
        import attrs

        stalled = attrs.evolve(view3, reshuffles=2)
        assert _drawn_in_order(stalled, Recall.start(stalled)) is None


def _played_out(seed: int) -> list[tuple[int, int | None]]:
    """Greedy four-player Basic Rummy from ``seed``, seat 0 following :func:`plan_move` in
    stalled deals: for each plan (made at a draw of seat 0's), the draws it named to a hand
    one card short of going out, and the draw at which seat 0's hand was first so (``None``
    if the deal ended before)."""
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=seed)
    memory = Recall.start(state.view(0))
    rng = random.Random(seed)
    plans: list[tuple[int, int | None]] = []
    named: int | None = None
    draws = 0
    deal = state.deal_number
    while not state.is_over:
        view = state.view(0)
        move = None
        if state.to_move == 0 and isinstance(view, RummyView):
            table = tuple(placed.meld for placed in view.table)
            order = _drawn_in_order(view, memory)
            if named is None and order and Draw() in view.legal:
                named = turns_to_out(view.hand, order[::4], table, view.context, spare=1)
                draws = 0
            near = named is not None and Draw() not in view.legal and draws
            if near and goes_out(view.hand, table, view.context, spare=1):
                assert named is not None
                plans.append((named, draws))
                named = None
            move = plan_move(view, view.legal, memory)
            draws += isinstance(move, (Draw, TakeDiscard))
        if move is None:
            move = choose_move(GreedyAgent(), state, rng)
        state = state.apply(move)
        memory = memory.observe(state.view(0))
        if state.is_over or state.deal_number != deal:
            if named is not None:
                plans.append((named, None))
            named, deal = None, state.deal_number
    return plans


def test_a_plan_followed_brings_the_hand_one_card_short_by_the_draw_it_named() -> None:
    """Along seeded games, each plan seat 0 follows brings its hand to one card short of
    going out at the draw the plan named or sooner (taking a discard that the plan found
    better), unless the deal ends first."""
    plans = [plan for seed in STALLING for plan in _played_out(seed)]
    reached = [(named, draws) for named, draws in plans if draws is not None]
    assert len(reached) >= 10
    assert all(draws <= named for named, draws in reached)


def test_one_card_short_is_a_hand_that_lays_down_all_but_two() -> None:
    hand = parse_cards("5H 6H 9S 9D 9C 4C KD")
    assert not goes_out(hand, (), BASIC) and not goes_out(hand, (), BASIC, spare=1)
    assert goes_out(parse_cards("5H 6H 7H 9S 9D 9C 4C KD"), (), BASIC, spare=1)
    # the 7H alone brings the hand one card short; the 8H after it, out
    assert turns_to_out(hand, parse_cards("2S 7H 8H"), (), BASIC, spare=1) == 2
    assert turns_to_out(hand, parse_cards("7H 2S 8H"), (), BASIC, spare=1) == 1
    assert turns_to_out(hand, parse_cards("2S 3S"), (), BASIC, spare=1) is None


def test_a_planned_discard_keeps_the_quickest_way_to_one_card_short() -> None:
    """A planned discard keeps the quickest way to one card short of going out: no other
    discard gets there sooner."""
    for state, memory in itertools.chain(*(_stalled_decisions(s, Discard) for s in STALLING)):
        view = state.view(0)
        assert isinstance(view, RummyView)
        move = plan_move(view, view.legal, memory)
        if move is None:
            continue
        table = tuple(placed.meld for placed in view.table)
        if goes_out(view.hand, table, view.context):
            assert isinstance(move, (LayMeld, LayOff, Discard))
            continue
        assert isinstance(move, Discard)  # no meld laid before the turn it goes out
        order = _drawn_in_order(view, memory)
        assert order is not None
        after = order[3::4]
        rest = [card for card in view.hand if card != move.card]
        turns = turns_to_out(rest, after, table, view.context, spare=SPARE)
        assert turns is not None
        # no other discard goes out sooner
        for other in view.legal:
            if isinstance(other, Discard) and other != move:
                kept = [card for card in view.hand if card != other.card]
                sooner = turns_to_out(kept, after, table, view.context, spare=SPARE)
                assert sooner is None or sooner >= turns
        return
    pytest.fail("no planned discard in the games")


def test_the_search_plays_the_plan_before_it_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(OptionError, match="plan needs recall"):
        SearchAgent(plan=True)
    agent = SearchAgent(recall=True, plan=True, determinizations=2, depth=5)
    for state, memory in itertools.chain(*(_stalled_decisions(s, Discard) for s in STALLING)):
        view = state.view(0)
        agent._memory[0] = memory  # as observe builds it along the game
        planned = plan_move(view, view.legal, agent._memory[0])
        if planned is None:
            continue

        def refuse(*args: object) -> object:
            raise AssertionError("searched where a plan was found")

        monkeypatch.setattr(SearchAgent, "evaluate", refuse)
        assert agent.choose(view, view.legal, random.Random(0)) == planned
        return
    pytest.fail("no planned discard in the games")
