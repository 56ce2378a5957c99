"""Hypothesis strategies for rummykit values: cards, decks, hands, meld contexts, melds and
reachable game states.

Use them to property-test your own variants and pieces. Every strategy is a plain function
with keyword-only options that returns a :class:`hypothesis.strategies.SearchStrategy`; values
shrink towards small, plain examples (one pack, short melds, few wild cards).

The meld strategy is *constructive*: :func:`melds` builds valid melds for a given
:class:`~rummykit.melds.MeldContext` directly (sets, runs and quartets, with wild cards placed
where the context allows them), so no example is thrown away:

>>> from hypothesis import given, settings
>>> from rummykit.testing.strategies import contexts_and_melds
>>> @settings(max_examples=25, deadline=None)
... @given(contexts_and_melds())
... def check(pair):
...     ctx, meld = pair
...     assert ctx.is_valid(meld)
>>> check()

:func:`states` plays a game from a seeded deal, mostly as the greedy agent would, so that
its examples reach melds on the table, knocks and later deals, not only opening positions.

This module needs hypothesis, a dev dependency of rummykit (see :mod:`rummykit.testing`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, Literal, NamedTuple, TypeAlias, TypeVar, get_args

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from rummykit.agents import GreedyAgent, choose_move
from rummykit.cards import Card, DeckSpec, Rank, Suit
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import Knock, LayMeld, LayOff, Move, Swap
from rummykit.engine.trick_moves import LayQuartet
from rummykit.melds import (
    AceRule,
    Meld,
    MeldContext,
    MeldKind,
    MeldRules,
    SetSuits,
    position_rank,
)
from rummykit.wilds import (
    AtMostHalf,
    DealInfo,
    DeucesAndJokersWild,
    FixedWild,
    IndicatorRankWild,
    JokersWild,
    MinNaturals,
    NoLimit,
    NoWilds,
    RisingRankWild,
    WildMovement,
    WildPolicy,
    WildRules,
)

__all__ = [
    "ALL_CARDS",
    "card_spellings",
    "card_texts",
    "cards",
    "contexts_and_melds",
    "deal_infos",
    "decks",
    "hands",
    "meld_contexts",
    "meld_rules",
    "meld_texts",
    "melds",
    "states",
    "wild_rules",
]

T = TypeVar("T")

#: Every distinct card: the 52 natural cards in code order, then the joker.
ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card(code) for code in range(53))

_NATURAL_CARDS: Final = ALL_CARDS[:52]


# --- small helpers --------------------------------------------------------------------------


def _pick(pool: Sequence[T], count: int) -> st.SearchStrategy[tuple[T, ...]]:
    """``count`` items of ``pool`` taken at distinct indices (a sub-multiset when ``pool``
    repeats items), in drawn order."""
    if count == 0:
        return st.just(())
    if not 0 < count <= len(pool):
        raise InvalidArgument(f"cannot pick {count} of {len(pool)} items")
    items = tuple(pool)
    return st.lists(
        st.integers(0, len(items) - 1), min_size=count, max_size=count, unique=True
    ).map(lambda indices: tuple(items[i] for i in indices))


def _distinct_cards(deck: DeckSpec) -> tuple[Card, ...]:
    return tuple(card for card in ALL_CARDS if deck.copies(card))


# --- cards and card texts -------------------------------------------------------------------


def cards(*, deck: DeckSpec | None = None) -> st.SearchStrategy[Card]:
    """Single cards: any of the 53 distinct cards (52 naturals and the joker), or, given a
    ``deck``, any card that deck holds.

    Shrinks towards the Ace of spades (code 0).
    """
    if deck is None:
        return st.sampled_from(ALL_CARDS)
    return st.sampled_from(_distinct_cards(deck))


_RANK_SPELLINGS: Final[dict[Rank, tuple[str, ...]]] = {
    rank: (rank.label, "T", "t")
    if rank is Rank.TEN
    else tuple(dict.fromkeys((rank.label, rank.label.lower())))
    for rank in Rank
}
_SUIT_SPELLINGS: Final[dict[Suit, tuple[str, ...]]] = {
    Suit.SPADES: ("S", "s", "♠", "♤"),
    Suit.HEARTS: ("H", "h", "♥", "♡"),
    Suit.DIAMONDS: ("D", "d", "♦", "♢"),
    Suit.CLUBS: ("C", "c", "♣", "♧"),
}
_JOKER_SPELLINGS: Final = ("JK", "jk", "Jk", "JOKER", "joker", "Joker")
_PADDING: Final = ("", " ", "  ", "\t")


def card_spellings(card: Card) -> st.SearchStrategy[str]:
    """Texts that :meth:`Card.parse <rummykit.cards.Card.parse>` reads as ``card``: rank then
    suit in any case, ``10`` or ``T`` for a ten, suit letters or symbols (filled or hollow),
    ``JK``/``JOKER`` for the joker, with optional surrounding whitespace.

    Shrinks towards ``str(card)``.
    """
    if card.is_joker:
        body: st.SearchStrategy[str] = st.sampled_from(_JOKER_SPELLINGS)
    else:
        rank, suit = card.rank, card.suit
        assert rank is not None and suit is not None
        body = st.tuples(
            st.sampled_from(_RANK_SPELLINGS[rank]), st.sampled_from(_SUIT_SPELLINGS[suit])
        ).map("".join)
    return st.tuples(st.sampled_from(_PADDING), body, st.sampled_from(_PADDING)).map("".join)


def card_texts(*, deck: DeckSpec | None = None) -> st.SearchStrategy[str]:
    """Texts that parse as a card (of ``deck``, if given), in all the spellings of
    :func:`card_spellings`."""
    return cards(deck=deck).flatmap(card_spellings)


# --- decks and hands ------------------------------------------------------------------------


def decks(
    *, max_packs: int = 3, jokers: bool = True, custom: bool = True
) -> st.SearchStrategy[DeckSpec]:
    """Valid deck specifications: standard packs (1 to ``max_packs``, 0-2 jokers per pack and
    0-2 extra jokers), packs without twos (seed 004), Parlett's 33- and 41-card Crummy packs
    and, with ``custom``, decks of any non-empty choice of ranks and suits.

    ``jokers=False`` leaves out every deck holding a joker (including the Crummy packs, whose
    Joker is a marker card). Shrinks towards one standard 52-card pack.
    """
    if max_packs < 1:
        raise InvalidArgument(f"max_packs must be at least 1, got {max_packs}")
    packs = st.integers(1, max_packs)
    joker_counts = st.integers(0, 2) if jokers else st.just(0)
    options: list[st.SearchStrategy[DeckSpec]] = [
        st.builds(
            DeckSpec.standard,
            packs=packs,
            jokers_per_pack=joker_counts,
            extra_jokers=joker_counts,
        ),
        st.builds(DeckSpec.without_twos, packs=packs),
    ]
    if jokers:
        options.append(st.builds(DeckSpec.crummy, players=st.integers(3, 5)))
    if custom:
        options.append(
            st.builds(
                DeckSpec,
                ranks=st.lists(st.sampled_from(tuple(Rank)), min_size=1, unique=True),
                suits=st.lists(st.sampled_from(tuple(Suit)), min_size=1, unique=True),
                packs=packs,
                jokers_per_pack=joker_counts,
                extra_jokers=joker_counts,
            )
        )
    return st.one_of(options)


def hands(
    *, deck: DeckSpec | None = None, min_size: int = 0, max_size: int | None = None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands: sub-multisets of ``deck`` (never more copies of a card than the deck holds),
    with ``min_size`` to ``max_size`` cards (default: up to the whole deck), in random order.

    Without a ``deck``, one is drawn from :func:`decks` (large enough for ``min_size``); draw
    the deck yourself when the test needs to know it::

        decks().flatmap(lambda deck: st.tuples(st.just(deck), hands(deck=deck)))
    """
    if min_size < 0:
        raise InvalidArgument(f"min_size must not be negative, got {min_size}")
    if max_size is not None and max_size < min_size:
        raise InvalidArgument(f"max_size {max_size} is below min_size {min_size}")
    if deck is None:
        return (
            decks()
            .filter(lambda d: d.size >= min_size)
            .flatmap(lambda d: _hands_of(d, min_size, max_size))
        )
    if deck.size < min_size:
        raise InvalidArgument(f"the deck holds {deck.size} cards, fewer than min_size {min_size}")
    return _hands_of(deck, min_size, max_size)


