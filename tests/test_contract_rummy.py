"""The seven-round contract game (RULES.md 3.3, R26, R32, R36, R63; tail of seed 001): every
clause from a hand drawn up here.

Each test stacks a round with :func:`rummykit.testing.stacking.stacked_game`, plays moves
through the public API and checks the outcome: the contract laid meld by meld, hands, the
table, the stock and the discard pile, the scores, and the ``rule`` of an
:class:`IllegalMoveError`.

Conventions of this file: ``game(*hands, deal=r)`` deals ``hands[seat]`` (13 cards by
default) in round ``r``; seat 0 starts (it sits on the dealer's left); ``upcard`` is turned
face up and ``stock`` lists the cards drawn first. Seats that only draw and discard get the
cards :func:`spare` leaves over.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from helpers import deal_summary, golden_diff, illegal, legal, play

import rummykit
from rummykit import (
    JOKER,
    Card,
    Discard,
    Draw,
    LayMeld,
    OptionError,
    Rank,
    Suit,
    Swap,
    TakeDiscard,
    parse_cards,
)
from rummykit.engine.rummy import DealEnd, Phase, RummyState
from rummykit.testing.conformance import check_variant
from rummykit.testing.stacking import stacked_game

CONTRACT = rummykit.variant("contract-rummy")
GOLDEN = Path(__file__).parent / "golden"

#: Every natural card in an order that spreads ranks and suits, for :func:`spare`.
_SPREAD = sorted(
    (Card.of(rank, suit) for rank in Rank for suit in Suit),
    key=lambda c: ((int(c.rank) * 5) % 13, int(c.suit)),
)


def spare(
    *taken: str, seats: int, size: int = 13, players: int = 3, upcard: str = "KD"
) -> list[str]:
    """``seats`` hands of ``size`` natural cards that ``taken`` and the upcard leave in the deck
    for ``players`` players (two packs: each card twice), for seats that only draw and
    discard."""
    left = Counter(CONTRACT.deck(players).cards())
    left.subtract(parse_cards(" ".join((*taken, upcard))))
    pool = [card for _ in range(2) for card in _SPREAD if left[card] > _]
    # Keep the first copy of every card before any second copy, so hands stay varied.
    assert len(pool) >= seats * size
    return [" ".join(map(str, pool[i * size : (i + 1) * size])) for i in range(seats)]


def game(
    *hands: str,
    deal: int = 1,
    upcard: str = "KD",
    stock: str = "",
    variant: rummykit.Variant = CONTRACT,
    scores: list[int] | None = None,
) -> RummyState:
    """A stacked round: ``hands[seat]`` to each seat, seat 0 on the dealer's left starts."""
    state = stacked_game(
        variant,
        hands=list(hands),
        dealer=len(hands) - 1,
        upcard=upcard,
        stock=stock,
        deal=deal,
        scores=scores,
    )
    assert isinstance(state, RummyState)
    return state


def pass_turn(state: RummyState) -> RummyState:
    """The player to move draws the top stock card (after any reshuffle) and discards it."""
    state = play(state, Draw())
    return play(state, Discard(state.drawn))


def melds(state: RummyState) -> set[str]:
    return {str(m) for m in state.legal_moves().of_type(LayMeld)}


def hand(state: RummyState, seat: int) -> list[str]:
    return sorted(str(c) for c in state.hands[seat])


def penalty(cards: str) -> int:
    """The penalties of R26 (S10), written out independently of the engine."""
    total = 0
    for card in parse_cards(cards):
        if card == JOKER or card.rank is Rank.ACE:
            total += 15
        elif card.rank >= Rank.JACK:
            total += 10
        else:
            total += int(card.rank)
    return total


# -- R26: the game the seed leaves unsaid ---------------------------------------------------------


