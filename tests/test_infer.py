"""Reading the other hands from the other seats' moves (``SearchAgent(infer=True)``): the
search takes the other seats for greedy agents and keeps only the samples in which greedy
agents, dealt those cards, would have made the moves the seat saw since its last turn."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from helpers import play_along
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import Card, GameState, reading
from rummykit.agents import (
    GreedyAgent,
    _ContractPlan,
    _stalled,
    _wild_mask,
    choose_move,
    show_all,
    usefulness,
)
from rummykit.engine.moves import Discard, Move
from rummykit.engine.rummy import RummyState
from rummykit.engine.rummy_state import RummyView
from rummykit.engine.views import View
from rummykit.search import SearchAgent, _Reader, _Trail, sample_state
from rummykit.testing.stacking import stacked_game

GAMES = list(rummykit.variants())


def _observed(agent: SearchAgent, state: GameState, *moves: str) -> tuple[GameState, list[str]]:
    """``state`` after ``moves`` (move text, or ``"greedy"`` for the greedy agent's
    move), ``agent`` shown seat 0's view after each; and the moves made, as text."""
    rng = random.Random(0)
    made = []
    for text in moves:
        move = (
            choose_move(GreedyAgent(), state, rng)
            if text == "greedy"
            else rummykit.parse_move(text)
        )
        state = state.apply(move)
        made.append(str(move))
        agent.observe(state.view(0))
    return state, made


def _crib_deal() -> tuple[SearchAgent, GameState]:
    """Crib Rummy, seat 1 first: seat 1 (greedy) draws the AH and discards; seat 0 draws
    the KH and discards the 7H; seat 1 draws the 5C and discards the AH it drew. A greedy
    player discards its least useful card (the highest among equals), and the ace is the
    lowest card: it threw the ace only because every other card it kept goes with
    another."""
    state = stacked_game(
        rummykit.variant("crib-rummy"),
        dealer=0,
        hands=["7H 2S 4S 6S 8S 10S QS AD 5D 9D JD", "2C 9D KS 4D JC QS QD 10C 3C KC 2D"],
        upcard="6C",
        stock="AH KH 5C",
    )
    agent = SearchAgent(infer=True, infer_tries=512)
    agent.observe(state.view(0))
    moves = ("greedy", "greedy", "draw", "discard 7H", "greedy", "greedy")
    state, made = _observed(agent, state, *moves)
    assert made[-2:] == ["draw", "discard AH"]
    return agent, state


def test_a_card_thrown_before_any_other_says_every_card_kept_goes_with_another() -> None:
    agent, state = _crib_deal()
    view = state.view(0)
    reader = agent._reader(view, GreedyAgent())
    assert reader is not None
    rng = random.Random(1)
    assert isinstance(view, RummyView)
    wild = _wild_mask(view.wild_cards)  # the jokers

    def loose(hand: Sequence[Card]) -> list[Card]:
        return [card for card in hand if usefulness(card, hand, wild) == 0]

    for _ in range(20):
        sample = reader.draw(rng, 512, 4)
        assert isinstance(sample, RummyState) and sample.view(0) == view
        assert loose(sample.hands[1]) == []
    # a plain sample of the same view gives seat 1 a card that goes with nothing
    plain = [sample_state(view, rng) for _ in range(20)]
    assert any(loose(s.hands[1]) for s in plain if isinstance(s, RummyState))


def _trails(
    game_id: str, players: int, seed: int, moves: int
) -> Iterator[tuple[_Trail, GameState, GameState]]:
    """Greedy play of ``moves`` moves with seat 0's trail followed: at each of seat 0's
    decisions that its trail leads to, the trail, the real state at the trail's first view
    and the real state now."""
    state = rummykit.variant(game_id).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    trail = _Trail.then(None, state.view(0))
    start = state
    for _ in range(moves):
        if state.is_over:
            return
        view = state.view(0)
        if view.to_move == 0 and trail.leads_to(view):
            yield trail, start, state
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        followed = _Trail.then(trail, state.view(0))
        if followed.views[:1] != trail.views[:1]:
            start = state
        trail = followed


