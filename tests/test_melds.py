"""Melds: sets, runs and quartets, their anchors, declarations and text form.

Each test draws its hand up with ``parse_cards`` and names the rule clause (RULES.md section
4) or seed example it checks.
"""

from __future__ import annotations

import attrs
import pytest

from rummykit import (
    AceRule,
    AmbiguousMeldError,
    Card,
    CardParseError,
    DealInfo,
    DeckSpec,
    Declaration,
    InvalidMeldError,
    Meld,
    MeldContext,
    MeldKind,
    MeldRules,
    OptionError,
    Rank,
    SetSuits,
    Suit,
    WildRules,
    parse_cards,
)

P = parse_cards


def card(text: str) -> Card:
    return Card.parse(text)


def crazy(deal: int, *, packs: int = 1) -> MeldContext:
    """Crazy Rummy (RULES 3.2) in deal ``deal``: the deal's rank is wild, no limit, Aces low;
    with two packs sets hold up to eight cards (R22)."""
    rules = MeldRules() if packs == 1 else MeldRules(set_max=8)
    return MeldContext(
        rules=rules,
        deck=DeckSpec.standard(packs=packs),
        wilds=WildRules.rising_rank().for_deal(DealInfo(deal)),
    )


def crummy_rummy(*, packs: int = 1, **rule_options: object) -> MeldContext:
    """Crummy Rummy (RULES 3.4): runs of 4+, sets of 3+, Aces high, 2s and jokers wild."""
    options: dict[str, object] = {"run_min": 4, "set_max": None, "aces": AceRule.HIGH}
    options.update(rule_options)
    return MeldContext(
        rules=MeldRules(**options),  # type: ignore[arg-type]
        deck=DeckSpec.standard(packs=packs, jokers_per_pack=2),
        wilds=WildRules.deuces_and_jokers().for_deal(DealInfo(1)),
    )


def crib(*, aces: AceRule = AceRule.LOW, jokers_per_pack: int = 1) -> MeldContext:
    """Crib Rummy (RULES 3.5): two packs and jokers, sets of 3-4, runs of 3+."""
    return MeldContext(
        rules=MeldRules(set_max=4, aces=aces),
        deck=DeckSpec.standard(packs=2, jokers_per_pack=jokers_per_pack),
        wilds=WildRules.jokers().for_deal(DealInfo(1)),
    )


def run(text: str, suit: str, start: int) -> Meld:
    return Meld.run(P(text), suit=Suit.parse(suit), start=start)


def group(text: str, rank: str) -> Meld:
    return Meld.set(P(text), rank=Rank.parse(rank))


# --- R15: the garbled examples of seed 001 ------------------------------------------------


def test_r15_deal7_ten_ten_seven_is_a_set_of_tens() -> None:
    ctx = crazy(7)
    (meld,) = ctx.readings(P("10H 10D 7C"))
    assert meld.kind is MeldKind.SET
    assert meld.rank is Rank.TEN
    assert meld.stands_for(meld.cards.index(card("7C"))) is Rank.TEN
    assert ctx.interpret(P("10H 10D 7C")) == meld


def test_r15_deal7_ace_two_seven_is_the_run_a23_of_spades() -> None:
    meld = crazy(7).interpret(P("AS 2S 7C"))
    assert meld.kind is MeldKind.RUN
    assert (meld.suit, meld.low, meld.high) == (Suit.SPADES, 1, 3)
    assert meld.represents == P("AS 2S 3S")  # the 7 is the 3 of spades
    assert str(meld) == "run AS-3S: AS 2S 7C"


def test_r15_deal7_the_same_cards_are_no_meld_in_another_deal() -> None:
    with pytest.raises(InvalidMeldError):
        crazy(8).interpret(P("AS 2S 7C"))
    with pytest.raises(InvalidMeldError):
        crazy(8).interpret(P("10H 10D 7C"))


def test_r15_deal2_kk2_the_two_stands_for_a_king_of_either_missing_suit() -> None:
    ctx = crazy(2)
    meld = ctx.interpret(P("KS KH 2C"))
    assert (meld.kind, meld.rank) == (MeldKind.SET, Rank.KING)
    stands = meld.stands_for(meld.cards.index(card("2C")))
    # The model says "a King", suit open: not an exact card.
    assert stands is Rank.KING
    assert not isinstance(stands, Card)
    present = {c.suit for c in meld.cards if c.rank is Rank.KING}
    missing = {s for s in Suit if s not in present}
    assert missing == {Suit.DIAMONDS, Suit.CLUBS}
    # Either missing King can take the 2's place; a King already there cannot (one pack).
    assert ctx.is_valid(group("KS KH KD", "K"))
    assert ctx.is_valid(group("KS KH KC", "K"))
    violation = ctx.violation(group("KS KH KS", "K"))
    assert violation is not None and violation.rule == "set.copy_limit"


