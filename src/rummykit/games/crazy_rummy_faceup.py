"""Crazy Rummy with a face-up hand size: RULES.md 3.6, seed ``004_eb0d1620f5afc4de.txt``.

Two to eight players lay sets on boards of their own. Each player's first card is dealt face
up and says how many cards that player gets; the dealer's face-up card stays on the table and
its rank is wild for the deal (R50). Sets need two natural cards, and only a player's first
play may put more than one wild in a set (R52). Natural cards of a rank an opponent already
has on the board may be "bottom fed" onto one's own board (R53). A deal scores each board
minus the hand that goes with it, and the game ends after the deal in which somebody reaches
1500 (R55).

>>> import rummykit
>>> game = rummykit.variant("crazy-rummy-faceup")
>>> state = game.new_game(players=3, seed=0)
>>> state.dealer, state.face_up, state.indicator
(0, (None, Card('JD'), Card('9C')), Card('6H'))
>>> [len(hand) for hand in state.hands]          # the dealer holds 6 - 1 cards (R50)
[5, 10, 9]
>>> sorted(map(str, state.context.wilds.cards))  # the indicator's rank is wild
['6C', '6D', '6H', '6S']

Options (keyword-only; each default is the resolution of RULES.md named in brackets):

``packs``
    Number of 48-card packs (no Twos, no jokers). ``None`` (default): one pack per two
    players, rounded up (R59). A number: that many packs, as long as they hold the largest
    possible deal (eleven cards a player, the upcard and one card of stock).
``deal_order``
    ``"by_player"`` (default): each player's face-up card and then the rest of their cards,
    seat by seat from the dealer's left, dealer last. ``"face_up_round_then_round_robin"``:
    a face-up card to every player first, then face-down cards one at a time round the
    table to every player still owed some (R51).
``set_copy_limit``
    ``False`` (default): a set may hold any number of wilds on the first play, even more
    cards than the packs hold of its rank, as the seed's example of three Jacks with four
    wilds shows. ``True``: R61's copy limit, a set never holds more cards than the packs
    hold of its rank.
``target``
    The score that ends the game after the deal in which a player reaches it: 1500
    (default, R55), or any positive whole number.
``max_deals``
    Engine safeguard, not in the source: the game ends after this many deals whatever the
    scores (default 100).
``max_turns``
    Engine safeguard, not in the source: a deal ends, scored as when the stock runs out
    (R56), after this many turns (default 500). Taking the discard does not shrink the
    stock, so without it two players could pass cards back and forth for ever.
"""

from __future__ import annotations

import enum
import math
import operator
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Final

import attrs

from rummykit.cards import Card, DeckSpec, Rank, parse_cards
from rummykit.engine.core import NOBODY, GameState, Setup, Variant, evolver, shuffled
from rummykit.engine.moves import Discard, Draw, LayMeld, LayOff, Move, TakeDiscard
from rummykit.engine.registry import register
from rummykit.engine.rummy import Phase, TableMeld
from rummykit.engine.views import HIDDEN, Hidden
from rummykit.errors import IllegalMoveError, OptionError
from rummykit.melds import Meld, MeldContext, MeldKind, MeldRules
from rummykit.pieces.options import whole
from rummykit.solver import possible_melds
from rummykit.wilds import DealInfo, WildRules

__all__ = [
    "BoardScoring",
    "DealEnding",
    "DealOrder",
    "FaceUpDeal",
    "FaceUpDeck",
    "FaceUpRules",
    "FaceUpState",
    "FaceUpView",
    "card_points",
    "crazy_rummy_faceup",
    "deck_order",
    "hand_size",
    "stacked_game",
]

#: Cards a player receives for each rank of their face-up card (3-10 face value, J Q K 10,
#: A 11; there are no Twos). The dealer's face-up card counts towards the dealer's total but
#: is not in the dealer's hand (R50).
HAND_SIZES: Final[dict[Rank, int]] = {
    rank: 11 if rank is Rank.ACE else min(int(rank), 10) for rank in Rank if rank is not Rank.TWO
}


def hand_size(card: Card) -> int:
    """How many cards in all a face-up first card ``card`` gives its player.

    >>> [hand_size(Card.parse(text)) for text in ("4S", "10H", "JD", "KC", "AS")]
    [4, 10, 10, 10, 11]
    """
    if card.rank is None or card.rank not in HAND_SIZES:
        raise OptionError(f"{card} cannot be a face-up first card in this game")
    return HAND_SIZES[card.rank]


def card_points(card: Card, wild_rank: Rank | None) -> int:
    """What ``card`` is worth, on the board or (negatively) in the hand: 3-7 are 5 points,
    8 to King 10, an Ace 100, a wild card 100, and an Ace 200 when Aces are wild (R55).

    >>> [card_points(Card.parse(text), Rank.NINE) for text in ("3S", "7H", "8D", "KC")]
    [5, 5, 10, 10]
    >>> card_points(Card.parse("AS"), Rank.NINE), card_points(Card.parse("9S"), Rank.NINE)
    (100, 100)
    >>> card_points(Card.parse("AS"), Rank.ACE)
    200
    """
    rank = card.rank
    if rank is None:
        raise OptionError("this game has no jokers")
    if rank is wild_rank:
        return 200 if rank is Rank.ACE else 100
    if rank is Rank.ACE:
        return 100
    return 5 if rank <= Rank.SEVEN else 10


def _point_table(wild_rank: Rank) -> tuple[int, ...]:
    return tuple(card_points(Card(code), wild_rank) if code < 52 else 0 for code in range(53))


_POINTS: Final[dict[Rank, tuple[int, ...]]] = {rank: _point_table(rank) for rank in Rank}


# -- pieces ------------------------------------------------------------------------------------


