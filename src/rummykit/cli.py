"""The command line: ``rummykit list | simulate | watch | play | rules`` (also ``python -m
rummykit``).

Every command is a function of its arguments and the streams it is given, so tests and
other programs can call :func:`main` directly; it returns the exit code (0 success, 1 a
simulation had errors, 2 a usage mistake) and never raises for user mistakes.

>>> import io
>>> from rummykit.cli import main
>>> out = io.StringIO()
>>> main(["list"], stdout=out)
0
>>> ids = [line.split()[0] for line in out.getvalue().splitlines()]
>>> "crib-rummy" in ids, ids == sorted(ids)
(True, True)
>>> main(["simulate", "no-such-game"], stderr=io.StringIO())
2

Options of a variant are passed as ``--option key=value``; values are read as whole numbers,
``true``/``false`` or text (:func:`parse_option`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Final, NoReturn, TextIO

from rummykit.agents import AGENT_NAMES, make_agent
from rummykit.cli_play import InputFn, play
from rummykit.cli_report import (
    interrupted_line,
    list_json,
    list_lines,
    progress,
    report_table,
)
from rummykit.cli_rules import add_rules_parser, run_rules
from rummykit.cli_style import Style, write_lines
from rummykit.cli_watch import watch
from rummykit.engine.core import Variant
from rummykit.engine.registry import variant
from rummykit.errors import OptionError
from rummykit.sim import SimulationInterrupted, SimulationReport, simulate

__all__ = ["Style", "main", "parse_option", "play", "watch"]

#: Exit codes.
OK: Final = 0
FAILED: Final = 1
USAGE: Final = 2
INTERRUPTED: Final = 130  # 128 + SIGINT, as shells report Ctrl-C


class _UsageError(Exception):
    """A mistake in the command line; the message goes to stderr and the exit code is 2."""


# -- options and parsing ------------------------------------------------------------------------


def parse_option(text: str) -> tuple[str, object]:
    """Read ``key=value``: whole numbers become ``int``, ``true``/``false`` (also ``yes``,
    ``no``, ``on``, ``off``) become ``bool``, anything else stays text.

    >>> parse_option("target=61"), parse_option("aces=either")
    (('target', 61), ('aces', 'either'))
    >>> parse_option("joker_respects_copy_limit=yes")
    ('joker_respects_copy_limit', True)
    >>> parse_option("target")
    Traceback (most recent call last):
    ...
    ValueError: option 'target' must look like key=value, e.g. --option target=61
    """
    key, sep, raw = text.partition("=")
    key, raw = key.strip().replace("-", "_"), raw.strip()
    if not sep or not key:
        raise ValueError(f"option {text!r} must look like key=value, e.g. --option target=61")
    lowered = raw.lower()
    value: object
    if lowered in ("true", "yes", "on"):
        value = True
    elif lowered in ("false", "no", "off"):
        value = False
    else:
        try:
            value = int(raw)
        except ValueError:
            value = raw
    return key, value


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports mistakes by raising instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.format_usage().rstrip()}\n{self.prog}: error: {message}")


def _at_least_one(text: str) -> int:
    """A ``--games`` value: a whole number of at least 1 (argparse reports the mistake).

    >>> _at_least_one("12")
    12
    >>> _at_least_one("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number of at least 1, not '0'
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return value


def _parser() -> _Parser:
    from rummykit import __version__

    parser = _Parser(
        prog="rummykit",
        description="A typed rules engine for rummy card games: list the games, simulate "
        "many games between agents, watch one, or play one in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"rummykit {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    listing = commands.add_parser("list", help="the registered variants, one line each")
    listing.add_argument("--json", action="store_true", help="print a JSON list")

    def game_arguments(sub: argparse.ArgumentParser, *, agent: str) -> None:
        sub.add_argument("variant", metavar="VARIANT", help="a variant id (see `rummykit list`)")
        sub.add_argument(
            "--players", type=int, default=None, help="number of players (default: the least)"
        )
        sub.add_argument("--seed", type=int, default=0, help="seed of every shuffle (default 0)")
        sub.add_argument(
            "--agent",
            default=agent,
            choices=sorted(AGENT_NAMES),
            help=f"the agent for every computer seat (default {agent})",
        )
        sub.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a variant option, e.g. target=61 (repeatable)",
        )

    sim = commands.add_parser("simulate", help="play many games between agents and report")
    game_arguments(sim, agent="random")
    sim.add_argument(
        "--games", type=_at_least_one, default=100, help="games to play (default 100)"
    )
    sim.add_argument(
        "--agents", metavar="A,B,...", help="one agent per seat, e.g. greedy,random,random"
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="play on N processes (0: one per core); the results do not depend on N",
    )
    sim.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="play on a Ray cluster (e.g. ray://head:10001 or auto; no ADDRESS: a local Ray); "
        "needs the extra rummykit[ray]",
    )

    watch_ = commands.add_parser("watch", help="print one whole game between agents")
    game_arguments(watch_, agent="greedy")
    watch_.add_argument("--agents", metavar="A,B,...", help="one agent per seat")

    play_ = commands.add_parser("play", help="play one seat in the terminal against agents")
    game_arguments(play_, agent="greedy")
    play_.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    add_rules_parser(commands)
    return parser


def _variant(args: argparse.Namespace) -> Variant:
    """The variant named on the command line, built with its ``--option`` values."""
    options: dict[str, object] = {}
    for text in args.option:
        try:
            key, value = parse_option(text)
        except ValueError as error:
            raise _UsageError(str(error)) from None
        options[key] = value
    known = dict(variant(args.variant).options)  # raises OptionError for an unknown id
    unknown = sorted(set(options) - set(known))
    if unknown:
        listed = ", ".join(f"{k} (default {v!r})" for k, v in known.items()) or "none"
        raise _UsageError(
            f"{args.variant} has no option {', '.join(map(repr, unknown))}; its options: {listed}"
        )
    try:
        return variant(args.variant, **options)
    except TypeError as error:
        raise _UsageError(f"bad option for {args.variant}: {error}") from None


def _players(args: argparse.Namespace, game: Variant) -> int:
    players: int = game.min_players if args.players is None else args.players
    game.new_game(players=players, seed=args.seed)  # raises OptionError when out of range
    return players


def _agent_names(args: argparse.Namespace, players: int) -> list[str]:
    spec: str | None = getattr(args, "agents", None)
    if spec is None:
        return [args.agent] * players
    names = [name.strip() for name in spec.split(",") if name.strip()]
    if len(names) != players:
        raise _UsageError(
            f"--agents lists {len(names)} agent(s) for {players} players; give one per seat, "
            f"e.g. --agents {','.join([args.agent] * players)}"
        )
    for name in names:
        if name not in AGENT_NAMES:
            make_agent(name)  # raises OptionError naming the choices
    return names


# -- commands -----------------------------------------------------------------------------------


def _list(args: argparse.Namespace, out: TextIO) -> int:
    if args.json:
        out.write(json.dumps(list_json(), indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        write_lines(out, list_lines())
    return OK


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game = _variant(args)
    players = _players(args, game)
    names = _agent_names(args, players)
    workers = args.workers or os.cpu_count() or 1
    if not 1 <= workers <= 1024:
        raise _UsageError(f"--workers must be 0 (one per core) to 1024, got {args.workers}")
    if args.ray is not None and args.workers != 1:
        raise _UsageError("give --workers or --ray, not both (Ray uses the cluster's CPUs)")
    from rummykit.adapters.ray import executor_for  # imports Ray only for --ray

    shown = progress(err)
    try:
        with executor_for(args.ray) as executor:
            report = simulate(
                game,
                players=players,
                games=args.games,
                seed=args.seed,
                agents=names,
                progress=shown,
                workers=workers,
                executor=executor,
            )
    except SimulationInterrupted as stop:
        # Ctrl-C: the report of the games finished so far, marked as partial.
        report = stop.report
        err.write("\r\x1b[K" if shown is not None else "")  # clear the progress line
        err.write(f"rummykit: {interrupted_line(report)}\n")
        _write_report(report, as_json=args.json, out=out)
        return INTERRUPTED
    _write_report(report, as_json=args.json, out=out)
    return OK if report.errors == 0 else FAILED


def _write_report(report: SimulationReport, *, as_json: bool, out: TextIO) -> None:
    if as_json:
        out.write(json.dumps(report.to_json(), indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        write_lines(out, report_table(report))


def _watch(args: argparse.Namespace, out: TextIO) -> int:
    game = _variant(args)
    players = _players(args, game)
    names = _agent_names(args, players)
    agents = [make_agent(name, game=game, players=players) for name in names]
    watch(game, players=players, seed=args.seed, agents=agents, out=out)
    return OK


def _play(args: argparse.Namespace, input_fn: InputFn, out: TextIO) -> int:
    game = _variant(args)
    players = _players(args, game)
    if not 0 <= args.seat < players:
        raise _UsageError(f"--seat must be 0-{players - 1} in a {players}-player game")
    agents = [make_agent(args.agent, game=game, players=players) for _ in range(players)]
    return play(
        game,
        players=players,
        seed=args.seed,
        seat=args.seat,
        agents=agents,
        input_fn=input_fn,
        out=out,
    )


def _terminal_input(prompt: str) -> str:
    """:func:`input`, with line editing when ``readline`` is available."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (gives input() line editing and history)
    return input(prompt)


# -- entry point --------------------------------------------------------------------------------


def main(
    argv: Sequence[str] | None = None,
    *,
    input_fn: InputFn | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and return the exit code.

    ``input_fn``, ``stdout`` and ``stderr`` replace :func:`input` and the standard streams
    (for tests and embedding).
    """
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        try:
            args = _parser().parse_args(arguments)
        except SystemExit as stop:  # --help and --version
            return stop.code if isinstance(stop.code, int) else OK
        if args.command == "list":
            return _list(args, out)
        if args.command == "simulate":
            return _simulate(args, out, err)
        if args.command == "watch":
            return _watch(args, out)
        if args.command == "rules":
            return run_rules(args, out, err)
        return _play(args, input_fn or _terminal_input, out)
    except _UsageError as error:
        err.write(f"{error}\n" if str(error).startswith("usage:") else f"rummykit: {error}\n")
        return USAGE
    except OptionError as error:
        err.write(f"rummykit: {error}\n")
        return USAGE
    except KeyboardInterrupt:
        err.write("\nrummykit: interrupted\n")
        return INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `rummykit watch ... | head`): stop quietly.
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (keep the interpreter quiet)
        return FAILED
