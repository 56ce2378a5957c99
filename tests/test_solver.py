"""The arrangement solver: possible melds, contracts, deadwood and best arrangements.

The property tests compare the solver with a brute-force reference written here, which knows
nothing of the solver's methods: it tries every sub-multiset of the hand in every distinct
order and keeps each valid reading (``MeldContext.candidates`` + ``is_valid``), then searches
every combination of disjoint melds. Hands are small (4-7 cards) and drawn from the decks and
wild rules of the seed games. The hand-made tests name the rule clause or situation they check.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit import (
    AceRule,
    Card,
    Contract,
    DealInfo,
    DeckSpec,
    Meld,
    MeldContext,
    MeldKind,
    MeldRules,
    Rank,
    Suit,
    WildRules,
    parse_cards,
)
from rummykit.contracts import CRUMMY_RUMMY_SCHEDULE, RunDistinctness
from rummykit.melds import SetSuits
from rummykit.solver import (
    Arrangement,
    Solver,
    best_arrangement,
    can_meet_contract,
    contract_ways,
    meld_sort_key,
    min_deadwood,
    possible_melds,
)
from rummykit.wilds import AtMostHalf, RisingRankWild

P = parse_cards

# --- contexts ------------------------------------------------------------------------------------


def crazy(deal: int, *, packs: int = 1) -> MeldContext:
    """Crazy Rummy (RULES 3.2): the deal's rank is wild, no limit (R17), Aces low; two packs
    allow sets of up to eight (R22)."""
    return MeldContext(
        rules=MeldRules() if packs == 1 else MeldRules(set_max=8),
        deck=DeckSpec.standard(packs=packs),
        wilds=WildRules.rising_rank().for_deal(DealInfo(deal)),
    )


def crummy_rummy(*, packs: int = 2) -> MeldContext:
    """Crummy Rummy (RULES 3.4): runs of 4+, sets of 3+, Aces high, 2s and jokers wild, at
    most half of a meld (R28, R29)."""
    return MeldContext(
        rules=MeldRules(run_min=4, set_max=None, aces=AceRule.HIGH),
        deck=DeckSpec.standard(packs=packs, jokers_per_pack=2),
        wilds=WildRules.deuces_and_jokers().for_deal(DealInfo(1)),
    )


def crib(*, aces: AceRule = AceRule.LOW) -> MeldContext:
    """Crib Rummy (RULES 3.5): two packs and two jokers, jokers wild, sets of 3-4."""
    return MeldContext(
        rules=MeldRules(set_max=4, aces=aces),
        deck=DeckSpec.standard(packs=2, jokers_per_pack=1),
        wilds=WildRules.jokers().for_deal(DealInfo(1)),
    )


def seed004(indicator: str) -> MeldContext:
    """Seed 004 (RULES 3.6): sets only, no twos, the indicator's rank wild, R52 limits."""
    return MeldContext(
        rules=MeldRules(runs=False, set_max=None),
        deck=DeckSpec.without_twos(packs=2),
        wilds=WildRules.indicator().for_deal(DealInfo(1, indicator=Card.parse(indicator))),
    )


def contract_rummy() -> MeldContext:
    """The seven-round contract game (RULES 3.3, R26): runs of 4+ with the Ace low or high,
    sets of 3+, two packs and jokers, jokers wild without limit."""
    return MeldContext(
        rules=MeldRules(run_min=4, set_max=None, aces=AceRule.EITHER),
        deck=DeckSpec.standard(packs=2, jokers_per_pack=1),
        wilds=WildRules.jokers().for_deal(DealInfo(1)),
    )


def crummy_quartets() -> MeldContext:
    """Crummy (RULES 3.1): quartets only, 33-card pack, no wilds."""
    return MeldContext(
        rules=MeldRules(sets=False, runs=False, quartets=True), deck=DeckSpec.crummy(players=4)
    )


def distinct_suits_half() -> MeldContext:
    """Not a seed game: sets of distinct suits and a half limit with ranked wilds, where the
    solver must track which wild card goes where."""
    return MeldContext(
        rules=MeldRules(set_suits=SetSuits.DISTINCT, set_max=None, aces=AceRule.EITHER),
        deck=DeckSpec.standard(packs=2, jokers_per_pack=1),
        wilds=WildRules(
            selector=RisingRankWild(also_jokers=True), limit=AtMostHalf(), in_place_is_natural=True
        ).for_deal(DealInfo(5)),
    )


def wild_quartets(*, wild_rank_sets_natural: bool = False) -> MeldContext:
    """Not a seed game: quartets only, Sevens wild with a half limit."""
    return MeldContext(
        rules=MeldRules(sets=False, runs=False, quartets=True),
        wilds=WildRules(
            selector=RisingRankWild(),
            limit=AtMostHalf(),
            wild_rank_sets_natural=wild_rank_sets_natural,
        ).for_deal(DealInfo(7)),
    )


