"""What a seat remembers: the cards it saw go into the discard pile and into other hands.

A view is what the table shows now. In most rummy games only the top discard is face up, and
a card taken from the pile is seen only while it is taken; yet every card in the pile was
seen when it was discarded, and a player with a good memory knows which cards an opponent
picked up and still holds (in Crib Rummy up to seven at a time: RULES.md's notes call the
pile below the top hidden "even though players may remember"). :class:`Recall` is such a
memory, built from the seat's views one move at a time: :meth:`Recall.observe` takes the
view after each move (of any seat) and returns the memory updated; it remembers

- the cards of the discard pile, bottom first, each as it was discarded (``pile``), and
- per seat, the cards it was seen to take from the pile or from the table and has not yet
  been seen to give up (``known``: a card leaves this memory when a card like it leaves the
  hand), and
- the stock, where the pile was turned over unshuffled to make it (``stock``: Basic Rummy's
  :class:`~rummykit.pieces.stock.TurnOver`, where the first card discarded is the first
  drawn); a card another seat draws from it is then known to be in that seat's hand.

It forgets what it can no longer be sure of: the pile when it is shuffled into a new stock,
the cards under a take it never saw, a hand that discards face down or loses cards without
moving, everything at a new deal or for another seat. It must be shown every view of the
deal in order, one move apart (:func:`rummykit.agents.show_all` does so for agents that
remember); :func:`rummykit.search.sample_state` places the remembered cards where the
memory says they are, and only with a memory brought up to the view it samples.

>>> import rummykit
>>> state = rummykit.variant("crib-rummy").new_game(players=2, seed=4)
>>> memory = Recall.start(state.view(0))
>>> for move in ("draw", "discard 6C", "draw", "discard 4C"):  # seat 1, then seat 0
...     state = state.apply(rummykit.parse_move(move))
...     memory = memory.observe(state.view(0))
>>> state.view(0).discards[-2:]   # the table shows the top card only
(Hidden(), Card('4C'))
>>> [str(card) for card in memory.pile[-2:]]   # the memory knows what it covers
['6C', '4C']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs

from rummykit.cards import Card
from rummykit.engine.views import View
from rummykit.pieces.stock import TurnOver

__all__ = ["Recall"]


def _table_cards(view: object) -> Counter[Card]:
    """The cards of every meld on ``view``'s table."""
    return Counter(card for placed in getattr(view, "table", ()) for card in placed.meld.cards)


def _seen(cards: Iterable[object]) -> tuple[Card | None, ...]:
    """``cards`` with every placeholder for an unseen card as ``None``."""
    return tuple(card if isinstance(card, Card) else None for card in cards)


