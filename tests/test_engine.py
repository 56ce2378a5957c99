"""The engine contract (DESIGN.md "The engine" and "The fixed public surface"), checked on
Crib Rummy: immutable states, the lazy legal-move view, sound and complete move generation,
move text that round-trips, views that hide what a seat cannot see, variants and seeds.

Random games here are driven by a seeded ``random.Random`` so every run plays the same games.
"""

from __future__ import annotations

import random
import re
from collections import Counter, deque
from collections.abc import Iterator

import attrs
import pytest

import rummykit
from rummykit import (
    HIDDEN,
    Card,
    ChooseStart,
    Discard,
    Draw,
    IllegalMoveError,
    LayMeld,
    LayOff,
    LegalMoves,
    MoveParseError,
    OptionError,
    TakeDiscard,
    parse_move,
)
from rummykit.engine.core import GameState
from rummykit.engine.moves import End
from rummykit.engine.rummy import Phase, RummyState
from rummykit.testing.stacking import deal_order, stacked_game

CRIB = rummykit.variant("crib-rummy")
VARIANTS = [
    CRIB,
    rummykit.variant("crib-rummy", jokers=4, aces="either"),
    rummykit.variant("crib-rummy", joker_respects_copy_limit=True, target=61),
]
ALL_CARDS = [Card(code) for code in range(53)]
RULE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")


def pick(state: RummyState, rng: random.Random) -> object:
    """A random legal move that melds more often than it discards, so games move on."""
    moves = list(state.legal_moves())
    laying = [m for m in moves if isinstance(m, LayMeld | LayOff | TakeDiscard)]
    if laying and rng.random() < 0.7:
        return rng.choice(laying)
    return rng.choice(moves)


def random_game(
    variant: rummykit.Variant, players: int, seed: int, limit: int = 10_000
) -> Iterator[tuple[RummyState, object]]:
    """The states of a seeded random game with the move chosen in each (``None`` at the end)."""
    state = variant.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            break
        move = pick(state, rng)
        yield state, move
        state = state.apply(move)  # type: ignore[arg-type]
    yield state, None


GAMES = [(VARIANTS[0], 2, 1), (VARIANTS[1], 3, 2), (VARIANTS[2], 4, 3)]


def snapshot(state: RummyState) -> tuple[object, ...]:
    """Every field of ``state`` (the objects themselves, not copies)."""
    return tuple(getattr(state, field.name) for field in attrs.fields(type(state)))


def illegal_moves(state: RummyState) -> list[object]:
    """Moves of every kind that are not legal in ``state`` (a few of each)."""
    legal = set(state.legal_moves())
    candidates: list[object] = [Draw(), TakeDiscard(), ChooseStart(True), ChooseStart(False)]
    candidates += [Discard(card) for card in ALL_CARDS]
    candidates += [LayOff(card, 99, End.HIGH) for card in ALL_CARDS[:3]]
    candidates += [parse_move("meld run 5H-7H: 5H 6H 9C"), "draw", None, 42]
    return [m for m in candidates if m not in legal]


# -- apply never mutates -----------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_apply_never_mutates_the_state(variant, players, seed):
    checked = 0
    for state, move in random_game(variant, players, seed, limit=250):
        before = snapshot(state)
        equal_copy = attrs.evolve(state)
        if move is not None:
            after = state.apply(move)  # type: ignore[arg-type]
            assert after is not state
            assert after != state
        wrongs = illegal_moves(state)
        for wrong in wrongs[:4] + wrongs[-3:]:
            with pytest.raises(IllegalMoveError):
                state.apply(wrong)  # type: ignore[arg-type]
        assert snapshot(state) == before
        assert all(a is b for a, b in zip(snapshot(state), before, strict=True))
        assert state == equal_copy
        checked += 1
    assert checked > 100


def test_an_illegal_move_raises_a_value_error_naming_the_move_and_a_rule():
    state = CRIB.new_game(players=2, seed=4)
    copy = attrs.evolve(state)
    not_held = next(card for card in ALL_CARDS if card not in state.hands[state.to_move])
    for move in (Discard(not_held), parse_move("meld run 5H-7H: 5H 6H 7H"), ChooseStart(True)):
        with pytest.raises(ValueError) as caught:
            state.apply(move)
        error = caught.value
        assert isinstance(error, IllegalMoveError)
        assert error.move == move
        assert str(move) in str(error)
        assert RULE.match(error.rule), error.rule
        assert error.rule in str(error)
        assert error.detail and error.detail in str(error)
        assert state == copy
        assert not state.is_legal(move)
    # Something that is not a move at all is refused the same way.
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("draw")  # type: ignore[arg-type]
    assert RULE.match(caught.value.rule)
    assert state == copy


