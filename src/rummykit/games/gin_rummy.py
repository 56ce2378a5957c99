"""Gin Rummy: two players, ten cards each, knock with ten or less, a game to 100.

The rules are the standard ones (the Gin Rummy Association's, which OpenSpiel's
``gin_rummy`` follows), every clause and option documented on the docs page *gin-rummy*.

>>> import rummykit
>>> game = rummykit.variant("gin-rummy").new_game(players=2, seed=7)
>>> [len(hand) for hand in game.hands], len(game.discards), len(game.stock), game.phase.value
([10, 10], 1, 31, 'first_upcard')
>>> [str(move) for move in game.legal_moves()]
['pass', 'take']

Options (keyword-only):

``knock_card``
    The most deadwood a player may knock with: 10 (default), 0 to 10.
``gin_bonus``
    Bonus for going gin (default 25).
``undercut_bonus``
    Bonus for the defender's undercut (default 25).
``oklahoma``
    ``False`` (default). ``True``: the first upcard's value is the knock card of the hand,
    and an Ace upcard means the hand must be won by gin.
``big_gin``
    ``None`` (default: no big gin) or the bonus for melding all eleven cards after a draw,
    without discarding (31 is usual).
``discard_taken``
    ``True`` (default, as OpenSpiel): a player who takes the discard may throw that card
    back. ``False``: not in the same turn (a common house rule).
``target``
    Points that end the game (default 100).
``game_bonus``, ``box_bonus``
    Bonuses when the game ends: 100 to the winner, and 25 per hand won to each player.
``shutout``
    ``True`` (default): a winner whose opponent won no hand doubles their hand points.
``max_deals``
    Engine safeguard (default 100): the game ends after this many hands whatever the scores.
    ``max_deals=1`` plays a single hand, OpenSpiel's whole game.
``max_takes``
    Engine safeguard taken from OpenSpiel (default 50): the hand is void when the discard
    is taken for the 50th time in it.
"""

from __future__ import annotations

import enum
import operator
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Final, cast

import attrs

from rummykit.cards import Card, DeckSpec, Rank, Suit
from rummykit.engine.core import NOBODY, GameState, Setup, Variant, evolver, shuffled
from rummykit.engine.moves import (
    Discard,
    Draw,
    End,
    Knock,
    LayMeld,
    LayOff,
    Move,
    Pass,
    TakeDiscard,
)
from rummykit.engine.registry import register
from rummykit.engine.rummy import TableMeld, extended
from rummykit.engine.views import HIDDEN, Hidden
from rummykit.errors import IllegalMoveError
from rummykit.melds import Meld, MeldKind
from rummykit.pieces.options import flag, whole
from rummykit.solver.deadwood import VALUES, deadwood_mask, discard_deadwood_mask

__all__ = [
    "GIN_MELDS",
    "GinPhase",
    "GinRules",
    "GinState",
    "GinView",
    "HandEnd",
    "HandResult",
    "Knock",
    "Pass",
    "gin_rummy",
]

_Illegal = Callable[[str, str], IllegalMoveError]
_HAND_SIZE: Final = 10
#: The hand is void when a discard leaves this many cards in the stock (the wall).
WALL: Final = 2


# -- moves -------------------------------------------------------------------------------------


KNOCK: Final = Knock()
#: Saying no (the shared ``pass`` move): to the first upcard, to the last discard at the
#: wall, or to more melds and lay-offs in the showdown.
PASS: Final = Pass()
_DRAW: Final = Draw()
_TAKE: Final = TakeDiscard()


# -- the 185 melds that are laid ---------------------------------------------------------------


def _gin_melds() -> tuple[tuple[int, Meld, LayMeld], ...]:
    """Every meld a gin player lays: sets of 3 or 4, runs of 3 to 5 (a longer run is laid
    as two), Ace low; each with its card mask and its move."""
    melds: list[Meld] = []
    for rank in Rank:
        cards = [Card.of(rank, suit) for suit in Suit]
        for left_out in Suit:
            melds.append(Meld.set([c for c in cards if c.suit is not left_out], rank=rank))
        melds.append(Meld.set(cards, rank=rank))
    for length in (3, 4, 5):
        for suit in Suit:
            for start in range(1, 15 - length):
                run = [Card.of(start + i, suit) for i in range(length)]
                melds.append(Meld.run(run, suit=suit, start=start))
    return tuple((sum(1 << c for c in m.cards), m, LayMeld(m)) for m in melds)


#: ``(card mask, meld, move)`` for the 185 melds of gin rummy: 65 sets, then runs of 3, 4, 5.
GIN_MELDS: Final = _gin_melds()
_MELD_MASK: Final = {meld: mask for mask, meld, _ in GIN_MELDS}
_DISCARDS: Final = tuple(Discard(Card(code)) for code in range(52))


