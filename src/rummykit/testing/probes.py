"""The conformance kit's deeper probes (:mod:`rummykit.testing.conformance` runs them):
malformed moves of every move type, everything reachable from a view against a re-deal of
the cards the seat cannot see, the same game in two processes with different hash seeds, and
states shared between threads.

Each probe returns a list of problems (empty when all is well), so that the kit can report
a user's variant rather than crash on it.

>>> import random, rummykit
>>> state = rummykit.variant("gin-rummy").new_game(players=2, seed=4)
>>> malformed_move_problems(state, random.Random(0))
[]
>>> view_leak_problems(state, 1, random.Random(0))
[]
"""

from __future__ import annotations

import concurrent.futures
import copy
import hashlib
import json
import operator
import os
import pickle
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import attrs

from rummykit.cards import Card
from rummykit.engine import moves as _moves
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import Move
from rummykit.errors import IllegalMoveError

__all__ = [
    "determinism_problems",
    "malformed_move_problems",
    "malformed_moves",
    "reachable",
    "reachable_difference",
    "renamed_state",
    "thread_problems",
    "view_leak_problems",
]

_T = TypeVar("_T")

#: Values of the wrong type or out of range, put in each field of a move.
_BAD_VALUES: tuple[object, ...] = (
    None,
    "x",
    "0",
    1.5,
    -1,
    10**12,
    10**5000,  # more digits than Python prints: a message that shows it must not raise
    True,
    26,
    b"\x00",
    (),
    object(),
)


