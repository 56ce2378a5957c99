"""The one renderer of ``rummykit watch`` and ``rummykit play``: what the command line prints
about a game, worked out from views (:meth:`GameState.view <rummykit.GameState.view>`) only.

A :class:`Renderer` is given the views of one seat (the *eye*) and never a state, so what it
prints is what that seat could see at the table: in ``play`` the eye is always the person's
seat, so the person is never shown a card their seat could not see; in ``watch`` (a
spectator who sees everything) the eye is the seat that moves, so every draw is named, and
every seat's hand is shown when a deal starts. :class:`Narrator` is the small driver that
turns states into views for a renderer; ``watch`` and ``play`` go through it.

Each family of games has its renderer, chosen by the class of its views
(:func:`renderer_for`; :func:`register_renderer` adds one, e.g. for a plugin's family);
:class:`GenericRenderer` works for any view through the :class:`~rummykit.View` protocol.

>>> import rummykit
>>> from rummykit.cli_style import Style
>>> state = rummykit.variant("crib-rummy").new_game(players=2, seed=1)
>>> narrator = Narrator(state, Style(symbols=False), viewer=0, agents=["you", "greedy"])
>>> type(narrator.renderer).__name__
'RummyRenderer'
>>> narrator.opening(state)[0]
'-- deal 1 - seat 1 deals - upcard 7S - you start - wild: jokers --'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from rummykit.cards import Card, Rank
from rummykit.cli_style import Style
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move
from rummykit.engine.views import View
from rummykit.pieces.outcome import DealOutcome

__all__ = [
    "GenericRenderer",
    "Narrator",
    "Renderer",
    "RendererFactory",
    "plural",
    "register_renderer",
    "renderer_for",
]


class Renderer(Protocol):
    """What the command line says about the views of one family of games, as lines of text.

    ``viewer`` (given to the factory) is the person's seat in ``play``; ``None`` is a
    spectator (``watch``). Every method is given views of one seat and must print nothing
    that seat's views do not show.
    """

    def deal_header(self, views: Sequence[View]) -> list[str]:
        """The lines that open a deal, from the views of the seats whose hands are shown
        (every seat for a spectator, the person's alone in ``play``)."""
        ...

    def move_lines(self, before: View, move: Move, after: View, *, mover: int) -> list[str]:
        """The log lines for ``move`` by ``mover``, from one seat's views before and after
        it (with the deal's summary when the move ends a deal)."""
        ...

    def turn_lines(self, view: View) -> list[str]:
        """What the person sees before choosing a move (above the move list)."""
        ...

    def move_label(self, view: View, move: Move) -> str:
        """How the legal ``move`` is listed for the person whose ``view`` it is."""
        ...

    def score_line(self, view: View) -> str:
        """Every seat's score on one line."""
        ...

    def ending(self, view: View, moves: int, winners: Sequence[int]) -> list[str]:
        """The closing lines of a finished game of ``moves`` moves."""
        ...


class RendererFactory(Protocol):
    """Builds the :class:`Renderer` of one game (a renderer class is one)."""

    def __call__(self, style: Style, *, viewer: int | None, agents: Sequence[str]) -> Renderer: ...


def last_outcome(view: View) -> DealOutcome | None:
    """The view's last finished deal (``last_deal``), where its family reports one."""
    outcome = getattr(view, "last_deal", None)
    return outcome if isinstance(outcome, DealOutcome) else None


def ended_deal(before: View, after: View) -> DealOutcome | None:
    """The deal that the move from ``before`` to ``after`` ended, else ``None``."""
    outcome = last_outcome(after)
    if outcome is not None and outcome.deal_number == before.deal_number:
        earlier = last_outcome(before)
        if earlier is None or earlier.deal_number != before.deal_number:
            return outcome
    return None


def gained(before: View, after: View) -> list[Card]:
    """The cards that reached the eye's hand between two views of one deal, sorted."""
    if after.deal_number != before.deal_number:
        return []
    return sorted((Counter(after.hand) - Counter(before.hand)).elements())


class GenericRenderer:
    """The renderer of any game, through the :class:`~rummykit.View` protocol: the move's
    text, the scores when they change, a header for each deal with the hands shown, and the
    final scores. Families subclass it to say more."""

    def __init__(self, style: Style, *, viewer: int | None, agents: Sequence[str]) -> None:
        self.style = style
        self.viewer = viewer
        self.agents = agents

    # -- words ---------------------------------------------------------------------------------

    def who(self, seat: int) -> str:
        """``you`` for the viewer, ``seat N`` for everyone else."""
        return "you" if seat == self.viewer else f"seat {seat}"

    def does(self, seat: int, verb: str) -> str:
        """``seat 1 starts`` but ``you start``: ``verb`` is the third-person form."""
        if seat == self.viewer:
            return f"you {_plain(verb)}"
        return f"seat {seat} {verb}"

    def act(self, seat: int, text: str) -> str:
        """``seat 1: passes: turns down the upcard`` but ``you: pass: turn down the
        upcard``: ``text`` starts with a third-person verb (as does each part after a
        colon).

        >>> GenericRenderer(Style(), viewer=0, agents=[]).act(0, "passes: turns down 7♥")
        'you: pass: turn down 7♥'
        """
        if seat != self.viewer:
            return f"{self.who(seat)}: {text}"
        parts = []
        for part in text.split(": "):
            verb, space, rest = part.partition(" ")
            parts.append(_plain(verb) + space + rest)
        return f"you: {': '.join(parts)}"

    def whose(self, seat: int) -> str:
        """``your`` for the viewer, ``seat N's`` for everyone else."""
        return "your" if seat == self.viewer else f"seat {seat}'s"

    def signed(self, points: int) -> str:
        """``+5``, ``-5`` or ``0``."""
        return f"+{points}" if points > 0 else str(points)

    def heading(self, text: str) -> str:
        """``── text ──`` in bold."""
        s = self.style
        return s.bold(f"{s.rule * 2} {text} {s.rule * 2}")

    # -- the protocol --------------------------------------------------------------------------

    def score_line(self, view: View) -> str:
        """``seat 0 12 · seat 1 30`` (the separator in this style)."""
        dot = self.style.dot
        return f" {dot} ".join(
            f"{self.who(seat)} {score}" for seat, score in enumerate(view.scores)
        )

    def deal_header(self, views: Sequence[View]) -> list[str]:
        """The deal's number, the dealer and who moves first; then the hands shown."""
        first = views[0]
        dot = self.style.dot
        parts = [
            f"deal {first.deal_number}",
            self.does(first.dealer, "deals"),
            self.does(first.to_move, "starts"),
        ]
        return [self.heading(f" {dot} ".join(parts)), *self.hand_lines(views)]

    def hand_lines(self, views: Sequence[View]) -> list[str]:
        """``   seat 0: A♠ 2♠ ...`` for each view's own hand, sorted."""
        return [f"   {self.who(v.seat)}: {self.style.hand(v.hand)}" for v in views]

    def move_lines(self, before: View, move: Move, after: View, *, mover: int) -> list[str]:
        """The move, the scores if they changed, and the deal's summary if it ended."""
        lines = [f"{self.who(mover)}: {self.style.move(move)}"]
        outcome = ended_deal(before, after)
        if outcome is not None:
            lines.extend(self.deal_summary(before, after, outcome))
        elif after.scores != before.scores:
            lines.append(f"   scores: {self.score_line(after)}")
        return lines

    def deal_summary(self, before: View, after: View, outcome: DealOutcome) -> list[str]:
        """The end of a deal: what each seat scored (and why, where the family knows), and
        the scores."""
        gains = [
            f"{self.who(seat)} {self.signed(points)}"
            for seat, points in enumerate(outcome.points)
            if points
        ]
        scored = ", ".join(gains) if gains else "nobody scores"
        return [
            self.style.bold(f"   deal {outcome.deal_number} over {self.style.dot} {scored}"),
            f"   scores: {self.score_line(after)}",
        ]

    def turn_lines(self, view: View) -> list[str]:
        """The deal, the scores and the hand."""
        s = self.style
        return [
            self.heading(f"your turn (seat {view.seat}) {s.dot} deal {view.deal_number}"),
            f"scores:  {self.score_line(view)}",
            f"hand:    {s.hand(view.hand)}  ({len(view.hand)} cards)",
        ]

    def move_label(self, view: View, move: Move) -> str:
        """The move in this style."""
        return self.style.move(move)

    def ending(self, view: View, moves: int, winners: Sequence[int]) -> list[str]:
        """The closing lines: final scores and the winner(s)."""
        s = self.style
        deals = view.deal_number
        lines = [
            "",
            self.heading(f"game over after {deals} deal{'s' * (deals != 1)}, {moves} moves"),
            f"final scores: {self.score_line(view)}",
        ]
        if len(winners) == 1:
            lines.append(s.bold(f"winner: {self.who(winners[0])} ({view.scores[winners[0]]})"))
        elif winners:
            lines.append(s.bold(f"winners (tied): {', '.join(map(self.who, winners))}"))
        return lines


def plural(rank: Rank) -> str:
    """A rank in the plural: ``Aces``, ``Kings``, ``9s``.

    >>> plural(Rank.QUEEN), plural(Rank.TEN)
    ('Queens', '10s')
    """
    if rank.label in ("A", "J", "Q", "K"):
        return rank.name.capitalize() + "s"
    return f"{rank.label}s"


def _plain(verb: str) -> str:
    """The plain form of a third-person verb: ``deals`` -> ``deal``, ``passes`` -> ``pass``,
    ``has`` -> ``have``."""
    irregular = {"has": "have", "does": "do", "is": "are"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "oes")):
        return verb[:-2]
    return verb.removesuffix("s")


