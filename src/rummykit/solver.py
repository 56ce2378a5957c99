"""Arrangement search: the melds a hand can form, whether it can still meet a contract, and
how to lay it out with the least deadwood (or the best score).

>>> from rummykit import parse_cards
>>> from rummykit.melds import MeldContext
>>> from rummykit.solver import best_arrangement, min_deadwood, possible_melds
>>> ctx = MeldContext()                        # Crazy Rummy rules, no wild cards
>>> hand = parse_cards("4S 5S 6S 6H 6D KC")
>>> [str(m) for m in possible_melds(hand, ctx)]
['set 6: 6S 6H 6D', 'run 4S-6S: 4S 5S 6S']
>>> pips = lambda card: int(card.rank)         # the 6S joins the set or the run, not both
>>> min_deadwood(hand, ctx, value=pips)          # 4S 5S KC left (the run would leave 25)
22
>>> best_arrangement(hand, ctx, value=pips).deadwood
(Card('4S'), Card('5S'), Card('KC'))

Every function takes the :class:`~rummykit.melds.MeldContext` that judges melds, and every
answer agrees with :meth:`MeldContext.violation <rummykit.melds.MeldContext.violation>`: the
solver precomputes, per context, what depends only on the variant (a :class:`Solver`), and
works inside on card codes and hands packed into integers.

How the searches work:

* :func:`possible_melds` enumerates sets rank by rank (sub-multisets of the cards of that rank
  and the wild cards) and runs suit by suit (a depth-first walk from every start position in
  which each position takes its natural card or one of the distinct wild cards), so every
  distinct meld is produced exactly once.
* :func:`min_deadwood` branches on the lowest natural card of what is left: it is deadwood, or
  it lies in a meld *template* (natural cards plus a number of wild cards). Wild cards are
  counted, not named, when their identity cannot matter; the wilds a solution melds are then
  the most valuable ones. The search is memoised on (natural cards left, wilds left). When a
  wild's identity can matter (a set of the wild rank under R52, ``in_place_is_natural``,
  distinct-suit sets) the search runs over concrete melds instead.
* :func:`can_meet_contract` chooses the contract's sets, then solves the runs suit by suit
  (runs in one suit cannot share cards with runs in another), combining the numbers of wild
  cards each part needs.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

import attrs

from rummykit.cards import Card, Rank, Suit
from rummykit.contracts import Contract, Requirement, RunDistinctness
from rummykit.errors import OptionError
from rummykit.melds import Meld, MeldContext, MeldKind, SetSuits

__all__ = [
    "Arrangement",
    "Solver",
    "best_arrangement",
    "can_meet_contract",
    "contract_ways",
    "meld_sort_key",
    "min_deadwood",
    "possible_melds",
]

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


def meld_sort_key(meld: Meld) -> tuple[int, int, int, tuple[int, ...]]:
    """The order in which the solver lists melds: sets, then runs, then quartets; sets and
    quartets by rank, runs by suit then start position; then by the card codes in meld order.

    >>> from rummykit.melds import Meld
    >>> melds = [Meld.parse("run 4S-6S: 4S 5S 6S"), Meld.parse("set 6: 6S 6H 6D")]
    >>> [str(m) for m in sorted(melds, key=meld_sort_key)]
    ['set 6: 6S 6H 6D', 'run 4S-6S: 4S 5S 6S']
    """
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        anchor = int(meld.suit)
    else:
        assert meld.rank is not None
        anchor = int(meld.rank)
    return (_KIND_INDEX[meld.kind], anchor, meld.start, tuple(int(c) for c in meld.cards))


@attrs.frozen
class Arrangement:
    """A way to lay out a hand: disjoint valid melds, the cards left over, and the score
    ``sum(meld_value(m) for m in melds) - sum(value(c) for c in deadwood)``.

    >>> from rummykit import parse_cards
    >>> from rummykit.melds import MeldContext
    >>> best = best_arrangement(parse_cards("7H 8H 9H 2C"), MeldContext(), value=lambda c: 2)
    >>> [str(m) for m in best.melds], best.deadwood, best.score
    (['run 7H-9H: 7H 8H 9H'], (Card('2C'),), -2)
    """

    #: The melds, in :func:`meld_sort_key` order.
    melds: tuple[Meld, ...]
    #: The unmelded cards, sorted by code.
    deadwood: tuple[Card, ...]
    #: Total meld value minus total deadwood value.
    score: int


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


class Solver:
    """The solver for one :class:`~rummykit.melds.MeldContext`: tables that depend only on the
    variant, built once, and caches shared by every call. The module functions use
    :meth:`of`, which keeps one solver per context.

    >>> from rummykit import parse_cards
    >>> from rummykit.contracts import Contract
    >>> from rummykit.melds import MeldContext
    >>> solver = Solver.of(MeldContext())
    >>> hand = parse_cards("4S 5S 6S 6H 6D 6C")
    >>> len(solver.possible_melds(hand)), solver.min_deadwood(hand, value=lambda c: 1)
    (6, 0)
    >>> solver.can_meet_contract(hand, Contract.parse("1 run + 1 set"))
    True
    >>> for way in solver.contract_ways(hand, Contract.parse("1 run + 1 set")):
    ...     print([str(m) for m in way])
    ['set 6: 6H 6D 6C', 'run 4S-6S: 4S 5S 6S']
    >>> solver.best_arrangement(hand, value=lambda c: 1).score
    0
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
    def of(cls, ctx: MeldContext) -> Solver:
        """The shared solver of ``ctx`` (built on first use, kept for the most recent contexts).

        >>> from rummykit.melds import MeldContext
        >>> ctx = MeldContext()
        >>> Solver.of(ctx) is Solver.of(ctx)
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
        """Forget every cached piece of work (the tables of the variant stay).

        >>> from rummykit.melds import MeldContext
        >>> Solver.of(MeldContext()).clear_caches()
        """
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
        card stands where (see the module notes)."""
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

    # -- enumerating melds ---------------------------------------------------------------------

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

    def _generate(
        self, info: _Hand, fp: int, kinds: frozenset[MeldKind] = _ALL_KINDS
    ) -> list[_Pair]:
        out: list[_Pair] = []
        wilds = len(info.wild_cards)
        if self._has_sets and MeldKind.SET in kinds:
            by_rank, least = info.by_rank, self._set_min - wilds
            for rank in self._set_ranks:
                if by_rank[rank] >= least:
                    out.extend(self._gen_sets(info, fp, rank))
        if self._has_runs and MeldKind.RUN in kinds:
            by_suit, least = info.by_suit, self._run_min - wilds
            for suit in self._run_suits:
                if by_suit[suit] >= least:
                    out.extend(self._gen_runs(info, fp, suit))
        if self._has_quartets and MeldKind.QUARTET in kinds:
            self._gen_quartets(info, fp, out)
        return out

    def _wild_groups(self, info: _Hand, rank: int) -> list[list[tuple[Card, ...]]]:
        """Sub-multisets of the wild cards not of ``rank``, by size, each sorted."""
        found = info.groups.get(rank)
        if found is None:
            items = [c for c in info.wilds if _RANK_OF[c] != rank]
            groups: list[list[tuple[Card, ...]]] = [
                [] for _ in range(sum(info.counts[c] for c in items) + 1)
            ]
            for takes in itertools.product(*(range(info.counts[c] + 1) for c in items)):
                cards = tuple(
                    _CARD[c] for c, t in zip(items, takes, strict=True) for _ in range(t)
                )
                groups[len(cards)].append(cards)
            for group in groups:
                group.sort()
            info.groups[rank] = groups
            found = groups
        return found

    def _gen_sets(self, info: _Hand, fp: int, rank: int) -> list[_Pair]:
        """The sets of ``rank``: natural part (cards of the rank), then wild cards."""
        counts, mask = info.counts, self._mask
        codes = _RANK_CODES[rank]
        key = (0, rank, fp, info.wild_key, tuple(counts[c] for c in codes))
        found = self._parts.get(key)
        if found is not None:
            return found
        rows = self._rows[fp]
        set_min, smax = self._set_min, self._smax[rank]
        groups = self._wild_groups(info, rank)
        most_wilds = len(groups) - 1
        ranges = []
        for code in codes:
            usable = min(counts[code], self._copies[code])
            if self._distinct:
                usable = min(usable, 1)
            ranges.append(range(usable + 1))
        sets: list[tuple[Card, ...]] = []
        for takes in itertools.product(*ranges):
            n0 = sum(takes)
            if n0 > smax or n0 + most_wilds < set_min:
                continue
            w0 = 0
            natural: list[Card] = []
            for code, t in zip(codes, takes, strict=True):
                if t:
                    natural.extend([_CARD[code]] * t)
                    if mask[code] and not self._excuse_set:
                        w0 += t
            head = tuple(natural)
            for u in range(max(0, set_min - n0), min(most_wilds, smax - n0) + 1):
                if (rows[n0 + u] >> (w0 + u)) & 1:
                    sets.extend(head + tail for tail in groups[u])
        sets.sort()
        meld = self._meld
        found = [meld((0, rank, 0, cards)) for cards in sets]
        self._parts[key] = found
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

    def _gen_runs(self, info: _Hand, fp: int, suit: int) -> list[_Pair]:
        """The runs of ``suit``, in :func:`meld_sort_key` order: a depth-first walk from each
        start position; each position takes its natural card or one of the distinct wilds.

        Positions are bits: ``natural`` marks the positions whose natural card is held (a run
        holds each position once, and never both Ace positions as ``run_max <= 13``)."""
        counts, mask = info.counts, self._mask
        reps = self._reps[suit]
        natural = 0
        for pos in self._positions[suit]:
            code = reps[pos]
            if counts[code] and not mask[code]:
                natural |= 1 << pos
        key = (1, suit, fp, info.wild_key, natural)
        found = self._parts.get(key)
        if found is not None:
            return found
        out: list[_Pair] = []
        self._parts[key] = out
        run_min, run_max, hi = self._run_min, self._run_max, self._hi
        wild_codes = info.wilds
        wilds_total = len(info.wild_cards)
        if not wilds_total and natural.bit_count() < run_min:
            return out
        rows = self._rows[fp]
        meld = self._meld
        if not wilds_total:
            # natural cards only: every window of consecutive naturals
            if rows[run_min] & 1:
                for a in range(self._lo, hi + 1):
                    b = a
                    while b <= hi and (natural >> b) & 1 and b - a < run_max:
                        b += 1
                        if b - a >= run_min and (rows[b - a] & 1):
                            cards = tuple(_CARD[reps[p]] for p in range(a, b))
                            out.append(meld((1, suit, a, cards)))
            return out
        excuse = self._excuse_run
        # free: positions a card can fill without counting as wild (a natural, or with
        # in_place_is_natural a wild card in its own place); room[p]: valid positions after p
        free = natural
        if excuse:
            for code in wild_codes:
                if _SUIT_OF[code] == suit:
                    for pos in (1, 14) if _RANK_OF[code] == 1 else (_RANK_OF[code],):
                        if reps[pos] == code:
                            free |= 1 << pos
        room, room_mask = self._room[suit], self._room_mask[suit]
        wild_left = [counts[c] for c in wild_codes]
        plain = [(code, i) for i, code in enumerate(wild_codes)]
        options_of = [
            sorted([*plain, (reps[p], -1)]) if (natural >> p) & 1 else plain for p in range(hi + 1)
        ]
        chosen: list[Card] = []
        grow_ok = self._grow

        def walk(start: int, pos: int, n: int, w: int, wilds: int) -> None:
            rep = reps[pos]
            nxt = pos + 1
            n1 = n + 1
            may_grow = n1 < run_max and room[pos] > 0
            ahead = ((free >> nxt) & room_mask[pos]) << 5
            for code, i in options_of[pos]:
                if i < 0:
                    w2, wl = w, wilds
                else:
                    if not wild_left[i]:
                        continue
                    w2, wl = w + (0 if excuse and code == rep else 1), wilds - 1
                    wild_left[i] -= 1
                chosen.append(_CARD[code])
                if n1 >= run_min and (rows[n1] >> w2) & 1:
                    out.append(meld((1, suit, start, tuple(chosen))))
                if may_grow and grow_ok(
                    ((n1 << 5 | w2) << 19 | ahead | (wl if wl < 31 else 31)) << 6
                    | room[pos] << 1
                    | fp
                ):
                    walk(start, nxt, n1, w2, wl)
                chosen.pop()
                if i >= 0:
                    wild_left[i] += 1

        window = (1 << run_max) - 1
        for start in range(self._lo, hi + 1):
            if reps[start] < 0 or room[start] + 1 < run_min:
                continue
            ahead = (free >> start) & room_mask[start - 1]
            if not grow_ok((ahead << 5 | min(wilds_total, 31)) << 6 | (room[start] + 1) << 1 | fp):
                continue  # (n = w = 0)
            # the runs from one start depend only on the naturals they can reach
            start_key = (2, suit, start, fp, info.wild_key, (natural >> start) & window)
            runs = self._parts.get(start_key)
            if runs is None:
                mark = len(out)
                walk(start, start, 0, 0, wilds_total)
                self._parts[start_key] = out[mark:]
            else:
                out.extend(runs)
        return out

    def _gen_quartets(self, info: _Hand, fp: int, out: list[_Pair]) -> None:
        rows = self._rows[fp]
        for rank in range(1, 14):
            codes = _RANK_CODES[rank]
            if not all(info.counts[c] and self._copies[c] for c in codes):
                continue
            wild = sum(1 for c in codes if self._mask[c] and not self._excuse_set)
            if (rows[4] >> wild) & 1:
                out.append(self._meld((2, rank, 0, tuple(_CARD[c] for c in codes))))

    def possible_melds(
        self,
        hand: Iterable[Card],
        *,
        first_play: bool = False,
        kinds: Iterable[MeldKind] | None = None,
    ) -> tuple[Meld, ...]:
        """See :func:`possible_melds`.

        >>> from rummykit import parse_cards
        >>> from rummykit.melds import MeldContext
        >>> [str(m) for m in Solver.of(MeldContext()).possible_melds(parse_cards("AS 2S 3S"))]
        ['run AS-3S: AS 2S 3S']
        """
        info = self._hand(hand)
        wanted = _ALL_KINDS if kinds is None else frozenset(kinds)
        return tuple(meld for meld, _ in self._generate(info, int(first_play), wanted))

    # -- deadwood --------------------------------------------------------------------------------

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

    def _templates(self, low: int, hand: int, cap: int, fp: int) -> tuple[tuple[int, int], ...]:
        """The melds the natural card ``low`` (the lowest left in ``hand``) can join: pairs of
        (natural cards packed, bit mask of how many wild cards may complete them)."""
        rel = hand & self._rel[low]
        key = (low, rel, cap, fp)
        found = self._templates_cache.get(key)
        if found is not None:
            return found
        acc: dict[int, int] = {}
        capmask = (1 << (cap + 1)) - 1
        rank, suit = _RANK_OF[low], _SUIT_OF[low]

        def avail(code: int) -> int:
            n = (hand >> (_BITS * code)) & _MAX_COPIES
            return n - 1 if code == low else n

        if rank and self._copies[low]:
            if self._has_sets and self._smax[rank] >= self._set_min:
                items: list[tuple[int, int]] = []
                for code in _RANK_CODES[rank]:
                    most = self._copies[code] - (1 if code == low else 0)
                    if self._distinct:
                        most = min(most, 0 if code == low else 1)
                    k = min(avail(code), most)
                    if k > 0:
                        items.append((code, k))
                for takes in itertools.product(*(range(k + 1) for _, k in items)):
                    m = 1 + sum(takes)
                    bits = self._set_bits(rank, m, cap, fp) if m <= self._smax[rank] else 0
                    if bits:
                        vec = _UNIT[low]
                        for (code, _), t in zip(items, takes, strict=True):
                            vec += _UNIT[code] * t
                        acc[vec] = acc.get(vec, 0) | bits
            if self._has_quartets:
                codes = _RANK_CODES[rank]
                if all(self._copies[c] and (c == low or avail(c) > 0) for c in codes) and (
                    self._rows[fp][4] & 1
                ):
                    vec = _pack(codes)
                    acc[vec] = acc.get(vec, 0) | 1
            if self._has_runs and suit in self._run_suits:
                reps = self._reps[suit]
                for pos in (1, 14) if rank == 1 else (rank,):
                    if reps[pos] != low:
                        continue
                    self._run_templates(low, pos, suit=suit, avail=avail, cap=cap, fp=fp, acc=acc)
        result = tuple((vec, bits & capmask) for vec, bits in acc.items() if bits & capmask)
        self._templates_cache[key] = result
        return result

    def _run_templates(
        self,
        low: int,
        pos: int,
        *,
        suit: int,
        avail: Callable[[int], int],
        cap: int,
        fp: int,
        acc: dict[int, int],
    ) -> None:
        run_max = self._run_max
        reps = self._reps[suit]
        # the block of valid positions around pos
        block_lo = pos
        while (
            block_lo - 1 >= self._lo and reps[block_lo - 1] >= 0 and pos - block_lo + 1 < run_max
        ):
            block_lo -= 1
        block_hi = pos
        while (
            block_hi + 1 <= self._hi and reps[block_hi + 1] >= 0 and block_hi - pos + 1 < run_max
        ):
            block_hi += 1
        # (an Ace's second position is a candidate only if a second copy is held)
        cands = [q for q in range(block_lo, block_hi + 1) if q != pos and avail(reps[q]) > 0]
        left = [pos, *sorted((q for q in cands if q < pos), reverse=True)]
        right = [pos, *(q for q in cands if q > pos)]
        for a in left:
            for b in right:
                span = b - a + 1
                if span > run_max:
                    break
                inner = [q for q in cands if a < q < b]
                ends = {a, b, pos}
                need = span - len(ends) - cap
                for x in range(max(0, need), len(inner) + 1):
                    for combo in itertools.combinations(inner, x):
                        positions = 0
                        for q in (*ends, *combo):
                            positions |= 1 << q
                        bits = self._run_bits(suit, positions, fp)
                        if bits:
                            vec = _pack(reps[q] for q in (*ends, *combo))
                            acc[vec] = acc.get(vec, 0) | bits

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

    def _template_search(
        self, info: _Hand, value: Callable[[Card], int], fp: int
    ) -> tuple[int, Callable[[], list[tuple[list[int], int]]]]:
        """Minimum deadwood with interchangeable wilds: the value, and a function that rebuilds
        the choice as (natural codes, wild count) parts in the order the search took them (melds
        of wilds only have no natural codes), then (natural deadwood codes, -1)."""
        wilds_total = len(info.wild_cards)
        values: dict[int, int] = {code: value(code) for code in set(info.cards)}
        wild_values = sorted(values[c] for c in info.wild_cards)
        low_prefix = [0]
        for v in wild_values:
            low_prefix.append(low_prefix[-1] + v)
        sizes = self._allwild_sizes(wilds_total, fp) if wilds_total else 0
        reach = 1
        for t in range(wilds_total + 1):
            if (reach >> t) & 1:
                s = sizes
                while s:
                    bit = s & -s
                    reach |= 1 << (t + bit.bit_length() - 1)
                    s ^= bit
        reach &= (1 << (wilds_total + 1)) - 1
        terminal: list[int] = []
        terminal_use: list[int] = []
        for k in range(wilds_total + 1):
            best_u = max(u for u in range(k + 1) if (reach >> u) & 1)
            best = low_prefix[k - best_u]
            for u in range(k + 1):
                if (reach >> u) & 1 and low_prefix[k - u] < best:
                    best, best_u = low_prefix[k - u], u
            terminal.append(best)
            terminal_use.append(best_u)
        width = wilds_total + 1
        memo: dict[int, int] = {}
        picks: dict[int, tuple[int, int] | None] = {}
        templates = self._templates

        def solve(hand: int, k: int) -> int:
            key = hand * width + k
            found = memo.get(key)
            if found is not None:
                return found
            if hand == 0:
                return terminal[k]
            low = ((hand & -hand).bit_length() - 1) // _BITS
            options = templates(low, hand, wilds_total, fp)
            if not options:
                # a card that can join no meld is deadwood: no branching
                best = values[low] + solve(hand - _UNIT[low], k)
                memo[key] = best
                return best
            best = values[low] + solve(hand - _UNIT[low], k)
            pick: tuple[int, int] | None = None
            limit = (1 << (k + 1)) - 1
            for vec, bits in options:
                usable = bits & limit
                rest = hand - vec
                while usable:
                    bit = usable & -usable
                    j = bit.bit_length() - 1
                    usable ^= bit
                    v = solve(rest, k - j)
                    if v < best:
                        best, pick = v, (vec, j)
            memo[key] = best
            picks[key] = pick
            return best

        total = solve(info.naturals, wilds_total)

        def rebuild() -> list[tuple[list[int], int]]:
            parts: list[tuple[list[int], int]] = []
            dead: list[int] = []
            hand, k = info.naturals, wilds_total
            while hand:
                low = ((hand & -hand).bit_length() - 1) // _BITS
                pick = picks.get(hand * width + k)
                if pick is None:
                    dead.append(low)
                    hand -= _UNIT[low]
                    continue
                vec, j = pick
                codes = [c for c in range(53) for _ in range((vec >> (_BITS * c)) & _MAX_COPIES)]
                parts.append((codes, j))
                hand -= vec
                k -= j
            used = terminal_use[k]
            # split the all-wild cards into meld sizes
            while used:
                for n in range(used, 0, -1):
                    if (sizes >> n) & 1 and (reach >> (used - n)) & 1:
                        parts.append(([], n))
                        used -= n
                        break
            parts.append((dead, -1))
            return parts

        return total, rebuild

    def _concrete_search(
        self,
        info: _Hand,
        value: Callable[[Card], int],
        meld_value: Callable[[Meld], int] | None,
        fp: int,
    ) -> tuple[int, list[Meld], list[Card]]:
        """Best score over concrete melds (wild cards by identity): branch on the lowest card."""
        values: dict[int, int] = {code: value(code) for code in set(info.cards)}
        best_of: dict[int, tuple[int, Meld]] = {}
        for meld, vec in self._generate(info, fp):
            worth = 0 if meld_value is None else meld_value(meld)
            known = best_of.get(vec)
            if known is None or worth > known[0]:
                best_of[vec] = (worth, meld)
        by_low: dict[int, list[tuple[int, int, Meld]]] = {}
        for vec, (worth, meld) in best_of.items():
            by_low.setdefault(_lowest(vec), []).append((vec, worth, meld))
        memo: dict[int, tuple[int, tuple[int, Meld] | None]] = {}

        def solve(hand: int) -> int:
            if hand == 0:
                return 0
            found = memo.get(hand)
            if found is not None:
                return found[0]
            low = _lowest(hand)
            best = solve(hand - _UNIT[low]) - values[low]
            pick: tuple[int, Meld] | None = None
            for vec, worth, meld in by_low.get(low, ()):
                if _contains(hand, vec):
                    v = worth + solve(hand - vec)
                    if v > best:
                        best, pick = v, (vec, meld)
            memo[hand] = (best, pick)
            return best

        score = solve(info.vec)
        melds: list[Meld] = []
        dead: list[Card] = []
        hand = info.vec
        while hand:
            entry = memo[hand][1]
            if entry is None:
                low = _lowest(hand)
                dead.append(_CARD[low])
                hand -= _UNIT[low]
            else:
                melds.append(entry[1])
                hand -= entry[0]
        return score, melds, dead

    def min_deadwood(
        self, hand: Iterable[Card], *, value: Callable[[Card], int], first_play: bool = False
    ) -> int:
        """See :func:`min_deadwood`.

        >>> from rummykit import parse_cards
        >>> from rummykit.melds import MeldContext
        >>> Solver.of(MeldContext()).min_deadwood(parse_cards("AS 2S 3S 9D"), value=lambda c: 9)
        9
        """
        info = self._hand(hand)
        fp = int(first_play)
        if self._plain(info):
            return self._template_search(info, value, fp)[0]
        return -self._concrete_search(info, value, None, fp)[0]

    def best_arrangement(
        self,
        hand: Iterable[Card],
        *,
        value: Callable[[Card], int],
        meld_value: Callable[[Meld], int] | None = None,
        first_play: bool = False,
    ) -> Arrangement:
        """See :func:`best_arrangement`.

        >>> from rummykit import parse_cards
        >>> from rummykit.melds import MeldContext
        >>> best = Solver.of(MeldContext()).best_arrangement(
        ...     parse_cards("QS QH QD"), value=lambda c: 10, meld_value=len)
        >>> best.score, [str(m) for m in best.melds]
        (3, ['set Q: QS QH QD'])
        """
        info = self._hand(hand)
        fp = int(first_play)
        if meld_value is not None or not self._plain(info):
            score, melds, dead = self._concrete_search(info, value, meld_value, fp)
        else:
            total, rebuild = self._template_search(info, value, fp)
            score = -total
            # most valuable wilds first into melds; ties by code
            wild_order = sorted(info.wild_cards, key=lambda c: (-value(c), int(c)))
            melds = []
            dead = []
            taken = 0
            for codes, j in rebuild():
                if j < 0:
                    dead.extend(_CARD[c] for c in codes)
                    continue
                cards = [_CARD[c] for c in codes] + wild_order[taken : taken + j]
                taken += j
                melds.append(self._materialize(cards, fp))
            dead.extend(wild_order[taken:])
        melds.sort(key=meld_sort_key)
        dead.sort()
        return Arrangement(melds=tuple(melds), deadwood=tuple(dead), score=score)

    def _materialize(self, cards: list[Card], fp: int) -> Meld:
        """A valid meld made of exactly ``cards`` (the first in :func:`meld_sort_key` order)."""
        info = _Hand(cards, self._mask)
        for meld, _ in self._generate(info, fp):
            if len(meld.cards) == len(cards):
                return meld
        raise AssertionError(f"no meld of {cards}")  # pragma: no cover

    # -- contracts -------------------------------------------------------------------------------

    def can_meet_contract(
        self,
        hand: Iterable[Card],
        contract: Contract,
        *,
        laid: Sequence[Meld] = (),
        first_play: bool = False,
    ) -> bool:
        """See :func:`can_meet_contract`.

        >>> from rummykit import parse_cards
        >>> from rummykit.contracts import Contract
        >>> from rummykit.melds import MeldContext
        >>> solver = Solver.of(MeldContext())
        >>> solver.can_meet_contract(parse_cards("5S 5H 5D"), Contract.parse("2 sets"))
        False
        """
        info = self._hand(hand)
        laid = tuple(laid)
        opened = contract.unmet(laid)
        if opened is None:
            return False
        if not opened:
            return not contract.all_cards or info.size == 0
        fp = int(first_play)
        if self._plain(info) and all(r.kind in (MeldKind.SET, MeldKind.RUN) for r in opened):
            return self._fast_contract(info.counts, contract, opened, laid, fp)
        return next(self._ways(info, contract, laid, opened, fp), None) is not None

    def contract_ways(
        self,
        hand: Iterable[Card],
        contract: Contract,
        *,
        laid: Sequence[Meld] = (),
        first_play: bool = False,
    ) -> Iterator[tuple[Meld, ...]]:
        """See :func:`contract_ways`.

        >>> from rummykit import parse_cards
        >>> from rummykit.contracts import Contract
        >>> from rummykit.melds import MeldContext
        >>> ways = Solver.of(MeldContext()).contract_ways(
        ...     parse_cards("5S 5H 5D 6S 7S"), Contract.parse("1 run + 1 set"))
        >>> list(ways)
        []
        """
        info = self._hand(hand)
        laid = tuple(laid)
        opened = contract.unmet(laid)
        if opened is None:
            return iter(())
        if not opened:
            return iter([()] if not contract.all_cards or info.size == 0 else [])
        return self._ways(info, contract, laid, opened, int(first_play))

    def _ways(
        self,
        info: _Hand,
        contract: Contract,
        laid: tuple[Meld, ...],
        opened: tuple[Requirement, ...],
        fp: int,
    ) -> Iterator[tuple[Meld, ...]]:
        kinds = frozenset(r.kind for r in opened)
        shortest = {kind: min(r.min_len or 0 for r in opened if r.kind is kind) for kind in kinds}
        pairs = [
            (meld, vec)
            for meld, vec in self._generate(info, fp, kinds)
            if len(meld.cards) >= shortest[meld.kind]
            and all(contract.compatible(meld, other) for other in laid)
        ]
        need = len(opened)
        wanted = {kind: sum(1 for r in opened if r.kind is kind) for kind in kinds}
        prune = self._plain(info) and kinds <= {MeldKind.SET, MeldKind.RUN}
        counts = list(info.counts)
        chosen: list[Meld] = []

        def fits() -> bool:
            open_reqs = list(opened)
            for meld in sorted(chosen, key=len, reverse=True):
                match = next(
                    (
                        r
                        for r in open_reqs
                        if r.kind is meld.kind and (r.min_len is None or len(meld) >= r.min_len)
                    ),
                    None,
                )
                if match is None:
                    return False
                open_reqs.remove(match)
            return True

        def hopeful(meld: Meld) -> bool:
            """Whether the rest of the contract can still be met after ``meld``."""
            if not prune or need - len(chosen) < 2:
                return True
            for card in meld.cards:
                counts[card] -= 1
            later = (*laid, *chosen, meld)
            rest = contract.unmet(later)
            ok = rest is not None and self._fast_contract(counts, contract, rest, later, fp)
            for card in meld.cards:
                counts[card] += 1
            return ok

        if contract.all_cards:
            by_low: dict[int, list[_Pair]] = {}
            for meld, vec in pairs:
                by_low.setdefault(_lowest(vec), []).append((meld, vec))

            # two melds of one way may both hold a copy of the lowest card: yield each way once
            seen: set[tuple[Meld, ...]] = set()

            def cover(hand: int) -> Iterator[tuple[Meld, ...]]:
                if hand == 0:
                    if len(chosen) == need and fits():
                        way = tuple(sorted(chosen, key=meld_sort_key))
                        if way not in seen:
                            seen.add(way)
                            yield way
                    return
                if len(chosen) == need:
                    return
                for meld, vec in by_low.get(_lowest(hand), ()):
                    if not _contains(hand, vec) or wanted[meld.kind] == 0:
                        continue
                    if not all(contract.compatible(meld, other) for other in chosen):
                        continue
                    if not hopeful(meld):
                        continue
                    wanted[meld.kind] -= 1
                    chosen.append(meld)
                    for card in meld.cards:
                        counts[card] -= 1
                    yield from cover(hand - vec)
                    for card in meld.cards:
                        counts[card] += 1
                    chosen.pop()
                    wanted[meld.kind] += 1

            return cover(info.vec)

        def pick(start: int, hand: int) -> Iterator[tuple[Meld, ...]]:
            if len(chosen) == need:
                if fits():
                    yield tuple(chosen)
                return
            for index in range(start, len(pairs)):
                meld, vec = pairs[index]
                if wanted[meld.kind] == 0 or not _contains(hand, vec):
                    continue
                if not all(contract.compatible(meld, other) for other in chosen):
                    continue
                if not hopeful(meld):
                    continue
                wanted[meld.kind] -= 1
                chosen.append(meld)
                for card in meld.cards:
                    counts[card] -= 1
                yield from pick(index, hand - vec)  # the same meld again needs a second copy
                for card in meld.cards:
                    counts[card] += 1
                chosen.pop()
                wanted[meld.kind] += 1

        return pick(0, info.vec)

    def _fast_contract(
        self,
        counts: list[int],
        contract: Contract,
        opened: tuple[Requirement, ...],
        laid: tuple[Meld, ...],
        fp: int,
    ) -> bool:
        """Whether the open requirements (sets and runs only) can be met, wilds being
        interchangeable: choose the sets, then solve the runs suit by suit."""
        if not opened:
            return not contract.all_cards or sum(counts) == 0
        mask = self._mask
        all_cards = contract.all_cards
        set_lens = sorted(
            (max(r.min_len or 0, self._set_min) for r in opened if r.kind is MeldKind.SET),
            reverse=True,
        )
        run_lens = sorted(
            (max(r.min_len or 0, self._run_min) for r in opened if r.kind is MeldKind.RUN),
            reverse=True,
        )
        if (set_lens and not self._has_sets) or (run_lens and not self._has_runs):
            return False
        wilds = sum(counts[c] for c in range(53) if mask[c])
        nat = [0 if mask[c] else counts[c] for c in range(53)]
        if wilds + sum(nat) < sum(set_lens) + sum(run_lens):
            return False
        if all_cards and nat[_JOKER]:
            return False
        capmask = (1 << (wilds + 1)) - 1
        used_ranks = (
            frozenset(int(m.rank) for m in laid if m.kind is MeldKind.SET and m.rank is not None)
            if contract.distinct_set_ranks
            else frozenset()
        )
        touching = contract.run_distinctness is RunDistinctness.TOUCHING
        laid_runs = [
            (int(m.suit), m.low, m.high)
            for m in laid
            if m.kind is MeldKind.RUN and m.suit is not None
        ]
        banned = frozenset[int]() if touching else frozenset(s for s, _, _ in laid_runs)
        obstacles = tuple(
            tuple(sorted((low, high) for s, low, high in laid_runs if s == suit))
            for suit in range(4)
        )
        suits = [s for s in self._run_suits if s not in banned]

        def runs_bits(nat: list[int]) -> int:
            """Bit mask of the wild totals with which the runs can be laid from ``nat``."""
            if not run_lens:
                if all_cards and any(nat):
                    return 0
                return 1
            if all_cards:
                for s in range(4):
                    if s not in suits and any(nat[s * 13 : s * 13 + 13]):
                        return 0
            per_suit: dict[tuple[int, tuple[int, ...]], int] = {}

            def suit_bits(s: int, lens: tuple[int, ...]) -> int:
                key = (s, lens)
                found = per_suit.get(key)
                if found is None:
                    found = self._suit_bits(
                        s,
                        nat[s * 13 : s * 13 + 13],
                        lens,
                        all_cards=all_cards,
                        obstacles=obstacles[s],
                        fp=fp,
                        cap=wilds,
                    )
                    if not all_cards:
                        found &= -found
                    per_suit[key] = found
                return found

            has = [any(nat[s * 13 : s * 13 + 13]) for s in range(4)]
            k = len(run_lens)
            result = 0
            if not touching:
                # one run per suit; equal lengths take their suits in increasing order
                for assignment in itertools.permutations(suits, k):
                    if any(
                        run_lens[i] == run_lens[i + 1] and assignment[i] > assignment[i + 1]
                        for i in range(k - 1)
                    ):
                        continue
                    if all_cards and any(has[s] and s not in assignment for s in range(4)):
                        continue
                    bits = 1
                    for s, length in zip(assignment, run_lens, strict=True):
                        bits = _sumset(bits, suit_bits(s, (length,)), capmask)
                        if not bits:
                            break
                    result |= bits
                    if result & 1 and not all_cards:
                        break
                return result if all_cards else result & -result
            seen: set[tuple[tuple[int, ...], ...]] = set()
            for assignment in itertools.product(suits, repeat=k):
                groups: list[list[int]] = [[] for _ in range(4)]
                for s, length in zip(assignment, run_lens, strict=True):
                    groups[s].append(length)
                shape = tuple(tuple(g) for g in groups)
                if shape in seen:
                    continue
                seen.add(shape)
                bits = 1
                for s in range(4):
                    if groups[s]:
                        bits = _sumset(bits, suit_bits(s, tuple(groups[s])), capmask)
                    elif all_cards and has[s]:
                        bits = 0
                    if not bits:
                        break
                result |= bits
                if result & 1 and not all_cards:
                    break
            return result if all_cards else result & -result

        if not set_lens:
            bits = runs_bits(nat)
            return bool((bits >> wilds) & 1) if all_cards else bool(bits & capmask)

        lower = 0
        if not all_cards and run_lens:
            base = runs_bits(nat)
            if not base & capmask:
                return False
            lower = (base & -base).bit_length() - 1

        def set_options(
            rank: int, length: int, nat: list[int]
        ) -> list[tuple[tuple[int, ...], int]]:
            codes = _RANK_CODES[rank]
            ranges = []
            for code in codes:
                most = min(nat[code], self._copies[code])
                if self._distinct:
                    most = min(most, 1)
                ranges.append(range(most + 1))
            options: list[tuple[tuple[int, ...], int]] = []
            for takes in itertools.product(*ranges):
                m = sum(takes)
                if m > self._smax[rank]:
                    continue
                bits = self._set_bits(rank, m, wilds, fp)
                bits &= ~((1 << max(0, length - m)) - 1)
                if not bits:
                    continue
                if not all_cards:
                    bits &= -bits
                options.append((takes, bits))
            if not all_cards:
                # drop options that take more naturals and need no fewer wilds
                kept: list[tuple[tuple[int, ...], int]] = []
                for takes, bits in sorted(options, key=lambda o: (sum(o[0]), o[1])):
                    if not any(
                        all(a <= b for a, b in zip(k_takes, takes, strict=True)) and k_bits <= bits
                        for k_takes, k_bits in kept
                    ):
                        kept.append((takes, bits))
                options = kept
            return options

        def place(i: int, nat: list[int], bits: int, ranks: frozenset[int], last: int) -> bool:
            if i == len(set_lens):
                total = _sumset(bits, runs_bits(nat), capmask)
                return bool((total >> wilds) & 1) if all_cards else bool(total)
            length = set_lens[i]
            same = i > 0 and set_lens[i - 1] == length and contract.distinct_set_ranks
            for rank in self._set_ranks:
                if rank in ranks or (same and rank < last):
                    continue
                for takes, more in set_options(rank, length, nat):
                    total = _sumset(bits, more, capmask)
                    if not total:
                        continue
                    if not all_cards and ((total & -total).bit_length() - 1) + lower > wilds:
                        continue
                    rest = list(nat)
                    for code, t in zip(_RANK_CODES[rank], takes, strict=True):
                        rest[code] -= t
                    taken = ranks | {rank} if contract.distinct_set_ranks else ranks
                    if place(i + 1, rest, total, taken, rank):
                        return True
            return False

        return place(0, nat, 1, used_ranks, 0)

    def _suit_bits(
        self,
        suit: int,
        counts: list[int],
        lens: tuple[int, ...],
        *,
        all_cards: bool,
        obstacles: tuple[tuple[int, int], ...],
        fp: int,
        cap: int,
    ) -> int:
        """Bit mask of the wild totals with which runs of the given minimum lengths can be laid
        in ``suit`` from the natural ``counts`` (by rank - 1), not touching ``obstacles``; with
        ``all_cards`` they must use every natural card of the suit."""
        aces = counts[0]
        present = 0
        for rank in range(2, 14):
            n = counts[rank - 1]
            if n:
                if all_cards and n > 1:
                    return 0
                present |= 1 << rank
        # suits with the same positions in the deck behave alike: share their results
        suit = self._suit_class[suit]
        reps = self._reps[suit]
        ace_slots = (reps[1] >= 0) + (reps[14] >= 0)
        if all_cards and aces > ace_slots:
            return 0
        aces = min(aces, ace_slots)
        key = (suit, present, aces, lens, all_cards, obstacles, fp)
        found = self._suit_cache.get(key)
        if found is not None:
            return found & ((1 << (cap + 1)) - 1)
        rows = self._rows[fp]
        run_max, hi = self._run_max, self._hi
        if len(lens) == 1 and not all_cards and not obstacles:
            # one run, any naturals: each window of n cards holding t naturals needs
            # n - t to n wild cards
            shortest = lens[0]
            found = 0
            for a in range(self._lo, hi + 1):
                if reps[a] < 0:
                    continue
                t = 0
                for b in range(a, min(a + run_max - 1, hi) + 1):
                    if reps[b] < 0:
                        break
                    if b in {1, 14}:
                        t += aces > 0
                    else:
                        t += (present >> b) & 1
                    n = b - a + 1
                    if n >= shortest:
                        found |= (rows[n] >> (n - t)) << (n - t)
            self._suit_cache[key] = found
            return found & ((1 << (cap + 1)) - 1)
        capmask = (1 << (run_max * len(lens) + 1)) - 1
        memo: dict[tuple[int, tuple[int, ...], int], int] = {}

        def natural_at(p: int) -> int:
            return (present >> p) & 1 if 2 <= p <= 13 else 0

        def walk(pos: int, left: tuple[int, ...], aces_left: int) -> int:
            if not left:
                if all_cards:
                    if present >> max(pos, 2):
                        return 0
                    return 1 if aces_left == 0 else 0
                return 1
            key = (pos, left, aces_left)
            hit = memo.get(key)
            if hit is not None:
                return hit
            result = 0
            shortest = min(left)
            for a in range(pos, hi + 1):
                if all_cards and a > pos and natural_at(a - 1):
                    break
                if reps[a] < 0:
                    continue
                inside = 0
                ace_inside = 0
                for b in range(a, min(a + run_max - 1, hi) + 1):
                    if reps[b] < 0:
                        break
                    if b in (1, 14):
                        ace_inside += 1
                    else:
                        inside += natural_at(b)
                    n = b - a + 1
                    if n < shortest:
                        continue
                    if any(not (a > o_hi + 1 or b < o_lo - 1) for o_lo, o_hi in obstacles):
                        continue
                    if all_cards and b + 1 <= 13 and natural_at(b + 1):
                        continue
                    for length in sorted(set(left)):
                        if length > n:
                            break
                        rest = list(left)
                        rest.remove(length)
                        rest_t = tuple(rest)
                        for x in range(min(ace_inside, aces_left) + 1):
                            t = inside + x
                            if all_cards:
                                window = (rows[n] >> (n - t)) & 1 and (1 << (n - t))
                            else:
                                window = (rows[n] >> (n - t)) << (n - t)
                            window &= capmask
                            if not window:
                                continue
                            sub = walk(b + 2, rest_t, aces_left - x)
                            if sub:
                                result |= _sumset(window, sub, capmask)
            memo[key] = result
            return result

        found = walk(self._lo, lens, aces)
        self._suit_cache[key] = found
        return found & ((1 << (cap + 1)) - 1)


