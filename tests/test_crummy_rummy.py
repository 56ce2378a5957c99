"""Crummy Rummy (RULES.md 3.4, R27-R37, R61, R62; seed 002): every clause from a hand drawn up
here.

Each test stacks a round with :func:`rummykit.testing.stacking.stacked_game`, plays moves
through the public API and checks the outcome: the contract laid meld by meld, wilds freed and
placed again, out-of-turn claims, hands, the stock and the discard pile, the scores, and the
``rule`` of an :class:`IllegalMoveError`.

Conventions of this file: ``game(*hands, deal=r)`` deals ``hands[seat]`` in round ``r`` (7 to
13 cards); seat 0 starts (it sits on the dealer's left); ``upcard`` is turned face up and
``stock`` lists the cards drawn first. :func:`draw` draws from the stock and lets every
player asked pass on the face-up card; :func:`pass_turn` draws and discards the drawn card.
Seats that only draw and discard get the cards :func:`spare` leaves over.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import attrs
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
    Pass,
    Rank,
    Suit,
    Swap,
    parse_cards,
    parse_move,
)
from rummykit.engine.rummy import DealEnd, Phase, RummyState
from rummykit.testing.conformance import check_variant
from rummykit.testing.stacking import stacked_game

CRUMMY = rummykit.variant("crummy-rummy")
GOLDEN = Path(__file__).parent / "golden"

#: Every natural card in an order that spreads ranks and suits, for :func:`spare`.
_SPREAD = sorted(
    (Card.of(rank, suit) for rank in Rank for suit in Suit if rank is not Rank.TWO),
    key=lambda c: ((int(c.rank) * 5) % 13, int(c.suit)),
)


def spare(
    *taken: str,
    seats: int,
    size: int = 7,
    players: int = 2,
    upcard: str = "KD",
    variant: rummykit.Variant = CRUMMY,
) -> list[str]:
    """``seats`` hands of ``size`` cards, no wild among them, from what ``taken`` and the
    upcard leave in the deck, for seats that only draw and discard."""
    left = Counter(variant.deck(players).cards())
    left.subtract(parse_cards(" ".join((*taken, upcard))))
    pool = [card for copy in range(4) for card in _SPREAD if left[card] > copy]
    assert len(pool) >= seats * size
    return [" ".join(map(str, pool[i * size : (i + 1) * size])) for i in range(seats)]


def game(
    *hands: str,
    deal: int = 1,
    upcard: str = "KD",
    stock: str = "",
    variant: rummykit.Variant = CRUMMY,
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


def decline(state: RummyState) -> RummyState:
    """Every player asked about the face-up card passes."""
    while state.phase is Phase.CLAIM:
        state = play(state, Pass())
    return state


def draw(state: RummyState) -> RummyState:
    """The player to move draws from the stock; nobody takes the face-up card."""
    return decline(play(state, Draw()))


def pass_turn(state: RummyState) -> RummyState:
    """The player to move draws (nobody claims) and discards the drawn card."""
    state = draw(state)
    return play(state, Discard(state.drawn))


def melds(state: RummyState) -> set[str]:
    return {str(m) for m in state.legal_moves().of_type(LayMeld)}


def hand(state: RummyState, seat: int) -> list[str]:
    return sorted(str(c) for c in state.hands[seat])


def cards(state: RummyState, index: int) -> list[str]:
    return [str(c) for c in state.table[index].meld.cards]


def penalty(text: str) -> int:
    """The scoring of R37, written out independently of the engine."""
    total = 0
    for card in parse_cards(text):
        if card == JOKER or card.rank in (Rank.ACE, Rank.TWO):
            total += 15
        elif card.rank >= Rank.NINE:
            total += 10
        else:
            total += 5
    return total


# -- the game -------------------------------------------------------------------------------------


def test_variant_players_rounds_and_contracts():
    assert (CRUMMY.min_players, CRUMMY.max_players) == (2, 8)
    rounds = [(spec.cards, str(spec.contract)) for _, spec in CRUMMY.rules.schedule.rounds()]
    assert rounds == [
        (7, "2 sets"),
        (8, "1 run + 1 set"),
        (9, "2 runs"),
        (10, "3 sets"),
        (11, "1 run of 7+ + 1 set"),
        (12, "2 runs + 1 set"),
        (13, "3 runs, all cards"),
    ]
    for deal in range(1, 8):
        state = CRUMMY.new_game(players=3, seed=deal, deal=deal)
        assert [len(h) for h in state.hands] == [6 + deal] * 3


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"aces": "low"}, "aces"),
        ({"jokers_per_deck": 3}, "jokers_per_deck"),
        ({"jokers_per_deck": True}, "jokers_per_deck"),
        ({"only_jokers_move": "yes"}, "only_jokers_move"),
        ({"claim_order": "first"}, "claim_order"),
        ({"discarder_may_claim": 1}, "discarder_may_claim"),
        ({"keep_top_discard": None}, "keep_top_discard"),
    ],
)
def test_bad_options_raise_option_error_naming_the_option(options, words):
    with pytest.raises(OptionError, match=words):
        rummykit.variant("crummy-rummy", **options)


@pytest.mark.parametrize("upcard", ["JK", "2C"])
def test_seed002_a_wild_upcard_goes_back_into_the_stock_and_the_next_is_turned(upcard):
    seat0, seat1 = spare("9C", upcard, seats=2)
    state = game(seat0, seat1, upcard=upcard, stock="9C")
    assert [str(c) for c in state.discards] == ["9C"]
    assert Card.parse(upcard) in state.stock
    assert Card.parse(upcard) != state.stock[-1]
    assert sum(state.all_cards().values()) == 54


# -- R33: decks and jokers ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (8, 4)])
def test_r33_one_deck_with_two_jokers_per_two_players(players, decks):
    deck = Counter(CRUMMY.deck(players).cards())
    assert sum(deck.values()) == 54 * decks
    assert deck[JOKER] == 2 * decks
    assert deck[Card.parse("2S")] == decks


@pytest.mark.parametrize(("jokers", "size"), [(2, 108), (1, 106), (0, 104)])
def test_r33_option_jokers_per_deck(jokers, size):
    variant = rummykit.variant("crummy-rummy", jokers_per_deck=jokers)
    assert variant.deck(4).size == size
    assert Counter(variant.deck(4).cards())[JOKER] == 2 * jokers


# -- R27: going out -------------------------------------------------------------------------------


def test_r27_going_out_by_laying_every_card_without_a_discard():
    seat0 = "5S 5H 5D 9S 9H 9D 9C"
    seat1 = spare(seat0, "5C", seats=1)[0]
    state = game(seat0, seat1, stock="5C")
    state = play(draw(state), "meld set 5: 5S 5H 5D 5C", "meld set 9: 9S 9H 9D 9C")
    assert deal_summary(state) == (DealEnd.OUT, 0, (0, penalty(seat1)))
    assert state.deal_number == 2


def test_r27_going_out_by_laying_off_the_last_card():
    seat0 = "5S 5H 5D 9S 9H 9D 9C"
    seat1 = spare(seat0, "5C 6H 7H", seats=1)[0]
    state = game(seat0, seat1, stock="6H 7H 5C")
    state = play(draw(state), "meld set 5: 5S 5H 5D", "meld set 9: 9S 9H 9D", "discard 6H")
    state = pass_turn(state)
    state = play(draw(state), "lay 9C on #1")
    assert hand(state, 0) == ["5C"]
    state = play(state, "lay 5C on #0")
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)


def test_r27_going_out_by_discarding_the_last_card():
    seat0 = "5S 5H 5D 9S 9H 9D KC"
    seat1 = spare(seat0, "9C", seats=1)[0]
    state = game(seat0, seat1, stock="9C")
    state = play(draw(state), "meld set 5: 5S 5H 5D", "meld set 9: 9S 9H 9D 9C")
    assert legal(state) == {"discard KC"}
    state = play(state, "discard KC")
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)


# -- R28 and R29: the wild limit and the deuces ---------------------------------------------------


def test_r28_seed002_three_wilds_are_not_a_set():
    seat0 = "2S 2H JK 9S 9H 9D KC"
    state = game(seat0, spare(seat0, "4D", seats=1)[0], stock="4D")
    state = draw(state)
    assert not [m for m in melds(state) if "9" not in m]
    assert illegal(state, "meld set K: 2S 2H JK").rule == "meld.wild.half"


def test_r28_the_wild_limit_holds_in_contract_melds():
    # A set of three holds at most one wild; four cards at most two.
    seat0 = "5S 2H JK 9S 9H 9D 5H"
    state = draw(game(seat0, spare(seat0, "4D", seats=1)[0], stock="4D"))
    assert illegal(state, "meld set 5: 5S 2H JK").rule == "meld.wild.half"
    found = melds(state)
    assert {"meld set 5: 5S 5H 2H JK", "meld set 5: 5S 5H JK"} <= found
    assert "meld set 5: 5S 2H JK" not in found


def test_r28_the_round_5_run_of_seven_holds_at_most_three_wilds():
    seat0 = "4H 2C 6H 2D 8H 2S JK 10H QS QD QC"
    state = draw(game(seat0, spare(seat0, "4D", seats=1, size=11)[0], deal=5, stock="4D"))
    error = illegal(state, "meld run 4H-10H: 4H 2C 6H 2D 8H 2S JK")
    assert error.rule == "meld.wild.half"
    assert "meld run 4H-10H: 4H 2S 6H 2D 8H 2C 10H" in melds(state)
    # the three Twos listed in card order; any other order of them is the same play, legal too
    assert "meld run 4H-10H: 4H 2C 6H 2D 8H 2S 10H" not in melds(state)
    assert state.is_legal(parse_move("meld run 4H-10H: 4H 2C 6H 2D 8H 2S 10H"))


def test_r29_a_two_in_its_own_place_still_counts_as_wild():
    # 2S 3S JK 2H: the 2S is the "2 of spades" of the run, yet three of four cards are wild.
    seat0 = "2S 3S JK 2H 9S 9H 9D 5C"
    state = draw(game(seat0, spare(seat0, "4D", seats=1, size=8)[0], deal=2, stock="4D"))
    assert illegal(state, "meld run 2S-5S: 2S 3S JK 2H").rule == "meld.wild.half"
    assert "meld run 2S-5S: 2S 3S JK 5S" not in melds(state)
    assert "meld run 2S-5S: 2S 3S 2H 5C" not in melds(state)


def test_r29_a_two_costs_15_in_hand():
    seat0 = "5S 5H 5D 9S 9H 9D 9C"
    seat1 = "2S 2H 3C 4C 6D 7D 8S"
    state = game(seat0, seat1, stock="5C")
    state = play(draw(state), "meld set 5: 5S 5H 5D 5C", "meld set 9: 9S 9H 9D 9C")
    assert state.scores == (0, 15 + 15 + 5 * 5)


# -- R30: a freed wild stays on the table ---------------------------------------------------------


def _joker_set_on_table(variant: rummykit.Variant = CRUMMY, wild: str = "JK") -> RummyState:
    """Round 1, two players. Seat 0 has laid 5S-5H-wild and three Nines and discarded; seat 1
    has laid Queens and Kings and holds the 5D."""
    seat0 = f"5S 5H {wild} 9S 9H 9D 4C"
    seat1 = "QS QH QD KS KH KC 5D"
    state = game(seat0, seat1, stock="8C 7D", variant=variant)
    state = play(draw(state), f"meld set 5: 5S 5H {wild}", "meld set 9: 9S 9H 9D", "discard 8C")
    return play(draw(state), "meld set Q: QS QH QD", "meld set K: KS KH KC")


def test_r30_a_natural_card_replaces_a_wild_which_goes_to_another_meld_or_stays():
    state = _joker_set_on_table()
    assert [str(m) for m in state.legal_moves().of_type(Swap)] == ["swap 5D into #0 at 2"]
    state = play(state, "swap 5D into #0 at 2")
    assert cards(state, 0) == ["5S", "5H", "5D"]
    assert "JK" not in hand(state, 1)
    assert "5D" not in hand(state, 1)
    assert (state.phase, state.pending) == (Phase.PLACE_WILD, JOKER)
    # The joker must go back on the table before anything else.
    assert legal(state) == {"lay JK on #0", "lay JK on #1", "lay JK on #2", "lay JK on #3"}
    error = illegal(state, "discard 7D")
    assert error.rule == "swap.place_wild"
    assert "R30" in error.detail
    moved = play(state, "lay JK on #3")
    assert cards(moved, 3) == ["KS", "KH", "KC", "JK"]
    assert moved.phase is Phase.PLAY
    stays = play(state, "lay JK on #0")
    assert cards(stays, 0) == ["5S", "5H", "5D", "JK"]
    assert sum(stays.all_cards().values()) == 54


def test_r30_in_a_run_the_freed_wild_may_take_an_end_of_the_same_run():
    seat0 = "5H 6H JK 8H 9S 9C 9D QS"
    seat1 = "7H KS KH KC 4C 5C 6C 7C"
    state = game(seat0, seat1, deal=2, stock="3C 3D")
    state = play(draw(state), "meld run 5H-8H: 5H 6H JK 8H", "meld set 9: 9S 9C 9D")
    state = play(state, "discard 3C")
    state = play(draw(state), "meld run 4C-7C: 4C 5C 6C 7C", "meld set K: KS KH KC")
    state = play(state, "swap 7H into #0 at 2")
    assert cards(state, 0) == ["5H", "6H", "7H", "8H"]
    places = legal(state)
    assert {"lay JK on #0 low", "lay JK on #0 high"} <= places
    state = play(state, "lay JK on #0 low")
    assert [str(c) for c in state.table[0].meld.represents] == ["4H", "5H", "6H", "7H", "8H"]


def test_r30_the_swap_is_refused_when_the_freed_wild_would_have_no_place():
    # Round 6, two players (one pack: at most four Fives, R61). The set of Fives is full once
    # the 5C replaces the joker, and both runs already hold half wilds.
    seat0 = "5S 5H 5D JK 7H 2C 9H 2D 8S 9S 2S JK"
    seat1 = spare(seat0, "5C", seats=1, size=12)[0]
    state = draw(game(seat0, seat1, deal=6, stock="5C"))
    state = play(state, "meld set 5: 5S 5H 5D JK", "meld run 7H-10H: 7H 2C 9H 2D")
    state = play(state, "meld run 8S-JS: 8S 9S 2S JK")
    assert hand(state, 0) == ["5C"]
    error = illegal(state, "swap 5C into #0 at 3")
    assert error.rule == "swap.no_place"
    assert "R30" in error.detail
    assert legal(state) == {"discard 5C"}


def test_r30_option_only_jokers_move_a_freed_two_stays_in_its_meld():
    jokers_only = rummykit.variant("crummy-rummy", only_jokers_move=True)
    state = _joker_set_on_table(jokers_only, wild="2C")
    state = play(state, "swap 5D into #0 at 2")
    assert (state.phase, str(state.pending)) == (Phase.PLACE_WILD, "2C")
    assert legal(state) == {"lay 2C on #0"}
    error = illegal(state, "lay 2C on #3")
    assert error.rule == "swap.same_meld"
    state = play(state, "lay 2C on #0")
    assert cards(state, 0) == ["5S", "5H", "5D", "2C"]
    # A joker still moves to any meld.
    joker = play(_joker_set_on_table(jokers_only), "swap 5D into #0 at 2")
    assert legal(joker) == {"lay JK on #0", "lay JK on #1", "lay JK on #2", "lay JK on #3"}


def test_r30_only_a_player_who_has_laid_down_replaces_wilds():
    seat0 = "5S 5H JK 9S 9H 9D 4C"
    seat1 = "QS QH 3D KS KH 7C 5D"
    state = game(seat0, seat1, stock="8C 7D")
    state = play(draw(state), "meld set 5: 5S 5H JK", "meld set 9: 9S 9H 9D", "discard 8C")
    state = draw(state)
    error = illegal(state, "swap 5D into #0 at 2")
    assert error.rule == "swap.not_opened"


# -- R31: the run of seven ------------------------------------------------------------------------


def test_r31_round_5_needs_a_run_of_at_least_seven():
    seat0 = "4H 5H 6H 7H 8H 9H 10H JH QS QD QC"
    state = draw(game(seat0, spare(seat0, "4D", seats=1, size=11)[0], deal=5, stock="4D"))
    assert illegal(state, "meld run 4H-9H: 4H 5H 6H 7H 8H 9H").rule == "contract.not_part"
    found = melds(state)
    assert "meld run 4H-10H: 4H 5H 6H 7H 8H 9H 10H" in found
    assert "meld run 4H-JH: 4H 5H 6H 7H 8H 9H 10H JH" in found
    state = play(state, "meld run 4H-JH: 4H 5H 6H 7H 8H 9H 10H JH", "meld set Q: QS QD QC")
    assert state.opened[0]


# -- R32: the contract, all at once ---------------------------------------------------------------


def test_r32_a_meld_is_offered_only_if_the_rest_of_the_contract_can_follow():
    # Round 1: the joker can join the Fives or the Nines, not both.
    seat0 = "5S 5H 5D JK 9S 9H KC"
    state = draw(game(seat0, spare(seat0, "4D", seats=1)[0], stock="4D"))
    found = melds(state)
    assert {"meld set 5: 5S 5H 5D", "meld set 9: 9S 9H JK"} <= found
    assert "meld set 5: 5S 5H 5D JK" not in found
    assert illegal(state, "meld set 5: 5S 5H 5D JK").rule == "contract.cannot_complete"
    state = play(state, "meld set 5: 5S 5H 5D")
    assert illegal(state, "discard KC").rule == "contract.all_at_once"
    assert melds(state) == legal(state) == {"meld set 9: 9S 9H JK"}


def test_r32_seed002_two_runs_of_clubs_do_not_count_twice():
    # "You may not count both 3-4-5-6 of clubs and 10-J-Q-K of clubs towards your contract."
    seat0 = "3C 4C 5C 6C 10C JC QC KC 9D"
    state = draw(game(seat0, spare(seat0, "4D", seats=1, size=9)[0], deal=3, stock="4D"))
    assert not melds(state)
    assert illegal(state, "meld run 3C-6C: 3C 4C 5C 6C").rule == "contract.cannot_complete"


def test_r32_seed002_six_aces_are_not_two_sets():
    seat0 = "AS AH AD AC AS AH 9D"
    others = spare(seat0, "4D", seats=3, players=4)
    state = draw(game(seat0, *others, stock="4D"))
    assert not melds(state)
    assert illegal(state, "meld set A: AS AH AD").rule == "contract.cannot_complete"


def test_r32_seed002_after_laying_down_three_aces_in_hand_cannot_be_played():
    # "You may have laid down, but are still stuck with three aces that you cannot play."
    # Seat 0 lays down and keeps the AS, then takes the AH out of turn with the AD as its
    # penalty card (R34: a player who has laid down may claim).
    seat0 = "5S 5H 5D 9S 9H 9D AS"
    seat1, seat2 = spare(seat0, "AH KC 7C 8D AD 3C", seats=2, players=3)
    seat1 = " ".join([*seat1.split()[:6], "AH"])
    state = game(seat0, seat1, seat2, stock="KC 7C 8D AD 3C")
    state = play(draw(state), "meld set 5: 5S 5H 5D", "meld set 9: 9S 9H 9D", "discard KC")
    state = play(draw(state), "discard AH", "draw")
    assert (state.phase, state.to_move) == (Phase.CLAIM, 0)
    state = play(state, "claim", "discard 8D")
    assert hand(state, 0) == ["AD", "AH", "AS"]
    state = draw(state)
    error = illegal(state, "meld set A: AS AH AD")
    assert error.rule == "contract.no_new_melds"
    assert not melds(state)


# -- R34: taking the face-up card out of turn -----------------------------------------------------


def _four_players(variant: rummykit.Variant = CRUMMY, stock: str = "", deal: int = 1):
    """Four players (two packs); seat 0 has drawn and discarded its KC; seat 1 is to draw.
    ``stock`` lists the cards after seat 0's draw, the 6D."""
    size = 6 + deal
    hands = spare("6D KC", stock, seats=4, size=size, players=4, variant=variant)
    hands[0] = " ".join([*hands[0].split()[: size - 1], "KC"])
    state = game(*hands, deal=deal, stock=f"6D {stock}", variant=variant)
    state = play(draw(state), "discard KC")
    assert (state.to_move, state.phase, str(state.discards[-1])) == (1, Phase.DRAW, "KC")
    return state


