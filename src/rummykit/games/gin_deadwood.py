"""Exact minimum deadwood for Gin Rummy hands, fast: tables over suit bit masks.

The generic :mod:`rummykit.solver` arranges any hand under any meld rules. Gin Rummy asks one
question millions of times (may this hand knock?) about one deck: 52 cards, Ace low, sets of
three or four, runs of three or more, cards worth A=1, 2-10 their pips, J Q K 10. This
module answers it for that deck only, exactly, from tables built once at import.

A hand is a 52-bit mask, bit ``card.code`` for each card (:func:`mask_of`). Its 13-bit suit
masks index three tables: the cards of the suit that lie in a block of three or more
consecutive ranks (any such block is one run), the value of the other cards of the suit,
and the highest of those values. Sets are what ties the suits together: only a rank held
three or four times can form one, and a random hand rarely has such a rank, so most hands
cost four table look-ups. A rank whose cards lie in no possible run is always best melded
as a set; for the rest every choice (no set, the whole set, or, with four cards, the three
that leave out one card that could be in a run) is tried, at most 72 choices for 11 cards.

>>> from rummykit import parse_cards
>>> hand = parse_cards("AS 2S 3S 7H 7D 7C 9C 10C JC QD")
>>> deadwood(hand)                  # A-2-3, three Sevens, 9-10-J of clubs: the Queen is left
10
>>> best_discard_deadwood(parse_cards("AS 2S 3S 7H 7D 7C 9C 10C JC QD KD"))
10
>>> deadwood(parse_cards("5H 6H 7H 7S 7D"))   # the 7H makes the run or the set, not both
11

With eleven cards (after a draw) :func:`best_discard_deadwood` gives the minimum over every
discard: the deadwood of the best ten cards, the number a player compares with the knock card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from rummykit.cards import Card, Rank, Suit
from rummykit.melds import Meld

__all__ = [
    "VALUES",
    "Arrangement",
    "arrangement",
    "best_discard_deadwood",
    "cache_info",
    "clear_cache",
    "deadwood",
    "deadwood_mask",
    "discard_deadwood_mask",
    "hand_value",
    "mask_of",
]

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


def mask_of(cards: Iterable[Card | int]) -> int:
    """The 52-bit mask of ``cards`` (bit ``card.code``); each card at most once.

    >>> bin(mask_of(Card.parse(t) for t in ("AS", "3S")))
    '0b101'
    """
    mask = 0
    for card in cards:
        bit = 1 << card
        if mask & bit or not 0 <= card < 52:
            raise ValueError(f"a gin hand holds each of the 52 cards at most once: {card!r}")
        mask |= bit
    return mask


def deadwood(cards: Iterable[Card | int]) -> int:
    """Least deadwood of a hand of any size (a sequence of :class:`~rummykit.cards.Card`)."""
    return deadwood_mask(mask_of(cards))


def best_discard_deadwood(cards: Iterable[Card | int]) -> int:
    """Least deadwood of a hand after its best discard (for the 11 cards held after a draw)."""
    return discard_deadwood_mask(mask_of(cards))


def hand_value(mask: int) -> int:
    """The value of every card in ``mask``, melded or not.

    >>> hand_value(mask_of(Card.parse(t) for t in ("AS", "KH", "7D")))
    18
    """
    return sum(VALUES[c] for c in range(52) if mask >> c & 1)


def clear_cache() -> None:
    """Empty the answer caches (for honest timing of first calls)."""
    _CACHE.clear()
    _CACHE_DISCARD.clear()


def cache_info() -> dict[str, int]:
    """How many answers each cache holds."""
    return {"deadwood": len(_CACHE), "discard": len(_CACHE_DISCARD), "limit": CACHE_LIMIT}


# -- the arrangement behind the number ------------------------------------------------------


class Arrangement(tuple[tuple[Meld, ...], tuple[Card, ...]]):
    """A best arrangement: ``(melds, deadwood cards)``; runs are whole blocks."""

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


def arrangement(cards: Iterable[Card | int]) -> Arrangement:
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
        return Arrangement((tuple(melds), tuple(sorted(loose))))
    raise AssertionError("the solver's minimum has an arrangement")
