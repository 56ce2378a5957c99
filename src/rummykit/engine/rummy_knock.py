"""The knock turn of the draw-and-discard family (Gin Rummy and its relatives).

A variant whose :class:`~rummykit.engine.rummy.RummyRules` holds a
:class:`~rummykit.pieces.KnockRule` plays this turn: the first upcard may be offered
(:attr:`Phase.FIRST_UPCARD`), then each turn is a draw and a discard, with no melding; a
player whose deadwood after the discard is within the knock limit may ``knock``
(:attr:`Phase.KNOCK`: discard face down, or meld every card), lay their melds
(:attr:`Phase.SPREAD`), after which the opponent lays off (:attr:`Phase.LAYOFF`) and lays
melds (:attr:`Phase.DEFEND`), and the deal is scored. A stock down to the wall gives the
next player a last chance to knock with the discard (:attr:`Phase.WALL`).

Generation, the check and the showdown's moves are functions bound as methods of
:class:`~rummykit.engine.rummy.RummyRules`; draws and discards go through its turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Final, cast

from rummykit.cards import Card, Suit
from rummykit.engine.moves import (
    Discard,
    Draw,
    End,
    Knock,
    LayMeld,
    LayOff,
    Move,
    Pass,
    TakeDiscard,
)
from rummykit.engine.rummy_state import (
    Phase,
    RummyState,
    add_cards,
    evolve_fields,
    evolve_state,
    hands_with,
    remove_cards,
    replace_at,
)
from rummykit.errors import IllegalMoveError, shown
from rummykit.melds import Meld, MeldKind
from rummykit.pieces.knock import KnockRule
from rummykit.pieces.outcome import DealEnd, TableMeld

if TYPE_CHECKING:
    from rummykit.engine.rummy import RummyRules

__all__: list[str] = []  # functions bound as methods of RummyRules

_Illegal = Callable[[str, str], IllegalMoveError]
_evolve: Final = evolve_state

_KNOCK: Final = Knock()
_PASS: Final = Pass()
_DRAW: Final = Draw()
_TAKE: Final = TakeDiscard()
#: The discard of each card code (cards of a knock game's pack), built once.
_DISCARD_OF: Final = tuple(Discard(Card(code)) for code in range(53))
#: The phases of the showdown, after a knock.
SHOWDOWN: Final = frozenset({Phase.KNOCK, Phase.SPREAD, Phase.LAYOFF, Phase.DEFEND})


def _discard(card: Card) -> Discard:
    return _DISCARD_OF[card]


def _rule(self: RummyRules) -> KnockRule:
    knock = self.knock
    assert knock is not None
    return knock


def knock_limit(self: RummyRules, state: RummyState) -> int:
    """The most deadwood a knocker may keep this deal (0: gin only)."""
    return _rule(self).limit(state.indicator)


def _spread_limit(self: RummyRules, state: RummyState) -> int:
    return 0 if state.knock_all else self.knock_limit(state)


def _kept(self: RummyRules, state: RummyState, hand: tuple[Card, ...]) -> Card | None:
    """The card taken this turn when the discard piece forbids throwing it back."""
    took = state.took
    if took is None or not self._restricts:
        return None
    return took if self._discard_problem(state, took, hand) is not None else None


def _can_knock(
    self: RummyRules, state: RummyState, hand: tuple[Card, ...], keep: Card | None
) -> bool:
    return _rule(self).deadwood_after_discard(hand, keep) <= self.knock_limit(state)


def fits(meld: Meld) -> tuple[tuple[Card, End | None], ...]:
    """The cards that grow a standard-pack ``meld`` by one, with the end of a run they go
    on: the missing suit of a three-card set, the next card at either end of a run."""
    if meld.kind is MeldKind.SET:
        if len(meld) != 3:
            return ()
        assert meld.rank is not None
        held = {c.suit for c in meld.cards}
        return tuple((Card.of(meld.rank, s), None) for s in Suit if s not in held)
    assert meld.suit is not None
    out: list[tuple[Card, End | None]] = []
    if meld.low > 1:
        out.append((Card.of(meld.low - 1, meld.suit), End.LOW))
    if meld.high < 13:
        out.append((Card.of(meld.high + 1, meld.suit), End.HIGH))
    return tuple(out)


# -- generation ---------------------------------------------------------------------------


_DRAW_ONLY: Final = (_DRAW,)
_PASS_OR_TAKE: Final = (_PASS, _TAKE)
_DRAW_OR_TAKE: Final = (_DRAW, _TAKE)


def knock_generate(self: RummyRules, state: RummyState) -> Iterator[Move]:
    phase = state.phase
    if phase is Phase.DRAW:
        return iter(_DRAW_ONLY if state.offers >= state.players else _DRAW_OR_TAKE)
    hand = state.hands[state.to_move]
    knock = self.knock
    assert knock is not None
    if phase is Phase.PLAY:
        if state.took is None or not self._restricts:
            keep = None
            moves: list[Move] = list(map(_DISCARD_OF.__getitem__, hand))
        else:
            keep = self._kept(state, hand)
            moves = [_DISCARD_OF[c] for c in hand if c != keep]
        if knock.deadwood_after_discard(hand, keep) <= knock.limit(state.indicator):
            moves.insert(0, _KNOCK)
        return iter(moves)
    if phase is Phase.FIRST_UPCARD:
        return iter(_PASS_OR_TAKE)
    if phase is Phase.WALL:
        top = state.discards[-1]
        with_top = add_cards(hand, (top,))
        keep = top if self._discard_problem(state, top, with_top) is not None else None
        if self._can_knock(state, with_top, keep):
            return iter((_KNOCK, _PASS))
        return iter((_PASS,))
    if phase is Phase.KNOCK:
        return iter(self._knock_moves(state, hand))
    if phase is Phase.SPREAD:
        limit = self._spread_limit(state)
        spread: list[Move] = [_PASS] if knock.value(hand) <= limit else []
        for meld in knock.melds(hand):
            rest = remove_cards(hand, meld.cards)
            assert rest is not None
            if knock.deadwood(rest) <= limit:
                spread.append(LayMeld(meld))
        return iter(spread)
    if phase is Phase.LAYOFF:
        return iter([_PASS, *self._knock_lay_offs(state, hand)])
    if phase is Phase.DEFEND:
        return iter([_PASS, *(LayMeld(m) for m in knock.melds(hand))])
    return iter(())


def _knock_moves(self: RummyRules, state: RummyState, hand: tuple[Card, ...]) -> list[Move]:
    knock = _rule(self)
    moves: list[Move] = []
    if knock.all_in_one and knock.deadwood(hand) == 0:
        for meld in knock.melds(hand):
            rest = remove_cards(hand, meld.cards)
            assert rest is not None
            if knock.deadwood(rest) == 0:
                moves.append(LayMeld(meld))
    keep = self._kept(state, hand)
    limit = self.knock_limit(state)
    for card in hand:
        if card != keep:
            rest = remove_cards(hand, (card,))
            assert rest is not None
            if knock.deadwood(rest) <= limit:
                moves.append(_discard(card))
    return moves


def _knock_lay_offs(
    self: RummyRules, state: RummyState, hand: tuple[Card, ...]
) -> Iterator[LayOff]:
    """Each card of the hand that fits one of the knocker's melds."""
    for index, placed in enumerate(state.table):
        if placed.owner != state.knocker:
            continue
        for card, end in fits(placed.meld):
            if card in hand:
                yield LayOff(card, index, end)