def test_r34_the_window_opens_only_when_the_active_player_draws_from_the_stock():
    state = _four_players(stock="5H")
    taken = play(state, "take")
    assert (taken.phase, taken.to_move) == (Phase.PLAY, 1)
    drawn = play(state, "draw")
    assert (drawn.phase, drawn.to_move, drawn.active) == (Phase.CLAIM, 2, 1)
    assert legal(drawn) == {"claim", "pass"}


def test_r34_players_are_asked_clockwise_from_the_active_players_left_not_the_discarder():
    state = play(_four_players(stock="5H"), "draw")
    asked = []
    while state.phase is Phase.CLAIM:
        asked.append(state.to_move)
        state = play(state, "pass")
    assert asked == [2, 3]
    assert (state.phase, state.to_move) == (Phase.PLAY, 1)
    assert str(state.discards[-1]) == "KC"


def test_r34_option_discarder_may_claim_asks_the_discarder_too():
    variant = rummykit.variant("crummy-rummy", discarder_may_claim=True)
    state = play(_four_players(variant, stock="5H"), "draw", "pass", "pass")
    assert (state.phase, state.to_move) == (Phase.CLAIM, 0)
    state = play(state, "claim")
    assert "KC" in hand(state, 0)


def test_r34_the_first_player_who_wants_it_takes_it_with_the_next_stock_card_as_penalty():
    state = _four_players(stock="5H 4C 3D")
    before = list(state.hands[2])
    state = play(state, "draw", "claim")
    # Seat 2 takes the KC and the card after the active player's 5H; seat 3 is not asked.
    assert Counter(state.hands[2]) == Counter([*before, *parse_cards("KC 4C")])
    assert "5H" in hand(state, 1)
    assert (state.phase, state.to_move) == (Phase.PLAY, 1)
    assert str(state.stock[-1]) == "3D"
    # The active player goes on with the turn.
    assert "discard 5H" in legal(state)


