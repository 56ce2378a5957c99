"""Crib Rummy (RULES.md 3.5, R38-R49; seed 003): every clause from a hand drawn up here.

Each test stacks the deal with :func:`rummykit.testing.stacking.stacked_game`, plays moves
through the public API and checks the outcome (scores, hands, table, phase, who moves, the
end of the deal or game, and the ``rule`` of an :class:`IllegalMoveError`).

Conventions of this file: ``game(...)`` deals ``hands[seat]`` to each seat and makes
``first`` (default seat 0) start; ``stock`` lists the cards drawn first. The other seats play
"dead" hands (no meld, no card near another) when all they have to do is pass.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from helpers import deal_summary, play

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
    Meld,
    MeldKind,
    OptionError,
    Rank,
    Suit,
    TakeDiscard,
    parse_cards,
    parse_move,
)
from rummykit.engine.moves import End
from rummykit.engine.rummy import DealEnd, Phase, RummyState
from rummykit.testing.stacking import stacked_game

CRIB = rummykit.variant("crib-rummy")

#: Hands without a meld, a pair or two cards of a suit within two ranks: they can only pass.
DEAD1 = "AS 5S 9S 2H 6H 10H 3D 7D JD 4C 8C"
DEAD2 = "KS 3H 7H JH 4D 8D QD 5C 9C 2S 6S"
DEAD3 = "QS 4H 8H KH 5D 9D AC 6C 10C 3S 7S"

#: The seed's pegging table for runs, written out as "points for the n-th card" ...
RUN_STEP = {3: 3, 4: 3, 5: 4, 6: 4, 7: 4, 8: 5, 9: 5, 10: 5, 11: 6, 12: 6, 13: 10}
#: ... and as the value of a whole run of n cards (sum of the steps).
RUN_TOTAL = {n: sum(v for k, v in RUN_STEP.items() if k <= n) for n in RUN_STEP}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def game(
    *hands: str,
    first: int = 0,
    upcard: str = "KD",
    stock: str = "",
    variant: rummykit.Variant = CRIB,
    **setup: object,
) -> RummyState:
    """A stacked deal: ``hands[seat]`` to each seat, ``first`` starts (the seat on the
    dealer's left), ``upcard`` turned, ``stock`` on top of the draw pile."""
    state = stacked_game(
        variant,
        hands=list(hands),
        dealer=(first - 1) % len(hands),
        first=first,
        upcard=upcard,
        stock=stock,
        **setup,  # type: ignore[arg-type]
    )
    assert isinstance(state, RummyState)
    return state


def pass_turn(state: RummyState) -> RummyState:
    """The player to move draws the top of the stock and discards that same card."""
    drawn = state.stock[-1]
    return play(state, Draw(), Discard(drawn))


def illegal(state: RummyState, move: str | object) -> IllegalMoveError:
    """Apply a move that must be illegal; check it is also not among the legal moves."""
    value = parse_move(move) if isinstance(move, str) else move
    assert value not in state.legal_moves()
    assert value not in list(state.legal_moves())
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(value)  # type: ignore[arg-type]
    return caught.value


def grant(state: RummyState, seat: int, text: str) -> RummyState:
    """Move ``text``'s cards from the stock into ``seat``'s hand.

    Used only where a test needs a hand larger than the 12 cards a player holds after a
    draw: such hands arise in play only after taking up part of the discard pile (R41), many
    turns into a deal. Taking the cards from the stock keeps every card of the deck in play
    exactly once.
    """
    stock = list(state.stock)
    for card in parse_cards(text):
        stock.remove(card)
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], *parse_cards(text))))
    return attrs.evolve(state, stock=tuple(stock), hands=tuple(hands))


# -- the deck and the deal ---------------------------------------------------------------------


def test_deck_has_106_cards_and_108_with_four_jokers():
    deck = CRIB.deck(2).cards()
    assert len(deck) == 106
    counts = Counter(deck)
    assert counts[Card.parse("JK")] == 2
    assert all(counts[card] == 2 for card in counts if not card.is_joker)
    assert len(counts) == 53
    four = rummykit.variant("crib-rummy", jokers=4).deck(3).cards()
    assert len(four) == 108
    assert Counter(four)[Card.parse("JK")] == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_eleven_cards_each_and_one_upcard(players):
    state = CRIB.new_game(players=players, seed=11)
    assert [len(hand) for hand in state.hands] == [11] * players
    assert len(state.discards) == 1
    assert len(state.stock) == 106 - 11 * players - 1
    assert sum(state.all_cards().values()) == 106
    assert state.phase is Phase.DRAW
    assert state.table == ()
    assert state.scores == (0,) * players


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_two_to_four_players_only(players):
    with pytest.raises(OptionError, match="2-4 players"):
        CRIB.new_game(players=players, seed=1)


def test_first_hand_starts_without_a_choice():
    # "Randomly select who plays first in the first hand": nobody is asked in deal 1.
    state = CRIB.new_game(players=3, seed=5)
    assert state.phase is Phase.DRAW
    assert state.to_move == (state.dealer + 1) % 3
    assert ChooseStart(True) not in state.legal_moves()


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"jokers": 3}, "jokers"),
        ({"jokers": 0}, "jokers"),
        ({"aces": "high"}, "aces"),
        ({"aces": "wrap"}, "aces"),
        ({"target": 0}, "target"),
        ({"target": -121}, "target"),
        ({"target": "121"}, "target"),
        ({"target": True}, "target"),
        ({"max_deals": 0}, "max_deals"),
    ],
)
def test_bad_options_raise_option_error_naming_the_option(options, words):
    with pytest.raises(OptionError, match=words) as caught:
        rummykit.variant("crib-rummy", **options)
    assert repr(next(iter(options.values()))) in str(caught.value)


def test_targets_121_61_241_are_options():
    assert CRIB.option("target") == 121
    for target in (61, 241):
        assert rummykit.variant("crib-rummy", target=target).option("target") == target


def test_unknown_option_name_raises_option_error_listing_the_options():
    with pytest.raises(OptionError, match="jokerz") as caught:
        rummykit.variant("crib-rummy", jokerz=4)
    for name in ("jokers", "aces", "target", "joker_respects_copy_limit"):
        assert name in str(caught.value)


@pytest.mark.parametrize("value", ["no", "false", 0, 1, None])
def test_joker_copy_limit_option_rejects_non_booleans(value):
    # bool("no") is True: a string must not silently switch the option on.
    with pytest.raises(OptionError, match="joker_respects_copy_limit"):
        rummykit.variant("crib-rummy", joker_respects_copy_limit=value)


@pytest.mark.parametrize("value", [2.0, 4.0, True, "2"])
def test_jokers_option_must_be_a_whole_number(value):
    # 2.0 == 2 passes a plain `in (2, 4)` check and would fail later inside new_game.
    with pytest.raises(OptionError, match="jokers"):
        rummykit.variant("crib-rummy", jokers=value).new_game(players=2, seed=1)


# -- R38: sets ---------------------------------------------------------------------------------


def test_r38_four_card_set_laid_at_once_scores_4():
    state = game("9S 9H 9D 9C 3S 4H 5D QC 2C 7H JS", DEAD2, stock="6D")
    state = play(state, "draw", "meld set 9: 9S 9H 9D 9C")
    assert state.turn_points == 4
    state = play(state, "discard 6D")
    assert state.scores == (4, 0)


def test_r38_set_of_three_scores_2_then_fourth_card_2_more():
    state = game("9S 9H 9D 9C 3S 4H 5D QC 2C 7H JS", DEAD2, stock="6D 10D 8S")
    state = play(state, "draw", "meld set 9: 9S 9H 9D", "discard 6D")
    assert state.scores == (2, 0)
    state = pass_turn(state)
    state = play(state, "draw", "lay 9C on #0", "discard 8S")
    assert state.scores == (4, 0)
    assert [str(c) for c in state.table[0].meld.cards] == ["9S", "9H", "9D", "9C"]