def _hands_of(
    deck: DeckSpec, min_size: int, max_size: int | None
) -> st.SearchStrategy[tuple[Card, ...]]:
    pool = deck.cards()
    top = len(pool) if max_size is None else min(max_size, len(pool))
    if top == 0:
        return st.just(())
    return st.lists(
        st.integers(0, len(pool) - 1), min_size=min_size, max_size=top, unique=True
    ).map(lambda indices: tuple(pool[i] for i in indices))


# --- rules, wild policies, deals, contexts --------------------------------------------------

_KIND_CHOICES: Final = (
    (True, True, False),
    (True, False, False),
    (False, True, False),
    (True, True, True),
    (False, False, True),
)


@st.composite
def _random_meld_rules(draw: st.DrawFn) -> MeldRules:
    sets, runs, quartets = draw(st.sampled_from(_KIND_CHOICES))
    set_min = draw(st.integers(2, 4))
    set_max = draw(st.none() | st.integers(set_min, set_min + 6))
    run_min = draw(st.integers(2, 5))
    run_max = draw(st.integers(run_min, 13))
    return MeldRules(
        sets=sets,
        runs=runs,
        quartets=quartets,
        set_min=set_min,
        set_max=set_max,
        set_suits=draw(st.sampled_from(tuple(SetSuits))),
        set_copy_limit=draw(st.booleans()),
        run_min=run_min,
        run_max=run_max,
        aces=draw(st.sampled_from(tuple(AceRule))),
    )


