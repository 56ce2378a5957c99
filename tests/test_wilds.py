"""Wild cards: which cards are wild, how many a meld may hold, and what they stand for.

Each test draws its hand up with ``parse_cards`` and names the rule clause (RULES.md section
4) or seed example it checks.
"""

from __future__ import annotations

import attrs
import pytest

from rummykit import (
    JOKER,
    AceRule,
    AmbiguousMeldError,
    Card,
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
    Suit,
    WildMovement,
    WildPolicy,
    WildRules,
    parse_cards,
)
from rummykit.wilds import (
    AtMostHalf,
    DealWilds,
    FixedWild,
    MinNaturals,
    NoLimit,
    RisingRankWild,
    WildLimit,
    WildSelector,
)

P = parse_cards


def card(text: str) -> Card:
    return Card.parse(text)


def run(text: str, suit: str, start: int) -> Meld:
    return Meld.run(P(text), suit=Suit.parse(suit), start=start)


def group(text: str, rank: str) -> Meld:
    return Meld.set(P(text), rank=Rank.parse(rank))


def crazy(deal: int) -> MeldContext:
    """Crazy Rummy (RULES 3.2): one pack, the deal's rank wild, no limit."""
    return MeldContext(wilds=WildRules.rising_rank().for_deal(DealInfo(deal)))


def crummy_rummy(*, packs: int = 1, wilds: WildRules | None = None) -> MeldContext:
    """Crummy Rummy (RULES 3.4): 2s and jokers wild, at most half; runs 4+, Aces high."""
    policy = wilds if wilds is not None else WildRules.deuces_and_jokers()
    return MeldContext(
        rules=MeldRules(run_min=4, set_max=None, aces=AceRule.HIGH),
        deck=DeckSpec.standard(packs=packs, jokers_per_pack=2),
        wilds=policy.for_deal(DealInfo(1)),
    )


def crib(*, jokers_per_pack: int = 1) -> MeldContext:
    """Crib Rummy (RULES 3.5): two packs, jokers wild and never moved, sets 3-4, runs 3+."""
    return MeldContext(
        rules=MeldRules(set_max=4),
        deck=DeckSpec.standard(packs=2, jokers_per_pack=jokers_per_pack),
        wilds=WildRules.jokers().for_deal(DealInfo(1)),
    )


def faceup(indicator: str, *, packs: int = 2) -> MeldContext:
    """Seed 004 (RULES 3.6): sets only, 48-card packs, the indicator's rank wild (R52)."""
    return MeldContext(
        rules=MeldRules(runs=False, set_max=None),
        deck=DeckSpec.without_twos(packs=packs),
        wilds=WildRules.indicator().for_deal(DealInfo(1, indicator=card(indicator))),
    )


# --- which cards are wild -----------------------------------------------------------------


@pytest.mark.parametrize("deal", range(1, 14))
def test_crazy_rummy_wild_rank_rises_with_the_deal(deal: int) -> None:
    wilds = WildRules.rising_rank().for_deal(DealInfo(deal))
    assert wilds.cards == {Card.of(Rank(deal), s) for s in Suit}
    assert wilds.movement is WildMovement.RECLAIM_TO_HAND
    assert not wilds.is_wild(JOKER)


def test_rising_rank_wraps_after_the_king_and_can_add_jokers() -> None:
    selector = RisingRankWild(first=Rank.KING, also_jokers=True)
    assert selector.rank_for(DealInfo(1)) is Rank.KING
    assert selector.rank_for(DealInfo(2)) is Rank.ACE
    assert JOKER in selector.wild_cards(DealInfo(2))


def test_crummy_rummy_deuces_and_jokers_are_wild_every_round() -> None:
    for number in range(1, 8):
        wilds = WildRules.deuces_and_jokers().for_deal(DealInfo(number))
        assert wilds.cards == set(P("2S 2H 2D 2C JK"))
        assert wilds.movement is WildMovement.MOVE_ON_TABLE
    only_jokers = WildRules.deuces_and_jokers(only_jokers_move=True).for_deal(DealInfo(1))
    assert only_jokers.movement is WildMovement.MOVE_ON_TABLE_JOKERS_ONLY


