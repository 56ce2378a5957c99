"""The variant registry: built-ins and plugins through entry points, ``register``, and
records that refuse variants the registry cannot build again."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import subprocess
import sys
import textwrap
import tomllib
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import rummykit
from rummykit.engine import registry
from rummykit.engine.record import GameRecord
from rummykit.errors import OptionError, PluginWarning, RecordError, RegistryError
from rummykit.games.crummy import crummy  # imported (and so registered) before any test

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[registry._Registry]:
    """A registry of its own for the test (so registrations do not leak into others)."""
    table = registry._Registry()
    monkeypatch.setattr(registry, "_REGISTRY", table)
    yield table


def short_crib(*, target: int = 31) -> rummykit.Variant:
    """Crib Rummy to a short target (a house game of these tests)."""
    base = rummykit.variant("crib-rummy", target=target, max_deals=10)
    return base.derive(id="short-crib", name="Short Crib Rummy", options={"target": target})


def other_short_crib(*, target: int = 31) -> rummykit.Variant:
    return short_crib(target=target)


def played(game: rummykit.Variant, moves: int = 5) -> rummykit.GameState:
    state = game.new_game(players=2, seed=4)
    for _ in range(moves):
        state = state.apply(state.legal_moves()[0])
    return state


# -- register ------------------------------------------------------------------------------------


def test_registering_a_built_in_id_raises_and_names_the_built_in(fresh: object) -> None:
    with pytest.raises(RegistryError, match=r"'crib-rummy'.*already registered by the built-in"):
        registry.register("crib-rummy", short_crib, "a rival Crib Rummy")
    assert issubclass(RegistryError, OptionError) and issubclass(RegistryError, ValueError)
    assert rummykit.variant("crib-rummy").option("target") == 121  # the built-in is intact


def test_registering_an_id_twice_raises_and_names_the_first_factory(fresh: object) -> None:
    registry.register("short-crib", short_crib, "Crib Rummy to 31")
    with pytest.raises(RegistryError, match=r"register\(\) with factory .*:short_crib"):
        registry.register("short-crib", other_short_crib)
    with pytest.raises(RegistryError, match="already registered"):
        registry.register("short-crib", short_crib)
    assert registry.summaries()["short-crib"] == "Crib Rummy to 31"


def test_a_registered_factory_builds_lists_and_records(fresh: object) -> None:
    registry.register("short-crib", short_crib)
    assert "short-crib" in rummykit.variants()
    assert registry.summaries()["short-crib"].startswith("Crib Rummy to a short target")
    game = rummykit.variant("short-crib", target=21)
    assert game.options == (("target", 21),)
    state = played(game)
    assert GameRecord.from_json(state.record().to_json()).replay() == state
    with pytest.raises(OptionError, match="short-crib has no option 'jokers'"):
        rummykit.variant("short-crib", jokers=4)


def test_bad_ids_and_factories_that_build_another_id_are_refused(fresh: object) -> None:
    with pytest.raises(RegistryError, match="a variant id is"):
        registry.register("two words", short_crib)
    registry.register("wrong-id", short_crib)
    with pytest.raises(RegistryError, match=r"built a variant with id 'short-crib'.*derive"):
        rummykit.variant("wrong-id")


def test_a_game_module_imported_first_registers_itself_without_a_clash(
    fresh: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "rummykit.games.crummy:crummy"
    monkeypatch.setitem(registry._STATED, key, registry._STATED[key])  # restored afterwards
    # What the module's own register() call does on import: the declared factory, no clash.
    registry.register("crummy", crummy, "Crummy, as the module says")
    assert registry.summaries()["crummy"] == "Crummy, as the module says"
    with pytest.raises(RegistryError, match="already registered"):
        registry.register("crummy", short_crib)


# -- derived variants and records ---------------------------------------------------------------


def test_derive_gives_a_new_id_and_drops_the_parents_options() -> None:
    crib = rummykit.variant("crib-rummy", target=61)
    child = crib.derive(id="crib-61")
    assert (child.id, child.name, child.options) == ("crib-61", "Crib Rummy", ())
    assert child.rules is crib.rules and (child.min_players, child.max_players) == (2, 4)
    other = crib.derive(id="crib-x", name="X", options={"b": 2, "a": 1}, max_players=3)
    assert (other.name, other.options, other.max_players) == ("X", (("a", 1), ("b", 2)), 3)
    with pytest.raises(OptionError, match="id of its own"):
        crib.derive(id="crib-rummy")


def test_a_variant_changed_with_evolve_cannot_be_recorded() -> None:
    crib = rummykit.variant("crib-rummy")
    rules = attrs.evolve(crib.rules, max_deals=3)
    copied = attrs.evolve(crib, id="crib-3", rules=rules)  # keeps crib's options
    with pytest.raises(RecordError, match=r"variant 'crib-3'.*unknown variant.*derive"):
        played(copied).record()
    same_id = attrs.evolve(crib, rules=rules)
    with pytest.raises(RecordError, match=r"not what rummykit.variant\('crib-rummy'"):
        played(same_id).record()
    derived = crib.derive(id="crib-3", rules=rules)
    with pytest.raises(RecordError, match="register a factory for that id"):
        played(derived).record()


def test_an_unchanged_copy_is_recorded_after_one_comparison() -> None:
    crib = rummykit.variant("crib-rummy", target=61)
    copy = attrs.evolve(crib)
    assert copy is not crib
    state = played(copy)
    assert GameRecord.from_json(state.record().to_json()).replay() == state
    assert registry._REGISTRY._built.get(id(copy)) is copy  # remembered: no second build


# -- entry points and the built-in table --------------------------------------------------------


def test_the_built_in_table_matches_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][registry.ENTRY_POINT_GROUP]
    assert declared == dict(registry.BUILTINS)


def test_the_installed_metadata_declares_the_built_ins() -> None:
    points = importlib.metadata.entry_points(group=registry.ENTRY_POINT_GROUP)
    ours = {p.name: p.value for p in points if p.dist is not None and p.dist.name == "rummykit"}
    assert ours == dict(registry.BUILTINS), "reinstall: pip install -e ."


def test_without_entry_points_the_built_in_table_is_used(
    fresh: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **_: ())
    assert rummykit.variants() == tuple(sorted(registry.BUILTINS))
    assert rummykit.variant("crib-rummy").id == "crib-rummy"


def write_distribution(
    where: Path, name: str, points: dict[str, str], module: str | None = None
) -> None:
    """An installed distribution as importlib.metadata finds it: a ``.dist-info`` folder
    (with ``entry_points.txt``) and, if given, the module ``<name>.py`` beside it."""
    info = where / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8"
    )
    lines = [f"[{registry.ENTRY_POINT_GROUP}]", *(f"{k} = {v}" for k, v in points.items())]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if module is not None:
        (where / f"{name}.py").write_text(textwrap.dedent(module), encoding="utf-8")


PLUGIN = '''
    """A rummykit plugin for the tests: short Crib Rummy and short Crummy."""

    from rummykit import Variant, variant


    def demo_crib(*, target: int = 31) -> Variant:
        """Crib Rummy to 31 (a test plugin)."""
        base = variant("crib-rummy", target=target, max_deals=20)
        return base.derive(id="demo-crib", name="Demo Crib", options={"target": target})


    def demo_crummy(*, target: int = 30) -> Variant:
        base = variant("crummy", target=target, max_deals=20)
        return base.derive(id="demo-crummy", name="Demo Crummy", options={"target": target})


    demo_crummy.summary = "Crummy to 30 (a test plugin)"
'''


def test_plugins_that_clash_or_do_not_load_are_skipped_with_a_warning(
    fresh: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_distribution(
        tmp_path,
        "rummykit_bad_plugin",
        {
            "crib-rummy": "rummykit_bad_plugin:crib",
            "no-module": "rummykit_no_such_module:build",
            "bad-object": "rummykit_bad_plugin:NOT_A_FACTORY",
        },
        module="NOT_A_FACTORY = 3\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.warns(PluginWarning, match=r"'crib-rummy' of distribution 'rummykit_bad_plugin'"):
        ids = rummykit.variants()
    assert {"crib-rummy", "no-module", "bad-object"} <= set(ids)  # listing imports nothing
    with pytest.raises(
        RegistryError,
        match=r"'no-module' from plugin .*rummykit_bad_plugin.*"
        r"no-module = rummykit_no_such_module:build.*ModuleNotFoundError",
    ):
        rummykit.variant("no-module")
    with pytest.warns(PluginWarning, match="'bad-object'.*not a factory"):
        found = registry.summaries()
    assert "bad-object" not in found and "no-module" not in found
    assert found["crib-rummy"].startswith("Crib Rummy (Fosdick)")
    assert rummykit.variants() == tuple(sorted(registry.BUILTINS))
    with pytest.raises(RegistryError, match="already registered by plugin"):
        registry.register("no-module", short_crib)


def test_the_engine_imports_no_game_and_has_no_import_cycle() -> None:
    script = (
        "import sys, rummykit, rummykit.cli; rummykit.variants(); "
        "print([m for m in sys.modules if m.startswith('rummykit.games.')])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"
    assert not import_cycles()


def import_cycles() -> list[list[str]]:
    """Cycles among rummykit's modules through their module-level imports."""
    modules: dict[str, Path] = {}
    for path in (SRC / "rummykit").rglob("*.py"):
        name = ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
        modules[name] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        pending: list[ast.stmt] = list(ast.parse(path.read_text(encoding="utf-8")).body)
        while pending:
            node = pending.pop()
            if isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
                pending.extend(node.body + node.orelse)
            elif isinstance(node, ast.Try):
                pending.extend(node.body + node.orelse + node.finalbody)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
        # An import of a package's own parents is Python running their __init__ first.
        graph[name] = {m for m in found & modules.keys() if not name.startswith(f"{m}.")}
    graph = {k: v - {"rummykit"} for k, v in graph.items()}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return cycles


