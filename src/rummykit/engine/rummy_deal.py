"""The start and the end of turns and deals in the draw-and-discard family: dealing (by the
deal piece), the turn's start, the end of a turn, a deal and the game. Functions bound as
methods of :class:`~rummykit.engine.rummy.RummyRules`."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from rummykit._bounded import remember
from rummykit.cards import Card, DeckSpec
from rummykit.engine.core import NOBODY, Setup, Variant, evolver, opening_fields, shuffled
from rummykit.engine.rummy_state import (
    Phase,
    RummyState,
    evolve_fields,
    evolve_state,
    replace_at,
)
from rummykit.errors import OptionError
from rummykit.melds import Meld, MeldContext, MeldRules
from rummykit.pieces.outcome import DealEnd, DealOutcome, NamesDealWinner, biggest_gain
from rummykit.solver import possible_melds
from rummykit.wilds import DealInfo, DealWilds

if TYPE_CHECKING:
    from rummykit.engine.rummy import RummyRules

__all__: list[str] = []  # functions bound as methods of RummyRules

_evolve: Final = evolve_state
_evolve_outcome: Final = evolver(DealOutcome)


#: The fields every deal starts with (the rest depend on the deal).
_FRESH_DEAL: Final[dict[str, object]] = {
    "table": (),
    "pending": None,
    "turn_points": 0,
    "final_after": None,
    "contract_laid": (),
    "took": None,
    "drawn": None,
    "single": None,
    "top_by": None,
    "top_fresh": True,
    "claimed": False,
    "draw_waiting": False,
    "reshuffles": 0,
    "place_on": None,
    "reply_to": None,
    "offers": 0,
    "knocker": None,
    "knock_all": False,
    "takes": 0,
    "thrown_back": False,
    "played": (),
}

#: Per-rules caches of the deck (by number of players) and of each deal's meld context. Keyed
#: by the rules' id; an entry keeps its rules alive and is used only for that very object,
#: so a reused id never finds another rules' entry. Bounded: cleared when full.
_DECKS: dict[tuple[int, int], tuple[object, DeckSpec, tuple[Card, ...]]] = {}
_CONTEXTS: dict[tuple[int, int, int, Card | None], tuple[object, MeldContext]] = {}
_CACHE_LIMIT: Final = 4096


def _context(meld_rules: MeldRules, deck: DeckSpec, wilds: DealWilds) -> MeldContext:
    """One context object for the same meld rules, deck and wild cards, whatever the deal or
    the rules object that chose them, so the solver's tables for it are built once (a fresh
    one when a piece cannot be hashed)."""
    try:
        return _shared_context(meld_rules, deck, wilds)
    except TypeError:
        return MeldContext(rules=meld_rules, deck=deck, wilds=wilds)


@functools.lru_cache(maxsize=1024)
def _shared_context(meld_rules: MeldRules, deck: DeckSpec, wilds: DealWilds) -> MeldContext:
    return MeldContext(rules=meld_rules, deck=deck, wilds=wilds)


def start(self: RummyRules, variant: Variant, players: int, seed: int, setup: Setup) -> RummyState:
    if setup.deal > self.max_deals:
        raise OptionError(
            f"{variant.id} has at most {self.max_deals} deals; deal {setup.deal} does not exist"
        )
    deck = self.deck(players)
    needed = self.deal.most_cards(setup.deal, players) + int(self.deal.upcard) + 1
    if setup.deck is None and deck.size < needed:
        raise OptionError(
            f"{players} players may need {needed} cards (the deal, the upcard and one to "
            f"draw) but the {variant.id} deck holds {deck.size}; use more packs"
        )
    common = opening_fields(variant, players, seed, setup)
    dealer = common["dealer"]
    base = self._blank(common)
    # A stacked later deal: as in play, the previous hand was started by the seat on the
    # previous dealer's left, which is this deal's dealer (R44's tie-break needs it).
    previous = dealer if setup.deal > 1 else None
    return self._deal(
        base,
        number=setup.deal,
        dealer=dealer,
        order=setup.deck,
        first=setup.first,
        previous_first=previous,
    )


def _blank(self: RummyRules, common: dict[str, Any]) -> RummyState:
    """A state with the fields of :func:`~rummykit.engine.core.opening_fields` and this
    family's own at their start, before the first deal."""
    players, dealer = common["players"], common["dealer"]
    return RummyState(
        **common,
        stock=(),
        discards=(),
        table=(),
        phase=Phase.DRAW,
        opened=(False,) * players,
        turns=(0,) * players,
        first_player=(dealer + 1) % players,
        pending=None,
        turn_points=0,
        reached=(),
        final_after=None,
        last_deal=None,
        context=MeldContext(rules=self.meld_rules, deck=self.deck(players)),
        contract_laid=(),
        took=None,
        drawn=None,
        single=None,
        top_by=None,
        top_fresh=True,
        active=NOBODY,
        claimed=False,
        draw_waiting=False,
        reshuffles=0,
        place_on=None,
        reply_to=None,
        offers=0,
        knocker=None,
        knock_all=False,
        takes=0,
        thrown_back=False,
        deals_won=(0,) * players,
        indicator=None,
        set_aside=(),
        known=((),) * players,
        played=(),
        first_play=True,
        hand_melds=((),) * players,
    )


