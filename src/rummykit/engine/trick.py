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

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import attrs

from rummykit.cards import JOKER, Card, DeckSpec, Rank
from rummykit.engine.core import (
    NOBODY,
    Setup,
    Variant,
    fields_from_view,
    opening_fields,
    shuffled,
    view_fields,
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
    without,
)
from rummykit.engine.views import HIDDEN, built_view
from rummykit.errors import IllegalMoveError, OptionError
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
        raise OptionError(f"{attribute.name} must be a positive whole number, not {value!r}")


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
                return illegal("move.malformed", f"the card must be a Card, not {move.card!r}")
            if phase is not TrickPhase.TRICK:
                return illegal("turn.phase", _expect(state))
            problem = self.tricks.problem(state.trick, state.hands[state.to_move], move.card)
            if problem is not None:
                return illegal(*problem)
            return None
        if isinstance(move, LayQuartet):
            if not isinstance(move.rank, Rank):
                return illegal("move.malformed", f"the rank must be a Rank, not {move.rank!r}")
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
        return illegal("move.unknown", f"{move!r} is not a move of {state.variant.id}")

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
        for step in range(1, players + 1):
            following = (seat + step) % players
            if playable(trick, hands[following]):
                break
        else:
            # R2: suits stay balanced, so someone always holds a missing suit.
            raise AssertionError(f"nobody can play to the trick {trick} (R2 invariant broken)")
        return followed(state, history, hands=hands, trick=trick, seats=seats, to_move=following)

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

    # -- views ---------------------------------------------------------------------------------

    def view(self, state: TrickState, seat: int) -> TrickView:
        revealed = state.over
        quartets = tuple(
            ranks if revealed or other == seat else (HIDDEN,) * len(ranks)
            for other, ranks in enumerate(state.quartets)
        )
        fields = view_fields(state, seat)
        fields.update(
            hand_sizes=tuple(len(h) for h in state.hands),
            leader=state.leader,
            trick=tuple(zip(state.trick_seats, state.trick, strict=True)),
            last_trick=state.last_trick,
            last_winner=state.last_winner,
            quartets=quartets,
            marker=state.marker,
            out=state.out,
            last_deal=state.last_deal,
            is_over=state.over,
            tricks_played=state.tricks_played,
            game=state.variant,
        )
        return built_view(TrickView, fields)

    def sample(self, view: TrickView, rng: random.Random) -> TrickState:
        """A whole position that ``view`` cannot tell from the real one: the other seats'
        face-down quartets get ranks drawn at random among the ranks none of whose cards the
        seat has seen, and the other hands the rest of the unseen cards at random, as the
        trick in play allows: the seat to move holds a card it may play, and a seat the
        trick passed over holds none it could have played then (:func:`_trick_facts`).
        ``sample(view).view(view.seat) == view``. The record of start-of-trick positions
        for the repetition rule (R7) starts afresh: it holds other hands."""
        game = view.game
        if game is None:
            raise OptionError("this view carries no game to rebuild a position for")
        seat, players = view.seat, view.players
        pool = Counter(c for c in self.deck(players).cards() if c != JOKER)
        pool.subtract(view.hand)
        pool.subtract(card for _, card in view.trick)
        hidden_slots: list[int] = []
        for other, ranks in enumerate(view.quartets):
            for rank in ranks:
                if isinstance(rank, Rank):
                    pool.subtract(quartet_cards(rank))
                else:
                    hidden_slots.append(other)
        if any(n < 0 for n in pool.values()):
            raise OptionError("the view shows more copies of a card than the deal has")
        complete = [r for r in Rank if all(pool[c] >= 1 for c in quartet_cards(r))]
        rng.shuffle(complete)
        chosen = complete[: len(hidden_slots)]
        if len(chosen) < len(hidden_slots):
            raise OptionError("the view does not add up: too few ranks for the quartets")
        quartets = [list(r) for r in view.quartets]
        for other in range(players):
            quartets[other] = [r for r in quartets[other] if isinstance(r, Rank)]
        for other, rank in zip(hidden_slots, chosen, strict=True):
            quartets[other].append(rank)
            pool.subtract(quartet_cards(rank))
        unseen = list(pool.elements())
        rng.shuffle(unseen)
        hands = []
        for other in range(players):
            if other == seat:
                hands.append(view.hand)
                continue
            count = view.hand_sizes[other]
            hands.append(tuple(sorted(unseen[:count])))
            del unseen[:count]
        if unseen:
            raise OptionError(f"the view does not add up: {len(unseen)} cards left over")
        facts = _trick_facts(view)
        if facts:
            hands = _fit_trick(hands, seat, facts, self.tricks, rng)
        template = game.new_game(players=players, seed=rng.randrange(2**31))
        assert isinstance(template, TrickState)
        return evolve(
            template,
            **fields_from_view(view),
            hands=tuple(hands),
            leader=view.leader,
            trick=tuple(card for _, card in view.trick),
            trick_seats=tuple(s for s, _ in view.trick),
            last_trick=view.last_trick,
            last_winner=view.last_winner,
            quartets=tuple(tuple(q) for q in quartets),
            marker=view.marker,
            out=view.out,
            tricks_played=view.tricks_played,
            seen=(),
            last_deal=view.last_deal,
        )

    def hidden_cards(self, state: TrickState, seat: int) -> list[Card]:
        """The cards ``seat`` cannot see: the other hands, then the cards of the other seats'
        face-down quartets (R11; nothing of the quartets once the game is over)."""
        hidden: list[Card] = []
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.extend(hand)
        if not state.over:
            for other, ranks in enumerate(state.quartets):
                if other != seat:
                    for rank in ranks:
                        hidden.extend(quartet_cards(rank))
        return hidden

    def with_hidden(self, state: TrickState, seat: int, cards: Sequence[Card]) -> TrickState:
        """``state`` with the cards ``seat`` cannot see replaced by ``cards`` (the same
        multiset, in another order): the other seats' quartets take the complete ranks of
        ``cards`` in the order they first appear, then the other hands are filled in order.
        The result is a position ``seat`` cannot tell from ``state``."""
        pool = list(cards)
        slots = (
            0
            if state.over
            else sum(len(r) for other, r in enumerate(state.quartets) if other != seat)
        )
        counts = Counter(RANK_OF[c] for c in pool)
        first_seen = dict.fromkeys(RANK_OF[c] for c in pool)
        complete = [r for r in first_seen if r is not None and counts[r] == 4]
        chosen = complete[:slots]
        assert len(chosen) == slots, "the hidden cards hold every hidden quartet"
        rest = [c for c in pool if RANK_OF[c] not in chosen]
        quartets = list(state.quartets)
        if slots:
            for other, ranks in enumerate(state.quartets):
                if other != seat:
                    quartets[other] = tuple(chosen[: len(ranks)])
                    del chosen[: len(ranks)]
        hands = []
        for other, hand in enumerate(state.hands):
            if other == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(rest[: len(hand)])))
                del rest[: len(hand)]
        return evolve(state, hands=tuple(hands), quartets=tuple(quartets))


