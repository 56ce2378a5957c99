"""``rummykit simulate``: the number of games, whole-number wins and ties, and Ctrl-C.

A simulated Ctrl-C is a ``KeyboardInterrupt`` raised by a stand-in for the per-game runner
(:func:`rummykit.sim.play_game`) after some games, or by the progress callback, which runs in
the main process between games.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.process import BaseProcess
from typing import Any

import pytest

import rummykit
from rummykit import sim
from rummykit.agents import Agent, make_agent
from rummykit.cli import main
from rummykit.engine.core import Variant
from rummykit.sim import GameResult, SimulationInterrupted, simulate

Runner = Callable[..., GameResult]


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["simulate", *args], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def interrupting(after: int, real: Runner = sim.play_game) -> tuple[Runner, list[int]]:
    """A per-game runner that plays ``after`` games, then raises ``KeyboardInterrupt`` (as
    Ctrl-C would) on every later call; the list holds the seeds of the games it finished."""
    finished: list[int] = []

    def runner(
        game: Variant, *, players: int, seed: int, agents: Sequence[Agent], **kw: Any
    ) -> GameResult:
        if len(finished) >= after:
            raise KeyboardInterrupt
        result = real(game, players=players, seed=seed, agents=agents, **kw)
        finished.append(seed)
        return result

    return runner, finished


def fixed_winners(winners: Sequence[tuple[int, ...]]) -> Runner:
    """A per-game runner whose games end with ``winners`` in turn (scores all zero)."""
    pending: Iterator[tuple[int, ...]] = iter(winners)

    def runner(
        game: Variant, *, players: int, seed: int, agents: Sequence[Agent], **kw: Any
    ) -> GameResult:
        state = game.new_game(players=players, seed=seed)
        return GameResult(seed=seed, state=state, moves=1, winners=next(pending))

    return runner


# -- the number of games ------------------------------------------------------------------------


@pytest.mark.parametrize("games", ["0", "-3", "many"])
def test_games_below_one_are_refused_by_the_argument_parser(games: str) -> None:
    code, out, err = run_cli("crib-rummy", "--games", games)
    assert code == 2
    assert out == ""
    assert f"argument --games: must be a whole number of at least 1, not '{games}'" in err
    assert err.startswith("usage: rummykit simulate")


# -- wins and ties ------------------------------------------------------------------------------


def test_wins_and_ties_are_whole_numbers_in_the_json() -> None:
    code, out, err = run_cli("crib-rummy", "--games", "3", "--seed", "5", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert all(type(w) is int for w in data["wins"]), data["wins"]
    assert all(type(t) is int for t in data["ties"]), data["ties"]
    assert data["interrupted"] is False
    # every completed game has one winner or a tie (no tie among these seeds)
    assert sum(data["wins"]) == data["completed"] == 3
    assert data["ties"] == [0, 0]


def test_a_tie_counts_for_each_tied_seat_and_not_as_a_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    results = [(0,), (0, 1), (1,), (0, 1), (0,), (0, 2), (0, 1, 2)]
    monkeypatch.setattr(sim, "play_game", fixed_winners(results))
    code, out, _ = run_cli("crib-rummy", "--players", "3", "--games", "7", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["wins"] == [2, 1, 0]
    assert data["ties"] == [4, 3, 2]


def test_the_table_has_a_ties_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim, "play_game", fixed_winners([(0, 1), (1,)]))
    code, out, _ = run_cli("crib-rummy", "--games", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[3].split() == ["seat", "agent", "mean", "score", "wins", "ties"]
    assert lines[4].split()[-2:] == ["0", "1"]  # seat 0: no win alone, one tie
    assert lines[5].split()[-2:] == ["1", "1"]


def test_the_library_report_counts_ties_apart() -> None:
    report = simulate("crib-rummy", players=2, games=2, seed=1, agents="greedy")
    assert report.wins == (1, 1) and report.ties == (0, 0)
    assert all(type(w) is int for w in report.wins)


# -- Ctrl-C -------------------------------------------------------------------------------------


def test_ctrl_c_prints_the_partial_json_report_and_exits_130(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runner, finished = interrupting(after=3)
    monkeypatch.setattr(sim, "play_game", runner)
    code, out, err = run_cli(
        "crib-rummy", "--games", "20", "--seed", "2", "--json", "--option", "target=31"
    )
    assert code == 130
    assert (
        err == "rummykit: interrupted after 3 of 20 games; the report covers those 3 (partial)\n"
    )
    data = json.loads(out)  # still exactly one JSON document
    assert data["interrupted"] is True
    assert (data["games"], data["completed"], data["errors"]) == (20, 3, 0)
    assert len(finished) == 3


def test_the_partial_report_is_the_report_of_the_games_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = ("--seed", "2", "--json", "--option", "target=31")
    two = json.loads(run_cli("crib-rummy", "--games", "2", *options)[1])
    runner, _ = interrupting(after=2)
    monkeypatch.setattr(sim, "play_game", runner)
    code, out, _ = run_cli("crib-rummy", "--games", "6", *options)
    partial = json.loads(out)
    assert code == 130 and partial["games"] == 6
    for key in ("completed", "errors", "moves", "mean_scores", "wins", "ties"):
        assert partial[key] == two[key], key


def test_ctrl_c_marks_the_table_as_partial(monkeypatch: pytest.MonkeyPatch) -> None:
    runner, _ = interrupting(after=1)
    monkeypatch.setattr(sim, "play_game", runner)
    code, out, err = run_cli("crib-rummy", "--games", "5", "--option", "target=31")
    assert code == 130
    assert "interrupted after 1 of 5 games" in err
    assert out.splitlines()[0].endswith("(interrupted: a partial report of 1 finished)")
    assert "completed 1, errors 0" in out


def test_ctrl_c_in_a_pool_worker_cancels_the_pending_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = sim.play_game

    def runner(
        game: Variant, *, players: int, seed: int, agents: Sequence[Agent], **kw: Any
    ) -> GameResult:
        calls.append(seed)
        if len(calls) == 3:
            raise KeyboardInterrupt
        time.sleep(0.01)
        return real(game, players=players, seed=seed, agents=agents, **kw)

    monkeypatch.setattr(sim, "play_game", runner)
    game = rummykit.variant("crib-rummy", target=31)
    with ThreadPoolExecutor(2) as pool, pytest.raises(SimulationInterrupted) as caught:
        simulate(game, players=2, games=64, seed=1, agents="greedy", executor=pool)
    report = caught.value.report
    assert isinstance(caught.value, KeyboardInterrupt)
    assert report.interrupted and report.games == 64
    assert report.completed <= len(calls) - 1 < 64 // 2  # the pending ranges never ran


def test_ctrl_c_in_the_main_process_stops_the_worker_processes() -> None:
    seen: list[int] = []

    def progress(done: int, games: int) -> None:
        seen.append(done)
        raise KeyboardInterrupt  # Ctrl-C after the first range came back

    game = rummykit.variant("crib-rummy", target=31)
    with pytest.raises(SimulationInterrupted) as caught:
        simulate(game, players=2, games=400, seed=1, agents="greedy", workers=2, progress=progress)
    assert multiprocessing.active_children() == []  # stopped, not left to play on
    report = caught.value.report
    assert report.interrupted and len(seen) == 1
    assert 1 <= report.completed + report.errors < 400


@pytest.fixture
def slow_sigterm_handler() -> Iterator[None]:
    """A SIGTERM handler in this process that would keep a forked worker alive for a minute,
    as the one ``ray.init()`` installs can (it cleans up Ray's processes, then exits)."""
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: time.sleep(60))
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def interrupted_run(monkeypatch: pytest.MonkeyPatch) -> set[int | None]:
    """Ctrl-C a two-worker run after its first range; how its worker processes ended (their
    exit codes: minus the signal that ended them). Each game takes 20 ms more,
    so that both workers are busy when the interrupt comes."""
    stopped: list[BaseProcess] = []
    real, play = sim._stop_processes, sim.play_game

    def slow_game(
        game: Variant, *, players: int, seed: int, agents: Sequence[Agent], **kw: Any
    ) -> GameResult:
        time.sleep(0.02)
        return play(game, players=players, seed=seed, agents=agents, **kw)

    def stop(processes: Sequence[BaseProcess]) -> None:
        stopped.extend(processes)
        real(processes)

    def progress(done: int, games: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "_stop_processes", stop)
    monkeypatch.setattr(sim, "play_game", slow_game)  # forked workers inherit it
    game = rummykit.variant("crib-rummy", target=31)
    with pytest.raises(SimulationInterrupted):
        simulate(game, players=2, games=400, seed=1, agents="greedy", workers=2, progress=progress)
    assert len(stopped) == 2
    assert multiprocessing.active_children() == []
    return {process.exitcode for process in stopped}