def test_r38_a_set_never_holds_more_than_four_cards():
    # "Sets are always locked at 4 cards" (seed tip), even with two packs and a joker.
    state = game("9S 9H 9D 9C 9S JK 5D QC 2C 7H JS", DEAD2, stock="6D")
    state = play(state, "draw")
    error = illegal(state, "meld set 9: 9S 9S 9H 9D 9C")
    assert error.rule == "meld.set.too_long"
    state = play(state, "meld set 9: 9S 9H 9D 9C")
    assert illegal(state, "lay 9S on #0").rule == "meld.set.too_long"
    assert illegal(state, "lay JK on #0").rule == "meld.set.too_long"
    assert not [m for m in state.legal_moves().of_type(LayOff) if m.target == 0]


# -- run pegging -------------------------------------------------------------------------------

CLUBS = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
NO_CLUBS = "AS 5S 9S 2H 6H 10H 3D 7D JD KS QH"


@pytest.mark.parametrize("length", range(3, 14))
def test_run_pegging_laid_at_once_scores_the_table_value(length):
    # 3/4/5-card runs score 3/6/10 ... a 13-card run 55.
    state = game(NO_CLUBS, DEAD3, stock="8D")
    state = grant(state, 0, " ".join(CLUBS[:length]))
    run = f"meld run AC-{CLUBS[length - 1]}: {' '.join(CLUBS[:length])}"
    state = play(state, "draw", run)
    assert state.turn_points == RUN_TOTAL[length]
    state = play(state, "discard 8D")
    assert state.scores == (RUN_TOTAL[length], 0)


def test_run_pegging_three_four_five_at_once_are_3_6_10():
    # The same numbers written out, as the brief and the seed state them.
    assert [RUN_TOTAL[n] for n in (3, 4, 5)] == [3, 6, 10]
    for length, points in ((3, 3), (4, 6), (5, 10)):
        state = game("AC 2C 3C 4C 5C 9S 2H 6H 10H 7D JD", DEAD3, stock="8D")
        state = play(state, "draw", f"meld run AC-{length}C: {' '.join(CLUBS[:length])}")
        assert state.turn_points == points


def test_run_pegging_one_card_at_a_time_follows_the_table_up_to_the_13th_card():
    state = game(NO_CLUBS, DEAD3, stock="8D")
    state = grant(state, 0, " ".join(CLUBS))
    state = play(state, "draw", "meld run AC-3C: AC 2C 3C")
    assert state.turn_points == 3
    for length in range(4, 14):
        before = state.turn_points
        state = play(state, f"lay {CLUBS[length - 1]} on #0 high")
        assert state.turn_points - before == RUN_STEP[length], f"card {length}"
    assert state.turn_points == 55
    assert len(state.table[0].meld) == 13
    # A 13-card run is complete: nothing more can be laid on it.
    state = play(state, "discard 8D")
    assert state.scores == (55, 0)


def test_run_pegging_thirteenth_card_scores_10():
    state = game(NO_CLUBS, DEAD3, stock="8D 4D 6D")
    state = grant(state, 0, " ".join(CLUBS))
    state = play(state, "draw", "meld run 2C-KC: " + " ".join(CLUBS[1:]), "discard 8D")
    assert state.scores == (45, 0)
    state = pass_turn(state)
    state = play(state, "draw", "lay AC on #0 low")
    assert state.turn_points == 10
    state = play(state, "discard 6D")
    assert state.scores == (55, 0)


def test_run_pegging_extending_three_to_five_in_two_lay_offs_scores_3_then_4():
    # Seed: "Whether the 4th and 5th cards are played when the run is first laid down, or
    # whether they are added in subsequent turns, they score the same points."
    state = game("5S 6S 7S 8S 9S 2H 3D JD 4C QC KH", DEAD2, stock="10D 6D 8C")
    state = play(state, "draw", "meld run 5S-7S: 5S 6S 7S", "discard 10D")
    assert state.scores == (3, 0)
    state = pass_turn(state)
    state = play(state, "draw", "lay 8S on #0 high")
    assert state.turn_points == 3
    state = play(state, "lay 9S on #0 high")
    assert state.turn_points == 3 + 4
    state = play(state, "discard 8C")
    assert state.scores == (10, 0) == (RUN_TOTAL[5], 0)


def test_run_pegging_low_end_extensions_score_the_same():
    state = game("5S 6S 7S 3S 4S 2H 3D JD 4C QC KH", DEAD2, stock="10D")
    state = play(state, "draw", "meld run 5S-7S: 5S 6S 7S", "lay 4S on #0 low")
    assert state.turn_points == 6
    state = play(state, "lay 3S on #0 low")
    assert state.turn_points == 10
    assert str(state.table[0].meld) == "run 3S-7S: 3S 4S 5S 6S 7S"


def test_run_pegging_jokers_count_as_the_card_they_represent():
    state = game("4S JK 6S 9S 9H JK 3D JD 4C QC KH", DEAD2, stock="7S 10D")
    state = play(state, "draw", "meld run 4S-6S: 4S JK 6S")
    assert state.turn_points == 3  # a run of three, joker included
    state = play(state, "lay 7S on #0 high")
    assert state.turn_points == 3 + 3  # the 4th card
    state = play(state, "lay JK on #0 high")
    assert state.turn_points == 3 + 3 + 4  # the joker is the 5th card (the 8S)
    assert [str(c) for c in state.table[0].meld.represents] == ["4S", "5S", "6S", "7S", "8S"]


def test_run_pegging_joker_in_a_set_counts_as_a_card_of_the_set():
    state = game("4S JK 6S 9S 9H JK 3D JD 4C QC KH", DEAD2, stock="10D")
    state = play(state, "draw", "meld set 9: 9S 9H JK")
    assert state.turn_points == 2
    state = play(state, "lay JK on #0")
    assert state.turn_points == 4


def test_points_go_to_the_player_who_lays_the_cards_even_on_an_opponents_meld():
    state = game(
        "3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C",
        "6S 7S QH QD QC 8D 2C KH 9D AC 10C",
        stock="JH KC 5H",
    )
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard JH")
    assert state.scores == (3, 0)
    state = play(state, "draw", "meld set Q: QH QD QC", "lay 6S on #0 high")
    assert state.turn_points == 2 + 3
    state = play(state, "lay 7S on #0 high")
    assert state.turn_points == 2 + 3 + 4
    state = play(state, "discard KC")
    assert state.scores == (3, 9)
    assert state.table[0].owner == 0  # the run stays seat 0's meld
    assert str(state.table[0].meld) == "run 3S-7S: 3S 4S 5S 6S 7S"


# -- R39: jokers never move --------------------------------------------------------------------


def _joker_run_on_table() -> RummyState:
    """Seat 0 has laid 4S JK 6S (the joker is the 5S); seat 1 holds both 5S and 7S and has
    a set of its own on the table, so it may lay off on seat 0's run."""
    state = game(
        "4S JK 6S 2H 6H 10H 3D 7D JD 4C 8C",
        "5S 5S 7S QH QD QC 8D 2C KH 9D AC",
        stock="JH 10C",
    )
    state = play(state, "draw", "meld run 4S-6S: 4S JK 6S", "discard JH")
    return play(state, "draw", "meld set Q: QH QD QC")


