"""What a seat sees in the trick family: its view, the hidden cards the conformance kit
re-deals, and whole positions sampled from a view (:func:`rummykit.search.sample_state`).
Functions bound as methods of :class:`~rummykit.engine.trick.TrickGameRules`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummykit.cards import JOKER, Card, Rank
from rummykit.engine.core import fields_from_view, view_fields
from rummykit.engine.trick_state import (
    RANK_OF,
    TrickPhase,
    TrickState,
    TrickView,
    evolve,
    quartet_cards,
)
from rummykit.engine.views import HIDDEN, built_view
from rummykit.errors import OptionError
from rummykit.tricks import TrickRules

if TYPE_CHECKING:
    from rummykit.engine.trick import TrickGameRules


def view(self: TrickGameRules, state: TrickState, seat: int) -> TrickView:
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
        passed=state.passed or ((),) * state.players,
        game=state.variant,
    )
    return built_view(TrickView, fields)


def sample(self: TrickGameRules, view: TrickView, rng: random.Random) -> TrickState:
    """A whole position that ``view`` cannot tell from the real one: the other seats'
    face-down quartets get ranks drawn at random among the ranks none of whose cards the
    seat has seen, and the other hands the rest of the unseen cards at random, as the
    play seen allows: the seat to move holds a card it may play to the trick in play
    (:func:`_trick_facts`), and a seat passed over at a trick, this one or an earlier one
    since it last took a trick (``view.passed``), holds none it could have played then.
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
    if len(complete) < len(hidden_slots):
        raise OptionError("the view does not add up: too few ranks for the quartets")
    places = sum(view.hand_sizes) - len(view.hand)
    if sum(pool.values()) - 4 * len(hidden_slots) != places:
        raise OptionError(
            f"the view does not add up: {sum(pool.values()) - 4 * len(hidden_slots)} unseen"
            f" cards for {places} places in the other hands"
        )
    facts = _trick_facts(view) + [
        (other, so_far, (), False)
        for other, tricks in enumerate(view.passed)
        if other != seat
        for so_far in tricks
    ]
    for attempt in range(_QUARTET_TRIES):
        # the hidden quartets' ranks at random; another draw if the passes leave the other
        # hands no deal of the cards left (the last draw's failure is the view's)
        rng.shuffle(complete)
        chosen = complete[: len(hidden_slots)]
        left = pool.copy()
        for rank in chosen:
            left.subtract(quartet_cards(rank))
        try:
            hands = _deal_unseen(
                list(left.elements()), view.hand_sizes, seat, view.hand, facts, self.tricks, rng
            )
        except OptionError:
            if attempt + 1 == _QUARTET_TRIES or not hidden_slots:
                raise
            continue
        break
    quartets = [[r for r in ranks if isinstance(r, Rank)] for ranks in view.quartets]
    for other, rank in zip(hidden_slots, chosen, strict=True):
        quartets[other].append(rank)
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
        passed=view.passed,
    )


def hidden_cards(self: TrickGameRules, state: TrickState, seat: int) -> list[Card]:
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


def with_hidden(
    self: TrickGameRules, state: TrickState, seat: int, cards: Sequence[Card]
) -> TrickState:
    """``state`` with the cards ``seat`` cannot see replaced by ``cards`` (the same
    multiset, in another order): the other seats' quartets take the complete ranks of
    ``cards`` in the order they first appear, then the other hands are filled in order.
    The result is a position ``seat`` cannot tell from ``state``."""
    pool = list(cards)
    slots = (
        0 if state.over else sum(len(r) for other, r in enumerate(state.quartets) if other != seat)
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


def _deal_unseen(  # noqa: PLR0917  (the parts of one sample, passed down by sample)
    unseen: Sequence[Card],
    sizes: Sequence[int],
    seat: int,
    hand: tuple[Card, ...],
    facts: Sequence[_TrickFact],
    tricks: TrickRules,
    rng: random.Random,
) -> list[tuple[Card, ...]]:
    """The unseen cards dealt at random into the other hands (``sizes`` cards each), no hand
    getting a card it was seen unable to hold: a seat passed over at a trick (a fact with
    ``may`` false) holds no card that could have been played to it. A random order of the
    cards, each put in a random hand that may hold it, moving cards already dealt along an
    augmenting path when every such hand is full (a bipartite matching, so a deal is found
    whenever one exists)."""
    players = len(sizes)
    barred: list[list[tuple[tuple[Card, ...], tuple[Card, ...]]]] = [[] for _ in range(players)]
    for other, so_far, later, may in facts:
        if not may:
            barred[other].append((so_far, later))
    cards = list(unseen)
    rng.shuffle(cards)
    allowed: list[list[int]] = []
    for card in cards:
        seats = [
            other
            for other in range(players)
            if other != seat
            and sizes[other]
            and not any(tricks.playable(so_far, (card,)) for so_far, _ in barred[other])
        ]
        rng.shuffle(seats)
        allowed.append(seats)
    dealt: list[list[int]] = [[] for _ in range(players)]  # per seat, indices into cards

    def place(index: int, visited: set[int]) -> bool:
        for other in allowed[index]:
            if other in visited:
                continue
            visited.add(other)
            if len(dealt[other]) < sizes[other]:
                dealt[other].append(index)
                return True
            for position, held in enumerate(dealt[other]):
                if place(held, visited):
                    dealt[other][position] = index
                    return True
        return False

    for index in range(len(cards)):
        if not place(index, set()):
            raise OptionError(
                "the view does not add up: no deal of the unseen cards fits the passes seen"
            )
    return [
        hand if other == seat else tuple(sorted(cards[i] for i in dealt[other]))
        for other in range(players)
    ]


#: Draws of the hidden quartets' ranks :meth:`sample` tries before it gives up on a view.
_QUARTET_TRIES = 20

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
