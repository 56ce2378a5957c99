"""Basic Rummy (straight rummy, issue 10): every clause of the rules from a hand drawn up here.

Each test stacks the deal with :func:`rummykit.testing.stacking.stacked_game`, plays moves
through the public API and checks the outcome: hands, the table, the piles, who moves, the end
of the deal (``state.last_deal``, a :class:`rummykit.pieces.DealOutcome`), the scores and the
end of the game.

Conventions of this file: ``game(*hands)`` deals ``hands[seat]`` to each seat with the last
seat dealing, so seat 0 (on the dealer's left) starts; ``upcard`` starts the discard pile and
``stock`` lists the cards drawn first. Seats that only have to draw and discard get hands from
:func:`dead`: no two cards of a rank and no two cards of a suit within two ranks, so they can
neither meld nor lay off on a meld of the cards a test uses.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from helpers import deal_summary, golden_diff, illegal, legal, play

import rummykit
from rummykit import (
    Card,
    Discard,
    Draw,
    LayOff,
    OptionError,
    Rank,
    Suit,
    TakeDiscard,
    parse_cards,
)
from rummykit.agents import GreedyAgent, choose_move
from rummykit.cli import main
from rummykit.engine.rummy import Phase, RummyState
from rummykit.pieces import DealEnd
from rummykit.testing.conformance import check_variant
from rummykit.testing.stacking import deal_order, stacked_game

BASIC = rummykit.variant("basic-rummy")
#: The upcard of :func:`game` unless a test names another.
UPCARD = "KD"
GOLDEN = Path(__file__).parent / "golden"

#: Every card of the pack in an order that spreads ranks and suits, for :func:`dead`.
_SPREAD = sorted(
    (Card.of(rank, suit) for rank in Rank for suit in Suit),
    key=lambda c: ((int(c.rank) * 5) % 13, int(c.suit)),
)


def dead(*taken: str, seats: int = 1, size: int = 7) -> list[str]:
    """``seats`` hands of ``size`` cards that can form no meld, using neither the default
    upcard nor any of the cards in ``taken`` (one pack: each card once)."""
    used = set(parse_cards(" ".join((UPCARD, *taken))))
    hands: list[str] = []
    for _ in range(seats):
        hand: list[Card] = []
        for card in _SPREAD:
            if card in used or any(
                c.rank is card.rank or (c.suit is card.suit and abs(c.rank - card.rank) <= 2)
                for c in hand
            ):
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
    variant: rummykit.Variant = BASIC,
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


def hand(state: RummyState, seat: int) -> list[str]:
    return sorted(str(c) for c in state.hands[seat])


def cost(cards: str) -> int:
    """What cards left in hand cost, written out independently of the engine: face cards 10,
    Ace 1, the others their pips."""
    return sum(10 if card.rank >= Rank.JACK else int(card.rank) for card in parse_cards(cards))


# -- players, pack and deal ------------------------------------------------------------------


def test_two_to_six_players():
    assert (BASIC.min_players, BASIC.max_players) == (2, 6)
    for players in (1, 7):
        with pytest.raises(OptionError, match="2-6 players"):
            BASIC.new_game(players=players, seed=1)


def test_one_52_card_pack_without_jokers():
    for players in range(2, 7):
        deck = BASIC.deck(players)
        assert deck.size == 52
        assert Counter(deck.cards()) == Counter(Card.of(r, s) for r in Rank for s in Suit)
        state = BASIC.new_game(players=players, seed=players)
        assert state.all_cards() == Counter(deck.cards())


def test_deal_ten_cards_each_for_two_players():
    state = BASIC.new_game(players=2, seed=3)
    assert [len(h) for h in state.hands] == [10, 10]
    assert (len(state.discards), len(state.stock)) == (1, 52 - 20 - 1)


@pytest.mark.parametrize("players", [3, 4])
def test_deal_seven_cards_each_for_three_or_four_players(players):
    state = BASIC.new_game(players=players, seed=players)
    assert [len(h) for h in state.hands] == [7] * players
    assert (len(state.discards), len(state.stock)) == (1, 52 - 7 * players - 1)


@pytest.mark.parametrize("players", [5, 6])
def test_deal_six_cards_each_for_five_or_six_players(players):
    state = BASIC.new_game(players=players, seed=players)
    assert [len(h) for h in state.hands] == [6] * players
    assert (len(state.discards), len(state.stock)) == (1, 52 - 6 * players - 1)


def test_the_deal_size_holds_in_every_deal():
    """A later deal is dealt by the number of players too, not by the deal number."""
    for deal in (2, 7):
        state = BASIC.new_game(players=2, seed=4, deal=deal)
        assert [len(h) for h in state.hands] == [10, 10]


def test_the_player_on_the_dealers_left_starts_and_draws_first():
    hands = dead(seats=3)
    for dealer in range(3):
        state = stacked_game(BASIC, hands=hands, dealer=dealer, upcard="KD")
        assert (state.to_move, state.phase) == ((dealer + 1) % 3, Phase.DRAW)
        assert legal(state) == {"draw", "take"}
        assert str(state.discards[-1]) == "KD"


# -- melds -----------------------------------------------------------------------------------


def test_sets_of_three_or_four_of_a_rank():
    seat0 = "7S 7H 7D 7C 9S 9H 9D QC 4C 2H"
    seat1 = dead(seat0, "JC 9C", size=10)[0]
    state = play(game(seat0, seat1, stock="JC 9C"), "draw")
    assert {"meld set 7: 7S 7H 7D 7C", "meld set 7: 7S 7H 7D", "meld set 9: 9S 9H 9D"} <= legal(
        state
    )
    assert illegal(state, "meld set 9: 9S 9H").rule == "meld.set.too_short"
    state = play(state, "meld set 7: 7S 7H 7D 7C", "meld set 9: 9S 9H 9D", "discard JC")
    assert [str(p.meld) for p in state.table] == ["set 7: 7S 7H 7D 7C", "set 9: 9S 9H 9D"]
    # A set of three grows to four; one pack has no fifth card of a rank.
    state = play(state, "draw", "lay 9C on #1")
    assert str(state.table[1].meld) == "set 9: 9S 9H 9D 9C"


def test_runs_of_three_or_more_in_a_suit():
    seat0 = "4H 5H 6H 7H 8H 9H 10S JS 2C 3D"
    state = play(game(seat0, *dead(seat0, "QD", size=10), stock="QD"), "draw")
    assert {"meld run 4H-6H: 4H 5H 6H", "meld run 4H-9H: 4H 5H 6H 7H 8H 9H"} <= legal(state)
    assert not any(m.startswith("meld run 10S") for m in legal(state))
    assert illegal(state, "meld run 10S-JS: 10S JS").rule == "meld.run.too_short"
    assert illegal(state, "meld run 2C-4C: 2C 3D 4H").rule == "meld.run.not_consecutive"
    state = play(state, "meld run 4H-9H: 4H 5H 6H 7H 8H 9H")
    assert str(state.table[0].meld) == "run 4H-9H: 4H 5H 6H 7H 8H 9H"


def test_ace_is_low_only():
    seat0 = "AS 2S 3S QH KH AH JC QC KC 5D"
    seat1 = "AC 6S 9S 2H 6H 10H 3D 7D JD 4C"
    state = play(game(seat0, seat1, stock="4S 8S"), "draw")
    assert "meld run AS-3S: AS 2S 3S" in legal(state)  # A-2-3 is a run
    assert "meld run AS-4S: AS 2S 3S 4S" in legal(state)
    assert "meld run JC-KC: JC QC KC" in legal(state)
    # Q-K-A is not.
    assert not any("QH" in m and "AH" in m for m in legal(state))
    assert illegal(state, "meld run QH-AH: QH KH AH").rule == "meld.run.ace_position"
    # No K-A wrap: the Ace of clubs may not go on top of J-Q-K of clubs.
    state = play(state, "meld run JC-KC: JC QC KC", "discard 5D", "draw")
    assert not [m for m in state.legal_moves().of_type(LayOff) if m.card == Card.parse("AC")]
    assert illegal(state, "lay AC on #0 high").rule == "meld.run.ace_position"


# -- the turn --------------------------------------------------------------------------------


def test_draw_from_the_stock_or_take_the_top_discard():
    seat0 = "AS 2S 3S 7H 7D 7C 9C 10C JC 4D"
    state = game(seat0, *dead(seat0, "KD QS", size=10), upcard="KD", stock="QS")
    assert legal(state) == {"draw", "take"}
    drawn = play(state, Draw())
    assert "QS" in hand(drawn, 0) and len(drawn.stock) == len(state.stock) - 1
    assert drawn.discards == state.discards
    taken = play(state, TakeDiscard())
    assert "KD" in hand(taken, 0) and taken.discards == ()
    assert taken.stock == state.stock
    # Nothing else first: no meld, lay-off or discard before the draw.
    assert illegal(state, "meld run AS-3S: AS 2S 3S").rule == "turn.phase"
    assert illegal(state, "discard 4D").rule == "turn.phase"


def test_meld_any_number_of_melds_in_ones_turn_then_discard():
    seat0 = "AS 2S 3S 7H 7D 7C 9C 10C JC 4D"
    bystander = dead(seat0, "QS", size=10)[0]
    state = play(game(seat0, bystander, stock="QS"), "draw")
    state = play(state, "meld run AS-3S: AS 2S 3S", "meld set 7: 7H 7D 7C")
    assert (state.to_move, state.phase) == (0, Phase.PLAY)
    state = play(state, "meld run 9C-JC: 9C 10C JC")
    assert len(state.table) == 3 and hand(state, 0) == ["4D", "QS"]
    # One discard ends the turn; the next player draws.
    state = play(state, "discard QS")
    assert (state.to_move, state.phase) == (1, Phase.DRAW)
    assert str(state.discards[-1]) == "QS" and hand(state, 0) == ["4D"]


def test_lay_off_on_an_opponents_meld_without_melding_first():
    seat0 = "AS 2S 3S 7H 7D 7C 9C 10C JC 4D"
    seat1 = "4S 7S 8C KC 2H 5H 9H 6D 10D QD"
    state = play(game(seat0, seat1, stock="KH 3C"), "draw", "meld run AS-3S: AS 2S 3S")
    state = play(state, "meld set 7: 7H 7D 7C", "discard KH", "draw")
    # Seat 1 has laid nothing, yet lays off on seat 0's run and set.
    assert not state.opened[1]
    assert {"lay 4S on #0 high", "lay 7S on #1"} <= legal(state)
    state = play(state, "lay 4S on #0 high", "lay 7S on #1")
    assert str(state.table[0]) == "run AS-4S: AS 2S 3S 4S (seat 0)"
    assert str(state.table[1]) == "set 7: 7S 7H 7D 7C (seat 0)"
    assert not state.opened[1]
    # ... and still without a meld of its own, on a meld seat 0 lays later.
    state = play(state, "discard 3C", "draw", "meld run 9C-JC: 9C 10C JC", "discard 4D", "draw")
    assert "lay 8C on #2 low" in legal(state)


def test_lay_off_on_ones_own_meld_in_the_same_turn_or_a_later_one():
    seat0 = "AS 2S 3S 4S 7D 7C 9C 10C 5S 4D"
    seat1 = dead(seat0, "7H QH", size=10)[0]
    state = play(game(seat0, seat1, stock="7H QH"), "draw")
    state = play(state, "meld run AS-3S: AS 2S 3S", "lay 4S on #0 high")
    assert str(state.table[0].meld) == "run AS-4S: AS 2S 3S 4S"
    state = play(state, "meld set 7: 7H 7D 7C", "discard 4D")
    state = play(pass_turn(state), "draw")
    assert "lay 5S on #0 high" in legal(state)
    state = play(state, "lay 5S on #0 high")
    assert str(state.table[0]) == "run AS-5S: AS 2S 3S 4S 5S (seat 0)"


# -- going out -------------------------------------------------------------------------------


def test_going_out_with_a_final_discard_ends_the_deal():
    seat0 = "AS 2S 3S 7H 7D 7C 9C 10C JC QC"
    seat1 = dead(seat0, "4D", size=10)[0]
    state = play(game(seat0, seat1, stock="4D"), "draw")
    state = play(state, "meld run AS-3S: AS 2S 3S", "meld set 7: 7H 7D 7C")
    state = play(state, "meld run 9C-QC: 9C 10C JC QC")
    assert hand(state, 0) == ["4D"] and state.last_deal is None
    assert legal(state) == {"discard 4D"}
    state = play(state, "discard 4D")
    assert deal_summary(state) == (DealEnd.OUT, 0, (cost(seat1), 0))
    assert state.deal_number == 2 and state.scores == (cost(seat1), 0)


def test_going_out_without_a_final_discard_ends_the_deal():
    """Laying every card in melds ends the deal at once: no discard is needed."""
    seat0 = "AS 2S 3S 4S 7H 7D 7C 9C 10C JC"
    seat1 = dead(seat0, "QC", size=10)[0]
    state = play(game(seat0, seat1, stock="QC"), "draw")
    state = play(state, "meld run AS-4S: AS 2S 3S 4S", "meld set 7: 7H 7D 7C")
    assert state.last_deal is None and state.to_move == 0
    state = play(state, "meld run 9C-QC: 9C 10C JC QC")
    assert deal_summary(state) == (DealEnd.OUT, 0, (cost(seat1), 0))
    assert state.deal_number == 2 and state.scores == (cost(seat1), 0)


def test_going_out_by_laying_off_the_last_card_on_an_opponents_meld():
    seat0 = "AS 2S 3S 7H 7D 7C 9H 9S 9C QC"
    seat1 = "QS QH QD 4H 8D 2C 6C 10S KD JD"
    state = game(seat0, seat1, upcard="KH", stock="5D 8S 4S")
    state = play(state, "draw", "discard 5D")
    state = play(state, "draw", "meld set Q: QS QH QD", "discard 8S")
    state = play(state, "draw", "meld run AS-4S: AS 2S 3S 4S", "meld set 7: 7H 7D 7C")
    state = play(state, "meld set 9: 9H 9S 9C")
    assert hand(state, 0) == ["QC"] and state.last_deal is None
    state = play(state, "lay QC on #0")
    assert state.last_deal is not None  # the deal is over and the next one dealt
    assert str(state.last_deal.table[0]) == "set Q: QS QH QD QC (seat 1)"
    left = "4H 8D 2C 6C 10S KD JD"
    assert deal_summary(state) == (DealEnd.OUT, 0, (cost(left), 0))


# -- the stock -------------------------------------------------------------------------------


def test_empty_stock_turns_over_the_pile_but_its_top_unshuffled():
    hands = dead(seats=6, size=6)
    state = game(*hands, upcard="KD")
    pile = list(state.discards)
    # Every player draws and throws a card of the hand, not the card drawn, so the pile is in
    # an order of its own.
    while state.stock:
        seat = state.to_move
        state = play(state, Draw())
        thrown = min(c for c in state.hands[seat] if c != state.drawn)
        state = play(state, Discard(thrown))
        pile.append(thrown)
    assert list(state.discards) == pile and len(pile) == 16
    assert state.last_deal is None  # an empty stock does not end the deal
    seat = state.to_move
    state = play(state, Draw())
    # The first card of the pile (the upcard, then the first discard, ...) is drawn first.
    assert state.drawn == pile[0]
    assert list(state.discards) == [pile[-1]]  # the top card stays face up
    assert list(reversed(state.stock)) == pile[1:-1]
    assert pile[0] in state.hands[seat]


def test_the_turned_over_stock_does_not_depend_on_the_seed():
    hands = dead(seats=6, size=6)
    order = deal_order(BASIC, hands=hands, dealer=5, upcard="KD")
    stocks = []
    for seed in (1, 2, 3):
        state = BASIC.new_game(players=6, seed=seed, deck=order, dealer=5)
        while state.stock:
            state = pass_turn(state)
        stocks.append(play(state, Draw()).stock)
    assert stocks[0] == stocks[1] == stocks[2]


def test_the_pile_is_turned_over_as_often_as_the_stock_runs_out():
    state = game(*dead(seats=6, size=6), upcard="KD")
    turnovers = 0
    for _ in range(15 * 5 + 1):
        before = len(state.stock)
        state = pass_turn(state)
        if before == 0:
            turnovers += 1
    assert turnovers == 5
    assert state.last_deal is None and state.deal_number == 1


# -- scoring ---------------------------------------------------------------------------------

#: Seat 0 draws the KD and lays its whole hand: 5H-8H and four Kings.
WINNER = "5H 6H 7H 8H KS KH KC"
LOSER1 = "QS JD AC 2D 9S 10C 4S"  # 10 + 10 + 1 + 2 + 9 + 10 + 4 = 46
LOSER2 = "AD AH 3C 5S 6D 7C JH"  # 1 + 1 + 3 + 5 + 6 + 7 + 10 = 33


def _out_first_turn(
    scores: tuple[int, ...] | None = None, variant: rummykit.Variant = BASIC
) -> RummyState:
    state = game(WINNER, LOSER1, LOSER2, upcard="2C", stock="KD", scores=scores, variant=variant)
    state = play(state, "draw", "meld run 5H-8H: 5H 6H 7H 8H", "meld set K: KS KH KC KD")
    assert state.last_deal is not None
    assert deal_summary(state)[:2] == (DealEnd.OUT, 0)
    return state


def test_losers_pay_the_winner_face_10_ace_1_pips():
    state = _out_first_turn()
    assert cost(LOSER1) == 46 and cost(LOSER2) == 33
    assert deal_summary(state)[2] == (46 + 33, 0, 0)
    assert state.scores == (79, 0, 0)


def test_the_winner_scores_every_card_left_in_the_other_hands():
    """Six players: the five losers' six cards each, all paid to the winner."""
    winner = "5H 6H 7H 8H KS KH"
    losers = dead(winner, "KD KC", seats=5, size=6)
    state = game(winner, *losers, upcard="KD", stock="KC")
    state = play(state, "draw", "meld run 5H-8H: 5H 6H 7H 8H", "meld set K: KS KH KC")
    total = sum(cost(loser) for loser in losers)
    assert deal_summary(state) == (DealEnd.OUT, 0, (total, 0, 0, 0, 0, 0))
    assert state.scores == (total, 0, 0, 0, 0, 0)


