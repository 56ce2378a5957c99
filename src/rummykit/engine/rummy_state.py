"""The state and the view of the draw-and-discard family, and the hand helpers that keep a
state's derived fields (each seat's formable melds) up to date move by move."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from rummykit.cards import Card
from rummykit.engine.core import GameState, evolver
from rummykit.engine.table import melds_with
from rummykit.engine.views import Hidden, JSONValue, view_json
from rummykit.melds import Meld, MeldContext
from rummykit.pieces.outcome import (
    DealOutcome,
    TableMeld,
)
from rummykit.solver import meld_sort_key, possible_melds

if TYPE_CHECKING:
    from rummykit.contracts import Contract
    from rummykit.engine.core import Variant
    from rummykit.engine.moves import Move
    from rummykit.engine.rummy import RummyRules

__all__ = ["Phase", "RummyState", "RummyView"]


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
    #: The first upcard is offered: take it or pass (Gin Rummy's first turn).
    FIRST_UPCARD = "first_upcard"
    #: A knocker with the full hand discards face down, or melds every card (knock games).
    KNOCK = "knock"
    #: The knocker lays melds, then passes; the rest of the hand is deadwood.
    SPREAD = "spread"
    #: The defender lays off cards on the knocker's melds, then passes (not after gin).
    LAYOFF = "layoff"
    #: The defender lays melds, then passes; the deal is scored.
    DEFEND = "defend"
    #: The stock is down to the wall: knock with the last discard, or pass (a void deal).
    WALL = "wall"
    #: The game is over.
    OVER = "over"


@attrs.frozen(eq=False, slots=False)
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
    last_deal: DealOutcome | None
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
    #: Passes on the first upcard so far this deal (:attr:`Phase.FIRST_UPCARD`); when every
    #: player has passed, the first player may only draw from the stock.
    offers: int
    #: The seat that knocked this deal (knock games), or ``None``.
    knocker: int | None
    #: The knocker melded every card of the full hand without a discard (big gin).
    knock_all: bool
    #: Times the discard pile was taken from this deal (the ``max_takes`` safeguard).
    takes: int
    #: The previous turn threw back the discard it had taken (the repetition safeguard).
    thrown_back: bool
    #: Per seat, the deals won this game (box bonuses).
    deals_won: tuple[int, ...]
    #: The card that sets the deal's parameters: one the deal keeps out of every hand (the
    #: wild rank of ``crazy-rummy-faceup``, R50), else the first upcard (Oklahoma Gin).
    indicator: Card | None
    #: Cards the deal keeps out of every hand and pile (the face-up game's indicator).
    set_aside: tuple[Card, ...]
    #: Per seat, the cards of the hand every player knows are there: a card dealt face up
    #: (R58) and, where the visibility piece says so, cards taken from the discard pile, each
    #: until a card like it leaves the hand.
    known: tuple[tuple[Card, ...], ...]
    #: The player to move had laid nothing this deal when the turn began (R52's first play).
    first_play: bool
    #: The cards the player to move has given up from the hand this turn (R13b: once a copy
    #: of a restricted card is played, a copy left may be discarded).
    played: tuple[Card, ...]
    #: Derived, per seat, every meld the seat's hand can form (kept up to date move by move so
    #: that move generation never re-solves a whole hand). Not part of the position.
    hand_melds: tuple[tuple[Meld, ...], ...] = attrs.field(repr=False)

    @property
    def rules(self) -> RummyRules:
        """The variant's rules."""
        rules: RummyRules = self.variant.rules  # type: ignore[assignment]
        return rules

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
        count.update(self.set_aside)
        if self.phase is Phase.PLACE_WILD and self.pending is not None:
            count[self.pending] += 1  # a freed wild between its old and new place (R30)
        return count


#: A fast attrs.evolve for RummyState (built on every move).
evolve_state: Final = evolver(RummyState)


def evolve_fields(fields: dict[str, Any]) -> RummyState:
    """A state from all of its fields, as :data:`evolve_state` builds one: ``fields`` is a
    changed copy of another state's ``__dict__`` (nothing is checked or converted)."""
    out = object.__new__(RummyState)
    object.__setattr__(out, "__dict__", fields)
    return out