# -- the one check ------------------------------------------------------------------------


def plainly_legal(self: RummyRules, state: RummyState, move: object) -> bool:
    """A quick yes for the moves of most positions (a draw, a take, a plain discard), before
    the full check; ``False`` means "ask the full check", not "illegal"."""
    kind = type(move)
    phase = state.phase
    if kind is Discard:
        assert isinstance(move, Discard)
        card = move.card
        return (
            phase is Phase.PLAY
            and type(card) is Card
            and not self._restricts
            and card in state.hands[state.to_move]
        )
    if kind is Draw:
        return phase is Phase.DRAW and not state.over
    if kind is TakeDiscard:
        assert isinstance(move, TakeDiscard)
        return (
            type(move.count) is int
            and move.count == 1
            and (
                phase is Phase.FIRST_UPCARD
                or (phase is Phase.DRAW and state.offers < state.players)
            )
        )
    return False


#: What each phase of a knock game expects, for the rule check's messages (built once: the
#: rule check writes one for every move it refuses, and is asked of every listed move).
_EXPECTED: Final[dict[Phase, str]] = {
    Phase.FIRST_UPCARD: "the first upcard is offered: 'take' or 'pass'",
    Phase.DRAW: "draw from the stock or take the discard",
    Phase.PLAY: "discard a card, or knock",
    Phase.KNOCK: "the knocker discards face down",
    Phase.SPREAD: "the knocker lays melds, then passes",
    Phase.LAYOFF: "the defender lays off, then passes",
    Phase.DEFEND: "the defender lays melds, then passes",
    Phase.WALL: "the wall: 'knock' with the discard or 'pass'",
}


