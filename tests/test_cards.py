"""Cards, their text form, and deck specifications (RULES.md 3.1-3.6, R22, R33, R59)."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from rummykit import JOKER, Card, CardParseError, DeckSpec, OptionError, Rank, Suit
from rummykit.cards import format_cards, parse_cards
from rummykit.errors import RummykitError

ALL = tuple(Card(code) for code in range(53))


# --- the text form ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10S", Rank.TEN, Suit.SPADES),
        ("TS", Rank.TEN, Suit.SPADES),
        ("QH", Rank.QUEEN, Suit.HEARTS),
        ("AS", Rank.ACE, Suit.SPADES),
        ("2C", Rank.TWO, Suit.CLUBS),
        ("KD", Rank.KING, Suit.DIAMONDS),
        ("9D", Rank.NINE, Suit.DIAMONDS),
        ("10♠", Rank.TEN, Suit.SPADES),
        ("Q♥", Rank.QUEEN, Suit.HEARTS),
        ("A♤", Rank.ACE, Suit.SPADES),
        ("J♢", Rank.JACK, Suit.DIAMONDS),
        ("3♧", Rank.THREE, Suit.CLUBS),
        ("qh", Rank.QUEEN, Suit.HEARTS),
        ("ts", Rank.TEN, Suit.SPADES),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("  7C\t", Rank.SEVEN, Suit.CLUBS),
    ],
)
def test_card_parse_reads_rank_then_suit(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card.of(rank, suit)
    assert not card.is_joker


@pytest.mark.parametrize("text", ["JK", "jk", "Joker", "JOKER", " JK ", "🃏"])
def test_card_parse_reads_the_joker(text: str) -> None:
    card = Card.parse(text)
    assert card is JOKER
    assert card.is_joker
    assert card.rank is None and card.suit is None
    assert str(card) == "JK"


def test_ten_is_written_10_and_read_as_10_or_t() -> None:
    assert str(Card.parse("TS")) == "10S"
    assert Card.parse("TS") is Card.parse("10S") is Card.parse("10♠")


@pytest.mark.parametrize("card", ALL, ids=str)
def test_str_round_trip_for_every_card(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(format(card, "s")) is card
    assert Card.parse(str(card).lower()) is card
    assert Card(int(card)) is card
    assert eval(repr(card), {"Card": Card}) is card  # repr is Card('..')


def test_there_are_53_distinct_cards_with_distinct_texts() -> None:
    assert len({str(c) for c in ALL}) == 53
    assert [int(c) for c in ALL] == list(range(53))
    assert Card.parse("AS").code == 0
    assert Card.parse("KC").code == 51
    assert JOKER.code == 52


@pytest.mark.parametrize(
    "text", ["1S", "11H", "", "ZZ", "10", "S10", "1", "QQ", "Q", "HQ", "10SS", "JKR", "0S", "A S"]
)
def test_malformed_card_text_raises_card_parse_error(text: str) -> None:
    with pytest.raises(CardParseError) as raised:
        Card.parse(text)
    error = raised.value
    assert isinstance(error, ValueError)
    assert isinstance(error, RummykitError)
    assert repr(text) in str(error)
    assert error.text == text


def test_card_parse_rejects_non_strings() -> None:
    with pytest.raises(CardParseError):
        Card.parse(10)  # type: ignore[arg-type]


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    assert parse_cards("10S, JK QH") == (Card.parse("10S"), JOKER, Card.parse("QH"))
    assert parse_cards("") == ()
    assert parse_cards(["AS", "2S"]) == (Card.parse("AS"), Card.parse("2S"))
    with pytest.raises(CardParseError, match="'1S'"):
        parse_cards("AS 1S")


def test_format_cards_plain_and_symbols() -> None:
    hand = parse_cards("10S QH JK")
    assert format_cards(hand) == "10S QH JK"
    assert format_cards(hand, symbols=True) == "10♠ Q♥ 🃏"
    assert "\x1b[31m" in format_cards(hand, color=True)


def test_card_of_and_card_codes_reject_out_of_range_values() -> None:
    with pytest.raises(OptionError):
        Card.of(14, 0)
    with pytest.raises(OptionError):
        Card.of(0, 0)
    with pytest.raises(OptionError):
        Card.of(Rank.ACE, 4)
    with pytest.raises(OptionError):
        Card(53)
    with pytest.raises(OptionError):
        Card(-1)


def test_cards_are_interned_through_copy_and_pickle() -> None:
    card = Card.parse("QH")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_cards_are_immutable() -> None:
    card = Card.parse("QH")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.colour = "red"  # type: ignore[attr-defined]


def test_rank_and_suit_text() -> None:
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("10") is Rank.TEN
    assert [r.label for r in Rank] == [
        "A",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
    ]
    assert [s.letter for s in Suit] == list("SHDC")
    assert Suit.parse("♦") is Suit.DIAMONDS
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red
    assert not Suit.SPADES.is_red and not Suit.CLUBS.is_red
    with pytest.raises(CardParseError):
        Rank.parse("1")
    with pytest.raises(CardParseError):
        Suit.parse("X")


# --- deck specifications ----------------------------------------------------------------


def test_standard_packs_with_and_without_jokers() -> None:
    assert DeckSpec.standard().size == 52
    assert DeckSpec().size == 52
    assert DeckSpec.standard(jokers_per_pack=2).size == 54
    assert DeckSpec.standard().jokers == 0
    assert JOKER not in DeckSpec.standard()
    assert JOKER in DeckSpec.standard(jokers_per_pack=1)


@pytest.mark.parametrize(("players", "size"), [(3, 33), (4, 33), (5, 41)])
def test_crummy_packs_are_33_or_41_cards(players: int, size: int) -> None:
    """RULES 3.1: A K Q J 10 9 8 7 (+ 6 5 for five players) in four suits and one Joker."""
    deck = DeckSpec.crummy(players=players)
    assert deck.size == size
    assert deck.jokers == 1
    low = Rank.FIVE if players == 5 else Rank.SEVEN
    assert set(deck.ranks) == {Rank.ACE} | {r for r in Rank if r >= low}
    assert Card.parse("7S") in deck
    assert Card.parse("2S") not in deck
    assert (Card.parse("5H") in deck) is (players == 5)


def test_packs_without_twos_hold_48_cards() -> None:
    """Seed 004: every 2 and both jokers removed; R59: one deck per two players."""
    deck = DeckSpec.without_twos()
    assert deck.size == 48
    assert Rank.TWO not in deck.ranks
    assert all(Card.of(Rank.TWO, s) not in deck for s in Suit)
    assert deck.jokers == 0
    assert DeckSpec.without_twos(packs=2).size == 96
    assert DeckSpec.without_twos(packs=3).copies(Card.parse("AS")) == 3


def test_r33_crummy_rummy_uses_one_54_card_pack_per_two_players() -> None:
    assert DeckSpec.standard(packs=1, jokers_per_pack=2).size == 54
    assert DeckSpec.standard(packs=2, jokers_per_pack=2).size == 108
    assert DeckSpec.standard(packs=2, jokers_per_pack=2).jokers == 4
    for players, size in [(2, 54), (3, 108), (4, 108), (5, 162), (6, 162)]:
        packs = -(-players // 2)
        assert DeckSpec.standard(packs=packs, jokers_per_pack=2).size == size


def test_multi_pack_and_extra_joker_decks() -> None:
    """Contract rummy (S10): 3-4 players double pack + 1 joker (105), 5+ triple + 2 (158);
    Crib Rummy: two packs + 2 jokers (106), option 4 jokers (108)."""
    assert DeckSpec.standard(packs=2, extra_jokers=1).size == 105
    assert DeckSpec.standard(packs=3, extra_jokers=2).size == 158
    assert DeckSpec.standard(packs=2, jokers_per_pack=1).size == 106
    assert DeckSpec.standard(packs=2, jokers_per_pack=1, extra_jokers=2).size == 108
    two = DeckSpec.standard(packs=2)
    assert two.copies(Card.parse("QS")) == 2
    assert two.copies_of_rank(Rank.QUEEN) == 8
    assert two.copies(JOKER) == 0
    assert len(two.cards()) == 104
    assert sorted(two) == sorted(two.cards())
    assert two.counts[Card.parse("QS")] == 2


def test_custom_decks_choose_ranks_and_suits() -> None:
    deck = DeckSpec(ranks=[Rank.KING, Rank.ACE, Rank.KING], suits=[Suit.HEARTS], packs=2)
    assert deck.ranks == (Rank.ACE, Rank.KING)
    assert deck.size == 4
    assert deck.copies_of_rank(Rank.KING) == 2
    assert deck.copies_of_rank(Rank.QUEEN) == 0
    assert Card.parse("KS") not in deck
    assert "KH" not in deck  # only cards are in a deck, not their texts


def test_deck_check_cards() -> None:
    one = DeckSpec.standard()
    one.check_cards(parse_cards("AS KS QH 2C"))
    one.check_cards(one.cards())
    with pytest.raises(OptionError, match="2 x QS"):
        one.check_cards(parse_cards("QS QS"))
    with pytest.raises(OptionError):
        one.check_cards([JOKER])
    with pytest.raises(OptionError):
        DeckSpec.without_twos().check_cards(parse_cards("2H"))
    DeckSpec.standard(packs=2).check_cards(parse_cards("QS QS"))
    with pytest.raises(OptionError):
        DeckSpec.standard(packs=2).check_cards(parse_cards("QS QS QS"))
    jokers = DeckSpec.standard(packs=2, jokers_per_pack=2)
    jokers.check_cards([JOKER] * 4)
    with pytest.raises(OptionError):
        jokers.check_cards([JOKER] * 5)


def test_bad_deck_options_raise_option_error() -> None:
    with pytest.raises(OptionError):
        DeckSpec(packs=0)
    with pytest.raises(OptionError):
        DeckSpec(jokers_per_pack=-1)
    with pytest.raises(OptionError):
        DeckSpec(extra_jokers=-1)
    with pytest.raises(OptionError):
        DeckSpec(ranks=[])
    with pytest.raises(OptionError):
        DeckSpec(suits=[])
    with pytest.raises(ValueError):
        DeckSpec(ranks=[14])


def test_deck_specs_are_immutable_values() -> None:
    deck = DeckSpec.standard(packs=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        deck.packs = 3  # type: ignore[misc]
    assert deck == DeckSpec.standard(packs=2)
    assert hash(deck) == hash(DeckSpec.standard(packs=2))
    assert deck != DeckSpec.standard(packs=2, jokers_per_pack=1)
