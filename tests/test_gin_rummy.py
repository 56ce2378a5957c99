"""Gin Rummy: every rule and option from a hand drawn up here (docs/gin-rummy.rst).

Conventions: ``deal(a, b)`` gives seat 0 the hand ``a`` and seat 1 the hand ``b``; seat 1
deals, so seat 0 is the non-dealer and is offered the first upcard. ``stock`` lists the
cards drawn first. ``A`` melds all but the King of diamonds (deadwood 10); ``DEAD`` melds
nothing (deadwood 67) and can only pass.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import rummykit
from rummykit import HIDDEN, Card, IllegalMoveError, parse_cards, parse_move
from rummykit.engine.moves import Knock as KnockMove
from rummykit.engine.rummy_state import Phase, RummyState
from rummykit.games.gin_rummy import deadwood as gin_deadwood
from rummykit.pieces import DealOutcome, Knock, knock_result
from rummykit.sim import simulate
from rummykit.solver.deadwood import deadwood_mask, mask_of
from rummykit.testing.conformance import check_variant
from rummykit.testing.stacking import stacked_game

GIN = rummykit.variant("gin-rummy")


def left(outcome: DealOutcome | None) -> tuple[int, ...]:
    """What each seat's cards left in hand count at the end of a deal (its deadwood)."""
    assert outcome is not None
    return tuple(Knock().value(hand) for hand in outcome.hands)


A = "AS 2S 3S 7H 7D 7C 9C 10C JC KD"
DEAD = "KS QH JD 9S 8H 6D 5C 4H 3D 2C"
#: Deadwood 2 once its melds are down (4H-6H, the Eights, the Queens).
LOW = "4H 5H 6H 8S 8D 8C QC QD QH 2D"
#: Two more hands that meld nothing.
DEAD2 = "QH JD 10H 9D 8H 6D 5C 4H 3D 2C"
DEAD3 = "KS JH JD 9S 7H 6D 5C 3H 3D 2C"
A_MELDS = ("meld run AS-3S: AS 2S 3S", "meld set 7: 7H 7D 7C", "meld run 9C-JC: 9C 10C JC")


def deal(
    a: str,
    b: str,
    *,
    upcard: str = "QS",
    stock: str = "",
    variant: rummykit.Variant = GIN,
    **setup: object,
) -> RummyState:
    state = stacked_game(
        variant,
        hands=[a, b],
        dealer=1,
        upcard=upcard,
        stock=stock,
        **setup,  # type: ignore[arg-type]
    )
    assert isinstance(state, RummyState)
    return state


def play(state: RummyState, *moves: str) -> RummyState:
    for move in moves:
        after = state.apply(parse_move(move))
        assert isinstance(after, RummyState)
        state = after
    return state