def _after_a_meld() -> RummyState:
    """Seat 0 has drawn and laid 3S-5S; it still holds 6S, 2S and 3D."""
    state = stacked_game(
        CRIB,
        hands=["3S 4S 5S 6S 2S 6H 10H 3D 7D JD 4C", "KS 3H 7H JH 4D 8D QD 5C 9C AS 8C"],
        dealer=1,
        first=0,
        upcard="KD",
        stock="AD",
    )
    return state.apply(Draw()).apply(parse_move("meld run 3S-5S: 3S 4S 5S"))


@pytest.mark.parametrize(
    "move",
    [
        pytest.param(Discard(28), id="discard-int-code"),  # 28 is 3D
        pytest.param(LayOff(Card.parse("6S"), 0, "low"), id="end-str"),
        pytest.param(LayOff(Card.parse("6S"), 0.0, End.HIGH), id="float"),
        pytest.param(LayMeld("run 3S-5S: 3S 4S 5S"), id="meld-str"),
        pytest.param(LayOff(Card.parse("6S"), True, End.HIGH), id="target-bool"),
        pytest.param(LayOff("6S", 0, End.HIGH), id="card-str"),
        pytest.param(Discard("2S"), id="discard-str"),
    ],
)
def test_a_malformed_move_is_refused_as_illegal(move):
    state = _after_a_meld()
    copy = attrs.evolve(state)
    with pytest.raises(IllegalMoveError):
        state.apply(move)
    assert move not in state.legal_moves()
    assert state == copy


def test_no_move_is_legal_once_the_game_is_over():
    state = next(s for s, m in random_game(VARIANTS[2], 2, 7) if m is None)
    assert state.is_over
    moves = state.legal_moves()
    assert not moves and len(moves) == 0 and list(moves) == []
    for move in (Draw(), TakeDiscard(), Discard(state.hands[0][0]), ChooseStart(True)):
        assert move not in moves
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(move)
        assert caught.value.rule == "game.over"


# -- the legal-move view -----------------------------------------------------------------------


def test_membership_runs_the_rule_check_without_listing(monkeypatch):
    state = stacked_game(
        CRIB,
        hands=["3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C", "KS 3H 7H JH 4D 8D QD 5C 9C 2S 6S"],
        dealer=1,
        first=0,
        upcard="KD",
        stock="AD",
    ).apply(Draw())

    def no_listing(self, state):
        raise AssertionError("the move list was built")

    monkeypatch.setattr(type(state.variant.rules), "generate", no_listing)
    moves = state.legal_moves()
    assert isinstance(moves, LegalMoves)
    assert parse_move("meld run 3S-5S: 3S 4S 5S") in moves
    assert Discard(Card.parse("AD")) in moves
    assert Discard(Card.parse("AS")) not in moves
    assert Draw() not in moves
    assert parse_move("meld run 3S-6S: 3S 4S 5S 6S") not in moves
    assert "discard AD" not in moves
    assert moves.count(Discard(Card.parse("AD"))) == 1
    assert moves.count(Draw()) == 0
    with pytest.raises(AssertionError, match="list was built"):
        len(moves)


