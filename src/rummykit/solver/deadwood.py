"""Deadwood: the least value a hand leaves out of melds, and an arrangement that leaves it.

:func:`~rummykit.solver.min_deadwood` and :func:`~rummykit.solver.best_arrangement` solve
any hand under any :class:`~rummykit.melds.MeldContext` (meld rules, deck, wild cards) with
any card values; :mod:`rummykit.solver` describes the search. The functions on 52-bit masks
are the same solver specialised to one case, the question Gin Rummy asks millions of times
(may this hand knock?): the standard 52-card pack without jokers or wild cards, the default
:class:`~rummykit.melds.MeldRules` (sets of three or four, runs of three or more, Ace low)
and the card values :data:`VALUES` (A=1, 2-10 their pips, J Q K 10). There both give the
same number (the tests compare them on random and dense hands):

>>> from rummykit import parse_cards
>>> from rummykit.melds import MeldContext
>>> hand = parse_cards("AS 2S 3S 7H 7D 7C 9C 10C JC QD")
>>> deadwood(hand)                  # A-2-3, three Sevens, 9-10-J of clubs: the Queen is left
10
>>> min_deadwood(hand, MeldContext(), value=lambda card: VALUES[card])
10
>>> best_discard_deadwood(parse_cards("AS 2S 3S 7H 7D 7C 9C 10C JC QD KD"))
10
>>> deadwood(parse_cards("5H 6H 7H 7S 7D"))   # the 7H makes the run or the set, not both
11

The specialisation answers from tables built once at import. A hand is a 52-bit mask, bit
``card.code`` for each card (:func:`mask_of`). Its 13-bit suit masks index three tables: the
cards of the suit that lie in a block of three or more consecutive ranks (any such block is
one run), the value of the other cards of the suit, and the highest of those values. Sets are
what ties the suits together: only a rank held three or four times can form one, and a random
hand rarely has such a rank, so most hands cost four table look-ups. A rank whose cards lie in
no possible run is always best melded as a set; for the rest every choice (no set, the whole
set, or, with four cards, the three that leave out one card that could be in a run) is tried,
at most 72 choices for 11 cards. With eleven cards (after a draw)
:func:`best_discard_deadwood` gives the minimum over every discard: the deadwood of the best
ten cards, the number a player compares with the knock card.

:func:`~rummykit.solver.min_deadwood` does not switch to the masks by itself, even for a
context they cover, as its answer could then differ: its ``value`` is any function, which
cannot be shown to equal :data:`VALUES` without calling it on every card (and need not be
pure); its hand may hold a card twice or a joker, which a mask cannot (:func:`mask_of`
refuses them); and :func:`~rummykit.solver.best_arrangement` and :func:`arrangement` break
ties between equally good arrangements differently. A program that knows its game is Gin
Rummy calls the mask functions, as :mod:`rummykit.games.gin_rummy` does. (They were
``rummykit.games.gin_deadwood``, which still re-exports them, deprecated.)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

import attrs

from rummykit.cards import Card
from rummykit.melds import Meld, MeldContext
from rummykit.solver._packed import (
    _BITS,
    _CARD,
    _MAX_COPIES,
    _RANK_CODES,
    _RANK_OF,
    _SUIT_OF,
    _UNIT,
    _contains,
    _Hand,
    _lowest,
    _pack,
    _Tables,
)
from rummykit.solver.gin_masks import (
    CACHE_LIMIT,
    VALUES,
    GinArrangement,
    arrangement,
    best_discard_deadwood,
    cache_info,
    clear_cache,
    deadwood,
    deadwood_mask,
    discard_deadwood_mask,
    hand_value,
    mask_of,
)
from rummykit.solver.melds import _generate, meld_sort_key

__all__ = [
    "CACHE_LIMIT",
    "VALUES",
    "Arrangement",
    "GinArrangement",
    "arrangement",
    "best_arrangement",
    "best_discard_deadwood",
    "cache_info",
    "clear_cache",
    "deadwood",
    "deadwood_mask",
    "discard_deadwood_mask",
    "hand_value",
    "mask_of",
    "min_deadwood",
]


# -- any variant ---------------------------------------------------------------------------------


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
    return _min_deadwood(_Tables.of(ctx), hand, value=value, first_play=first_play)


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
    the melds, the most valuable wild cards are the ones melded. The melds considered are
    those :func:`~rummykit.solver.possible_melds` lists (wilds of one rank in card order), so
    ``meld_value`` should not tell apart two orders of one rank's wild cards.

    >>> from rummykit import parse_cards
    >>> from rummykit.melds import MeldContext
    >>> best = best_arrangement(parse_cards("7H 8H 9H 9S 9D 9C"), MeldContext(),
    ...                         value=lambda c: 1)
    >>> [str(m) for m in best.melds], best.score
    (['set 9: 9S 9D 9C', 'run 7H-9H: 7H 8H 9H'], 0)
    """
    return _best_arrangement(
        _Tables.of(ctx), hand, value=value, meld_value=meld_value, first_play=first_play
    )


def _min_deadwood(
    tables: _Tables,
    hand: Iterable[Card],
    *,
    value: Callable[[Card], int],
    first_play: bool = False,
) -> int:
    info = tables._hand(hand)
    fp = int(first_play)
    if tables._plain(info):
        return _template_search(tables, info, value, fp)[0]
    return -_concrete_search(tables, info, value, None, fp)[0]