def test_r39_no_move_reclaims_or_moves_a_joker():
    state = _joker_run_on_table()
    moves = state.legal_moves()
    assert {type(m) for m in moves} <= {LayMeld, LayOff, Discard}
    # The natural 5S can never replace the joker that stands for it.
    assert not [m for m in moves.of_type(LayOff) if m.card == Card.parse("5S")]
    for end in (End.LOW, End.HIGH):
        assert illegal(state, LayOff(Card.parse("5S"), 0, end)).rule.startswith("meld.run")
    # Whatever seat 1 does, the joker stays where it is and keeps standing for the 5S.
    for move in moves:
        after = state.apply(move)
        run = after.table[0].meld
        index = run.cards.index(Card.parse("JK"))
        assert run.represents[index] == Card.parse("5S")
        assert after.table[0].owner == 0
        assert Card.parse("JK") not in after.hands[1]


def test_r39_a_meld_with_a_joker_keeps_its_identity_after_extension():
    state = _joker_run_on_table()
    state = play(state, "lay 7S on #0 high")
    run = state.table[0].meld
    assert str(run) == "run 4S-7S: 4S JK 6S 7S"
    assert run.represents[1] == Card.parse("5S")
    # A joker at the end of a run keeps its place too: the natural card it stands for does
    # not fit beyond it.
    end_joker = game("4S 5S JK 6S 6H 10H 3D 7D JD 4C 8C", DEAD2, stock="JH")
    end_joker = play(end_joker, "draw", "meld run 4S-6S: 4S 5S JK")
    assert illegal(end_joker, "lay 6S on #0 high").rule == "meld.run.not_consecutive"
    assert str(end_joker.table[0].meld) == "run 4S-6S: 4S 5S JK"


# -- R40: a joker for a card whose two copies are on the table ----------------------------------


def _both_4s_of_spades_on_table(variant: rummykit.Variant) -> RummyState:
    """Seat 0 lays A-2-3 of spades and a set holding both 4s of spades, keeping a joker,
    the 5S and the 6S."""
    state = game("AS 2S 3S 4S 4S 4H JK 5S 6S 9D KC", DEAD2, stock="JH", variant=variant)
    return play(state, "draw", "meld run AS-3S: AS 2S 3S", "meld set 4: 4S 4S 4H")


def test_r40_by_default_a_joker_may_stand_for_a_card_whose_copies_are_on_the_table():
    state = _both_4s_of_spades_on_table(CRIB)
    assert parse_move("lay JK on #0 high") in state.legal_moves()
    assert parse_move("meld run 4S-6S: JK 5S 6S") in state.legal_moves()
    after = play(state, "lay JK on #0 high")
    assert after.table[0].meld.represents[-1] == Card.parse("4S")
    after = play(state, "meld run 4S-6S: JK 5S 6S")
    assert after.table[-1].meld.represents[0] == Card.parse("4S")


def test_r40_option_joker_respects_copy_limit_forbids_it():
    state = _both_4s_of_spades_on_table(
        rummykit.variant("crib-rummy", joker_respects_copy_limit=True)
    )
    moves = state.legal_moves()
    for text in ("lay JK on #0 high", "meld run 4S-6S: JK 5S 6S"):
        assert parse_move(text) not in moves
        assert parse_move(text) not in list(moves)
        assert illegal(state, text).rule == "meld.wild.table_copies"
    # The joker may still stand for cards that are not used up: the 7S, or "a 4" in the set.
    assert parse_move("meld run 5S-7S: 5S 6S JK") in moves
    assert parse_move("lay JK on #1") in moves


# -- R41: taking the top discard ---------------------------------------------------------------


def _pile(stock_cards: str, hand0: str, hand1: str = DEAD2) -> RummyState:
    """Both players draw and discard the drawn card in turn, once per card of
    ``stock_cards``: the pile ends with the last of them on top and seat 0 to move
    (give an even number of cards)."""
    state = game(hand0, hand1, upcard="KC", stock=stock_cards)
    for _ in stock_cards.split():
        state = pass_turn(state)
    assert state.to_move == 0
    return state


def test_r41_taking_the_top_discard_is_legal_only_if_it_can_be_melded_at_once():
    meldable = game("5S 6S 9C 9D 2C KD QD JC 3C 4H 8H", DEAD3, upcard="7S")
    assert TakeDiscard() in meldable.legal_moves()
    unmeldable = game("5S 6S 9C 9D 2C KD QD JC 3C 4H 8H", DEAD3, upcard="7C")
    assert list(unmeldable.legal_moves()) == [Draw()]
    assert illegal(unmeldable, "take").rule == "take.unmeldable"


def test_r41_the_taken_card_must_be_melded_before_anything_else():
    state = play(game("5S 6S 9C 9D 2C KD QD JC 3C 4H JK", DEAD3, upcard="7S"), "take")
    assert state.phase is Phase.PICKUP
    assert state.pending == Card.parse("7S")
    assert illegal(state, "discard 2C").rule == "pickup.meld_first"
    assert illegal(state, "discard 7S").rule == "pickup.meld_first"
    assert illegal(state, "meld set 9: 9C 9D JK").rule == "pickup.meld_first"
    assert illegal(state, "draw").rule == "turn.phase"
    assert all(Card.parse("7S") in m.meld.cards for m in state.legal_moves().of_type(LayMeld))
    assert set(state.legal_moves().of_type(Discard)) == set()


def test_r41_a_player_without_a_meld_must_use_the_top_card_in_a_new_meld():
    # Seat 1 lays a set of Queens; seat 0 (no meld yet) could lay the discarded QS on it.
    state = game(
        "QS 3S 6H 6D 2H 10H 3D 7D JD 4C 8C",
        "QH QD QC KS 3H 7H JH 4D 8D 5C 9C",
        first=1,
        stock="AS",
    )
    state = play(state, "draw", "meld set Q: QH QD QC", "discard AS")
    # The top AS can only go on nothing: taking it is illegal.
    assert illegal(state, "take").rule == "take.unmeldable"
    # Same position, but the top card is a Queen that seat 0 could only lay off.
    state = game(
        "9S 3S 6H 6D 2H 10H 3D 7D JD 4C 8C",
        "QH QD QC KS 3H 7H JH 4D 8D 5C QS",
        first=1,
        stock="AS",
    )
    state = play(state, "draw", "meld set Q: QH QD QC", "discard QS")
    assert illegal(state, "take").rule == "take.unmeldable"
    # With a 6 in hand seat 0 can use the top 6S in a new meld: then the take is legal, and
    # laying the 6S off on someone's meld still is not.
    state = game(
        "9S 3S 6H 6D 2H 10H 3D 7D JD 4C 8C",
        "6C 6C 6S 6S KS 3H 7H JH 4D 8D 5C",
        first=1,
        stock="AS",
    )
    state = play(state, "draw", "meld set 6: 6C 6C 6S", "discard 6S")
    state = play(state, "take")
    error = illegal(state, "lay 6S on #0")
    assert error.rule == "pickup.new_meld"
    assert "R41" in error.detail
    state = play(state, "meld set 6: 6S 6H 6D")
    assert state.opened[0]
    assert state.phase is Phase.PLAY


def test_r41_an_opened_player_may_lay_the_top_card_on_any_meld():
    # Seat 0 opens with hearts; seat 1 lays a set of Queens and discards a Queen; seat 0
    # takes it and lays it on seat 1's set.
    state = game(
        "AH 2H 3H 5S 9S 10H 3D 7D JD 4C 8C",
        "QH QD QC KS 3C 7H JH 4D 8D 5C QS",
        stock="KD 6S",
    )
    state = play(state, "draw", "meld run AH-3H: AH 2H 3H", "discard KD")
    state = play(state, "draw", "meld set Q: QH QD QC", "discard QS")
    assert TakeDiscard() in state.legal_moves()
    state = play(state, "take")
    assert state.legal_moves().of_type(LayOff) == (LayOff(Card.parse("QS"), 1, None),)
    state = play(state, "lay QS on #1")
    assert state.turn_points == 2
    assert state.table[1].owner == 1
    assert state.phase is Phase.PLAY