#: What the trick in play tells of a hand the seat cannot see: ``(seat, trick so far, cards
#: the seat played to the trick after that, may play)``: whether, holding its hand and those
#: cards, the seat could play to the trick as it was then.
_TrickFact = tuple[int, tuple[Card, ...], tuple[Card, ...], bool]


def _trick_facts(view: TrickView) -> list[_TrickFact]:
    """What the trick in play says of the other seats' hands: the seat to move may play to
    it, and every seat the play passed over (between one card and the next, clockwise)
    could not play to the trick as it was then (its hand then: its hand now and the cards
    it played to the trick later).

    >>> import rummykit
    >>> state = rummykit.variant("crummy").new_game(players=4, seed=1)
    >>> _trick_facts(state.view(0))   # no trick in play yet: nothing to tell
    []
    """
    if view.phase is not TrickPhase.TRICK or not view.trick:
        return []
    players, plays = view.players, view.trick
    facts: list[_TrickFact] = []
    for index, (seat, _) in enumerate(plays):
        following = plays[index + 1][0] if index + 1 < len(plays) else view.to_move
        so_far = tuple(card for _, card in plays[: index + 1])
        other = (seat + 1) % players
        while other != following:
            later = tuple(card for s, card in plays[index + 1 :] if s == other)
            facts.append((other, so_far, later, False))
            other = (other + 1) % players
    facts.append((view.to_move, tuple(card for _, card in plays), (), True))
    return [fact for fact in facts if fact[0] != view.seat]


#: Card swaps :func:`_fit_trick` tries before it gives up on a view.
_FIT_STEPS = 20_000


def _fit_trick(
    hands: list[tuple[Card, ...]],
    seat: int,
    facts: Sequence[_TrickFact],
    tricks: TrickRules,
    rng: random.Random,
) -> list[tuple[Card, ...]]:
    """``hands`` (those of the seats other than ``seat`` dealt at random) changed by swaps
    of cards between the seats the facts are about and the other hidden hands until every
    fact holds: a random local search that never makes more facts fail than before."""

    def failing(hands: Sequence[tuple[Card, ...]]) -> list[int]:
        return [
            seat
            for seat, so_far, later, may in facts
            if bool(tricks.playable(so_far, (*hands[seat], *later))) is not may
        ]

    hidden = [s for s, hand in enumerate(hands) if hand and s != seat]
    wrong = failing(hands)
    for _ in range(_FIT_STEPS):
        if not wrong:
            return hands
        fix = rng.choice(wrong)
        others = [s for s in hidden if s != fix]
        if not hands[fix] or not others:
            break
        other = rng.choice(others)
        mine, theirs = list(hands[fix]), list(hands[other])
        i, j = rng.randrange(len(mine)), rng.randrange(len(theirs))
        mine[i], theirs[j] = theirs[j], mine[i]
        trial = list(hands)
        trial[fix], trial[other] = tuple(sorted(mine)), tuple(sorted(theirs))
        now = failing(trial)
        if len(now) <= len(wrong):
            hands, wrong = trial, now
    raise OptionError("the view does not add up: no deal of the unseen cards fits the trick")


def _expect(state: TrickState) -> str:
    """What the player to move must do now."""
    return {
        TrickPhase.HALT: f"seat {state.to_move} first says 'halt' or 'continue' (R7)",
        TrickPhase.TRICK: "play a card to the trick",
        TrickPhase.QUARTETS: "lay aside a quartet ('quartet RANK') or say 'done' (R5)",
        TrickPhase.LAST: "play is over: choose which quartet takes the Joker, 'quartet RANK' (R6)",
        TrickPhase.OVER: "the game is over",
    }[state.phase]
