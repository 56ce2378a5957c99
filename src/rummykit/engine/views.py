"""What one seat may see: the :class:`View` protocol every game's view follows, the
placeholder for a hidden card, and the JSON form of views (and of the whole state, for an
omniscient observer).

A view's JSON follows a versioned JSON Schema shipped in the package
(:func:`view_schema`; ``rummykit/schemas/view-1.schema.json``): cards as the library's card
text (``"QH"``, ``"10S"``, ``"JK"``), a card the seat cannot see as ``null``, moves as the
move text :func:`~rummykit.parse_move` reads, melds with what each wild card stands for.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Final, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

from rummykit.cards import Card, Rank
from rummykit.melds import Meld

if TYPE_CHECKING:
    from rummykit.engine.moves import Move
    from rummykit.melds import MeldContext

__all__ = [
    "HIDDEN",
    "OBSERVER_FORMAT",
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "Hidden",
    "JSONValue",
    "View",
    "to_jsonable",
    "view_schema",
]

#: A value of JSON: what ``to_json`` methods return (``json.dumps`` writes it as it is).
JSONValue: TypeAlias = "bool | int | str | list[JSONValue] | dict[str, JSONValue] | None"

#: The ``format`` of a view's JSON, and its schema's version (``version``).
VIEW_FORMAT: Final = "rummykit-view"
VIEW_VERSION: Final = 1
#: The ``format`` of the omniscient observer's JSON (:meth:`GameState.observer_json
#: <rummykit.engine.core.GameState.observer_json>`): every card, none hidden.
OBSERVER_FORMAT: Final = "rummykit-observer"


@attrs.frozen
class Hidden:
    """A card the viewer cannot see. There is one instance, :data:`HIDDEN`.

    >>> str(HIDDEN)
    '??'
    """

    def __str__(self) -> str:
        return "??"

    def __format__(self, spec: str) -> str:
        return "🂠" if spec in ("s", "c") else "??"


#: The placeholder for a hidden card.
HIDDEN: Final = Hidden()


@runtime_checkable
class View(Protocol):
    """What ``state.view(seat)`` returns in every game: all that ``seat`` may see, and
    nothing more (a view, and everything reachable from it, holds no card the seat could not
    see at the table).

    Each family's view has more (the draw-and-discard family's table, piles and contract;
    the trick family's trick and quartets); these are the members every view shares.
    """

    @property
    def variant(self) -> str:
        """The game's id."""
        ...

    @property
    def seat(self) -> int:
        """Whose view this is."""
        ...

    @property
    def players(self) -> int:
        """How many seats the game has."""
        ...

    @property
    def deal_number(self) -> int:
        """The deal being played (1-based)."""
        ...

    @property
    def dealer(self) -> int:
        """The seat that dealt this deal."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score so far."""
        ...

    @property
    def to_move(self) -> int:
        """The seat that moves next (during a claim window, the seat asked)."""
        ...

    @property
    def phase(self) -> enum.Enum:
        """Where the turn stands (the family's phase enum; its ``value`` is a string)."""
        ...

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own hand."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        ...

    @property
    def legal(self) -> tuple[Move, ...]:
        """The seat's legal moves when it is to move, else empty."""
        ...

    @property
    def context(self) -> MeldContext | None:
        """The meld rules of this deal (wild cards included), to judge melds with;
        ``None`` in a game without melds."""
        ...

    def to_json(self) -> dict[str, JSONValue]:
        """The view as JSON (see :func:`view_schema`)."""
        ...


def to_jsonable(value: object) -> JSONValue:
    """``value`` as JSON: cards as card text, hidden cards as ``None``, moves as move text,
    melds as objects with their kind, cards and what each card stands for, enums by value,
    sets sorted, other attrs records field by field.

    >>> to_jsonable((Card.parse("QH"), HIDDEN, frozenset({Card.parse("2C"), Card.parse("AS")})))
    ['QH', None, ['AS', '2C']]
    >>> meld = to_jsonable(Meld.parse("run 3S-5S: 3S JK 5S"))
    >>> meld["kind"], meld["cards"], meld["represents"]
    ('run', ['3S', 'JK', '5S'], ['3S', '4S', '5S'])
    """
    kind = type(value)
    convert = _CONVERTERS.get(kind)
    if convert is None:
        # what a value becomes depends on its type alone: found once per type, remembered
        convert = _converter(kind)
        if len(_CONVERTERS) < _MAX_CONVERTERS:
            _CONVERTERS[kind] = convert
    return convert(value)


def _same(value: object) -> JSONValue:
    return value  # type: ignore[return-value]  # None, a bool or a text: JSON as it is


