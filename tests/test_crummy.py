"""Crummy (RULES.md 3.1, R1-R11; seed 000): every clause and worked example from hands drawn
up here.

Two ways to draw up a position:

* ``deal(*hands, dealer=...)`` stacks the deck with
  :func:`rummykit.testing.stacking.deal_order`, so that the dealer deals ``hands[seat]`` to
  each seat (one card at a time, clockwise from the dealer's left); the player on the
  dealer's left leads the first trick.
* ``position(*hands, quartets=..., out=..., leader=...)`` builds a position late in a deal
  with :func:`attrs.evolve`: the go-out order, the end of play, the halt (R7) and the
  safeguard (R8) only arise after many tricks, and scripting whole deals to reach them would
  hide the clause under test. The helper checks that every card of the pack is accounted for
  (hands, quartets, the Joker on the first quartet) and records the position as having
  occurred once, as the engine does at the start of a trick.

Quartets are written as ranks: ``"J 8"`` is a quartet of Jacks and one of Eights.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import attrs
import pytest

import rummykit
from rummykit import Card, IllegalMoveError, OptionError, Rank, parse_cards, parse_move
from rummykit.engine.trick import (
    CallHalt,
    EndQuartets,
    LayQuartet,
    PlayCard,
    PlayOn,
    TrickPhase,
    TrickState,
    TrickView,
    trick_outcome,
)
from rummykit.engine.views import HIDDEN
from rummykit.games.crummy import MultiplierScoring, TargetWithTies, quartet_value
from rummykit.pieces import DealEnd
from rummykit.testing.conformance import check_variant
from rummykit.testing.stacking import deal_order
from rummykit.tricks import OneOfEachSuit

CRUMMY = rummykit.variant("crummy")
GOLDEN = Path(__file__).parent / "golden"


def ranks(text: str) -> tuple[Rank, ...]:
    return tuple(Rank.parse(word) for word in text.split())


def deal(
    *hands: str,
    dealer: int,
    variant: rummykit.Variant = CRUMMY,
    scores: tuple[int, ...] | None = None,
) -> TrickState:
    """A stacked first deal: ``hands[seat]`` to each seat. With three players the two seats
    after the dealer hold eleven cards and the dealer ten (R9): the eleventh cards come off
    the deck after ten full rounds."""
    players = len(hands)
    drawn = [parse_cards(h) for h in hands]
    base = min(len(h) for h in drawn)
    extra = [drawn[(dealer + i) % players][base:] for i in range(1, players + 1)]
    assert all(len(e) <= 1 for e in extra), "hands may differ by one card only"
    order = deal_order(
        variant,
        hands=[h[:base] for h in drawn],
        dealer=dealer,
        stock=[c for e in extra for c in e],
    )
    state = variant.new_game(players=players, seed=0, deck=order, dealer=dealer, scores=scores)
    assert isinstance(state, TrickState)
    return state


def position(
    *hands: str,
    quartets: list[str],
    marker: tuple[int, int] | None,
    leader: int,
    out: tuple[int, ...] = (),
    scores: tuple[int, ...] | None = None,
    variant: rummykit.Variant = CRUMMY,
) -> TrickState:
    """A position at the start of a trick, later in a deal (see the module docstring)."""
    players = len(hands)
    start = variant.new_game(players=players, seed=0, dealer=(leader - 1) % players)
    assert isinstance(start, TrickState)
    held = tuple(tuple(sorted(parse_cards(h))) for h in hands)
    state = attrs.evolve(
        start,
        hands=held,
        quartets=tuple(ranks(q) for q in quartets),
        marker=marker,
        out=out,
        leader=leader,
        to_move=leader,
        phase=TrickPhase.TRICK,
        trick=(),
        trick_seats=(),
        seen=((leader, held),),
        scores=scores if scores is not None else start.scores,
    )
    assert state.all_cards() == Counter(variant.deck(players).cards()), "cards not accounted"
    assert all(not held[s] for s in out) and all(held[s] for s in range(players) if s not in out)
    return state


def play(state: TrickState, *moves: str) -> TrickState:
    for move in moves:
        after = state.apply(parse_move(move))
        assert isinstance(after, TrickState)
        state = after
    return state


def legal(state: TrickState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def illegal(state: TrickState, move: str) -> IllegalMoveError:
    value = parse_move(move)
    assert value not in state.legal_moves()
    assert value not in list(state.legal_moves())
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(value)
    return caught.value


# -- the pack, the deal, options ---------------------------------------------------------------


def test_the_pack_is_33_cards_and_41_with_five_players():
    for players, size, low in ((3, 33, Rank.SEVEN), (4, 33, Rank.SEVEN), (5, 41, Rank.FIVE)):
        cards = CRUMMY.deck(players).cards()
        assert len(cards) == size
        assert Counter(cards)[rummykit.JOKER] == 1
        naturals = {c.rank for c in cards if c.rank is not None}
        assert naturals == {Rank.ACE, *(r for r in Rank if r >= low)}


@pytest.mark.parametrize(("players", "sizes"), [(3, [11, 11, 10]), (4, [8] * 4), (5, [8] * 5)])
def test_every_card_but_the_joker_is_dealt(players, sizes):
    for seed in range(5):
        state = CRUMMY.new_game(players=players, seed=seed)
        assert isinstance(state, TrickState)
        dealer = state.dealer
        after_dealer = [len(state.hands[(dealer + i) % players]) for i in range(1, players + 1)]
        assert after_dealer == sizes
        assert all(rummykit.JOKER not in hand for hand in state.hands)
        assert state.all_cards() == Counter(CRUMMY.deck(players).cards())
        assert state.quartets == ((),) * players and state.marker is None


def test_r9_three_players_deal_one_at_a_time_from_the_dealers_left_11_11_10():
    hands = [
        "AS KS QS JS 10S 9S 8S 7S AH KH QH",
        "JH 10H 9H 8H 7H AD KD QD JD 10D 9D",
        "8D 7D AC KC QC JC 10C 9C 8C 7C",
    ]
    state = deal(*hands, dealer=2)
    assert [len(h) for h in state.hands] == [11, 11, 10]
    assert state.hands == tuple(tuple(sorted(parse_cards(h))) for h in hands)
    # The eleventh cards are the 31st and 32nd dealt: the deck order proves the rotation.
    order = deal_order(CRUMMY, hands=[parse_cards(h)[:10] for h in hands], dealer=2, stock="QH 9D")
    assert [str(c) for c in order[:4]] == ["AS", "JH", "8D", "KS"]
    assert state.to_move == 0 == state.leader  # dealer's left leads the first trick


def test_the_joker_is_set_aside_wherever_it_lies_in_the_deck():
    order = [c for c in CRUMMY.deck(4).cards() if not c.is_joker]
    for place in (0, 7, 32):
        deck = [*order[:place], rummykit.JOKER, *order[place:]]
        state = CRUMMY.new_game(players=4, seed=0, deck=deck, dealer=3)
        assert isinstance(state, TrickState)
        assert state.hands[0] == tuple(sorted(order[0::4]))


def test_r9_first_dealer_comes_from_the_seed_and_the_deal_passes_left():
    dealers = {CRUMMY.new_game(players=4, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert CRUMMY.new_game(players=4, seed=9).dealer == CRUMMY.new_game(players=4, seed=9).dealer
    state = CRUMMY.new_game(players=4, seed=9)
    rng = random.Random(1)
    first_dealer = state.dealer
    while state.deal_number == 1:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    assert isinstance(state, TrickState)
    assert state.dealer == (first_dealer + 1) % 4
    assert state.leader == state.to_move == (state.dealer + 1) % 4
    assert [len(h) for h in state.hands] == [8, 8, 8, 8]


@pytest.mark.parametrize("players", [1, 2, 6])
def test_three_to_five_players_only(players):
    with pytest.raises(OptionError, match="3-5 players"):
        CRUMMY.new_game(players=players, seed=1)


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"target": 0}, "target"),
        ({"target": "150"}, "target"),
        ({"target": True}, "target"),
        ({"repetitions": 1}, "repetitions"),
        ({"repetitions": 2.5}, "repetitions"),
        ({"halt": "no"}, "halt"),
        ({"halt": 1}, "halt"),
        ({"max_deals": 0}, "max_deals"),
    ],
)
def test_bad_options_raise_option_error_naming_the_option(options, name):
    with pytest.raises(OptionError, match=name):
        rummykit.variant("crummy", **options)


def test_options_and_their_defaults():
    assert dict(CRUMMY.options) == {
        "target": 150,
        "repetitions": 3,
        "halt": True,
        "max_deals": 100,
    }
    assert rummykit.variant("crummy", target=100).option("target") == 100
    assert "crummy" in rummykit.variants()


# -- R2: one card of each suit; passing is automatic --------------------------------------------

#: A four-player deal (dealer seat 3, so seat 0 leads) used by several tests below.
FOUR = (
    "8S AH KD 7C 10S 9H QD JC",
    "JH AS KC 7D 10H 9S QS 8C",
    "8D AD KS 7S 10C 9D QH JS",
    "QC AC KH 7H 10D 9C JD 8H",
)


def test_r2_the_leader_may_lead_any_card():
    state = deal(*FOUR, dealer=3)
    assert sorted(legal(state)) == sorted(f"play {c}" for c in parse_cards(FOUR[0]))


def test_r2_a_player_who_holds_a_new_suit_must_play_one():
    state = play(deal(*FOUR, dealer=3), "play 8S")
    assert state.to_move == 1
    assert sorted(legal(state)) == sorted(["play JH", "play KC", "play 7D", "play 10H", "play 8C"])
    error = illegal(state, "play AS")
    assert error.rule == "trick.suit_taken"
    assert "heart, diamond or club" in str(error)
    assert illegal(state, "play 8D").rule == "card.not_in_hand"
    state = play(state, "play JH", "play 8D")
    assert sorted(legal(state)) == ["play 9C", "play AC", "play QC"]  # seat 3's clubs
    assert "a club" in str(illegal(state, "play JD"))


def _seat_0_without_hearts():
    """Three seats, seat 0 to lead, holding no heart."""
    return position(
        "7D 8D 7C",
        "7S 8S 7H 8H",
        "8C",
        quartets=["A K", "Q J", "10 9"],
        marker=(0, 0),
        leader=0,
    )


def test_r2_passing_is_automatic_and_a_player_may_contribute_twice():
    # Seat 0 holds no heart: when only hearts are missing it is passed over without a move
    # of its own, and seat 1 plays its second card to the trick.
    state = play(_seat_0_without_hearts(), "play 7D")
    assert state.to_move == 1 and sorted(legal(state)) == [
        "play 7H",
        "play 7S",
        "play 8H",
        "play 8S",
    ]
    state = play(state, "play 7S")
    assert state.to_move == 2 and legal(state) == ["play 8C"]
    state = play(state, "play 8C")
    assert state.to_move == 1  # seat 0 passes: it holds no heart
    assert sorted(legal(state)) == ["play 7H", "play 8H"]
    state = play(state, "play 7H")
    assert [seat for seat, _ in state.last_trick] == [0, 1, 2, 1]
    assert state.last_winner == 1  # 7-7-8-7: the last duplicate is the third Seven


def test_r2_a_pass_is_public_and_holds_until_the_seat_takes_a_trick():
    # Everyone sees seat 0 passed over when only hearts are missing: it holds no heart, and
    # its hand only loses cards until it takes a trick. The views say so (``passed``).
    state = play(_seat_0_without_hearts(), "play 7D", "play 7S", "play 8C")
    trick = tuple(parse_cards("7D 7S 8C"))
    assert state.passed == ((trick,), (), ())
    assert all(state.view(seat).passed == ((trick,), (), ()) for seat in range(3))
    assert state.view(1).lacking() == ((rummykit.Suit.HEARTS,), (), ())
    state = play(state, "play 7H")  # seat 1 takes the trick; seat 0 still holds no heart
    assert state.last_winner == 1 and state.passed == ((trick,), (), ())


def test_r2_recorded_passes_hold_of_the_hand_and_end_when_the_seat_takes_a_trick():
    # Over random games at every count: every recorded pass still holds of the hand (no card
    # of it could be played to that trick), and a seat that takes a trick has none left.
    passes = 0
    for players in (3, 4, 5):
        for seed in range(4):
            state = rummykit.variant("crummy").new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                tricks = state.rules.tricks
                for seat, held in enumerate(state.passed):
                    for so_far in held:
                        assert not tricks.playable(so_far, state.hands[seat])
                        passes += 1
                before = state.tricks_played
                legal = state.legal_moves()
                state = state.apply(legal[rng.randrange(len(legal))])
                if state.tricks_played == before + 1:
                    assert not state.passed or state.passed[state.last_winner] == ()
    assert passes > 1000


def test_r2_the_same_player_plays_twice_in_a_row_when_the_others_must_pass():
    # Seat 1 holds only spades; seat 2 is out. After seat 0 leads a heart and seat 1 adds a
    # spade, seat 0 plays diamond and club one after the other.
    state = position(
        "7H 8H 7D 8D 7C 8C",
        "7S 8S",
        "",
        quartets=["A K", "Q J", "10 9"],
        marker=(2, 0),
        leader=0,
        out=(2,),
    )
    state = play(state, "play 7H", "play 8S")
    assert state.to_move == 0
    state = play(state, "play 8D")
    assert state.to_move == 0
    assert sorted(legal(state)) == ["play 7C", "play 8C"]
    state = play(state, "play 7C")
    assert [seat for seat, _ in state.last_trick] == [0, 1, 0, 0]
    assert state.last_winner == 0  # 7-8-8-7: the last duplicate is the second Seven


def test_r2_passing_is_never_a_choice():
    # In every trick of random games the player to move holds a card it may play, and the
    # only moves are cards: nobody passes by choice, and nobody who can play is skipped.
    tricks = OneOfEachSuit()
    for players in (3, 4, 5):
        state = CRUMMY.new_game(players=players, seed=players)
        rng = random.Random(players)
        for _ in range(600):
            if state.is_over:
                break
            assert isinstance(state, TrickState)
            moves = state.legal_moves()
            if state.phase is TrickPhase.TRICK:
                assert moves and all(isinstance(m, PlayCard) for m in moves)
                assert len(moves) == len(tricks.playable(state.trick, state.hands[state.to_move]))
            state = state.apply(moves[rng.randrange(len(moves))])


# -- R3: who takes the trick -------------------------------------------------------------------


def first_trick(cards: str) -> TrickState:
    """A four-player deal in which seat 0 leads and seat i holds the i-th card of ``cards``
    (four cards of different suits, so every play is legal); the rest of the pack is dealt
    round in the same way."""
    trick = parse_cards(cards)
    rest = [c for c in CRUMMY.deck(4).cards() if c not in trick and not c.is_joker]
    hands = [" ".join(map(str, [trick[i], *rest[i::4]])) for i in range(4)]
    return play(deal(*hands, dealer=3), *(f"play {c}" for c in trick))


def test_seed_example_tricks_8_j_8_q_and_8_j_8_j_and_j_8_j_j():
    # Seed 000: "8-J-8-Q is taken by the second Eight, 8-J-8-J by the second Jack, J-8-J-J
    # by the third". Hands drawn up for each trick; seat 0 leads.
    examples = [
        (FOUR, "8S JH 8D QC", 2, "8D"),
        (
            (
                "8S AH KD 7C 10S 9H QD QC",
                "JH AS KC 7D 10H 9S QS 8C",
                "8D AD KS 7S 10C 9D QH JS",
                "JC AC KH 7H 10D 9C JD 8H",
            ),
            "8S JH 8D JC",
            3,
            "JC",
        ),
        (
            (
                "JS AH KD 7C 10S 9H QD QC",
                "8H AS KC 7D 10H 9S QS 8C",
                "JD AD KS 7S 10C 9D QH 8S",
                "JC AC KH 7H 10D 9C 8D JH",
            ),
            "JS 8H JD JC",
            3,
            "JC",
        ),
    ]
    for hands, trick, winner, card in examples:
        state = play(deal(*hands, dealer=3), *(f"play {c}" for c in parse_cards(trick)))
        assert state.last_winner == winner, trick
        assert dict((str(c), s) for s, c in state.last_trick)[card] == winner
        # The winner takes the four cards into hand and leads the next trick.
        assert set(parse_cards(trick)) <= set(state.hands[winner])
        assert len(state.hands[winner]) == 8 - 1 + 4
        assert state.to_move == state.leader == winner
        if trick == "JS 8H JD JC":  # seat 3 now holds all four Jacks and may lay them (R5)
            assert legal(state) == ["quartet J", "done"]
        else:
            assert state.phase is TrickPhase.TRICK


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("8S JH JD 8C", 3),  # R3: two pairs, the latest duplicate is the second Eight
        ("JS JH 8D 8C", 3),  # R3: likewise
        ("8S 8H JD JC", 3),
        ("7S AH KD 10C", 1),  # four ranks: the highest card, Aces high
        ("KS QH AD JC", 2),
        ("7S 8H 9D 10C", 3),
        ("JS JH JD JC", 3),
        ("AS 7H AD 7C", 3),
    ],
)
def test_r3_the_latest_duplicate_or_else_the_highest_card_wins(cards, winner):
    state = first_trick(cards)
    assert state.last_winner == winner
    assert OneOfEachSuit().winner(parse_cards(cards)) == winner


def test_r3_five_player_pack_ranks_fives_and_sixes_lowest():
    tricks = OneOfEachSuit()
    assert tricks.winner(parse_cards("5S 6H 7D AC")) == 3
    assert tricks.winner(parse_cards("5S 6H 7D 8C")) == 3
    assert tricks.winner(parse_cards("6S 5H 5D 7C")) == 2


# -- R4: going out -----------------------------------------------------------------------------


LAST_CARD = dict(
    quartets=["K Q", "J", "10"],
    marker=(0, 0),
    leader=0,
)


def test_r4_playing_the_last_card_is_not_going_out():
    # Seat 0 leads its only card and is empty for the rest of the trick; the Ace is the
    # highest of four different ranks, so seat 0 takes the trick and stays in play.
    state = position("AS", "7H 9C 7S 7D 8S AH", "8D 8H 8C 9S 9H 9D 7C AD AC", **LAST_CARD)
    state = play(state, "play AS", "play 7H", "play 8D")
    assert state.hands[0] == () and state.out == ()
    assert state.to_move == 1  # seat 0, empty, passes
    state = play(state, "play 9C")
    assert state.last_winner == 0
    assert state.out == ()
    assert state.hands[0] == tuple(sorted(parse_cards("AS 7H 8D 9C")))
    assert state.to_move == 0


def test_r4_an_empty_player_who_does_not_take_the_trick_is_out_when_it_is_resolved():
    state = position("AS", "7H 9C 7S 7D 8S AH", "8D 8H 8C 9S 9H 9D 7C AD AC", **LAST_CARD)
    state = play(state, "play AS", "play 7H", "play AD")
    assert state.out == ()
    state = play(state, "play 9C")
    assert state.last_winner == 2  # A-7-A-9: the second Ace
    assert state.out == (0,)


def test_r4_players_emptied_by_one_trick_go_out_in_the_order_of_their_last_card():
    # Seat 1 leads its last card, seat 3 plays its last, seat 0 its last; seat 2 takes the
    # trick with the second Seven and is left with every card: play ends (R4, end of play).
    state = position(
        "9S",
        "7H",
        "7S 7D 7C 8S 8H 8D 9H 9D 9C",
        "8C",
        quartets=["A K", "", "", "Q J 10"],
        marker=(0, 0),
        leader=1,
    )
    state = play(state, "play 7H", "play 7D", "play 8C", "play 9S")
    result = state.last_deal
    assert result is not None and result.reason is DealEnd.PLAY
    assert result.order == (1, 3, 0, 2)
    assert result.quartets[2] == ranks("9 8 7")
    # Multipliers 4, 3, 2, 1; seat 1 made no quartet (25), seat 0's Aces carry the Joker.
    assert result.points == (2 * (26 + 11), 4 * 25, 1 * (9 + 8 + 7), 3 * (11 + 11 + 10))


def test_r4_and_r1_winner_who_lays_every_card_goes_out_after_them_and_the_lead_passes_left():
    # Seat 3 is already out. Seat 2 takes the trick with 7-7-7-8, lays its Sevens and
    # Eights and is empty: it goes out; the lead passes to the next player on its left who
    # holds cards, skipping seat 3 (R1).
    state = position(
        "7S 8C 9S 10H",
        "7H 9H 9D 9C 10S 10D 10C",
        "7D 7C 8S 8H 8D",
        "",
        quartets=["A", "K", "Q", "J"],
        marker=(3, 0),
        leader=0,
        out=(3,),
    )
    state = play(state, "play 7S", "play 7H", "play 7D")
    assert state.to_move == 0  # seat 3 is out and passes
    state = play(state, "play 8C")
    assert state.last_winner == 2
    assert state.phase is TrickPhase.QUARTETS and state.to_move == 2
    assert legal(state) == ["quartet 8", "quartet 7", "done"]
    state = play(state, "quartet 7")
    assert state.phase is TrickPhase.QUARTETS and legal(state) == ["quartet 8", "done"]
    state = play(state, "quartet 8")
    assert state.hands[2] == ()
    assert state.out == (3, 2)
    assert state.leader == state.to_move == 0
    # Seats 0 and 1 now hold the Nines and Tens between them: R7's halt is offered first.
    assert state.phase is TrickPhase.HALT


def test_r1_lead_passes_over_a_player_emptied_by_the_same_trick():
    # Seat 1 takes the trick with the second Seven, lays its Nines, Eights and Sevens and is
    # out; seat 2 played its last card to the trick and is out too, so seat 3 leads.
    state = position(
        "7S 10S 10H",
        "7H 7D 7C 8S 8H 8C 9S 9H 9D",
        "8D",
        "9C 10D 10C",
        quartets=["A K", "", "", "Q J"],
        marker=(0, 0),
        leader=0,
    )
    state = play(state, "play 7S", "play 7H", "play 8D", "play 9C")
    assert state.last_winner == 1 and state.out == (2,)
    assert legal(state) == ["quartet 9", "quartet 8", "quartet 7", "done"]
    state = play(state, "quartet 9", "quartet 8", "quartet 7")
    assert state.out == (2, 1)
    assert state.leader == state.to_move == 3
    assert state.phase is TrickPhase.TRICK


# -- R5: laying quartets -----------------------------------------------------------------------

ACES = (
    "AS AH AD AC 7S 7H 7D 7C",
    "KS KH KD KC 8S 8H 8D 8C",
    "QS QH QD QC 9S 9H 9D 9C",
    "JS JH JD JC 10S 10H 10D 10C",
)


def test_r5_a_dealt_quartet_waits_until_its_holder_wins_a_trick():
    state = deal(*ACES, dealer=3)
    assert state.phase is TrickPhase.TRICK
    assert illegal(state, "quartet A").rule == "turn.phase"
    assert illegal(state, "done").rule == "turn.phase"
    state = play(state, "play 7S", "play 8H", "play 9D", "play 10C")
    # 7-8-9-10, all different: the Ten wins; seat 3 may now lay its Jacks and Tens, not seat
    # 0 its Aces.
    assert state.last_winner == 3 and state.to_move == 3
    assert state.phase is TrickPhase.QUARTETS
    assert legal(state) == ["quartet J", "quartet 10", "done"]
    assert illegal(state, "quartet A").rule == "quartet.incomplete"


def test_r5_laying_is_optional_and_only_right_after_taking_the_trick():
    state = play(deal(*ACES, dealer=3), "play 7S", "play 8H", "play 9D", "play 10C")
    state = play(state, "done")
    assert state.phase is TrickPhase.TRICK and state.to_move == 3 == state.leader
    assert state.quartets == ((), (), (), ()) and state.marker is None
    # The Jacks stay in hand; during the next trick nobody may lay them.
    assert illegal(state, "quartet J").rule == "turn.phase"
    state = play(state, "play JS")
    assert illegal(state, "quartet J").rule == "turn.phase"


def test_r5_any_quartet_in_hand_may_be_laid_not_only_the_tricks_cards():
    # Seat 0 was dealt the four Aces. It takes a trick whose other cards (8S 9H 10D) make no
    # quartet; it may lay the Aces it holds.
    state = deal(*ACES, dealer=3)
    state = play(state, "play 7S", "play KH", "play QD", "play JC")
    assert state.last_winner == 1  # 7-K-Q-J: the King
    state = play(state, "done", "play 8S", "play 9H", "play 10D", "play AC")
    assert state.last_winner == 0  # 8-9-10-A: the Ace
    assert legal(state) == ["quartet A", "done"]
    state = play(state, "quartet A")
    assert state.quartets[0] == (Rank.ACE,)


# -- R6: the Joker -----------------------------------------------------------------------------


def test_r6_the_first_quartet_laid_takes_the_joker_and_the_player_chooses_the_order():
    # Seat 3 takes the first trick holding the Jacks and the Tens; it lays the Tens first, so
    # the Tens carry the Joker and count double, not the Jacks.
    state = play(deal(*ACES, dealer=3), "play 7S", "play 8H", "play 9D", "play 10C")
    state = play(state, "quartet 10")
    assert state.marker == (3, 0)
    state = play(state, "quartet J")
    assert state.quartets[3] == ranks("10 J") and state.marker == (3, 0)
    assert MultiplierScoring().component(4, state.quartets[3], joker=0) == 2 * 10 + 11
    # The Joker stays with the Tens for the rest of the deal.
    state = play(state, "play 7S", "play AH")
    assert state.marker == (3, 0)


def test_r6_when_no_quartet_was_laid_the_last_player_chooses_which_takes_the_joker():
    # Nobody has laid a quartet. Seats 1 and 2 play their last cards; seat 0 takes the trick
    # and holds the whole pack: play ends, and seat 0 chooses the quartet for the Joker.
    rest = [c for c in CRUMMY.deck(3).cards() if not c.is_joker and str(c) not in ("7S", "7H")]
    state = position(
        " ".join(map(str, rest)),
        "7S",
        "7H",
        quartets=["", "", ""],
        marker=None,
        leader=1,
    )
    state = play(state, "play 7S", "play 7H", "play 8D", "play 7C")
    assert state.phase is TrickPhase.LAST and state.to_move == 0
    assert legal(state) == [f"quartet {r.label}" for r in ranks("A K Q J 10 9 8 7")]
    assert illegal(state, "done").rule == "turn.phase"
    state = play(state, "quartet A")
    result = state.last_deal
    assert result is not None
    assert result.order == (1, 2, 0)
    assert result.marker == (0, 0) and result.quartets[0][0] is Rank.ACE
    # Seat 0: every quartet (80) plus the Aces again (13); seats 1 and 2 made none (30).
    assert result.points == (1 * 93, 3 * 30, 2 * 30)
    assert state.scores == (93, 90, 60)


def test_seed_example_aces_made_first_score_26():
    assert MultiplierScoring().component(4, [Rank.ACE], joker=0) == 26
    assert MultiplierScoring().component(4, [Rank.ACE], joker=None) == 13
    # In play: seat 0 takes a trick with its fourth Ace and lays the Aces first of all.
    state = deal(*ACES, dealer=3)
    state = play(state, "play 7S", "play KH", "play QD", "play JC", "done")
    state = play(state, "play 8S", "play 9H", "play 10D", "play AC", "quartet A")
    assert state.marker == (0, 0)
    view = state.view(0)
    assert view.quartets[0] == (Rank.ACE,) and view.marker == (0, 0)


# -- scoring -----------------------------------------------------------------------------------


def test_quartet_values():
    values = {r: quartet_value(r) for r in ranks("A K Q J 10 9 8 7 6 5")}
    assert list(values.values()) == [13, 11, 11, 11, 10, 9, 8, 7, 6, 5]


def test_seed_example_four_player_scores_76_75_40_52():
    # "First out collected Jacks and Eights, scores 4 x (11+8) = 76; second made no
    # quartets, 3 x 25 = 75; third made Sevens and Aces, 2 x (7+13) = 40; last made 9s, 10s,
    # Queens, Kings + Joker, 1 x (9+10+11+22) = 52." Seats 0 and 1 are out; seat 3 laid the
    # Kings first. Seat 2 leads its last two cards; seat 3 takes the trick and is last.
    state = position(
        "",
        "",
        "9S 10D",
        "9H 9D 9C 10S 10H 10C QS QH QD QC",
        quartets=["J 8", "", "7 A", "K"],
        marker=(3, 0),
        leader=2,
        out=(0, 1),
    )
    state = play(state, "play 9S", "play 9H", "play 10D", "play 10C")
    result = state.last_deal
    assert result is not None
    assert result.order == (0, 1, 2, 3)
    assert result.points == (76, 75, 40, 52)
    assert state.scores == (76, 75, 40, 52)
    assert result.quartets[3] == ranks("K Q 10 9")


@pytest.mark.parametrize(("players", "none"), [(3, 30), (4, 25), (5, 20)])
def test_going_out_without_quartets_scores_the_no_quartet_component(players, none):
    order = list(range(players))
    quartets: list[tuple[Rank, ...]] = [()] * players
    quartets[-1] = (Rank.ACE,)
    outcome = trick_outcome(
        deal_number=1, reason=DealEnd.PLAY, order=order, quartets=quartets, marker=(players - 1, 0)
    )
    points = MultiplierScoring().deal_scores(outcome)
    assert points[:-1] == tuple((players - k) * none for k in range(players - 1))
    assert points[-1] == 26


# -- R7: the halt ------------------------------------------------------------------------------

#: The flaw: seat 2 is out, seats 0 and 1 hold the Sevens and Eights between them, and two
#: tricks bring the position back. From :func:`flaw` seat 1 leads 8H, seat 0 adds 7D, seat
#: 1 8S, seat 0 8C and takes the trick with the last Eight; then seat 0 leads 8H, seat 1
#: adds 7C, seat 0 8S, seat 1 8D and takes it back.
FROM_FLAW = ("play 8H", "play 7D", "play 8S", "play 8C")
BACK_TO_FLAW = ("play 8H", "play 7C", "play 8S", "play 8D")


def flaw(variant: rummykit.Variant = CRUMMY, scores: tuple[int, ...] | None = None) -> TrickState:
    """Seat 1 about to lead, both players having said 'continue' (R7's condition holds)."""
    return position(
        "7S 7H 7D 8C",
        "7C 8H 8S 8D",
        "",
        quartets=["Q J", "10 9", "A K"],
        marker=(2, 0),
        leader=1,
        out=(2,),
        variant=variant,
        scores=scores,
    )


def test_r7_halt_is_offered_to_the_player_about_to_lead_then_to_the_other():
    state = play(flaw(), "play 8H", "play 7D", "play 8S", "play 8C")
    assert state.last_winner == 0
    assert state.phase is TrickPhase.HALT and state.to_move == 0 == state.leader
    assert legal(state) == ["halt", "continue"]
    assert illegal(state, "play 7S").rule == "turn.phase"
    state = play(state, "continue")
    assert state.phase is TrickPhase.HALT and state.to_move == 1
    state = play(state, "continue")
    assert state.phase is TrickPhase.TRICK and state.to_move == 0
    assert illegal(state, "halt").rule == "halt.not_offered"


def test_r7_the_caller_takes_the_lower_quartet_and_goes_out_before_the_other():
    state = play(flaw(), *FROM_FLAW, "continue", "halt")
    result = state.last_deal
    assert result is not None and result.reason is DealEnd.HALT
    assert result.order == (2, 1, 0)  # the caller, seat 1, is out before seat 0
    assert result.quartets[1] == ranks("10 9 7") and result.quartets[0] == ranks("Q J 8")
    assert result.points == (1 * (11 + 11 + 8), 2 * (10 + 9 + 7), 3 * (26 + 11))
    assert state.halts == 1 and state.repetition_halts == 0 and state.safeguards == 0
    assert state.deal_number == 2


def test_r7_halt_called_by_the_leader():
    state = play(flaw(), *FROM_FLAW, "halt")
    result = state.last_deal
    assert result is not None
    assert result.order == (2, 0, 1)
    assert result.quartets[0] == ranks("Q J 7") and result.quartets[1] == ranks("10 9 8")


def test_r7_third_occurrence_of_a_position_halts_for_the_player_on_lead():
    state = flaw()  # the position has occurred once
    state = play(state, *FROM_FLAW, "continue", "continue")  # the other position, once
    state = play(state, *BACK_TO_FLAW, "continue", "continue")  # back: twice
    assert state.deal_number == 1 and state.leader == 1
    state = play(state, *FROM_FLAW, "continue", "continue", *BACK_TO_FLAW)
    # The third time: the halt is applied for seat 1, the player on lead.
    result = state.last_deal
    assert result is not None and result.reason is DealEnd.REPETITION_HALT
    assert result.order == (2, 1, 0)
    assert state.repetition_halts == 1 and state.halts == 0


def test_r7_without_the_halt_option_the_repetition_rule_still_ends_the_loop():
    game = rummykit.variant("crummy", halt=False)
    state = play(flaw(game), *FROM_FLAW, *BACK_TO_FLAW, *FROM_FLAW, *BACK_TO_FLAW)
    assert state.deal_number == 2
    assert state.repetition_halts == 1
    assert not [m for m in flaw(game).legal_moves() if isinstance(m, CallHalt | PlayOn)]


@pytest.mark.parametrize("repetitions", [2, 4])
def test_r7_repetitions_option(repetitions):
    game = rummykit.variant("crummy", halt=False, repetitions=repetitions)
    state = flaw(game)
    for _ in range(repetitions - 1):
        assert state.deal_number == 1
        state = play(state, *FROM_FLAW, *BACK_TO_FLAW)
    assert state.deal_number == 2
    assert state.repetition_halts == 1


# -- R8: the safeguard -------------------------------------------------------------------------

#: Two tricks that bring back the position of seats holding "7S 7H 7D 8S 8C", "7C 8H" and
#: "8D" (and any cards they never have to play), seat 0 on lead.
LOOP_OF_THREE = (
    "play 7D", "play 7C", "play 8S", "play 8H",
    "play 7D", "play 8C", "play 8S", "play 7H",
)  # fmt: skip


def test_r8_safeguard_ends_a_loop_of_three_players():
    # Three players hold the Sevens and Eights; two tricks bring the position back.
    start = position(
        "7S 7H 7D 8S 8C",
        "7C 8H",
        "8D",
        quartets=["A K 10", "Q J 9", ""],
        marker=(0, 0),
        leader=0,
    )
    cycle = LOOP_OF_THREE
    state = play(start, *cycle)
    assert state.deal_number == 1 and (state.leader, state.hands) == (start.leader, start.hands)
    assert state.phase is TrickPhase.TRICK  # no halt: three players hold cards
    state = play(state, *cycle)
    result = state.last_deal
    assert result is not None and result.reason is DealEnd.SAFEGUARD
    # Clockwise from seat 0 (on lead): seat 0 takes the Sevens, seat 1 the Eights, seat 2
    # nothing: it ends the deal with no quartet at all (30).
    assert result.order == (0, 1, 2)
    assert result.quartets == (ranks("A K 10 7"), ranks("Q J 9 8"), ())
    assert result.points == (3 * (26 + 11 + 10 + 7), 2 * (11 + 11 + 9 + 8), 1 * 30)
    assert state.safeguards == 1 and state.halts == state.repetition_halts == 0


def test_r8a_the_joker_goes_with_the_first_quartet_the_safeguard_assigns():
    # R8a: the loop of the test above, but no quartet has been laid in the deal: every card
    # is in a hand (the extra Nines to Aces never play a part: seat 2 holds only diamonds and
    # passes, and the others choose freely among the suits they must play). The safeguard
    # gives the leader (seat 0) the lowest rank, the Sevens, first: that quartet takes the
    # Joker and counts double; seat 1 takes the Eights, seat 2 the rest.
    start = position(
        "7S 7H 7D 8S 8C 9S 10S JS QS KS AS 9H 10H JH QH KH AH",
        "7C 8H 9C 10C JC QC KC AC",
        "8D 9D 10D JD QD KD AD",
        quartets=["", "", ""],
        marker=None,
        leader=0,
    )
    cycle = LOOP_OF_THREE
    state = play(start, *cycle)
    assert (state.leader, state.hands, state.marker) == (start.leader, start.hands, None)
    state = play(state, *cycle)
    result = state.last_deal
    assert result is not None and result.reason is DealEnd.SAFEGUARD
    assert result.order == (0, 1, 2)
    assert result.quartets == (ranks("7"), ranks("8"), ranks("A K Q J 10 9"))
    assert result.marker == (0, 0)  # seat 0's first quartet, the Sevens
    assert result.points == (3 * 2 * 7, 2 * 8, 1 * (13 + 11 + 11 + 11 + 10 + 9))


def test_r8_safeguard_ends_a_loop_of_two_players_with_three_ranks():
    start = position(
        "7S 7H 7D 8S 8H 8D 9S 9H 9C",
        "7C 8C 9D",
        "",
        quartets=["A K", "Q J", "10"],
        marker=(0, 0),
        leader=0,
        out=(2,),
    )
    assert [str(m) for m in start.legal_moves() if isinstance(m, CallHalt)] == []
    cycle = (
        "play 9C",
        "play 9D",
        "play 8H",
        "play 7S",
        "play 8H",
        "play 8D",
        "play 7S",
        "play 9C",
    )
    state = play(start, *cycle, *cycle)
    result = state.last_deal
    assert result is not None and result.reason is DealEnd.SAFEGUARD
    # Seat 0, on lead, takes the lowest rank (Sevens) and goes out; seat 1 takes the rest.
    assert result.order == (2, 0, 1)
    assert result.quartets[0] == ranks("A K 7") and result.quartets[1] == ranks("Q J 9 8")


def test_every_random_game_ends():
    for players in (3, 4, 5):
        for seed in range(8):
            state = CRUMMY.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            for _ in range(20_000):
                if state.is_over:
                    break
                moves = state.legal_moves()
                state = state.apply(moves[rng.randrange(len(moves))])
            assert state.is_over


# -- R10: the end of the game ------------------------------------------------------------------


#: What the deal of :func:`flaw` scores when seat 0 calls the halt: seat 0 takes the
#: Sevens (2 x (11 + 11 + 7)), seat 1 the Eights (1 x (10 + 9 + 8)), seat 2 was out first
#: (3 x (26 + 11)).
HALT_BY_SEAT_0 = (58, 27, 111)


def test_r10_the_game_ends_when_someone_reaches_the_target_with_the_highest_total():
    state = play(flaw(scores=(100, 120, 0)), *FROM_FLAW, "halt")
    assert state.last_deal is not None and state.last_deal.points == HALT_BY_SEAT_0
    assert state.is_over
    assert state.scores == (158, 147, 111)
    assert state.winners == (0,)
    assert state.legal_moves().count() == 0
    assert illegal(state, "play 7S").rule == "game.over"


def test_r10_a_tie_for_the_highest_total_plays_on():
    state = play(flaw(scores=(100, 131, 0)), *FROM_FLAW, "halt")
    assert state.scores == (158, 158, 111)
    assert not state.is_over and state.winners == ()
    assert state.deal_number == 2
    # The next deal is dealt at once, by the next dealer.
    assert state.dealer == 1
    assert [len(state.hands[seat]) for seat in (2, 0, 1)] == [11, 11, 10]


def test_r10_target_option():
    game = rummykit.variant("crummy", target=100)
    state = play(flaw(game, scores=(50, 0, 0)), *FROM_FLAW, "halt")
    assert state.scores == (108, 27, 111) and state.is_over and state.winners == (2,)


def test_r10_tie_rule_and_target_piece():
    end = TargetWithTies(150)
    assert not end.over((149, 0, 0))
    assert end.over((150, 0, 0)) and end.winners((150, 0, 0)) == (0,)
    assert not end.over((160, 160, 10))
    assert end.over((160, 170, 170)) is False
    assert end.over((180, 170, 170)) and end.winners((180, 170, 170)) == (0,)


def test_max_deals_safeguard_ends_the_game_and_shares_a_tie():
    game = rummykit.variant("crummy", max_deals=1)
    state = play(flaw(game, scores=(53, 0, 0)), *FROM_FLAW, "halt")
    assert state.is_over and state.deal_number == 1
    assert state.scores == (111, 27, 111)
    assert state.winners == (0, 2)


# -- R11: what a player sees -------------------------------------------------------------------


def test_r11_quartet_ranks_are_hidden_from_the_others_count_and_joker_mark_are_public():
    state = flaw()
    view = state.view(1)
    assert isinstance(view, TrickView)
    assert view.hand == state.hands[1]
    assert view.quartets[1] == ranks("10 9")
    assert view.quartets[0] == (HIDDEN, HIDDEN) and view.quartets[2] == (HIDDEN, HIDDEN)
    assert view.marker == (2, 0)
    assert view.hand_sizes == (4, 4, 0)
    assert view.out == (2,)
    text = str(view)
    assert "seat 2: ??+JK ??" in text and "seat 1: 10 9" in text


def test_r11_views_do_not_change_when_hidden_cards_and_quartets_are_redealt():
    state = flaw()
    rules = state.rules
    for seat in range(3):
        hidden = rules.hidden_cards(state, seat)
        for salt in range(5):
            random.Random(salt).shuffle(hidden)
            redealt = rules.with_hidden(state, seat, hidden)
            assert redealt.view(seat) == state.view(seat)
            assert redealt.all_cards() == state.all_cards()
    # And the view does change when what the seat may see changes: the test can fail.
    other = attrs.evolve(state, quartets=(ranks("Q J"), ranks("9 10"), ranks("A K")))
    assert other.view(1) != state.view(1)
    assert other.view(0) == state.view(0)


def test_r11_everything_is_revealed_when_the_deal_is_scored():
    state = play(flaw(), *FROM_FLAW, "halt")
    for seat in range(3):
        result = state.view(seat).last_deal
        assert result is not None
        assert result.quartets == (ranks("Q J 7"), ranks("10 9 8"), ranks("A K"))
    final = play(flaw(rummykit.variant("crummy", max_deals=1)), *FROM_FLAW, "halt")
    assert final.is_over and final.view(1).quartets[0] == ranks("Q J 7")


# -- moves, records, conformance ---------------------------------------------------------------


def test_move_texts_read_back():
    for move in (PlayCard(Card.parse("10H")), LayQuartet(Rank.KING), EndQuartets(), CallHalt()):
        assert parse_move(str(move)) == move
    assert parse_move("continue") == PlayOn()
    assert parse_move("quartet 10") == LayQuartet(Rank.TEN)
    for text in ("play", "play 11H", "quartet", "quartet Z", "done now", "halt please"):
        with pytest.raises(ValueError, match="cannot read move"):
            parse_move(text)


def test_unknown_and_malformed_moves_are_illegal_with_a_rule():
    state = deal(*FOUR, dealer=3)
    assert illegal(state, "draw").rule == "move.unknown"
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(PlayCard("8S"))  # type: ignore[arg-type]
    assert caught.value.rule == "move.malformed"


def test_a_recorded_game_replays_exactly():
    state = CRUMMY.new_game(players=4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    record = rummykit.GameRecord.from_json(state.record().to_json())
    assert record.replay() == state
    assert state.scores == record.replay().scores


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance_kit_passes_on_crummy(players):
    report = check_variant(CRUMMY, players=[players], games=2, seed=11, every=3)
    assert report.ok, "\n".join(report.failures)
    assert report.games == 2 and report.moves > 0


@pytest.mark.slow
def test_conformance_kit_on_crummy_options():
    game = rummykit.variant("crummy", halt=False, repetitions=2, target=60)
    report = check_variant(game, games=1, seed=4, every=3)
    assert report.ok, "\n".join(report.failures)


# -- golden move counts ------------------------------------------------------------------------


def golden_files() -> list[Path]:
    return sorted(GOLDEN.glob("crummy_*.json"))


def test_golden_files_exist_for_every_player_count():
    names = [path.name for path in golden_files()]
    for players in (3, 4, 5):
        assert any(name.startswith(f"crummy_{players}p_") for name in names), names


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_golden_move_counts(path):
    """Replay the recorded line; at every step the number of legal moves must match."""
    data = json.loads(path.read_text())
    state = rummykit.variant(data["variant"]).new_game(players=data["players"], seed=data["seed"])
    previous = "the deal"
    for step, (count, move) in enumerate(data["steps"]):
        legal_now = state.legal_moves()
        assert len(legal_now) == count, (
            f"{path.name} step {step} (after {previous}): {len(legal_now)} legal moves, the "
            f"golden file says {count}: {[str(m) for m in legal_now]}"
        )
        if move is None:
            assert state.is_over
            break
        state = state.apply(parse_move(move))
        previous = move