@pytest.mark.parametrize("game_id", GAMES)
def test_the_real_deal_is_always_one_the_reading_keeps(game_id: str) -> None:
    # greedy agents in every seat: the real cards, played forward by greedy agents, make
    # the moves seen, so the reading never rules them out, whatever the dice of its
    # replays (a stalled deal's random discards are followed as seen: GreedyAgent.at_random),
    # except where a contract plan throws a stalled deal's cards by its own dice
    game = rummykit.variant(game_id)
    read = 0
    for players in sorted({game.min_players, game.max_players}):
        for trail, start, now in _trails(game_id, players, seed=3, moves=150):
            planned = _ContractPlan.of(trail.views[0]) is not None
            if planned and any(_stalled(view) for view in trail.views):
                continue
            end, _, went = _Reader(trail, GreedyAgent(), sample_state)._replay(
                start, random.Random(0)
            )
            assert end is not None, (went, len(trail.views))
            assert end.view(0) == trail.views[-1]
            assert trail.last == now.view(0)
            read += 1
    assert read >= 5


@pytest.mark.parametrize("game_id", GAMES)
def test_every_sample_read_is_a_sample_of_the_view(game_id: str) -> None:
    game = rummykit.variant(game_id)
    rng = random.Random(5)
    agent = SearchAgent(infer=True)
    found = 0
    for trail, _, now in _trails(game_id, game.min_players, seed=4, moves=120):
        reader = _Reader(trail, GreedyAgent(), sample_state)
        view = now.view(0)
        for _ in range(3):
            sample = agent._read_sample(reader, view, rng, None)
            assert sample.view(0) == view
        found += reader.end is not None
    assert found >= 1


def test_the_trail_holds_the_views_since_the_seats_last_turn() -> None:
    state = rummykit.variant("crib-rummy").new_game(players=3, seed=2)
    rng = random.Random(0)
    trail = _Trail.then(None, state.view(0))
    while state.to_move != 0:  # to seat 0's first turn
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        trail = _Trail.then(trail, state.view(0))
    assert trail.leads_to(state.view(0)) == (len(trail.views) > 1)
    assert trail.views[-1] == state.view(0) and trail.closed
    seen = trail.views
    while state.to_move == 0:  # seat 0's own moves: the trail stays as it was
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        trail = _Trail.then(trail, state.view(0))
        if state.to_move == 0:
            assert trail.views == seen and trail.last == state.view(0)
    # its turn over, a new trail starts at the view after its last move
    assert trail.views == (state.view(0),) and not trail.closed
    for seat in (1, 2):
        while state.to_move == seat:
            state = state.apply(choose_move(GreedyAgent(), state, rng))
            trail = _Trail.then(trail, state.view(0))
    assert state.to_move == 0 and trail.views[-1] == state.view(0)
    assert [v.to_move for v in trail.views[:-1]] == sorted(v.to_move for v in trail.views[:-1])
    assert {v.to_move for v in trail.views[:-1]} == {1, 2}
    # a view of a new game starts the trail again
    fresh = rummykit.variant("crib-rummy").new_game(players=3, seed=9).view(0)
    assert _Trail.then(trail, fresh).views == (fresh,)


def test_a_reading_search_without_the_views_samples_as_the_plain_search() -> None:
    # never shown the views (no observe), it has no trail: its choice is the plain search's
    state = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=3)
    view = state.view(state.to_move)
    plain = SearchAgent(determinizations=3).evaluate(view, view.legal, random.Random(2))
    reading = SearchAgent(determinizations=3, infer=True).evaluate(
        view, view.legal, random.Random(2)
    )
    assert plain == reading


@pytest.mark.parametrize("game_id", GAMES)
def test_a_reading_search_plays_every_game(game_id: str) -> None:
    game = rummykit.variant(game_id)
    agent = SearchAgent(determinizations=2, infer=True, infer_tries=16, depth=30)
    state = game.new_game(players=game.min_players, seed=6)
    agents = [agent] + [GreedyAgent()] * (game.min_players - 1)
    rng = random.Random(6)
    show_all(agents, state)
    decided = 0
    while not state.is_over and decided < 12:
        if state.to_move == 0:
            decided += 1
        move = choose_move(agents[state.to_move], state, rng)
        assert move in state.legal_moves()
        state = state.apply(move)
        show_all(agents, state)
    # the decisions went through a reading of the other seats' moves, not around it
    assert agent._readers.keys() == {0}


