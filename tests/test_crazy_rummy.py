"""Crazy Rummy (RULES.md 3.2, R12-R25; seed 001): every clause from a hand drawn up here.

Each test stacks a deal with :func:`rummykit.testing.stacking.stacked_game`, plays moves
through the public API and checks the outcome: hands, the table and what each wild stands
for, who moves, the end of the deal, the scores, and the ``rule`` of an
:class:`IllegalMoveError`.

Conventions of this file: ``game(*hands, deal=d)`` deals ``hands[seat]`` to each seat in deal
``d`` (so the wild rank is ``d``); seat ``first`` (default 0) starts, and when its hand is
written with eight cards the eighth is the extra card the dealer gives it. ``stock`` lists
the cards drawn first. Seats that only have to draw and discard get hands from
:func:`dead`: no two cards of a rank, no two cards of a suit within two ranks, no wild.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from helpers import deal_summary, golden_diff, illegal, legal, play

import rummykit
from rummykit import (
    Card,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    OptionError,
    Rank,
    Swap,
    TakeDiscard,
    parse_cards,
)
from rummykit.engine.rummy import DealEnd, Phase, RummyState
from rummykit.scoring import FixedDeals, PenaltyScoring, PenaltyTable
from rummykit.testing.conformance import check_variant
from rummykit.testing.stacking import stacked_game

CRAZY = rummykit.variant("crazy-rummy")
GOLDEN = Path(__file__).parent / "golden"

#: Every card of the pack in an order that spreads ranks and suits, for :func:`dead`.
_SPREAD = sorted(
    (Card.of(rank, suit) for rank in Rank for suit in rummykit.Suit),
    key=lambda c: ((int(c.rank) * 5) % 13, int(c.suit)),
)


def dead(deal: int, *taken: str, seats: int = 2, size: int = 7) -> list[str]:
    """``seats`` hands of ``size`` cards that can form no meld in deal ``deal``, using none of
    the cards in ``taken`` (one pack: each card once)."""
    used = set(parse_cards(" ".join(taken)))
    hands: list[str] = []
    for _ in range(seats):
        hand: list[Card] = []
        for card in _SPREAD:
            if card in used or card.rank == deal:
                continue
            if any(
                c.rank is card.rank or (c.suit is card.suit and abs(c.rank - card.rank) <= 2)
                for c in hand
            ):
                continue
            hand.append(card)
            if len(hand) == size:
                break
        assert len(hand) == size
        used.update(hand)
        hands.append(" ".join(map(str, hand)))
    return hands


def spare(*taken: str, seats: int, size: int = 7) -> list[str]:
    """``seats`` hands of ``size`` cards from those not in ``taken``, for seats that will only
    draw and discard."""
    used = Counter(parse_cards(" ".join(taken)))
    left = [c for c in _SPREAD if not used[c]]
    return [" ".join(map(str, left[i * size : (i + 1) * size])) for i in range(seats)]


def game(
    *hands: str,
    deal: int = 1,
    first: int = 0,
    stock: str = "",
    variant: rummykit.Variant = CRAZY,
    scores: list[int] | None = None,
) -> RummyState:
    """A stacked deal ``deal``: ``hands[seat]`` to each seat; ``first`` (the seat on the
    dealer's left) starts. An eighth card written in ``hands[first]`` is its extra card."""
    seven = [h.split() for h in hands]
    extra = seven[first][7:]
    seven[first] = seven[first][:7]
    state = stacked_game(
        variant,
        hands=[" ".join(h) for h in seven],
        dealer=(first - 1) % len(hands),
        first=first,
        stock=" ".join([*extra, stock]),
        deal=deal,
        scores=scores,
    )
    assert isinstance(state, RummyState)
    return state


def pass_turn(state: RummyState) -> RummyState:
    """The player to move draws the top stock card and discards it."""
    drawn = state.stock[-1]
    return play(state, Draw(), Discard(drawn))


def hand(state: RummyState, seat: int) -> list[str]:
    return sorted(str(c) for c in state.hands[seat])


def stands(state: RummyState, index: int) -> list[str]:
    """What each card of table meld ``index`` stands for (a set wild: its rank label)."""
    return [str(s) if isinstance(s, Card) else s.label for s in state.table[index].meld.represents]


def penalty(cards: str, deal: int) -> int:
    """The standard penalty table of R14, written out independently of the engine."""
    total = 0
    for card in parse_cards(cards):
        if card.rank == deal:
            total += 25
        elif card.rank >= Rank.JACK:
            total += 10
        else:
            total += int(card.rank)
    return total


# -- the game -------------------------------------------------------------------------------------


def test_variant_players_deals_and_pieces():
    assert CRAZY.id == "crazy-rummy"
    assert (CRAZY.min_players, CRAZY.max_players) == (3, 6)
    for players in (2, 7):
        with pytest.raises(OptionError, match="3-6 players"):
            CRAZY.new_game(players=players, seed=1)
    assert CRAZY.deck(6).size == 52
    rules = CRAZY.rules
    assert rules.game_end == FixedDeals(13)
    assert rules.deal_scoring == PenaltyScoring(PenaltyTable.crazy_rummy("standard"))
    assert (rules.max_reshuffles, rules.max_turns) == (200, 1000)


@pytest.mark.parametrize("deal", range(1, 14))
def test_wild_rank_rises_from_aces_to_kings(deal):
    state = CRAZY.new_game(players=3, seed=deal, deal=deal)
    wild = state.view(0).wild_cards
    assert {c.rank for c in wild} == {Rank(deal)}
    assert len(wild) == 4


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"decks": 3}, "decks"),
        ({"decks": True}, "decks"),
        ({"decks": "two"}, "decks"),
        ({"discard_restriction": "none"}, "restricts"),
        ({"discard_restriction": "sometimes"}, "discard_restriction"),
        ({"penalties": "bridge"}, "penalties"),
        ({"reply_turn": "yes"}, "reply_turn"),
        ({"reply_turn": 1}, "reply_turn"),
    ],
)
def test_bad_options_raise_option_error_naming_the_option(options, words):
    with pytest.raises(OptionError, match=words):
        rummykit.variant("crazy-rummy", **options)