# -- a plugin package, seen by the command line ------------------------------------------------


def run_cli(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rummykit", *args],
        input=stdin,
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


@pytest.mark.slow
def test_the_command_line_plays_a_plugin_variant(tmp_path: Path) -> None:
    write_distribution(
        tmp_path,
        "rummykit_demo_plugin",
        {
            "demo-crib": "rummykit_demo_plugin:demo_crib",
            "demo-crummy": "rummykit_demo_plugin:demo_crummy",
        },
        module=PLUGIN,
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(SRC)])}

    listed = run_cli(env, "list")
    assert listed.returncode == 0, listed.stderr
    assert "demo-crib  " in listed.stdout and "Crib Rummy to 31 (a test plugin)" in listed.stdout
    assert "Crummy to 30 (a test plugin)" in listed.stdout and "Warning" not in listed.stderr

    simulated = run_cli(
        env, "simulate", "demo-crib", "--players", "2", "--games", "3", "--seed", "1", "--json"
    )
    assert simulated.returncode == 0, simulated.stderr
    report = json.loads(simulated.stdout)
    assert (report["variant"], report["games"], report["completed"]) == ("demo-crib", 3, 3)
    assert report["errors"] == 0

    trick = run_cli(env, "simulate", "demo-crummy", "--players", "3", "--games", "2", "--json")
    assert trick.returncode == 0, trick.stderr
    assert json.loads(trick.stdout)["completed"] == 2

    watched = run_cli(env, "watch", "demo-crummy", "--players", "3", "--seed", "2")
    assert watched.returncode == 0, watched.stderr
    assert "Demo Crummy" in watched.stdout

    saved = tmp_path / "game.json"
    played = run_cli(
        env,
        "play", "demo-crib", "--players", "2", "--seed", "1", "--option", "target=21",
        stdin=f"1\n1\nrecord {saved}\nquit\n",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert (
        "Demo Crib: you are seat 0" in played.stdout and "saved the game record" in played.stdout
    )
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert (record["variant"], record["options"]) == ("demo-crib", {"target": 21})

    replay = (
        "import sys; from rummykit import GameRecord; "
        "state = GameRecord.from_json(open(sys.argv[1]).read()).replay(); "
        "print(state.variant.id, len(state.moves))"
    )
    replayed = subprocess.run(
        [sys.executable, "-c", replay, str(saved)],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.split() == ["demo-crib", str(len(record["moves"]))]

    unknown = run_cli(env, "play", "no-such-plugin", stdin="quit\n")
    assert unknown.returncode == 2 and "unknown variant 'no-such-plugin'" in unknown.stderr