@attrs.frozen
class FaceUpDeck:
    """The deck: ``packs`` packs of 48 cards without Twos or jokers, or one pack per two
    players, rounded up, when ``packs`` is ``None`` (R59).

    >>> [FaceUpDeck().deck(players).size for players in (2, 3, 8)]
    [48, 96, 192]
    >>> FaceUpDeck(packs=1).deck(4).size
    48
    """

    packs: int | None = None

    def packs_for(self, players: int) -> int:
        """How many packs ``players`` players use."""
        return self.packs if self.packs is not None else math.ceil(players / 2)

    def deck(self, players: int) -> DeckSpec:
        return DeckSpec.without_twos(packs=self.packs_for(players))


class DealOrder(enum.Enum):
    """In what order the cards of a deal are dealt (R51)."""

    #: Each player's face-up card and then the rest of their cards, seat by seat from the
    #: dealer's left; the dealer last.
    BY_PLAYER = "by_player"
    #: A face-up card to every player, then face-down cards one at a time round the table to
    #: every player still owed cards.
    FACE_UP_ROUND_THEN_ROUND_ROBIN = "face_up_round_then_round_robin"


@attrs.frozen
class FaceUpDeal:
    """Deals a shuffled deck: every player's first card face up, and as many more cards as
    that card says (:func:`hand_size`), in the :class:`DealOrder`; the dealer's face-up card
    is the wild indicator and stays out of the dealer's hand (R50).

    >>> deal = FaceUpDeal()
    >>> hands, face_up, used = deal.deal(parse_cards("3S 5H 6H 4D 9S 8S 7C KD"), 2, dealer=1)
    >>> [[str(c) for c in hand] for hand in hands], [str(c) for c in face_up], used
    ([['5H', '6H', '3S'], ['9S', '8S', '7C']], ['3S', '4D'], 7)
    """

    order: DealOrder = DealOrder.BY_PLAYER

    def deal(
        self, cards: Sequence[Card], players: int, *, dealer: int
    ) -> tuple[list[list[Card]], list[Card], int]:
        """The hands (face-up card last, none for the dealer), each seat's face-up card and
        how many cards of ``cards`` (top first) the deal used."""
        seats = [(dealer + step) % players for step in range(1, players + 1)]
        hands: list[list[Card]] = [[] for _ in range(players)]
        face_up: list[Card] = [cards[0]] * players
        position = 0
        if self.order is DealOrder.BY_PLAYER:
            for seat in seats:
                face_up[seat] = cards[position]
                owed = hand_size(cards[position]) - 1
                hands[seat].extend(cards[position + 1 : position + 1 + owed])
                position += 1 + owed
        else:
            for seat in seats:
                face_up[seat] = cards[position]
                position += 1
            still = {seat: hand_size(face_up[seat]) - 1 for seat in seats}
            while any(still.values()):
                for seat in seats:
                    if still[seat]:
                        hands[seat].append(cards[position])
                        still[seat] -= 1
                        position += 1
        for seat in seats[:-1]:
            hands[seat].append(face_up[seat])
        return hands, face_up, position

    @staticmethod
    def most_cards(players: int) -> int:
        """The most cards a deal can use (every face-up card an Ace), upcard included."""
        return HAND_SIZES[Rank.ACE] * players + 1


@attrs.frozen
class BoardScoring:
    """R55: at the end of a deal every player scores the cards on their board minus the
    cards in their hand, by :func:`card_points`; the indicator scores for nobody."""

    def deal_scores(
        self,
        hands: Sequence[Sequence[Card]],
        table: Iterable[TableMeld],
        wild_rank: Rank,
    ) -> tuple[int, ...]:
        """Per seat, what the deal adds to the scores."""
        points = _POINTS[wild_rank]
        totals = [-sum(points[card] for card in hand) for hand in hands]
        for placed in table:
            totals[placed.owner] += sum(points[card] for card in placed.meld.cards)
        return tuple(totals)


class DealEnding(enum.Enum):
    """Why a deal ended."""

    #: A player emptied their hand, by playing to the board or by discarding (R60).
    OUT = "out"
    #: The stock ran out and the discard pile could not rebuild it (R56). In this game's
    #: turn order the pile always can, so this ending is a guard only.
    STOCK = "stock"
    #: The ``max_turns`` safeguard (not in the source).
    TURN_LIMIT = "turn_limit"


# -- state and view ----------------------------------------------------------------------------


@attrs.frozen(eq=False, slots=False)
class FaceUpState(GameState):
    """A position of ``crazy-rummy-faceup``.

    Hands are sorted tuples; the stock and the discard pile are tuples whose *last* element
    is the top card. Every group on the table belongs to one player's board: ``owner`` is the
    seat, and the meld is a set of its rank (R52) or bottom-fed natural cards (R53).
    """

    derived_fields: ClassVar[frozenset[str]] = frozenset({"context", "last_deal"})

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    #: Every player's board, as groups in the order they were started.
    table: tuple[TableMeld, ...]
    phase: Phase
    #: The dealer's face-up card: the wild indicator, in nobody's hand (R50).
    indicator: Card
    #: Per seat, the face-up first card while it is known to be in the hand (R58): ``None``
    #: for the dealer, and once a card like it has left the hand.
    face_up: tuple[Card | None, ...]
    #: Whether the player to move had nothing on their board when the turn began (R52).
    first_play: bool
    #: The card the player to move took from the discard pile this turn, until it (or a card
    #: like it) is played to the board: it may not be discarded this turn (R57).
    taken: Card | None
    #: Turns completed in this deal (for the ``max_turns`` safeguard).
    turn: int
    #: How many times the stock has been rebuilt from the discard pile in this deal (R56).
    reshuffles: int
    #: How the last finished deal ended, who went out and what it scored, for logs.
    last_deal: tuple[DealEnding, int | None, tuple[int, ...]] | None
    #: The deal's meld rules, deck and wild cards (derived from the variant and indicator).
    context: MeldContext = attrs.field(repr=False)

    @property
    def rules(self) -> FaceUpRules:
        """The variant's rules."""
        rules = self.variant.rules
        assert isinstance(rules, FaceUpRules)
        return rules

    @property
    def wild_rank(self) -> Rank:
        """The rank that is wild in this deal: the indicator's."""
        rank = self.indicator.rank
        assert rank is not None
        return rank

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the game is over (ties share; R55)."""
        if not self.over:
            return ()
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def board(self, seat: int) -> tuple[Meld, ...]:
        """The groups on ``seat``'s board."""
        return tuple(placed.meld for placed in self.table if placed.owner == seat)

    def all_cards(self) -> Counter[Card]:
        """Every card of the game as a multiset (hands, stock, discards, boards, indicator)."""
        count: Counter[Card] = Counter(self.stock)
        count.update(self.discards)
        for hand in self.hands:
            count.update(hand)
        for placed in self.table:
            count.update(placed.meld.cards)
        count[self.indicator] += 1
        return count


