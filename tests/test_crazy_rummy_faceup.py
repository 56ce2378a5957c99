"""Crazy Rummy with a face-up hand size (RULES.md 3.6, R50-R61; seed 004): every clause from
a deal drawn up here.

Each test stacks the deal with :func:`rummykit.games.crazy_rummy_faceup.stacked_game`, plays
moves through the public API and checks the outcome (hands, boards, scores, who moves, the end
of the deal or game, and the ``rule`` of an :class:`IllegalMoveError`).

Conventions of this file: ``deal(face_up, face_down)`` gives each seat its face-up first card
and its face-down cards; the last seat deals, so seat 0 starts and the last face-up card is
the indicator (R50). ``stock`` lists the cards drawn first. Unless a test says otherwise the
game has two players and one pack, and the indicator is the 9S, so the 9H, 9D and 9C are the
wild cards. The dealer's ``DEALER`` hand holds no two cards of a rank and no wild card.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

import rummykit
from rummykit import (
    HIDDEN,
    Card,
    Discard,
    Draw,
    IllegalMoveError,
    LayMeld,
    LayOff,
    Meld,
    OptionError,
    Rank,
    TakeDiscard,
    parse_cards,
    parse_move,
)
from rummykit.engine.rummy import Phase
from rummykit.engine.rummy_state import RummyState
from rummykit.games.crazy_rummy_faceup import (
    card_points,
    deck_order,
    hand_size,
    stacked_game,
)
from rummykit.pieces import DealEnd, DealOutcome
from rummykit.sim import simulate
from rummykit.testing.conformance import check_variant, states

GAME = rummykit.variant("crazy-rummy-faceup")
#: Two players with two packs (R59's option): enough copies for the multi-card examples.
TWO_PACKS = rummykit.variant("crazy-rummy-faceup", packs=2)
GOLDEN = Path(__file__).parent / "golden"

#: The dealer's eight face-down cards under the 9S: no pair, no wild card.
DEALER = "AH 4D 5C 6D 8C 10S QH KS"
#: What those cards cost in hand (R55): 100 + 5 * 3 + 10 * 4.
DEALER_POINTS = 155


def deal(
    face_up: list[str],
    face_down: list[str],
    *,
    upcard: str = "KD",
    stock: str = "",
    variant: rummykit.Variant = GAME,
    scores: list[int] | None = None,
) -> RummyState:
    """A stacked deal: the last seat deals, seat 0 starts."""
    return stacked_game(
        variant,
        dealer=len(face_up) - 1,
        face_up=face_up,
        face_down=face_down,
        upcard=upcard,
        stock=stock,
        scores=scores,
    )


def play(state: RummyState, *moves: str) -> RummyState:
    """Apply moves given as text, in order."""
    for move in moves:
        after = state.apply(parse_move(move))
        assert isinstance(after, RummyState)
        state = after
    return state


def pass_turn(state: RummyState) -> RummyState:
    """The player to move draws the top of the stock and discards that same card."""
    return play(state, "draw", f"discard {state.stock[-1]}")


def illegal(state: RummyState, move: str) -> IllegalMoveError:
    """A move that must be illegal: not listed, and ``apply`` raises saying why."""
    value = parse_move(move)
    assert value not in state.legal_moves()
    assert value not in list(state.legal_moves())
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(value)
    return caught.value


def texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def scores_now(state: RummyState) -> tuple[int, ...]:
    """What the deal would score if it ended now (R55), by the game's scoring piece."""
    outcome = DealOutcome(
        deal_number=state.deal_number,
        reason=DealEnd.STOCK,
        out=None,
        hands=state.hands,
        table=state.table,
        wild_cards=state.context.wilds.cards,
        indicator=state.indicator,
    )
    return state.rules.deal_scoring.deal_scores(outcome)


def groups(state: RummyState, seat: int) -> list[Meld]:
    """The groups on ``seat``'s board, in the order they were started."""
    return [placed.meld for placed in state.table if placed.owner == seat]


def board(state: RummyState, seat: int) -> list[str]:
    return [str(meld) for meld in groups(state, seat)]


# -- the deck and the deal ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "packs"), [(2, 1), (3, 2), (4, 2), (5, 3), (7, 4), (8, 4)])
def test_r59_one_pack_of_48_cards_per_two_players(players: int, packs: int) -> None:
    cards = GAME.deck(players).cards()
    assert len(cards) == 48 * packs
    counts = Counter(cards)
    assert not any(card.rank is Rank.TWO or card.is_joker for card in counts)
    assert len(counts) == 48 and set(counts.values()) == {packs}
    state = GAME.new_game(players=players, seed=3)
    assert sum(state.all_cards().values()) == 48 * packs


def test_r59_the_pack_count_is_an_option() -> None:
    assert rummykit.variant("crazy-rummy-faceup", packs=3).deck(2).size == 144
    assert rummykit.variant("crazy-rummy-faceup", packs=1).deck(4).size == 48
    # One pack cannot hold five deals of up to eleven cards.
    with pytest.raises(OptionError, match="R59"):
        rummykit.variant("crazy-rummy-faceup", packs=1).new_game(players=5, seed=1)


