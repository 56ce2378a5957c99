"""The engine's core: game states, the legal-move view, the rules protocol and variants.

A :class:`GameState` never changes: :meth:`GameState.apply` checks a move and returns a new
state. What a game does is decided by its :class:`Rules` object, held by the
:class:`Variant`; states of one family of games (draw-and-discard rummies, trick games)
share a state class with the fields that family needs.
"""

from __future__ import annotations

import inspect
import operator
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol, TypeVar, overload

import attrs

from rummykit.cards import Card, DeckSpec
from rummykit.errors import IllegalMoveError, OptionError

if TYPE_CHECKING:
    from rummykit.engine.moves import Move

__all__ = [
    "GameState",
    "LegalMoves",
    "Rules",
    "Setup",
    "Variant",
    "register",
    "variant",
    "variants",
]

#: ``to_move`` of a finished game.
NOBODY: Final = -1


def _cards(value: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in value)


def _ints(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(int(v) for v in value)


@attrs.frozen
class Setup:
    """How a game or a single deal starts, for tests and puzzles that stack the deck.

    ``deck`` lists the cards from the top of the deck down (the first card is dealt first);
    it must be exactly the variant's deck for that many players. ``scores``, ``dealer`` and
    ``deal`` (1-based deal or round number) default to a fresh game. ``first`` picks the
    player who starts where the game decides that by chance. Anything left ``None`` comes
    from the seed.
    """

    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_cards)
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    dealer: int | None = None
    deal: int = 1
    first: int | None = None

    def to_json(self) -> dict[str, object]:
        """The setup as JSON-ready data (used in game records)."""
        data: dict[str, object] = {"deal": self.deal}
        if self.deck is not None:
            data["deck"] = [str(c) for c in self.deck]
        if self.scores is not None:
            data["scores"] = list(self.scores)
        if self.dealer is not None:
            data["dealer"] = self.dealer
        if self.first is not None:
            data["first"] = self.first
        return data


S = TypeVar("S", bound="GameState")


class Rules(Protocol[S]):
    """What a game family implements. The engine calls these; users call the state's methods.

    ``check`` is the one rule check: it answers legality for ``move in legal_moves``,
    explains :class:`~rummykit.errors.IllegalMoveError`, and ``generate`` yields only moves
    it accepts. ``play`` applies a move already known to be legal.
    """

    def start(self, variant: Variant, players: int, seed: int, setup: Setup) -> S:
        """The first state of a game."""
        ...

    def generate(self, state: S) -> Iterator[Move]:
        """Every legal move in ``state`` (identical cards from several packs once)."""
        ...

    def check(self, state: S, move: object) -> IllegalMoveError | None:
        """``None`` if ``move`` is legal in ``state``, else the error saying why."""
        ...

    def play(self, state: S, move: Move) -> S:
        """The state after a legal ``move``."""
        ...

    def view(self, state: S, seat: int) -> object:
        """What ``seat`` may see of ``state``."""
        ...

    def deck(self, players: int) -> DeckSpec:
        """The cards the game uses with ``players`` players."""
        ...


_History = tuple["_History | None", "Move"]


