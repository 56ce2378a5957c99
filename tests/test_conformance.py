"""The conformance kit on every registered variant, and engine-wide properties.

DESIGN.md's invariants: cards conserved, no legal move if and only if over, apply never
mutates, views leak nothing, records replay exactly, every game terminates.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rummykit
from rummykit.engine.rummy import RummyState
from rummykit.solver import possible_melds
from rummykit.testing.conformance import ConformanceError, check_state, check_variant, states

VARIANTS = rummykit.variants()


@pytest.mark.slow
@pytest.mark.parametrize("variant_id", VARIANTS)
def test_conformance_kit_passes_on_every_registered_variant(variant_id: str) -> None:
    report = check_variant(rummykit.variant(variant_id), games=2, seed=20, every=2)
    assert report.ok, "\n".join(report.failures)
    assert report.games >= 2
    assert report.moves > 0


@pytest.mark.slow
def test_conformance_kit_on_crib_rummy_options() -> None:
    game = rummykit.variant(
        "crib-rummy", jokers=4, aces="either", joker_respects_copy_limit=True, target=61
    )
    report = check_variant(game, games=2, seed=5, every=2)
    assert report.ok, "\n".join(report.failures)


def test_conformance_kit_reports_a_broken_invariant() -> None:
    """The kit must be able to fail: a state whose cards are not the deck's is caught."""
    state = rummykit.variant("crib-rummy").new_game(players=2, seed=1)
    assert isinstance(state, RummyState)
    deck = Counter(state.variant.deck(2).cards())
    deck[rummykit.JOKER] += 1
    problems = check_state(state, deck, random.Random(0))
    assert problems == ["cards not conserved"]


crib = rummykit.variant("crib-rummy", target=61)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(crib, max_steps=300))
def test_views_do_not_change_when_hidden_cards_are_redealt(state: rummykit.State) -> None:
    assert isinstance(state, RummyState)
    rules = state.rules
    for seat in range(state.players):
        hidden = rules.hidden_cards(state, seat)
        for salt in range(3):
            random.Random(salt).shuffle(hidden)
            redealt = rules.with_hidden(state, seat, hidden)
            assert redealt.view(seat) == state.view(seat)
            assert redealt.all_cards() == state.all_cards()


@pytest.mark.parametrize("game_id", ["basic-rummy", "gin-rummy", "crib-rummy", "rummy-500"])
def test_r13_a_redeal_moves_the_drawn_and_single_card_with_the_card_in_their_place(
    game_id: str,
) -> None:
    # The card another seat drew unseen this turn, and the one card it held before drawing
    # (which it must then discard, R13), are two of its hidden cards: a re-deal that puts
    # other cards in that hand must name the card now in their place, or the position asks
    # the player to discard a card it does not hold.
    from rummykit.agents import GreedyAgent, choose_move

    game = rummykit.variant(game_id)
    rng = random.Random(3)
    followed = 0
    for players in sorted({game.min_players, game.max_players}):
        state = game.new_game(players=players, seed=3)
        for _ in range(400):
            if state.is_over:
                break
            assert isinstance(state, RummyState)
            rules, active = state.rules, state.active
            seat = (active + 1) % players
            hidden = rules.hidden_cards(state, seat)
            rng.shuffle(hidden)
            redealt = rules.with_hidden(state, seat, hidden)
            assert redealt.view(seat) == state.view(seat)
            for field in ("drawn", "single"):
                old, card = getattr(state, field), getattr(redealt, field)
                if old is not None and old != state.took and old in state.hands[active]:
                    assert card in redealt.hands[active], (field, card)
                    followed += old != card
                else:  # none, taken from the pile, or played this turn: in plain sight
                    assert card == old
            if state.single is not None and state.hands[active] == (state.single,):
                assert redealt.single == redealt.hands[active][0]
                for move in redealt.legal_moves():  # then the card held is the one to discard
                    after = redealt.apply(move)
                    assert after.is_over or after.legal_moves(), move
            state = state.apply(choose_move(GreedyAgent(), state, rng))
    assert followed  # some re-deal put another card where the drawn or single card was


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(crib, max_steps=300))
def test_incremental_hand_melds_equal_a_fresh_solve(state: rummykit.State) -> None:
    """The engine keeps each seat's melds up to date move by move; they must always equal
    what the solver finds from scratch."""
    assert isinstance(state, RummyState)
    for seat, hand in enumerate(state.hands):
        assert state.hand_melds[seat] == possible_melds(hand, state.context)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(crib, max_steps=200))