def _expect(state: RummyState) -> str:
    if state.phase is Phase.DRAW and state.offers >= state.players:
        return "draw from the stock"
    return _EXPECTED.get(state.phase, "the game is over")


def knock_check(
    self: RummyRules, state: RummyState, move: object, illegal: _Illegal
) -> IllegalMoveError | None:
    phase = state.phase
    seat = state.to_move
    hand = state.hands[seat]
    knock = _rule(self)
    if isinstance(move, Discard):
        card = move.card
        if phase is not Phase.PLAY and phase is not Phase.KNOCK:
            return illegal("turn.phase", f"no discard now ({_expect(state)})")
        if card not in hand:
            return illegal("card.not_in_hand", f"you hold no {card}")
        problem = self._discard_problem(state, card, hand)
        if problem is not None:
            return illegal(*problem)
        if phase is Phase.KNOCK:
            if state.knock_all:
                return illegal("knock.big_gin", "big gin melds all eleven cards")
            rest = remove_cards(hand, (card,))
            assert rest is not None
            left, limit = knock.deadwood(rest), self.knock_limit(state)
            if left > limit:
                return illegal(
                    "knock.deadwood",
                    f"without {card} your least deadwood is {left}, above the knock limit {limit}",
                )
        return None
    if isinstance(move, Draw):
        if phase is Phase.DRAW:
            return None
        if phase is Phase.FIRST_UPCARD:
            return illegal(
                "draw.first_upcard",
                "the first upcard is offered first: 'take' it or 'pass' (the first player "
                "draws from the stock only after everyone passes)",
            )
        return illegal("turn.phase", f"no drawing now ({_expect(state)})")
    if isinstance(move, TakeDiscard):
        if move.count != 1:
            return illegal("take.depth", "only the top discard may be taken: 'take'")
        if phase is Phase.FIRST_UPCARD:
            return None
        if phase is Phase.DRAW:
            if state.offers >= state.players:
                return illegal(
                    "take.passed", "everyone passed the first upcard: 'draw' from the stock"
                )
            return None
        if phase is Phase.WALL:
            return illegal(
                "take.wall",
                "the stock is down to the wall: take the discard only to knock ('knock'), "
                "or 'pass'",
            )
        return illegal("turn.phase", f"no drawing now ({_expect(state)})")
    if isinstance(move, Knock):
        if phase is Phase.PLAY:
            keep = self._kept(state, hand)
            if self._can_knock(state, hand, keep):
                return None
            return illegal(
                "knock.deadwood",
                f"your least deadwood after a discard is "
                f"{knock.deadwood_after_discard(hand, keep)}, above the knock limit "
                f"{self.knock_limit(state)}",
            )
        if phase is Phase.WALL:
            top = state.discards[-1]
            with_top = add_cards(hand, (top,))
            keep = top if self._discard_problem(state, top, with_top) is not None else None
            if self._can_knock(state, with_top, keep):
                return None
            return illegal(
                "knock.deadwood",
                f"even with {top} your deadwood stays above the knock limit "
                f"{self.knock_limit(state)}: 'pass'",
            )
        return illegal("turn.phase", f"no knocking now ({_expect(state)})")
    if isinstance(move, Pass):
        if phase in (Phase.FIRST_UPCARD, Phase.WALL, Phase.LAYOFF, Phase.DEFEND):
            return None
        if phase is Phase.SPREAD:
            left, limit = knock.value(hand), self._spread_limit(state)
            if left <= limit:
                return None
            what = "big gin melds every card" if state.knock_all else "lay more melds"
            return illegal(
                "spread.deadwood", f"your unmelded cards count {left}, above {limit}: {what}"
            )
        if phase is Phase.DRAW and state.offers >= state.players:
            return illegal("pass.draw", "everyone passed: 'draw' from the stock")
        return illegal("turn.phase", f"nothing to pass now ({_expect(state)})")
    if isinstance(move, LayMeld):
        return self._knock_check_meld(state, move.meld, hand, illegal)
    if isinstance(move, LayOff):
        return self._knock_check_lay_off(state, move, hand, illegal)
    return illegal("move.unknown", f"{shown(move)} is not a move of {state.variant.id}")