def test_r15_deal3_j33_is_a_set_of_jacks_or_a_run_in_either_direction() -> None:
    ctx = crazy(3)
    left_to_right = ctx.readings(P("JD 3S 3C"))
    assert set(left_to_right) == {
        group("JD 3S 3C", "J"),
        run("JD 3S 3C", "D", 11),  # J-Q-K of diamonds
    }
    other_side = ctx.readings(P("3S 3C JD"))
    assert set(other_side) == {
        group("JD 3S 3C", "J"),
        run("3S 3C JD", "D", 9),  # 9-10-J of diamonds
    }
    assert run("3S 3C JD", "D", 9).represents == P("9D 10D JD")
    with pytest.raises(AmbiguousMeldError) as raised:
        ctx.interpret(P("JD 3S 3C"))
    assert set(raised.value.readings) == set(left_to_right)
    assert raised.value.rule == "meld.ambiguous"


# --- R16: represented cards respect the deck within one meld ------------------------------


def test_r16_a_run_wild_cannot_stand_for_a_card_the_deck_lacks() -> None:
    """With the 2s removed (seed 004's packs), A-?-3 is no run: the wild would be a 2."""
    ctx = MeldContext(
        deck=DeckSpec.without_twos(),
        wilds=WildRules.rising_rank().for_deal(DealInfo(5)),
    )
    violation = ctx.violation(run("AH 5C 3H", "H", 1))
    assert violation is not None and violation.rule == "meld.not_in_deck"
    assert ctx.is_valid(run("3H 5C 5H", "H", 3))
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("AH 5C 3H"))


def test_r16_a_set_never_repeats_an_exact_card_with_one_pack() -> None:
    ctx = crazy(5)
    violation = ctx.violation(group("QS QS QH", "Q"))
    assert violation is not None and violation.rule == "set.copy_limit"
    assert crazy(5, packs=2).is_valid(group("QS QS QH", "Q"))


def test_r16_a_set_of_a_rank_the_deck_lacks_is_no_meld() -> None:
    ctx = MeldContext(deck=DeckSpec.crummy(players=4), rules=MeldRules(runs=False))
    violation = ctx.violation(group("2S 2H 2D", "2"))
    assert violation is not None and violation.rule == "meld.not_in_deck"


def test_r16_no_check_across_melds() -> None:
    """Deal 2: the 2 in 7-2-9 stands for the 8H while the real 8H lies in a set."""
    ctx = crazy(2)
    eights = group("8H 8S 8D", "8")
    run_729 = run("7H 2C 9H", "H", 7)
    assert run_729.represents[1] == card("8H")
    assert ctx.is_valid(eights)
    assert ctx.is_valid(run_729)
    # The cross-meld check exists only as the R40 option, off unless a game asks for it.
    assert ctx.table_copy_violation(run_729, [eights]) is not None


# --- R18: a wild-rank card in its own place ----------------------------------------------


def test_r18_a_wild_rank_card_in_its_own_place_represents_itself() -> None:
    ctx = crazy(7)
    meld = ctx.interpret(P("5H 6H 7H"))
    assert meld == run("5H 6H 7H", "H", 5)
    assert meld.represents == P("5H 6H 7H")
    assert meld.stands_for(2) is card("7H")
    assert ctx.wilds.is_wild(card("7H"))
    assert ctx.wild_count(meld) == 1  # still a wild card (R18, R29)


# --- R22: the double pack ----------------------------------------------------------------


def test_r22_double_pack_sets_may_repeat_cards() -> None:
    ctx = crazy(5, packs=2)
    meld = ctx.interpret(P("QS QS QH"))  # seed 001: Q-Q-Q is a valid set
    assert (meld.kind, meld.rank) == (MeldKind.SET, Rank.QUEEN)
    assert not crazy(5).is_valid(meld)


