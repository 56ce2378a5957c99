"""``benchmarks/reading_accuracy.py``: how well the search's samples place the other hands."""

from __future__ import annotations

import json
import subprocess
import sys

import attrs
import pytest
from helpers import BENCHMARKS, load_benchmark

import rummykit

SCRIPT = BENCHMARKS / "reading_accuracy.py"


def test_a_sample_of_the_real_position_places_every_card_and_a_swap_misplaces_two() -> None:
    accuracy = load_benchmark("reading_accuracy")
    real = rummykit.variant("basic-rummy").new_game(players=4, seed=1)
    nothing_known = [()] * 4
    assert accuracy.placed(real, real, nothing_known) == (21, 21)  # three hands of seven
    one, two = real.hands[1][0], real.hands[2][0]
    swapped = (*real.hands[1][1:], two), (*real.hands[2][1:], one)
    guess = attrs.evolve(real, hands=(real.hands[0], *swapped, real.hands[3]))
    assert accuracy.placed(guess, real, nothing_known) == (19, 21)
    # a card the memory places is not counted at all
    assert accuracy.placed(guess, real, [(), (one,), (), ()]) == (19, 20)
    # as a forecast: sure and wrong about two cards scores 2 each; half sure, 0.5 each
    assert accuracy.brier([guess], real, nothing_known) == (4.0, 21)
    assert accuracy.brier([real, guess], real, nothing_known) == (1.0, 21)


@pytest.mark.slow
def test_the_script_reports_every_phase_and_setting_as_json() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "1", "--exact", "0,200", "--samples", "2"],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    report = json.loads(run.stdout)
    assert report["games"] == 1 and "[reading] 1/1 games" in run.stderr
    for phase, entries in report["phases"].items():
        assert phase in {"fresh", "turned", "stalled"}
        assert set(entries) == {"plain", "exact=0", "exact=200"}
        assert entries["exact=0"]["exact_decisions"] == 0  # the chain alone reads no deal exactly
        for entry in entries.values():
            assert 0 <= entry["placed"] <= 1 and 0 <= entry["brier"] <= 2


def test_the_script_refuses_a_bad_setting() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--exact", "1000,lots"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert run.returncode == 2 and "take whole numbers" in run.stderr
