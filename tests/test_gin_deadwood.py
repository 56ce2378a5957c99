"""The gin deadwood solver against an exhaustive reference: random hands and dense hands.

The reference tries every combination of disjoint melds (sets of 3 or 4, runs of 3 or more,
Ace low) and knows nothing of the solver's tables. Dense hands (cards of three to five
adjacent ranks in every suit) are where sets and runs compete for the same cards. The mask
functions are also compared with the general deadwood solver they specialise, and the old
module ``rummykit.games.gin_deadwood`` is checked to still answer, with a warning.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Card, MeldContext, parse_cards
from rummykit.solver import deadwood as gd

VALUE = [min(code % 13 + 1, 10) for code in range(52)]


def reference(cards: list[int]) -> int:
    """Least deadwood: every combination of disjoint melds, tried."""
    have = set(cards)
    melds: list[frozenset[int]] = []
    for rank in range(13):
        same = [c for c in cards if c % 13 == rank]
        for k in (3, 4):
            melds.extend(frozenset(x) for x in itertools.combinations(same, k))
    for suit in range(4):
        for low in range(13):
            for high in range(low + 3, 14):
                run = frozenset(suit * 13 + r for r in range(low, high))
                if run <= have:
                    melds.append(run)
    best = 0

    def grow(start: int, used: frozenset[int], value: int) -> None:
        nonlocal best
        best = max(best, value)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                grow(i + 1, used | melds[i], value + sum(VALUE[c] for c in melds[i]))

    grow(0, frozenset(), 0)
    return sum(VALUE[c] for c in cards) - best


def reference_discard(cards: list[int]) -> int:
    return min(reference([c for c in cards if c != d]) for d in cards)


def hands(size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)


@st.composite
def dense_hands(draw: st.DrawFn, size: int) -> list[int]:
    """``size`` cards from a few adjacent ranks in all four suits."""
    width = draw(st.integers(3, 5))
    low = draw(st.integers(0, 13 - width))
    pool = [suit * 13 + rank for suit in range(4) for rank in range(low, low + width)]
    if len(pool) < size:
        pool += [c for c in range(52) if c not in pool][: size - len(pool)]
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


def solve(cards: list[int]) -> int:
    gd.clear_cache()  # the first call answers, not the cache
    return gd.deadwood([Card(c) for c in cards])


def solve_discard(cards: list[int]) -> int:
    gd.clear_cache()
    return gd.best_discard_deadwood([Card(c) for c in cards])


@settings(max_examples=300, deadline=None)
@given(hands(10))
def test_ten_card_hands_equal_the_exhaustive_reference(cards: list[int]) -> None:
    assert solve(cards) == reference(cards)


@settings(max_examples=200, deadline=None)
@given(hands(11))
def test_eleven_card_hands_equal_the_reference_minimum_over_every_discard(
    cards: list[int],
) -> None:
    assert solve_discard(cards) == reference_discard(cards)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(dense_hands(10))
def test_dense_ten_card_hands_equal_the_reference(cards: list[int]) -> None:
    assert solve(cards) == reference(cards)


@pytest.mark.slow
@settings(max_examples=250, deadline=None)
@given(dense_hands(11))
def test_dense_eleven_card_hands_equal_the_reference(cards: list[int]) -> None:
    assert solve_discard(cards) == reference_discard(cards)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 13).flatmap(hands))
def test_hands_of_any_size_equal_the_reference(cards: list[int]) -> None:
    assert solve(cards) == reference(cards)
    if cards:
        assert solve_discard(cards) == reference_discard(cards)


@settings(max_examples=100, deadline=None)
@given(st.one_of(hands(10), dense_hands(10)))
def test_cached_answers_equal_first_answers(cards: list[int]) -> None:
    mask = gd.mask_of(Card(c) for c in cards)
    first = solve(cards)
    assert gd.deadwood_mask(mask) == first
    assert gd.deadwood_mask(mask) == first


@pytest.mark.parametrize(
    ("text", "after_discard"),
    [
        # OpenSpiel's MinDeadwood says 6: its best ten-card grouping is not the best
        # grouping once a card may be discarded (5C-7C, 5D-7D, the Eights; discard 7H).
        ("5C 5D 5H 6C 6D 7C 7D 7H 8C 8D 8H", 5),
        ("3C 3D 3H 4D 4H 5C 5D 5H 6C 6D 6H", 3),
        ("10C 10D 10S 7D 7H 7S 8D 8H 9C 9D 9H", 7),
    ],
)
def test_dense_eleven_card_hands_where_a_ten_card_grouping_misleads(
    text: str, after_discard: int
) -> None:
    cards = [int(c) for c in parse_cards(text)]
    assert solve_discard(cards) == after_discard == reference_discard(cards)


def test_a_card_makes_a_run_or_a_set_not_both() -> None:
    assert gd.deadwood(parse_cards("5H 6H 7H 7S 7D")) == 11
    assert gd.deadwood(parse_cards("5H 6H 7H 7S 7D 7C")) == 0  # 5H-7H and 7S 7D 7C
    assert gd.deadwood(parse_cards("5H 6H 7H 8H 7S 7D")) == 14  # 5H-8H beats the Sevens


def test_aces_are_low_only_and_runs_never_wrap() -> None:
    assert gd.deadwood(parse_cards("AS 2S 3S")) == 0
    assert gd.deadwood(parse_cards("QS KS AS")) == 21
    assert gd.deadwood(parse_cards("KS AS 2S")) == 13


def test_an_eleven_card_hand_all_melded_keeps_no_deadwood() -> None:
    assert gd.best_discard_deadwood(parse_cards("AS 2S 3S 4S 7H 7D 7C 8C 9C 10C JC")) == 0


def test_nine_cards_in_three_card_melds_lose_a_meld_to_the_discard() -> None:
    cards = [int(c) for c in parse_cards("AS 2S 3S 5H 5D 5C 9C 10C JC")]
    assert gd.deadwood([Card(c) for c in cards]) == 0
    assert solve_discard(cards) == 3 == reference_discard(cards)  # discard 3S: AS 2S left


@settings(max_examples=100, deadline=None)
@given(st.one_of(hands(10), dense_hands(10), dense_hands(11)))
def test_the_arrangement_melds_disjoint_valid_melds_with_the_least_deadwood(
    cards: list[int],
) -> None:
    hand = [Card(c) for c in cards]
    best = gd.arrangement(hand)
    ctx = MeldContext()
    used = [c for meld in best.melds for c in meld.cards]
    assert sorted(used + list(best.deadwood)) == sorted(hand)
    assert all(ctx.is_valid(meld) for meld in best.melds)
    assert best.value == gd.deadwood(hand) == reference(cards)


def test_a_card_given_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="at most once: AS twice"):
        gd.mask_of(parse_cards("AS AS"))
    with pytest.raises(ValueError, match="52 cards of a gin pack: Card\\('JK'\\)"):
        gd.mask_of([Card.parse("JK")])


@pytest.mark.parametrize(
    "cards",
    [[Card.parse("AS"), Card.parse("AS")], [52], [-1], ["AS"], [[1]], [1.5], (Card.parse("JK"),)],
)
def test_deadwood_from_a_list_refuses_what_is_not_a_hand(cards: list[object]) -> None:
    # the fast path for lists and tuples must refuse what mask_of refuses, with its message
    with pytest.raises(ValueError, match="gin"):
        gd.deadwood(cards)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="gin"):
        gd.best_discard_deadwood(cards)  # type: ignore[arg-type]


def test_deadwood_from_a_list_a_tuple_or_an_iterator_agree() -> None:
    rng = random.Random(5)
    for _ in range(300):
        cards = [Card(c) for c in rng.sample(range(52), rng.choice((10, 11)))]
        mask = gd.mask_of(cards)
        assert gd.deadwood(cards) == gd.deadwood(tuple(cards)) == gd.deadwood(iter(cards))
        assert gd.deadwood(cards) == gd.deadwood_mask(mask)
        assert gd.best_discard_deadwood(cards) == gd.discard_deadwood_mask(mask)
        assert gd.deadwood([int(c) for c in cards]) == gd.deadwood_mask(mask)


def test_card_values_are_ace_one_pips_and_ten_for_court_cards() -> None:
    assert [gd.VALUES[int(Card.parse(t))] for t in ("AS", "7H", "10D", "JC", "QS", "KH")] == [
        1,
        7,
        10,
        10,
        10,
        10,
    ]
    assert gd.hand_value(gd.mask_of(parse_cards("AS KH 7D"))) == 18
    gd.clear_cache()
    assert gd.cache_info()["deadwood"] == 0


def general(cards: list[int]) -> int:
    """The general solver's answer for the gin deck, meld rules and card values."""
    return gd.min_deadwood([Card(c) for c in cards], MeldContext(), value=VALUE.__getitem__)


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands(10), dense_hands(10), st.integers(0, 13).flatmap(hands)))
def test_the_masks_agree_with_the_general_solver_they_specialise(cards: list[int]) -> None:
    assert solve(cards) == general(cards)
    best = gd.best_arrangement([Card(c) for c in cards], MeldContext(), value=VALUE.__getitem__)
    assert -best.score == gd.arrangement([Card(c) for c in cards]).value == solve(cards)


@settings(max_examples=40, deadline=None)
@given(st.one_of(hands(11), dense_hands(11)))
def test_the_best_discard_agrees_with_the_general_solver(cards: list[int]) -> None:
    assert solve_discard(cards) == min(general([c for c in cards if c != d]) for d in cards)


def test_the_old_module_still_answers_and_says_where_the_code_went() -> None:
    import rummykit.games.gin_deadwood as old

    with pytest.warns(DeprecationWarning, match=r"rummykit\.solver\.deadwood\.deadwood_mask"):
        assert old.deadwood_mask is gd.deadwood_mask
    with pytest.warns(DeprecationWarning, match="GinArrangement"):
        assert old.Arrangement is gd.GinArrangement
    with pytest.warns(DeprecationWarning):
        from rummykit.games.gin_deadwood import VALUES, deadwood
    assert (VALUES, deadwood) == (gd.VALUES, gd.deadwood)
    with pytest.raises(AttributeError):
        _ = old.min_deadwood  # only the names the module had