@pytest.mark.parametrize(
    ("face_up", "size"),
    [("3C", 3), ("4H", 4), ("7D", 7), ("10S", 10), ("JD", 10), ("QH", 10), ("KC", 10), ("AS", 11)],
)
def test_seed_hand_size_is_the_value_of_the_face_up_card(face_up: str, size: int) -> None:
    # Seed: "if the first card were a 4: then the player would receive three (3) additional
    # cards"; "the first card is a Jack, the player then receives nine additional cards"; "The
    # Ace is eleven (11) and ten (10) additional cards".
    assert hand_size(Card.parse(face_up)) == size
    spare = [str(c) for c in parse_cards("8S 8H 8D 8C 10C 10H 10D QS QH QD QC")]
    spare = [c for c in spare if c != face_up]
    state = deal([face_up, "4S"], [" ".join(spare[: size - 1]), "5S 6S 7S"])
    assert len(state.hands[0]) == size
    assert Card.parse(face_up) in state.hands[0]


def test_r50_the_dealers_face_up_card_is_the_indicator_and_not_in_the_hand() -> None:
    state = deal(["4H", "9S"], ["5S 6S 7S", DEALER])
    assert state.indicator == Card.parse("9S")
    # The 9 counts nine cards "in all" for the dealer too: eight face-down, none face-up.
    assert len(state.hands[1]) == 8 and Card.parse("9S") not in state.hands[1]
    assert state.indicator is not None and state.indicator.rank is Rank.NINE
    assert sorted(texts(tuple(state.context.wilds.cards))) == ["9C", "9D", "9H", "9S"]
    # The indicator stays on the table for the whole deal.
    assert state.all_cards()[Card.parse("9S")] == 1
    assert pass_turn(state).indicator == Card.parse("9S")


def test_r51_by_player_each_allotment_is_completed_before_the_next_seat() -> None:
    top = parse_cards("4H 5S 6S 7S 3C 8D 10D KS QD")
    rest = Counter(GAME.deck(2).cards())
    rest.subtract(top)
    state = GAME.new_game(players=2, dealer=1, deck=[*top, *sorted(rest.elements())])
    assert isinstance(state, RummyState)
    assert texts(state.hands[0]) == ["5S", "6S", "7S", "4H"]
    assert texts(state.hands[1]) == ["8D", "10D"]
    assert (str(state.indicator), str(state.discards[-1]), str(state.stock[-1])) == (
        "3C",
        "KS",
        "QD",
    )


def test_r51_option_deals_the_face_up_round_then_one_card_at_a_time() -> None:
    game = rummykit.variant("crazy-rummy-faceup", deal_order="face_up_round_then_round_robin")
    # Face-up round: seat 0's 4H, seat 1's 5D, the dealer's 3C; then one card at a time to
    # every seat still owed cards: seat 0 three, seat 1 four, the dealer two.
    top = parse_cards("4H 5D 3C  5S 6H 8D  6S 7H 10D  7S 8H  10H  KS QD")
    rest = Counter(game.deck(3).cards())
    rest.subtract(top)
    state = game.new_game(players=3, dealer=2, deck=[*top, *sorted(rest.elements())])
    assert isinstance(state, RummyState)
    assert sorted(texts(state.hands[0])) == sorted(["4H", "5S", "6S", "7S"])
    assert sorted(texts(state.hands[1])) == sorted(["5D", "6H", "7H", "8H", "10H"])
    assert sorted(texts(state.hands[2])) == sorted(["8D", "10D"])
    assert (str(state.indicator), str(state.discards[-1])) == ("3C", "KS")
    # deck_order stacks the same deal under either order.
    order = deck_order(
        game,
        dealer=2,
        face_up=["4H", "5D", "3C"],
        face_down=["5S 6S 7S", "6H 7H 8H 10H", "8D 10D"],
        upcard="KS",
    )
    assert order[: len(top) - 1] == list(top[:-1])


def test_the_upcard_starts_the_pile_and_the_dealers_left_starts() -> None:
    state = deal(["4H", "9S"], ["5S 6S 7S", DEALER], upcard="KD", stock="QC")
    assert texts(state.discards) == ["KD"]
    assert state.to_move == 0 and state.phase is Phase.DRAW
    assert len(state.stock) == 48 - 4 - 9 - 1
    assert list(state.legal_moves()) == [Draw(), TakeDiscard()]


# -- R57: drawing -----------------------------------------------------------------------------


def test_r57_a_taken_discard_may_be_kept_but_not_thrown_back_this_turn() -> None:
    state = deal(["4H", "9S"], ["5S 6S 7S", DEALER], upcard="KD", stock="QC 8S")
    state = play(state, "take")
    assert state.took == Card.parse("KD") and Card.parse("KD") in state.hands[0]
    assert illegal(state, "discard KD").rule == "discard.taken"
    state = play(state, "discard 5S")
    state = pass_turn(state)
    # Next turn the card is an ordinary card of the hand.
    state = play(state, "draw", "discard KD")
    assert texts(state.discards)[-1] == "KD"