# -- R12: the turn --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r12_seven_cards_each_an_eighth_to_the_first_player_and_no_upcard(players):
    state = CRAZY.new_game(players=players, seed=players)
    first = (state.dealer + 1) % players
    assert state.to_move == first
    assert [len(h) for h in state.hands] == [8 if s == first else 7 for s in range(players)]
    assert state.discards == ()
    assert len(state.stock) == 52 - 7 * players - 1
    assert sum(state.all_cards().values()) == 52


def test_r12_the_opening_turn_has_no_draw():
    seat0 = "4S 5S 6S 10S 10H 10C KC QD"
    state = game(seat0, *dead(3, seat0), deal=3)
    assert state.phase is Phase.PLAY
    assert illegal(state, "draw").rule == "turn.phase"
    assert illegal(state, "take").rule == "turn.phase"
    assert {type(m) for m in state.legal_moves()} == {LayMeld, Discard}
    # Melds, then the discard that starts the pile and passes the turn to the left.
    state = play(state, "meld run 4S-6S: 4S 5S 6S", "meld set 10: 10S 10H 10C", "discard QD")
    assert [str(c) for c in state.discards] == ["QD"]
    assert (state.to_move, state.phase) == (1, Phase.DRAW)
    assert hand(state, 0) == ["KC"]


def test_r12_a_later_turn_is_draw_then_melds_then_one_discard():
    seat1 = "4S 5S 6S 10S 10H 10C KC"
    bystanders = dead(3, seat1, "QD 9H")
    state = game(f"{bystanders[0]} QD", seat1, bystanders[1], deal=3, stock="9H")
    state = play(state, "discard QD")
    # Step 1: draw (stock or discard pile); nothing else first.
    assert legal(state) == {"draw", "take"}
    assert illegal(state, "meld run 4S-6S: 4S 5S 6S").rule == "turn.phase"
    assert illegal(state, "discard KC").rule == "turn.phase"
    state = play(state, "draw")
    assert illegal(state, "draw").rule == "turn.phase"
    # Step 2: any melds; the turn goes on until the discard.
    state = play(state, "meld run 4S-6S: 4S 5S 6S", "meld set 10: 10S 10H 10C")
    assert (state.to_move, state.phase) == (1, Phase.PLAY)
    assert {type(m) for m in state.legal_moves()} == {Discard}
    # Step 3: exactly one discard ends the turn.
    state = play(state, "discard 9H")
    assert (state.to_move, state.phase) == (2, Phase.DRAW)
    assert hand(state, 1) == ["KC"]


# -- R13: discard restrictions --------------------------------------------------------------------

#: Seat 0 opens with a run and a set, discards the QD and keeps only the KC.
OPENER = "4S 5S 6S 10S 10H 10C KC QD"
OPEN_MOVES = ("meld run 4S-6S: 4S 5S 6S", "meld set 10: 10S 10H 10C", "discard QD")


def _one_card_left(stock: str, variant: rummykit.Variant = CRAZY) -> RummyState:
    """Seat 0 holds only the KC; seats 1 and 2 have passed; seat 0 is to draw. The stock
    starts with ``stock`` (two cards for the bystanders, then seat 0's)."""
    state = game(OPENER, *dead(3, OPENER, stock), deal=3, stock=stock, variant=variant)
    state = play(state, *OPEN_MOVES)
    state = pass_turn(pass_turn(state))
    assert state.to_move == 0
    assert hand(state, 0) == ["KC"]
    return state


def test_r13_a_card_taken_from_the_discard_pile_may_not_be_discarded_that_turn():
    seat1 = "4S 5S 6S 10S 10H 10C KC"
    bystanders = dead(3, seat1, "QD")
    state = game(f"{bystanders[0]} QD", seat1, bystanders[1], deal=3)
    state = play(state, "discard QD", "take")
    error = illegal(state, "discard QD")
    assert error.rule == "discard.taken_card"
    assert "R13" in error.detail
    assert "discard KC" in legal(state)
    # A card drawn from the stock may go straight back.
    drawn = game(f"{bystanders[0]} QD", seat1, bystanders[1], deal=3, stock="9H")
    drawn = play(drawn, "discard QD", "draw")
    assert "discard 9H" in legal(drawn)


def test_r13_a_player_who_held_one_card_must_discard_it_and_keep_the_drawn_one():
    # The seed's rationale: a player with one card may not draw an Ace and hang onto it.
    state = _one_card_left("7H 2H AC")
    state = play(state, "draw")
    assert hand(state, 0) == ["AC", "KC"]
    error = illegal(state, "discard AC")
    assert error.rule == "discard.single_card"
    assert "KC" in error.detail
    assert [str(m) for m in state.legal_moves()] == ["discard KC"]
    state = play(state, "discard KC")
    assert hand(state, 0) == ["AC"]


def test_r13a_a_one_card_player_may_lay_the_held_card_off_and_go_out_with_the_drawn_one():
    # R13a: R13(b) governs the discard only. Holding one card, the 7S, that extends the run
    # on the table, seat 0 draws the AC: it may not throw the AC and keep the 7S, but it may
    # lay the 7S off and then discard the AC, going out.
    opener = "4S 5S 6S 10S 10H 10C 7S QD"
    stock = "7H 2H AC"
    state = game(opener, *dead(3, opener, stock), deal=3, stock=stock)
    state = play(state, *OPEN_MOVES)
    state = pass_turn(pass_turn(state))
    assert state.to_move == 0 and hand(state, 0) == ["7S"]
    state = play(state, "draw")
    assert illegal(state, "discard AC").rule == "discard.single_card"
    assert legal(state) == {"discard 7S", "lay 7S on #0 high"}
    state = play(state, "lay 7S on #0 high")
    assert legal(state) == {"discard AC"}
    out = play(state, "discard AC")
    assert out.deal_number == 4  # seat 0 went out: the next deal began
    assert out.scores[0] == 0 and out.scores[1] > 0 and out.scores[2] > 0