def short_runs() -> MeldContext:
    """Not a seed game: runs of at most four cards, Aces at either end, jokers wild."""
    return MeldContext(
        rules=MeldRules(run_max=4, aces=AceRule.EITHER),
        deck=DeckSpec.standard(packs=2, jokers_per_pack=1),
        wilds=WildRules.jokers().for_deal(DealInfo(1)),
    )


MELD_CONTEXTS: dict[str, Callable[[], MeldContext]] = {
    **{f"crazy-deal{d}": (lambda d=d: crazy(d)) for d in range(1, 14)},
    **{f"crazy-2packs-deal{d}": (lambda d=d: crazy(d, packs=2)) for d in (1, 2, 7, 13)},
    "crummy-rummy-2packs": lambda: crummy_rummy(packs=2),
    "crummy-rummy-3packs": lambda: crummy_rummy(packs=3),
    "crib": crib,
    "crib-aces-either": lambda: crib(aces=AceRule.EITHER),
    "seed004-7": lambda: seed004("7S"),
    "seed004-A": lambda: seed004("AD"),
    "seed004-K": lambda: seed004("KC"),
    "no-wilds": MeldContext,
    "crummy-quartets": crummy_quartets,
    "contract-rummy": contract_rummy,
    "distinct-suits-half": distinct_suits_half,
    "short-runs": short_runs,
    "wild-quartets": wild_quartets,
}
CONTRACT_CONTEXTS: dict[str, Callable[[], MeldContext]] = {
    "crummy-rummy-2packs": lambda: crummy_rummy(packs=2),
    "crummy-rummy-1pack": lambda: crummy_rummy(packs=1),
    "contract-rummy": contract_rummy,
    "crazy-deal3": lambda: crazy(3),
    "crazy-2packs-deal7": lambda: crazy(7, packs=2),
    "crib-aces-either": lambda: crib(aces=AceRule.EITHER),
    "no-wilds-aces-either": lambda: MeldContext(rules=MeldRules(aces=AceRule.EITHER)),
    "short-runs": short_runs,
}
CONTEXT_CACHE: dict[str, MeldContext] = {}


def context(name: str, table: dict[str, Callable[[], MeldContext]]) -> MeldContext:
    if name not in CONTEXT_CACHE:
        CONTEXT_CACHE[name] = table[name]()
    return CONTEXT_CACHE[name]


# --- the brute-force reference -------------------------------------------------------------------


@lru_cache(maxsize=200_000)
def reference_readings(
    ctx: MeldContext, cards: tuple[Card, ...], first_play: bool
) -> frozenset[Meld]:
    """Every valid reading of ``cards`` laid in this order."""
    return frozenset(m for m in ctx.candidates(cards) if ctx.is_valid(m, first_play=first_play))


def reference_melds(
    hand: Sequence[Card], ctx: MeldContext, first_play: bool = False
) -> frozenset[Meld]:
    """Every valid meld of every sub-multiset of ``hand``, in every distinct order."""
    shortest = min(3, ctx.rules.set_min, ctx.rules.run_min)
    found: set[Meld] = set()
    ordered = sorted(hand)
    subsets = {
        tuple(ordered[i] for i in idx)
        for size in range(shortest, len(ordered) + 1)
        for idx in itertools.combinations(range(len(ordered)), size)
    }
    for subset in subsets:
        for order in set(itertools.permutations(subset)):
            found |= reference_readings(ctx, order, first_play)
    return frozenset(found)


def fits(hand: Counter[Card], meld: Meld) -> bool:
    need = Counter(meld.cards)
    return all(hand[card] >= n for card, n in need.items())


def reference_best(
    hand: Sequence[Card],
    ctx: MeldContext,
    value: Callable[[Card], int],
    meld_value: Callable[[Meld], int] | None = None,
    first_play: bool = False,
) -> int:
    """The best score over every combination of disjoint reference melds (of melds with the
    same cards, only the most valuable matters)."""
    worth: dict[tuple[Card, ...], int] = {}
    for meld in {ctx.canonical(m) for m in reference_melds(hand, ctx, first_play)}:
        cards = tuple(sorted(meld.cards))
        worth[cards] = max(worth.get(cards, -(10**9)), meld_value(meld) if meld_value else 0)
    contents = sorted(worth)
    best = -(10**9)

    def search(start: int, left: Counter[Card], score: int) -> None:
        nonlocal best
        best = max(best, score - sum(value(c) for c in left.elements()))
        for i in range(start, len(contents)):
            cards = contents[i]
            if all(left[c] >= n for c, n in Counter(cards).items()):
                search(i, left - Counter(cards), score + worth[cards])  # twice: two packs

    search(0, Counter(hand), 0)
    return best


def reference_ways(
    hand: Sequence[Card],
    contract: Contract,
    ctx: MeldContext,
    laid: tuple[Meld, ...] = (),
    first_play: bool = False,
) -> set[tuple[Meld, ...]]:
    """Every combination of disjoint reference melds that completes ``contract``."""
    opened = contract.unmet(laid)
    if opened is None:
        return set()
    if not opened:
        return {()} if not contract.all_cards or not hand else set()
    melds = sorted(reference_melds(hand, ctx, first_play), key=meld_sort_key)
    held = Counter(hand)
    ways = set()
    for combo in itertools.combinations_with_replacement(melds, len(opened)):
        used: Counter[Card] = Counter()
        for meld in combo:
            used.update(meld.cards)
        if any(held[card] < n for card, n in used.items()):
            continue
        if contract.all_cards and used != held:
            continue
        if contract.unmet((*laid, *combo)) == ():
            ways.add(tuple(sorted(combo, key=meld_sort_key)))
    return ways


