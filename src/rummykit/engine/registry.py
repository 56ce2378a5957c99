"""The variant registry: which games exist, and how to build one from its id and options.

Games come from three places, and the registry treats them alike:

* **entry points** in the group ``rummykit.variants`` (:data:`ENTRY_POINT_GROUP`) of any
  installed distribution: the entry point's name is the variant id and its object the
  factory. rummykit declares its own games this way in its ``pyproject.toml``, and a
  third-party package publishes a game the same way (a *plugin*; see :doc:`plugins`);
* :data:`BUILTINS`, the built-in games' declarations once more as ``"module:attribute"``
  text, for a source tree run without reinstalling (whose entry-point metadata may be
  missing or out of date);
* :func:`register`, for factories a program defines at run time.

Listing the games imports none of them: :func:`variants` reads the declarations, and a
game's module is imported the first time :func:`variant` (or :func:`summaries`) needs it.
An id names one game only: registering an id that is taken raises
:class:`~rummykit.errors.RegistryError`, and a plugin whose id is taken, or whose module
does not import, is skipped with a :class:`~rummykit.errors.PluginWarning`.

>>> import rummykit
>>> "crib-rummy" in rummykit.variants()
True
>>> rummykit.variant("crib-rummy", target=61).option("target")
61

The registry also knows which variants it built, so a game record (which names its
variant by id and options only) can be refused when the variant could not be built again
from them (:func:`ensure_rebuildable`).
"""

from __future__ import annotations

import builtins
import importlib
import importlib.metadata
import inspect
import re
import threading
import warnings
import weakref
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final, TypeAlias

import attrs

from rummykit.engine.core import Variant, whole_number
from rummykit.errors import (
    OptionError,
    PluginWarning,
    RecordError,
    RegistryError,
    RummykitError,
    shown,
)

__all__ = [
    "BUILTINS",
    "ENTRY_POINT_GROUP",
    "VariantFactory",
    "ensure_rebuildable",
    "register",
    "summaries",
    "summary_of",
    "variant",
    "variants",
]

#: The entry-point group in which a distribution declares its variants.
ENTRY_POINT_GROUP: Final = "rummykit.variants"

#: The built-in games: id -> ``"module:attribute"`` of the factory. The same table as
#: ``[project.entry-points."rummykit.variants"]`` in rummykit's ``pyproject.toml`` (a test
#: checks that they agree); used for any built-in id the installed metadata lacks.
BUILTINS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "basic-rummy": "rummykit.games.basic_rummy:basic_rummy",
        "contract-rummy": "rummykit.games.contract_rummy:contract_rummy",
        "crazy-rummy": "rummykit.games.crazy_rummy:crazy_rummy",
        "crazy-rummy-faceup": "rummykit.games.crazy_rummy_faceup:crazy_rummy_faceup",
        "crib-rummy": "rummykit.games.crib_rummy:crib_rummy",
        "crummy": "rummykit.games.crummy:crummy",
        "crummy-rummy": "rummykit.games.crummy_rummy:crummy_rummy",
        "gin-rummy": "rummykit.games.gin_rummy:gin_rummy",
        "rummy-500": "rummykit.games.rummy_500:rummy_500",
        "oklahoma-gin": "rummykit.games.oklahoma_gin:oklahoma_gin",
    }
)

#: A factory: ``build(**options) -> Variant``, every option keyword-only with a default, and
#: the variant it builds carries the id it is registered under and every option's value.
#: Its one-line summary (for ``rummykit list``) is its ``summary`` attribute if it has a
#: text one, else the first line of its docstring (see :func:`summary_of`).
VariantFactory: TypeAlias = Callable[..., Variant]