@attrs.frozen(slots=False)  # built from a dict of its fields, as states are (built_view)
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
    #: The top discard; ``None`` when the pile is empty or its top card lies face down.
    discard_top: Card | None
    discard_size: int
    #: The discard pile, bottom first: cards the seat may see, placeholders for the others
    #: (only the top is seen unless the game spreads the pile).
    discards: tuple[Card | Hidden, ...]
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
    #: The seat that knocked this deal (knock games), or ``None``.
    knocker: int | None = None
    #: The most deadwood a knocker may keep this deal (knock games; 0: gin only), or
    #: ``None`` in games without a knock.
    knock_limit: int | None = None
    #: The card that sets the deal's parameters (the face-up game's wild indicator, R50;
    #: Oklahoma Gin's first upcard), or ``None``.
    indicator: Card | None = None
    #: Per seat, the cards of that hand every player knows are there (face-up cards, R58;
    #: taken discards where the game keeps them known). ``hands`` shows them first.
    known: tuple[tuple[Card, ...], ...] = ()
    #: The player to move had laid nothing this deal when the turn began (R52).
    first_play: bool = False
    #: The seat's legal moves when it is to move, else empty.
    legal: tuple[Move, ...] = attrs.field(default=(), kw_only=True)
    #: The meld rules of this deal, wild cards included (to judge melds with).
    context: MeldContext = attrs.field(factory=MeldContext, kw_only=True, repr=False)
    #: The contract of this deal (contract games), else ``None``.
    contract: Contract | None = attrs.field(default=None, kw_only=True)
    #: Times the discard pile has been turned into a new stock this deal.
    reshuffles: int = attrs.field(default=0, kw_only=True)
    #: Per seat, the turns it has completed this deal.
    turns: tuple[int, ...] = attrs.field(default=(), kw_only=True)
    #: The game (rules and options), for tools that rebuild positions from what a seat saw
    #: (:func:`rummykit.search.sample_state`); holds no card of the game.
    game: Variant | None = attrs.field(default=None, kw_only=True, repr=False)
    # The rest of the public position: what every player at the table knows.
    #: Who started this deal.
    first_player: int = attrs.field(default=0, kw_only=True)
    #: Seats in the order they reached the game's target (R45).
    reached: tuple[int, ...] = attrs.field(default=(), kw_only=True)
    #: The seat whose turn count the others may match after it reached the target (R45).
    final_after: int | None = attrs.field(default=None, kw_only=True)
    #: How the last finished deal ended, with its hands revealed.
    last_deal: DealOutcome | None = attrs.field(default=None, kw_only=True)
    #: The card the active player drew this turn: the card itself where this seat saw it (its
    #: own draw, or a take from the pile), :data:`HIDDEN` for a draw from the stock by
    #: another seat, ``None`` before a draw.
    drawn: Card | Hidden | None = attrs.field(default=None, kw_only=True)
    #: The single card the active player held before drawing, which it must discard (R13):
    #: the card where this seat holds it, :data:`HIDDEN` for another seat's, else ``None``.
    single: Card | Hidden | None = attrs.field(default=None, kw_only=True)
    #: Who discarded the top card (``None`` for an upcard).
    top_by: int | None = attrs.field(default=None, kw_only=True)
    #: A claim was made this turn (R34).
    claimed: bool = attrs.field(default=False, kw_only=True)
    #: The active player's draw waits for the claim window (R34).
    draw_waiting: bool = attrs.field(default=False, kw_only=True)
    #: The only meld a wild freed by a swap may go back to, when restricted (R30).
    place_on: int | None = attrs.field(default=None, kw_only=True)
    #: The seat that went out on the opening turn while the others reply (R19).
    reply_to: int | None = attrs.field(default=None, kw_only=True)
    #: Passes on the first upcard so far this deal (knock games).
    offers: int = attrs.field(default=0, kw_only=True)
    #: The knocker melded every card without a discard (big gin).
    knock_all: bool = attrs.field(default=False, kw_only=True)
    #: Times the discard pile was taken from this deal.
    takes: int = attrs.field(default=0, kw_only=True)
    #: The previous turn threw back the discard it had taken.
    thrown_back: bool = attrs.field(default=False, kw_only=True)
    #: Per seat, the deals won this game.
    deals_won: tuple[int, ...] = attrs.field(default=(), kw_only=True)
    #: Cards the deal keeps out of every hand and pile, face up (the face-up game's indicator).
    set_aside: tuple[Card, ...] = attrs.field(default=(), kw_only=True)
    #: The cards played this turn (R13b).
    played: tuple[Card, ...] = attrs.field(default=(), kw_only=True)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public, Crib Rummy's advanced rules)."""
        return tuple(len(h) for h in self.hands)

    def to_json(self) -> dict[str, JSONValue]:
        """The view as JSON, following :func:`~rummykit.engine.views.view_schema`."""
        return view_json(self, skip=("context", "game"))

    def _repr_svg_(self) -> str:
        """The view as an SVG picture (Jupyter's hook; :func:`rummykit.svg.render`)."""
        from rummykit.svg import render

        return render(self)


