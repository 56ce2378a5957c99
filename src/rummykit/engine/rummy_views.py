"""What a seat sees in the draw-and-discard family: the view, and the hidden cards that the
conformance kit re-deals, both from the one visibility rule (:meth:`_shown`,
:meth:`_public_discards`, the known cards of each hand). Functions bound as methods of
:class:`~rummykit.engine.rummy.RummyRules`."""

from __future__ import annotations

import operator
import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rummykit.cards import Card
from rummykit.engine.core import fields_from_view, view_fields
from rummykit.engine.rummy_state import (
    Phase,
    RummyState,
    RummyView,
    evolve_fields,
    evolve_state,
    remove_cards,
)
from rummykit.engine.views import HIDDEN, Hidden, built_view
from rummykit.errors import OptionError

if TYPE_CHECKING:
    from rummykit.engine.rummy import RummyRules

__all__: list[str] = []  # functions bound as methods of RummyRules

_evolve: Final = evolve_state

#: The fields a view shows as the state holds them (the same name in both), and back again
#: when :func:`sample` rebuilds a state from a view.
_SHARED: Final = (
    "table",
    "opened",
    "pending",
    "turn_points",
    "active",
    "contract_laid",
    "top_fresh",
    "took",
    "knocker",
    "known",
    "first_play",
    "context",
    "reshuffles",
    "turns",
    "first_player",
    "reached",
    "final_after",
    "last_deal",
    "top_by",
    "claimed",
    "draw_waiting",
    "place_on",
    "reply_to",
    "offers",
    "knock_all",
    "takes",
    "thrown_back",
    "deals_won",
    "set_aside",
    "played",
)
_shared_of: Final = operator.attrgetter(*_SHARED)


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
    fields.update(zip(_SHARED, _shared_of(state), strict=True))
    fields.update(
        hands=hands,
        discard_top=pile[-1] if pile and not face_down else None,
        discard_size=len(pile),
        discards=discards,
        stock_size=len(state.stock),
        is_over=state.over,
        wild_cards=state.context.wilds.cards,
        knock_limit=None if self.knock is None else self.knock_limit(state),
        indicator=state.indicator if state.set_aside or self.knock else None,
        contract=None if self.schedule is None else self.contract(state),
        game=state.variant,
        drawn=_own_or_hidden(state.drawn, seat == state.active or state.drawn == state.took),
        single=_own_or_hidden(state.single, seat == state.active),
    )
    return built_view(RummyView, fields)


def _own_or_hidden(card: Card | None, seen: bool) -> Card | Hidden | None:
    """``card`` where the viewer saw it, :data:`HIDDEN` where it exists unseen."""
    if card is None or seen:
        return card
    return HIDDEN


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


def public_cards(self: RummyRules, state: RummyState, seat: int) -> frozenset[Card]:
    """Cards every player has seen, wherever they are now (perhaps where ``seat`` cannot
    see them): the card taken from the discard pile this turn (R13) or waiting to be melded
    (R41), the cards played this turn (a wild taken back from the table by a swap among
    them) and the card that set the deal (R50; Oklahoma Gin's first upcard). A view may name
    them; the conformance kit renames every hidden card but these
    (:func:`rummykit.testing.probes.renamed_state`)."""
    seen = (state.took, state.pending, state.indicator, *state.played)
    return frozenset(card for card in seen if card is not None)


def with_hidden(
    self: RummyRules, state: RummyState, seat: int, cards: Sequence[Card]
) -> RummyState:
    """``state`` with the cards ``seat`` cannot see replaced by ``cards`` in the order of
    :meth:`hidden_cards` (same count). The active player's hidden drawn card and single card
    (R13) follow their places: each becomes the card put where it was."""
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
    drawn, single = state.drawn, state.single
    for i, hand in enumerate(state.hands):
        if self._shown(state, i, seat):
            hands.append(hand)
        else:
            known = state.known[i]
            count = len(hand) - len(known)
            if i == state.active:
                old, new = _unknown(hand, known), pool[:count]
                if drawn != state.took:  # a card taken from the pile is in plain sight
                    drawn = _followed(drawn, old, new)
                single = _followed(single, old, new)
            hands.append(tuple(sorted((*known, *pool[:count]))))
            del pool[:count]
    return _evolve(
        state,
        stock=stock,
        discards=discards,
        hands=tuple(hands),
        drawn=drawn,
        single=single,
        hand_melds=self._initial_melds(hands, state.context),
    )


def _followed(card: Card | None, old: Sequence[Card], new: Sequence[Card]) -> Card | None:
    """``card`` (``None``, or one of ``old``, a hand's hidden cards) after ``old`` was
    replaced place by place by ``new``: the card now where it was."""
    return new[old.index(card)] if card is not None and card in old else card