def test_r57_a_play_must_leave_a_card_that_may_be_discarded() -> None:
    # Taking the KD and laying the three Threes would leave only the KD, which may not be
    # discarded this turn: the turn could not end.
    state = deal(["3S", "9S"], ["3H 3D", DEALER], upcard="KD")
    state = play(state, "take")
    error = illegal(state, "meld set 3: 3S 3H 3D")
    assert error.rule == "out.needs_discard" and "R57" in str(error)
    assert {type(m) for m in state.legal_moves()} == {Discard}


def test_r57_playing_the_taken_card_lifts_the_restriction() -> None:
    state = deal(["3S", "9S"], ["3H QC", DEALER], upcard="3D")
    state = play(state, "take", "meld set 3: 3S 3H 3D")
    assert Card.parse("3D") not in state.known[0]
    # QC is the last card: discarding it goes out (R60).
    state = play(state, "discard QC")
    assert state.last_deal is not None
    assert (state.last_deal.reason, state.last_deal.out) == (DealEnd.OUT, 0)


def test_r57_no_taking_when_only_copies_of_the_top_card_would_be_left_to_discard() -> None:
    # Three packs: the dealer (a 3 face up) holds QH QH; after seat 0 discards the third QH,
    # taking it would leave the dealer nothing it may discard.
    game = rummykit.variant("crazy-rummy-faceup", packs=3)
    state = deal(["3C", "3S"], ["5S 7D", "QH QH"], upcard="KD", stock="QH", variant=game)
    state = play(state, "draw", "discard QH")
    assert state.to_move == 1
    assert list(state.legal_moves()) == [Draw()]
    assert illegal(state, "take").rule == "take.keep_a_discard"


# -- R52: sets and wild cards -----------------------------------------------------------------


def test_sets_only_no_runs() -> None:
    state = deal(["5S", "9S"], ["6S 7S 8S JC", DEALER], stock="QC")
    state = play(state, "draw")
    assert illegal(state, "meld run 5S-7S: 5S 6S 7S").rule == "meld.kind"
    assert not state.legal_moves().of_type(LayMeld)


def test_r52_a_set_of_three_naturals_any_suits() -> None:
    state = deal(["JS", "9S"], ["JH JD 4C 5D 6H 7C 8D 10H QS", DEALER], stock="KC")
    state = play(state, "draw", "meld set J: JS JH JD")
    assert board(state, 0) == ["set J: JS JH JD"]
    assert state.table[0].owner == 0


def test_r52_every_set_needs_two_natural_cards_even_on_the_first_play() -> None:
    state = deal(["JS", "9S"], ["9H 9D 4C 5D 6H 7C 8D 10H QS", DEALER], stock="KC")
    state = play(state, "draw")
    assert state.first_play
    assert illegal(state, "meld set J: JS 9H 9D").rule == "meld.wild.min_naturals"


def test_seed_three_jacks_and_four_wilds_all_on_the_first_play() -> None:
    # Seed: "the player was dealt 4 WILDCARDS and 3 Jacks; in the first play the player may
    # play ALL 4 WILDCARDS with the 3 Jacks". Four wilds need two packs (three players): the
    # dealer's 9S is the indicator, and the other 9S is a wild card like the rest.
    state = deal(
        ["JS", "3C", "9S"],
        ["JH JD 9S 9H 9D 9C 4S 6H 8C", "5S 7D", DEALER],
        stock="KC",
    )
    state = play(state, "draw")
    seven = "meld set J: JS JH JD 9S 9H 9D 9C"
    assert parse_move(seven) in state.legal_moves()
    state = play(state, seven)
    assert board(state, 0) == ["set J: JS JH JD 9S 9H 9D 9C"]
    assert state.context.wild_count(state.table[0].meld) == 4


def test_r52_wilds_may_join_sets_laid_during_the_first_play() -> None:
    state = deal(["JS", "9S"], ["JH 9H 9D 4C 5D 6H 7C 8D 10H", DEALER], stock="KC")
    state = play(state, "draw", "meld set J: JS JH 9H", "lay 9D on #0")
    assert board(state, 0) == ["set J: JS JH 9H 9D"]


def test_r52_later_a_new_set_may_hold_one_wild_only() -> None:
    state = deal(["JS", "9S"], ["JH JD 5S 5H 9H 9D 4C 6H 8S", DEALER], stock="KC 10H 3C QS")
    state = play(state, "draw", "meld set J: JS JH JD", "discard KC")
    state = pass_turn(state)
    state = play(state, "draw")
    assert not state.first_play
    assert illegal(state, "meld set 5: 5S 5H 9H 9D").rule == "meld.wild.later_count"
    state = play(state, "meld set 5: 5S 5H 9H")
    assert board(state, 0) == ["set J: JS JH JD", "set 5: 5S 5H 9H"]