def legal(state: RummyState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def illegal(state: RummyState, move: str) -> str:
    """Apply a move that must be illegal; it must not be listed either. Returns the rule."""
    value = parse_move(move)
    assert value not in state.legal_moves()
    assert value not in list(state.legal_moves())
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(value)
    return caught.value.rule


def knocked(a: str = A, b: str = DEAD, draw: str = "2H", discard: str = "KD", **kw: object):
    """Seat 0 draws ``draw`` after both pass the upcard, knocks and discards ``discard``."""
    state = deal(a, b, stock=draw, **kw)  # type: ignore[arg-type]
    return play(state, "pass", "pass", "draw", "knock", f"discard {discard}")


# -- the deal and the first upcard -------------------------------------------------------------


def test_deal_gives_ten_cards_each_turns_an_upcard_and_leaves_31_in_the_stock() -> None:
    state = GIN.new_game(players=2, seed=3)
    assert isinstance(state, RummyState)
    assert [len(h) for h in state.hands] == [10, 10]
    assert len(state.discards) == 1 and len(state.stock) == 31
    assert state.to_move == (state.dealer + 1) % 2
    assert state.phase is Phase.FIRST_UPCARD
    assert sorted(state.all_cards()) == sorted(GIN.deck(2).cards())


def test_gin_is_for_two_players_only() -> None:
    with pytest.raises(rummykit.OptionError):
        GIN.new_game(players=3, seed=1)


def test_first_upcard_goes_to_the_non_dealer_then_the_dealer_then_the_non_dealer_draws() -> None:
    state = deal(A, DEAD)
    assert (state.to_move, legal(state)) == (0, ["pass", "take"])
    assert illegal(state, "draw") == "draw.first_upcard"
    state = play(state, "pass")
    assert (state.to_move, legal(state)) == (1, ["pass", "take"])
    state = play(state, "pass")
    assert (state.to_move, legal(state)) == (0, ["draw"])
    assert illegal(state, "take") == "take.passed"
    assert illegal(state, "pass") == "pass.draw"
    state = play(state, "draw")
    assert state.phase is Phase.PLAY and len(state.hands[0]) == 11


def test_non_dealer_takes_the_first_upcard_then_the_dealer_plays() -> None:
    state = play(deal(A, DEAD, upcard="QS"), "take")
    assert state.phase is Phase.PLAY and "QS" in map(str, state.hands[0])
    state = play(state, "discard QS")  # the taken card may be thrown back (the default)
    assert (state.to_move, state.phase, legal(state)) == (1, Phase.DRAW, ["draw", "take"])
    assert str(state.discards[-1]) == "QS"


def test_dealer_may_take_the_upcard_the_non_dealer_passed() -> None:
    state = play(deal(A, DEAD), "pass", "take")
    assert state.to_move == 1 and len(state.hands[1]) == 11
    state = play(state, "discard KS")
    assert (state.to_move, state.phase) == (0, Phase.DRAW)


def test_a_turn_is_a_draw_from_stock_or_discard_then_one_discard() -> None:
    state = play(deal(A, DEAD, stock="2H 5S"), "pass", "pass", "draw")
    assert str(state.hands[0][1]) == "2H" or "2H" in map(str, state.hands[0])
    assert illegal(state, "draw") == "turn.phase"
    state = play(state, "discard 2H")
    assert illegal(state, "discard 3D") == "turn.phase"
    state = play(state, "take")
    assert "2H" in map(str, state.hands[1])
    assert illegal(state, "discard 2S") == "card.not_in_hand"


# -- knocking ----------------------------------------------------------------------------------


def test_knock_when_the_best_ten_cards_leave_at_most_the_knock_card() -> None:
    state = play(deal(A, DEAD, stock="2H"), "pass", "pass", "draw")
    assert legal(state)[0] == "knock"  # discard the King: deadwood 2
    state = play(state, "knock")
    assert state.phase is Phase.KNOCK and state.knocker == 0
    assert sorted(legal(state)) == ["discard 2H", "discard KD"]
    assert illegal(state, "discard AS") == "knock.deadwood"
    assert illegal(state, "draw") == "turn.phase"


def test_no_knock_above_the_knock_card() -> None:
    state = play(deal(DEAD, A, stock="2H"), "pass", "pass", "draw")
    assert "knock" not in legal(state)
    assert illegal(state, "knock") == "knock.deadwood"


def test_knock_card_option_lowers_the_limit() -> None:
    state = deal(A, DEAD, stock="2H", variant=rummykit.variant("gin-rummy", knock_card=1))
    state = play(state, "pass", "pass", "draw")
    assert illegal(state, "knock") == "knock.deadwood"


def test_the_knocker_spreads_melds_then_passes_with_the_rest_as_deadwood() -> None:
    state = knocked()
    assert state.phase is Phase.SPREAD and len(state.hands[0]) == 10
    assert sorted(legal(state)) == sorted(A_MELDS)
    assert illegal(state, "pass") == "spread.deadwood"
    state = play(state, *A_MELDS)
    assert legal(state) == ["pass"]
    state = play(state, "pass")
    assert (state.phase, state.to_move) == (Phase.LAYOFF, 1)


def test_the_knocker_may_lay_only_melds_that_still_allow_a_legal_knock() -> None:
    # Two runs and three Eights: laying the Eights leaves 15 (OpenSpiel's example); the
    # runs leave the 8D and the Aces, 10.
    state = knocked("5S 6S 7S 8S 6C 7C 8C 8D AH AC", DEAD, draw="KH", discard="KH")
    assert illegal(state, "meld set 8: 8S 8D 8C") == "spread.deadwood"
    assert sorted(legal(state)) == ["meld run 5S-8S: 5S 6S 7S 8S", "meld run 6C-8C: 6C 7C 8C"]


def test_a_run_longer_than_five_is_laid_as_two_runs() -> None:
    state = knocked("4S 5S 6S 7S 8S 9S KH KD KC AD", DEAD2, draw="2D", discard="2D")
    assert illegal(state, "meld run 4S-9S: 4S 5S 6S 7S 8S 9S") == "meld.run.too_long"
    state = play(state, "meld run 4S-6S: 4S 5S 6S", "meld run 7S-9S: 7S 8S 9S")
    assert illegal(state, "meld run 5H-6H: 5H 6H") == "meld.invalid"


# -- lay-offs, gin, undercut -------------------------------------------------------------------

A7S = "AS 2S 3S 7H 7D 7S 9C 10C JC KD"
LAYER = "4S 8C 7C 6C QH JD 5H 4H 3D 2D"
A7S_MELDS = ("meld run AS-3S: AS 2S 3S", "meld set 7: 7S 7H 7D", "meld run 9C-JC: 9C 10C JC")


def test_the_defender_lays_off_on_the_knockers_melds_then_melds_and_is_scored() -> None:
    state = play(knocked(A7S, LAYER), *A7S_MELDS, "pass")
    assert sorted(legal(state)) == sorted(
        ["pass", "lay 4S on #0 high", "lay 7C on #1", "lay 8C on #2 low"]
    )
    assert illegal(state, "lay 6C on #2 low") == "layoff.fit"
    assert illegal(state, "lay 5H on #0 high") == "layoff.fit"
    assert illegal(state, "lay 5S on #0 high") == "card.not_in_hand"
    # Three cards at the same end of a run, one after another (OpenSpiel refuses the third).
    state = play(state, "lay 8C on #2 low", "lay 7C on #2 low", "lay 6C on #2 low")
    state = play(state, "lay 4S on #0 high")
    assert str(state.table[2].meld) == "run 6C-JC: 6C 7C 8C 9C 10C JC"
    state = play(state, "pass")
    assert state.phase is Phase.DEFEND
    assert illegal(state, "lay 5H on #0 high") == "layoff.done"
    state = play(state, "pass")  # QH JD 5H 4H 3D 2D: 34 against the knocker's 2H
    assert state.last_deal is not None
    assert (knock_result(state.last_deal), left(state.last_deal)) == ("knock", (2, 34))
    assert state.scores == (32, 0)
    assert (state.deal_number, state.dealer, state.to_move) == (2, 0, 1)
    assert state.phase is Phase.FIRST_UPCARD


def test_no_lay_offs_after_gin_and_gin_scores_the_bonus_and_all_deadwood() -> None:
    b = "5S KS QH JD 9S 8H 6D 5C 4H 3D"
    state = knocked(A, b, draw="4S", discard="KD")
    state = play(
        state, "meld run AS-4S: AS 2S 3S 4S", "meld set 7: 7H 7D 7C", "meld run 9C-JC: 9C 10C JC"
    )
    state = play(state, "pass")
    assert (state.phase, state.to_move, legal(state)) == (Phase.DEFEND, 1, ["pass"])
    assert illegal(state, "lay 5S on #0 high") == "layoff.done"
    state = play(state, "pass")
    assert state.last_deal is not None and knock_result(state.last_deal) == "gin"
    assert state.scores == (25 + 70, 0)


def test_the_defender_undercuts_with_less_deadwood() -> None:
    state = knocked(A, LOW, draw="5D", discard="5D")  # the knocker keeps KD: 10
    state = play(state, *A_MELDS, "pass", "pass")  # no lay-off (8C is kept for the Eights)
    state = play(
        state,
        "meld run 4H-6H: 4H 5H 6H",
        "meld set 8: 8S 8D 8C",
        "meld set Q: QH QD QC",
        "pass",
    )
    assert state.last_deal is not None and knock_result(state.last_deal) == "undercut"
    assert state.scores == (0, 25 + 10 - 2)


def test_equal_deadwood_is_an_undercut() -> None:
    state = knocked(A, LOW.replace("2D", "KC"), draw="5D", discard="5D")
    state = play(state, *A_MELDS, "pass", "pass")
    state = play(
        state,
        "meld run 4H-6H: 4H 5H 6H",
        "meld set 8: 8S 8D 8C",
        "meld set Q: QH QD QC",
        "pass",
    )
    assert state.last_deal is not None
    assert (knock_result(state.last_deal), left(state.last_deal)) == ("undercut", (10, 10))
    assert state.scores == (0, 25)


def test_gin_and_undercut_bonus_options() -> None:
    variant = rummykit.variant("gin-rummy", gin_bonus=20, undercut_bonus=10)
    state = knocked(A, LOW, draw="5D", discard="5D", variant=variant)
    state = play(state, *A_MELDS, "pass", "pass", "meld run 4H-6H: 4H 5H 6H")
    state = play(state, "meld set 8: 8S 8D 8C", "meld set Q: QH QD QC", "pass")
    assert state.scores == (0, 10 + 8)
    state = knocked(A, DEAD, draw="4S", discard="KD", variant=variant)
    state = play(state, "meld run AS-4S: AS 2S 3S 4S", *A_MELDS[1:], "pass", "pass")
    assert state.scores == (20 + 67, 0)


# -- the wall ----------------------------------------------------------------------------------


def to_wall(state: RummyState) -> RummyState:
    """Both players pass the upcard, then draw from the stock and throw the card back until
    a discard leaves two cards in the stock."""
    state = play(state, "pass", "pass")
    while state.phase is not Phase.WALL:
        if state.phase is Phase.DRAW or state.phase is Phase.FIRST_UPCARD:
            drawn = state.stock[-1]
            state = play(state, "draw", f"discard {drawn}")
    return state


def test_the_hand_is_void_when_two_cards_are_left_in_the_stock() -> None:
    state = to_wall(deal(DEAD, "KC QC JH 9D 8S 6H 5D 4S 3C 2H"))
    assert len(state.stock) == 2 and state.to_move == 1
    assert legal(state) == ["pass"]
    assert illegal(state, "take") == "take.wall"
    assert illegal(state, "draw") == "turn.phase"
    state = play(state, "pass")
    assert state.last_deal is not None and knock_result(state.last_deal) == "wall"
    assert state.scores == (0, 0) and state.deal_number == 2


def test_at_the_wall_the_last_discard_may_be_taken_only_to_knock() -> None:
    state = to_wall(deal(DEAD3, LOW))
    assert legal(state) == ["knock", "pass"]
    top = state.discards[-1]
    state = play(state, "knock")
    assert state.phase is Phase.KNOCK and top in state.hands[1]
    assert len(state.hands[1]) == 11


# -- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("upcard", "knock_card"), [("5S", 5), ("KH", 10), ("AH", 0)])
def test_oklahoma_the_first_upcard_sets_the_knock_card(upcard: str, knock_card: int) -> None:
    okla = rummykit.variant("gin-rummy", oklahoma=True)
    state = deal(A, DEAD, upcard=upcard, stock="2H", variant=okla)
    assert state.rules.knock_limit(state) == knock_card
    state = play(state, "pass", "pass", "draw")  # deadwood 2 after the best discard
    assert ("knock" in legal(state)) is (knock_card >= 2)


def test_oklahoma_ace_means_gin_only() -> None:
    okla = rummykit.variant("gin-rummy", oklahoma=True)
    state = play(deal(A, DEAD, upcard="AH", stock="4S", variant=okla), "pass", "pass", "draw")
    assert "knock" in legal(state)
    state = play(state, "knock")
    assert legal(state) == ["discard KD"]


def test_big_gin_melds_all_eleven_cards_without_a_discard() -> None:
    big = rummykit.variant("gin-rummy", big_gin=31)
    hand = "AS 2S 3S 4S 7H 7D 7C 9C 10C JC"
    state = play(deal(hand, DEAD, stock="8C", variant=big), "pass", "pass", "draw", "knock")
    assert "meld run 8C-JC: 8C 9C 10C JC" in legal(state)
    assert "meld run 9C-JC: 9C 10C JC" not in legal(state)  # would leave the 8C
    state = play(state, "meld run AS-4S: AS 2S 3S 4S")
    assert illegal(state, "discard 7H") == "turn.phase"
    assert illegal(state, "pass") == "spread.deadwood"
    state = play(state, "meld set 7: 7H 7D 7C", "meld run 8C-JC: 8C 9C 10C JC", "pass", "pass")
    assert state.last_deal is not None and knock_result(state.last_deal) == "big_gin"
    assert state.scores == (31 + 67, 0)


def test_without_big_gin_the_knocker_discards_first() -> None:
    hand = "AS 2S 3S 4S 7H 7D 7C 9C 10C JC"
    state = play(deal(hand, DEAD, stock="8C"), "pass", "pass", "draw", "knock")
    assert illegal(state, "meld run AS-4S: AS 2S 3S 4S") == "knock.discard_first"


def test_discard_taken_false_forbids_throwing_back_the_card_just_taken() -> None:
    strict = rummykit.variant("gin-rummy", discard_taken=False)
    state = play(deal(A, DEAD, variant=strict), "take")
    assert illegal(state, "discard QS") == "discard.taken_card"
    assert "knock" in legal(state) and len(legal(state)) == 11


def test_max_takes_voids_the_hand() -> None:
    short = rummykit.variant("gin-rummy", max_takes=2)
    state = play(deal(A, DEAD, stock="5S 6H", variant=short), "pass", "pass", "draw")
    state = play(state, "discard 5S", "take", "discard KS")
    assert state.takes == 1
    state = play(state, "take")
    assert state.last_deal is not None and knock_result(state.last_deal) == "safeguard"
    assert state.deal_number == 2 and state.scores == (0, 0)


def test_the_discard_thrown_back_twice_in_a_row_voids_the_hand() -> None:
    state = play(deal(A, DEAD), "take", "discard QS", "take")
    assert state.thrown_back
    state = play(state, "discard QS")
    assert state.last_deal is not None and knock_result(state.last_deal) == "safeguard"


def test_options_are_checked() -> None:
    for options in ({"knock_card": 11}, {"target": 0}, {"oklahoma": 1}, {"big_gin": -1}):
        with pytest.raises(rummykit.OptionError):
            rummykit.variant("gin-rummy", **options)


# -- the game ----------------------------------------------------------------------------------


def _winning_hand(**kw: object) -> RummyState:
    """Seat 0 knocks with 2 and the defender lays nothing: 59 - 2 = 57 to seat 0."""
    return play(knocked(A7S, LAYER, **kw), *A7S_MELDS, "pass", "pass", "pass")


@pytest.mark.parametrize(("shutout", "final"), [(True, 2 * 147 + 100 + 25), (False, 147 + 125)])
def test_the_game_ends_at_100_with_game_box_and_shutout_bonuses(shutout: bool, final: int) -> None:
    variant = rummykit.variant("gin-rummy", shutout=shutout)
    state = _winning_hand(scores=[90, 0], variant=variant)
    assert state.is_over and state.phase is Phase.OVER
    assert state.scores == (final, 0) and state.winners == (0,)
    assert state.legal_moves().count() == 0


def test_box_bonus_counts_every_hand_won() -> None:
    state = _winning_hand(scores=[0, 30])
    assert not state.is_over and state.deals_won == (1, 0) and state.scores == (57, 30)


def test_max_deals_ends_the_game_without_bonuses() -> None:
    state = to_wall(deal(DEAD, "KC QC JH 9D 8S 6H 5D 4S 3C 2H",
                         variant=rummykit.variant("gin-rummy", max_deals=1)))  # fmt: skip
    state = play(state, "pass")
    assert state.is_over and state.scores == (0, 0) and state.winners == (0, 1)


def test_views_hide_the_other_hand_and_the_stock_until_the_knocker_spreads() -> None:
    state = knocked(A7S, LAYER)
    view = state.view(1)
    assert view.hand == state.hands[1] and set(view.hands[0]) == {HIDDEN}
    assert view.stock_size == len(state.stock)
    state = play(state, *A7S_MELDS, "pass")
    assert state.view(1).hands[0] == state.hands[0]  # the knocker's deadwood is shown
    assert set(state.view(0).hands[1]) == {HIDDEN}


def test_the_knockers_face_down_discard_is_hidden_from_the_defender() -> None:
    state = knocked(A7S, LAYER)  # the knocker has discarded face down
    face_down = state.discards[-1]
    for phase_moves in ((), (*A7S_MELDS, "pass")):
        shown = play(state, *phase_moves)
        assert shown.phase in (Phase.SPREAD, Phase.LAYOFF)
        defender, knocker = shown.view(1), shown.view(0)
        assert defender.discard_top is None and defender.discards[-1] is HIDDEN
        assert defender.discards[:-1] == shown.discards[:-1]  # the rest of the pile is public
        assert knocker.discard_top == face_down and knocker.discards[-1] == face_down
        assert face_down in shown.variant.rules.hidden_cards(shown, 1)
        assert face_down not in shown.variant.rules.hidden_cards(shown, 0)
    # Once the deal is scored and the next one dealt, nothing of it is hidden any more.
    done = play(state, *A7S_MELDS, "pass", "pass", "pass")
    assert done.deal_number == 2


def test_a_face_down_discard_of_the_card_just_drawn_stays_hidden() -> None:
    # The knocker draws the 2H from the stock and lays that very card face down: the turn's
    # drawn card was left on the state and shown to the seat to move, the defender, during
    # the lay-offs (the 2H in its view's `drawn`).
    from rummykit.testing.probes import reachable

    drawn = Card.parse("2H")
    state = knocked(A7S, LAYER, draw="2H", discard="2H")
    assert state.discards[-1] == drawn
    for phase_moves in ((), (*A7S_MELDS, "pass"), (*A7S_MELDS, "pass", "pass")):
        shown = play(state, *phase_moves)
        assert shown.phase in (Phase.SPREAD, Phase.LAYOFF, Phase.DEFEND)
        cards = [x for x in reachable(shown.view(1)) if isinstance(x, Card)]
        assert drawn not in cards, shown.phase
        assert drawn not in json.dumps(shown.view(1).to_json()).replace('"', " ").split()


def test_no_card_the_defender_cannot_see_is_in_its_view_after_a_knock() -> None:
    # One pack, no wild cards: a hidden card's only copy is where the seat cannot see it,
    # so no value reachable from the view may be that card, unless it was seen taken
    # (random games, every position from the knock to the end of the deal, both seats).
    from rummykit.testing.probes import reachable

    checked = 0
    for seed in range(100):
        state = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.knocker is not None:
                for seat in (0, 1):
                    view = state.view(seat)
                    hidden = set(state.variant.rules.hidden_cards(state, seat))
                    # but a card seen taken from the pile, and the deal's first upcard (the
                    # indicator), were face up for everyone to see
                    hidden -= {view.took, view.indicator, *(c for k in view.known for c in k)}
                    shown = {x for x in reachable(view) if isinstance(x, Card)}
                    assert not hidden & shown, (seed, state.phase)
                    checked += 1
            legal = state.legal_moves()
            knocks = [m for m in legal if isinstance(m, KnockMove)]
            state = state.apply(knocks[0] if knocks else legal[rng.randrange(len(legal))])
    assert checked > 200


def test_the_greedy_agent_keeps_the_card_it_took() -> None:
    from rummykit.agents import GreedyAgent, choose_move, usefulness

    # The KH taken is the least useful card of the hand, yet the 5D goes instead.
    hand = "AS 2S 3S 7H 7D 7C 9C JC 5D 8D"
    state = play(deal(hand, DEAD, upcard="KH"), "take")
    assert "knock" not in [str(m) for m in state.legal_moves()]
    hand_now = list(state.hands[0])
    least = min(hand_now, key=lambda c: (usefulness(c, hand_now, (False,) * 53), -(c.rank or 0)))
    assert str(least) == "KH"  # what the agent would throw back if it did not know
    move = choose_move(GreedyAgent(), state, random.Random(0))
    assert str(move).startswith("discard") and str(move) != "discard KH"


# -- the kit, records, simulation --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {"max_deals": 4},
        {"max_deals": 3, "oklahoma": True, "big_gin": 31, "discard_taken": False},
        {"max_deals": 3, "knock_card": 0, "max_takes": 5},
    ],
)
def test_conformance_kit_on_gin_rummy(options: dict[str, object]) -> None:
    report = check_variant(rummykit.variant("gin-rummy", **options), games=2, seed=11)
    assert report.ok, "\n".join(report.failures)