def _attributes(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    """The attrs fields of ``cls`` (none if it is not an attrs class)."""
    found: tuple[attrs.Attribute[Any], ...] = getattr(cls, "__attrs_attrs__", ())
    return found


def _move_types() -> list[type[Move]]:
    found = []
    for name in sorted(dir(_moves)):
        value = getattr(_moves, name)
        if isinstance(value, type) and issubclass(value, Move) and value is not Move:
            found.append(value)
    return found


def malformed_moves(state: GameState) -> Iterator[object]:
    """Moves no rule check may accept, for ``state``: every field of every kind of move (as
    listed now, or built with no fields) set to a value of the wrong type or out of range,
    bypassing the move's own constructor as a hand-built or unpickled move could; and objects
    that are not moves at all."""
    yield from (None, "draw", 5, object(), Card.parse("AS"))
    templates: dict[type[Move], Move] = {}
    for move in state.legal_moves():
        templates.setdefault(type(move), move)
    for kind in _move_types():
        if kind not in templates and hasattr(kind, "__attrs_attrs__") and not _attributes(kind):
            templates[kind] = kind()
    for template in templates.values():
        for field in _attributes(type(template)):
            for bad in _BAD_VALUES:
                if not _wrong_for(bad, str(field.type)):
                    continue
                broken = copy.copy(template)
                object.__setattr__(broken, field.name, bad)
                yield broken


def _wrong_for(value: object, annotation: str) -> bool:
    """Whether ``value`` is certainly wrong for a field annotated ``annotation``."""
    if value is None:
        return "None" not in annotation
    if value is True:
        return annotation != "bool"
    if type(value) is int and "int" in annotation:
        return value < 0 or value > 10**6  # another index may be valid
    return True


#: Per state class, a function giving every field of a state, as a tuple.
_FIELD_GETTERS: dict[type, Callable[[object], tuple[object, ...]]] = {}


def _fields(state: GameState) -> tuple[object, ...]:
    """Every field of ``state`` (to check later that nothing replaced one)."""
    getter = _FIELD_GETTERS.get(type(state))
    if getter is None:
        names = [a.name for a in attrs.fields(type(state))]
        many = operator.attrgetter(*names)
        getter = _FIELD_GETTERS[type(state)] = (
            many if len(names) > 1 else lambda value: (many(value),)
        )
    return getter(state)


def _same_objects(before: tuple[object, ...], state: GameState) -> bool:
    """Whether ``state`` still holds the very objects :func:`_fields` saw."""
    return all(map(operator.is_, _fields(state), before))


def malformed_move_problems(
    state: GameState, rng: random.Random, *, sample: int = 40
) -> list[str]:
    """``sample`` malformed moves (:func:`malformed_moves`): ``is_legal`` must say no without
    raising, ``apply`` must raise :class:`~rummykit.errors.IllegalMoveError` (a
    ``ValueError``) naming the move and a rule, and the state must not change."""
    candidates = list(malformed_moves(state))
    rng.shuffle(candidates)
    problems: list[str] = []
    before = _fields(state)
    for move in candidates[:sample]:
        shown = _shown(move)
        try:
            if state.is_legal(move):
                problems.append(f"the malformed move {shown} passes the rule check")
                continue
        except Exception as error:
            problems.append(f"is_legal({shown}) raised {type(error).__name__}: {error}")
            continue
        try:
            state.apply(move)  # type: ignore[arg-type]
        except IllegalMoveError as error:
            if not error.rule:
                problems.append(f"the IllegalMoveError for {shown} names no rule")
        except Exception as error:
            problems.append(f"apply({shown}) raised {type(error).__name__}: {error}")
        else:
            problems.append(f"the malformed move {shown} was applied")
        if not _same_objects(before, state):
            problems.append(f"the malformed move {shown} changed the state")
            break
    return problems


def _shown(move: object) -> str:
    try:
        fields = {a.name: getattr(move, a.name) for a in _attributes(type(move))}
        return f"{type(move).__name__}({', '.join(f'{k}={v!r}' for k, v in fields.items())})"
    except Exception:
        return f"{type(move).__name__} object"


# -- views -----------------------------------------------------------------------------------


def _reachable(value: object, seen: set[int], out: list[object], depth: int = 0) -> None:
    """Everything reachable from ``value`` through attributes (public or not, compared or
    not), items and keys, in a fixed order; cards and other leaves go to ``out``."""
    if isinstance(value, (Card, int, str, bytes, float, bool, type(None))) or depth > 40:
        out.append(value)
        return
    if id(value) in seen or isinstance(value, Variant):
        return  # a variant holds rules, never a game's cards
    seen.add(id(value))
    if isinstance(value, dict):
        for key, item in sorted(value.items(), key=lambda kv: repr(kv[0])):
            _reachable(key, seen, out, depth + 1)
            _reachable(item, seen, out, depth + 1)
        return
    if isinstance(value, (set, frozenset)):
        items: Sequence[object] = sorted(value, key=repr)
    elif isinstance(value, (tuple, list)):
        items = value
    else:
        out.append(type(value).__qualname__)
        items = [getattr(value, n, None) for n in _attribute_names(value)]
    for item in items:
        _reachable(item, seen, out, depth + 1)


def reachable(value: object) -> list[object]:
    """The leaves reachable from ``value``, in a fixed order (see :func:`view_leak_problems`)."""
    out: list[object] = []
    _reachable(value, set(), out)
    return out


_LEAVES = (Card, int, str, bytes, float, bool, type(None))


def reachable_difference(first: object, second: object) -> str | None:
    """Where the values reachable from ``first`` and ``second`` first differ (a path such as
    ``._hands[1][0]``, ``""`` for the values themselves), or ``None`` where they agree.

    The two are walked side by side as :func:`reachable` walks one (attributes public or
    not, items and keys, sets and dicts in a fixed order; variants hold rules, not cards, and
    are not entered), a difference being a leaf that differs or a branch of another type,
    size or set of attributes. A branch that is the very same object on both sides is not
    entered: it holds the same leaves. So comparing a view with the view of a re-dealt state,
    which share most of their objects, visits only what the re-deal rebuilt.

    >>> reachable_difference((1, [2, 3]), (1, [2, 3])) is None
    True
    >>> reachable_difference((1, [2, 3]), (1, [2, 4]))
    '[1][1]'
    """
    return _difference(first, second, set(), 0)


def _difference(
    first: object, second: object, seen: set[tuple[int, int]], depth: int
) -> str | None:
    if first is second:
        return None
    if isinstance(first, _LEAVES) or isinstance(second, _LEAVES) or depth > 40:
        return None if type(first) is type(second) and first == second else ""
    if isinstance(first, Variant) or isinstance(second, Variant):
        return None if isinstance(first, Variant) and isinstance(second, Variant) else ""
    if type(first) is not type(second):
        return ""
    if (id(first), id(second)) in seen:
        return None
    seen.add((id(first), id(second)))
    steps: Sequence[object]  # how a path names each pair below (an int: an index)
    if isinstance(first, dict) and isinstance(second, dict):
        mine = sorted(first.items(), key=lambda kv: repr(kv[0]))
        theirs = sorted(second.items(), key=lambda kv: repr(kv[0]))
        if len(mine) != len(theirs):
            return ""
        steps = [f"<key {i}>" for i in range(len(mine))] + [f"[{k!r}]" for k, _ in mine]
        lefts = [k for k, _ in mine] + [v for _, v in mine]
        rights = [k for k, _ in theirs] + [v for _, v in theirs]
    elif isinstance(first, (set, frozenset)) and isinstance(second, (set, frozenset)):
        lefts, rights = sorted(first, key=repr), sorted(second, key=repr)
        steps = [f"<item {i}>" for i in range(len(lefts))]
    elif isinstance(first, (tuple, list)) and isinstance(second, (tuple, list)):
        lefts, rights, steps = list(first), list(second), range(len(first))
    else:
        names = _attribute_names(first)
        if names != _attribute_names(second):
            return ""
        lefts = [getattr(first, n, None) for n in names]
        rights = [getattr(second, n, None) for n in names]
        steps = [f".{n}" for n in names]
    if len(lefts) != len(rights):
        return ""
    for step, a, b in zip(steps, lefts, rights, strict=True):
        where = _difference(a, b, seen, depth + 1)
        if where is not None:
            return f"[{step}]{where}" if isinstance(step, int) else f"{step}{where}"
    return None


def _attribute_names(value: object) -> list[str]:
    """The attributes :func:`reachable` reads of an object: attrs fields, ``__dict__`` entries
    and slots."""
    names = [a.name for a in _attributes(type(value))]
    names += sorted(getattr(value, "__dict__", {}))
    names += _slot_names(type(value))
    return [n for n in dict.fromkeys(names) if n != "__weakref__"]


def _slot_names(cls: type) -> list[str]:
    """The slots of ``cls`` and its bases (``__weakref__`` left out)."""
    names: list[str] = []
    for base in cls.__mro__:
        slots = base.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    return [n for n in names if n != "__weakref__"]


def view_leak_problems(state: GameState, seat: int, rng: random.Random) -> list[str]:
    """Re-deal the cards ``seat`` cannot see (the rules' ``hidden_cards``) in another order,
    and separately give them other names everywhere in the state (:func:`renamed_state`),
    and compare everything of ``seat``'s view each time: equality, ``repr``, the JSON it
    offers (``to_json``, if any), its pickle, and every value reachable from it through any
    attribute. A difference is a card the seat could not see at the table: the re-deal
    finds one shown from the places the rules call hidden, the renaming one named by any
    other field (a card drawn, a card held back) that the re-deal leaves as it was."""
    rules = state.variant.rules
    hidden_of = getattr(rules, "hidden_cards", None)
    with_hidden = getattr(rules, "with_hidden", None)
    if hidden_of is None or with_hidden is None or state.is_over:
        return []
    hidden = list(hidden_of(state, seat))
    if len(set(hidden)) < 2:
        return []
    again = hidden[:]
    while again == hidden:
        rng.shuffle(again)
    mine = state.view(seat)
    prints = _fingerprints(mine, seat)  # the view's own, taken once for both comparisons
    redealt = with_hidden(state, seat, again)
    problems = _view_differences(mine, prints, redealt.view(seat), seat, "re-dealt")
    renamed = renamed_state(state, seat, rng)
    if renamed is not None:
        problems += _view_differences(mine, prints, renamed.view(seat), seat, "renamed")
    return list(dict.fromkeys(problems))  # a view that does not pickle is told once


def renamed_state(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """``state`` with the cards ``seat`` cannot see given other names: a random permutation
    of the card values that the seat sees no copy of (the rules' ``hidden_cards`` holds
    every copy the deck has) and that the table has not seen (the rules' optional
    ``public_cards(state, seat)``: a card taken from the discard pile is hidden in a hand,
    yet everyone knows it), applied to every card in every field of the state and of the
    values it holds (moves, melds, tuples, sets, dicts), at any depth. Left as they are: the
    variant, the setup, the history, the state's ``derived_fields`` and, within values,
    fields that take no part in equality (caches; a wild's stand-in card is a name, not a
    card of the deck). ``None`` when fewer than two values can be renamed.

    The result need not be a position the game could reach (a renamed card may break a
    meld in a hidden hand); what matters is that a view showing only what its seat can see
    is the same for both.

    >>> import random, rummykit
    >>> state = rummykit.variant("gin-rummy").new_game(players=2, seed=4)
    >>> other = renamed_state(state, 0, random.Random(0))
    >>> other.hands[0] == state.hands[0], other.hands[1] == state.hands[1]
    (True, False)
    >>> other.view(0) == state.view(0)
    True
    """
    rules = state.variant.rules
    hidden_of = getattr(rules, "hidden_cards", None)
    if hidden_of is None:
        return None
    public_of = getattr(rules, "public_cards", None)
    public = frozenset(public_of(state, seat)) if public_of is not None else frozenset()
    hidden = Counter(hidden_of(state, seat))
    deck = Counter(state.variant.deck(state.players).cards())
    names = sorted(c for c, n in hidden.items() if deck[c] == n and c not in public)
    if len(names) < 2:
        return None
    others = names[:]
    while others == names:
        rng.shuffle(others)
    renaming = dict(zip(names, others, strict=True))
    kept = {"variant", "setup", "history"} | type(state).derived_fields
    renamed = _clone(state)
    memo: dict[int, object] = {}
    for field in attrs.fields(type(state)):
        if field.name not in kept:
            part = _renamed(getattr(state, field.name), renaming, memo)
            object.__setattr__(renamed, field.name, part)
    return renamed


def _clone(value: _T) -> _T:
    """A shallow copy of an object made without its constructor or ``__copy__`` (a state's
    ``__copy__`` returns the state itself), with no hash cached by attrs (the copy's fields
    are about to change)."""
    new: _T = object.__new__(type(value))
    if hasattr(value, "__dict__"):
        object.__setattr__(new, "__dict__", dict(value.__dict__))
    for name in _slot_names(type(value)):
        if hasattr(value, name):
            object.__setattr__(new, name, getattr(value, name))
    if hasattr(new, _ATTRS_HASH):
        object.__setattr__(new, _ATTRS_HASH, None)
    return new


#: Where attrs keeps the hash of a ``cache_hash=True`` class.
_ATTRS_HASH = "_attrs_cached_hash"


def _renamed(
    value: object, renaming: dict[Card, Card], memo: dict[int, object], depth: int = 0
) -> object:
    """``value`` with every card renamed (see :func:`renamed_state`). A value holding no
    renamed card is returned itself, and one met twice is renamed once (``memo``), so the
    result shares its parts as the original does (and pickles alike)."""
    if isinstance(value, Card):
        return renaming.get(value, value)
    if isinstance(value, (int, str, bytes, float, type(None), Variant)) or depth > 40:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    new = _renamed_parts(value, renaming, memo, depth + 1)
    memo[id(value)] = new
    return new


def _renamed_parts(
    value: object, renaming: dict[Card, Card], memo: dict[int, object], depth: int
) -> object:
    if isinstance(value, (tuple, list, set, frozenset)):
        items = [_renamed(item, renaming, memo, depth) for item in value]
        if all(map(operator.is_, items, value)):
            return value
        if type(value) is tuple:
            return tuple(items)
        kind: Callable[..., object] = type(value)
        return kind(*items) if hasattr(value, "_fields") else kind(items)
    if isinstance(value, dict):
        pairs = [
            (_renamed(k, renaming, memo, depth), _renamed(v, renaming, memo, depth))
            for k, v in value.items()
        ]
        if all(a is k and b is v for (a, b), (k, v) in zip(pairs, value.items(), strict=True)):
            return value
        return type(value)(pairs)
    if attrs.has(type(value)):
        names = [field.name for field in _attributes(type(value)) if field.eq]
        parts = [_renamed(getattr(value, name), renaming, memo, depth) for name in names]
        if all(part is getattr(value, name) for name, part in zip(names, parts, strict=True)):
            return value
        new = _clone(value)
        for name, part in zip(names, parts, strict=True):
            object.__setattr__(new, name, part)
        return new
    return value


def _fingerprints(view: object, seat: int) -> dict[str, object]:
    """What :func:`_view_differences` compares of a view beyond equality and the values
    reachable from it: its ``repr``, its JSON (if it offers ``to_json``) and its pickle (or,
    if it does not pickle, the problem to report)."""
    prints: dict[str, object] = {"repr(view)": repr(view)}
    to_json = getattr(view, "to_json", None)
    if callable(to_json):
        prints["view.to_json()"] = to_json()
    try:
        prints["pickle of the view"] = pickle.dumps(view)
    except Exception as error:
        prints["unpicklable"] = f"the view of seat {seat} does not pickle: {error!r}"
    return prints


def _view_differences(
    mine: object, prints: dict[str, object], theirs: object, seat: int, change: str
) -> list[str]:
    """How ``theirs`` (the view of ``seat`` after its hidden cards were ``change``) differs
    from ``mine`` (whose :func:`_fingerprints` are ``prints``), everything compared (see
    :func:`view_leak_problems`)."""
    problems = []
    where = reachable_difference(mine, theirs)
    if where is not None:
        problems.append(
            f"everything reachable from the view of seat {seat} changes when its hidden cards"
            f" are {change} (first at view{where})"
        )
    theirs_prints = _fingerprints(theirs, seat)
    problems += [
        text for prints_of in (prints, theirs_prints)
        if isinstance(text := prints_of.get("unpicklable"), str)
    ]  # fmt: skip
    changed = ["the view"] if mine != theirs else []
    changed += [
        what
        for what in ("repr(view)", "view.to_json()", "pickle of the view")
        if what in prints and what in theirs_prints and prints[what] != theirs_prints[what]
    ]
    if ("view.to_json()" in prints) != ("view.to_json()" in theirs_prints):
        changed.append("view.to_json()")
    problems += [
        f"{what} of seat {seat} changes when its hidden cards are {change}" for what in changed
    ]
    return problems


# -- processes and threads -------------------------------------------------------------------

_CHILD = """
import hashlib, pickle, random, sys
variant = pickle.loads(sys.stdin.buffer.read())
players, seed, moves = (int(a) for a in sys.argv[1:4])
state = variant.new_game(players=players, seed=seed)
rng = random.Random(f"determinism:{seed}")
digest = hashlib.sha256()
for _ in range(moves):
    if state.is_over:
        break
    legal = list(state.legal_moves())
    digest.update(repr([str(m) for m in legal]).encode())
    state = state.apply(legal[rng.randrange(len(legal))])
digest.update(repr([str(m) for m in state.moves]).encode())
digest.update(repr((state.scores, state.is_over)).encode())
print(digest.hexdigest())
"""


def determinism_problems(
    variant: Variant,
    players: int,
    seed: int,
    *,
    moves: int = 400,
    hash_seeds: Sequence[int] = (1, 2),
) -> list[str]:
    """Play the same seeded random line of ``variant`` in one process per hash seed
    (``PYTHONHASHSEED``) and compare the legal moves at every step, the record and the
    scores: iterating a set or dict of cards must not decide a game. The variant travels by
    pickle, so its pieces must be importable by the child processes."""
    try:
        blob = pickle.dumps(variant)
    except Exception as error:
        return [f"{variant.id}: the variant does not pickle (to send to a process): {error!r}"]
    digests = {}
    for hash_seed in hash_seeds:
        env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(players), str(seed), str(moves)],
            input=blob,
            capture_output=True,
            env=env,
            check=False,
            timeout=600,
        )
        if done.returncode != 0:
            tail = done.stderr.decode(errors="replace").strip().splitlines()[-1:]
            return [f"{variant.id}: the game failed in a child process: {' '.join(tail)}"]
        digests[hash_seed] = done.stdout.decode().strip()
    if len(set(digests.values())) > 1:
        return [
            f"{variant.id} players={players} seed={seed}: the same game differs between hash "
            f"seeds {', '.join(map(str, hash_seeds))}"
        ]
    return []