# --- strategies ----------------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, ctx: MeldContext, *, low: int = 4, high: int = 7) -> list[Card]:
    """A hand drawn from the context's deck (no card more often than the deck holds), with up
    to three wild cards and naturals mostly near one card, so that melds are common."""
    deck = ctx.deck.cards()
    wild = [i for i, c in enumerate(deck) if ctx.wilds.is_wild(c)]
    natural = [i for i, c in enumerate(deck) if not ctx.wilds.is_wild(c)]
    size = draw(st.integers(low, high))
    wilds = draw(st.integers(0, min(3 if size < 7 else 2, len(wild), size)))
    picked = (
        draw(st.lists(st.sampled_from(wild), min_size=wilds, max_size=wilds, unique=True))
        if wilds
        else []
    )
    center = deck[draw(st.sampled_from(natural))]
    near = [i for i in natural if neighbours(deck[i], center)] or natural
    rest = draw(
        st.lists(
            st.one_of(st.sampled_from(near), st.sampled_from(natural)),
            min_size=size - wilds,
            max_size=size - wilds,
            unique=True,
        )
    )
    return [deck[i] for i in picked + rest]


def positions(card: Card) -> tuple[int, ...]:
    if card.rank is None:
        return ()
    return (1, 14) if card.rank is Rank.ACE else (int(card.rank),)


def neighbours(card: Card, other: Card) -> bool:
    """Same rank, or same suit and at most three places apart (an Ace at either end)."""
    if card.rank is None or other.rank is None:
        return False
    if card.rank == other.rank:
        return True
    return card.suit == other.suit and any(
        abs(p - q) <= 3 for p in positions(card) for q in positions(other)
    )


def run_cards(ctx: MeldContext, suit: Suit, start: int, length: int) -> list[Card]:
    return [Card.of(Rank.ACE if p == 14 else Rank(p), suit) for p in range(start, start + length)]


@st.composite
def meldish_hands(draw: st.DrawFn, ctx: MeldContext, *, high: int = 7) -> list[Card]:
    """A hand built from one or two meld shapes (a run or a set, a card maybe replaced by a
    wild), plus a few random cards; at most ``high`` cards, each within the deck's copies."""
    deck = ctx.deck.cards()
    wild = [c for c in deck if ctx.wilds.is_wild(c)]
    lowest, highest = ctx.rules.aces.positions
    cards: list[Card] = []
    for _ in range(draw(st.integers(1, 2))):
        if ctx.rules.runs and draw(st.booleans()):
            length = draw(st.integers(ctx.rules.run_min, ctx.rules.run_min + 2))
            start = draw(st.integers(lowest, max(lowest, highest - length + 1)))
            shape = run_cards(ctx, draw(st.sampled_from(Suit)), start, min(length, 15 - start))
        else:
            rank = draw(st.sampled_from(ctx.deck.ranks))
            suits = draw(st.lists(st.sampled_from(ctx.deck.suits), min_size=3, max_size=4))
            shape = [Card.of(rank, s) for s in suits]
        if wild and draw(st.booleans()):
            shape[draw(st.integers(0, len(shape) - 1))] = draw(st.sampled_from(wild))
        cards += shape
    cards += draw(st.lists(st.sampled_from(deck), max_size=2))
    held: Counter[Card] = Counter()
    hand = []
    for card in cards:
        if held[card] < ctx.deck.copies(card):
            held[card] += 1
            hand.append(card)
    return hand[:high]


def value_of(card: Card) -> int:
    """Crummy Rummy's hand values (3-8: 5; 9-K: 10; A, 2, joker: 15)."""
    rank = card.rank
    if rank is None or rank <= 2:
        return 15
    return 5 if rank <= 8 else 10


def odd_value(card: Card) -> int:
    """Values that tell cards apart, negative ones included."""
    return int(card) % 7 - 1


def check_arrangement(
    arrangement: Arrangement, hand: Iterable[Card], ctx: MeldContext, first_play: bool
) -> None:
    used = [c for meld in arrangement.melds for c in meld.cards]
    assert sorted(used + list(arrangement.deadwood)) == sorted(hand)
    for meld in arrangement.melds:
        assert ctx.is_valid(meld, first_play=first_play), meld
    assert list(arrangement.melds) == sorted(arrangement.melds, key=meld_sort_key)
    assert list(arrangement.deadwood) == sorted(arrangement.deadwood)