#: Solvers by context identity (the fast path) and by context value.
_SOLVERS: dict[int, tuple[MeldContext, Solver]] = {}
_SOLVERS_BY_VALUE: dict[MeldContext, Solver] = {}


def possible_melds(
    hand: Iterable[Card],
    ctx: MeldContext,
    *,
    first_play: bool = False,
    kinds: Iterable[MeldKind] | None = None,
) -> tuple[Meld, ...]:
    """Every distinct valid meld that some of the cards of ``hand`` can form.

    Identical cards (two packs) count once, so no meld appears twice. A set is listed once per
    rank it can be read as (its cards in canonical order); a run once per placement of distinct
    wild cards (a joker at the 4 and a 2C at the 6 differs from the swap; identical wilds are
    not permuted). Everything :meth:`MeldContext.violation
    <rummykit.melds.MeldContext.violation>` checks holds for each meld, with the wild limit
    judged for ``first_play``; melds of wild cards only (allowed with no wild limit, R17) are
    read as every set rank and every run position of every suit. ``kinds`` keeps only those
    kinds. The melds come sorted by :func:`meld_sort_key`.

    >>> from rummykit import parse_cards
    >>> from rummykit.melds import MeldContext
    >>> from rummykit.wilds import DealInfo, WildRules
    >>> ninth = MeldContext(wilds=WildRules.rising_rank().for_deal(DealInfo(9)))
    >>> [str(m) for m in possible_melds(parse_cards("5H 6H 9C"), ninth, kinds=[MeldKind.RUN])]
    ['run 4H-6H: 9C 5H 6H', 'run 5H-7H: 5H 6H 9C']
    """
    return Solver.of(ctx).possible_melds(hand, first_play=first_play, kinds=kinds)


