"""Careful play where the top discard is taken only to be melded (Crib Rummy, R41; Rummy 500):
hands drawn up, each decision against the greedy agent's."""

from __future__ import annotations

import math
import random

import attrs
import pytest

import rummykit
from rummykit import Discard, Draw, LayMeld, TakeDiscard, parse_cards, parse_move
from rummykit.agents import GreedyAgent, choose_move
from rummykit.agents_pickup import feed_risk, take_costs_more, unseen_counts
from rummykit.engine.core import GameState
from rummykit.engine.rummy_state import RummyView
from rummykit.engine.views import Hidden
from rummykit.testing.stacking import stacked_game

CRIB = rummykit.variant("crib-rummy")
CAREFUL = GreedyAgent(careful=True)


def _seat_0_after(hands: tuple[str, str], upcard: str, stock: str, *moves: str) -> RummyView:
    """Seat 0's view once ``moves`` are played from a two-player deal of ``hands`` (seat 0
    starts) with ``upcard`` face up and ``stock`` drawn in that order."""
    state: GameState = stacked_game(
        CRIB, dealer=1, first=0, hands=list(hands), upcard=upcard, stock=stock
    )
    for text in moves:
        state = state.apply(parse_move(text))
    return _rummy_view(state, 0)


def _rummy_view(state: GameState, seat: int) -> RummyView:
    view = state.view(seat)
    assert isinstance(view, RummyView)
    return view


def _facing_a_run() -> RummyView:
    """Seat 0, not opened, has drawn; seat 1 has laid the run 10D-QD and may lay off on it.
    Four cards of seat 0's hand relate to none of the others: 10H, 2S, QC and KD."""
    hands = ("10H 7C 4D 2S 9S 5C KD AH 3H QC 6D", "10D JD QD 2C 4C 6H 8H 10S QS KC 5H")
    moves = ("draw", "discard 2H", "draw", "meld run 10D-QD: 10D JD QD", "discard 9C", "draw")
    return _seat_0_after(hands, "8S", "2H 9C JC", *moves)


def test_r41_careful_play_keeps_back_the_card_an_opened_player_lays_off() -> None:
    """The greedy agent throws the highest of its unrelated cards, the KD, which the next
    player, opened, lays on their run 10D-QD and so takes the pile (R41). Careful play keeps
    the KD back."""
    view = _facing_a_run()
    king = parse_cards("KD")[0]
    assert view.opened == (False, True)
    assert GreedyAgent().choose(view, view.legal, random.Random(0)) == Discard(king)
    chosen = CAREFUL.choose(view, view.legal, random.Random(0))
    assert isinstance(chosen, Discard) and chosen.card != king
    risks = {card: feed_risk(card, view) for card in view.hand}
    assert risks[king] == max(risks.values()) and risks[king] >= 1.0
    assert risks[chosen.card] < 1.0


def test_r42_a_player_who_has_not_opened_cannot_be_fed_through_the_table() -> None:
    """R42: laying off needs a meld of one's own. Seen from seat 1 (opened) about seat 0 (not
    opened), the run on the table takes the 9D yet counts for nothing, only hand melds do."""
    view = _facing_a_run()
    nine = parse_cards("9D")[0]
    taker_not_opened = attrs.evolve(view, opened=(False, False))
    assert feed_risk(nine, view) - feed_risk(nine, taker_not_opened) == pytest.approx(1.0)


def test_feed_risk_counts_hand_melds_by_the_cards_unseen() -> None:
    view = _facing_a_run()
    unseen = unseen_counts(view)
    # two packs and two jokers, less the 12 cards in hand, the three on the table, the top
    assert sum(unseen) == 106 - 12 - 3 - 1
    assert unseen[parse_cards("JK")[0]] == 2 and unseen[parse_cards("QD")[0]] == 1
    # a wild card is the worst discard; every natural card has some risk, none negative
    assert math.isinf(feed_risk(parse_cards("JK")[0], view))
    assert all(0 < feed_risk(card, view, unseen=unseen) < 1 for card in parse_cards("2S 10H"))
    # with no card unseen, nothing can meld it but the table
    none = [0] * 53
    assert feed_risk(parse_cards("2S")[0], view, unseen=none) == 0.0
    assert feed_risk(parse_cards("KD")[0], view, unseen=none) == 1.0