def test_r52a_after_the_first_play_a_new_set_of_three_naturals_may_hold_one_wild() -> None:
    # R52a: "QS QD QC 5D" with Fives wild is legal after the first play; it is the same as
    # "QS QD 5D" followed by "QC" (R54). Here Nines are wild.
    state = deal(["JS", "9S"], ["JH JD QS QD QC 9H 4C 6H 8S", DEALER], stock="KC 10H 3C")
    state = play(state, "draw", "meld set J: JS JH JD", "discard KC")
    state = pass_turn(state)
    state = play(state, "draw")
    assert not state.first_play
    assert "meld set Q: QS QD QC 9H" in [str(m) for m in state.legal_moves()]
    state = play(state, "meld set Q: QS QD QC 9H")
    assert board(state, 0) == ["set J: JS JH JD", "set Q: QS QD QC 9H"]


def test_r52_later_no_wild_is_added_to_a_set_on_the_board() -> None:
    state = deal(["JS", "9S"], ["JH JD 9H 4C 5D 6H 7C 8D 10H", DEALER], stock="KC 10C 3C")
    state = play(state, "draw", "meld set J: JS JH JD", "discard KC")
    state = pass_turn(state)
    state = play(state, "draw")
    assert illegal(state, "lay 9H on #0").rule == "meld.wild.later_addition"


def test_r52_naturals_join_a_first_play_set_of_three_wilds_on_a_later_turn() -> None:
    # R52 limits new sets and the adding of wilds, nothing else: a set laid with three wilds on
    # the first play takes a natural card later. (MinNaturals alone would judge the grown set
    # as a new set with three wilds and reject it; the game consults the wild limit only when
    # a wild is added.)
    state = deal(["JS", "9S"], ["JH JD 9H 9D 9C 4C 5D 6H 7C", DEALER], stock="KC 10C 3C")
    state = play(state, "draw", "meld set J: JS JH 9H 9D 9C", "discard KC")
    state = pass_turn(state)
    state = play(state, "draw")
    assert parse_move("lay JD on #0") in state.legal_moves()
    state = play(state, "lay JD on #0")
    assert board(state, 0) == ["set J: JS JH JD 9H 9D 9C"]


def test_r52_cards_of_the_wild_rank_together_are_a_natural_set_scored_as_wilds() -> None:
    state = deal(["4H", "9S"], ["9H 9D 9C", DEALER], stock="KC")
    state = play(state, "draw")
    # A natural set of Nines: allowed even though it holds three "wild" cards ...
    assert parse_move("meld set 9: 9H 9D 9C") in state.legal_moves()
    state = play(state, "meld set 9: 9H 9D 9C", "discard 4H")
    assert state.context.wild_count(groups(state, 0)[0]) == 0
    # ... and scored as wilds: 3 x 100 on the board, the KC in hand.
    assert scores_now(state) == (
        300 - 10,
        -DEALER_POINTS,
    )


def test_r52_a_card_of_the_wild_rank_joins_a_set_of_that_rank_as_a_natural() -> None:
    state = deal(
        ["4H", "KC", "9S"],
        ["9H 9D 9C", "3C 4C 5D 6C 7D 8D 10C JD QS", DEALER],
        stock="KH 10S 3C 9H",
    )
    state = play(state, "draw", "meld set 9: 9H 9D 9C", "discard KH")
    for _ in range(2):
        state = pass_turn(state)
    state = play(state, "draw")  # the second 9H
    assert not state.first_play
    state = play(state, "lay 9H on #0")
    assert board(state, 0) == ["set 9: 9H 9H 9D 9C"]


# -- R53, R54: bottom feeding and adding to one's own sets ------------------------------------


def _dealer_sets_sevens(stock: str = "KH KC QD", variant: rummykit.Variant = GAME) -> RummyState:
    """Seat 0 passes; the dealer lays 7S 7H 7D; seat 0 has drawn and may play."""
    state = deal(
        ["7C", "9S"],
        ["KS 5H 3D AC 10H 8S", "7S 7H 7D QS 4C 6D JH 8D"],
        stock=stock,
        variant=variant,
    )
    state = pass_turn(state)
    state = play(state, "draw", "meld set 7: 7S 7H 7D", f"discard {state.stock[-1]}")
    return play(state, "draw")


def test_r53_bottom_feeding_needs_the_rank_on_an_opponents_board() -> None:
    state = deal(["7C", "9S"], ["KS 5H 3D AC 10H 8S", "7S 7H 7D QS 4C 6D JH 8D"], stock="KH")
    state = play(state, "draw")
    assert illegal(state, "meld set 7: 7C").rule == "feed.no_opponent"


def test_r53_a_natural_card_of_an_opponents_rank_goes_on_ones_own_board() -> None:
    state = _dealer_sets_sevens()
    assert parse_move("meld set 7: 7C") in state.legal_moves()
    state = play(state, "meld set 7: 7C")
    assert board(state, 0) == ["set 7: 7C"]
    assert board(state, 1) == ["set 7: 7S 7H 7D"]