_DISTRIBUTION: Final = "rummykit"
#: Summaries that modules gave with register() for the factories their entry points name
#: ("module:qualname" -> summary), kept apart from any one registry: a module registers
#: once, when it is first imported.
_STATED: dict[str, str] = {}
_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def summary_of(build: object) -> str:
    """The one-line summary of a factory: its ``summary`` attribute if that is text, else the
    first line of its docstring, else ``""``.

    >>> def flat(**options):
    ...     '''Crib Rummy at a point a card.
    ...
    ...     More words.'''
    >>> summary_of(flat)
    'Crib Rummy at a point a card.'
    >>> flat.summary = "Crib Rummy, flat scoring: 2-4 players"
    >>> summary_of(flat)
    'Crib Rummy, flat scoring: 2-4 players'
    """
    summary = getattr(build, "summary", None)
    if isinstance(summary, str) and summary.strip():
        return summary.strip()
    doc = inspect.getdoc(build)
    return doc.strip().splitlines()[0].strip() if doc and doc.strip() else ""


def _target_of(build: object) -> str | None:
    """``"module:qualified.name"`` of a function or class, as an entry point writes it."""
    module = getattr(build, "__module__", None)
    name = getattr(build, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(name, str):
        return None
    return f"{module}:{name}"


def _resolve(target: str) -> object:
    """The object named by ``"module:attribute.path"`` (importing the module)."""
    module_name, _, path = target.partition(":")
    found: object = importlib.import_module(module_name.strip())
    for part in path.strip().split(".") if path.strip() else ():
        found = getattr(found, part)
    return found


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _known_options(build: VariantFactory) -> tuple[str, ...] | None:
    """The keyword-only parameters of ``build`` (``None``: any keyword is accepted)."""
    try:
        parameters = inspect.signature(build).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    return tuple(p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY)


@attrs.define
class _Entry:
    """One registered id: who declared it, where its factory is, and (once loaded) the
    factory, its summary and its options."""

    id: str
    source: str  # who registered it, for messages
    target: str | None  # "module:attribute" to load, None for register()
    build: VariantFactory | None = None
    summary: str | None = None
    options: tuple[str, ...] | None = None  # keyword-only options; None: any keyword
    loaded: bool = False
    broken: str | None = None


class _Registry:
    """The ids and their factories. Entry points are read once, on first use."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}
        self._discovered = False
        self._lock = threading.RLock()
        # The variants this registry built (or found equal to what it builds), by identity:
        # a record of one of them replays. A copy made with attrs.evolve is a new object.
        self._built: weakref.WeakValueDictionary[int, Variant] = weakref.WeakValueDictionary()

    # -- discovery ------------------------------------------------------------------------------

    def _discover(self) -> None:
        if self._discovered:
            return
        with self._lock:
            if self._discovered:
                return
            plugins: list[importlib.metadata.EntryPoint] = []
            for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
                dist = point.dist
                ours = (
                    _normalize(dist.name) == _DISTRIBUTION
                    if dist is not None
                    else BUILTINS.get(point.name) == point.value
                )
                if ours and point.name not in self._entries and point.attr:
                    where = f"{dist.name} {dist.version}" if dist is not None else _DISTRIBUTION
                    self._entries[point.name] = _Entry(
                        point.name,
                        f"the built-in game ({where}, entry point {point.name} = {point.value})",
                        f"{point.module}:{point.attr}",
                    )
                elif not ours:
                    plugins.append(point)
            for key, target in BUILTINS.items():
                if key not in self._entries:
                    self._entries[key] = _Entry(
                        key, f"the built-in game ({key} = {target})", target
                    )
            plugins.sort(key=lambda p: (_normalize(p.dist.name) if p.dist else "", p.name))
            for point in plugins:
                self._add_plugin(point)
            self._discovered = True

    def _add_plugin(self, point: importlib.metadata.EntryPoint) -> None:
        dist = point.dist
        who = (
            f"distribution {dist.name!r} {dist.version}" if dist is not None else "a distribution"
        )
        source = f"plugin {who} (entry point {point.name} = {point.value})"
        reason = None
        taken = self._entries.get(point.name)
        if taken is not None:
            reason = f"the id {point.name!r} is already taken by {taken.source}; choose another"
        elif not _ID.fullmatch(point.name):
            reason = "a variant id is letters, digits, '.', '_' and '-', starting with one of "
            reason += "the first two"
        elif not point.attr:
            reason = "the object must be written 'module:factory'"
        if reason is not None:
            warnings.warn(
                f"rummykit ignores the entry point {point.name!r} of {who} in group "
                f"{ENTRY_POINT_GROUP!r}: {reason}",
                PluginWarning,
                stacklevel=4,
            )
            return
        self._entries[point.name] = _Entry(point.name, source, f"{point.module}:{point.attr}")

    # -- loading --------------------------------------------------------------------------------

    def _load(self, entry: _Entry) -> VariantFactory:
        if entry.loaded and entry.build is not None:
            return entry.build
        with self._lock:
            if entry.broken is not None:
                raise RegistryError(entry.broken)
            if entry.build is None:
                assert entry.target is not None
                try:
                    found = _resolve(entry.target)
                except Exception as error:
                    entry.broken = (
                        f"variant {entry.id!r} from {entry.source} does not load: "
                        f"{type(error).__name__}: {error}"
                    )
                    raise RegistryError(entry.broken) from error
                if not callable(found):
                    entry.broken = (
                        f"variant {entry.id!r} from {entry.source} names "
                        f"{type(found).__name__} {found!r}, not a factory"
                    )
                    raise RegistryError(entry.broken)
                if entry.build is None:  # the module's own register() call may have set it
                    entry.build = found
            if entry.summary is None:
                stated = _STATED.get(entry.target) if entry.target else None
                entry.summary = stated if stated is not None else summary_of(entry.build)
            entry.options = _known_options(entry.build)
            entry.loaded = True
            return entry.build

    # -- the public operations ------------------------------------------------------------------

    def register(self, id: str, build: VariantFactory, summary: str | None) -> None:
        if not isinstance(id, str) or not _ID.fullmatch(id):
            raise RegistryError(
                f"a variant id is letters, digits, '.', '_' and '-' (starting with a "
                f"letter or digit), not {shown(id)}"
            )
        self._discover()
        with self._lock:
            taken = self._entries.get(id)
            if taken is not None:
                if taken.target is not None and taken.target == _target_of(build):
                    # The declared factory's module registers it as it is imported: the same
                    # registration, which supplies the summary.
                    if taken.build is None:
                        taken.build = build
                    if summary is not None:
                        _STATED[taken.target] = summary
                        if taken.summary is None:
                            taken.summary = summary
                    return
                raise RegistryError(
                    f"cannot register variant {id!r}: that id is already registered by "
                    f"{taken.source}; choose another id (a changed copy of a game needs an id "
                    f"of its own, see Variant.derive)"
                )
            if not callable(build):
                raise RegistryError(f"register({id!r}, ...) needs a factory, not {shown(build)}")
            self._entries[id] = _Entry(
                id,
                f"register() with factory {_target_of(build) or repr(build)}",
                None,
                build,
                summary if summary is not None else summary_of(build),
            )

    def variants(self) -> tuple[str, ...]:
        self._discover()
        return tuple(sorted(k for k, e in self._entries.items() if e.broken is None))

    def summaries(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for key in self.variants():
            entry = self._entries[key]
            try:
                self._load(entry)
            except RegistryError as error:
                warnings.warn(f"rummykit skips {error}", PluginWarning, stacklevel=3)
                continue
            found[key] = entry.summary or ""
        return found

    def variant(self, id: str, options: Mapping[str, object]) -> Variant:
        self._discover()
        entry = self._entries.get(id)
        if entry is None:
            raise OptionError(
                f"unknown variant {shown(id)}; known variants: {', '.join(self.variants())} "
                f"(run `rummykit list`)"
            )
        build = self._load(entry)
        known = entry.options
        if known is not None:
            unknown = sorted(set(options) - set(known))
            if unknown:
                raise OptionError(
                    f"{id} has no option {', '.join(map(shown, unknown))}; "
                    f"its options are: {', '.join(known) or 'none'}"
                )
        built = build(**{name: plain_option(value) for name, value in options.items()})
        if not isinstance(built, Variant):
            raise RegistryError(
                f"the factory of variant {id!r} ({entry.source}) returned "
                f"{type(built).__name__}, not a Variant"
            )
        if built.id != id:
            raise RegistryError(
                f"the factory of variant {id!r} ({entry.source}) built a variant with id "
                f"{built.id!r}: a factory must build the id it is registered under (copy "
                f"another game with .derive(id={id!r}, ...))"
            )
        self._built[builtins.id(built)] = built
        return built

    def ensure_rebuildable(self, game: Variant) -> None:
        if self._built.get(builtins.id(game)) is game:
            return
        advice = (
            "give a changed game an id of its own with Variant.derive(id=...), register a "
            "factory for that id (rummykit.engine.registry.register, or an entry point in the "
            f"group {ENTRY_POINT_GROUP!r}) and build the game with rummykit.variant(...)"
        )
        try:
            rebuilt = self.variant(game.id, dict(game.options))
        except (RummykitError, TypeError) as error:
            raise RecordError(
                f"cannot record a game of variant {game.id!r}: a record names its variant by "
                f"id and options, and those do not build it again ({error}); {advice}"
            ) from None
        if rebuilt != game:
            raise RecordError(
                f"cannot record a game of variant {game.id!r}: it is not what "
                f"rummykit.variant({game.id!r}, **options) builds from its options (was it "
                f"changed with attrs.evolve?), so its record would not replay; {advice}"
            )
        self._built[builtins.id(game)] = game


_REGISTRY = _Registry()


def plain_option(value: object) -> object:
    """An option's value as the plain JSON value a record of the game will give back when
    replayed: the text of a ``str`` subclass (a ``StrEnum`` member), the number of an
    integer of another type (an ``IntEnum`` member, a NumPy integer), anything else as it is
    (for the game's factory to accept or refuse). A variant built from a record is then the
    variant the game was built as.

    >>> import enum
    >>> class Aces(enum.StrEnum):
    ...     LOW = "low"
    >>> plain_option(Aces.LOW), type(plain_option(Aces.LOW)).__name__, plain_option(2.0)
    ('low', 'str', 2.0)
    """
    if isinstance(value, str):
        return str.__str__(value)
    try:
        return whole_number(value, "an option")  # bools and non-integers are left as they are
    except OptionError:
        return value


def register(id: str, build: VariantFactory, summary: str | None = None) -> None:
    """Register the factory ``build`` (``build(**options) -> Variant``) under ``id``, with a
    one-line ``summary`` for ``rummykit list`` (default: :func:`summary_of` ``build``).

    Raises :class:`~rummykit.errors.RegistryError` (a ``ValueError``) if ``id`` is taken,
    whether by a built-in game, a plugin or an earlier call, naming who took it. (The module
    an entry point names may itself call ``register`` for the factory the entry point
    declares; that is the same registration, not a second one.)

    >>> register("crib-rummy", lambda **options: None)
    Traceback (most recent call last):
    ...
    rummykit.errors.RegistryError: cannot register variant 'crib-rummy': that id is already
    registered by the built-in game (...); choose another id ...
    """
    _REGISTRY.register(id, build, summary)


def variants() -> tuple[str, ...]:
    """The ids of every registered variant, sorted (no game module is imported).

    >>> import rummykit
    >>> "crib-rummy" in rummykit.variants()
    True
    """
    return _REGISTRY.variants()


def summaries() -> dict[str, str]:
    """Each registered variant id with its one-line summary, in :func:`variants` order.

    This loads every game; a plugin that does not load is left out with a
    :class:`~rummykit.errors.PluginWarning`.
    """
    return _REGISTRY.summaries()


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
    return _REGISTRY.variant(id, options)


def ensure_rebuildable(game: Variant) -> None:
    """Check that :func:`variant` builds ``game`` again from its id and options, as
    replaying a record of it will; raise :class:`~rummykit.errors.RecordError` saying what
    to do if not. Cheap for a variant the registry built (one look-up); any other is built
    once and compared.

    >>> import attrs, rummykit
    >>> crib = rummykit.variant("crib-rummy")
    >>> ensure_rebuildable(crib)
    >>> ensure_rebuildable(attrs.evolve(crib, max_players=6))
    Traceback (most recent call last):
    ...
    rummykit.errors.RecordError: cannot record a game of variant 'crib-rummy': it is not ...
    """
    _REGISTRY.ensure_rebuildable(game)