def _deal(
    self: RummyRules,
    state: RummyState,
    *,
    number: int,
    dealer: int,
    order: Sequence[Card] | None = None,
    first: int | None = None,
    previous_first: int | None = None,
) -> RummyState:
    """A fresh deal: shuffle (or take the stacked order), deal, turn the upcard."""
    players = state.players
    deck, pack = self._deck_of(players)
    cards = list(order) if order is not None else shuffled(pack, state.seed, number)
    given = self.deal.deal(cards, number=number, players=players, dealer=dealer)
    context = self._context_of(deck, players, number, given.indicator)
    rest = cards[given.used :]
    discards: tuple[Card, ...] = ()
    if self.deal.upcard:
        rng: random.Random | None = None
        while self.deal.redraw_wild_upcard and context.wilds.mask[rest[0]]:
            if all(context.wilds.mask[c] for c in rest):
                break
            if rng is None:
                rng = random.Random(f"{state.seed}:{number}:upcard")
            wild = rest.pop(0)
            rest.insert(rng.randrange(1, len(rest) + 1), wild)
        discards = (rest.pop(0),)
    known: tuple[tuple[Card, ...], ...] = ((),) * players
    if given.face_up:
        known = tuple(() if card is None else (card,) for card in given.face_up)
    indicator = given.indicator
    if indicator is None and discards:
        indicator = discards[0]
    sorted_hands = tuple(tuple(sorted(h)) for h in given.hands)
    fields = state.__dict__.copy()
    fields.update(_FRESH_DEAL)
    fields["deal_number"] = number
    fields["dealer"] = dealer
    fields["hands"] = sorted_hands
    fields["hand_melds"] = self._initial_melds(sorted_hands, context)
    fields["stock"] = tuple(reversed(rest))
    fields["discards"] = discards
    fields["opened"] = (False,) * players
    fields["turns"] = (0,) * players
    fields["context"] = context
    fields["first_player"] = (dealer + 1) % players
    fields["indicator"] = indicator
    fields["set_aside"] = () if given.indicator is None else (given.indicator,)
    fields["known"] = known
    if first is None and previous_first is not None:
        fields["first_player"] = previous_first
    dealt = evolve_fields(fields)
    if first is not None:
        starter = first
    else:
        chooser = self.start_rule.chooser(dealt) if number > 1 else None
        if chooser is not None:
            return _evolve(dealt, to_move=chooser, active=chooser, phase=Phase.CHOOSE_START)
        starter = self.start_rule.first(dealt)
    fields = fields.copy()
    fields["first_player"] = starter
    self._start_turn_fields(fields, dealt, starter, opening=True)
    return evolve_fields(fields)


