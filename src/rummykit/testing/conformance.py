"""The conformance kit: every engine invariant, checked on any variant (yours included).

>>> import rummykit
>>> from rummykit.testing.conformance import check_variant
>>> report = check_variant(rummykit.variant("crib-rummy", target=31), games=1, seed=3)
>>> report.games, report.failures
(3, ())

:func:`check_variant` plays seeded random games for each player count and checks, after
every move:

* **cards conserved**: the multiset of all cards equals the variant's deck;
* **over iff stuck**: a state has no legal move exactly when the game is over;
* **sound and complete generation**: every listed move passes the rule check, and moves that
  were legal one state earlier are listed now exactly when the check accepts them;
* **apply never mutates**: the state's fields are the same objects after ``apply`` (legal or
  illegal), and an illegal move raises :class:`~rummykit.errors.IllegalMoveError`;
* **views leak nothing**: re-dealing the cards a seat cannot see never changes its view;
* **records replay exactly**: the JSON record of the game replays to an equal state;
* **copies are exact**: the final state, however long the game, pickles and deep-copies to
  an equal state with the same moves;
* **termination**: every game ends within ``max_moves``;
* **no game raises**: an exception out of a game (a broken piece) is a failure naming the
  game (variant, players, seed) and where it was raised, and the other games still play.

and, on every ``probe_every``-th state (:mod:`rummykit.testing.probes`):

* **malformed moves are refused**: every field of every kind of move set to a value of the
  wrong type or out of range, and objects that are not moves, make ``is_legal`` say no and
  ``apply`` raise :class:`~rummykit.errors.IllegalMoveError` naming a rule, changing nothing;
* **views hide what the seat cannot see, all the way down**: after a re-deal of the seat's
  hidden cards its view is equal, and so are its ``repr``, its JSON (``to_json``, if it has
  one), its pickle and every value reachable from it through any attribute; and the same
  after the hidden cards are given other names everywhere in the state
  (:func:`~rummykit.testing.probes.renamed_state`), which finds a card named by a field the
  re-deal leaves alone (a card another seat drew, say).

and once per call, on the smallest player count:

* **threads**: states of one game shared by four threads give the same legal moves and the
  same next states as one thread;
* **processes** (``processes=True``): the same seeded game played in two processes with
  different ``PYTHONHASHSEED`` values lists the same moves and ends the same way (the
  variant is sent by pickle, so its pieces must be importable).

A variant's rules must provide ``hidden_cards(state, seat)`` and
``with_hidden(state, seat, cards)``, and its states ``all_cards()``
(:class:`SupportsConformance`); the built-in families do. Rules whose views may name a
hidden card that every player saw (a discard taken into a hand) also provide
``public_cards(state, seat)``, the cards the renaming leaves their names.
"""

from __future__ import annotations

import copy
import functools
import pickle
import random
import traceback
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import attrs

from rummykit.cards import Card
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import Move
from rummykit.engine.record import GameRecord
from rummykit.errors import IllegalMoveError
from rummykit.testing.probes import (
    _fields,
    _same_objects,
    determinism_problems,
    malformed_move_problems,
    thread_problems,
    view_leak_problems,
)
from rummykit.testing.strategies import states as states  # noqa: PLC0414  (re-export)

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "SupportsConformance",
    "check_state",
    "check_variant",
]


@runtime_checkable
class SupportsConformance(Protocol):
    """What the kit needs from a variant's rules, beyond :class:`~rummykit.engine.core.Rules`."""

    def hidden_cards(self, state: Any, seat: int) -> list[Card]:
        """The cards ``seat`` cannot see."""
        ...

    def with_hidden(self, state: Any, seat: int, cards: Sequence[Card]) -> Any:
        """``state`` with the cards ``seat`` cannot see replaced by ``cards`` (same count)."""
        ...


class ConformanceError(AssertionError):
    """An invariant failed. The message names it, the variant, the seed and the move."""


@attrs.frozen
class ConformanceReport:
    """What :func:`check_variant` did: games played, moves checked, failures found."""

    variant: str
    games: int
    moves: int
    failures: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """Whether every invariant held."""
        return not self.failures


def check_state(
    state: GameState,
    deck: Counter[Card],
    rng: random.Random,
    previous: Iterable[Move] = (),
    *,
    legal: Sequence[Move] | None = None,
) -> list[str]:
    """Check every single-state invariant of ``state``; return what failed (empty if none).

    ``deck`` is the variant's full deck as a multiset; ``previous`` are moves that were legal
    one state earlier (used to cross-check generation against the rule check); ``legal``,
    if given, is what ``state.legal_moves()`` returned (it is not asked again).
    """
    problems: list[str] = []
    rules = state.variant.rules
    all_cards = getattr(state, "all_cards", None)
    if all_cards is not None and all_cards() != deck:
        problems.append("cards not conserved")
    moves = list(state.legal_moves() if legal is None else legal)
    if bool(moves) == state.is_over:
        problems.append(f"is_over={state.is_over} but {len(moves)} legal moves")
    for move in moves:
        if not state.is_legal(move):
            problems.append(f"generated move {move} fails the rule check")
    listed = set(moves)
    for move in previous:
        if (move in listed) != state.is_legal(move):
            problems.append(
                f"{move}: listed={move in listed} but rule check says {state.is_legal(move)}"
            )
    for move in moves:
        if parse_back(move) != move:
            problems.append(f"move text {str(move)!r} does not parse back to the move")
    if isinstance(rules, SupportsConformance) and not state.is_over:
        seat = rng.randrange(state.players)
        hidden = rules.hidden_cards(state, seat)
        rng.shuffle(hidden)
        redealt = rules.with_hidden(state, seat, hidden)
        if redealt.view(seat) != state.view(seat):
            problems.append(f"view of seat {seat} changes when hidden cards are re-dealt")
    return problems


