"""Reading the other hands from every move of the deal, for
:class:`~rummykit.search.SearchAgent` (``infer_deal``): a Markov chain on the hidden cards
of the deal's first view, each state replayed through every move seen since. Internal to the
search agent: its ``infer_deal`` and ``infer_slack`` settings are the interface.

A state of the chain is allowed where its replay makes every move seen: the seat's own as
it made them, the other seats' as ``model`` agents (greedy) would make them, except that a
discard other than the model's is allowed as a miss, each miss making the state
``exp(slack)`` times less likely (a greedy player's discard among cards of nearly equal use
is the weakest evidence, and demanding it exactly left most deals without any state found).
The cards the seat drew are put where it drew them from the stock, and a card another seat
played (discarded, melded, laid off) starts in that seat's hand or among the stock cards it
drew before, and moves only among those places. Until the chain finds an allowed state it
climbs: a swap is kept if the replay goes at least as far as before (a swap moves a card of
the seat whose move went astray seven times in ten); then it walks by the Metropolis rule on
the misses, and a decision's samples are its states ``thin`` proposals apart (the walk keeps
few swaps: at 25 apart eight samples held 2.7 deals on average, at 100 apart 5.2). The chain
is carried from decision to decision through the deal, each new move replayed. It reads a
deal only until its pile is turned over."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

from rummykit.agents import Agent, choose_move
from rummykit.cards import Card
from rummykit.engine.core import GameState
from rummykit.engine.moves import Discard, Move
from rummykit.engine.rummy import RummyRules, RummyState
from rummykit.engine.rummy_state import RummyView
from rummykit.engine.views import Hidden, View
from rummykit.reading import Sampler, _hand_places, _origins, _Seen, fix_at


class DealReader:
    """One seat's reading of one deal: its views from the deal's first, the seat's own moves
    among the moves between them (``None`` for another seat's, or one it was not told), and
    the chain's state, the hidden cards of a sample of the first view (in the order of
    ``hidden_cards``)."""

    def __init__(self, first: RummyView, model: Agent, sample: Sampler, slack: float) -> None:
        self.views: list[RummyView] = [first]
        self.own: list[Move | None] = []
        self.seat = first.seat
        self.model = model
        self.sample = sample
        self.slack = slack
        self.base: RummyState | None = None  # the sample of the first view replayed
        self.cards: list[Card] = []
        self.end: RummyState | None = None  # where the state's replay led (None: astray)
        self.score = 0  # that replay's misses, or the moves it made before it went astray
        self.culprit: int | None = None  # the seat whose move the last replay could not make
        self.free: list[int] = []  # the places of cards the chain may move
        self.allowed: dict[Card, set[int]] = {}  # a card another seat played: its places
        self.places: dict[int, list[int]] = {}  # per other seat: its hand and its draws
        self.seen = _Seen()  # the other seats' moves seen, learnt by the replays

    @classmethod
    def then(
        cls,
        reader: DealReader | None,
        view: View,
        chosen: tuple[View, Move] | None,
        new: tuple[Agent, Sampler, float],
    ) -> DealReader | None:
        """``reader`` after the move that led to ``view`` (``chosen``: the seat's last
        choice and the view it was made at), or a new reader (``new``: its model, sampler
        and slack) at a new deal or game; ``None`` for a view that is not a draw-and-discard
        game's."""
        if not isinstance(view, RummyView):
            return None
        last = reader.views[-1] if reader is not None else None
        if (
            reader is None
            or last is None
            or view.seat != last.seat
            or view.deal_number != last.deal_number
            or sum(view.turns) < sum(last.turns)
        ):
            return cls(view, *new)
        reader.views.append(view)
        reader.own.append(chosen[1] if chosen is not None and chosen[0] == last else None)
        return reader

    def readable(self) -> bool:
        """Whether the deal can be read: its pile not yet turned over."""
        return self.views[-1].reshuffles == 0

    def draw(
        self, rng: random.Random, steps: int, samples: int, thin: int = 100
    ) -> list[RummyState]:
        """``samples`` states of the chain at the last view, ``thin`` proposals apart, once
        it holds a state the deal allows (found in at most ``steps`` proposals; none where it
        found none)."""
        if not self._setup(rng):
            return []
        self.end, self.score = self._replay(self.cards, rng)
        if len(self.free) < 2:
            return [self.end] * samples if self.end is not None else []
        climbed = 0
        while self.end is None and climbed < steps:  # climb to a state the deal allows
            climbed += 1
            self._propose(rng)
        out: list[RummyState] = []
        walked = 0
        while self.end is not None and len(out) < samples:  # walk among them
            self._propose(rng)
            walked += 1
            if walked % thin == 0:
                out.append(self.end)
        return out

    def _propose(self, rng: random.Random) -> None:
        """One proposal of the chain: two cards swapped (one of them of the seat whose move
        went astray, seven times in ten, while no allowed state is found), kept as the
        module says."""
        i, j = rng.sample(self.free, 2)
        if self.end is None and self.culprit in self.places and rng.random() < 0.7:
            free = set(self.free)
            theirs = [p for p in self.places[self.culprit] if p in free]
            i = rng.choice(theirs) if theirs else i
        card_i, card_j = self.cards[i], self.cards[j]
        if i == j or card_i == card_j:
            return
        if j not in self.allowed.get(card_i, (j,)) or i not in self.allowed.get(card_j, (i,)):
            return
        cards = list(self.cards)
        cards[i], cards[j] = card_j, card_i
        end, score = self._replay(cards, rng)
        if self.end is None:
            if end is not None or score >= self.score:  # as far as before, or further
                self.cards, self.end, self.score = cards, end, score
        elif end is not None and (
            score <= self.score or rng.random() < math.exp(-self.slack * (score - self.score))
        ):
            self.cards, self.end, self.score = cards, end, score

    def _setup(self, rng: random.Random) -> bool:
        """Put the seat's draws where it drew them and each card another seat played where
        it can have come from (the chain's state kept wherever it already is so); False
        where the views cannot be read so (another game's views, a draw of two cards)."""
        first = self.views[0]
        if self.base is None:
            state = self.sample(first, rng)
            if not isinstance(state, RummyState) or not isinstance(
                state.variant.rules, RummyRules
            ):
                return False
            self.base = state
            self.cards = list(state.variant.rules.hidden_cards(state, self.seat))
        cards, fixed = list(self.cards), [False] * len(self.cards)
        unseen = sum(isinstance(card, Hidden) for hand in first.hands for card in hand)
        hands = _hand_places(first, len(cards) - unseen)  # the other hands come last
        played, drew = _origins(self.views, len(self.base.stock), hands)
        own = iter(drew.get(self.seat, ()))
        for before, view in itertools.pairwise(self.views):
            if before.to_move == self.seat and view.stock_size < before.stock_size:
                new = list((Counter(view.hand) - Counter(before.hand)).elements())
                if len(new) != 1 or not fix_at(cards, fixed, new[0], [next(own)]):
                    return False
        placed = []
        for card, places in played.items():
            if fix_at(cards, fixed, card, places, rng):
                placed.append(next(i for i in places if cards[i] == card and fixed[i]))
        for index in placed:
            fixed[index] = False  # where it can have come from; it moves only among those
        self.cards = cards
        self.free = [i for i, pinned in enumerate(fixed) if not pinned]
        self.allowed = {card: set(places) for card, places in played.items()}
        self.places = {seat: [*places, *drew.get(seat, ())] for seat, places in hands.items()}
        return True

    def _replay(self, cards: list[Card], rng: random.Random) -> tuple[RummyState | None, int]:
        """The state the deal's moves lead to from the first view's hidden cards ``cards``
        (``None`` where a move seen cannot be made) and its misses (or the moves it made
        before it went astray)."""
        assert self.base is not None
        rules = self.base.variant.rules
        assert isinstance(rules, RummyRules)
        state: GameState = rules.with_hidden(self.base, self.seat, cards)
        misses = 0
        for step, (own, after) in enumerate(zip(self.own, self.views[1:], strict=True)):
            if state.is_over:
                return None, step
            if state.to_move == self.seat:  # its own move: as told, else any that fits
                moves = [own] if own is not None else state.legal_moves()
                then = next(
                    (s for s in map(state.apply, moves) if s.view(self.seat) == after), None
                )
                if then is None:
                    self.culprit = None
                    return None, step
                state = then
                continue
            move = choose_move(self.model, state, rng)
            then = state.apply(move)
            if not self.seen.leads(step, state, move, then, self.seat, after):
                then = None
                if isinstance(move, Discard):  # another discard: a miss
                    for other in state.legal_moves():
                        if (
                            isinstance(other, Discard)
                            and other != move
                            and self.seen.could(step, other)
                        ):
                            tried = state.apply(other)
                            if self.seen.leads(step, state, other, tried, self.seat, after):
                                then, misses = tried, misses + 1
                                break
                if then is None:
                    self.culprit = state.to_move
                    return None, step
            state = then
        assert isinstance(state, RummyState)
        return state, misses