def meld_rules() -> st.SearchStrategy[MeldRules]:
    """Valid :class:`~rummykit.melds.MeldRules`: any mix of sets, runs and quartets, set
    lengths from 2 (with or without a maximum), run lengths 2 to 13, every Ace rule, suit
    rule and copy-limit setting. Shrinks towards ``MeldRules()`` (Crazy Rummy's rules).

    Runs are at least 2 cards long: a one-card run at the Ace-high position has the same text
    as one at the Ace-low position, so it could not round-trip through ``str``.
    """
    return st.one_of(st.just(MeldRules()), _random_meld_rules())


def wild_rules() -> st.SearchStrategy[WildRules]:
    """Wild policies: the presets of every seed game (no wilds, jokers, deuces and jokers,
    rising rank, indicator rank) and random compositions of the stock selectors
    (:class:`~rummykit.wilds.NoWilds`, ``JokersWild``, ``DeucesAndJokersWild``,
    ``RisingRankWild``, ``IndicatorRankWild``, ``FixedWild``), limits (``NoLimit``,
    ``AtMostHalf``, ``MinNaturals``), movement rules and the two natural-card flags.
    Shrinks towards no wild cards.
    """
    presets: st.SearchStrategy[WildRules] = st.one_of(
        st.just(WildRules.none()),
        st.builds(WildRules.jokers, movement=st.sampled_from(tuple(WildMovement))),
        st.builds(WildRules.deuces_and_jokers, only_jokers_move=st.booleans()),
        st.builds(WildRules.rising_rank, first=st.sampled_from(tuple(Rank))),
        st.builds(
            WildRules.indicator,
            min_naturals=st.integers(0, 3),
            first_play_exception=st.booleans(),
        ),
    )
    selectors = st.one_of(
        st.just(NoWilds()),
        st.just(JokersWild()),
        st.just(DeucesAndJokersWild()),
        st.builds(RisingRankWild, first=st.sampled_from(tuple(Rank)), also_jokers=st.booleans()),
        st.builds(IndicatorRankWild, also_jokers=st.booleans()),
        st.builds(FixedWild, cards=st.frozensets(cards(), max_size=4)),
    )
    limits = st.one_of(
        st.just(NoLimit()),
        st.just(AtMostHalf()),
        st.builds(
            MinNaturals,
            min_naturals=st.integers(0, 3),
            later_max_wilds=st.integers(0, 2),
            first_play_exception=st.booleans(),
        ),
    )
    composed = st.builds(
        WildRules,
        selector=selectors,
        limit=limits,
        movement=st.sampled_from(tuple(WildMovement)),
        in_place_is_natural=st.booleans(),
        wild_rank_sets_natural=st.booleans(),
    )
    return st.one_of(presets, composed)