def test_r34_the_claimant_does_nothing_else_until_their_turn():
    state = play(_four_players(stock="5H 4C"), "draw")
    assert state.to_move == 2
    card = state.hands[2][0]
    assert illegal(state, Discard(card)).rule == "turn.phase"
    state = play(state, "claim")
    assert state.to_move == 1
    assert len(state.hands[2]) == 7 + 2
    assert state.table == ()


def test_r34_option_original_order_the_claim_comes_before_the_draw():
    original = rummykit.variant("crummy-rummy", claim_order="original")
    state = _four_players(original, stock="5H 4C 3D")
    state = play(state, "draw")
    # Nothing is drawn yet: the others are asked first.
    assert (state.phase, state.to_move) == (Phase.CLAIM, 2)
    assert "5H" not in hand(state, 1)
    state = play(state, "claim")
    # The claimant's penalty is the top stock card; the active player draws the next.
    assert {"KC", "5H"} <= set(hand(state, 2))
    assert "4C" in hand(state, 1)
    assert (state.phase, state.to_move) == (Phase.PLAY, 1)
    # With nobody claiming, the active player simply draws the top card.
    passed = decline(play(_four_players(original, stock="5H 4C"), "draw"))
    assert "5H" in hand(passed, 1)


def test_r34_one_claim_per_turn_and_a_covered_card_is_dead():
    state = _four_players(stock="5H 4C 3D 8S")
    below = state.discards[-2]
    state = play(state, "draw", "claim")
    # The card below the claimed KC shows again, but it was covered: it is dead.
    assert state.discards[-1] == below
    assert state.view(3).top_fresh is False
    assert state.claimed
    state = play(state, "discard 5H")
    # The next turn has a window again, for the new face-up card.
    state = play(state, "draw")
    assert (state.phase, state.to_move) == (Phase.CLAIM, 3)