def test_a_deal_ended_by_the_turn_safeguard_scores_nothing():
    short = rummykit.variant("basic-rummy", max_turns=5)
    state = game(WINNER, LOSER1, LOSER2, upcard="2C", variant=short, scores=(7, 3, 0))
    for _ in range(5):
        assert state.last_deal is None
        state = pass_turn(state)
    outcome = state.last_deal
    assert outcome is not None
    assert (outcome.reason, outcome.out, outcome.points) == (DealEnd.SAFEGUARD, None, (0, 0, 0))
    assert outcome.cards_left == 21  # cards were left in every hand, and nobody paid
    assert state.scores == (7, 3, 0) and state.deal_number == 2
    assert BASIC.rules.max_turns == 3000


# -- the end of the game ---------------------------------------------------------------------


def test_game_to_100_ends_after_the_deal_in_which_a_player_reaches_it():
    over = _out_first_turn(scores=(21, 50, 60))
    assert over.scores == (100, 50, 60)
    assert over.is_over and over.winners == (0,)
    assert list(over.legal_moves()) == []
    # One point short, the game goes on with the next deal.
    short = _out_first_turn(scores=(20, 50, 60))
    assert short.scores == (99, 50, 60)
    assert not short.is_over and short.deal_number == 2


def test_highest_score_wins_and_ties_share():
    # Only the player who goes out scores, so whoever reaches 100 in a deal has the highest
    # score unless another score was already past the target when the deal started.
    over = _out_first_turn(scores=(25, 120, 0))
    assert over.scores == (104, 120, 0)
    assert over.is_over and over.winners == (1,)
    tied = _out_first_turn(scores=(21, 100, 0))
    assert tied.scores == (100, 100, 0)
    assert tied.is_over and tied.winners == (0, 1)


