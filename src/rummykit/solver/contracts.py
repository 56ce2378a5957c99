"""Contracts: whether a hand can still meet a contract
(:func:`~rummykit.solver.can_meet_contract`), and every way it can
(:func:`~rummykit.solver.contract_ways`).

:mod:`rummykit.solver` describes the feasibility test, which runs when the wild cards are
interchangeable and the contract asks for sets and runs only; otherwise, and to list the
ways, the search picks among the melds of :mod:`rummykit.solver.melds`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence

from rummykit.cards import Card
from rummykit.contracts import Contract, Requirement, RunDistinctness
from rummykit.melds import Meld, MeldContext, MeldKind
from rummykit.solver._packed import (
    _JOKER,
    _RANK_CODES,
    _contains,
    _Hand,
    _lowest,
    _Pair,
    _sumset,
    _Tables,
)
from rummykit.solver.melds import _generate, meld_sort_key

__all__ = ["can_meet_contract", "contract_ways"]


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
    return _can_meet_contract(_Tables.of(ctx), hand, contract, laid=laid, first_play=first_play)


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
    return _contract_ways(_Tables.of(ctx), hand, contract, laid=laid, first_play=first_play)


def _can_meet_contract(
    tables: _Tables,
    hand: Iterable[Card],
    contract: Contract,
    *,
    laid: Sequence[Meld] = (),
    first_play: bool = False,
) -> bool:
    info = tables._hand(hand)
    laid = tuple(laid)
    opened = contract.unmet(laid)
    if opened is None:
        return False
    if not opened:
        return not contract.all_cards or info.size == 0
    fp = int(first_play)
    if tables._plain(info) and all(r.kind in (MeldKind.SET, MeldKind.RUN) for r in opened):
        return _fast_contract(tables, info.counts, contract, opened, laid, fp)
    return next(_ways(tables, info, contract, laid, opened, fp), None) is not None


def _contract_ways(
    tables: _Tables,
    hand: Iterable[Card],
    contract: Contract,
    *,
    laid: Sequence[Meld] = (),
    first_play: bool = False,
) -> Iterator[tuple[Meld, ...]]:
    info = tables._hand(hand)
    laid = tuple(laid)
    opened = contract.unmet(laid)
    if opened is None:
        return iter(())
    if not opened:
        return iter([()] if not contract.all_cards or info.size == 0 else [])
    return _ways(tables, info, contract, laid, opened, int(first_play))


def _ways(  # noqa: PLR0917  (the tables, then the arguments of the old method)
    tables: _Tables,
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
        for meld, vec in _generate(tables, info, fp, kinds)
        if len(meld.cards) >= shortest[meld.kind]
        and all(contract.compatible(meld, other) for other in laid)
    ]
    need = len(opened)
    wanted = {kind: sum(1 for r in opened if r.kind is kind) for kind in kinds}
    prune = tables._plain(info) and kinds <= {MeldKind.SET, MeldKind.RUN}
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
        ok = rest is not None and _fast_contract(tables, counts, contract, rest, later, fp)
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


def _fast_contract(  # noqa: PLR0917  (the tables, then the arguments of the old method)
    tables: _Tables,
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
    mask = tables._mask
    all_cards = contract.all_cards
    set_lens = sorted(
        (max(r.min_len or 0, tables._set_min) for r in opened if r.kind is MeldKind.SET),
        reverse=True,
    )
    run_lens = sorted(
        (max(r.min_len or 0, tables._run_min) for r in opened if r.kind is MeldKind.RUN),
        reverse=True,
    )
    if (set_lens and not tables._has_sets) or (run_lens and not tables._has_runs):
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
        (int(m.suit), m.low, m.high) for m in laid if m.kind is MeldKind.RUN and m.suit is not None
    ]
    banned = frozenset[int]() if touching else frozenset(s for s, _, _ in laid_runs)
    obstacles = tuple(
        tuple(sorted((low, high) for s, low, high in laid_runs if s == suit)) for suit in range(4)
    )
    suits = [s for s in tables._run_suits if s not in banned]

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
                found = _suit_bits(
                    tables,
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

    def set_options(rank: int, length: int, nat: list[int]) -> list[tuple[tuple[int, ...], int]]:
        codes = _RANK_CODES[rank]
        ranges = []
        for code in codes:
            most = min(nat[code], tables._copies[code])
            if tables._distinct:
                most = min(most, 1)
            ranges.append(range(most + 1))
        options: list[tuple[tuple[int, ...], int]] = []
        for takes in itertools.product(*ranges):
            m = sum(takes)
            if m > tables._smax[rank]:
                continue
            bits = tables._set_bits(rank, m, wilds, fp)
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
        for rank in tables._set_ranks:
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
    tables: _Tables,
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
    suit = tables._suit_class[suit]
    reps = tables._reps[suit]
    ace_slots = (reps[1] >= 0) + (reps[14] >= 0)
    if all_cards and aces > ace_slots:
        return 0
    aces = min(aces, ace_slots)
    key = (suit, present, aces, lens, all_cards, obstacles, fp)
    found = tables._suit_cache.get(key)
    if found is not None:
        return found & ((1 << (cap + 1)) - 1)
    rows = tables._rows[fp]
    run_max, hi = tables._run_max, tables._hi
    if len(lens) == 1 and not all_cards and not obstacles:
        # one run, any naturals: each window of n cards holding t naturals needs
        # n - t to n wild cards
        shortest = lens[0]
        found = 0
        for a in range(tables._lo, hi + 1):
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
        tables._suit_cache[key] = found
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

    found = walk(tables._lo, lens, aces)
    tables._suit_cache[key] = found
    return found & ((1 << (cap + 1)) - 1)