def _knock_check_meld(
    self: RummyRules, state: RummyState, meld: Meld, hand: tuple[Card, ...], illegal: _Illegal
) -> IllegalMoveError | None:
    phase = state.phase
    knock = _rule(self)
    if phase not in (Phase.SPREAD, Phase.DEFEND, Phase.KNOCK):
        return illegal("turn.phase", f"no melds now ({_expect(state)})")
    problem = knock.meld_problem(meld)
    if problem is not None:
        return illegal(*problem)
    rest = remove_cards(hand, meld.cards)
    if rest is None:
        return illegal("card.not_in_hand", "the meld uses cards you do not hold")
    if phase is Phase.KNOCK:
        if not (knock.all_in_one and knock.deadwood(hand) == 0):
            return illegal("knock.discard_first", "discard face down first, then lay your melds")
        if knock.deadwood(rest) != 0:
            return illegal(
                "knock.big_gin", "big gin melds all eleven cards; this meld leaves deadwood"
            )
        return None
    if phase is Phase.SPREAD:
        limit = self._spread_limit(state)
        left = knock.deadwood(rest)
        if left > limit:
            return illegal(
                "spread.deadwood",
                f"after {meld} your least deadwood would be {left}, above {limit}",
            )
    return None


def _knock_check_lay_off(
    self: RummyRules, state: RummyState, move: LayOff, hand: tuple[Card, ...], illegal: _Illegal
) -> IllegalMoveError | None:
    seat = state.to_move
    if state.phase is not Phase.LAYOFF:
        if state.phase is Phase.DEFEND:
            return illegal(
                "layoff.done", "lay-offs come before the defender's melds, and you have passed"
            )
        if state.phase is Phase.SPREAD or state.knocker == seat:
            return illegal("layoff.knocker", "only the defender lays off")
        return illegal("turn.phase", f"no lay-offs now ({_expect(state)})")
    if move.card not in hand:
        return illegal("card.not_in_hand", f"you hold no {move.card}")
    if not 0 <= move.target < len(state.table):
        return illegal("layoff.no_meld", f"there is no meld #{shown(move.target)} on the table")
    placed = state.table[move.target]
    if placed.owner != state.knocker:
        return illegal("layoff.own_meld", "lay off only on the knocker's melds")
    if (move.card, move.end) not in fits(placed.meld):
        return illegal("layoff.fit", f"{move.card} does not fit {placed.meld} there")
    return None


# -- the showdown's moves -----------------------------------------------------------------


def knock_play(self: RummyRules, state: RummyState, move: Move, history: object) -> RummyState:
    """``state`` after a knock, a pass, or a meld, lay-off or face-down discard of the
    showdown (draws and the turn's discard go through the ordinary turn)."""
    seat = state.to_move
    phase = state.phase
    following = (seat + 1) % state.players
    if isinstance(move, Pass):
        after = _evolve(state, history=history)
        if phase is Phase.FIRST_UPCARD:
            offers = state.offers + 1
            if offers >= state.players:
                first = state.first_player
                return _evolve(after, offers=offers, to_move=first, active=first, phase=Phase.DRAW)
            return _evolve(after, offers=offers, to_move=following, active=following)
        if phase is Phase.WALL:
            return self._end_deal(after, DealEnd.STOCK, None)
        if phase is Phase.SPREAD:
            gin = not state.hands[seat]
            return _evolve(
                after,
                to_move=following,
                active=following,
                phase=Phase.DEFEND if gin else Phase.LAYOFF,
            )
        if phase is Phase.LAYOFF:
            return _evolve(after, phase=Phase.DEFEND)
        reason = DealEnd.BIG_GIN if state.knock_all else DealEnd.KNOCK
        return self._end_deal(after, reason, state.knocker)
    if isinstance(move, Knock):
        if phase is Phase.WALL:
            top = state.discards[-1]
            return _evolve(
                state,
                history=history,
                discards=state.discards[:-1],
                hands=hands_with(state, seat, add_cards(state.hands[seat], (top,))),
                took=top,
                drawn=top,
                knocker=seat,
                phase=Phase.KNOCK,
            )
        return _evolve(state, history=history, knocker=seat, phase=Phase.KNOCK)
    if isinstance(move, Discard):  # the knocker's face-down discard
        rest = remove_cards(state.hands[seat], (move.card,))
        assert rest is not None
        # The knocker's turn is over: the card it drew (perhaps the one just laid face down)
        # is no longer the turn's drawn card, which a view shows to the seat to move.
        return _evolve(
            state,
            history=history,
            hands=hands_with(state, seat, rest),
            discards=(*state.discards, move.card),
            drawn=None,
            took=None,
            phase=Phase.SPREAD,
        )
    if isinstance(move, LayMeld):
        rest = remove_cards(state.hands[seat], move.meld.cards)
        assert rest is not None
        big = phase is Phase.KNOCK
        return _evolve(
            state,
            history=history,
            hands=hands_with(state, seat, rest),
            table=(*state.table, TableMeld(seat, move.meld)),
            knock_all=state.knock_all or big,
            phase=Phase.SPREAD if big else phase,
        )
    if isinstance(move, LayOff):
        from rummykit.engine.table import extended

        placed = state.table[move.target]
        grown = extended(placed.meld, move.card, move.end)
        assert grown is not None
        rest = remove_cards(state.hands[seat], (move.card,))
        assert rest is not None
        table = replace_at(state.table, move.target, TableMeld(placed.owner, grown))
        return _evolve(
            state,
            history=history,
            hands=hands_with(state, seat, rest),
            table=table,
        )
    raise AssertionError(f"unchecked move {move!r}")


