"""Gin Rummy's pack on 52-bit masks: the fast deadwood functions and the tables behind them.

Everything here is re-exported by :mod:`rummykit.solver.deadwood`, which documents how it
works and how it relates to the general solver; import it from there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final

from rummykit.cards import Card, Rank, Suit
from rummykit.melds import Meld

__all__ = [
    "CACHE_LIMIT",
    "VALUES",
    "GinArrangement",
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


_CACHE_DISCARD: dict[int, int] = {}
#: Entries kept per cache before it is emptied (a dict is cheaper than an LRU here).
CACHE_LIMIT: Final = 1 << 18


def deadwood_mask(
    mask: int,
    D: tuple[int, ...] = _DEAD,  # noqa: N803  (locals for speed)
    F: int = _SUIT,  # noqa: N803
) -> int:
    """Least deadwood of the hand ``mask`` (see :func:`mask_of`): four table look-ups, and
    for a hand with a rank held three or four times a short search over its sets. Nothing
    is cached: in play a hand seldom comes back (258 repeats in 2,289 such calls over 150
    greedy games), and a cache's miss and store cost more than the search saves.

    >>> deadwood_mask(mask_of(Card.parse(t) for t in ("KS", "KH", "KD", "2C")))
    2
    """
    a = mask & F
    b = mask >> 13 & F
    c = mask >> 26 & F
    d = mask >> 39
    if not (a & b & (c | d)) | (c & d & (a | b)):
        return D[a] + D[b] + D[c] + D[d]
    return _solve(mask, False)


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
    return _solve(mask, False)


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
    _CACHE_DISCARD.clear()


def cache_info() -> dict[str, int]:
    """How many answers each cache of the mask functions holds (``deadwood`` is always 0:
    :func:`deadwood_mask` keeps no cache any more)."""
    return {"deadwood": 0, "discard": len(_CACHE_DISCARD), "limit": CACHE_LIMIT}


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
