"""Wild-card policies: which cards are wild in a deal, how many a meld may hold, and what
happens to a wild once it is on the table.

A policy is anything with a ``for_deal(deal)`` method returning :class:`DealWilds` (the
:class:`WildPolicy` protocol). The stock implementation, :class:`WildRules`, is composed of
two smaller pieces with protocols of their own, a :class:`WildSelector` (which cards) and a
:class:`WildLimit` (how many), plus a :class:`WildMovement` value (what may move). Presets
cover every seed game:

>>> from rummykit import Card
>>> from rummykit.wilds import DealInfo, WildRules
>>> crummy_rummy = WildRules.deuces_and_jokers()          # R28, R29, R30
>>> sorted(str(c) for c in crummy_rummy.for_deal(DealInfo(1)).cards)
['2C', '2D', '2H', '2S', 'JK']
>>> crazy = WildRules.rising_rank()                       # Crazy Rummy: A, 2, ..., K
>>> sorted(str(c) for c in crazy.for_deal(DealInfo(3)).cards)
['3C', '3D', '3H', '3S']
>>> faceup = WildRules.indicator()                        # seed 004: the dealer's card, R52
>>> Card.parse("9D") in faceup.for_deal(DealInfo(1, indicator=Card.parse("9S"))).cards
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

import attrs

from rummykit.cards import JOKER, Card, Rank, Suit
from rummykit.errors import OptionError, shown

__all__ = [
    "AtMostHalf",
    "DealInfo",
    "DealWilds",
    "DeucesAndJokersWild",
    "FixedWild",
    "IndicatorRankWild",
    "JokersWild",
    "MinNaturals",
    "NoLimit",
    "NoWilds",
    "RisingRankWild",
    "WildLimit",
    "WildMovement",
    "WildPolicy",
    "WildRules",
    "WildSelector",
]


@attrs.frozen
class DealInfo:
    """What a wild policy may look at: the deal (round) number, counted from 1, and the
    indicator card turned up for the deal, if the game has one (seed 004, R50)."""

    number: int = 1
    indicator: Card | None = None


class WildMovement(enum.Enum):
    """What may happen to a wild card once it lies in a meld on the table."""

    #: An opened player may swap in the natural card the wild stands for and take the wild
    #: into hand (Crazy Rummy, R20).
    RECLAIM_TO_HAND = "reclaim_to_hand"
    #: A natural card may replace a wild; the freed wild must be placed on the table again,
    #: in another meld or the same one at a new position (Crummy Rummy, R30).
    MOVE_ON_TABLE = "move_on_table"
    #: As ``MOVE_ON_TABLE`` but only jokers may move; a freed deuce stays in its meld (R30
    #: option ``only_jokers_move``).
    MOVE_ON_TABLE_JOKERS_ONLY = "move_on_table_jokers_only"
    #: Melds only grow; a wild keeps what it was declared as for the rest of the deal (R39).
    NEVER = "never"


@runtime_checkable
class WildSelector(Protocol):
    """Decides which cards are wild in a deal."""

    def wild_cards(self, deal: DealInfo) -> frozenset[Card]:
        """The wild cards of ``deal`` (every copy of a listed card is wild)."""
        ...


@runtime_checkable
class WildLimit(Protocol):
    """Decides how many wild cards a meld may hold.

    ``size`` counts every card of the meld after the move, ``wilds`` the cards acting as
    wild; ``first_play`` is true during the turn in which the player first puts cards on the
    table in this deal, ``wild_added`` when the move adds a wild to a meld already on the
    table. Returns ``None`` when allowed, else a short reason code (``"wild.half"``, ...).
    """

    def violation(
        self, *, size: int, wilds: int, first_play: bool, wild_added: bool
    ) -> str | None: ...


@runtime_checkable
class WildPolicy(Protocol):
    """The whole wild-card rule of a variant, bound to one deal by :meth:`for_deal`."""

    def for_deal(self, deal: DealInfo) -> DealWilds:
        """The wild cards and limits in force during ``deal``."""
        ...


def _frozen_cards(cards: Iterable[Card]) -> frozenset[Card]:
    return frozenset(cards)


# --- selectors ---------------------------------------------------------------------------


@attrs.frozen
class NoWilds:
    """No card is wild (Crummy)."""

    def wild_cards(self, deal: DealInfo) -> frozenset[Card]:
        return frozenset()


@attrs.frozen
class JokersWild:
    """Jokers are wild (Crib Rummy; the seven-round contract game)."""

    def wild_cards(self, deal: DealInfo) -> frozenset[Card]:
        return frozenset({JOKER})


@attrs.frozen
class FixedWild:
    """A fixed list of wild cards, the same every deal."""

    cards: frozenset[Card] = attrs.field(converter=_frozen_cards)

    def wild_cards(self, deal: DealInfo) -> frozenset[Card]:
        return self.cards


def _all_suits(rank: Rank) -> frozenset[Card]:
    return frozenset(Card.of(rank, suit) for suit in Suit)


@attrs.frozen
class DeucesAndJokersWild:
    """Every 2 and every joker is wild; a 2 stays wild even in its natural place (R29)."""

    def wild_cards(self, deal: DealInfo) -> frozenset[Card]:
        return _all_suits(Rank.TWO) | {JOKER}


@attrs.frozen
class RisingRankWild:
    """The wild rank rises with the deal: deal 1 Aces, deal 2 Twos, ..., deal 13 Kings
    (Crazy Rummy). ``first`` shifts the start; past the King it wraps to the Ace."""

    first: Rank = Rank.ACE
    also_jokers: bool = False

    def rank_for(self, deal: DealInfo) -> Rank:
        """The wild rank of ``deal``."""
        return Rank((self.first - 1 + deal.number - 1) % 13 + 1)

    def wild_cards(self, deal: DealInfo) -> frozenset[Card]:
        extra = frozenset({JOKER}) if self.also_jokers else frozenset()
        return _all_suits(self.rank_for(deal)) | extra


@attrs.frozen
class IndicatorRankWild:
    """Every card of the indicator card's rank is wild (seed 004: the dealer's face-up card)."""

    also_jokers: bool = False

    def wild_cards(self, deal: DealInfo) -> frozenset[Card]:
        extra = frozenset({JOKER}) if self.also_jokers else frozenset()
        if deal.indicator is None or deal.indicator.rank is None:
            return extra
        return _all_suits(deal.indicator.rank) | extra


# --- limits ------------------------------------------------------------------------------


@attrs.frozen
class NoLimit:
    """Any number of wilds, even a meld of wilds only (Crazy Rummy, R17)."""

    def violation(
        self, *, size: int, wilds: int, first_play: bool, wild_added: bool
    ) -> str | None:
        return None


@attrs.frozen
class AtMostHalf:
    """Wilds are at most half of every meld, at all times (Crummy Rummy, R28)."""

    def violation(
        self, *, size: int, wilds: int, first_play: bool, wild_added: bool
    ) -> str | None:
        return "wild.half" if 2 * wilds > size else None


@attrs.frozen
class MinNaturals:
    """Every meld needs ``min_naturals`` natural cards; outside the player's first play a new
    meld holds at most ``later_max_wilds`` wilds and no wild is added to a meld already on
    the table (seed 004, R52). On the first play (``first_play_exception``) any number of
    wilds may join each meld."""

    min_naturals: int = 2
    later_max_wilds: int = 1
    first_play_exception: bool = True

    def violation(
        self, *, size: int, wilds: int, first_play: bool, wild_added: bool
    ) -> str | None:
        if size - wilds < self.min_naturals:
            return "wild.min_naturals"
        if first_play and self.first_play_exception:
            return None
        if wild_added:
            return "wild.later_addition"
        if wilds > self.later_max_wilds:
            return "wild.later_count"
        return None


# --- the policy ----------------------------------------------------------------------------


@attrs.frozen
class DealWilds:
    """The wild rules in force during one deal: which cards, the limit, the movement rule.

    ``in_place_is_natural`` says whether a wild standing for itself (the 7H in 5H-6H-7H
    while Sevens are wild) counts as a natural card for the limit; by default it does not
    (R18, R29). ``wild_rank_sets_natural`` makes a set of the wild rank a natural set (R52).
    """

    cards: frozenset[Card] = attrs.field(converter=_frozen_cards, default=frozenset())
    limit: WildLimit = attrs.field(factory=NoLimit)
    movement: WildMovement = WildMovement.NEVER
    in_place_is_natural: bool = False
    wild_rank_sets_natural: bool = False
    _mask: tuple[bool, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_mask", tuple(Card(c) in self.cards for c in range(53)))

    @property
    def mask(self) -> tuple[bool, ...]:
        """``mask[code]`` is true when the card with that code is wild (fast lookup)."""
        return self._mask

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is wild in this deal."""
        return self._mask[card]


