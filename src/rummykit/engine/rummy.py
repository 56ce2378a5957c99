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
import operator
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Protocol, TypeAlias, cast

import attrs

from rummykit.cards import JOKER, Card, DeckSpec
from rummykit.engine.core import NOBODY, GameState, Setup, Variant, shuffled
from rummykit.engine.moves import (
    ChooseStart,
    Discard,
    Draw,
    End,
    LayMeld,
    LayOff,
    Move,
    Peg,
    TakeDiscard,
)
from rummykit.engine.views import HIDDEN, Hidden
from rummykit.errors import IllegalMoveError
from rummykit.melds import ACE_HIGH, Meld, MeldContext, MeldKind, MeldRules, position_rank
from rummykit.solver import meld_sort_key, possible_melds
from rummykit.wilds import DealInfo, WildPolicy

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
    #: Derived, per seat, every meld the seat's hand can form (kept up to date move by move so
    #: that move generation never re-solves a whole hand). Not part of the position.
    hand_melds: tuple[tuple[Meld, ...], ...] = attrs.field(repr=False)

    @property
    def rules(self) -> RummyRules:
        """The variant's rules."""
        return cast(RummyRules, self.variant.rules)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RummyState):
            return NotImplemented
        return _position(self) == _position(other)

    def __hash__(self) -> int:
        return hash(_position(self))

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
        return count


_FIELD_NAMES: Final = tuple(a.name for a in attrs.fields(RummyState))
_GET_FIELDS: Final = operator.attrgetter(*_FIELD_NAMES)


def _evolve(state: RummyState, **changes: Any) -> RummyState:
    """``state`` with ``changes``: :func:`attrs.evolve` for the hot path (every field of a
    ``RummyState`` is public, so attribute and argument names agree)."""
    values = dict(zip(_FIELD_NAMES, _GET_FIELDS(state), strict=True))
    values.update(changes)
    return RummyState(**values)


