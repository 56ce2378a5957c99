"""Game records: (variant, options, players, seed, setup, moves) as JSON, and exact replay.

>>> import rummykit
>>> from rummykit.engine.record import GameRecord
>>> state = rummykit.variant("crib-rummy").new_game(players=2, seed=3)
>>> state = state.apply(state.legal_moves()[0])
>>> record = GameRecord.from_json(state.record().to_json())
>>> record.replay() == state
True
>>> GameRecord.from_json('{"format": "rummykit.record/0"}')
Traceback (most recent call last):
...
rummykit.errors.RecordError: record format 'rummykit.record/0' is not supported; ...
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any, Final

import attrs

from rummykit.engine.core import GameState, Setup
from rummykit.engine.moves import Move, parse_move
from rummykit.engine.registry import ensure_rebuildable, variant
from rummykit.errors import IllegalMoveError, MoveParseError, OptionError, RecordError

__all__ = ["FORMAT", "GameRecord"]

#: The record format this version writes and reads.
FORMAT: Final = "rummykit.record/1"


#: The entries of a record, and of its setup.
_KEYS: Final = frozenset({"format", "variant", "options", "players", "seed", "setup", "moves"})
_SETUP_KEYS: Final = frozenset({"deck", "scores", "dealer", "deal", "first"})


def _no_repeated_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object as a dict, refusing a key given twice (JSON would keep the last)."""
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"record has the entry {key!r} twice")
        out[key] = value
    return out


def _options(value: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    return tuple(sorted(value.items()))


@attrs.frozen
class GameRecord:
    """Everything needed to reproduce a game exactly. Moves are kept in their text form."""

    variant: str
    options: tuple[tuple[str, object], ...] = attrs.field(converter=_options)
    players: int
    seed: int
    setup: Setup
    moves: tuple[str, ...]

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
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": FORMAT,
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "setup": self.setup.to_json(),
            "moves": list(self.moves),
        }

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
        except json.JSONDecodeError as error:
            raise RecordError(f"a record must be JSON: {error}") from None
        except RecursionError:
            raise RecordError("a record must be JSON of a game, not nested this deep") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record from JSON-ready data (see :meth:`to_dict`)."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        found = data.get("format")
        if found != FORMAT:
            raise RecordError(
                f"record format {found!r} is not supported; this rummykit reads {FORMAT!r}"
            )
        missing = [k for k in ("variant", "players", "seed", "moves") if k not in data]
        if missing:
            raise RecordError(f"record lacks {', '.join(missing)}")
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise RecordError(
                f"record has unknown entries {', '.join(map(repr, unknown))}; a "
                f"{FORMAT} record has {', '.join(sorted(_KEYS))}"
            )
        options, setup, moves = data.get("options", {}), data.get("setup", {}), data["moves"]
        if not isinstance(options, dict) or not isinstance(setup, dict):
            raise RecordError("record 'options' and 'setup' must be JSON objects")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("record 'moves' must be a list of move texts")
        for key in ("players", "seed"):
            if not isinstance(data[key], int) or isinstance(data[key], bool):
                raise RecordError(f"record {key!r} must be a whole number")
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
            moves=tuple(moves),
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
            try:
                move: Move = parse_move(text)
                state = state.apply(move)
            except (MoveParseError, IllegalMoveError) as error:
                raise RecordError(
                    f"record move {index} ({text!r}): {error}", index=index
                ) from None
            yield state

    def replay(self) -> GameState:
        """The state after every recorded move. Either the whole record replays or
        :class:`~rummykit.errors.RecordError` is raised; nothing is half-applied."""
        last: GameState | None = None
        for last in self.states():  # noqa: B007
            pass
        assert last is not None
        return last
