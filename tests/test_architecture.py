"""The shape of the code that issue 10 asks for, checked from the source: modules of a
readable size, no import circle, an engine that imports no game, pieces that import no state
class, and games that are records of pieces (no state, view or rules class of their own)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "rummykit"
#: "No module over ~800 lines."
MOST_LINES = 800


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _runtime_imports(name: str, path: Path) -> set[str]:
    """The rummykit modules ``name`` imports when it is imported: top-level imports, not
    those under ``if TYPE_CHECKING:`` or inside functions."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in tree.body:
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base]
            # "from rummykit.engine import rummy_moves" imports the submodule.
            targets += [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            if target in MODULES and target != name:
                out.add(target)
    return out


GRAPH = {name: _runtime_imports(name, path) for name, path in MODULES.items()}


def _cycle() -> list[str] | None:
    """An import circle among rummykit's modules, if there is one (packages excluded: a
    package imports its own submodules by design)."""
    graph = {
        name: {t for t in targets if not (t.startswith(name + ".") or name.startswith(t + "."))}
        for name, targets in GRAPH.items()
    }
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_over_about_800_lines(name: str) -> None:
    lines = MODULES[name].read_text().count("\n")
    assert lines <= MOST_LINES, f"{name} has {lines} lines; split it by job"


def test_no_import_circle() -> None:
    assert _cycle() is None, " -> ".join(_cycle() or [])


def test_the_engine_imports_no_game() -> None:
    for name, targets in GRAPH.items():
        if name.startswith("rummykit.engine"):
            games = sorted(t for t in targets if t.startswith("rummykit.games"))
            assert not games, f"{name} imports {games}; the registry finds games"


def test_pieces_import_no_state_class() -> None:
    states = {
        "rummykit.engine.rummy_state",
        "rummykit.engine.trick_state",
        "rummykit.engine.rummy",
    }
    for name, targets in GRAPH.items():
        if name.startswith("rummykit.pieces"):
            assert not targets & states, f"{name} imports {sorted(targets & states)}"


@pytest.mark.parametrize("game", ["crazy_rummy_faceup", "gin_rummy", "oklahoma_gin"])
def test_rebuilt_games_define_no_state_view_or_rules_class(game: str) -> None:
    tree = ast.parse(MODULES[f"rummykit.games.{game}"].read_text())
    classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
    own = [c for c in classes if c.endswith(("State", "View", "Rules"))]
    assert not own, f"{game} defines {own}: a game is a record of pieces"


def test_the_cycle_finder_finds_a_circle() -> None:
    """The circle test can fail: two modules importing each other are found."""
    saved = {k: set(v) for k, v in GRAPH.items()}
    try:
        GRAPH["rummykit.cards"].add("rummykit.melds")
        GRAPH["rummykit.melds"].add("rummykit.cards")
        assert _cycle() is not None
    finally:
        GRAPH.clear()
        GRAPH.update(saved)