def test_r13_the_single_card_rule_holds_after_taking_from_the_discard_pile_too():
    state = _one_card_left("7H 2H AC")
    top = state.discards[-1]
    state = play(state, "take")
    assert illegal(state, Discard(top)).rule == "discard.taken_card"
    assert [str(m) for m in state.legal_moves()] == ["discard KC"]


def test_r13_option_single_card_only_lets_a_taken_card_go_back():
    single_only = rummykit.variant("crazy-rummy", discard_restriction="single_card_only")
    seat1 = "4S 5S 6S 10S 10H 10C KC"
    bystanders = dead(3, seat1, "QD")
    state = game(f"{bystanders[0]} QD", seat1, bystanders[1], deal=3, variant=single_only)
    state = play(state, "discard QD", "take")
    assert "discard QD" in legal(state)
    state = play(state, "discard QD")
    assert [str(c) for c in state.discards] == ["QD"]
    # ... while the single card must still go.
    alone = _one_card_left("7H 2H AC", variant=single_only)
    alone = play(alone, "draw")
    assert illegal(alone, "discard AC").rule == "discard.single_card"


def test_r13_option_drawn_card_never_forbids_discarding_any_card_drawn_this_turn():
    never = rummykit.variant("crazy-rummy", discard_restriction="drawn_card_never")
    seat1 = "4S 5S 6S 10S 10H 10C KC"
    bystanders = dead(3, seat1, "QD 9H")
    taken = play(
        game(f"{bystanders[0]} QD", seat1, bystanders[1], deal=3, variant=never), "discard QD"
    )
    taken = play(taken, "take")
    assert illegal(taken, "discard QD").rule == "discard.drawn_card"
    drawn = game(f"{bystanders[0]} QD", seat1, bystanders[1], deal=3, stock="9H", variant=never)
    drawn = play(drawn, "discard QD", "draw")
    error = illegal(drawn, "discard 9H")
    assert error.rule == "discard.drawn_card"
    assert "R13" in error.detail
    assert "discard KC" in legal(drawn)


def test_r13_no_meld_may_leave_only_the_taken_card_to_discard():
    seat0 = "3S 4S 5S 6S 9H 10H JH KD"
    bystanders = dead(2, seat0, "4C 8C")
    state = game(seat0, *bystanders, deal=2, stock="4C 8C")
    state = play(state, "meld run 3S-6S: 3S 4S 5S 6S", "discard KD")
    state = play(pass_turn(pass_turn(state)), "take")
    assert hand(state, 0) == ["10H", "8C", "9H", "JH"]
    error = illegal(state, "meld run 9H-JH: 9H 10H JH")
    assert error.rule == "out.needs_discard"
    assert "8C" in error.detail
    # Under single_card_only the 8C may go back, so the same meld goes out.
    single_only = rummykit.variant("crazy-rummy", discard_restriction="single_card_only")
    state = game(seat0, *bystanders, deal=2, stock="4C 8C", variant=single_only)
    state = play(state, "meld run 3S-6S: 3S 4S 5S 6S", "discard KD")
    state = play(pass_turn(pass_turn(state)), "take", "meld run 9H-JH: 9H 10H JH", "discard 8C")
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)


def test_r13_default_lets_a_stock_card_go_straight_back():
    # The default restricts the discard-pile card and the single card only.
    assert CRAZY.option("discard_restriction") == "discard_pile_and_single_card"
    state = _one_card_left("7H 2H AC")
    assert [str(c) for c in state.discards[-2:]] == ["7H", "2H"]


# -- R14: penalties -------------------------------------------------------------------------------

#: Seat 0 goes out on its opening turn: two runs and the discard of its eighth card, the KH.
GOES_OUT = "AD 2D 3D 4D 9C 10C JC KH"
GO_OUT = ("meld run AD-4D: AD 2D 3D 4D", "meld run 9C-JC: 9C 10C JC", "discard KH")
#: What seats 1 and 2 hold when seat 0 goes out: a K, a Q, a J, ...
LOSER1 = "KS 4H 8H QH 5D 9D 6C"
LOSER2 = "3S 7S JS AH 10D 2C 8C"


def _out_on_opening(variant: rummykit.Variant, deal: int) -> RummyState:
    state = game(GOES_OUT, LOSER1, LOSER2, deal=deal, variant=variant)
    state = play(state, *GO_OUT)
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)
    return state


def test_r14_standard_table_wild_25_court_10_face_value_ace_1():
    # Deal 12: Queens are wild. Seat 1: K 10 + 4 + 8 + wild QH 25 + 5 + 9 + 6 = 67.
    # Seat 2: 3 + 7 + J 10 + A 1 + 10 + 2 + 8 = 41.
    state = _out_on_opening(CRAZY, deal=12)
    assert state.scores == (0, 67, 41)
    assert state.scores == (0, penalty(LOSER1, 12), penalty(LOSER2, 12))


def test_r14_an_ace_costs_25_when_aces_are_wild():
    state = _out_on_opening(CRAZY, deal=1)
    assert state.scores[2] == 3 + 7 + 10 + 25 + 10 + 2 + 8
    assert state.scores == (0, penalty(LOSER1, 1), penalty(LOSER2, 1))


@pytest.mark.parametrize(
    ("table", "scores"),
    [
        ("standard", (0, 67, 41)),
        # The wild QH at its natural value, 10.
        ("natural_wild", (0, 52, 41)),
        # K 13, Q 12, J 11 (the wild Queen still 25).
        ("royal", (0, 70, 42)),
        # Beanie (S5): Ace to 9 cost 5, 10 to K cost 10, wild 25.
        ("beanie", (0, 60, 45)),
    ],
)
def test_r14_penalty_table_options(table, scores):
    variant = rummykit.variant("crazy-rummy", penalties=table)
    assert _out_on_opening(variant, deal=12).scores == scores


