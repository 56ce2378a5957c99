"""The trick-and-quartet family: state, moves, views and rules of games like Crummy.

Every card is dealt; players play tricks judged by a :class:`~rummykit.tricks.TrickRules`
piece; the winner of a trick takes its cards into hand and may then lay aside quartets (the
four cards of one rank) face down; players go out when their hands are empty, and the order
in which they go out, with the quartets each laid aside, scores the deal. The first quartet
of a deal is marked by the pack's Joker, which is never dealt.

:class:`TrickGameRules` is a frozen record of pieces (the deck, the trick rules, the deal
scoring, the end of the game) and the engine's termination rules: the halt call of R7 and
the repetition safeguard of R8, so that every deal ends.

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

import enum
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Final, Protocol, TypeAlias, cast

import attrs

from rummykit.cards import JOKER, Card, DeckSpec, Rank, Suit
from rummykit.engine.core import NOBODY, GameState, Setup, Variant, evolver, shuffled
from rummykit.engine.moves import Move, bare_verb, register_verb
from rummykit.engine.rummy import DeckRule
from rummykit.engine.views import HIDDEN, Hidden
from rummykit.errors import IllegalMoveError, OptionError
from rummykit.tricks import TrickRules, rank_strength

__all__ = [
    "CallHalt",
    "DealEnding",
    "DealResult",
    "DealScoring",
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
]


# -- moves -------------------------------------------------------------------------------------


@attrs.frozen
class PlayCard(Move):
    """Play ``card`` to the trick: lead it, or follow with it."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class LayQuartet(Move):
    """Lay aside the four cards of ``rank`` from the hand, face down, as a quartet."""

    rank: Rank

    def __str__(self) -> str:
        return f"quartet {self.rank.label}"


