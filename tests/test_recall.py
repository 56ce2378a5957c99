"""A seat's memory of the deal (rummykit.recall) and the search that uses it: what a player
saw go into the discard pile and into other hands, kept move by move from views alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import Watcher, play_along

import rummykit
from rummykit import GameState
from rummykit.agents import GreedyAgent, choose_move
from rummykit.engine.rummy import RummyState
from rummykit.engine.rummy_state import RummyView
from rummykit.recall import Recall
from rummykit.search import SearchAgent, sample_state
from rummykit.sim import play_game
from rummykit.testing.stacking import stacked_game

RUMMY_GAMES = [g for g in rummykit.variants() if g != "crummy"]


def _greedy_until(state: GameState, moves: int, seat: int) -> tuple[GameState, Recall]:
    """``moves`` greedy moves from ``state``, with ``seat``'s memory fed every view."""
    rng = random.Random(0)
    memory = Recall.start(state.view(seat))
    for _ in range(moves):
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        memory = memory.observe(state.view(seat))
    return state, memory


def test_the_covered_discards_and_the_cards_an_opponent_takes_with_the_pile_are_remembered() -> (
    None
):
    # Crib Rummy, seed 0: seat 1 takes the 9D on top of QS QC 9C JD 6H JC 3S, melds it
    # (7D 8D 9D) and so takes the six cards under it into its hand (RULES 3.5, turn 1);
    # seat 0 saw each of them discarded.
    game = rummykit.variant("crib-rummy").new_game(players=2, seed=0)
    before, memory = _greedy_until(game, 54, seat=0)
    assert isinstance(before, RummyState)
    assert [str(c) for c in before.discards] == ["QS", "QC", "9C", "JD", "6H", "JC", "3S"]
    view = before.view(0)
    assert sum(isinstance(c, rummykit.Card) for c in view.discards) == 1  # the top only
    assert [str(c) for c in memory.pile] == ["QS", "QC", "9C", "JD", "6H", "JC", "3S"]
    assert memory.known[1] == ()
    rng = random.Random(0)
    after = before.apply(choose_move(GreedyAgent(), before, rng))
    assert str(after.history[-1]) == "meld run 7D-9D: 7D 8D 9D"
    memory = memory.observe(after.view(0))
    assert [str(c) for c in memory.pile] == ["QS"]
    assert sorted(map(str, memory.known[1])) == sorted(["QC", "9C", "JD", "6H", "JC", "3S"])
    assert not Counter(memory.known[1]) - Counter(after.hands[1])


def test_a_sample_with_the_memory_puts_the_remembered_cards_where_they_are() -> None:
    game = rummykit.variant("crib-rummy").new_game(players=2, seed=0)
    state, memory = _greedy_until(game, 57, seat=0)
    assert isinstance(state, RummyState)
    view = state.view(0)
    assert view.to_move == 0 and memory.follows(view) and len(memory.known[1]) >= 4
    rng = random.Random(3)
    for _ in range(20):
        sample = sample_state(view, rng, memory)
        assert isinstance(sample, RummyState)
        assert sample.view(0) == view
        assert not Counter(memory.known[1]) - Counter(sample.hands[1])
        for index, card in enumerate(memory.pile):
            if card is not None:
                assert sample.discards[index] == card
    # without the memory the same cards land in the hand only by chance
    blind = [sample_state(view, rng) for _ in range(20)]
    assert any(
        Counter(memory.known[1]) - Counter(s.hands[1]) for s in blind if isinstance(s, RummyState)
    )