def test_one_reading_serves_every_decision_of_the_turn() -> None:
    agent, state = _crib_deal()
    reader = agent._reader(state.view(0), GreedyAgent())
    assert reader is not None and reader.draw(random.Random(0), 512, 4) is not None
    assert agent._reader(state.view(0), GreedyAgent()) is reader
    state, _ = _observed(agent, state, "draw")  # seat 0's own move: the same turn
    assert state.to_move == 0
    assert agent._reader(state.view(0), GreedyAgent()) is reader
    # later in the turn a sample keeps the hand as read and is a sample of the view
    view = state.view(0)
    sample = agent._read_sample(reader, view, random.Random(1), None)
    assert isinstance(sample, RummyState) and sample.view(0) == view
    assert isinstance(reader.end, RummyState)  # the chain's state the sample was drawn from
    assert sorted(sample.hands[1]) == sorted(reader.end.hands[1])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(GAMES),
    seed=st.integers(0, 10_000),
    many=st.booleans(),
)
def test_along_greedy_play_the_reading_keeps_the_real_deal_and_samples_the_view(
    game_id: str, seed: int, many: bool
) -> None:
    game = rummykit.variant(game_id)
    players = game.max_players if many else game.min_players
    agent = SearchAgent(infer=True, infer_tries=8, infer_steps=2)
    rng = random.Random(seed)
    for trail, start, now in _trails(game_id, players, seed, moves=60):
        if not any(_stalled(view) for view in trail.views):
            assert _Reader(trail, GreedyAgent(), sample_state)._replay(start, rng)[0] is not None
        view = now.view(0)
        reader = _Reader(trail, GreedyAgent(), sample_state)
        assert agent._read_sample(reader, view, rng, None).view(0) == view


@pytest.mark.parametrize(("game_id", "players"), [("crib-rummy", 2), ("basic-rummy", 2)])
def test_a_reading_search_keeps_what_it_remembers_at_the_start_of_its_turn(
    game_id: str, players: int
) -> None:
    # At the first decision of its turn the search samples from its reading of the other
    # hands (replays from a sample of the first view since its last turn). Those replays
    # know nothing of the seat's memory: the sample must still hold the covered discards
    # where the memory puts them, the cards seen taken in the hands that took them, and a
    # stock turned over unshuffled in its order (it ignored them all before).
    state = rummykit.variant(game_id).new_game(players=players, seed=1)
    agent = SearchAgent(infer=True, recall=True)
    rng = random.Random(0)
    agent.observe(state.view(0))
    read = 0
    for _ in range(400):
        if state.is_over:
            break
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        agent.observe(state.view(0))
        assert isinstance(state, RummyState)
        view, memory = state.view(0), agent._memory[0]
        reader = agent._reader(view, GreedyAgent())
        if reader is None or view != reader.trail.views[-1] or view.active != 0:
            continue  # not the first decision of the seat's turn
        sample = agent._read_sample(reader, view, rng, memory)
        assert isinstance(sample, RummyState) and sample.view(0) == view
        if reader.end is None:
            continue  # nothing read: a plain sample with the memory
        read += 1
        for index, card in enumerate(memory.pile):
            assert card is None or sample.discards[index] == card
        for index, card in enumerate(memory.stock):
            assert card is None or sample.stock[index] == card
        for seat, cards in enumerate(memory.known):
            assert not Counter(cards) - Counter(sample.hands[seat])
    assert read >= 5