@attrs.frozen
class WildRules:
    """The stock :class:`WildPolicy`: a selector, a limit and a movement rule.

    >>> rules = WildRules.deuces_and_jokers()
    >>> rules.for_deal(DealInfo(1)).limit.violation(
    ...     size=3, wilds=2, first_play=False, wild_added=False)
    'wild.half'
    """

    selector: WildSelector = attrs.field(factory=NoWilds)
    limit: WildLimit = attrs.field(factory=NoLimit)
    movement: WildMovement = WildMovement.NEVER
    in_place_is_natural: bool = False
    wild_rank_sets_natural: bool = False

    def for_deal(self, deal: DealInfo) -> DealWilds:
        return DealWilds(
            cards=self.selector.wild_cards(deal),
            limit=self.limit,
            movement=self.movement,
            in_place_is_natural=self.in_place_is_natural,
            wild_rank_sets_natural=self.wild_rank_sets_natural,
        )

    @classmethod
    def none(cls) -> WildRules:
        """No wild cards (Crummy)."""
        return cls()

    @classmethod
    def jokers(cls, *, movement: WildMovement = WildMovement.NEVER) -> WildRules:
        """Jokers wild, any number per meld, never moved (Crib Rummy, R39; the seven-round
        contract game too, since its sources say nothing about replacing them)."""
        return cls(selector=JokersWild(), movement=movement)

    @classmethod
    def deuces_and_jokers(cls, *, only_jokers_move: bool = False) -> WildRules:
        """Crummy Rummy: 2s and jokers wild (R29), at most half of a meld (R28), a freed wild
        stays on the table (R30; ``only_jokers_move`` keeps freed 2s in their meld)."""
        movement = (
            WildMovement.MOVE_ON_TABLE_JOKERS_ONLY
            if only_jokers_move
            else WildMovement.MOVE_ON_TABLE
        )
        return cls(selector=DeucesAndJokersWild(), limit=AtMostHalf(), movement=movement)

    @classmethod
    def rising_rank(cls, *, first: Rank = Rank.ACE) -> WildRules:
        """Crazy Rummy: the wild rank is the deal number (R17 no limit, R20 reclaim to hand)."""
        return cls(selector=RisingRankWild(first=first), movement=WildMovement.RECLAIM_TO_HAND)

    @classmethod
    def indicator(cls, *, min_naturals: int = 2, first_play_exception: bool = True) -> WildRules:
        """Seed 004: the indicator's rank is wild; two naturals per set, the first-play
        exception, a set of the wild rank is natural, never reclaimed (R50, R52)."""
        if min_naturals < 0:
            raise OptionError(f"min_naturals must not be negative, got {shown(min_naturals)}")
        return cls(
            selector=IndicatorRankWild(),
            limit=MinNaturals(
                min_naturals=min_naturals, first_play_exception=first_play_exception
            ),
            wild_rank_sets_natural=True,
        )