@pytest.mark.parametrize("game_id", RUMMY_GAMES)
def test_along_random_games_every_remembered_card_is_where_the_memory_says(game_id: str) -> None:
    game = rummykit.variant(game_id)
    for players in sorted({game.min_players, game.max_players}):
        state = game.new_game(players=players, seed=11)
        rng = random.Random(11)
        memory = Recall.start(state.view(0))
        remembered = 0
        for moves in range(600):
            if state.is_over:
                break
            legal = state.legal_moves()
            state = state.apply(legal[rng.randrange(len(legal))])
            view = state.view(0)
            memory = memory.observe(view)
            assert memory.follows(view)
            assert isinstance(state, RummyState)
            if state.is_over:
                break
            for index, card in enumerate(memory.pile):
                if card is not None:
                    assert state.discards[index] == card, (players, moves, index)
            for index, card in enumerate(memory.stock):
                if card is not None:
                    assert state.stock[index] == card, (players, moves, index)
            for seat, cards in enumerate(memory.known):
                assert not Counter(cards) - Counter(state.hands[seat]), (players, moves, seat)
                remembered += len(cards)
            if moves % 25 == 0 and view.active == 0 and view.to_move == 0:
                sample = sample_state(view, rng, memory)
                assert sample.view(0) == view
        assert remembered or game_id in ("gin-rummy", "oklahoma-gin", "rummy-500")


def test_a_memory_starts_again_at_a_new_deal_and_for_another_seat() -> None:
    state = rummykit.variant("crib-rummy").new_game(players=2, seed=0)
    state, memory = _greedy_until(state, 54, seat=0)
    other = memory.observe(state.view(1))
    assert other == Recall.start(state.view(1))
    fresh = rummykit.variant("crib-rummy", target=61).new_game(players=2, seed=5).view(0)
    assert memory.observe(fresh) == Recall.start(fresh)


def test_a_memory_that_does_not_follow_the_view_is_not_used() -> None:
    state = rummykit.variant("crib-rummy").new_game(players=2, seed=0)
    state, memory = _greedy_until(state, 57, seat=0)
    stale = Recall.start(rummykit.variant("crib-rummy").new_game(players=2, seed=0).view(0))
    view = state.view(0)
    assert not stale.follows(view) and memory.follows(view)
    sample = sample_state(view, random.Random(1), stale)
    assert sample.view(0) == view


def test_play_game_shows_a_remembering_agent_the_view_after_every_move() -> None:
    watcher = Watcher()
    game = rummykit.variant("crib-rummy", target=31)
    result = play_game(game, players=2, seed=2, agents=[watcher, GreedyAgent()])
    assert len(watcher.seen) == result.moves + 1
    assert all(view.seat == 0 for view in watcher.seen)


@pytest.mark.parametrize("game_id", ["crummy", "gin-rummy", "crazy-rummy"])
def test_the_search_agent_with_recall_plays_every_family(game_id: str) -> None:
    agent = SearchAgent(determinizations=1, recall=True, depth=5)
    game = rummykit.variant(game_id)
    state = game.new_game(players=game.min_players, seed=1)
    agents = [agent, *(GreedyAgent() for _ in range(game.min_players - 1))]
    state = play_along(agents, state, random.Random(1), 40)
    assert agent._memory[0].follows(state.view(0))  # brought up to the last move


def test_the_search_agent_with_recall_remembers_its_seats_deal() -> None:
    agent = SearchAgent(determinizations=2, recall=True)
    game = rummykit.variant("crib-rummy", target=31)
    play_game(game, players=2, seed=3, agents=[agent, GreedyAgent()])
    assert set(agent._memory) == {0}
    blind = SearchAgent(determinizations=2)
    blind.observe(game.new_game(players=2, seed=3).view(0))
    assert blind._memory == {}
    assert agent == SearchAgent(determinizations=2, recall=True)  # memory is not identity