def test_r34_a_card_uncovered_by_taking_the_discard_is_dead():
    state = play(_four_players(stock="5H"), "take")
    assert state.view(0).top_fresh is False


def test_r34_claims_are_allowed_in_round_7():
    state = play(_four_players(stock="5H 4C", deal=7), "draw")
    assert (state.phase, state.to_move) == (Phase.CLAIM, 2)
    state = play(state, "claim")
    assert len(state.hands[2]) == 13 + 2


# -- R35: round 7 ---------------------------------------------------------------------------------

ROUND7 = "3S 4S 5S 6S 7H 8H 9H 10H JD QD KD AD 2C"
#: An upcard that is not in ``ROUND7``.
UP7 = "9C"


def test_r35_round_7_is_three_runs_using_every_card_and_no_discard():
    seat1 = spare(ROUND7, "8S", seats=1, size=13, upcard=UP7)[0]
    state = draw(game(ROUND7, seat1, deal=7, upcard=UP7, stock="8S"))
    found = melds(state)
    assert {
        "meld run 3S-8S: 3S 4S 5S 6S 2C 8S",
        "meld run 7H-10H: 7H 8H 9H 10H",
        "meld run JD-AD: JD QD KD AD",
    } <= found
    state = play(state, "meld run 3S-8S: 3S 4S 5S 6S 2C 8S", "meld run 7H-10H: 7H 8H 9H 10H")
    assert illegal(state, "discard JD").rule == "contract.all_at_once"
    state = play(state, "meld run JD-AD: JD QD KD AD")
    assert state.is_over
    assert deal_summary(state) == (DealEnd.OUT, 0, (0, penalty(seat1)))
    assert len(state.hands[1]) == 13


