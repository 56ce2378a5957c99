"""Game records (DESIGN.md "Reproducible"): (variant, options, players, seed, setup, moves
with their seats, result) as JSON, exact replay, and tampered records refused with the index
of the first bad entry. Records of the first format (bare move texts) still replay.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest

import rummykit
from rummykit import (
    Discard,
    GameRecord,
    LayMeld,
    LayOff,
    RecordError,
    TakeDiscard,
    parse_move,
)
from rummykit.engine.rummy import RummyState
from rummykit.testing.stacking import stacked_game

CRIB = rummykit.variant("crib-rummy")


def played(
    variant: rummykit.Variant, players: int, seed: int, limit: int = 10_000
) -> list[RummyState]:
    """Every state of a seeded random game (the first included)."""
    state = variant.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over and len(states) <= limit:
        moves = list(state.legal_moves())
        laying = [m for m in moves if isinstance(m, LayMeld | LayOff | TakeDiscard)]
        move = rng.choice(laying if laying and rng.random() < 0.7 else moves)
        state = state.apply(move)
        states.append(state)
    return states


@pytest.fixture(scope="module")
def finished() -> list[RummyState]:
    states = played(rummykit.variant("crib-rummy", target=61, jokers=4), 3, 8)
    assert states[-1].is_over
    return states


@pytest.fixture(scope="module")
def record_data() -> dict[str, object]:
    """A short game's record as JSON-ready data, for tampering."""
    states = played(CRIB, 2, 5, limit=40)
    data = json.loads(states[-1].record().to_json())
    assert len(data["moves"]) == 40
    return data


def replay(data: object) -> RummyState:
    return GameRecord.from_json(json.dumps(data)).replay()  # type: ignore[return-value]


def texts(data: dict[str, object]) -> list[str]:
    """The move texts of a record's data."""
    return [entry["move"] for entry in data["moves"]]  # type: ignore[attr-defined, index]


def with_texts(data: dict[str, object], moves: list[str]) -> dict[str, object]:
    """``data`` with these move texts, each at the seat of the entry it replaces (the seat
    of the last entry past the end)."""
    seats = [entry["seat"] for entry in data["moves"]]  # type: ignore[attr-defined, index]
    seats = (seats + [seats[-1]] * len(moves))[: len(moves)]
    return {**data, "moves": [{"seat": s, "move": m} for s, m in zip(seats, moves, strict=True)]}


def first_format(data: dict[str, object]) -> dict[str, object]:
    """``data`` as a record of the first format: bare move texts, no result."""
    old = {k: v for k, v in data.items() if k != "result"}
    return {**old, "format": "rummykit.record/1", "moves": texts(data)}


# -- round trip --------------------------------------------------------------------------------


def test_record_round_trip_replays_every_state(finished):
    final = finished[-1]
    record = final.record()
    assert record.variant == "crib-rummy"
    assert dict(record.options)["target"] == 61 and dict(record.options)["jokers"] == 4
    assert (record.players, record.seed) == (3, 8)
    assert len(record.moves) == len(finished) - 1
    assert list(record.moves) == [str(m) for m in final.moves]
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    assert json.loads(GameRecord.from_json(record.to_json(indent=2)).to_json()) == json.loads(text)
    states = list(again.states())
    assert len(states) == len(finished)
    for index, (replayed, original) in enumerate(zip(states, finished, strict=True)):
        assert replayed == original, index
    result = again.replay()
    assert result == final
    assert result.is_over and result.winners == final.winners
    assert result.scores == final.scores


def test_a_record_of_part_of_a_game_replays_to_the_same_position():
    states = played(CRIB, 4, 12, limit=75)
    record = GameRecord.from_json(states[-1].record().to_json())
    assert record.replay() == states[-1]
    assert record.start() == states[0]
    assert not record.replay().is_over
    # The replayed state goes on exactly like the original.
    move = states[-1].legal_moves()[0]
    assert record.replay().apply(move) == states[-1].apply(move)


def test_stacked_games_record_their_setup_and_replay():
    state = stacked_game(
        CRIB,
        hands=["3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C", "KS 3H 7H JH 4D 8D QD 5C 9C 2S 6S"],
        dealer=1,
        upcard="KD",
        stock="AD 2D",
        deal=2,
        scores=(7, 40),
        seed=3,
    )
    state = state.apply(parse_move("start"))
    state = state.apply(parse_move("draw")).apply(parse_move("meld run 3S-5S: 3S 4S 5S"))
    state = state.apply(parse_move("discard AD"))
    data = json.loads(state.record().to_json())
    setup = data["setup"]
    assert setup["deal"] == 2
    assert setup["scores"] == [7, 40]
    assert setup["dealer"] == 1
    assert len(setup["deck"]) == 106
    assert setup["deck"][:4] == ["3S", "KS", "4S", "3H"]
    assert texts(data) == ["start", "draw", "meld run 3S-5S: 3S 4S 5S", "discard AD"]
    assert [m["seat"] for m in data["moves"]] == [0, 0, 0, 0]  # the player behind starts
    replayed = replay(data)
    assert replayed == state
    assert replayed.scores == (10, 40)
    assert replayed.deal_number == 2
    # A stacked start with a first player records it too.
    first = stacked_game(
        CRIB,
        hands=["3S 4S 5S 2H 6H 10H 3D 7D JD 4C 8C", "KS 3H 7H JH 4D 8D QD 5C 9C 2S 6S"],
        dealer=0,
        first=0,
        upcard="KD",
    )
    data = json.loads(first.record().to_json())
    assert data["setup"]["first"] == 0
    assert replay(data) == first
    assert replay(data).to_move == 0


