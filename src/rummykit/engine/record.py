"""Game records: (variant, options, players, seed, setup, moves with the seat that made
each, and the result of a finished game) as JSON, and exact replay.

>>> import rummykit
>>> from rummykit.engine.record import GameRecord
>>> state = rummykit.variant("crib-rummy").new_game(players=2, seed=3)
>>> state = state.apply(state.legal_moves()[0])
>>> record = GameRecord.from_json(state.record().to_json())
>>> record.replay() == state
True
>>> record.to_dict()["moves"]
[{'seat': 0, 'move': 'draw'}]
>>> GameRecord.from_json('{"format": "rummykit.record/0"}')
Traceback (most recent call last):
...
rummykit.errors.RecordError: record format 'rummykit.record/0' is not supported; ...

Records of the first format (``rummykit.record/1``: moves as bare texts, no result) are
still read and replayed.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from rummykit.engine.core import GameState, Setup
from rummykit.engine.moves import Move, parse_move
from rummykit.engine.registry import ensure_rebuildable, variant
from rummykit.errors import (
    IllegalMoveError,
    MoveParseError,
    OptionError,
    RecordError,
    quoted,
    shown,
)

__all__ = ["FORMAT", "READS", "GameRecord", "GameResult"]

#: The record format this version writes.
FORMAT: Final = "rummykit.record/2"
#: The record formats this version reads: the first had no seats and no result.
READS: Final = ("rummykit.record/1", FORMAT)


#: The entries of a record (by format), of its setup, of a move and of a result.
_KEYS: Final = {
    "rummykit.record/1": frozenset(
        {"format", "variant", "options", "players", "seed", "setup", "moves"}
    ),
    FORMAT: frozenset(
        {"format", "variant", "options", "players", "seed", "setup", "moves", "result"}
    ),
}
_SETUP_KEYS: Final = frozenset({"deck", "scores", "dealer", "deal", "first"})
_MOVE_KEYS: Final = frozenset({"seat", "move"})
_RESULT_KEYS: Final = frozenset({"scores", "winners"})


def _no_repeated_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object as a dict, refusing a key given twice (JSON would keep the last)."""
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"record has the entry {shown(key)} twice")
        out[key] = value
    return out


def _options(
    value: Mapping[str, object] | Iterable[tuple[str, object]],
) -> tuple[tuple[str, object], ...]:
    """Options as sorted pairs, from a mapping or from pairs (``attrs.evolve`` passes the
    record's own)."""
    return tuple(sorted(value.items() if isinstance(value, Mapping) else value))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class GameResult:
    """How a finished game ended: every seat's final score and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def of(cls, state: GameState) -> GameResult | None:
        """The result of ``state``'s game, ``None`` while it is still being played."""
        if not state.is_over:
            return None
        return cls(tuple(state.scores), state.winners)

    def to_dict(self) -> dict[str, list[int]]:
        """The result as JSON-ready data, as a record holds it."""
        return {"scores": list(self.scores), "winners": list(self.winners)}

    def __str__(self) -> str:
        return f"scores {list(self.scores)}, winners {list(self.winners)}"


