"""The draw-and-discard family: state, views and rules shared by the rummy games.

:class:`RummyRules` is a frozen record of pieces. The generic turn is: (optionally) a start
choice, a draw (from the stock, or the discard pile under the variant's :class:`Pickup`
rule), any number of melds and lay-offs, and a discard that ends the turn; a player who
empties their hand goes out. The pieces decide the rest: deck, deal size, meld rules, wild
policy, who may lay off on whose melds, how melds and deals score, who starts, when the
game ends.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Iterator, Sequence
from typing import Final, cast

import attrs

from rummykit.cards import JOKER, Card, DeckSpec
from rummykit.contracts import Contract, ContractSchedule
from rummykit.engine import rummy_check, rummy_knock, rummy_moves
from rummykit.engine.core import NOBODY, Setup, Variant, shuffled
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
    RummyView,
    add_cards,
    evolve_state,
    hands_with,
    per_seat,
    remove_cards,
    replace_at,
    with_card,
    without_cards,
)
from rummykit.engine.table import (
    extended,
    melds_with,  # noqa: F401  (given before the split)
)
from rummykit.engine.views import HIDDEN, Hidden
from rummykit.errors import IllegalMoveError, OptionError
from rummykit.melds import Meld, MeldContext, MeldRules
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
from rummykit.pieces.outcome import (
    DealEnd,
    DealOutcome,
    DealScoring,
    GameEnd,
    MeldScoring,
    NoMeldScoring,
    StartRule,
    TableMeld,
    deal_winner,
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
from rummykit.wilds import DealInfo, DealWilds, WildMovement, WildPolicy

__all__ = ["RummyRules"]


_evolve: Final = evolve_state


@functools.lru_cache(maxsize=256)
def _cards_of(deck: DeckSpec) -> tuple[Card, ...]:
    """The cards of ``deck`` (built once per deck: a deal shuffles a copy)."""
    return deck.cards()


def _context(
    meld_rules: MeldRules, deck: DeckSpec, wilds: WildPolicy, deal: DealInfo
) -> MeldContext:
    """The meld context of a deal: the same pieces give the same (immutable) context, so it
    is built once, not on every deal (unless a piece cannot be hashed)."""
    try:
        return _shared_context(meld_rules, deck, cast(Hashable, wilds), deal)
    except TypeError:
        return MeldContext(rules=meld_rules, deck=deck, wilds=wilds.for_deal(deal))


@functools.lru_cache(maxsize=1024)
def _shared_context(
    meld_rules: MeldRules, deck: DeckSpec, wilds: Hashable, deal: DealInfo
) -> MeldContext:
    policy = cast(WildPolicy, wilds)
    return _context_of(meld_rules, deck, policy.for_deal(deal))


@functools.lru_cache(maxsize=1024)
def _context_of(meld_rules: MeldRules, deck: DeckSpec, wilds: DealWilds) -> MeldContext:
    """One context object for the same wild cards, whatever the deal that chose them (so
    the solver's tables for it are built once)."""
    return MeldContext(rules=meld_rules, deck=deck, wilds=wilds)


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
    #: A safeguard: a deal ends (everyone scoring their hand) rather than reshuffle the
    #: discard pile into the stock more often than this (R36).
    max_reshuffles: int = attrs.field(kw_only=True, default=3)
    #: A safeguard: a deal ends as if the stock had run out after this many turns, so that
    #: players who keep taking and throwing back the top discard still finish.
    max_turns: int = attrs.field(kw_only=True, default=1000)
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

    def deck(self, players: int) -> DeckSpec:
        return self.deck_rule.deck(players)

    def start(self, variant: Variant, players: int, seed: int, setup: Setup) -> RummyState:
        if setup.deal > self.max_deals:
            raise OptionError(
                f"{variant.id} has at most {self.max_deals} deals; "
                f"deal {setup.deal} does not exist"
            )
        deck = self.deck(players)
        needed = self.deal.most_cards(setup.deal, players) + int(self.deal.upcard) + 1
        if setup.deck is None and deck.size < needed:
            raise OptionError(
                f"{players} players may need {needed} cards (the deal, the upcard and one to "
                f"draw) but the {variant.id} deck holds {deck.size}; use more packs"
            )
        scores = setup.scores if setup.scores is not None else (0,) * players
        dealer = setup.dealer
        if dealer is None:
            dealer = random.Random(f"{seed}:dealer").randrange(players)
        base = self._blank(
            variant=variant, players=players, seed=seed, setup=setup, scores=scores, dealer=dealer
        )
        # A stacked later deal: as in play, the previous hand was started by the seat on the
        # previous dealer's left, which is this deal's dealer (R44's tie-break needs it).
        previous = dealer if setup.deal > 1 else None
        return self._deal(
            base,
            number=setup.deal,
            dealer=dealer,
            order=setup.deck,
            first=setup.first,
            previous_first=previous,
        )

    def _blank(
        self,
        *,
        variant: Variant,
        players: int,
        seed: int,
        setup: Setup,
        scores: tuple[int, ...],
        dealer: int,
    ) -> RummyState:
        return RummyState(
            variant=variant,
            players=players,
            seed=seed,
            setup=setup,
            deal_number=setup.deal,
            dealer=dealer,
            scores=scores,
            to_move=NOBODY,
            over=False,
            history=None,
            hands=((),) * players,
            stock=(),
            discards=(),
            table=(),
            phase=Phase.DRAW,
            opened=(False,) * players,
            turns=(0,) * players,
            first_player=(dealer + 1) % players,
            pending=None,
            turn_points=0,
            reached=(),
            final_after=None,
            last_deal=None,
            context=MeldContext(rules=self.meld_rules, deck=self.deck(players)),
            contract_laid=(),
            took=None,
            drawn=None,
            single=None,
            top_by=None,
            top_fresh=True,
            active=NOBODY,
            claimed=False,
            draw_waiting=False,
            reshuffles=0,
            place_on=None,
            reply_to=None,
            offers=0,
            knocker=None,
            knock_all=False,
            takes=0,
            thrown_back=False,
            deals_won=(0,) * players,
            indicator=None,
            set_aside=(),
            known=((),) * players,
            first_play=True,
            hand_melds=((),) * players,
        )

    def _deal(
        self,
        state: RummyState,
        *,
        number: int,
        dealer: int,
        order: Sequence[Card] | None = None,
        first: int | None = None,
        previous_first: int | None = None,
    ) -> RummyState:
        """A fresh deal: shuffle (or take the stacked order), deal, turn the upcard."""
        players = state.players
        deck = self.deck(players)
        cards = list(order) if order is not None else shuffled(_cards_of(deck), state.seed, number)
        given = self.deal.deal(cards, number=number, players=players, dealer=dealer)
        context = _context(self.meld_rules, deck, self.wilds, DealInfo(number, given.indicator))
        rest = cards[given.used :]
        discards: tuple[Card, ...] = ()
        if self.deal.upcard:
            rng = random.Random(f"{state.seed}:{number}:upcard")
            while self.deal.redraw_wild_upcard and context.wilds.mask[rest[0]]:
                if all(context.wilds.mask[c] for c in rest):
                    break
                wild = rest.pop(0)
                rest.insert(rng.randrange(1, len(rest) + 1), wild)
            discards = (rest.pop(0),)
        known: tuple[tuple[Card, ...], ...] = ((),) * players
        if given.face_up:
            known = tuple(() if card is None else (card,) for card in given.face_up)
        indicator = given.indicator
        if indicator is None and discards:
            indicator = discards[0]
        stock = tuple(reversed(rest))
        sorted_hands = tuple(tuple(sorted(h)) for h in given.hands)
        dealt = _evolve(
            state,
            deal_number=number,
            dealer=dealer,
            hands=sorted_hands,
            hand_melds=self._initial_melds(sorted_hands, context),
            stock=stock,
            discards=discards,
            table=(),
            opened=(False,) * players,
            turns=(0,) * players,
            pending=None,
            turn_points=0,
            final_after=None,
            context=context,
            first_player=(dealer + 1) % players,
            contract_laid=(),
            took=None,
            drawn=None,
            single=None,
            top_by=None,
            top_fresh=True,
            claimed=False,
            draw_waiting=False,
            reshuffles=0,
            place_on=None,
            reply_to=None,
            offers=0,
            knocker=None,
            knock_all=False,
            takes=0,
            thrown_back=False,
            indicator=indicator,
            set_aside=() if given.indicator is None else (given.indicator,),
            known=known,
        )
        if first is not None:
            return self._begin_turn(_evolve(dealt, first_player=first), first, opening=True)
        if previous_first is not None:
            dealt = _evolve(dealt, first_player=previous_first)
        chooser = self.start_rule.chooser(dealt) if number > 1 else None
        if chooser is not None:
            return _evolve(dealt, to_move=chooser, active=chooser, phase=Phase.CHOOSE_START)
        starter = self.start_rule.first(dealt)
        return self._begin_turn(_evolve(dealt, first_player=starter), starter, opening=True)

    @property
    def keeps_hand_melds(self) -> bool:
        """Whether states carry every seat's formable melds, kept move by move. Contract games
        solve on demand instead: before laying down only contract melds are wanted, and only
        once the contract can be met; afterwards no new meld is ever laid (R32)."""
        return self.schedule is None and self.knock is None and self.table.keeps_hand_melds

    def _initial_melds(
        self, hands: Sequence[tuple[Card, ...]], context: MeldContext
    ) -> tuple[tuple[Meld, ...], ...]:
        if not self.keeps_hand_melds:
            return ((),) * len(hands)
        return tuple(possible_melds(h, context) for h in hands)

    def _begin_turn(self, state: RummyState, seat: int, *, opening: bool = False) -> RummyState:
        """``seat``'s turn starts: draw, or play at once on Crazy Rummy's opening turn."""
        hand = state.hands[seat]
        skip_draw = opening and not self.deal.first_player_draws
        phase = Phase.PLAY if skip_draw else Phase.DRAW
        if opening and self.pickup.offers_upcard and state.discards:
            phase = Phase.FIRST_UPCARD
        return _evolve(
            state,
            to_move=seat,
            active=seat,
            offers=0,
            phase=phase,
            took=None,
            drawn=None,
            single=hand[0] if len(hand) == 1 else None,
            claimed=False,
            draw_waiting=False,
            contract_laid=(),
            first_play=not state.opened[seat],
        )

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
        history = (state.history, move)
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
            return _evolve(
                state,
                history=history,
                stock=state.stock[:-1],
                **with_card(state, seat, card),
                drawn=card,
                took=None,
                draw_waiting=False,
                phase=Phase.PLAY,
            )
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
            for above in state.discards[cut + 1 :]:
                state = _evolve(state, **with_card(state, seat, above))
            if self.visibility.taken_known:
                taken = (*state.known[seat], *state.discards[cut:])
                state = _evolve(state, known=replace_at(state.known, seat, taken))
            return _evolve(
                state,
                history=history,
                discards=state.discards[:cut],
                **with_card(state, seat, card),
                phase=Phase.PICKUP if obliged else Phase.PLAY,
                pending=card if obliged else None,
                took=card,
                drawn=card,
                top_fresh=False,
            )
        if isinstance(move, (Claim, Pass)):
            return self._play_claim(_evolve(state, history=history), seat, isinstance(move, Claim))
        if isinstance(move, Swap):
            return self._play_swap(state, move, history)
        if isinstance(move, Peg):
            return self._end_turn(_evolve(state, history=history), seat, claim=move.claim)
        if isinstance(move, ChooseStart):
            starter = seat if move.first else (seat + 1) % state.players
            return _evolve(
                state, history=history, first_player=starter, to_move=starter, phase=Phase.DRAW
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
            **without_cards(state, seat, (move.card,)),
            "discards": (*state.discards, move.card),
            "top_by": seat,
            "top_fresh": True,
        }

    def _end_turn(
        self,
        state: RummyState,
        seat: int,
        *,
        claim: bool = True,
        changes: dict[str, object] | None = None,
    ) -> RummyState:
        """Peg the turn's points (R46; under ``strict_pegging`` the player first says whether
        to peg them), then end the deal, the game or the turn. ``changes`` are the fields the
        turn's last move changed, not yet in ``state`` (one copy instead of two)."""
        more = changes if changes is not None else {}
        if self.strict_pegging and state.turn_points and state.phase is not Phase.PEG:
            return _evolve(state, **more, phase=Phase.PEG)
        scores = state.scores
        if state.turn_points and claim:
            scores = cast(
                tuple[int, ...], replace_at(scores, seat, scores[seat] + state.turn_points)
            )
        turns = cast(tuple[int, ...], replace_at(state.turns, seat, state.turns[seat] + 1))
        state = _evolve(state, **more, scores=scores, turns=turns, turn_points=0)
        state = self.note_reached(state)
        following = (seat + 1) % state.players
        if state.reply_to is not None:
            if following == state.reply_to:
                return self._end_deal(state, DealEnd.OUT, state.reply_to)
        elif not state.hands[seat]:
            opening = sum(state.turns) == 1 and seat == state.first_player
            if self.reply_turn and opening and state.players > 1:
                state = _evolve(state, reply_to=seat)
            else:
                return self._end_deal(state, DealEnd.OUT, seat)
        wall = self.stock_rule.wall
        if wall and len(state.stock) <= wall:
            if self.knock is not None:
                return _evolve(
                    state, to_move=following, active=following, phase=Phase.WALL, took=None,
                    drawn=None,
                )  # fmt: skip
            return self._end_deal(state, DealEnd.STOCK, None)
        if not state.stock and not self._can_draw(state):
            return self._end_deal(state, self._stock_ending(state), None)
        if sum(state.turns) >= self.max_turns:
            return self._end_deal(state, DealEnd.SAFEGUARD, None)
        if self.game_end.over_after_turn(state, following):
            return self._finish(state)
        return self._begin_turn(state, following)

    def note_reached(self, state: RummyState) -> RummyState:
        """Record seats that have newly reached the game's target (R45)."""
        target = self.game_end.target
        if target is None:
            return state
        newly = [
            s for s in range(state.players) if state.scores[s] >= target and s not in state.reached
        ]
        if not newly:
            return state
        final_after = state.final_after if state.final_after is not None else newly[0]
        return _evolve(state, reached=(*state.reached, *newly), final_after=final_after)

    def _end_deal(self, state: RummyState, reason: DealEnd, out: int | None) -> RummyState:
        outcome = DealOutcome(
            deal_number=state.deal_number,
            reason=reason,
            out=out,
            hands=state.hands,
            table=state.table,
            wild_cards=state.context.wilds.cards,
            indicator=state.indicator,
        )
        delta = self.deal_scoring.deal_scores(outcome)
        scores = tuple(s + d for s, d in zip(state.scores, delta, strict=True))
        scored = attrs.evolve(outcome, points=delta)
        winner = deal_winner(self.deal_scoring, scored)
        won = state.deals_won
        if winner is not None:
            won = cast(tuple[int, ...], replace_at(won, winner, won[winner] + 1))
        state = _evolve(
            state,
            scores=scores,
            deals_won=won,
            last_deal=attrs.evolve(scored, winner=winner),
        )
        state = self.note_reached(state)
        if self.game_end.over_after_deal(state) or state.deal_number >= self.max_deals:
            return self._finish(state)
        dealer = (state.dealer + 1) % state.players
        return self._deal(
            state, number=state.deal_number + 1, dealer=dealer, previous_first=state.first_player
        )

    def _finish(self, state: RummyState) -> RummyState:
        return _evolve(
            state,
            scores=self.game_end.final_scores(state),
            over=True,
            to_move=NOBODY,
            phase=Phase.OVER,
        )

    def _shown(self, state: RummyState, owner: int, seat: int) -> bool:
        """Whether ``seat`` sees ``owner``'s hand: its own, and a knocker's deadwood once it
        is spread (knock games)."""
        return owner == seat or (
            owner == state.knocker and state.phase in (Phase.LAYOFF, Phase.DEFEND)
        )

    def _public_discards(self, state: RummyState, seat: int) -> tuple[int, int]:
        """Which discards ``seat`` cannot see, as ``(under, face_down)``: how many cards at the
        bottom of the pile are hidden (all but the top unless the visibility piece spreads
        the pile), and whether the top card lies face down (a knocker's discard, hidden from
        the others until the deal is over)."""
        pile = len(state.discards)
        face_down = int(
            state.knocker is not None
            and state.knocker != seat
            and not state.knock_all
            and state.phase in (Phase.SPREAD, Phase.LAYOFF, Phase.DEFEND)
        )
        if self.visibility.whole_pile:
            return 0, face_down
        return max(0, pile - 1), face_down

    def view(self, state: RummyState, seat: int) -> RummyView:
        hands: tuple[tuple[Card | Hidden, ...], ...] = tuple(
            hand
            if self._shown(state, i, seat)
            else (*state.known[i], *(HIDDEN,) * (len(hand) - len(state.known[i])))
            for i, hand in enumerate(state.hands)
        )
        under, face_down = self._public_discards(state, seat)
        pile = state.discards
        seen = pile[under : len(pile) - face_down]
        discards = (HIDDEN,) * under + seen + (HIDDEN,) * face_down
        return RummyView(
            variant=state.variant.id,
            seat=seat,
            players=state.players,
            deal_number=state.deal_number,
            dealer=state.dealer,
            scores=state.scores,
            to_move=state.to_move,
            phase=state.phase,
            hand=state.hands[seat],
            hands=hands,
            table=state.table,
            discard_top=pile[-1] if pile and not face_down else None,
            discard_size=len(pile),
            discards=discards,
            stock_size=len(state.stock),
            opened=state.opened,
            pending=state.pending,
            turn_points=state.turn_points,
            is_over=state.over,
            wild_cards=state.context.wilds.cards,
            active=state.active,
            contract_laid=state.contract_laid,
            top_fresh=state.top_fresh,
            took=state.took,
            knocker=state.knocker,
            knock_limit=None if self.knock is None else self.knock_limit(state),
            indicator=state.indicator if state.set_aside or self.knock else None,
            known=state.known,
            first_play=state.first_play,
        )

    def hidden_cards(self, state: RummyState, seat: int) -> list[Card]:
        """The cards ``seat`` cannot see, in the order :meth:`with_hidden` fills them: the
        stock, the discards it cannot see (under the top unless the visibility piece spreads
        the pile, and a face-down top card), then the other hands."""
        hidden = list(state.stock)
        under, face_down = self._public_discards(state, seat)
        hidden.extend(state.discards[:under])
        if face_down:
            hidden.append(state.discards[-1])
        for i, hand in enumerate(state.hands):
            if not self._shown(state, i, seat):
                hidden.extend(_unknown(hand, state.known[i]))
        return hidden

    def with_hidden(self, state: RummyState, seat: int, cards: Sequence[Card]) -> RummyState:
        """``state`` with the cards ``seat`` cannot see replaced by ``cards`` in the order of
        :meth:`hidden_cards` (same count)."""
        pool = list(cards)
        stock = tuple(pool[: len(state.stock)])
        del pool[: len(state.stock)]
        under, face_down = self._public_discards(state, seat)
        pile = state.discards
        top: tuple[Card, ...] = ()
        if face_down:
            top = (pool[under],)
            del pool[under]
        discards = (*pool[:under], *pile[under : len(pile) - face_down], *top)
        del pool[:under]
        hands = []
        for i, hand in enumerate(state.hands):
            if self._shown(state, i, seat):
                hands.append(hand)
            else:
                known = state.known[i]
                count = len(hand) - len(known)
                hands.append(tuple(sorted((*known, *pool[:count]))))
                del pool[:count]
        return _evolve(
            state,
            stock=stock,
            discards=discards,
            hands=tuple(hands),
            hand_melds=self._initial_melds(hands, state.context),
        )


def _unknown(hand: tuple[Card, ...], known: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``hand`` other than the ``known`` ones."""
    if not known:
        return hand
    rest = remove_cards(hand, known)
    assert rest is not None
    return rest
