"""The engine's core: game states, the legal-move view, the rules protocol and variants.

Which variants exist, and building one by id, is the business of
:mod:`rummykit.engine.registry`; this module imports no game.

A :class:`GameState` never changes: :meth:`GameState.apply` checks a move and returns a new
state. What a game does is decided by its :class:`Rules` object, held by the
:class:`Variant`; states of one family of games (draw-and-discard rummies, trick games)
share a state class with the fields that family needs.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol, TypeVar, cast, overload

import attrs

from rummykit.cards import Card, DeckSpec
from rummykit.errors import IllegalMoveError, OptionError, shown

if TYPE_CHECKING:
    from rummykit.engine.moves import Move
    from rummykit.engine.record import GameRecord
    from rummykit.engine.views import JSONValue, View

__all__ = [
    "GameState",
    "LegalMoves",
    "Rules",
    "Setup",
    "Variant",
]

#: ``to_move`` of a finished game.
NOBODY: Final = -1


def _cards(value: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in value)


#: The largest magnitude a seed, seat, score or deal number may have: far beyond any game
#: (a 256-bit random seed has 78 digits), and small enough that every such number can be
#: written out (Python refuses to print an int of more than 4,300 digits).
WHOLE_LIMIT = 10**100


def whole_number(value: object, what: str) -> int:
    """``value`` as an ``int`` if it is a whole number (an ``int`` or an integer type such
    as NumPy's, not a ``bool``) of at most 100 digits, else an
    :class:`~rummykit.errors.OptionError` naming ``what``: ``7.9``, ``"7"``, ``True`` or
    ``10**100`` are refused, not truncated or read."""
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if -WHOLE_LIMIT < number < WHOLE_LIMIT:
                return number
            raise OptionError(
                f"{what} must be a whole number of at most 100 digits, not {shown(number)}"
            )
    raise OptionError(f"{what} must be a whole number (int), not {shown(value)}")


def _ints(value: Iterable[int] | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise OptionError(f"scores must be a list of whole numbers, not {shown(value)}")
    return tuple(whole_number(v, "a score") for v in value)


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

    def view(self, state: S, seat: int) -> View:
        """What ``seat`` may see of ``state`` (with its legal moves when it is to move)."""
        ...

    def deck(self, players: int) -> DeckSpec:
        """The cards the game uses with ``players`` players."""
        ...


#: A state's history: a link to the history before the last move, the seat that made it and
#: the move (sharing every earlier link with the states before, so ``apply`` copies nothing).
_History = tuple["_History | None", int, "Move"]


def _flat_history(link: _History | None) -> tuple[tuple[int, Move], ...]:
    """The (seat, move) pairs of a history chain, oldest first (without recursion)."""
    out: list[tuple[int, Move]] = []
    while link is not None:
        link, seat, move = link
        out.append((seat, move))
    out.reverse()
    return tuple(out)


@attrs.frozen(eq=False, slots=False)
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

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several on a tie), empty before.

        Every game's state class says who won (its game-end piece decides); a state class
        of a new game must define it too, or this raises ``NotImplementedError``.
        """
        raise NotImplementedError(
            f"{type(self).__name__} does not say who won: define its 'winners' property"
        )

    def legal_moves(self) -> LegalMoves:
        """Every legal move, as a lazy view (iterate, ``len``, ``in``, ``bool``).

        A meld whose run holds several wild cards of one rank is listed once, those wilds in
        card order (:meth:`MeldContext.canonical <rummykit.melds.MeldContext.canonical>`):
        the other orders are the same play and :meth:`is_legal` accepts them too."""
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

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hand, the public table, counts of other hands,
        scores, its legal moves when it is to move; hidden cards as placeholders. Every
        game's view follows the :class:`~rummykit.engine.views.View` protocol, and
        ``view.to_json()`` gives it as versioned JSON."""
        whole_number(seat, "the seat")
        if not 0 <= seat < self.players:
            raise OptionError(f"seat {seat} is not in a {self.players}-player game")
        return self.variant.rules.view(self, seat)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move applied since the game (or stacked deal) started, in order."""
        return tuple(move for _, move in _flat_history(self.history))

    @property
    def movers(self) -> tuple[int, ...]:
        """The seat that made each of :attr:`moves` (the seat that was to move then).

        >>> import rummykit
        >>> state = rummykit.variant("gin-rummy").new_game(players=2, seed=1)
        >>> for _ in range(3):
        ...     state = state.apply(state.legal_moves()[0])
        >>> state.moves, state.movers
        ((Pass(), Pass(), Draw()), (0, 1, 0))
        """
        return tuple(seat for seat, _ in _flat_history(self.history))

    def record(self) -> GameRecord:
        """The game so far as a :class:`~rummykit.engine.record.GameRecord`. Raises
        :class:`~rummykit.errors.RecordError` if the registry cannot build the variant again
        from its id and options (so the record could not be replayed)."""
        from rummykit.engine.record import GameRecord

        return GameRecord.of(self)

    def observer_json(self) -> dict[str, JSONValue]:
        """The whole position as JSON, for an omniscient observer (a log, a replay viewer,
        a debugger): every hand, the stock in order and every field of the position, cards
        as card text. It shows what no seat may see; give a player :meth:`view` and its
        ``to_json()`` instead."""
        from rummykit.engine.views import OBSERVER_FORMAT, VIEW_VERSION, to_jsonable

        out: dict[str, JSONValue] = {
            "format": OBSERVER_FORMAT,
            "version": VIEW_VERSION,
            "variant": self.variant.id,
            "options": to_jsonable(dict(self.variant.options)),
        }
        skip = {"variant", "setup", "history"} | type(self).derived_fields
        for field in attrs.fields(type(self)):
            if field.name not in skip:
                out[field.name] = to_jsonable(getattr(self, field.name))
        out["moves"] = [str(move) for move in self.moves]
        return out

    # -- copying and pickling: states are immutable values ------------------------------------

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        """A state never changes, so a deep copy is the state itself (and costs nothing,
        however long the game)."""
        return self

    def __getstate__(self) -> dict[str, object]:
        """The fields to pickle: the history as a flat tuple of (seat, move) pairs (a linked
        chain as deep as the game would overflow the pickler's recursion), no cached data."""
        fields = dict(self.__dict__)
        fields["history"] = _flat_history(self.history)
        return fields

    def __setstate__(self, fields: dict[str, object]) -> None:
        fields = dict(fields)
        link: _History | None = None
        for seat, move in cast("tuple[tuple[int, Move], ...]", fields["history"]):
            link = (link, seat, move)
        fields["history"] = link
        object.__setattr__(self, "__dict__", fields)

    def extend_history(self, move: Move) -> _History:
        """The history link that records ``move``, made by the seat to move, after this
        state (for rules modules)."""
        return (self.history, self.to_move, move)


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

    Build one with :func:`rummykit.variant` (:func:`~rummykit.engine.registry.variant`);
    start a game with :meth:`new_game`. A game record names the variant by ``id`` and
    ``options`` alone, so a variant changed after it was built (with :func:`attrs.evolve`)
    cannot be recorded: make a new game from an old one with :meth:`derive`.
    """

    id: str
    name: str
    rules: Rules[Any] = attrs.field(repr=False)
    options: tuple[tuple[str, object], ...] = attrs.field(converter=_options, factory=tuple)
    min_players: int = 2
    max_players: int = 8

    def option(self, name: str) -> object:
        """The value of option ``name``; an :class:`~rummykit.errors.OptionError` (a
        ``ValueError``) listing the variant's options when it has none of that name."""
        options = dict(self.options)
        if name not in options:
            known = ", ".join(sorted(options)) or "none"
            raise OptionError(f"{self.id} has no option {shown(name)}; its options: {known}")
        return options[name]

    def player_count(self, players: object) -> int:
        """``players`` as a number of players this variant is for, else an
        :class:`~rummykit.errors.OptionError` saying what it is for (as :meth:`new_game`
        checks it; callers that size anything by the count check it first).

        >>> import rummykit
        >>> rummykit.variant("gin-rummy").player_count(3)
        Traceback (most recent call last):
        ...
        rummykit.errors.OptionError: gin-rummy is for 2-2 players, not 3
        """
        count = whole_number(players, "players")
        if not self.min_players <= count <= self.max_players:
            span = f"{self.min_players}-{self.max_players}"
            raise OptionError(f"{self.id} is for {span} players, not {shown(count)}")
        return count

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
        ``deal`` and ``first`` stack a game or a single deal (see :class:`Setup`). Every
        number must be an ``int`` (not a ``bool``, ``float`` or ``str``): anything else is an
        :class:`~rummykit.errors.OptionError`."""
        players = self.player_count(players)
        seed = whole_number(seed, "the seed")
        if dealer is not None:
            dealer = whole_number(dealer, "dealer")
        if first is not None:
            first = whole_number(first, "first")
        deal = whole_number(deal, "the deal number")
        if deal < 1:
            raise OptionError(f"deal numbers start at 1, got {shown(deal)}")
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
        state: GameState = self.rules.start(self, players, seed, setup)
        return state

    def deck(self, players: int) -> DeckSpec:
        """The deck the game uses with ``players`` players."""
        return self.rules.deck(players)

    def derive(
        self,
        *,
        id: str,
        name: str | None = None,
        rules: Rules[Any] | None = None,
        options: Mapping[str, object] | Iterable[tuple[str, object]] = (),
        min_players: int | None = None,
        max_players: int | None = None,
    ) -> Variant:
        """A new game made from this one: a new ``id`` (required, and different), and
        ``options`` only as given (none by default: the parent's options describe the
        parent's factory, not the new game's). ``name``, ``rules`` and the player range are
        the parent's unless given.

        A plugin factory builds its game this way, then records are made of it once the
        factory is registered under the new id (see :mod:`rummykit.engine.registry`).

        >>> import rummykit
        >>> crib = rummykit.variant("crib-rummy", target=61)
        >>> short = crib.derive(id="crib-61", name="Crib Rummy to 61", options={"deals": 100})
        >>> short.id, short.options, short.rules is crib.rules, short.max_players
        ('crib-61', (('deals', 100),), True, 4)
        >>> crib.derive(id="crib-rummy")
        Traceback (most recent call last):
        ...
        rummykit.errors.OptionError: a derived variant needs an id of its own, not 'crib-rummy' ...
        """
        if id == self.id:
            raise OptionError(
                f"a derived variant needs an id of its own, not {id!r} (its parent's): a "
                f"record names a game by id, and {id!r} already means the parent"
            )
        return Variant(
            id=id,
            name=self.name if name is None else name,
            rules=self.rules if rules is None else rules,
            options=options,
            min_players=self.min_players if min_players is None else min_players,
            max_players=self.max_players if max_players is None else max_players,
        )


T = TypeVar("T")


def evolver(cls: type[T]) -> Callable[..., T]:
    """A fast :func:`attrs.evolve` for the frozen attrs class ``cls``: ``evolve(value,
    **changes)`` is ``value`` with ``changes`` put in place of its fields.

    State classes are copied on every move. They are frozen attrs classes *without* slots,
    so a copy is one dictionary copy (about 1 µs for 40 fields) instead of a call of the
    generated ``__init__``, which sets each field through ``object.__setattr__`` (4-5 µs).
    ``changes`` must name fields of ``cls``; nothing is converted or validated, as
    ``value`` already was. A slotted class gets the slower positional copy."""
    names = tuple(a.name for a in attrs.fields(cls))  # type: ignore[arg-type]
    if cls.__dictoffset__:  # instances keep their fields in a __dict__
        new = object.__new__
        set_dict = object.__setattr__

        def evolve_dict(value: T, **changes: Any) -> T:
            fields = value.__dict__.copy()
            fields.update(changes)
            out = new(cls)
            set_dict(out, "__dict__", fields)
            return out

        return evolve_dict
    get = operator.attrgetter(*names)
    index = {name: i for i, name in enumerate(names)}

    def evolve(value: T, **changes: Any) -> T:
        values = list(get(value))
        for name, new in changes.items():
            values[index[name]] = new
        return cls(*values)

    return evolve


def opening_fields(variant: Variant, players: int, seed: int, setup: Setup) -> dict[str, Any]:
    """The fields every family's state starts a game with (:class:`GameState`'s): the
    setup's scores (0 each by default) and dealer (drawn from the seed by default), no one
    to move yet, no history. A family's ``start`` adds its own and deals."""
    dealer = setup.dealer
    if dealer is None:
        dealer = random.Random(f"{seed}:dealer").randrange(players)
    return {
        "variant": variant,
        "players": players,
        "seed": seed,
        "setup": setup,
        "deal_number": setup.deal,
        "dealer": dealer,
        "scores": setup.scores if setup.scores is not None else (0,) * players,
        "to_move": NOBODY,
        "over": False,
        "history": None,
        "hands": ((),) * players,
    }


