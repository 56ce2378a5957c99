"""Narration: the lines ``rummykit watch`` and ``rummykit play`` print about a game.

``watch`` and ``play`` know games only through the public surface of
:class:`~rummykit.engine.core.GameState`; what they say about a state goes through a
:class:`Narration`, chosen by :func:`narration_for` from the state's family (its class).
:class:`GenericNarration` works for every game: the move's text, the scores when they change,
a header for each deal and the final scores. A family that can say more (the draw-and-discard
narration of :mod:`rummykit.cli_narration_rummy` names the upcard, the card drawn, the points a
meld pegs and why a deal ended) registers a factory for its state class with
:func:`register_narration`.

>>> import rummykit
>>> from rummykit.cli_style import Style
>>> state = rummykit.variant("crummy").new_game(players=3, seed=1)
>>> narration = narration_for(state, Style(), viewer=None, agents=["greedy"] * 3)
>>> type(narration).__name__, narration.deal_header(state)
('GenericNarration', ['── deal 1 ──'])
>>> type(narration_for(rummykit.variant("crib-rummy").new_game(players=2, seed=1),
...                    Style(), viewer=0, agents=["you", "greedy"])).__name__
'RummyNarration'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rummykit.cli_style import Style
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move

__all__ = [
    "GenericNarration",
    "Narration",
    "NarrationFactory",
    "narration_for",
    "register_narration",
]


class Narration(Protocol):
    """What the command line says about the states of one family of games, as lines of text.

    ``viewer`` (given to the factory) is the person's seat in ``play``, whose hidden cards
    may be shown; ``None`` is a spectator who sees everything (``watch``).
    """

    def deal_header(self, state: GameState) -> list[str]:
        """The lines that open a deal (the first one, and each one a move starts)."""
        ...

    def move_lines(self, before: GameState, move: Move, after: GameState) -> list[str]:
        """The log lines for ``move`` taking ``before`` to ``after`` (with the next deal's
        header when the move ends a deal)."""
        ...

    def turn_lines(self, state: GameState, seat: int) -> list[str]:
        """What the person at ``seat`` sees before choosing a move (above the move list)."""
        ...

    def move_label(self, state: GameState, seat: int, move: Move) -> str:
        """How the legal ``move`` is listed for the person at ``seat``."""
        ...

    def score_line(self, state: GameState) -> str:
        """Every seat's score on one line."""
        ...

    def ending(self, state: GameState, moves: int) -> list[str]:
        """The closing lines of a finished game of ``moves`` moves."""
        ...


class NarrationFactory(Protocol):
    """Builds the :class:`Narration` of one game (a narration class is one)."""

    def __call__(
        self, style: Style, *, viewer: int | None, agents: Sequence[str]
    ) -> Narration: ...


class GenericNarration:
    """The narration of any game, through the public surface of its states: ``str(move)``,
    ``scores``, ``deal_number``, ``view(seat)``. Families subclass it to say more."""

    def __init__(self, style: Style, *, viewer: int | None, agents: Sequence[str]) -> None:
        self.style = style
        self.viewer = viewer
        self.agents = agents

    def who(self, seat: int) -> str:
        """``you`` for the viewer, ``seat N`` for everyone else."""
        return "you" if seat == self.viewer else f"seat {seat}"

    def does(self, seat: int, verb: str) -> str:
        """``seat 1 starts`` but ``you start``: ``verb`` is the third-person form."""
        if seat == self.viewer:
            return f"you {verb.removesuffix('s')}"
        return f"seat {seat} {verb}"

    def sees(self, seat: int) -> bool:
        """Whether the hidden cards of ``seat`` are shown."""
        return self.viewer is None or seat == self.viewer

    def score_line(self, state: GameState) -> str:
        """``seat 0 12 · seat 1 30`` (the separator in this style)."""
        dot = self.style.dot
        return f" {dot} ".join(
            f"{self.who(seat)} {score}" for seat, score in enumerate(state.scores)
        )

    def deal_header(self, state: GameState) -> list[str]:
        """A rule with the deal's number."""
        s = self.style
        return [s.bold(f"{s.rule * 2} deal {state.deal_number} {s.rule * 2}")]

    def move_lines(self, before: GameState, move: Move, after: GameState) -> list[str]:
        """The move, the scores if they changed, and the next deal's header."""
        lines = [f"{self.who(before.to_move)}: {self.style.move(move)}"]
        if after.scores != before.scores:
            lines.append(f"   scores: {self.score_line(after)}")
        if after.deal_number != before.deal_number and not after.over:
            lines.extend(self.deal_header(after))
        return lines

    def turn_lines(self, state: GameState, seat: int) -> list[str]:
        """``your turn:`` and the text of the seat's view."""
        return [f"{self.style.bold('your turn')}: {state.view(seat)}"]

    def move_label(self, state: GameState, seat: int, move: Move) -> str:
        """The move in this style."""
        return self.style.move(move)

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
            f"final scores: {self.score_line(state)}",
        ]
        if len(winners) == 1:
            lines.append(s.bold(f"winner: {self.who(winners[0])} ({state.scores[winners[0]]})"))
        elif winners:
            lines.append(s.bold(f"winners (tied): {', '.join(map(self.who, winners))}"))
        return lines


_FAMILIES: dict[type, NarrationFactory] = {}
_BUILT_IN_LOADED: list[bool] = [False]


def register_narration(state_class: type[GameState], factory: NarrationFactory) -> None:
    """Narrate the states of ``state_class`` (and its subclasses) with ``factory``; a later
    registration for the same class replaces an earlier one."""
    _FAMILIES[state_class] = factory


def _load_built_in() -> None:
    if not _BUILT_IN_LOADED[0]:
        _BUILT_IN_LOADED[0] = True
        from rummykit import cli_narration_rummy  # noqa: F401  (registers itself)


def narration_for(
    state: GameState, style: Style, *, viewer: int | None, agents: Sequence[str]
) -> Narration:
    """The narration registered for the family of ``state`` (the nearest registered class in
    its method resolution order), else :class:`GenericNarration`."""
    _load_built_in()
    for cls in type(state).__mro__:
        factory = _FAMILIES.get(cls)
        if factory is not None:
            return factory(style, viewer=viewer, agents=agents)
    return GenericNarration(style, viewer=viewer, agents=agents)