# -- tampered records --------------------------------------------------------------------------


def _bad(data: object, index: int | None = None) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(data)
    assert isinstance(caught.value, ValueError)
    assert caught.value.index == index
    return caught.value


def test_unknown_variant(record_data):
    error = _bad({**record_data, "variant": "crib-rummi"})
    assert "crib-rummi" in str(error)


def _first_discard(data: dict[str, object]) -> int:
    return next(i for i, m in enumerate(texts(data)) if m.startswith("discard"))


def test_an_illegal_move_names_its_index(record_data):
    states = played(CRIB, 2, 5, limit=40)
    index = _first_discard(record_data)
    hand = states[index].hands[states[index].to_move]
    card = next(str(c) for c in map(rummykit.Card, range(52)) if c not in hand)
    moves = texts(record_data)
    moves[index] = f"discard {card}"
    error = _bad(with_texts(record_data, moves), index)
    assert f"discard {card}" in str(error)
    assert f"move {index}" in str(error)


def test_the_first_bad_entry_is_reported(record_data):
    moves = texts(record_data)
    later = _first_discard(record_data) + 5
    moves[later] = "fly away"
    moves[later + 3] = "discard 11H"
    _bad(with_texts(record_data, moves), later)


def test_a_card_that_does_not_exist(record_data):
    moves = texts(record_data)
    index = _first_discard(record_data)
    moves[index] = "discard 11H"
    error = _bad(with_texts(record_data, moves), index)
    assert "11H" in str(error)


def test_a_move_after_the_end_of_the_game(finished):
    data = json.loads(finished[-1].record().to_json())
    data["moves"].append({"seat": finished[-1].to_move, "move": "draw"})
    _bad(data, len(data["moves"]) - 1)


def test_a_move_that_is_not_a_move(record_data):
    moves = texts(record_data)
    _bad(with_texts(record_data, [*moves[:3], "take it", *moves[3:]]), 3)


@pytest.mark.parametrize("version", ["rummykit.record/0", "rummykit.record/3", None, 1, ""])
def test_a_wrong_format_version(record_data, version):
    error = _bad({**record_data, "format": version})
    assert "format" in str(error)


def test_a_missing_format(record_data):
    data = dict(record_data)
    del data["format"]
    _bad(data)


@pytest.mark.parametrize("field", ["variant", "players", "seed", "moves"])
def test_missing_fields(record_data, field):
    data = dict(record_data)
    del data[field]
    error = _bad(data)
    assert field in str(error)


@pytest.mark.parametrize(
    "moves", ["draw", {"0": "draw"}, ["draw", 3], [["draw"]], None, 7, ["draw", None]]
)
def test_moves_of_the_first_format_must_be_a_list_of_texts(record_data, moves):
    error = _bad({**first_format(record_data), "moves": moves})
    assert "moves" in str(error)


@pytest.mark.parametrize(
    ("moves", "index"),
    [
        ("draw", None),
        (None, None),
        ({"seat": 0, "move": "draw"}, None),
        (["draw"], 0),
        ([{"seat": 0}], 0),
        ([{"seat": 0, "move": "start", "when": 1}], 0),
        ([{"seat": "0", "move": "start"}], 0),
        ([{"seat": True, "move": "start"}], 0),
        ([{"seat": 1.0, "move": "start"}], 0),
        ([{"seat": 1, "move": ["start"]}], 0),
    ],
)
def test_moves_must_be_a_list_of_seats_and_texts(record_data, moves, index):
    error = _bad({**record_data, "moves": moves, "result": None}, index)
    assert "move" in str(error)


def test_a_move_given_to_the_wrong_seat_names_its_index(record_data):
    data = json.loads(json.dumps(record_data))
    index = _first_discard(record_data)
    entry = data["moves"][index]
    entry["seat"] = 1 - entry["seat"]
    error = _bad(data, index)
    assert f"given to seat {entry['seat']}" in str(error)
    assert f"seat {1 - entry['seat']} is to move" in str(error)


