"""Table policies: whose melds a player may extend, which new melds a hand may lay, and why
a meld or a lay-off is refused.

A :class:`TablePolicy` reads a :class:`TablePosition`, the few facts of a position a table
piece needs, never a whole state. Two stock policies cover the built-in games:

* :class:`SharedMelds`: every meld on the table is open to every player, after a meld of
  one's own where ``open_before_lay_off`` says so (R42); new melds are any the hand forms.
  Every draw-and-discard game but one.
* :class:`OwnBoards`: each player builds a board of their own and adds only to it; sets
  only, the wild limit's first-play exception judged on the turn the player first puts
  cards down, and bottom feeding: natural cards of a rank an opponent has on their board
  may start a group of one or two cards (``crazy-rummy-faceup``, R52-R54, R61).

>>> SharedMelds().open_before_lay_off, OwnBoards().open_before_lay_off
(True, False)
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, Protocol

import attrs

from rummykit.cards import JOKER, Card, Rank
from rummykit.engine.moves import End, LayOff
from rummykit.engine.table import card_at, extension_problem
from rummykit.melds import Meld, MeldContext, MeldKind
from rummykit.pieces.outcome import TableMeld
from rummykit.solver import possible_melds

__all__ = ["OwnBoards", "SharedMelds", "TablePolicy", "TablePosition"]


class TablePosition(Protocol):
    """The facts of a position that a table policy reads."""

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table and their owners."""
        ...

    @property
    def context(self) -> MeldContext:
        """The deal's meld rules, deck and wild cards."""
        ...

    @property
    def opened(self) -> tuple[bool, ...]:
        """Per seat, whether the seat has laid a meld of its own this deal."""
        ...

    @property
    def first_play(self) -> bool:
        """The player to move had laid nothing this deal when the turn began (R52)."""
        ...

    @property
    def hand_melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Per seat, every meld the hand forms (kept by the engine where the policy's
        :attr:`TablePolicy.keeps_hand_melds` asks for it; empty otherwise)."""
        ...


class TablePolicy(Protocol):
    """Who may lay what on the table (see the module text)."""

    @property
    def keeps_hand_melds(self) -> bool:
        """The engine keeps every seat's formable melds up to date for :meth:`new_melds`."""
        ...

    @property
    def open_before_lay_off(self) -> bool:
        """Laying off on another player's meld needs a meld of one's own first (R42), and a
        taken discard that must be melded at once goes into a new meld until then (R41)."""
        ...

    def new_melds(
        self, position: TablePosition, seat: int, hand: tuple[Card, ...]
    ) -> Iterable[Meld]:
        """The new melds ``seat`` may lay from ``hand`` now, in the order moves list them
        (the engine then drops those that would leave no card to discard)."""
        ...

    def meld_problem(
        self, position: TablePosition, seat: int, meld: Meld
    ) -> tuple[str, str] | None:
        """Why ``seat`` may not lay ``meld`` (a rule code and a message), or ``None``."""
        ...

    def may_lay_on(self, position: TablePosition, seat: int, placed: TableMeld) -> bool:
        """Whether ``seat`` may add cards to the table meld ``placed``."""
        ...

    def refusal(self, position: TablePosition, seat: int, placed: TableMeld) -> tuple[str, str]:
        """Why ``seat`` may not add to ``placed`` (when :meth:`may_lay_on` says no)."""
        ...

    def lay_off_problem(
        self, position: TablePosition, meld: Meld, card: Card, end: End | None
    ) -> tuple[str, str] | None:
        """Why the player to move may not add ``card`` to ``meld`` (at ``end`` of a run),
        one they may lay on, or ``None``."""
        ...

    def lay_offs(
        self,
        position: TablePosition,
        seat: int,
        hand: Sequence[Card],
        only: Card | None = None,
    ) -> Iterable[LayOff]:
        """Every lay-off of ``hand``'s cards (or of the card ``only``) on the melds ``seat``
        may lay on that :meth:`lay_off_problem` allows, in the order moves list them."""
        ...


