"""Contracts and contract schedules (RULES.md 3.3, 3.4; R26, R31, R32, R35, R63)."""

from __future__ import annotations

import attrs
import pytest

from rummykit import (
    Contract,
    ContractSchedule,
    Meld,
    MeldKind,
    OptionError,
    Rank,
    Requirement,
    RoundSpec,
    Suit,
    parse_cards,
)
from rummykit.contracts import (
    CONTRACT_RUMMY_SCHEDULE,
    CONTRACT_RUMMY_SCHEDULE_10_12,
    CRUMMY_RUMMY_SCHEDULE,
    RunDistinctness,
)

P = parse_cards


def run(text: str, suit: str, start: int) -> Meld:
    return Meld.run(P(text), suit=Suit.parse(suit), start=start)


def group(text: str, rank: str) -> Meld:
    return Meld.set(P(text), rank=Rank.parse(rank))


# --- the schedules ------------------------------------------------------------------------


def test_crummy_rummy_schedule_matches_rules_3_4() -> None:
    table = [
        (spec.cards, spec.contract.runs, spec.contract.sets, spec.contract.all_cards)
        for _, spec in CRUMMY_RUMMY_SCHEDULE.rounds()
    ]
    assert table == [
        (7, 0, 2, False),
        (8, 1, 1, False),
        (9, 2, 0, False),
        (10, 0, 3, False),
        (11, 1, 1, False),
        (12, 2, 1, False),
        (13, 3, 0, True),
    ]
    assert len(CRUMMY_RUMMY_SCHEDULE) == 7
    assert [number for number, _ in CRUMMY_RUMMY_SCHEDULE.rounds()] == list(range(1, 8))
    assert [str(spec.contract) for _, spec in CRUMMY_RUMMY_SCHEDULE.rounds()] == [
        "2 sets",
        "1 run + 1 set",
        "2 runs",
        "3 sets",
        "1 run of 7+ + 1 set",
        "2 runs + 1 set",
        "3 runs, all cards",
    ]


def test_r31_round_five_asks_for_a_run_of_seven_or_more() -> None:
    contract = CRUMMY_RUMMY_SCHEDULE.round(5).contract
    assert contract == Contract.parse("1 run of 7+ + 1 set")
    (longest,) = [r for r in contract.requirements if r.kind is MeldKind.RUN]
    assert longest == Requirement(MeldKind.RUN, 7)


def test_r32_crummy_rummy_contract_melds_must_differ_in_suit_and_rank() -> None:
    two_runs = CRUMMY_RUMMY_SCHEDULE.round(3).contract
    assert two_runs.run_distinctness is RunDistinctness.SUITS
    hearts_low, hearts_high = run("3H 4H 5H 6H", "H", 3), run("10H JH QH KH", "H", 10)
    assert two_runs.unmet([hearts_low, hearts_high]) is None  # seed 002's clubs example
    assert two_runs.is_met([hearts_low, run("10S JS QS KS", "S", 10)])
    three_sets = CRUMMY_RUMMY_SCHEDULE.round(4).contract
    aces = group("AS AH AD", "A")
    assert three_sets.unmet([aces, group("AS AH AC", "A")]) is None  # not six aces as two sets
    assert three_sets.unmet([aces, group("KS KH KD", "K")]) == (Requirement(MeldKind.SET),)


def test_r35_round_seven_uses_all_cards() -> None:
    assert CRUMMY_RUMMY_SCHEDULE.round(7).contract.all_cards
    assert not any(spec.contract.all_cards for _, spec in list(CRUMMY_RUMMY_SCHEDULE.rounds())[:6])


def test_r26_contract_rummy_deals_13_cards_every_round() -> None:
    rows = [
        (spec.cards, spec.contract.sets, spec.contract.runs)
        for _, spec in CONTRACT_RUMMY_SCHEDULE.rounds()
    ]
    assert rows == [
        (13, 2, 0),
        (13, 1, 1),
        (13, 0, 2),
        (13, 3, 0),
        (13, 2, 1),
        (13, 1, 2),
        (13, 0, 3),
    ]
    assert all(
        spec.contract.run_distinctness is RunDistinctness.TOUCHING
        for _, spec in CONTRACT_RUMMY_SCHEDULE.rounds()
    )
    assert not any(spec.contract.all_cards for _, spec in CONTRACT_RUMMY_SCHEDULE.rounds())


def test_r26_option_deal_sizes_10_12() -> None:
    cards = [spec.cards for _, spec in CONTRACT_RUMMY_SCHEDULE_10_12.rounds()]
    assert cards == [10, 10, 10, 12, 12, 12, 12]
    assert [s.contract for _, s in CONTRACT_RUMMY_SCHEDULE_10_12.rounds()] == [
        s.contract for _, s in CONTRACT_RUMMY_SCHEDULE.rounds()
    ]