_evolve: Final = evolver(FaceUpState)


@attrs.frozen
class FaceUpView:
    """What one seat may see: its own hand; of every other hand its size and the face-up
    first card while it is known to be there (R58); every board; the indicator; the top
    discard; the scores. ``str(view)`` lays it out as text."""

    variant: str
    seat: int
    players: int
    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    to_move: int
    phase: Phase
    hand: tuple[Card, ...]
    #: Every hand, the viewer's in full, the others' known cards first and then placeholders.
    hands: tuple[tuple[Card | Hidden, ...], ...]
    table: tuple[TableMeld, ...]
    indicator: Card
    #: The wild cards of this deal (every card of the indicator's rank).
    wild_cards: frozenset[Card]
    face_up: tuple[Card | None, ...]
    first_play: bool
    taken: Card | None
    discard_top: Card | None
    discard_size: int
    stock_size: int
    is_over: bool

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(hand) for hand in self.hands)

    def __str__(self) -> str:
        lines = [
            f"deal {self.deal_number}, seat {self.dealer} deals; indicator {self.indicator} "
            f"({self.indicator.rank.label if self.indicator.rank else '?'}s wild); "
            f"scores {' '.join(map(str, self.scores))}"
        ]
        for seat in range(self.players):
            groups = [
                f"#{index} {' '.join(map(str, placed.meld.cards))}"
                for index, placed in enumerate(self.table)
                if placed.owner == seat
            ]
            who = "you" if seat == self.seat else f"seat {seat}"
            held = " ".join(map(str, self.hands[seat]))
            lines.append(f"{who}: hand {held}; board {', '.join(groups) or '-'}")
        top = str(self.discard_top) if self.discard_top is not None else "-"
        lines.append(f"discard {top} ({self.discard_size}), stock {self.stock_size}")
        return "\n".join(lines)


# -- rules -------------------------------------------------------------------------------------

#: Meld contexts by (meld rules, deck, wild rank): a deal's context depends on nothing else,
#: and reusing it keeps the solver's tables for it.
_CONTEXTS: dict[tuple[MeldRules, DeckSpec, Rank], MeldContext] = {}


def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (as multisets), or ``None`` if the hand lacks some."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _keeps_discard(hand: tuple[Card, ...], laid: Sequence[Card], taken: Card | None) -> bool:
    """Whether, after laying ``laid``, the player still goes out or still holds a card other
    than the discard they took (R57): otherwise they could neither discard nor end the turn."""
    if taken is None or taken in laid:
        return True
    left = len(hand) - len(laid)
    return left == 0 or left != hand.count(taken)


_Illegal = IllegalMoveError
_LATER_ADDITION: Final = "after the first play no wild may be added to a set (R52)"


