"""What a seat sees in the draw-and-discard family: the view, and the hidden cards that the
conformance kit re-deals, both from the one visibility rule (:meth:`_shown`,
:meth:`_public_discards`, the known cards of each hand). Functions bound as methods of
:class:`~rummykit.engine.rummy.RummyRules`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rummykit.cards import Card
from rummykit.engine.core import view_fields
from rummykit.engine.rummy_state import Phase, RummyState, RummyView, evolve_state, remove_cards
from rummykit.engine.views import HIDDEN, Hidden, built_view

if TYPE_CHECKING:
    from rummykit.engine.rummy import RummyRules

__all__: list[str] = []  # functions bound as methods of RummyRules

_evolve: Final = evolve_state


def _shown(self: RummyRules, state: RummyState, owner: int, seat: int) -> bool:
    """Whether ``seat`` sees ``owner``'s hand: its own, and a knocker's deadwood once it
    is spread (knock games)."""
    return owner == seat or (
        owner == state.knocker and state.phase in (Phase.LAYOFF, Phase.DEFEND)
    )


def _public_discards(self: RummyRules, state: RummyState, seat: int) -> tuple[int, int]:
    """Which discards ``seat`` cannot see, as ``(under, face_down)``: how many cards at the
    bottom of the pile are hidden (all but the top unless the visibility piece spreads
    the pile), and whether the top card lies face down (a knocker's discard, hidden from
    the others until the deal is over)."""
    pile = len(state.discards)
    face_down = int(
        state.knocker is not None
        and state.knocker != seat
        and not state.knock_all
        and state.phase in (Phase.SPREAD, Phase.LAYOFF, Phase.DEFEND)
    )
    if self.visibility.whole_pile:
        return 0, face_down
    return max(0, pile - 1), face_down


def view(self: RummyRules, state: RummyState, seat: int) -> RummyView:
    hands: tuple[tuple[Card | Hidden, ...], ...] = tuple(
        hand
        if self._shown(state, i, seat)
        else (*state.known[i], *(HIDDEN,) * (len(hand) - len(state.known[i])))
        for i, hand in enumerate(state.hands)
    )
    under, face_down = self._public_discards(state, seat)
    pile = state.discards
    seen = pile[under : len(pile) - face_down]
    discards = (HIDDEN,) * under + seen + (HIDDEN,) * face_down
    fields = view_fields(state, seat)
    fields.update(
        hands=hands,
        table=state.table,
        discard_top=pile[-1] if pile and not face_down else None,
        discard_size=len(pile),
        discards=discards,
        stock_size=len(state.stock),
        opened=state.opened,
        pending=state.pending,
        turn_points=state.turn_points,
        is_over=state.over,
        wild_cards=state.context.wilds.cards,
        active=state.active,
        contract_laid=state.contract_laid,
        top_fresh=state.top_fresh,
        took=state.took,
        knocker=state.knocker,
        knock_limit=None if self.knock is None else self.knock_limit(state),
        indicator=state.indicator if state.set_aside or self.knock else None,
        known=state.known,
        first_play=state.first_play,
        context=state.context,
        contract=None if self.schedule is None else self.contract(state),
        reshuffles=state.reshuffles,
        turns=state.turns,
    )
    return built_view(RummyView, fields)


def hidden_cards(self: RummyRules, state: RummyState, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see, in the order :meth:`with_hidden` fills them: the
    stock, the discards it cannot see (under the top unless the visibility piece spreads
    the pile, and a face-down top card), then the other hands."""
    hidden = list(state.stock)
    under, face_down = self._public_discards(state, seat)
    hidden.extend(state.discards[:under])
    if face_down:
        hidden.append(state.discards[-1])
    for i, hand in enumerate(state.hands):
        if not self._shown(state, i, seat):
            hidden.extend(_unknown(hand, state.known[i]))
    return hidden


def with_hidden(
    self: RummyRules, state: RummyState, seat: int, cards: Sequence[Card]
) -> RummyState:
    """``state`` with the cards ``seat`` cannot see replaced by ``cards`` in the order of
    :meth:`hidden_cards` (same count)."""
    pool = list(cards)
    stock = tuple(pool[: len(state.stock)])
    del pool[: len(state.stock)]
    under, face_down = self._public_discards(state, seat)
    pile = state.discards
    top: tuple[Card, ...] = ()
    if face_down:
        top = (pool[under],)
        del pool[under]
    discards = (*pool[:under], *pile[under : len(pile) - face_down], *top)
    del pool[:under]
    hands = []
    for i, hand in enumerate(state.hands):
        if self._shown(state, i, seat):
            hands.append(hand)
        else:
            known = state.known[i]
            count = len(hand) - len(known)
            hands.append(tuple(sorted((*known, *pool[:count]))))
            del pool[:count]
    return _evolve(
        state,
        stock=stock,
        discards=discards,
        hands=tuple(hands),
        hand_melds=self._initial_melds(hands, state.context),
    )


def _unknown(hand: tuple[Card, ...], known: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``hand`` other than the ``known`` ones."""
    if not known:
        return hand
    rest = remove_cards(hand, known)
    assert rest is not None
    return rest