def test_r14_beanie_table_follows_s5_nine_costs_5_ten_costs_10():
    beanie = PenaltyTable.crazy_rummy("beanie")
    values = [beanie.value(c) for c in parse_cards("AS 8S 9S 10S KS")]
    assert values == [5, 5, 5, 10, 10]


# -- R15: the garbled examples --------------------------------------------------------------------


def test_r15_deal7_ten_ten_seven_is_a_set_and_ace_two_seven_a_run():
    seat0 = "10H 10D 7C AS 2S KD 5H 9C"
    state = game(seat0, *dead(7, seat0), deal=7)
    moves = legal(state)
    assert "meld set 10: 10H 10D 7C" in moves
    assert "meld run AS-3S: AS 2S 7C" in moves
    tens = play(state, "meld set 10: 10H 10D 7C")
    assert stands(tens, 0) == ["10H", "10D", "10"]
    run = play(state, "meld run AS-3S: AS 2S 7C")
    assert stands(run, 0) == ["AS", "2S", "3S"]


@pytest.mark.parametrize("king", ["KD", "KC"])
def test_r15_deal2_the_two_in_k_k_2_is_claimed_by_either_missing_king(king):
    seat0 = "KS KH 2C 5S 9S 3H JD 7C"
    seat1 = f"AD 3D 4D 5D {king} 8H QS"
    seat2 = dead(2, seat0, seat1, "QC")[0]
    state = game(seat0, seat1, seat2, deal=2, stock="QC")
    state = play(state, "meld set K: KS KH 2C", "discard 7C", "draw", "meld run 3D-5D: 3D 4D 5D")
    assert stands(state, 0) == ["KS", "KH", "K"]
    swap = Swap(Card.parse(king), 0, 2)
    assert swap in state.legal_moves().of_type(Swap)
    state = play(state, swap)
    assert sorted(map(str, state.table[0].meld.cards)) == sorted(["KS", "KH", king])
    assert "2C" in hand(state, 1)


def test_r15_seed001_j_3_3_in_deal_3_reads_three_ways_and_the_meld_move_declares_which():
    # Seed: J-3-3 "could be a set of three Jacks, or J-Q-K of diamonds, or J of diamonds if
    # seen from the other side". The meld move carries its anchor, which is the declaration.
    seat0 = "JD 3S 3C JH 10D 8D QD KS"
    state = game(seat0, *dead(3, seat0), deal=3)
    readings = {
        "meld set J: JD 3S 3C": {"lay JH on #0"},
        "meld run JD-KD: JD 3S 3C": {"lay 10D on #0 low"},
        "meld run 9D-JD: 3S 3C JD": {"lay 8D on #0 low", "lay QD on #0 high"},
    }
    for meld, lay_offs in readings.items():
        assert meld in legal(state)
        after = play(state, meld)
        assert {str(m) for m in after.legal_moves().of_type(LayOff)} == lay_offs, meld
    assert stands(play(state, "meld run JD-KD: JD 3S 3C"), 0) == ["JD", "QD", "KD"]
    assert stands(play(state, "meld run 9D-JD: 3S 3C JD"), 0) == ["9D", "10D", "JD"]
    assert stands(play(state, "meld set J: JD 3S 3C"), 0) == ["JD", "J", "J"]


# -- R16: what a wild may stand for ---------------------------------------------------------------


def test_r16_a_run_wild_may_stand_for_a_card_that_lies_in_another_meld():
    # Deal 2: the 2C stands for the 8H while the real 8H sits in the set of Eights.
    seat0 = "8H 8D 8C 7H 2C 9H KS QD"
    state = game(seat0, *dead(2, seat0), deal=2)
    state = play(state, "meld set 8: 8H 8D 8C", "meld run 7H-9H: 7H 2C 9H")
    assert stands(state, 1) == ["7H", "8H", "9H"]
    assert Card.parse("8H") in state.table[0].meld.cards


def test_r16_within_one_meld_the_represented_cards_respect_the_pack():
    # One pack has four Kings: a set of Kings holds at most four cards, wilds included.
    seat0 = "KS KH KD 2C 2H 9S 4C QD"
    state = game(seat0, *dead(2, seat0), deal=2)
    assert "meld set K: KS KH KD 2C" in legal(state)
    assert illegal(state, "meld set K: KS KH KD 2C 2H").rule == "meld.set.copy_limit"
    state = play(state, "meld set K: KS KH KD 2C")
    assert illegal(state, "lay 2H on #0").rule == "meld.set.copy_limit"


# -- R17: melds of wild cards only ----------------------------------------------------------------


def test_r17_a_meld_of_wilds_only_is_laid_as_declared_and_extends_as_declared():
    seat0 = "5S 5H 5D KS 9C 2H 7D JC"
    state = game(seat0, *dead(5, seat0), deal=5)
    moves = legal(state)
    assert {"meld set K: 5S 5H 5D", "meld set 9: 5S 5H 5D", "meld run 8H-10H: 5S 5H 5D"} <= moves
    kings = play(state, "meld set K: 5S 5H 5D")
    assert stands(kings, 0) == ["K", "K", "K"]
    assert {str(m) for m in kings.legal_moves().of_type(LayOff)} == {"lay KS on #0"}
    run = play(state, "meld run 8H-10H: 5S 5H 5D")
    assert stands(run, 0) == ["8H", "9H", "10H"]
    assert not run.legal_moves().of_type(LayOff)


# -- R18: a card of the wild rank in its own place ------------------------------------------------


