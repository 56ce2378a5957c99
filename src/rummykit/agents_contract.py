"""How far a hand is from a contract: the estimate the greedy agent discards and takes by in
contract games (Contract Rummy, Crummy Rummy), so that it builds the melds the round asks
for instead of pairs it cannot use.

:func:`contract_shortfall` plans the contract from the hand: the sets from the ranks it holds
most of, the runs from the windows of consecutive positions in which it holds most natural
cards of a suit (distinct suits, or apart, as the contract says), and counts the cards still
missing after the wild cards fill what each meld's wild limit allows. With an ``all cards``
contract every card outside the plan is one more to get rid of. It is an estimate, not a
search: :func:`rummykit.solver.can_meet_contract` says exactly whether the cards suffice.

>>> from rummykit import parse_cards
>>> from rummykit.contracts import Contract
>>> from rummykit.melds import AceRule, MeldContext, MeldRules
>>> ctx = MeldContext(rules=MeldRules(run_min=4, aces=AceRule.HIGH))
>>> three_runs = Contract.parse("3 runs")
>>> contract_shortfall(parse_cards("4S 5S 6S 9H 10H JH 5D 6D 7D 8D KC KD KH"), three_runs, ctx)
2
>>> contract_shortfall(parse_cards("4S 5S 6S 7S 9H 10H JH QH 5D 6D 7D 8D KC"), three_runs, ctx)
0
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from rummykit._bounded import remember
from rummykit.cards import JOKER, Card
from rummykit.contracts import Contract, RunDistinctness
from rummykit.melds import Meld, MeldContext, MeldKind

__all__ = ["contract_shortfall", "lay_off_distance"]


@lru_cache(maxsize=256)
def _wild_room(ctx: MeldContext, size: int) -> int:
    """How many of a meld's ``size`` cards may be wild."""
    limit = ctx.wilds.limit
    room = 0
    while room < size and (
        limit.violation(size=size, wilds=room + 1, first_play=False, wild_added=False) is None
    ):
        room += 1
    return room


class _Spec:
    """What the planner reads of a contract and a meld context, read once per pair (and
    hashed by identity: :func:`_spec` hands out one object per pair it keeps)."""

    __slots__ = (
        "all_cards",
        "ctx",
        "high",
        "in_range",
        "low",
        "other_suit",
        "rooms",
        "runs",
        "set_min",
        "sets",
        "wild",
        "windows",
    )

    def __init__(self, contract: Contract, ctx: MeldContext) -> None:
        self.ctx = ctx
        self.wild = ctx.wilds.mask
        self.sets = sum(1 for r in contract.requirements if r.kind is not MeldKind.RUN)
        self.runs = tuple(
            max(ctx.rules.run_min, r.min_len or 0)
            for r in contract.requirements
            if r.kind is MeldKind.RUN
        )
        self.set_min = ctx.rules.set_min
        low, high = ctx.rules.aces.positions
        self.low, self.high = max(low, 1), high
        self.in_range = ((1 << (high + 1)) - 1) & ~((1 << self.low) - 1)
        self.other_suit = contract.run_distinctness is RunDistinctness.SUITS
        self.all_cards = contract.all_cards
        self.rooms = tuple(_wild_room(ctx, size) for size in range(_ROOMS))
        #: :func:`_best_window` by ``bits | blocked << 16 | length << 32`` (at most
        #: ``_WINDOWS``, then begun again)
        self.windows: dict[int, tuple[int, int]] = {}

    def room(self, size: int) -> int:
        """How many of a meld's ``size`` cards may be wild."""
        return self.rooms[size] if size < _ROOMS else _wild_room(self.ctx, size)


#: Meld sizes whose wild room a :class:`_Spec` holds (larger ones are asked of the limit).
_ROOMS: Final = 24
#: Best windows a :class:`_Spec` keeps (a contract's games use about a thousand; 64 specs
#: of 4,096 windows hold a few tens of megabytes at most).
_WINDOWS: Final = 1 << 12


@lru_cache(maxsize=64)
def _spec(contract: Contract, ctx: MeldContext) -> _Spec:
    return _Spec(contract, ctx)


def contract_shortfall(hand: Iterable[Card], contract: Contract, ctx: MeldContext) -> int:
    """An estimate of how many cards ``hand`` still needs to lay down ``contract``: 0 when
    the plan is complete (then the solver decides), more the further it is."""
    return _shortfall(tuple(sorted(hand)), _spec(contract, ctx))


