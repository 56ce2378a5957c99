"""The command line: ``rummykit list | simulate | watch | play`` (also ``python -m rummykit``).

Every command is a function of its arguments and the streams it is given, so tests and
other programs can call :func:`main` directly; it returns the exit code (0 success, 1 a
simulation had errors, 2 a usage mistake) and never raises for user mistakes.

>>> import io
>>> from rummykit.cli import main
>>> out = io.StringIO()
>>> main(["list"], stdout=out)
0
>>> [line.split()[0] for line in out.getvalue().splitlines()][:2]
['contract-rummy', 'crazy-rummy']
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
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NoReturn, TextIO

import attrs

from rummykit.agents import AGENTS, Agent, make_agent
from rummykit.cards import Card
from rummykit.engine.core import GameState, Variant, summaries, variant
from rummykit.engine.moves import (
    ChooseStart,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Move,
    TakeDiscard,
    parse_move,
)
from rummykit.engine.rummy import DealEnd, Phase, Pickup, RummyState, RummyView, extended
from rummykit.errors import IllegalMoveError, MoveParseError, OptionError
from rummykit.melds import Meld, MeldKind, position_rank
from rummykit.sim import MAX_MOVES, SimulationReport, agent_rng, simulate

__all__ = ["Style", "main", "parse_option", "play", "watch"]

#: Exit codes.
OK: Final = 0
FAILED: Final = 1
USAGE: Final = 2

#: Reads one line of input after showing a prompt, like :func:`input` (raises ``EOFError``).
InputFn = Callable[[str], str]

_BOLD: Final = "\x1b[1m"
_DIM: Final = "\x1b[2m"
_RESET: Final = "\x1b[0m"
_SUIT_LETTERS: Final = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})


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
            choices=sorted(AGENTS),
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
    sim.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    sim.add_argument(
        "--agents", metavar="A,B,...", help="one agent per seat, e.g. greedy,random,random"
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    watch_ = commands.add_parser("watch", help="print one whole game between agents")
    game_arguments(watch_, agent="greedy")
    watch_.add_argument("--agents", metavar="A,B,...", help="one agent per seat")

    play_ = commands.add_parser("play", help="play one seat in the terminal against agents")
    game_arguments(play_, agent="greedy")
    play_.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
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
        make_agent(name)  # raises OptionError naming the choices
    return names


# -- display ------------------------------------------------------------------------------------


def _can_encode(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@attrs.frozen
class Style:
    """How cards and moves are shown: suit symbols, and ANSI colour for red suits.

    >>> from rummykit import Card, parse_move
    >>> Style().card(Card.parse("QH")), Style(symbols=False).card(Card.parse("QH"))
    ('Q♥', 'QH')
    >>> Style().move(parse_move("meld run 5H-7H: 5H 6H JK"))
    'meld run 5♥-7♥ (5♥ 6♥ 🃏)'
    """

    symbols: bool = True
    color: bool = False

    @classmethod
    def for_stream(cls, stream: TextIO) -> Style:
        """Symbols where the stream can encode them; colour only on a terminal and only when
        the ``NO_COLOR`` environment variable is unset or empty."""
        symbols = _can_encode(stream, "♠♥♦♣🃏→·─")
        color = symbols and _isatty(stream) and not os.environ.get("NO_COLOR")
        return cls(symbols=symbols, color=color)

    def card(self, card: Card) -> str:
        """One card."""
        return format(card, "c" if self.color else "s" if self.symbols else "")

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(card) for card in cards)

    def meld(self, meld: Meld) -> str:
        """A meld as ``run 5♥-7♥ (5♥ 6♥ 🃏)`` or ``set Q (Q♠ Q♥ Q♦)``."""
        if meld.kind is MeldKind.RUN and meld.suit is not None:
            low = self.card(Card.of(position_rank(meld.low), meld.suit))
            high = self.card(Card.of(position_rank(meld.high), meld.suit))
            anchor = f"{low}-{high}"
        else:
            anchor = meld.anchor_text()
        return f"{meld.kind.value} {anchor} ({self.cards(meld.cards)})"

    def move(self, move: Move) -> str:
        """A move in its text form with cards shown in this style."""
        if isinstance(move, LayMeld):
            return f"meld {self.meld(move.meld)}"
        if isinstance(move, LayOff):
            end = f" {move.end.value}" if move.end is not None else ""
            return f"lay {self.card(move.card)} on #{move.target}{end}"
        if isinstance(move, Discard):
            return f"discard {self.card(move.card)}"
        return str(move)

    def bold(self, text: str) -> str:
        """Bold on a colour terminal."""
        return f"{_BOLD}{text}{_RESET}" if self.color else text

    def dim(self, text: str) -> str:
        """Faint on a colour terminal."""
        return f"{_DIM}{text}{_RESET}" if self.color else text

    @property
    def dot(self) -> str:
        """The separator between parts of a line."""
        return "·" if self.symbols else "-"

    @property
    def arrow(self) -> str:
        """An arrow (``→``, or ``->`` without symbols)."""
        return "→" if self.symbols else "->"

    @property
    def rule(self) -> str:
        """A horizontal rule character."""
        return "─" if self.symbols else "-"


def _scores(state: GameState, name: Callable[[int], str]) -> str:
    return " · ".join(f"{name(seat)} {score}" for seat, score in enumerate(state.scores))


class _Narrator:
    """Turns moves into log lines. ``viewer`` is the person's seat in ``play`` (their own
    draws are shown, other hidden cards are not); ``None`` shows everything (``watch``)."""

    def __init__(self, style: Style, *, viewer: int | None, agents: Sequence[str]) -> None:
        self.style = style
        self.viewer = viewer
        self.agents = agents

    def who(self, seat: int) -> str:
        return "you" if seat == self.viewer else f"seat {seat}"

    def does(self, seat: int, verb: str) -> str:
        """``seat 1 starts`` but ``you start``: ``verb`` is the third-person form."""
        if seat == self.viewer:
            return f"you {verb.removesuffix('s')}"
        return f"seat {seat} {verb}"

    def sees(self, seat: int) -> bool:
        return self.viewer is None or seat == self.viewer

    def _scores(self, state: GameState) -> str:
        return _scores(state, self.who).replace(" · ", f" {self.style.dot} ")

    def deal_header(self, state: GameState) -> list[str]:
        """The lines that open a deal: number, dealer, upcard, who starts (and, for a
        spectator, every hand)."""
        s = self.style
        if not isinstance(state, RummyState):
            return [s.bold(f"{s.rule * 2} deal {state.deal_number} {s.rule * 2}")]
        parts = [f"deal {state.deal_number}", self.does(state.dealer, "deals")]
        if state.discards:
            parts.append(f"upcard {s.card(state.discards[0])}")
        if state.phase is Phase.CHOOSE_START:
            parts.append(f"{self.does(state.to_move, 'chooses')} who starts (lowest score)")
        else:
            parts.append(self.does(state.to_move, "starts"))
        lines = [s.bold(f"{s.rule * 2} {f' {s.dot} '.join(parts)} {s.rule * 2}")]
        for seat, hand in enumerate(state.hands):
            if self.sees(seat):
                lines.append(f"   {self.who(seat)}: {s.cards(hand)}")
        return lines

    def move_lines(self, before: GameState, move: Move, after: GameState) -> list[str]:
        """The log lines for ``move`` taking ``before`` to ``after``."""
        seat = before.to_move
        if not isinstance(before, RummyState) or not isinstance(after, RummyState):
            lines = [f"{self.who(seat)}: {self.style.move(move)}"]
            if after.scores != before.scores:
                lines.append(f"   scores: {self._scores(after)}")
            if after.deal_number != before.deal_number and not after.over:
                lines.extend(self.deal_header(after))
            return lines
        return self._rummy_lines(before, move, after)

    def _rummy_lines(self, before: RummyState, move: Move, after: RummyState) -> list[str]:
        s, seat, dot = self.style, before.to_move, self.style.dot
        text = f"{self.who(seat)}: {self._move_text(before, move, after)}"
        points = _lay_points(before, move)
        if points:
            text += f" +{points}"
        if isinstance(move, LayMeld | LayOff) and before.phase is Phase.PICKUP:
            taken = before.discards[-6:]
            if taken:
                shown = s.cards(taken) if self.sees(seat) else _count(len(taken), "card")
                text += f" {dot} takes {shown} from the pile"
        deal_over = after.last_deal is not before.last_deal and after.last_deal is not None
        delta = after.last_deal[2] if deal_over and after.last_deal else (0,) * before.players
        pegged = after.scores[seat] - before.scores[seat] - delta[seat]
        if pegged:
            text += f" {dot} pegs {pegged} {s.arrow} {before.scores[seat] + pegged}"
        if deal_over and after.last_deal is not None and after.last_deal[1] == seat:
            text += f" {dot} out!"
        lines = [text]
        target = after.rules.game_end.target
        for reacher in after.reached[len(before.reached) :]:
            note = f"   {self.who(reacher)} reached {target}"
            if not deal_over and not after.over:
                note += "; players with fewer turns this deal take one more (R45)"
            lines.append(s.bold(note))
        if deal_over and after.last_deal is not None:
            lines.extend(self._deal_end(before, after, *after.last_deal))
        if after.deal_number != before.deal_number and not after.over:
            lines.append("")
            lines.extend(self.deal_header(after))
        return lines

    def _move_text(self, before: RummyState, move: Move, after: RummyState) -> str:
        s, seat = self.style, before.to_move
        if isinstance(move, Draw):
            # Name the card that reached the hand: the stock may have been empty before the
            # draw (a reshuffle refills it), and a claim window may delay the draw (R34).
            arrived = Counter(after.hands[seat]) - Counter(before.hands[seat])
            if self.sees(seat) and sum(arrived.values()) == 1:
                return f"draw {s.card(next(iter(arrived)))}"
            return "draw"
        if isinstance(move, TakeDiscard):
            must = " (to meld at once)" if before.rules.pickup is not Pickup.TOP else ""
            return f"take {s.card(before.discards[-1])}{must}"
        if isinstance(move, ChooseStart):
            if move.first:
                return f"start ({self.does(seat, 'leads')} this deal)"
            return f"decline ({self.does((seat + 1) % before.players, 'starts')})"
        return s.move(move)

    def _deal_end(
        self,
        before: RummyState,
        after: RummyState,
        reason: DealEnd,
        out: int | None,
        delta: tuple[int, ...],
    ) -> list[str]:
        s = self.style
        if reason is DealEnd.OUT and out is not None:
            why = f"{self.who(out)} went out"
        elif reason is DealEnd.STOCK:
            why = "the stock ran out"
        else:
            why = "the safeguard stopped it"
        gains = [
            f"{self.who(seat)} +{d}" if d > 0 else f"{self.who(seat)} {d}"
            for seat, d in enumerate(delta)
            if d
        ]
        bonus = f" {s.dot} deal scores: {', '.join(gains)}" if gains else f" {s.dot} no bonus"
        return [
            s.bold(f"   deal {before.deal_number} over: {why}{bonus}"),
            f"   scores: {self._scores(after)}",
        ]

    def ending(self, state: GameState, moves: int) -> list[str]:
        """The closing lines: final scores and the winner(s)."""
        s = self.style
        winners: tuple[int, ...] = getattr(state, "winners", ())
        deals = state.deal_number - state.setup.deal + 1
        lines = [
            "",
            s.bold(
                f"{s.rule * 2} game over after {deals} deal{'s' * (deals != 1)}, "
                f"{moves} moves {s.rule * 2}"
            ),
            f"final scores: {self._scores(state)}",
        ]
        if len(winners) == 1:
            lines.append(s.bold(f"winner: {self.who(winners[0])} ({state.scores[winners[0]]})"))
        elif winners:
            lines.append(s.bold(f"winners (tied): {', '.join(map(self.who, winners))}"))
        return lines


def _lay_points(before: RummyState, move: Move) -> int:
    """What laying ``move`` scores by the variant's meld scoring (0 for other moves)."""
    scoring = before.rules.meld_scoring
    if isinstance(move, LayMeld):
        return scoring.points(None, move.meld)
    if isinstance(move, LayOff) and 0 <= move.target < len(before.table):
        placed = before.table[move.target].meld
        grown = extended(placed, move.card, move.end)
        return scoring.points(placed, grown) if grown is not None else 0
    return 0


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' * (number != 1)}"