def test_r35_a_hand_that_cannot_use_every_card_lays_nothing():
    seat1 = spare(ROUND7, "QC", seats=1, size=13, upcard=UP7)[0]
    state = draw(game(ROUND7, seat1, deal=7, upcard=UP7, stock="QC"))
    assert not melds(state)
    assert illegal(state, "meld run 7H-10H: 7H 8H 9H 10H").rule == "contract.cannot_complete"
    state = play(state, "discard QC")
    assert state.to_move == 1


# -- R36: the stock runs out ----------------------------------------------------------------------


def _stock_used_up(variant: rummykit.Variant = CRUMMY) -> RummyState:
    """Two players in round 7: 27 cards in the stock, drawn and thrown away one by one."""
    seat0, seat1 = spare(seats=2, size=13)
    state = game(seat0, seat1, deal=7, variant=variant)
    assert len(state.stock) == 27
    for _ in range(27):
        state = pass_turn(state)
    assert (len(state.stock), len(state.discards)) == (0, 28)
    return state


def test_r36_the_whole_discard_pile_becomes_the_new_stock():
    state = _stock_used_up()
    pile = Counter(state.discards)
    state = play(state, "draw")
    assert state.discards == ()
    assert Counter(state.stock) + Counter([state.drawn]) == pile
    assert (state.reshuffles, state.phase) == (1, Phase.PLAY)
    assert sum(state.all_cards().values()) == 54