def test_indicator_rank_is_wild_and_nothing_without_an_indicator() -> None:
    policy = WildRules.indicator()
    assert policy.for_deal(DealInfo(1, indicator=card("9S"))).cards == set(P("9S 9H 9D 9C"))
    assert policy.for_deal(DealInfo(1)).cards == frozenset()
    assert policy.for_deal(DealInfo(1)).wild_rank_sets_natural


def test_no_wilds_and_fixed_wilds() -> None:
    assert WildRules.none().for_deal(DealInfo(5)).cards == frozenset()
    fixed = WildRules(selector=FixedWild(P("JK 2C"))).for_deal(DealInfo(3))
    assert fixed.cards == {JOKER, card("2C")}
    assert fixed.mask[int(card("2C"))] and not fixed.mask[int(card("2S"))]


def test_stock_pieces_satisfy_their_protocols() -> None:
    assert isinstance(WildRules.rising_rank(), WildPolicy)
    assert isinstance(RisingRankWild(), WildSelector)
    for limit in (NoLimit(), AtMostHalf(), MinNaturals()):
        assert isinstance(limit, WildLimit)


# --- R17: melds of wilds only --------------------------------------------------------------


def test_r17_a_meld_of_wilds_only_needs_a_declaration() -> None:
    ctx = crazy(3)
    with pytest.raises(AmbiguousMeldError):
        ctx.interpret(P("3S 3H 3D"))
    with pytest.raises(AmbiguousMeldError):  # a suit alone does not say where the run sits
        ctx.interpret(P("3S 3H 3D"), Declaration.run_of(Suit.HEARTS))


def test_r17_a_fully_declared_meld_of_wilds_only_is_accepted() -> None:
    ctx = crazy(3)
    as_run = ctx.interpret(P("3S 3H 3D"), Declaration.run_of(Suit.HEARTS, start=9))
    assert as_run == run("3S 3H 3D", "H", 9)
    assert as_run.represents == P("9H 10H JH")
    as_set = ctx.interpret(P("3S 3H 3D"), Declaration.set_of(Rank.KING))
    assert as_set == group("3S 3H 3D", "K")
    assert as_set.represents == (Rank.KING,) * 3
    assert ctx.wild_count(as_set) == 3


def test_r17_wilds_only_are_no_meld_under_a_wild_limit_even_declared() -> None:
    ctx = crummy_rummy()
    with pytest.raises(InvalidMeldError) as raised:
        ctx.interpret(P("2S 2H JK JK"), Declaration.set_of(Rank.FIVE))
    assert not isinstance(raised.value, AmbiguousMeldError)
    assert raised.value.rule == "wild.half"


# --- R18: a wild-rank card in its own place ------------------------------------------------


def test_r18_deal7_five_six_seven_of_hearts_is_a_run_and_the_seven_is_itself() -> None:
    ctx = crazy(7)
    meld = ctx.interpret(P("5H 6H 7H"))
    assert meld.kind is MeldKind.RUN
    assert meld.represents == P("5H 6H 7H")
    assert ctx.wilds.is_wild(card("7H"))
    assert ctx.wild_count(meld) == 1
    natural_in_place = attrs.evolve(ctx, wilds=attrs.evolve(ctx.wilds, in_place_is_natural=True))
    assert natural_in_place.wild_count(meld) == 0


# --- R28: at most half wild ----------------------------------------------------------------


def test_r28_a_three_card_set_takes_one_wild_not_two() -> None:
    ctx = crummy_rummy()
    assert ctx.is_valid(ctx.interpret(P("5S 5H 2C")))
    assert ctx.is_valid(ctx.interpret(P("5S 5H JK")))
    violation = ctx.violation(group("5S 2H JK", "5"))
    assert violation is not None and violation.rule == "wild.half"
    with pytest.raises(InvalidMeldError) as raised:
        ctx.interpret(P("5S 2H JK"))
    assert raised.value.rule == "wild.half"