def _write(out: TextIO, lines: Iterable[str]) -> None:
    for line in lines:
        out.write(line + "\n")


def _agent_rng(seed: int) -> random.Random:
    """The agents' generator, the one :func:`rummykit.sim.play_game` uses, so that
    ``watch --seed S`` shows the game ``play_game(seed=S)`` plays."""
    return agent_rng(seed)


# -- watch --------------------------------------------------------------------------------------


def watch(
    game: Variant,
    *,
    players: int,
    seed: int,
    agents: Sequence[Agent],
    out: TextIO,
    style: Style | None = None,
) -> GameState:
    """Play one game between ``agents`` (one per seat) and print every move to ``out``.

    >>> import io, rummykit
    >>> from rummykit.agents import GreedyAgent
    >>> log = io.StringIO()
    >>> final = watch(rummykit.variant("crib-rummy", target=31), players=2, seed=1,
    ...               agents=[GreedyAgent()] * 2, out=log)
    >>> final.is_over, "final scores:" in log.getvalue()
    (True, True)
    """
    style = style or Style.for_stream(out)
    names = [a.name for a in agents]
    narrator = _Narrator(style, viewer=None, agents=names)
    state = game.new_game(players=players, seed=seed)
    options = ", ".join(f"{k}={v}" for k, v in game.options)
    _write(
        out,
        [
            style.bold(f"{game.name}: {players} players, seed {seed}"),
            f"agents: {', '.join(f'seat {i} {n}' for i, n in enumerate(names))}",
            f"options: {options or 'none'}",
            "",
        ],
    )
    _write(out, narrator.deal_header(state))
    rng = _agent_rng(seed)
    moves = 0
    while not state.is_over:
        if moves >= MAX_MOVES:
            raise RuntimeError(f"game with seed {seed} did not end within {MAX_MOVES} moves")
        move = agents[state.to_move].choose(state, rng)
        after = state.apply(move)
        moves += 1
        _write(out, narrator.move_lines(state, move, after))
        state = after
    _write(out, narrator.ending(state, moves))
    return state