def deal_infos(*, deck: DeckSpec | None = None) -> st.SearchStrategy[DealInfo]:
    """Deals: a deal number 1-13 and, half of the time, an indicator card (a natural card of
    ``deck`` if given), as a wild policy sees them."""
    naturals = _NATURAL_CARDS if deck is None else tuple(c for c in _NATURAL_CARDS if c in deck)
    return st.builds(
        DealInfo,
        number=st.integers(1, 13),
        indicator=st.none() | st.sampled_from(naturals),
    )


@st.composite
def _contexts(
    draw: st.DrawFn,
    deck: DeckSpec | None,
    rules: MeldRules | None,
    wilds: WildPolicy | None,
    deal: DealInfo | None,
) -> MeldContext:
    chosen_deck = deck if deck is not None else draw(decks())
    chosen_rules = rules if rules is not None else draw(meld_rules())
    policy: WildPolicy = wilds if wilds is not None else draw(wild_rules())
    chosen_deal = deal if deal is not None else draw(deal_infos(deck=chosen_deck))
    return MeldContext(rules=chosen_rules, deck=chosen_deck, wilds=policy.for_deal(chosen_deal))


def meld_contexts(
    *,
    deck: DeckSpec | None = None,
    rules: MeldRules | None = None,
    wilds: WildPolicy | None = None,
    deal: DealInfo | None = None,
    meldable: bool = True,
) -> st.SearchStrategy[MeldContext]:
    """Meld contexts: meld rules x deck x the wild cards of one deal. Each of ``deck``,
    ``rules``, ``wilds`` (any :class:`~rummykit.wilds.WildPolicy`) and ``deal`` is drawn
    (from :func:`decks`, :func:`meld_rules`, :func:`wild_rules`, :func:`deal_infos`) unless
    given.

    With ``meldable`` (the default) only contexts in which at least one meld exists are
    produced, so ``melds(ctx)`` is never empty; if you fix every part of a context that
    admits no meld, the strategy cannot produce anything.
    """
    strategy = _contexts(deck, rules, wilds, deal)
    if meldable:
        strategy = strategy.filter(lambda ctx: bool(_shapes(ctx, None, 0, None, False)))
    return strategy


# --- melds ----------------------------------------------------------------------------------


class _RunShape(NamedTuple):
    """A run's anchor and length, and what its wild cards can be."""

    suit: Suit
    start: int
    fixed: tuple[Card, ...]  # the natural card at each position
    forced: tuple[int, ...]  # positions whose natural card is itself a wild that counts
    wild_counts: tuple[int, ...]  # feasible numbers of cards counting as wild

    @property
    def size(self) -> int:
        return len(self.fixed)


class _GroupShape(NamedTuple):
    """A set's (or quartet's) rank and size, and the pools its cards come from."""

    kind: MeldKind
    rank: Rank
    size: int
    plain: tuple[Card, ...]  # natural cards of the rank that count as natural
    counted: tuple[Card, ...]  # natural cards of the rank that count as wild
    spare: tuple[Card, ...]  # wild cards of other ranks (and jokers)
    wild_counts: tuple[int, ...]