def test_r28_a_four_card_run_takes_two_wilds_not_three() -> None:
    ctx = crummy_rummy()
    two = ctx.interpret(P("5H 2C JK 8H"))
    assert two == run("5H 2C JK 8H", "H", 5)
    assert ctx.wild_count(two) == 2
    violation = ctx.violation(run("5H 2C JK 2D", "H", 5))
    assert violation is not None and violation.rule == "wild.half"
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("5H 2C JK 2D"))


def test_r28_three_wilds_are_never_a_set() -> None:
    ctx = crummy_rummy(packs=2)
    for rank in Rank:
        meld = Meld.set(P("2S 2H JK"), rank=rank)
        assert not ctx.is_valid(meld), rank
    assert ctx.readings(P("2S 2H JK")) == ()


def test_r28_the_half_limit_holds_for_longer_melds_too() -> None:
    ctx = crummy_rummy(packs=2)
    assert ctx.is_valid(group("5S 5H 5D 2C 2H JK", "5"))  # 3 of 6
    assert not ctx.is_valid(group("5S 5H 2D 2C 2H JK", "5"))  # 4 of 6
    # Round 5's run of seven holds at most three wilds.
    assert ctx.is_valid(run("5H 6H JK 8H 2C 10H 2S", "H", 5))
    assert not ctx.is_valid(run("5H 6H JK 8H 2C JK 2S", "H", 5))


# --- R29: a deuce is always wild -----------------------------------------------------------


def test_r29_a_deuce_in_its_natural_place_still_counts_as_wild() -> None:
    """2S-3S-[4S]-[5S] holds two wilds if the 2S were natural, but it is three."""
    ctx = crummy_rummy()
    meld = run("2S 3S 2H JK", "S", 2)
    assert meld.represents == P("2S 3S 4S 5S")
    assert ctx.wild_count(meld) == 3
    violation = ctx.violation(meld)
    assert violation is not None and violation.rule == "wild.half"
    with pytest.raises(InvalidMeldError) as raised:
        ctx.interpret(P("2S 3S 2H JK"))
    assert raised.value.rule == "wild.half"
    # The check can fail: were in-place deuces natural, the same meld would be legal.
    lenient = crummy_rummy(
        wilds=attrs.evolve(WildRules.deuces_and_jokers(), in_place_is_natural=True)
    )
    assert lenient.is_valid(meld)


def test_r29_a_set_of_deuces_is_three_wilds() -> None:
    ctx = crummy_rummy()
    assert ctx.wild_count(group("2S 2H 2D", "2")) == 3
    assert not ctx.is_valid(group("2S 2H 2D", "2"))
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("2S 2H 2D"))


def test_r29_crummy_rummy_aces_high_only_lowest_natural_is_three() -> None:
    ctx = crummy_rummy()
    assert ctx.interpret(P("JS QS KS AS")).high == 14
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("AS 2S 3S 4S"))  # no Ace low
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("AS JK 3S 4S"))
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("QS KS AS 2H"))  # no wrap
    violation = ctx.violation(run("AS 2H 3S 4S", "S", 1))
    assert violation is not None and violation.rule == "run.ace_position"
    # A wild may stand in the 2 position below the 3.
    low = ctx.interpret(P("2H 3S 4S 5S"))
    assert (low.start, low.represents[0]) == (2, card("2S"))
    assert ctx.interpret(P("JK 3S 4S 5S")).represents[0] == card("2S")


# --- R39: Crib Rummy jokers never move ------------------------------------------------------