# --- properties against the reference ------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(sorted(MELD_CONTEXTS)), first_play=st.booleans())
def test_possible_melds_equal_brute_force(
    data: st.DataObject, name: str, first_play: bool
) -> None:
    ctx = context(name, MELD_CONTEXTS)
    hand = data.draw(hands(ctx, high=7), label="hand")
    got = possible_melds(hand, ctx, first_play=first_play)
    assert len(set(got)) == len(got), "a meld is listed twice"
    assert list(got) == sorted(got, key=meld_sort_key)
    # every reading, with the wilds of one rank that stand for other cards in card order
    assert set(got) == {ctx.canonical(m) for m in reference_melds(hand, ctx, first_play)}
    assert all(ctx.canonical(m) == m for m in got)
    kinds = [MeldKind.RUN]
    assert possible_melds(hand, ctx, first_play=first_play, kinds=kinds) == tuple(
        m for m in got if m.kind is MeldKind.RUN
    )


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(sorted(MELD_CONTEXTS)), first_play=st.booleans())
def test_min_deadwood_equals_brute_force(data: st.DataObject, name: str, first_play: bool) -> None:
    ctx = context(name, MELD_CONTEXTS)
    hand = data.draw(hands(ctx, high=6), label="hand")
    for value in (value_of, odd_value):
        expected = -reference_best(hand, ctx, value, first_play=first_play)
        assert min_deadwood(hand, ctx, value=value, first_play=first_play) == expected
        best = best_arrangement(hand, ctx, value=value, first_play=first_play)
        check_arrangement(best, hand, ctx, first_play)
        assert best.score == -expected == -sum(value(c) for c in best.deadwood)


def pegging(meld: Meld) -> int:
    """A meld value that depends on more than the cards: Crib Rummy-like pegging, runs worth
    more, plus the code of the first card (so that wild placement matters)."""
    return (2 if meld.kind is MeldKind.SET else 3) * len(meld) + int(meld.cards[0]) % 3


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(sorted(MELD_CONTEXTS)), first_play=st.booleans())
def test_best_arrangement_with_meld_value_equals_brute_force(
    data: st.DataObject, name: str, first_play: bool
) -> None:
    ctx = context(name, MELD_CONTEXTS)
    hand = data.draw(hands(ctx, high=6), label="hand")
    best = best_arrangement(hand, ctx, value=odd_value, meld_value=pegging, first_play=first_play)
    check_arrangement(best, hand, ctx, first_play)
    assert best.score == sum(pegging(m) for m in best.melds) - sum(
        odd_value(c) for c in best.deadwood
    )
    assert best.score == reference_best(hand, ctx, odd_value, pegging, first_play)


CONTRACT_TEXTS = (
    "1 set",
    "1 run",
    "2 sets",
    "2 runs",
    "1 run + 1 set",
    "1 run of 5+",
    "1 run, all cards",
    "2 runs, all cards",
    "1 run + 1 set, all cards",
    "2 sets, all cards",
    "1 set of 4+ + 1 run",
)


@st.composite
def contracts(draw: st.DrawFn) -> Contract:
    options: dict[str, object] = {}
    if draw(st.booleans()):
        options["run_distinctness"] = RunDistinctness.TOUCHING
    if draw(st.integers(0, 4)) == 0:
        options["distinct_set_ranks"] = False
    return Contract.parse(draw(st.sampled_from(CONTRACT_TEXTS)), **options)


@pytest.mark.slow
@settings(max_examples=180, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    name=st.sampled_from(sorted(CONTRACT_CONTEXTS)),
    contract=contracts(),
    first_play=st.booleans(),
)
def test_contracts_equal_brute_force(
    data: st.DataObject, name: str, contract: Contract, first_play: bool
) -> None:
    ctx = context(name, CONTRACT_CONTEXTS)
    hand = data.draw(st.one_of(meldish_hands(ctx), hands(ctx, high=6)), label="hand")
    laid: tuple[Meld, ...] = ()
    if data.draw(st.booleans(), label="lay one first"):
        # a meld laid earlier, from cards outside the hand
        other = data.draw(meldish_hands(ctx, high=5), label="laid from")
        choices = [m for m in possible_melds(other, ctx) if m.kind is not MeldKind.QUARTET]
        if choices:
            laid = (data.draw(st.sampled_from(choices), label="laid"),)
    expected = {
        tuple(sorted((ctx.canonical(m) for m in way), key=meld_sort_key))
        for way in reference_ways(hand, contract, ctx, laid, first_play)
    }  # the melds as possible_melds lists them
    ways = list(contract_ways(hand, contract, ctx, laid=laid, first_play=first_play))
    assert len(set(ways)) == len(ways), "a way is listed twice"
    assert all(list(way) == sorted(way, key=meld_sort_key) for way in ways)
    assert set(ways) == expected
    assert can_meet_contract(hand, contract, ctx, laid=laid, first_play=first_play) == bool(
        expected
    )


# --- possible melds by hand ----------------------------------------------------------------------


def texts(melds: Iterable[Meld]) -> list[str]:
    return [str(m) for m in melds]