@attrs.frozen
class EndQuartets(Move):
    """Lay aside no more quartets after winning a trick (R5: laying them is optional)."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class CallHalt(Move):
    """Call a halt to the play (R7): the caller takes the lower-ranking of the two remaining
    quartets and goes out before the other player, who takes the higher one."""

    def __str__(self) -> str:
        return "halt"


@attrs.frozen
class PlayOn(Move):
    """Decline to call a halt; the play goes on (R7)."""

    def __str__(self) -> str:
        return "continue"


def _play(verb: str, rest: str) -> Move:
    if not rest:
        raise ValueError("'play' needs a card, e.g. 'play QH'")
    return PlayCard(Card.parse(rest))


def _quartet(verb: str, rest: str) -> Move:
    if not rest:
        raise ValueError("'quartet' needs a rank, e.g. 'quartet K'")
    return LayQuartet(Rank.parse(rest))


register_verb("play", _play, example="play QH")
register_verb("quartet", _quartet, example="quartet K")
register_verb("done", bare_verb(EndQuartets()), example="done")
register_verb("halt", bare_verb(CallHalt()), example="halt")
register_verb("continue", bare_verb(PlayOn()), example="continue")

#: One move value per card and per rank, built once (moves are frozen values).
_PLAYS: Final = tuple(PlayCard(Card(code)) for code in range(53))
_QUARTETS: Final = {rank: LayQuartet(rank) for rank in Rank}
_DONE: Final = EndQuartets()
_HALT: Final = CallHalt()
_PLAY_ON: Final = PlayOn()


# -- records -----------------------------------------------------------------------------------


class TrickPhase(enum.Enum):
    """What kind of move is due."""

    #: Between tricks, while R7's condition holds: the player about to lead, then the other
    #: player, may call a halt (``halt``) or let the play go on (``continue``).
    HALT = "halt"
    #: Play a card to the trick (the first card leads it).
    TRICK = "trick"
    #: The trick winner may lay aside quartets (``quartet RANK``) or stop (``done``), R5.
    QUARTETS = "quartets"
    #: Play has ended and the Joker is still unused: the last player chooses which of their
    #: quartets takes it (``quartet RANK``), R6.
    LAST = "last"
    #: The game is over.
    OVER = "over"


class DealEnding(enum.Enum):
    """How a deal ended."""

    #: Play ceased in the ordinary way: at most one player held cards.
    PLAY = "play"
    #: A player called a halt (R7).
    HALT = "halt"
    #: A start-of-trick position recurred while R7's condition held: the halt was applied
    #: for the player on lead (R7).
    REPETITION_HALT = "repetition_halt"
    #: A start-of-trick position recurred otherwise: the engine's safeguard ended the deal
    #: (R8).
    SAFEGUARD = "safeguard"


@attrs.frozen
class DealResult:
    """A scored deal, with everything revealed (R11): how it ended, the seats from the first
    out to the last, every seat's quartets (ranks, in the order laid), where the Joker lay
    (seat, index) and the points each seat scored."""

    number: int
    ending: DealEnding
    order: tuple[int, ...]
    quartets: tuple[tuple[Rank, ...], ...]
    marker: tuple[int, int] | None
    points: tuple[int, ...]


# -- pieces ------------------------------------------------------------------------------------


class DealScoring(Protocol):
    """What a finished deal scores."""

    def deal_points(
        self,
        players: int,
        order: Sequence[int],
        quartets: Sequence[Sequence[Rank]],
        marker: tuple[int, int] | None,
    ) -> tuple[int, ...]:
        """Per seat, the points of the deal. ``order`` lists every seat from the first out
        to the last; ``quartets[seat]`` are the ranks the seat laid aside, in order;
        ``marker`` is the (seat, index) of the quartet that carries the Joker."""
        ...


class ScoreEnd(Protocol):
    """When the game ends (checked after each deal) and who wins."""

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


# -- state -------------------------------------------------------------------------------------

#: A start-of-trick position within one deal: the seat on lead and every hand.
_Position: TypeAlias = tuple[int, tuple[tuple[Card, ...], ...]]


@attrs.frozen(eq=False)
class TrickState(GameState):
    """A position in a trick-and-quartet game.

    Hands are sorted tuples of cards. The current trick is ``trick`` (cards in play order)
    with ``trick_seats`` (who played each). Quartets are ranks, per seat in the order laid
    aside; ``marker`` is the (seat, index) of the quartet that carries the Joker, ``None``
    until the first quartet is laid.
    """

    derived_fields: ClassVar[frozenset[str]] = frozenset(
        {
            "halts",
            "last_deal",
            "last_trick",
            "last_winner",
            "repetition_halts",
            "safeguards",
            "tricks_played",
        }
    )

    hands: tuple[tuple[Card, ...], ...]
    phase: TrickPhase
    #: The seat that leads (or led) the current trick.
    leader: int
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    #: The last completed trick as (seat, card) pairs in play order, and who took it.
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    quartets: tuple[tuple[Rank, ...], ...]
    marker: tuple[int, int] | None
    #: Seats in the order they went out this deal (R4).
    out: tuple[int, ...]
    #: Tricks completed this deal.
    tricks_played: int
    #: Start-of-trick positions since the last quartet was laid or player went out (a
    #: position can only recur within such a stretch), for the repetition rule (R7, R8).
    seen: tuple[_Position, ...] = attrs.field(repr=False)
    #: Deals ended, over the whole game, by a halt a player called (R7), by the halt the
    #: repetition rule applied (R7), and by the safeguard (R8).
    halts: int
    repetition_halts: int
    safeguards: int
    #: The last scored deal, revealed.
    last_deal: DealResult | None

    @property
    def rules(self) -> TrickGameRules:
        """The variant's rules."""
        return cast(TrickGameRules, self.variant.rules)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (empty before)."""
        return self.rules.game_end.winners(self.scores) if self.over else ()

    def all_cards(self) -> Counter[Card]:
        """Every card of the game as a multiset: hands, the trick, the quartets and the
        Joker (set aside, or marking the first quartet)."""
        count: Counter[Card] = Counter(self.trick)
        for hand in self.hands:
            count.update(hand)
        for ranks in self.quartets:
            for rank in ranks:
                count.update(quartet_cards(rank))
        jokers = self.variant.deck(self.players).jokers
        if jokers:
            count[JOKER] += jokers
        return count


_evolve: Final = evolver(TrickState)


def _followed(
    state: TrickState,
    history: Any,
    *,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[Card, ...],
    seats: tuple[int, ...],
    to_move: int,
) -> TrickState:
    """``state`` after a card that leaves the trick incomplete: the most frequent move, so
    the state is built by the constructor with every field named (no dict as in
    :func:`_evolve`)."""
    return TrickState(
        variant=state.variant,
        players=state.players,
        seed=state.seed,
        setup=state.setup,
        deal_number=state.deal_number,
        dealer=state.dealer,
        scores=state.scores,
        to_move=to_move,
        over=False,
        history=history,
        hands=hands,
        phase=TrickPhase.TRICK,
        leader=state.leader,
        trick=trick,
        trick_seats=seats,
        last_trick=state.last_trick,
        last_winner=state.last_winner,
        quartets=state.quartets,
        marker=state.marker,
        out=state.out,
        tricks_played=state.tricks_played,
        seen=state.seen,
        halts=state.halts,
        repetition_halts=state.repetition_halts,
        safeguards=state.safeguards,
        last_deal=state.last_deal,
    )


def quartet_cards(rank: Rank) -> tuple[Card, ...]:
    """The four cards of a quartet of ``rank``, one of each suit.

    >>> [str(c) for c in quartet_cards(Rank.KING)]
    ['KS', 'KH', 'KD', 'KC']
    """
    return _RANK_CARDS[rank]


_RANK_CARDS: Final = {rank: tuple(Card.of(rank, suit) for suit in Suit) for rank in Rank}
#: Per card code, the rank (``None`` for the joker), and the rank's number (0 for the joker).
_RANK_OF: Final = tuple(Card(code).rank for code in range(53))
_RANK_INDEX: Final = tuple(code % 13 + 1 if code < 52 else 0 for code in range(53))
#: Every rank, highest first (Aces high).
_BY_STRENGTH: Final = tuple(sorted(Rank, key=rank_strength, reverse=True))


def _complete_ranks(hand: Sequence[Card]) -> list[Rank]:
    """The ranks of which ``hand`` holds all four cards, highest first (Aces high)."""
    counts = [0] * 14
    for card in hand:
        counts[_RANK_INDEX[card]] += 1
    return [rank for rank in _BY_STRENGTH if counts[rank] >= 4]


def _ranks_held(hands: Sequence[Sequence[Card]]) -> list[Rank]:
    """Every rank in ``hands``, lowest first (Aces high)."""
    ranks = {_RANK_OF[c] for hand in hands for c in hand}
    return sorted((r for r in ranks if r is not None), key=rank_strength)


def _replace(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


# -- views -------------------------------------------------------------------------------------


@attrs.frozen
class TrickView:
    """What one seat may see: its own hand; how many cards every hand holds; the trick and
    the last trick; every seat's quartets as a count, with the Joker's place, and the ranks
    of its own only (R11, until the deal is scored); who is out; the scores and the last
    scored deal, revealed."""

    variant: str
    seat: int
    players: int
    deal_number: int
    dealer: int
    scores: tuple[int, ...]
    to_move: int
    phase: TrickPhase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    leader: int
    #: The current trick as (seat, card) pairs in play order.
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    quartets: tuple[tuple[Rank | Hidden, ...], ...]
    marker: tuple[int, int] | None
    out: tuple[int, ...]
    last_deal: DealResult | None
    is_over: bool

    def __str__(self) -> str:
        def cards(pairs: Sequence[tuple[int, Card]]) -> str:
            return " ".join(f"{card:s}/{seat}" for seat, card in pairs) or "-"

        stacks = []
        for seat, ranks in enumerate(self.quartets):
            shown = ["??" if isinstance(r, Hidden) else r.label for r in ranks]
            if self.marker is not None and self.marker[0] == seat:
                shown[self.marker[1]] += "+JK"
            stacks.append(f"seat {seat}: {' '.join(shown) or '-'}")
        sizes = ", ".join(f"seat {s} {n}" for s, n in enumerate(self.hand_sizes))
        lines = [
            f"deal {self.deal_number}, phase {self.phase.value}, lead: seat {self.leader}",
            f"trick:    {cards(self.trick)}",
            f"last:     {cards(self.last_trick)}"
            + (f" (taken by seat {self.last_winner})" if self.last_winner is not None else ""),
            f"quartets: {'; '.join(stacks)}",
            f"cards:    {sizes}; out: {', '.join(map(str, self.out)) or '-'}",
            f"hand:     {' '.join(format(c, 's') for c in self.hand)}",
        ]
        return "\n".join(lines)


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
    #: What a deal scores.
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
        scores = setup.scores if setup.scores is not None else (0,) * players
        dealer = setup.dealer
        if dealer is None:
            dealer = random.Random(f"{seed}:dealer").randrange(players)
        blank = TrickState(
            variant=variant,
            players=players,
            seed=seed,
            setup=setup,
            deal_number=setup.deal,
            dealer=dealer,
            scores=scores,
            to_move=NOBODY,
            over=False,
            history=None,
            hands=((),) * players,
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
        dealt = _evolve(
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
                yield _PLAYS[card]
        elif phase is TrickPhase.QUARTETS or phase is TrickPhase.LAST:
            for rank in _complete_ranks(state.hands[state.to_move]):
                yield _QUARTETS[rank]
            if phase is TrickPhase.QUARTETS:
                yield _DONE
        elif phase is TrickPhase.HALT:
            yield _HALT
            yield _PLAY_ON

    # -- the one check -------------------------------------------------------------------------

    def check(self, state: TrickState, move: object) -> IllegalMoveError | None:
        def illegal(rule: str, detail: str) -> IllegalMoveError:
            return IllegalMoveError(move, rule, detail)

        if state.over:
            return illegal("game.over", "the game is over; start a new one with new_game()")
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
            held = sum(1 for c in hand if _RANK_OF[c] is move.rank)
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
            return self._lay_quartet(_evolve(state, history=history), seat, move.rank)
        if isinstance(move, EndQuartets):
            return self._after_quartets(_evolve(state, history=history), seat)
        if isinstance(move, CallHalt):
            return self._halt(_evolve(state, history=history), seat, DealEnding.HALT)
        if isinstance(move, PlayOn):
            after = _evolve(state, history=history)
            if seat == state.leader:
                return _evolve(after, to_move=self._other_holder(state, seat))
            return _evolve(after, to_move=state.leader, phase=TrickPhase.TRICK)
        raise AssertionError(f"unchecked move {move!r}")

    def _play_card(self, state: TrickState, history: Any, seat: int, card: Card) -> TrickState:
        hand = _without(state.hands[seat], (card,))
        hands = _replace(state.hands, seat, hand)
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
        return _followed(state, history, hands=hands, trick=trick, seats=seats, to_move=following)

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
        hands = _replace(hands, winner, tuple(sorted((*hands[winner], *trick))))
        last_play = {seat: index for index, seat in enumerate(seats)}
        newly = sorted(
            (s for s in last_play if s != winner and not hands[s]), key=last_play.__getitem__
        )
        after = _evolve(
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
        if _complete_ranks(hands[winner]):
            return _evolve(after, phase=TrickPhase.QUARTETS, to_move=winner, leader=winner)
        return self._start_trick(after, winner)

    def _lay_quartet(self, state: TrickState, seat: int, rank: Rank) -> TrickState:
        hand = _without(state.hands[seat], quartet_cards(rank))
        laid = (*state.quartets[seat], rank)
        marker = state.marker
        if marker is None and self._has_marker(state):
            marker = (seat, len(laid) - 1)
        after = _evolve(
            state,
            hands=_replace(state.hands, seat, hand),
            quartets=_replace(state.quartets, seat, laid),
            marker=marker,
            seen=(),
        )
        if state.phase is TrickPhase.LAST:
            # R6: the chosen quartet took the Joker; the others follow it.
            return self._score(self._lay_all(after, seat), DealEnding.PLAY, (*state.out, seat))
        if hand and _complete_ranks(hand):
            return after
        return self._after_quartets(after, seat)

    def _after_quartets(self, state: TrickState, winner: int) -> TrickState:
        """The trick winner has laid what they will: they go out if their hand is empty
        (R4); play ends if one player is left with cards; else the next trick starts, led by
        the winner or, if they are out, the next player on their left with cards (R1)."""
        if not state.hands[winner]:
            state = _evolve(state, out=(*state.out, winner))
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
        key: _Position = (leader, state.hands)
        seen = (*state.seen, key)
        halt_condition = self._halt_condition(state)
        if seen.count(key) >= self.repetitions:
            if halt_condition:
                return self._halt(state, leader, DealEnding.REPETITION_HALT)
            return self._safeguard(state, leader)
        phase = TrickPhase.HALT if halt_condition and self.halt else TrickPhase.TRICK
        return _evolve(
            state, leader=leader, to_move=leader, phase=phase, seen=seen, trick=(), trick_seats=()
        )

    def _halt_condition(self, state: TrickState) -> bool:
        """R7's condition: exactly two players hold cards, and their cards are exactly two
        complete ranks."""
        holders = [hand for hand in state.hands if hand]
        if len(holders) != 2 or len(holders[0]) + len(holders[1]) != 8:
            return False
        return len(_ranks_held(holders)) == 2

    def _other_holder(self, state: TrickState, seat: int) -> int:
        return next(s for s in range(state.players) if s != seat and state.hands[s])

    def _halt(self, state: TrickState, caller: int, ending: DealEnding) -> TrickState:
        """R7: the caller takes the lower-ranking quartet and goes out; the other player
        takes the higher one and is last."""
        other = self._other_holder(state, caller)
        low, high = _ranks_held(state.hands)
        state = self._take(state, caller, (low,))
        state = self._take(state, other, (high,))
        if ending is DealEnding.HALT:
            state = _evolve(state, halts=state.halts + 1)
        else:
            state = _evolve(state, repetition_halts=state.repetition_halts + 1)
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
        ranks = _ranks_held(state.hands)
        for seat in holders[:-1]:
            taken = (ranks.pop(0),) if ranks else ()
            state = self._take(state, seat, taken)
        state = self._take(state, holders[-1], tuple(reversed(ranks)))
        state = _evolve(state, safeguards=state.safeguards + 1)
        return self._score(state, DealEnding.SAFEGUARD, (*state.out, *holders))

    def _take(self, state: TrickState, seat: int, ranks: Sequence[Rank]) -> TrickState:
        """``seat`` lays ``ranks`` aside as quartets, whoever holds their cards (R7, R8);
        every hand gives up those cards. The first quartet of the deal takes the Joker."""
        hands = tuple(tuple(c for c in hand if _RANK_OF[c] not in ranks) for hand in state.hands)
        marker = state.marker
        if ranks and marker is None and self._has_marker(state):
            marker = (seat, len(state.quartets[seat]))
        laid = (*state.quartets[seat], *ranks)
        return _evolve(
            state, hands=hands, quartets=_replace(state.quartets, seat, laid), marker=marker
        )

    def _lay_all(self, state: TrickState, seat: int) -> TrickState:
        """``seat`` lays every quartet left in hand, highest first."""
        return self._take(state, seat, tuple(_complete_ranks(state.hands[seat])))

    def _end_of_play(self, state: TrickState, last: int) -> TrickState:
        """One player has cards left, all complete quartets: they are added to that player's
        quartets. If the Joker is still unused and there is a choice, the player chooses
        which quartet takes it (R6)."""
        choice = len(_complete_ranks(state.hands[last])) > 1
        if choice and state.marker is None and self._has_marker(state):
            return _evolve(state, phase=TrickPhase.LAST, to_move=last, trick=(), trick_seats=())
        state = self._lay_all(state, last)
        return self._score(state, DealEnding.PLAY, (*state.out, last))

    def _has_marker(self, state: TrickState) -> bool:
        return self.deck(state.players).jokers > 0

    def _score(self, state: TrickState, ending: DealEnding, order: tuple[int, ...]) -> TrickState:
        """Score the deal, then end the game (R10) or deal the next hand (R9)."""
        assert sorted(order) == list(range(state.players)), order
        assert not any(state.hands), "every card is in a quartet when a deal is scored"
        points = self.scoring.deal_points(state.players, order, state.quartets, state.marker)
        scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
        result = DealResult(
            number=state.deal_number,
            ending=ending,
            order=order,
            quartets=state.quartets,
            marker=state.marker,
            points=points,
        )
        state = _evolve(state, scores=scores, last_deal=result, out=order)
        if self.game_end.over(scores) or state.deal_number >= self.max_deals:
            return _evolve(state, over=True, to_move=NOBODY, phase=TrickPhase.OVER, seen=())
        return self._deal(state, state.deal_number + 1, (state.dealer + 1) % state.players)

    # -- views ---------------------------------------------------------------------------------

    def view(self, state: TrickState, seat: int) -> TrickView:
        revealed = state.over
        quartets = tuple(
            ranks if revealed or other == seat else (HIDDEN,) * len(ranks)
            for other, ranks in enumerate(state.quartets)
        )
        return TrickView(
            variant=state.variant.id,
            seat=seat,
            players=state.players,
            deal_number=state.deal_number,
            dealer=state.dealer,
            scores=state.scores,
            to_move=state.to_move,
            phase=state.phase,
            hand=state.hands[seat],
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
        counts = Counter(_RANK_OF[c] for c in pool)
        first_seen = dict.fromkeys(_RANK_OF[c] for c in pool)
        complete = [r for r in first_seen if r is not None and counts[r] == 4]
        chosen = complete[:slots]
        assert len(chosen) == slots, "the hidden cards hold every hidden quartet"
        rest = [c for c in pool if _RANK_OF[c] not in chosen]
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
        return _evolve(state, hands=tuple(hands), quartets=tuple(quartets))


def _expect(state: TrickState) -> str:
    """What the player to move must do now."""
    return {
        TrickPhase.HALT: f"seat {state.to_move} first says 'halt' or 'continue' (R7)",
        TrickPhase.TRICK: "play a card to the trick",
        TrickPhase.QUARTETS: "lay aside a quartet ('quartet RANK') or say 'done' (R5)",
        TrickPhase.LAST: "play is over: choose which quartet takes the Joker, 'quartet RANK' (R6)",
        TrickPhase.OVER: "the game is over",
    }[state.phase]
