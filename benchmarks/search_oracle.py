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

Its logs are kept in ``benchmarks/results/`` with the search's (``search-*-oracle*.jsonl``)
and ``make search-report`` reports them; the figures are in ``docs/guide-bot.rst``.
"""

from __future__ import annotations

import random

from rummykit.agents import GreedyAgent, choose_move
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move
from rummykit.engine.rummy import RummyState
from rummykit.errors import OptionError
from rummykit.reading import _stock_shuffled
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