def can_meet_contract(
    hand: Iterable[Card],
    contract: Contract,
    ctx: MeldContext,
    *,
    laid: Sequence[Meld] = (),
    first_play: bool = False,
) -> bool:
    """Whether the requirements of ``contract`` still open after ``laid``
    (:meth:`Contract.unmet <rummykit.contracts.Contract.unmet>`) can be met by disjoint melds
    from ``hand``, each compatible with the others and with ``laid``. With
    ``contract.all_cards`` the melds must use every card of the hand.

    >>> from rummykit import parse_cards
    >>> from rummykit.contracts import Contract
    >>> from rummykit.melds import MeldContext
    >>> hand = parse_cards("5S 5H 5D 6S 7S")           # the 5S cannot be in both
    >>> can_meet_contract(hand, Contract.parse("1 run + 1 set"), MeldContext())
    False
    >>> can_meet_contract(hand + parse_cards("5C"), Contract.parse("1 run + 1 set"), MeldContext())
    True
    """
    return Solver.of(ctx).can_meet_contract(hand, contract, laid=laid, first_play=first_play)


def contract_ways(
    hand: Iterable[Card],
    contract: Contract,
    ctx: MeldContext,
    *,
    laid: Sequence[Meld] = (),
    first_play: bool = False,
) -> Iterator[tuple[Meld, ...]]:
    """Every distinct way to complete ``contract`` from ``hand`` after ``laid``: tuples of
    melds sorted by :func:`meld_sort_key`, each way once. Melds may be longer than the
    minimum; with ``contract.all_cards`` they use every card.

    >>> from rummykit import parse_cards
    >>> from rummykit.contracts import Contract
    >>> from rummykit.melds import MeldContext
    >>> hand = parse_cards("5S 5H 5D 6S 7S")
    >>> for way in contract_ways(hand, Contract.parse("1 run"), MeldContext()):
    ...     print([str(m) for m in way])
    ['run 5S-7S: 5S 6S 7S']
    """
    return Solver.of(ctx).contract_ways(hand, contract, laid=laid, first_play=first_play)