def test_schedule_table_and_round_lookup() -> None:
    schedule = ContractSchedule.table((10, "2 sets"), (12, "3 runs"))
    assert len(schedule) == 2
    assert schedule.round(2) == RoundSpec(12, Contract.parse("3 runs"))
    with pytest.raises(OptionError):
        schedule.round(0)
    with pytest.raises(OptionError):
        schedule.round(3)
    with pytest.raises(OptionError):
        schedule.with_cards([10])
    with pytest.raises(OptionError):
        ContractSchedule(())


# --- R31: a run of seven or more -----------------------------------------------------------


def test_r31_run_of_seven_accepts_seven_and_eight_card_runs_not_six() -> None:
    contract = Contract.parse("1 run of 7+ + 1 set")
    kings = group("KS KH KD", "K")
    seven = run("3H 4H 5H 6H 7H 8H 9H", "H", 3)
    eight = run("3H 4H 5H 6H 7H 8H 9H 10H", "H", 3)
    six = run("3H 4H 5H 6H 7H 8H", "H", 3)
    assert contract.unmet([seven, kings]) == ()
    assert contract.is_met([eight, kings])
    assert contract.unmet([six, kings]) is None
    assert contract.unmet([six]) is None
    assert contract.unmet([seven]) == (Requirement(MeldKind.SET),)
    assert contract.unmet([]) == contract.requirements


def test_contracts_reject_wrong_kinds_and_extra_melds() -> None:
    contract = Contract.parse("1 run + 1 set")
    hearts, kings = run("3H 4H 5H 6H", "H", 3), group("KS KH KD", "K")
    assert contract.is_met([kings, hearts])
    assert contract.unmet([kings, group("QS QH QD", "Q")]) is None
    assert contract.unmet([hearts, kings, group("QS QH QD", "Q")]) is None


# --- R63: distinct melds in a contract-rummy contract ---------------------------------------


def test_r63_touching_allows_same_suit_runs_with_a_gap() -> None:
    contract = Contract.parse("2 runs", run_distinctness=RunDistinctness.TOUCHING)
    low = run("3H 4H 5H 6H", "H", 3)
    assert contract.is_met([low, run("8H 9H 10H JH", "H", 8)])  # the 7H is the gap
    assert contract.is_met([run("8H 9H 10H JH", "H", 8), low])


def test_r63_touching_rejects_runs_that_touch_or_overlap() -> None:
    contract = Contract.parse("2 runs", run_distinctness=RunDistinctness.TOUCHING)
    low = run("3H 4H 5H 6H", "H", 3)
    assert contract.unmet([low, run("7H 8H 9H 10H", "H", 7)]) is None  # would be one run
    assert contract.unmet([run("7H 8H 9H 10H", "H", 7), low]) is None
    assert contract.unmet([low, run("5H 6H 7H 8H", "H", 5)]) is None
    assert contract.is_met([low, run("7S 8S 9S 10S", "S", 7)])


def test_r63_suits_option_rejects_any_same_suit_pair() -> None:
    contract = Contract.parse("2 runs", run_distinctness=RunDistinctness.SUITS)
    low = run("3H 4H 5H 6H", "H", 3)
    assert contract.unmet([low, run("10H JH QH KH", "H", 10)]) is None
    assert contract.is_met([low, run("10C JC QC KC", "C", 10)])


def test_r63_sets_of_a_contract_have_different_ranks() -> None:
    contract = CONTRACT_RUMMY_SCHEDULE.round(1).contract
    assert contract.unmet([group("5S 5H 5D", "5"), group("5S 5H 5C", "5")]) is None
    assert contract.is_met([group("5S 5H 5D", "5"), group("6S 6H 6C", "6")])
    lenient = Contract.parse("2 sets", distinct_set_ranks=False)
    assert lenient.is_met([group("5S 5H 5D", "5"), group("5S 5H 5C", "5")])


# --- the contract text form ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["2 sets", "1 run + 1 set", "1 run of 7+ + 1 set", "3 runs, all cards", "2 runs"]
)
def test_contract_text_round_trip(text: str) -> None:
    contract = Contract.parse(text)
    assert str(contract) == text
    assert Contract.parse(str(contract)) == contract


def test_contract_parse_reads_variants_of_the_all_cards_suffix() -> None:
    assert Contract.parse("3 runs (all cards)") == Contract.parse("3 runs, all cards")
    assert Contract.parse("1 set + 1 run") == Contract.parse("1 run + 1 set")


@pytest.mark.parametrize("text", ["2 pairs", "", "two sets", "1 run +", "1 run of seven"])
def test_bad_contract_text_raises_option_error(text: str) -> None:
    with pytest.raises(OptionError):
        Contract.parse(text)


def test_contracts_are_immutable_values() -> None:
    contract = Contract.parse("2 runs")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        contract.all_cards = True  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CRUMMY_RUMMY_SCHEDULE.specs = ()  # type: ignore[misc]
    assert hash(contract) == hash(Contract.parse("2 runs"))