def test_basic_rummy_a_reading_after_the_pile_turns_over_draws_the_remembered_cards() -> None:
    # Four-player Basic Rummy turns the pile over unshuffled: a seat that saw every discard
    # knows the stock card by card. The reading replays the other seats' moves from a sample
    # of the first view since the seat's last turn; it must deal that sample from the memory
    # as it stood then (the stock in its order, the cards seen taken in the hands that took
    # them), so that a card drawn along the trail is the one the seat knows was there.
    # Sampled at random instead, the drawn cards were guesses and the reading disagreed
    # with the memory at the first decision, which then threw it away.
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=3)
    agent = SearchAgent(infer=True, recall=True)
    rng = random.Random(3)
    agent.observe(state.view(0))
    decisions = read = 0
    for _ in range(2000):
        if state.is_over:
            break
        state = state.apply(choose_move(GreedyAgent(), state, rng))
        agent.observe(state.view(0))
        view = state.view(0)
        reader = agent._reader(view, GreedyAgent())
        if reader is None or view != reader.trail.views[-1] or not view.reshuffles:
            continue  # not the first decision of a turn after the pile was turned over
        decisions += 1
        then, now = reader.memory, agent._memory[0]
        assert then is not None and then.follows(reader.trail.views[0])
        if reader.draw(rng, agent.infer_tries, agent.infer_steps) is None:
            continue
        read += 1
        start, end = reader.start, reader.end
        assert isinstance(start, RummyState) and isinstance(end, RummyState)
        for index, card in enumerate(then.stock):
            assert card is None or start.stock[index] == card
        for seat, cards in enumerate(now.known):  # the cards drawn from it among them
            assert not Counter(cards) - Counter(end.hands[seat])
    assert decisions >= 50 and read >= 0.9 * decisions


def _stalled_discards(seed: int) -> Iterator[tuple[GameState, list[Move]]]:
    """Along greedy play of four-player Basic Rummy: the states of a stalled deal where the
    player to move can do nothing but discard, with the moves offered."""
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if state.is_over:
            return
        legal = list(state.legal_moves())
        view = state.view(state.to_move)
        if _stalled(view) and all(isinstance(move, Discard) for move in legal):
            yield state, legal
        state = state.apply(choose_move(GreedyAgent(), state, rng))


def test_the_greedy_agent_throws_a_stalled_deals_card_from_its_random_choices() -> None:
    # at_random names the moves choose draws from at random: a stalled deal's discards
    # (the card just taken kept back); every dice make choose play one of them
    found = 0
    for state, legal in _stalled_discards(seed=3):
        view = state.view(state.to_move)
        choices = GreedyAgent().at_random(view, legal)
        took = getattr(view, "took", None)
        expected = [m for m in legal if isinstance(m, Discard) and m.card != took] or legal
        assert list(choices) == expected
        chosen = {GreedyAgent().choose(view, legal, random.Random(dice)) for dice in range(40)}
        assert chosen <= set(choices)
        assert len(chosen) == len(choices) or len(choices) > 4  # 40 dice show a few all
        found += 1
        if found == 20:
            break
    assert found == 20


def test_the_greedy_agent_names_no_random_choices_where_its_move_is_fixed() -> None:
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=3)
    rng = random.Random(3)
    checked = 0
    for _ in range(60):  # a fresh deal: draws, melds and discards chosen by their use
        view = state.view(state.to_move)
        assert not _stalled(view)
        assert GreedyAgent().at_random(view, state.legal_moves()) == ()
        checked += isinstance(state.legal_moves()[0], Discard)
        state = state.apply(choose_move(GreedyAgent(), state, rng))
    assert checked >= 10


def test_in_a_stalled_deal_the_reading_keeps_the_real_deal_whatever_the_dice() -> None:
    # Greedy agents throw a stalled deal's cards at random. A replay of the real cards
    # with other dice throws other cards: the reading kept a sample only where its dice
    # matched the ones played (by luck, not by its cards). It now follows the card seen
    # thrown wherever the sample's hand holds it: the real deal is always kept.
    read = 0
    for trail, start, _ in _trails("basic-rummy", 4, seed=3, moves=2000):
        if not any(_stalled(view) for view in trail.views):
            continue
        for dice in range(3):
            reader = _Reader(trail, GreedyAgent(), sample_state)
            end, _, went = reader._replay(start, random.Random(1000 + dice))
            assert end is not None, (went, len(trail.views))
            assert end.view(0) == trail.views[-1]
        read += 1
    assert read >= 20