def test_a_knock_happy_random_game_passes_the_conformance_checks() -> None:
    """Random play rarely knocks; this plays many showdowns and checks every state."""
    from collections import Counter

    from rummykit.testing.conformance import check_state

    game = rummykit.variant("gin-rummy", max_deals=30, big_gin=31)
    deck = Counter(game.deck(2).cards())
    ends: Counter[str] = Counter()
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_game(players=2, seed=seed)
        previous: list[rummykit.Move] = []
        while not state.is_over:
            assert check_state(state, deck, rng, previous) == []
            moves = list(state.legal_moves())
            pick = [m for m in moves if str(m) == "knock"] or moves
            if state.phase is Phase.PLAY and pick is moves:  # keep the best ten cards
                mask = mask_of(state.hands[state.to_move])
                after = [deadwood_mask(mask ^ (1 << m.card)) for m in moves]  # type: ignore[attr-defined]
                pick = [m for m, d in zip(moves, after, strict=True) if d == min(after)]
            move = pick[rng.randrange(len(pick))]
            before = state.last_deal
            state, previous = state.apply(move), moves
            if state.last_deal is not before and state.last_deal is not None:
                ends[knock_result(state.last_deal)] += 1
    assert ends["knock"] + ends["undercut"] + ends["gin"] >= 10


