"""The renderer of the draw-and-discard family (:class:`~rummykit.engine.rummy.RummyView`).

Registered with :func:`~rummykit.cli_render.register_renderer` when imported (which
:func:`~rummykit.cli_render.renderer_for` does). The deal header names the dealer, the upcard,
who starts, the contract, the wild cards and the knock limit; a move's line names its card
(the card drawn, where the eye saw it; the card taken or claimed; the card laid off and the
meld it went on; the wild a swap freed; a face-down discard without its card), the points a
meld pegs, and why a deal ended, with what each seat held and scored; the person's turn shows
the table, the pile, the hand sorted and what the game counts (deadwood, the contract, the
points pegged this turn), with the choices its legal moves offer.

>>> import io, rummykit
>>> from rummykit.cli import watch
>>> from rummykit.agents import GreedyAgent
>>> log = io.StringIO()
>>> _ = watch(rummykit.variant("gin-rummy", target=25), players=2, seed=1,
...           agents=[GreedyAgent()] * 2, out=log)
>>> text = log.getvalue()
>>> print(text.splitlines()[4])
── deal 1 · seat 1 deals · upcard 10♣ · seat 0 starts · knock with 10 or less ──
>>> print(next(line for line in text.splitlines() if "knocks" in line))
seat 0: knocks, deadwood 10 after discarding
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import JOKER, Card
from rummykit.cli_render import (
    GenericRenderer,
    ended_deal,
    gained,
    plural,
    register_renderer,
)
from rummykit.cli_style import Style, count
from rummykit.engine.moves import (
    ChooseStart,
    Claim,
    Discard,
    Draw,
    Knock,
    LayMeld,
    LayOff,
    Move,
    Pass,
    Peg,
    Swap,
    TakeDiscard,
)
from rummykit.engine.rummy import Phase, RummyRules, RummyView, extended
from rummykit.engine.views import Hidden, View
from rummykit.pieces.knock import Knock as GinKnock
from rummykit.pieces.knock import KnockScoring, knock_result
from rummykit.pieces.outcome import DealEnd, DealOutcome
from rummykit.pieces.scoring import PenaltyScoring, PenaltyTable, WinnerTakesPenalties
from rummykit.solver.deadwood import arrangement

__all__ = ["RummyRenderer"]

#: What ``pass`` means in each phase, for the move list.
_PASS_LABELS = {
    Phase.FIRST_UPCARD: "turn down the upcard",
    Phase.CLAIM: "do not claim the discard",
    Phase.SPREAD: "done laying melds",
    Phase.LAYOFF: "no more lay-offs",
    Phase.DEFEND: "done laying melds: score the deal",
    Phase.WALL: "do not knock: the deal is void",
}


def _rules(view: RummyView) -> RummyRules | None:
    rules = view.game.rules if view.game is not None else None
    return rules if isinstance(rules, RummyRules) else None


class RummyRenderer(GenericRenderer):
    """The renderer of draw-and-discard games; other views get the generic lines."""

    def __init__(self, style: Style, *, viewer: int | None, agents: Sequence[str]) -> None:
        super().__init__(style, viewer=viewer, agents=agents)

    # -- deal header ---------------------------------------------------------------------------

    def deal_header(self, views: Sequence[View]) -> list[str]:
        """Number, dealer, upcard, who starts, the deal's rules; then each hand shown."""
        first = views[0]
        if not isinstance(first, RummyView):
            return super().deal_header(views)
        s = self.style
        parts = [f"deal {first.deal_number}", self.does(first.dealer, "deals")]
        if first.discard_top is not None:
            parts.append(f"upcard {s.card(first.discard_top)}")
        if first.phase is Phase.CHOOSE_START:
            parts.append(f"{self.does(first.to_move, 'chooses')} who starts (lowest score)")
        else:
            parts.append(self.does(first.to_move, "starts"))
        parts.extend(self._deal_rules(first))
        lines = [self.heading(f" {s.dot} ".join(parts))]
        for view in views:
            if isinstance(view, RummyView):
                lines.append(f"   {self.who(view.seat)}: {self._hand_text(view)}")
        return lines

    def _deal_rules(self, view: RummyView) -> list[str]:
        """The contract, the wild cards, the indicator and the knock limit of the deal."""
        s, parts = self.style, []
        if view.contract is not None:
            parts.append(f"contract: {view.contract}")
        if view.wild_cards:
            ranks = sorted({c.rank for c in view.wild_cards if c.rank is not None})
            wild = [plural(r) for r in ranks]
            if JOKER in view.wild_cards:
                wild.append("jokers")
            parts.append(f"wild: {', '.join(wild)}")
        if view.indicator is not None and view.knock_limit is None:
            parts.append(f"indicator {s.card(view.indicator)}")
        if view.knock_limit is not None:
            parts.append(
                "gin only (no knock)"
                if view.knock_limit == 0
                else f"knock with {view.knock_limit} or less"
            )
        return parts

    def _hand_text(self, view: RummyView) -> str:
        """The view's own hand, sorted; in a knock game with its deadwood."""
        text = self.style.hand(view.hand)
        deadwood = self._deadwood(view, view.hand)
        return f"{text}  (deadwood {deadwood})" if deadwood is not None else text

    def _deadwood(self, view: RummyView, hand: Sequence[Card]) -> int | None:
        """The least deadwood of ``hand`` in a knock game, else ``None``."""
        rules = _rules(view)
        if rules is None or rules.knock is None:
            return None
        return rules.knock.deadwood(hand)

    # -- moves ---------------------------------------------------------------------------------

    def move_lines(self, before: View, move: Move, after: View, *, mover: int) -> list[str]:
        """The log lines for ``move`` by ``mover``, from the eye's views."""
        if not isinstance(before, RummyView) or not isinstance(after, RummyView):
            return super().move_lines(before, move, after, mover=mover)
        s, dot = self.style, self.style.dot
        text = self.act(mover, self._event(before, move, after, mover))
        points = _lay_points(before, move)
        if points:
            text += f" {dot} worth {points}"
        outcome = ended_deal(before, after)
        delta = outcome.points if outcome is not None else (0,) * before.players
        # Points laid this turn (Crib Rummy pegs them); at the end of a game, what the scores
        # gained beyond the deal is the end-of-game bonuses instead (Gin Rummy).
        extra = [a - b - d for a, b, d in zip(after.scores, before.scores, delta, strict=True)]
        pegged = 0 if after.is_over else extra[mover]
        if pegged:
            total = before.scores[mover] + pegged
            text += f" {dot} pegs {count(pegged, 'point')}, score now {total}"
        if outcome is not None and outcome.out == mover and outcome.reason is DealEnd.OUT:
            text += f" {dot} out!"
        lines = [text]
        if (
            self.viewer is None
            and isinstance(move, Discard)
            and outcome is None
            and after.deal_number == before.deal_number
            and before.phase is not Phase.KNOCK
        ):
            # A spectator sees every hand: the mover's, as its turn ends.
            lines.append(s.dim(f"   {self.who(mover)} holds {self._hand_text(after)}"))
        if after.reshuffles > before.reshuffles and after.deal_number == before.deal_number:
            lines.append("   (the discard pile was shuffled to make a new stock)")
        if (
            before.discard_top is None
            and after.discard_top is not None
            and after.discard_size == before.discard_size > 0
            and after.deal_number == before.deal_number
        ):
            lines.append(f"   the face-down discard is turned up: {s.card(after.discard_top)}")
        target = _target(after)
        for reacher in after.reached[len(before.reached) :]:
            note = f"   {self.who(reacher)} reached {target}"
            if outcome is None and not after.is_over:
                note += "; players with fewer turns this deal take one more"
            lines.append(s.bold(note))
        if outcome is not None:
            lines.extend(self.deal_summary(before, after, outcome))
        if after.is_over and any(extra):
            gains = [f"{self.who(o)} +{e}" for o, e in enumerate(extra) if e]
            lines.append(s.bold(f"   end-of-game bonuses: {', '.join(gains)}"))
        return lines

    def _event(self, before: RummyView, move: Move, after: RummyView, mover: int) -> str:
        """What ``move`` did, naming its cards where the eye saw them."""
        s = self.style
        sees = before.seat == mover  # the eye is the mover: it saw its own cards
        if isinstance(move, Draw):
            new = gained(before, after)
            if sees and len(new) == 1:
                return f"draws {s.card(new[0])}"
            if after.draw_waiting:
                return "draws (after the claim window)"
            return "draws from the stock"
        if isinstance(move, TakeDiscard):
            taken = before.discards[len(before.discards) - move.count :]
            cards = [c for c in taken if isinstance(c, Card)]
            shown = s.cards(cards) if len(cards) == len(taken) else count(move.count, "card")
            rules = _rules(before)
            must = rules is not None and rules.pickup.must_meld(move.count)
            text = (
                f"takes the upcard {shown}"
                if before.phase is Phase.FIRST_UPCARD
                else f"takes {shown} from the pile"
            )
            return text + (" (to meld it at once)" if must else "")
        if isinstance(move, Claim):
            top = s.card(before.discard_top) if before.discard_top is not None else "discard"
            text = f"claims the {top} out of turn"
            extra = [c for c in gained(before, after) if c != before.discard_top]
            if sees and len(extra) == 1:
                return f"{text}, with the penalty card {s.card(extra[0])}"
            return f"{text}, with a penalty card from the stock"
        if isinstance(move, Discard):
            return self._discard(before, move, after, sees)
        if isinstance(move, LayMeld):
            return f"melds {s.meld(move.meld)}"
        if isinstance(move, LayOff):
            return self._lay_off(before, move, after, mover)
        if isinstance(move, Swap):
            if not 0 <= move.target < len(before.table):
                return s.move(move)
            placed = before.table[move.target]
            wild = placed.meld.cards[move.index]
            return (
                f"swaps {s.card(move.card)} for the {s.card(wild)} in "
                f"{self._owner(placed.owner, mover)} {s.meld(placed.meld)}, "
                f"freeing the {s.card(wild)}"
            )
        if isinstance(move, Pass):
            return self._pass(before, after)
        if isinstance(move, Knock):
            if before.phase is Phase.WALL:
                return "knocks with the last discard"
            if sees:
                left = self._after_discard(before, before.hand)
                if left is not None:
                    return f"knocks, deadwood {left} after discarding"
            return "knocks"
        if isinstance(move, Peg):
            points = before.turn_points
            return f"pegs {points}" if move.claim else f"forgoes {count(points, 'point')}"
        if isinstance(move, ChooseStart):
            if move.first:
                return f"starts ({self.does(mover, 'leads')} this deal)"
            return f"lets {self.who((mover + 1) % before.players)} start"
        return s.move(move)

    def _after_discard(self, view: RummyView, hand: Sequence[Card]) -> int | None:
        rules = _rules(view)
        if rules is None or rules.knock is None or not isinstance(rules.knock, GinKnock):
            return None
        return rules.knock.deadwood_after_discard(hand)

    def _discard(self, before: RummyView, move: Discard, after: RummyView, sees: bool) -> str:
        s = self.style
        if before.phase is Phase.KNOCK:
            return f"discards {s.card(move.card)} face down" if sees else "discards face down"
        return f"discards {s.card(move.card)}"

    def _owner(self, owner: int, mover: int) -> str:
        """Whose meld it is, said by the mover: ``its own``, ``your``, ``seat 1's``."""
        if owner == mover:
            return "your own" if mover == self.viewer else "its own"
        return self.whose(owner)

    def _lay_off(self, before: RummyView, move: LayOff, after: RummyView, mover: int) -> str:
        s = self.style
        if not 0 <= move.target < len(before.table):
            return s.move(move)
        placed = before.table[move.target]
        if move.target < len(after.table) and after.deal_number == before.deal_number:
            grown = after.table[move.target].meld
        else:
            grown = extended(placed.meld, move.card, move.end) or placed.meld
        return (
            f"lays off {s.card(move.card)} on {self._owner(placed.owner, mover)} {s.meld(grown)}"
        )

    def _pass(self, before: RummyView, after: RummyView) -> str:
        s, phase = self.style, before.phase
        if phase is Phase.FIRST_UPCARD and before.discard_top is not None:
            return f"passes: turns down the upcard {s.card(before.discard_top)}"
        if phase is Phase.CLAIM and before.discard_top is not None:
            return f"passes: does not claim the {s.card(before.discard_top)}"
        if phase is Phase.SPREAD:
            knocker = before.knocker if before.knocker is not None else before.active
            if after.deal_number == before.deal_number and knocker < len(after.hands):
                dead = [c for c in after.hands[knocker] if isinstance(c, Card)]
                if len(dead) == len(after.hands[knocker]):
                    value = self._deadwood(after, dead)
                    if not dead:
                        return "passes: spread done, no deadwood"
                    worth = f" = {value}" if value is not None else ""
                    return f"passes: spread done, deadwood {s.hand(dead)}{worth}"
            return "passes: spread done"
        if phase is Phase.LAYOFF:
            return "passes: no more lay-offs"
        if phase is Phase.DEFEND:
            return "passes: done laying melds"
        if phase is Phase.WALL:
            return "passes: no knock at the wall"
        return "passes"

    # -- the end of a deal ---------------------------------------------------------------------

    def deal_summary(self, before: View, after: View, outcome: DealOutcome) -> list[str]:
        """Why the deal ended, what each seat was left holding (and what it counts), what
        each seat scored and why, and the scores."""
        if not isinstance(before, RummyView) or not isinstance(after, RummyView):
            return super().deal_summary(before, after, outcome)
        s, dot = self.style, self.style.dot
        rules = _rules(before)
        scoring = rules.deal_scoring if rules is not None else None
        lines = [s.bold(f"   deal {outcome.deal_number} over: {self._why(outcome)}")]
        for seat, hand in enumerate(outcome.hands):
            held = s.hand(hand) if hand else "nothing"
            value = self._hand_value(before, scoring, hand, outcome)
            worth = f" {dot} {value}" if value and hand else ""
            lines.append(f"     {self.who(seat)} held {held}{worth}")
        gains = [
            f"{self.who(seat)} {self.signed(points)}"
            for seat, points in enumerate(outcome.points)
            if points
        ]
        scored = ", ".join(gains) if gains else "nobody scores"
        reason = self._scoring_reason(before, scoring, outcome)
        lines.append(s.bold(f"   deal scores: {scored}") + (f" ({reason})" if reason else ""))
        lines.append(f"   scores: {self.score_line(after)}")
        return lines

    def _why(self, outcome: DealOutcome) -> str:
        reason, out = outcome.reason, outcome.out
        if reason is DealEnd.OUT and out is not None:
            return f"{self.who(out)} went out"
        if reason in (DealEnd.KNOCK, DealEnd.BIG_GIN) and out is not None:
            how = knock_result(outcome).replace("_", " ")
            return f"{self.who(out)} knocked: {how}"
        if reason is DealEnd.STOCK:
            return "the stock ran out"
        return "stopped by the engine's safeguard (no progress)"

    def _hand_value(
        self,
        view: RummyView,
        scoring: object,
        hand: Sequence[Card],
        outcome: DealOutcome,
    ) -> str:
        """What a hand left at the end counts: deadwood in a knock game, penalty points by
        the scoring's table, else its size."""
        rules = _rules(view)
        if rules is not None and rules.knock is not None:
            return f"deadwood {rules.knock.deadwood(hand)}"
        table = getattr(scoring, "table", None)
        if isinstance(table, PenaltyTable):
            return count(sum(table.value(c, outcome.wild_cards) for c in hand), "point")
        return count(len(hand), "card")

    def _scoring_reason(self, view: RummyView, scoring: object, outcome: DealOutcome) -> str:
        """Why the deal scored what it did, in a few words, for the scoring pieces known."""
        out = outcome.out
        if isinstance(scoring, KnockScoring) and out is not None:
            how = knock_result(outcome)
            if how in ("wall", "safeguard"):
                return "a void deal scores nothing"
            rules = _rules(view)
            knock = rules.knock if rules is not None else None
            if knock is None:
                return ""
            own = knock.deadwood(outcome.hands[out])
            other = sum(knock.deadwood(h) for s, h in enumerate(outcome.hands) if s != out)
            double = (
                " x2 for the upcard's suit"
                if scoring.double_suit is not None
                and outcome.indicator is not None
                and outcome.indicator.suit is scoring.double_suit
                else ""
            )
            if how == "gin":
                return f"gin: {other} + {scoring.gin_bonus} bonus{double}"
            if how == "big_gin":
                return f"big gin: {other} + {scoring.big_gin_bonus} bonus{double}"
            if how == "undercut":
                return f"undercut: {own} - {other} + {scoring.undercut_bonus} bonus{double}"
            return f"deadwood {other} - {own}{double}"
        if isinstance(scoring, WinnerTakesPenalties):
            return "the winner collects the points left in the other hands"
        if isinstance(scoring, PenaltyScoring):
            if scoring.subtract:
                return "the points left in hand are taken off"
            return "penalty points for the cards left in hand; low score wins"
        name = type(scoring).__name__
        if name == "RummyBonus":
            return "rummy bonus for the cards left in the other hands"
        if name == "BoardScoring":
            return "the cards on each board less the cards in hand"
        return ""

    # -- the person's turn ---------------------------------------------------------------------

    def turn_lines(self, view: View) -> list[str]:
        """What to do (from the legal moves), the scores, the deal's rules, the table, the
        pile and the stock, the hand sorted and what the game counts."""
        if not isinstance(view, RummyView):
            return super().turn_lines(view)
        s, dot = self.style, self.style.dot
        lines = [
            self.heading(
                f"your turn (seat {view.seat}) {dot} deal {view.deal_number} {dot} "
                f"{self._hint(view)}"
            ),
            f"scores:  {self.score_line(view)}" + _to(view),
        ]
        rules = self._deal_rules(view)
        if rules:
            lines.append(f"deal:    {f' {dot} '.join(rules)}")
        if view.contract is not None:
            mine = "laid" if view.opened[view.seat] else "not laid yet"
            laid = [self.who(i) for i, o in enumerate(view.opened) if o and i != view.seat]
            text = f"contract: {view.contract} {dot} yours: {mine}"
            if view.contract_laid:
                text += f" ({', '.join(s.meld(m) for m in view.contract_laid)} this turn)"
            text += f" {dot} laid by: {', '.join(laid) or 'nobody else'}"
            lines.append(text)
        if view.table:
            for index, placed in enumerate(view.table):
                label = "table:  " if index == 0 else "        "
                owner = self.who(placed.owner)
                lines.append(f"{label} #{index} {s.meld(placed.meld)} {s.dim(f'({owner})')}")
        else:
            lines.append("table:   (no melds yet)")
        if view.discard_top is not None:
            top = s.card(view.discard_top)
        elif view.discard_size:
            top = "(face down)"
        else:
            top = "(empty)"
        others = ", ".join(
            f"{self.who(i)} {n}" for i, n in enumerate(view.hand_sizes) if i != view.seat
        )
        pile = count(view.discard_size, "card")
        lines.append(
            f"pile:    {top} ({pile}) {dot} stock {view.stock_size} {dot} cards held: {others}"
        )
        for seat, known in enumerate(view.known):
            if known and seat != view.seat:
                lines.append(f"known:   {self.who(seat)} holds {s.hand(known)}")
        if view.turn_points:
            lines.append(f"this turn: +{view.turn_points} (pegged when your turn ends)")
        lines.append(f"hand:    {s.hand(view.hand)}  ({len(view.hand)} cards)")
        lines.extend(self._deadwood_lines(view))
        return lines

    def _deadwood_lines(self, view: RummyView) -> list[str]:
        """A knock game's count: the best melds of the hand and its deadwood."""
        rules = _rules(view)
        if rules is None or not isinstance(rules.knock, GinKnock):
            return []
        s, dot = self.style, self.style.dot
        best = arrangement(view.hand)
        melds = ", ".join(s.meld(m) for m in best.melds) or "none"
        text = f"deadwood: {best.value} ({s.hand(best.deadwood) or 'gin'}) {dot} melds: {melds}"
        if len(view.hand) > 10:
            left = rules.knock.deadwood_after_discard(view.hand)
            text += f" {dot} {left} after your best discard"
        return [text]

    def _hint(self, view: RummyView) -> str:
        """What the turn asks for, from the phase and the legal moves."""
        s, legal = self.style, view.legal
        kinds = {type(m) for m in legal}
        top = s.card(view.discard_top) if view.discard_top is not None else "top discard"
        phase = view.phase
        if phase is Phase.CHOOSE_START:
            return "you have the lowest score: start this deal, or let the next player start"
        if phase is Phase.DRAW:
            if TakeDiscard in kinds and Draw in kinds:
                return f"draw from the stock, or take the {top}"
            if TakeDiscard in kinds:
                return f"take the {top}"
            return "draw from the stock"
        if phase is Phase.FIRST_UPCARD:
            return f"take the upcard {top}, or pass"
        if phase is Phase.CLAIM:
            return f"claim the {top} out of turn (with a penalty card), or pass"
        if phase is Phase.PICKUP:
            card = s.card(view.pending) if view.pending is not None else "card"
            return f"meld the {card} you took, with cards from your hand or on a meld"
        if phase is Phase.PLACE_WILD:
            return "place the freed wild card on the table"
        if phase is Phase.PEG:
            return f"peg the {view.turn_points} points laid this turn, or forgo them"
        if phase is Phase.KNOCK:
            return "discard face down (your deadwood must stay within the limit)"
        if phase is Phase.SPREAD:
            return "lay your melds, then pass"
        if phase is Phase.LAYOFF:
            return "lay off on the knocker's melds, then pass"
        if phase is Phase.DEFEND:
            return "lay your melds, then pass"
        if phase is Phase.WALL:
            return "the stock is down to the wall: knock with the discard, or pass"
        parts = []
        if LayMeld in kinds or LayOff in kinds or Swap in kinds:
            parts.append("meld or lay off")
        if Knock in kinds:
            parts.append(f"knock (deadwood at most {view.knock_limit})")
        if Discard in kinds:
            parts.append("discard" if not parts else "then discard")
        return ", ".join(parts) or "your move"

    def move_label(self, view: View, move: Move) -> str:
        """``take Q♥``, ``pass (turn down the upcard)``, ``lay 5♥ on #1 (set 5)``; other
        moves in this style."""
        if not isinstance(view, RummyView):
            return super().move_label(view, move)
        s = self.style
        if isinstance(move, TakeDiscard):
            taken = view.discards[len(view.discards) - move.count :]
            cards = [c for c in taken if not isinstance(c, Hidden)]
            if move.count == 1 and view.discard_top is not None:
                return f"take {s.card(view.discard_top)}"
            if len(cards) == len(taken):
                return f"take {move.count}  {s.dim(f'({s.cards(cards)})')}"
        if isinstance(move, Pass) and view.phase in _PASS_LABELS:
            return f"pass  {s.dim(f'({_PASS_LABELS[view.phase]})')}"
        if isinstance(move, LayOff | Swap) and 0 <= move.target < len(view.table):
            return f"{s.move(move)}  {s.dim(f'({s.meld(view.table[move.target].meld)})')}"
        if isinstance(move, Knock):
            return f"knock  {s.dim('(then discard face down and spread)')}"
        return super().move_label(view, move)


def _target(view: RummyView) -> int | None:
    rules = _rules(view)
    return rules.game_end.target if rules is not None else None


def _to(view: RummyView) -> str:
    target = _target(view)
    return f"  (to {target})" if target else ""


def _lay_points(before: RummyView, move: Move) -> int:
    """What laying ``move`` scores by the variant's meld scoring (0 for other moves)."""
    rules = _rules(before)
    if rules is None:
        return 0
    scoring = rules.meld_scoring
    if isinstance(move, LayMeld):
        return scoring.points(None, move.meld)
    if isinstance(move, LayOff) and 0 <= move.target < len(before.table):
        placed = before.table[move.target].meld
        grown = extended(placed, move.card, move.end)
        return scoring.points(placed, grown) if grown is not None else 0
    return 0


register_renderer(RummyView, RummyRenderer)