def test_r36_option_keep_top_discard():
    state = _stock_used_up(rummykit.variant("crummy-rummy", keep_top_discard=True))
    top = state.discards[-1]
    state = decline(play(state, "draw"))
    assert state.discards == (top,)
    assert len(state.stock) == 26


def _claiming_every_turn(variant: rummykit.Variant, turns: int) -> RummyState:
    """Two players in round 7 who take each other's discard every turn, each turn using two
    stock cards (the draw and the penalty) while the discard pile stays at one card."""
    seat0, seat1 = spare(seats=2, size=13, variant=variant)
    state = game(seat0, seat1, deal=7, variant=variant)
    for _ in range(turns):
        state = play(state, "draw", "claim")
        state = play(state, Discard(state.drawn))
    assert len(state.discards) == 1
    return state


def test_r36_stock_and_discard_pile_both_empty_ends_the_round():
    # One joker per deck: 53 cards, 26 dealt, the upcard, 26 in the stock.
    variant = rummykit.variant(
        "crummy-rummy", jokers_per_deck=1, discarder_may_claim=True, keep_top_discard=True
    )
    state = _claiming_every_turn(variant, 12)
    assert len(state.stock) == 2
    state = play(state, "draw", "claim")
    assert (state.stock, state.discards) == ((), ())
    hands = [list(h) for h in state.hands]
    state = play(state, Discard(state.drawn))
    # Nothing can be drawn any more: the round ends and everyone scores their hand.
    assert state.is_over
    reason, out, delta = deal_summary(state)
    assert (reason, out) == (DealEnd.STOCK, None)
    assert delta[1] == penalty(" ".join(map(str, hands[1])))