@attrs.frozen
class FaceUpRules:
    """The rules of ``crazy-rummy-faceup`` as a record of pieces (see the module text)."""

    deck_rule: FaceUpDeck = attrs.field(kw_only=True, factory=FaceUpDeck)
    dealing: FaceUpDeal = attrs.field(kw_only=True, factory=FaceUpDeal)
    #: Sets only, three or more cards, no fixed maximum (R52); the copy limit is R61's option.
    meld_rules: MeldRules = attrs.field(
        kw_only=True, factory=lambda: MeldRules(runs=False, set_max=None, set_copy_limit=False)
    )
    #: The indicator's rank is wild; two naturals per set; the first-play exception (R52).
    wilds: WildRules = attrs.field(kw_only=True, factory=WildRules.indicator)
    scoring: BoardScoring = attrs.field(kw_only=True, factory=BoardScoring)
    #: The score that ends the game after the deal in which it is reached (R55).
    target: int = attrs.field(kw_only=True, default=1500)
    #: Safeguard: the game ends after this many deals.
    max_deals: int = attrs.field(kw_only=True, default=100)
    #: Safeguard: a deal ends after this many turns.
    max_turns: int = attrs.field(kw_only=True, default=500)

    def deck(self, players: int) -> DeckSpec:
        return self.deck_rule.deck(players)

    def context(self, players: int, wild_rank: Rank) -> MeldContext:
        """The meld context of a deal with ``players`` players in which ``wild_rank`` is wild."""
        deck = self.deck(players)
        key = (self.meld_rules, deck, wild_rank)
        found = _CONTEXTS.get(key)
        if found is None:
            indicator = Card.of(wild_rank, 0)
            wilds = self.wilds.for_deal(DealInfo(1, indicator=indicator))
            found = MeldContext(rules=self.meld_rules, deck=deck, wilds=wilds)
            _CONTEXTS[key] = found
        return found

    # -- starting and dealing ------------------------------------------------------------------

    def start(self, variant: Variant, players: int, seed: int, setup: Setup) -> FaceUpState:
        deck = self.deck(players)
        needed = FaceUpDeal.most_cards(players) + 1
        if deck.size < needed:
            raise OptionError(
                f"{players} players may need {needed} cards (eleven each, the upcard and one "
                f"to draw) but {deck.packs} pack(s) hold {deck.size}; use more packs (R59)"
            )
        scores = setup.scores if setup.scores is not None else (0,) * players
        dealer = setup.dealer
        if dealer is None:
            dealer = random.Random(f"{seed}:dealer").randrange(players)
        blank = FaceUpState(
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
            indicator=deck.cards()[0],
            face_up=(None,) * players,
            first_play=True,
            taken=None,
            turn=0,
            reshuffles=0,
            last_deal=None,
            context=self.context(players, Rank.THREE),
        )
        return self._deal(
            blank, number=setup.deal, dealer=dealer, order=setup.deck, first=setup.first
        )

    def _deal(
        self,
        state: FaceUpState,
        *,
        number: int,
        dealer: int,
        order: Sequence[Card] | None = None,
        first: int | None = None,
    ) -> FaceUpState:
        """A fresh deal: shuffle (or take the stacked order), deal, turn the upcard."""
        players = state.players
        cards = (
            order
            if order is not None
            else shuffled(self.deck(players).cards(), state.seed, number)
        )
        dealt, face_up, used = self.dealing.deal(cards, players, dealer=dealer)
        indicator = face_up[dealer]
        rank = indicator.rank
        assert rank is not None
        starter = first if first is not None else (dealer + 1) % players
        shown: list[Card | None] = list(face_up)
        shown[dealer] = None
        return _evolve(
            state,
            deal_number=number,
            dealer=dealer,
            to_move=starter,
            hands=tuple(tuple(sorted(hand)) for hand in dealt),
            stock=tuple(reversed(cards[used + 1 :])),
            discards=(cards[used],),
            table=(),
            phase=Phase.DRAW,
            indicator=indicator,
            face_up=tuple(shown),
            first_play=True,
            taken=None,
            turn=0,
            reshuffles=0,
            context=self.context(players, rank),
        )

    # -- generation ----------------------------------------------------------------------------

    def generate(self, state: FaceUpState) -> Iterator[Move]:
        if state.phase is Phase.DRAW:
            if _can_draw(state):
                yield Draw()
            if self._may_take(state):
                yield TakeDiscard()
        elif state.phase is Phase.PLAY:
            yield from self._play_moves(state)

    def _play_moves(self, state: FaceUpState) -> Iterator[Move]:
        seat, taken = state.to_move, state.taken
        hand = state.hands[seat]
        for meld in self._new_sets(state, hand):
            if _keeps_discard(hand, meld.cards, taken):
                yield LayMeld(meld)
        yield from self._feeds(state, seat, hand)
        yield from self._additions(state, seat, hand)
        for card in sorted(set(hand)):
            if card != taken:
                yield Discard(card)

    def _new_sets(self, state: FaceUpState, hand: tuple[Card, ...]) -> list[Meld]:
        """Every new set the hand can lay now (R52). The sets of a rank depend only on the
        hand's cards of that rank, its wild cards and the first-play flag, so they are
        solved once per such combination and looked up afterwards (see :func:`_sets_of`)."""
        context = state.context
        mask = context.wilds.mask
        wilds = tuple(card for card in hand if mask[card])
        set_min = context.rules.set_min
        least = set_min - len(wilds)
        by_rank: dict[int, list[Card]] = {}
        for card in hand:
            if not mask[card]:
                by_rank.setdefault(card % 13, []).append(card)
        found: list[Meld] = []
        fp = state.first_play
        if len(wilds) >= set_min:
            found.extend(_sets_of(context, fp, (), wilds))
        for cards in by_rank.values():
            if len(cards) >= least:
                found.extend(_sets_of(context, fp, tuple(cards), wilds))
        if len(found) > 1:
            found.sort(key=_SET_ORDER)
        return found

    def _feeds(self, state: FaceUpState, seat: int, hand: tuple[Card, ...]) -> Iterator[Move]:
        """Bottom feeding that starts a group (R53): one or two natural cards of a rank some
        opponent has on their board and the player has not; three or more are a set."""
        own, others = _ranks(state.table, seat)
        wanted = others - own
        if not wanted:
            return
        mask = state.context.wilds.mask
        by_rank: dict[Rank, list[Card]] = {}
        for card in hand:
            rank = _RANK[card]
            if rank is not None and rank in wanted and not mask[card]:
                by_rank.setdefault(rank, []).append(card)
        for rank, cards in sorted(by_rank.items()):
            options: set[tuple[Card, ...]] = {(card,) for card in cards}
            options.update((a, b) for i, a in enumerate(cards) for b in cards[i + 1 :])
            for cards_laid in sorted(options):
                if _keeps_discard(hand, cards_laid, state.taken):
                    yield LayMeld(Meld.set(cards_laid, rank=rank))

    def _additions(self, state: FaceUpState, seat: int, hand: tuple[Card, ...]) -> Iterator[Move]:
        """Single cards added to the player's own groups (R52, R53, R54): cards of the
        group's rank, and wild cards on the first play."""
        mask = state.context.wilds.mask
        distinct = sorted(set(hand))
        wilds = [card for card in distinct if mask[card]] if state.first_play else []
        for index, placed in enumerate(state.table):
            if placed.owner != seat:
                continue
            rank = placed.meld.rank
            fitting = [card for card in distinct if _RANK[card] is rank]
            fitting += [card for card in wilds if _RANK[card] is not rank]
            for card in fitting:
                if self._addition_problem(state, placed.meld, card) is None and _keeps_discard(
                    hand, (card,), state.taken
                ):
                    yield LayOff(card, index)

    # -- the one check -------------------------------------------------------------------------

    def check(self, state: FaceUpState, move: object) -> IllegalMoveError | None:
        def illegal(rule: str, detail: str) -> IllegalMoveError:
            return _Illegal(move, rule, detail)

        if state.over:
            return illegal("game.over", "the game is over; start a new one with new_game()")
        malformed = _malformed(move)
        if malformed is not None:
            return illegal("move.malformed", malformed)
        phase, seat = state.phase, state.to_move
        hand = state.hands[seat]
        if isinstance(move, Draw | TakeDiscard):
            if phase is not Phase.DRAW:
                return illegal("turn.phase", "you already drew this turn: play or discard")
            if isinstance(move, Draw) and not _can_draw(state):
                return illegal("draw.stock_empty", "the stock is empty")
            if isinstance(move, TakeDiscard) and move.count != 1:
                return illegal("take.depth", "only the top discard may be taken: 'take'")
            if isinstance(move, TakeDiscard) and not state.discards:
                return illegal("take.empty", "the discard pile is empty")
            if isinstance(move, TakeDiscard) and not self._may_take(state):
                return illegal(
                    "take.keep_a_discard",
                    f"you hold nothing but {state.discards[-1]}, which you could not discard "
                    "after taking it (R57); draw from the stock",
                )
            return None
        if not isinstance(move, LayMeld | LayOff | Discard):
            return illegal("move.unknown", f"{move!r} is not a move of {state.variant.id}")
        if phase is Phase.DRAW:
            return illegal("turn.phase", "draw first: 'draw' or 'take'")
        if isinstance(move, Discard):
            if move.card not in hand:
                return illegal("card.not_in_hand", f"you hold no {move.card}")
            if move.card == state.taken:
                return illegal(
                    "discard.taken",
                    f"you took {move.card} from the discard pile this turn and may not discard "
                    "it again (R57)",
                )
            return None
        laid = move.meld.cards if isinstance(move, LayMeld) else (move.card,)
        if _remove(hand, laid) is None:
            return illegal("card.not_in_hand", "you do not hold " + " ".join(map(str, laid)))
        if isinstance(move, LayMeld):
            problem = self._new_group_problem(state, seat, move.meld)
        else:
            problem = self._lay_off_problem(state, seat, move)
        if problem is not None:
            return illegal(*problem)
        if not _keeps_discard(hand, laid, state.taken):
            return illegal(
                "turn.keep_a_discard",
                f"that would leave you only {state.taken}, which you took from the discard "
                "pile and may not discard (R57); play it first or keep another card",
            )
        return None

    def _may_take(self, state: FaceUpState) -> bool:
        """The top discard may be taken unless the hand holds nothing else to discard (R57)."""
        if not state.discards:
            return False
        top = state.discards[-1]
        return any(card != top for card in state.hands[state.to_move])

    def _new_group_problem(
        self, state: FaceUpState, seat: int, meld: Meld
    ) -> tuple[str, str] | None:
        """Why ``meld`` may not start a group on ``seat``'s board: as a set (R52) or as
        bottom-fed natural cards (R53)."""
        if meld.kind is not MeldKind.SET:
            return ("meld.kind", f"this game has sets only, no {meld.kind.value}s")
        context = state.context
        rank = meld.rank
        assert rank is not None
        violation = context.violation(meld, first_play=state.first_play)
        if violation is None:
            return None
        if len(meld) >= context.rules.set_min or any(card.rank is not rank for card in meld.cards):
            return ("meld." + violation.rule, violation.message)
        own, others = _ranks(state.table, seat)
        if context.wilds.mask[meld.cards[0]]:
            if rank in others:
                return ("feed.wild", f"wild cards ({rank.label}s) cannot be bottom-fed (R53)")
            return ("meld." + violation.rule, violation.message)
        if rank not in others:
            return (
                "feed.no_opponent",
                f"{meld}: a set needs three cards (R52); fewer natural cards may be put "
                "down only on a rank an opponent has on their board (R53), and no opponent "
                f"has {rank.label}s",
            )
        if rank in own:
            index = next(
                i for i, p in enumerate(state.table) if p.owner == seat and p.meld.rank is rank
            )
            return (
                "feed.own_rank",
                f"you already have {rank.label}s on your board: add the cards to #{index} (R54)",
            )
        return None

    def _lay_off_problem(
        self, state: FaceUpState, seat: int, move: LayOff
    ) -> tuple[str, str] | None:
        if move.end is not None:
            return ("layoff.shape", "this game has no runs: lay off without 'low' or 'high'")
        if not 0 <= move.target < len(state.table):
            return ("layoff.no_meld", f"there is no group #{move.target} on the table")
        placed = state.table[move.target]
        if placed.owner != seat:
            return (
                "layoff.not_own",
                f"#{move.target} is on seat {placed.owner}'s board; cards go on your own board "
                "(R53, R54)",
            )
        return self._addition_problem(state, placed.meld, move.card)

    def _addition_problem(
        self, state: FaceUpState, meld: Meld, card: Card
    ) -> tuple[str, str] | None:
        """Why ``card`` may not join ``meld``, one of the mover's own groups.

        A card of the group's rank is natural there (a card of the wild rank too, in a group
        of the wild rank) and may always join (R53, R54), subject only to the copy limit
        (R61 option): the wild limits of R52 govern new sets and added wilds, and adding a
        natural card never breaks them. So the wild limit is consulted for wilds only.
        """
        context = state.context
        rank = meld.rank
        assert rank is not None
        if card.rank is rank:
            copies = context.deck.copies_of_rank(rank)
            if context.rules.set_copy_limit and len(meld) + 1 > copies:
                return (
                    "meld.set.copy_limit",
                    f"{meld} + {card}: the packs hold only {copies} {rank.label}s (R61)",
                )
            return None
        if not context.wilds.mask[card]:
            return ("meld.set.mixed_ranks", f"{card} is not a {rank.label}")
        if not state.first_play:
            # Checked before building the grown set: the common case on a later turn.
            reason = "wild.later_addition"
            return ("meld." + reason, f"{meld} + {card}: {_LATER_ADDITION}")
        grown = Meld.set((*meld.cards, card), rank=rank)
        violation = context.violation(grown, first_play=True, wild_added=True)
        if violation is not None:
            return ("meld." + violation.rule, violation.message)
        return None

    # -- playing -------------------------------------------------------------------------------

    def play(self, state: FaceUpState, move: Move) -> FaceUpState:
        seat = state.to_move
        history = state.extend_history(move)
        if isinstance(move, Draw | TakeDiscard):
            if isinstance(move, Draw):
                state = _refill(state)
                card, stock, discards, taken = (
                    state.stock[-1],
                    state.stock[:-1],
                    state.discards,
                    None,
                )
            else:
                card, stock, discards = state.discards[-1], state.stock, state.discards[:-1]
                taken = card
            hand = tuple(sorted((*state.hands[seat], card)))
            return _evolve(
                state,
                history=history,
                hands=_replace(state.hands, seat, hand),
                stock=stock,
                discards=discards,
                phase=Phase.PLAY,
                taken=taken,
            )
        if isinstance(move, Discard):
            after = _evolve(
                state,
                history=history,
                discards=(*state.discards, move.card),
                **_giving_up(state, seat, (move.card,)),
            )
            if not after.hands[seat]:
                return self._end_deal(after, DealEnding.OUT, seat)
            return self._next_turn(after, seat)
        if isinstance(move, LayMeld):
            table = (*state.table, TableMeld(seat, move.meld))
            laid: tuple[Card, ...] = move.meld.cards
        elif isinstance(move, LayOff):
            placed = state.table[move.target]
            assert placed.meld.rank is not None
            grown = Meld.set((*placed.meld.cards, move.card), rank=placed.meld.rank)
            table = _replace(state.table, move.target, TableMeld(seat, grown))
            laid = (move.card,)
        else:
            raise AssertionError(f"unchecked move {move!r}")
        taken = None if state.taken in laid else state.taken
        after = _evolve(
            state, history=history, table=table, taken=taken, **_giving_up(state, seat, laid)
        )
        if not after.hands[seat]:
            return self._end_deal(after, DealEnding.OUT, seat)
        return after

    def _next_turn(self, state: FaceUpState, seat: int) -> FaceUpState:
        """End ``seat``'s turn, or the deal if the turn limit is reached or nothing can be
        drawn (R56: an empty stock is rebuilt from the discard pile when a player draws)."""
        turn = state.turn + 1
        if turn >= self.max_turns:
            return self._end_deal(_evolve(state, turn=turn), DealEnding.TURN_LIMIT, None)
        if not _can_draw(state):
            # The player who drew the last card has just discarded, so the pile holds at
            # least two cards and the stock can be rebuilt; the guard keeps the engine safe
            # should a rules change ever make the pile too small (R56: the deal then ends).
            return self._end_deal(_evolve(state, turn=turn), DealEnding.STOCK, None)
        following = (seat + 1) % state.players
        return _evolve(
            state,
            to_move=following,
            phase=Phase.DRAW,
            first_play=not any(placed.owner == following for placed in state.table),
            taken=None,
            turn=turn,
        )

    def _end_deal(self, state: FaceUpState, ending: DealEnding, out: int | None) -> FaceUpState:
        delta = self.scoring.deal_scores(state.hands, state.table, state.wild_rank)
        scores = tuple(s + d for s, d in zip(state.scores, delta, strict=True))
        state = _evolve(state, scores=scores, last_deal=(ending, out, delta), taken=None)
        if max(scores) >= self.target or state.deal_number >= self.max_deals:
            return _evolve(state, over=True, to_move=NOBODY, phase=Phase.OVER, first_play=False)
        return self._deal(
            state, number=state.deal_number + 1, dealer=(state.dealer + 1) % state.players
        )

    # -- views ---------------------------------------------------------------------------------

    def view(self, state: FaceUpState, seat: int) -> FaceUpView:
        hands = tuple(
            hand if other == seat else _shown(state, other)
            for other, hand in enumerate(state.hands)
        )
        return FaceUpView(
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
            indicator=state.indicator,
            wild_cards=state.context.wilds.cards,
            face_up=state.face_up,
            first_play=state.first_play,
            taken=state.taken,
            discard_top=state.discards[-1] if state.discards else None,
            discard_size=len(state.discards),
            stock_size=len(state.stock),
            is_over=state.over,
        )

    def hidden_cards(self, state: FaceUpState, seat: int) -> list[Card]:
        """The cards ``seat`` cannot see: the stock, the discards under the top, and the other
        hands less their known cards (face-up first card, the discard just taken)."""
        hidden = list(state.stock) + list(state.discards[:-1])
        for other in range(state.players):
            if other != seat:
                hidden.extend(_unknown(state, other))
        return hidden

    def with_hidden(self, state: FaceUpState, seat: int, cards: Sequence[Card]) -> FaceUpState:
        """``state`` with the cards ``seat`` cannot see replaced by ``cards``, in the order of
        :meth:`hidden_cards` (same count)."""
        pool = list(cards)
        stock = tuple(pool[: len(state.stock)])
        del pool[: len(state.stock)]
        under = max(len(state.discards) - 1, 0)
        discards = (*pool[:under], *state.discards[-1:])
        del pool[:under]
        hands = []
        for other, hand in enumerate(state.hands):
            if other == seat:
                hands.append(hand)
                continue
            count = len(_unknown(state, other))
            hands.append(tuple(sorted((*_known(state, other), *pool[:count]))))
            del pool[:count]
        return _evolve(state, stock=stock, discards=discards, hands=tuple(hands))