def test_r41_a_taken_discard_waiting_to_be_melded_is_in_no_remembered_hand() -> None:
    # Crib Rummy: seat 1 discards the 2D, seat 0 the 7H; seat 1 takes the 7H, which must be
    # melded at once (R41): until it is, it waits in plain sight (the view's pending card),
    # in nobody's remembered hand; the meld then takes the 2D and the upcard 6C under it
    # into seat 1's hand (RULES 3.5, turn 1), and those the memory keeps.
    state = stacked_game(
        rummykit.variant("crib-rummy"),
        dealer=0,
        hands=["7H 2S 4S 6S 8S 10S QS AD 5D 9D JD", "6H 8H KS 4D JC QS QD 10C 3C KC 2D"],
        upcard="6C",
        stock="AH KH 5C",
    )
    memory = Recall.start(state.view(0))
    for text in ("draw", "discard 2D", "draw", "discard 7H", "take"):
        state = state.apply(rummykit.parse_move(text))
        memory = memory.observe(state.view(0))
    view = state.view(0)
    assert isinstance(view, RummyView)
    assert view.pending == rummykit.Card.parse("7H") and view.to_move == 1
    assert memory.known[1] == ()
    assert [str(card) for card in memory.pile] == ["6C", "2D"]
    state = state.apply(rummykit.parse_move("meld run 6H-8H: 6H 7H 8H"))
    memory = memory.observe(state.view(0))
    assert sorted(map(str, memory.known[1])) == ["2D", "6C"]
    assert memory.pile == ()


def test_r30_a_wild_freed_by_a_swap_is_in_no_remembered_hand() -> None:
    # Eight-player Crummy Rummy, seed 0, seeded random play: seat 4 swaps the 9H into a meld
    # for the 2C standing in it; the freed 2C must go back on the table (R30). Until it does
    # it waits in plain sight (the view's pending card): it left the table, yet it did not
    # go into seat 4's hand, and seat 3's memory must not put it there.
    state = rummykit.variant("crummy-rummy").new_game(players=8, seed=0)
    rng = random.Random(0)
    memory = Recall.start(state.view(3))
    for _ in range(469):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
        memory = memory.observe(state.view(3))
    freed = rummykit.Card.parse("2C")
    view = state.view(3)
    assert isinstance(view, RummyView) and view.pending == freed and view.to_move == 4
    assert freed not in memory.known[4] and memory.known[4]
    state = state.apply(state.legal_moves()[0])  # the 2C laid off on a meld
    memory = memory.observe(state.view(3))
    assert freed not in memory.known[4]


def test_basic_rummy_a_stock_turned_over_unshuffled_is_remembered_in_order() -> None:
    # Basic Rummy turns the discard pile but its top card over, unshuffled, into a new stock:
    # the first card discarded is the first drawn. Both seats draw and throw the card drawn
    # until the stock is gone; seat 0, having seen every discard, then knows the whole new
    # stock, and each card seat 1 draws from it.
    state = stacked_game(
        rummykit.variant("basic-rummy"),
        dealer=0,
        hands=["2S 5S 8S JS AH 4H 7H 10H KH 3D", "3S 6S 9S QS 2H 5H 8H JH 4D 7D"],
        upcard="KC",
    )
    assert isinstance(state, RummyState)
    memory = Recall.start(state.view(0))
    while state.stock:
        mover = state.to_move
        drawn = state.stock[-1]  # the top card: drawn, then thrown
        state = state.apply(rummykit.parse_move("draw"))
        memory = memory.observe(state.view(0))
        assert memory.stock == (None,) * len(state.stock)  # a dealt stock is unknown
        state = state.apply(rummykit.parse_move(f"discard {drawn}"))
        memory = memory.observe(state.view(0))
        assert isinstance(state, RummyState) and state.to_move != mover
    pile = state.discards
    assert str(pile[0]) == "KC" and len(pile) == 32
    assert state.to_move == 0  # seat 1 led; 31 turns later seat 0 finds the stock empty
    state = state.apply(rummykit.parse_move("draw"))  # turns the pile over, draws the KC
    memory = memory.observe(state.view(0))
    assert isinstance(state, RummyState) and state.reshuffles == 1
    assert state.discards == pile[-1:] and pile[0] in state.hands[0]
    assert memory.stock == state.stock == tuple(reversed(pile[1:-1]))
    state = state.apply(rummykit.parse_move(f"discard {pile[0]}"))
    memory = memory.observe(state.view(0))
    state = state.apply(rummykit.parse_move("draw"))  # seat 1 draws the second discard
    memory = memory.observe(state.view(0))
    assert isinstance(state, RummyState)
    assert memory.stock == state.stock == tuple(reversed(pile[2:-1]))
    assert memory.known[1] == (pile[1],) and pile[1] in state.hands[1]
    blind = sample_state(state.view(0), random.Random(2))  # seat 0 could not see it drawn
    assert isinstance(blind, RummyState)
    assert pile[1] not in blind.hands[1] or blind.stock != state.stock
    thrown = next(card for card in state.hands[1] if card != pile[1])
    state = state.apply(rummykit.parse_move(f"discard {thrown}"))
    memory = memory.observe(state.view(0))
    view = state.view(0)
    assert view.to_move == 0 and memory.known[1] == (pile[1],)
    rng = random.Random(2)
    for _ in range(5):  # a sample at the seat's own turn follows the memory
        sample = sample_state(view, rng, memory)
        assert isinstance(sample, RummyState) and sample.view(0) == view
        assert sample.stock == state.stock
        assert not Counter(memory.known[1]) - Counter(sample.hands[1])