@attrs.frozen
class SharedMelds:
    """Melds on the table belong to everybody: any player may lay off on any of them, once
    they have laid a meld of their own where ``open_before_lay_off`` says so (R42)."""

    open_before_lay_off: bool = True

    @property
    def keeps_hand_melds(self) -> bool:
        return True

    def new_melds(
        self, position: TablePosition, seat: int, hand: tuple[Card, ...]
    ) -> Iterable[Meld]:
        return position.hand_melds[seat]

    def meld_problem(
        self, position: TablePosition, seat: int, meld: Meld
    ) -> tuple[str, str] | None:
        problem = position.context.violation(meld)
        return None if problem is None else ("meld." + problem.rule, problem.message)

    def may_lay_on(self, position: TablePosition, seat: int, placed: TableMeld) -> bool:
        return placed.owner == seat or not self.open_before_lay_off or position.opened[seat]

    def refusal(self, position: TablePosition, seat: int, placed: TableMeld) -> tuple[str, str]:
        return (
            "layoff.not_opened",
            f"lay a meld of your own before laying off on seat {placed.owner}'s melds (R42)",
        )

    def lay_off_problem(
        self, position: TablePosition, meld: Meld, card: Card, end: End | None
    ) -> tuple[str, str] | None:
        return extension_problem(position.context, meld, card, end)

    def lay_offs(
        self,
        position: TablePosition,
        seat: int,
        hand: Sequence[Card],
        only: Card | None = None,
    ) -> Iterator[LayOff]:
        """Each run end is offered only the natural card it needs and wild cards; each set
        only cards of its rank and wilds."""
        context = position.context
        mask = context.wilds.mask
        held = set(hand) if only is None else {only}
        wilds = sorted(c for c in held if mask[c])
        # Natural cards by rank (card code % 13), for the sets: built on first use.
        by_rank: dict[int, list[Card]] | None = None
        lowest, highest = context.rules.aces.positions
        for index, placed in enumerate(position.table):
            if not self.may_lay_on(position, seat, placed):
                continue
            meld = placed.meld
            options: list[tuple[Card, End | None]] = []
            if meld.kind is MeldKind.RUN:
                ends = ((End.LOW, meld.low - 1), (End.HIGH, meld.high + 1))
                for run_end, at in ends:
                    if lowest <= at <= highest:
                        need = card_at(meld, at)
                        if need in held and not mask[need]:
                            options.append((need, run_end))
                        options.extend((w, run_end) for w in wilds)
            elif meld.kind is MeldKind.SET:
                assert meld.rank is not None
                if by_rank is None:
                    by_rank = {}
                    for card in sorted(held):
                        if not mask[card] and card < JOKER:
                            by_rank.setdefault(card % 13, []).append(card)
                naturals = by_rank.get(meld.rank - 1, ())
                options.extend((c, None) for c in (*naturals, *wilds))
            for card, end in options:
                if extension_problem(context, meld, card, end) is None:
                    yield LayOff(card, index, end)


_SETS: Final = frozenset({MeldKind.SET})
#: The rank of each card code (``None`` for the joker), without the property call.
_RANK: Final[tuple[Rank | None, ...]] = tuple(Card(code).rank for code in range(53))
#: The order in which new sets are listed: by rank, then by card codes.
_SET_ORDER: Final = operator.attrgetter("rank", "cards")
#: New sets by (context, first play, natural cards of one rank, wild cards): see _sets_of.
_SET_CACHE: dict[
    tuple[MeldContext, bool, tuple[Card, ...], tuple[Card, ...]], tuple[Meld, ...]
] = {}
_SET_CACHE_LIMIT: Final = 100_000
_LATER_ADDITION: Final = "after the first play no wild may be added to a set (R52)"


