"""SVG pictures (issue 14, item 3): cards, hands, melds with what each wild stands for,
tables and every game's view, as well-formed SVG that shows a seat nothing it cannot see."""

from __future__ import annotations

import enum
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import attrs
import pytest
from helpers import redealt

import rummykit
from rummykit import Card, GameState, Meld, parse_cards
from rummykit.engine.trick_state import TrickPhase
from rummykit.engine.views import View
from rummykit.pieces import TableMeld
from rummykit.svg import render

NS = "{http://www.w3.org/2000/svg}"
GAMES = rummykit.variants()


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    width, height = int(root.attrib["width"]), int(root.attrib["height"])
    assert root.attrib["viewBox"] == f"0 0 {width} {height}"
    return root


def _faces(svg: str) -> list[str]:
    """The cards drawn face up, by the title each card carries."""
    root = _parse(svg)
    return [
        "".join(g.find(f"{NS}title").itertext())  # type: ignore[union-attr]
        for g in root.iter(f"{NS}g")
        if g.attrib.get("class") == "card"
    ]


def _backs(svg: str) -> int:
    return sum(g.attrib.get("class") == "back" for g in _parse(svg).iter(f"{NS}g"))


def _fills(svg: str) -> set[str]:
    return {e.attrib["fill"] for e in _parse(svg).iter(f"{NS}text") if "fill" in e.attrib}


def test_a_card_is_a_self_contained_svg_with_its_rank_and_suit() -> None:
    svg = render(Card.parse("10S"))
    root = _parse(svg)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert _faces(svg) == ["10♠"]
    assert "10" in "".join(root.itertext()) and "♠" in "".join(root.itertext())


def test_hearts_and_diamonds_are_red_and_spades_are_not() -> None:
    red = "#c8102e"
    assert red in _fills(render(Card.parse("QH")))
    assert red in _fills(render(Card.parse("2D")))
    assert red not in _fills(render(Card.parse("QS")))
    assert red not in _fills(render(Card.parse("KC")))


def test_a_joker_is_drawn_as_a_joker() -> None:
    svg = render(Card.parse("JK"))
    assert _faces(svg) == ["JK"]
    assert "JOKER" in "".join(_parse(svg).itertext())


def test_a_hand_draws_one_face_per_card_in_order() -> None:
    hand = parse_cards("AS 2H 10D KC JK")
    assert _faces(render(hand)) == ["A♠", "2♥", "10♦", "K♣", "JK"]
    assert _faces(render(list(hand))) == _faces(render(hand))


def test_a_hidden_card_in_a_hand_is_drawn_face_down() -> None:
    svg = render((Card.parse("AS"), rummykit.HIDDEN, rummykit.HIDDEN))
    assert _faces(svg) == ["A♠"] and _backs(svg) == 2


def test_a_very_long_hand_wraps_and_stays_bounded() -> None:
    short = _parse(render(parse_cards("AS 2S 3S")))
    long = render(parse_cards("AS 2S 3S 4S 5S 6S") * 100)
    root = _parse(long)
    assert int(root.attrib["width"]) < 800
    assert int(root.attrib["height"]) < 700
    assert int(root.attrib["height"]) > int(short.attrib["height"])  # it wrapped
    assert len(_faces(long)) == 120  # six rows drawn, the rest counted
    assert "and 480 more" in long


def test_a_wild_in_a_meld_says_what_it_stands_for() -> None:
    svg = render(Meld.parse("run 5H-7H: 5H 6H JK"))
    labels = [
        "".join(t.itertext())
        for t in _parse(svg).iter(f"{NS}text")
        if t.attrib.get("class") == "stands-for"
    ]
    assert labels == ["= 7♥"]
    assert _faces(svg) == ["5♥", "6♥", "JK"]


def test_a_wild_in_a_set_stands_for_the_rank_and_naturals_get_no_label() -> None:
    svg = render(Meld.parse("set Q: QS QH 9C"))
    assert svg.count('class="stands-for"') == 1 and "= Q<" in svg
    assert 'class="stands-for"' not in render(Meld.parse("run 5H-7H: 5H 6H 7H"))


def test_a_table_numbers_its_melds_and_names_their_owners() -> None:
    table = (
        TableMeld(owner=1, meld=Meld.parse("set Q: QS QH QD")),
        TableMeld(owner=0, meld=Meld.parse("run 3C-5C: 3C 4C 5C")),
    )
    svg = render(table)
    assert "#0 seat 1" in svg and "#1 seat 0" in svg
    assert len(_faces(svg)) == 6
    alone = render(table[1])
    assert "seat 0: run 3♣–5♣" in alone and len(_faces(alone)) == 3


