"""Move generation for the draw-and-discard family: every legal move of a position, built
so that each one passes the rule check (:mod:`rummykit.engine.rummy_check`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Final

from rummykit._bounded import remember
from rummykit.cards import Card
from rummykit.contracts import Contract, Requirement, RunDistinctness
from rummykit.engine.moves import (
    ChooseStart,
    Claim,
    Discard,
    Draw,
    End,
    LayMeld,
    LayOff,
    Move,
    Pass,
    Peg,
    Swap,
    TakeDiscard,
)
from rummykit.engine.rummy_state import Phase, RummyState, add_cards, forget, remove_cards
from rummykit.engine.table import extended, melds_with
from rummykit.melds import Meld, MeldContext, MeldKind
from rummykit.pieces.outcome import (
    TableMeld,
)
from rummykit.solver import can_meet_contract, possible_melds
from rummykit.wilds import WildMovement

if TYPE_CHECKING:
    from rummykit.engine.rummy import RummyRules

__all__: list[str] = []  # functions bound as methods of RummyRules

#: Moves are values: the same object serves every position that lists it.
_DRAW: Final = Draw()
_TAKE: Final = TakeDiscard()
_DISCARDS: Final = tuple(Discard(Card(code)) for code in range(53))


def generate(self: RummyRules, state: RummyState) -> Iterator[Move]:
    phase = state.phase
    if phase is Phase.PLAY:
        yield from self._play_moves(state)
    elif phase is Phase.DRAW:
        if state.stock or self._can_draw(state):
            yield _DRAW
        pile = state.discards
        if pile:
            pickup = self.pickup
            restricts = self._restricts
            for count in pickup.depths(len(pile)):
                if pickup.must_meld(count):
                    if not self._can_take(state, count):
                        continue
                elif restricts and not self._discard_after_take(state, count):
                    continue
                yield _TAKE if count == 1 else TakeDiscard(count)
    elif phase is Phase.CLAIM:
        if self._penalty_available(state):
            yield Claim()
        yield Pass()
    elif phase is Phase.PLACE_WILD:
        assert state.pending is not None
        yield from self._placements(state, state.pending)
    elif phase is Phase.PICKUP:
        assert state.pending is not None
        yield from self._pickup_moves(state, state.hands[state.to_move], state.pending)
    elif phase is Phase.CHOOSE_START:
        yield ChooseStart(True)
        yield ChooseStart(False)
    elif phase is Phase.PEG:
        yield Peg(True)
        yield Peg(False)


def _play_moves(self: RummyRules, state: RummyState) -> Iterator[Move]:
    seat = state.to_move
    hand = state.hands[seat]
    rule = self.discard_rule
    restricts = self._restricts
    guarded = restricts or not self.going_out.by_laying
    contract = None if self.schedule is None else self.contract(state)
    if contract is None:
        copies = self.wild_table_copy_limit
        for meld in self.table.new_melds(state, seat, hand):
            if copies and not self._table_copies_ok(state, meld):
                continue
            if guarded and not self._keeps_a_discard(
                state, remove_cards(hand, meld.cards), meld.cards
            ):
                continue
            yield LayMeld(meld)
    elif not state.opened[seat]:
        yield from self._contract_melds(state, contract, hand)
    if state.table:
        for lay_off in self._lay_offs(state, seat, hand):
            if not guarded or self._keeps_a_discard(
                state, remove_cards(hand, (lay_off.card,)), (lay_off.card,)
            ):
                yield lay_off
    if state.context.wilds.movement is not WildMovement.NEVER:
        yield from self._swaps(state, seat, hand)
    if state.contract_laid:
        return
    if not restricts:
        for card in sorted(set(hand)):
            yield _DISCARDS[card]
        return
    refused = rule.refused(
        hand,
        drawn=state.drawn,
        took=state.took,
        single=state.single,
        known=state.known[seat],
        played=state.played,
    )
    for card in sorted(set(hand)):
        if card not in refused:
            yield _DISCARDS[card]


def _contract_melds(
    self: RummyRules, state: RummyState, contract: Contract, hand: tuple[Card, ...]
) -> Iterator[LayMeld]:
    """Melds towards the contract that still leave it completable from the hand (R32).

    The list of a hand is kept (``_LAY_DOWNS``): a position's moves are listed again
    and again (for a seat's view, by a search that plays the same hand in every sample),
    and each entry of the list solves the rest of the contract."""
    key = (hand, contract, state.context, state.contract_laid)
    found = _LAY_DOWNS.get(key)
    if found is None:
        found = tuple(_contract_lay_downs(hand, contract, state.context, state.contract_laid))
        if len(found) <= _LAY_DOWNS_KEPT:
            remember(_LAY_DOWNS, key, found, _LAY_DOWNS_SIZE)
    return iter(found)


#: Contract lay-down lists by hand, contract, meld rules and melds already laid (at most
#: ``_LAY_DOWNS_SIZE``, then begun again); lists longer than ``_LAY_DOWNS_KEPT`` (a hand
#: rich in wild cards) are not kept.
_LAY_DOWNS: dict[
    tuple[tuple[Card, ...], Contract, MeldContext, tuple[Meld, ...]], tuple[LayMeld, ...]
] = {}
_LAY_DOWNS_SIZE: Final = 1024
_LAY_DOWNS_KEPT: Final = 32


def _contract_lay_downs(
    hand: tuple[Card, ...], contract: Contract, context: MeldContext, laid: tuple[Meld, ...]
) -> Iterator[LayMeld]:
    """Every meld of ``hand`` that may join ``laid`` towards ``contract`` and leaves the rest
    of the contract completable from what is left of the hand, in the order of
    :func:`~rummykit.solver.possible_melds`.

    Candidates that leave the same problem share one answer (:func:`_rest_key`): in
    Crummy Rummy most runs of one suit leave the other suits' runs to find, whatever else
    they take from their own suit.
    """
    if not _may_fit(contract, laid, hand, context) or not can_meet_contract(
        hand, contract, context, laid=laid
    ):
        return
    mask = context.wilds.mask
    answers: dict[tuple[object, ...], bool] = {}
    for meld in possible_melds(hand, context):
        now = (*laid, meld)
        opened = contract.unmet(now)
        if opened is None:
            continue
        key = _rest_key(contract, now, opened, meld, mask)
        found = None if key is None else answers.get(key)
        if found is None:
            rest = remove_cards(hand, meld.cards)
            assert rest is not None
            found = can_meet_contract(rest, contract, context, laid=now)
            if key is not None:
                answers[key] = found
        if found:
            yield LayMeld(meld)


def _rest_key(
    contract: Contract,
    now: tuple[Meld, ...],
    opened: tuple[Requirement, ...],
    meld: Meld,
    mask: Sequence[bool],
) -> tuple[object, ...] | None:
    """What decides whether the hand less ``meld`` can still meet ``contract`` after
    ``now``, the hand being fixed; ``None`` when the whole hand counts (``all_cards``) or a
    requirement is neither a set nor a run.

    A natural card that no open requirement could use (a set's rank already laid under
    distinct set ranks with no run open, a run's suit already laid under
    :attr:`RunDistinctness.SUITS` with no set open) can only stay in the hand, which
    decides nothing. So the answer depends on the open requirements, on what the laid melds
    rule out (set ranks, run suits or spans) and on the cards of ``meld`` that some open
    requirement could have used (wild cards always, by identity).
    """
    if contract.all_cards:
        return None
    sets = runs = False
    for requirement in opened:
        if requirement.kind is MeldKind.SET:
            sets = True
        elif requirement.kind is MeldKind.RUN:
            runs = True
        else:
            return None
    ranks = (
        frozenset(m.rank for m in now if m.kind is MeldKind.SET)
        if contract.distinct_set_ranks
        else frozenset()
    )
    if contract.run_distinctness is RunDistinctness.TOUCHING:
        suits: frozenset[object] = frozenset()
        spans = tuple((m.suit, m.low, m.high) for m in now if m.kind is MeldKind.RUN)
    else:
        suits = frozenset(m.suit for m in now if m.kind is MeldKind.RUN)
        spans = ()
    usable = tuple(
        sorted(
            card
            for card in meld.cards
            if mask[card]
            or card.rank is None
            or (sets and card.rank not in ranks)
            or (runs and card.suit not in suits)
        )
    )
    return (opened, ranks, suits, spans, usable)


def _keeps_a_discard(
    self: RummyRules,
    state: RummyState,
    hand: tuple[Card, ...] | None,
    laid: Sequence[Card] = (),
) -> bool:
    """Whether a hand left by a meld, lay-off or swap (that played ``laid``) can still end
    the turn: empty only where going out without a discard is allowed, else holding a card
    that may be discarded (R13: the single card held before drawing is the one to discard;
    R57: the card taken, until a card like it is played)."""
    if hand is None:
        return False
    if not hand:
        return self.going_out.by_laying
    if not self._restricts:
        return True
    known = state.known[state.to_move]
    if known and laid:
        known = forget(known, laid)
    refused = self.discard_rule.refused(
        hand,
        drawn=state.drawn,
        took=state.took,
        single=state.single,
        known=known,
        played=(*state.played, *laid) if state.played else laid,
    )
    return not refused or any(card not in refused for card in hand)


def _discard_problem(
    self: RummyRules,
    state: RummyState,
    card: Card,
    hand: tuple[Card, ...],
    known: tuple[Card, ...] | None = None,
) -> tuple[str, str] | None:
    """Why ``card`` may not be discarded now under the discard rule (R13), or ``None``."""
    rule = self.discard_rule
    if not rule.restricts:
        return None
    if known is None:
        known = state.known[state.to_move]
    return rule.problem(
        card,
        hand,
        drawn=state.drawn,
        took=state.took,
        single=state.single,
        known=known,
        played=state.played,
    )


def _swaps(
    self: RummyRules, state: RummyState, seat: int, hand: tuple[Card, ...]
) -> Iterator[Swap]:
    """Natural cards from the hand that can take a wild's place on the table (R20, R30)."""
    context = state.context
    if context.wilds.movement is WildMovement.NEVER or not state.opened[seat]:
        return
    mask = context.wilds.mask
    naturals = sorted(c for c in set(hand) if not mask[c])
    if not naturals:
        return
    for index, placed in enumerate(state.table):
        meld = placed.meld
        seen: set[Card] = set()
        for position, (card, stands) in enumerate(zip(meld.cards, meld.represents, strict=True)):
            if not mask[card] or (meld.kind is not MeldKind.RUN and card in seen):
                continue
            seen.add(card)
            if isinstance(stands, Card):
                options = [stands] if stands != card and stands in naturals else []
            else:
                options = [c for c in naturals if c.rank is stands]
            for natural in options:
                move = Swap(natural, index, position)
                if self._swap_problem(state, move, hand) is None:
                    yield move


def _placements(self: RummyRules, state: RummyState, wild: Card) -> Iterator[LayOff]:
    """Where a wild freed by a swap may go: any meld (or only its own one), R30."""
    context = state.context
    lowest, highest = context.rules.aces.positions
    for index, placed in enumerate(state.table):
        if state.place_on is not None and index != state.place_on:
            continue
        meld = placed.meld
        if meld.kind is MeldKind.RUN:
            ends = []
            if meld.low - 1 >= lowest:
                ends.append(End.LOW)
            if meld.high + 1 <= highest:
                ends.append(End.HIGH)
            options: list[End | None] = list(ends)
        else:
            options = [None]
        for end in options:
            if self._lay_off_problem(state, meld, wild, end, index) is None:
                yield LayOff(wild, index, end)


def _claim_candidates(self: RummyRules, state: RummyState, after: int) -> Iterator[int]:
    """Seats that may still claim the top discard, clockwise from ``after`` (R34)."""
    rule = self.claims
    if rule is None or state.claimed or not state.discards or not state.top_fresh:
        return
    seat = (after + 1) % state.players
    while seat != state.active:
        if rule.discarder_may_claim or seat != state.top_by:
            yield seat
        seat = (seat + 1) % state.players


def _penalty_available(self: RummyRules, state: RummyState) -> bool:
    """Whether a penalty card can be drawn for a claim (R34): from the stock, or from the
    pile reshuffled once the claimed card has left it. The active player's draw, in the
    "original" order, does not count: if nothing is left for it, the round ends (R36)."""
    return len(state.stock) + max(0, self._refill_size(state) - 1) >= 1


def _lay_offs(
    self: RummyRules,
    state: RummyState,
    seat: int,
    hand: Sequence[Card],
    only: Card | None = None,
) -> Iterable[LayOff]:
    """Lay-offs from ``hand`` (or of the card ``only``), as the table policy lists them, less
    those the contract (R32) or the table copy limit (R40 option) refuses."""
    if not state.table or (self.schedule is not None and not state.opened[seat]):
        return ()
    lay_offs = self.table.lay_offs(state, seat, hand, only)
    if not self.wild_table_copy_limit:
        return lay_offs
    table = state.table
    return [
        lay_off
        for lay_off in lay_offs
        if self._lay_off_problem(
            state, table[lay_off.target].meld, lay_off.card, lay_off.end, lay_off.target
        )
        is None
    ]


def _may_lay_on(self: RummyRules, state: RummyState, seat: int, placed: TableMeld) -> bool:
    if self.schedule is not None:
        return state.opened[seat]
    return self.table.may_lay_on(state, seat, placed)


def _lay_off_problem(  # noqa: PLR0917  (bound as a method: self is the first)
    self: RummyRules, state: RummyState, meld: Meld, card: Card, end: End | None, index: int
) -> tuple[str, str] | None:
    context = state.context
    problem = self.table.lay_off_problem(state, meld, card, end)
    if problem is not None or not self.wild_table_copy_limit:
        return problem
    grown = extended(meld, card, end)
    assert grown is not None
    others = [p.meld for i, p in enumerate(state.table) if i != index]
    copy_problem = context.table_copy_violation(grown, others)
    if copy_problem is not None:
        return ("meld." + copy_problem.rule, copy_problem.message)
    return None


def _table_copies_ok(self: RummyRules, state: RummyState, meld: Meld) -> bool:
    if not self.wild_table_copy_limit:
        return True
    table = [p.meld for p in state.table]
    return state.context.table_copy_violation(meld, table) is None


def _pickup_moves(
    self: RummyRules, state: RummyState, hand: tuple[Card, ...], top: Card
) -> Iterator[Move]:
    """Ways to meld the taken discard ``top`` (already in ``hand``) at once: in a new meld,
    or laid off where the player may lay off (R41: Crib Rummy's first meld must be new)."""
    seat = state.to_move
    for meld in melds_with(hand, top, state.context):
        if self._table_copies_ok(state, meld):
            yield LayMeld(meld)
    if state.opened[seat] or not self.table.open_before_lay_off:
        yield from self._lay_offs(state, seat, hand, only=top)


def _can_take(self: RummyRules, state: RummyState, count: int = 1) -> bool:
    """Whether the top ``count`` discards may be taken: always, unless the pickup rule
    demands that the deepest of them be melded at once (R41, Rummy 500) and it cannot be."""
    if not self.pickup.must_meld(count):
        return not self._restricts or self._discard_after_take(state, count)
    taken = state.discards[len(state.discards) - count :]
    hand = add_cards(state.hands[state.to_move], taken)
    return next(iter(self._pickup_moves(state, hand, taken[0])), None) is not None


def _discard_after_take(self: RummyRules, state: RummyState, count: int) -> bool:
    """Whether, after taking the top ``count`` discards, the hand would hold a card it may
    discard (R57: a player who holds only cards like the top discard may not take it)."""
    seat = state.to_move
    taken = state.discards[-count:]
    hand = state.hands[seat] + taken  # the order does not matter to a restriction
    known = state.known[seat]
    if self._taken_known:
        known += taken
    card = taken[0]
    refused = self.discard_rule.refused(
        hand, drawn=card, took=card, single=state.single, known=known
    )
    if not refused:
        return True
    return any(c not in refused for c in hand)


def _may_fit(
    contract: Contract, laid: Sequence[Meld], hand: Sequence[Card], context: MeldContext
) -> bool:
    """A quick necessary condition before solving (never false when the contract can be met).

    It relaxes the problem: each open set takes the most natural cards any rank offers and
    each open run the most any window of its length offers, even if melds would share cards;
    if the wild cards still cannot make up what is missing, or the hand is too small (or, for
    a contract that uses every card, too large), the contract cannot be met.
    """
    rest = contract.unmet(laid)
    if rest is None:
        return False
    if not rest:
        return True
    rules = context.rules
    mask = context.wilds.mask
    wilds = sum(1 for c in hand if mask[c])
    naturals = [c for c in hand if not mask[c]]
    lengths = [
        r.min_len or (rules.run_min if r.kind is MeldKind.RUN else rules.set_min) for r in rest
    ]
    if sum(lengths) > len(hand):
        return False
    if contract.all_cards:
        room = sum(
            rules.run_max
            if r.kind is MeldKind.RUN
            else (rules.set_max if rules.set_max is not None else context.deck.size)
            for r in rest
        )
        if len(hand) > room:
            return False
    missing = 0
    set_lengths = sorted(
        (n for r, n in zip(rest, lengths, strict=True) if r.kind is not MeldKind.RUN),
        reverse=True,
    )
    if set_lengths:
        by_rank = sorted(Counter(c % 13 for c in naturals).values(), reverse=True)
        for i, need in enumerate(set_lengths):
            j = i if contract.distinct_set_ranks else 0
            have = by_rank[j] if j < len(by_rank) else 0
            missing += max(0, need - have)
    run_lengths = [n for r, n in zip(rest, lengths, strict=True) if r.kind is MeldKind.RUN]
    if run_lengths:
        lowest, highest = rules.aces.positions
        masks = [0, 0, 0, 0]  # bit p set: the suit's natural card at run position p is held
        for card in naturals:
            suit, rank = divmod(int(card), 13)
            masks[suit] |= 1 << (rank + 1) | (1 << 14 if rank == 0 else 0)
        best_for: dict[int, int] = {}
        for need in run_lengths:
            if need not in best_for:
                window = (1 << need) - 1
                best_for[need] = max(
                    ((mask >> start) & window).bit_count()
                    for mask in masks
                    for start in range(lowest, highest - need + 2)
                )
            missing += need - best_for[need]
    return missing <= wilds
