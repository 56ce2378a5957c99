"""Integer actions (issue 13 item 3): a fixed, state-independent numbering of every game's
moves, decoded back to the listed legal move, with masks; moves and states of another game
are refused."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import rummykit
from rummykit import Card, Draw, GameState, LayMeld, Meld, parse_move
from rummykit.codec import (
    ActionMask,
    action_size,
    codec,
    decode,
    encode,
    legal_actions,
    mask,
)
from rummykit.engine.trick_moves import PlayCard
from rummykit.errors import ActionError

GAMES = rummykit.variants()


def _positions(game_id: str, players: int, seed: int) -> Iterator[GameState]:
    state: GameState = rummykit.variant(game_id).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_has_its_own_number_and_decodes_back_to_itself(game_id: str) -> None:
    game = rummykit.variant(game_id)
    size = action_size(game)
    rng = random.Random(1)
    for players in sorted({game.min_players, game.max_players}):
        for number, state in enumerate(_positions(game_id, players, seed=2)):
            legal = list(state.legal_moves())
            actions = [encode(game, move) for move in legal]
            assert len(set(actions)) == len(actions), "two legal moves share a number"
            assert all(0 <= a < size for a in actions)
            assert legal_actions(state) == sorted(actions)
            if number % 5:
                continue
            for move, action in zip(legal, actions, strict=True):
                assert decode(game, action, state) == move
            legal_mask = mask(state)
            assert all(legal_mask[a] for a in actions)
            for _ in range(5):  # numbers that are not legal decode to moves that are not
                other = rng.randrange(size)
                if other not in actions:
                    assert not legal_mask[other]
                    try:
                        described = decode(game, other, state)
                    except ActionError:  # a number that describes no move at all
                        continue
                    assert not state.is_legal(described)


def test_the_numbering_needs_no_state_and_is_the_same_across_games_of_a_variant() -> None:
    basic = rummykit.variant("basic-rummy")
    assert encode(basic, Draw()) == encode("basic-rummy", Draw()) == 0
    one = legal_actions(basic.new_game(players=2, seed=1))
    two = legal_actions(basic.new_game(players=3, seed=9))
    assert one == two == [encode(basic, Draw()), encode(basic, parse_move("take"))]


def test_gin_keeps_openspiels_action_ids() -> None:
    gin = rummykit.variant("gin-rummy")
    assert action_size(gin) == 241
    assert encode(gin, Draw()) == 53 and encode(gin, parse_move("take")) == 52
    assert encode(gin, LayMeld(Meld.parse("run 3C-7C: 3C 4C 5C 6C 7C"))) == 56 + 160


def test_same_rank_wilds_in_a_run_have_one_number_in_any_order() -> None:
    crazy = rummykit.variant("crazy-rummy")
    one = Meld.parse("run 4H-7H: 7D 5H 7S 7H")
    other = Meld.parse("run 4H-7H: 7S 5H 7D 7H")
    assert encode(crazy, LayMeld(one)) == encode(crazy, LayMeld(other))
    # wilds of different ranks in swapped places are different plays
    crummy_rummy = rummykit.variant("crummy-rummy")
    joker_first = Meld.parse("run 4H-7H: JK 2C 6H 7H")
    two_first = Meld.parse("run 4H-7H: 2C JK 6H 7H")
    assert encode(crummy_rummy, LayMeld(joker_first)) != encode(crummy_rummy, LayMeld(two_first))


def test_the_order_of_a_sets_cards_does_not_change_its_number() -> None:
    basic = rummykit.variant("basic-rummy")
    a = Meld.parse("set 9: 9S 9H 9C")
    b = Meld.parse("set 9: 9C 9S 9H")
    assert encode(basic, LayMeld(a)) == encode(basic, LayMeld(b))


def test_moves_and_states_of_another_game_are_refused() -> None:
    gin = rummykit.variant("gin-rummy")
    crummy = rummykit.variant("crummy")
    with pytest.raises(ActionError, match="no move like"):
        encode(gin, PlayCard(Card.parse("QH")))
    with pytest.raises(ActionError, match="no move like"):
        encode(crummy, Draw())
    with pytest.raises(ActionError, match="never wild"):  # basic rummy has no wild cards
        encode("basic-rummy", LayMeld(Meld.parse("run 4H-6H: 4H JK 6H")))
    state = crummy.new_game(players=4, seed=1)
    with pytest.raises(ActionError, match="a state of crummy"):
        decode(gin, 53, state)
    with pytest.raises(ActionError, match="outside"):
        decode(crummy, 69, state)
    with pytest.raises(ActionError, match="an int"):
        decode(crummy, "3", state)  # type: ignore[arg-type]

    class Index:  # an integer type such as NumPy's: it has __index__
        def __index__(self) -> int:
            return 68

    assert decode(crummy, Index(), state) == decode(crummy, 68, state)  # type: ignore[arg-type]
    with pytest.raises(ActionError, match="not a game state"):
        mask("gin")  # type: ignore[arg-type]
    assert issubclass(ActionError, ValueError)


@pytest.mark.parametrize("digits", [-40, 40, 5000])  # 10**5000: more than Python prints
def test_an_action_number_far_out_of_range_is_refused_with_a_short_message(digits) -> None:
    action = 10 ** abs(digits) * (1 if digits > 0 else -1)
    state = rummykit.variant("crummy").new_game(players=4, seed=1)
    with pytest.raises(ActionError, match=r"action <an int of [\d,]+ digits> is outside 0-68"):
        decode("crummy", action, state)
    with pytest.raises(IndexError, match="is outside 0-68"):
        mask(state)[action]


def test_the_mask_is_lazy_and_sized_like_the_action_space() -> None:
    small = mask(rummykit.variant("crummy").new_game(players=4, seed=1))
    assert isinstance(small, ActionMask) and len(small) == 69
    assert [i for i, legal in enumerate(small) if legal] == list(small.actions)
    huge = mask(rummykit.variant("crazy-rummy").new_game(players=3, seed=1))
    assert huge.size == action_size("crazy-rummy") > 10**20
    with pytest.raises(OverflowError, match=r"mask\.actions"):
        len(huge)
    assert all(huge[a] for a in huge.actions)
    with pytest.raises(IndexError):
        huge[huge.size]


def test_every_game_has_a_codec_with_a_documented_size() -> None:
    sizes = {g: codec(g).size for g in GAMES}
    assert sizes["crummy"] == 69 and sizes["gin-rummy"] == sizes["oklahoma-gin"] == 241
    assert sizes["basic-rummy"] == 3444  # the figure the module's documentation gives