@pytest.mark.parametrize(
    ("game_id", "players", "most"), [("basic-rummy", 4, 0.7), ("crib-rummy", 2, 0.2)]
)
def test_the_placed_share_counts_the_hidden_cards_the_memory_puts_in_place(
    game_id: str, players: int, most: float
) -> None:
    # placed_share is the share of the hidden cards that a sample with the memory fixes in
    # place (reading.pin marks each one it places): checked against it along greedy play
    from rummykit.reading import pin

    state = rummykit.variant(game_id).new_game(players=players, seed=2)
    memory, rng = Recall.start(state.view(0)), random.Random(2)
    assert memory.placed_share(state.view(0)) == 0.0  # a fresh deal: nothing remembered
    shares = []
    for _ in range(1500):
        if state.is_over:
            break
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        memory = memory.observe(state.view(0))
        view = state.view(0)
        if view.to_move != 0:
            continue
        pinned = pin(sample_state(view, rng), view, memory.pile, memory.known, memory.stock)
        assert pinned is not None
        fixed = pinned[1]
        assert memory.placed_share(view) == pytest.approx(sum(fixed) / len(fixed))
        shares.append(memory.placed_share(view))
        assert memory.placed_share(state.view(1)) == 0.0  # another seat's view
    assert max(shares) > most  # the covered discards; a stock turned over (Basic Rummy)


def test_a_sample_at_another_seats_turn_uses_the_memory_until_that_seat_draws_unseen() -> None:
    # reading.pin places the remembered cards at another seat's turn (the reading search
    # samples the first view since its seat's last turn, the next seat to draw), but not
    # once that seat has drawn from the stock: the sample's guess of the drawn card, which
    # the state names (R13), must stay as the sample dealt it
    from rummykit.reading import pin

    state = rummykit.variant("basic-rummy").new_game(players=2, seed=4)
    memory, rng = Recall.start(state.view(0)), random.Random(4)
    while state.to_move == 0 or state.turns[1] == 0:  # to seat 1's first draw
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        memory = memory.observe(state.view(0))
    view = state.view(0)
    assert isinstance(view, RummyView) and view.active == 1 and view.phase.value == "draw"
    assert pin(sample_state(view, rng), view, memory.pile, memory.known, memory.stock)
    state = state.apply(rummykit.parse_move("draw"))
    memory = memory.observe(state.view(0))
    view = state.view(0)
    sample = sample_state(view, rng)
    assert isinstance(sample, RummyState) and sample.drawn is not None
    assert pin(sample, view, memory.pile, memory.known, memory.stock) is None