def _line(variant: Variant, players: int, seed: int, moves: int) -> list[GameState]:
    state = variant.new_game(players=players, seed=seed)
    rng = random.Random(f"threads:{seed}")
    line = [state]
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
        line.append(state)
    return line


def _fingerprint(state: GameState) -> str:
    text = json.dumps([str(m) for m in state.legal_moves()])
    return hashlib.sha256(text.encode()).hexdigest()


def thread_problems(
    variant: Variant, players: int, seed: int, *, threads: int = 4, moves: int = 300
) -> list[str]:
    """States of one game, shared by ``threads`` threads that each list the legal moves of
    every state and apply the next move, in its own order: every answer must equal what one
    thread computes (caches shared between threads must hold)."""
    line = _line(variant, players, seed, moves)
    expected = [_fingerprint(s) for s in line]
    nexts = [str(after.moves[-1]) for after in line[1:]]

    def work(order_seed: int) -> list[str]:
        order = list(range(len(line)))
        random.Random(order_seed).shuffle(order)
        found = []
        for i in order:
            state = line[i]
            try:
                if _fingerprint(state) != expected[i]:
                    found.append(f"legal moves differ at move {i}")
                if i + 1 < len(line):
                    move = next((m for m in state.legal_moves() if str(m) == nexts[i]), None)
                    if move is None:
                        found.append(f"the move played at move {i} is not listed")
                    elif state.apply(move) != line[i + 1]:
                        found.append(f"apply differs at move {i}")
            except Exception as error:  # reported, like every other problem
                found.append(f"move {i} raised {type(error).__name__}: {error}")
        return found

    problems: list[str] = []
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        for found in pool.map(work, range(threads)):
            problems += found
    context = f"{variant.id} players={players} seed={seed}"
    return [f"{context}, threads: {p}" for p in dict.fromkeys(problems)]