_Shape: TypeAlias = _RunShape | _GroupShape


def _wild_pool(ctx: MeldContext) -> Counter[Card]:
    mask = ctx.wilds.mask
    return Counter({card: ctx.deck.copies(card) for card in ALL_CARDS if mask[card]}) + Counter()


def _allowed_counter(ctx: MeldContext, first_play: bool) -> Callable[[int], tuple[int, ...]]:
    limit = ctx.wilds.limit
    cache: dict[int, tuple[int, ...]] = {}

    def allowed(size: int) -> tuple[int, ...]:
        if size not in cache:
            cache[size] = tuple(
                wilds
                for wilds in range(size + 1)
                if limit.violation(size=size, wilds=wilds, first_play=first_play, wild_added=False)
                is None
            )
        return cache[size]

    return allowed


def _run_shapes(
    ctx: MeldContext, low: int, high: int | None, first_play: bool
) -> Iterable[_RunShape]:
    rules, deck, mask = ctx.rules, ctx.deck, ctx.wilds.mask
    top = rules.run_max if high is None else min(rules.run_max, high)
    bottom = max(rules.run_min, low, 1)
    lowest, highest = rules.aces.positions
    pool = _wild_pool(ctx)
    pool_size = sum(pool.values())
    allowed = _allowed_counter(ctx, first_play)
    in_place_natural = ctx.wilds.in_place_is_natural
    for suit in deck.suits:
        for start in range(lowest, highest + 1):
            fixed: list[Card] = []
            for position in range(start, min(highest, start + top - 1) + 1):
                rank = position_rank(position)
                if rank not in deck.ranks:
                    break
                fixed.append(Card.of(rank, suit))
                size = len(fixed)
                if size < bottom:
                    continue
                forced = tuple(
                    i for i, card in enumerate(fixed) if mask[card] and not in_place_natural
                )
                spare = pool_size - sum(1 for card in fixed if mask[card])
                most = len(forced) + min(size - len(forced), spare)
                counts = tuple(w for w in allowed(size) if len(forced) <= w <= most)
                if counts:
                    yield _RunShape(suit, start, tuple(fixed), forced, counts)


def _group_shapes(
    ctx: MeldContext, kind: MeldKind, low: int, high: int | None, first_play: bool
) -> Iterable[_GroupShape]:
    rules, deck, wilds = ctx.rules, ctx.deck, ctx.wilds
    mask = wilds.mask
    distinct = rules.set_suits is SetSuits.DISTINCT or kind is MeldKind.QUARTET
    natural_counts = wilds.wild_rank_sets_natural or wilds.in_place_is_natural
    allowed = _allowed_counter(ctx, first_play)
    pool = _wild_pool(ctx)
    if kind is MeldKind.QUARTET and len(deck.suits) != 4:
        return
    for rank in deck.ranks:
        naturals = [Card.of(rank, suit) for suit in deck.suits]
        copies = {card: 1 if distinct else deck.copies(card) for card in naturals}
        plain = tuple(
            card
            for card in naturals
            if not mask[card] or natural_counts
            for _ in range(copies[card])
        )
        counted = tuple(
            card
            for card in naturals
            if mask[card] and not natural_counts
            for _ in range(copies[card])
        )
        if kind is MeldKind.QUARTET:
            spare: tuple[Card, ...] = ()
            sizes = range(4, 5) if low <= 4 and (high is None or high >= 4) else range(0)
        else:
            spare = tuple(sorted(c for c in pool.elements() if c.rank is not rank))
            top = len(plain) + len(counted) + len(spare)
            if rules.set_max is not None:
                top = min(top, rules.set_max)
            if rules.set_copy_limit:
                top = min(top, deck.copies_of_rank(rank))
            if rules.set_suits is SetSuits.DISTINCT:
                top = min(top, len(deck.suits))
            if high is not None:
                top = min(top, high)
            sizes = range(max(rules.set_min, low, 1), top + 1)
        for size in sizes:
            counts = tuple(
                w
                for w in allowed(size)
                if size - w <= len(plain) and w <= len(counted) + len(spare)
            )
            if kind is MeldKind.QUARTET:
                counts = tuple(w for w in counts if w == len(counted))
            if counts:
                yield _GroupShape(kind, rank, size, plain, counted, spare, counts)