def test_r18_a_wild_standing_for_itself_is_never_reclaimed():
    # Deal 7, five players and two packs: 5H-6H-7H, the 7H wild as itself. Seat 1 holds the
    # other 7H, which is just as wild: exchanging gains nothing and is not offered.
    two = rummykit.variant("crazy-rummy", decks=2)
    seat0 = "5H 6H 7H 9S 9D 9C KC 2D"
    seat1 = "7H 3S 3D 3C JH QS 10D"
    rest = ["AS 4D 8C JS 6D KH 10C", "2S 6S 10S AH 4C 8D QD", "AC 5C 9H KD 3H 8S JD"]
    state = game(seat0, seat1, *rest, deal=7, variant=two, stock="2C")
    state = play(state, "meld run 5H-7H: 5H 6H 7H", "discard 2D", "draw", "meld set 3: 3S 3D 3C")
    assert stands(state, 0) == ["5H", "6H", "7H"]
    assert not [m for m in state.legal_moves().of_type(Swap) if m.target == 0]
    assert illegal(state, "swap 7H into #0 at 2").rule == "swap.wild_for_wild"


# -- R19: going out on the opening turn -----------------------------------------------------------


def test_r19_the_first_player_may_go_out_on_the_opening_turn():
    state = game(GOES_OUT, LOSER1, LOSER2, deal=12)
    state = play(state, "meld run AD-4D: AD 2D 3D 4D", "meld run 9C-JC: 9C 10C JC")
    assert [str(m) for m in state.legal_moves()] == ["discard KH"]
    state = play(state, "discard KH")
    assert deal_summary(state) == (DealEnd.OUT, 0, (0, 67, 41))
    assert state.deal_number == 13
    assert state.scores == (0, 67, 41)


def test_r19_option_reply_turn_gives_every_other_player_one_turn():
    replies = rummykit.variant("crazy-rummy", reply_turn=True)
    state = game(GOES_OUT, LOSER1, LOSER2, deal=12, variant=replies, stock="7D 6H")
    state = play(state, *GO_OUT)
    assert state.deal_number == 12
    assert (state.to_move, state.phase) == (1, Phase.DRAW)
    state = play(state, "draw", "discard 4H")
    assert state.to_move == 2
    state = play(state, "draw", "discard 6H")
    # After the last reply the deal is scored with the hands as they are now.
    assert state.deal_number == 13
    assert deal_summary(state) == (
        DealEnd.OUT,
        0,
        (0, penalty("KS 7D 8H QH 5D 9D 6C", 12), penalty(LOSER2, 12)),
    )


def test_r19_reply_turn_a_replying_player_may_go_out_too():
    replies = rummykit.variant("crazy-rummy", reply_turn=True)
    seat1 = "5S 6S 7S 8S JH JD 4C"
    seat2 = dead(12, GOES_OUT, seat1, "JS")[0]
    state = game(GOES_OUT, seat1, seat2, deal=12, variant=replies, stock="JS")
    state = play(state, *GO_OUT)
    state = play(
        state, "draw", "meld run 5S-8S: 5S 6S 7S 8S", "meld set J: JS JH JD", "discard 4C"
    )
    assert state.hands[1] == ()
    assert (state.deal_number, state.to_move) == (12, 2)
    state = pass_turn(state)
    assert deal_summary(state) == (DealEnd.OUT, 0, (0, 0, penalty(seat2, 12)))


# -- R20: reclaiming wilds ------------------------------------------------------------------------

#: Deal 2 (Twos wild). Seat 0 opens with the run 7H-2C-9H, the 2C standing for the 8H, and
#: discards its eighth card; seat 1 holds the 8H, the 5H and three Queens.
RUN_729 = "7H 2C 9H KS KH 3D 4C JC"
HOLDS_8_5 = "8H 5H QS QH QD 10C 6S"


def _run_729(stock: str = "4D") -> RummyState:
    state = game(RUN_729, HOLDS_8_5, dead(2, RUN_729, HOLDS_8_5, stock)[0], deal=2, stock=stock)
    return play(state, "meld run 7H-9H: 7H 2C 9H", "discard JC")


def test_r20_only_a_player_who_has_laid_a_meld_may_reclaim():
    state = play(_run_729(), "draw")
    error = illegal(state, "swap 8H into #0 at 1")
    assert error.rule == "swap.not_opened"
    assert "R20" in error.detail
    state = play(state, "meld set Q: QS QH QD")
    assert [str(m) for m in state.legal_moves().of_type(Swap)] == ["swap 8H into #0 at 1"]


def test_r20_reclaiming_happens_in_step_2_after_drawing():
    state = play(_run_729("4D 5D 6D"), "draw", "meld set Q: QS QH QD", "discard 10C")
    state = pass_turn(pass_turn(state))
    assert (state.to_move, state.phase) == (1, Phase.DRAW)
    assert illegal(state, "swap 8H into #0 at 1").rule == "turn.phase"
    state = play(state, "draw")
    assert "swap 8H into #0 at 1" in legal(state)


def test_r20_the_reclaimed_wild_goes_to_the_hand_and_may_be_kept():
    state = play(_run_729(), "draw", "meld set Q: QS QH QD", "swap 8H into #0 at 1")
    assert [str(c) for c in state.table[0].meld.cards] == ["7H", "8H", "9H"]
    assert hand(state, 1) == sorted(["2C", "4D", "5H", "6S", "10C"])
    # It may be laid again at once (here on either meld) ...
    assert {"lay 2C on #0 low", "lay 2C on #0 high", "lay 2C on #1"} <= legal(state)
    # ... or kept: the turn ends with the discard of another card.
    state = play(state, "discard 6S")
    assert "2C" in hand(state, 1)
    assert state.to_move == 2


def test_r20_a_player_may_reclaim_from_their_own_meld():
    seat1, seat2 = dead(2, RUN_729, "8H 5D 6D")
    state = game(RUN_729, seat1, seat2, deal=2, stock="5D 6D 8H")
    state = play(state, "meld run 7H-9H: 7H 2C 9H", "discard JC")
    state = pass_turn(pass_turn(state))
    state = play(state, "draw", "swap 8H into #0 at 1")
    assert "2C" in hand(state, 0)
    assert state.table[0].owner == 0
    assert stands(state, 0) == ["7H", "8H", "9H"]


