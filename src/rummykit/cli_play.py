"""``rummykit play``: a person plays one seat in the terminal against agents, typing a move's
number or its text (short forms work when only one legal move fits). Importable as
``rummykit.cli.play``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TextIO

from rummykit.agents import Agent, choose_move, show_all
from rummykit.cli_entry import EntryError, MoveReader
from rummykit.cli_render import Narrator
from rummykit.cli_style import Style, write_lines
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import Discard, Move
from rummykit.sim import agent_rng

__all__ = ["InputFn", "play"]

#: Reads one line of input after showing a prompt, like :func:`input` (raises ``EOFError``).
InputFn = Callable[[str], str]

_HELP: Final = """\
commands:
  N              play move number N from the list
  MOVE           play a move as the list shows it, or by its text; {game}'s moves:
                 {verbs}. Cards are rank then suit (A 2-10 J Q K, T for ten;
                 S H D C or ♠ ♥ ♦ ♣; JK the joker), any case. Short forms work when only
                 one legal move fits: a verb alone ('take'), a verb and its card ('take kh',
                 'lay 8h', 'meld 5h 6h jk': a meld's cards in any order), abbreviated
                 words ('disc qh'), or a card alone ('qh').
  show           show the table, your hand and your moves again
  record FILE    save the game so far as a JSON record (replay it with rummykit.GameRecord)
  help           this list
  quit           stop playing (also end of input)"""


def play(
    game: Variant,
    *,
    players: int,
    seed: int,
    seat: int,
    agents: Sequence[Agent],
    input_fn: InputFn,
    out: TextIO,
    style: Style | None = None,
) -> int:
    """A person plays ``seat`` through ``input_fn`` and ``out`` against ``agents`` (one per
    seat; the person's entry is ignored). Returns the exit code: 0 when the game ends or the
    person quits.

    >>> import io, rummykit
    >>> from rummykit.agents import GreedyAgent
    >>> log = io.StringIO()
    >>> answers = iter(["discard 11H", "quit"])
    >>> play(rummykit.variant("crib-rummy"), players=2, seed=7, seat=0,
    ...      agents=[GreedyAgent()] * 2, input_fn=lambda prompt: next(answers), out=log)
    0
    >>> "cannot read move 'discard 11H'" in log.getvalue()
    True
    """
    style = style or Style.for_stream(out)
    names = [("you" if i == seat else a.name) for i, a in enumerate(agents)]
    state = game.new_game(players=players, seed=seed)
    narration = Narrator(state, style, viewer=seat, agents=names)
    opponents = ", ".join(f"seat {i} ({n})" for i, n in enumerate(names) if i != seat)
    write_lines(
        out,
        [
            style.bold(f"{game.name}: you are seat {seat} against {opponents}; seed {seed}"),
            "type a move's number or its text; 'help' lists the commands, 'quit' stops",
            "",
        ],
    )
    write_lines(out, narration.opening(state))
    rng = agent_rng(seed)
    applied = 0
    show_all(agents, state)
    while not state.is_over:
        if state.to_move == seat:
            move = _ask(state, seat, narration, style, input_fn=input_fn, out=out)
            if move is None:
                out.write(
                    f"game abandoned after {applied} moves; scores: {narration.scores(state)}\n"
                )
                return 0
        else:
            move = choose_move(agents[state.to_move], state, rng)
        after = state.apply(move)
        applied += 1
        write_lines(out, narration.move(state, move, after))
        state = after
        show_all(agents, state)
    write_lines(out, narration.ending(state, applied))
    if seat in state.winners:
        out.write(style.bold("you win!") + "\n")
    return 0


def _ask(
    state: GameState,
    seat: int,
    narration: Narrator,
    style: Style,
    *,
    input_fn: InputFn,
    out: TextIO,
) -> Move | None:
    """Ask the person for a move until they give a legal one; ``None`` when they quit."""
    moves = list(state.legal_moves())
    labels = [narration.label(state, seat, move) for move in moves]
    reader = MoveReader(moves, labels=labels, state=state)
    write_lines(out, _status(state, seat, moves, narration, style))
    while True:
        out.flush()
        try:
            text = input_fn("your move> ").strip()
        except EOFError:
            out.write("\nend of input: stopping.\n")
            return None
        word, _, rest = text.partition(" ")
        command = word.lower()
        if not text:
            out.write(reader.hint() + "\n")
        elif command in ("quit", "exit", "q"):
            out.write("stopping at your request.\n")
            return None
        elif command in ("help", "?", "h"):
            out.write(_HELP.format(game=reader.game, verbs=", ".join(reader.verbs)) + "\n")
        elif command in ("show", "look", "table", "hand", "moves"):
            write_lines(out, _status(state, seat, moves, narration, style))
        elif command == "record":
            out.write(_save_record(state, rest.strip()) + "\n")
        else:
            try:
                return reader.read(text)
            except EntryError as error:
                out.write(f"{error}\n")


def _status(
    state: GameState, seat: int, moves: Sequence[Move], narration: Narrator, style: Style
) -> list[str]:
    """What the person sees before choosing: the family's turn lines, then numbered moves
    (discards five to a row)."""
    lines = ["", *narration.turn(state, seat), "moves:"]
    singles = [(i, m) for i, m in enumerate(moves, 1) if not isinstance(m, Discard)]
    discards = [(i, m) for i, m in enumerate(moves, 1) if isinstance(m, Discard)]
    for number, move in singles:
        lines.append(f"  {number:>2}) {narration.label(state, seat, move)}")
    row: list[str] = []
    for number, discard in discards:
        row.append(f"{number:>2}) {style.move(discard)}")
        if len(row) == 5:
            lines.append("  " + "   ".join(row))
            row = []
    if row:
        lines.append("  " + "   ".join(row))
    return lines


def _save_record(state: GameState, path: str) -> str:
    if not path:
        return "record needs a file name: record FILE (e.g. record game.json)"
    text: str = state.record().to_json(indent=2)
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text + "\n")
    except OSError as error:
        return f"could not save the record to {path!r}: {error.strerror or error}"
    return f"saved the game record ({len(state.moves)} moves) to {path}"
