"""Batch simulation: play many games between agents and report JSON-ready statistics.

>>> from rummykit.sim import simulate
>>> report = simulate("crib-rummy", players=2, games=2, seed=1, agents="greedy")
>>> report.completed, report.errors
(2, 0)
>>> simulate("crib-rummy", players=2, games=2, seed=1, agents="greedy").wins == report.wins
True

Ctrl-C during :func:`simulate` raises :class:`SimulationInterrupted`, a
``KeyboardInterrupt`` that carries the report of the games finished so far.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing.connection
import random
import signal
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from multiprocessing.process import BaseProcess
from typing import Any

import attrs

from rummykit.agents import Agent, check_agent, choose_move, make_agent, show_all
from rummykit.engine.core import GameState, Variant, whole_number
from rummykit.engine.registry import variant
from rummykit.errors import OptionError, shown

__all__ = [
    "GameResult",
    "SimulationInterrupted",
    "SimulationReport",
    "agent_rng",
    "game_seed",
    "play_game",
    "simulate",
]

#: A game that has not ended after this many moves is stopped and counted as an error.
MAX_MOVES = 200_000


def agent_rng(seed: int) -> random.Random:
    """The generator the agents of the game seeded with ``seed`` draw from (so a game can be
    watched or replayed move for move outside :func:`play_game`)."""
    return random.Random(f"rummykit-agents:{whole_number(seed, 'the seed')}")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``."""
    seed, index = whole_number(seed, "the seed"), whole_number(index, "the game index")
    return random.Random(f"rummykit:{seed}:{index}").getrandbits(48)


@attrs.frozen
class GameResult:
    """One finished game: its seed, final state, moves applied and winners."""

    seed: int
    state: GameState
    moves: int
    winners: tuple[int, ...]


def play_game(
    game: Variant, *, players: int, seed: int, agents: Sequence[Agent], max_moves: int = MAX_MOVES
) -> GameResult:
    """Play one game to the end, agent ``agents[seat]`` choosing for each seat."""
    players = game.player_count(players)
    max_moves = whole_number(max_moves, "max_moves")
    if len(agents) != players:
        raise OptionError(f"{players} players need {players} agents, got {len(agents)}")
    for agent in agents:
        check_agent(agent)
    state = game.new_game(players=players, seed=seed)
    rng = agent_rng(seed)
    moves = 0
    show_all(agents, state)
    while not state.is_over:
        if moves >= max_moves:
            raise RuntimeError(f"game with seed {seed} did not end within {max_moves} moves")
        state = state.apply(choose_move(agents[state.to_move], state, rng))
        show_all(agents, state)
        moves += 1
    return GameResult(seed=seed, state=state, moves=moves, winners=state.winners)