def test_a_record_built_by_hand_needs_a_seat_for_each_move(record_data):
    record = GameRecord.from_json(json.dumps(record_data))
    with pytest.raises(RecordError, match="a seat for each move: 39 seats for 40 moves"):
        attrs.evolve(record, seats=record.seats[:-1])


def test_every_move_records_the_seat_that_made_it(finished):
    data = json.loads(finished[-1].record().to_json())
    assert [m["seat"] for m in data["moves"]] == [s.to_move for s in finished[:-1]]
    assert finished[-1].movers == tuple(s.to_move for s in finished[:-1])


def test_a_finished_game_records_its_result_and_replay_checks_it(finished):
    data = json.loads(finished[-1].record().to_json())
    final = finished[-1]
    assert data["result"] == {"scores": list(final.scores), "winners": list(final.winners)}
    assert replay(data) == final
    wrong = {"scores": [s + 1 for s in final.scores], "winners": list(final.winners)}
    error = _bad({**data, "result": wrong})
    assert "result" in str(error) and str(list(final.scores)) in str(error)
    error = _bad({**data, "result": {**data["result"], "winners": [9]}})
    assert "winners [9]" in str(error)


def test_a_game_in_play_records_no_result_and_a_result_for_it_is_refused(record_data):
    assert record_data["result"] is None
    final = {"scores": [0, 0], "winners": [0]}
    error = _bad({**record_data, "result": final})
    assert "unfinished" in str(error)


@pytest.mark.parametrize(
    "result",
    [
        [0, 0],
        {"scores": [0, 0]},
        {"scores": [0.5, 0], "winners": []},
        {"scores": "0 0", "winners": []},
    ],
)
def test_a_malformed_result_is_refused(record_data, result):
    error = _bad({**record_data, "result": result})
    assert "'result'" in str(error)


def test_a_record_of_the_first_format_still_replays(finished, record_data):
    for data, state in (
        (record_data, None),
        (json.loads(finished[-1].record().to_json()), finished[-1]),
    ):
        old = first_format(data)
        record = GameRecord.from_json(json.dumps(old))
        assert record.seats is None and record.result is None
        assert record.replay() == (state or replay(data))
        assert json.loads(record.to_json()) == old  # written back in its own format
    with pytest.raises(RecordError, match="unknown entries 'result'"):
        GameRecord.from_json(json.dumps({**first_format(record_data), "result": None}))


@pytest.mark.parametrize(
    "options",
    [
        {"jokers": 3},
        {"jokers": 2.0},
        {"aces": "high"},
        {"target": -1},
        {"target": "121"},
        {"joker_respects_copy_limit": "no"},
        {"no_such_option": 1},
    ],
)
def test_a_bad_option_value(record_data, options):
    _bad({**record_data, "options": {**record_data["options"], **options}})


@pytest.mark.parametrize(
    "change",
    [
        {"players": 5},
        {"players": 1},
        {"players": "2"},
        {"players": True},
        {"seed": 1.5},
        {"seed": "5"},
        {"options": ["jokers", 4]},
        {"setup": "stacked"},
        {"setup": {"deal": 1, "deck": ["XX"]}},
        {"setup": {"deal": 1, "deck": ["AS"] * 106}},
        {"setup": {"deal": 1, "scores": [1, 2, 3]}},
        {"setup": {"deal": 1, "dealer": 9}},
    ],
)
def test_a_bad_header(record_data, change):
    _bad({**record_data, **change})


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '"record"', "null", "{"])
def test_text_that_is_not_a_record(text):
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(text)
    assert caught.value.index is None


def test_nothing_is_half_applied(record_data):
    moves = texts(record_data)
    index = len(moves) - 3
    moves[index] = "discard 11H"
    record = GameRecord.from_json(json.dumps(with_texts(record_data, moves)))
    result = None
    with pytest.raises(RecordError) as caught:
        result = record.replay()
    assert result is None
    assert caught.value.index == index
    # states() gives the good prefix, then raises at the bad entry: nothing past it.
    seen = []
    with pytest.raises(RecordError):
        seen.extend(record.states())
    assert len(seen) == index + 1
    assert seen[-1] == played(CRIB, 2, 5, limit=40)[index]
    # The record itself is untouched and still fails the same way.
    assert list(record.moves) == moves
    with pytest.raises(RecordError):
        record.replay()


def test_records_are_plain_json_with_the_documented_fields(record_data):
    assert record_data["format"] == "rummykit.record/2"
    assert set(record_data) >= {
        "format",
        "variant",
        "options",
        "players",
        "seed",
        "setup",
        "moves",
        "result",
    }
    assert record_data["options"] == dict(CRIB.options)
    assert all(set(m) == {"seat", "move"} for m in record_data["moves"])
    assert all(parse_move(m) is not None for m in texts(record_data))
    assert any(isinstance(parse_move(m), Discard) for m in texts(record_data))
