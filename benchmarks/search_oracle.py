"""What knowing the hidden cards would be worth to the search: an oracle that cheats.

The search agent plays from its seat's view and guesses the cards it cannot see. How much
better it could play if it guessed them right says where its headroom is: in the lookahead
(better rollouts, more samples) or in the guessing (reading the other hands). The oracle
measures that bound. At each of its decisions it sees the whole position, every hand and
the discard pile, and weighs the greedy agent's first choices (as the search does) by the
seat's margin at the end of the deal, rolled out by greedy agents for every seat, on
``samples`` new orders of the stock (``samples=0``: the real order, so that it knows its
draws too; a stalled deal's rollouts are cut as the search's are). It plays the greedy
choice unless another candidate's mean is higher. It is not an agent (agents are given
views, never states): ``bench_search.py --agent oracle`` plays it against greedy agents on
the same deals, logs and reports it as it does the search.

    python benchmarks/bench_search.py --game crib-rummy --agent oracle --oracle-samples 8

A narrower bound is that of the search itself with a perfect reading of the other hands:
:class:`TruthfulSearch` is the search agent (every setting of it) given the real position
as every sample wherever ``where`` says: wherever it searches (``"searched"``), only in a
deal that has stalled (``"stalled"``), only in one whose pile was turned over and that
has not stalled (``"turned"``), or only in a fresh deal, its pile not yet turned over
(``"fresh"``: with ``--min-known 0``, so that the search searches there at all); elsewhere
it samples as the search does. Played by
``bench_search.py --agent truth --truth-where W`` with the search's other options, its
games pair with the search's own on the same deals. With ``--truth-stock shuffled`` it is
given the real hands and piles but the stock cards its seat does not remember in a new
order each sample: what a perfect reading of the other hands alone would be worth, without
the knowledge of the draws to come that the real stock order gives.

    python benchmarks/bench_search.py --game basic-rummy --players 4 --seed 7000 --games 50 \
        --recall --confidence 1 --min-known 0.6 --agent truth --truth-where turned

Its logs are kept in ``benchmarks/results/`` with the search's (``search-*-oracle*.jsonl``)
and ``make search-report`` reports them; the figures are in ``docs/guide-bot.rst``.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from rummykit.agents import GreedyAgent, _stalled, choose_move, show_all
from rummykit.cards import Card
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move
from rummykit.engine.rummy import RummyRules, RummyState
from rummykit.engine.views import View
from rummykit.errors import OptionError
from rummykit.reading import _Reader, _stock_shuffled
from rummykit.recall import Recall
from rummykit.search import STALLED_DEPTH, SearchAgent, _ranked, _rollout_limit


def oracle_move(state: GameState, rng: random.Random, samples: int, max_candidates: int) -> Move:
    """The oracle's move in ``state`` for the seat to move (see the module's introduction).

    >>> import rummykit
    >>> state = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=3)
    >>> oracle_move(state, random.Random(0), 2, 6) in state.legal_moves()
    True
    """
    if not isinstance(state, RummyState):
        raise OptionError("the oracle plays draw-and-discard games, whose stock it reorders")
    seat = state.to_move
    view = state.view(seat)
    if len(view.legal) == 1:
        return view.legal[0]
    greedy = GreedyAgent()
    candidates = _ranked(greedy, view, view.legal, rng, max_candidates)
    positions = [_stock_shuffled(state, seat, rng) for _ in range(samples)] or [state]
    scorer = SearchAgent()
    # as the search's: in a stalled deal, rollouts cut after STALLED_DEPTH moves
    limit = _rollout_limit(view, scorer.horizon, None, STALLED_DEPTH)
    totals = [0.0] * len(candidates)
    for position in positions:
        roll = rng.random()  # the same greedy tie-breaks for every candidate
        for index, move in enumerate(candidates):
            after = position.apply(move)
            totals[index] += scorer._value(after, seat, greedy, random.Random(roll), limit)
    best = max(range(len(candidates)), key=lambda i: totals[i])
    return candidates[best] if totals[best] > totals[0] else candidates[0]


def oracle_game(
    state: GameState, seat: int, rng: random.Random, samples: int, max_candidates: int
) -> GameState:
    """``state`` played to the end of its game, the oracle in ``seat`` and greedy agents in
    the others (drawing their tie-breaks from ``rng`` too)."""
    greedy = GreedyAgent()
    while not state.is_over:
        if state.to_move == seat:
            move = oracle_move(state, rng, samples, max_candidates)
        else:
            move = choose_move(greedy, state, rng)
        state = state.apply(move)
    return state


#: Where :class:`TruthfulSearch` is given the real position (see the module's introduction).
TRUTH_WHERE = ("searched", "stalled", "turned", "fresh")
#: What the truthful search is told of the stock (:attr:`TruthfulSearch.stock`).
TRUTH_STOCK = ("real", "shuffled")


def truth_here(view: View, where: str) -> bool:
    """Whether a decision at ``view`` is one where the search is given the real position.

    >>> import rummykit
    >>> view = rummykit.variant("basic-rummy").new_game(players=4, seed=1).view(0)
    >>> [truth_here(view, where) for where in TRUTH_WHERE]   # a fresh deal
    [True, False, False, True]
    """
    if where == "searched":
        return True
    stalled, turned = _stalled(view), getattr(view, "reshuffles", 0) > 0
    if where == "fresh":
        return not stalled and not turned
    return stalled if where == "stalled" else not stalled and turned


@attrs.frozen
class TruthfulSearch(SearchAgent):
    """The search agent given the real position as every sample where ``where`` says (a
    cheat, the bound of a perfect reading of the other hands): :func:`truthful_game` shows
    it the position before each of its decisions."""

    where: str = attrs.field(default="searched", validator=attrs.validators.in_(TRUTH_WHERE))
    #: ``"real"``: the real position, stock order and all; ``"shuffled"``: the real hands
    #: and piles with the stock cards the seat does not remember in a new random order each
    #: sample (the bound of a perfect reading of the other hands alone, without knowing the
    #: draws to come).
    stock: str = attrs.field(default="real", validator=attrs.validators.in_(TRUTH_STOCK))
    #: the real position of the decision being made (the last one shown)
    _real: list[GameState] = attrs.field(factory=list, init=False, eq=False, repr=False)

    def show(self, state: GameState) -> None:
        """Let the next decision see ``state``, the real position."""
        self._real[:] = [state]

    def _sample(
        self, view: View, rng: random.Random, recall: Recall | None, reader: _Reader | None
    ) -> GameState:
        real = self._real[0] if self._real else None
        if real is not None and truth_here(view, self.where) and real.view(view.seat) == view:
            if self.stock == "shuffled":
                return unremembered_stock_shuffled(real, view, rng, recall)
            return real
        return super()._sample(view, rng, recall, reader)


def unremembered_stock_shuffled(
    state: GameState, view: View, rng: random.Random, recall: Recall | None
) -> GameState:
    """``state`` (a position ``view``'s seat sees as ``view``) with the stock cards the
    seat does not remember (``recall``'s stock, where it follows ``view``) in a new random
    order, each in a place of one of them.

    >>> import rummykit
    >>> state = rummykit.variant("basic-rummy").new_game(players=4, seed=1)
    >>> view = state.view(0)
    >>> shuffled = unremembered_stock_shuffled(state, view, random.Random(0), None)
    >>> shuffled.view(0) == view, sorted(shuffled.stock) == sorted(state.stock)
    (True, True)
    >>> shuffled.stock != state.stock, shuffled.hands == state.hands
    (True, True)
    """
    rules = state.variant.rules
    if not isinstance(state, RummyState) or not isinstance(rules, RummyRules):
        return state
    stock = list(state.stock)
    remembered: list[Card | None] = [None] * len(stock)
    if recall is not None and recall.follows(view) and len(recall.stock) == len(stock):
        remembered = list(recall.stock)
    places = [i for i, card in enumerate(remembered) if card is None]
    cards = [stock[i] for i in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        stock[place] = card
    hidden = rules.hidden_cards(state, view.seat)
    return rules.with_hidden(state, view.seat, stock + hidden[len(stock) :])


def truthful_game(  # noqa: PLR0917  (bench_search's job, as it unpacks it)
    state: GameState,
    seat: int,
    rng: random.Random,
    settings: dict[str, Any],
    where: str,
    stock: str = "real",
) -> GameState:
    """``state`` played to the end of its game, a :class:`TruthfulSearch` of ``settings``
    (the search agent's keywords) in ``seat`` and greedy agents in the others, each agent
    shown every view as :func:`~rummykit.sim.play_game` shows them, all drawing from ``rng``.

    >>> import rummykit
    >>> start = rummykit.variant("gin-rummy", max_deals=1).new_game(players=2, seed=3)
    >>> end = truthful_game(start, 0, random.Random(0), {"determinizations": 1}, "searched")
    >>> end.is_over
    True
    """
    agent = TruthfulSearch(**settings, where=where, stock=stock)
    agents = [agent if s == seat else GreedyAgent() for s in range(state.players)]
    show_all(agents, state)
    while not state.is_over:
        if state.to_move == seat:
            agent.show(state)
        state = state.apply(choose_move(agents[state.to_move], state, rng))
        show_all(agents, state)
    return state