def test_r20_two_packs_a_set_wild_is_claimed_by_any_king_even_a_second_copy():
    # With two packs a set wild stands for any King that keeps at most two copies of each
    # exact card: the second KS qualifies as well as the missing KD.
    two = rummykit.variant("crazy-rummy", decks="auto")
    assert two.deck(5).size == 104
    seat0 = "KS KH 2C 5S 9S 3H JD 7C"
    seat1 = "KS KD 3D 4D 5D 8H QS"
    rest = ["AS 4C 8C JS 6D 10H QH", "6S 10S AH 4H 8D QD 7D", "AC 5C 9H 9D 3C 10C JC"]
    state = game(seat0, seat1, *rest, deal=2, variant=two, stock="6H")
    state = play(state, "meld set K: KS KH 2C", "discard 7C", "draw", "meld run 3D-5D: 3D 4D 5D")
    swaps = {str(m) for m in state.legal_moves().of_type(Swap)}
    assert swaps == {"swap KS into #0 at 2", "swap KD into #0 at 2"}
    state = play(state, "swap KS into #0 at 2")
    assert sorted(map(str, state.table[0].meld.cards)) == ["KH", "KS", "KS"]


# -- R21: the stock runs out ----------------------------------------------------------------------


def _six_players(seat3: str, stock: str, deal: int = 12) -> RummyState:
    """Six players (nine cards left in the stock); seat 0 has discarded its eighth card."""
    others = spare(seat3, stock, "QC", seats=5)
    hands = [f"{others[0]} QC", others[1], others[2], seat3, others[3], others[4]]
    state = game(*hands, deal=deal, stock=stock)
    assert len(state.stock) == 9
    return play(state, "discard QC")


def test_r21_the_deal_ends_when_the_drawer_of_the_last_card_discards_without_going_out():
    seat3 = dead(12, "QC")[0]
    state = _six_players(seat3, "")
    for _ in range(8):
        state = pass_turn(state)
    assert (len(state.stock), state.to_move) == (1, 3)
    last = state.stock[-1]
    state = play(state, "draw")
    assert state.stock == ()
    assert (state.phase, state.deal_number) == (Phase.PLAY, 12)
    # Seat 3 discards a card of its own and keeps the last card of the stock.
    thrown = state.hands[3][0] if state.hands[3][0] != last else state.hands[3][1]
    hands = [" ".join(map(str, h)) for h in state.hands]
    state = play(state, Discard(thrown))
    assert state.deal_number == 13
    reason, out, delta = deal_summary(state)
    assert (reason, out) == (DealEnd.STOCK, None)
    # Everyone scores what they hold, the player who drew last included.
    expected = [penalty(h, 12) for h in hands]
    expected[3] -= penalty(str(thrown), 12)
    assert list(delta) == expected
    assert all(points > 0 for points in delta)


def test_r21_the_drawer_of_the_last_card_may_go_out_instead_and_scores_nothing():
    seat3 = "4S 5S 6S 9D 10D JD KC"
    state = _six_players(seat3, "3C 8D 2H 5C 9S AC 4H 8H 7S")
    state = pass_turn(pass_turn(state))
    state = play(
        state, "draw", "meld run 4S-6S: 4S 5S 6S", "meld run 9D-JD: 9D 10D JD", "discard KC"
    )
    for _ in range(5):
        state = pass_turn(state)
    state = play(state, "draw")
    assert state.stock == ()
    assert hand(state, 3) == ["2H", "7S"]
    state = play(state, "lay 7S on #0 high", "discard 2H")
    reason, out, delta = deal_summary(state)
    assert (reason, out) == (DealEnd.OUT, 3)
    assert delta[3] == 0
    assert all(delta[seat] > 0 for seat in (0, 1, 2, 4, 5))


def test_r21_no_reshuffle_ever():
    seat3 = dead(12, "QC")[0]
    state = _six_players(seat3, "")
    for _ in range(9):
        state = pass_turn(state)
    # The deal ended: the new deal has a fresh stock and an empty discard pile.
    assert state.deal_number == 13
    assert state.discards == ()
    assert len(state.stock) == 52 - 6 * 7 - 1


# -- R22: one pack or two -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("decks", "sizes"),
    [(1, [52, 52, 52, 52]), (2, [104, 104, 104, 104]), ("auto", [52, 52, 104, 104])],
)
def test_r22_decks_one_two_or_auto(decks, sizes):
    variant = rummykit.variant("crazy-rummy", decks=decks)
    assert [variant.deck(p).size for p in (3, 4, 5, 6)] == sizes
    assert CRAZY.option("decks") == 1
    state = variant.new_game(players=5, seed=3)
    assert sum(state.all_cards().values()) == sizes[2]


def test_r22_seed001_two_packs_q_q_q_is_a_set_and_a_set_holds_up_to_eight():
    two = rummykit.variant("crazy-rummy", decks=2)
    seat0 = "QS QS QH QH QD QD 9C KC"
    seat1 = "QC QC 2H 3D 4D 5D 8H"
    rest = ["AS 4C 8C JS 6D 10H JH", "6S 10S AH 4H 8D KD 7D"]
    state = game(seat0, seat1, *rest, deal=2, variant=two, stock="6H")
    # The seed's example: Q-Q-Q with two Queens of spades is a set.
    assert "meld set Q: QS QS QH" in legal(state)
    state = play(state, "meld set Q: QS QS QH QH QD QD", "discard KC", "draw")
    state = play(state, "meld run 3D-5D: 3D 4D 5D", "lay QC on #0", "lay QC on #0")
    assert len(state.table[0].meld) == 8
    # Eight Queens in two packs: no wild can stand for a ninth.
    assert illegal(state, "lay 2H on #0").rule == "meld.set.copy_limit"


# -- R23: the end of the game ---------------------------------------------------------------------