# -- play ---------------------------------------------------------------------------------------

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


def _normal_words(text: str) -> list[str]:
    """Lower-case words, suit symbols as letters, card words in canonical text (``th`` is
    ``10h``)."""
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


def _status(state: GameState, seat: int, moves: Sequence[Move], narrator: _Narrator) -> list[str]:
    """What the person sees before choosing: scores, table, pile, hand and numbered moves."""
    s, dot = narrator.style, narrator.style.dot
    view = state.view(seat)
    lines = [""]
    if not isinstance(view, RummyView):
        lines.append(f"{s.bold('your turn')}: {view}")
    else:
        phase = {
            Phase.CHOOSE_START: "you have the lowest score: start this deal, or let the next "
            "player start (R44)",
            Phase.DRAW: "draw from the stock, or take the top discard",
            Phase.PICKUP: f"meld the {s.card(view.pending) if view.pending else 'card'} you "
            "took, with cards from your hand or on a meld (R41)",
            Phase.PLAY: "meld or lay off, then discard",
        }.get(view.phase, "")
        lines.append(
            s.bold(
                f"{s.rule * 2} your turn (seat {seat}) {dot} deal "
                f"{view.deal_number} {dot} {phase} {s.rule * 2}"
            )
        )
        lines.append(f"scores:  {narrator._scores(state)}")
        if view.table:
            for index, placed in enumerate(view.table):
                label = "table:  " if index == 0 else "        "
                owner = narrator.who(placed.owner)
                lines.append(f"{label} #{index} {s.meld(placed.meld)} {s.dim(f'({owner})')}")
        else:
            lines.append("table:   (no melds yet)")
        top = s.card(view.discard_top) if view.discard_top is not None else "(empty)"
        others = ", ".join(
            f"{narrator.who(i)} {n}" for i, n in enumerate(view.hand_sizes) if i != seat
        )
        pile = _count(view.discard_size, "card")
        lines.append(
            f"pile:    {top} ({pile}) {dot} stock {view.stock_size} {dot} cards held: {others}"
        )
        if view.turn_points:
            lines.append(f"this turn: +{view.turn_points} (pegged when your turn ends)")
        lines.append(f"hand:    {s.cards(view.hand)}  ({len(view.hand)} cards)")
    lines.append("moves:")
    singles = [(i, m) for i, m in enumerate(moves, 1) if not isinstance(m, Discard)]
    discards = [(i, m) for i, m in enumerate(moves, 1) if isinstance(m, Discard)]
    for number, move in singles:
        text = s.move(move)
        if isinstance(move, TakeDiscard) and isinstance(view, RummyView) and view.discard_top:
            text = f"take {s.card(view.discard_top)}"
        lines.append(f"  {number:>2}) {text}")
    row: list[str] = []
    for number, discard in discards:
        row.append(f"{number:>2}) {s.move(discard)}")
        if len(row) == 5:
            lines.append("  " + "   ".join(row))
            row = []
    if row:
        lines.append("  " + "   ".join(row))
    return lines


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
    narrator = _Narrator(style, viewer=seat, agents=names)
    state = game.new_game(players=players, seed=seed)
    opponents = ", ".join(f"seat {i} ({n})" for i, n in enumerate(names) if i != seat)
    _write(
        out,
        [
            style.bold(f"{game.name}: you are seat {seat} against {opponents}; seed {seed}"),
            "type a move's number or its text; 'help' lists the commands, 'quit' stops",
            "",
        ],
    )
    _write(out, narrator.deal_header(state))
    rng = _agent_rng(seed)
    applied = 0
    while not state.is_over:
        if state.to_move == seat:
            move = _ask(state, seat, narrator, input_fn, out)
            if move is None:
                out.write(
                    f"game abandoned after {applied} moves; scores: {narrator._scores(state)}\n"
                )
                return OK
        else:
            move = agents[state.to_move].choose(state, rng)
        after = state.apply(move)
        applied += 1
        _write(out, narrator.move_lines(state, move, after))
        state = after
    _write(out, narrator.ending(state, applied))
    winners: tuple[int, ...] = getattr(state, "winners", ())
    if seat in winners:
        out.write(style.bold("you win!") + "\n")
    return OK


