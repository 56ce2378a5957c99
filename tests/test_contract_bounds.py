"""The engine's quick contract bound never rejects a hand that can meet the contract."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.cards import Card, DeckSpec, Suit
from rummykit.contracts import CONTRACT_RUMMY_SCHEDULE, CRUMMY_RUMMY_SCHEDULE
from rummykit.engine.rummy_moves import _contract_lay_downs, _may_fit
from rummykit.engine.rummy_state import remove_cards
from rummykit.melds import AceRule, Meld, MeldContext, MeldRules
from rummykit.solver import can_meet_contract, possible_melds
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


def _every_contract_meld(hand, contract, context, laid):
    """The definition (R32): each meld that may join ``laid`` and leaves the contract
    completable from the rest of the hand, solved afresh for every meld."""

    if not can_meet_contract(hand, contract, context, laid=laid):
        return []
    return [
        meld
        for meld in possible_melds(hand, context)
        if contract.unmet((*laid, meld)) is not None
        and can_meet_contract(
            remove_cards(hand, meld.cards), contract, context, laid=(*laid, meld)
        )
    ]


#: Two suits and seven ranks of each context's packs, plus its wild cards: small enough
#: that most hands hold several melds and many can meet a contract.
def _dense(context: MeldContext) -> tuple[Card, ...]:
    mask = context.wilds.mask
    return tuple(
        card
        for card in context.deck.cards()
        if mask[card] or (card.suit in (Suit.SPADES, Suit.HEARTS) and 3 <= card.rank <= 9)
    )


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(CONTEXTS),
    st.sampled_from([c for c in CONTRACTS if not c.all_cards]),
    st.data(),
)
def test_contract_lay_downs_that_leave_the_same_problem_share_its_answer(
    context, contract, data
) -> None:
    """The engine answers once for candidate melds that leave the same problem (the cards
    no open requirement could use do not count); the list is the one found by solving for
    every candidate, at the first meld of a lay-down and at the next."""
    size = data.draw(st.integers(8, 16))
    hand = tuple(sorted(data.draw(st.permutations(_dense(context)))[:size]))
    laid: tuple[Meld, ...] = ()
    for _ in range(2):
        expected = _every_contract_meld(hand, contract, context, laid)
        found = [move.meld for move in _contract_lay_downs(hand, contract, context, laid)]
        assert found == expected
        if not expected:
            break
        first = data.draw(st.sampled_from(expected))
        hand, laid = remove_cards(hand, first.cards), (*laid, first)