def test_in_a_stalled_deal_the_reading_still_rules_out_a_hand_without_the_card_thrown() -> None:
    # following a random throw as seen is no licence: a sample in which the thrower did
    # not hold the card thrown (it lies in a third hand) cannot have made the move
    for trail, start, _ in _trails("basic-rummy", 4, seed=3, moves=2000):
        if not all(_stalled(view) for view in trail.views):
            continue
        assert isinstance(start, RummyState)
        step = next(
            (k for k in range(1, len(trail.views))
             if len(trail.views[k].discards) > len(trail.views[k - 1].discards)),
            None,
        )  # fmt: skip
        if step is None:
            continue
        mover, thrown = trail.views[step - 1].to_move, trail.views[step].discards[-1]
        third = next((s for s in range(1, 4) if s != mover and start.hands[s]), None)
        if not isinstance(thrown, Card) or thrown not in start.hands[mover] or third is None:
            continue  # drawn along the trail, not held at its start
        rules = start.variant.rules
        cards = list(rules.hidden_cards(start, 0))
        i, j = cards.index(thrown), cards.index(start.hands[third][0])
        cards[i], cards[j] = cards[j], cards[i]
        moved = rules.with_hidden(start, 0, cards)
        assert thrown not in moved.hands[mover] and thrown in moved.hands[third]
        for dice in range(5):
            end, _, went = _Reader(trail, GreedyAgent(), sample_state)._replay(
                moved, random.Random(dice)
            )
            assert end is None and went < step
        return
    pytest.fail("no stalled trail with a card thrown that was held at its start")


def _exact_readings(seed: int, most: int = 1000) -> Iterator[tuple[_Reader, GameState]]:
    """Along four-player Basic Rummy played by greedy agents, seat 0 followed by a reading
    search with ``infer_exact=most``: each first decision of seat 0's turn whose reading
    was exact, as its reader and the real position."""
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=seed)
    agent = SearchAgent(infer=True, recall=True, infer_exact=most)
    rng, play = random.Random(seed), random.Random(seed)  # the game is the same for any bound
    agent.observe(state.view(0))
    for _ in range(600):
        if state.is_over:
            return
        state = state.apply(choose_move(GreedyAgent(), state, play))
        view = state.view(0)
        agent.observe(view)
        if view.to_move != 0:
            continue  # the agent reads only for its own decisions
        reader = agent._reader(view, GreedyAgent())
        if reader is None or view != reader.trail.views[-1]:
            continue
        sample = agent._read_sample(reader, view, rng, agent._memory[0])
        assert sample.view(0) == view
        if reader.ends:
            yield reader, state


def _others(state: GameState) -> tuple[tuple[Card, ...], ...]:
    """The other seats' hands of ``state`` (seat 0's empty), each sorted."""
    assert isinstance(state, RummyState)
    return tuple(() if seat == 0 else tuple(sorted(h)) for seat, h in enumerate(state.hands))


def _allowed(reader: _Reader) -> set[tuple[tuple[Card, ...], ...]]:
    """The other hands of every deal ``reader`` allows, each sorted."""
    return {tuple(tuple(sorted(hand)) for hand in hands) for hands in reader.hands()}


@pytest.mark.parametrize("seed", [3, 9])
def test_an_exact_reading_keeps_the_real_deal_among_the_deals_it_allows(seed: int) -> None:
    # The other seats are greedy agents, as the reading takes them to be: the real deal
    # makes every move seen, so an exact reading (every deal it can list replayed along
    # the trail, or the deals the last turn allowed carried on) always keeps it, and each
    # deal it keeps is a sample of the view it reads.
    read = carried = 0
    for reader, state in _exact_readings(seed):
        read += 1
        carried += bool(reader.carried)
        assert _others(state) in _allowed(reader)
        for end in reader.ends:
            assert end.view(0) == reader.trail.views[-1]
    assert read >= 5 and carried >= 1


def test_an_exact_reading_narrows_the_deals_turn_by_turn() -> None:
    # A deal the moves seen on one turn rule out stays ruled out: each turn's reading starts
    # from the other hands the last one allowed, so (within a deal) the deals allowed never
    # grow while they are carried on.
    last: list[object] = []
    narrowed = False
    for reader, _ in _exact_readings(9):
        if reader.carried:
            assert len(reader.hands()) <= len(reader.carried)
            narrowed |= len(reader.hands()) < len(reader.carried)
        last = list(reader.hands())
    assert last and narrowed


