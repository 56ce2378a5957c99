"""Crazy Rummy with a face-up hand size: section 3.6 of the rules reference, seed 004.

The game is a record of shared pieces (:class:`~rummykit.engine.rummy.RummyRules`), with
three pieces of its own: the deck without Twos (:class:`FaceUpDeck`), the face-up deal
(:class:`FaceUpDeal`) and board-minus-hand scoring (:class:`BoardScoring`). Boards of one's
own are the stock table piece :class:`~rummykit.pieces.table.OwnBoards`, R57 the stock
discard piece :class:`~rummykit.pieces.discard.TakenCardStays`.

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
>>> state.dealer, state.known, state.indicator
(0, ((), (Card('JD'),), (Card('9C'),)), Card('6H'))
>>> [len(hand) for hand in state.hands]          # the dealer holds 6 - 1 cards (R50)
[5, 10, 9]
>>> sorted(map(str, state.context.wilds.cards))  # the indicator's rank is wild
['6C', '6D', '6H', '6S']

Options (keyword-only; each default is the resolution of the rules reference named in brackets):

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
    (R56, ``DealEnd.SAFEGUARD``), after this many turns (default 1000). Taking the discard
    does not shrink the stock, so without it two players could pass cards back and forth
    for ever (R56a).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from rummykit.cards import Card, DeckSpec, Rank, parse_cards
from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.engine.rummy import RummyRules
from rummykit.engine.rummy_state import RummyState
from rummykit.errors import OptionError, shown
from rummykit.melds import MeldRules
from rummykit.pieces import (
    TAKEN_KNOWN,
    DealerLeftStarts,
    DealOutcome,
    Dealt,
    GoingOut,
    HighestToTarget,
    OwnBoards,
    Pickup,
    StockRule,
    TakenCardStays,
)
from rummykit.pieces.options import choice, whole
from rummykit.testing import stacking
from rummykit.wilds import WildRules

__all__ = [
    "BoardScoring",
    "DealOrder",
    "FaceUpDeal",
    "FaceUpDeck",
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
#: The most cards a face-up first card can give.
MOST: Final = HAND_SIZES[Rank.ACE]


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


# -- the pieces of this game -------------------------------------------------------------------


@attrs.frozen
class FaceUpDeck:
    """The deck: ``packs`` packs of 48 cards without Twos or jokers, or one pack per two
    players, rounded up, when ``packs`` is ``None`` (R59). A number of packs must hold the
    largest possible deal: eleven cards a player, the upcard and one card to draw.

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
        deck = DeckSpec.without_twos(packs=self.packs_for(players))
        needed = MOST * players + 2
        if deck.size < needed:
            raise OptionError(
                f"{players} players may need {needed} cards (eleven each, the upcard and one "
                f"to draw) but {deck.packs} pack(s) hold {deck.size}; use more packs (R59)"
            )
        return deck


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
    """A :class:`~rummykit.pieces.deal.DealRule`: every player's first card is dealt face
    up, and as many more cards as that card says (:func:`hand_size`), in the
    :class:`DealOrder`; the dealer's face-up card is the wild indicator and stays out of the
    dealer's hand (R50); then the upcard is turned.

    >>> dealt = FaceUpDeal().deal(parse_cards("3S 5H 6H 4D 9S 8S 7C KD"), number=1,
    ...                           players=2, dealer=1)
    >>> [[str(c) for c in hand] for hand in dealt.hands], dealt.face_up, dealt.indicator
    ([['5H', '6H', '3S'], ['9S', '8S', '7C']], (Card('3S'), None), Card('4D'))
    >>> FaceUpDeal().stack(dealt, number=1, dealer=1) == list(parse_cards("3S 5H 6H 4D 9S 8S 7C"))
    True
    """

    order: DealOrder = DealOrder.BY_PLAYER
    upcard: bool = attrs.field(default=True, init=False)
    redraw_wild_upcard: bool = attrs.field(default=False, init=False)
    first_player_draws: bool = attrs.field(default=True, init=False)

    def deal(self, cards: Sequence[Card], *, number: int, players: int, dealer: int) -> Dealt:
        seats = [(dealer + step) % players for step in range(1, players + 1)]
        hands: list[list[Card]] = [[] for _ in range(players)]
        face_up: list[Card | None] = [None] * players
        position = 0
        if self.order is DealOrder.BY_PLAYER:
            for seat in seats:
                up = cards[position]
                face_up[seat] = up
                owed = hand_size(up) - 1
                hands[seat].extend(cards[position + 1 : position + 1 + owed])
                position += 1 + owed
        else:
            for seat in seats:
                face_up[seat] = cards[position]
                position += 1
            still = {seat: hand_size(_card(face_up[seat])) - 1 for seat in seats}
            while any(still.values()):
                for seat in seats:
                    if still[seat]:
                        hands[seat].append(cards[position])
                        still[seat] -= 1
                        position += 1
        indicator = face_up[dealer]
        face_up[dealer] = None
        for seat in seats[:-1]:
            hands[seat].append(_card(face_up[seat]))
        return Dealt(hands=hands, used=position, face_up=face_up, indicator=indicator)

    def stack(self, dealt: Dealt, *, number: int, dealer: int) -> list[Card]:
        players = len(dealt.hands)
        seats = [(dealer + step) % players for step in range(1, players + 1)]
        if dealt.indicator is None or len(dealt.face_up) != players:
            raise OptionError("give every seat a face-up card and the dealer's indicator")
        ups: list[Card] = []
        downs: list[list[Card]] = []
        for seat in range(players):
            up = dealt.indicator if seat == dealer else dealt.face_up[seat]
            if up is None:
                raise OptionError(f"seat {seat} has no face-up first card")
            down = list(dealt.hands[seat])
            if seat != dealer:
                if up not in down:
                    raise OptionError(f"seat {seat}'s hand lacks its face-up card {up}")
                down.remove(up)
            if len(down) != hand_size(up) - 1:
                raise OptionError(
                    f"seat {seat}'s face-up {up} calls for {hand_size(up) - 1} face-down "
                    f"cards, got {len(down)}"
                )
            ups.append(up)
            downs.append(down)
        top: list[Card] = []
        if self.order is DealOrder.BY_PLAYER:
            for seat in seats:
                top.extend((ups[seat], *downs[seat]))
        else:
            top.extend(ups[seat] for seat in seats)
            for index in range(max(len(down) for down in downs)):
                top.extend(downs[seat][index] for seat in seats if index < len(downs[seat]))
        return top

    def most_cards(self, number: int, players: int) -> int:
        return MOST * players