def test_possible_melds_no_wilds_lists_sets_and_runs_in_key_order() -> None:
    got = possible_melds(P("4S 5S 6S 7S 6H 6D"), MeldContext())
    assert texts(got) == [
        "set 6: 6S 6H 6D",
        "run 4S-6S: 4S 5S 6S",
        "run 4S-7S: 4S 5S 6S 7S",
        "run 5S-7S: 5S 6S 7S",
    ]


def test_identical_cards_of_two_packs_give_each_meld_once() -> None:
    got = possible_melds(P("5H 5H 6H 7H 7H"), crazy(13, packs=2))
    assert texts(got) == ["run 5H-7H: 5H 6H 7H"]


def test_r49_aces_either_end_lists_both_ace_runs() -> None:
    got = possible_melds(P("AS 2S 3S QS KS"), crib(aces=AceRule.EITHER))
    assert texts(got) == ["run AS-3S: AS 2S 3S", "run QS-AS: QS KS AS"]
    assert texts(possible_melds(P("AS 2S 3S QS KS"), crib())) == ["run AS-3S: AS 2S 3S"]


def test_distinct_wilds_in_a_run_are_placed_both_ways_identical_ones_once() -> None:
    ctx = crummy_rummy()
    runs = [m for m in possible_melds(P("5H 7H JK 2C"), ctx) if m.kind is MeldKind.RUN]
    four_to_seven = [str(m) for m in runs if m.start == 4 and len(m) == 4]
    assert four_to_seven == ["run 4H-7H: 2C 5H JK 7H", "run 4H-7H: JK 5H 2C 7H"]
    twin = [m for m in possible_melds(P("5H 7H JK JK"), ctx) if m.kind is MeldKind.RUN]
    assert [str(m) for m in twin if m.start == 4 and len(m) == 4] == ["run 4H-7H: JK 5H JK 7H"]


def test_r17_three_wilds_alone_are_read_as_every_set_and_run() -> None:
    got = possible_melds(P("7S 7H 7D"), crazy(7))
    sets = [m for m in got if m.kind is MeldKind.SET]
    runs = [m for m in got if m.kind is MeldKind.RUN]
    assert [m.rank for m in sets] == list(Rank)  # one set of each rank
    # every suit, every start from A to J; the three Sevens are one rank, so they take their
    # places in card order: one run per start in Clubs, where none stands in its own place
    assert [m.start for m in runs if m.suit is Suit.CLUBS] == list(range(1, 12))
    assert "run JC-KC: 7S 7H 7D" in texts(runs)
    assert set(runs) == {
        crazy(7).canonical(m)
        for m in reference_melds(P("7S 7H 7D"), crazy(7))
        if m.kind is MeldKind.RUN
    }
    # a Seven in its own place stays there: 7H 7D 7S and 7S 7H 7D both go 5S-7S
    assert {"run 5S-7S: 7H 7D 7S", "run 5S-7S: 7S 7H 7D"} <= set(texts(runs))


def test_r28_three_wilds_are_never_a_set_and_runs_stay_half_natural() -> None:
    ctx = crummy_rummy()
    assert possible_melds(P("2S 2H JK"), ctx) == ()
    got = possible_melds(P("8D 9D 2S JK"), ctx)
    assert all(ctx.wild_count(m) * 2 <= len(m) for m in got)
    # W W 8D 9D, W 8D 9D W, 8D 9D W W, each with the two wilds either way round
    assert len(got) == 6 and all(len(m) == 4 for m in got)


def test_r52_first_play_lets_several_wilds_join_a_set() -> None:
    ctx = seed004("9S")  # Nines wild
    hand = P("JS JH 9C 9D")
    first = texts(possible_melds(hand, ctx, first_play=True))
    later = texts(possible_melds(hand, ctx, first_play=False))
    assert "set J: JS JH 9D 9C" in first  # naturals first, then wilds by code
    assert "set J: JS JH 9D 9C" not in later
    assert later == ["set J: JS JH 9D", "set J: JS JH 9C"]


def test_r52_cards_of_the_wild_rank_together_are_a_natural_set() -> None:
    got = texts(possible_melds(P("9S 9H 9D"), seed004("9C")))
    assert got == ["set 9: 9S 9H 9D"]


def test_r61_a_set_never_outgrows_the_copies_of_its_rank() -> None:
    got = possible_melds(P("KS KH KD 5C 5D"), crazy(5))
    assert max(len(m) for m in got if m.kind is MeldKind.SET) == 4
    doubled = possible_melds(P("KS KH KD KS KH 5C 5D"), crazy(5, packs=2))
    assert max(len(m) for m in doubled if m.kind is MeldKind.SET) == 7


def test_quartets_of_crummy() -> None:
    got = possible_melds(P("AS AH AD AC KS KH KD"), crummy_quartets())
    assert texts(got) == ["quartet A: AS AH AD AC"]


def test_a_quartet_of_the_wild_rank_obeys_the_wild_limit() -> None:
    sevens = P("7S 7H 7D 7C")
    assert possible_melds(sevens, wild_quartets()) == ()  # four wilds: more than half
    natural = wild_quartets(wild_rank_sets_natural=True)
    assert texts(possible_melds(sevens, natural)) == ["quartet 7: 7S 7H 7D 7C"]
    assert min_deadwood(sevens, natural, value=lambda c: 1) == 0


