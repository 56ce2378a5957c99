"""The engine's quick contract bound never rejects a hand that can meet the contract."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.cards import DeckSpec
from rummykit.contracts import CONTRACT_RUMMY_SCHEDULE, CRUMMY_RUMMY_SCHEDULE
from rummykit.engine.rummy_moves import _may_fit
from rummykit.melds import AceRule, MeldContext, MeldRules
from rummykit.solver import can_meet_contract
from rummykit.wilds import DealInfo, WildRules

CONTEXTS = [
    MeldContext(
        rules=MeldRules(set_max=None, run_min=4, aces=AceRule.EITHER),
        deck=DeckSpec.standard(packs=2, extra_jokers=3),
        wilds=WildRules.jokers().for_deal(DealInfo(1)),
    ),
    MeldContext(
        rules=MeldRules(set_max=None, run_min=4, aces=AceRule.HIGH),
        deck=DeckSpec.standard(packs=2, jokers_per_pack=2),
        wilds=WildRules.deuces_and_jokers().for_deal(DealInfo(1)),
    ),
]
CONTRACTS = [
    spec.contract for spec in (*CONTRACT_RUMMY_SCHEDULE.specs, *CRUMMY_RUMMY_SCHEDULE.specs)
]


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(CONTEXTS),
    st.sampled_from(CONTRACTS),
    st.data(),
)
def test_the_quick_bound_is_a_necessary_condition(context, contract, data) -> None:
    size = data.draw(st.integers(6, 14))
    hand = tuple(sorted(data.draw(st.permutations(context.deck.cards()))[:size]))
    if can_meet_contract(hand, contract, context):
        assert _may_fit(contract, (), hand, context)


def test_the_quick_bound_rejects_a_hopeless_hand() -> None:
    from rummykit.cards import parse_cards

    context = CONTEXTS[0]
    hand = parse_cards("AS 3S 5S 7S 9S JS KS 2H 4H 6H 8H 10H QH 2D")
    two_runs = CONTRACT_RUMMY_SCHEDULE.round(3).contract
    assert not _may_fit(two_runs, (), hand, context)
    assert not can_meet_contract(hand, two_runs, context)


def test_the_quick_bound_with_fewer_ranks_than_sets_needed() -> None:
    """Three sets from two ranks and two wild cards: the third set lacks three cards."""
    from rummykit.cards import parse_cards

    context = CONTEXTS[1]  # deuces and jokers wild
    three_sets = CRUMMY_RUMMY_SCHEDULE.round(4).contract
    hand = parse_cards("KS KH KD 5C 5D 2S JK")
    assert not _may_fit(three_sets, (), hand, context)
    assert not can_meet_contract(hand, three_sets, context)