def remove_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (multiset), or ``None`` if the hand lacks some of them."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def add_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted((*hand, *cards)))


def replace_at(items: tuple[object, ...], index: int, value: object) -> tuple[object, ...]:
    return (*items[:index], value, *items[index + 1 :])


def per_seat(
    items: tuple[tuple[Meld, ...], ...], seat: int, value: tuple[Meld, ...]
) -> tuple[tuple[Meld, ...], ...]:
    return (*items[:seat], value, *items[seat + 1 :])


def with_card(state: RummyState, seat: int, card: Card) -> dict[str, Any]:
    """The ``hands`` and ``hand_melds`` fields after ``seat`` takes ``card`` into hand."""
    hands = list(state.hands)
    hand = hands[seat] = tuple(sorted((*hands[seat], card)))
    if not state.rules.keeps_hand_melds:
        return {"hands": tuple(hands)}
    context = state.context
    if context.wilds.mask[card]:
        melds = possible_melds(hand, context)
    else:
        found = set(state.hand_melds[seat])
        found.update(melds_with(hand, card, context))
        melds = tuple(sorted(found, key=meld_sort_key))
    return {"hands": tuple(hands), "hand_melds": per_seat(state.hand_melds, seat, melds)}


def without_cards(
    state: RummyState, seat: int, cards: Sequence[Card], *, played: bool = True
) -> dict[str, Any]:
    """The ``hands`` and ``hand_melds`` (and ``known`` and ``played``) fields after ``seat``
    gives up ``cards``: a meld stays formable unless it needs more copies of a given-up card
    than the hand keeps; a known card like one given up is known no more (nobody can tell
    which copy left). ``played=False`` for a discard: it ends the turn, so the cards played
    this turn no longer matter (R13b)."""
    hand = remove_cards(state.hands[seat], cards)
    assert hand is not None
    hands = list(state.hands)
    hands[seat] = hand
    changes: dict[str, Any] = {"hands": tuple(hands)}
    if played:  # a multiset: the order is no part of it
        changes["played"] = tuple(sorted((*state.played, *cards)))
    known = state.known[seat]
    if known and any(card in known for card in cards):
        changes["known"] = replace_at(state.known, seat, forget(known, cards))
    if not state.rules.keeps_hand_melds:
        return changes
    gone = set(cards)
    kept = tuple(
        m
        for m in state.hand_melds[seat]
        if all(m.cards.count(c) <= hand.count(c) for c in gone if c in m.cards)
    )
    changes["hand_melds"] = per_seat(state.hand_melds, seat, kept)
    return changes


def forget(known: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``known`` less every card like one of ``cards``."""
    gone = set(cards)
    if gone.isdisjoint(known):
        return known
    return tuple(card for card in known if card not in gone)


def hands_with(
    state: RummyState, seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)
    hands[seat] = hand
    return tuple(hands)