def test_r39_crib_jokers_never_move_and_keep_their_identity() -> None:
    ctx = crib()
    assert WildRules.jokers().for_deal(DealInfo(1)).movement is WildMovement.NEVER
    assert ctx.wilds.movement is WildMovement.NEVER
    laid = ctx.interpret(P("4H JK 6H"))
    assert laid.stands_for(1) == card("5H")
    grown = Meld.run(P("3H 4H JK 6H 7H"), suit=Suit.HEARTS, start=3)
    assert ctx.is_valid(grown)
    assert grown.stands_for(grown.cards.index(JOKER)) == card("5H")
    assert grown.represents[1:4] == laid.represents
    assert WildRules.jokers(movement=WildMovement.MOVE_ON_TABLE).movement is not (
        WildMovement.NEVER
    )


# --- R40: a joker for a card whose copies are all on the table -------------------------------


def test_r40_by_default_a_joker_may_stand_for_a_card_already_twice_on_the_table() -> None:
    ctx = crib()
    fours = group("4S 4S 4H", "4")
    extended = run("AS 2S 3S JK", "S", 1)  # the joker is a third 4S
    assert extended.stands_for(3) == card("4S")
    assert ctx.is_valid(fours)
    assert ctx.is_valid(extended)  # the engine applies the table check only as an option


def test_r40_option_joker_respects_copy_limit_rejects_the_extension() -> None:
    ctx = crib()
    fours = group("4S 4S 4H", "4")
    extended = run("AS 2S 3S JK", "S", 1)
    violation = ctx.table_copy_violation(extended, [fours])
    assert violation is not None and violation.rule == "wild.table_copies"
    # One 4S on the table leaves a copy for the joker to stand for.
    assert ctx.table_copy_violation(extended, [group("4S 4H 4D", "4")]) is None
    # A set joker has an open suit and stands for no exact card.
    assert ctx.table_copy_violation(group("4D 4C JK", "4"), [fours]) is None
    assert ctx.table_copies(card("4S"), [fours, extended]) == 3


# --- R48: melds of only jokers (four-joker option) ----------------------------------------


def test_r48_four_joker_option_melds_of_only_jokers_need_a_declaration() -> None:
    ctx = crib(jokers_per_pack=2)
    assert ctx.deck == DeckSpec.standard(packs=2, jokers_per_pack=2)
    assert ctx.deck.jokers == 4
    with pytest.raises(AmbiguousMeldError):
        ctx.interpret(P("JK JK JK"))
    as_run = ctx.interpret(P("JK JK JK"), Declaration.run_of(Suit.SPADES, start=9))
    assert as_run.represents == P("9S 10S JS")
    as_set = ctx.interpret(P("JK JK JK JK"), Declaration.set_of(Rank.SEVEN))
    assert as_set == group("JK JK JK JK", "7")
    with pytest.raises(InvalidMeldError):  # Crib Rummy sets stop at four
        ctx.interpret(P("JK JK JK JK 7S"), Declaration.set_of(Rank.SEVEN))


# --- R52: seed 004's wild limits ---------------------------------------------------------


def test_r52_first_play_may_add_any_number_of_wilds() -> None:
    """Seed 004: dealt 4 wilds and 3 Jacks, the first play may lay all seven together."""
    ctx = faceup("9S")
    seven = ctx.interpret(P("JS JH JD 9S 9H 9D 9C"), first_play=True)
    assert (seven.kind, seven.rank, ctx.wild_count(seven)) == (MeldKind.SET, Rank.JACK, 4)
    assert ctx.is_valid(seven, first_play=True)
    violation = ctx.violation(seven)
    assert violation is not None and violation.rule == "wild.later_count"


def test_r52_every_set_needs_two_naturals() -> None:
    ctx = faceup("9S")
    for first_play in (True, False):
        violation = ctx.violation(group("JS 9S 9H", "J"), first_play=first_play)
        assert violation is not None and violation.rule == "wild.min_naturals"


def test_r52_later_plays_a_new_set_of_two_naturals_and_one_wild() -> None:
    ctx = faceup("9S")
    assert ctx.interpret(P("JS JH 9D")) == group("JS JH 9D", "J")
    violation = ctx.violation(group("JS JH JD 9S 9H", "J"))
    assert violation is not None and violation.rule == "wild.later_count"