#: Shortfall estimates kept (a bot weighs the same hands again and again: a discard's hand
#: is the next take's, and a search plays the same seat's hand in every sample).
_SHORTFALL_CACHE: int = 8192


@lru_cache(maxsize=_SHORTFALL_CACHE)
def _shortfall(cards: tuple[Card, ...], spec: _Spec) -> int:
    # the naturals as copies per card code (suit * 13 + rank - 1; the joker is 52)
    wild = spec.wild
    copies: dict[int, int] = {}
    wilds = 0
    for card in cards:
        if wild[card]:
            wilds += 1
        elif card != JOKER:
            copies[card] = copies.get(card, 0) + 1
    sets, runs = spec.sets, spec.runs
    best = -1
    for runs_first in (False, True) if sets and runs else (False,):
        left = copies.copy()
        if runs_first:
            needs = _plan_runs(left, spec)
            needs += _plan_sets(left, spec)
        else:
            needs = _plan_sets(left, spec)
            needs += _plan_runs(left, spec)
        missing = 0
        fillable = 0
        for n, room in needs:
            missing += n
            fillable += n if n < room else room
        filled = wilds if wilds < fillable else fillable
        missing -= filled
        if spec.all_cards:
            # every card outside the plan must go, one discard at a time: the naturals left
            # out, and the wilds beyond what the planned melds could take (no more wilds than
            # naturals in a meld under a half limit; the rooms say how many)
            missing += sum(left.values())
            spare = sum(room for _, room in needs) - fillable
            missing += max(0, wilds - filled - spare)
        if best < 0 or missing < best:
            best = missing
    return best


def _plan_sets(left: dict[int, int], spec: _Spec) -> list[tuple[int, int]]:
    """The sets of the plan from the ranks held most (the higher rank first among equals),
    one rank each, taking every copy of those ranks out of ``left`` (copies per card
    code)."""
    wanted = spec.sets
    if not wanted:
        return []
    held: dict[int, int] = {}  # copies per rank - 1 (ranks held only)
    for code, copies in left.items():
        r = code % 13
        held[r] = held.get(r, 0) + copies
    # most copies first, then the higher rank: (copies, rank - 1) packed in one int; ranks
    # not held (copies 0) come after every rank held, the higher first
    chosen = sorted([count << 4 | r for r, count in held.items()], reverse=True)[:wanted]
    r = 12
    while len(chosen) < wanted:
        if r not in held:
            chosen.append(r)
        r -= 1
    ranks = {key & 15 for key in chosen}
    for code in [code for code in left if code % 13 in ranks]:
        del left[code]
    least = spec.set_min
    needs = []
    for key in chosen:
        count = key >> 4
        size = least if least > count else count
        needs.append((size - count, spec.room(size)))
    return needs