_SHAPE_CACHE: dict[object, tuple[_Shape, ...]] = {}


def _shapes(
    ctx: MeldContext,
    kinds: frozenset[MeldKind] | None,
    low: int,
    high: int | None,
    first_play: bool,
) -> tuple[_Shape, ...]:
    """Every (anchor, size) at which ``ctx`` admits a meld, simplest first."""
    key = (ctx, kinds, low, high, first_play)
    cacheable = True
    try:
        return _SHAPE_CACHE[key]
    except TypeError:  # an unhashable user-defined piece: no caching
        cacheable = False
    except KeyError:
        pass
    allowed_kinds = set(ctx.rules.kinds())
    if kinds is not None:
        allowed_kinds &= kinds
    found: list[_Shape] = []
    for kind in (MeldKind.SET, MeldKind.QUARTET):
        if kind in allowed_kinds:
            found.extend(_group_shapes(ctx, kind, low, high, first_play))
    if MeldKind.RUN in allowed_kinds:
        found.extend(_run_shapes(ctx, low, high, first_play))
    found.sort(key=lambda shape: shape.size)
    shapes = tuple(found)
    if cacheable:
        if len(_SHAPE_CACHE) > 512:
            _SHAPE_CACHE.clear()
        _SHAPE_CACHE[key] = shapes
    return shapes


@st.composite
def _build_meld(
    draw: st.DrawFn, ctx: MeldContext, shapes: tuple[_Shape, ...], first_play: bool
) -> Meld:
    shape = draw(st.sampled_from(shapes))
    wilds = draw(st.sampled_from(shape.wild_counts))
    meld: Meld
    if isinstance(shape, _RunShape):
        built = list(shape.fixed)
        free = [i for i in range(shape.size) if i not in shape.forced]
        extra = wilds - len(shape.forced)
        spare = _wild_pool(ctx) - Counter(c for c in shape.fixed if ctx.wilds.mask[c])
        slots = draw(_pick(free, extra))
        substitutes = draw(_pick(tuple(sorted(spare.elements())), extra))
        for slot, card in zip(slots, substitutes, strict=True):
            built[slot] = card
        meld = Meld.run(built, suit=shape.suit, start=shape.start)
    else:
        counted = draw(
            st.integers(max(0, wilds - len(shape.spare)), min(len(shape.counted), wilds))
        )
        chosen = (
            draw(_pick(shape.plain, shape.size - wilds))
            + draw(_pick(shape.counted, counted))
            + draw(_pick(shape.spare, wilds - counted))
        )
        meld = Meld(shape.kind, chosen, rank=shape.rank)
    found = ctx.violation(meld, first_play=first_play)
    if found is not None:  # pragma: no cover - a bug in this module, not in the caller
        raise AssertionError(
            f"melds() built an invalid meld {meld} ({found.rule}: {found.message}) in {ctx!r}; "
            "please report this"
        )
    return meld