def _ask(
    state: GameState, seat: int, narrator: _Narrator, input_fn: InputFn, out: TextIO
) -> Move | None:
    """Ask the person for a move until they give a legal one; ``None`` when they quit."""
    moves = list(state.legal_moves())
    _write(out, _status(state, seat, moves, narrator))
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
            _write(out, _status(state, seat, moves, narrator))
        elif command == "record":
            out.write(_save_record(state, rest.strip()) + "\n")
        else:
            result = _resolve(text, state, moves, narrator.style)
            if not isinstance(result, str):
                return result
            out.write(result + "\n")


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


# -- simulate and list --------------------------------------------------------------------------


def _progress(stream: TextIO) -> Callable[[int, int], None] | None:
    """A progress line on ``stream`` if it is a terminal (``None`` otherwise)."""
    if not _isatty(stream):
        return None
    last = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if done == total:
            stream.write("\r\x1b[K")
        elif now - last[0] >= 0.1:
            stream.write(f"\rgame {done}/{total}")
        else:
            return
        last[0] = now
        stream.flush()

    return show


def _report_table(report: SimulationReport) -> list[str]:
    lines = [
        f"{report.variant}, {report.players} players, {report.games} games, seed {report.seed}",
        f"completed {report.completed}, errors {report.errors}, {report.moves:,} moves in "
        f"{report.seconds:.2f} s ({report.games_per_second:,.1f} games/s, "
        f"{report.moves_per_second:,.0f} moves/s)",
        "",
        "seat  agent     mean score    wins",
    ]
    for seat, (name, mean, wins) in enumerate(
        zip(report.agents, report.mean_scores, report.wins, strict=True)
    ):
        lines.append(f"{seat:>4}  {name:<8} {mean:>11.1f} {wins:>7g}")
    for sample in report.error_samples:
        lines.append(f"error: {sample}")
    return lines