_SETS: Final = frozenset({MeldKind.SET})
#: The rank of each card code (``None`` for the joker), without the property call.
_RANK: Final[tuple[Rank | None, ...]] = tuple(Card(code).rank for code in range(53))
#: The order in which new sets are listed: by rank, then by card codes.
_SET_ORDER: Final = operator.attrgetter("rank", "cards")
#: New sets by (context, first play, natural cards of one rank, wild cards): see _sets_of.
_SET_CACHE: dict[
    tuple[MeldContext, bool, tuple[Card, ...], tuple[Card, ...]], tuple[Meld, ...]
] = {}
_SET_CACHE_LIMIT: Final = 100_000


def _sets_of(
    context: MeldContext, first_play: bool, naturals: tuple[Card, ...], wilds: tuple[Card, ...]
) -> tuple[Meld, ...]:
    """The valid new sets of the rank of ``naturals`` (all of one rank; with no naturals,
    the sets of the wild rank) that use some of ``naturals`` and ``wilds``."""
    key = (context, first_play, naturals, wilds)
    found = _SET_CACHE.get(key)
    if found is None:
        rank = naturals[0].rank if naturals else wilds[0].rank
        melds = possible_melds((*naturals, *wilds), context, first_play=first_play, kinds=_SETS)
        found = tuple(meld for meld in melds if meld.rank is rank)
        if len(_SET_CACHE) >= _SET_CACHE_LIMIT:
            _SET_CACHE.clear()
        _SET_CACHE[key] = found
    return found