def test_every_listed_move_applies_and_only_a_finished_game_has_none(
    state: rummykit.State,
) -> None:
    legal = state.legal_moves()
    for move in legal:
        state.apply(move)
    assert bool(legal) != state.is_over


def test_the_kit_reports_a_state_that_does_not_pickle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11: the kit round-trips final states through pickle and deepcopy; a state that
    cannot be pickled is a reported failure, not a crash."""
    from rummykit.engine.core import GameState

    def broken(self: GameState) -> dict[str, object]:
        raise TypeError("cannot pickle this state")

    monkeypatch.setattr(GameState, "__getstate__", broken)
    report = check_variant(rummykit.variant("crib-rummy", target=31), players=[2], games=1)
    assert not report.ok
    assert any("does not pickle" in failure for failure in report.failures)


def test_a_game_that_raises_is_a_failure_naming_it_and_the_next_games_still_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A variant whose rules raise in the middle of a game (a bug in a user's piece) is a
    reported failure that names the game to play again and where it raised; the kit goes on
    with the other games rather than dying with the first (a soak runs for hours)."""
    from rummykit.engine.rummy import RummyRules

    real = RummyRules.play
    played: list[int] = []

    def flaky(self: RummyRules, state: RummyState, move: object) -> RummyState:
        played.append(1)
        if len(played) == 30:  # the 30th move of the first game
            raise RuntimeError("a broken piece")
        return real(self, state, move)  # type: ignore[arg-type]

    monkeypatch.setattr(RummyRules, "play", flaky)
    game = rummykit.variant("crib-rummy", target=31)
    report = check_variant(game, players=[2], games=2, seed=40, processes=False)
    assert report.games == 2
    (failure,) = report.failures
    assert failure.startswith("crib-rummy players=2 seed=40: the game raised RuntimeError")
    assert "a broken piece" in failure and "in flaky" in failure
    assert len(played) > 30  # the second game (seed 41) was played and checked
    played.clear()
    with pytest.raises(ConformanceError, match="seed=40"):
        check_variant(game, players=[2], games=1, seed=40, processes=False, raise_on_failure=True)


# -- the kit's deeper probes must be able to fail ----------------------------------------------


def test_the_probes_report_a_rule_check_that_accepts_malformed_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rummykit.engine.rummy import RummyRules
    from rummykit.testing.probes import malformed_move_problems

    state = rummykit.variant("crib-rummy").new_game(players=2, seed=1)
    assert malformed_move_problems(state, random.Random(0)) == []
    monkeypatch.setattr(RummyRules, "check", lambda self, state, move: None)
    problems = malformed_move_problems(state, random.Random(0))
    assert problems and all("passes the rule check" in p for p in problems)


def test_the_probes_find_a_hand_kept_where_equality_and_repr_do_not_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kit_broken import LeakyView

    from rummykit.testing.probes import view_leak_problems

    state = rummykit.variant("crib-rummy").new_game(players=3, seed=2)
    assert isinstance(state, RummyState)
    real = RummyState.view
    monkeypatch.setattr(RummyState, "view", lambda s, seat: LeakyView(real(s, seat), s.hands))
    problems = view_leak_problems(state, 1, random.Random(0))
    # seat 0's hand, kept where seat 1's view hides it, seen by the re-deal and the renaming
    assert problems == [
        "everything reachable from the view of seat 1 changes when its hidden cards are"
        " re-dealt (first at view._hands[0][0])",
        "pickle of the view of seat 1 changes when its hidden cards are re-dealt",
        "everything reachable from the view of seat 1 changes when its hidden cards are"
        " renamed (first at view._hands[0][0])",
        "pickle of the view of seat 1 changes when its hidden cards are renamed",
    ]