def test_r24_the_tail_of_seed_001_is_a_game_of_its_own():
    assert {"crazy-rummy", "contract-rummy"} <= set(rummykit.variants())
    crazy = rummykit.variant("crazy-rummy")
    assert crazy.rules.schedule is None
    assert CONTRACT.rules.schedule is not None
    assert len(CONTRACT.rules.schedule) == 7
    state = CONTRACT.new_game(players=3, seed=1)
    assert len(state.discards) == 1  # the upcard, which Crazy Rummy does not have
    assert crazy.new_game(players=3, seed=1).discards == ()


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_r26_two_packs_and_one_joker_fewer_than_the_players(players):
    deck = Counter(CONTRACT.deck(players).cards())
    assert sum(deck.values()) == 104 + players - 1
    assert deck[JOKER] == players - 1
    assert all(deck[card] == 2 for card in _SPREAD)
    state = CONTRACT.new_game(players=players, seed=players)
    assert [len(h) for h in state.hands] == [13] * players
    assert len(state.discards) == 1
    assert state.to_move == (state.dealer + 1) % players


def test_r26_three_to_eight_players():
    assert (CONTRACT.min_players, CONTRACT.max_players) == (3, 8)
    for players in (2, 9):
        with pytest.raises(OptionError, match="3-8 players"):
            CONTRACT.new_game(players=players, seed=1)


@pytest.mark.parametrize("deal", range(1, 8))
def test_r26_thirteen_cards_in_every_round_by_default(deal):
    state = CONTRACT.new_game(players=4, seed=deal, deal=deal)
    assert [len(h) for h in state.hands] == [13] * 4


@pytest.mark.parametrize(("deal", "cards"), [(1, 10), (2, 10), (3, 10), (4, 12), (7, 12)])
def test_r26_option_deal_sizes_10_then_12(deal, cards):
    variant = rummykit.variant("contract-rummy", deal_sizes="10/12")
    state = variant.new_game(players=3, seed=deal, deal=deal)
    assert [len(h) for h in state.hands] == [cards] * 3


def test_r26_the_seven_contracts_in_the_seed_order():
    contracts = [str(spec.contract) for _, spec in CONTRACT.rules.schedule.rounds()]
    assert contracts == [
        "2 sets",
        "1 run + 1 set",
        "2 runs",
        "3 sets",
        "1 run + 2 sets",
        "2 runs + 1 set",
        "3 runs",
    ]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"deal_sizes": 13}, "deal_sizes"),
        ({"deal_sizes": "11"}, "deal_sizes"),
        ({"distinct_contract_melds": "ranks"}, "distinct_contract_melds"),
        ({"keep_top_discard": "no"}, "keep_top_discard"),
    ],
)
def test_bad_options_raise_option_error_naming_the_option(options, words):
    with pytest.raises(OptionError, match=words):
        rummykit.variant("contract-rummy", **options)


def test_r26_the_first_player_may_take_the_upcard_or_draw():
    seat0 = "5S 5H 5D 9S 9H 9C KS QH 2C 3D 7C JD AH"
    state = game(seat0, *spare(seat0, seats=2, upcard="7D"), upcard="7D")
    assert legal(state) == {"draw", "take"}
    taken = play(state, "take")
    assert "7D" in hand(taken, 0)
    assert taken.discards == ()


def test_r26_a_joker_turned_up_stays_face_up_and_may_be_taken():
    # Only Crummy Rummy sends a wild upcard back into the stock; the sources of this game say
    # nothing of it.
    seat0 = "5S 5H 5D 9S 9H 9C KS QH 2C 3D 7C JD AH"
    state = game(seat0, *spare(seat0, seats=2, upcard="JK"), upcard="JK")
    assert [str(c) for c in state.discards] == ["JK"]
    state = play(state, "take")
    assert "JK" in hand(state, 0)


def test_r26_sets_of_three_runs_of_four_aces_low_or_high_never_both():
    seat0 = "AS 2S 3S 4S JH QH KH AH KD AD 2D 3D 5C"
    state = game(
        seat0, *spare(seat0, "6C", seats=2, upcard="10C"), deal=3, upcard="10C", stock="6C"
    )
    state = play(state, "draw")
    found = melds(state)
    assert "meld run AS-4S: AS 2S 3S 4S" in found
    assert "meld run JH-AH: JH QH KH AH" in found
    # Runs of three are not runs here.
    assert illegal(state, "meld run AD-3D: AD 2D 3D").rule == "meld.run.too_short"
    # K-A-2-3 would wrap round the Ace: no reading of these cards is a run.
    assert not [m for m in found if "KD" in m]
    assert state.context.readings(parse_cards("KD AD 2D 3D")) == ()