def test_r53_any_number_of_cards_may_be_fed_together_or_one_by_one() -> None:
    state = deal(
        ["7C", "9S"],
        ["7C 7H 5H 3D AC 10H", "7S 7H 7D QS 4C 6D JH 8D"],
        stock="KH KC QD",
        variant=TWO_PACKS,
    )
    state = pass_turn(state)
    state = play(state, "draw", "meld set 7: 7S 7H 7D", "discard KC")
    state = play(state, "draw")
    moves = {str(m) for m in state.legal_moves().of_type(LayMeld)}
    assert {"meld set 7: 7H", "meld set 7: 7C", "meld set 7: 7C 7C", "meld set 7: 7H 7C"} <= moves
    assert "meld set 7: 7H 7C 7C" in moves  # three naturals are a set anyway
    state = play(state, "meld set 7: 7C 7C", "lay 7H on #1")
    assert board(state, 0) == ["set 7: 7H 7C 7C"]


def test_r53_wild_cards_cannot_be_bottom_fed() -> None:
    # The dealer lays a natural set of Nines (the wild rank); seat 0's 9H may not follow it.
    state = deal(
        ["KC", "9S"],
        ["9H 5S 6S 7S 8D QS 10C 3C 4C", "9D 9C 9H JH AC 6D JS 8H"],
        stock="KH KD QD",
        variant=TWO_PACKS,
    )
    state = pass_turn(state)
    state = play(state, "draw", "meld set 9: 9D 9C 9H", "discard KD")
    state = play(state, "draw")
    assert illegal(state, "meld set 9: 9H").rule == "feed.wild"
    assert illegal(state, "meld set 7: 9H").rule == "meld.set.too_short"


def test_r53_r54_cards_go_only_on_ones_own_board() -> None:
    state = _dealer_sets_sevens()
    assert illegal(state, "lay 7C on #0").rule == "layoff.not_own"


def test_r54_natural_cards_join_ones_own_sets_on_later_turns() -> None:
    state = deal(["4S", "9S"], ["JH JD JC", DEALER], stock="QC 10C JS")
    state = play(state, "draw", "meld set J: JH JD JC", "discard QC")
    state = pass_turn(state)
    state = play(state, "draw", "lay JS on #0")
    assert board(state, 0) == ["set J: JS JH JD JC"]


def test_r54_a_rank_already_on_ones_board_is_added_to_not_fed_again() -> None:
    state = deal(
        ["7C", "9S"],
        ["7C KS 5H 3D AC 10H", "7S 7H 7D QS 4C 6D JH 8D"],
        stock="KH KC QD",
        variant=TWO_PACKS,
    )
    state = pass_turn(state)
    state = play(state, "draw", "meld set 7: 7S 7H 7D", "discard KC")
    state = play(state, "draw", "meld set 7: 7C")
    error = illegal(state, "meld set 7: 7C")
    assert error.rule == "feed.own_rank" and "#1" in str(error)
    state = play(state, "lay 7C on #1")
    assert board(state, 0) == ["set 7: 7C 7C"]


def test_r53_fed_cards_score_for_the_player_who_fed_them() -> None:
    state = _dealer_sets_sevens()
    state = play(state, "meld set 7: 7C")
    # What the deal would score now: the fed 7C counts for seat 0, not for the dealer.
    delta = scores_now(state)
    assert delta[0] == 5 - card_points_of(state.hands[0])
    assert delta[1] == 15 - card_points_of(state.hands[1])


def card_points_of(cards: tuple[Card, ...], wild: Rank = Rank.NINE) -> int:
    return sum(card_points(card, wild) for card in cards)


# -- R55: scoring and the end of the game -----------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("3S", 5),
        ("4H", 5),
        ("5D", 5),
        ("6C", 5),
        ("7S", 5),
        ("8H", 10),
        ("10D", 10),
        ("JC", 10),
        ("QS", 10),
        ("KH", 10),
        ("AD", 100),
    ],
)
def test_seed_point_values(card: str, points: int) -> None:
    # "Cards 3 through 7 – 5 Points; Cards 8 through King – 10 points; The Ace – 100 points".
    assert card_points(Card.parse(card), Rank.NINE) == points


def test_seed_wild_cards_are_100_and_an_ace_as_wild_200() -> None:
    # "Wildcard – 100 points; Ace as Wildcard – 200 points".
    assert card_points(Card.parse("9H"), Rank.NINE) == 100
    assert card_points(Card.parse("3S"), Rank.THREE) == 100
    assert card_points(Card.parse("AS"), Rank.ACE) == 200
    assert card_points(Card.parse("9H"), Rank.ACE) == 10