def test_target_option_ends_the_game_sooner():
    fifty = rummykit.variant("basic-rummy", target=50)
    over = _out_first_turn(variant=fifty)
    assert over.is_over and over.winners == (0,)
    assert not _out_first_turn().is_over


# -- options ---------------------------------------------------------------------------------


def test_default_options():
    assert dict(BASIC.options) == {"target": 100, "max_turns": 3000}
    assert BASIC.option("target") == 100


@pytest.mark.parametrize("value", [0, -5, 1.5, "100", True, None])
def test_target_must_be_a_whole_number_of_at_least_1(value):
    with pytest.raises(OptionError) as caught:
        rummykit.variant("basic-rummy", target=value)
    assert str(caught.value) == f"target must be a whole number of at least 1, not {value!r}"


@pytest.mark.parametrize("value", [0, -1, 2.0, "1000", False, None])
def test_max_turns_must_be_a_whole_number_of_at_least_1(value):
    with pytest.raises(OptionError) as caught:
        rummykit.variant("basic-rummy", max_turns=value)
    assert str(caught.value) == f"max_turns must be a whole number of at least 1, not {value!r}"


def test_an_unknown_option_raises_option_error_listing_the_options():
    with pytest.raises(OptionError) as caught:
        rummykit.variant("basic-rummy", jokers=2)
    assert str(caught.value).endswith("no option 'jokers'; its options are: target, max_turns")