def test_legal_moves_is_a_read_only_sequence():
    state = stacked_game(
        CRIB,
        hands=["3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C", "KS 3H 7H JH 4D 8D QD 5C 9C 2S 6S"],
        dealer=1,
        first=0,
        upcard="KD",
        stock="AD",
    ).apply(Draw())
    moves = state.legal_moves()
    listed = list(moves)
    assert bool(moves)
    assert len(moves) == len(listed) == moves.count()
    assert len(set(listed)) == len(listed)  # no move twice
    assert moves[0] == listed[0] and moves[-1] == listed[-1]
    assert moves[1:3] == tuple(listed[1:3])
    assert list(iter(moves)) == listed
    assert moves.of_type(Discard) == tuple(m for m in listed if isinstance(m, Discard))
    assert len(moves.of_type(Discard)) == 12  # 12 different cards in hand after the draw
    assert moves.of_type(LayMeld) == (LayMeld(rummykit.Meld.parse("run 3S-5S: 3S 4S 5S")),)
    assert moves.of_type(LayMeld, Discard) == tuple(
        m for m in listed if isinstance(m, LayMeld | Discard)
    )
    assert moves.of_type(Draw) == ()
    text = repr(moves)
    assert text.startswith("<LegalMoves: ")
    assert str(listed[0]) in text
    assert f"({len(listed)} in all)" in text
    with pytest.raises(IndexError):
        moves[len(listed)]
    small = stacked_game(
        CRIB,
        hands=["3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C", "KS 3H 7H JH 4D 8D QD 5C 9C 2S 6S"],
        dealer=1,
        first=0,
        upcard="KD",
    ).legal_moves()
    assert repr(small) == "<LegalMoves: draw>"


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_every_generated_move_is_accepted_by_apply(variant, players, seed):
    for state, _ in random_game(variant, players, seed, limit=150):
        for move in state.legal_moves():
            assert move in state.legal_moves()
            assert state.is_legal(move)
            after = state.apply(move)
            assert sum(after.all_cards().values()) == variant.deck(players).size


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_generation_is_complete_for_draws_discards_lay_offs_and_choices(variant, players, seed):
    # Every move of these kinds that the rule check accepts is listed (LayMeld is covered by
    # the meld solver's own tests).
    for state, _ in random_game(variant, players, seed, limit=300):
        listed = set(state.legal_moves())
        hand = set(state.hands[state.to_move]) if not state.is_over else set()
        candidates: list[object] = [Draw(), TakeDiscard(), ChooseStart(True), ChooseStart(False)]
        candidates += [Discard(card) for card in ALL_CARDS]
        for index in range(len(state.table) + 1):
            for card in hand:
                candidates += [LayOff(card, index, end) for end in (None, End.LOW, End.HIGH)]
        for move in candidates:
            assert (move in state.legal_moves()) == (move in listed), (str(move), state.phase)


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_move_text_round_trips_through_parse_move(variant, players, seed):
    seen: set[str] = set()
    for state, _ in random_game(variant, players, seed, limit=400):
        for move in state.legal_moves():
            text = str(move)
            assert parse_move(text) == move, text
            assert parse_move(f"  {text}  ") == move
            seen.add(text.split(maxsplit=1)[0])
    assert {"draw", "discard", "meld", "lay"} <= seen


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly",
        "draw 3",
        "take it",
        "discard",
        "discard 11H",
        "discard QX",
        "discard QH QS",
        "meld",
        "meld foo",
        "meld run 5H: 5H 6H 7H",
        "meld run KS-2S: KS AS 2S",
        "meld set Q:",
        "lay 5H on 0",
        "lay 5H on #x",
        "lay 5H on #0 middle",
        "lay on #0",
        "start now",
    ],
)
def test_junk_text_raises_move_parse_error_quoting_it(text):
    with pytest.raises(MoveParseError) as caught:
        parse_move(text)
    assert isinstance(caught.value, ValueError)
    assert repr(text) in str(caught.value)


# -- views -------------------------------------------------------------------------------------


def test_view_shows_own_hand_and_hides_the_others():
    state = stacked_game(
        CRIB,
        hands=[
            "3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C",
            "KS 3H 7H JH 4D 8D QD 5C 9C 2S 6S",
            "QS 4H 8H KH 5D 9D AC 6C 10C 3S 7S",
        ],
        dealer=2,
        first=0,
        upcard="KD",
        stock="AD 2D",
    )
    state = state.apply(Draw()).apply(parse_move("meld run 3S-5S: 3S 4S 5S"))
    state = state.apply(parse_move("discard AD")).apply(Draw()).apply(parse_move("discard 2D"))
    for seat in range(3):
        view = state.view(seat)
        assert view.seat == seat
        assert view.hand == state.hands[seat]
        for other in range(3):
            if other == seat:
                assert view.hands[other] == state.hands[seat]
            else:
                assert view.hands[other] == (HIDDEN,) * len(state.hands[other])
        assert view.hand_sizes == tuple(len(h) for h in state.hands)
        assert view.discard_top == state.discards[-1] == Card.parse("2D")
        assert view.discard_size == len(state.discards) == 3
        assert view.stock_size == len(state.stock)
        assert view.table == state.table
        assert view.scores == state.scores == (3, 0, 0)
        assert view.to_move == 2
        # Apart from the hands (checked above), the seat's own legal moves (cards of its
        # hand) and the wild cards of the deal (a rule, also in the meld context), the only
        # cards in the view are the table and the top discard: not the stock, not the
        # discards under the top.
        public = Counter(c for p in state.table for c in p.meld.cards)
        public[state.discards[-1]] += 1
        shown: Counter[Card] = Counter()
        for field in attrs.fields(type(view)):
            if field.name not in ("hand", "hands", "wild_cards", "discards", "legal", "context"):
                shown.update(_cards_in(getattr(view, field.name)))
        assert shown == public, seat
        # The pile itself shows its top card only (Crib Rummy keeps the pile squared).
        assert view.discards == (HIDDEN, HIDDEN, Card.parse("2D"))