def test_r23_after_deal_13_the_lowest_total_wins_and_ties_share():
    # Deal 13 (Kings wild). Seat 1's hand costs 1 + 1 + 1 + 2 + 2 + 2 + 3 = 12.
    seat1 = "AS AH AC 2S 2H 2C 3S"
    seat2 = dead(13, GOES_OUT, seat1)[0]
    state = game(GOES_OUT, seat1, seat2, deal=13, scores=[40, 28, 30])
    state = play(state, *GO_OUT)
    assert state.is_over
    assert state.scores == (40, 40, 30 + penalty(seat2, 13))
    assert state.winners == (0, 1)
    assert state.legal_moves().count() == 0


def test_r23_the_game_is_thirteen_deals():
    state = game(GOES_OUT, LOSER1, LOSER2, deal=12)
    state = play(state, *GO_OUT)
    assert (state.deal_number, state.is_over) == (13, False)
    assert state.dealer == 0  # the deal passed to the left (seat 2 dealt deal 12)


# -- R25: declarations bind -----------------------------------------------------------------------


def test_r25_positions_bind_after_a_reclaimed_wild_is_re_laid_at_the_end_of_the_run():
    # After 5-2-7-8-9 (below) the 2C stands for the 6H for the rest of the deal: only the 6H
    # reclaims it, and the run grows only at its ends.
    state = play(_run_729("4D 3C 6H"), "draw", "meld set Q: QS QH QD", "swap 8H into #0 at 1")
    state = play(state, "lay 2C on #0 low", "lay 5H on #0 low", "discard 6S")
    assert stands(state, 0) == ["5H", "6H", "7H", "8H", "9H"]
    state = pass_turn(state)
    state = play(state, "draw")
    assert "6H" in hand(state, 0)
    assert [str(m) for m in state.legal_moves().of_type(Swap)] == ["swap 6H into #0 at 1"]
    assert illegal(state, "swap 6H into #0 at 2").rule == "swap.not_wild"
    state = play(state, "swap 6H into #0 at 1")
    assert [str(c) for c in state.table[0].meld.cards] == ["5H", "6H", "7H", "8H", "9H"]
    assert "2C" in hand(state, 0)
    assert {str(m) for m in state.legal_moves().of_type(LayOff) if m.target == 0} == {
        "lay 2C on #0 low",
        "lay 2C on #0 high",
    }


def test_r25_a_set_declared_as_jacks_stays_a_set():
    seat0 = "JD 3S 3C JH 10D 8D QD KS"
    state = game(seat0, *dead(3, seat0), deal=3)
    state = play(state, "meld set J: JD 3S 3C")
    assert illegal(state, "lay 10D on #0 low").rule == "layoff.shape"
    assert illegal(state, "lay QD on #0").rule == "meld.set.mixed_ranks"
    state = play(state, "lay JH on #0")
    assert stands(state, 0) == ["JH", "JD", "J", "J"]


# -- seed 001: the worked examples ----------------------------------------------------------------


def test_seed001_5_6_9_in_deal_9_the_nine_is_the_seven_and_takes_the_8_not_the_3():
    seat0 = "5H 6H 9C 8H 3H KS QD JC"
    state = game(seat0, *dead(9, seat0), deal=9)
    state = play(state, "meld run 5H-7H: 5H 6H 9C")
    assert stands(state, 0) == ["5H", "6H", "7H"]
    assert "lay 8H on #0 high" in legal(state)
    assert illegal(state, "lay 3H on #0 low").rule == "meld.run.not_consecutive"


def test_seed001_9_5_6_in_deal_9_the_nine_is_the_four_and_takes_the_3_not_the_8():
    seat0 = "5H 6H 9C 8H 3H KS QD JC"
    state = game(seat0, *dead(9, seat0), deal=9)
    assert {"meld run 5H-7H: 5H 6H 9C", "meld run 4H-6H: 9C 5H 6H"} <= legal(state)
    state = play(state, "meld run 4H-6H: 9C 5H 6H")
    assert stands(state, 0) == ["4H", "5H", "6H"]
    assert "lay 3H on #0 low" in legal(state)
    assert illegal(state, "lay 8H on #0 high").rule == "meld.run.not_consecutive"


def test_seed001_q_q_9_needs_no_suit_and_either_missing_queen_reclaims_the_nine():
    seat0 = "QS QH 9C 4S 7S 2H 5D KC"
    seat1 = "QD QC 3D 4D 5C 6C 7C"
    seat2 = dead(9, seat0, seat1, "JH")[0]
    state = game(seat0, seat1, seat2, deal=9, stock="JH")
    assert "meld set Q: QS QH 9C" in legal(state)
    state = play(state, "meld set Q: QS QH 9C", "discard KC", "draw", "meld run 5C-7C: 5C 6C 7C")
    assert stands(state, 0) == ["QS", "QH", "Q"]
    swaps = {str(m) for m in state.legal_moves().of_type(Swap)}
    assert swaps == {"swap QD into #0 at 2", "swap QC into #0 at 2"}


def test_seed001_k_k_j_j_is_four_kings_and_takes_no_fifth():
    seat0 = "KS KH JD JC JH 4S 7D 9C"
    state = game(seat0, *dead(11, seat0), deal=11)
    state = play(state, "meld set K: KS KH JD JC")
    assert stands(state, 0) == ["KS", "KH", "K", "K"]
    error = illegal(state, "lay JH on #0")
    assert error.rule == "meld.set.copy_limit"
    fresh = game(seat0, *dead(11, seat0), deal=11)
    assert illegal(fresh, "meld set K: KS KH JD JC JH").rule == "meld.set.copy_limit"