def test_r26_jokers_are_wild_with_no_limit_on_how_many():
    # The seed states no wild limit for this game: two jokers may join one natural card.
    seat0 = "5S JK JK 9S 9H 9C KS QH 2C 3D 7C JD AH"
    state = game(seat0, *spare(seat0, "4D", seats=2), stock="4D")
    state = play(state, "draw")
    assert "meld set 5: 5S JK JK" in melds(state)
    state = play(state, "meld set 5: 5S JK JK", "meld set 9: 9S 9H 9C")
    assert state.opened[0]


def test_r26_penalties_ace_and_joker_15_court_cards_10_others_pip():
    seat0 = "5S 5S 5H 5H 5D 5D 5C 9S 9S 9H 9H 9D 9D"
    seat1 = "AS AH JK KS QS JS 10S 2H 3H 4H 6C 7C 8C"
    seat2 = spare(seat0, seat1, "9C", seats=1)[0]
    state = game(seat0, seat1, seat2, stock="9C")
    state = play(state, "draw", "meld set 5: 5S 5S 5H 5H 5D 5D 5C")
    state = play(state, "meld set 9: 9S 9S 9H 9H 9D 9D 9C")
    assert deal_summary(state) == (DealEnd.OUT, 0, (0, 115, penalty(seat2)))
    assert penalty(seat1) == 15 + 15 + 15 + 10 + 10 + 10 + 10 + 2 + 3 + 4 + 6 + 7 + 8


def test_r26_going_out_by_laying_every_card_needs_no_discard():
    seat0 = "5S 5S 5H 5H 5D 5D 5C 9S 9S 9H 9H 9D 9D"
    state = game(seat0, *spare(seat0, "9C", seats=2), stock="9C")
    state = play(state, "draw", "meld set 5: 5S 5S 5H 5H 5D 5D 5C")
    assert (state.to_move, state.phase) == (0, Phase.PLAY)
    state = play(state, "meld set 9: 9S 9S 9H 9H 9D 9D 9C")
    assert state.deal_number == 2
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)


def test_r26_going_out_by_discarding_the_last_card():
    seat0 = "5S 5S 5H 5H 5D 5D 5C 9S 9S 9H 9H 9D KC"
    state = game(seat0, *spare(seat0, "9C", seats=2), stock="9C")
    state = play(
        state, "draw", "meld set 5: 5S 5S 5H 5H 5D 5D 5C", "meld set 9: 9S 9S 9H 9H 9D 9C"
    )
    assert legal(state) == {"discard KC"}
    state = play(state, "discard KC")
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)


def test_r26_after_round_seven_the_lowest_total_wins_and_ties_share():
    # Round 7 is three runs. Seat 0 lays them, lays off the drawn 7C and discards its last
    # card; seat 1's hand brings it level with seat 0 at 300, and both win.
    seat0 = "3H 4H 5H 6H 3D 4D 5D 6D 3C 4C 5C 6C 9H"
    seat1, seat2 = spare(seat0, "7C", seats=2)
    state = game(seat0, seat1, seat2, deal=7, stock="7C", scores=[300, 300 - penalty(seat1), 300])
    state = play(state, "draw", "meld run 3H-6H: 3H 4H 5H 6H", "meld run 3D-6D: 3D 4D 5D 6D")
    state = play(state, "meld run 3C-6C: 3C 4C 5C 6C", "lay 7C on #2 high", "discard 9H")
    assert state.is_over
    assert state.scores == (300, 300, 300 + penalty(seat2))
    assert state.winners == (0, 1)


# -- R32: the contract, all at once ---------------------------------------------------------------


def test_r32_a_meld_is_offered_only_if_the_rest_of_the_contract_can_follow():
    # Round 1 (two sets). The joker could make four Fives, but then the Nines lack a third.
    seat0 = "5S 5H 5D JK 9S 9H KS QH 2C 3D 7C JD AH"
    state = game(seat0, *spare(seat0, "4D", seats=2), stock="4D")
    state = play(state, "draw")
    found = melds(state)
    assert {"meld set 5: 5S 5H 5D", "meld set 9: 9S 9H JK"} <= found
    assert "meld set 5: 5S 5H 5D JK" not in found
    error = illegal(state, "meld set 5: 5S 5H 5D JK")
    assert error.rule == "contract.cannot_complete"
    assert "R32" in error.detail