def _deck_of(self: RummyRules, players: int) -> tuple[DeckSpec, tuple[Card, ...]]:
    """The deck for ``players`` players and its cards, worked out once per rules."""
    key = (id(self), players)
    found = _DECKS.get(key)
    if found is None or found[0] is not self:
        deck = self.deck(players)
        found = (self, deck, deck.cards())
        remember(_DECKS, key, found, _CACHE_LIMIT)
    return found[1], found[2]


def _context_of(
    self: RummyRules, deck: DeckSpec, players: int, number: int, indicator: Card | None
) -> MeldContext:
    """The meld context of deal ``number`` with ``players`` players (whose ``deck``
    it is) and the deal's ``indicator``, worked out once per rules."""
    key = (id(self), players, number, indicator)
    found = _CONTEXTS.get(key)
    if found is None or found[0] is not self:
        wilds = self.wilds.for_deal(DealInfo(number, indicator))
        context = _context(self.meld_rules, deck, wilds)
        found = (self, context)
        remember(_CONTEXTS, key, found, _CACHE_LIMIT)
    return found[1]


def _initial_melds(
    self: RummyRules, hands: Sequence[tuple[Card, ...]], context: MeldContext
) -> tuple[tuple[Meld, ...], ...]:
    if not self.keeps_hand_melds:
        return ((),) * len(hands)
    return tuple(possible_melds(h, context) for h in hands)


def _begin_turn(
    self: RummyRules, state: RummyState, seat: int, *, opening: bool = False
) -> RummyState:
    """``seat``'s turn starts: draw, or play at once on Crazy Rummy's opening turn."""
    fields = state.__dict__.copy()
    self._start_turn_fields(fields, state, seat, opening=opening)
    return evolve_fields(fields)


def _start_turn_fields(
    self: RummyRules,
    fields: dict[str, object],
    state: RummyState,
    seat: int,
    *,
    opening: bool = False,
) -> None:
    """Put the fields that start ``seat``'s turn into ``fields`` (see
    :meth:`_begin_turn`); ``state`` has the hands and the opened flags."""
    hand = state.hands[seat]
    phase = Phase.DRAW
    if opening:
        if not self.deal.first_player_draws:
            phase = Phase.PLAY
        if self.pickup.offers_upcard and state.discards:
            phase = Phase.FIRST_UPCARD
    fields["to_move"] = fields["active"] = seat
    fields["offers"] = 0
    fields["phase"] = phase
    fields["took"] = fields["drawn"] = None
    fields["single"] = hand[0] if len(hand) == 1 else None
    fields["claimed"] = fields["draw_waiting"] = False
    fields["contract_laid"] = fields["played"] = ()
    fields["first_play"] = not state.opened[seat]


def _end_turn(
    self: RummyRules,
    state: RummyState,
    seat: int,
    *,
    claim: bool = True,
    changes: dict[str, object] | None = None,
) -> RummyState:
    """Peg the turn's points (R46; under ``strict_pegging`` the player first says whether
    to peg them), then end the deal, the game or the turn. ``changes`` are the fields the
    turn's last move changed, not yet in ``state`` (one copy instead of two)."""
    more = changes if changes is not None else {}
    if changes is not None and not state.turn_points:
        quick = self._quick_turn(state, seat, changes)
        if quick is not None:
            return quick
    if self.strict_pegging and state.turn_points and state.phase is not Phase.PEG:
        return _evolve(state, **more, phase=Phase.PEG)
    scores = state.scores
    if state.turn_points and claim:
        scores = cast(tuple[int, ...], replace_at(scores, seat, scores[seat] + state.turn_points))
    turns = cast(tuple[int, ...], replace_at(state.turns, seat, state.turns[seat] + 1))
    state = _evolve(state, **more, scores=scores, turns=turns, turn_points=0)
    state = self.note_reached(state)
    following = (seat + 1) % state.players
    if state.reply_to is not None:
        if following == state.reply_to:
            return self._end_deal(state, DealEnd.OUT, state.reply_to)
    elif not state.hands[seat]:
        opening = sum(state.turns) == 1 and seat == state.first_player
        if self.reply_turn and opening and state.players > 1:
            state = _evolve(state, reply_to=seat)
        else:
            return self._end_deal(state, DealEnd.OUT, seat)
    wall = self.stock_rule.wall
    if wall and len(state.stock) <= wall:
        if self.knock is not None:
            return _evolve(
                state, to_move=following, active=following, phase=Phase.WALL, took=None,
                drawn=None,
            )  # fmt: skip
        return self._end_deal(state, DealEnd.STOCK, None)
    if not state.stock and not self._can_draw(state):
        return self._end_deal(state, self._stock_ending(state), None)
    if sum(state.turns) >= self.max_turns:
        return self._end_deal(state, DealEnd.SAFEGUARD, None)
    if self.game_end.over_after_turn(state, following):
        return self._finish(state)
    return self._begin_turn(state, following)