# -- the turn's draw and discard, one state each ------------------------------------------


def knock_turn(self: RummyRules, state: RummyState, move: Move, history: object) -> RummyState:
    """``state`` after a draw, a take or the turn's discard in a knock game: the ordinary
    turn of :class:`~rummykit.engine.rummy.RummyRules`, built as one new state per move
    (knock games make no melds during play, keep no hand melds and have no claims)."""
    seat = state.to_move
    hands = state.hands
    kind = type(move)
    if kind is Draw:
        stock = state.stock
        card = stock[-1]
        fields = state.__dict__.copy()
        fields["history"] = history
        fields["stock"] = stock[:-1]
        fields["hands"] = hands_with(state, seat, add_cards(hands[seat], (card,)))
        fields["drawn"] = card
        fields["took"] = None
        fields["phase"] = Phase.PLAY
        return evolve_fields(fields)
    if kind is TakeDiscard:
        takes = state.takes
        if self.max_takes is not None and state.phase is Phase.DRAW:
            takes += 1
            if takes >= self.max_takes:
                return self._end_deal(_evolve(state, history=history), DealEnd.SAFEGUARD, None)
        card = state.discards[-1]
        return _evolve(
            state,
            history=history,
            discards=state.discards[:-1],
            hands=hands_with(state, seat, add_cards(hands[seat], (card,))),
            takes=takes,
            took=card,
            drawn=card,
            top_fresh=False,
            phase=Phase.PLAY,
            to_move=seat,
            active=seat,
        )
    card = cast(Discard, move).card
    hand = hands[seat]
    at = hand.index(card)
    rest = hand[:at] + hand[at + 1 :]
    back = card == state.took
    new_hands = hands_with(state, seat, rest)
    discards = (*state.discards, card)
    counts = list(state.turns)
    counts[seat] += 1
    turns = tuple(counts)
    following = (seat + 1) % state.players
    wall = self._wall
    voided = self.throwback_voids and back and state.thrown_back
    if not voided and rest and wall and len(state.stock) <= wall:
        phase = Phase.WALL
    elif (
        voided
        or not rest
        or (not state.stock and not self._can_draw(state))
        or sum(turns) >= self.max_turns
    ):
        return self._knock_turn_ends(state, history, new_hands, discards, turns, back)
    else:
        phase = Phase.DRAW
    hand = new_hands[following]
    fields = state.__dict__.copy()
    fields["history"] = history
    fields["hands"] = new_hands
    fields["discards"] = discards
    fields["top_by"] = seat
    fields["top_fresh"] = True
    fields["thrown_back"] = back
    fields["turns"] = turns
    fields["to_move"] = fields["active"] = following
    fields["phase"] = phase
    fields["took"] = fields["drawn"] = None
    fields["single"] = hand[0] if len(hand) == 1 else None
    fields["offers"] = 0
    after = evolve_fields(fields)
    if self.game_end.over_after_turn(after, following):
        return self._finish(after)
    return after


def _knock_turn_ends(  # noqa: PLR0917
    self: RummyRules,
    state: RummyState,
    history: object,
    hands: tuple[tuple[Card, ...], ...],
    discards: tuple[Card, ...],
    turns: tuple[int, ...],
    back: bool,
) -> RummyState:
    """The discard that ends the deal: the hand emptied, the discard thrown back twice in
    a row, the stock spent, or the turn cap."""
    seat = state.to_move
    after = _evolve(
        state,
        history=history,
        hands=hands,
        discards=discards,
        top_by=seat,
        top_fresh=True,
        thrown_back=back,
        turns=turns,
    )
    if self.throwback_voids and back and state.thrown_back:
        return self._end_deal(after, DealEnd.SAFEGUARD, None)
    if not hands[seat]:
        return self._end_deal(after, DealEnd.OUT, seat)
    if not state.stock and not self._can_draw(after):
        return self._end_deal(after, self._stock_ending(after), None)
    return self._end_deal(after, DealEnd.SAFEGUARD, None)