def test_text_is_escaped() -> None:
    from rummykit.svg import _text

    assert "&lt;b&gt; &amp; &quot;" in _text('<b> & "').body


def test_an_object_it_cannot_draw_is_refused_with_what_it_draws() -> None:
    with pytest.raises(TypeError, match=r"cannot draw int: .* a Card, a hand"):
        render(42)
    with pytest.raises(TypeError, match="cannot draw str"):
        render("QH")
    with pytest.raises(TypeError, match="holds a str"):
        render([Card.parse("QH"), "KH"])
    with pytest.raises(TypeError, match="holds a int"):
        render(range(3))


def test_repr_svg_is_render() -> None:
    card, meld = Card.parse("QH"), Meld.parse("set Q: QS QH JK")
    view = rummykit.variant("crib-rummy").new_game(players=2, seed=1).view(0)
    trick = rummykit.variant("crummy").new_game(players=3, seed=1).view(2)
    for obj in (card, meld, view, trick):
        assert obj._repr_svg_() == render(obj)


@attrs.frozen
class _PluginView:
    """A view of a game the renderer does not know: only the View protocol's members."""

    variant: str = "my-game"
    seat: int = 1
    players: int = 2
    deal_number: int = 1
    dealer: int = 0
    scores: tuple[int, ...] = (3, 4)
    to_move: int = 1
    phase: enum.Enum = TrickPhase.TRICK
    hand: tuple[Card, ...] = tuple(parse_cards("AS KH"))
    hand_sizes: tuple[int, ...] = (5, 2)
    is_over: bool = False
    legal: tuple[object, ...] = ()
    context: None = None

    def to_json(self) -> dict[str, object]:
        return {}


def test_a_view_of_a_game_of_ones_own_draws_the_protocols_members() -> None:
    view = _PluginView()
    assert isinstance(view, View)
    svg = render(view)
    assert _faces(svg) == ["A♠", "K♥"]
    assert _backs(svg) == 5 and "seat 0: 5 cards, score 3" in svg
    assert "my-game · deal 1 · seat 1" in svg


def test_the_same_view_draws_the_same_text() -> None:
    state = rummykit.variant("crazy-rummy").new_game(players=3, seed=4)
    assert render(state.view(1)) == render(state.view(1))


def _positions(
    game_id: str, players: int, seed: int, every: int, most: int = 1500
) -> Iterator[GameState]:
    """Every ``every``-th position of a seeded random game for at most ``most`` moves, and
    the last one reached."""
    state: GameState = rummykit.variant(game_id).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    number = 0
    while not state.is_over and number < most:
        if number % every == 0:
            yield state
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        number += 1
    yield state


def _label(card: Card) -> str:
    return "JK" if card.is_joker else format(card, "s")


def _cards_in(data: object) -> set[str]:
    """The labels of every card named anywhere in a view's JSON (what the seat sees)."""
    if isinstance(data, dict):
        return set().union(*map(_cards_in, data.values()))
    if isinstance(data, list):
        return set().union(*map(_cards_in, data))
    if isinstance(data, str):
        try:
            return {_label(Card.parse(data))}
        except ValueError:
            return set()
    return set()


def _counts(game_id: str) -> tuple[int, ...]:
    game = rummykit.variant(game_id)
    return tuple(sorted({game.min_players, game.max_players}))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_draws_the_seats_hand_and_none_of_the_cards_it_cannot_see(game_id: str) -> None:
    # Every card face drawn is one the view itself names, the seat's hand last; and when
    # every card the seat cannot see is dealt again, the picture does not change.
    rng = random.Random(5)
    for players in _counts(game_id):
        for state in _positions(game_id, players, seed=2, every=47):
            for seat in range(players):
                view = state.view(seat)
                svg = render(view)
                faces = _faces(svg)
                mine = [_label(c) for c in view.hand]
                assert faces[-len(mine) :] == mine or not mine, (game_id, seat)
                assert set(faces) <= _cards_in(view.to_json()), (game_id, seat)
                other = redealt(state, seat, rng)
                if other is not None:
                    assert render(other.view(seat)) == svg, (game_id, players, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_shows_other_hands_only_as_counts_of_backs(game_id: str) -> None:
    game = rummykit.variant(game_id)
    state = game.new_game(players=game.min_players, seed=1)
    view = state.view(0)
    svg = render(view)
    assert "seat 0&#x27;s view" in svg
    assert _backs(svg) >= 1
    assert len(_faces(svg)) < len(view.hand) + 4  # the hand, the piles: no other hand
