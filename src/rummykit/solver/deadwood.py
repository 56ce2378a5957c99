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
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final

import attrs

from rummykit.cards import Card, Rank, Suit
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
from rummykit.solver.melds import _generate, meld_sort_key

__all__ = [
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


# -- the standard pack, no wild cards, gin meld rules: 52-bit masks ---------------------------

_SUIT: Final = 0x1FFF
#: Deadwood value of each card code 0-51 (A=1, 2-10 their pips, J Q K 10).
VALUES: Final[tuple[int, ...]] = tuple(min(code % 13 + 1, 10) for code in range(52))
_RANK_VALUE: Final = VALUES[:13]


def _suit_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per 13-bit suit mask: the cards in runs (blocks of 3+), the value of the others and
    the highest value among the others."""
    covered = [0] * 8192
    dead = [0] * 8192
    top = [0] * 8192
    for mask in range(1, 8192):
        # Built from the mask without its highest card: only the top block can change.
        high = mask.bit_length() - 1
        rest = mask ^ (1 << high)
        length = 1
        while length <= high and mask >> (high - length) & 1:
            length += 1
        low = high - length + 1
        block = ((1 << length) - 1) << low
        if length >= 3:
            covered[mask] = covered[rest] | block
        else:
            covered[mask] = covered[rest] & ~block
        loose = mask & ~covered[mask]
        dead[mask] = sum(_RANK_VALUE[i] for i in range(13) if loose >> i & 1)
        top[mask] = _RANK_VALUE[loose.bit_length() - 1] if loose else 0
    return tuple(covered), tuple(dead), tuple(top)


_COV, _DEAD, _TOP = _suit_tables()


def _set_options() -> tuple[tuple[int, ...], ...]:
    """For rank ``r``, the suits holding it ``p`` and the suits whose card of rank ``r`` could
    be in a run ``q`` (4-bit masks), the 52-bit masks of the set choices worth trying: no
    set, all the cards, or (with four cards) three that leave out a card that could be in a
    run. Indexed ``(r * 16 + p) * 16 + q``."""
    table: list[tuple[int, ...]] = []
    for rank in range(13):
        for held in range(16):
            cards = [rank + 13 * s for s in range(4) if held >> s & 1]
            whole = sum(1 << c for c in cards)
            for runny in range(16):
                options = [0]
                if len(cards) >= 3:
                    options.append(whole)
                if len(cards) == 4:
                    options.extend(
                        whole ^ (1 << (rank + 13 * s)) for s in range(4) if runny >> s & 1
                    )
                table.append(tuple(options))
    return tuple(table)


_OPTIONS: Final = _set_options()


def _solve(  # noqa: PLR0917  (defaults are locals, for speed)
    mask: int,
    discard: bool,
    D: tuple[int, ...] = _DEAD,  # noqa: N803  (locals for speed)
    C: tuple[int, ...] = _COV,  # noqa: N803
    T: tuple[int, ...] = _TOP,  # noqa: N803
    O: tuple[tuple[int, ...], ...] = _OPTIONS,  # noqa: N803, E741
    F: int = _SUIT,  # noqa: N803
) -> int:
    """Least deadwood of ``mask``; with ``discard``, less the highest deadwood card (the
    best discard, see :func:`discard_deadwood_mask`)."""
    a = mask & F
    b = mask >> 13 & F
    c = mask >> 26 & F
    d = mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        if discard:
            return D[a] + D[b] + D[c] + D[d] - max(T[a], T[b], T[c], T[d])
        return D[a] + D[b] + D[c] + D[d]
    ca, cb, cc, cd = C[a], C[b], C[c], C[d]
    # Ranks none of whose cards could be in a run: the whole set is always best.
    free = triples & ~(ca | cb | cc | cd)
    if free:
        keep = ~free
        a &= keep
        b &= keep
        c &= keep
        d &= keep
        triples ^= free
        if not triples:
            if discard:
                return D[a] + D[b] + D[c] + D[d] - max(T[a], T[b], T[c], T[d])
            return D[a] + D[b] + D[c] + D[d]
        mask = a | b << 13 | c << 26 | d << 39
    combos: list[int] = [0]
    while triples:
        low = triples & -triples
        r = low.bit_length() - 1
        held = (a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3
        runny = (ca >> r & 1) | (cb >> r & 1) << 1 | (cc >> r & 1) << 2 | (cd >> r & 1) << 3
        options = O[(r * 16 + held) * 16 + runny]
        combos = [x | o for x in combos for o in options]
        triples ^= low
    best = 1 << 30
    for removed in combos:
        m = mask & ~removed
        a, b, c, d = m & F, m >> 13 & F, m >> 26 & F, m >> 39
        value = D[a] + D[b] + D[c] + D[d]
        if discard:
            value -= max(T[a], T[b], T[c], T[d])
        best = min(best, value)
    return best


_CACHE: dict[int, int] = {}
_CACHE_DISCARD: dict[int, int] = {}
#: Entries kept per cache before it is emptied (a dict is cheaper than an LRU here).
CACHE_LIMIT: Final = 1 << 18


def deadwood_mask(
    mask: int,
    D: tuple[int, ...] = _DEAD,  # noqa: N803  (locals for speed)
    F: int = _SUIT,  # noqa: N803
) -> int:
    """Least deadwood of the hand ``mask`` (see :func:`mask_of`). Hands with a rank held
    three or four times are cached; the others cost four table look-ups.

    >>> deadwood_mask(mask_of(Card.parse(t) for t in ("KS", "KH", "KD", "2C")))
    2
    """
    a = mask & F
    b = mask >> 13 & F
    c = mask >> 26 & F
    d = mask >> 39
    if not (a & b & (c | d)) | (c & d & (a | b)):
        return D[a] + D[b] + D[c] + D[d]
    found = _CACHE.get(mask)
    if found is None:
        if len(_CACHE) >= CACHE_LIMIT:
            _CACHE.clear()
        found = _CACHE[mask] = _solve(mask, False)
    return found


def discard_deadwood_mask(
    mask: int,
    D: tuple[int, ...] = _DEAD,  # noqa: N803  (locals for speed)
    T: tuple[int, ...] = _TOP,  # noqa: N803
    F: int = _SUIT,  # noqa: N803
) -> int:
    """Least deadwood of the hand ``mask`` after its best discard: the minimum, over every
    card, of :func:`deadwood_mask` of the hand without it (0 for an empty hand).

    The least deadwood after a discard equals, over every arrangement of the whole hand,
    the least of its deadwood less its highest deadwood card, so one pass over the
    arrangements answers it. A hand whose cards can all be melded keeps no deadwood unless
    every such arrangement is made of three-card melds, which needs a multiple of three
    cards; those hands try each discard.

    >>> discard_deadwood_mask(mask_of(Card.parse(t) for t in ("KS", "KH", "KD", "2C", "9D")))
    2
    """
    a = mask & F
    b = mask >> 13 & F
    c = mask >> 26 & F
    d = mask >> 39
    if not (a & b & (c | d)) | (c & d & (a | b)) and mask.bit_count() % 3:
        return D[a] + D[b] + D[c] + D[d] - max(T[a], T[b], T[c], T[d])
    found = _CACHE_DISCARD.get(mask)
    if found is None:
        if len(_CACHE_DISCARD) >= CACHE_LIMIT:
            _CACHE_DISCARD.clear()
        count = mask.bit_count()
        if count == 0:
            found = 0
        elif count % 3:
            found = _solve(mask, True)
        else:
            found = min(_solve(mask ^ bit, False) for bit in _bits(mask))
        _CACHE_DISCARD[mask] = found
    return found


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


#: The bit of each card code of the 52-card pack (a :class:`Card` is an ``int``).
_BIT_OF: Final[dict[int, int]] = {code: 1 << code for code in range(52)}


def mask_of(cards: Iterable[Card | int], _bit: Callable[[int], int] = _BIT_OF.__getitem__) -> int:
    """The 52-bit mask of ``cards`` (bit ``card.code``); each card at most once. Raises
    ``ValueError`` for a joker, a repeated card or anything else.

    >>> bin(mask_of(Card.parse(t) for t in ("AS", "3S")))
    '0b101'
    >>> mask_of(Card.parse(t) for t in ("AS", "AS"))
    Traceback (most recent call last):
    ...
    ValueError: a gin hand holds each of the 52 cards at most once: AS twice
    """
    try:
        bits = [*map(_bit, cards)]  # C-speed look-ups; a bad card is not a key
    except (KeyError, TypeError) as error:
        bad = error.args[0] if isinstance(error, KeyError) else error
        raise ValueError(f"not one of the 52 cards of a gin pack: {bad!r}") from None
    mask = sum(bits)
    if mask.bit_count() != len(bits):  # a repeated bit carries into another
        twice = Counter(bits).most_common(1)[0][0].bit_length() - 1
        raise ValueError(
            f"a gin hand holds each of the 52 cards at most once: {Card(twice)} twice"
        )
    return mask


def _quick_mask(
    cards: Iterable[Card | int], get: Callable[[int], int] = _BIT_OF.__getitem__
) -> int:
    """:func:`mask_of` for a list or tuple of valid, distinct cards (the common case) in
    one pass at C speed; anything else goes through :func:`mask_of`, which explains."""
    if type(cards) is list or type(cards) is tuple:
        try:
            mask = sum(map(get, cards))
        except (KeyError, TypeError):
            return mask_of(cards)
        if mask.bit_count() == len(cards):
            return mask
    return mask_of(cards)


def deadwood(
    cards: Iterable[Card | int],
    D: tuple[int, ...] = _DEAD,  # noqa: N803  (locals for speed)
    F: int = _SUIT,  # noqa: N803
    get: Callable[[int], int] = _BIT_OF.__getitem__,
) -> int:
    """Least deadwood of a hand of any size (a sequence of :class:`~rummykit.cards.Card`,
    or of their codes).

    >>> from rummykit import parse_cards
    >>> deadwood(parse_cards("AS 2S 3S 7H 7D 7C 9C JC 5D 8D"))
    32
    """
    # _quick_mask, inlined: this is the call a bot makes most
    if type(cards) is list or type(cards) is tuple:
        try:
            mask = sum(map(get, cards))
        except (KeyError, TypeError):
            mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            mask = mask_of(cards)
    else:
        mask = mask_of(cards)
    a = mask & F
    b = mask >> 13 & F
    c = mask >> 26 & F
    d = mask >> 39
    if not (a & b & (c | d)) | (c & d & (a | b)):
        return D[a] + D[b] + D[c] + D[d]
    return deadwood_mask(mask)


def best_discard_deadwood(cards: Iterable[Card | int]) -> int:
    """Least deadwood of a hand after its best discard (for the 11 cards held after a draw).

    >>> from rummykit import parse_cards
    >>> best_discard_deadwood(parse_cards("AS 2S 3S 7H 7D 7C 9C JC 5D 8D KH"))
    32
    """
    return discard_deadwood_mask(_quick_mask(cards))


def hand_value(mask: int) -> int:
    """The value of every card in ``mask``, melded or not.

    >>> hand_value(mask_of(Card.parse(t) for t in ("AS", "KH", "7D")))
    18
    """
    return sum(VALUES[c] for c in range(52) if mask >> c & 1)


def clear_cache() -> None:
    """Empty the answer caches of the mask functions (for honest timing of first calls; the
    general solver's are emptied by :meth:`Solver.clear_caches
    <rummykit.solver.Solver.clear_caches>`)."""
    _CACHE.clear()
    _CACHE_DISCARD.clear()


def cache_info() -> dict[str, int]:
    """How many answers each cache of the mask functions holds."""
    return {"deadwood": len(_CACHE), "discard": len(_CACHE_DISCARD), "limit": CACHE_LIMIT}


# -- the arrangement behind the number ------------------------------------------------------


class GinArrangement(tuple[tuple[Meld, ...], tuple[Card, ...]]):
    """A best arrangement as :func:`arrangement` gives it: ``(melds, deadwood cards)``; runs
    are whole blocks. (The general solver's is :class:`~rummykit.solver.Arrangement`.)"""

    __slots__ = ()

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The melds, sets first."""
        return self[0]

    @property
    def deadwood(self) -> tuple[Card, ...]:
        """The cards in no meld."""
        return self[1]

    @property
    def value(self) -> int:
        """The deadwood count."""
        return sum(VALUES[c] for c in self[1])


def arrangement(cards: Iterable[Card | int]) -> GinArrangement:
    """A way to meld ``cards`` that leaves the least deadwood.

    >>> from rummykit import parse_cards
    >>> best = arrangement(parse_cards("5H 6H 7H 7S 7D 7C KS"))
    >>> [str(m) for m in best.melds], [str(c) for c in best.deadwood], best.value
    (['set 7: 7S 7D 7C', 'run 5H-7H: 5H 6H 7H'], ['KS'], 10)
    """
    mask = mask_of(cards)
    target = deadwood_mask(mask)
    suits = [mask >> (13 * s) & _SUIT for s in range(4)]
    triples = (suits[0] & suits[1] & (suits[2] | suits[3])) | (
        suits[2] & suits[3] & (suits[0] | suits[1])
    )
    combos = [0]
    for rank in range(13):
        if triples >> rank & 1:
            held = sum((suits[s] >> rank & 1) << s for s in range(4))
            options = _OPTIONS[(rank * 16 + held) * 16 + held]
            combos = [x | o for x in combos for o in options]
    for removed in combos:
        rest = mask & ~removed
        parts = [rest >> (13 * s) & _SUIT for s in range(4)]
        if sum(_DEAD[p] for p in parts) != target:
            continue
        melds: list[Meld] = []
        for rank in range(13):
            group = [Card(rank + 13 * s) for s in range(4) if removed >> (rank + 13 * s) & 1]
            if group:
                melds.append(Meld.set(group, rank=Rank(rank + 1)))
        loose: list[Card] = []
        for s, part in enumerate(parts):
            runs = _COV[part]
            i = 0
            while i < 13:
                if runs >> i & 1:
                    j = i
                    while j < 13 and runs >> j & 1:
                        j += 1
                    run = [Card(k + 13 * s) for k in range(i, j)]
                    melds.append(Meld.run(run, suit=Suit(s), start=i + 1))
                    i = j
                else:
                    i += 1
            loose.extend(Card(k + 13 * s) for k in range(13) if (part & ~runs) >> k & 1)
        return GinArrangement((tuple(melds), tuple(sorted(loose))))
    raise AssertionError("the solver's minimum has an arrangement")