def _quick_turn(
    self: RummyRules, state: RummyState, seat: int, changes: dict[str, object]
) -> RummyState | None:
    """The next player's turn in one state copy, when the turn that ``changes`` ends
    scores nothing and ends nothing (the common case); ``None`` otherwise, for
    :meth:`_end_turn` to work out in full. Every test below reads fields that starting
    the next turn leaves alone."""
    following = (seat + 1) % state.players
    turns = list(state.turns)
    turns[seat] += 1
    fields = state.__dict__.copy()
    fields.update(changes)
    self._start_turn_fields(fields, state, following)
    fields["turns"] = tuple(turns)
    fields["turn_points"] = 0
    after = evolve_fields(fields)
    wall = self._wall
    target = self._target
    if (
        after.reply_to is not None
        or not after.hands[seat]
        or not after.stock
        or (wall and len(after.stock) <= wall)
        or sum(turns) >= self.max_turns
        or (target is not None and max(after.scores) >= target)
        or self.game_end.over_after_turn(after, following)
    ):
        return None
    return after


def note_reached(self: RummyRules, state: RummyState) -> RummyState:
    """Record seats that have newly reached the game's target (R45)."""
    target = self.game_end.target
    if target is None or max(state.scores) < target:
        return state
    newly = [
        s for s in range(state.players) if state.scores[s] >= target and s not in state.reached
    ]
    if not newly:
        return state
    final_after = state.final_after if state.final_after is not None else newly[0]
    return _evolve(state, reached=(*state.reached, *newly), final_after=final_after)


def deal_outcome(state: RummyState, reason: DealEnd, out: int | None) -> DealOutcome:
    """The deal of ``state`` ended here for ``reason`` (``out``: the seat that went out), not
    yet scored."""
    return DealOutcome(
        deal_number=state.deal_number,
        reason=reason,
        out=out,
        hands=state.hands,
        table=state.table,
        wild_cards=state.context.wilds.cards,
        indicator=state.indicator,
    )


def _end_deal(self: RummyRules, state: RummyState, reason: DealEnd, out: int | None) -> RummyState:
    outcome = deal_outcome(state, reason, out)
    delta = self.deal_scoring.deal_scores(outcome)
    scores = tuple(s + d for s, d in zip(state.scores, delta, strict=True))
    if self._names_winner:
        scored = _evolve_outcome(outcome, points=delta)
        winner = cast(NamesDealWinner, self.deal_scoring).deal_winner(scored)
        last = _evolve_outcome(scored, winner=winner)
    else:
        winner = biggest_gain(delta)
        last = _evolve_outcome(outcome, points=delta, winner=winner)
    won = state.deals_won
    if winner is not None:
        won = cast(tuple[int, ...], replace_at(won, winner, won[winner] + 1))
    state = _evolve(state, scores=scores, deals_won=won, last_deal=last)
    state = self.note_reached(state)
    if self.game_end.over_after_deal(state) or state.deal_number >= self.max_deals:
        return self._finish(state)
    dealer = (state.dealer + 1) % state.players
    return self._deal(
        state, number=state.deal_number + 1, dealer=dealer, previous_first=state.first_player
    )


def _finish(self: RummyRules, state: RummyState) -> RummyState:
    return _evolve(
        state,
        scores=self.game_end.final_scores(state),
        over=True,
        to_move=NOBODY,
        phase=Phase.OVER,
    )
