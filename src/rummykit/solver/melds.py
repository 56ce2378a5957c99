"""Meld enumeration: every distinct meld that some cards of a hand can form
(:func:`~rummykit.solver.possible_melds`), in :func:`~rummykit.solver.meld_sort_key` order.

:mod:`rummykit.solver` describes the search. The contract and deadwood searches
(:mod:`rummykit.solver.contracts`, :mod:`rummykit.solver.deadwood`) start from the melds
that :func:`_generate` lists.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from rummykit.cards import Card
from rummykit.melds import Meld, MeldContext, MeldKind
from rummykit.solver._packed import (
    _ALL_KINDS,
    _CARD,
    _KIND_INDEX,
    _RANK_CODES,
    _RANK_OF,
    _SUIT_OF,
    _Hand,
    _Pair,
    _Tables,
)

__all__ = ["meld_sort_key", "possible_melds"]


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


def possible_melds(
    hand: Iterable[Card],
    ctx: MeldContext,
    *,
    first_play: bool = False,
    kinds: Iterable[MeldKind] | None = None,
) -> tuple[Meld, ...]:
    """Every distinct valid meld that some of the cards of ``hand`` can form.

    Identical cards (two packs) count once, so no meld appears twice. A set is listed once per
    rank it can be read as (its cards in canonical order); a run once per placement of its wild
    cards up to the order of wilds of one rank: those that stand for other cards take their
    places in card order (:meth:`MeldContext.canonical
    <rummykit.melds.MeldContext.canonical>`), since they differ only by suit. A joker at the 4
    and a 2C at the 6 is listed beside the swap; a 2H at the 4 and a 2C at the 6 is listed, the
    swap (an equally legal play) is not. Everything :meth:`MeldContext.violation
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
    return _possible_melds(_Tables.of(ctx), hand, first_play=first_play, kinds=kinds)


def _possible_melds(
    tables: _Tables,
    hand: Iterable[Card],
    *,
    first_play: bool = False,
    kinds: Iterable[MeldKind] | None = None,
) -> tuple[Meld, ...]:
    info = tables._hand(hand)
    wanted = _ALL_KINDS if kinds is None else frozenset(kinds)
    return tuple(meld for meld, _ in _generate(tables, info, int(first_play), wanted))


def _generate(
    tables: _Tables, info: _Hand, fp: int, kinds: frozenset[MeldKind] = _ALL_KINDS
) -> list[_Pair]:
    out: list[_Pair] = []
    wilds = len(info.wild_cards)
    if tables._has_sets and MeldKind.SET in kinds:
        by_rank, least = info.by_rank, tables._set_min - wilds
        for rank in tables._set_ranks:
            if by_rank[rank] >= least:
                out.extend(_gen_sets(tables, info, fp, rank))
    if tables._has_runs and MeldKind.RUN in kinds:
        by_suit, least = info.by_suit, tables._run_min - wilds
        for suit in tables._run_suits:
            if by_suit[suit] >= least:
                out.extend(_gen_runs(tables, info, fp, suit))
    if tables._has_quartets and MeldKind.QUARTET in kinds:
        _gen_quartets(tables, info, fp, out)
    return out


def _wild_groups(tables: _Tables, info: _Hand, rank: int) -> list[list[tuple[Card, ...]]]:
    """Sub-multisets of the wild cards not of ``rank``, by size, each sorted."""
    found = info.groups.get(rank)
    if found is None:
        items = [c for c in info.wilds if _RANK_OF[c] != rank]
        groups: list[list[tuple[Card, ...]]] = [
            [] for _ in range(sum(info.counts[c] for c in items) + 1)
        ]
        for takes in itertools.product(*(range(info.counts[c] + 1) for c in items)):
            cards = tuple(_CARD[c] for c, t in zip(items, takes, strict=True) for _ in range(t))
            groups[len(cards)].append(cards)
        for group in groups:
            group.sort()
        info.groups[rank] = groups
        found = groups
    return found


def _gen_sets(tables: _Tables, info: _Hand, fp: int, rank: int) -> list[_Pair]:
    """The sets of ``rank``: natural part (cards of the rank), then wild cards."""
    counts, mask = info.counts, tables._mask
    codes = _RANK_CODES[rank]
    key = (0, rank, fp, info.wild_key, tuple(counts[c] for c in codes))
    found = tables._parts.get(key)
    if found is not None:
        return found
    rows = tables._rows[fp]
    set_min, smax = tables._set_min, tables._smax[rank]
    groups = _wild_groups(tables, info, rank)
    most_wilds = len(groups) - 1
    ranges = []
    for code in codes:
        usable = min(counts[code], tables._copies[code])
        if tables._distinct:
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
                if mask[code] and not tables._excuse_set:
                    w0 += t
        head = tuple(natural)
        for u in range(max(0, set_min - n0), min(most_wilds, smax - n0) + 1):
            if (rows[n0 + u] >> (w0 + u)) & 1:
                sets.extend(head + tail for tail in groups[u])
    sets.sort()
    meld = tables._meld
    found = [meld((0, rank, 0, cards)) for cards in sets]
    tables._parts[key] = found
    return found


def _gen_runs(tables: _Tables, info: _Hand, fp: int, suit: int) -> list[_Pair]:
    """The runs of ``suit``, in :func:`meld_sort_key` order: a depth-first walk from each
    start position; each position takes its natural card or one of the distinct wilds.

    Positions are bits: ``natural`` marks the positions whose natural card is held (a run
    holds each position once, and never both Ace positions as ``run_max <= 13``)."""
    counts, mask = info.counts, tables._mask
    reps = tables._reps[suit]
    natural = 0
    for pos in tables._positions[suit]:
        code = reps[pos]
        if counts[code] and not mask[code]:
            natural |= 1 << pos
    key = (1, suit, fp, info.wild_key, natural)
    found = tables._parts.get(key)
    if found is not None:
        return found
    out: list[_Pair] = []
    tables._parts[key] = out
    run_min, run_max, hi = tables._run_min, tables._run_max, tables._hi
    wild_codes = info.wilds
    wilds_total = len(info.wild_cards)
    if not wilds_total and natural.bit_count() < run_min:
        return out
    rows = tables._rows[fp]
    meld = tables._meld
    if not wilds_total:
        # natural cards only: every window of consecutive naturals
        if rows[run_min] & 1:
            for a in range(tables._lo, hi + 1):
                b = a
                while b <= hi and (natural >> b) & 1 and b - a < run_max:
                    b += 1
                    if b - a >= run_min and (rows[b - a] & 1):
                        cards = tuple(_CARD[reps[p]] for p in range(a, b))
                        out.append(meld((1, suit, a, cards)))
        return out
    excuse = tables._excuse_run
    # free: positions a card can fill without counting as wild (a natural, or with
    # in_place_is_natural a wild card in its own place); room[p]: valid positions after p
    free = natural
    if excuse:
        for code in wild_codes:
            if _SUIT_OF[code] == suit:
                for pos in (1, 14) if _RANK_OF[code] == 1 else (_RANK_OF[code],):
                    if reps[pos] == code:
                        free |= 1 << pos
    room, room_mask = tables._room[suit], tables._room_mask[suit]
    wild_left = [counts[c] for c in wild_codes]
    # wilds of one rank that stand for other cards take their slots in card order: lowest[r]
    # is the index in wild_codes of the last such wild of rank r placed (see possible_melds)
    lowest = [0] * 14
    plain = [(code, i) for i, code in enumerate(wild_codes)]
    options_of = [
        sorted([*plain, (reps[p], -1)]) if (natural >> p) & 1 else plain for p in range(hi + 1)
    ]
    chosen: list[Card] = []
    grow_ok = tables._grow

    def walk(start: int, pos: int, n: int, w: int, wilds: int) -> None:
        rep = reps[pos]
        nxt = pos + 1
        n1 = n + 1
        may_grow = n1 < run_max and room[pos] > 0
        ahead = ((free >> nxt) & room_mask[pos]) << 5
        for code, i in options_of[pos]:
            floor = -1
            if i < 0:
                w2, wl = w, wilds
            else:
                if not wild_left[i]:
                    continue
                if code != rep:
                    r = _RANK_OF[code]
                    floor = lowest[r]
                    if i < floor:
                        continue
                    lowest[r] = i
                w2, wl = w + (0 if excuse and code == rep else 1), wilds - 1
                wild_left[i] -= 1
            chosen.append(_CARD[code])
            if n1 >= run_min and (rows[n1] >> w2) & 1:
                out.append(meld((1, suit, start, tuple(chosen))))
            if may_grow and grow_ok(
                ((n1 << 5 | w2) << 19 | ahead | (wl if wl < 31 else 31)) << 6 | room[pos] << 1 | fp
            ):
                walk(start, nxt, n1, w2, wl)
            chosen.pop()
            if i >= 0:
                wild_left[i] += 1
                if floor >= 0:
                    lowest[_RANK_OF[code]] = floor

    window = (1 << run_max) - 1
    for start in range(tables._lo, hi + 1):
        if reps[start] < 0 or room[start] + 1 < run_min:
            continue
        ahead = (free >> start) & room_mask[start - 1]
        if not grow_ok((ahead << 5 | min(wilds_total, 31)) << 6 | (room[start] + 1) << 1 | fp):
            continue  # (n = w = 0)
        # the runs from one start depend only on the naturals they can reach
        start_key = (2, suit, start, fp, info.wild_key, (natural >> start) & window)
        runs = tables._parts.get(start_key)
        if runs is None:
            mark = len(out)
            walk(start, start, 0, 0, wilds_total)
            tables._parts[start_key] = out[mark:]
        else:
            out.extend(runs)
    return out


def _gen_quartets(tables: _Tables, info: _Hand, fp: int, out: list[_Pair]) -> None:
    rows = tables._rows[fp]
    for rank in range(1, 14):
        codes = _RANK_CODES[rank]
        if not all(info.counts[c] and tables._copies[c] for c in codes):
            continue
        wild = sum(1 for c in codes if tables._mask[c] and not tables._excuse_set)
        if (rows[4] >> wild) & 1:
            out.append(tables._meld((2, rank, 0, tuple(_CARD[c] for c in codes))))