@attrs.frozen(eq=False)
class GameState:
    """Fields and behaviour common to every game's state. Frozen: ``apply`` returns a new one.

    Equality compares the whole position: every field but the history, the setup and the
    fields a state class names in :attr:`derived_fields` (caches and logs).
    """

    #: Fields that are not part of the position (derived data, logs of what happened).
    derived_fields: ClassVar[frozenset[str]] = frozenset()

    variant: Variant
    players: int
    seed: int
    setup: Setup
    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    to_move: int
    over: bool
    history: _History | None = attrs.field(repr=False)

    def _position(self) -> tuple[object, ...]:
        cls = type(self)
        getter = _POSITIONS.get(cls)
        if getter is None:
            skip = {"history", "setup"} | cls.derived_fields
            getter = operator.attrgetter(
                *(a.name for a in attrs.fields(cls) if a.name not in skip)
            )
            _POSITIONS[cls] = getter
        position: tuple[object, ...] = getter(self)
        return position

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameState)
        return self._position() == other._position()

    def __hash__(self) -> int:
        return hash(self._position())

    # -- the public surface ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the whole game (every deal) is finished."""
        return self.over

    def legal_moves(self) -> LegalMoves:
        """Every legal move, as a lazy view (iterate, ``len``, ``in``, ``bool``)."""
        return LegalMoves(self)

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` is legal now (cheap: no move list is built)."""
        return self.variant.rules.check(self, move) is None

    def apply(self, move: Move) -> GameState:
        """The state after ``move``. Raises :class:`~rummykit.errors.IllegalMoveError` (a
        ``ValueError``) naming the move and the rule when it is not legal; ``self`` is
        unchanged either way."""
        error = self.variant.rules.check(self, move)
        if error is not None:
            raise error
        after: GameState = self.variant.rules.play(self, move)
        return after

    def view(self, seat: int) -> Any:
        """What ``seat`` may see: its own hand, the public table, counts of other hands,
        scores; hidden cards as placeholders."""
        if not 0 <= seat < self.players:
            raise OptionError(f"seat {seat} is not in a {self.players}-player game")
        return self.variant.rules.view(self, seat)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move applied since the game (or stacked deal) started, in order."""
        out: list[Move] = []
        link = self.history
        while link is not None:
            link, move = link
            out.append(move)
        out.reverse()
        return tuple(out)

    def record(self) -> Any:
        """The game so far as a :class:`~rummykit.engine.record.GameRecord`."""
        from rummykit.engine.record import GameRecord

        return GameRecord.of(self)

    def extend_history(self, move: Move) -> _History:
        """The history link that records ``move`` after this state (for rules modules)."""
        return (self.history, move)


_POSITIONS: dict[type[GameState], Callable[[GameState], tuple[object, ...]]] = {}


class LegalMoves(Sequence["Move"]):
    """The legal moves of a state: a lazy, read-only sequence.

    Membership (``move in moves``) runs the rule check without listing anything; iteration,
    ``len`` and indexing build the list once and keep it.
    """

    __slots__ = ("_moves", "_state")

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._moves: tuple[Move, ...] | None = None

    def _all(self) -> tuple[Move, ...]:
        if self._moves is None:
            self._moves = tuple(self._state.variant.rules.generate(self._state))
        return self._moves

    def __contains__(self, move: object) -> bool:
        return self._state.variant.rules.check(self._state, move) is None

    def __iter__(self) -> Iterator[Move]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def count(self, value: object = None) -> int:
        """How many legal moves there are (``count()``), or 1/0 for a given move."""
        if value is None:
            return len(self._all())
        return int(value in self)

    def __bool__(self) -> bool:
        if self._moves is not None:
            return bool(self._moves)
        return next(iter(self._state.variant.rules.generate(self._state)), None) is not None

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...
    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        return self._all()[index]

    def of_type(self, *kinds: type) -> tuple[Move, ...]:
        """Only the moves of the given classes, e.g. ``moves.of_type(Discard)``."""
        return tuple(m for m in self._all() if isinstance(m, kinds))

    def __repr__(self) -> str:
        moves = self._all()
        shown = ", ".join(map(str, moves[:8]))
        more = f", ... ({len(moves)} in all)" if len(moves) > 8 else ""
        return f"<LegalMoves: {shown}{more}>"


def _options(
    value: Mapping[str, object] | Iterable[tuple[str, object]],
) -> tuple[tuple[str, object], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted(items))


@attrs.frozen
class Variant:
    """A game: an id, the options it was built with, and its rules (a record of pieces).

    Build one with :func:`variant`; start a game with :meth:`new_game`.
    """

    id: str
    name: str
    rules: Rules[Any] = attrs.field(repr=False)
    options: tuple[tuple[str, object], ...] = attrs.field(converter=_options, factory=tuple)
    min_players: int = 2
    max_players: int = 8

    def option(self, name: str) -> object:
        """The value of option ``name``."""
        return dict(self.options)[name]

    def new_game(
        self,
        *,
        players: int,
        seed: int = 0,
        deck: Iterable[Card | str] | None = None,
        scores: Iterable[int] | None = None,
        dealer: int | None = None,
        deal: int = 1,
        first: int | None = None,
    ) -> GameState:
        """Start a game. ``seed`` drives every shuffle; ``deck``, ``scores``, ``dealer``,
        ``deal`` and ``first`` stack a game or a single deal (see :class:`Setup`)."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.id} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
            raise OptionError(f"deal numbers start at 1, got {deal!r}")
        setup = Setup(deck=deck, scores=scores, dealer=dealer, deal=deal, first=first)
        if setup.scores is not None and len(setup.scores) != players:
            raise OptionError(f"scores lists {len(setup.scores)} seats for {players} players")
        for seat in (setup.dealer, setup.first):
            if seat is not None and not 0 <= seat < players:
                raise OptionError(f"seat {seat} is not in a {players}-player game")
        if setup.deck is not None:
            expected = sorted(self.rules.deck(players).cards())
            if sorted(setup.deck) != expected:
                raise OptionError(
                    f"a stacked deck must hold exactly the {len(expected)} cards of the "
                    f"{self.id} deck for {players} players (got {len(setup.deck)} cards)"
                )
        state: GameState = self.rules.start(self, players, int(seed), setup)
        return state

    def deck(self, players: int) -> DeckSpec:
        """The deck the game uses with ``players`` players."""
        return self.rules.deck(players)


@attrs.frozen
class _Entry:
    build: Callable[..., Variant]
    summary: str


_REGISTRY: dict[str, _Entry] = {}


def register(id: str, build: Callable[..., Variant], summary: str) -> None:
    """Register a variant factory under ``id`` (``build(**options) -> Variant``)."""
    _REGISTRY[id] = _Entry(build, summary)


def _load_builtins() -> None:
    import rummykit.games  # noqa: F401  (registers the built-in games)


def variants() -> tuple[str, ...]:
    """The ids of every registered variant.

    >>> import rummykit
    >>> "crib-rummy" in rummykit.variants()
    True
    """
    _load_builtins()
    return tuple(_REGISTRY)


def summaries() -> dict[str, str]:
    """Each registered variant id with a one-line summary."""
    _load_builtins()
    return {key: entry.summary for key, entry in _REGISTRY.items()}


def variant(id: str, **options: object) -> Variant:
    """The variant ``id`` built with ``options`` (each documented on the game's page).

    >>> import rummykit
    >>> rummykit.variant("crib-rummy", target=61).option("target")
    61
    >>> rummykit.variant("gin")
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: unknown variant 'gin'; known variants: ...
    """
    _load_builtins()
    entry = _REGISTRY.get(id)
    if entry is None:
        raise OptionError(
            f"unknown variant {id!r}; known variants: {', '.join(_REGISTRY)} (run `rummykit list`)"
        )
    known = [
        name
        for name, p in inspect.signature(entry.build).parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise OptionError(
            f"{id} has no option {', '.join(map(repr, unknown))}; "
            f"its options are: {', '.join(known) or 'none'}"
        )
    return entry.build(**options)


T = TypeVar("T")


def evolver(cls: type[T]) -> Callable[..., T]:
    """A fast :func:`attrs.evolve` for the frozen attrs class ``cls``, whose fields must all
    be public and positional: ``evolve(state, **changes)`` builds the new value from the old
    field values with ``changes`` put in their places (state classes are copied on every
    move, where ``attrs.evolve`` costs several times as much)."""
    names = tuple(a.name for a in attrs.fields(cls))  # type: ignore[arg-type]
    get = operator.attrgetter(*names)
    index = {name: i for i, name in enumerate(names)}

    def evolve(value: T, **changes: Any) -> T:
        values = list(get(value))
        for name, new in changes.items():
            values[index[name]] = new
        return cls(*values)

    return evolve


def shuffled(cards: Sequence[Card], seed: int, *salt: object) -> list[Card]:
    """``cards`` shuffled by a generator seeded from ``seed`` and ``salt`` (e.g. the deal
    number): the same inputs give the same order on every machine and Python version."""
    rng = random.Random(":".join(map(str, (seed, *salt))))
    out = list(cards)
    rng.shuffle(out)
    return out