_FAMILIES: dict[type, RendererFactory] = {}
_BUILT_IN_LOADED: list[bool] = [False]


def register_renderer(view_class: type, factory: RendererFactory) -> None:
    """Render the views of ``view_class`` (and its subclasses) with ``factory``; a later
    registration for the same class replaces an earlier one."""
    _FAMILIES[view_class] = factory


def _load_built_in() -> None:
    if not _BUILT_IN_LOADED[0]:
        _BUILT_IN_LOADED[0] = True
        from rummykit import cli_render_rummy, cli_render_trick  # noqa: F401  (register)


def renderer_for(
    view: View, style: Style, *, viewer: int | None, agents: Sequence[str]
) -> Renderer:
    """The renderer registered for the class of ``view`` (the nearest registered class in
    its method resolution order), else :class:`GenericRenderer`."""
    _load_built_in()
    for cls in type(view).__mro__:
        factory = _FAMILIES.get(cls)
        if factory is not None:
            return factory(style, viewer=viewer, agents=agents)
    return GenericRenderer(style, viewer=viewer, agents=agents)


class Narrator:
    """Drives a :class:`Renderer` for one audience: ``viewer`` is the person's seat (only
    that seat's views are ever built) or ``None`` for a spectator (the mover's views, and
    every seat's hand when a deal starts)."""

    def __init__(
        self, state: GameState, style: Style, *, viewer: int | None, agents: Sequence[str]
    ) -> None:
        self.viewer = viewer
        self.renderer = renderer_for(
            state.view(0 if viewer is None else viewer), style, viewer=viewer, agents=agents
        )

    def _views(self, state: GameState) -> list[View]:
        if self.viewer is None:
            return [state.view(seat) for seat in range(state.players)]
        return [state.view(self.viewer)]

    def opening(self, state: GameState) -> list[str]:
        """The first deal's header."""
        return self.renderer.deal_header(self._views(state))

    def move(self, before: GameState, move: Move, after: GameState) -> list[str]:
        """The lines for ``move`` taking ``before`` to ``after`` (with the next deal's header
        when it starts one)."""
        mover = before.to_move
        eye = mover if self.viewer is None else self.viewer
        lines = self.renderer.move_lines(before.view(eye), move, after.view(eye), mover=mover)
        if after.deal_number != before.deal_number and not after.is_over:
            lines.extend(["", *self.renderer.deal_header(self._views(after))])
        return lines

    def turn(self, state: GameState, seat: int) -> list[str]:
        """What ``seat`` (the person) sees before choosing a move."""
        return self.renderer.turn_lines(state.view(seat))

    def label(self, state: GameState, seat: int, move: Move) -> str:
        """How ``move`` is listed for ``seat``."""
        return self.renderer.move_label(state.view(seat), move)

    def scores(self, state: GameState) -> str:
        """Every seat's score on one line."""
        return self.renderer.score_line(state.view(0 if self.viewer is None else self.viewer))

    def ending(self, state: GameState, moves: int) -> list[str]:
        """The closing lines of the finished game."""
        winners = state.winners
        view = state.view(0 if self.viewer is None else self.viewer)
        return self.renderer.ending(view, moves, winners)