def test_records_replay_exactly() -> None:
    from rummykit.engine.record import GameRecord

    state = GIN.new_game(players=2, seed=9)
    rng = random.Random(9)
    for _ in range(300):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    assert GameRecord.from_json(state.record().to_json()).replay() == state


def test_simulation_is_deterministic_and_error_free() -> None:
    first = simulate("gin-rummy", players=2, games=2, seed=1).to_json()
    second = simulate("gin-rummy", players=2, games=2, seed=1).to_json()
    timing = ("seconds", "games_per_second", "moves_per_second")
    assert first["errors"] == 0 and first["completed"] == 2
    assert {k: v for k, v in first.items() if k not in timing} == {
        k: v for k, v in second.items() if k not in timing
    }


def test_cards_are_conserved_through_a_showdown() -> None:
    state = play(knocked(A7S, LAYER), *A7S_MELDS, "pass", "lay 8C on #2 low")
    assert sorted(state.all_cards()) == sorted(GIN.deck(2).cards())
    assert gin_deadwood(state, 1) == rummykit.solver.deadwood.deadwood(state.hands[1])
    assert parse_cards("8C")[0] in state.table[2].meld.cards


# -- golden move counts ------------------------------------------------------------------------

GOLDEN = Path(__file__).parent / "golden"