def test_r22_double_pack_sets_hold_up_to_eight_cards() -> None:
    ctx = crazy(5, packs=2)
    assert ctx.is_valid(group("QS QS QH QH QD QD QC QC", "Q"))
    assert ctx.is_valid(group("QS QS QH QH QD QD QC 5C", "Q"))
    assert not ctx.is_valid(group("QS QS QH QH QD QD QC QC 5C", "Q"))
    assert not ctx.is_valid(group("QS QS QH QH QD QD QC 5C 5S", "Q"))


def test_r22_at_most_two_copies_of_an_exact_card() -> None:
    ctx = crazy(5, packs=2)
    violation = ctx.violation(group("QS QS QS", "Q"))
    assert violation is not None and violation.rule == "set.copy_limit"
    violation = ctx.violation(group("QS QS QS QH 5C", "Q"))
    assert violation is not None and violation.rule == "set.copy_limit"


def test_r22_double_pack_runs_cannot_repeat_a_rank() -> None:
    ctx = crazy(2, packs=2)
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("7H 7H 8H"))
    violation = ctx.violation(run("7H 7H 8H", "H", 7))
    assert violation is not None and violation.rule == "run.not_consecutive"
    assert ctx.is_valid(run("7H 8H 9H", "H", 7))


# --- R25: binding declarations ------------------------------------------------------------


def test_r25_five_six_nine_and_nine_five_six_are_different_runs() -> None:
    ctx = crazy(9)
    up = ctx.interpret(P("5H 6H 9C"))
    down = ctx.interpret(P("9C 5H 6H"))
    assert up.represents == P("5H 6H 7H")
    assert down.represents == P("4H 5H 6H")
    assert up != down
    assert (up.low, up.high) == (5, 7)
    assert (down.low, down.high) == (4, 6)


def test_r25_the_order_laid_fixes_which_ends_can_be_extended() -> None:
    ctx = crazy(9)
    up = ctx.interpret(P("5H 6H 9C"))  # 5-6-[7]: takes the 8, not the 3
    assert ctx.is_valid(Meld.run((*up.cards, card("8H")), suit=Suit.HEARTS, start=up.start))
    assert not ctx.is_valid(
        Meld.run((card("3H"), *up.cards), suit=Suit.HEARTS, start=up.start - 1)
    )
    down = ctx.interpret(P("9C 5H 6H"))  # [4]-5-6: takes the 3, not the 8
    assert ctx.is_valid(
        Meld.run((card("3H"), *down.cards), suit=Suit.HEARTS, start=down.start - 1)
    )
    assert not ctx.is_valid(
        Meld.run((*down.cards, card("8H")), suit=Suit.HEARTS, start=down.start)
    )


def test_r25_j33_is_rejected_without_a_declaration_and_accepted_with_one() -> None:
    ctx = crazy(3)
    with pytest.raises(AmbiguousMeldError):
        ctx.interpret(P("JD 3S 3C"))
    as_set = ctx.interpret(P("JD 3S 3C"), Declaration.set_of(Rank.JACK))
    as_run = ctx.interpret(P("JD 3S 3C"), Declaration.run_of(Suit.DIAMONDS))
    assert as_set == group("JD 3S 3C", "J")
    assert as_run == run("JD 3S 3C", "D", 11)
    assert as_run.represents == P("JD QD KD")
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("JD 3S 3C"), Declaration.run_of(Suit.HEARTS))


def test_r25_a_declared_meld_keeps_its_anchor() -> None:
    ctx = crazy(3)
    as_set = ctx.interpret(P("JD 3S 3C"), Declaration.set_of(Rank.JACK))
    bigger = Meld.set((*as_set.cards, card("JH")), rank=as_set.rank)  # type: ignore[arg-type]
    assert ctx.is_valid(bigger) and bigger.rank is Rank.JACK
    assert Meld.parse(str(as_set)) == as_set
    as_run = ctx.interpret(P("JD 3S 3C"), Declaration.run_of(Suit.DIAMONDS))
    assert Meld.parse(str(as_run)).start == 11
    # J-Q-K of diamonds grows down with the 10D but not past the King (Aces low).
    assert ctx.is_valid(Meld.run((card("10D"), *as_run.cards), suit=Suit.DIAMONDS, start=10))
    violation = ctx.violation(Meld.run((*as_run.cards, card("AD")), suit=Suit.DIAMONDS, start=11))
    assert violation is not None and violation.rule == "run.ace_position"