# --- deadwood and arrangements by hand -----------------------------------------------------------


def pips(card: Card) -> int:
    """Gin-style values: Ace 1, faces 10, others their number."""
    assert card.rank is not None
    return min(int(card.rank), 10)


def test_min_deadwood_gin_like_hand() -> None:
    # 4S 5S 6S 7S is a run; 7H 7D 7C a set (the 7S cannot be in both); 9H 10H JH a run.
    hand = P("4S 5S 6S 7S 7H 7D 7C 9H 10H JH KD AC")
    assert min_deadwood(hand, MeldContext(), value=pips) == 11  # KD and AC
    best = best_arrangement(hand, MeldContext(), value=pips)
    assert best.deadwood == P("KD AC")  # by code: diamonds before clubs
    assert best.score == -11


def test_min_deadwood_gives_a_shared_card_to_the_better_meld() -> None:
    # The 5S joins the run (leaving 5H 5D KC = 20) or the set (leaving 3S 4S KC = 17).
    hand = P("3S 4S 5S 5H 5D KC")
    assert min_deadwood(hand, MeldContext(), value=pips) == 17
    assert texts(best_arrangement(hand, MeldContext(), value=pips).melds) == ["set 5: 5S 5H 5D"]
    # With the 5C the set does without the 5S and both melds are laid.
    hand = P("3S 4S 5S 5H 5D 5C KC")
    assert min_deadwood(hand, MeldContext(), value=pips) == 10


def test_dense_hand_min_deadwood() -> None:
    # Two packs, Crazy Rummy deal 13 (Kings wild, none held): every card is in two or three
    # melds. Everything melds, but only by splitting the hearts at the two 7Hs: 5H-7H and
    # 7H-9H, with 5S-8S and 5D-7D. The obvious 5H-9H leaves at least the other 7H.
    ctx = crazy(13, packs=2)
    hand = P("5H 6H 7H 7H 8H 9H 7S 7D 5S 5D 6S 6D 8S")
    assert min_deadwood(hand, ctx, value=pips) == 0
    best = best_arrangement(hand, ctx, value=pips)
    check_arrangement(best, hand, ctx, False)
    assert texts(best.melds) == [
        "run 5S-8S: 5S 6S 7S 8S",
        "run 5H-7H: 5H 6H 7H",
        "run 7H-9H: 7H 8H 9H",
        "run 5D-7D: 5D 6D 7D",
    ]
    # Without the 6D the diamonds make no run: 5S-8S, 5H-7H, 7H-9H leave 5D 7D (12); a set of
    # fives or of sevens instead leaves 14 or more.
    fewer = P("5H 6H 7H 7H 8H 9H 7S 7D 5S 5D 6S 8S")
    assert min_deadwood(fewer, ctx, value=pips) == 12
    assert best_arrangement(fewer, ctx, value=pips).deadwood == P("5D 7D")
    # the search over concrete melds (used when wild identity matters) agrees
    assert best_arrangement(hand, ctx, value=pips, meld_value=lambda m: 0).score == 0


def test_min_deadwood_melds_the_most_valuable_wilds() -> None:
    ctx = crummy_rummy()

    def value(card: Card) -> int:
        return 50 if card.is_joker else value_of(card)

    # 4H 5H and two wilds make a run (R28: no more than two wilds in four cards); of the three
    # wilds held, the joker and one 2 are melded and the other 2 is left with the KS.
    hand = P("4H 5H 2S JK 2C KS")
    assert min_deadwood(hand, ctx, value=value) == 15 + 10
    best = best_arrangement(hand, ctx, value=value)
    check_arrangement(best, hand, ctx, False)
    assert Card.parse("JK") not in best.deadwood
    assert best.score == -25


def test_r49_ace_high_or_low_in_min_deadwood() -> None:
    hand = P("QS KS AS 2S 3S")
    # Aces low only: A-2-3 leaves QS KS (20); either end: Q-K-A leaves 2S 3S (5).
    assert min_deadwood(hand, crib(), value=pips) == 20
    assert min_deadwood(hand, crib(aces=AceRule.EITHER), value=pips) == 5
    # Crummy Rummy's Aces are high: J-Q-K-A melds, the 9D is left.
    assert min_deadwood(P("JS QS KS AS 9D"), crummy_rummy(), value=value_of) == 10


def test_best_arrangement_is_the_same_whatever_the_hand_order() -> None:
    hand = P("5S 6S 7S 7H 7D 7C 8S 2C JK QH")
    ctx = crummy_rummy()
    first = best_arrangement(hand, ctx, value=value_of)
    shuffled = list(hand)
    random.Random(3).shuffle(shuffled)
    assert best_arrangement(shuffled, ctx, value=value_of) == first


