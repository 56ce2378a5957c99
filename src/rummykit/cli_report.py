"""What ``rummykit list`` and ``rummykit simulate`` print: the variant listing (text or
JSON), the simulation table and the progress line."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from rummykit.cli_style import isatty
from rummykit.engine.registry import summaries, variant
from rummykit.sim import SimulationReport

__all__ = ["interrupted_line", "list_json", "list_lines", "progress", "report_table"]


def list_lines() -> list[str]:
    """One line per registered variant: its id, then its summary.

    >>> any(line.startswith("crib-rummy  ") for line in list_lines())
    True
    """
    found = summaries()
    width = max((len(key) for key in found), default=0)
    return [f"{key:<{width}}  {summary}" for key, summary in found.items()]


def list_json() -> list[dict[str, object]]:
    """Every registered variant as a JSON-ready record: id, name, summary, player counts and
    options."""
    data: list[dict[str, object]] = []
    for key, summary in summaries().items():
        game = variant(key)
        data.append(
            {
                "id": key,
                "name": game.name,
                "summary": summary,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": dict(game.options),
            }
        )
    return data


def progress_text(done: int, total: int, elapsed: float, width: int = 24) -> str:
    """One progress line: a bar, the games done, the rate and the time left.

    >>> progress_text(30, 120, 6.0)
    '[######------------------]  30/120 games  5.0 games/s  0:18 left'
    """
    filled = width * done // total if total else width
    rate = done / elapsed if elapsed > 0 else 0.0
    left = (total - done) / rate if rate > 0 else None
    eta = "--:--" if left is None else f"{int(left) // 60}:{int(left) % 60:02d}"
    return (
        f"[{'#' * filled}{'-' * (width - filled)}] {done:>{len(str(total))}}/{total} games  "
        f"{rate:,.1f} games/s  {eta} left"
    )


def progress(stream: TextIO) -> Callable[[int, int], None] | None:
    """A progress bar with the rate and the time left on ``stream``, if it is a terminal
    (``None`` otherwise); cleared when the run is done."""
    if not isatty(stream):
        return None
    started = time.monotonic()
    last = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if done == total:
            stream.write("\r\x1b[K")
        elif now - last[0] >= 0.1:
            stream.write("\r" + progress_text(done, total, now - started))
        else:
            return
        last[0] = now
        stream.flush()

    return show


def interrupted_line(report: SimulationReport) -> str:
    """What an interrupted run says on stderr: how many games the partial report covers.

    >>> from rummykit.sim import simulate
    >>> report = simulate("crib-rummy", players=2, games=1, seed=1, agents="greedy")
    >>> import attrs
    >>> interrupted_line(attrs.evolve(report, games=5, interrupted=True))
    'interrupted after 1 of 5 games; the report covers those 1 (partial)'
    """
    finished = report.completed + report.errors
    return (
        f"interrupted after {finished} of {report.games} games; the report covers those "
        f"{finished} (partial)"
    )


def report_table(report: SimulationReport) -> list[str]:
    """A simulation report as a table: totals and speed, then one row per seat with the
    games it won alone and the games it tied for first place in.

    >>> from rummykit.sim import simulate
    >>> report = simulate("crib-rummy", players=2, games=2, seed=1, agents="greedy")
    >>> print("\\n".join(report_table(report)[3:]))
    seat  agent     mean score    wins    ties
       0  greedy          114.5       1       0
       1  greedy          116.0       1       0
    """
    partial = (
        f" (interrupted: a partial report of {report.completed + report.errors} finished)"
        if report.interrupted
        else ""
    )
    lines = [
        f"{report.variant}, {report.players} players, {report.games} games, seed {report.seed}"
        + partial,
        f"completed {report.completed}, errors {report.errors}, {report.moves:,} moves in "
        f"{report.seconds:.2f} s ({report.games_per_second:,.1f} games/s, "
        f"{report.moves_per_second:,.0f} moves/s)",
        "",
        "seat  agent     mean score    wins    ties",
    ]
    ties = report.ties or (0,) * report.players
    for seat, (name, mean, wins, tied) in enumerate(
        zip(report.agents, report.mean_scores, report.wins, ties, strict=True)
    ):
        lines.append(f"{seat:>4}  {name:<8} {mean:>11.1f} {wins:>7} {tied:>7}")
    for sample in report.error_samples:
        lines.append(f"error: {sample}")
    return lines