def test_r55_r60_going_out_by_discarding_scores_board_minus_hand() -> None:
    state = deal(["3H", "9S"], ["3S 3D", DEALER], stock="KC")
    state = play(state, "draw", "meld set 3: 3S 3H 3D", "discard KC")
    assert state.last_deal is not None
    assert (state.last_deal.reason, state.last_deal.out) == (DealEnd.OUT, 0)
    assert state.last_deal.points == (15, -DEALER_POINTS)
    assert state.scores == (15, -DEALER_POINTS)
    # The next deal is dealt at once; the deal passes to the left (seat 1 dealt, seat 0 deals).
    assert (state.deal_number, state.dealer, state.to_move) == (2, 0, 1)
    assert state.table == () and not state.over


def test_r60_going_out_by_playing_every_card_needs_no_discard() -> None:
    state = deal(["3H", "9S"], ["3S 3D", DEALER], stock="3C")
    state = play(state, "draw", "meld set 3: 3S 3H 3D 3C")
    assert state.last_deal is not None
    assert (state.last_deal.reason, state.last_deal.out) == (DealEnd.OUT, 0)
    assert state.last_deal.points == (20, -DEALER_POINTS)
    assert state.deal_number == 2


def test_r60_a_player_may_also_keep_a_playable_card_and_discard_it() -> None:
    state = deal(["3H", "9S"], ["3S 3D", DEALER], stock="3C")
    state = play(state, "draw", "meld set 3: 3S 3H 3D", "discard 3C")
    assert state.last_deal is not None
    assert (state.last_deal.reason, state.last_deal.out) == (DealEnd.OUT, 0)
    assert state.last_deal.points == (15, -DEALER_POINTS)


def test_r55_wilds_on_the_board_score_100_and_the_indicator_scores_for_nobody() -> None:
    state = deal(["3H", "9S"], ["3S 9D", DEALER], stock="KC")
    state = play(state, "draw", "meld set 3: 3S 3H 9D", "discard KC")
    # 5 + 5 + 100 on the board; the 9S indicator counts for neither seat.
    assert state.last_deal is not None
    assert (state.last_deal.reason, state.last_deal.out) == (DealEnd.OUT, 0)
    assert state.last_deal.points == (110, -DEALER_POINTS)


def test_r55_aces_are_200_when_aces_are_wild() -> None:
    dealer = "3C 4C 5C 6C 7C 8C 10C JC AD AH"  # ten cards under an Ace; AD and AH are wild
    state = deal(["3H", "AS"], ["3S 3D", dealer], stock="KC")
    state = play(state, "draw", "meld set 3: 3S 3H 3D", "discard KC")
    assert state.last_deal is not None
    assert state.last_deal.points == (15, -(5 * 5 + 10 * 3 + 200 * 2))


def test_r55_the_game_ends_after_the_deal_that_reaches_1500_and_highest_wins() -> None:
    state = deal(["3H", "9S"], ["3S 3D", DEALER], stock="KC", scores=[1490, 1400])
    state = play(state, "draw", "meld set 3: 3S 3H 3D", "discard KC")
    assert state.scores == (1505, 1400 - DEALER_POINTS)
    assert state.is_over and state.winners == (0,) and state.to_move == -1
    assert not list(state.legal_moves())


def test_r55_the_highest_total_wins_even_if_someone_else_reached_1500() -> None:
    state = deal(["3H", "9S"], ["3S 3D", DEALER], stock="KC", scores=[1490, 1700])
    state = play(state, "draw", "meld set 3: 3S 3H 3D", "discard KC")
    assert state.is_over and state.winners == (1,)


def test_r55_tied_totals_share_the_win() -> None:
    state = deal(["3H", "9S"], ["3S 3D", DEALER], stock="KC", scores=[1485, 1500 + DEALER_POINTS])
    state = play(state, "draw", "meld set 3: 3S 3H 3D", "discard KC")
    assert state.scores == (1500, 1500)
    assert state.winners == (0, 1)


def test_r55_the_target_is_an_option() -> None:
    game = rummykit.variant("crazy-rummy-faceup", target=10)
    state = deal(["3H", "9S"], ["3S 3D", DEALER], stock="KC", variant=game)
    state = play(state, "draw", "meld set 3: 3S 3H 3D", "discard KC")
    assert state.is_over and state.winners == (0,)


# -- R56: the stock runs out ------------------------------------------------------------------


def test_r56_the_discard_pile_but_its_top_card_becomes_a_new_stock() -> None:
    state = deal(["4H", "9S"], ["5S 6S 7S", DEALER], upcard="KD")
    stock = len(state.stock)
    for _ in range(stock):
        state = pass_turn(state)
    assert not state.stock and state.reshuffles == 0
    assert "draw" in [str(move) for move in state.legal_moves()]
    top, seat = state.discards[-1], state.to_move
    pile = Counter(state.discards[:-1])
    held = Counter(state.hands[seat])
    state = play(state, "draw")  # the pile but its top card becomes the stock, then a draw
    drawn = Counter(state.hands[seat]) - held
    assert state.reshuffles == 1 and state.discards == (top,)
    assert Counter(state.stock) + drawn == pile and len(state.stock) == len(pile) - 1
    assert sum(state.all_cards().values()) == 48
    assert state.phase is Phase.PLAY and not state.over