def test_the_probes_find_a_card_named_by_a_field_the_redeal_leaves_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A re-deal moves the hidden cards between the hidden places (hands, stock, buried
    discards) and leaves other fields as they are (but the active player's drawn and single
    cards, which follow their places: made to stay here), so a view that shows the card
    another seat just drew from the stock (the ``drawn`` field) looks the same after it;
    giving the hidden cards other names everywhere in the state (``renamed_state``) shows
    the leak."""
    from rummykit.engine import rummy_views
    from rummykit.testing.probes import renamed_state, view_leak_problems

    state = rummykit.variant("gin-rummy").new_game(players=2, seed=1)
    for text in ("pass", "pass", "draw"):  # the first upcard refused, seat 0 draws
        state = state.apply(rummykit.parse_move(text))
    assert isinstance(state, RummyState) and state.drawn is not None
    assert view_leak_problems(state, 1, random.Random(0)) == []
    monkeypatch.setattr(rummy_views, "_own_or_hidden", lambda card, seen: card)
    monkeypatch.setattr(rummy_views, "_followed", lambda card, old, new: card)
    assert state.view(1).drawn == state.drawn  # the leak
    renamed = renamed_state(state, 1, random.Random(0))
    assert isinstance(renamed, RummyState) and renamed.drawn != state.drawn
    assert renamed.hands[1] == state.hands[1]  # seat 1's own cards keep their names
    assert view_leak_problems(state, 1, random.Random(0)) == [
        "everything reachable from the view of seat 1 changes when its hidden cards are"
        " renamed (first at view.drawn)",
        *(
            f"{what} of seat 1 changes when its hidden cards are renamed"
            for what in ("the view", "repr(view)", "view.to_json()", "pickle of the view")
        ),
    ]


def test_renaming_forgets_a_hash_cached_by_attrs() -> None:
    """``Meld`` caches its hash; a renamed meld must hash as its new cards do, or a set or
    dict in a renamed state would hold it under its old name."""
    from rummykit.testing.probes import _renamed

    meld = rummykit.Meld.parse("set Q: QS QH QC")
    assert hash(meld)  # cached now
    renamed = _renamed(meld, {rummykit.Card.parse("QC"): rummykit.Card.parse("QD")}, {})
    assert renamed == rummykit.Meld.parse("set Q: QS QH QD")
    assert hash(renamed) == hash(rummykit.Meld.parse("set Q: QS QH QD"))
    assert {renamed} == {rummykit.Meld.parse("set Q: QS QH QD")}


def test_public_cards_are_the_cards_the_whole_table_saw() -> None:
    """A discard taken into a hand is hidden where it lies, yet every player saw it taken:
    the view names it (``took``), so the renaming probe must leave it its name."""
    from rummykit.testing.probes import renamed_state

    state = rummykit.variant("gin-rummy").new_game(players=2, seed=1)
    state = state.apply(rummykit.parse_move("take"))  # the first upcard, into a hand
    assert isinstance(state, RummyState) and state.took is not None
    taker, other = state.active, 1 - state.active
    assert state.took in state.hands[taker]
    assert state.view(other).took == state.took
    assert state.rules.public_cards(state, other) == {state.took}
    renamed = renamed_state(state, other, random.Random(0))
    assert isinstance(renamed, RummyState)
    assert renamed.took == state.took and state.took in renamed.hands[taker]
    assert renamed.hands[taker] != state.hands[taker]
    assert renamed.view(other) == state.view(other)


@pytest.mark.parametrize("variant_id", VARIANTS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_views_do_not_change_when_hidden_cards_are_renamed(
    variant_id: str, data: st.DataObject
) -> None:
    """Every card a view names is one its seat can see, or one the whole table has seen
    (``public_cards``): renaming the others everywhere in the state changes no view."""
    from rummykit.testing.probes import renamed_state

    state = data.draw(states(rummykit.variant(variant_id), max_steps=300))
    for seat in range(state.players):
        renamed = renamed_state(state, seat, random.Random(seat))
        if renamed is not None:
            assert renamed.view(seat) == state.view(seat)
            assert renamed.view(seat).to_json() == state.view(seat).to_json()


@pytest.mark.slow
def test_the_probes_report_a_game_that_depends_on_the_hash_seed() -> None:
    from kit_broken import hash_ordered

    from rummykit.testing.probes import determinism_problems

    assert determinism_problems(rummykit.variant("crib-rummy"), 2, 1) == []
    problems = determinism_problems(hash_ordered(), 2, 1)
    assert problems == [
        "crib-rummy players=2 seed=1: the same game differs between hash seeds 1, 2"
    ]


def test_the_probes_report_threads_that_disagree(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from rummykit.engine.rummy import RummyRules
    from rummykit.testing.probes import thread_problems

    game = rummykit.variant("crib-rummy")
    assert thread_problems(game, 2, 3, moves=60) == []
    real = RummyRules.generate
    main = threading.main_thread()

    def per_thread(self: RummyRules, state: RummyState):  # type: ignore[no-untyped-def]
        moves = list(real(self, state))
        # a cache that only the thread that filled it sees: other threads lose a move
        return iter(moves if threading.current_thread() is main else moves[1:])

    monkeypatch.setattr(RummyRules, "generate", per_thread)
    problems = thread_problems(game, 2, 3, moves=60)
    assert problems and "legal moves differ" in problems[0]


# -- reachable_difference: the view-leak probe's side-by-side walk ------------------------------


@attrs.frozen
class _Box:
    """An attrs object holding anything (a view's shape in miniature)."""

    first: object
    second: object = None


_NESTED = st.recursive(
    st.integers(-3, 3) | st.sampled_from(["a", "b"]) | st.none(),
    lambda inner: (
        st.tuples(inner, inner)
        | st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["x", "y", "z"]), inner, max_size=3)
        | st.frozensets(st.integers(0, 5), max_size=3)
        | st.builds(_Box, inner, inner)
    ),
    max_leaves=12,
)


