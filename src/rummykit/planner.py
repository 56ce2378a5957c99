"""Planning a way out over draws the seat knows.

In Basic Rummy an empty stock is replaced by the discard pile turned over unshuffled, so a
seat that remembers the discards (:class:`~rummykit.recall.Recall`) knows the new stock card
by card. Once a deal has stalled (the pile turned over twice, by the public counters the
greedy agent goes by), greedy players draw from the stock every turn and throw a card at
random: the seat then knows which cards it will draw, every ``players``-th card of the stock
from the top, and going out becomes a puzzle: which cards to keep so that the known draws
complete the hand soonest.

:func:`turns_to_out` solves the puzzle for a hand and a sequence of draws: the fewest draws
after which the hand can be laid down whole (in melds of its own and lay-offs on the
table's melds, with at most one card left to throw), over every choice of discards; with
``spare``, the fewest after which it could but for that many cards more. A stalled deal's
hands are down to a few cards that no meld on the table takes, and a way out within the
known draws is rare (in four-player Basic Rummy, 1 of 7,581 stalled draws of greedy play
had one); a hand one card short of it is the step before. :func:`plan_move` makes the
move that keeps the quickest way to such a hand (:data:`SPARE`), going out where it can:
it is what :class:`~rummykit.search.SearchAgent` plays with ``plan=True`` where it applies,
before it searches.

The puzzle leaves out what the seat cannot plan: another seat going out first, laying off
a card the plan keeps for itself, or taking a discard (which a stalled greedy player does
not). It keeps the melds in the hand until the turn it goes out: laying them earlier
changes nothing the plan needs, and could break a run the plan keeps for later.

>>> from rummykit import parse_cards
>>> from rummykit.melds import AceRule, MeldContext, MeldRules
>>> ctx = MeldContext(rules=MeldRules(set_max=4, aces=AceRule.LOW))
>>> hand = parse_cards("5H 6H 9S 9D 9C 4C KD")
>>> turns_to_out(hand, parse_cards("2S 7H 8H"), (), ctx)   # keep the hearts: out at the 8H
3
>>> turns_to_out(hand, parse_cards("2S 7H 3S"), (), ctx) is None
True
>>> turns_to_out(hand, parse_cards("2S 7H 3S"), [Meld.parse("run 5C-7C: 5C 6C 7C")], ctx)
2
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from rummykit.agents import _stalled
from rummykit.cards import Card
from rummykit.engine.moves import Discard, Draw, End, LayMeld, LayOff, Move, TakeDiscard
from rummykit.engine.rummy_state import RummyView
from rummykit.engine.views import View
from rummykit.melds import Meld, MeldContext, MeldKind
from rummykit.pieces.stock import TurnOver
from rummykit.recall import Recall

__all__ = ["MAX_DRAWS", "MAX_NODES", "SPARE", "goes_out", "plan_move", "turns_to_out"]

#: Search nodes one check of a pool may visit (a bound on the work of a decision; a
#: check that reaches it finds no way out).
MAX_NODES: Final = 20000

#: What :func:`plan_move` plans for: the fewest draws to a hand that could go out but for
#: this many cards more. A way out itself is rare in a stalled deal (in four-player Basic
#: Rummy the hands are down to a few cards that no meld on the table takes, and one lay
#: within the known draws was found at 1 of 7,581 stalled draws); a hand one card short is
#: the step before it, and planning for it is what gained over greedy play.
SPARE: Final = 1

#: The seat's draws a plan looks ahead at most.
MAX_DRAWS: Final = 12


class _Pool:
    """The cards a hand could be made of (the hand and the draws), and every way to lay
    some of them down: the melds among them and the lay-offs on the table's melds. A way
    is an item: the bitmask of its cards in ``cards`` and, for a lay-off, the table meld
    it grows and how."""

    __slots__ = ("cards", "ctx", "groups", "items", "table")

    def __init__(self, cards: Sequence[Card], table: Sequence[Meld], ctx: MeldContext) -> None:
        self.cards = tuple(sorted(set(cards)))
        self.ctx = ctx
        self.table = tuple(table)
        rules = ctx.rules
        low_end, high_end = rules.aces.positions
        # per item: (mask, table meld or -1, which end: 0 low, 1 high, 2 a set's card, size)
        items: list[tuple[int, int, int, int]] = []
        by_rank: dict[int, list[int]] = {}
        by_place: dict[tuple[int, int], int] = {}  # (suit, position): card index
        for i, card in enumerate(self.cards):
            rank, suit = card.rank, card.suit
            if rank is None or suit is None:
                continue
            by_rank.setdefault(int(rank), []).append(i)
            for place in _places(card, low_end, high_end):
                by_place[int(suit), place] = i
        set_max = rules.set_max if rules.set_max is not None else 4
        for members in by_rank.values():
            for size in range(rules.set_min, min(set_max, len(members)) + 1):
                for chosen in itertools.combinations(members, size):
                    items.append((_mask(chosen), -1, 0, size))
        for run_suit, start in by_place:
            run: list[int] = []
            place = start
            while (run_suit, place) in by_place and len(run) < rules.run_max:
                run.append(by_place[run_suit, place])
                if len(run) >= rules.run_min:
                    items.append((_mask(run), -1, 0, len(run)))
                place += 1
        for target, meld in enumerate(self.table):
            if meld.kind is MeldKind.RUN and meld.suit is not None:
                meld_suit, room = int(meld.suit), rules.run_max - len(meld)
                for end, step, edge in ((0, -1, meld.low), (1, 1, meld.high)):
                    chain: list[int] = []
                    place = edge + step
                    while (
                        len(chain) < room
                        and low_end <= place <= high_end
                        and (meld_suit, place) in by_place
                    ):
                        chain.append(by_place[meld_suit, place])
                        items.append((_mask(chain), target, end, len(chain)))
                        place += step
            elif meld.rank is not None:
                for i in by_rank.get(int(meld.rank), ()):
                    items.append((1 << i, target, 2, 1))
        # each item listed under its lowest card, the longest first
        self.items: list[list[tuple[int, int, int, int]]] = [[] for _ in self.cards]
        for item in sorted(items, key=lambda item: -item[3]):
            self.items[(item[0] & -item[0]).bit_length() - 1].append(item)
        self.groups = {t: (m.kind is MeldKind.RUN, len(m)) for t, m in enumerate(self.table)}

    def cover(self, within: int, sizes: tuple[int, ...], must: int = 0) -> int | None:
        """A bitmask of cards among ``within`` that can be laid down together, as many as
        one of ``sizes``, holding ``must`` (a card's bit) unless it has the smallest of
        ``sizes``; ``None`` if there is none (or the search ran past :data:`MAX_NODES`)."""
        rules = self.ctx.rules
        set_max = rules.set_max
        smallest, largest = min(sizes), max(sizes)
        budget = [MAX_NODES]
        grown: dict[int, int] = {}  # table meld: cards laid off on it
        ends: set[tuple[int, int]] = set()  # (table meld, end) taken by a chain

        def search(start: int, mask: int, size: int) -> int | None:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if size in sizes and (mask & must or size == smallest or not must):
                return mask
            left = within & ~mask & ~((1 << start) - 1)
            if size + left.bit_count() < smallest:
                return None
            while left:
                low = left & -left
                i = low.bit_length() - 1
                left ^= low
                for item, target, end, count in self.items[i]:
                    if item & ~within or item & mask or size + count > largest:
                        continue
                    if target >= 0:
                        run, length = self.groups[target]
                        laid = grown.get(target, 0)
                        if run and (
                            (target, end) in ends or length + laid + count > rules.run_max
                        ):
                            continue
                        if not run and set_max is not None and length + laid + 1 > set_max:
                            continue
                        grown[target] = laid + count
                        if run:
                            ends.add((target, end))
                        found = search(i + 1, mask | item, size + count)
                        grown[target] = laid
                        if run:
                            ends.discard((target, end))
                    else:
                        found = search(i + 1, mask | item, size + count)
                    if found is not None:
                        return found
                    if budget[0] < 0:
                        return None
                if size + left.bit_count() < smallest:
                    return None
            return None

        return search(0, 0, 0)

    def mask(self, cards: Iterable[Card]) -> int:
        """The bitmask of ``cards`` (those in the pool)."""
        index = {card: i for i, card in enumerate(self.cards)}
        return _mask(index[card] for card in cards if card in index)

    def of(self, mask: int) -> frozenset[Card]:
        """The cards of ``mask``."""
        return frozenset(card for i, card in enumerate(self.cards) if mask >> i & 1)


def _mask(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def _places(card: Card, low_end: int, high_end: int) -> tuple[int, ...]:
    """Where ``card`` can stand in a run (an ace at 1 or 14, as the ace rule allows)."""
    rank = card.rank
    if rank is None:
        return ()
    if rank == 1:
        return tuple(p for p in (1, 14) if low_end <= p <= high_end)
    return (int(rank),)


def goes_out(
    hand: Iterable[Card], table: Sequence[Meld], ctx: MeldContext, *, spare: int = 0
) -> bool:
    """Whether ``hand`` can be laid down whole in melds and lay-offs on ``table``, at most
    one card left to throw (with ``spare``, but for that many cards more).

    >>> from rummykit import parse_cards
    >>> from rummykit.melds import MeldContext, MeldRules
    >>> ctx = MeldContext(rules=MeldRules(set_max=4))
    >>> goes_out(parse_cards("5H 6H 7H 9S 9D 9C KD"), (), ctx)
    True
    >>> goes_out(parse_cards("5H 6H 7H 9S 9D QC KD"), (), ctx)
    False
    """
    cards = tuple(hand)
    pool = _Pool(cards, table, ctx)
    everything = (1 << len(pool.cards)) - 1
    if len(cards) <= 1 + spare:
        return True
    sizes = tuple(range(len(cards) - 1 - spare, len(cards) + 1))
    return pool.cover(everything, sizes) is not None


def _earliest(
    held: Sequence[Card],
    draws: Sequence[Card],
    table: Sequence[Meld],
    ctx: MeldContext,
    *,
    size: int,
    spare: int = 0,
) -> tuple[int, frozenset[Card]]:
    """The fewest of ``draws`` after which a hand made from ``held`` goes out (or, with
    ``spare``, would but for that many cards more), holding ``size`` cards once it has
    drawn (``len(held) + 1`` for a hand about to draw, ``len(held)`` for one that throws a
    card first), and the cards it lays down with the card drawn; ``(0, frozenset())`` where
    it does not within them. Any choice of cards to keep can be reached, throwing one card
    a turn (one just drawn, or one held from the start), so the hand at draw ``t`` is any
    ``size - 1`` cards of ``held`` and the earlier draws, with draw ``t`` itself."""
    draws = list(draws[:MAX_DRAWS])
    pool = _Pool([*held, *draws], table, ctx)
    within = pool.mask(held)
    for turn, card in enumerate(draws, 1):
        drawn = pool.mask([card])
        within |= drawn
        found = pool.cover(within, tuple(range(max(1, size - 1 - spare), size + 1)), drawn)
        if found is not None:
            return turn, pool.of(found) | {card}
    return 0, frozenset()


def turns_to_out(
    hand: Iterable[Card],
    draws: Sequence[Card],
    table: Iterable[Meld],
    ctx: MeldContext,
    *,
    spare: int = 0,
) -> int | None:
    """The fewest of ``draws`` (the cards the seat will draw, in order) after which ``hand``
    can be laid down whole in melds and lay-offs on ``table``, at most one card left to
    throw, throwing one card after each draw that does not; ``None`` where no choice of
    discards gets there within ``draws`` (looking :data:`MAX_DRAWS` draws ahead at most).
    For games without wild cards, with one card of each kind.
    """
    cards = tuple(hand)
    turn, _ = _earliest(cards, draws, tuple(table), ctx, size=len(cards) + 1, spare=spare)
    return turn or None


def plan_move(view: View, legal: Sequence[Move], memory: Recall | None) -> Move | None:
    """The move that keeps the seat's quickest way out over the draws ``memory`` knows, at
    a decision of a stalled deal (see the module's introduction); ``None`` where the puzzle
    does not apply (a deal not stalled, a stock not known in order, wild cards, a game whose
    hands cannot be laid down whole, a move the puzzle does not model) or no way out lies
    within the known draws.

    Drawing or taking the top discard: whichever goes out sooner (drawing among equals, as
    a stalled greedy player would). After the draw: where the hand can go out this turn, the
    first legal meld (the longest first) or lay-off that leaves it able to, then the last
    card thrown; else no meld, and a discard that keeps the quickest way out (the highest
    card such, the one that would cost most if another seat went out first).
    """
    if not isinstance(view, RummyView) or memory is None:
        return None
    order = _drawn_in_order(view, memory)
    if order is None:
        return None
    table = tuple(placed.meld for placed in view.table)
    ctx, players, hand = view.context, view.players, view.hand
    if Draw() in legal:
        drawing, _ = _earliest(hand, order[::players], table, ctx, size=len(hand) + 1, spare=SPARE)
        taking = 0
        top = view.discard_top
        if TakeDiscard() in legal and top is not None:
            if goes_out((*hand, top), table, ctx):
                taking = 1
            else:
                # the top card leaves the pile, the next draws are the others'
                after = [card for card in order if card != top][players - 1 :: players]
                turns, _ = _earliest(
                    (*hand, top), after, table, ctx, size=len(hand) + 1, spare=SPARE
                )
                taking = turns + 1 if turns else 0
        if taking and (not drawing or taking < drawing):
            return TakeDiscard()
        return Draw() if drawing else None
    if not all(isinstance(move, (LayMeld, LayOff, Discard)) for move in legal):
        return None
    if goes_out(hand, table, ctx):
        return _going_out(view, legal, table)
    after = order[players - 1 :: players]  # the others draw first
    turns, kept = _earliest(hand, after, table, ctx, size=len(hand), spare=SPARE)
    if not turns:
        return None
    thrown = [move for move in legal if isinstance(move, Discard) and move.card not in kept]
    return max(thrown, key=lambda move: (move.card.rank or 0, move.card), default=None)


def _drawn_in_order(view: RummyView, memory: Recall) -> list[Card] | None:
    """The cards to be drawn from now on, in order, as far as ``memory`` knows them: the
    stock from the top, then the discard pile (which the stock piece turns over unshuffled
    when the stock runs out, its top card staying, a card discarded after now), where the
    puzzle applies to ``view``'s decision (see :func:`plan_move`); else ``None``."""
    rules = getattr(view.game, "rules", None)
    going_out = getattr(rules, "going_out", None)
    stock_rule = getattr(rules, "stock_rule", None)
    if (
        not memory.follows(view)
        or view.to_move != view.seat
        or not _stalled(view)
        or view.wild_cards
        or not isinstance(stock_rule, TurnOver)
        or going_out is None
        or not going_out.by_laying
        or not set(view.context.rules.kinds()) <= {MeldKind.SET, MeldKind.RUN}
    ):
        return None
    pile = list(memory.pile)
    if not memory.stock and stock_rule.keep_top:
        pile = pile[:-1]  # the stock is turned over now: the top card stays
    order: list[Card] = []
    for card in (*reversed(memory.stock), *pile):
        if card is None:
            break
        order.append(card)
    return order


def _going_out(view: RummyView, legal: Sequence[Move], table: tuple[Meld, ...]) -> Move | None:
    """At a hand that can go out this turn: the last card thrown, or the first meld (the
    longest first) or lay-off that leaves the rest able to go out."""
    if len(view.hand) == 1:
        return next((move for move in legal if isinstance(move, Discard)), None)
    lays = [move for move in legal if isinstance(move, (LayMeld, LayOff))]
    lays.sort(key=lambda move: -len(move.meld) if isinstance(move, LayMeld) else 0)
    for move in lays:
        if isinstance(move, LayMeld):
            rest = list(view.hand)
            for card in move.meld.cards:
                rest.remove(card)
            after = (*table, move.meld)
        else:
            rest = [card for card in view.hand if card != move.card]
            after = tuple(
                _laid_on(meld, move) if index == move.target else meld
                for index, meld in enumerate(table)
            )
        if goes_out(rest, after, view.context):
            return move
    return None


def _laid_on(meld: Meld, move: LayOff) -> Meld:
    """``meld`` with ``move``'s card laid off on it."""
    if meld.kind is not MeldKind.RUN:
        return attrs.evolve(meld, cards=(*meld.cards, move.card))
    if move.end is End.LOW:
        return attrs.evolve(meld, cards=(move.card, *meld.cards), start=meld.start - 1)
    return attrs.evolve(meld, cards=(*meld.cards, move.card))