def test_r32_the_contract_is_laid_meld_by_meld_with_nothing_in_between():
    seat0 = "5S 5H 5D JK 9S 9H KS QH 2C 3D 7C JD AH"
    state = game(seat0, *spare(seat0, "4D", seats=2), stock="4D")
    state = play(state, "draw", "meld set 5: 5S 5H 5D")
    assert not state.opened[0]
    assert [str(m) for m in state.contract_laid] == ["set 5: 5S 5H 5D"]
    # Only the rest of the contract may follow: no discard now.
    assert melds(state) == legal(state) == {"meld set 9: 9S 9H JK"}
    error = illegal(state, "discard KS")
    assert error.rule == "contract.all_at_once"
    state = play(state, "meld set 9: 9S 9H JK")
    assert state.opened[0]
    assert state.contract_laid == ()
    assert "discard KS" in legal(state)


def _seat1_laid_down() -> RummyState:
    """Round 1: seat 0 has laid Fives and Nines and discarded; seat 1 (nothing laid) has
    drawn and holds Kings, Queens and a Five."""
    seat0 = "5S 5H 5D 9S 9H 9C 2C 3D 7C JD AH 4S 8S"
    seat1 = "KS KH KC QS QH QC 5C 2H 6D 10D JS 3C 7H"
    seat2 = spare(seat0, seat1, "4D 6S", seats=1)[0]
    state = game(seat0, seat1, seat2, stock="4D 6S")
    state = play(state, "draw", "meld set 5: 5S 5H 5D", "meld set 9: 9S 9H 9C", "discard 4D")
    return play(state, "draw")


def test_r32_no_lay_off_before_laying_down_nor_in_the_middle_of_the_contract():
    state = _seat1_laid_down()
    error = illegal(state, "lay 5C on #0")
    assert error.rule == "layoff.not_laid_down"
    state = play(state, "meld set K: KS KH KC")
    assert illegal(state, "lay 5C on #0").rule == "contract.all_at_once"
    state = play(state, "meld set Q: QS QH QC")
    assert "lay 5C on #0" in legal(state)


def test_r32_lay_offs_follow_in_the_same_turn_on_anyones_melds():
    state = _seat1_laid_down()
    state = play(state, "meld set K: KS KH KC", "meld set Q: QS QH QC", "lay 5C on #0")
    assert [str(c) for c in state.table[0].meld.cards] == ["5S", "5H", "5D", "5C"]
    assert state.table[0].owner == 0


def test_r32_no_new_meld_after_the_contract_this_turn_or_later():
    seat0 = "5S 5H 5D 9S 9H 9C KS KH KC 3D 7C JD AH"
    state = game(seat0, *spare(seat0, "4D 6S 8S 10H", seats=2), stock="4D 6S 8S 10H")
    state = play(state, "draw", "meld set 5: 5S 5H 5D", "meld set 9: 9S 9H 9C")
    error = illegal(state, "meld set K: KS KH KC")
    assert error.rule == "contract.no_new_melds"
    assert "R32" in error.detail
    assert not melds(state)
    state = pass_turn(pass_turn(play(state, "discard 4D")))
    state = play(state, "draw")
    assert illegal(state, "meld set K: KS KH KC").rule == "contract.no_new_melds"


def test_r32_exactly_the_contract_melds_may_be_longer_sets_of_different_ranks():
    seat0 = "5S 5S 5H 5D 5C 5H 9S 9H 9C 3D 7C JD AH"
    state = game(seat0, *spare(seat0, "4D", seats=2), stock="4D")
    state = play(state, "draw")
    # Two sets of Fives would be one rank twice.
    state = play(state, "meld set 5: 5S 5H 5D")
    assert illegal(state, "meld set 5: 5S 5H 5C").rule == "contract.not_part"
    # Longer than the minimum is fine.
    five = game(seat0, *spare(seat0, "4D", seats=2), stock="4D")
    five = play(five, "draw", "meld set 5: 5S 5S 5H 5H 5D 5C", "meld set 9: 9S 9H 9C")
    assert five.opened[0]
    assert len(five.table[0].meld) == 6