# -- state -------------------------------------------------------------------------------------


class GinPhase(enum.Enum):
    """Where the hand stands."""

    #: The first upcard is offered: non-dealer, then dealer, take it or pass; after two
    #: passes the non-dealer draws from the stock.
    FIRST_UPCARD = "first_upcard"
    #: Draw from the stock or take the discard.
    DRAW = "draw"
    #: Eleven cards: discard, or knock.
    DISCARD = "discard"
    #: The knocker discards face down (or, under ``big_gin``, melds all eleven cards).
    KNOCK = "knock"
    #: The knocker lays melds, then passes; the rest of the hand is deadwood.
    SPREAD = "spread"
    #: The defender lays off cards on the knocker's melds, then passes (not after gin).
    LAYOFF = "layoff"
    #: The defender lays melds, then passes; the hand is scored.
    DEFEND = "defend"
    #: Two cards are left in the stock: knock with the last discard, or pass (void hand).
    WALL = "wall"
    #: The game is over.
    OVER = "over"


class HandEnd(enum.Enum):
    """How a hand ended."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    UNDERCUT = "undercut"
    #: Nobody knocked before the wall: the hand is void.
    WALL = "wall"
    #: An engine safeguard voided the hand (``max_takes``, or the discard thrown back twice).
    SAFEGUARD = "safeguard"


@attrs.frozen
class HandResult:
    """The end of a hand: how, who knocked, each seat's deadwood, the points it added."""

    end: HandEnd
    knocker: int | None
    deadwood: tuple[int, ...]
    points: tuple[int, ...]


@attrs.frozen(eq=False, slots=False)
class GinState(GameState):
    """A position in Gin Rummy. Hands are sorted tuples of cards; the stock and the discard
    pile are tuples whose *last* element is the top card (the top discard is the upcard)."""

    derived_fields: ClassVar[frozenset[str]] = frozenset({"last_hand", "masks"})

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    #: Melds laid in the showdown: the knocker's (grown by lay-offs), then the defender's.
    table: tuple[TableMeld, ...]
    phase: GinPhase
    #: The knock card of this hand (under ``oklahoma`` the first upcard's value; 0 = gin).
    knock_card: int
    #: The seat that knocked this hand, or -1.
    knocker: int
    #: Passes on the first upcard so far.
    passes: int
    #: Times the discard was taken in this hand after the first upcard (``max_takes``).
    takes: int
    #: The card taken from the discard pile this turn, if any.
    taken: Card | None
    #: The previous turn threw back the discard it took (OpenSpiel's repetition rule).
    repeated: bool
    #: The knocker melds all eleven cards (``big_gin``).
    big: bool
    #: Hands won per seat this game (box bonuses).
    wins: tuple[int, ...]
    #: The seat that reached the target, or -1.
    reached: int
    #: How the last finished hand ended.
    last_hand: HandResult | None
    #: Derived: each hand as a 52-bit card mask. Not part of the position.
    masks: tuple[int, ...] = attrs.field(repr=False)

    @property
    def rules(self) -> GinRules:
        """The variant's rules."""
        return cast(GinRules, self.variant.rules)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (empty before)."""
        if not self.over:
            return ()
        if self.reached >= 0:
            return (self.reached,)
        best = max(self.scores)
        return tuple(s for s in range(self.players) if self.scores[s] == best)

    @property
    def upcard(self) -> Card | None:
        """The top discard (``None`` when the pile is empty)."""
        return self.discards[-1] if self.discards else None

    def deadwood(self, seat: int) -> int:
        """``seat``'s least deadwood: of the ten best cards when it holds eleven."""
        mask = self.masks[seat]
        if len(self.hands[seat]) == _HAND_SIZE + 1:
            return discard_deadwood_mask(mask)
        return deadwood_mask(mask)

    def all_cards(self) -> Counter[Card]:
        """Every card in the game as a multiset (hands, stock, discards, table)."""
        count: Counter[Card] = Counter(self.stock)
        count.update(self.discards)
        for hand in self.hands:
            count.update(hand)
        for placed in self.table:
            count.update(placed.meld.cards)
        return count


_FIELDS: Final = tuple(a.name for a in attrs.fields(GinState))
_GET: Final = operator.attrgetter(*_FIELDS)
# _turn below builds states positionally, in this order.
assert _FIELDS[7:] == (
    "to_move", "over", "history", "hands", "stock", "discards", "table", "phase",
    "knock_card", "knocker", "passes", "takes", "taken", "repeated", "big", "wins",
    "reached", "last_hand", "masks",
), _FIELDS  # fmt: skip


_evolve: Final = evolver(GinState)