def test_seed001_the_7_2_9_swap_makes_5_2_7_8_9():
    # Deal 2: a run 7-2-9 on the table, the 2 standing for the 8. A player who has laid a
    # meld of their own and holds the 8 and the 5 gives the 8 for the 2, lays the 2 as the
    # 6 and adds the 5.
    state = play(_run_729(), "draw", "meld set Q: QS QH QD")
    assert stands(state, 0) == ["7H", "8H", "9H"]
    state = play(state, "swap 8H into #0 at 1")
    assert "2C" in hand(state, 1)
    assert "lay 5H on #0 low" not in legal(state)
    state = play(state, "lay 2C on #0 low")
    assert stands(state, 0) == ["6H", "7H", "8H", "9H"]
    state = play(state, "lay 5H on #0 low")
    assert [str(c) for c in state.table[0].meld.cards] == ["5H", "2C", "7H", "8H", "9H"]
    assert stands(state, 0) == ["5H", "6H", "7H", "8H", "9H"]
    assert state.table[0].owner == 0


def test_seed001_with_two_cards_a_drawn_third_that_completes_a_meld_cannot_be_laid():
    seat0 = "3S 4S 5S 6S 7S 9H 10H KD"
    state = game(seat0, *dead(2, seat0, "JH"), deal=2, stock="4C 8D JH")
    state = play(state, "meld run 3S-7S: 3S 4S 5S 6S 7S", "discard KD")
    assert hand(state, 0) == ["10H", "9H"]
    state = play(pass_turn(pass_turn(state)), "draw")
    error = illegal(state, "meld run 9H-JH: 9H 10H JH")
    assert error.rule == "out.needs_discard"
    assert not state.legal_moves().of_type(LayMeld)
    assert {str(m) for m in state.legal_moves()} == {"discard 9H", "discard 10H", "discard JH"}


def test_seed001_a_final_discard_is_always_required():
    seat0 = "3S 4S 5S 6S 10S 10H 10C QD"
    state = game(seat0, *dead(2, seat0, "7S"), deal=2, stock="4C 8D 7S")
    state = play(state, "meld run 4S-6S: 4S 5S 6S", "meld set 10: 10S 10H 10C", "discard QD")
    state = play(pass_turn(pass_turn(state)), "draw")
    assert hand(state, 0) == ["3S", "7S"]
    assert {"lay 3S on #0 low", "lay 7S on #0 high"} <= legal(state)
    # Either lay-off leaves a card to discard; both would not.
    state = play(state, "lay 7S on #0 high")
    error = illegal(state, "lay 3S on #0 low")
    assert error.rule == "out.needs_discard"
    state = play(state, "discard 3S")
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)


def test_seed001_the_first_meld_comes_before_any_lay_off():
    seat0 = "3S 4S 5S 9H 9D 9C KD QD"
    seat1 = "6S JH JD JC 2D 7C 10S"
    state = game(seat0, seat1, dead(8, seat0, seat1, "AH")[0], deal=8, stock="AH")
    state = play(state, "meld run 3S-5S: 3S 4S 5S", "discard QD", "draw")
    error = illegal(state, "lay 6S on #0 high")
    assert error.rule == "layoff.not_opened"
    state = play(state, "meld set J: JH JD JC", "lay 6S on #0 high")
    assert stands(state, 0) == ["3S", "4S", "5S", "6S"]
    assert state.table[0].owner == 0


def test_seed001_aces_are_low_only():
    seat0 = "QS KS AS 2S 3S 7D 9D JH"
    state = game(seat0, *dead(6, seat0), deal=6)
    moves = legal(state)
    assert "meld run AS-3S: AS 2S 3S" in moves
    assert not [m for m in moves if "KS" in m and "AS" in m]
    assert illegal(state, "meld run QS-AS: QS KS AS").rule == "meld.run.ace_position"


def test_laying_down_is_never_compulsory():
    state = game(OPENER, *dead(3, OPENER), deal=3)
    state = play(state, "discard QD")
    assert hand(state, 0) == sorted(str(c) for c in parse_cards(OPENER)[:7])


# -- safeguards -----------------------------------------------------------------------------------


def test_r36a_a_deal_stopped_after_1000_turns_is_a_safeguard_ending_scored_as_stock():
    # Players who keep taking the top discard never empty the stock; the deal still ends.
    state = CRAZY.new_game(players=3, seed=5)
    state = play(state, state.legal_moves().of_type(Discard)[0])
    turns = 1
    while state.deal_number == 1:
        state = play(state, TakeDiscard())
        state = play(state, state.legal_moves().of_type(Discard)[0])
        turns += 1
    assert turns == 1000
    reason, out, delta = deal_summary(state)
    assert (reason, out) == (DealEnd.SAFEGUARD, None)
    assert all(points > 0 for points in delta)


# -- the conformance kit --------------------------------------------------------------------------


@pytest.mark.slow
def test_conformance_every_player_count():
    report = check_variant(CRAZY, games=1, seed=11, every=5)
    assert report.games == 4
    assert report.failures == ()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"decks": "auto"}, [5]),
        ({"decks": 2, "discard_restriction": "drawn_card_never"}, [3]),
        ({"discard_restriction": "single_card_only", "penalties": "beanie"}, [4]),
        ({"reply_turn": True, "penalties": "royal"}, [6]),
    ],
)
def test_conformance_with_options(options, players):
    variant = rummykit.variant("crazy-rummy", **options)
    report = check_variant(variant, players=players, games=1, seed=3, every=7)
    assert report.failures == ()


# -- golden move counts ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("crazy-rummy_*.json")), ids=lambda p: p.name)
def test_golden_move_counts(path):
    """Legal-move counts along the fixed lines of tests/golden/regenerate_crazy_contract_crummy.py
    (rerun it to regenerate, then review the diff)."""
    diff = golden_diff(json.loads(path.read_text()))
    assert not diff, f"{path.name}: {len(diff)} step(s) differ\n" + "\n".join(diff)


def test_golden_files_cover_several_player_counts():
    files = [json.loads(p.read_text()) for p in GOLDEN.glob("crazy-rummy_*.json")]
    assert {3, 4, 6} <= {data["players"] for data in files}
    assert all(data["variant"] == "crazy-rummy" and len(data["steps"]) > 100 for data in files)