def _list(args: argparse.Namespace, out: TextIO) -> int:
    found = summaries()
    if args.json:
        data = []
        for key, summary in found.items():
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
        out.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")
        return OK
    width = max((len(key) for key in found), default=0)
    for key, summary in found.items():
        out.write(f"{key:<{width}}  {summary}\n")
    return OK


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game = _variant(args)
    players = _players(args, game)
    names = _agent_names(args, players)
    if args.games < 0:
        raise _UsageError(f"--games must not be negative, got {args.games}")
    report = simulate(
        game,
        players=players,
        games=args.games,
        seed=args.seed,
        agents=names,
        progress=_progress(err),
    )
    if args.json:
        out.write(json.dumps(report.to_json(), indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        _write(out, _report_table(report))
    return OK if report.errors == 0 else FAILED


def _watch(args: argparse.Namespace, out: TextIO) -> int:
    game = _variant(args)
    players = _players(args, game)
    agents = [make_agent(name) for name in _agent_names(args, players)]
    watch(game, players=players, seed=args.seed, agents=agents, out=out)
    return OK


def _play(args: argparse.Namespace, input_fn: InputFn, out: TextIO) -> int:
    game = _variant(args)
    players = _players(args, game)
    if not 0 <= args.seat < players:
        raise _UsageError(f"--seat must be 0-{players - 1} in a {players}-player game")
    agents = [make_agent(args.agent) for _ in range(players)]
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
        return _play(args, input_fn or _terminal_input, out)
    except _UsageError as error:
        err.write(f"{error}\n" if str(error).startswith("usage:") else f"rummykit: {error}\n")
        return USAGE
    except OptionError as error:
        err.write(f"rummykit: {error}\n")
        return USAGE
    except KeyboardInterrupt:
        err.write("\nrummykit: interrupted\n")
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `rummykit watch ... | head`): stop quietly.
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (keep the interpreter quiet)
        return FAILED