def _turn(  # noqa: PLR0917  (the hot path: one positional call)
    s: GinState,
    history: Any,
    to_move: int,
    hands: tuple[tuple[Card, ...], ...],
    masks: tuple[int, ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    phase: GinPhase,
    takes: int,
    taken: Card | None,
    repeated: bool,
) -> GinState:
    """``s`` after a draw or a discard: the hot path, one positional constructor call."""
    return GinState(
        s.variant, s.players, s.seed, s.setup, s.deal_number, s.dealer, s.scores, to_move,
        s.over, history, hands, stock, discards, s.table, phase, s.knock_card, s.knocker,
        s.passes, takes, taken, repeated, s.big, s.wins, s.reached, s.last_hand, masks,
    )  # fmt: skip


@attrs.frozen
class GinView:
    """What one seat may see: its hand, the other hand's size (and, once the knocker has
    spread, the knocker's deadwood), the whole discard pile, the stock's size, the table."""

    variant: str
    seat: int
    players: int
    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    to_move: int
    phase: GinPhase
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card | Hidden, ...], ...]
    discards: tuple[Card, ...]
    stock_size: int
    table: tuple[TableMeld, ...]
    knock_card: int
    knocker: int
    is_over: bool

    @property
    def discard_top(self) -> Card | None:
        """The upcard."""
        return self.discards[-1] if self.discards else None

    @property
    def wild_cards(self) -> frozenset[Card]:
        """Gin has no wild cards."""
        return frozenset()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(h) for h in self.hands)


# -- rules -------------------------------------------------------------------------------------


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*hand, card)))