def melds(
    ctx: MeldContext,
    *,
    kinds: Iterable[MeldKind] | None = None,
    min_size: int = 0,
    max_size: int | None = None,
    first_play: bool = False,
) -> st.SearchStrategy[Meld]:
    """Valid melds for ``ctx``, built constructively: every value satisfies
    ``ctx.is_valid(meld, first_play=first_play)``.

    Sets, runs and quartets (as ``ctx.rules`` allows, narrowed by ``kinds``) with
    ``min_size`` to ``max_size`` cards; wild cards stand in wherever the deal's wild limit
    allows, including melds made only of wilds where the limit permits them (R17), and
    wild-rank cards in their own place. Physical cards never exceed the copies the deck holds.
    Works with any :class:`~rummykit.wilds.WildLimit` (its verdict is probed for each size).

    If ``ctx`` admits no meld within the bounds, the strategy is empty
    (``hypothesis.strategies.nothing()``); :func:`meld_contexts` avoids such contexts.
    """
    if min_size < 0:
        raise InvalidArgument(f"min_size must not be negative, got {min_size}")
    if max_size is not None and max_size < min_size:
        raise InvalidArgument(f"max_size {max_size} is below min_size {min_size}")
    wanted = None if kinds is None else frozenset(kinds)
    shapes = _shapes(ctx, wanted, min_size, max_size, first_play)
    if not shapes:
        return st.nothing()
    return _build_meld(ctx, shapes, first_play)


def contexts_and_melds(
    *,
    deck: DeckSpec | None = None,
    rules: MeldRules | None = None,
    wilds: WildPolicy | None = None,
    deal: DealInfo | None = None,
    first_play: bool = False,
) -> st.SearchStrategy[tuple[MeldContext, Meld]]:
    """Pairs ``(ctx, meld)``: a context from :func:`meld_contexts` (same options) and a valid
    meld of it from :func:`melds`."""
    return meld_contexts(deck=deck, rules=rules, wilds=wilds, deal=deal).flatmap(
        lambda ctx: st.tuples(st.just(ctx), melds(ctx, first_play=first_play))
    )


def _meld_spellings(meld: Meld) -> st.SearchStrategy[str]:
    canonical = str(meld)
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        low = Card.of(position_rank(meld.low), meld.suit)
        high = Card.of(position_rank(meld.high), meld.suit)
        anchor = f"{low:s}-{high:s}"
    else:
        anchor = meld.anchor_text()
    symbols = f"{meld.kind.value} {anchor}: {meld.format(symbols=True)}"
    commas = f"  {meld.kind.value.upper()}  {meld.anchor_text()} :{', '.join(map(str, meld))} "
    return st.sampled_from((canonical, canonical.lower(), symbols, commas))


def meld_texts(
    ctx: MeldContext | None = None, *, first_play: bool = False
) -> st.SearchStrategy[str]:
    """Texts that :meth:`Meld.parse <rummykit.melds.Meld.parse>` reads as a valid meld of
    ``ctx`` (drawn from :func:`meld_contexts` if not given): the canonical ``str(meld)``,
    lower case, suit symbols, or commas and extra spaces."""
    source = (
        contexts_and_melds(first_play=first_play).map(lambda pair: pair[1])
        if ctx is None
        else melds(ctx, first_play=first_play)
    )
    return source.flatmap(_meld_spellings)


# --- game states ----------------------------------------------------------------------------

#: How :func:`states` chooses each move.
Policy: TypeAlias = Literal["mixed", "greedy", "random"]

#: Moves that take a game forward: melds and lay-offs reach the table, knocks end a deal.
_PROGRESS: Final = (LayMeld, LayOff, Knock, Swap, LayQuartet)
#: The characters of the drawn plan that choose one move: a kind, then two for an index.
_STEP_CHARS: Final = 3
#: The plan's characters: code points 0 to 255.
_PLAN_ALPHABET: Final = st.characters(codec="latin-1")
#: The ``"mixed"`` policy's kinds of move: a kind below the first bound plays the greedy
#: agent's move (60%), below the second a melding, laying-off, swapping or knocking move
#: (20%), else any legal move (20%). Shrinking goes towards greedy moves.
_GREEDY_BELOW: Final = 154
_PROGRESS_BELOW: Final = 205


def _next_move(
    state: GameState, policy: Policy, step: str, agent: GreedyAgent, rng: random.Random
) -> Move:
    kind = 0 if policy == "greedy" else 255 if policy == "random" else ord(step[0])
    if kind < _GREEDY_BELOW:
        return choose_move(agent, state, rng)
    moves = list(state.legal_moves())
    if kind < _PROGRESS_BELOW:
        moves = [move for move in moves if isinstance(move, _PROGRESS)] or moves
    return moves[(ord(step[1]) << 8 | ord(step[2])) * len(moves) >> 16]