@pytest.mark.usefixtures("slow_sigterm_handler")
def test_workers_end_on_sigterm_whatever_handler_the_parent_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ended by SIGTERM itself: the workers did not run the parent's minute-long handler
    assert interrupted_run(monkeypatch) == {-signal.SIGTERM}


@pytest.mark.usefixtures("slow_sigterm_handler")
def test_a_worker_that_outlives_sigterm_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim, "_default_sigterm", lambda: None)  # workers keep the slow handler
    monkeypatch.setattr(sim, "_STOP_WAIT", 0.5)
    assert interrupted_run(monkeypatch) == {-signal.SIGKILL}


def test_stopping_waits_for_the_exit_code_when_another_thread_reaped_the_worker() -> None:
    # The pool's manager thread joins its workers as we stop them; when its waitpid gets a
    # worker's status first, the exit code appears only once that thread records it. Here a
    # thread reaps the process, then records the code a moment later.
    process = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,))
    process.start()
    popen: Any = process._popen  # type: ignore[attr-defined]

    waiting = threading.Event()

    def reap() -> None:
        waiting.set()
        try:
            _, status = os.waitpid(process.pid or 0, 0)
        except ChildProcessError:  # on a loaded machine the stop may reap it first
            return
        time.sleep(0.3)
        popen.returncode = os.waitstatus_to_exitcode(status)

    reaper = threading.Thread(target=reap)
    reaper.start()
    waiting.wait()
    time.sleep(0.05)  # let the reaper block in waitpid before the stop begins
    try:
        sim._stop_processes([process])
        assert process.exitcode == -signal.SIGTERM
        assert process not in multiprocessing.active_children()
    finally:
        reaper.join()


def test_a_worker_hit_by_ctrl_c_returns_the_games_it_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runner, finished = interrupting(after=2)
    monkeypatch.setattr(sim, "play_game", runner)
    game = rummykit.variant("crib-rummy", target=31)
    agents = [make_agent("greedy")] * 2
    tally = sim._play_range(game, 2, 1, agents, (0, 10), in_worker=True)
    assert tally.stopped and tally.completed == 2 == len(finished)
    with pytest.raises(KeyboardInterrupt):  # outside a worker the interrupt goes on
        sim._play_range(game, 2, 1, agents, (0, 10))