def _card(card: Card | None) -> Card:
    assert card is not None
    return card


@attrs.frozen
class BoardScoring:
    """R55: at the end of a deal every player scores the cards on their board minus the
    cards in their hand, by :func:`card_points`; the indicator scores for nobody."""

    def deal_scores(self, outcome: DealOutcome) -> tuple[int, ...]:
        assert outcome.indicator is not None and outcome.indicator.rank is not None
        points = _POINTS[outcome.indicator.rank]
        totals = [-sum(points[card] for card in hand) for hand in outcome.hands]
        for placed in outcome.table:
            totals[placed.owner] += sum(points[card] for card in placed.meld.cards)
        return tuple(totals)


# -- the variant -------------------------------------------------------------------------------


def crazy_rummy_faceup(
    *,
    packs: int | None = None,
    deal_order: str = "by_player",
    set_copy_limit: bool = False,
    target: int = 1500,
    max_deals: int = 100,
    max_turns: int = 1000,
) -> Variant:
    """Build Crazy Rummy with a face-up hand size with the given options (see the module
    documentation).

    >>> crazy_rummy_faceup(deal_order="dealer_first")
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: deal_order must be 'by_player' or ... (see: rummykit rules R51)
    """
    if packs is not None:
        whole("packs", packs, 1)
    deal_order = choice("deal_order", deal_order, [order.value for order in DealOrder], " (R51)")
    if not isinstance(set_copy_limit, bool):
        raise OptionError(
            f"set_copy_limit must be True or False (R61), not {shown(set_copy_limit)}"
        )
    whole("target", target, 1)
    whole("max_deals", max_deals, 1)
    whole("max_turns", max_turns, 1)
    rules = RummyRules(
        deck_rule=FaceUpDeck(packs),  # 48-card packs, one per two players (R59)
        deal=FaceUpDeal(DealOrder(deal_order)),  # face-up first cards, indicator (R50, R51)
        # Sets only, three or more cards, no fixed maximum (R52); the copy limit (R61).
        meld_rules=MeldRules(runs=False, set_max=None, set_copy_limit=set_copy_limit),
        wilds=WildRules.indicator(),  # the indicator's rank; two naturals; first play (R52)
        table=OwnBoards(),  # boards of one's own, bottom feeding (R53, R54)
        pickup=Pickup.TOP,
        going_out=GoingOut.ANY,  # with or without a final discard (R60)
        discard_rule=TakenCardStays(),  # the taken card stays this turn (R57)
        visibility=TAKEN_KNOWN,  # face-up cards (R58) and taken cards stay known
        stock_rule=StockRule.RESHUFFLE_KEEP_TOP,  # the pile but its top card (R56)
        deal_scoring=BoardScoring(),  # board minus hand (R55)
        start_rule=DealerLeftStarts(),
        game_end=HighestToTarget(target),  # after the deal that reaches 1500 (R55)
        max_deals=max_deals,
        max_turns=max_turns,  # R56a
        max_reshuffles=max_turns,  # never binds: each rebuild needs a turn
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


def _hands(
    dealer: int, face_up: Sequence[str | Card], face_down: Sequence[str | Iterable[Card]]
) -> tuple[list[list[Card]], list[Card | None]]:
    """Each seat's hand (its face-down cards and, but for the dealer, its face-up card) and
    the face-up cards that are in hands."""
    if len(face_down) != len(face_up) or not 0 <= dealer < len(face_up):
        raise OptionError(
            "give one face-up card and one face-down list per seat, and a dealer seat"
        )
    ups = [card if isinstance(card, Card) else Card.parse(card) for card in face_up]
    downs = [list(parse_cards(d)) if isinstance(d, str) else list(d) for d in face_down]
    hands = [down if seat == dealer else [*down, ups[seat]] for seat, down in enumerate(downs)]
    return hands, [None if seat == dealer else up for seat, up in enumerate(ups)]


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
    cards. :func:`rummykit.testing.stacking.deal_order` with the face-up cards, run through
    the game's :class:`FaceUpDeal` backwards.

    >>> game = crazy_rummy_faceup()
    >>> order = deck_order(game, dealer=1, face_up=["3S", "4D"], face_down=["5H 6H", "9S 8S 7C"],
    ...                    upcard="KD", stock="QC")
    >>> " ".join(map(str, order[:9]))
    '3S 5H 6H 4D 9S 8S 7C KD QC'
    """
    hands, ups = _hands(dealer, face_up, face_down)
    return stacking.deal_order(
        game,
        hands=hands,
        dealer=dealer,
        upcard=upcard,
        stock=stock,
        seed=seed,
        face_up=ups,
        indicator=face_up[dealer],
    )


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
) -> RummyState:
    """A game whose first deal is stacked by :func:`deck_order`.

    >>> game = crazy_rummy_faceup()
    >>> state = stacked_game(game, dealer=1, face_up=["3S", "4D"],
    ...                      face_down=["5H 6H", "9S 8S 7C"], upcard="KD", stock="QC")
    >>> [[str(c) for c in hand] for hand in state.hands], str(state.indicator)
    ([['3S', '5H', '6H'], ['8S', '9S', '7C']], '4D')
    >>> str(state.discards[-1]), str(state.stock[-1]), state.to_move
    ('KD', 'QC', 0)
    """
    hands, ups = _hands(dealer, face_up, face_down)
    state = stacking.stacked_game(
        game,
        hands=hands,
        dealer=dealer,
        upcard=upcard,
        stock=stock,
        seed=seed,
        scores=scores,
        deal=deal,
        face_up=ups,
        indicator=face_up[dealer],
    )
    assert isinstance(state, RummyState)
    return state


register(
    "crazy-rummy-faceup",
    crazy_rummy_faceup,
    "Crazy Rummy, face-up hand size: 2-8 players, sets on own boards, bottom feeding, to 1500",
)