def parse_back(move: Move) -> object:
    """``move`` written as text and read back."""
    return _parsed(str(move))


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> object:
    """``parse_move(text)``, remembered: a game lists the same move texts at many states,
    and reading one is a pure function of its text (moves are immutable values)."""
    from rummykit.engine.moves import parse_move

    return parse_move(text)


def _illegal_probe(state: GameState, candidates: Sequence[Move]) -> list[str]:
    problems: list[str] = []
    before = _fields(state)
    for move in candidates:
        if state.is_legal(move):
            continue
        try:
            state.apply(move)
        except IllegalMoveError as error:
            if error.move != move or not error.rule:
                problems.append(f"IllegalMoveError for {move} lacks the move or the rule")
        else:
            problems.append(f"illegal move {move} was applied")
        if not _same_objects(before, state):
            problems.append(f"state changed by the illegal move {move}")
        break
    return problems


def _play_checked(  # noqa: PLR0917  (one game's settings, passed down by check_variant)
    variant: Variant, players: int, seed: int, max_moves: int, every: int, probe_every: int
) -> tuple[int, list[str]]:
    rng = random.Random(f"conformance:{seed}")
    deck = Counter(variant.deck(players).cards())
    state = variant.new_game(players=players, seed=seed)
    previous: list[Move] = []
    moves = 0
    context = f"{variant.id} players={players} seed={seed}"
    while True:
        legal = list(state.legal_moves())
        if moves % every == 0 or state.is_over:
            problems = check_state(state, deck, rng, previous, legal=legal)
            problems += _illegal_probe(state, previous)
            if probe_every and moves % probe_every == 0:
                problems += malformed_move_problems(state, rng, sample=20)
                problems += view_leak_problems(state, rng.randrange(state.players), rng)
            if problems:
                where = f"{context} after {moves} moves ({', '.join(map(str, state.moves[-3:]))})"
                return moves, [f"{where}: {p}" for p in problems]
        if state.is_over:
            break
        if moves >= max_moves:
            return moves, [f"{context}: no end after {max_moves} moves"]
        move = legal[rng.randrange(len(legal))]
        before = _fields(state)
        after = state.apply(move)
        if not _same_objects(before, state):
            return moves, [f"{context}: apply({move}) changed the state it was called on"]
        previous, state = legal, after
        moves += 1
    replayed = GameRecord.from_json(state.record().to_json()).replay()
    if replayed != state:
        return moves, [f"{context}: the game record does not replay to the final state"]
    return moves, _copy_problems(state, context)


def _crash(variant: Variant, players: int, seed: int, error: Exception) -> str:
    """A failure for a game that raised instead of playing on: the game, the error and
    where it was raised (the innermost frames), so that the game can be played again."""
    where = traceback.extract_tb(error.__traceback__)[-3:]
    frames = "; ".join(f"{Path(f.filename).name}:{f.lineno} in {f.name}" for f in where)
    return (
        f"{variant.id} players={players} seed={seed}: the game raised"
        f" {type(error).__name__}: {error} (at {frames})"
    )


def _copy_problems(state: GameState, context: str) -> list[str]:
    """A finished game (however long) pickles, unpickles and deep-copies to an equal state
    with the same moves; any error doing so is a failure, not a crash of the kit."""
    try:
        unpickled = pickle.loads(pickle.dumps(state))
        copied = copy.deepcopy(state)
    except Exception as error:  # the kit reports what a user's variant does wrong
        return [f"{context}: the final state does not pickle or deep-copy: {error!r}"]
    problems = []
    if unpickled != state or unpickled.moves != state.moves:
        problems.append(f"{context}: the final state unpickles to a different state")
    if copied != state:
        problems.append(f"{context}: a deep copy of the final state differs from it")
    return problems


def check_variant(
    variant: Variant,
    *,
    players: Iterable[int] | None = None,
    games: int = 3,
    seed: int = 0,
    max_moves: int = 100_000,
    every: int = 1,
    probe_every: int = 10,
    processes: bool = True,
    raise_on_failure: bool = False,
) -> ConformanceReport:
    """Play ``games`` random games per player count (default: every count the variant
    allows) and check every invariant; ``every`` checks each n-th state only (faster),
    ``probe_every`` runs the deeper probes on each n-th state (0: never), ``processes``
    plays one game in two processes with different hash seeds."""
    counts = (
        list(players)
        if players is not None
        else list(range(variant.min_players, variant.max_players + 1))
    )
    failures: list[str] = []
    total = played = 0
    for count in counts:
        for game in range(games):
            try:
                moves, problems = _play_checked(
                    variant, count, seed + game, max_moves, every, probe_every * every
                )
            except Exception as error:  # the kit reports what a variant does wrong
                moves, problems = 0, [_crash(variant, count, seed + game, error)]
            total += moves
            played += 1
            failures += problems
    if counts and probe_every:
        failures += thread_problems(variant, counts[0], seed)
    if counts and processes:
        failures += determinism_problems(variant, counts[0], seed)
    report = ConformanceReport(variant.id, played, total, tuple(failures))
    if raise_on_failure and failures:
        raise ConformanceError("\n".join(failures))
    return report
