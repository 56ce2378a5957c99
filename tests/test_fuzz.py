"""Fuzzing the text inputs (issue 11): card text, move text, options and records. Whatever
the input, only a ``ValueError`` subclass (or a ``TypeError`` for an argument of the wrong
Python type) may escape, and a bad input changes nothing."""

from __future__ import annotations

import contextlib
import enum
import json
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit
from rummykit import Card, GameRecord, OptionError, RecordError, parse_cards, parse_move

#: Whole numbers far out of range, up to more digits than Python will print (4,300).
HUGE = st.builds(
    lambda digits, sign: sign * 10**digits,
    st.sampled_from([30, 99, 100, 4300, 5000]),
    st.sampled_from([1, -1]),
)

#: Text built from the characters moves and cards are made of, and a few others.
ALPHABET = st.sampled_from(list("0123456789AJQKTSHDC♠♥♦♣ #:-,lowhigmeldsetrunpacrdiswyk\t\n"))
TEXT = st.text(ALPHABET, max_size=60) | st.text(max_size=30)

GAME = rummykit.variant("crib-rummy", target=31)
STATE = GAME.new_game(players=2, seed=4)
RECORD = STATE.apply(STATE.legal_moves()[0]).record().to_dict()


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_card_text_reads_or_raises_value_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except ValueError:
        return
    assert Card.parse(str(card)) == card


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_card_lists_read_or_raise_value_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except ValueError:
        return
    assert parse_cards(" ".join(map(str, cards))) == cards


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_move_text_reads_or_raises_value_error_and_changes_nothing(text: str) -> None:
    before = STATE.record().to_json()
    try:
        move = parse_move(text)
    except ValueError:
        return
    assert parse_move(str(move)) == move
    with contextlib.suppress(ValueError):
        STATE.apply(move)
    assert STATE.record().to_json() == before


class _Text(enum.StrEnum):
    LOW = "low"
    EITHER = "either"
    TOUCHING = "touching"
    AUTO = "auto"


class _Number(enum.IntEnum):
    ONE = 1
    TWO = 2
    FOUR = 4


def _option_values() -> st.SearchStrategy[object]:
    """Values of every Python type a caller might pass as an option, the right and wrong."""
    defaults = [d for game in GAMES for _, d in rummykit.variant(game).options]
    return (
        st.sampled_from(defaults)
        | st.none()
        | st.booleans()
        | st.integers()
        | HUGE
        | st.floats()
        | st.text(max_size=8)
        | st.text(min_size=1001, max_size=5000)
        | st.binary(max_size=4)
        | st.sampled_from([*_Text, *_Number])
        | st.integers(0, 5)
        .map(lambda n: [float(n), complex(n), Fraction(n), Decimal(n)])
        .flatmap(st.sampled_from)
        | st.lists(st.integers(), max_size=2)
        | st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)
    )


GAMES = rummykit.variants()


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(GAMES).flatmap(
    lambda game: st.tuples(
        st.just(game),
        st.dictionaries(
            st.sampled_from([name for name, _ in rummykit.variant(game).options] + ["nope"]),
            _option_values(),
            max_size=3,
        ),
    )
))  # fmt: skip
def test_options_are_accepted_as_plain_values_or_refused_with_value_error(
    game_and_options: tuple[str, dict[str, object]],
) -> None:
    game, options = game_and_options
    try:
        variant = rummykit.variant(game, **options)
    except OptionError as error:  # not even a TypeError: each option's value and type is checked
        assert len(str(error)) < 400  # and the message stays short, whatever the value
        return
    # what was accepted is held as the plain value a record gives back, and replays
    assert all(type(v) in (bool, int, str, type(None)) for _, v in variant.options)
    state = variant.new_game(players=variant.min_players, seed=1)
    state = state.apply(state.legal_moves()[0])
    replayed = GameRecord.from_json(state.record().to_json()).replay()
    assert replayed.variant == variant
    assert replayed == state


def _mutations() -> st.SearchStrategy[dict[str, object]]:
    values = st.none() | st.booleans() | st.integers() | HUGE | st.floats() | st.text(max_size=8)
    json_values = st.recursive(values, lambda inner: st.lists(inner, max_size=3), max_leaves=6)
    return st.builds(
        lambda key, value: {**RECORD, key: value},
        st.sampled_from([*RECORD, "dealr"]),
        json_values,
    )


@settings(max_examples=200, deadline=None)
@given(_mutations())
def test_records_read_and_replay_or_raise_value_error(data: dict[str, object]) -> None:
    try:
        text = json.dumps(data)
    except (ValueError, TypeError):
        return
    with contextlib.suppress(RecordError):
        GameRecord.from_json(text).replay()


#: The arguments of ``new_game`` and values of every kind for them, the right and wrong.
NEW_GAME_ARGUMENTS = st.dictionaries(
    st.sampled_from(["players", "seed", "dealer", "deal", "first", "scores"]),
    st.none() | st.booleans() | st.integers(-3, 9) | st.integers() | HUGE | st.floats()
    | st.text(max_size=3) | st.lists(st.integers(-5, 5) | HUGE, max_size=3),
    max_size=4,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(NEW_GAME_ARGUMENTS)
def test_new_game_arguments_start_a_game_that_replays_or_raise_option_error(
    arguments: dict[str, object],
) -> None:
    arguments.setdefault("players", 2)
    try:
        state = GAME.new_game(**arguments)  # type: ignore[arg-type]
    except OptionError as error:
        assert len(str(error)) < 400
        return
    assert GameRecord.from_json(state.record().to_json()).replay() == state


@pytest.mark.parametrize("text", ["", "{", "null", "[]", '{"format": 1}', "1e999999"])
def test_odd_record_texts_raise_record_error(text: str) -> None:
    with pytest.raises(ValueError):
        GameRecord.from_json(text)
