"""What the solver's searches share: card codes, hands packed into integers, and the tables of
a variant.

A card is its code (0-51, the joker 52). A multiset of cards packs into an int with five bits
per code, so that "is this meld inside the hand" is one subtraction (:func:`_contains`). A
:class:`_Tables` holds, for one :class:`~rummykit.melds.MeldContext`, everything that depends
only on the variant (which positions a run may use in each suit, which meld sizes the wild
limit allows, which sets and runs a number of natural and wild cards can make) and the caches
every call shares. The searches (:mod:`~rummykit.solver.melds`,
:mod:`~rummykit.solver.contracts`, :mod:`~rummykit.solver.deadwood`) are functions of a
:class:`_Tables`; :meth:`_Tables.of` keeps one per context.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any, Final

from rummykit.cards import Card, Rank, Suit
from rummykit.errors import OptionError
from rummykit.melds import Meld, MeldContext, MeldKind, SetSuits

_JOKER: Final = 52
_CARD: Final = tuple(Card(code) for code in range(53))
_RANK: Final = (None, *Rank)
_SUIT: Final = tuple(Suit)
#: Rank (1-13) of each code, 0 for the joker.
_RANK_OF: Final = tuple(code % 13 + 1 if code < _JOKER else 0 for code in range(53))
#: Suit (0-3) of each code, -1 for the joker.
_SUIT_OF: Final = tuple(code // 13 if code < _JOKER else -1 for code in range(53))
#: Codes of each rank (index 1-13), one per suit.
_RANK_CODES: Final = tuple(
    tuple(suit * 13 + rank - 1 for suit in range(4)) if rank else () for rank in range(14)
)

# A hand packed into an int: five bits per card code, a count of up to 15 in the low four and a
# guard bit on top, so that "is this meld inside the hand" is one subtraction.
_BITS: Final = 5
_MAX_COPIES: Final = 15
_UNIT: Final = tuple(1 << (_BITS * code) for code in range(53))
_GUARD: Final = sum(16 << (_BITS * code) for code in range(53))
_KIND_INDEX: Final = {MeldKind.SET: 0, MeldKind.RUN: 1, MeldKind.QUARTET: 2}
_KIND_BY_INDEX: Final = (MeldKind.SET, MeldKind.RUN, MeldKind.QUARTET)
_ALL_KINDS: Final = frozenset(MeldKind)
_CACHE_LIMIT: Final = 200_000
_PARTS_LIMIT: Final = 50_000
_SOLVER_LIMIT: Final = 64

_Key = tuple[int, int, int, tuple[Card, ...]]
_Pair = tuple[Meld, int]


def _pack(codes: Iterable[int]) -> int:
    vec = 0
    for code in codes:
        vec += _UNIT[code]
    return vec


def _lowest(vec: int) -> int:
    return ((vec & -vec).bit_length() - 1) // _BITS


def _contains(hand: int, part: int) -> bool:
    return ((hand | _GUARD) - part) & _GUARD == _GUARD


def _sumset(first: int, second: int, capmask: int) -> int:
    """All sums of a bit of ``first`` and a bit of ``second``, as a bit mask, capped."""
    out = 0
    while first:
        low = first & -first
        out |= second << (low.bit_length() - 1)
        first ^= low
    return out & capmask


class _Hand:
    """A hand split for the kernel: counts per code, wild and natural codes."""

    __slots__ = (
        "by_rank",
        "by_suit",
        "cards",
        "counts",
        "groups",
        "naturals",
        "size",
        "vec",
        "wild_cards",
        "wild_key",
        "wilds",
    )

    def __init__(self, hand: Iterable[Card], mask: tuple[bool, ...]) -> None:
        cards = sorted(_CARD[c] for c in hand)
        counts = [0] * 53
        for card in cards:
            counts[card] += 1
        if cards and max(counts) > _MAX_COPIES:
            code = max(range(53), key=counts.__getitem__)
            raise OptionError(
                f"the solver handles at most {_MAX_COPIES} copies of a card, "
                f"got {counts[code]} x {_CARD[code]}"
            )
        self.cards: list[Card] = cards
        self.counts: list[int] = counts
        #: Cards per rank (index 1-13) and per suit, wild or not.
        self.by_rank = [0] * 14
        self.by_suit = [0] * 5
        for card in cards:
            self.by_rank[_RANK_OF[card]] += 1
            self.by_suit[_SUIT_OF[card]] += 1
        self.size = len(cards)
        self.vec = _pack(cards)
        #: Distinct wild codes, ascending.
        self.wilds: list[int] = sorted({c for c in cards if mask[c]})
        #: The wild cards, with repeats, ascending.
        self.wild_cards: list[Card] = [c for c in cards if mask[c]]
        #: Natural (non-wild) cards packed into an int.
        self.naturals = _pack(c for c in cards if not mask[c])
        #: The wild cards as a hashable key.
        self.wild_key = tuple(counts[c] * 64 + c for c in self.wilds)
        #: Sub-multisets of wild cards by size, per rank they must avoid (built on demand).
        self.groups: dict[int, list[list[tuple[Card, ...]]]] = {}


class _Tables:
    """The tables of one :class:`~rummykit.melds.MeldContext`: what depends only on the
    variant, built once, and the caches shared by every call. :class:`~rummykit.solver.Solver`
    and the module functions of the solver use :meth:`of`, which keeps one per context.
    """

    def __init__(self, ctx: MeldContext) -> None:
        self.ctx: Final = ctx
        rules, deck, wilds = ctx.rules, ctx.deck, ctx.wilds
        self._mask = wilds.mask
        self._limit = wilds.limit
        kinds = rules.kinds()
        self._has_sets = MeldKind.SET in kinds
        self._has_runs = MeldKind.RUN in kinds
        self._has_quartets = MeldKind.QUARTET in kinds
        self._set_min = rules.set_min
        self._run_min = rules.run_min
        self._run_max = rules.run_max
        self._lo, self._hi = rules.aces.positions
        self._distinct = rules.set_suits is SetSuits.DISTINCT
        self._excuse_set = wilds.wild_rank_sets_natural or wilds.in_place_is_natural
        self._excuse_run = wilds.in_place_is_natural
        self._copies = deck.counts
        big = 1 << 30
        smax = [0] * 14
        for rank in range(1, 14):
            of_rank = deck.copies_of_rank(Rank(rank))
            if of_rank == 0:
                continue
            most = big if rules.set_max is None else rules.set_max
            if rules.set_copy_limit:
                most = min(most, of_rank)
            if self._distinct:
                most = min(most, len(deck.suits))
            smax[rank] = most
        self._smax = tuple(smax)
        self._set_ranks = tuple(r for r in range(1, 14) if smax[r] >= self._set_min)
        # Runs: the code each position of each suit stands for, -1 where no run may go.
        reps: list[tuple[int, ...]] = []
        for suit in range(4):
            row = [-1] * 16
            for pos in range(self._lo, self._hi + 1):
                code = suit * 13 + (0 if pos == 14 else pos - 1)
                if deck.counts[code] > 0:
                    row[pos] = code
            reps.append(tuple(row))
        self._reps = tuple(reps)
        self._run_suits = tuple(s for s in range(4) if any(c >= 0 for c in reps[s]))
        self._positions = tuple(tuple(p for p in range(16) if reps[s][p] >= 0) for s in range(4))
        # room[s][p]: how many valid positions follow p without a gap; room_mask: as bits
        rooms = []
        for s in range(4):
            room = [0] * 17
            for p in range(self._hi - 1, -1, -1):
                if reps[s][p + 1] >= 0:
                    room[p] = room[p + 1] + 1
            rooms.append(tuple(room))
        self._room = tuple(rooms)
        self._room_mask = tuple(tuple((1 << r) - 1 for r in room) for room in rooms)
        shapes = [tuple(c >= 0 for c in row) for row in reps]
        self._suit_class = tuple(shapes.index(shape) for shape in shapes)
        # rel[code]: the fields of a packed hand that the templates of ``code`` look at.
        self._rel = tuple(
            _MAX_COPIES
            * _pack({*_RANK_CODES[_RANK_OF[c]], *range(_SUIT_OF[c] * 13, _SUIT_OF[c] * 13 + 13)})
            if c < _JOKER
            else 0
            for c in range(53)
        )
        self._rows: tuple[list[int], list[int]] = ([], [])
        self._ensure_rows(max(self._run_max, self._set_min, 8) + 1)
        self._melds: dict[_Key, _Pair] = {}
        self._parts: dict[tuple[object, ...], list[_Pair]] = {}
        self._grow_cache: dict[int, bool] = {}
        self._templates_cache: dict[tuple[int, int, int, int], tuple[tuple[int, int], ...]] = {}
        self._run_bits_cache: dict[tuple[int, int, int], int] = {}
        self._set_bits_cache: dict[tuple[int, int, int, int], int] = {}
        self._suit_cache: dict[tuple[object, ...], int] = {}
        self._allwild_cache: dict[tuple[int, int], int] = {}

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def of(cls, ctx: MeldContext) -> _Tables:
        """The shared tables of ``ctx`` (built on first use, kept for the most recent contexts).

        >>> from rummykit.melds import MeldContext
        >>> ctx = MeldContext()
        >>> _Tables.of(ctx) is _Tables.of(ctx)
        True
        """
        entry = _SOLVERS.get(id(ctx))
        if entry is not None and entry[0] is ctx:
            return entry[1]
        # an equal context built anew (say, once per move) shares the solver
        try:
            solver = _SOLVERS_BY_VALUE.get(ctx)
        except TypeError:  # a context holding an unhashable custom piece
            solver = None
        if solver is None:
            solver = cls(ctx)
            if len(_SOLVERS_BY_VALUE) >= _SOLVER_LIMIT:
                _SOLVERS_BY_VALUE.clear()
            with contextlib.suppress(TypeError):
                _SOLVERS_BY_VALUE[ctx] = solver
        if len(_SOLVERS) >= _SOLVER_LIMIT:
            _SOLVERS.clear()
        _SOLVERS[id(ctx)] = (ctx, solver)
        return solver

    def clear_caches(self) -> None:
        """Forget every cached piece of work (the tables of the variant stay)."""
        for cache in self._caches():
            cache.clear()

    def _caches(self) -> tuple[dict[Any, Any], ...]:
        return (
            self._melds,
            self._parts,
            self._grow_cache,
            self._templates_cache,
            self._run_bits_cache,
            self._set_bits_cache,
            self._suit_cache,
            self._allwild_cache,
        )

    def _ensure_rows(self, size: int) -> None:
        """Extend the wild-limit tables: ``rows[fp][n]`` has bit ``w`` set when a meld of ``n``
        cards with ``w`` wild cards passes the limit (``fp``: first play)."""
        for fp in (0, 1):
            rows = self._rows[fp]
            while len(rows) <= size:
                n = len(rows)
                bits = 0
                for w in range(n + 1):
                    verdict = self._limit.violation(
                        size=n, wilds=w, first_play=bool(fp), wild_added=False
                    )
                    if verdict is None:
                        bits |= 1 << w
                rows.append(bits)

    def _trim(self) -> None:
        for cache in self._caches():
            if len(cache) > _CACHE_LIMIT:
                cache.clear()
        if len(self._parts) > _PARTS_LIMIT:
            self._parts.clear()

    def _hand(self, hand: Iterable[Card]) -> _Hand:
        info = _Hand(hand, self._mask)
        self._ensure_rows(info.size + 1)
        self._trim()
        return info

    def _plain(self, info: _Hand) -> bool:
        """Whether the wild cards of the hand are interchangeable: no rule looks at which wild
        card stands where (see :mod:`rummykit.solver`)."""
        for code in info.wilds:
            if code == _JOKER:
                continue
            if self._has_quartets:
                return False
            if self._has_sets and (
                self._excuse_set or self._distinct or info.counts[code] > self._copies[code]
            ):
                return False
            if self._has_runs and self._excuse_run:
                return False
        return True

    # -- tables of the variant, filled on demand ------------------------------------------------

    def _meld(self, key: _Key) -> _Pair:
        found = self._melds.get(key)
        if found is None:
            kind, anchor, start, cards = key
            if kind == 1:
                meld = Meld(MeldKind.RUN, cards, suit=_SUIT[anchor], start=start)
            else:
                meld = Meld(_KIND_BY_INDEX[kind], cards, rank=_RANK[anchor])
            found = (meld, _pack(cards))
            self._melds[key] = found
        return found

    def _grow(self, key: int) -> bool:
        """Whether a run prefix can still become a valid run. ``key`` packs the prefix's
        cards ``n`` and wild count ``w`` (five bits each), the ``ahead`` mask of the next
        positions that a natural card can fill (14 bits), the ``wilds`` left to place and the
        ``room`` (positions left; five bits each), then a bit for first play."""
        found = self._grow_cache.get(key)
        if found is None:
            fp, room = key & 1, (key >> 1) & 31
            wilds, ahead = (key >> 6) & 31, (key >> 11) & 0x3FFF
            w, n = (key >> 25) & 31, key >> 30
            rows = self._rows[fp]
            found = False
            for e in range(1, room + 1):
                m = n + e
                if m > self._run_max:
                    break
                if m < self._run_min:
                    continue
                low_w = w + e - (ahead & ((1 << e) - 1)).bit_count()
                high_w = w + min(e, wilds)
                if low_w <= high_w and (rows[m] >> low_w) & ((1 << (high_w - low_w + 1)) - 1):
                    found = True
                    break
            self._grow_cache[key] = found
        return found

    def _set_bits(self, rank: int, m: int, cap: int, fp: int) -> int:
        """Bit ``j`` set when ``m`` naturals of ``rank`` and ``j`` wilds (``j <= cap``) form a
        valid set (interchangeable wilds)."""
        key = (rank, m, cap, fp)
        found = self._set_bits_cache.get(key)
        if found is None:
            rows = self._rows[fp]
            found = 0
            smax = self._smax[rank]
            for j in range(cap + 1):
                n = m + j
                if n > smax:
                    break
                if n >= self._set_min and n < len(rows) and (rows[n] >> j) & 1:
                    found |= 1 << j
            self._set_bits_cache[key] = found
        return found

    def _run_bits(self, suit: int, positions: int, fp: int) -> int:
        """Bit ``j`` set when the natural cards at ``positions`` (a bit mask) of ``suit`` and
        ``j`` wild cards form a valid run (interchangeable wilds)."""
        suit = self._suit_class[suit]
        key = (suit, positions, fp)
        found = self._run_bits_cache.get(key)
        if found is None:
            rows = self._rows[fp]
            reps = self._reps[suit]
            first = (positions & -positions).bit_length() - 1
            last = positions.bit_length() - 1
            m = positions.bit_count()
            found = 0
            for n in range(max(self._run_min, last - first + 1), self._run_max + 1):
                j = n - m
                if not (rows[n] >> j) & 1:
                    continue
                for a in range(max(self._lo, last - n + 1), min(first, self._hi - n + 1) + 1):
                    if all(reps[p] >= 0 for p in range(a, a + n)):
                        found |= 1 << j
                        break
            self._run_bits_cache[key] = found
        return found

    def _allwild_sizes(self, upto: int, fp: int) -> int:
        """Bit ``n`` set when ``n`` interchangeable wild cards alone form a valid meld."""
        key = (upto, fp)
        found = self._allwild_cache.get(key)
        if found is None:
            rows = self._rows[fp]
            found = 0
            for n in range(1, upto + 1):
                if not (rows[n] >> n) & 1:
                    continue
                if self._has_sets and any(
                    self._set_min <= n <= self._smax[r] for r in self._set_ranks
                ):
                    found |= 1 << n
                    continue
                if self._has_runs and self._run_min <= n <= self._run_max:
                    for suit in self._run_suits:
                        reps = self._reps[suit]
                        if any(
                            all(reps[p] >= 0 for p in range(a, a + n))
                            for a in range(self._lo, self._hi - n + 2)
                        ):
                            found |= 1 << n
                            break
            self._allwild_cache[key] = found
        return found


#: Tables by context identity (the fast path) and by context value.
_SOLVERS: dict[int, tuple[MeldContext, _Tables]] = {}
_SOLVERS_BY_VALUE: dict[MeldContext, _Tables] = {}