def test_r56_a_deal_that_cannot_rebuild_its_stock_ends_and_is_scored() -> None:
    """In play the pile always holds two cards when the stock runs out (the player who drew
    the last card has just discarded), so this position is built with ``attrs.evolve``: every
    card but one stock card and the top discard moved into the dealer's hand."""
    state = deal(["4H", "9S"], ["5S 6S 7S", DEALER], upcard="KD")
    spare = state.stock[:-1]
    state = attrs.evolve(
        state,
        stock=state.stock[-1:],
        discards=(),
        hands=(state.hands[0], tuple(sorted((*state.hands[1], *spare, Card.parse("KD"))))),
    )
    assert sum(state.all_cards().values()) == 48
    drawn = state.stock[-1]
    state = play(state, "draw", f"discard {drawn}")
    assert state.last_deal is not None and state.last_deal.reason is DealEnd.STOCK
    assert state.deal_number == 2


def test_r56a_the_turn_safeguard_ends_a_deal_as_its_own_ending_scored_as_r56() -> None:
    assert rummykit.variant("crazy-rummy-faceup").rules.max_turns == 1000  # an option
    game = rummykit.variant("crazy-rummy-faceup", max_turns=4)
    state = deal(["4H", "9S"], ["5S 6S 7S", DEALER], variant=game)
    for _ in range(4):
        state = pass_turn(state)
    assert state.last_deal is not None
    assert state.last_deal.reason is DealEnd.SAFEGUARD
    assert state.last_deal.points == (-20, -DEALER_POINTS)


def test_safeguard_max_deals_ends_the_game() -> None:
    game = rummykit.variant("crazy-rummy-faceup", max_deals=1)
    state = deal(["3H", "9S"], ["3S 3D", DEALER], stock="KC", variant=game)
    state = play(state, "draw", "meld set 3: 3S 3H 3D", "discard KC")
    assert state.is_over and state.winners == (0,)


# -- R61: the copy limit ----------------------------------------------------------------------


def test_r61_by_default_a_first_play_set_may_exceed_the_packs_copies() -> None:
    # One pack holds four Jacks; three Jacks with three wilds is six "Jacks". The seed's own
    # example (three Jacks and four wilds) outranks R61's generalisation for this game.
    state = deal(["JS", "9S"], ["JH JD 9H 9D 9C 4C 5D 6H 7C", DEALER], stock="KC")
    state = play(state, "draw", "meld set J: JS JH JD 9H 9D 9C")
    assert len(groups(state, 0)[0]) == 6


def test_r61_option_set_copy_limit_caps_a_set_at_the_copies_of_its_rank() -> None:
    game = rummykit.variant("crazy-rummy-faceup", set_copy_limit=True)
    state = deal(["JS", "9S"], ["JH JD 9H 9D 9C 4C 5D 6H 7C", DEALER], stock="KC", variant=game)
    state = play(state, "draw")
    assert illegal(state, "meld set J: JS JH JD 9H 9D 9C").rule == "meld.set.copy_limit"
    state = play(state, "meld set J: JS JH 9H 9D")
    assert illegal(state, "lay JD on #0").rule == "meld.set.copy_limit"
    assert illegal(state, "lay 9C on #0").rule == "meld.set.copy_limit"


# -- R58: views --------------------------------------------------------------------------------


def test_r58_face_up_first_cards_are_public_and_the_rest_hidden() -> None:
    state = deal(["4H", "9S"], ["5S 6S 7S", DEALER], upcard="KD", stock="QC")
    seen_by_dealer = state.view(1)
    assert seen_by_dealer.hands[0] == (Card.parse("4H"), HIDDEN, HIDDEN, HIDDEN)
    assert seen_by_dealer.known == ((Card.parse("4H"),), ())
    assert seen_by_dealer.indicator == Card.parse("9S")
    seen_by_0 = state.view(0)
    assert seen_by_0.hands[1] == (HIDDEN,) * 8
    assert seen_by_0.hand == state.hands[0]
    # Taking the upcard makes it known too, until a card like it leaves the hand; once the
    # 4H is discarded, only the KD of seat 0's hand is known.
    state = play(state, "take")
    assert state.view(1).hands[0] == (Card.parse("4H"), Card.parse("KD"), HIDDEN, HIDDEN, HIDDEN)
    assert state.view(1).took == Card.parse("KD")
    state = play(state, "discard 4H")
    assert state.view(1).hands[0] == (Card.parse("KD"), HIDDEN, HIDDEN, HIDDEN)
    assert state.view(1).known == ((Card.parse("KD"),), ())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(GAME, max_steps=250))