def _can_draw(state: FaceUpState) -> bool:
    """A card can be drawn: from the stock, or from the discard pile but its top card
    shuffled into a new stock (R56)."""
    return bool(state.stock) or len(state.discards) >= 2


def _refill(state: FaceUpState) -> FaceUpState:
    """``state`` with a stock to draw from: an empty stock is rebuilt from the discard pile
    but its top card, sorted and then shuffled by the seed, the deal and the number of
    rebuilds so far, as every game's reshuffle is (R56)."""
    if state.stock:
        return state
    pile = state.discards
    stock = shuffled(
        sorted(pile[:-1]), state.seed, state.deal_number, "reshuffle", state.reshuffles
    )
    return _evolve(state, stock=tuple(stock), discards=pile[-1:], reshuffles=state.reshuffles + 1)


def _ranks(table: Iterable[TableMeld], seat: int) -> tuple[set[Rank | None], set[Rank | None]]:
    """The ranks on ``seat``'s board and the ranks on the other boards."""
    own: set[Rank | None] = set()
    others: set[Rank | None] = set()
    for placed in table:
        (own if placed.owner == seat else others).add(placed.meld.rank)
    return own, others


def _giving_up(state: FaceUpState, seat: int, cards: Sequence[Card]) -> dict[str, Any]:
    """The ``hands`` and ``face_up`` fields after ``seat`` plays or discards ``cards``: once
    a card like the face-up one leaves, nobody can tell that the face-up card is still there."""
    hand = _remove(state.hands[seat], cards)
    assert hand is not None
    changes: dict[str, Any] = {"hands": _replace(state.hands, seat, hand)}
    if state.face_up[seat] in cards:
        changes["face_up"] = _replace(state.face_up, seat, None)
    return changes