def _cards_in(value: object) -> Iterator[Card]:
    """Every physical card reachable in a view value (through attrs fields, tuples, sets;
    a meld shows its cards, not what they stand for)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, rummykit.Meld):
        yield from value.cards
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _cards_in(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _cards_in(getattr(value, field.name))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_changing_hidden_cards_never_changes_a_view(seed):
    for state, _ in random_game(CRIB, 3, seed, limit=120):
        if state.is_over:
            continue
        seat = state.to_move
        hidden = list(state.stock) + list(state.discards[:-1])
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden += hand
        rng = random.Random(seed)
        rng.shuffle(hidden)
        stock = tuple(hidden[: len(state.stock)])
        rest = hidden[len(state.stock) :]
        under = max(len(state.discards) - 1, 0)
        discards = (*rest[:under], *state.discards[-1:])
        rest = rest[under:]
        hands = []
        for other, hand in enumerate(state.hands):
            if other == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(rest[: len(hand)])))
                rest = rest[len(hand) :]
        changed = attrs.evolve(state, stock=stock, discards=discards, hands=tuple(hands))
        assert changed.view(seat) == state.view(seat)
    # The check can fail: the own hand does show.
    state = CRIB.new_game(players=3, seed=seed)
    seat = state.to_move
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat][1:], state.stock[0])))
    assert attrs.evolve(state, hands=tuple(hands)).view(seat) != state.view(seat)


@pytest.mark.parametrize("seat", [-1, 2, 3, 10])
def test_view_of_a_seat_out_of_range_raises_option_error(seat):
    state = CRIB.new_game(players=2, seed=1)
    with pytest.raises(OptionError, match=str(seat)):
        state.view(seat)


# -- variants, setup and seeds -----------------------------------------------------------------


def test_variants_lists_crib_rummy():
    ids = rummykit.variants()
    assert isinstance(ids, tuple)
    assert "crib-rummy" in ids
    assert rummykit.variant("crib-rummy").id == "crib-rummy"


def test_unknown_variant_raises_option_error_listing_the_known_ones():
    with pytest.raises(OptionError) as caught:
        rummykit.variant("nope")
    message = str(caught.value)
    assert "'nope'" in message
    for known in rummykit.variants():
        assert known in message


def _order(players: int = 2) -> list[Card]:
    hands = ["3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C", "KS 3H 7H JH 4D 8D QD 5C 9C 2S 6S"]
    return deal_order(CRIB, hands=hands[:players], dealer=0, upcard="KD")


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda deck: deck[:-1], "a card short"),
        (lambda deck: [*deck, Card.parse("AS")], "a card over"),
        (lambda deck: [Card.parse("AS"), *deck[1:]], "a third copy"),
        (lambda deck: [], "no cards"),
        (lambda deck: [*deck[:-2], Card.parse("JK"), Card.parse("JK")], "four jokers"),
    ],
)
def test_new_game_with_a_wrong_stacked_deck_raises_option_error(change, why):
    deck = _order()
    dealt = CRIB.new_game(players=2, seed=0, deck=deck, dealer=0).hands[0]
    assert dealt == tuple(sorted(rummykit.parse_cards("3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C")))
    wrong = change(list(deck))
    assert Counter(wrong) != Counter(deck), why
    with pytest.raises(OptionError, match="106"):
        CRIB.new_game(players=2, seed=0, deck=wrong)


@pytest.mark.parametrize(
    "setup",
    [
        {"scores": (1, 2, 3)},
        {"dealer": 2},
        {"dealer": -1},
        {"first": 5},
    ],
)
def test_new_game_with_a_bad_setup_raises_option_error(setup):
    with pytest.raises(OptionError):
        CRIB.new_game(players=2, seed=0, **setup)


@pytest.mark.parametrize("deal", [0, -1, "2", True])
def test_new_game_deal_numbers_start_at_one(deal):
    with pytest.raises(OptionError, match="deal"):
        CRIB.new_game(players=2, seed=0, deal=deal)


def test_same_seed_same_game():
    first = [s for s, _ in random_game(CRIB, 3, 21, limit=200)]
    second = [s for s, _ in random_game(CRIB, 3, 21, limit=200)]
    assert first == second
    assert [s.moves for s in first] == [s.moves for s in second]
    fresh = CRIB.new_game(players=3, seed=21)
    assert fresh.hands == first[0].hands and fresh.stock == first[0].stock


def test_different_seeds_deal_differently():
    deals = {CRIB.new_game(players=2, seed=seed).hands for seed in range(12)}
    assert len(deals) == 12
    stocks = {CRIB.new_game(players=2, seed=seed).stock for seed in range(12)}
    assert len(stocks) == 12
    # The second deal of a game is shuffled afresh too.
    a = CRIB.new_game(players=2, seed=3, deal=2)
    b = CRIB.new_game(players=2, seed=3)
    assert a.hands != b.hands


# -- equality and hashing ----------------------------------------------------------------------


def test_state_equality_and_hash_are_consistent():
    hands = ["3S 4S 5S 6S 2S 6H 10H 3D 7D JD 4C", "KS 3H 7H JH 4D 8D QD 5C 9C AS 8C"]
    start = stacked_game(CRIB, hands=hands, dealer=1, first=0, upcard="KD", stock="AD")
    start = start.apply(Draw()).apply(parse_move("meld run 3S-5S: 3S 4S 5S"))
    # The same position by two different orders of lay-offs.
    one = start.apply(parse_move("lay 6S on #0 high")).apply(parse_move("lay 2S on #0 low"))
    two = start.apply(parse_move("lay 2S on #0 low")).apply(parse_move("lay 6S on #0 high"))
    assert one.moves != two.moves
    assert one == two
    assert hash(one) == hash(two)
    assert len({one, two, start}) == 2
    assert one != start
    assert (one == "not a state") is False
    again = stacked_game(CRIB, hands=hands, dealer=1, first=0, upcard="KD", stock="AD")
    assert again.apply(Draw()) == start.variant.new_game(
        players=2,
        seed=0,
        deck=deal_order(CRIB, hands=hands, dealer=1, upcard="KD", stock="AD"),
        dealer=1,
        first=0,
    ).apply(Draw())
    for state, _ in random_game(CRIB, 2, 5, limit=60):
        copy = attrs.evolve(state)
        assert copy == state and hash(copy) == hash(state)
    # Different options make different games even with the same cards.
    other = rummykit.variant("crib-rummy", target=61)
    assert other.new_game(players=2, seed=1) != CRIB.new_game(players=2, seed=1)


def test_every_random_game_terminates_and_keeps_every_card():
    for variant, players, seed in GAMES:
        steps = 0
        for state, _ in random_game(variant, players, seed, limit=20_000):
            steps += 1
            assert sum(state.all_cards().values()) == variant.deck(players).size
            assert state.is_over or state.phase is not Phase.OVER
        assert state.is_over
        assert state.winners
        assert steps < 20_000


def test_winners_is_declared_by_every_state_and_empty_until_the_game_ends() -> None:
    # GameState declares ``winners`` (typed code needs no getattr); every game defines it
    for game_id in rummykit.variants():
        variant = rummykit.variant(game_id)
        line = random_game(variant, variant.min_players, 3, limit=100_000)
        start: GameState = next(line)[0]
        assert start.winners == ()
        state: GameState = deque(line, maxlen=1)[0][0]  # the last state of the line
        assert state.is_over and state.winners, game_id
        assert all(0 <= seat < state.players for seat in state.winners)


def test_a_state_class_that_does_not_say_who_won_raises_naming_the_property() -> None:
    @attrs.frozen(eq=False, slots=False)
    class Unfinished(GameState):
        pass

    state = CRIB.new_game(players=2, seed=1)
    values = {a.name: getattr(state, a.name) for a in attrs.fields(GameState)}
    with pytest.raises(NotImplementedError, match=r"Unfinished does not say who won.*'winners'"):
        _ = Unfinished(**values).winners


@pytest.mark.parametrize(("variant_id", "deal"), [("contract-rummy", 8), ("crazy-rummy", 14)])
def test_new_game_refuses_a_deal_past_the_games_end(variant_id: str, deal: int) -> None:
    with pytest.raises(OptionError, match=f"deal {deal} does not exist"):
        rummykit.variant(variant_id).new_game(players=3, seed=1, deal=deal)


@pytest.mark.parametrize("variant_id", rummykit.variants())
def test_equality_is_the_position_and_ignores_derived_fields(variant_id: str) -> None:
    game = rummykit.variant(variant_id)
    state = game.new_game(players=game.min_players, seed=4)
    derived = next(iter(type(state).derived_fields))
    logged = attrs.evolve(state, **{derived: None})
    assert logged == state and hash(logged) == hash(state)
    moved = attrs.evolve(state, scores=tuple(s + 1 for s in state.scores))
    assert moved != state