def test_declarations_admit_only_matching_melds() -> None:
    jacks = group("JD 3S 3C", "J")
    assert Declaration().admits(jacks)
    assert Declaration.set_of(Rank.JACK).admits(jacks)
    assert not Declaration.set_of(Rank.QUEEN).admits(jacks)
    assert not Declaration.run_of(Suit.DIAMONDS).admits(jacks)
    assert Declaration.run_of(Suit.DIAMONDS, 11).admits(run("JD 3S 3C", "D", 11))
    assert not Declaration.run_of(Suit.DIAMONDS, 9).admits(run("JD 3S 3C", "D", 11))


# --- R49: Aces high or low ---------------------------------------------------------------


def test_r49_aces_either_end_a23_and_qka_are_runs_but_not_ka2() -> None:
    ctx = crib(aces=AceRule.EITHER)
    assert ctx.interpret(P("AS 2S 3S")) == run("AS 2S 3S", "S", 1)
    high = ctx.interpret(P("QS KS AS"))
    assert (high.low, high.high) == (12, 14)
    assert high.represents == P("QS KS AS")
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("KS AS 2S"))
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("KS JK 2S"))  # not even with a joker for the Ace
    with pytest.raises(InvalidMeldError):
        crib().interpret(P("QS KS AS"))  # the default: Aces low only


def test_r49_longest_run_is_13_cards_and_never_holds_both_aces() -> None:
    ctx = crib(aces=AceRule.EITHER)
    low = P("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    high = P("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert ctx.interpret(low).start == 1
    assert ctx.interpret(high).start == 2
    both = Meld.run((*low, card("AS")), suit=Suit.SPADES, start=1)
    violation = ctx.violation(both)
    assert violation is not None and violation.rule == "run.too_long"
    with pytest.raises(InvalidMeldError):
        ctx.interpret((*low, card("AS")))


def test_r49_a_14_card_run_option_is_rejected() -> None:
    """A run_max above 13 would let an Ace stand at both ends (AceRule: never both)."""
    with pytest.raises(OptionError):
        MeldRules(run_max=14, aces=AceRule.EITHER)


# --- R61: the copy limit in sets -----------------------------------------------------------


def test_r61_one_pack_four_kings_and_a_wild_is_too_many() -> None:
    ctx = crummy_rummy()
    assert ctx.is_valid(group("KS KH KD KC", "K"))
    violation = ctx.violation(group("KS KH KD KC JK", "K"))
    assert violation is not None and violation.rule == "set.copy_limit"
    violation = ctx.violation(group("KS KH KD 2C JK", "K"))
    assert violation is not None and violation.rule == "set.copy_limit"


def test_r61_two_packs_eight_cards_but_not_nine() -> None:
    ctx = crummy_rummy(packs=2)
    assert ctx.is_valid(group("KS KS KH KH KD KD 2C JK", "K"))
    violation = ctx.violation(group("KS KS KH KH KD KD KC 2C JK", "K"))
    assert violation is not None and violation.rule == "set.copy_limit"


def test_r61_option_set_copy_limit_false_allows_larger_sets() -> None:
    one = crummy_rummy(set_copy_limit=False)
    assert one.is_valid(group("KS KH KD KC JK", "K"))
    two = crummy_rummy(packs=2, set_copy_limit=False)
    assert two.is_valid(group("KS KS KH KH KD KD KC 2C JK", "K"))
    # Physical cards still cannot exceed the packs.
    assert not one.is_valid(group("KS KS KH KD 2C", "K"))


# --- seed 001 examples ---------------------------------------------------------------------


def test_seed001_kkjj_in_deal_11_is_a_set_of_four_kings() -> None:
    ctx = crazy(11)
    meld = ctx.interpret(P("KS KH JD JC"))
    assert (meld.kind, meld.rank) == (MeldKind.SET, Rank.KING)
    assert meld.represents.count(Rank.KING) == 2  # the Jacks are the KD and KC
    fifth = Meld.set((*meld.cards, card("JS")), rank=Rank.KING)
    assert not ctx.is_valid(fifth)
    # Also where sets have no fixed maximum: there is no fifth King to stand for.
    open_ended = attrs.evolve(ctx, rules=MeldRules(set_max=None))
    violation = open_ended.violation(fifth)
    assert violation is not None and violation.rule == "set.copy_limit"


def test_seed001_qq9_in_deal_9_the_nine_is_a_queen_of_open_suit() -> None:
    meld = crazy(9).interpret(P("QS QH 9C"))
    assert (meld.kind, meld.rank) == (MeldKind.SET, Rank.QUEEN)
    assert meld.represents == (card("QS"), card("QH"), Rank.QUEEN)


def test_seed001_run_729_in_deal_2_the_two_is_the_eight() -> None:
    ctx = crazy(2)
    meld = ctx.interpret(P("7H 2C 9H"))
    assert meld.represents == P("7H 8H 9H")
    # After the swap with the real 8 and the 2 moved down to the 6: 5-2-7-8-9.
    swapped = ctx.interpret(P("5H 2C 7H 8H 9H"))
    assert swapped.represents == P("5H 6H 7H 8H 9H")
    assert swapped.stands_for(1) == card("6H")


def test_seed001_five_six_nine_in_deal_9() -> None:
    ctx = crazy(9)
    assert ctx.interpret(P("5H 6H 9C")).stands_for(2) == card("7H")
    assert ctx.interpret(P("9C 5H 6H")).stands_for(0) == card("4H")


def test_seed001_aces_are_low_only_in_crazy_rummy() -> None:
    ctx = crazy(5)
    assert ctx.is_valid(ctx.interpret(P("AS 2S 3S")))
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("QS KS AS"))
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("KS AS 2S"))
    violation = ctx.violation(run("QS KS AS", "S", 12))
    assert violation is not None and violation.rule == "run.ace_position"