def test_r41_after_the_meld_the_next_six_discards_come_into_the_hand():
    pile = "2D 3D 4D 5D 6D 8C 8S 7S"  # the 7S ends on top, 8S below it, ... KC (upcard) last
    state = _pile(pile, "5S 6S 9C 9D 2C KD QD JC 3C 4H 8H")
    assert str(state.discards[-1]) == "7S" and len(state.discards) == 9
    state = play(state, "take", "meld run 5S-7S: 5S 6S 7S")
    taken = cards("8S 8C 6D 5D 4D 3D")
    assert Counter(state.hands[0]) == Counter(cards("9C 9D 2C KD QD JC 3C 4H 8H") + taken)
    assert [str(c) for c in state.discards] == ["KC", "2D"]
    assert sum(state.all_cards().values()) == 106


def test_r41_fewer_than_six_discards_all_come():
    state = game("5S 6S 9C 9D 2C KD QD JC 3C 4H 8H", DEAD2, upcard="KC", stock="2D 7S")
    state = pass_turn(pass_turn(state))  # pile: KC 2D 7S
    state = play(state, "take", "meld run 5S-7S: 5S 6S 7S")
    assert state.discards == ()
    assert Counter(state.hands[0]) == Counter(cards("9C 9D 2C KD QD JC 3C 4H 8H KC 2D"))
    # With the whole pile taken, the discard starts a new pile.
    state = play(state, "discard 2C")
    assert [str(c) for c in state.discards] == ["2C"]


def test_r41_four_cards_under_the_taken_card_all_come():
    # Four cards below the taken 7S (KC 2D 3D 8C): all four come into the hand. (A slice from
    # the end once took only 6 - 4 of them.)
    state = _pile("2D 3D 8C 7S", "5S 6S 9C 9D 2C KD QD JC 3C 4H 8H")
    assert len(state.discards) == 5
    state = play(state, "take", "meld run 5S-7S: 5S 6S 7S")
    assert state.discards == ()
    assert Counter(state.hands[0]) == Counter(cards("9C 9D 2C KD QD JC 3C 4H 8H KC 2D 3D 8C"))


def test_r41_taking_the_lone_upcard_brings_nothing_more():
    state = play(game("5S 6S 9C 9D 2C KD QD JC 3C 4H 8H", DEAD3, upcard="7S"), "take")
    state = play(state, "meld run 5S-7S: 5S 6S 7S")
    assert state.discards == ()
    assert len(state.hands[0]) == 11 - 2
    state = play(state, "discard 8H")
    assert [str(c) for c in state.discards] == ["8H"]


def test_r41_no_other_discard_pile_card_may_be_used_in_that_meld():
    # The 7S on top could join 5S 6S; the 8S just below it may not help.
    state = _pile("2D 3D 4D 5D 6D 8C 8S 7S", "5S 6S 9C 9D 2C KD QD JC 3C 4H 8H")
    state = play(state, "take")
    assert illegal(state, "meld run 6S-8S: 6S 7S 8S").rule == "card.not_in_hand"
    assert illegal(state, "meld run 5S-8S: 5S 6S 7S 8S").rule == "card.not_in_hand"
    assert list(state.legal_moves()) == [LayMeld(Meld.parse("run 5S-7S: 5S 6S 7S"))]
    # If the top card could only be melded with the card below it, it cannot be taken.
    state = _pile("2D 3D 4D 5D 6D 8C 7S 8S", "5S 6S 9C 9D 2C KD QD JC 3C 4H 8H")
    assert str(state.discards[-1]) == "8S"
    assert illegal(state, "take").rule == "take.unmeldable"


def test_r41_discarding_before_melding_the_taken_card_is_illegal():
    state = _pile("2D 3D 4D 5D 6D 8C 8S 7S", "5S 6S 9C 9D 2C KD QD JC 3C 4H 8H")
    state = play(state, "take")
    before = state
    error = illegal(state, "discard 9C")
    assert error.rule == "pickup.meld_first"
    assert state == before
    assert len(state.discards) == 8  # nothing was taken into the hand yet


# -- R42: opened -------------------------------------------------------------------------------


def _opponent_set_on_table() -> RummyState:
    """Seat 1 has laid a set of Queens; seat 0 (no meld yet) holds a Queen and a run."""
    state = game(
        "QS 3S 4S 5S 2H 10H 3D 7D JD 4C 8C",
        "QH QD QC KS 3H 7H JH 4D 8D 5C 9C",
        first=1,
        stock="AD 6D",
    )
    return play(state, "draw", "meld set Q: QH QD QC", "discard AD", "draw")


def test_r42_laying_off_on_an_opponents_meld_before_having_a_meld_is_illegal():
    state = _opponent_set_on_table()
    assert not state.opened[0]
    error = illegal(state, "lay QS on #0")
    assert error.rule == "layoff.not_opened"
    assert "R42" in error.detail


def test_r42_after_laying_ones_own_meld_earlier_in_the_turn_it_is_legal():
    state = _opponent_set_on_table()
    state = play(state, "meld run 3S-5S: 3S 4S 5S")
    assert state.opened[0]
    assert parse_move("lay QS on #0") in state.legal_moves()
    state = play(state, "lay QS on #0", "discard 6D")
    assert state.scores == (3 + 2, 2)


def test_r42_the_pickup_meld_opens_the_player():
    # R42: "the discard-top meld counts".
    state = game(
        "QS 3S 4S 2H 6H 10H 3D 7D JD 4C 8C",
        "QH QD QC KS 3H 7H JH 4D 8D 5C 5S",
        first=1,
        stock="AD",
    )
    state = play(state, "draw", "meld set Q: QH QD QC", "discard 5S", "take")
    state = play(state, "meld run 3S-5S: 3S 4S 5S")
    assert state.opened[0]
    state = play(state, "lay QS on #0")
    assert state.table[0].meld.cards.count(Card.parse("QS")) == 1


def test_r42_extending_ones_own_meld_needs_nothing_more():
    state = game("3S 4S 5S 6S 7S 10H 3D 7D JD 4C 8C", DEAD2, stock="AD 2D")
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD")
    state = pass_turn(state)
    state = play(state, "draw")
    assert parse_move("lay 6S on #0 high") in state.legal_moves()
    state = play(state, "lay 6S on #0 high", "lay 7S on #0 high")
    assert state.turn_points == 3 + 4