def test_r32_a_run_is_not_part_of_a_contract_of_sets():
    seat0 = "5S 5H 5D 9S 9H 9C 4C 5C 6C 7C JD AH 2S"
    state = game(seat0, *spare(seat0, "4D", seats=2), stock="4D")
    state = play(state, "draw")
    assert illegal(state, "meld run 4C-7C: 4C 5C 6C 7C").rule == "contract.not_part"


# -- R63: distinct melds of one contract ----------------------------------------------------------

#: Round 3 (two runs): only spades, 3 to J with a second Five and Six.
SPADES = "3S 4S 5S 6S 5S 6S 7S 8S 9S 10S JS KD 2C"


def test_r63_runs_of_one_suit_count_if_they_neither_overlap_nor_touch():
    state = game(SPADES, *spare(SPADES, "QH", seats=2), deal=3, stock="QH")
    state = play(state, "draw", "meld run 3S-6S: 3S 4S 5S 6S")
    # 8S-JS leaves a gap at the 7S: allowed.
    assert "meld run 8S-JS: 8S 9S 10S JS" in melds(state)
    # 7S-10S touches 3S-6S: together they would be one run.
    assert illegal(state, "meld run 7S-10S: 7S 8S 9S 10S").rule == "contract.not_part"
    # 5S-8S overlaps it (the second Five and Six).
    assert illegal(state, "meld run 5S-8S: 5S 6S 7S 8S").rule == "contract.not_part"
    state = play(state, "meld run 8S-JS: 8S 9S 10S JS")
    assert state.opened[0]


def test_r63_option_suits_needs_runs_of_different_suits():
    suits = rummykit.variant("contract-rummy", distinct_contract_melds="suits")
    state = game(SPADES, *spare(SPADES, "QH", seats=2), deal=3, stock="QH", variant=suits)
    state = play(state, "draw")
    assert not melds(state)
    assert illegal(state, "meld run 3S-6S: 3S 4S 5S 6S").rule == "contract.cannot_complete"


# -- R36: the stock runs out ----------------------------------------------------------------------


def _eight_players(variant: rummykit.Variant = CONTRACT) -> RummyState:
    """Eight players: 104 cards dealt, the upcard, six cards left in the stock."""
    state = variant.new_game(players=8, seed=4)
    assert (len(state.stock), len(state.discards)) == (6, 1)
    for _ in range(6):
        state = pass_turn(state)
    assert (len(state.stock), len(state.discards)) == (0, 7)
    return state


def test_r36_the_whole_discard_pile_is_shuffled_into_a_new_stock():
    state = _eight_players()
    pile = Counter(state.discards)
    state = play(state, "draw")
    assert state.reshuffles == 1
    assert state.discards == ()
    assert len(state.stock) == 6
    assert Counter(state.stock) + Counter([state.drawn]) == pile
    # No face-up card until the next discard.
    state = play(state, Discard(state.drawn))
    assert legal(state) == {"draw", "take"}
    assert sum(state.all_cards().values()) == CONTRACT.deck(8).size


def test_r36_option_keep_top_discard_leaves_the_top_card():
    keep = rummykit.variant("contract-rummy", keep_top_discard=True)
    state = _eight_players(keep)
    top = state.discards[-1]
    state = play(state, "draw")
    assert state.discards == (top,)
    assert len(state.stock) == 5
    assert state.reshuffles == 1


def test_r36a_after_max_reshuffles_the_round_ends_as_a_safeguard_scored_as_stock():
    three = rummykit.variant("contract-rummy", max_reshuffles=3)
    state = _eight_players(three)
    turns = 6
    seen = 0
    while state.deal_number == 1:
        seen = max(seen, state.reshuffles)
        state = pass_turn(state)
        turns += 1
    assert seen == three.rules.max_reshuffles == 3
    reason, out, delta = deal_summary(state)
    assert (reason, out) == (DealEnd.SAFEGUARD, None)
    assert all(points > 0 for points in delta)
    # Six turns empty the stock; each reshuffle brings back the seven discards made since.
    assert turns == 6 + 7 + 7 + 7