def fields_from_view(view: Any) -> dict[str, Any]:
    """The fields every family's state takes back from a seat's view when a position is
    rebuilt from it (the inverse of :func:`view_fields` for what views show as it is): the
    deal, the scores, who moves, the phase, whether it is over; no history."""
    return {
        "deal_number": view.deal_number,
        "dealer": view.dealer,
        "scores": view.scores,
        "to_move": view.to_move,
        "over": view.is_over,
        "phase": view.phase,
        "history": None,
    }


def view_fields(state: Any, seat: int) -> dict[str, Any]:
    """The fields every family's view shows from ``state`` to ``seat``: the game, the seats,
    the deal, the scores, who moves, the phase and the seat's own hand. A family's ``view``
    adds what its visibility rules make public."""
    return {
        "variant": state.variant.id,
        "seat": seat,
        "players": state.players,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "scores": state.scores,
        "to_move": state.to_move,
        "phase": state.phase,
        "hand": state.hands[seat],
        "legal": tuple(state.variant.rules.generate(state))
        if seat == state.to_move and not state.over
        else (),
    }


def shuffled(cards: Sequence[Card], seed: int, *salt: object) -> list[Card]:
    """``cards`` shuffled by a generator seeded from ``seed`` and ``salt`` (e.g. the deal
    number): the same inputs give the same order on every machine and Python version."""
    rng = random.Random(":".join(map(str, (seed, *salt))))
    out = list(cards)
    rng.shuffle(out)
    return out
