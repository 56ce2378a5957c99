"""The state and the view of the trick-and-quartet family, the phase that says which move
is due, and the card helpers the rules share.

A finished deal is reported as a :class:`rummykit.pieces.DealOutcome` (``state.last_deal``),
built by :func:`trick_outcome`: every card is then in a quartet, so its hands are empty, and
``order``, ``quartets`` and ``marker`` say who went out when and what each seat laid aside.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeAlias, cast

import attrs

from rummykit.cards import JOKER, Card, Rank, Suit
from rummykit.engine.core import GameState, evolver
from rummykit.engine.views import Hidden, JSONValue, view_json
from rummykit.pieces.outcome import DealEnd, DealOutcome
from rummykit.tricks import rank_strength

if TYPE_CHECKING:
    from rummykit.engine.core import Variant
    from rummykit.engine.moves import Move
    from rummykit.engine.trick import TrickGameRules

__all__ = ["TrickPhase", "TrickState", "TrickView", "quartet_cards", "trick_outcome"]


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


def trick_outcome(
    *,
    deal_number: int,
    reason: DealEnd,
    order: Sequence[int],
    quartets: Sequence[Sequence[Rank]],
    marker: tuple[int, int] | None,
    points: tuple[int, ...] = (),
) -> DealOutcome:
    """A finished trick deal as a :class:`~rummykit.pieces.DealOutcome`, everything revealed
    (R11): ``order`` lists every seat from the first out to the last (``out`` is the first),
    ``quartets[seat]`` the ranks the seat laid aside, in order, and ``marker`` the (seat,
    index) of the quartet that carries the Joker. Every card is in a quartet, so every hand
    is empty; there is no table and no wild card. ``points`` are left empty until scored.

    >>> from rummykit.pieces import DealEnd
    >>> outcome = trick_outcome(deal_number=1, reason=DealEnd.PLAY, order=[2, 0, 1],
    ...                         quartets=[[Rank.ACE], [], [Rank.KING]], marker=(0, 0))
    >>> outcome.out, outcome.order, outcome.players, outcome.cards_left
    (2, (2, 0, 1), 3, 0)
    >>> outcome.quartets == ((Rank.ACE,), (), (Rank.KING,))
    True
    """
    return DealOutcome(
        deal_number=deal_number,
        reason=reason,
        out=order[0] if order else None,
        hands=((),) * len(quartets),
        table=(),
        wild_cards=frozenset(),
        points=points,
        order=order,
        quartets=quartets,
        marker=marker,
    )


#: A start-of-trick position within one deal: the seat on lead and every hand.
Position: TypeAlias = tuple[int, tuple[tuple[Card, ...], ...]]


@attrs.frozen(eq=False, slots=False)
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
            "passed",
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
    seen: tuple[Position, ...] = attrs.field(repr=False)
    #: Deals ended, over the whole game, by a halt a player called (R7), by the halt the
    #: repetition rule applied (R7), and by the safeguard (R8).
    halts: int
    repetition_halts: int
    safeguards: int
    #: The last scored deal, revealed (:func:`trick_outcome`); its ``points`` are what the
    #: deal added to each seat's score.
    last_deal: DealOutcome | None
    #: Per seat, the tricks (as they stood: the cards played so far, in order) at which play
    #: passed the seat over, holding cards, since the seat last took a trick this deal: its
    #: hand could not play to any of them, and has only lost cards since. Public (everyone
    #: saw the passes), derived from the moves; empty for every seat when nothing is known.
    passed: tuple[tuple[tuple[Card, ...], ...], ...] = attrs.field(default=(), kw_only=True)

    @property
    def rules(self) -> TrickGameRules:
        """The variant's rules."""
        return cast("TrickGameRules", self.variant.rules)

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


#: ``evolve(state, **changes)``: a fast :func:`attrs.evolve` for trick states.
evolve: Final = evolver(TrickState)


def followed(
    state: TrickState,
    history: Any,
    *,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[Card, ...],
    seats: tuple[int, ...],
    to_move: int,
    passed: tuple[tuple[tuple[Card, ...], ...], ...],
) -> TrickState:
    """``state`` after a card that leaves the trick incomplete: the most frequent move, so
    the state is built by the constructor with every field named (no dict as in
    :data:`evolve`)."""
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
        passed=passed,
    )


def with_passes(
    passed: tuple[tuple[tuple[Card, ...], ...], ...],
    players: int,
    seats: Sequence[int],
    trick: tuple[Card, ...],
) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """``passed`` (see :attr:`TrickState.passed`) with ``trick`` recorded for each of
    ``seats``, once.

    >>> from rummykit.cards import parse_cards
    >>> trick = tuple(parse_cards("AS KH"))
    >>> with_passes((), 3, [2], trick)
    ((), (), ((Card('AS'), Card('KH')),))
    """
    table = list(passed or ((),) * players)
    for seat in seats:
        if trick not in table[seat]:
            table[seat] = (*table[seat], trick)
    return tuple(table)


# -- cards and ranks ---------------------------------------------------------------------------


def quartet_cards(rank: Rank) -> tuple[Card, ...]:
    """The four cards of a quartet of ``rank``, one of each suit.

    >>> [str(c) for c in quartet_cards(Rank.KING)]
    ['KS', 'KH', 'KD', 'KC']
    """
    return _RANK_CARDS[rank]