@attrs.frozen
class GameRecord:
    """Everything needed to reproduce a game exactly: moves are kept in their text form,
    with the seat that made each (``seats``; ``None`` in a record of the first format), and
    a finished game's ``result``, which a replay checks."""

    variant: str
    options: tuple[tuple[str, object], ...] = attrs.field(converter=_options)
    players: int
    seed: int
    setup: Setup
    moves: tuple[str, ...]
    seats: tuple[int, ...] | None = None
    result: GameResult | None = None

    def __attrs_post_init__(self) -> None:
        if self.seats is not None and len(self.seats) != len(self.moves):
            raise RecordError(
                f"a record needs a seat for each move: {len(self.seats)} seats for "
                f"{len(self.moves)} moves"
            )

    @classmethod
    def of(cls, state: GameState) -> GameRecord:
        """The record of ``state``'s game so far. Raises
        :class:`~rummykit.errors.RecordError` saying what to do when the registry cannot
        build the variant again from its id and options (see
        :func:`~rummykit.engine.registry.ensure_rebuildable`)."""
        ensure_rebuildable(state.variant)
        return cls(
            variant=state.variant.id,
            options=dict(state.variant.options),
            players=state.players,
            seed=state.seed,
            setup=state.setup,
            moves=tuple(str(m) for m in state.moves),
            seats=state.movers,
            result=GameResult.of(state),
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (the current :data:`FORMAT`; a record read from the
        first format, which has no seats, is written in that format)."""
        data: dict[str, Any] = {
            "format": FORMAT if self.seats is not None else READS[0],
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "setup": self.setup.to_json(),
        }
        if self.seats is None:
            data["moves"] = list(self.moves)
            return data
        data["moves"] = [
            {"seat": seat, "move": move} for seat, move in zip(self.seats, self.moves, strict=True)
        ]
        data["result"] = None if self.result is None else self.result.to_dict()
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as a JSON string."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_json`. Raises
        :class:`~rummykit.errors.RecordError` (a ``ValueError``) saying what is wrong."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise RecordError(f"a record is JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text, object_pairs_hook=_no_repeated_keys)
        except RecursionError:
            raise RecordError("a record must be JSON of a game, not nested this deep") from None
        except ValueError as error:  # not JSON, or a number too long to read
            raise RecordError(f"a record must be JSON: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record from JSON-ready data (see :meth:`to_dict`)."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        found = data.get("format")
        if found not in READS:
            raise RecordError(
                f"record format {shown(found)} is not supported; this rummykit reads "
                f"{' and '.join(map(repr, READS))}"
            )
        keys = _KEYS[found]
        missing = [k for k in ("variant", "players", "seed", "moves") if k not in data]
        if missing:
            raise RecordError(f"record lacks {', '.join(missing)}")
        unknown = sorted(set(data) - keys)
        if unknown:
            raise RecordError(
                f"record has unknown entries {', '.join(map(repr, unknown))}; a "
                f"{found} record has {', '.join(sorted(keys))}"
            )
        options, setup = data.get("options", {}), data.get("setup", {})
        if not isinstance(options, dict) or not isinstance(setup, dict):
            raise RecordError("record 'options' and 'setup' must be JSON objects")
        for key in ("players", "seed"):
            if not _whole(data[key]):
                raise RecordError(f"record {shown(key)} must be a whole number")
        if found == READS[0]:
            moves, seats, result = _texts(data["moves"]), None, None
        else:
            moves, seats = _moves(data["moves"])
            result = _result(data.get("result"))
        wrong = sorted(set(setup) - _SETUP_KEYS)
        if wrong:
            raise RecordError(
                f"record 'setup' has unknown entries {', '.join(map(repr, wrong))}; it may "
                f"have {', '.join(sorted(_SETUP_KEYS))}"
            )
        try:
            stacked = Setup(
                deck=setup.get("deck"),
                scores=setup.get("scores"),
                dealer=setup.get("dealer"),
                deal=setup.get("deal", 1),
                first=setup.get("first"),
            )
        except (ValueError, TypeError) as error:
            raise RecordError(f"record 'setup' is malformed: {error}") from None
        return cls(
            variant=str(data["variant"]),
            options=options,
            players=data["players"],
            seed=data["seed"],
            setup=stacked,
            moves=moves,
            seats=seats,
            result=result,
        )

    def start(self) -> GameState:
        """The game's first state (before any recorded move)."""
        try:
            game = variant(self.variant, **dict(self.options))
            return game.new_game(
                players=self.players,
                seed=self.seed,
                deck=self.setup.deck,
                scores=self.setup.scores,
                dealer=self.setup.dealer,
                deal=self.setup.deal,
                first=self.setup.first,
            )
        except (OptionError, TypeError) as error:
            raise RecordError(f"record header does not start a game: {error}") from None

    def states(self) -> Iterator[GameState]:
        """Every state of the game, the first one included. Raises
        :class:`~rummykit.errors.RecordError` naming the first move that does not read or
        is not legal."""
        state = self.start()
        yield state
        for index, text in enumerate(self.moves):
            if self.seats is not None and self.seats[index] != state.to_move:
                raise RecordError(
                    f"record move {index} ({quoted(text)}) is given to seat {self.seats[index]}, "
                    f"but seat {state.to_move} is to move then",
                    index=index,
                )
            try:
                move: Move = parse_move(text)
                state = state.apply(move)
            except (MoveParseError, IllegalMoveError) as error:
                raise RecordError(
                    f"record move {index} ({quoted(text)}): {error}", index=index
                ) from None
            yield state

    def replay(self) -> GameState:
        """The state after every recorded move. Either the whole record replays, to the
        recorded result if it has one, or :class:`~rummykit.errors.RecordError` is raised;
        nothing is half-applied."""
        last: GameState | None = None
        for last in self.states():  # noqa: B007
            pass
        assert last is not None
        if self.result is not None and GameResult.of(last) != self.result:
            found = GameResult.of(last)
            ends = "leave the game unfinished" if found is None else f"end it with {found}"
            raise RecordError(f"record 'result' gives {self.result}, but its moves {ends}")
        return last


def _texts(moves: object) -> tuple[str, ...]:
    """The moves of a first-format record: a list of move texts."""
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("record 'moves' must be a list of move texts")
    return tuple(moves)


def _moves(moves: object) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The move texts and seats of a record's moves: a list of ``{"seat", "move"}``."""
    if not isinstance(moves, list):
        raise RecordError('record \'moves\' must be a list of {"seat": N, "move": TEXT}')
    texts: list[str] = []
    seats: list[int] = []
    for index, entry in enumerate(moves):
        if (
            not isinstance(entry, dict)
            or set(entry) != _MOVE_KEYS
            or not _whole(entry["seat"])
            or not isinstance(entry["move"], str)
        ):
            raise RecordError(
                f'record move {index} must be {{"seat": N, "move": TEXT}}, not '
                f"{reprlib.repr(entry)}",
                index=index,
            )
        seats.append(entry["seat"])
        texts.append(entry["move"])
    return tuple(texts), tuple(seats)


def _result(result: object) -> GameResult | None:
    """A record's result: ``null`` (a game in play) or ``{"scores": [...], "winners": [...]}``."""
    if result is None:
        return None
    if (
        not isinstance(result, dict)
        or set(result) != _RESULT_KEYS
        or not all(
            isinstance(result[k], list) and all(_whole(v) for v in result[k]) for k in _RESULT_KEYS
        )
    ):
        raise RecordError(
            'record \'result\' must be null or {"scores": [N, ...], "winners": [SEAT, ...]}, '
            f"not {reprlib.repr(result)}"
        )
    return GameResult(tuple(result["scores"]), tuple(result["winners"]))
