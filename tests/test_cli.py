"""The command line: ``rummykit list | simulate | watch | play`` through ``main([...])``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

import rummykit
from rummykit.cli import Style, main, parse_option

#: The keys DESIGN.md promises in ``simulate --json``.
CONTRACT_KEYS = {
    "variant",
    "players",
    "games",
    "seed",
    "completed",
    "errors",
    "moves",
    "seconds",
    "games_per_second",
    "moves_per_second",
    "mean_scores",
    "wins",
}
TIMING_KEYS = {"seconds", "games_per_second", "moves_per_second"}


def scripted(answers: Iterable[str], prompts: list[str] | None = None) -> Callable[[str], str]:
    """An ``input`` replacement that gives ``answers`` in turn, then end of input."""
    pending = iter(answers)

    def read(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        try:
            return next(pending)
        except StopIteration:
            raise EOFError from None

    return read


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code = main(["simulate", "crib-rummy", "--json", *args])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.err == ""  # no progress line when stderr is not a terminal
    data = json.loads(captured.out)  # exactly one JSON document on stdout
    assert isinstance(data, dict)
    return data


# -- list ---------------------------------------------------------------------------------------


def test_list_prints_one_line_per_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(rummykit.variants())
    assert any(line.startswith("crib-rummy ") and "Crib Rummy" in line for line in lines)


def test_list_json_is_a_list_of_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [entry["id"] for entry in data] == list(rummykit.variants())
    crib = next(entry for entry in data if entry["id"] == "crib-rummy")
    assert crib["summary"] and (crib["min_players"], crib["max_players"]) == (2, 4)
    assert crib["options"]["target"] == 121


def test_python_dash_m_runs_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "list"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "crib-rummy" in done.stdout


# -- simulate -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_json_keeps_the_contract(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    data = simulate_json(capsys, "--players", str(players), "--games", "3", "--seed", "5")
    assert data.keys() >= CONTRACT_KEYS
    assert data["variant"] == "crib-rummy"
    assert (data["players"], data["games"], data["seed"]) == (players, 3, 5)
    assert data["completed"] == 3 and data["errors"] == 0
    assert isinstance(data["moves"], int) and data["moves"] > 0
    assert len(data["mean_scores"]) == players
    assert sum(data["wins"]) == pytest.approx(3)


def test_simulate_same_seed_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--players", "3", "--games", "2", "--seed", "11", "--agent", "greedy")
    first, second = simulate_json(capsys, *args), simulate_json(capsys, *args)
    for key in ("moves", "mean_scores", "wins"):
        assert first[key] == second[key]
    assert {k: v for k, v in first.items() if k not in TIMING_KEYS} == {
        k: v for k, v in second.items() if k not in TIMING_KEYS
    }


@pytest.mark.parametrize("workers", ["2", "3", "0"])
def test_simulate_workers_play_the_same_games(
    capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    # game i is seeded by its index and the sums are exact, so the split does not matter
    args = ("--players", "3", "--games", "7", "--seed", "4", "--agent", "greedy")
    one = simulate_json(capsys, *args)
    many = simulate_json(capsys, *args, "--workers", workers)
    assert {k: v for k, v in one.items() if k not in TIMING_KEYS} == {
        k: v for k, v in many.items() if k not in TIMING_KEYS
    }


def test_simulate_refuses_a_bad_worker_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "crib-rummy", "--workers", "-1"]) == 2
    assert "--workers" in capsys.readouterr().err


def test_the_progress_line_shows_the_rate_and_the_time_left() -> None:
    from rummykit.cli_report import progress_text

    assert progress_text(0, 10, 0.0).endswith("0.0 games/s  --:-- left")
    assert progress_text(10, 10, 2.0).startswith("[" + "#" * 24 + "]")
    assert "1:40 left" in progress_text(50, 150, 50.0)


def test_simulate_agents_per_seat_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(
        capsys,
        "--players",
        "2",
        "--games",
        "1",
        "--agents",
        "greedy,random",
        "--option",
        "target=31",
    )
    assert data["agents"] == ["greedy", "random"]
    assert data["options"]["target"] == 31


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "crib-rummy", "--games", "1", "--option", "target=31"]) == 0
    out = capsys.readouterr().out
    assert "completed 1, errors 0" in out
    assert "mean score" in out and "random" in out


# -- watch --------------------------------------------------------------------------------------


def test_watch_logs_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["watch", "crib-rummy", "--players", "3", "--seed", "7", "--option", "target=61"])
        == 0
    )
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "deal 1" in out and "upcard" in out
    assert any(line.startswith("seat ") and ": draws " in line for line in lines)
    assert any(": melds " in line and " worth " in line for line in lines)  # pegged melds
    assert "\x1b[" not in out  # no colour when stdout is not a terminal
    assert any(line.startswith("final scores: seat 0 ") for line in lines)
    assert any(line.startswith("winner") for line in lines)


def test_watch_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["watch", "crib-rummy", "--seed", "3", "--option", "target=31"]
    main(argv)
    first = capsys.readouterr().out
    main(argv)
    assert capsys.readouterr().out == first


def test_watch_names_a_card_drawn_from_a_reshuffled_stock(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # contract-rummy, 3 players, seed 1 reshuffles the discard pile in deal 1 (R36).
    assert main(["watch", "contract-rummy", "--players", "3", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    draws = [line for line in lines if ": draws" in line]
    assert draws and all(line.split(": draws ")[1].strip() for line in draws)


# -- play ---------------------------------------------------------------------------------------


def test_play_reprompts_on_mistakes_and_quits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    prompts: list[str] = []
    answers = [
        "bogus",  # not a move at all
        "discard QH",  # a move, but the turn starts with a draw
        "99",  # no such number
        "help",
        "draw",
        "disc",  # fits every discard
        f"record {record}",
        "quit",
    ]
    code = main(
        ["play", "crib-rummy", "--players", "2", "--seed", "7"],
        input_fn=scripted(answers, prompts),
    )
    out = capsys.readouterr().out
    assert code == 0
    assert len(prompts) == len(answers)
    assert "cannot read move 'bogus'" in out
    assert "illegal move 'discard QH'" in out and "[turn.phase]" in out
    assert "there is no move 99" in out
    assert "type a move number" in out  # says what to type instead
    assert "record FILE" in out  # the help text
    assert "you: draw " in out
    assert "'disc' fits " in out
    assert "stopping" in out
    assert "#" in out or "no melds yet" in out  # the table is shown
    replayed = rummykit.GameRecord.from_json(record.read_text(encoding="utf-8")).replay()
    assert "draw" in [str(m) for m in replayed.moves]


def test_play_ends_quietly_at_end_of_input(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "crib-rummy", "--seat", "1"], input_fn=scripted([]))
    assert code == 0
    assert "end of input" in capsys.readouterr().out


def test_play_a_whole_short_game() -> None:
    out = io.StringIO()
    code = main(
        ["play", "crib-rummy", "--seed", "2", "--option", "target=31"],
        input_fn=lambda prompt: "1",
        stdout=out,
    )
    assert code == 0
    assert "final scores: you " in out.getvalue()


# -- mistakes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "gin"], "unknown variant 'gin'; known variants: "),
        (["watch", "gin"], "(run `rummykit list`)"),
        (["play", "crib-rummy", "--players", "9"], "2-4 players, not 9"),
        (["simulate", "crib-rummy", "--option", "nope=1"], "has no option 'nope'"),
        (["simulate", "crib-rummy", "--option", "target"], "must look like key=value"),
        (["simulate", "crib-rummy", "--option", "aces=middle"], "aces must be"),
        (["simulate", "crib-rummy", "--agents", "greedy"], "one per seat"),
        (["simulate", "crib-rummy", "--agents", "greedy,smart"], "unknown agent 'smart'"),
        (["simulate", "crib-rummy", "--agent", "smart"], "invalid choice"),
        (["play", "crib-rummy", "--seat", "5"], "--seat must be 0-1"),
        (["deal"], "invalid choice"),
        ([], "required"),
    ],
)
def test_mistakes_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


# -- pieces -------------------------------------------------------------------------------------


def test_parse_option_reads_numbers_booleans_and_text() -> None:
    assert parse_option("target=61") == ("target", 61)
    assert parse_option("joker-respects-copy-limit=false") == ("joker_respects_copy_limit", False)
    assert parse_option("aces=either") == ("aces", "either")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Style.for_stream(_Terminal()).color
    assert not Style.for_stream(io.StringIO()).color
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Style.for_stream(_Terminal()).color


def test_play_reaches_the_end_of_a_game_that_reshuffles(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # play crummy-rummy --players 3 crashed in deal 7 for every seed tried: the narration of
    # a draw from a reshuffled stock. The person always plays the first listed move.
    code = main(
        ["play", "crummy-rummy", "--players", "3", "--seed", "1"],
        input_fn=scripted(["1"] * 100_000),
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "game over after 7 deals" in out
