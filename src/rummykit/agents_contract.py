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

from collections.abc import Iterable, Sequence
from functools import lru_cache

from rummykit.cards import Card
from rummykit.contracts import Contract, Requirement, RunDistinctness
from rummykit.melds import Meld, MeldContext, MeldKind

__all__ = ["contract_shortfall", "lay_off_distance"]


def _wild_room(ctx: MeldContext, size: int) -> int:
    """How many of a meld's ``size`` cards may be wild."""
    limit = ctx.wilds.limit
    room = 0
    while room < size and (
        limit.violation(size=size, wilds=room + 1, first_play=False, wild_added=False) is None
    ):
        room += 1
    return room


def contract_shortfall(hand: Iterable[Card], contract: Contract, ctx: MeldContext) -> int:
    """An estimate of how many cards ``hand`` still needs to lay down ``contract``: 0 when
    the plan is complete (then the solver decides), more the further it is."""
    return _shortfall(tuple(sorted(hand)), contract, ctx)


#: Shortfall estimates kept (a bot weighs the same hands again and again: a discard's hand
#: is the next take's, and a search plays the same seat's hand in every sample).
_SHORTFALL_CACHE: int = 8192


@lru_cache(maxsize=_SHORTFALL_CACHE)
def _shortfall(cards: tuple[Card, ...], contract: Contract, ctx: MeldContext) -> int:
    wild = ctx.wilds.mask
    wilds = sum(1 for c in cards if wild[c])
    naturals = [c for c in cards if not wild[c] and c.rank is not None]
    sets = [r for r in contract.requirements if r.kind is not MeldKind.RUN]
    runs = [r for r in contract.requirements if r.kind is MeldKind.RUN]
    best = None
    for runs_first in (False, True) if sets and runs else (False,):
        needs: list[tuple[int, int]] = []  # (cards missing, wilds allowed) per meld
        used: set[int] = set()
        if runs_first:
            needs += _plan_runs(naturals, runs, contract, ctx, used)
            needs += _plan_sets(naturals, sets, ctx, used)
        else:
            needs += _plan_sets(naturals, sets, ctx, used)
            needs += _plan_runs(naturals, runs, contract, ctx, used)
        missing = sum(n for n, _ in needs)
        filled = min(wilds, sum(min(n, room) for n, room in needs))
        missing -= filled
        if contract.all_cards:
            # every card outside the plan must go, one discard at a time: the naturals left
            # out, and the wilds beyond what the planned melds could take (no more wilds than
            # naturals in a meld under a half limit; the rooms say how many)
            missing += len(naturals) - len(used)
            spare = sum(room - min(n, room) for n, room in needs)
            missing += max(0, wilds - filled - spare)
        if best is None or missing < best:
            best = missing
    assert best is not None
    return best


def _plan_sets(
    naturals: Sequence[Card],
    wanted: Sequence[Requirement],
    ctx: MeldContext,
    used: set[int],
) -> list[tuple[int, int]]:
    """The sets of the plan from the ranks held most, one rank each, marking the cards they
    use (by index in ``naturals``) in ``used``."""
    if not wanted:
        return []
    least = ctx.rules.set_min
    by_rank: dict[int, list[int]] = {}
    for i, card in enumerate(naturals):
        if i not in used:
            by_rank.setdefault(int(card.rank or 0), []).append(i)
    ranked = sorted(by_rank.items(), key=lambda item: (-len(item[1]), -item[0]))
    needs = []
    for index in range(len(wanted)):
        held = ranked[index][1] if index < len(ranked) else []
        used.update(held)
        size = max(least, len(held))
        needs.append((size - len(held), _wild_room(ctx, size)))
    return needs


def _plan_runs(
    naturals: Sequence[Card],
    wanted: Sequence[Requirement],
    contract: Contract,
    ctx: MeldContext,
    used: set[int],
) -> list[tuple[int, int]]:
    """The runs of the plan: for each requirement, the window of consecutive positions in
    which the hand holds most natural cards of one suit, windows apart as the contract
    asks (another suit each, or not touching); marks the cards they use in ``used``.
    Positions are bits of one int per suit."""
    if not wanted:
        return []
    low, high = ctx.rules.aces.positions
    low = max(low, 1)
    held: dict[object, int] = {}  # suit -> positions held
    where: dict[object, dict[int, int]] = {}  # suit -> position -> index in naturals
    for i, card in enumerate(naturals):
        if i in used:
            continue
        rank = int(card.rank or 0)
        for pos in (1, 14) if rank == 1 else (rank,):
            if low <= pos <= high and pos not in where.setdefault(card.suit, {}):
                where[card.suit][pos] = i
                held[card.suit] = held.get(card.suit, 0) | 1 << pos
    blocked: dict[object, int] = {}  # suit -> positions a new run may not use
    other_suit = contract.run_distinctness is RunDistinctness.SUITS
    needs = []
    for requirement in wanted:
        length = max(ctx.rules.run_min, requirement.min_len or 0)
        full = (1 << length) - 1
        best: tuple[int, object, int] = (-1, None, 0)
        for suit, bits in held.items():
            if other_suit and suit in blocked:
                continue
            no = blocked.get(suit, 0)
            for start in range(low, high - length + 2):
                window = full << start
                if not window & no:
                    count = (bits & window).bit_count()
                    if count > best[0]:
                        best = (count, suit, start)
        count, suit, start = best
        if suit is None:
            needs.append((length, _wild_room(ctx, length)))
            continue
        bits = held[suit]
        window = full << start
        # a window takes in the naturals right beside it
        while (window << 1) & bits & ~window & ((1 << (high + 1)) - 1):
            window |= window << 1 & bits
        while (window >> 1) & bits & ~window & ~((1 << low) - 1):
            window |= window >> 1 & bits
        size = window.bit_count()
        indices = {i for pos, i in where[suit].items() if window >> pos & 1}
        used.update(indices)
        # a card fills one position only (an Ace either end), and runs of a suit do not touch
        held[suit] = bits & ~sum(1 << pos for pos, i in where[suit].items() if i in indices)
        blocked[suit] = blocked.get(suit, 0) | window | window << 1 | window >> 1
        needs.append((length - min(length, count), _wild_room(ctx, size)))
    return needs


def lay_off_distance(card: Card, table: Iterable[Meld], ctx: MeldContext) -> int | None:
    """How many other cards must join a meld on the table before ``card`` can be laid off on
    it: 0 for a card of a set's rank or a run's next card (and for a wild card), 2 for the
    card two places beyond a run's end, ``None`` when no meld on the table can ever take it.
    A player who has laid down the contract and may only lay off keeps the nearest cards.

    >>> from rummykit.melds import AceRule, MeldRules
    >>> ctx = MeldContext(rules=MeldRules(run_min=4, aces=AceRule.HIGH))
    >>> table = [Meld.parse("run 5H-8H: 5H 6H 7H 8H"), Meld.parse("set K: KS KD KC")]
    >>> [lay_off_distance(Card.parse(c), table, ctx) for c in ("9H", "JH", "KH", "3C")]
    [0, 2, 0, None]
    """
    if ctx.wilds.mask[card]:
        return 0
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
        elif meld.rank is rank:
            return 0
    return best