# -- records, registry, command line ---------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), [(2, {}), (5, {"target": 30, "max_turns": 60})])
def test_records_replay_a_whole_game(players, options):
    state = rummykit.variant("basic-rummy", **options).new_game(players=players, seed=9)
    rng = random.Random(9)
    while not state.is_over:
        state = state.apply(choose_move(GreedyAgent(), state, rng))
    record = rummykit.GameRecord.from_json(state.record().to_json())
    assert dict(record.options) == {"target": 100, "max_turns": 3000, **options}
    assert record.replay() == state


def test_a_record_of_a_stacked_deal_replays():
    state = _out_first_turn(scores=(5, 6, 7))
    record = rummykit.GameRecord.from_json(state.record().to_json())
    assert record.replay() == state


def test_listed_by_variants_and_by_rummykit_list(capsys):
    assert "basic-rummy" in rummykit.variants()
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    line = next(line for line in lines if line.startswith("basic-rummy "))
    assert "Basic Rummy" in line and "2-6 players" in line
    assert main(["list", "--json"]) == 0
    entry = next(e for e in json.loads(capsys.readouterr().out) if e["id"] == "basic-rummy")
    assert (entry["min_players"], entry["max_players"]) == (2, 6)
    assert entry["options"] == {"target": 100, "max_turns": 3000}


