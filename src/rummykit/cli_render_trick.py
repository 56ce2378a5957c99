"""The renderer of the trick-and-quartet family (:class:`~rummykit.engine.trick.TrickView`):
Crummy's tricks said in words (who led, who played what, who took the trick), quartets laid
aside face down (their rank shown only where the eye may see it), who went out, and at the
end of a deal the going-out order with each seat's quartets and how they scored.

Registered with :func:`~rummykit.cli_render.register_renderer` when imported.

>>> import io, rummykit
>>> from rummykit.cli import watch
>>> from rummykit.agents import GreedyAgent
>>> log = io.StringIO()
>>> _ = watch(rummykit.variant("crummy", target=60), players=3, seed=1,
...           agents=[GreedyAgent()] * 3, out=log)
>>> line = next(line for line in log.getvalue().splitlines() if "trick 1:" in line)
>>> for part in line.split(" → "):
...     print(part.strip())
trick 1: seat 0 8♠, seat 1 9♦, seat 2 8♣, seat 0 8♥
seat 0 takes it with 8♥ (last of a repeated rank)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import JOKER, Card, Rank
from rummykit.cli_render import GenericRenderer, ended_deal, plural, register_renderer
from rummykit.cli_style import Style, count
from rummykit.engine.moves import Move
from rummykit.engine.trick import (
    CallHalt,
    EndQuartets,
    LayQuartet,
    PlayCard,
    PlayOn,
    TrickGameRules,
    TrickPhase,
    TrickView,
)
from rummykit.engine.views import Hidden, View
from rummykit.games.crummy import MultiplierScoring
from rummykit.pieces.outcome import DealEnd, DealOutcome

__all__ = ["TrickRenderer"]

_PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def _place(index: int) -> str:
    """``1st`` for index 0, and so on."""
    return _PLACES[index] if index < len(_PLACES) else f"{index + 1}th"


def _rules(view: TrickView) -> TrickGameRules | None:
    rules = view.game.rules if view.game is not None else None
    return rules if isinstance(rules, TrickGameRules) else None


class TrickRenderer(GenericRenderer):
    """The renderer of trick-and-quartet games; other views get the generic lines."""

    def __init__(self, style: Style, *, viewer: int | None, agents: Sequence[str]) -> None:
        super().__init__(style, viewer=viewer, agents=agents)

    def deal_header(self, views: Sequence[View]) -> list[str]:
        """Number, dealer, who leads; then each hand shown."""
        first = views[0]
        if not isinstance(first, TrickView):
            return super().deal_header(views)
        dot = self.style.dot
        parts = [
            f"deal {first.deal_number}",
            self.does(first.dealer, "deals"),
            self.does(first.leader, "leads"),
        ]
        return [self.heading(f" {dot} ".join(parts)), *self.hand_lines(views)]

    def _ranks(self, ranks: Sequence[Rank | Hidden], marker: int | None) -> str:
        shown = ["?" if isinstance(r, Hidden) else r.label for r in ranks]
        if marker is not None and 0 <= marker < len(shown):
            shown[marker] += f"+{self.style.card(JOKER)}"
        return " ".join(shown) if shown else "none"

    def move_lines(self, before: View, move: Move, after: View, *, mover: int) -> list[str]:
        """The move in words, the trick when it is complete, who went out, and the deal's
        summary when it ended."""
        if not isinstance(before, TrickView) or not isinstance(after, TrickView):
            return super().move_lines(before, move, after, mover=mover)
        s = self.style
        lines = [self.act(mover, self._event(before, move, after, mover))]
        outcome = ended_deal(before, after)
        same_deal = after.deal_number == before.deal_number
        if isinstance(move, PlayCard) and (
            after.tricks_played > before.tricks_played or (not same_deal and outcome is not None)
        ):
            trick = after.last_trick if same_deal else (*before.trick, (mover, move.card))
            lines.append(f"   trick {before.tricks_played + 1}: {self._trick_text(before, trick)}")
        if same_deal:
            for place, seat in enumerate(after.out):
                if place >= len(before.out):
                    verb = "are" if seat == self.viewer else "is"
                    lines.append(s.bold(f"   {self.who(seat)} {verb} out ({_place(place)})"))
        if outcome is not None:
            lines.extend(self.deal_summary(before, after, outcome))
        return lines

    def _trick_text(self, view: TrickView, trick: Sequence[tuple[int, Card]]) -> str:
        """``seat 0 8♠, seat 1 Q♥, seat 2 8♣ → seat 2 takes it with 8♣ (...)``."""
        s = self.style
        plays = ", ".join(f"{self.who(seat)} {s.card(card)}" for seat, card in trick)
        rules = _rules(view)
        if rules is None or not trick:
            return plays
        index = rules.tricks.winner([card for _, card in trick])
        seat, card = trick[index]
        repeated = sum(c.rank == card.rank for _, c in trick) > 1
        why = "last of a repeated rank" if repeated else "highest card"
        return f"{plays} {s.arrow} {self.does(seat, 'takes')} it with {s.card(card)} ({why})"

    def _event(self, before: TrickView, move: Move, after: TrickView, mover: int) -> str:
        s = self.style
        if isinstance(move, PlayCard):
            verb = "leads" if not before.trick else "plays"
            return f"{verb} {s.card(move.card)}"
        if isinstance(move, LayQuartet):
            seen = before.seat == mover  # the rank of a quartet is hidden from the others
            if before.phase is TrickPhase.LAST:
                what = f"the {plural(move.rank)}" if seen else "one of its quartets"
                return f"puts the Joker on {what}"
            what = f"the four {plural(move.rank)}" if seen else "a quartet (face down)"
            text = f"lays aside {what}"
            if before.marker is None and after.marker is not None:
                text += "; the Joker marks this first quartet"
            return text
        if isinstance(move, EndQuartets):
            return "lays aside no more quartets"
        if isinstance(move, CallHalt):
            return "calls a halt: takes the lower of the two quartets left and goes out first"
        if isinstance(move, PlayOn):
            return "plays on (no halt)"
        return s.move(move)

    def deal_summary(self, before: View, after: View, outcome: DealOutcome) -> list[str]:
        """Why the deal ended, each seat's place, quartets and points, and the scores."""
        if not isinstance(before, TrickView):
            return super().deal_summary(before, after, outcome)
        s, dot = self.style, self.style.dot
        rules = _rules(before)
        scoring = rules.scoring if rules is not None else None
        why = {
            DealEnd.PLAY: "play ended",
            DealEnd.HALT: "a halt was called",
            DealEnd.REPETITION_HALT: "a position repeated, so the play was halted",
            DealEnd.SAFEGUARD: "a position repeated, so the players went out in turn",
        }.get(outcome.reason, outcome.reason.value)
        lines = [s.bold(f"   deal {outcome.deal_number} over: {why}")]
        players = outcome.players
        for place, seat in enumerate(outcome.order):
            ranks = outcome.quartets[seat] if seat < len(outcome.quartets) else ()
            joker = (
                outcome.marker[1]
                if outcome.marker is not None and outcome.marker[0] == seat
                else None
            )
            text = (
                f"     out {_place(place)}: {self.who(seat)} {dot} "
                f"quartets {self._ranks(ranks, joker)}"
            )
            if isinstance(scoring, MultiplierScoring) and seat < len(outcome.points):
                component = scoring.component(players, ranks, joker)
                text += f" {dot} {players - place} x {component} = {outcome.points[seat]}"
            lines.append(text)
        gains = [
            f"{self.who(seat)} {self.signed(points)}"
            for seat, points in enumerate(outcome.points)
            if points
        ]
        lines.append(s.bold(f"   deal scores: {', '.join(gains) or 'nobody scores'}"))
        lines.append(f"   scores: {self.score_line(after)}")
        return lines

    def turn_lines(self, view: View) -> list[str]:
        """What to do, the scores, the trick so far, the last trick, everyone's quartets,
        the cards held and the hand."""
        if not isinstance(view, TrickView):
            return super().turn_lines(view)
        s, dot = self.style, self.style.dot
        hint = {
            TrickPhase.HALT: "call a halt, or play on",
            TrickPhase.TRICK: "lead a card" if not view.trick else "play a card to the trick",
            TrickPhase.QUARTETS: "lay aside quartets, or done",
            TrickPhase.LAST: "choose the quartet that takes the Joker",
        }.get(view.phase, "your move")
        rules = _rules(view)
        target = f"  (to {rules.game_end.target})" if rules is not None else ""
        lines = [
            self.heading(
                f"your turn (seat {view.seat}) {dot} deal {view.deal_number} {dot} {hint}"
            ),
            f"scores:   {self.score_line(view)}{target}",
        ]
        trick = ", ".join(f"{self.who(seat)} {s.card(card)}" for seat, card in view.trick)
        lines.append(f"trick:    {trick or '(none yet)'}")
        if view.last_trick:
            last = ", ".join(f"{self.who(seat)} {s.card(c)}" for seat, c in view.last_trick)
            took = (
                f" {s.arrow} {self.does(view.last_winner, 'takes')} it"
                if view.last_winner is not None
                else ""
            )
            lines.append(f"last:     {last}{took}")
        lacking = view.lacking()
        if any(lacking):
            held = "; ".join(
                f"{self.who(seat)} no {' '.join(s.suit(suit) for suit in suits)}"
                for seat, suits in enumerate(lacking)
                if suits and seat != view.seat
            )
            if held:
                lines.append(f"passed:   {held}")
        stacks = []
        for seat, ranks in enumerate(view.quartets):
            joker = view.marker[1] if view.marker is not None and view.marker[0] == seat else None
            stacks.append(f"{self.who(seat)} {self._ranks(ranks, joker)}")
        lines.append(f"quartets: {'; '.join(stacks)}")
        sizes = ", ".join(
            f"{self.who(i)} {n}" for i, n in enumerate(view.hand_sizes) if i != view.seat
        )
        out = ", ".join(self.who(i) for i in view.out)
        out_text = f" {dot} out: {out}" if out else ""
        lines.append(f"cards:    {sizes} {dot} tricks played {view.tricks_played}{out_text}")
        lines.append(f"hand:     {s.hand(view.hand)}  ({count(len(view.hand), 'card')})")
        return lines


register_renderer(TrickView, TrickRenderer)