def test_r36a_a_round_ends_after_1000_turns_as_a_safeguard():
    # Players who take the top discard and throw it back never use the stock.
    state = CONTRACT.new_game(players=3, seed=9)
    turns = 0
    while state.deal_number == 1:
        state = play(state, TakeDiscard())
        state = play(state, Discard(state.took))
        turns += 1
    assert turns == CONTRACT.rules.max_turns == 1000
    assert deal_summary(state)[:2] == (DealEnd.SAFEGUARD, None)


def test_r36a_the_caps_are_options_with_defaults_above_ordinary_play():
    # 200 reshuffles: eight greedy players' rounds that end by the rules need at most 50
    # (benchmarks/safeguards.py); 3 used to end most of them early.
    assert (CONTRACT.rules.max_reshuffles, CONTRACT.rules.max_turns) == (200, 1000)
    assert CONTRACT.option("max_reshuffles") == 200
    short = rummykit.variant("contract-rummy", max_reshuffles=0, max_turns=30)
    assert (short.rules.max_reshuffles, short.rules.max_turns) == (0, 30)
    state = short.new_game(players=8, seed=4)
    for _ in range(6):
        state = pass_turn(state)
    # the sixth turn emptied the stock, and nothing may be reshuffled: the round is over
    assert state.deal_number == 2
    assert deal_summary(state)[:2] == (DealEnd.SAFEGUARD, None)
    for bad in ({"max_reshuffles": -1}, {"max_turns": 0}, {"max_turns": 10**6}):
        with pytest.raises(OptionError, match=next(iter(bad))):
            rummykit.variant("contract-rummy", **bad)


# -- jokers never move ----------------------------------------------------------------------------


def test_jokers_on_the_table_are_never_replaced_or_moved():
    # Round 2 (a run and a set). Seat 1, laid down, holds the 5S that the joker stands for.
    seat0 = "4S JK 6S 7S QH QD QC 2C 3D 8C JD AH 9H"
    seat1 = "5S KS KH KC 5H 6H 7H 8H 9D 10D 2H 4C 10C"
    seat2 = spare(seat0, seat1, "4D 9S", seats=1)[0]
    state = game(seat0, seat1, seat2, deal=2, stock="4D 9S")
    state = play(state, "draw", "meld run 4S-7S: 4S JK 6S 7S", "meld set Q: QH QD QC")
    state = play(
        state, "discard 4D", "draw", "meld run 5H-8H: 5H 6H 7H 8H", "meld set K: KS KH KC"
    )
    assert state.table[0].meld.represents[1] == Card.parse("5S")
    assert not state.legal_moves().of_type(Swap)
    error = illegal(state, "swap 5S into #0 at 1")
    assert error.rule == "swap.never"
    assert "lay 5S on #0" not in " ".join(legal(state))


# -- the conformance kit --------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_conformance_every_player_count(players):
    report = check_variant(CONTRACT, players=[players], games=1, seed=players, every=25)
    assert report.games == 1
    assert report.failures == ()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"deal_sizes": "10/12", "keep_top_discard": True}, 8),
        ({"distinct_contract_melds": "suits", "deal_sizes": "10/12"}, 4),
    ],
)
def test_conformance_with_options(options, players):
    variant = rummykit.variant("contract-rummy", **options)
    report = check_variant(variant, players=[players], games=1, seed=2, every=25)
    assert report.failures == ()


# -- golden move counts ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", sorted(GOLDEN.glob("contract-rummy_*.json")), ids=lambda p: p.name
)
def test_golden_move_counts(path):
    """Legal-move counts along the fixed lines of tests/golden/regenerate_crazy_contract_crummy.py
    (rerun it to regenerate, then review the diff)."""
    diff = golden_diff(json.loads(path.read_text()))
    assert not diff, f"{path.name}: {len(diff)} step(s) differ\n" + "\n".join(diff)


def test_golden_files_cover_several_player_counts():
    files = [json.loads(p.read_text()) for p in GOLDEN.glob("contract-rummy_*.json")]
    assert {3, 5, 8} <= {data["players"] for data in files}
    assert all(data["variant"] == "contract-rummy" and len(data["steps"]) > 100 for data in files)