def test_r36a_keep_top_discard_a_pile_of_only_its_top_card_ends_the_round_as_stock():
    variant = rummykit.variant(
        "crummy-rummy", jokers_per_deck=1, discarder_may_claim=True, keep_top_discard=True
    )
    state = play(_claiming_every_turn(variant, 12), "draw", "claim")
    assert (state.stock, state.discards) == ((), ())
    before = state.deal_number
    state = play(state, Discard(state.drawn))
    # The discard leaves one card in the pile: its top, which keep_top_discard keeps, so
    # nothing can be drawn. That is the stock running out (R36), not a safeguard (R36a).
    assert state.deal_number != before or state.is_over
    assert deal_summary(state)[:2] == (DealEnd.STOCK, None)


def test_r36a_crummy_rummy_caps_are_options() -> None:
    assert (CRUMMY.rules.max_reshuffles, CRUMMY.rules.max_turns) == (200, 1000)
    capped = rummykit.variant("crummy-rummy", max_reshuffles=1, max_turns=50)
    assert (capped.rules.max_reshuffles, capped.rules.max_turns) == (1, 50)
    assert dict(capped.options)["max_turns"] == 50
    with pytest.raises(OptionError, match="max_reshuffles"):
        rummykit.variant("crummy-rummy", max_reshuffles=10**9)


def test_r34_r36_no_penalty_card_no_claim():
    # 54 cards: the 27th stock card is drawn with only one card in the discard pile; nothing is
    # left for a penalty card, even after a reshuffle, so the card cannot be claimed.
    variant = rummykit.variant("crummy-rummy", discarder_may_claim=True)
    state = _claiming_every_turn(variant, 13)
    assert len(state.stock) == 1
    state = play(state, "draw")
    assert state.phase is Phase.CLAIM
    error = illegal(state, "claim")
    assert error.rule == "claim.no_penalty_card"
    assert legal(state) == {"pass"}


# -- R37: scoring and the winner ------------------------------------------------------------------


def test_r37_cards_score_5_10_or_15_and_aces_always_15():
    seat0 = "5S 5H 5D 9S 9H 9D 9C"
    seat1 = "3S 8H 10D KC AS 2H JK"
    state = game(seat0, seat1, stock="5C")
    state = play(draw(state), "meld set 5: 5S 5H 5D 5C", "meld set 9: 9S 9H 9D 9C")
    assert state.scores == (0, 5 + 5 + 10 + 10 + 15 + 15 + 15)


def test_r37_after_round_7_the_lowest_total_wins_and_ties_share():
    seat1 = spare(ROUND7, "8S", seats=1, size=13, upcard=UP7)[0]
    scores = [200, 200 - penalty(seat1)]
    state = draw(game(ROUND7, seat1, deal=7, upcard=UP7, stock="8S", scores=scores))
    state = play(state, "meld run 3S-8S: 3S 4S 5S 6S 2C 8S", "meld run 7H-10H: 7H 8H 9H 10H")
    state = play(state, "meld run JD-AD: JD QD KD AD")
    assert state.is_over
    assert state.scores == (200, 200)
    assert state.winners == (0, 1)


# -- R61 and R62: the copy limit; valid after every move ------------------------------------------


def test_r61_with_one_pack_a_set_holds_at_most_four_cards():
    seat0 = "5S 5H 5D 5C 2S 9H 9D"
    state = draw(game(seat0, spare(seat0, "9C", seats=1)[0], stock="9C"))
    assert illegal(state, "meld set 5: 5S 5H 5D 5C 2S").rule == "meld.set.copy_limit"
    assert "meld set 5: 5S 5H 5D 5C" in melds(state)


def test_r61_seed002_with_two_packs_a_set_may_repeat_a_card():
    seat0 = "5S 5S 5H 5D 5C 9H 9D"
    others = spare(seat0, "9C", seats=3, players=4)
    state = draw(game(seat0, *others, stock="9C"))
    assert "meld set 5: 5S 5S 5H 5D 5C" in melds(state)


def test_r62_cards_laid_off_one_at_a_time_each_keep_the_meld_valid():
    # Round 3: the run 7H-2C-9H-JK already holds half wilds. The 2D can follow the 6H onto
    # it, but not come first, although the two together would be legal.
    seat0 = "7H 2C 9H JK 3S 4S 5S 6S 6H"
    seat1 = spare(seat0, "KC 8C 2D", seats=1, size=9)[0]
    state = game(seat0, seat1, deal=3, stock="KC 8C 2D")
    state = play(draw(state), "meld run 7H-10H: 7H 2C 9H JK", "meld run 3S-6S: 3S 4S 5S 6S")
    state = pass_turn(play(state, "discard KC"))
    state = draw(state)
    assert hand(state, 0) == ["2D", "6H"]
    assert illegal(state, "lay 2D on #0 low").rule == "meld.wild.half"
    state = play(state, "lay 6H on #0 low", "lay 2D on #0 low")
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)


# -- Aces -----------------------------------------------------------------------------------------


