"""The draw-and-discard family: state, views and rules shared by the rummy games.

:class:`RummyRules` is a frozen record of pieces. The generic turn is: (optionally) a start
choice, a draw (from the stock, or the discard pile under the variant's :class:`Pickup`
rule), any number of melds and lay-offs, and a discard that ends the turn; a player who
empties their hand goes out. The pieces decide the rest: deck, deal size, meld rules, wild
policy, who may lay off on whose melds, how melds and deals score, who starts, when the
game ends.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, cast

import attrs

from rummykit.cards import JOKER, Card, DeckSpec
from rummykit.contracts import Contract, ContractSchedule
from rummykit.engine import rummy_check, rummy_deal, rummy_knock, rummy_moves, rummy_views
from rummykit.engine.core import shuffled
from rummykit.engine.moves import (
    ChooseStart,
    Claim,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Move,
    Pass,
    Peg,
    Swap,
    TakeDiscard,
)
from rummykit.engine.rummy_state import (
    Phase,
    RummyState,
    RummyView,  # noqa: F401  (given before the split)
    add_cards,
    evolve_fields,
    evolve_state,
    hands_with,
    per_seat,
    replace_at,
    with_card,
    without_cards,
)
from rummykit.engine.table import (
    extended,
    melds_with,  # noqa: F401  (given before the split)
)
from rummykit.errors import IllegalMoveError
from rummykit.melds import Meld, MeldRules
from rummykit.pieces.claims import ClaimOrder, ClaimRule
from rummykit.pieces.deal import (
    DealRule,
    DeckRule,
    FixedDeck,  # noqa: F401  (given before the split)
)
from rummykit.pieces.discard import (
    NO_RESTRICTION,
    DiscardRestriction,
    DiscardRule,  # noqa: F401  (given before the split)
)
from rummykit.pieces.going_out import GoingOut, GoingOutRule
from rummykit.pieces.knock import KnockRule
from rummykit.pieces.options import MAX_RESHUFFLES, MAX_TURNS
from rummykit.pieces.outcome import (
    DealEnd,
    DealScoring,
    GameEnd,
    MeldScoring,
    NamesDealWinner,
    NoMeldScoring,
    StartRule,
    TableMeld,
)
from rummykit.pieces.pickup import Pickup, PickupRule
from rummykit.pieces.stock import (
    END_WHEN_EMPTY,
    StockExhaustion,
    StockRule,  # noqa: F401  (given before the split)
)
from rummykit.pieces.table import SharedMelds, TablePolicy
from rummykit.pieces.visibility import TOP_DISCARD, Visibility
from rummykit.solver import possible_melds
from rummykit.wilds import WildMovement, WildPolicy

__all__ = ["RummyRules"]


_evolve: Final = evolve_state


@attrs.frozen
class RummyRules:
    """The rules of a draw-and-discard rummy, as a record of pieces.

    Every field is a piece or a parameter; a variant module builds one of these.
    """

    #: The deck for a number of players.
    deck_rule: DeckRule = attrs.field(kw_only=True)
    #: How each deal is dealt (:class:`~rummykit.pieces.deal.DealSpec`, or any
    #: :class:`~rummykit.pieces.deal.DealRule`).
    deal: DealRule = attrs.field(kw_only=True)
    #: Per round, the melds to lay down together before anything else (contract games).
    schedule: ContractSchedule | None = attrs.field(kw_only=True, default=None)
    #: What a meld is.
    meld_rules: MeldRules = attrs.field(kw_only=True)
    #: Which cards are wild and how they behave.
    wilds: WildPolicy = attrs.field(kw_only=True)
    #: What taking the discard pile means.
    pickup: PickupRule = attrs.field(kw_only=True, default=Pickup.TOP)
    #: Laying off on another player's meld needs a meld of one's own first (R42): a
    #: shorthand for ``table=SharedMelds(open_before_lay_off=...)``.
    open_before_lay_off: bool = attrs.field(kw_only=True, default=True)
    #: Whose melds a player may extend and which new melds a hand may lay: shared melds
    #: (the default, from ``open_before_lay_off``) or boards of one's own.
    table: TablePolicy = attrs.field(
        kw_only=True,
        default=attrs.Factory(
            lambda rules: SharedMelds(open_before_lay_off=rules.open_before_lay_off),
            takes_self=True,
        ),
    )
    #: A wild may not stand for an exact card whose every copy is on the table (R40 option).
    wild_table_copy_limit: bool = attrs.field(kw_only=True, default=False)
    #: Points for laying cards during play.
    meld_scoring: MeldScoring = attrs.field(kw_only=True, factory=NoMeldScoring)
    #: Scores at the end of a deal.
    deal_scoring: DealScoring = attrs.field(kw_only=True)
    #: Who starts each deal.
    start_rule: StartRule = attrs.field(kw_only=True)
    #: When the game ends and who wins.
    game_end: GameEnd = attrs.field(kw_only=True)
    #: Points laid in a turn count only if the player pegs them as the turn's last act (R46).
    strict_pegging: bool = attrs.field(kw_only=True, default=False)
    #: How a player may go out.
    going_out: GoingOutRule = attrs.field(kw_only=True, default=GoingOut.ANY)
    #: Which card may not be discarded (R13).
    discard_rule: DiscardRestriction = attrs.field(kw_only=True, default=NO_RESTRICTION)
    #: What happens when the stock runs out.
    stock_rule: StockExhaustion = attrs.field(kw_only=True, default=END_WHEN_EMPTY)
    #: Out-of-turn claims of the face-up discard, if the game has them (R34).
    claims: ClaimRule | None = attrs.field(kw_only=True, default=None)
    #: After a first-turn go-out the others each take one reply turn (R19 option).
    reply_turn: bool = attrs.field(kw_only=True, default=False)
    #: A safeguard: a deal ends (everyone scoring their hand, ``DealEnd.SAFEGUARD``) rather
    #: than reshuffle the discard pile into the stock more often than this (R36a).
    max_reshuffles: int = attrs.field(kw_only=True, default=MAX_RESHUFFLES)
    #: A safeguard: a deal ends as if the stock had run out after this many turns, so that
    #: players who keep taking and throwing back the top discard still finish (R36a).
    max_turns: int = attrs.field(kw_only=True, default=MAX_TURNS)
    #: A safeguard; the game ends after this many deals whatever the scores.
    max_deals: int = attrs.field(kw_only=True, default=100)
    #: What every player sees besides their hand and the melds: the top discard, or the whole
    #: discard pile (Rummy 500).
    visibility: Visibility = attrs.field(kw_only=True, default=TOP_DISCARD)
    #: A knock game (Gin Rummy): nobody melds during play; a player whose deadwood is within
    #: the knock limit knocks, and a showdown follows (:mod:`rummykit.engine.rummy_knock`).
    knock: KnockRule | None = attrs.field(kw_only=True, default=None)
    #: A safeguard: the deal is void (:attr:`DealEnd.SAFEGUARD`) when the discard pile is
    #: taken from for this many times in it (OpenSpiel's gin rule), or never (``None``).
    max_takes: int | None = attrs.field(kw_only=True, default=None)
    #: A safeguard: the deal is void when two turns in a row each throw back the discard
    #: they took (OpenSpiel's gin rule).
    throwback_voids: bool = attrs.field(kw_only=True, default=False)
    # Derived from the pieces once, for the engine's hot paths (see __attrs_post_init__).
    _keeps_hand_melds: bool = attrs.field(init=False, eq=False, repr=False)
    _wall: int = attrs.field(init=False, eq=False, repr=False)
    _restricts: bool = attrs.field(init=False, eq=False, repr=False)
    _taken_known: bool = attrs.field(init=False, eq=False, repr=False)
    _names_winner: bool = attrs.field(init=False, eq=False, repr=False)
    _target: int | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        derived = {
            # whether states carry every seat's formable melds (see keeps_hand_melds)
            "_keeps_hand_melds": (
                self.schedule is None and self.knock is None and self.table.keeps_hand_melds
            ),
            "_wall": self.stock_rule.wall,
            "_restricts": self.discard_rule.restricts,
            "_taken_known": self.visibility.taken_known,
            "_names_winner": isinstance(self.deal_scoring, NamesDealWinner),
            "_target": self.game_end.target,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def deck(self, players: int) -> DeckSpec:
        return self.deck_rule.deck(players)

    @property
    def keeps_hand_melds(self) -> bool:
        """Whether states carry every seat's formable melds, kept move by move. Contract games
        solve on demand instead: before laying down only contract melds are wanted, and only
        once the contract can be met; afterwards no new meld is ever laid (R32). Knock games
        and table policies that list their own new melds need none either."""
        return self._keeps_hand_melds

    def contract(self, state: RummyState) -> Contract | None:
        """The contract of the current round, in contract games."""
        if self.schedule is None:
            return None
        return self.schedule.round(state.deal_number).contract

    def deals(self) -> int | None:
        """How many deals a game has, when the rules fix it."""
        return None if self.schedule is None else len(self.schedule)

    def _refill_size(self, state: RummyState) -> int:
        """How many discards a refill would turn into a new stock (R36; 0 past the
        reshuffle safeguard)."""
        if state.reshuffles >= self.max_reshuffles:
            return 0
        return self.stock_rule.refill_size(state.discards)

    def _stock_ending(self, state: RummyState) -> DealEnd:
        """Why a deal whose stock is empty and cannot be refilled ends: the stock ran out, or
        the reshuffle safeguard stopped a refill the stock piece would make (R36a)."""
        if self.stock_rule.refill_size(state.discards):
            return DealEnd.SAFEGUARD
        return DealEnd.STOCK

    def _can_draw(self, state: RummyState) -> bool:
        return bool(state.stock) or self._refill_size(state) > 0

    def _refill(self, state: RummyState) -> RummyState:
        """``state`` with a stock to draw from: the discards made a new stock when it is
        empty, by the stock piece."""
        if state.stock or not self._refill_size(state):
            return state
        seed, number, count = state.seed, state.deal_number, state.reshuffles

        def shuffle(cards: Sequence[Card]) -> list[Card]:
            return shuffled(cards, seed, number, "reshuffle", count)

        stock, kept = self.stock_rule.refill(state.discards, shuffle)
        return _evolve(
            state,
            stock=stock,
            discards=kept,
            reshuffles=state.reshuffles + 1,
            top_fresh=state.top_fresh and bool(kept),
        )

    # -- deals and turns: functions of rummykit.engine.rummy_deal, bound as methods -----------

    start = rummy_deal.start
    _blank = rummy_deal._blank
    _deal = rummy_deal._deal
    _deck_of = rummy_deal._deck_of
    _context_of = rummy_deal._context_of
    _initial_melds = rummy_deal._initial_melds
    _begin_turn = rummy_deal._begin_turn
    _start_turn_fields = rummy_deal._start_turn_fields
    _end_turn = rummy_deal._end_turn
    _quick_turn = rummy_deal._quick_turn
    note_reached = rummy_deal.note_reached
    _end_deal = rummy_deal._end_deal
    _finish = rummy_deal._finish

    # -- views: functions of rummykit.engine.rummy_views, bound as methods ---------------------

    _shown = rummy_views._shown
    _public_discards = rummy_views._public_discards
    view = rummy_views.view
    hidden_cards = rummy_views.hidden_cards
    with_hidden = rummy_views.with_hidden
    public_cards = rummy_views.public_cards
    sample = rummy_views.sample
    _sample_once = rummy_views._sample_once

    # -- generation: functions of rummykit.engine.rummy_moves, bound as methods ---------------

    def generate(self, state: RummyState) -> Iterator[Move]:
        if self.knock is not None:
            return self.knock_generate(state)
        return rummy_moves.generate(self, state)

    _play_moves = rummy_moves._play_moves
    _contract_melds = rummy_moves._contract_melds
    _keeps_a_discard = rummy_moves._keeps_a_discard
    _discard_problem = rummy_moves._discard_problem
    _swaps = rummy_moves._swaps
    _placements = rummy_moves._placements
    _claim_candidates = rummy_moves._claim_candidates
    _penalty_available = rummy_moves._penalty_available
    _lay_offs = rummy_moves._lay_offs
    _may_lay_on = rummy_moves._may_lay_on
    _lay_off_problem = rummy_moves._lay_off_problem
    _table_copies_ok = rummy_moves._table_copies_ok
    _pickup_moves = rummy_moves._pickup_moves
    _can_take = rummy_moves._can_take
    _discard_after_take = rummy_moves._discard_after_take

    # -- the knock turn: functions of rummykit.engine.rummy_knock, bound as methods ----------

    knock_generate = rummy_knock.knock_generate
    knock_check = rummy_knock.knock_check
    knock_play = rummy_knock.knock_play
    knock_turn = rummy_knock.knock_turn
    _knock_turn_ends = rummy_knock._knock_turn_ends
    knock_limit = rummy_knock.knock_limit
    _knock_moves = rummy_knock._knock_moves
    _knock_lay_offs = rummy_knock._knock_lay_offs
    _knock_check_meld = rummy_knock._knock_check_meld
    _knock_check_lay_off = rummy_knock._knock_check_lay_off
    _kept = rummy_knock._kept
    _can_knock = rummy_knock._can_knock
    _spread_limit = rummy_knock._spread_limit

    # -- the one check: functions of rummykit.engine.rummy_check, bound as methods -------------

    def check(self, state: RummyState, move: object) -> IllegalMoveError | None:
        if self.knock is not None:
            if rummy_knock.plainly_legal(self, state, move):
                return None
        elif self._plainly_legal(state, move):
            return None
        return rummy_check.check(self, state, move)

    def _plainly_legal(self, state: RummyState, move: object) -> bool:
        """A fast yes for the commonest moves, a draw and a discard (the full check gives
        the same answer, and every ``no`` goes to it for its reason)."""
        kind = type(move)
        if kind is Draw:
            return state.phase is Phase.DRAW and not state.over and bool(state.stock)
        if kind is TakeDiscard:
            return (
                state.phase is Phase.DRAW
                and cast(TakeDiscard, move).count == 1
                and type(cast(TakeDiscard, move).count) is int
                and bool(state.discards)
                and not state.over
                and 1 in self.pickup.depths(len(state.discards))
                and self._can_take(state, 1)
            )
        if kind is not Discard or state.phase is not Phase.PLAY or state.contract_laid:
            return False
        card = cast(Discard, move).card
        hand = state.hands[state.to_move]
        return (
            type(card) is Card
            and card in hand
            and not state.over
            and self._discard_problem(state, card, hand) is None
        )

    _check_meld = rummy_check._check_meld
    _check_lay_off = rummy_check._check_lay_off
    _no_discard_left = rummy_check._no_discard_left
    _swapped = rummy_check._swapped
    _swap_problem = rummy_check._swap_problem

    # -- playing -------------------------------------------------------------------------------

    def play(self, state: RummyState, move: Move) -> RummyState:
        history = (state.history, state.to_move, move)
        if self.knock is not None:
            kind = type(move)
            if (
                kind is Draw
                or kind is TakeDiscard
                or (kind is Discard and state.phase is Phase.PLAY)
            ):
                return self.knock_turn(state, move, history)
            return self.knock_play(state, move, history)
        seat = state.to_move
        kind = type(move)
        if kind is Draw and self.claims is None and state.stock:
            # The common draw in one step: what _draw and _after_draw do without claims.
            card = state.stock[-1]
            fields = state.__dict__.copy()
            fields.update(with_card(state, seat, card))
            fields["history"] = history
            fields["stock"] = state.stock[:-1]
            fields["drawn"] = card
            fields["took"] = None
            fields["draw_waiting"] = False
            fields["phase"] = Phase.PLAY
            return evolve_fields(fields)
        if kind is Discard and not self.throwback_voids:
            changes = self._discarding(state, seat, cast(Discard, move), history)
            return self._end_turn(state, seat, changes=changes)
        if isinstance(move, Draw):
            state = _evolve(state, history=history)
            if self.claims is not None and self.claims.order is ClaimOrder.ORIGINAL:
                window = self._open_claims(_evolve(state, draw_waiting=True), seat)
                if window is not None:
                    return window
            return self._after_draw(self._draw(state, seat), seat)
        if isinstance(move, TakeDiscard):
            count = move.count
            if self.max_takes is not None and state.phase is Phase.DRAW:
                if state.takes + 1 >= self.max_takes:
                    return self._end_deal(_evolve(state, history=history), DealEnd.SAFEGUARD, None)
                state = _evolve(state, takes=state.takes + 1)
            cut = len(state.discards) - count
            card = state.discards[cut]  # the deepest card taken
            obliged = self.pickup.must_meld(count)
            if count > 1:
                for above in state.discards[cut + 1 :]:
                    state = _evolve(state, **with_card(state, seat, above))
            fields = state.__dict__.copy()
            fields.update(with_card(state, seat, card))
            if self._taken_known:
                known = list(state.known)
                known[seat] = (*known[seat], *state.discards[cut:])
                fields["known"] = tuple(known)
            fields["history"] = history
            fields["discards"] = state.discards[:cut]
            fields["phase"] = Phase.PICKUP if obliged else Phase.PLAY
            fields["pending"] = card if obliged else None
            fields["took"] = fields["drawn"] = card
            fields["top_fresh"] = False
            return evolve_fields(fields)
        if isinstance(move, (Claim, Pass)):
            return self._play_claim(_evolve(state, history=history), seat, isinstance(move, Claim))
        if isinstance(move, Swap):
            return self._play_swap(state, move, history)
        if isinstance(move, Peg):
            return self._end_turn(_evolve(state, history=history), seat, claim=move.claim)
        if isinstance(move, ChooseStart):
            starter = seat if move.first else (seat + 1) % state.players
            return _evolve(
                state,
                history=history,
                first_player=starter,
                to_move=starter,
                active=starter,
                phase=Phase.DRAW,
            )
        if isinstance(move, Discard):
            after = _evolve(state, **self._discarding(state, seat, move, history))
            if self.throwback_voids:
                back = move.card == state.took
                if back and state.thrown_back:
                    return self._end_deal(after, DealEnd.SAFEGUARD, None)
                after = _evolve(after, thrown_back=back)
            return self._end_turn(after, seat)
        if isinstance(move, LayMeld):
            points = self.meld_scoring.points(None, move.meld)
            laid: tuple[Meld, ...] = ()
            opened = True
            contract = self.contract(state)
            if contract is not None:
                laid = (*state.contract_laid, move.meld)
                opened = contract.unmet(laid) == ()
                if opened:
                    laid = ()
            after = _evolve(
                state,
                history=history,
                **without_cards(state, seat, move.meld.cards),
                table=(*state.table, TableMeld(seat, move.meld)),
                opened=cast(
                    tuple[bool, ...], replace_at(state.opened, seat, opened or state.opened[seat])
                ),
                contract_laid=laid,
                turn_points=state.turn_points + points,
            )
            return self._after_lay(after, seat)
        if isinstance(move, LayOff):
            placed = state.table[move.target]
            grown = extended(placed.meld, move.card, move.end)
            assert grown is not None
            points = self.meld_scoring.points(placed.meld, grown)
            table = cast(
                tuple[TableMeld, ...],
                replace_at(state.table, move.target, TableMeld(placed.owner, grown)),
            )
            if state.phase is Phase.PLACE_WILD:
                after = _evolve(
                    state,
                    history=history,
                    table=table,
                    turn_points=state.turn_points + points,
                    phase=Phase.PLAY,
                    pending=None,
                    place_on=None,
                )
            else:
                after = _evolve(
                    state,
                    history=history,
                    **without_cards(state, seat, (move.card,)),
                    table=table,
                    turn_points=state.turn_points + points,
                )
            return self._after_lay(after, seat)
        raise AssertionError(f"unchecked move {move!r}")

    def _draw(self, state: RummyState, seat: int) -> RummyState:
        """``seat`` draws the top stock card (reshuffling the discards in first if needed)."""
        state = self._refill(state)
        card = state.stock[-1]
        return _evolve(
            state,
            stock=state.stock[:-1],
            **with_card(state, seat, card),
            drawn=card,
            took=None,
            draw_waiting=False,
        )

    def _after_draw(self, state: RummyState, seat: int) -> RummyState:
        """After a stock draw: a claim window (R34, main order), else the play phase."""
        if self.claims is not None and self.claims.order is ClaimOrder.MAIN:
            window = self._open_claims(state, seat)
            if window is not None:
                return window
        return _evolve(state, phase=Phase.PLAY, to_move=seat)

    def _open_claims(self, state: RummyState, after: int) -> RummyState | None:
        candidate = next(self._claim_candidates(state, after), None)
        if candidate is None:
            return None
        return _evolve(state, phase=Phase.CLAIM, to_move=candidate)

    def _play_claim(self, state: RummyState, seat: int, take: bool) -> RummyState:
        active = state.active
        if take:
            card = state.discards[-1]
            state = _evolve(
                state,
                discards=state.discards[:-1],
                **with_card(state, seat, card),
                top_fresh=False,
                claimed=True,
            )
            state = self._refill(state)
            penalty = state.stock[-1]
            state = _evolve(state, stock=state.stock[:-1], **with_card(state, seat, penalty))
        else:
            following = next(self._claim_candidates(state, seat), None)
            if following is not None:
                return _evolve(state, to_move=following)
        if state.draw_waiting:
            if not self._can_draw(state):
                ending = self._stock_ending(state)
                return self._end_deal(_evolve(state, to_move=active), ending, None)
            state = self._draw(state, active)
        return _evolve(state, phase=Phase.PLAY, to_move=active, draw_waiting=False)

    def _play_swap(self, state: RummyState, move: Swap, history: object) -> RummyState:
        seat = state.to_move
        placed = state.table[move.target]
        wild = placed.meld.cards[move.index]
        swapped = TableMeld(placed.owner, self._swapped(placed.meld, move))
        table = cast(tuple[TableMeld, ...], replace_at(state.table, move.target, swapped))
        state = _evolve(
            state, history=history, table=table, **without_cards(state, seat, (move.card,))
        )
        movement = state.context.wilds.movement
        if movement is WildMovement.RECLAIM_TO_HAND:
            return _evolve(state, **with_card(state, seat, wild))
        stays = movement is WildMovement.MOVE_ON_TABLE_JOKERS_ONLY and wild != JOKER
        return _evolve(
            state,
            phase=Phase.PLACE_WILD,
            pending=wild,
            place_on=move.target if stays else None,
        )

    def _after_lay(self, state: RummyState, seat: int) -> RummyState:
        if state.phase is Phase.PICKUP:
            more = self.pickup.then_takes
            take = state.discards[max(0, len(state.discards) - more) :] if more else ()
            hand = add_cards(state.hands[seat], take)
            state = _evolve(
                state,
                discards=state.discards[: len(state.discards) - len(take)],
                hands=hands_with(state, seat, hand),
                hand_melds=per_seat(state.hand_melds, seat, possible_melds(hand, state.context)),
                phase=Phase.PLAY,
                pending=None,
            )
        if not state.hands[seat]:
            return self._end_turn(state, seat)
        return state

    @staticmethod
    def _discarding(
        state: RummyState, seat: int, move: Discard, history: object
    ) -> dict[str, object]:
        """The fields that change when ``seat`` discards (before the turn ends)."""
        return {
            "history": history,
            **without_cards(state, seat, (move.card,), played=False),
            "discards": (*state.discards, move.card),
            "top_by": seat,
            "top_fresh": True,
        }