def test_best_arrangement_meld_value_can_beat_least_deadwood() -> None:
    # Least deadwood: 5H-8H and 9H 9S 9D. A bonus for runs of five changes the choice.
    hand = P("5H 6H 7H 8H 9H 9S 9D")
    ctx = MeldContext()
    least = best_arrangement(hand, ctx, value=lambda c: 1)
    assert least.score == 0
    assert texts(least.melds) == ["set 9: 9S 9H 9D", "run 5H-8H: 5H 6H 7H 8H"]
    bonus = best_arrangement(
        hand, ctx, value=lambda c: 1, meld_value=lambda m: 5 if len(m) >= 5 else 0
    )
    assert texts(bonus.melds) == ["run 5H-9H: 5H 6H 7H 8H 9H"]
    assert bonus.deadwood == P("9S 9D")
    assert bonus.score == 5 - 2


def test_r52_wild_rank_set_counts_in_min_deadwood() -> None:
    ctx = seed004("9C")
    assert min_deadwood(P("9S 9H 9D"), ctx, value=lambda c: 100) == 0
    # later plays: a set of Jacks with two Nines is too wild, one Nine is left over
    assert min_deadwood(P("JS JH 9S 9H"), ctx, value=lambda c: 100) == 100
    assert min_deadwood(P("JS JH 9S 9H"), ctx, value=lambda c: 100, first_play=True) == 0


# --- contracts by hand ---------------------------------------------------------------------------


def test_contract_two_sets_need_distinct_ranks() -> None:
    ctx = crummy_rummy()
    two_sets = Contract.parse("2 sets")
    assert not can_meet_contract(P("QS QH QD QS QH QD"), two_sets, ctx)
    assert can_meet_contract(P("QS QH QD KS KH KD"), two_sets, ctx)
    same_rank = Contract.parse("2 sets", distinct_set_ranks=False)
    assert can_meet_contract(P("QS QH QD QS QH QD"), same_rank, ctx)
    # the two identical sets of two packs are one way
    queens = Meld.set(P("QS QH QD"), rank=Rank.QUEEN)
    assert (queens, queens) in list(contract_ways(P("QS QH QD QS QH QD"), same_rank, ctx))


def test_r31_run_of_seven_contract() -> None:
    ctx = crummy_rummy()
    contract = CRUMMY_RUMMY_SCHEDULE.round(5).contract  # 1 run of 7+ + 1 set
    six = P("3H 4H 5H 6H 7H 8H KS KD KC 9C QD")
    assert not can_meet_contract(six, contract, ctx)
    seven = P("3H 4H 5H 6H 7H 8H 9H KS KD KC QD")
    assert can_meet_contract(seven, contract, ctx)
    ways = list(contract_ways(seven, contract, ctx))
    assert ways and all(len(next(m for m in w if m.kind is MeldKind.RUN)) >= 7 for w in ways)


def test_r28_half_limit_in_contract_melds() -> None:
    ctx = crummy_rummy()
    contract = Contract.parse("1 run of 7+")
    # 3 naturals and 4 wilds: more than half wild
    assert not can_meet_contract(P("5H 7H 9H 2S 2C JK JK"), contract, ctx)
    # 4 naturals and 3 wilds
    assert can_meet_contract(P("5H 7H 9H 10H 2S 2C JK"), contract, ctx)


def test_contract_round7_uses_all_cards() -> None:
    ctx = crummy_rummy()
    contract = CRUMMY_RUMMY_SCHEDULE.round(7).contract  # 3 runs, all cards
    hand = P("3S 4S 5S 6S 8H 9H 10H JH QH 10D JD QD KD 2C")
    assert can_meet_contract(hand, contract, ctx)
    (way,) = {
        tuple(sorted(c for m in w for c in m.cards)) for w in contract_ways(hand, contract, ctx)
    }
    assert sorted(way) == sorted(hand)
    # one card that fits nowhere spoils it; the same cards without it are fine
    assert not can_meet_contract([*hand, Card.parse("7C")], contract, ctx)
    # two copies of one card cannot share a run
    assert not can_meet_contract([*hand[:-1], Card.parse("6S")], contract, ctx)


def test_r63_runs_of_one_suit_must_not_touch() -> None:
    ctx = contract_rummy()
    contract = Contract.parse("2 runs", run_distinctness=RunDistinctness.TOUCHING)
    assert not can_meet_contract(P("4S 5S 6S 7S 8S 9S 10S JS"), contract, ctx)
    assert can_meet_contract(P("4S 5S 6S 7S 9S 10S JS QS"), contract, ctx)
    suits = Contract.parse("2 runs")
    assert not can_meet_contract(P("4S 5S 6S 7S 9S 10S JS QS"), suits, ctx)


def test_contract_open_requirements_after_laid_melds() -> None:
    ctx = crummy_rummy()
    contract = Contract.parse("2 sets")
    queens = Meld.set(P("QS QH QD"), rank=Rank.QUEEN)
    assert not can_meet_contract(P("QS QC QD"), contract, ctx, laid=[queens])
    assert can_meet_contract(P("KS KC KD"), contract, ctx, laid=[queens])
    assert list(contract_ways(P("KS KC KD"), contract, ctx, laid=[queens])) == [
        (Meld.set(P("KS KC KD"), rank=Rank.KING),)
    ]
    both = [queens, Meld.set(P("KS KC KD"), rank=Rank.KING)]
    assert can_meet_contract(P("5S"), contract, ctx, laid=both)  # nothing left to lay
    assert list(contract_ways(P("5S"), contract, ctx, laid=both)) == [()]
    assert not can_meet_contract(P("5S"), contract, ctx, laid=[*both, queens])