def test_seed001_sets_are_three_or_four_cards_runs_three_or_more() -> None:
    ctx = crazy(5)
    assert not ctx.is_valid(group("QS QH", "Q"))
    assert ctx.is_valid(group("QS QH QD QC", "Q"))
    assert not ctx.is_valid(run("4S 5S", "S", 4))
    assert ctx.is_valid(run("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "S", 1))


# --- seed 002 examples ---------------------------------------------------------------------


def test_seed002_sets_may_repeat_suits_with_several_decks() -> None:
    assert crummy_rummy(packs=2).interpret(P("3S 3S 3H")) == group("3S 3S 3H", "3")
    with pytest.raises(InvalidMeldError):
        crummy_rummy(packs=1).interpret(P("3S 3S 3H"))


def test_seed002_runs_are_four_or_more_cards() -> None:
    ctx = crummy_rummy()
    assert ctx.interpret(P("9D 10D JD QD")) == run("9D 10D JD QD", "D", 9)
    violation = ctx.violation(run("9D 10D JD", "D", 9))
    assert violation is not None and violation.rule == "run.too_short"


def test_set_suits_distinct_option() -> None:
    ctx = MeldContext(
        rules=MeldRules(set_suits=SetSuits.DISTINCT, set_max=8),
        deck=DeckSpec.standard(packs=2),
        wilds=WildRules.rising_rank().for_deal(DealInfo(5)),
    )
    violation = ctx.violation(group("3S 3S 3H", "3"))
    assert violation is not None and violation.rule == "set.duplicate_suit"
    assert ctx.is_valid(group("3S 3H 3D 3C", "3"))
    assert not ctx.is_valid(group("3S 3H 3D 3C 5C", "3"))


# --- quartets (Crummy) ---------------------------------------------------------------------


def test_crummy_quartets_are_the_four_cards_of_a_rank_in_the_pack() -> None:
    ctx = MeldContext(
        rules=MeldRules(sets=False, runs=False, quartets=True),
        deck=DeckSpec.crummy(players=4),
    )
    aces = Meld.quartet(P("AS AH AD AC"), rank=Rank.ACE)
    assert ctx.is_valid(aces)
    assert ctx.interpret(P("AS AH AD AC")) == aces
    assert not ctx.is_valid(Meld.quartet(P("AS AH AD"), rank=Rank.ACE))
    violation = ctx.violation(group("AS AH AD", "A"))
    assert violation is not None and violation.rule == "set.not_allowed"
    violation = ctx.violation(Meld.quartet(P("5S 5H 5D 5C"), rank=Rank.FIVE))
    assert violation is not None and violation.rule == "meld.not_in_deck"
    five_players = attrs.evolve(ctx, deck=DeckSpec.crummy(players=5))
    assert five_players.is_valid(Meld.quartet(P("5S 5H 5D 5C"), rank=Rank.FIVE))


# --- the meld text form -------------------------------------------------------------------


@pytest.mark.parametrize(
    "meld",
    [
        run("5H 6H 9C", "H", 5),
        run("9C 5H 6H", "H", 4),
        run("QS KS AS", "S", 12),
        run("JK 3S 4S 5S", "S", 2),
        run("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "S", 1),
        run("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "S", 2),
        group("QS QH 9C", "Q"),
        group("10S 10S 10H JK", "10"),
        Meld.quartet(P("KS KH KD KC"), rank=Rank.KING),
    ],
    ids=str,
)
def test_meld_text_round_trip(meld: Meld) -> None:
    assert Meld.parse(str(meld)) == meld
    assert eval(repr(meld), {"Meld": Meld}) == meld


def test_set_cards_are_kept_in_canonical_order() -> None:
    assert group("9C QH QS", "Q") == group("QS QH 9C", "Q")
    assert group("9C QH QS", "Q").cards == P("QS QH 9C")
    assert str(group("JK QH 9C QS", "Q")) == "set Q: QS QH 9C JK"


@pytest.mark.parametrize(
    "text",
    [
        "pair Q: QS QH",
        "set Q QS QH QD",
        "run 5H: 5H 6H 7H",
        "run 5H-6H-7H: 5H 6H 7H",
        "set Q:",
        "run 5H-7H:   ",
        "run JK-7H: 5H 6H 7H",
        "",
        "QS QH QD",
    ],
)
def test_meld_parse_syntax_errors(text: str) -> None:
    with pytest.raises(InvalidMeldError) as raised:
        Meld.parse(text)
    assert raised.value.rule == "meld.syntax"
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    "text",
    [
        "run 5H-7H: 5H 6H 7H 8H",  # the anchor ends at 7H but four cards reach 8H
        "run 5H-8H: 5H 6H 7H",
        "run 5H-7S: 5H 6H 7H",  # two suits in the anchor
        "run 5S-AS: 10S JS QS KS AS",  # five cards to the Ace start at 10, not 5
    ],
)
def test_meld_parse_rejects_an_anchor_that_does_not_fit_the_cards(text: str) -> None:
    with pytest.raises(InvalidMeldError) as raised:
        Meld.parse(text)
    assert raised.value.rule == "meld.syntax"


def test_meld_parse_bad_cards_raise_card_parse_error() -> None:
    with pytest.raises(CardParseError, match="'XX'"):
        Meld.parse("set Q: QS XX")
    with pytest.raises(CardParseError):
        Meld.parse("set Z: QS QH QD")


def test_meld_parse_accepts_case_symbols_and_commas() -> None:
    expected = run("5H 6H 9C", "H", 5)
    assert Meld.parse("RUN 5h-7h: 5h, 6h, 9c") == expected
    assert Meld.parse("run 5♥-7♥: 5♥ 6♥ 9♣") == expected
    assert Meld.parse("  set q :  qs qh 9c ") == group("QS QH 9C", "Q")


# --- bad options and construction -----------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"run_min": 5, "run_max": 4},
        {"set_min": 4, "set_max": 3},
        {"run_min": 0},
        {"set_min": 0},
    ],
)
def test_bad_meld_rules_raise_option_error(options: dict[str, int]) -> None:
    with pytest.raises(OptionError):
        MeldRules(**options)  # type: ignore[arg-type]


def test_malformed_melds_raise_option_error() -> None:
    with pytest.raises(OptionError):
        Meld.set((), rank=Rank.QUEEN)
    with pytest.raises(OptionError):
        Meld(MeldKind.RUN, P("5H 6H 7H"), start=5)  # no suit
    with pytest.raises(OptionError):
        Meld(MeldKind.RUN, P("5H 6H 7H"), suit=Suit.HEARTS, start=0)
    with pytest.raises(OptionError):
        Meld(MeldKind.RUN, P("5H 6H 7H"), rank=Rank.FIVE, suit=Suit.HEARTS, start=5)
    with pytest.raises(OptionError):
        Meld(MeldKind.SET, P("5H 5S 5D"))  # no rank
    with pytest.raises(OptionError):
        Meld(MeldKind.SET, P("5H 5S 5D"), rank=Rank.FIVE, suit=Suit.HEARTS)


def test_meld_values_are_immutable() -> None:
    meld = run("5H 6H 9C", "H", 5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        meld.start = 4  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        meld.cards = ()  # type: ignore[misc]
    rules = MeldRules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.run_min = 4  # type: ignore[misc]
    ctx = crazy(9)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ctx.rules = rules  # type: ignore[misc]
    declaration = Declaration.set_of(Rank.JACK)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        declaration.rank = Rank.QUEEN  # type: ignore[misc]
    assert {meld, run("5H 6H 9C", "H", 5)} == {meld}
