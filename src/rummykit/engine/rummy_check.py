"""The one rule check of the draw-and-discard family: legality for ``move in legal_moves``
and the error :meth:`~rummykit.engine.core.GameState.apply` raises, naming the rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeAlias

from rummykit.cards import Card, Rank, Suit
from rummykit.engine.moves import (
    ChooseStart,
    Claim,
    Discard,
    Draw,
    End,
    LayMeld,
    LayOff,
    Move,
    Pass,
    Peg,
    Swap,
    TakeDiscard,
    not_a_move,
)
from rummykit.engine.rummy_state import Phase, RummyState, add_cards, remove_cards
from rummykit.errors import IllegalMoveError, shown
from rummykit.melds import Meld, MeldKind
from rummykit.solver import can_meet_contract
from rummykit.wilds import WildMovement

if TYPE_CHECKING:
    from rummykit.engine.rummy import RummyRules

__all__: list[str] = []  # functions bound as methods of RummyRules

_Illegal: TypeAlias = Callable[[str, str], IllegalMoveError]


def check(self: RummyRules, state: RummyState, move: object) -> IllegalMoveError | None:
    def illegal(rule: str, detail: str) -> IllegalMoveError:
        return IllegalMoveError(move, rule, detail)

    if state.over:
        return illegal("game.over", "the game is over; start a new one with new_game()")
    malformed = _malformed(move)
    if malformed is not None:
        return illegal("move.malformed", malformed)
    if self.knock is not None:
        return self.knock_check(state, move, illegal)
    phase, seat = state.phase, state.to_move
    hand = state.hands[seat]
    if isinstance(move, ChooseStart):
        if phase is not Phase.CHOOSE_START:
            return illegal("turn.phase", f"nobody chooses who starts now ({_expect(phase)})")
        return None
    if isinstance(move, Peg):
        if phase is not Phase.PEG:
            return illegal("turn.phase", f"there is nothing to peg now ({_expect(phase)})")
        return None
    if phase is Phase.PEG:
        return illegal(
            "turn.phase",
            f"your turn is over: 'peg' your {state.turn_points} points or 'forgo' them (R46)",
        )
    if phase is Phase.CHOOSE_START:
        return illegal(
            "turn.phase",
            f"seat {seat} first chooses who starts: 'start' or 'decline' (R44)",
        )
    if isinstance(move, (Claim, Pass)):
        if phase is not Phase.CLAIM:
            return illegal("turn.phase", f"nothing can be claimed now ({_expect(phase)})")
        if isinstance(move, Claim) and not self._penalty_available(state):
            return illegal(
                "claim.no_penalty_card",
                "no penalty card can be drawn, so the discard cannot be claimed (R34)",
            )
        return None
    if phase is Phase.CLAIM:
        top = state.discards[-1]
        return illegal(
            "turn.phase",
            f"seat {seat}: 'claim' the {top} (with a penalty card) or 'pass' (R34)",
        )
    if phase is Phase.PLACE_WILD and (not isinstance(move, LayOff) or move.card != state.pending):
        return illegal(
            "swap.place_wild",
            f"place the freed {state.pending} on the table first (R30)",
        )
    if isinstance(move, Draw):
        if phase is not Phase.DRAW:
            return illegal("turn.phase", f"you already drew this turn ({_expect(phase)})")
        if not self._can_draw(state):
            return illegal("draw.stock_empty", "the stock is empty")
        return None
    if isinstance(move, TakeDiscard):
        if phase is not Phase.DRAW:
            return illegal("turn.phase", f"you already drew this turn ({_expect(phase)})")
        if not state.discards:
            return illegal("take.empty", "the discard pile is empty")
        count, pile = move.count, len(state.discards)
        if count not in self.pickup.depths(pile):
            deepest = max(self.pickup.depths(pile), default=0)
            return illegal(
                "take.depth",
                "only the top discard may be taken ('take')"
                if deepest <= 1
                else f"take 1 to {deepest} cards from the top of the pile, not {shown(count)}",
            )
        if self._can_take(state, count):
            return None
        if not self.pickup.must_meld(count):
            return illegal(
                "take.keep_a_discard",
                f"you hold nothing but cards like {state.discards[-1]}, and could not discard "
                "after taking it (R57); draw from the stock",
            )
        card = state.discards[pile - count]
        if count == 1:
            detail = (
                f"the top discard {card} can only be taken if you meld it at once; "
                "draw from the stock instead"
            )
        else:
            detail = (
                f"taking {count} cards means melding the deepest of them, {card}, at once, "
                "and it cannot be melded; take fewer cards or draw from the stock"
            )
        return illegal("take.unmeldable", detail)
    if phase is Phase.DRAW:
        # Named without listing the legal takes: that would solve melds for every depth of
        # the pile on each refused move (Rummy 500), and 'in' and is_legal ask this often.
        draws = "'draw' from the stock" if self._can_draw(state) else ""
        if state.discards:
            draws += (" or " if draws else "") + "'take' from the discard pile"
        return illegal("turn.phase", f"draw first: {draws or 'nothing can be drawn'}")
    if isinstance(move, LayMeld):
        return self._check_meld(state, move, hand, illegal)
    if isinstance(move, LayOff):
        return self._check_lay_off(state, move, hand, illegal)
    if isinstance(move, Swap):
        if phase is Phase.PICKUP:
            return illegal("pickup.meld_first", _pickup_hint(state))
        swap_problem = self._swap_problem(state, move, hand)
        return None if swap_problem is None else illegal(*swap_problem)
    if isinstance(move, Discard):
        if phase is Phase.PICKUP:
            return illegal("pickup.meld_first", _pickup_hint(state))
        if move.card not in hand:
            return illegal("card.not_in_hand", f"you hold no {move.card}")
        if state.contract_laid:
            return illegal(
                "contract.all_at_once",
                "finish laying down your contract this turn: it is laid all at once (R32)",
            )
        discard_problem = self._discard_problem(state, move.card, hand)
        return None if discard_problem is None else illegal(*discard_problem)
    return illegal("move.unknown", f"{shown(move)} is not a move of {state.variant.id}")


def _check_meld(
    self: RummyRules,
    state: RummyState,
    move: LayMeld,
    hand: tuple[Card, ...],
    illegal: _Illegal,
) -> IllegalMoveError | None:
    meld = move.meld
    if remove_cards(hand, meld.cards) is None:
        return illegal("card.not_in_hand", "the meld uses cards you do not hold")
    if state.phase is Phase.PICKUP and state.pending not in meld.cards:
        return illegal("pickup.meld_first", _pickup_hint(state))
    problem = self.table.meld_problem(state, state.to_move, meld)
    if problem is not None:
        return illegal(*problem)
    if self.wild_table_copy_limit:
        copies = state.context.table_copy_violation(meld, [p.meld for p in state.table])
        if copies is not None:
            return illegal("meld." + copies.rule, copies.message)
    if not self._keeps_a_discard(state, remove_cards(hand, meld.cards), meld.cards):
        return illegal(*self._no_discard_left(state))
    contract = self.contract(state)
    if contract is not None:
        if state.opened[state.to_move]:
            return illegal(
                "contract.no_new_melds",
                "after laying down your contract you may only lay off; no new melds (R32)",
            )
        laid = (*state.contract_laid, meld)
        if contract.unmet(laid) is None:
            return illegal(
                "contract.not_part",
                f"{meld} is not part of this round's contract '{contract}' "
                "(sets of different ranks, runs as the contract says)",
            )
        rest = remove_cards(hand, meld.cards)
        assert rest is not None
        if not can_meet_contract(rest, contract, state.context, laid=laid):
            return illegal(
                "contract.cannot_complete",
                f"with {meld} the rest of the contract '{contract}' cannot be laid from your "
                "hand this turn; it is laid all at once (R32)",
            )
    return None


def _check_lay_off(
    self: RummyRules,
    state: RummyState,
    move: LayOff,
    hand: tuple[Card, ...],
    illegal: _Illegal,
) -> IllegalMoveError | None:
    seat = state.to_move
    placing = state.phase is Phase.PLACE_WILD
    if placing:
        if state.place_on is not None and move.target != state.place_on:
            return illegal(
                "swap.same_meld",
                f"only jokers move: the freed {move.card} stays in meld #{state.place_on} "
                "(R30 option only_jokers_move)",
            )
    elif move.card not in hand:
        return illegal("card.not_in_hand", f"you hold no {move.card}")
    elif not self._keeps_a_discard(state, remove_cards(hand, (move.card,)), (move.card,)):
        return illegal(*self._no_discard_left(state))
    if state.contract_laid:
        return illegal(
            "contract.all_at_once",
            "finish laying down your contract before laying off (R32)",
        )
    if not 0 <= move.target < len(state.table):
        return illegal("layoff.no_meld", f"there is no meld #{shown(move.target)} on the table")
    if state.phase is Phase.PICKUP:
        if move.card != state.pending:
            return illegal("pickup.meld_first", _pickup_hint(state))
        if self.table.open_before_lay_off and not state.opened[seat]:
            return illegal(
                "pickup.new_meld",
                f"before your first meld you must meld {state.pending} in a new meld with "
                "cards from your hand (R41)",
            )
    placed = state.table[move.target]
    if not placing and not self._may_lay_on(state, seat, placed):
        if self.schedule is not None:
            return illegal(
                "layoff.not_laid_down",
                "lay down your whole contract before laying off (R32)",
            )
        return illegal(*self.table.refusal(state, seat, placed))
    problem = self._lay_off_problem(state, placed.meld, move.card, move.end, move.target)
    if problem is not None:
        return illegal(*problem)
    return None


def _no_discard_left(self: RummyRules, state: RummyState) -> tuple[str, str]:
    if not self.going_out.by_laying:
        detail = "keep a card you may discard: a player goes out only by discarding"
    else:
        detail = "that would leave you no card you may discard"
    if state.single is not None:
        detail += f"; you held only {state.single} before drawing and must discard it (R13)"
    elif state.took is not None:
        problem = self._discard_problem(state, state.took, state.hands[state.to_move])
        if problem is not None:
            detail += "; " + problem[1]
    return ("out.needs_discard", detail)


def _swapped(self: RummyRules, meld: Meld, move: Swap) -> Meld:
    cards = (*meld.cards[: move.index], move.card, *meld.cards[move.index + 1 :])
    return Meld(meld.kind, cards, rank=meld.rank, suit=meld.suit, start=meld.start)


def _swap_problem(
    self: RummyRules, state: RummyState, move: Swap, hand: tuple[Card, ...]
) -> tuple[str, str] | None:
    context = state.context
    movement = context.wilds.movement
    if movement is WildMovement.NEVER:
        return ("swap.never", "wild cards on the table never move in this game (R39)")
    if not state.opened[state.to_move]:
        what = "lay down your contract" if self.schedule is not None else "lay a meld"
        return ("swap.not_opened", f"{what} before taking wild cards from the table (R20)")
    if move.card not in hand:
        return ("card.not_in_hand", f"you hold no {move.card}")
    if not 0 <= move.target < len(state.table):
        return ("swap.no_meld", f"there is no meld #{shown(move.target)} on the table")
    meld = state.table[move.target].meld
    if not 0 <= move.index < len(meld.cards):
        return ("swap.no_card", f"meld #{move.target} has no card at position {shown(move.index)}")
    wild = meld.cards[move.index]
    stands = meld.represents[move.index]
    if not context.wilds.mask[wild]:
        return ("swap.not_wild", f"{wild} in meld #{move.target} is not a wild card")
    first = meld.cards.index(wild)
    if meld.kind is not MeldKind.RUN and first != move.index:
        # Identical wilds in a set are interchangeable: one move, at the first of them.
        return (
            "swap.same_card",
            f"position {first} holds the same {wild}; swap into #{move.target} at {first}",
        )
    if context.wilds.mask[move.card]:
        return ("swap.wild_for_wild", f"{move.card} is wild; give the natural card instead")
    if isinstance(stands, Card):
        if stands == wild:
            return (
                "swap.in_place",
                f"{wild} stands for itself; there is nothing to swap (R18)",
            )
        if move.card != stands:
            return ("swap.wrong_card", f"{wild} stands for {stands}, not {move.card}")
    elif move.card.rank is not stands:
        return ("swap.wrong_card", f"{wild} stands for a {stands.label}, not {move.card}")
    problem = context.violation(self._swapped(meld, move))
    if problem is not None:
        return ("meld." + problem.rule, problem.message)
    kept = remove_cards(hand, (move.card,))
    if movement is WildMovement.RECLAIM_TO_HAND:
        after_hand = None if kept is None else add_cards(kept, (wild,))
        return None if self._keeps_a_discard(state, after_hand) else self._no_discard_left(state)
    if not self._keeps_a_discard(state, kept):
        return self._no_discard_left(state)
    after = self._play_swap(state, move, state.history)
    if next(iter(self._placements(after, wild)), None) is None:
        return (
            "swap.no_place",
            f"the freed {wild} would have no legal place on the table (R30)",
        )
    return None


def _malformed(move: object) -> str | None:
    """What is wrong with the fields of a hand-built move, if anything (moves from
    ``legal_moves`` and ``parse_move`` are always well formed)."""
    if not isinstance(move, Move):
        return not_a_move(move)
    if isinstance(move, (Discard, LayOff)) and type(move.card) is not Card:
        return f"the card must be a Card (e.g. Card.parse('QH')), not {shown(move.card)}"
    if isinstance(move, LayOff):
        if type(move.target) is not int:
            return f"the target must be a table index (int), not {shown(move.target)}"
        if move.end is not None and not isinstance(move.end, End):
            return f"the end must be End.LOW, End.HIGH or None, not {shown(move.end)}"
    if isinstance(move, LayMeld):
        return malformed_meld(move.meld)
    if isinstance(move, Swap):
        if type(move.card) is not Card:
            return f"the card must be a Card (e.g. Card.parse('QH')), not {shown(move.card)}"
        if type(move.target) is not int or type(move.index) is not int:
            return (
                f"the meld number and the position must be whole numbers (int), not "
                f"{shown(move.target)} and {shown(move.index)}"
            )
    if isinstance(move, TakeDiscard) and (type(move.count) is not int or move.count < 1):
        return f"TakeDiscard takes a whole number of cards of at least 1, not {shown(move.count)}"
    if isinstance(move, ChooseStart) and not isinstance(move.first, bool):
        return f"ChooseStart takes True or False, not {shown(move.first)}"
    if isinstance(move, Peg) and not isinstance(move.claim, bool):
        return f"Peg takes True or False, not {shown(move.claim)}"
    return None


def malformed_meld(meld: object) -> str | None:
    """What is wrong with a hand-built meld's fields, if anything: a meld that is not a
    :class:`~rummykit.melds.Meld`, cards that are not :class:`~rummykit.cards.Card`, an
    anchor of the wrong type. (A meld from ``Meld.parse`` or the solver is well formed.)"""
    if not isinstance(meld, Meld):
        example = "Meld.parse('run 3S-5S: 3S 4S 5S')"
        return f"the meld must be a Meld (e.g. {example}), not {shown(meld)}"
    bad = next((card for card in meld.cards if type(card) is not Card), None)
    if bad is not None or not isinstance(meld.kind, MeldKind):
        what = f"a card is {shown(bad)}" if bad is not None else f"the kind is {shown(meld.kind)}"
        return f"a meld holds Card values of a MeldKind, but {what}; build it with Meld.parse"
    if (
        (meld.rank is not None and not isinstance(meld.rank, Rank))
        or (meld.suit is not None and not isinstance(meld.suit, Suit))
        or type(meld.start) is not int
    ):
        return (
            f"a meld's anchor is a Rank, a Suit and a whole number start, not rank="
            f"{shown(meld.rank)}, suit={shown(meld.suit)}, start={shown(meld.start)}; build it "
            "with Meld.parse"
        )
    return None


#: What each phase of a turn expects, for the rule check's messages (built once).
_EXPECTED: Final[dict[Phase, str]] = {
    Phase.DRAW: "draw first",
    Phase.PICKUP: "meld the card you took first",
    Phase.PLAY: "meld, lay off or discard",
    Phase.CHOOSE_START: "choose who starts",
    Phase.PEG: "peg or forgo this turn's points",
    Phase.CLAIM: "the claim window is open",
    Phase.PLACE_WILD: "place the freed wild card first",
    Phase.OVER: "the game is over",
}


def _expect(phase: Phase) -> str:
    return _EXPECTED[phase]


def _pickup_hint(state: RummyState) -> str:
    return f"meld the card you took, {state.pending}, before anything else"