def _known(state: FaceUpState, seat: int) -> tuple[Card, ...]:
    """The cards of ``seat``'s hand that every player knows are there (R57, R58)."""
    known = [] if state.face_up[seat] is None else [state.face_up[seat]]
    if seat == state.to_move and state.taken is not None:
        known.append(state.taken)
    return tuple(card for card in known if card is not None)


def _unknown(state: FaceUpState, seat: int) -> tuple[Card, ...]:
    rest = _remove(state.hands[seat], _known(state, seat))
    assert rest is not None
    return rest


def _shown(state: FaceUpState, seat: int) -> tuple[Card | Hidden, ...]:
    known = _known(state, seat)
    return (*known, *(HIDDEN,) * (len(state.hands[seat]) - len(known)))


def _malformed(move: object) -> str | None:
    """What is wrong with the fields of a hand-built move, if anything."""
    if isinstance(move, Discard | LayOff) and type(move.card) is not Card:
        return f"the card must be a Card (e.g. Card.parse('QH')), not {move.card!r}"
    if isinstance(move, LayOff) and type(move.target) is not int:
        return f"the target must be a table index (int), not {move.target!r}"
    if isinstance(move, LayMeld) and not isinstance(move.meld, Meld):
        return f"the meld must be a Meld (e.g. Meld.parse('set Q: QS QH QD')), not {move.meld!r}"
    return None


# -- the variant -------------------------------------------------------------------------------