def test_an_exact_reading_lists_nothing_where_the_deals_are_too_many() -> None:
    # Where the cards the seat cannot place can lie in more ways than infer_exact, the
    # reading is the chain's (no exact reading at all); a wider bound reads exactly.
    few = [reader for reader, _ in _exact_readings(3, most=10)]
    assert all(len(reader.ends) <= 10 for reader in few)
    assert len(few) < len(list(_exact_readings(3, most=1000)))


def test_an_exact_reading_draws_each_deal_it_allows_as_likely() -> None:
    reader, _ = next(
        (reader, state)
        for seed in range(3, 40)
        for reader, state in _exact_readings(seed)
        if 2 <= len(reader.hands()) <= 8
    )
    rng = random.Random(5)
    drawn = Counter(_others(reader.draw(rng, 8, 4) or reader.ends[0]) for _ in range(800))
    assert set(drawn) == _allowed(reader)
    assert min(drawn.values()) > 800 / len(reader.hands()) / 2


def _follows_every_view(state: GameState, views: Sequence[object]) -> bool:
    """Whether some legal move of the seat to move, at each step, leads ``state`` through
    every view of ``views`` (seat 0's) after the first: the sample can have made the moves
    seen, whichever agent made them."""
    for after in views[1:]:
        moves = state.legal_moves()
        state = next((s for s in map(state.apply, moves) if s.view(0) == after), state)
        if state.view(0) != after:
            return False
    return True


@pytest.mark.parametrize("players", [2, 4])
def test_a_card_another_seat_played_starts_in_that_seats_hand_or_its_draws(players: int) -> None:
    # The reading's first sample of a trail puts the cards that came into sight along it
    # where they can have come from. A card a seat discarded, melded or laid off was in its
    # hand or among the stock cards it drew: put anywhere else (another hand, another
    # seat's draw) the sample could not make the move seen whatever its player did, and
    # the search for a first consistent sample failed at most turns of a fresh deal (68 of
    # 96 decisions along 20 four-player games; 51 with the cards where they came from).
    rng = random.Random(1)
    checked = 0
    for seed in range(4):
        for trail, _, _ in _trails("basic-rummy", players, seed, moves=120):
            first, last = trail.views[0], trail.views[-1]
            assert isinstance(first, RummyView) and isinstance(last, RummyView)
            if first.reshuffles != last.reshuffles:
                continue  # the pile turned over: where the cards came from is not told
            start, _, _ = _Reader(trail, GreedyAgent(), sample_state)._first(rng)
            assert _follows_every_view(start, trail.views)
            checked += 1
    assert checked >= 20


def test_a_replay_that_compares_moves_judges_every_step_as_the_views_would() -> None:
    # The readers compare another seat's move with the one learnt to lead to the view seen
    # (reading._Seen) instead of building the view; at every step that must say what the
    # view says. Without a memory a take of the top discard uncovers a card the sample put
    # there at random, so the same take can show another card: it is judged by its view.
    calls = Counter[str]()
    leads = reading._Seen.leads

    def checked(  # noqa: PLR0917  (the replay's step)
        seen: reading._Seen,
        step: int,
        state: GameState,
        move: Move,
        then: GameState,
        seat: int,
        after: View,
    ) -> bool:
        known = seen.moves.get(step)
        fast = leads(seen, step, state, move, then, seat, after)
        assert fast == (then.view(seat) == after), (step, move, known)
        calls[
            "compared" if known == move and reading._names_all(state, move, then) else "viewed"
        ] += 1
        calls["uncovered" if known == move and not fast else "other"] += 1
        return fast

    settings_ = ({"infer": True}, {"infer": True, "recall": True, "infer_deal": 200})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reading._Seen, "leads", checked)
        for game_id, players in (("basic-rummy", 4), ("gin-rummy", 2), ("crib-rummy", 3)):
            for setting in settings_:
                agent = SearchAgent(determinizations=2, depth=20, **setting)
                state = rummykit.variant(game_id).new_game(players=players, seed=11)
                agents = [agent] + [GreedyAgent()] * (players - 1)
                play_along(agents, state, random.Random(11), 120)
    assert calls["compared"] > calls["viewed"] > 0
    assert calls["uncovered"] > 0