def _position(state: RummyState) -> tuple[object, ...]:
    return (
        state.variant,
        state.players,
        state.seed,
        state.deal_number,
        state.dealer,
        state.scores,
        state.to_move,
        state.over,
        state.hands,
        state.stock,
        state.discards,
        state.table,
        state.phase,
        state.opened,
        state.turns,
        state.first_player,
        state.pending,
        state.turn_points,
        state.reached,
        state.final_after,
    )


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
    #: Cards dealt to each seat (a function of the deal number could come later).
    hand_size: int = attrs.field(kw_only=True)
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
    #: A safeguard; the game ends after this many deals whatever the scores.
    max_deals: int = attrs.field(kw_only=True, default=100)

    def deck(self, players: int) -> DeckSpec:
        return self.deck_rule.deck(players)

    # -- starting ------------------------------------------------------------------------------

    def start(self, variant: Variant, players: int, seed: int, setup: Setup) -> RummyState:
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
        for _ in range(self.hand_size):
            for offset in range(1, players + 1):
                hands[(dealer + offset) % players].append(cards[position])
                position += 1
        upcard = cards[position]
        stock = tuple(reversed(cards[position + 1 :]))
        context = MeldContext(
            rules=self.meld_rules, deck=deck, wilds=self.wilds.for_deal(DealInfo(number))
        )
        sorted_hands = tuple(tuple(sorted(h)) for h in hands)
        dealt = _evolve(
            state,
            deal_number=number,
            dealer=dealer,
            hands=sorted_hands,
            hand_melds=tuple(possible_melds(h, context) for h in sorted_hands),
            stock=stock,
            discards=(upcard,),
            table=(),
            opened=(False,) * players,
            turns=(0,) * players,
            pending=None,
            turn_points=0,
            final_after=None,
            context=context,
            first_player=(dealer + 1) % players,
        )
        if first is not None:
            return _evolve(dealt, first_player=first, to_move=first, phase=Phase.DRAW)
        if previous_first is not None:
            dealt = _evolve(dealt, first_player=previous_first)
        chooser = self.start_rule.chooser(dealt) if number > 1 else None
        if chooser is not None:
            return _evolve(dealt, to_move=chooser, phase=Phase.CHOOSE_START)
        starter = self.start_rule.first(dealt)
        return _evolve(dealt, first_player=starter, to_move=starter, phase=Phase.DRAW)

    # -- generation ----------------------------------------------------------------------------

    def generate(self, state: RummyState) -> Iterator[Move]:
        phase = state.phase
        if phase is Phase.PLAY:
            yield from self._play_moves(state)
        elif phase is Phase.DRAW:
            if state.stock:
                yield Draw()
            if state.discards and self._can_take(state):
                yield TakeDiscard()
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
        for meld in state.hand_melds[seat]:
            if self._table_copies_ok(state, meld):
                yield LayMeld(meld)
        yield from self._lay_offs(state, seat, hand)
        for card in sorted(set(hand)):
            yield Discard(card)

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
        if isinstance(move, Draw):
            if phase is not Phase.DRAW:
                return illegal("turn.phase", f"you already drew this turn ({_expect(phase)})")
            if not state.stock:
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
        if isinstance(move, Discard):
            if phase is Phase.PICKUP:
                return illegal("pickup.meld_first", _pickup_hint(state))
            if move.card not in hand:
                return illegal("card.not_in_hand", f"you hold no {move.card}")
            return None
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
        return None

    def _check_lay_off(
        self, state: RummyState, move: LayOff, hand: tuple[Card, ...], illegal: _Illegal
    ) -> IllegalMoveError | None:
        seat = state.to_move
        if move.card not in hand:
            return illegal("card.not_in_hand", f"you hold no {move.card}")
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
        if not self._may_lay_on(state, seat, placed):
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
            card = state.stock[-1]
            return _evolve(
                state,
                history=history,
                stock=state.stock[:-1],
                **_with_card(state, seat, card),
                phase=Phase.PLAY,
            )
        if isinstance(move, TakeDiscard):
            card = state.discards[-1]
            return _evolve(
                state,
                history=history,
                discards=state.discards[:-1],
                **_with_card(state, seat, card),
                phase=Phase.PICKUP if self.pickup is Pickup.MELD_TOP_TAKE_SIX else Phase.PLAY,
                pending=card if self.pickup is Pickup.MELD_TOP_TAKE_SIX else None,
            )
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
            )
            return self._end_turn(after, seat)
        if isinstance(move, LayMeld):
            points = self.meld_scoring.points(None, move.meld)
            after = _evolve(
                state,
                history=history,
                **_without_cards(state, seat, move.meld.cards),
                table=(*state.table, TableMeld(seat, move.meld)),
                opened=cast(tuple[bool, ...], _replace(state.opened, seat, True)),
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
            after = _evolve(
                state,
                history=history,
                **_without_cards(state, seat, (move.card,)),
                table=table,
                turn_points=state.turn_points + points,
            )
            return self._after_lay(after, seat)
        raise AssertionError(f"unchecked move {move!r}")

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
        if not state.hands[seat]:
            return self._end_deal(state, DealEnd.OUT, seat)
        if not state.stock:
            return self._end_deal(state, DealEnd.STOCK, None)
        following = (seat + 1) % state.players
        if self.game_end.over_after_turn(state, following):
            return self._finish(state)
        return _evolve(state, to_move=following, phase=Phase.DRAW)

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
            hand_melds=tuple(possible_melds(h, state.context) for h in hands),
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


def _with_card(state: RummyState, seat: int, card: Card) -> dict[str, Any]:
    """The ``hands`` and ``hand_melds`` fields after ``seat`` takes ``card`` into hand."""
    hand = _add(state.hands[seat], (card,))
    context = state.context
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
        Phase.OVER: "the game is over",
    }[phase]


def _pickup_hint(state: RummyState) -> str:
    return f"meld the card you took, {state.pending}, before anything else (R41)"
