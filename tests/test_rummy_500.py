"""Rummy 500 (issue 10): every clause of the rules from a hand drawn up here.

Each test stacks the deal with :func:`rummykit.testing.stacking.stacked_game`, plays moves
through the public API and checks the outcome: hands, the table, the piles, the phase and who
moves, the views, the end of the deal (``state.last_deal``, a
:class:`rummykit.pieces.DealOutcome`), the scores and the end of the game.

Conventions of this file: ``game(*hands)`` deals ``hands[seat]`` to each seat with the last
seat dealing, so seat 0 (on the dealer's left) starts; ``upcard`` starts the discard pile and
``stock`` lists the cards drawn first. :func:`pass_turn` draws a card and throws it back, so
the stock cards, in order, are what builds the pile. Seats that only draw and discard get
hands from :func:`dead`, hands with no meld and no two cards that could start one.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import attrs
import pytest
from helpers import deal_summary, golden_diff, play

import rummykit
from rummykit import (
    HIDDEN,
    Card,
    Discard,
    Draw,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    Rank,
    Suit,
    TakeDiscard,
    parse_cards,
    parse_move,
)
from rummykit.agents import GreedyAgent, choose_move
from rummykit.cli import main
from rummykit.engine.rummy import Phase, RummyState
from rummykit.pieces import DealEnd
from rummykit.testing.conformance import check_variant
from rummykit.testing.stacking import stacked_game

R500 = rummykit.variant("rummy-500")
#: The upcard of :func:`game` unless a test names another.
UPCARD = "KD"
GOLDEN = Path(__file__).parent / "golden"

#: Every card of the pack in an order that spreads ranks and suits, for :func:`dead`.
_SPREAD = sorted(
    (Card.of(rank, suit) for rank in Rank for suit in Suit),
    key=lambda c: ((int(c.rank) * 5) % 13, int(c.suit)),
)


def _positions(card: Card) -> tuple[int, ...]:
    """Where ``card`` may stand in a run: an Ace at either end (A-2-3 and Q-K-A)."""
    return (1, 14) if card.rank is Rank.ACE else (int(card.rank),)


def _related(a: Card, b: Card) -> bool:
    """Whether two cards could stand in one meld: same rank, or same suit within two ranks."""
    if a.rank is b.rank:
        return True
    return a.suit is b.suit and min(abs(p - q) for p in _positions(a) for q in _positions(b)) <= 2


def dead(*taken: str, seats: int = 1, size: int = 7) -> list[str]:
    """``seats`` hands of ``size`` cards that can start no meld among themselves, using neither
    the default upcard nor any card in ``taken`` (one pack: each card once)."""
    used = set(parse_cards(" ".join((UPCARD, *taken))))
    hands: list[str] = []
    for _ in range(seats):
        hand: list[Card] = []
        for card in _SPREAD:
            if card in used or any(_related(card, c) for c in hand):
                continue
            hand.append(card)
            if len(hand) == size:
                break
        assert len(hand) == size, "not enough dead cards left"
        used.update(hand)
        hands.append(" ".join(map(str, hand)))
    return hands


def game(
    *hands: str,
    upcard: str = UPCARD,
    stock: str = "",
    variant: rummykit.Variant = R500,
    scores: tuple[int, ...] | None = None,
) -> RummyState:
    """A stacked deal: ``hands[seat]`` to each seat, the last seat deals (seat 0 starts)."""
    state = stacked_game(
        variant,
        hands=list(hands),
        dealer=len(hands) - 1,
        upcard=upcard,
        stock=stock,
        scores=scores,
    )
    assert isinstance(state, RummyState)
    return state


def pass_turn(state: RummyState) -> RummyState:
    """The player to move draws from the stock and discards the card just drawn."""
    state = play(state, Draw())
    assert state.drawn is not None
    return play(state, Discard(state.drawn))


def illegal(state: RummyState, move: str | object) -> IllegalMoveError:
    """Apply a move that must be illegal: it is not listed, ``apply`` raises, and the state
    is left exactly as it was (every field the same object)."""
    value = parse_move(move) if isinstance(move, str) else move
    assert value not in state.legal_moves()
    assert value not in list(state.legal_moves())
    before = {a.name: getattr(state, a.name) for a in attrs.fields(type(state))}
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(value)  # type: ignore[arg-type]
    assert all(getattr(state, name) is field for name, field in before.items())
    assert caught.value.move == value
    return caught.value


def legal(state: RummyState) -> set[str]:
    return {str(move) for move in state.legal_moves()}


def takes(state: RummyState) -> set[str]:
    return {str(move) for move in state.legal_moves().of_type(TakeDiscard)}


def hand(state: RummyState, seat: int) -> list[str]:
    return [str(card) for card in state.hands[seat]]


def pile(state: RummyState) -> list[str]:
    """The discard pile, bottom first."""
    return [str(card) for card in state.discards]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def value(text: str) -> int:
    """What cards are worth: Ace 15, Ten to King 10, Two to Nine 5 (a low Ace in a run
    aside)."""
    return sum(
        15 if c.rank is Rank.ACE else 10 if c.rank >= Rank.TEN else 5 for c in parse_cards(text)
    )


# -- the deal --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players(players):
    assert (R500.min_players, R500.max_players) == (2, 8)
    with pytest.raises(OptionError, match="2-8 players"):
        R500.new_game(players=players, seed=1)


@pytest.mark.parametrize("players", range(2, 9))
def test_two_players_get_thirteen_cards_others_seven(players):
    state = R500.new_game(players=players, seed=players)
    size = 13 if players == 2 else 7
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.discards) == 1
    deck = 52 if players < 5 else 104
    assert len(state.stock) == deck - size * players - 1
    # Every later deal too: the size goes by the number of players, not the deal.
    later = R500.new_game(players=players, seed=players, deal=4)
    assert [len(h) for h in later.hands] == [size] * players


@pytest.mark.parametrize("players", range(2, 9))
def test_two_packs_for_five_or_more_players(players):
    packs = 2 if players >= 5 else 1
    deck = R500.deck(players)
    assert deck.size == 52 * packs
    one_pack = Counter(Card.of(rank, suit) for rank in Rank for suit in Suit)
    assert Counter(deck.cards()) == Counter({card: packs for card in one_pack})
    state = R500.new_game(players=players, seed=players)
    assert state.all_cards() == Counter(deck.cards())


def test_two_packs_let_two_seats_hold_the_same_card():
    spades = "AS 2S 3S 4S 5S 6S 7S"
    state = game(spades, *dead(spades, seats=3), spades)
    assert state.hands[0] == state.hands[4] == tuple(parse_cards(spades))


def test_the_player_on_the_dealers_left_starts_and_the_deal_passes_left():
    for dealer in range(3):
        state = stacked_game(R500, hands=dead(seats=3), dealer=dealer, upcard=UPCARD)
        assert (state.to_move, state.phase) == ((dealer + 1) % 3, Phase.DRAW)
        assert pile(state) == [UPCARD]
    state = _out_with_a_discard()
    assert (state.deal_number, state.dealer, state.to_move) == (2, 0, 1)


# -- taking from the pile ----------------------------------------------------------------------

#: Seat 0 can meld the 7H (5H 6H) or the KD (KS KH); the Queens are a meld of its own.
TAKER = "5H 6H KS KH QS QH QC"
#: Drawn and thrown back by seats 0, 1 and 2: the pile becomes KD 2C 7H 9S (9S on top).
THROWN = "2C 7H 9S"


def _spread_pile(variant: rummykit.Variant = R500) -> RummyState:
    """Seat 0 to move with the pile KD 2C 7H 9S."""
    state = game(TAKER, *dead(TAKER, THROWN, seats=2), stock=THROWN, variant=variant)
    for _ in range(3):
        state = pass_turn(state)
    assert (state.to_move, pile(state)) == (0, ["KD", "2C", "7H", "9S"])
    return state


def test_take_any_depth_with_every_card_above():
    state = _spread_pile()
    # Two cards: the 7H and the 9S above it; the KD and 2C stay.
    two = play(state, "take 2")
    assert pile(two) == ["KD", "2C"]
    assert sorted(hand(two, 0)) == sorted([*TAKER.split(), "7H", "9S"])
    assert two.stock == state.stock and two.to_move == 0
    # The whole pile: the KD at the bottom and every card above it.
    four = play(state, TakeDiscard(4))
    assert four.discards == ()
    assert sorted(hand(four, 0)) == sorted([*TAKER.split(), "KD", "2C", "7H", "9S"])
    assert four.took == Card.parse("KD")


def test_the_deepest_card_taken_must_be_melded_at_once():
    state = play(_spread_pile(), "take 2")
    assert (state.phase, state.pending) == (Phase.PICKUP, Card.parse("7H"))
    # The only legal move melds the 7H; nothing comes before it, not even another meld.
    assert legal(state) == {"meld run 5H-7H: 5H 6H 7H"}
    assert illegal(state, "meld set Q: QS QH QC").rule == "pickup.meld_first"
    assert illegal(state, "discard 9S").rule == "pickup.meld_first"
    assert illegal(state, "draw").rule == "turn.phase"
    state = play(state, "meld run 5H-7H: 5H 6H 7H")
    assert (state.phase, state.pending) == (Phase.PLAY, None)
    # Then the turn goes on as usual: the cards taken above it are the player's to use.
    assert {"meld set Q: QS QH QC", "discard 9S", "discard KS"} <= legal(state)
    state = play(state, "meld set Q: QS QH QC", "discard 9S")
    assert pile(state) == ["KD", "2C", "9S"] and state.to_move == 1


def test_the_deepest_card_may_be_melded_with_cards_taken_above_it():
    # Seat 2 holds no spade near the 7S, 8S and 9S: they must make the meld by themselves.
    seat2 = dead("7S 8S 9S 10S 6S 5S JS")[0]
    hands = [*dead(seat2, "7S 8S 9S", seats=2), seat2]
    state = game(*hands, upcard="7S", stock="8S 9S")
    state = pass_turn(pass_turn(state))
    assert (state.to_move, pile(state)) == (2, ["7S", "8S", "9S"])
    assert takes(state) == {"take 3"}
    state = play(state, "take 3")
    assert legal(state) == {"meld run 7S-9S: 7S 8S 9S"}
    state = play(state, "meld run 7S-9S: 7S 8S 9S")
    assert state.phase is Phase.PLAY and state.turn_points == 15


def test_the_deepest_card_may_be_laid_off_on_any_meld():
    # Seat 1 melds the clubs; seat 0, without a meld of its own, takes the JC from the
    # bottom of the pile and lays it on seat 1's run at once.
    seat0 = "7C 2S 5S 9S 3H 8H QD"
    seat1 = "8C 9C 10C AS 4H JD 6S"
    seat2 = dead(seat0, seat1, "JC 4D KS 6H")[0]
    state = game(seat0, seat1, seat2, upcard="JC", stock="4D KS 6H")
    state = pass_turn(state)
    state = play(state, "draw", "meld run 8C-10C: 8C 9C 10C", "discard KS")
    state = pass_turn(state)
    assert pile(state) == ["JC", "4D", "KS", "6H"] and state.scores == (0, 20, 0)
    assert takes(state) == {"take 4"}
    state = play(state, "take 4")
    assert not state.opened[0]
    assert legal(state) == {"lay JC on #0 high"}
    # Another card of the hand may not go first, even on the same meld.
    assert illegal(state, "lay 7C on #0 low").rule == "pickup.meld_first"
    state = play(state, "lay JC on #0 high")
    assert str(state.table[0]) == "run 8C-JC: 8C 9C 10C JC (seat 1)"
    assert "lay 7C on #0 low" in legal(state)


def test_a_take_whose_deepest_card_cannot_be_melded_is_illegal():
    state = _spread_pile()
    assert takes(state) == {"take 2", "take 4"}
    # The 2C (three deep) and the 9S (on top) cannot be melded at once.
    error = illegal(state, "take 3")
    assert error.rule == "take.unmeldable"
    assert "2C" in str(error) and "draw from the stock" in str(error)
    assert illegal(state, "take").rule == "take.unmeldable"
    assert illegal(state, TakeDiscard(1)).rule == "take.unmeldable"


def test_a_take_deeper_than_the_pile_is_illegal():
    state = _spread_pile()
    error = illegal(state, "take 5")
    assert error.rule == "take.depth"
    assert "take 1 to 4 cards from the top of the pile, not 5" in str(error)
    assert illegal(state, TakeDiscard(40)).rule == "take.depth"


def test_a_take_is_a_draw_only_at_the_start_of_a_turn():
    state = play(_spread_pile(), "take 2", "meld run 5H-7H: 5H 6H 7H")
    assert illegal(state, "take").rule == "turn.phase"
    assert illegal(state, "take 2").rule == "turn.phase"


def test_even_the_top_card_taken_must_be_melded():
    state = game(TAKER, *dead(TAKER, seats=2))
    assert takes(state) == {"take"}  # the KD, melded with KS KH
    state = play(state, "take")
    assert (state.phase, state.pending) == (Phase.PICKUP, Card.parse("KD"))
    assert legal(state) == {"meld set K: KS KH KD"}
    assert illegal(state, "discard KD").rule == "pickup.meld_first"


def test_top_free_option():
    free = rummykit.variant("rummy-500", top_free=True)
    assert free.option("top_free") is True and R500.option("top_free") is False
    state = _spread_pile(free)
    assert takes(state) == {"take", "take 2", "take 4"}
    # A single top card goes into the hand with no obligation ...
    top = play(state, "take")
    assert (top.phase, top.pending, top.took) == (Phase.PLAY, None, Card.parse("9S"))
    assert {"meld set Q: QS QH QC", "discard QS", "discard 9S"} <= legal(top)
    # ... but a deeper take still obliges the deepest card to be melded at once.
    assert play(state, "take 2").phase is Phase.PICKUP
    assert illegal(state, "take 3").rule == "take.unmeldable"


def test_the_pile_left_after_a_take_is_the_next_players_to_take():
    state = play(_spread_pile(), "take 2", "meld run 5H-7H: 5H 6H 7H", "discard 9S")
    assert pile(state) == ["KD", "2C", "9S"] and state.to_move == 1
    assert takes(state) == set()  # seat 1 cannot meld any of it
    state = play(state, "draw")
    assert state.took is None


# -- visibility ------------------------------------------------------------------------------


def test_the_whole_pile_is_visible_in_every_view():
    state = _spread_pile()
    rules = state.rules
    for seat in range(3):
        view = state.view(seat)
        assert view.discards == state.discards == tuple(parse_cards("KD 2C 7H 9S"))
        assert HIDDEN not in view.discards
        assert (view.discard_top, view.discard_size) == (Card.parse("9S"), 4)
        # The pile is public: nothing of it is among the cards the seat cannot see.
        hidden = rules.hidden_cards(state, seat)
        assert len(hidden) == len(state.stock) + 14
        redealt = rules.with_hidden(state, seat, list(reversed(hidden)))
        assert redealt.discards == state.discards and redealt.view(seat) == view
    # Everyone sees what was taken.
    taken = play(state, "take 2")
    assert all(taken.view(seat).took == Card.parse("7H") for seat in range(3))
    assert all(taken.view(seat).discards == taken.discards for seat in range(3))


def test_other_hands_and_the_stock_stay_hidden():
    view = _spread_pile().view(1)
    assert view.hands[1] == view.hand and len(view.hand) == 7
    assert view.hands[0] == (HIDDEN,) * 7 and view.hands[2] == (HIDDEN,) * 7
    assert view.stock_size == 52 - 21 - 1 - 3 and not hasattr(view, "stock")


# -- melds -----------------------------------------------------------------------------------


def test_runs_a23_and_qka_but_not_ka2():
    seat0 = "AS 2S 3S QH KH AH 7D"
    seat1 = "KS 2H 4S JH 9C 6D 10C"
    seat2 = dead(seat0, seat1, "8C 5D")[0]
    state = play(game(seat0, seat1, seat2, stock="8C 5D"), "draw")
    assert {"meld run AS-3S: AS 2S 3S", "meld run QH-AH: QH KH AH"} <= legal(state)
    state = play(state, "meld run AS-3S: AS 2S 3S", "meld run QH-AH: QH KH AH", "discard 7D")
    state = play(state, "draw")
    # No K-A-2: the King may not go below A-2-3, nor the Two above Q-K-A.
    assert {"lay 4S on #0 high", "lay JH on #1 low"} <= legal(state)
    assert not {m for m in legal(state) if "KS" in m or "2H" in m} - {
        "discard KS",
        "discard 2H",
    }
    assert illegal(state, "lay KS on #0 low").rule == "layoff.shape"
    assert illegal(state, "lay 2H on #1 high").rule == "layoff.shape"
    assert state.context.readings(parse_cards("KC AC 2C")) == ()


def test_sets_of_three_or_four_cards_even_with_two_packs():
    seat0 = "7S 7S 7H 7D 7C 2D 9H"
    hands = [seat0, *dead(seat0, seats=4)]
    state = play(game(*hands, stock="JC"), "draw")
    assert {"meld set 7: 7S 7S 7H", "meld set 7: 7S 7H 7D 7C"} <= legal(state)
    assert illegal(state, "meld set 7: 7S 7S 7H 7D 7C").rule == "meld.set.too_long"
    state = play(state, "meld set 7: 7S 7H 7D 7C")
    assert illegal(state, "lay 7S on #0").rule == "meld.set.too_long"


# -- scoring ---------------------------------------------------------------------------------


def test_melds_score_their_cards_for_whoever_lays_them():
    seat0 = "KS KH KC 9S 10S JS QS"
    state = game(seat0, *dead(seat0, "4D", seats=2), stock="4D")
    state = play(state, "draw", "meld set K: KS KH KC")
    # Points are the turn's until it ends: face cards and tens 10, others 5.
    assert (state.turn_points, state.scores) == (30, (0, 0, 0))
    state = play(state, "meld run 9S-JS: 9S 10S JS")
    assert state.turn_points == 30 + 5 + 10 + 10
    state = play(state, "discard 4D")
    assert state.scores == (55, 0, 0) and state.turn_points == 0
    assert hand(state, 0) == ["QS"] and state.last_deal is None


def test_low_ace_scores_one_high_ace_fifteen():
    seat0 = "AS 2S 3S QH KH AH 7D"
    state = game(seat0, *dead(seat0, "8C", seats=2), stock="8C")
    state = play(state, "draw", "meld run AS-3S: AS 2S 3S")
    assert state.turn_points == 1 + 5 + 5
    state = play(state, "meld run QH-AH: QH KH AH", "discard 7D")
    assert state.scores == (11 + 10 + 10 + 15, 0, 0)
    # Laid off, an Ace at the low end of 2-3-4 scores 1, at the top of J-Q-K 15.
    seat0 = "2C 3C 4C JD QD KD 9S"
    seat1 = "AC AD 5H 8S 10H 6D 7S"
    seat2 = dead(seat0, seat1, "3D 4H 8D")[0]
    state = game(seat0, seat1, seat2, upcard="8D", stock="3D 4H")
    state = play(state, "draw", "meld run 2C-4C: 2C 3C 4C", "meld run JD-KD: JD QD KD")
    state = play(state, "discard 9S", "draw", "lay AC on #0 low")
    assert state.turn_points == 1
    state = play(state, "lay AD on #1 high")
    assert state.turn_points == 1 + 15
    state = play(state, "discard 4H")
    assert state.scores == (15 + 30, 16, 0)
    assert [str(p.meld) for p in state.table] == [
        "run AC-4C: AC 2C 3C 4C",
        "run JD-AD: JD QD KD AD",
    ]


def test_lay_off_scores_for_the_player_who_lays_it():
    seat0 = "2C 3C 4C JD QD KD 9S"
    seat1 = "5C 10D 8S AH 6H 3S 7D"
    seat2 = dead(seat0, seat1, "3D 4H 8H 6C 8D")[0]
    state = game(seat0, seat1, seat2, upcard="8D", stock="3D 4H 8H 6C")
    state = play(state, "draw", "meld run 2C-4C: 2C 3C 4C", "meld run JD-KD: JD QD KD")
    state = play(state, "discard 9S")
    assert state.scores == (45, 0, 0)
    # Seat 1 lays off on seat 0's melds: the points are seat 1's, not the melds' owner's.
    state = play(state, "draw", "lay 5C on #0 high", "lay 10D on #1 low", "discard 4H")
    assert state.scores == (45, 5 + 10, 0)
    assert [p.owner for p in state.table] == [0, 0]
    # Seat 0 lays off on its own meld and goes out: those points count too.
    state = play(pass_turn(state), "draw", "lay 6C on #0 high", "discard 3D")
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)
    assert state.scores == (45 + 5, 15 - value("8S AH 6H 3S 7D"), -value(seat2))


#: Seat 0 goes out on its first turn: 5H-7H (15) and 8S-JS (30), then discards the 2C drawn.
GOER = "5H 6H 7H 8S 9S 10S JS"
LEFT1 = "AC KH 10D 4D 3S 9H 6C"  # 15 + 10 + 10 + 5 + 5 + 5 + 5 = 55
LEFT2 = "2H 4S 7D JC QS 8C 3D"  # 5 + 5 + 5 + 10 + 10 + 5 + 5 = 45


def _out_with_a_discard(scores: tuple[int, ...] | None = None) -> RummyState:
    state = game(GOER, LEFT1, LEFT2, upcard="KS", stock="2C", scores=scores)
    state = play(state, "draw", "meld run 5H-7H: 5H 6H 7H", "meld run 8S-JS: 8S 9S 10S JS")
    assert hand(state, 0) == ["2C"] and state.last_deal is None
    return play(state, "discard 2C")


def test_cards_left_in_hand_are_subtracted():
    state = _out_with_a_discard()
    assert (value(LEFT1), value(LEFT2)) == (55, 45)
    # An Ace in hand costs 15, even beside a Two; the scores may go below zero.
    assert deal_summary(state) == (DealEnd.OUT, 0, (0, -55, -45))
    assert state.scores == (45, -55, -45)
    assert state.last_deal is not None and state.last_deal.hands[1] == cards(LEFT1)


def test_going_out_ends_the_hand():
    state = _out_with_a_discard(scores=(100, 200, 300))
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)
    assert state.scores == (145, 145, 255)
    assert (state.deal_number, state.phase, state.to_move) == (2, Phase.DRAW, 1)
    assert [len(h) for h in state.hands] == [7, 7, 7] and state.table == ()


def test_going_out_without_a_final_discard_ends_the_hand():
    state = game(GOER, LEFT1, LEFT2, upcard="KS", stock="4H")
    state = play(state, "draw", "meld run 4H-7H: 4H 5H 6H 7H")
    assert state.last_deal is None
    state = play(state, "meld run 8S-JS: 8S 9S 10S JS")
    assert deal_summary(state) == (DealEnd.OUT, 0, (0, -55, -45))
    assert state.scores == (20 + 30, -55, -45) and state.deal_number == 2


def test_going_out_after_a_deep_take():
    # Seat 0, down to 9H 9D, takes the pile down to the 7S, lays it on its own run at once,
    # then melds the Nines: the hand is empty and the deal over, with no discard.
    seat0 = "2S 3S 4S 5S 9H 9D QC"
    seat1, seat2 = dead(seat0, "6S 7S 9C", seats=2)
    state = game(seat0, seat1, seat2, stock="6S 7S 9C")
    state = play(state, "draw", "meld run 2S-6S: 2S 3S 4S 5S 6S", "discard QC")
    state = pass_turn(pass_turn(state))
    assert hand(state, 0) == ["9H", "9D"] and pile(state) == ["KD", "QC", "7S", "9C"]
    assert takes(state) == {"take", "take 2"}
    state = play(state, "take 2")
    assert legal(state) == {"lay 7S on #0 high"}
    state = play(state, "lay 7S on #0 high")
    assert state.last_deal is None
    state = play(state, "meld set 9: 9H 9D 9C")
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)
    assert state.scores[0] == 25 + 5 + 15


def test_the_stock_running_out_ends_the_hand():
    hands = dead(seats=3)
    state = game(*hands)
    assert len(state.stock) == 52 - 21 - 1
    for _ in range(29):
        state = pass_turn(state)
    assert len(state.stock) == 1 and state.last_deal is None
    # The last card is drawn and the turn is played out; then the hand ends, no one out.
    state = play(state, "draw")
    assert state.stock == () and state.phase is Phase.PLAY
    state = play(state, Discard(state.drawn))
    expected = tuple(-value(h) for h in hands)
    assert deal_summary(state) == (DealEnd.STOCK, None, expected)
    assert state.scores == expected and state.deal_number == 2


# -- the end of the game ---------------------------------------------------------------------

#: Seat 0 goes out on its second turn with 5H-7H (15) and 2S-5S (20); seat 1 melds three
#: Kings (30) on its first turn and is left with four cards worth 5 each.
LATE_GOER = "5H 6H 7H 2S 3S 4S 5S"
KINGS = "KS KH KC 4D 6C 8D 9H"
BYSTANDER = "AC 2D 7S 9C JH 10D 8S"  # 55


def _second_turn_out(scores: tuple[int, ...], target: int = 500) -> RummyState:
    variant = R500 if target == 500 else rummykit.variant("rummy-500", target=target)
    state = game(LATE_GOER, KINGS, BYSTANDER, stock="JC QD 3H 10C", scores=scores, variant=variant)
    state = pass_turn(state)
    state = play(state, "draw", "meld set K: KS KH KC", "discard QD")
    state = pass_turn(state)
    state = play(state, "draw", "meld run 5H-7H: 5H 6H 7H", "meld run 2S-5S: 2S 3S 4S 5S")
    return play(state, "discard 10C")


def test_game_ends_at_500_highest_wins():
    # Seat 0 goes out and reaches 501, but seat 1 ends the hand higher, on 505.
    state = _second_turn_out(scores=(466, 495, 0))
    assert state.scores == (466 + 35, 495 + 30 - 20, -55)
    assert state.is_over and state.winners == (1,)
    assert list(state.legal_moves()) == []
    assert illegal(state, "draw").rule == "game.over"
    # Exactly 500 is enough.
    exact = _second_turn_out(scores=(465, 0, 0))
    assert exact.scores[0] == 500 and exact.is_over and exact.winners == (0,)


def test_reaching_500_ends_the_game_only_after_the_hand():
    state = game(LATE_GOER, KINGS, BYSTANDER, stock="JC QD 3H 10C", scores=(0, 480, 0))
    state = play(pass_turn(state), "draw", "meld set K: KS KH KC", "discard QD")
    assert state.scores == (0, 510, 0)
    assert not state.is_over and state.to_move == 2  # the hand goes on
    # Seat 1 passed 500 during the hand, but its last four cards take it back to 490.
    dipped = _second_turn_out(scores=(0, 480, 0))
    assert dipped.scores == (35, 490, -55)
    assert not dipped.is_over and dipped.deal_number == 2
    # The same hand, ending below 500 for everyone: the next hand is dealt.
    low = _second_turn_out(scores=(0, 0, 0))
    assert low.scores == (35, 10, -55)
    assert not low.is_over and low.deal_number == 2
    # 499 after the hand is not enough.
    assert not _second_turn_out(scores=(464, 0, 0)).is_over


def test_equal_highest_scores_share_the_win():
    state = _second_turn_out(scores=(470, 495, 0))
    assert state.scores == (505, 505, -55)
    assert state.is_over and state.winners == (0, 1)


def test_target_option():
    state = _second_turn_out(scores=(0, 0, 0), target=35)
    assert state.is_over and state.winners == (0,)
    assert rummykit.variant("rummy-500", target=35).option("target") == 35
    assert R500.option("target") == 500


# -- options ---------------------------------------------------------------------------------


def test_default_options():
    assert dict(R500.options) == {"target": 500, "top_free": False}
    assert (R500.id, R500.name) == ("rummy-500", "Rummy 500")


@pytest.mark.parametrize("bad", [0, -500, 1.5, 500.0, "500", True, None])
def test_target_must_be_a_positive_whole_number(bad):
    with pytest.raises(OptionError) as caught:
        rummykit.variant("rummy-500", target=bad)
    assert str(caught.value) == f"target must be a positive whole number (500), not {bad!r}"


@pytest.mark.parametrize("bad", [0, 1, "yes", "False", None])
def test_top_free_must_be_true_or_false(bad):
    with pytest.raises(OptionError) as caught:
        rummykit.variant("rummy-500", top_free=bad)
    assert str(caught.value) == f"top_free must be True or False, not {bad!r}"


def test_an_unknown_option_raises_option_error_listing_the_options():
    with pytest.raises(OptionError) as caught:
        rummykit.variant("rummy-500", packs=2)
    assert "packs" in str(caught.value)
    assert "target" in str(caught.value) and "top_free" in str(caught.value)


# -- moves as text and as values ---------------------------------------------------------------


def test_take_n_text_round_trips():
    assert parse_move("take 3") == TakeDiscard(3)
    assert str(TakeDiscard(3)) == "take 3" and repr(TakeDiscard(3)) == "TakeDiscard(3)"
    assert parse_move(str(TakeDiscard(3))) == TakeDiscard(3)
    assert parse_move("take") == parse_move("take 1") == TakeDiscard()
    assert str(TakeDiscard(1)) == "take"
    state = _spread_pile()
    for move in state.legal_moves():
        assert parse_move(str(move)) == move
    assert play(state, "take 4").discards == play(state, TakeDiscard(4)).discards == ()


@pytest.mark.parametrize("text", ["take 0", "take -2", "take two", "take 2.0", "take 1 2"])
def test_unreadable_take_text_raises_move_parse_error(text):
    with pytest.raises(MoveParseError, match="take"):
        parse_move(text)


@pytest.mark.parametrize("count", [0, -1, 2.0, True, False, "2", None])
def test_a_hand_built_malformed_take_is_refused(count):
    state = _spread_pile()
    move = TakeDiscard(count)
    assert not state.is_legal(move) and move not in state.legal_moves()
    before = {a.name: getattr(state, a.name) for a in attrs.fields(type(state))}
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(move)
    assert caught.value.rule == "move.malformed" and caught.value.move is move
    assert "whole number of cards of at least 1" in str(caught.value)
    assert all(getattr(state, name) is field for name, field in before.items())


# -- records, registry, command line, conformance ----------------------------------------------


@pytest.mark.parametrize(("players", "options"), [(2, {}), (5, {"target": 150, "top_free": True})])
def test_records_replay_a_whole_game(players, options):
    state = rummykit.variant("rummy-500", **options).new_game(players=players, seed=7)
    rng = random.Random(7)
    while not state.is_over:
        state = state.apply(choose_move(GreedyAgent(), state, rng))
    assert any(isinstance(m, TakeDiscard) and m.count > 1 for m in state.moves)
    record = rummykit.GameRecord.from_json(state.record().to_json())
    assert dict(record.options) == {"target": 500, "top_free": False, **options}
    assert record.replay() == state


def test_a_record_of_a_stacked_deal_with_a_deep_take_replays():
    state = play(_spread_pile(), "take 2", "meld run 5H-7H: 5H 6H 7H", "discard 9S")
    data = state.record().to_json()
    assert "take 2" in json.dumps(data)
    assert rummykit.GameRecord.from_json(data).replay() == state


def test_listed_by_variants_and_by_rummykit_list(capsys):
    assert "rummy-500" in rummykit.variants()
    assert main(["list"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("rummy-500 "))
    assert "Rummy 500" in line and "2-8 players" in line
    assert main(["list", "--json"]) == 0
    entry = next(e for e in json.loads(capsys.readouterr().out) if e["id"] == "rummy-500")
    assert (entry["min_players"], entry["max_players"]) == (2, 8)
    assert entry["options"] == {"target": 500, "top_free": False}


@pytest.mark.slow
def test_conformance_kit_with_options():
    game = rummykit.variant("rummy-500", target=120, top_free=True)
    report = check_variant(game, players=[2, 5], games=1, seed=4, every=3)
    assert report.ok, "\n".join(report.failures)
    assert report.games == 2 and report.moves > 0


# -- golden move counts ----------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("rummy-500_*.json")), ids=lambda p: p.name)
def test_golden_move_counts(path):
    """Legal-move counts along the fixed lines of tests/golden/regenerate_crazy_contract_crummy.py
    (rerun it with ``rummy-500`` to regenerate, then review the diff)."""
    diff = golden_diff(json.loads(path.read_text()))
    assert not diff, f"{path.name}: {len(diff)} step(s) differ\n" + "\n".join(diff)


def test_golden_files_cover_two_and_eight_players_both_agents_and_deep_takes():
    files = [json.loads(p.read_text()) for p in GOLDEN.glob("rummy-500_*.json")]
    assert {(2, "random"), (2, "greedy"), (8, "random"), (8, "greedy")} <= {
        (data["players"], data["agent"]) for data in files
    }
    assert any(data["options"] != dict(R500.options) for data in files)
    assert all(data["variant"] == "rummy-500" and len(data["steps"]) > 100 for data in files)
    for data in files:
        assert any(text.startswith("take ") for _, text in data["steps"]), "no deep take"
