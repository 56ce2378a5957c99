"""The draw-and-discard family: state, views and rules shared by the rummy games.

:class:`RummyRules` is a frozen record of pieces. The generic turn is: (optionally) a start
choice, a draw (from the stock, or the discard pile under the variant's :class:`Pickup`
rule), any number of melds and lay-offs, and a discard that ends the turn; a player who
empties their hand goes out. The pieces decide the rest: deck, deal size, meld rules, wild
policy, who may lay off on whose melds, how melds and deals score, who starts, when the
game ends.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ClassVar, Final, Protocol, TypeAlias, cast

import attrs

from rummykit.cards import JOKER, Card, DeckSpec
from rummykit.contracts import Contract, ContractSchedule
from rummykit.engine.core import NOBODY, GameState, Setup, Variant, evolver, shuffled
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
)
from rummykit.engine.views import HIDDEN, Hidden
from rummykit.errors import IllegalMoveError, OptionError
from rummykit.melds import ACE_HIGH, Meld, MeldContext, MeldKind, MeldRules, position_rank
from rummykit.solver import can_meet_contract, meld_sort_key, possible_melds
from rummykit.wilds import DealInfo, WildMovement, WildPolicy

__all__ = [
    "DealEnd",
    "DealScoring",
    "DeckRule",
    "FixedDeck",
    "GameEnd",
    "MeldScoring",
    "Phase",
    "Pickup",
    "RummyRules",
    "RummyState",
    "RummyView",
    "StartRule",
    "TableMeld",
    "extended",
    "melds_with",
]


class Phase(enum.Enum):
    """Where the player to move stands in their turn."""

    #: The player who is behind chooses who starts the deal (Crib Rummy, R44).
    CHOOSE_START = "choose_start"
    #: Draw from the stock or take from the discard pile.
    DRAW = "draw"
    #: The taken discard must be melded now (Crib Rummy, R41).
    PICKUP = "pickup"
    #: Meld, lay off, then discard (or go out).
    PLAY = "play"
    #: The turn is over; the player pegs or forgoes its points (``strict_pegging``, R46).
    PEG = "peg"
    #: Another player may take the face-up discard out of turn (Crummy Rummy, R34).
    CLAIM = "claim"
    #: A wild freed by a swap must be placed on the table now (Crummy Rummy, R30).
    PLACE_WILD = "place_wild"
    #: The game is over.
    OVER = "over"


class DealEnd(enum.Enum):
    """Why a deal ended."""

    #: A player emptied their hand.
    OUT = "out"
    #: The stock ran out (Crib Rummy R47).
    STOCK = "stock"


@attrs.frozen
class TableMeld:
    """A meld on the table and the seat that laid it."""

    owner: int
    meld: Meld

    def __str__(self) -> str:
        return f"{self.meld} (seat {self.owner})"


_Illegal: TypeAlias = Callable[[str, str], IllegalMoveError]


# -- pieces ------------------------------------------------------------------------------------


class Pickup(enum.Enum):
    """What taking the discard pile means."""

    #: Take the top card into the hand.
    TOP = "top"
    #: Meld the top card at once, then take the next six cards into the hand (Crib Rummy, R41).
    MELD_TOP_TAKE_SIX = "meld_top_take_six"


class DeckRule(Protocol):
    """The deck for a number of players."""

    def deck(self, players: int) -> DeckSpec:
        """The cards the game uses with ``players`` players."""
        ...


@attrs.frozen
class FixedDeck:
    """The same deck whatever the number of players (Crib Rummy's 106 cards)."""

    spec: DeckSpec

    def deck(self, players: int) -> DeckSpec:
        return self.spec


def _int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@attrs.frozen
class DealSpec:
    """How each deal is dealt: cards per seat (by deal number, repeating), extra cards to the
    first player, the upcard, and whether the first player draws on the opening turn.

    >>> DealSpec(sizes=(7,), extra_to_first=1, upcard=False).size(9)
    7
    """

    #: Cards dealt to each seat in deal 1, 2, ... (the list repeats).
    sizes: tuple[int, ...] = attrs.field(converter=_int_tuple)
    #: Cards dealt after the round to the first player (Crazy Rummy's eighth card).
    extra_to_first: int = 0
    #: A card is turned face up to start the discard pile.
    upcard: bool = True
    #: A wild upcard goes back into the stock at a random place and the next is turned
    #: (Crummy Rummy).
    redraw_wild_upcard: bool = False
    #: The first player draws on the opening turn (Crazy Rummy's first player does not).
    first_player_draws: bool = True

    def size(self, number: int) -> int:
        """Cards each seat receives in deal ``number``."""
        return self.sizes[(number - 1) % len(self.sizes)]


class GoingOut(enum.Enum):
    """How a player may empty their hand."""

    #: By laying every card or by discarding the last one (Crib Rummy, R27, R60).
    ANY = "any"
    #: Only by a final discard: a meld or lay-off may never empty the hand (Crazy Rummy).
    DISCARD = "discard"


class DiscardRule(enum.Enum):
    """Which card a player may not discard (Crazy Rummy, R13)."""

    #: No restriction.
    NONE = "none"
    #: A player who held one card before drawing must discard it (keeping the drawn card).
    SINGLE_CARD_ONLY = "single_card_only"
    #: As ``SINGLE_CARD_ONLY``, and a card taken from the discard pile stays this turn.
    DISCARD_PILE_AND_SINGLE_CARD = "discard_pile_and_single_card"
    #: The card drawn this turn (from either pile) is never discarded the same turn.
    DRAWN_CARD_NEVER = "drawn_card_never"


class StockRule(enum.Enum):
    """What happens when the stock runs out."""

    #: The deal ends after the turn of the player who drew the last card (R21, R47).
    END_AFTER_TURN = "end_after_turn"
    #: The whole discard pile is shuffled into a new stock when a card must be drawn (R36).
    RESHUFFLE = "reshuffle"
    #: As ``RESHUFFLE`` but the top discard stays (R36 option ``keep_top_discard``).
    RESHUFFLE_KEEP_TOP = "reshuffle_keep_top"


class ClaimOrder(enum.Enum):
    """When an out-of-turn claim is made (R34)."""

    #: After the active player draws from the stock; the claimant's penalty card is the next.
    MAIN = "main"
    #: Before the active player draws; the claimant's penalty is the top stock card and the
    #: active player then draws the next one (R34 option "original").
    ORIGINAL = "original"


@attrs.frozen
class ClaimRule:
    """Taking the face-up discard out of turn with a penalty card (Crummy Rummy, R34)."""

    order: ClaimOrder = ClaimOrder.MAIN
    #: The player who discarded the card may claim it back (off by default).
    discarder_may_claim: bool = False


class MeldScoring(Protocol):
    """Points scored during play for laying cards (Crib Rummy's pegging)."""

    def points(self, before: Meld | None, after: Meld) -> int:
        """Points for turning ``before`` (``None`` for a new meld) into ``after``."""
        ...


class DealScoring(Protocol):
    """Score changes when a deal ends."""

    def deal_scores(self, state: RummyState, reason: DealEnd, out: int | None) -> tuple[int, ...]:
        """Per seat, what the deal adds to the scores (``out`` is who went out, if anyone)."""
        ...


class StartRule(Protocol):
    """Who starts a deal, and whether someone chooses (R44)."""

    def chooser(self, state: RummyState) -> int | None:
        """The seat that chooses who starts this deal, or ``None`` if nobody chooses."""
        ...

    def first(self, state: RummyState) -> int:
        """The seat that starts when nobody chooses."""
        ...


class GameEnd(Protocol):
    """When the game ends and who wins."""

    @property
    def target(self) -> int | None:
        """The score that ends the game (R45), or ``None`` if scores end nothing."""
        ...

    def over_after_turn(self, state: RummyState, seat: int) -> bool:
        """Whether the game ends before ``seat`` would take the next turn (final turns)."""
        ...

    def over_after_deal(self, state: RummyState) -> bool:
        """Whether the game ends now that a deal is over and scored."""
        ...

    def winners(self, state: RummyState) -> tuple[int, ...]:
        """The winning seats of a finished game."""
        ...


@attrs.frozen
class NoMeldScoring:
    """Laying cards scores nothing during play."""

    def points(self, before: Meld | None, after: Meld) -> int:
        return 0


# -- state -------------------------------------------------------------------------------------


@attrs.frozen(eq=False)
class RummyState(GameState):
    """A position in a draw-and-discard rummy.

    Hands are sorted tuples of cards; the stock and the discard pile are tuples whose *last*
    element is the top card.
    """

    derived_fields: ClassVar[frozenset[str]] = frozenset({"context", "hand_melds", "last_deal"})

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    phase: Phase
    #: Per seat, whether the seat has laid a meld of its own this deal (R42).
    opened: tuple[bool, ...]
    #: Per seat, the turns completed this deal.
    turns: tuple[int, ...]
    #: Who started this deal.
    first_player: int
    #: The discard taken that must be melded now (Crib Rummy).
    pending: Card | None
    #: Points laid this turn, pegged when the turn ends (R46).
    turn_points: int
    #: Seats in the order they reached the game's target (R45).
    reached: tuple[int, ...]
    #: Seat that reached the target and whose turn count the others may match (R45).
    final_after: int | None
    #: How the last finished deal ended and what it scored, for logs.
    last_deal: tuple[DealEnd, int | None, tuple[int, ...]] | None
    context: MeldContext = attrs.field(repr=False)
    #: Melds the player to move has laid towards the contract this turn (contract games).
    contract_laid: tuple[Meld, ...]
    #: The card taken from the discard pile this turn, if any (R13).
    took: Card | None
    #: The card drawn this turn, from either pile (R13 option).
    drawn: Card | None
    #: The single card held before drawing, which must be discarded (R13).
    single: Card | None
    #: Who discarded the top card (``None`` for an upcard).
    top_by: int | None
    #: The top discard can be claimed: it has never been covered (R34 "dead" cards).
    top_fresh: bool
    #: Whose turn it is (during a claim window ``to_move`` is the player asked).
    active: int
    #: A claim was made this turn (at most one, R34).
    claimed: bool
    #: The active player's draw waits for the claim window (R34 "original" order).
    draw_waiting: bool
    #: Reshuffles of the discard pile into the stock this deal (R36).
    reshuffles: int
    #: With a wild freed by a swap: the only meld it may go back to, when restricted (R30).
    place_on: int | None
    #: The seat that went out on the opening turn while the others take a reply turn (R19).
    reply_to: int | None
    #: Derived, per seat, every meld the seat's hand can form (kept up to date move by move so
    #: that move generation never re-solves a whole hand). Not part of the position.
    hand_melds: tuple[tuple[Meld, ...], ...] = attrs.field(repr=False)

    @property
    def rules(self) -> RummyRules:
        """The variant's rules."""
        return cast(RummyRules, self.variant.rules)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (empty before)."""
        return self.rules.game_end.winners(self) if self.over else ()

    def all_cards(self) -> Counter[Card]:
        """Every card in the game as a multiset (hands, stock, discards, table)."""
        count: Counter[Card] = Counter(self.stock)
        count.update(self.discards)
        for hand in self.hands:
            count.update(hand)
        for placed in self.table:
            count.update(placed.meld.cards)
        if self.phase is Phase.PLACE_WILD and self.pending is not None:
            count[self.pending] += 1  # a freed wild between its old and new place (R30)
        return count


_evolve: Final = evolver(RummyState)


@attrs.frozen
class RummyView:
    """What one seat may see: its hand, counts of the others, the table, the top discard."""

    variant: str
    seat: int
    players: int
    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    to_move: int
    phase: Phase
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card | Hidden, ...], ...]
    table: tuple[TableMeld, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    opened: tuple[bool, ...]
    pending: Card | None
    turn_points: int
    is_over: bool
    #: The wild cards of this deal (public).
    wild_cards: frozenset[Card]
    #: Whose turn it is (``to_move`` may be another player during a claim window).
    active: int
    #: Melds the active player has laid towards the contract this turn.
    contract_laid: tuple[Meld, ...]
    #: The top discard may still be claimed out of turn (R34).
    top_fresh: bool
    #: The card the active player took from the discard pile this turn (everyone saw it).
    took: Card | None

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public, Crib Rummy's advanced rules)."""
        return tuple(len(h) for h in self.hands)


# -- helpers -----------------------------------------------------------------------------------


def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (multiset), or ``None`` if the hand lacks some of them."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def _add(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted((*hand, *cards)))


def _replace(items: tuple[object, ...], index: int, value: object) -> tuple[object, ...]:
    return (*items[:index], value, *items[index + 1 :])


def extended(meld: Meld, card: Card, end: End | None) -> Meld | None:
    """``meld`` with ``card`` added at ``end`` (``None`` for a set), or ``None`` when the
    shape does not allow it (no end given for a run, an end given for a set)."""
    if meld.kind is MeldKind.RUN:
        if end is None:
            return None
        assert meld.suit is not None
        if end is End.LOW:
            if meld.start <= 1:
                return None
            return Meld(MeldKind.RUN, (card, *meld.cards), suit=meld.suit, start=meld.start - 1)
        if meld.high >= ACE_HIGH:
            return None
        return Meld(MeldKind.RUN, (*meld.cards, card), suit=meld.suit, start=meld.start)
    if end is not None or meld.kind is MeldKind.QUARTET:
        return None
    return Meld(meld.kind, (*meld.cards, card), rank=meld.rank)


# -- rules -------------------------------------------------------------------------------------


@attrs.frozen
class RummyRules:
    """The rules of a draw-and-discard rummy, as a record of pieces.

    Every field is a piece or a parameter; a variant module builds one of these.
    """

    #: The deck for a number of players.
    deck_rule: DeckRule = attrs.field(kw_only=True)
    #: How each deal is dealt.
    deal: DealSpec = attrs.field(kw_only=True)
    #: Per round, the melds to lay down together before anything else (contract games).
    schedule: ContractSchedule | None = attrs.field(kw_only=True, default=None)
    #: What a meld is.
    meld_rules: MeldRules = attrs.field(kw_only=True)
    #: Which cards are wild and how they behave.
    wilds: WildPolicy = attrs.field(kw_only=True)
    #: What taking the discard pile means.
    pickup: Pickup = attrs.field(kw_only=True, default=Pickup.TOP)
    #: Laying off on another player's meld needs a meld of one's own first (R42).
    open_before_lay_off: bool = attrs.field(kw_only=True, default=True)
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
    going_out: GoingOut = attrs.field(kw_only=True, default=GoingOut.ANY)
    #: Which card may not be discarded (R13).
    discard_rule: DiscardRule = attrs.field(kw_only=True, default=DiscardRule.NONE)
    #: What happens when the stock runs out.
    stock_rule: StockRule = attrs.field(kw_only=True, default=StockRule.END_AFTER_TURN)
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

    def deck(self, players: int) -> DeckSpec:
        return self.deck_rule.deck(players)

    # -- starting ------------------------------------------------------------------------------

    def start(self, variant: Variant, players: int, seed: int, setup: Setup) -> RummyState:
        if setup.deal > self.max_deals:
            raise OptionError(
                f"{variant.id} has at most {self.max_deals} deals; "
                f"deal {setup.deal} does not exist"
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
        cards = list(order) if order is not None else shuffled(deck.cards(), state.seed, number)
        hands: list[list[Card]] = [[] for _ in range(players)]
        position = 0
        for _ in range(self.deal.size(number)):
            for offset in range(1, players + 1):
                hands[(dealer + offset) % players].append(cards[position])
                position += 1
        for _ in range(self.deal.extra_to_first):
            hands[(dealer + 1) % players].append(cards[position])
            position += 1
        context = MeldContext(
            rules=self.meld_rules, deck=deck, wilds=self.wilds.for_deal(DealInfo(number))
        )
        rest = cards[position:]
        discards: tuple[Card, ...] = ()
        if self.deal.upcard:
            rng = random.Random(f"{state.seed}:{number}:upcard")
            while self.deal.redraw_wild_upcard and context.wilds.mask[rest[0]]:
                if all(context.wilds.mask[c] for c in rest):
                    break
                wild = rest.pop(0)
                rest.insert(rng.randrange(1, len(rest) + 1), wild)
            discards = (rest.pop(0),)
        stock = tuple(reversed(rest))
        sorted_hands = tuple(tuple(sorted(h)) for h in hands)
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
        return self.schedule is None

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
        return _evolve(
            state,
            to_move=seat,
            active=seat,
            phase=Phase.PLAY if skip_draw else Phase.DRAW,
            took=None,
            drawn=None,
            single=hand[0] if len(hand) == 1 else None,
            claimed=False,
            draw_waiting=False,
            contract_laid=(),
        )

    def contract(self, state: RummyState) -> Contract | None:
        """The contract of the current round, in contract games."""
        if self.schedule is None:
            return None
        return self.schedule.round(state.deal_number).contract

    def deals(self) -> int | None:
        """How many deals a game has, when the rules fix it."""
        return None if self.schedule is None else len(self.schedule)

    def _reshufflable(self, state: RummyState) -> tuple[Card, ...]:
        """The discards a reshuffle would turn into a new stock (R36)."""
        if self.stock_rule is StockRule.END_AFTER_TURN or state.reshuffles >= self.max_reshuffles:
            return ()
        if self.stock_rule is StockRule.RESHUFFLE_KEEP_TOP:
            return state.discards[:-1]
        return state.discards

    def _can_draw(self, state: RummyState) -> bool:
        return bool(state.stock) or bool(self._reshufflable(state))

    def _refill(self, state: RummyState) -> RummyState:
        """``state`` with a stock to draw from: the discards reshuffled in when it is empty."""
        if state.stock:
            return state
        cards = self._reshufflable(state)
        kept = state.discards[len(cards) :]
        order = shuffled(
            sorted(cards), state.seed, state.deal_number, "reshuffle", state.reshuffles
        )
        return _evolve(
            state,
            stock=tuple(order),
            discards=kept,
            reshuffles=state.reshuffles + 1,
            top_fresh=state.top_fresh and bool(kept),
        )

    # -- generation ----------------------------------------------------------------------------

    def generate(self, state: RummyState) -> Iterator[Move]:
        phase = state.phase
        if phase is Phase.PLAY:
            yield from self._play_moves(state)
        elif phase is Phase.DRAW:
            if self._can_draw(state):
                yield Draw()
            if state.discards and self._can_take(state):
                yield TakeDiscard()
        elif phase is Phase.CLAIM:
            if self._penalty_available(state):
                yield Claim()
            yield Pass()
        elif phase is Phase.PLACE_WILD:
            assert state.pending is not None
            yield from self._placements(state, state.pending)
        elif phase is Phase.PICKUP:
            assert state.pending is not None
            yield from self._pickup_moves(state, state.hands[state.to_move], state.pending)
        elif phase is Phase.CHOOSE_START:
            yield ChooseStart(True)
            yield ChooseStart(False)
        elif phase is Phase.PEG:
            yield Peg(True)
            yield Peg(False)

    def _play_moves(self, state: RummyState) -> Iterator[Move]:
        seat = state.to_move
        hand = state.hands[seat]
        guarded = self.going_out is GoingOut.DISCARD or self.discard_rule is not DiscardRule.NONE
        contract = self.contract(state)
        if contract is None:
            for meld in state.hand_melds[seat]:
                if self._table_copies_ok(state, meld) and (
                    not guarded or self._keeps_a_discard(state, _remove(hand, meld.cards))
                ):
                    yield LayMeld(meld)
        elif not state.opened[seat]:
            yield from self._contract_melds(state, contract, hand)
        for lay_off in self._lay_offs(state, seat, hand):
            if not guarded or self._keeps_a_discard(state, _remove(hand, (lay_off.card,))):
                yield lay_off
        yield from self._swaps(state, seat, hand)
        if not state.contract_laid:
            for card in sorted(set(hand)):
                if self._discard_problem(state, card, hand) is None:
                    yield Discard(card)

    def _contract_melds(
        self, state: RummyState, contract: Contract, hand: tuple[Card, ...]
    ) -> Iterator[LayMeld]:
        """Melds towards the contract that still leave it completable from the hand (R32)."""
        laid = state.contract_laid
        context = state.context
        if not _may_fit(contract, laid, hand, context) or not can_meet_contract(
            hand, contract, context, laid=laid
        ):
            return
        for meld in possible_melds(hand, context):
            now = (*laid, meld)
            if contract.unmet(now) is None:
                continue
            rest = _remove(hand, meld.cards)
            assert rest is not None
            if can_meet_contract(rest, contract, context, laid=now):
                yield LayMeld(meld)

    def _keeps_a_discard(self, state: RummyState, hand: tuple[Card, ...] | None) -> bool:
        """Whether a hand left by a meld, lay-off or swap can still end the turn: empty only
        where going out without a discard is allowed, else holding a card that may be
        discarded (R13: the single card held before drawing is the one to discard)."""
        if hand is None:
            return False
        if not hand:
            return self.going_out is GoingOut.ANY
        if self.discard_rule is DiscardRule.NONE:
            return True
        return any(self._discard_problem(state, c, hand) is None for c in set(hand))

    def _discard_problem(
        self, state: RummyState, card: Card, hand: tuple[Card, ...]
    ) -> tuple[str, str] | None:
        """Why ``card`` may not be discarded now under the discard rule (R13), or ``None``."""
        rule = self.discard_rule
        if rule is DiscardRule.NONE:
            return None
        alone = hand.count(card) == 1
        if rule is DiscardRule.DRAWN_CARD_NEVER and card == state.drawn and alone:
            return (
                "discard.drawn_card",
                f"you drew {card} this turn and may not discard it (R13)",
            )
        if rule is DiscardRule.DISCARD_PILE_AND_SINGLE_CARD and card == state.took and alone:
            return (
                "discard.taken_card",
                f"{card} came from the discard pile this turn and may not go back (R13)",
            )
        single = state.single
        if (
            rule in (DiscardRule.SINGLE_CARD_ONLY, DiscardRule.DISCARD_PILE_AND_SINGLE_CARD)
            and single is not None
            and single in hand
            and card != single
        ):
            return (
                "discard.single_card",
                f"you held only {single} before drawing, so you must discard it (R13)",
            )
        return None

    def _swaps(self, state: RummyState, seat: int, hand: tuple[Card, ...]) -> Iterator[Swap]:
        """Natural cards from the hand that can take a wild's place on the table (R20, R30)."""
        context = state.context
        if context.wilds.movement is WildMovement.NEVER or not state.opened[seat]:
            return
        mask = context.wilds.mask
        naturals = sorted(c for c in set(hand) if not mask[c])
        if not naturals:
            return
        for index, placed in enumerate(state.table):
            meld = placed.meld
            seen: set[Card] = set()
            for position, (card, stands) in enumerate(
                zip(meld.cards, meld.represents, strict=True)
            ):
                if not mask[card] or (meld.kind is not MeldKind.RUN and card in seen):
                    continue
                seen.add(card)
                if isinstance(stands, Card):
                    options = [stands] if stands != card and stands in naturals else []
                else:
                    options = [c for c in naturals if c.rank is stands]
                for natural in options:
                    move = Swap(natural, index, position)
                    if self._swap_problem(state, move, hand) is None:
                        yield move

    def _no_discard_left(self, state: RummyState) -> tuple[str, str]:
        if self.going_out is GoingOut.DISCARD:
            detail = "keep a card you may discard: a player goes out only by discarding"
        else:
            detail = "that would leave you no card you may discard"
        if state.single is not None:
            detail += f"; you held only {state.single} before drawing and must discard it (R13)"
        elif state.took is not None:
            detail += f"; {state.took} came from the discard pile and may not go back (R13)"
        return ("out.needs_discard", detail)

    def _swapped(self, meld: Meld, move: Swap) -> Meld:
        cards = (*meld.cards[: move.index], move.card, *meld.cards[move.index + 1 :])
        return Meld(meld.kind, cards, rank=meld.rank, suit=meld.suit, start=meld.start)

    def _swap_problem(
        self, state: RummyState, move: Swap, hand: tuple[Card, ...]
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
            return ("swap.no_meld", f"there is no meld #{move.target} on the table")
        meld = state.table[move.target].meld
        if not 0 <= move.index < len(meld.cards):
            return ("swap.no_card", f"meld #{move.target} has no card at position {move.index}")
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
        kept = _remove(hand, (move.card,))
        if movement is WildMovement.RECLAIM_TO_HAND:
            after_hand = None if kept is None else _add(kept, (wild,))
            return (
                None if self._keeps_a_discard(state, after_hand) else self._no_discard_left(state)
            )
        if not self._keeps_a_discard(state, kept):
            return self._no_discard_left(state)
        after = self._play_swap(state, move, state.history)
        if next(iter(self._placements(after, wild)), None) is None:
            return (
                "swap.no_place",
                f"the freed {wild} would have no legal place on the table (R30)",
            )
        return None

    def _placements(self, state: RummyState, wild: Card) -> Iterator[LayOff]:
        """Where a wild freed by a swap may go: any meld (or only its own one), R30."""
        context = state.context
        lowest, highest = context.rules.aces.positions
        for index, placed in enumerate(state.table):
            if state.place_on is not None and index != state.place_on:
                continue
            meld = placed.meld
            if meld.kind is MeldKind.RUN:
                ends = []
                if meld.low - 1 >= lowest:
                    ends.append(End.LOW)
                if meld.high + 1 <= highest:
                    ends.append(End.HIGH)
                options: list[End | None] = list(ends)
            else:
                options = [None]
            for end in options:
                if self._lay_off_problem(state, meld, wild, end, index) is None:
                    yield LayOff(wild, index, end)

    def _claim_candidates(self, state: RummyState, after: int) -> Iterator[int]:
        """Seats that may still claim the top discard, clockwise from ``after`` (R34)."""
        rule = self.claims
        if rule is None or state.claimed or not state.discards or not state.top_fresh:
            return
        seat = (after + 1) % state.players
        while seat != state.active:
            if rule.discarder_may_claim or seat != state.top_by:
                yield seat
            seat = (seat + 1) % state.players

    def _penalty_available(self, state: RummyState) -> bool:
        needed = 2 if state.draw_waiting else 1
        # The claimed card leaves the discard pile before any reshuffle.
        return len(state.stock) + max(0, len(self._reshufflable(state)) - 1) >= needed

    def _lay_offs(
        self, state: RummyState, seat: int, hand: Sequence[Card], only: Card | None = None
    ) -> Iterator[LayOff]:
        """Lay-offs from ``hand`` (or of the card ``only``): each run end is offered only the
        natural card it needs and wild cards; each set only cards of its rank and wilds."""
        context = state.context
        mask = context.wilds.mask
        held = set(hand) if only is None else {only}
        wilds = sorted(c for c in held if mask[c])
        # Natural cards by rank (card code % 13), for the sets on the table.
        by_rank: dict[int, list[Card]] = {}
        for card in sorted(held):
            if not mask[card] and card < JOKER:
                by_rank.setdefault(card % 13, []).append(card)
        lowest, highest = context.rules.aces.positions
        for index, placed in enumerate(state.table):
            if not self._may_lay_on(state, seat, placed):
                continue
            meld = placed.meld
            options: list[tuple[Card, End | None]] = []
            if meld.kind is MeldKind.RUN:
                ends = ((End.LOW, meld.low - 1), (End.HIGH, meld.high + 1))
                for run_end, position in ends:
                    if lowest <= position <= highest:
                        need = _card_at(meld, position)
                        if need in held and not mask[need]:
                            options.append((need, run_end))
                        options.extend((w, run_end) for w in wilds)
            elif meld.kind is MeldKind.SET:
                assert meld.rank is not None
                naturals = by_rank.get(meld.rank - 1, ())
                options.extend((c, None) for c in (*naturals, *wilds))
            for card, end in options:
                if self._lay_off_problem(state, meld, card, end, index) is None:
                    yield LayOff(card, index, end)

    def _may_lay_on(self, state: RummyState, seat: int, placed: TableMeld) -> bool:
        if self.schedule is not None:
            return state.opened[seat]
        return placed.owner == seat or not self.open_before_lay_off or state.opened[seat]

    def _lay_off_problem(
        self, state: RummyState, meld: Meld, card: Card, end: End | None, index: int
    ) -> tuple[str, str] | None:
        context = state.context
        key = (context, meld, card, end)
        if key in _EXTENSIONS:
            problem = _EXTENSIONS[key]
        else:
            problem = _extension_problem(context, meld, card, end)
            if len(_EXTENSIONS) >= _EXTENSIONS_LIMIT:
                _EXTENSIONS.clear()
            _EXTENSIONS[key] = problem
        if problem is not None or not self.wild_table_copy_limit:
            return problem
        grown = extended(meld, card, end)
        assert grown is not None
        others = [p.meld for i, p in enumerate(state.table) if i != index]
        copy_problem = context.table_copy_violation(grown, others)
        if copy_problem is not None:
            return ("meld." + copy_problem.rule, copy_problem.message)
        return None

    def _table_copies_ok(self, state: RummyState, meld: Meld) -> bool:
        if not self.wild_table_copy_limit:
            return True
        table = [p.meld for p in state.table]
        return state.context.table_copy_violation(meld, table) is None

    def _pickup_moves(
        self, state: RummyState, hand: tuple[Card, ...], top: Card
    ) -> Iterator[Move]:
        """Ways to meld the taken discard ``top`` (already in ``hand``), R41."""
        seat = state.to_move
        for meld in melds_with(hand, top, state.context):
            if self._table_copies_ok(state, meld):
                yield LayMeld(meld)
        if state.opened[seat]:
            yield from self._lay_offs(state, seat, hand, only=top)

    def _can_take(self, state: RummyState) -> bool:
        """Whether the top discard may be taken: always, unless the pickup rule demands that
        it be melded at once (R41) and it cannot be."""
        if self.pickup is not Pickup.MELD_TOP_TAKE_SIX:
            return True
        top = state.discards[-1]
        hand = _add(state.hands[state.to_move], (top,))
        return next(iter(self._pickup_moves(state, hand, top)), None) is not None

    # -- the one check -------------------------------------------------------------------------

    def check(self, state: RummyState, move: object) -> IllegalMoveError | None:
        def illegal(rule: str, detail: str) -> IllegalMoveError:
            return IllegalMoveError(move, rule, detail)

        if state.over:
            return illegal("game.over", "the game is over; start a new one with new_game()")
        malformed = _malformed(move)
        if malformed is not None:
            return illegal("move.malformed", malformed)
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
        if phase is Phase.PLACE_WILD and (
            not isinstance(move, LayOff) or move.card != state.pending
        ):
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
            if not self._can_take(state):
                return illegal(
                    "take.unmeldable",
                    f"the top discard {state.discards[-1]} can only be taken if you meld it at "
                    "once (R41); draw from the stock instead",
                )
            return None
        if phase is Phase.DRAW:
            draws = " or ".join(f"'{m}'" for m in self.generate(state))
            return illegal("turn.phase", f"draw first: {draws}")
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
        return illegal("move.unknown", f"{move!r} is not a move of {state.variant.id}")

    def _check_meld(
        self, state: RummyState, move: LayMeld, hand: tuple[Card, ...], illegal: _Illegal
    ) -> IllegalMoveError | None:
        meld = move.meld
        if _remove(hand, meld.cards) is None:
            return illegal("card.not_in_hand", "the meld uses cards you do not hold")
        if state.phase is Phase.PICKUP and state.pending not in meld.cards:
            return illegal("pickup.meld_first", _pickup_hint(state))
        problem = state.context.violation(meld)
        if problem is not None:
            return illegal("meld." + problem.rule, problem.message)
        if self.wild_table_copy_limit:
            copies = state.context.table_copy_violation(meld, [p.meld for p in state.table])
            if copies is not None:
                return illegal("meld." + copies.rule, copies.message)
        if not self._keeps_a_discard(state, _remove(hand, meld.cards)):
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
            rest = _remove(hand, meld.cards)
            assert rest is not None
            if not can_meet_contract(rest, contract, state.context, laid=laid):
                return illegal(
                    "contract.cannot_complete",
                    f"with {meld} the rest of the contract '{contract}' cannot be laid from your "
                    "hand this turn; it is laid all at once (R32)",
                )
        return None

    def _check_lay_off(
        self, state: RummyState, move: LayOff, hand: tuple[Card, ...], illegal: _Illegal
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
        elif not self._keeps_a_discard(state, _remove(hand, (move.card,))):
            return illegal(*self._no_discard_left(state))
        if state.contract_laid:
            return illegal(
                "contract.all_at_once",
                "finish laying down your contract before laying off (R32)",
            )
        if not 0 <= move.target < len(state.table):
            return illegal("layoff.no_meld", f"there is no meld #{move.target} on the table")
        if state.phase is Phase.PICKUP:
            if move.card != state.pending:
                return illegal("pickup.meld_first", _pickup_hint(state))
            if not state.opened[seat]:
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
            return illegal(
                "layoff.not_opened",
                f"lay a meld of your own before laying off on seat {placed.owner}'s melds (R42)",
            )
        problem = self._lay_off_problem(state, placed.meld, move.card, move.end, move.target)
        if problem is not None:
            return illegal(*problem)
        return None

    # -- playing -------------------------------------------------------------------------------

    def play(self, state: RummyState, move: Move) -> RummyState:
        seat = state.to_move
        history = state.extend_history(move)
        if isinstance(move, Draw):
            state = _evolve(state, history=history)
            if self.claims is not None and self.claims.order is ClaimOrder.ORIGINAL:
                window = self._open_claims(_evolve(state, draw_waiting=True), seat)
                if window is not None:
                    return window
            return self._after_draw(self._draw(state, seat), seat)
        if isinstance(move, TakeDiscard):
            card = state.discards[-1]
            return _evolve(
                state,
                history=history,
                discards=state.discards[:-1],
                **_with_card(state, seat, card),
                phase=Phase.PICKUP if self.pickup is Pickup.MELD_TOP_TAKE_SIX else Phase.PLAY,
                pending=card if self.pickup is Pickup.MELD_TOP_TAKE_SIX else None,
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
            after = _evolve(
                state,
                history=history,
                **_without_cards(state, seat, (move.card,)),
                discards=(*state.discards, move.card),
                top_by=seat,
                top_fresh=True,
            )
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
                **_without_cards(state, seat, move.meld.cards),
                table=(*state.table, TableMeld(seat, move.meld)),
                opened=cast(
                    tuple[bool, ...], _replace(state.opened, seat, opened or state.opened[seat])
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
                _replace(state.table, move.target, TableMeld(placed.owner, grown)),
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
                    **_without_cards(state, seat, (move.card,)),
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
            **_with_card(state, seat, card),
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
                **_with_card(state, seat, card),
                top_fresh=False,
                claimed=True,
            )
            state = self._refill(state)
            penalty = state.stock[-1]
            state = _evolve(state, stock=state.stock[:-1], **_with_card(state, seat, penalty))
        else:
            following = next(self._claim_candidates(state, seat), None)
            if following is not None:
                return _evolve(state, to_move=following)
        if state.draw_waiting:
            if not self._can_draw(state):
                return self._end_deal(_evolve(state, to_move=active), DealEnd.STOCK, None)
            state = self._draw(state, active)
        return _evolve(state, phase=Phase.PLAY, to_move=active, draw_waiting=False)

    def _play_swap(self, state: RummyState, move: Swap, history: object) -> RummyState:
        seat = state.to_move
        placed = state.table[move.target]
        wild = placed.meld.cards[move.index]
        swapped = TableMeld(placed.owner, self._swapped(placed.meld, move))
        table = cast(tuple[TableMeld, ...], _replace(state.table, move.target, swapped))
        state = _evolve(
            state, history=history, table=table, **_without_cards(state, seat, (move.card,))
        )
        movement = state.context.wilds.movement
        if movement is WildMovement.RECLAIM_TO_HAND:
            return _evolve(state, **_with_card(state, seat, wild))
        stays = movement is WildMovement.MOVE_ON_TABLE_JOKERS_ONLY and wild != JOKER
        return _evolve(
            state,
            phase=Phase.PLACE_WILD,
            pending=wild,
            place_on=move.target if stays else None,
        )

    def _after_lay(self, state: RummyState, seat: int) -> RummyState:
        if state.phase is Phase.PICKUP:
            take = state.discards[-6:]
            hand = _add(state.hands[seat], take)
            state = _evolve(
                state,
                discards=state.discards[: len(state.discards) - len(take)],
                hands=_hands(state, seat, hand),
                hand_melds=_per_seat(state.hand_melds, seat, possible_melds(hand, state.context)),
                phase=Phase.PLAY,
                pending=None,
            )
        if not state.hands[seat]:
            return self._end_turn(state, seat)
        return state

    def _end_turn(self, state: RummyState, seat: int, *, claim: bool = True) -> RummyState:
        """Peg the turn's points (R46; under ``strict_pegging`` the player first says whether
        to peg them), then end the deal, the game or the turn."""
        if self.strict_pegging and state.turn_points and state.phase is not Phase.PEG:
            return _evolve(state, phase=Phase.PEG)
        scores = state.scores
        if state.turn_points and claim:
            scores = cast(
                tuple[int, ...], _replace(scores, seat, scores[seat] + state.turn_points)
            )
        turns = cast(tuple[int, ...], _replace(state.turns, seat, state.turns[seat] + 1))
        state = _evolve(state, scores=scores, turns=turns, turn_points=0)
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
        if not state.stock and (
            self.stock_rule is StockRule.END_AFTER_TURN or not self._can_draw(state)
        ):
            return self._end_deal(state, DealEnd.STOCK, None)
        if sum(state.turns) >= self.max_turns:
            return self._end_deal(state, DealEnd.STOCK, None)
        if self.game_end.over_after_turn(state, following):
            return self._finish(state)
        return self._begin_turn(state, following)

    def note_reached(self, state: RummyState) -> RummyState:
        """Record seats that have newly reached the game's target (R45)."""
        target = _target(state)
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
        delta = self.deal_scoring.deal_scores(state, reason, out)
        scores = tuple(s + d for s, d in zip(state.scores, delta, strict=True))
        state = _evolve(state, scores=scores, last_deal=(reason, out, delta))
        state = self.note_reached(state)
        if self.game_end.over_after_deal(state) or state.deal_number >= self.max_deals:
            return self._finish(state)
        dealer = (state.dealer + 1) % state.players
        return self._deal(
            state, number=state.deal_number + 1, dealer=dealer, previous_first=state.first_player
        )

    def _finish(self, state: RummyState) -> RummyState:
        return _evolve(state, over=True, to_move=NOBODY, phase=Phase.OVER)

    # -- views ---------------------------------------------------------------------------------

    def view(self, state: RummyState, seat: int) -> RummyView:
        hands = tuple(
            hand if i == seat else (HIDDEN,) * len(hand) for i, hand in enumerate(state.hands)
        )
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
            discard_top=state.discards[-1] if state.discards else None,
            discard_size=len(state.discards),
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
        )

    def hidden_cards(self, state: RummyState, seat: int) -> list[Card]:
        """The cards ``seat`` cannot see: other hands, the stock, discards under the top."""
        hidden = list(state.stock) + list(state.discards[:-1])
        for i, hand in enumerate(state.hands):
            if i != seat:
                hidden.extend(hand)
        return hidden

    def with_hidden(self, state: RummyState, seat: int, cards: Sequence[Card]) -> RummyState:
        """``state`` with the cards ``seat`` cannot see replaced by ``cards`` in order (same
        count): fills the stock, the discards under the top, then the other hands."""
        pool = list(cards)
        stock = tuple(pool[: len(state.stock)])
        del pool[: len(state.stock)]
        under = len(state.discards) - 1 if state.discards else 0
        discards = (*pool[:under], *state.discards[-1:]) if state.discards else ()
        del pool[:under]
        hands = []
        for i, hand in enumerate(state.hands):
            if i == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(pool[: len(hand)])))
                del pool[: len(hand)]
        return _evolve(
            state,
            stock=stock,
            discards=discards,
            hands=tuple(hands),
            hand_melds=self._initial_melds(hands, state.context),
        )


#: Verdicts on growing a table meld by one card: they depend only on the deal's meld context,
#: the meld, the card and the end, and a meld stays on the table for many moves.
_EXTENSIONS: dict[tuple[MeldContext, Meld, Card, End | None], tuple[str, str] | None] = {}
_EXTENSIONS_LIMIT: Final = 100_000


def _extension_problem(
    context: MeldContext, meld: Meld, card: Card, end: End | None
) -> tuple[str, str] | None:
    """Why ``card`` may not grow ``meld`` at ``end`` (rule, message), or ``None``."""
    grown = extended(meld, card, end)
    if grown is None:
        if meld.kind is not MeldKind.RUN:
            where = "a set has no ends; lay off without 'low' or 'high'"
        elif end is None:
            where = "say which end of the run: 'low' or 'high'"
        else:
            where = f"the run {meld.anchor_text()} cannot grow at its {end.value} end"
        return ("layoff.shape", f"{card} cannot go there: {where}")
    problem = context.violation(grown, wild_added=context.wilds.mask[card])
    if problem is not None:
        return ("meld." + problem.rule, problem.message)
    return None


def _malformed(move: object) -> str | None:
    """What is wrong with the fields of a hand-built move, if anything (moves from
    ``legal_moves`` and ``parse_move`` are always well formed)."""
    if isinstance(move, (Discard, LayOff)) and type(move.card) is not Card:
        return f"the card must be a Card (e.g. Card.parse('QH')), not {move.card!r}"
    if isinstance(move, LayOff):
        if type(move.target) is not int:
            return f"the target must be a table index (int), not {move.target!r}"
        if move.end is not None and not isinstance(move.end, End):
            return f"the end must be End.LOW, End.HIGH or None, not {move.end!r}"
    if isinstance(move, LayMeld) and not isinstance(move.meld, Meld):
        return (
            f"the meld must be a Meld (e.g. Meld.parse('run 3S-5S: 3S 4S 5S')), not {move.meld!r}"
        )
    if isinstance(move, ChooseStart) and not isinstance(move.first, bool):
        return f"ChooseStart takes True or False, not {move.first!r}"
    if isinstance(move, Peg) and not isinstance(move.claim, bool):
        return f"Peg takes True or False, not {move.claim!r}"
    return None


def melds_with(hand: Sequence[Card], card: Card, context: MeldContext) -> tuple[Meld, ...]:
    """Every meld ``hand`` can form that uses ``card`` (which ``hand`` holds). A natural card
    can only meet cards of its rank, of its suit and wild cards, so only those are solved."""
    mask = context.wilds.mask
    if mask[card]:
        near: Sequence[Card] = hand
    else:
        rank, suit = card.rank, card.suit
        near = [c for c in hand if c.rank is rank or c.suit is suit or mask[c]]
    return tuple(m for m in possible_melds(near, context) if card in m.cards)


def _per_seat(
    items: tuple[tuple[Meld, ...], ...], seat: int, value: tuple[Meld, ...]
) -> tuple[tuple[Meld, ...], ...]:
    return (*items[:seat], value, *items[seat + 1 :])


def _may_fit(
    contract: Contract, laid: Sequence[Meld], hand: Sequence[Card], context: MeldContext
) -> bool:
    """A quick necessary condition before solving (never false when the contract can be met).

    It relaxes the problem: each open set takes the most natural cards any rank offers and
    each open run the most any window of its length offers, even if melds would share cards;
    if the wild cards still cannot make up what is missing, or the hand is too small (or, for
    a contract that uses every card, too large), the contract cannot be met.
    """
    rest = contract.unmet(laid)
    if rest is None:
        return False
    if not rest:
        return True
    rules = context.rules
    mask = context.wilds.mask
    wilds = sum(1 for c in hand if mask[c])
    naturals = [c for c in hand if not mask[c]]
    lengths = [
        r.min_len or (rules.run_min if r.kind is MeldKind.RUN else rules.set_min) for r in rest
    ]
    if sum(lengths) > len(hand):
        return False
    if contract.all_cards:
        room = sum(
            rules.run_max
            if r.kind is MeldKind.RUN
            else (rules.set_max if rules.set_max is not None else context.deck.size)
            for r in rest
        )
        if len(hand) > room:
            return False
    missing = 0
    set_lengths = sorted(
        (n for r, n in zip(rest, lengths, strict=True) if r.kind is not MeldKind.RUN),
        reverse=True,
    )
    if set_lengths:
        by_rank = sorted(Counter(c % 13 for c in naturals).values(), reverse=True)
        for i, need in enumerate(set_lengths):
            j = i if contract.distinct_set_ranks else 0
            have = by_rank[j] if j < len(by_rank) else 0
            missing += max(0, need - have)
    run_lengths = [n for r, n in zip(rest, lengths, strict=True) if r.kind is MeldKind.RUN]
    if run_lengths:
        lowest, highest = rules.aces.positions
        masks = [0, 0, 0, 0]  # bit p set: the suit's natural card at run position p is held
        for card in naturals:
            suit, rank = divmod(int(card), 13)
            masks[suit] |= 1 << (rank + 1) | (1 << 14 if rank == 0 else 0)
        best_for: dict[int, int] = {}
        for need in run_lengths:
            if need not in best_for:
                window = (1 << need) - 1
                best_for[need] = max(
                    ((mask >> start) & window).bit_count()
                    for mask in masks
                    for start in range(lowest, highest - need + 2)
                )
            missing += need - best_for[need]
    return missing <= wilds


def _with_card(state: RummyState, seat: int, card: Card) -> dict[str, Any]:
    """The ``hands`` and ``hand_melds`` fields after ``seat`` takes ``card`` into hand."""
    hand = _add(state.hands[seat], (card,))
    context = state.context
    if not state.rules.keeps_hand_melds:
        return {"hands": _hands(state, seat, hand)}
    if context.wilds.mask[card]:
        melds = possible_melds(hand, context)
    else:
        found = set(state.hand_melds[seat])
        found.update(melds_with(hand, card, context))
        melds = tuple(sorted(found, key=meld_sort_key))
    return {
        "hands": _hands(state, seat, hand),
        "hand_melds": _per_seat(state.hand_melds, seat, melds),
    }


def _without_cards(state: RummyState, seat: int, cards: Sequence[Card]) -> dict[str, Any]:
    """The ``hands`` and ``hand_melds`` fields after ``seat`` gives up ``cards``: a meld stays
    formable unless it needs more copies of a given-up card than the hand keeps."""
    hand = _remove(state.hands[seat], cards)
    assert hand is not None
    if not state.rules.keeps_hand_melds:
        return {"hands": _hands(state, seat, hand)}
    gone = set(cards)
    kept = tuple(
        m
        for m in state.hand_melds[seat]
        if all(m.cards.count(c) <= hand.count(c) for c in gone if c in m.cards)
    )
    return {
        "hands": _hands(state, seat, hand),
        "hand_melds": _per_seat(state.hand_melds, seat, kept),
    }


def _card_at(meld: Meld, position: int) -> Card:
    assert meld.suit is not None
    return Card.of(position_rank(position), meld.suit)


def _hands(state: RummyState, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return cast(tuple[tuple[Card, ...], ...], _replace(state.hands, seat, hand))


def _target(state: RummyState) -> int | None:
    return state.rules.game_end.target


def _expect(phase: Phase) -> str:
    return {
        Phase.DRAW: "draw first",
        Phase.PICKUP: "meld the card you took first",
        Phase.PLAY: "meld, lay off or discard",
        Phase.CHOOSE_START: "choose who starts",
        Phase.PEG: "peg or forgo this turn's points",
        Phase.CLAIM: "the claim window is open",
        Phase.PLACE_WILD: "place the freed wild card first",
        Phase.OVER: "the game is over",
    }[phase]


def _pickup_hint(state: RummyState) -> str:
    return f"meld the card you took, {state.pending}, before anything else (R41)"