_RANK_CARDS: Final = {rank: tuple(Card.of(rank, suit) for suit in Suit) for rank in Rank}
#: Per card code, the rank (``None`` for the joker), and the rank's number (0 for the joker).
RANK_OF: Final = tuple(Card(code).rank for code in range(53))
_RANK_INDEX: Final = tuple(code % 13 + 1 if code < 52 else 0 for code in range(53))
#: Every rank, highest first (Aces high).
_BY_STRENGTH: Final = tuple(sorted(Rank, key=rank_strength, reverse=True))


def complete_ranks(hand: Sequence[Card]) -> list[Rank]:
    """The ranks of which ``hand`` holds all four cards, highest first (Aces high)."""
    counts = [0] * 14
    for card in hand:
        counts[_RANK_INDEX[card]] += 1
    return [rank for rank in _BY_STRENGTH if counts[rank] >= 4]


def ranks_held(hands: Sequence[Sequence[Card]]) -> list[Rank]:
    """Every rank in ``hands``, lowest first (Aces high)."""
    ranks = {RANK_OF[c] for hand in hands for c in hand}
    return sorted((r for r in ranks if r is not None), key=rank_strength)


def replace_at(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    """``items`` with the one at ``index`` replaced by ``value``."""
    return (*items[:index], value, *items[index + 1 :])


def without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` less ``cards`` (one copy each)."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


# -- views -------------------------------------------------------------------------------------


@attrs.frozen(slots=False)  # built from a dict of its fields, as states are (built_view)
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
    last_deal: DealOutcome | None
    is_over: bool
    #: The seat's legal moves when it is to move, else empty.
    legal: tuple[Move, ...] = ()
    #: Tricks completed this deal.
    tricks_played: int = attrs.field(default=0, kw_only=True)
    #: Per seat, the tricks (the cards played so far, in order) at which play passed the
    #: seat over since it last took a trick this deal (:attr:`TrickState.passed`): everyone
    #: saw that its hand held no card it could play to them.
    passed: tuple[tuple[tuple[Card, ...], ...], ...] = attrs.field(default=(), kw_only=True)
    #: The game (rules and options), for tools that rebuild positions from what a seat saw
    #: (:func:`rummykit.search.sample_state`); holds no card of the game.
    game: Variant | None = attrs.field(default=None, kw_only=True, repr=False)

    @property
    def context(self) -> None:
        """No melds in this family (the :class:`~rummykit.engine.views.View` member)."""
        return None

    def to_json(self) -> dict[str, JSONValue]:
        """The view as JSON, following :func:`~rummykit.engine.views.view_schema`."""
        return view_json(self, skip=("context", "game"))

    def _repr_svg_(self) -> str:
        """The view as an SVG picture (Jupyter's hook; :func:`rummykit.svg.render`)."""
        from rummykit.svg import render

        return render(self)

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
        lacking = self.lacking()
        if any(lacking):
            seen = "; ".join(
                f"seat {s} no {' '.join(suit.symbol for suit in suits)}"
                for s, suits in enumerate(lacking)
                if suits
            )
            lines.insert(3, f"passed:   {seen}")
        return "\n".join(lines)

    def lacking(self) -> tuple[tuple[Suit, ...], ...]:
        """Per seat, the suits it was seen to hold no card of: every card of the suit could
        have been played to a trick at which play passed the seat over (:attr:`passed`).
        Empty for every seat when the view carries no game.

        >>> import rummykit
        >>> from rummykit.testing.stacking import deal_order
        >>> game = rummykit.variant("crummy")
        >>> hands = ["7D 8D 9D 10D 7C 8C 9C 10C", "7S 8S 9S 10S 7H 8H 9H 10H",
        ...          "JH QH KH AH JC QC KC AC", "JS QS KS AS JD QD KD AD"]
        >>> state = game.new_game(players=4, deck=deal_order(game, hands=hands, dealer=3),
        ...                       dealer=3)
        >>> for text in ["play 7D", "play 7S", "play JH"]:  # only a club may follow
        ...     state = state.apply(rummykit.parse_move(text))
        >>> state.to_move   # seat 3, holding no club, was passed over
        0
        >>> state.view(1).lacking()
        ((), (), (), (<Suit.CLUBS: 3>,))
        >>> print(state.view(1))  # doctest: +ELLIPSIS
        deal 1, phase trick, lead: seat 0
        trick:    7♦/0 7♠/1 J♥/2
        last:     -
        passed:   seat 3 no ♣
        ...
        """
        game = self.game
        passed = self.passed
        if game is None or not any(passed):
            return tuple(() for _ in range(self.players))
        tricks = getattr(game.rules, "tricks", None)
        if tricks is None:
            return tuple(() for _ in range(self.players))
        cards = [c for c in set(game.deck(self.players).cards()) if c.suit is not None]
        out = []
        for passes in passed:
            barred = {c for c in cards if any(tricks.playable(t, (c,)) for t in passes)}
            out.append(
                tuple(
                    suit
                    for suit in Suit
                    if any(c.suit is suit for c in cards)
                    and all(c in barred for c in cards if c.suit is suit)
                )
            )
        return tuple(out)
