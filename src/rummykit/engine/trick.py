"""The trick-and-quartet family: the rules of games like Crummy.

Every card is dealt; players play tricks judged by a :class:`~rummykit.tricks.TrickRules`
piece; the winner of a trick takes its cards into hand and may then lay aside quartets (the
four cards of one rank) face down; players go out when their hands are empty, and the order
in which they go out, with the quartets each laid aside, scores the deal. The first quartet
of a deal is marked by the pack's Joker, which is never dealt.

:class:`TrickGameRules` is a frozen record of pieces (the deck, the trick rules, the deal
scoring, the end of the game) and the engine's termination rules: the halt call of R7 and
the repetition safeguard of R8, so that every deal ends. A finished deal is reported as a
:class:`rummykit.pieces.DealOutcome` (``state.last_deal``, ending
:attr:`~rummykit.pieces.DealEnd.PLAY`, :attr:`~rummykit.pieces.DealEnd.HALT`,
:attr:`~rummykit.pieces.DealEnd.REPETITION_HALT` or :attr:`~rummykit.pieces.DealEnd.SAFEGUARD`)
and scored by a :class:`rummykit.pieces.DealScoring` piece, as in the draw-and-discard
family.

The family lives in three modules, and every name is importable from this one: the moves
and their verbs in :mod:`rummykit.engine.trick_moves`, the phase, state and view in
:mod:`rummykit.engine.trick_state`, and the rules here.

A turn is one small move (:class:`TrickPhase` says which kind is due):

* ``play QH``: a card to the trick, led or followed (:class:`PlayCard`). A player who cannot
  play passes automatically; the turn moves on to the next player who can (R2).
* ``quartet K``: the trick winner lays aside the four Kings (:class:`LayQuartet`, R5); at
  the end of play, the same move lets the last player choose which residual quartet takes
  the Joker (R6).
* ``done``: the trick winner lays aside no more quartets (:class:`EndQuartets`).
* ``halt`` or ``continue``: call a halt to the play, or decline to, when the last two players
  hold two ranks between them (:class:`CallHalt`, :class:`PlayOn`, R7).

>>> from rummykit.engine.moves import parse_move
>>> [str(parse_move(text)) for text in ["play 10H", "quartet k", "done", "halt", "continue"]]
['play 10H', 'quartet K', 'done', 'halt', 'continue']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import attrs

from rummykit.cards import Card, DeckSpec, Rank
from rummykit.engine import trick_views
from rummykit.engine.core import (
    NOBODY,
    Setup,
    Variant,
    opening_fields,
    shuffled,
)
from rummykit.engine.moves import Move, not_a_move
from rummykit.engine.trick_moves import (
    DONE,
    HALT,
    PLAY_ON,
    PLAYS,
    QUARTET_MOVES,
    CallHalt,
    EndQuartets,
    LayQuartet,
    PlayCard,
    PlayOn,
)
from rummykit.engine.trick_state import (
    RANK_OF,
    Position,
    TrickPhase,
    TrickState,
    TrickView,
    complete_ranks,
    evolve,
    followed,
    quartet_cards,
    ranks_held,
    replace_at,
    trick_outcome,
    with_passes,
    without,
)
from rummykit.errors import IllegalMoveError, OptionError, shown
from rummykit.pieces.deal import DeckRule
from rummykit.pieces.outcome import DealEnd, DealScoring
from rummykit.tricks import TrickRules

__all__ = [
    "CallHalt",
    "EndQuartets",
    "LayQuartet",
    "PlayCard",
    "PlayOn",
    "ScoreEnd",
    "TrickGameRules",
    "TrickPhase",
    "TrickState",
    "TrickView",
    "quartet_cards",
    "trick_outcome",
]


# -- pieces ------------------------------------------------------------------------------------


class ScoreEnd(Protocol):
    """When the game ends (checked after each deal) and who wins.

    The trick family keeps this protocol rather than :class:`rummykit.pieces.GameEnd`: that
    one reads a :class:`~rummykit.pieces.GamePosition` (turns per seat, who reached the
    target, the final turns of R45) that a trick game does not have, and a trick game ends
    only between deals, on the scores alone.
    """

    @property
    def target(self) -> int:
        """The score that ends the game."""
        ...

    def over(self, scores: tuple[int, ...]) -> bool:
        """Whether the game ends with these cumulative scores."""
        ...

    def winners(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The winning seats of a finished game."""
        ...