def test_r42_opened_is_per_deal():
    # Seat 0 goes out in deal 1 after opening; in deal 2 nobody has opened yet.
    state = game("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", DEAD2, stock="QS")
    state = play(state, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert state.deal_number == 2
    assert state.opened == (False, False)
    assert state.table == ()


# -- R43: the rummy bonus ----------------------------------------------------------------------


def test_r43_two_players_two_points_per_card_in_the_opponents_hand():
    state = game(
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
        "AH 2H 3H 7D JD 4C 8C 2C 6H 10H 3D",
        first=1,
        stock="KC QS",
    )
    state = play(state, "draw", "meld run AH-3H: AH 2H 3H", "discard KC")  # seat 1 holds 8
    assert len(state.hands[1]) == 8
    state = play(state, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert deal_summary(state) == (DealEnd.OUT, 0, (16, 0))
    assert state.scores == (45 + 16, 3)


def test_r43_three_players_one_point_per_card_in_both_opponents_hands():
    state = game(
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
        "AH 2H 3H 7D JD 4C 8C 2C 6H 10H 3D",
        DEAD3,
        first=1,
        stock="KC 4D QS",
    )
    state = play(state, "draw", "meld run AH-3H: AH 2H 3H", "discard KC")
    state = pass_turn(state)
    state = play(state, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert deal_summary(state) == (DealEnd.OUT, 0, (8 + 11, 0, 0))
    assert state.scores == (45 + 19, 3, 0)


@pytest.mark.parametrize(
    ("others", "left", "bonus"),
    [
        # every opponent keeps one card: 3 cards -> 1.5 -> 2 (not 1 + 1 + 1 = 3)
        (
            (
                "2H 3H 4H 5H 6H 7H 8H 9H 10H JH KC",
                "2D 3D 4D 5D 6D 7D 8D 9D 10D JD KS",
                "2C 3C 4C 5C 6C 7C 8C 9C 10C JC KH",
            ),
            (1, 1, 1),
            2,
        ),
        # 1 + 3 + 3 = 7 cards -> 3.5 -> 4 (rounding per opponent would give 1 + 2 + 2 = 5)
        (
            (
                "2H 3H 4H 5H 6H 7H 8H 9H 10H JH KC",
                "2D 3D 4D 5D 6D 7D 8D 9D KS KH QC",
                "2C 3C 4C 5C 6C 7C 8C 9C KD QH QD",
            ),
            (1, 3, 3),
            4,
        ),
    ],
)
def test_r43_four_players_half_a_point_per_card_rounded_up_once(others, left, bonus):
    state = game("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", *others, first=1, stock="5H 5D 5C QS")
    for seat, hand in ((1, others[0]), (2, others[1]), (3, others[2])):
        run = parse_cards(hand)[: 11 - left[seat - 1]]
        suit = run[0].suit.letter
        meld = f"meld run 2{suit}-{run[-1]}: {' '.join(map(str, run))}"
        drawn = state.stock[-1]
        state = play(state, "draw", meld, Discard(drawn))
    assert tuple(len(h) for h in state.hands[1:]) == left
    pegged = state.scores
    state = play(state, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert deal_summary(state) == (DealEnd.OUT, 0, (bonus, 0, 0, 0))
    assert state.scores == (45 + bonus, *pegged[1:])


# -- R44: who starts later hands ---------------------------------------------------------------

FOUR = (DEAD1, DEAD2, DEAD3, "JS 4S 8S AH 5H 9H 2D 6D 10D 3C 7C")


@pytest.mark.parametrize(
    ("scores", "chooser"),
    [((10, 5, 20, 30), 1), ((4, 50, 3, 3), 2), ((7, 9, 8, 6), 3), ((0, 1, 2, 3), 0)],
)
def test_r44_the_player_with_the_lowest_score_chooses(scores, chooser):
    # (4, 50, 3, 3) is a tie between seats 2 and 3; seat 2 comes first clockwise after seat 1
    # (the dealer's left) and after seat 0 (the dealer) alike, whichever a stacked deal 2
    # takes as the previous hand's first player.
    state = stacked_game(CRIB, hands=list(FOUR), dealer=0, upcard="KD", deal=2, scores=scores)
    assert state.deal_number == 2
    assert state.phase is Phase.CHOOSE_START
    assert state.to_move == chooser
    assert set(state.legal_moves()) == {ChooseStart(True), ChooseStart(False)}
    assert illegal(state, "draw").rule == "turn.phase"
    assert illegal(state, "discard KD").rule == "turn.phase"
    assert state.scores == scores


@pytest.mark.parametrize(("players", "chooser"), [(2, 1), (3, 2), (4, 3)])
def test_r44_start_or_decline(players, chooser):
    scores = tuple(50 - 10 * seat for seat in range(players))  # the last seat is behind
    state = stacked_game(
        CRIB, hands=list(FOUR[:players]), dealer=0, upcard="KD", deal=2, scores=scores
    )
    assert state.to_move == chooser
    started = play(state, "start")
    assert (started.to_move, started.phase, started.first_player) == (
        chooser,
        Phase.DRAW,
        chooser,
    )
    declined = play(state, "decline")
    left = (chooser + 1) % players
    assert (declined.to_move, declined.phase, declined.first_player) == (left, Phase.DRAW, left)
    # Choosing is not a turn: the chooser who starts then plays a normal turn.
    assert Draw() in started.legal_moves()
    assert illegal(started, "start").rule == "turn.phase"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r44_after_a_decline_the_starter_is_the_active_player_and_its_draw_stays_hidden(
    players,
):
    """The seat that declines hands the turn over: the starter is the active player, so the
    card it draws from the stock is the starter's own (before, ``active`` stayed with the
    chooser, whose view then showed the starter's draw: a leak the conformance kit's
    renaming probe found)."""
    scores = tuple(50 - 10 * seat for seat in range(players))  # the last seat is behind
    state = stacked_game(
        CRIB, hands=list(FOUR[:players]), dealer=0, upcard="KD", deal=2, scores=scores
    )
    chooser = players - 1
    declined = play(state, "decline")
    starter = declined.to_move
    assert declined.active == starter == (chooser + 1) % players
    drew = play(declined, "draw")
    assert drew.drawn is not None
    assert drew.view(starter).drawn == drew.drawn
    for seat in range(players):
        if seat != starter:
            assert drew.view(seat).drawn is HIDDEN
            assert drew.view(seat).active == starter
    started = play(state, "start")
    assert started.active == chooser


def test_r44_the_choice_is_made_after_seeing_the_upcard():
    state = stacked_game(CRIB, hands=list(FOUR[:2]), dealer=0, upcard="QH", deal=2, scores=(9, 0))
    assert state.view(1).discard_top == Card.parse("QH")
    assert state.view(1).phase is Phase.CHOOSE_START


def test_r44_a_tie_goes_to_the_tied_player_first_clockwise_after_the_previous_first_player():
    # Deal 1: seat 0 deals, seat 1 starts and goes out at once. Seats 0 and 2 are tied on 0;
    # clockwise after seat 1 (the previous first player) comes seat 2, so seat 2 chooses.
    state = game(
        "AH 5H 9H 2S 6S 10S 3C 7C JC 4D 8D",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
        DEAD3,
        first=1,
        stock="QS",
    )
    state = play(state, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert state.scores == (0, 45 + 22, 0)
    assert state.deal_number == 2
    assert state.phase is Phase.CHOOSE_START
    assert state.to_move == 2
    declined = play(state, "decline")
    assert declined.to_move == 0
    assert declined.first_player == 0


def test_r44_the_behind_player_chooses_after_a_real_deal():
    # Deal 1 (2 players): seat 0 starts and goes out; seat 1 is behind and chooses in deal 2.
    state = game("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", DEAD2, stock="QS")
    state = play(state, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert (state.deal_number, state.phase, state.to_move) == (2, Phase.CHOOSE_START, 1)
    assert [len(h) for h in state.hands] == [11, 11]
    assert len(state.discards) == 1


def test_r44_a_stacked_deal_two_asks_the_same_chooser_as_the_real_deal_two():
    hands = (
        "AH 5H 9H 2S 6S 10S 3C 7C JC 4D 8D",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
        DEAD3,
    )
    real = stacked_game(CRIB, hands=list(hands), dealer=0, upcard="KD", stock="QS")
    real = play(real, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert (real.deal_number, real.dealer, real.scores, real.to_move) == (2, 1, (0, 67, 0), 2)
    stacked = stacked_game(
        CRIB, hands=list(hands), dealer=real.dealer, upcard="KD", deal=2, scores=real.scores
    )
    assert stacked.to_move == real.to_move


# -- R45: the end of the game ------------------------------------------------------------------

RUN_HAND = "3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C"


def test_r45_players_with_fewer_turns_take_one_more_turn_then_the_game_ends():
    state = game(RUN_HAND, DEAD2, DEAD3, scores=(119, 0, 0), stock="AD 2D 6D")
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S")
    assert state.scores == (119, 0, 0)  # pegged at the end of the turn (R46)
    state = play(state, "discard AD")
    assert state.scores == (122, 0, 0)
    assert not state.is_over and state.to_move == 1
    state = pass_turn(state)
    assert not state.is_over and state.to_move == 2
    state = pass_turn(state)
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.winners == (0,)
    assert list(state.legal_moves()) == []
    assert illegal(state, "draw").rule == "game.over"


def test_r45_the_game_ends_at_once_when_everyone_has_had_as_many_turns():
    # Seat 1 starts; seat 0 reaches the target in the second turn of the round.
    state = game(RUN_HAND, DEAD2, first=1, scores=(119, 0), stock="AD 2D")
    state = pass_turn(state)
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard 2D")
    assert state.is_over
    assert state.winners == (0,)


def test_r45_a_player_who_reaches_later_with_more_points_wins():
    state = game(RUN_HAND, "9S 9H 9D 10S JS QS KS 5C 2C AC 7H", scores=(119, 118), stock="AD 8D")
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD")
    state = play(state, "draw", "meld run 10S-KS: 10S JS QS KS", "discard 8D")
    assert state.is_over
    assert state.scores == (122, 124)
    assert state.winners == (1,)


def test_r45_a_tie_goes_to_the_player_who_reached_the_target_first():
    state = game(RUN_HAND, "9S 9H 9D 10S JS QS 3H 5C 2C AC 7H", scores=(118, 118), stock="AD 8D")
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD")
    state = play(state, "draw", "meld run 10S-QS: 10S JS QS", "discard 8D")
    assert state.is_over
    assert state.scores == (121, 121)
    assert state.winners == (0,)
    # The same tie the other way round: seat 1 starts, reaches first and wins.
    state = game(
        RUN_HAND, "10S JS QS 9S 9H 3H 5C 2C AC 7H KD", first=1, scores=(118, 118), stock="AD 8D"
    )
    state = play(state, "draw", "meld run 10S-QS: 10S JS QS", "discard AD")
    assert not state.is_over  # seat 0 has had fewer turns
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard 8D")
    assert state.is_over and state.scores == (121, 121)
    assert state.winners == (1,)


def test_r45_reached_by_rummying_the_game_ends_at_once():
    state = game("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", DEAD2, DEAD3, scores=(60, 0, 0), stock="QS")
    state = play(state, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert state.is_over  # seats 1 and 2 had fewer turns but the hand is over
    assert state.scores == (60 + 45 + 22, 0, 0)
    assert state.winners == (0,)
    assert deal_summary(state) == (DealEnd.OUT, 0, (22, 0, 0))


def test_r45_the_rummy_bonus_can_reach_the_target():
    state = game("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", DEAD2, scores=(70, 0), stock="QS")
    state = play(state, "draw", "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert state.scores == (70 + 45 + 22, 0)
    assert state.is_over


@pytest.mark.parametrize("target", [61, 121, 241])
def test_r45_target_options(target):
    variant = rummykit.variant("crib-rummy", target=target)
    short = game(RUN_HAND, DEAD2, scores=(target - 4, 0), stock="AD 2D 6D", variant=variant)
    short = pass_turn(play(short, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD"))
    assert short.scores == (target - 1, 0)
    assert not short.is_over
    reach = game(RUN_HAND, DEAD2, scores=(target - 3, 0), stock="AD 2D", variant=variant)
    reach = pass_turn(play(reach, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD"))
    assert reach.scores == (target, 0)
    assert reach.is_over
    assert reach.winners == (0,)


def test_r45_reaching_the_target_in_the_turn_that_empties_the_draw_pile_ends_the_game():
    state = game(
        "3S 4S 5S 9H 9D 9C 6H 10H 3D JD 8C",
        "AH 2H 3H 6S 2S KS 7D 4D 5C 9S QC",
        scores=(119, 0),
    )
    while len(state.stock) > 1:
        state = pass_turn(state)
    assert state.to_move == 0
    state = play(state, "draw", "meld set 9: 9H 9D 9C", "discard 3D")
    # The hand is over (R47), so seat 1 has no final turn (R45).
    assert state.is_over
    assert state.scores == (121, 0)
    assert deal_summary(state) == (DealEnd.STOCK, None, (0, 0))
    assert state.winners == (0,)


# -- R46: pegging at the end of the turn -------------------------------------------------------


def test_r46_points_are_pegged_when_the_turn_ends():
    state = game("3S 4S 5S 6S 9H 9D 9C 7D JD 4C 8C", DEAD2, stock="AD")
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S")
    assert (state.scores, state.turn_points) == ((0, 0), 3)
    assert state.view(0).turn_points == 3
    state = play(state, "lay 6S on #0 high", "meld set 9: 9H 9D 9C")
    assert (state.scores, state.turn_points) == ((0, 0), 3 + 3 + 2)
    state = play(state, "discard AD")
    assert (state.scores, state.turn_points) == ((8, 0), 0)
    # The next player's turn starts from nothing.
    state = play(state, "draw")
    assert state.turn_points == 0


def test_r46_a_turn_without_melds_pegs_nothing():
    state = pass_turn(game(DEAD1, DEAD2, stock="AD"))
    assert state.scores == (0, 0)


STRICT = rummykit.variant("crib-rummy", strict_pegging=True)


def test_r46_strict_pegging_the_player_pegs_as_the_last_act_of_the_turn():
    state = game("3S 4S 5S 6S 9H 9D 9C 7D JD 4C 8C", DEAD2, stock="AD", variant=STRICT)
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD")
    assert (state.phase, state.to_move, state.scores) == (Phase.PEG, 0, (0, 0))
    assert [str(m) for m in state.legal_moves()] == ["peg", "forgo"]
    assert illegal(state, "draw").rule == "turn.phase"
    state = play(state, "peg")
    assert (state.scores, state.to_move, state.phase) == ((3, 0), 1, Phase.DRAW)


def test_r46_strict_pegging_forgotten_points_are_forfeit():
    state = game("3S 4S 5S 6S 9H 9D 9C 7D JD 4C 8C", DEAD2, stock="AD", variant=STRICT)
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD", "forgo")
    assert (state.scores, state.turn_points, state.to_move) == ((0, 0), 0, 1)


def test_r46_strict_pegging_a_turn_without_points_asks_nothing():
    state = pass_turn(game(DEAD1, DEAD2, stock="AD", variant=STRICT))
    assert (state.phase, state.to_move) == (Phase.DRAW, 1)


def test_r46_peg_is_refused_when_there_is_nothing_to_peg():
    state = game(DEAD1, DEAD2, stock="AD", variant=STRICT)
    assert illegal(state, "peg").rule == "turn.phase"


# -- R47: the draw pile runs out ---------------------------------------------------------------


def test_r47_after_the_turn_of_the_player_who_drew_the_last_card_the_hand_ends():
    state = game(
        "3S 4S 5S 9H 9D 9C 6H 10H 3D JD 8C", "AH 2H 3H 6S 2S KS 7D 4D 5C 9S QC", stock="AD 2D"
    )
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD")
    state = play(state, "draw", "meld run AH-3H: AH 2H 3H", "discard 2D")
    assert state.scores == (3, 3)
    while len(state.stock) > 1:
        state = pass_turn(state)
    assert state.to_move == 0  # 83 - 2 cards drawn so far: seat 0 draws the last one
    state = play(state, "draw")
    assert state.stock == ()
    assert state.phase is Phase.PLAY and state.deal_number == 1  # the turn goes on
    state = play(state, "meld set 9: 9H 9D 9C")
    assert [len(h) for h in state.hands] == [6, 8]
    state = play(state, Discard(state.hands[0][0]))
    assert deal_summary(state) == (DealEnd.STOCK, None, (0, 0))  # no rummy bonus, no penalty
    assert state.scores == (3 + 2, 3)
    assert state.deal_number == 2
    assert not state.is_over
    assert [len(h) for h in state.hands] == [11, 11]


def test_r47a_going_out_on_the_turn_that_empties_the_draw_pile_is_a_rummy():
    # R47a: the player who draws the last card plays the turn; melding the whole hand in it
    # (here with a final discard) is a rummy and earns R43's bonus, 2 a card in the other hand.
    state = game(
        "3S 4S 5S KH KD KC 6H 7H 8H 9H 10H", "AH 2H 3H 6S 2S KS 7D 4D 5C 10S QC", stock="AD 2D"
    )
    state = play(state, "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD")
    state = play(state, "draw", "meld run AH-3H: AH 2H 3H", "discard 2D")
    while len(state.stock) > 1:
        state = pass_turn(state)
    assert state.to_move == 0
    state = play(state, "draw")
    assert state.stock == ()
    state = play(state, "meld set K: KH KD KC", "meld run 6H-10H: 6H 7H 8H 9H 10H")
    (last,) = state.hands[0]
    assert len(state.hands[1]) == 8
    state = play(state, Discard(last))
    assert deal_summary(state) == (DealEnd.OUT, 0, (2 * 8, 0))
    assert state.scores == (3 + 2 + RUN_TOTAL[5] + 2 * 8, 3)
    assert state.deal_number == 2


# -- R48: melds of jokers only (four-joker option) ---------------------------------------------


def test_r48_a_meld_of_only_jokers_is_allowed_when_declared():
    four = rummykit.variant("crib-rummy", jokers=4)
    state = game("JK JK JK JK 2H 6H 10H 3D 7D JD 8C", DEAD2, stock="AD", variant=four)
    state = play(state, "draw")
    as_set = parse_move("meld set 7: JK JK JK")
    as_run = parse_move("meld run 4H-6H: JK JK JK")
    assert as_set in state.legal_moves() and as_set in list(state.legal_moves())
    assert as_run in state.legal_moves() and as_run in list(state.legal_moves())
    after = play(state, as_set)
    assert after.turn_points == 2
    assert after.table[0].meld.represents == (Rank.SEVEN,) * 3
    after = play(state, as_run, "lay JK on #0 high")
    assert after.turn_points == 6
    assert [str(c) for c in after.table[0].meld.represents] == ["4H", "5H", "6H", "7H"]


def test_r48_an_all_joker_meld_is_extended_as_declared():
    four = rummykit.variant("crib-rummy", jokers=4)
    state = game("JK JK JK 7H 8S 6H 10H 3D 7D JD 8C", DEAD2, stock="AD", variant=four)
    state = play(state, "draw", "meld run 4H-6H: JK JK JK")
    assert parse_move("lay 7H on #0 high") in state.legal_moves()
    assert illegal(state, "lay 8S on #0 high").rule == "meld.run.not_consecutive"
    assert illegal(state, "lay 6H on #0 high").rule == "meld.run.not_consecutive"


def test_r48_an_all_joker_meld_needs_a_declared_anchor():
    four = rummykit.variant("crib-rummy", jokers=4)
    state = play(
        game("JK JK JK JK 2H 6H 10H 3D 7D JD 8C", DEAD2, stock="AD", variant=four), "draw"
    )
    with pytest.raises(ValueError, match="cannot read move"):
        parse_move("meld JK JK JK")
    # A run of jokers must still fit the ranks: nothing above the King with Aces low.
    assert illegal(state, "meld run QH-AH: JK JK JK").rule == "meld.run.ace_position"


# -- R49: Aces high or low ---------------------------------------------------------------------

ACES = "QS KS AS 2S 3S AD 2D KD QD 9C 9H"


def test_r49_aces_either_makes_q_k_a_and_a_2_3_valid_but_not_k_a_2():
    either = rummykit.variant("crib-rummy", aces="either")
    state = play(game(ACES, DEAD3, stock="7C", variant=either), "draw")
    melds = {str(m.meld) for m in state.legal_moves().of_type(LayMeld)}
    assert "run QS-AS: QS KS AS" in melds
    assert "run AS-3S: AS 2S 3S" in melds
    assert "run QD-AD: QD KD AD" in melds
    # K-A-2 is never a run: no reading of the cards puts an Ace between a King and a Two.
    for meld in (m.meld for m in state.legal_moves().of_type(LayMeld)):
        ranks = [c.rank for c in meld.represents if isinstance(c, Card)]
        assert not (Rank.KING in ranks and Rank.TWO in ranks), meld
    with pytest.raises(ValueError):
        Meld.run(parse_cards("KS AS 2S"), suit=Suit.SPADES, start=13)
    with pytest.raises(ValueError):
        parse_move("meld run KS-2S: KS AS 2S")


def test_r49_an_ace_is_one_end_never_both_and_runs_never_wrap():
    either = rummykit.variant("crib-rummy", aces="either")
    state = play(game(ACES, DEAD3, stock="7C", variant=either), "draw")
    high = play(state, "meld run QS-AS: QS KS AS")
    assert high.turn_points == 3
    assert illegal(high, "lay 2S on #0 high").rule == "layoff.shape"
    low = play(state, "meld run AS-3S: AS 2S 3S")
    assert illegal(low, "lay KS on #0 low").rule == "layoff.shape"


def test_r49_aces_low_by_default():
    state = play(game(ACES, DEAD3, stock="7C"), "draw")
    assert illegal(state, "meld run QS-AS: QS KS AS").rule == "meld.run.ace_position"
    assert parse_move("meld run AS-3S: AS 2S 3S") in state.legal_moves()


def test_r49_a_thirteen_card_run_with_the_ace_high_scores_55():
    either = rummykit.variant("crib-rummy", aces="either")
    state = game(NO_CLUBS, DEAD2, stock="8D", variant=either)
    state = grant(state, 0, " ".join(CLUBS) + " AC")  # both Aces of clubs
    state = play(state, "draw", "meld run 3C-AC: " + " ".join([*CLUBS[2:], "AC"]))
    assert state.turn_points == RUN_TOTAL[12]
    state = play(state, "lay 2C on #0 low")
    assert state.turn_points == RUN_TOTAL[13] == 55  # the 13th card scores 10 either way
    # The 13-card run 2..A is complete: the other Ace cannot also stand at the low end.
    assert illegal(state, "lay AC on #0 low").rule == "meld.run.too_long"
    state = play(state, "discard 8D")
    assert state.scores == (55, 0)


# -- going out ---------------------------------------------------------------------------------


def test_going_out_with_a_final_discard():
    state = game("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", DEAD2, stock="KD")
    state = play(state, "draw", "meld run AS-JS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    assert state.deal_number == 1 and state.hands[0] == cards("KD")
    state = play(state, "discard KD")
    assert deal_summary(state) == (DealEnd.OUT, 0, (22, 0))
    assert state.scores == (39 + 22, 0)
    assert state.deal_number == 2


def test_going_out_without_a_final_discard_ends_the_deal_at_once():
    state = game("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", DEAD2, stock="QS")
    state = play(state, "draw")
    state = play(state, "meld run AS-QS: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert deal_summary(state) == (DealEnd.OUT, 0, (22, 0))
    assert state.scores == (45 + 22, 0)
    assert state.deal_number == 2
    assert state.table == ()
    assert state.phase is Phase.CHOOSE_START


def test_going_out_by_laying_off_the_last_card():
    state = game("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", DEAD2, stock="2S")
    state = play(state, "draw", "meld run 2S-QS: 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert state.hands[0] == cards("KS")
    state = play(state, "lay KS on #0 high")
    assert deal_summary(state) == (DealEnd.OUT, 0, (22, 0))
    assert state.scores == (RUN_TOTAL[12] + 22, 0)


# -- seed 003: the worked examples and the tip -------------------------------------------------


def test_seed003_scoring_example_three_card_run_then_fourth_then_fifth():
    # "Laying down a three-card run scores 3 points. Adding a 4th card to that run scores 3
    # points. Adding a 5th card scores 4 points."
    state = game("6H 7H 8H 9H 10H 2S 3D JD 4C QC KS", DEAD1, stock="AD 5D 6D 7C")
    state = play(state, "draw", "meld run 6H-8H: 6H 7H 8H", "discard AD")
    assert state.scores == (3, 0)
    state = pass_turn(state)
    state = play(state, "draw", "lay 9H on #0 high", "discard 6D")
    assert state.scores == (6, 0)
    state = pass_turn(state)
    state = play(state, "draw", "lay 10H on #0 high")
    assert state.turn_points == 4
    state = play(state, "discard 2S")
    assert state.scores == (10, 0)


def test_seed003_cards_played_at_once_or_later_score_the_same():
    at_once = game("6H 7H 8H 9H 10H 2S 3D JD 4C QC KS", DEAD1, stock="AD")
    at_once = play(at_once, "draw", "meld run 6H-10H: 6H 7H 8H 9H 10H", "discard AD")
    later = game("6H 7H 8H 9H 10H 2S 3D JD 4C QC KS", DEAD1, stock="AD")
    later = play(later, "draw", "meld run 8H-10H: 8H 9H 10H", "lay 7H on #0 low")
    later = play(later, "lay 6H on #0 low", "discard AD")
    assert at_once.scores == later.scores == (10, 0)


def test_seed003_tip_a23_of_spades_is_locked_when_both_4s_of_spades_sit_in_a_set():
    # "if you meld A-2-3 in spades, and see that a set of three 4's on the table includes
    # both 4's of spades, you know the A-2-3 meld can not be extended on either the high or
    # low ends."
    state = _both_4s_of_spades_on_table(CRIB)
    run = state.table[0].meld
    assert str(run) == "run AS-3S: AS 2S 3S"
    # No natural card left anywhere (hands, stock, discards) extends the run.
    elsewhere = Counter(state.stock) + Counter(state.discards)
    for hand in state.hands:
        elsewhere.update(hand)
    context = state.context
    for card in elsewhere:
        if card.is_joker:
            continue
        grown = Meld.run((*run.cards, card), suit=Suit.SPADES, start=1)
        assert not context.is_valid(grown), card
    # The low end is closed for every card (Aces are low).
    assert illegal(state, "lay JK on #0 low").rule == "layoff.shape"
    # R40: by default the joker can still stand for a 4S and extend the run ...
    assert parse_move("lay JK on #0 high") in state.legal_moves()
    # ... but not when the joker respects the copy limit (the tip read literally).
    strict = _both_4s_of_spades_on_table(
        rummykit.variant("crib-rummy", joker_respects_copy_limit=True)
    )
    assert not [m for m in strict.legal_moves().of_type(LayOff) if m.target == 0]
    assert illegal(strict, "lay JK on #0 high").rule == "meld.wild.table_copies"


def test_seed003_lay_off_beyond_a_run_end_is_explained_as_a_run_end():
    state = _both_4s_of_spades_on_table(CRIB)
    # (Once explained as "a set has no ends"; the run end is meant.)
    error = illegal(state, "lay JK on #0 low")
    assert error.rule == "layoff.shape"
    assert "set" not in error.detail
    assert "low" in error.detail


# -- the turn sequence and random whole games ------------------------------------------------


def test_a_turn_is_draw_then_melds_then_one_discard():
    state = game("3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C", DEAD2, stock="AD")
    assert illegal(state, "meld run 3S-5S: 3S 4S 5S").rule == "turn.phase"
    assert illegal(state, "discard 2H").rule == "turn.phase"
    state = play(state, "draw")
    assert illegal(state, "draw").rule == "turn.phase"
    assert illegal(state, "take").rule == "turn.phase"
    assert illegal(state, "discard 5H").rule == "card.not_in_hand"
    state = play(state, "discard AD")
    assert state.to_move == 1
    assert state.turns == (1, 0)
    assert str(state.discards[-1]) == "AD"


def test_moves_are_checked_against_the_hand_and_the_table():
    state = play(game("3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C", DEAD2, stock="AD"), "draw")
    assert illegal(state, "meld run 3S-5S: 3S 4S 5H").rule.startswith("card.not_in_hand")
    assert illegal(state, "lay 3S on #0 high").rule == "layoff.no_meld"
    state = play(state, "meld run 3S-5S: 3S 4S 5S")
    assert illegal(state, "lay 2H on #0 low").rule == "meld.run.not_consecutive"
    assert illegal(state, "lay 2H on #0").rule == "layoff.shape"
    assert illegal(state, "lay 2H on #5 low").rule == "layoff.no_meld"
    assert illegal(state, LayOff(Card.parse("2H"), -1, End.LOW)).rule == "layoff.no_meld"


def _value(meld: Meld) -> int:
    if meld.kind is MeldKind.RUN:
        return RUN_TOTAL[len(meld)]
    return {3: 2, 4: 4}[len(meld)]


@pytest.mark.parametrize(
    ("options", "players", "seed"),
    [({}, 2, 1), ({"jokers": 4, "aces": "either"}, 3, 2), ({"target": 61}, 4, 3)],
)
def test_random_games_peg_by_the_table_and_pay_the_rummy_bonus(options, players, seed):
    """In whole random games: every lay scores the seed's table for the meld it changes, the
    player who lays is credited, lay-offs on other seats' melds come only from opened
    players, and each deal ends with the R43 bonus or (R47) nothing."""
    variant = rummykit.variant("crib-rummy", **options)
    state = variant.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    deals = {DealEnd.OUT: 0, DealEnd.STOCK: 0}
    while not state.is_over:
        moves = list(state.legal_moves())
        laying = [m for m in moves if isinstance(m, LayMeld | LayOff | TakeDiscard)]
        move = rng.choice(laying if laying and rng.random() < 0.8 else moves)
        seat, before = state.to_move, state
        after = state.apply(move)
        same_deal = after.deal_number == before.deal_number and not after.is_over
        if isinstance(move, LayOff):
            owner = before.table[move.target].owner
            assert owner == seat or before.opened[seat]
        if isinstance(move, LayMeld | LayOff) and same_deal:
            table_gain = sum(_value(p.meld) for p in after.table) - sum(
                _value(p.meld) for p in before.table
            )
            assert after.turn_points - before.turn_points == table_gain, str(move)
            assert after.scores == before.scores
        if isinstance(move, Discard) and same_deal:
            expected = list(before.scores)
            expected[seat] += before.turn_points
            assert list(after.scores) == expected
        if after.last_deal is not before.last_deal:  # this move ended a deal
            reason, out, delta = deal_summary(after)
            deals[reason] += 1
            left = sum(len(h) for i, h in enumerate(before.hands) if i != seat)
            if reason is DealEnd.OUT:
                assert out == seat
                bonus = {2: 2 * left, 3: left, 4: (left + 1) // 2}[players]
                assert delta == tuple(bonus if i == seat else 0 for i in range(players))
            else:
                assert delta == (0,) * players
        state = after
    assert sum(deals.values()) >= 1
    assert max(state.scores) >= variant.option("target") or state.deal_number >= 100