@attrs.frozen
class Recall:
    """One seat's memory of a deal (see the module's introduction); immutable: :meth:`observe`
    returns a new memory."""

    seat: int
    deal_number: int
    #: The discard pile, bottom first: each card as the seat saw it discarded, ``None``
    #: where it never saw the card.
    pile: tuple[Card | None, ...]
    #: Per seat, the cards it is remembered to hold (the seat's own entry stays empty).
    known: tuple[tuple[Card, ...], ...]
    #: The stock, top card last (as many places as the stock has cards): each card the seat
    #: saw discarded before the pile was turned over unshuffled to make the stock, ``None``
    #: where it does not know the card (every place of a dealt or shuffled stock).
    stock: tuple[Card | None, ...]
    #: What the last view showed, to tell what one move changed.
    stock_size: int
    reshuffles: int
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    #: The seat to move at the last view: the one that makes the next move.
    to_move: int = 0

    @classmethod
    def start(cls, view: View) -> Recall:
        """A memory of no more than ``view`` shows (its seat's first view of a deal)."""
        return cls(
            seat=view.seat,
            deal_number=view.deal_number,
            pile=_seen(getattr(view, "discards", ())),
            known=((),) * len(getattr(view, "hands", ())),
            stock=(None,) * int(getattr(view, "stock_size", 0)),
            stock_size=int(getattr(view, "stock_size", 0)),
            reshuffles=int(getattr(view, "reshuffles", 0)),
            hand_sizes=tuple(len(hand) for hand in getattr(view, "hands", ())),
            table=tuple(sorted(_table_cards(view).elements())),
            to_move=view.to_move,
        )

    def follows(self, view: View) -> bool:
        """Whether this memory was brought up to ``view`` (it is the last view observed)."""
        return (
            view.seat == self.seat
            and view.deal_number == self.deal_number
            and len(getattr(view, "discards", ())) == len(self.pile)
            and getattr(view, "stock_size", 0) == self.stock_size
            and tuple(len(hand) for hand in getattr(view, "hands", ())) == self.hand_sizes
        )

    def placed_share(self, view: View) -> float:
        """The share of the cards ``view`` hides (the stock, the covered discards, the unseen
        cards of other hands) that this memory puts in their places: a card of the stock or
        the pile it remembers there, a card it remembers in a hand; 0.0 for a memory not
        brought up to ``view``, 1.0 for a view that hides nothing.

        >>> import rummykit
        >>> state = rummykit.variant("basic-rummy").new_game(players=2, seed=1)
        >>> Recall.start(state.view(0)).placed_share(state.view(0))   # a fresh deal
        0.0
        """
        if not self.follows(view):
            return 0.0
        discards = getattr(view, "discards", ())
        hidden = self.stock_size + sum(not isinstance(card, Card) for card in discards)
        placed = sum(card is not None for card in self.stock)
        placed += sum(
            remembered is not None and not isinstance(card, Card)
            for remembered, card in zip(self.pile, discards, strict=True)
        )
        for seat, hand in enumerate(getattr(view, "hands", ())):
            if seat == self.seat:
                continue
            unseen = sum(not isinstance(card, Card) for card in hand)
            shown = Counter(card for card in hand if isinstance(card, Card))
            hidden += unseen
            placed += min(unseen, sum((Counter(self.known[seat]) - shown).values()))
        return placed / hidden if hidden else 1.0

    def observe(self, view: View) -> Recall:
        """The memory after the move that led to ``view`` (the same seat's view, one move
        after the last one observed); a view of another seat or deal, or one that a single
        move cannot have led to, starts the memory again from that view."""
        fresh = Recall.start(view)
        if view.seat != self.seat or view.deal_number != self.deal_number:
            return fresh
        if not fresh.hand_sizes or len(fresh.hand_sizes) != len(self.hand_sizes):
            return fresh  # a game without hands and a pile to remember, or another game
        shown = fresh.pile
        pile = list(self.pile)
        gone: Counter[Card] = Counter()  # cards that left the pile or the table
        discarded: Counter[Card] = Counter()  # cards that went onto the pile
        unsure = False  # cards left the pile that this memory never saw
        hidden_out = False  # a card went onto the pile face down
        stock = self._stock_after(view, fresh)
        if stock is None:
            stock = (None,) * fresh.stock_size  # the stock changed in a way not followed
        else:  # the cards drawn from the stock (by the mover) leave it
            stock, drawn = stock[: fresh.stock_size], stock[fresh.stock_size :]
            gone.update(card for card in drawn if card is not None)
        if fresh.reshuffles != self.reshuffles:
            pile = list(shown)  # the pile became the stock: what was in it is gone from it
        elif len(shown) > len(pile):
            discarded.update(card for card in shown[len(pile) :] if card is not None)
            hidden_out = any(card is None for card in shown[len(pile) :])
            pile.extend(shown[len(pile) :])
        else:
            taken = pile[len(shown) :]
            del pile[len(shown) :]
            unsure = any(card is None for card in taken)
            gone.update(card for card in taken if card is not None)
        for index, card in enumerate(shown):
            if card is not None and pile[index] not in (None, card):
                return fresh  # the pile is not what this memory says: forget it
            if card is not None:
                pile[index] = card
        table = Counter(fresh.table)
        laid = table - Counter(self.table)
        gone.update(Counter(self.table) - table)
        pending = getattr(view, "pending", None)
        if isinstance(pending, Card):
            # in plain sight, not remembered in a hand: a wild freed by a swap on its way
            # back to the table (R30), a taken discard still to be melded (R41)
            gone[pending] -= 1
        known = self._known_after(fresh.hand_sizes, gone, laid + discarded, unsure, hidden_out)
        return attrs.evolve(fresh, pile=tuple(pile), known=known, stock=stock)

    def _stock_after(self, view: View, fresh: Recall) -> tuple[Card | None, ...] | None:
        """The stock after the move that led to ``view`` (``fresh``: that view's own start),
        before the cards drawn from it leave it (so at least as many places as ``view``'s
        stock); ``None`` where the memory cannot follow it (cards came back to it, or the
        pile was made a new stock other than by turning it over)."""
        if fresh.reshuffles == self.reshuffles:
            return self.stock if fresh.stock_size <= self.stock_size else None
        if fresh.reshuffles != self.reshuffles + 1 or self.stock_size:
            return None
        rules = getattr(getattr(view, "game", None), "rules", None)
        if not isinstance(getattr(rules, "stock_rule", None), TurnOver):
            return None  # shuffled: the memory of the pile says nothing of the order
        # the bottom of the pile, all but what stays in it, turned over: first in, first out
        moved = len(self.pile) - len(fresh.pile)
        if moved < fresh.stock_size:  # the stock cannot hold more than the pile gave it
            return None
        return tuple(reversed(self.pile[:moved]))

    def _known_after(
        self,
        sizes: tuple[int, ...],
        gone: Counter[Card],
        given: Counter[Card],
        unsure: bool,
        hidden_out: bool,
    ) -> tuple[tuple[Card, ...], ...]:
        """Each seat's remembered cards after a move: the mover (the seat to move before
        it) gives up the cards laid or discarded (``given``: a card like each leaves its
        memory) and, if every card that left was seen, takes the cards that left the pile or
        the table (``gone``) and were not laid or discarded again; a seat that did not move
        and still lost cards, or a mover that discarded face down, is forgotten (nobody saw
        which cards left)."""
        known: list[tuple[Card, ...]] = []
        for seat, (cards, old, new) in enumerate(
            zip(self.known, self.hand_sizes, sizes, strict=True)
        ):
            moved = seat == self.to_move
            held = Counter(cards)
            if moved:
                held -= given
                if not unsure:
                    held += gone - given
            elements = sorted(held.elements())
            if seat == self.seat or (moved and hidden_out) or (not moved and new < old):
                elements = []
            known.append(tuple(elements[:new]))
        return tuple(known)
