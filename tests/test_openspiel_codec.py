"""The OpenSpiel action codec: ids, round trips on reachable states, the stacked deal.

OpenSpiel itself is not needed: the ids are checked against the layout its gin_rummy
documents (card ``suit * 13 + rank`` with suits s c d h; melds by the formula of its
``MeldToInt``), and ``make compare`` replays whole games in both engines.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings

import rummykit
from rummykit import Card, Discard, Draw, LayMeld, LayOff, Meld, TakeDiscard
from rummykit.adapters import openspiel as osp
from rummykit.engine.moves import Knock, Pass
from rummykit.engine.rummy_state import Phase, RummyState
from rummykit.pieces.knock import GIN_MELDS
from rummykit.solver.deadwood import deadwood_mask, mask_of
from rummykit.testing.conformance import states
from rummykit.testing.stacking import stacked_game

GIN = rummykit.variant("gin-rummy", max_deals=2, big_gin=None)


def test_card_ids_follow_openspiels_suit_order_and_round_trip() -> None:
    assert [osp.card_id(Card.parse(t)) for t in ("AS", "KS", "AC", "AD", "AH", "KH")] == [
        0,
        12,
        13,
        26,
        39,
        51,
    ]
    assert sorted(osp.card_id(Card(c)) for c in range(52)) == list(range(52))
    assert all(osp.card_id(osp.card_of(i)) == i for i in range(52))
    with pytest.raises(ValueError):
        osp.card_of(52)
    with pytest.raises(ValueError):
        osp.card_id(rummykit.JOKER)


def _expected_meld_id(meld: Meld) -> int:
    """OpenSpiel's MeldToInt, written out independently."""
    order = "SCDH"
    ids = sorted(osp.card_id(c) for c in meld.cards)
    rank = ids[0] % 13
    if all(i % 13 == rank for i in ids):
        if len(ids) == 4:
            return rank * 5 + 4
        missing = next(s for s in range(4) if s not in [i // 13 for i in ids])
        return rank * 5 + missing
    suit = order.index(meld.cards[0].suit.letter)  # type: ignore[union-attr]
    return {3: 65 + suit * 11, 4: 109 + suit * 10, 5: 149 + suit * 9}[len(ids)] + rank


def test_meld_ids_match_openspiels_layout_and_round_trip() -> None:
    ids = {osp.meld_id(meld) for _, meld in GIN_MELDS}
    assert ids == set(range(osp.NUM_MELDS))
    for _, meld in GIN_MELDS:
        assert osp.meld_id(meld) == _expected_meld_id(meld)
        assert osp.meld_of(osp.meld_id(meld)) == meld
    assert osp.meld_id(Meld.parse("set A: AH AD AC")) == 0  # leaves out the spade
    assert osp.meld_id(Meld.parse("run AS-3S: AS 2S 3S")) == 65
    assert osp.meld_id(Meld.parse("run 9H-KH: 9H 10H JH QH KH")) == 184
    with pytest.raises(ValueError):
        osp.meld_id(Meld.parse("run AS-6S: AS 2S 3S 4S 5S 6S"))


def test_fixed_actions() -> None:
    assert osp.encode(TakeDiscard()) == 52
    assert osp.encode(Draw()) == 53
    assert osp.encode(Pass()) == 54
    assert osp.encode(Knock()) == 55
    assert osp.encode(Discard(Card.parse("2C"))) == 14
    assert osp.encode(LayMeld(Meld.parse("set 2: 2S 2H 2D"))) == 56 + 6
    assert osp.NUM_ACTIONS == 241


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(GIN, players=2, max_steps=250))
def test_every_legal_move_round_trips_through_its_id(state: rummykit.State) -> None:
    assert isinstance(state, RummyState)
    actions = osp.legal_actions(state)
    assert actions == sorted(set(actions))
    for move in state.legal_moves():
        back = osp.decode(osp.encode(move), state)
        assert back in state.legal_moves()
        assert back == move or isinstance(move, LayOff)
    for action in actions:
        assert osp.encode(osp.decode(action, state)) == action


def _showdowns(seed: int) -> list[RummyState]:
    """States of knock-happy random games (random play rarely reaches a showdown)."""
    found = []
    rng = random.Random(seed)
    state = rummykit.variant("gin-rummy", max_deals=6).new_game(players=2, seed=seed)
    while not state.is_over:
        assert isinstance(state, RummyState)
        if state.phase in (Phase.KNOCK, Phase.SPREAD, Phase.LAYOFF, Phase.DEFEND):
            found.append(state)
        moves = list(state.legal_moves())
        pick = [m for m in moves if isinstance(m, Knock)] or moves
        if state.phase is Phase.PLAY and pick is moves:  # keep the best ten cards
            mask = mask_of(state.hands[state.to_move])
            left = [deadwood_mask(mask ^ (1 << m.card)) for m in moves]  # type: ignore[attr-defined]
            pick = [m for m, d in zip(moves, left, strict=True) if d == min(left)]
        state = state.apply(pick[rng.randrange(len(pick))])
    return found


def test_showdown_moves_round_trip() -> None:
    found = [state for seed in range(6) for state in _showdowns(seed)]
    assert len(found) > 30
    for state in found:
        for action in osp.legal_actions(state):
            assert osp.encode(osp.decode(action, state)) == action


def test_a_lay_off_that_fits_a_set_and_a_run_goes_on_the_run() -> None:
    knocker = "7S 7H 7D 8C 9C 10C 2S 3S 4S KD"
    defender = "7C 6C QH JD 5H 4H 3D 2D KS QS"
    state = stacked_game(GIN, hands=[knocker, defender], dealer=1, upcard="JS", stock="AD")
    for text in ["pass", "pass", "draw", "knock", "discard KD"]:
        state = state.apply(rummykit.parse_move(text))
    for meld in ("set 7: 7S 7H 7D", "run 8C-10C: 8C 9C 10C", "run 2S-4S: 2S 3S 4S"):
        state = state.apply(LayMeld(Meld.parse(meld)))
    state = state.apply(Pass())
    assert isinstance(state, RummyState) and state.phase is Phase.LAYOFF
    move = osp.decode(osp.card_id(Card.parse("7C")), state)
    assert isinstance(move, LayOff) and state.table[move.target].meld.kind.value == "run"
    state = state.apply(move)
    assert osp.card_id(Card.parse("6C")) in osp.legal_actions(state)


def test_decode_refuses_what_cannot_be_played() -> None:
    state = GIN.new_game(players=2, seed=1)
    with pytest.raises(ValueError):
        osp.decode(241, state)
    with pytest.raises(rummykit.OptionError):
        osp.decode(52, rummykit.variant("crib-rummy").new_game(players=2, seed=1))


def test_deck_order_deals_openspiels_chance_outcomes() -> None:
    rng = random.Random(3)
    order = list(range(52))
    rng.shuffle(order)
    deck = osp.deck_order([order[:10], order[10:20]], order[20], order[21:])
    state = GIN.new_game(players=2, seed=0, deck=deck, dealer=1)
    assert isinstance(state, RummyState)
    assert state.hands[0] == tuple(sorted(osp.card_of(i) for i in order[:10]))
    assert state.hands[1] == tuple(sorted(osp.card_of(i) for i in order[10:20]))
    assert state.discards == (osp.card_of(order[20]),)
    assert [osp.card_id(c) for c in reversed(state.stock)] == order[21:]
    assert state.to_move == 0  # OpenSpiel's player 0 acts first
    with pytest.raises(ValueError):
        osp.deck_order([order[:10], order[:10]], order[20])


def test_game_parameters_and_returns() -> None:
    params = osp.game_parameters(rummykit.variant("gin-rummy", oklahoma=True, gin_bonus=20))
    assert params == {"knock_card": 10, "gin_bonus": 20, "undercut_bonus": 25, "oklahoma": True}
    with pytest.raises(rummykit.OptionError):
        osp.game_parameters(rummykit.variant("gin-rummy", big_gin=31))
    a = "AS 2S 3S 7H 7D 7C 9C 10C JC KD"
    dead = "KS QH JD 9S 8H 6D 5C 4H 3D 2C"
    state = stacked_game(GIN, hands=[a, dead], dealer=1, upcard="QS", stock="2H")
    for text in ["pass", "pass", "draw", "knock", "discard KD"]:
        state = state.apply(rummykit.parse_move(text))
    for meld in ("run AS-3S: AS 2S 3S", "set 7: 7H 7D 7C", "run 9C-JC: 9C 10C JC"):
        state = state.apply(LayMeld(Meld.parse(meld)))
    for _ in range(3):
        state = state.apply(Pass())
    assert osp.hand_returns(state) == (65.0, -65.0)


def test_legal_actions_of_another_games_state_raise_instead_of_guessing() -> None:
    # It returned [53] for a crib-rummy state: OpenSpiel's ids are for gin only.
    from rummykit.errors import OptionError

    crib = rummykit.variant("crib-rummy").new_game(players=2, seed=1)
    with pytest.raises(OptionError, match=r"rummykit\.codec"):
        osp.legal_actions(crib)