def _plan_runs(left: dict[int, int], spec: _Spec) -> list[tuple[int, int]]:
    """The runs of the plan: for each requirement, the window of consecutive positions in
    which the hand holds most natural cards of one suit (the first suit, then the lowest
    window, among equals), windows apart as the contract asks (another suit each, or not
    touching); takes one copy of each card a run uses out of ``left``. Positions are bits
    of one int per suit (an Ace at 1 and at 14 where the runs allow, the second copy of an
    Ace usable at the other end)."""
    wanted = spec.runs
    if not wanted:
        return []
    low, high, in_range = spec.low, spec.high, spec.in_range
    ranks_held = [0, 0, 0, 0]  # per suit, bit r: rank r + 1
    for code in left:
        ranks_held[code // 13] |= 1 << code % 13
    held: dict[int, int] = {}  # suit -> positions held (suits holding none left out)
    for suit, ranks in enumerate(ranks_held):
        bits = (ranks << 1 | (ranks & 1) << 14) & in_range
        if bits:
            held[suit] = bits
    blocked: dict[int, int] = {}  # suit -> positions a new run may not use
    other_suit = spec.other_suit
    windows = spec.windows
    needs = []
    for length in wanted:
        count, suit, start = -1, -1, 0
        for s, bits in held.items():
            if other_suit and s in blocked:
                continue
            key = bits | blocked.get(s, 0) << 16 | length << 32
            best = windows.get(key)
            if best is None:
                best = _best_window(bits, key >> 16 & 0xFFFF, length, low, high)
                remember(windows, key, best, _WINDOWS)
            found, at = best
            if found > count:
                count, suit, start = found, s, at
        if suit < 0:
            needs.append((length, spec.room(length)))
            continue
        bits = held[suit]
        window = ((1 << length) - 1) << start
        # a window takes in the naturals right beside it
        while (window << 1) & bits & ~window & in_range:
            window |= window << 1 & bits
        while (window >> 1) & bits & ~window & in_range:
            window |= window >> 1 & bits
        hit = window & bits  # the positions of the cards the run takes, one copy each
        ranks = ((hit >> 1) | (hit >> 14)) & 0x1FFF
        base = suit * 13
        gone = 0  # the ranks whose last copy the run took
        while ranks:
            low_bit = ranks & -ranks
            code = base + low_bit.bit_length() - 1
            if left[code] == 1:
                del left[code]
                gone |= low_bit
            else:
                left[code] -= 1
            ranks ^= low_bit
        # a card fills one position only: an Ace's other end goes with it unless another copy
        # is left (two packs: A-2-3-4 and J-Q-K-A of one suit); runs of a suit do not touch
        held[suit] = bits & ~hit & ~_positions(gone)
        blocked[suit] = blocked.get(suit, 0) | window | window << 1 | window >> 1
        needs.append((length - min(length, count), spec.room(window.bit_count())))
    return needs


def _positions(ranks: int) -> int:
    """The run positions (bits 1-14) of a set of ranks (bit r: rank r + 1; the Ace at 1 and
    14)."""
    return ranks << 1 | (ranks & 1) << 14


def _best_window(bits: int, blocked: int, length: int, low: int, high: int) -> tuple[int, int]:
    """The most positions of ``bits`` in a window of ``length`` consecutive positions
    within ``low``-``high`` that avoids ``blocked``, and the lowest such window's start;
    ``(-1, 0)`` when every window touches ``blocked``."""
    best, where = -1, 0
    window = (1 << length) - 1 << low
    for start in range(low, high - length + 2):
        if not window & blocked:
            count = (bits & window).bit_count()
            if count > best:
                best, where = count, start
        window <<= 1
    return best, where


def lay_off_distance(card: Card, table: Iterable[Meld], ctx: MeldContext) -> int | None:
    """How many other cards must join a meld on the table before ``card`` can be laid off on
    it: 0 for a card of a set's rank or a run's next card (and for a wild card), 2 for the
    card two places beyond a run's end, ``None`` when no meld on the table can ever take it
    (a set already as large as the rules allow, ``set_max``, takes nothing more; nor does a
    run that a card beyond its end would make longer than ``run_max``). A player who has
    laid down the contract and may only lay off keeps the nearest cards.

    >>> from rummykit.melds import AceRule, MeldRules
    >>> ctx = MeldContext(rules=MeldRules(run_min=4, aces=AceRule.HIGH))
    >>> table = [Meld.parse("run 5H-8H: 5H 6H 7H 8H"), Meld.parse("set K: KS KD KC")]
    >>> [lay_off_distance(Card.parse(c), table, ctx) for c in ("9H", "JH", "KH", "3C")]
    [0, 2, 0, None]
    >>> full = [Meld.parse("set K: KS KD KC KH")]   # four of a kind where sets stop at 4
    >>> lay_off_distance(Card.parse("KH"), full, ctx)
    >>> lay_off_distance(Card.parse("KH"), full, MeldContext(rules=MeldRules(set_max=None)))
    0
    """
    set_max = ctx.rules.set_max
    if ctx.wilds.mask[card]:
        grows = (
            len(meld) < ctx.rules.run_max
            if meld.kind is MeldKind.RUN
            else set_max is None or len(meld) < set_max
            for meld in table
        )
        return 0 if any(grows) else None
    rank = card.rank
    if rank is None:
        return None
    low, high = ctx.rules.aces.positions
    spots = [p for p in ((1, 14) if rank == 1 else (int(rank),)) if low <= p <= high]
    best: int | None = None
    for meld in table:
        if meld.kind is MeldKind.RUN:
            if meld.suit is not card.suit:
                continue
            for pos in spots:
                if pos < meld.low:
                    gap = meld.low - pos - 1
                elif pos > meld.high:
                    gap = pos - meld.high - 1
                else:
                    continue
                if len(meld) + gap + 1 <= ctx.rules.run_max and (best is None or gap < best):
                    best = gap
        elif meld.rank is rank and (set_max is None or len(meld) < set_max):
            return 0
    return best
