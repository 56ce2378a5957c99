"""The narration of the draw-and-discard family (:class:`~rummykit.engine.rummy.RummyState`).

Registered with :func:`~rummykit.cli_narration.register_narration` when imported (which
:func:`~rummykit.cli_narration.narration_for` does): the deal header names the dealer, the
upcard and who starts (and shows the hands the viewer may see); a move's line names the card
drawn or taken, the points a meld pegs, the pile taken with a deep pickup, the seats that reach
the target and why a deal ended; the person's turn shows the table, the pile and the hand.

>>> import io, rummykit
>>> from rummykit.cli import watch
>>> from rummykit.agents import GreedyAgent
>>> log = io.StringIO()
>>> _ = watch(rummykit.variant("crib-rummy", target=31), players=2, seed=1,
...           agents=[GreedyAgent()] * 2, out=log)
>>> print(log.getvalue().splitlines()[4])
── deal 1 · seat 1 deals · upcard ... · seat 0 starts ──
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummykit.cli_narration import GenericNarration, register_narration
from rummykit.cli_style import Style, count
from rummykit.engine.core import GameState
from rummykit.engine.moves import ChooseStart, Draw, LayMeld, LayOff, Move, TakeDiscard
from rummykit.engine.rummy import Phase, RummyState, RummyView, extended
from rummykit.pieces.knock import knock_result
from rummykit.pieces.outcome import DealEnd, DealOutcome

__all__ = ["RummyNarration"]


class RummyNarration(GenericNarration):
    """The narration of draw-and-discard games; other states get the generic lines."""

    def __init__(self, style: Style, *, viewer: int | None, agents: Sequence[str]) -> None:
        super().__init__(style, viewer=viewer, agents=agents)

    def deal_header(self, state: GameState) -> list[str]:
        """The lines that open a deal: number, dealer, upcard, who starts (and, for a
        spectator, every hand)."""
        if not isinstance(state, RummyState):
            return super().deal_header(state)
        s = self.style
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
        if not isinstance(before, RummyState) or not isinstance(after, RummyState):
            return super().move_lines(before, move, after)
        s, seat, dot = self.style, before.to_move, self.style.dot
        text = f"{self.who(seat)}: {self._move_text(before, move, after)}"
        points = _lay_points(before, move)
        if points:
            text += f" +{points}"
        if isinstance(move, LayMeld | LayOff) and before.phase is Phase.PICKUP:
            taken = before.discards[-6:]
            if taken:
                shown = s.cards(taken) if self.sees(seat) else count(len(taken), "card")
                text += f" {dot} takes {shown} from the pile"
        outcome = after.last_deal if after.last_deal is not before.last_deal else None
        deal_over = outcome is not None
        delta = outcome.points if outcome is not None else (0,) * before.players
        # Points laid this turn (Crib Rummy pegs them); at the end of a game, what the scores
        # gained beyond the deal is the end-of-game bonuses instead (Gin Rummy).
        extra = [a - b - d for a, b, d in zip(after.scores, before.scores, delta, strict=True)]
        pegged = 0 if after.over else extra[seat]
        if pegged:
            text += f" {dot} pegs {pegged} {s.arrow} {before.scores[seat] + pegged}"
        if outcome is not None and outcome.out == seat:
            text += f" {dot} out!"
        lines = [text]
        target = after.rules.game_end.target
        for reacher in after.reached[len(before.reached) :]:
            note = f"   {self.who(reacher)} reached {target}"
            if not deal_over and not after.over:
                note += "; players with fewer turns this deal take one more (R45)"
            lines.append(s.bold(note))
        if outcome is not None:
            lines.extend(self._deal_end(before, after, outcome))
        if after.over and any(extra):
            gains = [f"{self.who(other)} +{e}" for other, e in enumerate(extra) if e]
            lines.append(s.bold(f"   end-of-game bonuses: {', '.join(gains)}"))
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
            must = " (to meld at once)" if before.rules.pickup.must_meld(1) else ""
            return f"take {s.card(before.discards[-1])}{must}"
        if isinstance(move, ChooseStart):
            if move.first:
                return f"start ({self.does(seat, 'leads')} this deal)"
            return f"decline ({self.does((seat + 1) % before.players, 'starts')})"
        return s.move(move)

    def _deal_end(self, before: RummyState, after: RummyState, outcome: DealOutcome) -> list[str]:
        s, reason, out, delta = self.style, outcome.reason, outcome.out, outcome.points
        if reason is DealEnd.OUT and out is not None:
            why = f"{self.who(out)} went out"
        elif reason in (DealEnd.KNOCK, DealEnd.BIG_GIN) and out is not None:
            how = knock_result(outcome).replace("_", " ")
            why = f"{self.who(out)} knocked: {how}"
        elif reason is DealEnd.STOCK and before.rules.stock_rule.wall:
            why = "the stock reached the wall; the deal is void"
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
            f"   scores: {self.score_line(after)}",
        ]

    def turn_lines(self, state: GameState, seat: int) -> list[str]:
        """The phase, scores, table, pile, stock, other hands' sizes and the hand."""
        view = state.view(seat)
        if not isinstance(view, RummyView):
            return super().turn_lines(state, seat)
        s, dot = self.style, self.style.dot
        phase = {
            Phase.CHOOSE_START: "you have the lowest score: start this deal, or let the next "
            "player start (R44)",
            Phase.DRAW: "draw from the stock, or take the top discard",
            Phase.PICKUP: f"meld the {s.card(view.pending) if view.pending else 'card'} you "
            "took, with cards from your hand or on a meld (R41)",
            Phase.PLAY: "meld or lay off, then discard",
            Phase.FIRST_UPCARD: "take the first upcard, or pass",
            Phase.KNOCK: "discard face down, keeping your deadwood within the limit",
            Phase.SPREAD: "lay your melds, then pass",
            Phase.LAYOFF: "lay off on the knocker's melds, then pass",
            Phase.DEFEND: "lay your melds, then pass",
            Phase.WALL: "the stock is down to the wall: knock with the discard, or pass",
        }.get(view.phase, "")
        if view.knock_limit is not None and view.phase is Phase.PLAY:
            phase = f"discard, or knock (deadwood at most {view.knock_limit})"
        lines = [
            s.bold(
                f"{s.rule * 2} your turn (seat {seat}) {dot} deal "
                f"{view.deal_number} {dot} {phase} {s.rule * 2}"
            ),
            f"scores:  {self.score_line(state)}",
        ]
        if view.table:
            for index, placed in enumerate(view.table):
                label = "table:  " if index == 0 else "        "
                owner = self.who(placed.owner)
                lines.append(f"{label} #{index} {s.meld(placed.meld)} {s.dim(f'({owner})')}")
        else:
            lines.append("table:   (no melds yet)")
        top = s.card(view.discard_top) if view.discard_top is not None else "(empty)"
        others = ", ".join(
            f"{self.who(i)} {n}" for i, n in enumerate(view.hand_sizes) if i != seat
        )
        pile = count(view.discard_size, "card")
        lines.append(
            f"pile:    {top} ({pile}) {dot} stock {view.stock_size} {dot} cards held: {others}"
        )
        if view.turn_points:
            lines.append(f"this turn: +{view.turn_points} (pegged when your turn ends)")
        lines.append(f"hand:    {s.cards(view.hand)}  ({len(view.hand)} cards)")
        return lines

    def move_label(self, state: GameState, seat: int, move: Move) -> str:
        """``take Q♥`` for taking the top discard; other moves in this style."""
        if isinstance(move, TakeDiscard):
            view = state.view(seat)
            if isinstance(view, RummyView) and view.discard_top:
                return f"take {self.style.card(view.discard_top)}"
        return super().move_label(state, seat, move)


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


register_narration(RummyState, RummyNarration)
