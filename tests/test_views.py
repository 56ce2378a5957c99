"""Views (issue 13): one typed protocol for every game, versioned JSON that follows the
shipped schema, legal moves and the meld context in the view, the observer's JSON apart, and
agents that are given views only, never the state."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence

import attrs
import pytest
from helpers import redealt
from jsonschema_lite import errors

import rummykit
from rummykit import Card, GameState, Move, parse_cards, parse_move
from rummykit.agents import Agent, GreedyAgent, RandomAgent, check_agent, choose_move
from rummykit.cards import Rank, Suit
from rummykit.engine.rummy_state import Phase
from rummykit.engine.views import HIDDEN, VIEW_VERSION, View, to_jsonable, view_schema
from rummykit.errors import OptionError
from rummykit.melds import MeldContext
from rummykit.sim import play_game, simulate
from rummykit.testing.probes import reachable

GAMES = rummykit.variants()


def _positions(game_id: str, players: int, seed: int, every: int = 7) -> Iterator[GameState]:
    """Every ``every``-th position of a seeded random game, and its last."""
    state: GameState = rummykit.variant(game_id).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    number = 0
    while not state.is_over:
        if number % every == 0:
            yield state
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        number += 1
    yield state


def _counts(game_id: str) -> tuple[int, ...]:
    game = rummykit.variant(game_id)
    return tuple(sorted({game.min_players, game.max_players}))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_follows_the_protocol_and_the_schema(game_id: str) -> None:
    schema = view_schema()
    for players in _counts(game_id):
        for state in _positions(game_id, players, seed=3):
            for seat in range(players):
                view = state.view(seat)
                assert isinstance(view, View)
                data = view.to_json()
                assert errors(data, schema) == [], (game_id, players, seat)
                assert json.loads(json.dumps(data)) == data  # plain JSON, nothing else
                assert data["version"] == VIEW_VERSION and data["seat"] == seat
                assert data["hand"] == [str(c) for c in state.view(seat).hand]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_holds_the_legal_moves_of_the_seat_to_move_only(game_id: str) -> None:
    players = rummykit.variant(game_id).min_players
    for state in _positions(game_id, players, seed=5, every=3):
        for seat in range(players):
            view = state.view(seat)
            if seat == state.to_move and not state.is_over:
                assert view.legal == tuple(state.legal_moves())
                texts = view.to_json()["legal"]
                assert isinstance(texts, list)
                assert [parse_move(str(t)) for t in texts] == list(view.legal)
            else:
                assert view.legal == ()


def test_a_view_carries_the_meld_context_and_contract_a_bot_needs() -> None:
    state = rummykit.variant("contract-rummy").new_game(players=3, seed=1)
    view = state.view(state.to_move)
    assert isinstance(view.context, MeldContext)
    assert view.context == state.context  # type: ignore[attr-defined]
    assert str(view.contract) == "2 sets"  # type: ignore[attr-defined]
    assert view.to_json()["contract"] == "2 sets"
    # the trick game has no melds
    assert rummykit.variant("crummy").new_game(players=4, seed=1).view(0).context is None


def test_json_of_every_kind_of_value_and_of_a_type_it_has_no_form_for() -> None:
    # to_jsonable remembers how each type converts: the same value gives the same JSON every
    # time, subclasses convert as their bases do, and a type without a JSON form is refused
    # every time it is met, not only the first.
    @attrs.frozen
    class Note:
        card: Card
        tags: frozenset[str]
        hidden: object = attrs.field(default=HIDDEN, repr=False)

    class Pair(tuple[Card, Card]):
        pass

    class Opaque:
        pass

    card = parse_cards("QH")[0]
    note = Note(card, frozenset({"b", "a"}))
    expected = {"card": "QH", "tags": ["a", "b"]}  # a field left out of repr stays out
    for _ in range(2):
        assert to_jsonable(note) == expected
        assert to_jsonable(Pair((card, card))) == ["QH", "QH"]
        assert to_jsonable({Suit.HEARTS: True, "n": 3}) == {"1": True, "n": 3}
        assert to_jsonable([Rank.QUEEN, Phase.DRAW, None, "x"]) == ["Q", "draw", None, "x"]
        with pytest.raises(TypeError, match="no JSON form for Opaque"):
            to_jsonable([Opaque()])


def test_json_shows_cards_as_card_text_and_hidden_cards_as_null() -> None:
    assert to_jsonable((parse_cards("10S JK")[0], HIDDEN)) == ["10S", None]
    state = rummykit.variant("gin-rummy").new_game(players=2, seed=4)
    data = state.view(0).to_json()
    hands = data["hands"]
    assert isinstance(hands, list)
    assert hands[0] == data["hand"] and hands[1] == [None] * 10
    assert data["discard_top"] == str(state.discards[-1])  # type: ignore[attr-defined]
    # a meld says what each wild card stands for
    melded = next(
        s
        for seed in range(40)
        for s in _positions("crazy-rummy", 3, seed, every=1)
        if any(
            w in t.meld.cards and t.meld.represents != t.meld.cards
            for t in s.table  # type: ignore[attr-defined]
            for w in s.context.wilds.cards  # type: ignore[attr-defined]
        )
    )
    table = melded.view(0).to_json()["table"]
    assert isinstance(table, list)
    assert any(m["meld"]["cards"] != m["meld"]["represents"] for m in table)  # type: ignore[index]


def test_the_observer_json_is_a_separate_call_that_shows_everything() -> None:
    state = rummykit.variant("gin-rummy").new_game(players=2, seed=4)
    data = state.observer_json()
    assert data["format"] == "rummykit-observer"
    assert data["hands"] == [[str(c) for c in h] for h in state.hands]  # type: ignore[attr-defined]
    assert data["stock"] == [str(c) for c in state.stock]  # type: ignore[attr-defined]
    assert json.loads(json.dumps(data)) == data
    assert "stock" not in state.view(0).to_json()


# -- agents see views -----------------------------------------------------------------------


class _Spy:
    """Records what it is given and plays the first legal move."""

    name = "spy"

    def __init__(self) -> None:
        self.given: list[tuple[View, Sequence[Move]]] = []

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        self.given.append((view, legal))
        return legal[0]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_an_agent_cannot_reach_hidden_cards_through_what_it_is_given(game_id: str) -> None:
    # Re-deal every card the seat cannot see: what the agent is given, and everything
    # reachable from it through any attribute, must not change; no state is reachable.
    rng = random.Random(11)
    players = rummykit.variant(game_id).min_players
    for state in _positions(game_id, players, seed=9, every=5):
        if state.is_over:
            continue
        seat = state.to_move
        other = redealt(state, seat, rng)
        if other is None:
            continue
        spy = _Spy()
        choose_move(spy, state, random.Random(0))
        choose_move(spy, other, random.Random(0))
        (mine, legal), (theirs, their_legal) = spy.given
        assert reachable((mine, legal)) == reachable((theirs, their_legal)), game_id
        assert not any(isinstance(x, GameState) for x in _objects((mine, legal)))


def _objects(value: object) -> list[object]:
    """Every object reachable from ``value`` (attributes, items), not only leaves."""
    seen: set[int] = set()
    out: list[object] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (str, int, type(None))):
            continue
        seen.add(id(item))
        out.append(item)
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif not isinstance(item, type):
            stack.extend(getattr(item, "__dict__", {}).values())
            for cls in type(item).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if hasattr(item, slot):
                        stack.append(getattr(item, slot))
    return out


@pytest.mark.slow
def test_the_shipped_agents_play_every_game_from_views() -> None:
    for game_id in GAMES:
        game = rummykit.variant(game_id)
        players = game.min_players
        spies = [_Spy() for _ in range(players)]
        result = play_game(game, players=players, seed=2, agents=spies)
        assert result.state.is_over
        for seat, spy in enumerate(spies):
            assert all(view.seat == seat and legal for view, legal in spy.given)
        for agent in (RandomAgent(), GreedyAgent()):
            check_agent(agent)
            state = game.new_game(players=players, seed=2)
            assert choose_move(agent, state, random.Random(0)) in state.legal_moves()


class _OldAgent:
    name = "old"

    def choose(self, state: GameState, rng: random.Random) -> Move:
        return state.legal_moves()[0]


def test_an_agent_written_for_the_state_is_refused_with_what_to_change() -> None:
    with pytest.raises(OptionError, match=r"choose\(self, view, legal, rng\)"):
        check_agent(_OldAgent())
    with pytest.raises(OptionError, match="view"):
        simulate("crib-rummy", players=2, games=1, agents=[_OldAgent(), "random"])
    with pytest.raises(OptionError, match="choose"):
        check_agent(object())


def test_an_agent_is_typed_by_the_protocol() -> None:
    agent: Agent = GreedyAgent()
    state = rummykit.variant("crib-rummy").new_game(players=2, seed=1)
    view = state.view(state.to_move)
    move = agent.choose(view, view.legal, random.Random(0))
    assert isinstance(move, Move) and isinstance(view.hand[0], Card)


@pytest.mark.parametrize("game_id", ["gin-rummy", "crummy", "contract-rummy"])
def test_a_view_built_from_its_fields_is_the_view_its_constructor_builds(game_id: str) -> None:
    # Views are built from a dict of their fields (cheap on every move): the dict must hold
    # every field and nothing else, so that the view equals one made by the constructor.
    import attrs

    state = rummykit.variant(game_id).new_game(players=rummykit.variant(game_id).min_players)
    view = state.view(state.to_move)
    names = [a.name for a in attrs.fields(type(view))]
    assert sorted(vars(view)) == sorted(names)
    again = type(view)(**{name: getattr(view, name) for name in names})
    assert again == view and repr(again) == repr(view) and hash(again) == hash(view)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.seat = 1  # type: ignore[misc]