def test_seed002_aces_are_high_only_by_default_and_also_low_with_the_option():
    # Round 2 (a run and a set). Seed: "A-2-3-4 is a run (where the A, 3, and 4 have the
    # same suit, but the 2, being wild, may be of any suit)", only with aces="either";
    # Q-K-A is a run either way; K-A-2 never.
    seat0 = "AS 3S 4S 9S 9H 9D QH KH"
    seat1 = spare(seat0, "2H AH", seats=1, size=8)[0]
    high = draw(game(seat0, seat1, deal=2, stock="2H"))
    assert illegal(high, "meld run AS-4S: AS 2H 3S 4S").rule == "meld.run.ace_position"
    assert high.context.readings(parse_cards("2S QH KH AH"))
    either = rummykit.variant("crummy-rummy", aces="either")
    low = draw(game(seat0, seat1, deal=2, stock="2H", variant=either))
    assert "meld run AS-4S: AS 2H 3S 4S" in melds(low)
    low = play(low, "meld run AS-4S: AS 2H 3S 4S", "meld set 9: 9S 9H 9D")
    assert low.opened[0]
    assert not low.context.readings(parse_cards("KH AH 2S 3H"))


def test_r30_option_only_jokers_move_refuses_a_swap_when_the_two_cannot_stay():
    # One pack: the set 5S-5H-5D-2C is full once the drawn 5C replaces the 2C, so the freed 2C
    # has no place in its own meld. Moved to the Nines it is fine, as it is by default (and
    # seat 0, with no card left, goes out).
    seat0 = "5S 5H 5D 2C 9S 9H 9D"
    seat1 = spare(seat0, "5C", seats=1)[0]
    swap = parse_move("swap 5C into #0 at 3")
    for only_jokers in (False, True):
        variant = rummykit.variant("crummy-rummy", only_jokers_move=only_jokers)
        state = draw(game(seat0, seat1, stock="5C", variant=variant))
        state = play(state, "meld set 5: 5S 5H 5D 2C", "meld set 9: 9S 9H 9D")
        if only_jokers:
            assert illegal(state, swap).rule == "swap.no_place"
            continue
        state = play(state, swap)
        assert legal(state) == {"lay 2C on #1"}
        state = play(state, "lay 2C on #1")
        assert state.last_deal is not None
        assert deal_summary(state)[:2] == (DealEnd.OUT, 0)


# -- the conformance kit --------------------------------------------------------------------------


#: One game per player count; the seeds pick games of moderate length to keep the file fast.
CONFORMANCE_SEEDS = {2: 2, 3: 4, 4: 4, 5: 7, 6: 4, 7: 6, 8: 8}


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), sorted(CONFORMANCE_SEEDS.items()))
def test_conformance_every_player_count(players, seed):
    report = check_variant(CRUMMY, players=[players], games=1, seed=seed, every=25)
    assert report.games == 1
    assert report.failures == ()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"claim_order": "original", "discarder_may_claim": True}, 4),
        ({"only_jokers_move": True, "aces": "either", "keep_top_discard": True}, 3),
        ({"jokers_per_deck": 0}, 2),
    ],
)
def test_conformance_with_options(options, players):
    variant = rummykit.variant("crummy-rummy", **options)
    report = check_variant(variant, players=[players], games=1, seed=5, every=25)
    assert report.failures == ()


# -- golden move counts ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("crummy-rummy_*.json")), ids=lambda p: p.name)
def test_golden_move_counts(path):
    """Legal-move counts along the fixed lines of tests/golden/regenerate_crazy_contract_crummy.py
    (rerun it to regenerate, then review the diff)."""
    diff = golden_diff(json.loads(path.read_text()))
    assert not diff, f"{path.name}: {len(diff)} step(s) differ\n" + "\n".join(diff)


def test_golden_files_cover_several_player_counts():
    files = [json.loads(p.read_text()) for p in GOLDEN.glob("crummy-rummy_*.json")]
    assert {2, 4, 6} <= {data["players"] for data in files}
    assert all(data["variant"] == "crummy-rummy" and len(data["steps"]) > 100 for data in files)


def test_r34_original_order_a_claim_takes_the_last_stock_card_and_the_round_ends():
    """Issue 11 item 11: with one stock card and the claimed card the only discard, the
    claim is allowed (the penalty card exists, R34); the active player then has nothing to
    draw, so the round ends as R36 says, everyone scoring their hand."""
    original = rummykit.variant("crummy-rummy", claim_order="original")
    state = _four_players(original, stock="5H 4C")
    extra = (*state.stock[:-1], *state.discards[:-1])
    state = attrs.evolve(
        state,
        stock=state.stock[-1:],
        discards=state.discards[-1:],
        hands=(*state.hands[:3], tuple(sorted((*state.hands[3], *extra)))),
    )
    state = play(state, "draw")
    assert (state.phase, state.to_move) == (Phase.CLAIM, 2)
    assert "claim" in legal(state)
    round_number = state.deal_number
    state = play(state, "claim")
    assert state.deal_number == round_number + 1
    assert state.last_deal is not None and state.last_deal.reason is DealEnd.STOCK