def _nothing(value: object) -> JSONValue:
    return None


def _text(value: object) -> JSONValue:
    return str(value)


def _rank_label(value: object) -> JSONValue:
    assert isinstance(value, Rank)
    return value.label


def _enum_value(value: object) -> JSONValue:
    assert isinstance(value, enum.Enum)
    return to_jsonable(value.value)


def _whole(value: object) -> JSONValue:
    assert isinstance(value, int)
    return int(value)


def _meld(value: object) -> JSONValue:
    assert isinstance(value, Meld)
    return {
        "kind": value.kind.value,
        "text": str(value),
        "cards": [str(c) for c in value.cards],
        "represents": [s.label if isinstance(s, Rank) else str(s) for s in value.represents],
    }


def _sorted_items(value: object) -> JSONValue:
    assert isinstance(value, (frozenset, set))
    return [to_jsonable(v) for v in sorted(value)]


def _items(value: object) -> JSONValue:
    assert isinstance(value, (tuple, list))
    return [to_jsonable(v) for v in value]


def _mapping(value: object) -> JSONValue:
    assert isinstance(value, Mapping)
    return {str(k): to_jsonable(v) for k, v in value.items()}


def _converter(kind: type) -> Callable[[object], JSONValue]:
    """How :func:`to_jsonable` turns a value of type ``kind`` into JSON (the first of its
    rules that the type meets, in their order)."""
    if kind is type(None) or issubclass(kind, (bool, str)):
        return _same
    order: tuple[tuple[type | tuple[type, ...], Callable[[object], JSONValue]], ...] = (
        (Card, _text),
        (Rank, _rank_label),
        (enum.Enum, _enum_value),
        (int, _whole),
        (Hidden, _nothing),
        (Meld, _meld),
        ((frozenset, set), _sorted_items),
        ((tuple, list), _items),
        (Mapping, _mapping),
    )
    for base, convert in order:
        if issubclass(kind, base):
            return convert
    if attrs.has(kind):
        if _is_move_type(kind) or _is_contract_type(kind):
            return _text
        names = tuple(a.name for a in attrs.fields(kind) if a.repr is not False)

        def record(value: object) -> JSONValue:
            return {name: to_jsonable(getattr(value, name)) for name in names}

        return record

    def refuse(value: object) -> JSONValue:
        raise TypeError(f"no JSON form for {type(value).__name__}: {value!r}")

    return refuse


#: :func:`to_jsonable`'s converter of each type met so far (at most this many types: a
#: program making classes without end gets no memory leak, only the slower path).
_MAX_CONVERTERS: Final = 512
_CONVERTERS: dict[type, Callable[[object], JSONValue]] = {}


def _is_move_type(kind: type) -> bool:
    from rummykit.engine.moves import Move

    return issubclass(kind, Move)


def _is_contract_type(kind: type) -> bool:
    from rummykit.contracts import Contract

    return issubclass(kind, Contract)


def view_json(view: object, skip: Sequence[str] = ("context",)) -> dict[str, JSONValue]:
    """A view record as JSON: ``format`` and ``version``, then its fields (all but
    ``skip``), then ``hand_sizes`` where the record computes it."""
    out: dict[str, JSONValue] = {"format": VIEW_FORMAT, "version": VIEW_VERSION}
    fields: tuple[attrs.Attribute[object], ...] = attrs.fields(type(view))  # type: ignore[arg-type]
    for field in fields:
        if field.name not in skip:
            out[field.name] = to_jsonable(getattr(view, field.name))
    out.setdefault("hand_sizes", to_jsonable(getattr(view, "hand_sizes", ())))
    return out


V = TypeVar("V")


def built_view(cls: type[V], fields: dict[str, object]) -> V:
    """An instance of the frozen, dict-backed attrs view class ``cls`` with exactly
    ``fields`` (every field, by name; nothing is converted or validated): about ten times
    cheaper than the generated ``__init__``, which matters when an agent gets a view on
    every move."""
    out = object.__new__(cls)
    object.__setattr__(out, "__dict__", fields)
    return out


def view_schema() -> dict[str, JSONValue]:
    """The JSON Schema (draft 2020-12) that every view's :meth:`~View.to_json` follows,
    for the current :data:`VIEW_VERSION`.

    >>> schema = view_schema()
    >>> schema["$id"], schema["properties"]["version"]["const"]
    ('https://rummykit.dev/schemas/view-1.schema.json', 1)
    """
    text = (
        resources.files("rummykit")
        .joinpath("schemas", f"view-{VIEW_VERSION}.schema.json")
        .read_text(encoding="utf-8")
    )
    schema: dict[str, JSONValue] = json.loads(text)
    return schema
