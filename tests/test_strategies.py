"""The public hypothesis strategies produce what they promise."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from rummykit import Card, DealInfo, DeckSpec, Declaration, Meld, MeldContext, MeldKind, MeldRules
from rummykit.testing import strategies as rs
from rummykit.wilds import DealWilds, WildRules


@given(rs.cards())
def test_cards_round_trip_through_text(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(format(card, "s")) is card


@given(rs.decks().flatmap(lambda d: st.tuples(st.just(d), rs.cards(deck=d))))
def test_cards_of_a_deck_are_in_it(pair: tuple[DeckSpec, Card]) -> None:
    deck, card = pair
    assert card in deck
    assert deck.copies(card) >= 1


@given(rs.cards().flatmap(lambda c: st.tuples(st.just(c), rs.card_spellings(c))))
def test_card_spellings_parse_back(pair: tuple[Card, str]) -> None:
    card, text = pair
    assert Card.parse(text) is card


@given(rs.card_texts(deck=DeckSpec.without_twos()))
def test_card_texts_of_a_deck_parse_into_it(text: str) -> None:
    assert Card.parse(text) in DeckSpec.without_twos()


@given(rs.decks())
def test_decks_are_consistent(deck: DeckSpec) -> None:
    assert deck.size == len(deck.cards()) == sum(deck.counts) >= 1
    assert deck.jokers == deck.copies(Card.parse("JK"))
    deck.check_cards(deck.cards())


@given(rs.decks(jokers=False, max_packs=1))
def test_decks_without_jokers_hold_none(deck: DeckSpec) -> None:
    assert deck.jokers == 0
    assert deck.packs == 1


@given(
    rs.decks().flatmap(lambda d: st.tuples(st.just(d), rs.hands(deck=d, min_size=1, max_size=14)))
)
def test_hands_fit_the_deck(pair: tuple[DeckSpec, tuple[Card, ...]]) -> None:
    deck, hand = pair
    assert 1 <= len(hand) <= 14
    deck.check_cards(hand)
    for card, n in Counter(hand).items():
        assert n <= deck.copies(card)


@given(rs.hands(min_size=3, max_size=11))
def test_hands_without_a_deck_respect_sizes(hand: tuple[Card, ...]) -> None:
    assert 3 <= len(hand) <= 11


@given(rs.hands(deck=DeckSpec.standard(packs=2), min_size=104))
def test_a_hand_can_be_the_whole_deck(hand: tuple[Card, ...]) -> None:
    assert sorted(hand) == sorted(DeckSpec.standard(packs=2).cards())


def test_strategy_arguments_are_checked() -> None:
    with pytest.raises(InvalidArgument):
        rs.hands(min_size=-1)
    with pytest.raises(InvalidArgument):
        rs.hands(min_size=5, max_size=4)
    with pytest.raises(InvalidArgument):
        rs.hands(deck=DeckSpec.crummy(players=4), min_size=34)
    with pytest.raises(InvalidArgument):
        rs.decks(max_packs=0)
    with pytest.raises(InvalidArgument):
        rs.melds(MeldContext(), min_size=4, max_size=3)


@given(rs.contexts_and_melds())
def test_melds_are_valid_and_fit_the_deck(pair: tuple[MeldContext, Meld]) -> None:
    ctx, meld = pair
    assert ctx.violation(meld) is None
    ctx.deck.check_cards(meld.cards)
    if meld.kind is MeldKind.RUN:
        assert all(stands in ctx.deck for stands in meld.represents)
    else:
        assert meld.rank in ctx.deck.ranks


@given(rs.contexts_and_melds(first_play=True))
def test_first_play_melds_are_valid_on_a_first_play(pair: tuple[MeldContext, Meld]) -> None:
    ctx, meld = pair
    assert ctx.is_valid(meld, first_play=True)


@given(rs.contexts_and_melds())
def test_melds_round_trip_through_text(pair: tuple[MeldContext, Meld]) -> None:
    _, meld = pair
    again = Meld.parse(str(meld))
    assert again == meld
    assert hash(again) == hash(meld)
    assert again.represents == meld.represents


@given(rs.contexts_and_melds())
def test_every_valid_meld_is_one_of_the_readings_of_its_cards(
    pair: tuple[MeldContext, Meld],
) -> None:
    ctx, meld = pair
    if meld.kind is MeldKind.QUARTET and MeldKind.SET in ctx.rules.kinds():
        return  # four of a kind reads as a set where both kinds exist
    assert meld in ctx.readings(meld.cards)
    declared = Declaration(meld.kind, rank=meld.rank, suit=meld.suit, start=meld.start or None)
    assert ctx.interpret(meld.cards, declared) == meld


@given(st.data())
def test_melds_honour_kinds_and_sizes(data: st.DataObject) -> None:
    ctx = data.draw(rs.meld_contexts())
    kinds = set(ctx.rules.kinds())
    kind = data.draw(st.sampled_from(sorted(kinds, key=lambda k: k.value)))
    strategy = rs.melds(ctx, kinds=[kind], min_size=3, max_size=5)
    meld = data.draw(strategy | st.none())
    if meld is not None:
        assert meld.kind is kind
        assert 3 <= len(meld) <= 5
        assert ctx.is_valid(meld)


@given(rs.meld_contexts().flatmap(lambda c: st.tuples(st.just(c), rs.meld_texts(c))))
def test_meld_texts_parse_to_valid_melds(pair: tuple[MeldContext, str]) -> None:
    ctx, text = pair
    assert ctx.is_valid(Meld.parse(text))


@given(rs.meld_texts())
def test_meld_texts_without_a_context_parse(text: str) -> None:
    meld = Meld.parse(text)
    assert Meld.parse(str(meld)) == meld


@given(rs.wild_rules(), rs.deal_infos())
def test_wild_rules_bind_to_any_deal(policy: WildRules, deal: DealInfo) -> None:
    wilds = policy.for_deal(deal)
    assert isinstance(wilds, DealWilds)
    assert {c for c in rs.ALL_CARDS if wilds.mask[c]} == wilds.cards


@given(rs.meld_rules())
def test_meld_rules_are_consistent(rules: MeldRules) -> None:
    assert rules.kinds()
    assert 2 <= rules.run_min <= rules.run_max <= 13
    assert rules.set_max is None or rules.set_min <= rules.set_max


@given(rs.decks().flatmap(lambda d: st.tuples(st.just(d), rs.deal_infos(deck=d))))
def test_deal_indicators_come_from_the_deck(pair: tuple[DeckSpec, DealInfo]) -> None:
    deck, deal = pair
    assert 1 <= deal.number <= 13
    assert deal.indicator is None or (deal.indicator in deck and not deal.indicator.is_joker)


def test_melds_of_a_context_without_melds_is_empty() -> None:
    ctx = MeldContext(rules=MeldRules(runs=False, set_min=5, set_max=None))
    assert rs.melds(ctx).is_empty