def _remove(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _seat_tuple(items: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return (value, items[1]) if seat == 0 else (items[0], value)


def _value(hand: Sequence[Card]) -> int:
    return sum(VALUES[c] for c in hand)


def _is_card(card: object) -> bool:
    return type(card) is Card and card < 52


@attrs.frozen
class GinRules:
    """The rules of Gin Rummy with its options (see :func:`gin_rummy`)."""

    knock_card: int = attrs.field(kw_only=True, default=10)
    gin_bonus: int = attrs.field(kw_only=True, default=25)
    undercut_bonus: int = attrs.field(kw_only=True, default=25)
    oklahoma: bool = attrs.field(kw_only=True, default=False)
    big_gin: int | None = attrs.field(kw_only=True, default=None)
    discard_taken: bool = attrs.field(kw_only=True, default=True)
    target: int = attrs.field(kw_only=True, default=100)
    game_bonus: int = attrs.field(kw_only=True, default=100)
    box_bonus: int = attrs.field(kw_only=True, default=25)
    shutout: bool = attrs.field(kw_only=True, default=True)
    max_deals: int = attrs.field(kw_only=True, default=100)
    max_takes: int = attrs.field(kw_only=True, default=50)

    def deck(self, players: int) -> DeckSpec:
        return DeckSpec.standard()

    # -- starting ------------------------------------------------------------------------------

    def start(self, variant: Variant, players: int, seed: int, setup: Setup) -> GinState:
        scores = setup.scores if setup.scores is not None else (0,) * players
        dealer = setup.dealer
        if dealer is None:
            dealer = random.Random(f"{seed}:dealer").randrange(players)
        blank = GinState(
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
            hands=((), ()),
            stock=(),
            discards=(),
            table=(),
            phase=GinPhase.FIRST_UPCARD,
            knock_card=self.knock_card,
            knocker=-1,
            passes=0,
            takes=0,
            taken=None,
            repeated=False,
            big=False,
            wins=(0, 0),
            reached=-1,
            last_hand=None,
            masks=(0, 0),
        )
        return self._deal(blank, setup.deal, dealer, setup.deck, setup.first)

    def _deal(
        self,
        state: GinState,
        number: int,
        dealer: int,
        order: Sequence[Card] | None = None,
        first: int | None = None,
    ) -> GinState:
        """Shuffle (or take the stacked order), deal ten each one at a time from the dealer's
        left, turn the upcard; the rest is the stock (the next card is drawn first)."""
        cards = list(order) if order is not None else shuffled(_DECK, state.seed, number)
        left = (dealer + 1) % 2
        dealt = (tuple(sorted(cards[1:20:2])), tuple(sorted(cards[0:20:2])))
        if left == 0:
            dealt = (dealt[1], dealt[0])
        upcard = cards[20]
        knock_card = self.knock_card
        if self.oklahoma:
            knock_card = VALUES[upcard] if VALUES[upcard] > 1 else 0
        starter = left if first is None else first
        return _evolve(
            state,
            deal_number=number,
            dealer=dealer,
            to_move=starter,
            hands=dealt,
            masks=(sum(1 << c for c in dealt[0]), sum(1 << c for c in dealt[1])),
            stock=tuple(reversed(cards[21:])),
            discards=(upcard,),
            table=(),
            phase=GinPhase.FIRST_UPCARD,
            knock_card=knock_card,
            knocker=-1,
            passes=0,
            takes=0,
            taken=None,
            repeated=False,
            big=False,
        )

    # -- deadwood questions --------------------------------------------------------------------

    def can_knock(self, state: GinState, mask: int, taken: Card | None) -> bool:
        """Whether eleven cards ``mask`` can knock: some discard (not ``taken``, under
        ``discard_taken=False``) leaves deadwood within the knock card."""
        limit = state.knock_card
        if taken is None or self.discard_taken:
            return discard_deadwood_mask(mask) <= limit
        keep = 1 << taken
        rest = mask & ~keep
        while rest:
            bit = rest & -rest
            if deadwood_mask(mask ^ bit) <= limit:
                return True
            rest ^= bit
        return False

    def _big_gin_possible(self, state: GinState, seat: int) -> bool:
        return (
            self.big_gin is not None
            and len(state.hands[seat]) == _HAND_SIZE + 1
            and deadwood_mask(state.masks[seat]) == 0
        )

    def _spread_limit(self, state: GinState) -> int:
        return 0 if state.big else state.knock_card

    # -- generation ----------------------------------------------------------------------------

    def generate(self, state: GinState) -> Iterator[Move]:
        phase = state.phase
        seat = state.to_move
        if phase is GinPhase.DRAW:
            return iter((_DRAW, _TAKE))
        if phase is GinPhase.DISCARD:
            hand = state.hands[seat]
            taken = state.taken
            moves: list[Move]
            if taken is not None and not self.discard_taken:
                moves = [_DISCARDS[c] for c in hand if c != taken]
            else:
                moves = [_DISCARDS[c] for c in hand]
            if self.can_knock(state, state.masks[seat], taken):
                moves.insert(0, KNOCK)
            return iter(moves)
        if phase is GinPhase.FIRST_UPCARD:
            return iter((PASS, _TAKE) if state.passes < 2 else (_DRAW,))
        if phase is GinPhase.WALL:
            top = state.discards[-1]
            if self.can_knock(state, state.masks[seat] | 1 << top, top):
                return iter((KNOCK, PASS))
            return iter((PASS,))
        if phase is GinPhase.KNOCK:
            return iter(self._knock_moves(state, seat))
        if phase is GinPhase.SPREAD:
            limit = self._spread_limit(state)
            mask = state.masks[seat]
            spread: list[Move] = [PASS] if _value(state.hands[seat]) <= limit else []
            spread.extend(
                move
                for m, _, move in GIN_MELDS
                if m & mask == m and deadwood_mask(mask ^ m) <= limit
            )
            return iter(spread)
        if phase is GinPhase.LAYOFF:
            return iter([PASS, *self._lay_offs(state, seat)])
        if phase is GinPhase.DEFEND:
            mask = state.masks[seat]
            return iter([PASS, *(move for m, _, move in GIN_MELDS if m & mask == m)])
        return iter(())

    def _knock_moves(self, state: GinState, seat: int) -> list[Move]:
        mask = state.masks[seat]
        moves: list[Move] = []
        if self._big_gin_possible(state, seat):
            moves.extend(
                move for m, _, move in GIN_MELDS if m & mask == m and deadwood_mask(mask ^ m) == 0
            )
        taken = state.taken if not self.discard_taken else None
        limit = state.knock_card
        moves.extend(
            _DISCARDS[c]
            for c in state.hands[seat]
            if c != taken and deadwood_mask(mask ^ (1 << c)) <= limit
        )
        return moves

    def _lay_offs(self, state: GinState, seat: int) -> Iterator[LayOff]:
        """Each card of ``seat``'s hand that fits a knocker's meld: the missing card of a
        three-card set, the next card at either end of a run."""
        mask = state.masks[seat]
        for index, placed in enumerate(state.table):
            if placed.owner != state.knocker:
                continue
            for card, end in _fits(placed.meld):
                if mask >> card & 1:
                    yield LayOff(card, index, end)

    # -- the one check -------------------------------------------------------------------------

    def check(self, state: GinState, move: object) -> IllegalMoveError | None:
        def illegal(rule: str, detail: str) -> IllegalMoveError:
            return IllegalMoveError(move, rule, detail)

        if state.over:
            return illegal("game.over", "the game is over; start a new one with new_game()")
        phase = state.phase
        seat = state.to_move
        kind = type(move)
        if kind is Discard:
            assert isinstance(move, Discard)
            card = move.card
            if not _is_card(card):
                return illegal("move.malformed", f"the card must be a Card, not {card!r}")
            if phase is not GinPhase.DISCARD and phase is not GinPhase.KNOCK:
                return illegal("turn.phase", f"no discard now ({_expect(state)})")
            if not state.masks[seat] >> card & 1:
                return illegal("card.not_in_hand", f"you hold no {card}")
            if card == state.taken and not self.discard_taken:
                return illegal(
                    "discard.taken",
                    f"you took {card} from the discard pile this turn; discard another card "
                    "(discard_taken=False)",
                )
            if phase is GinPhase.KNOCK:
                if state.big:
                    return illegal("knock.big_gin", "big gin melds all eleven cards")
                left = deadwood_mask(state.masks[seat] ^ (1 << card))
                if left > state.knock_card:
                    return illegal(
                        "knock.deadwood",
                        f"without {card} your least deadwood is {left}, above the knock card "
                        f"{state.knock_card}",
                    )
            return None
        if kind is Draw:
            if phase is GinPhase.DRAW or (phase is GinPhase.FIRST_UPCARD and state.passes >= 2):
                return None
            if phase is GinPhase.FIRST_UPCARD:
                return illegal(
                    "draw.first_upcard",
                    "the first upcard is offered first: 'take' it or 'pass' (the non-dealer "
                    "draws from the stock only after both players pass)",
                )
            return illegal("turn.phase", f"no drawing now ({_expect(state)})")
        if kind is TakeDiscard:
            assert isinstance(move, TakeDiscard)
            if move.count != 1:
                return illegal("take.depth", "only the top discard may be taken: 'take'")
            if phase is GinPhase.DRAW or (phase is GinPhase.FIRST_UPCARD and state.passes < 2):
                return None
            if phase is GinPhase.FIRST_UPCARD:
                return illegal(
                    "take.passed", "both players passed the first upcard: 'draw' from the stock"
                )
            if phase is GinPhase.WALL:
                return illegal(
                    "take.wall",
                    "two cards are left in the stock: take the discard only to knock ('knock')"
                    ", or 'pass'",
                )
            return illegal("turn.phase", f"no drawing now ({_expect(state)})")
        if kind is Knock:
            if phase is GinPhase.DISCARD:
                if self.can_knock(state, state.masks[seat], state.taken):
                    return None
                return illegal(
                    "knock.deadwood",
                    f"your least deadwood after a discard is {state.deadwood(seat)}, above the "
                    f"knock card {state.knock_card}",
                )
            if phase is GinPhase.WALL:
                top = state.discards[-1]
                if self.can_knock(state, state.masks[seat] | 1 << top, top):
                    return None
                return illegal(
                    "knock.deadwood",
                    f"even with {top} your deadwood stays above the knock card "
                    f"{state.knock_card}: 'pass'",
                )
            return illegal("turn.phase", f"no knocking now ({_expect(state)})")
        if kind is Pass:
            if phase is GinPhase.FIRST_UPCARD:
                if state.passes < 2:
                    return None
                return illegal("pass.draw", "both players passed: 'draw' from the stock")
            if phase in (GinPhase.WALL, GinPhase.LAYOFF, GinPhase.DEFEND):
                return None
            if phase is GinPhase.SPREAD:
                left = _value(state.hands[seat])
                limit = self._spread_limit(state)
                if left <= limit:
                    return None
                what = "big gin melds every card" if state.big else "lay more melds"
                return illegal(
                    "spread.deadwood",
                    f"your unmelded cards count {left}, above {limit}: {what}",
                )
            return illegal("turn.phase", f"nothing to pass now ({_expect(state)})")
        if kind is LayMeld:
            assert isinstance(move, LayMeld)
            return self._check_meld(state, move, seat, illegal)
        if kind is LayOff:
            assert isinstance(move, LayOff)
            return self._check_lay_off(state, move, seat, illegal)
        return illegal("move.unknown", f"{move!r} is not a move of gin-rummy")

    def _check_meld(
        self, state: GinState, move: LayMeld, seat: int, illegal: _Illegal
    ) -> IllegalMoveError | None:
        meld = move.meld
        if not isinstance(meld, Meld):
            return illegal("move.malformed", f"the meld must be a Meld, not {meld!r}")
        phase = state.phase
        if phase not in (GinPhase.SPREAD, GinPhase.DEFEND, GinPhase.KNOCK):
            return illegal("turn.phase", f"no melds now ({_expect(state)})")
        m = _MELD_MASK.get(meld)
        if m is None:
            if meld.kind is MeldKind.RUN and len(meld) > 5:
                return illegal(
                    "meld.run.too_long", "lay a run of more than five cards as two runs"
                )
            return illegal(
                "meld.invalid",
                f"{meld} is not a gin meld (sets of 3 or 4 of a rank, runs of 3 to 5 cards of "
                "a suit, Ace low)",
            )
        mask = state.masks[seat]
        if m & mask != m:
            return illegal("card.not_in_hand", "the meld uses cards you do not hold")
        if phase is GinPhase.KNOCK:
            if not self._big_gin_possible(state, seat):
                return illegal(
                    "knock.discard_first", "discard face down first, then lay your melds"
                )
            if deadwood_mask(mask ^ m) != 0:
                return illegal(
                    "knock.big_gin", "big gin melds all eleven cards; this meld leaves deadwood"
                )
            return None
        if phase is GinPhase.SPREAD:
            limit = self._spread_limit(state)
            left = deadwood_mask(mask ^ m)
            if left > limit:
                return illegal(
                    "spread.deadwood",
                    f"after {meld} your least deadwood would be {left}, above {limit}",
                )
        return None

    def _check_lay_off(
        self, state: GinState, move: LayOff, seat: int, illegal: _Illegal
    ) -> IllegalMoveError | None:
        if not _is_card(move.card) or type(move.target) is not int:
            return illegal("move.malformed", f"{move!r} needs a Card and a table index")
        if state.phase is not GinPhase.LAYOFF:
            if state.phase is GinPhase.DEFEND:
                return illegal(
                    "layoff.done",
                    "lay-offs come before the defender's melds, and you have passed",
                )
            if state.phase is GinPhase.SPREAD or state.knocker == seat:
                return illegal("layoff.knocker", "only the defender lays off")
            return illegal("turn.phase", f"no lay-offs now ({_expect(state)})")
        if not state.masks[seat] >> move.card & 1:
            return illegal("card.not_in_hand", f"you hold no {move.card}")
        if not 0 <= move.target < len(state.table):
            return illegal("layoff.no_meld", f"there is no meld #{move.target} on the table")
        placed = state.table[move.target]
        if placed.owner != state.knocker:
            return illegal("layoff.own_meld", "lay off only on the knocker's melds")
        if (move.card, move.end) not in _fits(placed.meld):
            return illegal("layoff.fit", f"{move.card} does not fit {placed.meld} there")
        return None

    # -- playing -------------------------------------------------------------------------------

    def play(self, state: GinState, move: Move) -> GinState:
        seat = state.to_move
        phase = state.phase
        kind = type(move)
        history = (state.history, move)
        if kind is Draw:
            card = state.stock[-1]
            return _turn(
                state,
                history,
                seat,
                _seat_tuple(state.hands, seat, _insert(state.hands[seat], card)),
                _seat_tuple(state.masks, seat, state.masks[seat] | 1 << card),
                state.stock[:-1],
                state.discards,
                GinPhase.DISCARD,
                state.takes,
                None,
                state.repeated,
            )
        if kind is TakeDiscard:
            takes = state.takes
            if phase is GinPhase.DRAW:
                takes += 1
                if takes >= self.max_takes:
                    return self._end_hand(_evolve(state, history=history), HandEnd.SAFEGUARD)
            card = state.discards[-1]
            return _turn(
                state,
                history,
                seat,
                _seat_tuple(state.hands, seat, _insert(state.hands[seat], card)),
                _seat_tuple(state.masks, seat, state.masks[seat] | 1 << card),
                state.stock,
                state.discards[:-1],
                GinPhase.DISCARD,
                takes,
                card,
                state.repeated,
            )
        if kind is Discard:
            assert isinstance(move, Discard)
            card = move.card
            hands = _seat_tuple(state.hands, seat, _remove(state.hands[seat], card))
            masks = _seat_tuple(state.masks, seat, state.masks[seat] ^ 1 << card)
            discards = (*state.discards, card)
            if phase is GinPhase.KNOCK:
                return _turn(
                    state, history, seat, hands, masks, state.stock, discards,
                    GinPhase.SPREAD, state.takes, None, state.repeated,
                )  # fmt: skip
            repeated = card == state.taken
            if repeated and state.repeated:
                return self._end_hand(
                    _evolve(state, history=history, hands=hands, masks=masks, discards=discards),
                    HandEnd.SAFEGUARD,
                )
            return _turn(
                state,
                history,
                1 - seat,
                hands,
                masks,
                state.stock,
                discards,
                GinPhase.WALL if len(state.stock) <= WALL else GinPhase.DRAW,
                state.takes,
                None,
                repeated,
            )
        after = _evolve(state, history=history)
        if kind is Pass:
            return self._pass(after, seat, phase)
        if kind is Knock:
            if phase is GinPhase.WALL:
                top = state.discards[-1]
                return _evolve(
                    after,
                    discards=state.discards[:-1],
                    hands=_seat_tuple(state.hands, seat, _insert(state.hands[seat], top)),
                    masks=_seat_tuple(state.masks, seat, state.masks[seat] | 1 << top),
                    taken=top,
                    knocker=seat,
                    phase=GinPhase.KNOCK,
                )
            return _evolve(after, knocker=seat, phase=GinPhase.KNOCK)
        if kind is LayMeld:
            assert isinstance(move, LayMeld)
            m = _MELD_MASK[move.meld]
            hand = tuple(c for c in state.hands[seat] if not m >> c & 1)
            return _evolve(
                after,
                hands=_seat_tuple(state.hands, seat, hand),
                masks=_seat_tuple(state.masks, seat, state.masks[seat] ^ m),
                table=(*state.table, TableMeld(seat, move.meld)),
                big=state.big or phase is GinPhase.KNOCK,
                phase=GinPhase.SPREAD if phase is GinPhase.KNOCK else phase,
            )
        if kind is LayOff:
            assert isinstance(move, LayOff)
            placed = state.table[move.target]
            grown = extended(placed.meld, move.card, move.end)
            assert grown is not None
            table = list(state.table)
            table[move.target] = TableMeld(placed.owner, grown)
            return _evolve(
                after,
                hands=_seat_tuple(state.hands, seat, _remove(state.hands[seat], move.card)),
                masks=_seat_tuple(state.masks, seat, state.masks[seat] ^ 1 << move.card),
                table=tuple(table),
            )
        raise AssertionError(f"unchecked move {move!r}")

    def _pass(self, state: GinState, seat: int, phase: GinPhase) -> GinState:
        if phase is GinPhase.FIRST_UPCARD:
            return _evolve(state, passes=state.passes + 1, to_move=1 - seat)
        if phase is GinPhase.WALL:
            return self._end_hand(state, HandEnd.WALL)
        if phase is GinPhase.SPREAD:
            gin = not state.hands[seat]
            return _evolve(
                state, to_move=1 - seat, phase=GinPhase.DEFEND if gin else GinPhase.LAYOFF
            )
        if phase is GinPhase.LAYOFF:
            return _evolve(state, phase=GinPhase.DEFEND)
        return self._score_hand(state)

    def _score_hand(self, state: GinState) -> GinState:
        knocker = state.knocker
        defender = 1 - knocker
        left = (_value(state.hands[0]), _value(state.hands[1]))
        own, other = left[knocker], left[defender]
        if state.big and own == 0:
            end, winner, points = HandEnd.BIG_GIN, knocker, (self.big_gin or 0) + other
        elif own == 0:
            end, winner, points = HandEnd.GIN, knocker, self.gin_bonus + other
        elif other <= own:
            end, winner, points = HandEnd.UNDERCUT, defender, self.undercut_bonus + own - other
        else:
            end, winner, points = HandEnd.KNOCK, knocker, other - own
        gained = _seat_tuple((0, 0), winner, points)
        result = HandResult(end, knocker, left, gained)
        scores = _seat_tuple(state.scores, winner, state.scores[winner] + points)
        wins = _seat_tuple(state.wins, winner, state.wins[winner] + 1)
        state = _evolve(state, scores=scores, wins=wins, last_hand=result)
        if scores[winner] >= self.target:
            return self._finish(state, winner)
        return self._next_hand(state)

    def _end_hand(self, state: GinState, end: HandEnd) -> GinState:
        result = HandResult(end, None, (0, 0), (0, 0))
        return self._next_hand(_evolve(state, last_hand=result))

    def _next_hand(self, state: GinState) -> GinState:
        if state.deal_number >= self.max_deals:
            return self._finish(state, -1)
        return self._deal(state, state.deal_number + 1, 1 - state.dealer)

    def _finish(self, state: GinState, winner: int) -> GinState:
        scores = list(state.scores)
        if winner >= 0:
            loser = 1 - winner
            if self.shutout and state.wins[loser] == 0:
                scores[winner] *= 2
            scores[winner] += self.game_bonus
            for seat in (0, 1):
                scores[seat] += self.box_bonus * state.wins[seat]
        return _evolve(
            state,
            scores=tuple(scores),
            reached=winner,
            over=True,
            to_move=NOBODY,
            phase=GinPhase.OVER,
        )

    # -- views and hidden cards ----------------------------------------------------------------

    def _shown(self, state: GinState, seat: int, viewer: int) -> bool:
        """Whether ``viewer`` sees ``seat``'s hand: its own, and the knocker's once spread."""
        return seat == viewer or (
            seat == state.knocker and state.phase in (GinPhase.LAYOFF, GinPhase.DEFEND)
        )

    def view(self, state: GinState, seat: int) -> GinView:
        hands = tuple(
            hand if self._shown(state, i, seat) else (HIDDEN,) * len(hand)
            for i, hand in enumerate(state.hands)
        )
        return GinView(
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
            discards=state.discards,
            stock_size=len(state.stock),
            table=state.table,
            knock_card=state.knock_card,
            knocker=state.knocker,
            is_over=state.over,
        )

    def hidden_cards(self, state: GinState, seat: int) -> list[Card]:
        """The cards ``seat`` cannot see: the stock and the other hand (until spread)."""
        hidden = list(state.stock)
        for i, hand in enumerate(state.hands):
            if not self._shown(state, i, seat):
                hidden.extend(hand)
        return hidden

    def with_hidden(self, state: GinState, seat: int, cards: Sequence[Card]) -> GinState:
        """``state`` with the cards ``seat`` cannot see replaced by ``cards`` in order: the
        stock first, then the hidden hand."""
        pool = list(cards)
        stock = tuple(pool[: len(state.stock)])
        del pool[: len(state.stock)]
        hands = []
        for i, hand in enumerate(state.hands):
            if self._shown(state, i, seat):
                hands.append(hand)
            else:
                hands.append(tuple(sorted(pool[: len(hand)])))
                del pool[: len(hand)]
        masks = tuple(sum(1 << c for c in h) for h in hands)
        return _evolve(state, stock=stock, hands=tuple(hands), masks=masks)


_DECK: Final = DeckSpec.standard().cards()


def _fits(meld: Meld) -> tuple[tuple[Card, End | None], ...]:
    """The cards that grow ``meld`` by one, with the end of a run they go on."""
    if meld.kind is MeldKind.SET:
        if len(meld) != 3:
            return ()
        assert meld.rank is not None
        held = {c.suit for c in meld.cards}
        return tuple((Card.of(meld.rank, s), None) for s in Suit if s not in held)
    assert meld.suit is not None
    out: list[tuple[Card, End | None]] = []
    if meld.low > 1:
        out.append((Card.of(meld.low - 1, meld.suit), End.LOW))
    if meld.high < 13:
        out.append((Card.of(meld.high + 1, meld.suit), End.HIGH))
    return tuple(out)


def _expect(state: GinState) -> str:
    return {
        GinPhase.FIRST_UPCARD: "the first upcard is offered: 'take' or 'pass'"
        if state.passes < 2
        else "draw from the stock",
        GinPhase.DRAW: "draw from the stock or take the discard",
        GinPhase.DISCARD: "discard a card, or knock",
        GinPhase.KNOCK: "the knocker discards face down",
        GinPhase.SPREAD: "the knocker lays melds, then passes",
        GinPhase.LAYOFF: "the defender lays off, then passes",
        GinPhase.DEFEND: "the defender lays melds, then passes",
        GinPhase.WALL: "the wall: 'knock' with the discard or 'pass'",
        GinPhase.OVER: "the game is over",
    }[state.phase]


def gin_rummy(
    *,
    knock_card: int = 10,
    gin_bonus: int = 25,
    undercut_bonus: int = 25,
    oklahoma: bool = False,
    big_gin: int | None = None,
    discard_taken: bool = True,
    target: int = 100,
    game_bonus: int = 100,
    box_bonus: int = 25,
    shutout: bool = True,
    max_deals: int = 100,
    max_takes: int = 50,
) -> Variant:
    """Build Gin Rummy with the given options (see the module documentation).

    >>> gin_rummy(knock_card=11)
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: knock_card must be at most 10, not 11
    """
    rules = GinRules(
        knock_card=whole("knock_card", knock_card, 0, 10),
        gin_bonus=whole("gin_bonus", gin_bonus, 0),
        undercut_bonus=whole("undercut_bonus", undercut_bonus, 0),
        oklahoma=flag("oklahoma", oklahoma),
        big_gin=None if big_gin is None else whole("big_gin", big_gin, 0),
        discard_taken=flag("discard_taken", discard_taken),
        target=whole("target", target, 1),
        game_bonus=whole("game_bonus", game_bonus, 0),
        box_bonus=whole("box_bonus", box_bonus, 0),
        shutout=flag("shutout", shutout),
        max_deals=whole("max_deals", max_deals, 1),
        max_takes=whole("max_takes", max_takes, 1),
    )
    return Variant(
        id="gin-rummy",
        name="Gin Rummy",
        rules=rules,
        options={
            "knock_card": knock_card,
            "gin_bonus": gin_bonus,
            "undercut_bonus": undercut_bonus,
            "oklahoma": oklahoma,
            "big_gin": big_gin,
            "discard_taken": discard_taken,
            "target": target,
            "game_bonus": game_bonus,
            "box_bonus": box_bonus,
            "shutout": shutout,
            "max_deals": max_deals,
            "max_takes": max_takes,
        },
        min_players=2,
        max_players=2,
    )


register(
    "gin-rummy",
    gin_rummy,
    "Gin Rummy: 2 players, 10 cards, knock with 10 or less, gin and undercut bonuses, to 100",
)