def test_r52_adding_a_wild_to_a_set_on_a_later_turn_is_rejected() -> None:
    ctx = faceup("9S")
    grown = group("JS JH JD 9C", "J")
    assert ctx.is_valid(grown)  # as a new set: 3 naturals + 1 wild
    violation = ctx.violation(grown, wild_added=True)
    assert violation is not None and violation.rule == "wild.later_addition"
    assert ctx.is_valid(grown, first_play=True, wild_added=True)


def test_r52_cards_of_the_wild_rank_together_are_a_natural_set() -> None:
    ctx = faceup("9S")
    nines = ctx.interpret(P("9S 9H 9D"))
    assert nines == group("9S 9H 9D", "9")
    assert ctx.wild_count(nines) == 0
    assert ctx.is_valid(group("9S 9H 9D 9C 9S", "9"))  # two packs: five nines
    assert ctx.is_valid(group("9S 9H JK", "9")) is False  # no jokers here


def test_r52_seed_example_with_one_pack_meets_the_r61_copy_limit() -> None:
    """R59 gives two players one 48-card pack; then 3 Jacks + 4 wilds is seven "Jacks" of
    which the pack holds four, so R61 (applied to every game) rejects the seed's example.
    The option ``set_copy_limit=False`` restores it."""
    one_pack = faceup("9S", packs=1)
    seven = group("JS JH JD 9S 9H 9D 9C", "J")
    violation = one_pack.violation(seven, first_play=True)
    assert violation is not None and violation.rule == "set.copy_limit"
    no_copy_limit = attrs.evolve(
        one_pack, rules=attrs.evolve(one_pack.rules, set_copy_limit=False)
    )
    assert no_copy_limit.is_valid(seven, first_play=True)


def test_r52_the_first_play_exception_can_be_switched_off() -> None:
    ctx = MeldContext(
        rules=MeldRules(runs=False, set_max=None),
        deck=DeckSpec.without_twos(packs=2),
        wilds=WildRules.indicator(first_play_exception=False).for_deal(
            DealInfo(1, indicator=card("9S"))
        ),
    )
    assert not ctx.is_valid(group("JS JH JD 9S 9H", "J"), first_play=True)
    with pytest.raises(OptionError):
        WildRules.indicator(min_naturals=-1)


# --- seed 002 ---------------------------------------------------------------------------


def test_seed002_three_wildcards_do_not_constitute_a_legal_set() -> None:
    ctx = crummy_rummy()
    with pytest.raises(InvalidMeldError) as raised:
        ctx.interpret(P("2S JK 2H"))
    assert not isinstance(raised.value, AmbiguousMeldError)
    with pytest.raises(InvalidMeldError):
        ctx.interpret(P("2S JK 2H"), Declaration.set_of(Rank.QUEEN))


# --- limits as pieces ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "wilds", "verdict"),
    [(3, 1, None), (3, 2, "wild.half"), (4, 2, None), (4, 3, "wild.half"), (7, 3, None)],
)
def test_at_most_half_limit(size: int, wilds: int, verdict: str | None) -> None:
    limit = AtMostHalf()
    assert limit.violation(size=size, wilds=wilds, first_play=False, wild_added=False) == verdict


def test_no_limit_allows_any_number_of_wilds() -> None:
    assert NoLimit().violation(size=3, wilds=3, first_play=False, wild_added=True) is None


def test_wild_policies_are_immutable_values() -> None:
    policy = WildRules.deuces_and_jokers()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        policy.limit = NoLimit()  # type: ignore[misc]
    wilds = policy.for_deal(DealInfo(1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        wilds.movement = WildMovement.NEVER  # type: ignore[misc]
    assert wilds == WildRules.deuces_and_jokers().for_deal(DealInfo(2))
    assert isinstance(wilds, DealWilds)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        DealInfo(1).number = 2  # type: ignore[misc]
