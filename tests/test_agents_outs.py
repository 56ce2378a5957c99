"""Careful play where the losers pay the winner (Basic Rummy) at two players: the card it
throws, by the unseen cards that could still complete a meld with it (its outs) and by what
it would cost if the other player went out. Hands drawn up; each decision set against the
greedy agent's."""

from __future__ import annotations

import random

import rummykit
from rummykit import Discard, parse_cards, parse_move
from rummykit.agents import GreedyAgent, choose_move
from rummykit.agents_outs import live_outs, outs_discard, pays_the_winner
from rummykit.engine.core import GameState
from rummykit.engine.rummy_state import RummyView
from rummykit.testing.stacking import stacked_game

BASIC = rummykit.variant("basic-rummy")
CAREFUL = GreedyAgent(careful=True)
GREEDY = GreedyAgent()

#: Seat 0's hand in the tests of the weight of a card's value: the KH and QH want the JH;
#: the 8S and 8D make a set with the 8C drawn; the rest relate to nothing.
SEAT_0 = "KH QH 6C AD 2H 3S 4D 5H 8S 8D"
#: Seat 1's: two runs to lay down, and four cards more.
SEAT_1 = "9C 10C JC 5S 6S 7S 2C 9D 10S KS"


def _view(state: GameState, seat: int) -> RummyView:
    view = state.view(seat)
    assert isinstance(view, RummyView)
    return view


def _play(state: GameState, *moves: str) -> GameState:
    for text in moves:
        state = state.apply(parse_move(text))
    return state


def _seat_0_with_the_8s_down(*, other_short: bool) -> RummyView:
    """Seat 0 has drawn the 8C and laid the set of 8s: eight cards left, a discard to make.
    With ``other_short`` seat 1 played first and laid its two runs (four cards left), else
    seat 0 plays first and seat 1 still holds ten."""
    first = 1 if other_short else 0
    stock = "4C 8C" if other_short else "8C"
    state = stacked_game(
        BASIC, dealer=1 - first, first=first, hands=[SEAT_0, SEAT_1], upcard="JD", stock=stock
    )
    if other_short:
        state = _play(
            state,
            "draw",
            "meld run 9C-JC: 9C 10C JC",
            "meld run 5S-7S: 5S 6S 7S",
            "discard 4C",
        )
    return _view(_play(state, "draw", "meld set 8: 8S 8D 8C"), 0)


def test_live_outs_count_the_unseen_cards_that_would_complete_a_meld() -> None:
    """The KH and QH are completed by the JH alone (Aces are low: no Ace above the King),
    one out each; the 6C, 5H and the other cards pair with nothing in the hand."""
    view = _seat_0_with_the_8s_down(other_short=False)
    outs = {str(card): live_outs(card, view.hand, view) for card in view.hand}
    assert outs == {"KH": 1, "QH": 1, "6C": 0, "AD": 0, "2H": 0, "3S": 0, "4D": 0, "5H": 0}


def test_careful_basic_rummy_throws_as_greedy_while_the_other_hand_is_long() -> None:
    """Seat 1 holds ten cards: the value of a card weighs 0.2 an out, and the 6C (no outs,
    6 points) goes before the KH (one out, 10 points), as the greedy agent throws it."""
    view = _seat_0_with_the_8s_down(other_short=False)
    assert view.hand_sizes[1] == 10
    six = Discard(parse_cards("6C")[0])
    assert GREEDY.choose(view, view.legal, random.Random(0)) == six
    assert CAREFUL.choose(view, view.legal, random.Random(0)) == six


def test_careful_basic_rummy_throws_its_costliest_card_when_the_other_hand_is_short() -> None:
    """Seat 1 holds four cards and may go out at its next turn: a card's value now weighs a
    point an out, so careful play throws the King (one out, 10 points: -9) rather than keep
    it in a hand the other player may soon collect; the greedy agent still throws the 6C."""
    view = _seat_0_with_the_8s_down(other_short=True)
    assert view.hand_sizes[1] == 4
    assert GREEDY.choose(view, view.legal, random.Random(0)) == Discard(parse_cards("6C")[0])
    assert CAREFUL.choose(view, view.legal, random.Random(0)) == Discard(parse_cards("KH")[0])


def test_careful_basic_rummy_lets_a_pair_go_whose_meld_is_dead() -> None:
    """Seat 0 holds the KS and KH; the KC lies in seat 1's run JC-KC and the KD on the
    discard pile, so no set of Kings can be made: the pair has no outs. The greedy agent
    counts the pair as related cards and throws the 10S; careful play throws a King, the
    costlier of the cards with no outs."""
    hands = ["KS KH 9C 7D 5S 3H AD 4D 2C 6H", "JC QC KC KD 2S 4S 6S 8C 9H 10D"]
    state = stacked_game(BASIC, dealer=1, first=0, hands=hands, upcard="8S", stock="10H 5C 10S")
    moves = ("draw", "discard 10H", "draw", "meld run JC-KC: JC QC KC", "discard KD", "draw")
    view = _view(_play(state, *moves), 0)
    kings = parse_cards("KS KH")
    assert [live_outs(king, view.hand, view) for king in kings] == [0, 0]
    assert GREEDY.choose(view, view.legal, random.Random(0)) == Discard(parse_cards("10S")[0])
    chosen = CAREFUL.choose(view, view.legal, random.Random(0))
    assert isinstance(chosen, Discard) and chosen.card in kings
    assert chosen.card == outs_discard(view, view.hand)


def test_careful_basic_rummy_is_greedy_play_at_four_players() -> None:
    """The rule fell behind greedy play at four players (the module's figures), so there the
    careful agent chooses as the greedy agent does, decision for decision, a whole game."""
    state: GameState = BASIC.new_game(players=4, seed=11)
    rng = random.Random(11)
    compared = 0
    while not state.is_over:
        view = state.view(state.to_move)
        if len(view.legal) > 1:
            careful = CAREFUL.choose(view, view.legal, random.Random(compared))
            assert careful == GREEDY.choose(view, view.legal, random.Random(compared))
            compared += 1
        state = state.apply(choose_move(GREEDY, state, rng))
    assert compared > 100  # a game of several deals


def test_only_a_game_where_the_losers_pay_the_winner_is_played_by_outs() -> None:
    """The careful discard by outs is Basic Rummy's (:class:`WinnerTakesPenalties`); the
    other games' careful play is left as it was."""
    paying = {
        game: pays_the_winner(rummykit.variant(game).new_game(players=2, seed=1).view(0))
        for game in ("basic-rummy", "gin-rummy", "crib-rummy", "rummy-500", "crummy-rummy")
    }
    assert paying == {
        "basic-rummy": True,
        "gin-rummy": False,
        "crib-rummy": False,
        "rummy-500": False,
        "crummy-rummy": False,
    }