@attrs.frozen
class SimulationReport:
    """What :func:`simulate` measured. :meth:`to_json` gives the command line's JSON.

    ``wins[seat]`` counts the games ``seat`` won alone and ``ties[seat]`` the games it
    shared first place in (a tie), both whole numbers: a game with one winner adds 1 to
    that seat's ``wins``, a tie adds 1 to each tied seat's ``ties``. ``interrupted`` is true
    for the partial report of a run stopped early (:class:`SimulationInterrupted`):
    ``completed`` and ``errors`` then count the games finished before the stop.
    """

    variant: str
    options: dict[str, object]
    players: int
    games: int
    seed: int
    agents: tuple[str, ...]
    completed: int
    errors: int
    moves: int
    seconds: float
    mean_scores: tuple[float, ...]
    wins: tuple[int, ...]
    error_samples: tuple[str, ...]
    ties: tuple[int, ...] = ()
    interrupted: bool = False

    @property
    def games_per_second(self) -> float:
        return self.completed / self.seconds if self.seconds else 0.0

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (DESIGN.md's ``simulate --json`` contract)."""
        return {
            "variant": self.variant,
            "options": self.options,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "agents": list(self.agents),
            "completed": self.completed,
            "errors": self.errors,
            "moves": self.moves,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "moves_per_second": round(self.moves_per_second, 1),
            "mean_scores": [round(s, 3) for s in self.mean_scores],
            "wins": list(self.wins),
            "ties": list(self.ties),
            "interrupted": self.interrupted,
            "error_samples": list(self.error_samples),
        }


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (a ``KeyboardInterrupt``) stopped :func:`simulate`; ``report`` covers the games
    that finished before it, with ``interrupted`` set. Pending games were cancelled.

    Code that catches ``KeyboardInterrupt`` catches this too; catch this class first to keep
    the partial report.
    """

    def __init__(self, report: SimulationReport) -> None:
        super().__init__(
            f"simulation interrupted after {report.completed + report.errors} of "
            f"{report.games} games"
        )
        self.report = report


@attrs.frozen
class _Tally:
    """What one range of games of a simulation gave, summed exactly (so that any split of
    the games into ranges, on any number of workers, adds up to the same report)."""

    completed: int
    errors: int
    moves: int
    totals: tuple[Fraction, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    samples: tuple[tuple[int, str], ...]
    #: Whether Ctrl-C ended the range before its last game (in a worker).
    stopped: bool = False


def _play_range(
    game: Variant,
    players: int,
    seed: int,
    seats: Sequence[Agent],
    span: tuple[int, int],
    *,
    in_worker: bool = False,
) -> _Tally:
    """Games ``span[0]`` to ``span[1] - 1`` of a simulation (a worker's share). In a worker,
    Ctrl-C (which a terminal sends to the workers too) ends the range early with the games
    finished so far, marked ``stopped``."""
    start, stop = span
    totals = [Fraction(0)] * players
    wins = [0] * players
    ties = [0] * players
    completed = errors = moves = 0
    samples: list[tuple[int, str]] = []
    stopped = False
    for index in range(start, stop):
        seed_i = game_seed(seed, index)
        try:
            result = play_game(game, players=players, seed=seed_i, agents=seats)
        except KeyboardInterrupt:
            if not in_worker:
                raise
            stopped = True
            break
        except Exception as error:
            errors += 1
            if len(samples) < _SAMPLES:
                text = f"game {index} (seed {seed_i}): {type(error).__name__}: {error}"
                samples.append((index, text))
        else:
            completed += 1
            moves += result.moves
            for seat, score in enumerate(result.state.scores):
                totals[seat] += Fraction(score)
            shared = ties if len(result.winners) > 1 else wins
            for seat in result.winners:
                shared[seat] += 1
    return _Tally(
        completed,
        errors,
        moves,
        tuple(totals),
        tuple(wins),
        tuple(ties),
        tuple(samples),
        stopped=stopped,
    )


#: Seconds an interrupted simulation waits for its own workers' partial ranges.
_GRACE = 1.0

#: Seconds the workers of an interrupted simulation get to end on SIGTERM before SIGKILL.
_STOP_WAIT = 5.0

#: Error messages a report keeps (the first games' that failed).
_SAMPLES = 5


def _ranges(games: int, workers: int) -> list[tuple[int, int]]:
    """The games split into ranges: one game each on one worker (progress after every
    game), else about eight ranges a worker, so that the load evens out."""
    size = 1 if workers == 1 else max(1, min(64, -(-games // (workers * 8))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def _width(executor: concurrent.futures.Executor, workers: int) -> int:
    """How many calls ``executor`` runs at once, as far as it tells (a process or thread
    pool's ``_max_workers``, a cluster executor's ``max_workers``), at least 2 and
    ``workers``: the games are split into about eight ranges for each."""
    told = getattr(executor, "max_workers", None) or getattr(executor, "_max_workers", None)
    width = told if isinstance(told, int) and not isinstance(told, bool) else 2
    return max(2, workers, min(width, 1024))


@attrs.frozen
class _Run:
    """What every range of one simulation plays: the game, the seats and the seeds."""

    game: Variant
    players: int
    games: int
    seed: int
    seats: tuple[Agent, ...]

    def play(self, span: tuple[int, int]) -> _Tally:
        return _play_range(self.game, self.players, self.seed, self.seats, span)

    def play_in_worker(self, span: tuple[int, int]) -> _Tally:
        return _play_range(self.game, self.players, self.seed, self.seats, span, in_worker=True)


def simulate(
    game: str | Variant,
    *,
    players: int,
    games: int,
    seed: int = 0,
    agents: str | Sequence[str | Agent] = "random",
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
) -> SimulationReport:
    """Play ``games`` games and report. ``agents`` is one agent name for every seat or one per
    seat (a name of :func:`~rummykit.agents.make_agent`, given the game and player count:
    ``"tuned"`` is the search agent set for them) or an agent. Wins are whole games per
    seat: ``wins`` the games a seat won alone, ``ties`` the games it shared first place in.
    The same arguments give the same games, scores and wins (timings aside), whatever
    ``workers`` or ``executor``: game *i* is seeded by :func:`game_seed` of ``seed`` and *i*,
    and the sums are exact.

    ``workers`` greater than 1 plays the games on that many processes; ``executor`` plays
    them on any :class:`concurrent.futures.Executor` (a process or thread pool, a cluster's
    executor) instead. Either way the variant and the agents must pickle when the executor
    runs in other processes; :class:`rummykit.adapters.ray.RayExecutor` runs them on a Ray
    cluster. ``progress(done, games)`` is called as games finish.

    A ``KeyboardInterrupt`` (Ctrl-C) during the run, here or in a worker, cancels the games
    not yet started (and stops the processes of a pool of ``workers``; an ``executor`` you
    gave is left running) and raises :class:`SimulationInterrupted`, whose ``report``
    covers the games finished so far.

    >>> one = simulate("gin-rummy", players=2, games=4, seed=3, agents="greedy")
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     two = simulate("gin-rummy", players=2, games=4, seed=3, agents="greedy",
    ...                    executor=pool)
    >>> (two.wins, two.mean_scores, two.moves) == (one.wins, one.mean_scores, one.moves)
    True
    """
    chosen = variant(game) if isinstance(game, str) else game
    players, seed = chosen.player_count(players), whole_number(seed, "the seed")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise OptionError(f"games must be a whole number of at least 0, got {shown(games)}")
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 1024:
        raise OptionError(f"workers must be a whole number from 1 to 1024, got {shown(workers)}")
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise OptionError(f"executor must be a concurrent.futures.Executor, not {shown(executor)}")
    names = [agents] * players if isinstance(agents, str) else list(agents)
    seats = [
        make_agent(a, game=chosen, players=players) if isinstance(a, str) else a for a in names
    ]
    if len(seats) != players:
        raise OptionError(f"{players} players need {players} agents, got {len(seats)}")
    for seat in seats:
        check_agent(seat)
    ranges = _ranges(games, workers if executor is None else _width(executor, workers))
    run = _Run(chosen, players, games, seed, tuple(seats))
    started = time.perf_counter()
    tallies: dict[int, _Tally] = {}  # by range, so that the sums run in the games' order
    try:
        if executor is None and workers == 1:
            _play_here(run, ranges, tallies, progress)
        else:
            _play_pooled(run, ranges, tallies, progress, workers=workers, executor=executor)
    except KeyboardInterrupt:
        finished = [tallies[i] for i in sorted(tallies)]
        raise SimulationInterrupted(_report(run, finished, started, interrupted=True)) from None
    finished = [tallies[i] for i in sorted(tallies)]
    return _report(run, finished, started, interrupted=False)


def _play_here(
    run: _Run,
    ranges: Sequence[tuple[int, int]],
    tallies: dict[int, _Tally],
    progress: Callable[[int, int], None] | None,
) -> None:
    """Play the ranges in this process, one after another, into ``tallies``."""
    done = 0
    for index, span in enumerate(ranges):
        tallies[index] = run.play(span)
        done += span[1] - span[0]
        if progress is not None:
            progress(done, run.games)


def _play_pooled(
    run: _Run,
    ranges: Sequence[tuple[int, int]],
    tallies: dict[int, _Tally],
    progress: Callable[[int, int], None] | None,
    *,
    workers: int,
    executor: concurrent.futures.Executor | None,
) -> None:
    """Play the ranges on ``executor`` (else on a pool of ``workers`` processes of our own)
    into ``tallies`` as they finish. When interrupted (a ``KeyboardInterrupt`` here, or one
    raised in a worker), the ranges not started are cancelled, and our own pool's processes
    are stopped rather than waited for; the finished ranges stay in ``tallies``."""
    pool = executor or concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, initializer=_default_sigterm
    )
    futures: dict[concurrent.futures.Future[_Tally], int] = {}
    stopped = False
    try:
        for index, span in enumerate(ranges):
            futures[pool.submit(run.play_in_worker, span)] = index
        done = 0
        for future in concurrent.futures.as_completed(futures):
            index = futures[future]
            tallies[index] = future.result()
            if tallies[index].stopped:  # Ctrl-C reached a worker
                raise KeyboardInterrupt
            done += ranges[index][1] - ranges[index][0]
            if progress is not None:
                progress(done, run.games)
    except KeyboardInterrupt:
        stopped = True
        running = [future for future in futures if not future.cancel()]
        if executor is None:  # our workers got Ctrl-C too: they return their games at once
            concurrent.futures.wait(running, timeout=_GRACE)
        for future in running:
            index = futures[future]
            if index not in tallies and future.done():
                with contextlib.suppress(BaseException):  # keep what finished meanwhile
                    tallies[index] = future.result(timeout=0)
        raise
    finally:
        if executor is None:
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=not stopped, cancel_futures=True)
            if stopped:
                _stop_processes(processes)


def _default_sigterm() -> None:
    """Start a worker of our own pool with SIGTERM's default action (the process ends).

    A forked worker inherits the parent's Python signal handlers: a program that ran
    ``ray.init()`` has a SIGTERM handler that raises ``SystemExit`` (which the pool's worker
    loop catches and carries on) or cleans up Ray's processes, neither of which ends the
    worker when :func:`_stop_processes` asks it to."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stop_processes(processes: Sequence[BaseProcess]) -> None:
    """End the worker processes of our own process pool after an interrupt: the ranges they
    are playing are abandoned (Ctrl-C in a terminal reaches them too). A process that has
    not ended ``_STOP_WAIT`` seconds after SIGTERM is killed."""
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    survivors = _wait_for_exit(processes, _STOP_WAIT)
    for process in survivors:
        with contextlib.suppress(Exception):
            process.kill()
    _wait_for_exit(survivors, _STOP_WAIT)


def _wait_for_exit(processes: Sequence[BaseProcess], seconds: float) -> list[BaseProcess]:
    """Wait up to ``seconds`` until each process has an exit code; return those without one.

    The pool's manager thread joins its workers too, and only one ``waitpid`` gets a process's
    status: when that thread wins, the process has ended (its sentinel is ready) but its exit
    code appears only once that thread records it. So ``join`` returning, or ``is_alive()``
    once, is not enough: we wait for the exit code itself."""
    deadline = time.monotonic() + seconds
    pending = list(processes)
    while True:
        with contextlib.suppress(Exception):
            pending = [process for process in pending if process.exitcode is None]
        remaining = deadline - time.monotonic()
        if not pending or remaining <= 0:
            return pending
        sentinels = []
        for process in pending:
            with contextlib.suppress(ValueError):  # closed meanwhile: its exit code tells
                sentinels.append(process.sentinel)
        if multiprocessing.connection.wait(sentinels, timeout=min(remaining, 0.05)):
            time.sleep(0.001)  # ended: give whichever thread reaped it time to record it


def _report(
    run: _Run, tallies: Sequence[_Tally], started: float, *, interrupted: bool
) -> SimulationReport:
    """The report of the finished ``tallies`` (all of them, or those before an interrupt)."""
    players = run.players
    completed = sum(t.completed for t in tallies)
    totals = [sum((t.totals[i] for t in tallies), Fraction(0)) for i in range(players)]
    samples = [text for t in tallies for _, text in t.samples][:_SAMPLES]
    return SimulationReport(
        variant=run.game.id,
        options=dict(run.game.options),
        players=players,
        games=run.games,
        seed=run.seed,
        agents=tuple(a.name for a in run.seats),
        completed=completed,
        errors=sum(t.errors for t in tallies),
        moves=sum(t.moves for t in tallies),
        seconds=time.perf_counter() - started,
        mean_scores=tuple(float(t / completed) if completed else 0.0 for t in totals),
        wins=tuple(sum(t.wins[i] for t in tallies) for i in range(players)),
        ties=tuple(sum(t.ties[i] for t in tallies) for i in range(players)),
        error_samples=tuple(samples),
        interrupted=interrupted,
    )