def _uniform(draw: st.DrawFn, top: int) -> int:
    """A number from 0 to ``top``, every one about as likely (``st.integers`` favours small
    ones, and most states of a game are deep in it); it shrinks towards 0 all the same."""
    return int.from_bytes(draw(st.binary(min_size=2, max_size=2))) * (top + 1) >> 16


@st.composite
def _played(
    draw: st.DrawFn, variant: Variant, players: int | None, max_steps: int, policy: Policy
) -> GameState:
    # Each of the choices below is drawn from a strategy of its own kind (a number of players
    # from a range, a seed, bytes, text): hypothesis tries copying a drawn value over another
    # of the same kind, and a seed copied over the number of moves would make it 0.
    count = (
        players
        if players is not None
        else draw(st.sampled_from(range(variant.min_players, variant.max_players + 1)))
    )
    seed = draw(st.integers(0, 2**32 - 1))
    # The choices of the moves are one string (at least as long as the moves need), so that
    # shrinking shortens the game and turns random moves into greedy ones without replaying
    # the game once for each move.
    steps = _uniform(draw, max_steps)
    plan = (
        ""
        if policy == "greedy"
        else draw(
            st.text(_PLAN_ALPHABET, min_size=_STEP_CHARS * steps, max_size=_STEP_CHARS * max_steps)
        )
    )
    state = variant.new_game(players=count, seed=seed)
    agent, rng = GreedyAgent(), random.Random(seed)  # the agent's generator breaks stalls
    for step in range(steps):
        if state.is_over:
            break
        at = step * _STEP_CHARS
        state = state.apply(_next_move(state, policy, plan[at : at + _STEP_CHARS], agent, rng))
    return state


def states(
    variant: Variant,
    *,
    players: int | None = None,
    max_steps: int = 400,
    policy: Policy = "mixed",
) -> st.SearchStrategy[GameState]:
    """Reachable states of ``variant``: a new game of ``players`` players (drawn if not
    given) from a drawn seed, then up to ``max_steps`` legal moves chosen by ``policy``:

    * ``"mixed"`` (the default): at each move, the
      :class:`~rummykit.agents.GreedyAgent`'s choice six times in ten, a move that melds,
      lays off, swaps or knocks (any of them) two times in ten, else any legal move; so
      examples reach tables full of melds, knocks, showdowns and later deals, and still
      visit positions that sensible play would not;
    * ``"greedy"``: the greedy agent's move every time (the deal seed and the number of
      moves are the only choices);
    * ``"random"``: any legal move, uniformly.

    The number of moves is drawn evenly from 0 to ``max_steps``, so most examples are deep
    in a game. Every choice is drawn through hypothesis: a failing example shrinks towards
    fewer moves and towards the greedy agent's moves, in a few dozen replays of the game.

    >>> from collections import Counter
    >>> import rummykit
    >>> from hypothesis import given, settings
    >>> gin = rummykit.variant("gin-rummy")
    >>> deck = Counter(gin.deck(2).cards())
    >>> @settings(max_examples=20, deadline=None)
    ... @given(states(gin, players=2))
    ... def check(state):
    ...     assert state.all_cards() == deck
    >>> check()
    """
    if policy not in get_args(Policy):
        raise InvalidArgument(
            f"policy must be one of {', '.join(map(repr, get_args(Policy)))}, not {policy!r}"
        )
    if max_steps < 0:
        raise InvalidArgument(f"max_steps must not be negative, got {max_steps}")
    if players is not None and not variant.min_players <= players <= variant.max_players:
        raise InvalidArgument(
            f"{variant.id} is for {variant.min_players}-{variant.max_players} players, "
            f"not {players}"
        )
    return _played(variant, players, max_steps, policy)