@attrs.frozen
class OwnBoards:
    """Every player lays sets on a board of their own and adds only to it (R52-R54).

    New sets follow the meld rules and the wild limit, judged with the first-play exception
    on the turn the player first puts cards down (R52). With ``bottom_feeding``, one or two
    natural cards of a rank some opponent has on their board, and the player has not, may
    start a group of their own (three or more are a set anyway, R53). A natural card of a
    group's rank may always join it, subject only to the copy limit (R54, R61); a wild may
    join only on the first play, within the wild limit (R52).
    """

    bottom_feeding: bool = True

    @property
    def keeps_hand_melds(self) -> bool:
        return False

    @property
    def open_before_lay_off(self) -> bool:
        return False

    # -- new groups ------------------------------------------------------------------------

    def new_melds(self, position: TablePosition, seat: int, hand: tuple[Card, ...]) -> list[Meld]:
        found = self._new_sets(position, hand)
        if self.bottom_feeding:
            found.extend(self._feeds(position, seat, hand))
        return found

    def _new_sets(self, position: TablePosition, hand: tuple[Card, ...]) -> list[Meld]:
        """Every new set the hand can lay now (R52). The sets of a rank depend only on the
        hand's cards of that rank, its wild cards and the first-play flag, so they are solved
        once per such combination and looked up afterwards (see :func:`_sets_of`)."""
        context = position.context
        mask = context.wilds.mask
        wilds = tuple(card for card in hand if mask[card])
        set_min = context.rules.set_min
        least = set_min - len(wilds)
        by_rank: dict[int, list[Card]] = {}
        for card in hand:
            if not mask[card]:
                by_rank.setdefault(card % 13, []).append(card)
        found: list[Meld] = []
        first = position.first_play
        if len(wilds) >= set_min:
            found.extend(_sets_of(context, first, (), wilds))
        for cards in by_rank.values():
            if len(cards) >= least:
                found.extend(_sets_of(context, first, tuple(cards), wilds))
        if len(found) > 1:
            found.sort(key=_SET_ORDER)
        return found

    def _feeds(self, position: TablePosition, seat: int, hand: tuple[Card, ...]) -> list[Meld]:
        """Bottom feeding that starts a group (R53): one or two natural cards of a rank some
        opponent has on their board and the player has not; three or more are a set."""
        if not position.table:
            return []
        own, others = _ranks(position.table, seat)
        wanted = others - own
        if not wanted:
            return []
        found: list[Meld] = []
        mask = position.context.wilds.mask
        by_rank: dict[Rank, list[Card]] = {}
        for card in hand:
            rank = _RANK[card]
            if rank is not None and rank in wanted and not mask[card]:
                by_rank.setdefault(rank, []).append(card)
        for rank, cards in sorted(by_rank.items()):
            options: set[tuple[Card, ...]] = {(card,) for card in cards}
            options.update((a, b) for i, a in enumerate(cards) for b in cards[i + 1 :])
            found.extend(Meld.set(laid, rank=rank) for laid in sorted(options))
        return found

    def meld_problem(
        self, position: TablePosition, seat: int, meld: Meld
    ) -> tuple[str, str] | None:
        """Why ``meld`` may not start a group on ``seat``'s board: as a set (R52) or as
        bottom-fed natural cards (R53)."""
        if meld.kind is not MeldKind.SET:
            return ("meld.kind", f"this game has sets only, no {meld.kind.value}s")
        context = position.context
        rank = meld.rank
        assert rank is not None
        violation = context.violation(meld, first_play=position.first_play)
        if violation is None:
            return None
        if (
            not self.bottom_feeding
            or len(meld) >= context.rules.set_min
            or any(card.rank is not rank for card in meld.cards)
        ):
            return ("meld." + violation.rule, violation.message)
        own, others = _ranks(position.table, seat)
        if context.wilds.mask[meld.cards[0]]:
            if rank in others:
                return ("feed.wild", f"wild cards ({rank.label}s) cannot be bottom-fed (R53)")
            return ("meld." + violation.rule, violation.message)
        if rank not in others:
            return (
                "feed.no_opponent",
                f"{meld}: a set needs three cards (R52); fewer natural cards may be put "
                "down only on a rank an opponent has on their board (R53), and no opponent "
                f"has {rank.label}s",
            )
        if rank in own:
            index = next(
                i for i, p in enumerate(position.table) if p.owner == seat and p.meld.rank is rank
            )
            return (
                "feed.own_rank",
                f"you already have {rank.label}s on your board: add the cards to #{index} (R54)",
            )
        return None

    # -- adding to one's own groups ----------------------------------------------------------

    def may_lay_on(self, position: TablePosition, seat: int, placed: TableMeld) -> bool:
        return placed.owner == seat

    def refusal(self, position: TablePosition, seat: int, placed: TableMeld) -> tuple[str, str]:
        return (
            "layoff.not_own",
            f"that group is on seat {placed.owner}'s board; cards go on your own board (R53, R54)",
        )

    def lay_off_problem(
        self, position: TablePosition, meld: Meld, card: Card, end: End | None
    ) -> tuple[str, str] | None:
        """Why ``card`` may not join ``meld``, one of the mover's own groups.

        A card of the group's rank is natural there (a card of the wild rank too, in a group
        of the wild rank) and may always join (R53, R54), subject only to the copy limit
        (R61 option): the wild limits of R52 govern new sets and added wilds, and adding a
        natural card never breaks them. So the wild limit is consulted for wilds only.
        """
        if end is not None or meld.kind is not MeldKind.SET:
            return ("layoff.shape", "this game has no runs: lay off without 'low' or 'high'")
        context = position.context
        rank = meld.rank
        assert rank is not None
        if _RANK[card] is rank:
            copies = context.deck.copies_of_rank(rank)
            if context.rules.set_copy_limit and len(meld) + 1 > copies:
                return (
                    "meld.set.copy_limit",
                    f"{meld} + {card}: the packs hold only {copies} {rank.label}s (R61)",
                )
            return None
        if not context.wilds.mask[card]:
            return ("meld.set.mixed_ranks", f"{card} is not a {rank.label}")
        if not position.first_play:
            return ("meld.wild.later_addition", f"{meld} + {card}: {_LATER_ADDITION}")
        grown = Meld.set((*meld.cards, card), rank=rank)
        violation = context.violation(grown, first_play=True, wild_added=True)
        if violation is not None:
            return ("meld." + violation.rule, violation.message)
        return None

    def lay_offs(
        self,
        position: TablePosition,
        seat: int,
        hand: Sequence[Card],
        only: Card | None = None,
    ) -> list[LayOff]:
        """Single cards added to the player's own groups (R52, R53, R54): cards of the
        group's rank, and wild cards on the first play."""
        found: list[LayOff] = []
        context = position.context
        mask = context.wilds.mask
        # A natural card of the group's rank always joins unless the copy limit is on.
        free = not context.rules.set_copy_limit
        distinct = sorted(set(hand) if only is None else {only})
        wilds = [card for card in distinct if mask[card]] if position.first_play else []
        for index, placed in enumerate(position.table):
            if placed.owner != seat:
                continue
            rank = placed.meld.rank
            fitting = [card for card in distinct if _RANK[card] is rank]
            fitting += [card for card in wilds if _RANK[card] is not rank]
            for card in fitting:
                if (free and _RANK[card] is rank) or self.lay_off_problem(
                    position, placed.meld, card, None
                ) is None:
                    found.append(LayOff(card, index))
        return found


def _sets_of(
    context: MeldContext, first_play: bool, naturals: tuple[Card, ...], wilds: tuple[Card, ...]
) -> tuple[Meld, ...]:
    """The valid new sets of the rank of ``naturals`` (all of one rank; with no naturals,
    the sets of the wild rank) that use some of ``naturals`` and ``wilds``."""
    key = (context, first_play, naturals, wilds)
    found = _SET_CACHE.get(key)
    if found is None:
        rank = naturals[0].rank if naturals else wilds[0].rank
        melds = possible_melds((*naturals, *wilds), context, first_play=first_play, kinds=_SETS)
        found = tuple(meld for meld in melds if meld.rank is rank)
        if len(_SET_CACHE) >= _SET_CACHE_LIMIT:
            _SET_CACHE.clear()
        _SET_CACHE[key] = found
    return found


def _ranks(table: Sequence[TableMeld], seat: int) -> tuple[set[Rank | None], set[Rank | None]]:
    """The ranks on ``seat``'s board and the ranks on the other boards."""
    own: set[Rank | None] = set()
    others: set[Rank | None] = set()
    for placed in table:
        (own if placed.owner == seat else others).add(placed.meld.rank)
    return own, others