def _best_arrangement(
    tables: _Tables,
    hand: Iterable[Card],
    *,
    value: Callable[[Card], int],
    meld_value: Callable[[Meld], int] | None = None,
    first_play: bool = False,
) -> Arrangement:
    info = tables._hand(hand)
    fp = int(first_play)
    if meld_value is not None or not tables._plain(info):
        score, melds, dead = _concrete_search(tables, info, value, meld_value, fp)
    else:
        total, rebuild = _template_search(tables, info, value, fp)
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
            melds.append(_materialize(tables, cards, fp))
        dead.extend(wild_order[taken:])
    melds.sort(key=meld_sort_key)
    dead.sort()
    return Arrangement(melds=tuple(melds), deadwood=tuple(dead), score=score)


def _materialize(tables: _Tables, cards: list[Card], fp: int) -> Meld:
    """A valid meld made of exactly ``cards`` (the first in :func:`meld_sort_key` order)."""
    info = _Hand(cards, tables._mask)
    for meld, _ in _generate(tables, info, fp):
        if len(meld.cards) == len(cards):
            return meld
    raise AssertionError(f"no meld of {cards}")  # pragma: no cover


def _templates(
    tables: _Tables, low: int, hand: int, cap: int, fp: int
) -> tuple[tuple[int, int], ...]:
    """The melds the natural card ``low`` (the lowest left in ``hand``) can join: pairs of
    (natural cards packed, bit mask of how many wild cards may complete them)."""
    rel = hand & tables._rel[low]
    key = (low, rel, cap, fp)
    found = tables._templates_cache.get(key)
    if found is not None:
        return found
    acc: dict[int, int] = {}
    capmask = (1 << (cap + 1)) - 1
    rank, suit = _RANK_OF[low], _SUIT_OF[low]

    def avail(code: int) -> int:
        n = (hand >> (_BITS * code)) & _MAX_COPIES
        return n - 1 if code == low else n

    if rank and tables._copies[low]:
        if tables._has_sets and tables._smax[rank] >= tables._set_min:
            items: list[tuple[int, int]] = []
            for code in _RANK_CODES[rank]:
                most = tables._copies[code] - (1 if code == low else 0)
                if tables._distinct:
                    most = min(most, 0 if code == low else 1)
                k = min(avail(code), most)
                if k > 0:
                    items.append((code, k))
            for takes in itertools.product(*(range(k + 1) for _, k in items)):
                m = 1 + sum(takes)
                bits = tables._set_bits(rank, m, cap, fp) if m <= tables._smax[rank] else 0
                if bits:
                    vec = _UNIT[low]
                    for (code, _), t in zip(items, takes, strict=True):
                        vec += _UNIT[code] * t
                    acc[vec] = acc.get(vec, 0) | bits
        if tables._has_quartets:
            codes = _RANK_CODES[rank]
            if all(tables._copies[c] and (c == low or avail(c) > 0) for c in codes) and (
                tables._rows[fp][4] & 1
            ):
                vec = _pack(codes)
                acc[vec] = acc.get(vec, 0) | 1
        if tables._has_runs and suit in tables._run_suits:
            reps = tables._reps[suit]
            for pos in (1, 14) if rank == 1 else (rank,):
                if reps[pos] != low:
                    continue
                _run_templates(tables, low, pos, suit=suit, avail=avail, cap=cap, fp=fp, acc=acc)
    result = tuple((vec, bits & capmask) for vec, bits in acc.items() if bits & capmask)
    tables._templates_cache[key] = result
    return result


def _run_templates(
    tables: _Tables,
    low: int,
    pos: int,
    *,
    suit: int,
    avail: Callable[[int], int],
    cap: int,
    fp: int,
    acc: dict[int, int],
) -> None:
    run_max = tables._run_max
    reps = tables._reps[suit]
    # the block of valid positions around pos
    block_lo = pos
    while block_lo - 1 >= tables._lo and reps[block_lo - 1] >= 0 and pos - block_lo + 1 < run_max:
        block_lo -= 1
    block_hi = pos
    while block_hi + 1 <= tables._hi and reps[block_hi + 1] >= 0 and block_hi - pos + 1 < run_max:
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
                    bits = tables._run_bits(suit, positions, fp)
                    if bits:
                        vec = _pack(reps[q] for q in (*ends, *combo))
                        acc[vec] = acc.get(vec, 0) | bits


def _template_search(
    tables: _Tables, info: _Hand, value: Callable[[Card], int], fp: int
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
    sizes = tables._allwild_sizes(wilds_total, fp) if wilds_total else 0
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
    templates = _templates

    def solve(hand: int, k: int) -> int:
        key = hand * width + k
        found = memo.get(key)
        if found is not None:
            return found
        if hand == 0:
            return terminal[k]
        low = ((hand & -hand).bit_length() - 1) // _BITS
        options = templates(tables, low, hand, wilds_total, fp)
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
    tables: _Tables,
    info: _Hand,
    value: Callable[[Card], int],
    meld_value: Callable[[Meld], int] | None,
    fp: int,
) -> tuple[int, list[Meld], list[Card]]:
    """Best score over concrete melds (wild cards by identity): branch on the lowest card."""
    values: dict[int, int] = {code: value(code) for code in set(info.cards)}
    best_of: dict[int, tuple[int, Meld]] = {}
    for meld, vec in _generate(tables, info, fp):
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
