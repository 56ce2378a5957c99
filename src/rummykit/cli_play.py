"""``rummykit play``: a person plays one seat in the terminal against agents, typing a move's
number or its text (short forms work when only one legal move fits). Importable as
``rummykit.cli.play``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, TextIO

from rummykit.agents import Agent, choose_move
from rummykit.cards import Card
from rummykit.cli_narration import Narration, narration_for
from rummykit.cli_style import Style, write_lines
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import Discard, LayMeld, Move, parse_move
from rummykit.errors import IllegalMoveError, MoveParseError
from rummykit.sim import agent_rng

__all__ = ["InputFn", "play"]

#: Reads one line of input after showing a prompt, like :func:`input` (raises ``EOFError``).
InputFn = Callable[[str], str]

_HELP: Final = """\
commands:
  N              play move number N from the list
  MOVE           play a move by its text: draw, take, discard QH, lay 8H on #0 high,
                 meld run 5H-7H: 5H 6H JK, start, decline. Cards are rank then suit
                 (A 2-10 J Q K, T for ten; S H D C or ♠ ♥ ♦ ♣; JK the joker), any case.
                 Short forms work when only one legal move fits: 'disc qh', 'd qh',
                 'meld 5h 6h jk' (the cards of a meld in any order), 'lay 8h'.
  show           show the table, your hand and your moves again
  record FILE    save the game so far as a JSON record (replay it with rummykit.GameRecord)
  help           this list
  quit           stop playing (also end of input)"""

_VERBS: Final = ("draw", "take", "discard", "meld", "lay", "start", "decline")
_SUIT_LETTERS: Final = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})


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
    narration = narration_for(state, style, viewer=seat, agents=names)
    opponents = ", ".join(f"seat {i} ({n})" for i, n in enumerate(names) if i != seat)
    write_lines(
        out,
        [
            style.bold(f"{game.name}: you are seat {seat} against {opponents}; seed {seed}"),
            "type a move's number or its text; 'help' lists the commands, 'quit' stops",
            "",
        ],
    )
    write_lines(out, narration.deal_header(state))
    rng = agent_rng(seed)
    applied = 0
    while not state.is_over:
        if state.to_move == seat:
            move = _ask(state, seat, narration, style, input_fn=input_fn, out=out)
            if move is None:
                out.write(
                    f"game abandoned after {applied} moves; scores: "
                    f"{narration.score_line(state)}\n"
                )
                return 0
        else:
            move = choose_move(agents[state.to_move], state, rng)
        after = state.apply(move)
        applied += 1
        write_lines(out, narration.move_lines(state, move, after))
        state = after
    write_lines(out, narration.ending(state, applied))
    winners: tuple[int, ...] = getattr(state, "winners", ())
    if seat in winners:
        out.write(style.bold("you win!") + "\n")
    return 0


def _ask(
    state: GameState,
    seat: int,
    narration: Narration,
    style: Style,
    *,
    input_fn: InputFn,
    out: TextIO,
) -> Move | None:
    """Ask the person for a move until they give a legal one; ``None`` when they quit."""
    moves = list(state.legal_moves())
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
            out.write(f"type a move number (1-{len(moves)}), a move, or 'help'\n")
        elif command in ("quit", "exit", "q"):
            out.write("stopping at your request.\n")
            return None
        elif command in ("help", "?", "h"):
            out.write(_HELP + "\n")
        elif command in ("show", "look", "table", "hand", "moves"):
            write_lines(out, _status(state, seat, moves, narration, style))
        elif command == "record":
            out.write(_save_record(state, rest.strip()) + "\n")
        else:
            result = _resolve(text, state, moves, style)
            if not isinstance(result, str):
                return result
            out.write(result + "\n")


def _status(
    state: GameState, seat: int, moves: Sequence[Move], narration: Narration, style: Style
) -> list[str]:
    """What the person sees before choosing: the family's turn lines, then numbered moves
    (discards five to a row)."""
    lines = ["", *narration.turn_lines(state, seat), "moves:"]
    singles = [(i, m) for i, m in enumerate(moves, 1) if not isinstance(m, Discard)]
    discards = [(i, m) for i, m in enumerate(moves, 1) if isinstance(m, Discard)]
    for number, move in singles:
        lines.append(f"  {number:>2}) {narration.move_label(state, seat, move)}")
    row: list[str] = []
    for number, discard in discards:
        row.append(f"{number:>2}) {style.move(discard)}")
        if len(row) == 5:
            lines.append("  " + "   ".join(row))
            row = []
    if row:
        lines.append("  " + "   ".join(row))
    return lines


def _normal_words(text: str) -> list[str]:
    """Lower-case words, suit symbols as letters, card words in canonical text (``th`` is
    ``10h``).

    >>> _normal_words("Disc TH"), _normal_words("lay 8♥ on #0")
    (['disc', '10h'], ['lay', '8h', 'on', '#0'])
    """
    words = []
    for word in text.lower().replace("🃏", "jk").translate(_SUIT_LETTERS).split():
        try:
            words.append(str(Card.parse(word)).lower())
        except ValueError:
            words.append(word)
    return words


def _matches(text: str, moves: Sequence[Move]) -> list[Move]:
    """The legal moves that ``text`` abbreviates: each of its words starts the move's word in
    the same place (``disc qh`` is ``discard QH``), or, for ``meld`` followed by cards, the
    melds made of exactly those cards."""
    words = _normal_words(text)
    if not words:
        return []
    if "meld".startswith(words[0]) and len(words) > 1:
        try:
            cards = Counter(Card.parse(w) for w in words[1:])
        except ValueError:
            pass
        else:
            return [m for m in moves if isinstance(m, LayMeld) and Counter(m.meld.cards) == cards]
    found = []
    for move in moves:
        target = _normal_words(str(move))
        if target == words:
            return [move]
        if len(words) <= len(target) and all(
            t.startswith(w) for w, t in zip(words, target, strict=False)
        ):
            found.append(move)
    return found


def _resolve(text: str, state: GameState, moves: Sequence[Move], style: Style) -> Move | str:
    """The move ``text`` asks for, or a message saying what was wrong."""
    hint = f"type a move number (1-{len(moves)}), a move such as '{moves[-1]}', or 'help'"
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(moves):
            return moves[number - 1]
        return f"there is no move {number}; {hint}"
    problem: str
    words = text.split(maxsplit=1)
    verbs = [v for v in _VERBS if v.startswith(words[0].lower())]
    full = " ".join((verbs[0], *words[1:])) if len(verbs) == 1 else text  # 'disc 2s'
    try:
        parsed = parse_move(full)
    except MoveParseError as error:
        problem = str(error)
    else:
        if state.is_legal(parsed):
            return parsed
        problem = _why_illegal(state, parsed)
    found = _matches(text, moves)
    if len(found) == 1:
        return found[0]
    if found:
        listed = "; ".join(f"{moves.index(m) + 1}) {style.move(m)}" for m in found[:6])
        more = f"; ... ({len(found)} in all)" if len(found) > 6 else ""
        return f"{text!r} fits {len(found)} moves: {listed}{more}; type more of it or its number"
    return f"{problem}\n{hint}"


def _why_illegal(state: GameState, move: Move) -> str:
    """The :class:`~rummykit.errors.IllegalMoveError` message for ``move``."""
    try:
        state.apply(move)
    except IllegalMoveError as error:
        return str(error)
    return f"'{move}' cannot be played now"


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