def test_r58_views_do_not_change_when_hidden_cards_are_redealt(state: rummykit.State) -> None:
    assert isinstance(state, RummyState)
    rules = state.rules
    for seat in range(state.players):
        hidden = rules.hidden_cards(state, seat)
        for salt in range(2):
            random.Random(salt).shuffle(hidden)
            redealt = rules.with_hidden(state, seat, hidden)
            assert redealt.view(seat) == state.view(seat)
            assert redealt.all_cards() == state.all_cards()


# -- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"packs": 0}, "packs"),
        ({"packs": 1.5}, "packs"),
        ({"packs": True}, "packs"),
        ({"deal_order": "dealer_first"}, "deal_order"),
        ({"set_copy_limit": "yes"}, "set_copy_limit"),
        ({"target": 0}, "target"),
        ({"max_deals": 0}, "max_deals"),
        ({"max_turns": -1}, "max_turns"),
    ],
)
def test_bad_options_raise_option_error_naming_the_option(options, word) -> None:
    with pytest.raises(OptionError, match=word):
        rummykit.variant("crazy-rummy-faceup", **options)


def test_options_and_their_defaults() -> None:
    assert dict(GAME.options) == {
        "packs": None,
        "deal_order": "by_player",
        "set_copy_limit": False,
        "target": 1500,
        "max_deals": 100,
        "max_turns": 1000,
    }
    assert (GAME.min_players, GAME.max_players) == (2, 8)
    assert "crazy-rummy-faceup" in rummykit.variants()


# -- the engine contract -----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
def test_conformance_kit_for_every_player_count(players: int) -> None:
    report = check_variant(GAME, players=[players], games=1, seed=11, every=2)
    assert report.ok, "\n".join(report.failures)


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [{"deal_order": "face_up_round_then_round_robin"}, {"set_copy_limit": True}, {"packs": 1}],
)
def test_conformance_kit_under_the_options(options) -> None:
    game = rummykit.variant("crazy-rummy-faceup", **options, target=400)
    report = check_variant(game, players=[2, 4], games=1, seed=5, every=3)
    assert report.ok, "\n".join(report.failures)


def _brute_force(state: RummyState) -> set[object]:
    """Every legal move of a PLAY state, found by trying every candidate the hand allows:
    each set of natural cards of one rank with any wild cards, each card on each group, each
    discard."""
    hand = state.hands[state.to_move]
    mask = state.context.wilds.mask
    wilds = [c for c in hand if mask[c]]
    candidates: set[object] = set()
    for rank in state.context.deck.ranks:
        pool = [c for c in hand if c.rank is rank] + [c for c in wilds if c.rank is not rank]
        for size in range(1, len(pool) + 1):
            for cards in itertools.combinations(pool, size):
                candidates.add(LayMeld(Meld.set(cards, rank=rank)))
    for card in set(hand):
        candidates.add(Discard(card))
        for index in range(len(state.table)):
            candidates.add(LayOff(card, index))
    return {move for move in candidates if state.is_legal(move)}


def test_generated_moves_are_exactly_the_legal_ones() -> None:
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(players=2 + seed % 3, seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            moves = list(state.legal_moves())
            if state.phase is Phase.PLAY and len(state.hands[state.to_move]) <= 12:
                assert set(moves) == _brute_force(state), state.moves[-3:]
                assert len(moves) == len(set(moves))
                checked += 1
            state = state.apply(moves[rng.randrange(len(moves))])
    assert checked > 300


def test_simulation_is_deterministic() -> None:
    first = simulate("crazy-rummy-faceup", players=3, games=3, seed=2).to_json()
    second = simulate("crazy-rummy-faceup", players=3, games=3, seed=2).to_json()
    for report in (first, second):
        for key in ("seconds", "games_per_second", "moves_per_second"):
            report.pop(key)
    assert first == second
    assert first["completed"] == 3 and first["errors"] == 0


def test_records_replay_a_whole_game() -> None:
    state = GAME.new_game(players=4, seed=9)
    rng = random.Random(9)
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    record = rummykit.GameRecord.from_json(state.record().to_json())
    assert record.replay() == state


# -- golden move counts -----------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("crazy-rummy-faceup_*.json")), ids=str)
def test_golden_move_counts(path: Path) -> None:
    """The number of legal moves at every step of a fixed line of play, as recorded by
    ``tests/golden/regenerate_crazy_rummy_faceup.py``. A change shows the first step that
    differs and the moves there."""
    data = json.loads(path.read_text())
    game = rummykit.variant(data["variant"], **data["options"])
    state = game.new_game(players=data["players"], seed=data["seed"])
    for step, (count, text) in enumerate(data["steps"]):
        moves = list(state.legal_moves())
        assert len(moves) == count, (
            f"step {step}: {len(moves)} legal moves, golden {count}: {[str(m) for m in moves]}"
        )
        move = parse_move(text)
        assert move in moves, f"step {step}: {text} is not legal"
        state = state.apply(move)


def test_golden_files_exist_for_several_player_counts() -> None:
    players = {json.loads(p.read_text())["players"] for p in GOLDEN.glob("crazy-rummy-faceup_*")}
    assert {2, 4, 8} <= players