def min_deadwood(
    hand: Iterable[Card],
    ctx: MeldContext,
    *,
    value: Callable[[Card], int],
    first_play: bool = False,
) -> int:
    """The least total ``value`` of the cards left out of melds, over every choice of disjoint
    valid melds from ``hand`` (the wild limit judged for ``first_play``).

    >>> from rummykit import parse_cards
    >>> from rummykit.melds import MeldContext
    >>> min_deadwood(parse_cards("7H 8H 9H 9S 9D KC"), MeldContext(), value=lambda c: 1)
    3
    """
    return Solver.of(ctx).min_deadwood(hand, value=value, first_play=first_play)


def best_arrangement(
    hand: Iterable[Card],
    ctx: MeldContext,
    *,
    value: Callable[[Card], int],
    meld_value: Callable[[Meld], int] | None = None,
    first_play: bool = False,
) -> Arrangement:
    """The arrangement of ``hand`` with the highest ``sum(meld_value(m) for m in melds) -
    sum(value(c) for c in deadwood)``; ``meld_value`` defaults to 0, which minimises deadwood.
    Ties are broken deterministically (the same hand always gives the same arrangement). In
    the melds, the most valuable wild cards are the ones melded.

    >>> from rummykit import parse_cards
    >>> from rummykit.melds import MeldContext
    >>> best = best_arrangement(parse_cards("7H 8H 9H 9S 9D 9C"), MeldContext(),
    ...                         value=lambda c: 1)
    >>> [str(m) for m in best.melds], best.score
    (['set 9: 9S 9D 9C', 'run 7H-9H: 7H 8H 9H'], 0)
    """
    return Solver.of(ctx).best_arrangement(
        hand, value=value, meld_value=meld_value, first_play=first_play
    )