def _golden_diff(data: dict[str, Any]) -> list[str]:
    """Replay a golden line; one line per step whose legal-move count differs."""
    variant = rummykit.variant(data["variant"], **data["options"])
    state = variant.new_game(players=data["players"], seed=data["seed"])
    diff: list[str] = []
    for step, (count, text) in enumerate(data["steps"]):
        moves = list(state.legal_moves())
        move = parse_move(text)
        if len(moves) != count:
            shown = "" if diff else f": {', '.join(map(str, moves))}"
            diff.append(f"step {step} before {text!r}: golden {count}, now {len(moves)}{shown}")
        if move not in moves:
            diff.append(f"step {step}: {text!r} is no longer legal; replay stops")
            break
        state = state.apply(move)
    return diff


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("gin-rummy_*.json")), ids=lambda p: p.name)
def test_golden_move_counts(path: Path) -> None:
    """Legal-move counts along the fixed lines of tests/golden/regenerate_gin_rummy.py (rerun
    it to regenerate, then review the diff)."""
    diff = _golden_diff(json.loads(path.read_text()))
    assert not diff, f"{path.name}: {len(diff)} step(s) differ\n" + "\n".join(diff)


def test_golden_lines_reach_showdowns() -> None:
    files = [json.loads(p.read_text()) for p in GOLDEN.glob("gin-rummy_*.json")]
    assert len(files) >= 5
    texts = [text for data in files for _, text in data["steps"]]
    assert any(t == "knock" for t in texts) and any(t.startswith("lay ") for t in texts)