def test_contract_laid_run_takes_its_suit() -> None:
    ctx = crummy_rummy()
    contract = Contract.parse("2 runs")
    spades = Meld.run(P("3S 4S 5S 6S"), suit=Suit.SPADES, start=3)
    hand = P("8S 9S 10S JS 5H 6H")
    assert not can_meet_contract(hand, contract, ctx, laid=[spades])  # spades are taken
    hearts = Meld.run(P("3H 4H 5H 6H"), suit=Suit.HEARTS, start=3)
    assert can_meet_contract(hand, contract, ctx, laid=[hearts])
    touching = Contract.parse("2 runs", run_distinctness=RunDistinctness.TOUCHING)
    assert can_meet_contract(hand, touching, ctx, laid=[spades])  # 8S-JS does not touch 3S-6S
    near = Meld.run(P("4S 5S 6S 7S"), suit=Suit.SPADES, start=4)
    assert not can_meet_contract(hand, touching, ctx, laid=[near])  # 7S touches 8S


def test_all_cards_runs_must_cover_every_natural() -> None:
    ctx = short_runs()  # runs of at most four cards
    one_run = Contract.parse("1 run, all cards")
    assert can_meet_contract(P("4S 5S 6S 7S"), one_run, ctx)
    assert not can_meet_contract(P("4S 5S 6S 7S 8S"), one_run, ctx)
    two_runs = Contract.parse("2 runs, all cards", run_distinctness=RunDistinctness.TOUCHING)
    assert not can_meet_contract(P("4S 5S 6S 7S 8S 9S 10S"), two_runs, ctx)  # they would touch
    assert can_meet_contract(P("4S 5S 6S 7S 9S 10S JS"), two_runs, ctx)


def test_contract_ways_lists_each_way_once_longer_melds_included() -> None:
    ctx = MeldContext()
    ways = list(contract_ways(P("4S 5S 6S 7S 7H 7D"), Contract.parse("1 run + 1 set"), ctx))
    assert [texts(w) for w in ways] == [["set 7: 7S 7H 7D", "run 4S-6S: 4S 5S 6S"]]
    ways = list(contract_ways(P("4S 5S 6S 7S 7H 7D 7C"), Contract.parse("1 run + 1 set"), ctx))
    assert sorted(texts(w) for w in ways) == sorted(
        [
            ["set 7: 7H 7D 7C", "run 4S-6S: 4S 5S 6S"],
            ["set 7: 7H 7D 7C", "run 4S-7S: 4S 5S 6S 7S"],
            ["set 7: 7H 7D 7C", "run 5S-7S: 5S 6S 7S"],
            ["set 7: 7S 7H 7D", "run 4S-6S: 4S 5S 6S"],
            ["set 7: 7S 7H 7D 7C", "run 4S-6S: 4S 5S 6S"],
            ["set 7: 7S 7H 7C", "run 4S-6S: 4S 5S 6S"],
            ["set 7: 7S 7D 7C", "run 4S-6S: 4S 5S 6S"],
        ]
    )


def test_contract_with_wilds_whose_identity_matters_falls_back_exactly() -> None:
    # Seed 004 has no contracts, but the search must still be exact there: a set of the wild
    # rank is natural (R52) while the same cards elsewhere are wild.
    ctx = seed004("9C")
    contract = Contract.parse("2 sets")
    assert can_meet_contract(P("9S 9H 9D JS JH QD"), contract, ctx, first_play=False) is False
    assert can_meet_contract(P("9S 9H 9D JS JH JD"), contract, ctx)
    assert can_meet_contract(P("9S 9H JS JH QD QH"), contract, ctx)


# --- the solver object ---------------------------------------------------------------------------


def test_solver_is_shared_per_context_and_caches_do_not_change_answers() -> None:
    ctx = crummy_rummy()
    solver = Solver.of(ctx)
    assert Solver.of(ctx) is solver
    hand = P("5S 6S 7S 8S 2C JK QH QD QC 9D")
    before = (
        possible_melds(hand, ctx),
        min_deadwood(hand, ctx, value=value_of),
        can_meet_contract(hand, CRUMMY_RUMMY_SCHEDULE.round(2).contract, ctx),
    )
    solver.clear_caches()
    after = (
        solver.possible_melds(hand),
        solver.min_deadwood(hand, value=value_of),
        solver.can_meet_contract(hand, CRUMMY_RUMMY_SCHEDULE.round(2).contract),
    )
    assert before == after
    assert before[2] is True


def test_too_many_copies_of_a_card_are_refused() -> None:
    with pytest.raises(ValueError, match="copies"):
        possible_melds([Card.parse("5S")] * 16, MeldContext())