# -- rules -------------------------------------------------------------------------------------


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise OptionError(f"{attribute.name} must be a positive whole number, not {shown(value)}")


@attrs.frozen
class TrickGameRules:
    """The rules of a trick-and-quartet game, as a record of pieces.

    The deck is dealt out entirely, one card at a time clockwise from the dealer's left,
    jokers set aside; the player on the dealer's left leads the first trick and the deal
    passes to the left (R9). The rest is decided by the pieces and parameters below.
    """

    #: The deck for a number of players (its Joker, if any, marks the first quartet).
    deck_rule: DeckRule = attrs.field(kw_only=True)
    #: What may be played to a trick and who wins it.
    tricks: TrickRules = attrs.field(kw_only=True)
    #: What a deal scores, read from its :class:`~rummykit.pieces.DealOutcome`.
    scoring: DealScoring = attrs.field(kw_only=True)
    #: When the game ends and who wins.
    game_end: ScoreEnd = attrs.field(kw_only=True)
    #: A start-of-trick position that occurs this many times in a deal ends the deal (R7's
    #: halt if its condition holds, else R8's safeguard).
    repetitions: int = attrs.field(kw_only=True, default=3, validator=_positive)
    #: Whether players are offered R7's halt call (the repetition rule applies either way).
    halt: bool = attrs.field(kw_only=True, default=True)
    #: A safeguard: the game ends after this many deals whatever the scores.
    max_deals: int = attrs.field(kw_only=True, default=100, validator=_positive)

    def deck(self, players: int) -> DeckSpec:
        return self.deck_rule.deck(players)

    # -- starting ------------------------------------------------------------------------------

    def start(self, variant: Variant, players: int, seed: int, setup: Setup) -> TrickState:
        common = opening_fields(variant, players, seed, setup)
        dealer = common["dealer"]
        blank = TrickState(
            **common,
            phase=TrickPhase.TRICK,
            leader=(dealer + 1) % players,
            trick=(),
            trick_seats=(),
            last_trick=(),
            last_winner=None,
            quartets=((),) * players,
            marker=None,
            out=(),
            tricks_played=0,
            seen=(),
            halts=0,
            repetition_halts=0,
            safeguards=0,
            last_deal=None,
        )
        return self._deal(blank, setup.deal, dealer, setup.deck, setup.first)

    def _deal(
        self,
        state: TrickState,
        number: int,
        dealer: int,
        order: Sequence[Card] | None = None,
        first: int | None = None,
    ) -> TrickState:
        """A fresh deal: shuffle (or take the stacked order), set the Joker aside and deal
        every other card one at a time clockwise from the dealer's left (R9)."""
        players = state.players
        cards = (
            list(order)
            if order is not None
            else shuffled(self.deck(players).cards(), state.seed, number)
        )
        hands: list[list[Card]] = [[] for _ in range(players)]
        seat = dealer
        for card in cards:
            if card.is_joker:
                continue
            seat = (seat + 1) % players
            hands[seat].append(card)
        leader = first if first is not None else (dealer + 1) % players
        dealt = evolve(
            state,
            deal_number=number,
            dealer=dealer,
            hands=tuple(tuple(sorted(h)) for h in hands),
            trick=(),
            trick_seats=(),
            last_trick=(),
            last_winner=None,
            quartets=((),) * players,
            marker=None,
            out=(),
            tricks_played=0,
            seen=(),
            passed=(),
        )
        return self._start_trick(dealt, leader)

    # -- generation ----------------------------------------------------------------------------

    def generate(self, state: TrickState) -> Iterator[Move]:
        phase = state.phase
        if phase is TrickPhase.TRICK:
            for card in self.tricks.playable(state.trick, state.hands[state.to_move]):
                yield PLAYS[card]
        elif phase is TrickPhase.QUARTETS or phase is TrickPhase.LAST:
            for rank in complete_ranks(state.hands[state.to_move]):
                yield QUARTET_MOVES[rank]
            if phase is TrickPhase.QUARTETS:
                yield DONE
        elif phase is TrickPhase.HALT:
            yield HALT
            yield PLAY_ON

    # -- the one check -------------------------------------------------------------------------

    def check(self, state: TrickState, move: object) -> IllegalMoveError | None:
        def illegal(rule: str, detail: str) -> IllegalMoveError:
            return IllegalMoveError(move, rule, detail)

        if state.over:
            return illegal("game.over", "the game is over; start a new one with new_game()")
        if not isinstance(move, Move):
            return illegal("move.malformed", not_a_move(move))
        phase = state.phase
        if isinstance(move, PlayCard):
            if type(move.card) is not Card:
                return illegal(
                    "move.malformed", f"the card must be a Card, not {shown(move.card)}"
                )
            if phase is not TrickPhase.TRICK:
                return illegal("turn.phase", _expect(state))
            problem = self.tricks.problem(state.trick, state.hands[state.to_move], move.card)
            if problem is not None:
                return illegal(*problem)
            return None
        if isinstance(move, LayQuartet):
            if not isinstance(move.rank, Rank):
                return illegal(
                    "move.malformed", f"the rank must be a Rank, not {shown(move.rank)}"
                )
            if phase is not TrickPhase.QUARTETS and phase is not TrickPhase.LAST:
                return illegal("turn.phase", _expect(state))
            hand = state.hands[state.to_move]
            held = sum(1 for c in hand if RANK_OF[c] is move.rank)
            if held < 4:
                return illegal(
                    "quartet.incomplete",
                    f"a quartet is all four {move.rank.label}s and you hold {held}",
                )
            return None
        if isinstance(move, EndQuartets):
            if phase is not TrickPhase.QUARTETS:
                return illegal("turn.phase", _expect(state))
            return None
        if isinstance(move, CallHalt | PlayOn):
            if phase is not TrickPhase.HALT:
                return illegal("halt.not_offered", _expect(state))
            return None
        return illegal("move.unknown", f"{shown(move)} is not a move of {state.variant.id}")

    # -- playing -------------------------------------------------------------------------------

    def play(self, state: TrickState, move: Move) -> TrickState:
        history = state.extend_history(move)
        seat = state.to_move
        if isinstance(move, PlayCard):
            return self._play_card(state, history, seat, move.card)
        if isinstance(move, LayQuartet):
            return self._lay_quartet(evolve(state, history=history), seat, move.rank)
        if isinstance(move, EndQuartets):
            return self._after_quartets(evolve(state, history=history), seat)
        if isinstance(move, CallHalt):
            return self._halt(evolve(state, history=history), seat, DealEnd.HALT)
        if isinstance(move, PlayOn):
            after = evolve(state, history=history)
            if seat == state.leader:
                return evolve(after, to_move=self._other_holder(state, seat))
            return evolve(after, to_move=state.leader, phase=TrickPhase.TRICK)
        raise AssertionError(f"unchecked move {move!r}")

    def _play_card(self, state: TrickState, history: Any, seat: int, card: Card) -> TrickState:
        hand = without(state.hands[seat], (card,))
        hands = replace_at(state.hands, seat, hand)
        trick = (*state.trick, card)
        seats = (*state.trick_seats, seat)
        if self.tricks.is_complete(trick):
            return self._resolve(state, history, hands, trick, seats)
        players = state.players
        playable = self.tricks.playable
        passed_over: list[int] = []
        for step in range(1, players + 1):
            following = (seat + step) % players
            if playable(trick, hands[following]):
                break
            if hands[following]:
                passed_over.append(following)
        else:
            # R2: suits stay balanced, so someone always holds a missing suit.
            raise AssertionError(f"nobody can play to the trick {trick} (R2 invariant broken)")
        passed = state.passed
        if passed_over:
            passed = with_passes(passed, players, passed_over, trick)
        return followed(
            state, history, hands=hands, trick=trick, seats=seats, to_move=following, passed=passed
        )

    def _resolve(
        self,
        state: TrickState,
        history: Any,
        hands: tuple[tuple[Card, ...], ...],
        trick: tuple[Card, ...],
        seats: tuple[int, ...],
    ) -> TrickState:
        """The trick is complete: the winner takes it; players left without cards who did not
        win go out, in the order they played their last card (R4)."""
        winner = seats[self.tricks.winner(trick)]
        hands = replace_at(hands, winner, tuple(sorted((*hands[winner], *trick))))
        passed = state.passed
        if passed and passed[winner]:  # the winner's hand gained cards: what it lacked is past
            passed = replace_at(passed, winner, ())
        last_play = {seat: index for index, seat in enumerate(seats)}
        newly = sorted(
            (s for s in last_play if s != winner and not hands[s]), key=last_play.__getitem__
        )
        after = evolve(
            state,
            history=history,
            hands=hands,
            trick=(),
            trick_seats=(),
            last_trick=tuple(zip(seats, trick, strict=True)),
            last_winner=winner,
            out=(*state.out, *newly),
            tricks_played=state.tricks_played + 1,
            seen=() if newly else state.seen,
            passed=passed,
        )
        holders = [s for s in range(state.players) if hands[s]]
        if holders == [winner]:
            return self._end_of_play(after, winner)
        if complete_ranks(hands[winner]):
            return evolve(after, phase=TrickPhase.QUARTETS, to_move=winner, leader=winner)
        return self._start_trick(after, winner)

    def _lay_quartet(self, state: TrickState, seat: int, rank: Rank) -> TrickState:
        hand = without(state.hands[seat], quartet_cards(rank))
        laid = (*state.quartets[seat], rank)
        marker = state.marker
        if marker is None and self._has_marker(state):
            marker = (seat, len(laid) - 1)
        after = evolve(
            state,
            hands=replace_at(state.hands, seat, hand),
            quartets=replace_at(state.quartets, seat, laid),
            marker=marker,
            seen=(),
        )
        if state.phase is TrickPhase.LAST:
            # R6: the chosen quartet took the Joker; the others follow it.
            return self._score(self._lay_all(after, seat), DealEnd.PLAY, (*state.out, seat))
        if hand and complete_ranks(hand):
            return after
        return self._after_quartets(after, seat)

    def _after_quartets(self, state: TrickState, winner: int) -> TrickState:
        """The trick winner has laid what they will: they go out if their hand is empty
        (R4); play ends if one player is left with cards; else the next trick starts, led by
        the winner or, if they are out, the next player on their left with cards (R1)."""
        if not state.hands[winner]:
            state = evolve(state, out=(*state.out, winner))
        holders = [s for s in range(state.players) if state.hands[s]]
        if len(holders) == 1:
            return self._end_of_play(state, holders[0])
        leader = winner
        while not state.hands[leader]:
            leader = (leader + 1) % state.players
        return self._start_trick(state, leader)

    def _start_trick(self, state: TrickState, leader: int) -> TrickState:
        """A trick is about to be led: apply the repetition rule (R7, R8) and offer the halt
        call when R7's condition holds."""
        key: Position = (leader, state.hands)
        seen = (*state.seen, key)
        halt_condition = self._halt_condition(state)
        if seen.count(key) >= self.repetitions:
            if halt_condition:
                return self._halt(state, leader, DealEnd.REPETITION_HALT)
            return self._safeguard(state, leader)
        phase = TrickPhase.HALT if halt_condition and self.halt else TrickPhase.TRICK
        return evolve(
            state, leader=leader, to_move=leader, phase=phase, seen=seen, trick=(), trick_seats=()
        )

    def _halt_condition(self, state: TrickState) -> bool:
        """R7's condition: exactly two players hold cards, and their cards are exactly two
        complete ranks."""
        holders = [hand for hand in state.hands if hand]
        if len(holders) != 2 or len(holders[0]) + len(holders[1]) != 8:
            return False
        return len(ranks_held(holders)) == 2

    def _other_holder(self, state: TrickState, seat: int) -> int:
        return next(s for s in range(state.players) if s != seat and state.hands[s])

    def _halt(self, state: TrickState, caller: int, ending: DealEnd) -> TrickState:
        """R7: the caller takes the lower-ranking quartet and goes out; the other player
        takes the higher one and is last."""
        other = self._other_holder(state, caller)
        low, high = ranks_held(state.hands)
        state = self._take(state, caller, (low,))
        state = self._take(state, other, (high,))
        if ending is DealEnd.HALT:
            state = evolve(state, halts=state.halts + 1)
        else:
            state = evolve(state, repetition_halts=state.repetition_halts + 1)
        return self._score(state, ending, (*state.out, caller, other))

    def _safeguard(self, state: TrickState, leader: int) -> TrickState:
        """R8: the players with cards go out in clockwise order from the player on lead, each
        taking the lowest-ranking remaining rank as a quartet; the last takes the rest."""
        players = state.players
        holders = [
            (leader + step) % players
            for step in range(players)
            if state.hands[(leader + step) % players]
        ]
        ranks = ranks_held(state.hands)
        for seat in holders[:-1]:
            taken = (ranks.pop(0),) if ranks else ()
            state = self._take(state, seat, taken)
        state = self._take(state, holders[-1], tuple(reversed(ranks)))
        state = evolve(state, safeguards=state.safeguards + 1)
        return self._score(state, DealEnd.SAFEGUARD, (*state.out, *holders))

    def _take(self, state: TrickState, seat: int, ranks: Sequence[Rank]) -> TrickState:
        """``seat`` lays ``ranks`` aside as quartets, whoever holds their cards (R7, R8);
        every hand gives up those cards. The first quartet of the deal takes the Joker."""
        hands = tuple(tuple(c for c in hand if RANK_OF[c] not in ranks) for hand in state.hands)
        marker = state.marker
        if ranks and marker is None and self._has_marker(state):
            marker = (seat, len(state.quartets[seat]))
        laid = (*state.quartets[seat], *ranks)
        return evolve(
            state, hands=hands, quartets=replace_at(state.quartets, seat, laid), marker=marker
        )

    def _lay_all(self, state: TrickState, seat: int) -> TrickState:
        """``seat`` lays every quartet left in hand, highest first."""
        return self._take(state, seat, tuple(complete_ranks(state.hands[seat])))

    def _end_of_play(self, state: TrickState, last: int) -> TrickState:
        """One player has cards left, all complete quartets: they are added to that player's
        quartets. If the Joker is still unused and there is a choice, the player chooses
        which quartet takes it (R6)."""
        choice = len(complete_ranks(state.hands[last])) > 1
        if choice and state.marker is None and self._has_marker(state):
            return evolve(state, phase=TrickPhase.LAST, to_move=last, trick=(), trick_seats=())
        state = self._lay_all(state, last)
        return self._score(state, DealEnd.PLAY, (*state.out, last))

    def _has_marker(self, state: TrickState) -> bool:
        return self.deck(state.players).jokers > 0

    def _score(self, state: TrickState, ending: DealEnd, order: tuple[int, ...]) -> TrickState:
        """Score the deal, then end the game (R10) or deal the next hand (R9)."""
        assert sorted(order) == list(range(state.players)), order
        assert not any(state.hands), "every card is in a quartet when a deal is scored"
        outcome = trick_outcome(
            deal_number=state.deal_number,
            reason=ending,
            order=order,
            quartets=state.quartets,
            marker=state.marker,
        )
        points = self.scoring.deal_scores(outcome)
        scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
        outcome = attrs.evolve(outcome, points=points)
        state = evolve(state, scores=scores, last_deal=outcome, out=order)
        if self.game_end.over(scores) or state.deal_number >= self.max_deals:
            return evolve(state, over=True, to_move=NOBODY, phase=TrickPhase.OVER, seen=())
        return self._deal(state, state.deal_number + 1, (state.dealer + 1) % state.players)

    # -- views (rummykit.engine.trick_views) --------------------------------------------------

    view = trick_views.view
    sample = trick_views.sample
    hidden_cards = trick_views.hidden_cards
    with_hidden = trick_views.with_hidden


def _expect(state: TrickState) -> str:
    """What the player to move must do now."""
    return {
        TrickPhase.HALT: f"seat {state.to_move} first says 'halt' or 'continue' (R7)",
        TrickPhase.TRICK: "play a card to the trick",
        TrickPhase.QUARTETS: "lay aside a quartet ('quartet RANK') or say 'done' (R5)",
        TrickPhase.LAST: "play is over: choose which quartet takes the Joker, 'quartet RANK' (R6)",
        TrickPhase.OVER: "the game is over",
    }[state.phase]