@given(_NESTED)
def test_reachable_difference_finds_none_between_a_value_and_its_copy(value: object) -> None:
    from rummykit.testing.probes import reachable_difference

    assert reachable_difference(value, copy.deepcopy(value)) is None


@given(_NESTED, _NESTED)
def test_reachable_difference_misses_nothing_that_reachable_sees(a: object, b: object) -> None:
    # where the side-by-side walk finds no difference, the leaves of the two agree
    from rummykit.testing.probes import reachable, reachable_difference

    if reachable_difference(a, b) is None:
        assert reachable(a) == reachable(b)


def test_reachable_difference_names_where_the_values_part() -> None:
    from rummykit.testing.probes import reachable_difference

    assert reachable_difference(_Box((1, {"k": [2, 3]})), _Box((1, {"k": [2, 4]}))) == (
        ".first[1]['k'][1]"
    )
    assert reachable_difference(_Box(frozenset({1, 2})), _Box(frozenset({1, 3}))) == (
        ".first<item 1>"
    )
    assert reachable_difference([1, 2], [1, 2, 3]) == ""  # sizes differ: the lists themselves
    assert reachable_difference((1,), [1]) == ""  # so do their types
    assert reachable_difference(1, True) == ""  # a bool is not the int 1
    shared = _Box([5] * 100)
    assert reachable_difference(_Box(shared, 1), _Box(shared, 2)) == ".second"


def test_the_kit_reports_an_apply_that_replaces_a_field_of_its_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # even by an equal value: the state must hold the very objects it held
    real = RummyState.apply

    def replacing(self: RummyState, move: object) -> RummyState:
        object.__setattr__(self, "scores", tuple(list(self.scores)))
        return real(self, move)  # type: ignore[arg-type]

    monkeypatch.setattr(RummyState, "apply", replacing)
    game = rummykit.variant("crib-rummy")
    report = check_variant(game, players=[2], games=1, seed=1, probe_every=0)
    assert "apply(" in report.failures[0]
    assert "changed the state it was called on" in report.failures[0]
    report = check_variant(game, players=[2], games=1, seed=1)  # the malformed-move probe
    assert "the malformed move str() changed the state" in report.failures[0]