def crazy_rummy_faceup(
    *,
    packs: int | None = None,
    deal_order: str = "by_player",
    set_copy_limit: bool = False,
    target: int = 1500,
    max_deals: int = 100,
    max_turns: int = 500,
) -> Variant:
    """Build Crazy Rummy with a face-up hand size with the given options (see the module
    documentation).

    >>> crazy_rummy_faceup(deal_order="dealer_first")
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: deal_order must be 'by_player' or ... (R51), not 'dealer_first'
    """
    if packs is not None:
        whole("packs", packs, 1)
    orders = [order.value for order in DealOrder]
    if deal_order not in orders:
        raise OptionError(
            f"deal_order must be {' or '.join(map(repr, orders))} (R51), not {deal_order!r}"
        )
    if not isinstance(set_copy_limit, bool):
        raise OptionError(f"set_copy_limit must be True or False (R61), not {set_copy_limit!r}")
    whole("target", target, 1)
    whole("max_deals", max_deals, 1)
    whole("max_turns", max_turns, 1)
    rules = FaceUpRules(
        deck_rule=FaceUpDeck(packs),
        dealing=FaceUpDeal(DealOrder(deal_order)),
        meld_rules=MeldRules(runs=False, set_max=None, set_copy_limit=set_copy_limit),
        wilds=WildRules.indicator(),
        target=target,
        max_deals=max_deals,
        max_turns=max_turns,
    )
    return Variant(
        id="crazy-rummy-faceup",
        name="Crazy Rummy (face-up hand size)",
        rules=rules,
        options={
            "packs": packs,
            "deal_order": deal_order,
            "set_copy_limit": set_copy_limit,
            "target": target,
            "max_deals": max_deals,
            "max_turns": max_turns,
        },
        min_players=2,
        max_players=8,
    )


# -- stacking the deck -------------------------------------------------------------------------


def _card_list(value: str | Card | Iterable[Card]) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, str):
        return list(parse_cards(value))
    return list(value)


def deck_order(
    game: Variant,
    *,
    dealer: int,
    face_up: Sequence[str | Card],
    face_down: Sequence[str | Iterable[Card]],
    upcard: str | Card | None = None,
    stock: str | Iterable[Card] = (),
    seed: int = 0,
) -> list[Card]:
    """The deck order (top first) that deals ``face_up[seat]`` face up and ``face_down[seat]``
    face down to each seat under the variant's deal order, then turns ``upcard`` and leaves
    ``stock`` on top of the stock (first listed, first drawn). ``face_up[dealer]`` is the
    indicator. Each seat needs :func:`hand_size` of its face-up card, less one, face-down
    cards. The other cards follow in an order shuffled by ``seed``; without ``upcard`` one
    of them is turned up.

    >>> game = crazy_rummy_faceup()
    >>> order = deck_order(game, dealer=1, face_up=["3S", "4D"], face_down=["5H 6H", "9S 8S 7C"],
    ...                    upcard="KD", stock="QC")
    >>> " ".join(map(str, order[:9]))
    '3S 5H 6H 4D 9S 8S 7C KD QC'
    """
    players = len(face_up)
    ups = [card if isinstance(card, Card) else Card.parse(card) for card in face_up]
    downs = [_card_list(cards) for cards in face_down]
    if len(downs) != players or not 0 <= dealer < players:
        raise OptionError(
            "give one face-up card and one face-down list per seat, and a dealer seat"
        )
    for seat, (up, down) in enumerate(zip(ups, downs, strict=True)):
        if len(down) != hand_size(up) - 1:
            raise OptionError(
                f"seat {seat}'s face-up {up} calls for {hand_size(up) - 1} face-down cards, "
                f"got {len(down)}"
            )
    rules = game.rules
    assert isinstance(rules, FaceUpRules)
    seats = [(dealer + step) % players for step in range(1, players + 1)]
    top: list[Card] = []
    if rules.dealing.order is DealOrder.BY_PLAYER:
        for seat in seats:
            top.extend((ups[seat], *downs[seat]))
    else:
        top.extend(ups[seat] for seat in seats)
        for index in range(max(len(down) for down in downs)):
            top.extend(downs[seat][index] for seat in seats if index < len(downs[seat]))
    turned = [] if upcard is None else _card_list(upcard)
    drawn = _card_list(stock)
    rest = Counter(game.deck(players).cards())
    rest.subtract([*top, *turned, *drawn])
    short = sorted(str(card) for card, n in rest.items() if n < 0)
    if short:
        raise OptionError(f"the {game.id} deck has too few of: {', '.join(short)}")
    others = shuffled(sorted(rest.elements()), seed, "stack")
    if not turned:
        turned = [others.pop()]
    return [*top, *turned, *drawn, *others]


def stacked_game(
    game: Variant,
    *,
    dealer: int,
    face_up: Sequence[str | Card],
    face_down: Sequence[str | Iterable[Card]],
    upcard: str | Card | None = None,
    stock: str | Iterable[Card] = (),
    seed: int = 0,
    scores: Iterable[int] | None = None,
    deal: int = 1,
) -> FaceUpState:
    """A game whose first deal is stacked by :func:`deck_order`.

    >>> game = crazy_rummy_faceup()
    >>> state = stacked_game(game, dealer=1, face_up=["3S", "4D"],
    ...                      face_down=["5H 6H", "9S 8S 7C"], upcard="KD", stock="QC")
    >>> [[str(c) for c in hand] for hand in state.hands], str(state.indicator)
    ([['3S', '5H', '6H'], ['8S', '9S', '7C']], '4D')
    >>> str(state.discards[-1]), str(state.stock[-1]), state.to_move
    ('KD', 'QC', 0)
    """
    order = deck_order(
        game,
        dealer=dealer,
        face_up=face_up,
        face_down=face_down,
        upcard=upcard,
        stock=stock,
        seed=seed,
    )
    state = game.new_game(
        players=len(face_up), seed=seed, deck=order, scores=scores, dealer=dealer, deal=deal
    )
    assert isinstance(state, FaceUpState)
    return state


register(
    "crazy-rummy-faceup",
    crazy_rummy_faceup,
    "Crazy Rummy, face-up hand size: 2-8 players, sets on own boards, bottom feeding, to 1500",
)
