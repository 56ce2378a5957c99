"""The differential gate in small: the engine still plays the recorded lines of play exactly.

``tests/golden/differential_baseline.json`` holds the fingerprints that
``benchmarks/differential.py`` made from a commit (named in the file) for a small
configuration: every game at every player count, defaults and the script's non-default option
sets, two seeds each (one random line, one greedy line), 80 moves a line. Each fingerprint
hashes the legal moves, ``to_move``, ``deal_number`` and ``scores`` at every position and the
final scores, ``is_over`` and game record. A change that alters any of them fails here with
the first differing case; locate the position with the compare mode, e.g.

    python benchmarks/differential.py --base <commit of the file> --only <case key> ...

(the failure message prints the command). Games and option sets added since the file was
made are not played here. A deliberate rules change re-records the file:

    python benchmarks/differential.py --record tests/golden/differential_baseline.json \\
        --seeds 2 --option-seeds 2 --cap 80 --greedy-every 2
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

import rummykit

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "differential.py"
BASELINE = Path(__file__).parent / "golden" / "differential_baseline.json"


def load_script() -> ModuleType:
    """``benchmarks/differential.py`` as a module (``benchmarks`` is not a package)."""
    spec = importlib.util.spec_from_file_location("rummykit_differential", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_engine_plays_the_recorded_lines() -> None:
    result = load_script().check(BASELINE, jobs=1)
    assert not result["warnings"], result["warnings"]
    mismatches = result["mismatches"]
    if mismatches:
        first = json.dumps(mismatches[0], indent=1)
        raise AssertionError(
            f"{len(mismatches)} of {result['cases']} cases differ from {BASELINE.name} "
            f"({result['base']['source']}); the first:\n{first}"
        )
    assert result["positions"] == json.loads(BASELINE.read_text())["positions"]


def test_baseline_covers_every_game_with_options() -> None:
    script = load_script()
    data = json.loads(BASELINE.read_text())
    assert data["errors"] == []
    keys = list(data["fingerprints"])
    # Every game of the file is still registered (a game added since is not in the file).
    games = {key.split("/")[0] for key in keys}
    assert games <= set(rummykit.variants())
    for game, option_sets in script.OPTION_SETS.items():
        for name in option_sets:
            assert any(key.startswith(f"{game}/{name}/") for key in keys), (game, name)
    assert any(key.endswith("/greedy") for key in keys)
    assert any(key.endswith("/random") for key in keys)