@pytest.mark.slow
def test_conformance_kit_with_options():
    """tests/test_conformance.py checks the defaults; here both options are changed (a short
    safeguard that still lets random players go out, and a low target)."""
    game = rummykit.variant("basic-rummy", target=10, max_turns=200)
    report = check_variant(game, games=2, seed=3, every=3)
    assert report.ok, "\n".join(report.failures)


# -- golden move counts ----------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("basic-rummy_*.json")), ids=lambda p: p.name)
def test_golden_move_counts(path):
    """Legal-move counts along the fixed lines of tests/golden/regenerate_crazy_contract_crummy.py
    (rerun it with ``basic-rummy`` to regenerate, then review the diff)."""
    diff = golden_diff(json.loads(path.read_text()))
    assert not diff, f"{path.name}: {len(diff)} step(s) differ\n" + "\n".join(diff)


def test_golden_files_cover_two_and_six_players_and_both_agents():
    files = [json.loads(p.read_text()) for p in GOLDEN.glob("basic-rummy_*.json")]
    assert {2, 6} <= {data["players"] for data in files}
    assert {"random", "greedy"} <= {data["agent"] for data in files}
    assert any(data["options"] != dict(BASIC.options) for data in files)
    assert all(data["variant"] == "basic-rummy" and len(data["steps"]) > 100 for data in files)