def _unknown(hand: tuple[Card, ...], known: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``hand`` other than the ``known`` ones."""
    if not known:
        return hand
    rest = remove_cards(hand, known)
    assert rest is not None
    return rest


#: Deals of the unseen cards tried before giving up on a view (see :func:`sample`).
SAMPLE_TRIES: Final = 20_000


def sample(self: RummyRules, view: RummyView, rng: random.Random) -> RummyState:
    """A whole position that ``view`` (a seat's view) cannot tell from the real one (see
    :func:`_sample_once`); one in which the player to move has a legal move, as the real
    one does: a player who took a discard that must be melded at once (R41), or who has
    knocked and must now discard (gin), holds cards that allow it, so such deals are drawn
    again (up to :data:`SAMPLE_TRIES` times)."""
    game = view.game
    if game is None:
        raise OptionError("this view carries no game to rebuild a position for")
    template = game.new_game(players=view.players, seed=rng.randrange(2**31))
    assert isinstance(template, RummyState)
    for _ in range(SAMPLE_TRIES):
        state = self._sample_once(view, rng, template)
        if state.over or state.legal_moves():
            return state
    raise OptionError(
        f"no deal of the unseen cards in {SAMPLE_TRIES} tries leaves a legal move; the view "
        "may not come from a real game"
    )


def _one_of(cards: list[Card]) -> Card:
    """The last of ``cards`` (shuffled by the caller); a view with none to offer does not
    come from a real game."""
    if not cards:
        raise OptionError("the view's hidden drawn or single card has no card it could be")
    return cards[-1]


def _sample_once(
    self: RummyRules, view: RummyView, rng: random.Random, template: RummyState
) -> RummyState:
    """A whole position that ``view`` (a seat's view) cannot tell from the real one: the
    cards the seat has not seen (every card of the deal less its hand, the cards known to
    be in other hands, the table, the discards it sees and the cards set aside) dealt at
    random into the stock, the hidden part of the discard pile and the unknown part of the
    other hands; the card taken from the pile this turn stays in the hand of the player who
    took it until played; a hidden drawn or single card is one of that player's cards; a
    fresh seed for the shuffles to come. ``sample(view).view(view.seat) == view``."""
    seat, players = view.seat, view.players
    pool = Counter(self.deck(players).cards())
    pool.subtract(view.hand)
    pool.subtract(view.set_aside)
    for other in range(players):
        if other != seat:
            pool.subtract(c for c in view.hands[other] if isinstance(c, Card))
    for placed in view.table:
        pool.subtract(placed.meld.cards)
    pool.subtract(c for c in view.discards if isinstance(c, Card))
    if view.phase is Phase.PLACE_WILD and view.pending is not None:
        pool.subtract((view.pending,))  # a wild freed by a swap, on its way back (R30)
    if any(n < 0 for n in pool.values()):
        raise OptionError("the view shows more copies of a card than the deal has")
    unseen = list(pool.elements())
    rng.shuffle(unseen)
    # the card the active player took this turn is in its hand, unless played since
    active = view.active
    forced: list[Card] = []
    took = view.took
    before_discard = view.phase in (Phase.PLAY, Phase.PICKUP)
    if active != seat and took is not None and before_discard and took in unseen:
        known = list(view.hands[active])
        if took not in [c for c in known if isinstance(c, Card)] and took not in view.played:
            forced.append(took)
            unseen.remove(took)
    hands: list[tuple[Card, ...]] = []
    for other in range(players):
        if other == seat:
            hands.append(view.hand)
            continue
        shown = [c for c in view.hands[other] if isinstance(c, Card)]
        count = len(view.hands[other]) - len(shown)
        extra = forced if other == active else []
        count -= len(extra)
        hands.append(tuple(sorted((*shown, *extra, *unseen[:count]))))
        del unseen[:count]
    discards = []
    for card in view.discards:
        if isinstance(card, Card):
            discards.append(card)
        else:
            discards.append(unseen.pop())
    if len(unseen) != view.stock_size:
        raise OptionError(
            f"the view does not add up: {len(unseen)} unseen cards for a stock of "
            f"{view.stock_size}"
        )
    stock = tuple(unseen)
    drawn, single = view.drawn, view.single
    if isinstance(drawn, Hidden) or isinstance(single, Hidden):
        # a drawn card is one of the player's unseen cards (or, once played this turn, one
        # of those); the single card held before, any other card of the hand
        unknown = [c for c in hands[active] if c not in view.hands[active] or c in forced]
        rng.shuffle(unknown)
        played = list(view.played)
        rng.shuffle(played)
        rest = list(hands[active])
        # a player whose hand is empty played or discarded both: the discard is on top
        top = discards[-1:]
        if isinstance(drawn, Hidden):
            drawn = _one_of(unknown or played or top)
            if drawn in rest:
                rest.remove(drawn)
            elif drawn in played:
                played.remove(drawn)
        if isinstance(single, Hidden):
            rng.shuffle(rest)
            single = _one_of(rest or played or top)
    fields = dict(template.__dict__)
    fields.update(zip(_SHARED, _shared_of(view), strict=True))
    fields.update(fields_from_view(view))
    fields.update(
        hands=tuple(hands),
        stock=stock,
        discards=tuple(discards),
        drawn=drawn,
        single=single,
        indicator=view.indicator if view.indicator is not None else template.indicator,
    )
    fields["hand_melds"] = self._initial_melds(tuple(hands), view.context)
    return evolve_fields(fields)