def test_careful_play_lays_the_meld_that_pegs_most_among_the_longest() -> None:
    """Crib Rummy pegs a new run of three 3 points and a set of three 2 (section 3.5): of the
    set 5S 5D 5C and the run 3D-5D, which share the 5D, the greedy agent lays the first
    listed, the set; careful play the run."""
    hands = ("5S 5D 5C 3D 4D KH 9C 7S JH QC 2H", "AS AD 6C 8C 10C 2D 7D 9H 10S QS KS")
    view = _seat_0_after(hands, "6S", "8S", "draw")
    greedy = GreedyAgent().choose(view, view.legal, random.Random(0))
    careful = CAREFUL.choose(view, view.legal, random.Random(0))
    assert isinstance(greedy, LayMeld) and str(greedy.meld) == "set 5: 5S 5D 5C"
    assert isinstance(careful, LayMeld) and str(careful.meld) == "run 3D-5D: 3D 4D 5D"


def test_r43_careful_play_leaves_a_deep_pile_when_the_opponent_is_nearly_out() -> None:
    """R43: at two players each card left in hand when the other goes out scores them 2. With
    the opponent down to four cards or fewer, careful play draws rather than take a pile that
    brings two or more cards beyond the one melded; the greedy agent takes it."""
    left = taken = 0
    for seed in range(60):
        state = CRIB.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not (left and taken):
            view = _rummy_view(state, state.to_move)
            if TakeDiscard() in view.legal and Draw() in view.legal:
                short = view.hand_sizes[1 - view.seat] <= 4
                brings = min(view.discard_size - 1, 6)
                careful = CAREFUL.choose(view, view.legal, random.Random(0))
                assert take_costs_more(view, brings) == (short and brings >= 2)
                if short and brings >= 2:
                    assert careful == Draw()
                    left += GreedyAgent().choose(view, view.legal, random.Random(0)) != Draw()
                else:
                    greedy = GreedyAgent().choose(view, view.legal, random.Random(0))
                    taken += careful == greedy == TakeDiscard()
            state = state.apply(choose_move(GreedyAgent(), state, rng))
        if left and taken:
            break
    assert left and taken


def _holding(view: RummyView, *sizes: int) -> RummyView:
    """``view`` with the other seats holding ``sizes`` cards (in seat order)."""
    others = iter(sizes)
    hands = tuple(
        view.hand if seat == view.seat else (Hidden(),) * next(others)
        for seat in range(view.players)
    )
    return attrs.evolve(view, hands=hands)


def test_take_costs_more_only_at_two_players() -> None:
    three = _rummy_view(CRIB.new_game(players=3, seed=1), 0)
    assert not take_costs_more(_holding(three, 1, 1), 6)  # one point a card (R43)
    two = _rummy_view(CRIB.new_game(players=2, seed=1), 0)
    assert take_costs_more(_holding(two, 4), 2)
    assert not take_costs_more(_holding(two, 5), 6)
    assert not take_costs_more(_holding(two, 1), 1)


def test_feed_risk_counts_the_rummy_500_discards_beneath_the_top_as_within_reach() -> None:
    """Rummy 500 spreads its discard pile and a player may take deep into it, so the cards
    beneath the top are as good as in the next player's hand: they stay in the count that
    :func:`feed_risk` weighs (counting them out made careful play lose to greedy play); the
    top card, the seat's hand and the table are counted out."""
    game = rummykit.variant("rummy-500")
    state = game.new_game(players=2, seed=3)
    rng = random.Random(3)
    while len(state.view(state.to_move).discards) < 4:
        state = state.apply(choose_move(GreedyAgent(), state, rng))
    view = _rummy_view(state, state.to_move)
    top, beneath = view.discards[-1], view.discards[:-1]
    assert isinstance(top, rummykit.Card) and all(isinstance(c, rummykit.Card) for c in beneath)
    out = [*view.hand, *(c for placed in view.table for c in placed.meld.cards), top]
    deck = game.deck(2).cards()
    expected = [max(0, deck.count(code) - out.count(code)) for code in range(53)]
    unseen = unseen_counts(view)
    assert unseen == expected
    assert sum(unseen) == len(deck) - len(out)
    assert all(unseen[card] >= 1 for card in beneath if card not in out)
