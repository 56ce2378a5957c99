"""What a search's rollout is worth: the scores at the end of a deal played out from a
position, whether the game ended there, and the objectives that weigh them for one seat
(:class:`~rummykit.search.SearchAgent`'s ``objective``).

>>> import random, rummykit
>>> from rummykit.agents import GreedyAgent
>>> state = rummykit.variant("basic-rummy", target=1).new_game(players=2, seed=1)
>>> scores, over = rollout_end(state, 1, GreedyAgent(), random.Random(0), 2000)
>>> over, max(scores) >= 1   # a deal won takes its winner to a target of 1
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rummykit.agents import Agent, choose_move
from rummykit.engine.core import GameState, Variant
from rummykit.engine.rummy import RummyState
from rummykit.engine.rummy_deal import deal_outcome
from rummykit.pieces.outcome import DealEnd
from rummykit.pieces.scoring import FixedDeals

__all__ = [
    "ahead_share",
    "expected_ahead",
    "in_final_deal",
    "lowest_wins",
    "rollout_end",
    "stock_end_scores",
]


def _margins(
    state: GameState, deal: int, policy: Agent, rng: random.Random, limit: int
) -> list[float]:
    """Every seat's margin over the others' mean score at the end of the deal, rolled out
    from ``state`` by ``policy`` (scored as it stands after ``limit`` moves)."""
    scores = rollout_end(state, deal, policy, rng, limit)[0]
    sign = -1 if lowest_wins(state.variant) else 1
    total = sum(scores)
    others = len(scores) - 1
    return [sign * (s - (total - s) / others) for s in scores]


def rollout_end(
    state: GameState,
    deal: int,
    policy: Agent,
    rng: random.Random,
    limit: int,
    *,
    own: tuple[int, Agent] | None = None,
) -> tuple[tuple[int, ...], bool]:
    """The scores at the end of deal ``deal``, rolled out from ``state`` by ``policy`` (and
    ``own``'s seat by ``own``'s agent; a deal still going after ``limit`` moves, cut at a
    depth or at the horizon, is scored as it stands: :func:`stock_end_scores`), and whether
    the game is over there: it ended in the rollout, or the deal cut short is the last of a
    fixed number (:func:`in_final_deal`) or its scores as they stand reach the game's
    target."""
    seat, mine = own if own is not None else (-1, policy)
    for _ in range(limit):
        if state.is_over or state.deal_number != deal:
            break
        agent = mine if state.to_move == seat else policy
        state = state.apply(choose_move(agent, state, rng))
    if state.is_over or state.deal_number != deal:
        return state.scores, state.is_over
    scores = stock_end_scores(state)
    target = getattr(getattr(state.variant.rules, "game_end", None), "target", None)
    reached = isinstance(target, int) and max(scores) >= target
    return scores, in_final_deal(state) or reached


def expected_ahead(
    scores: Sequence[int], seat: int, *, over: bool, lowest: bool, scale: float
) -> float:
    """The share of the other seats that ``seat`` may expect to finish the game ahead of
    (half for a tie), from ``scores`` (the lowest total ahead where ``lowest`` wins): where
    the game is ``over``, the share it is ahead of; else, per other seat, a logistic of the
    difference of their scores over ``scale`` points, a half for level scores and about
    three quarters for a lead of ``scale``.

    >>> expected_ahead((60, 0, 0, 100), 0, over=True, lowest=False, scale=50.0)
    0.6666666666666666
    >>> round(expected_ahead((50, 0), 0, over=False, lowest=False, scale=50.0), 3)
    0.731
    >>> expected_ahead((50, 50, 0), 0, over=False, lowest=True, scale=50.0) < 0.5
    True
    """
    if over:
        return ahead_share(scores, seat, lowest=lowest)
    sign = -1 if lowest else 1
    shares = [
        _logistic(sign * (scores[seat] - score) / scale)
        for other, score in enumerate(scores)
        if other != seat
    ]
    return sum(shares) / len(shares)


def ahead_share(scores: Sequence[int], seat: int, *, lowest: bool) -> float:
    """The share of the other seats that ``seat`` is ahead of by ``scores``, half for a tie
    (the lowest total ahead where ``lowest`` wins): a finished game's measure of a seat in
    the search's benchmarks.

    >>> ahead_share((60, 20, 0, 60, 100), 0, lowest=False)   # (1 + 1 + 0.5 + 0) / 4
    0.625
    """
    sign = -1 if lowest else 1
    shares = [
        1.0 if sign * (scores[seat] - score) > 0 else 0.5 if score == scores[seat] else 0.0
        for other, score in enumerate(scores)
        if other != seat
    ]
    return sum(shares) / len(shares)


def _logistic(x: float) -> float:
    """``1 / (1 + exp(-x))``, without overflow for any ``x``."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    tail = math.exp(x)
    return tail / (1.0 + tail)


def stock_end_scores(state: GameState) -> tuple[int, ...]:
    """The scores ``state`` would have if its deal ended now as a deal whose stock ran out
    ends (nobody out, every hand scored as it stands); the scores as they are for a game
    that is over, or of a family whose deals cannot end so (trick games).

    >>> import rummykit
    >>> state = rummykit.variant("basic-rummy").new_game(players=2, seed=1)
    >>> state.scores, stock_end_scores(state)   # basic rummy scores only the one who goes out
    ((0, 0), (0, 0))
    >>> state = rummykit.variant("crazy-rummy").new_game(players=3, seed=1)
    >>> [s > 0 for s in stock_end_scores(state)]   # penalties for every card held
    [True, True, True]
    """
    if not isinstance(state, RummyState) or state.is_over:
        return state.scores
    delta = state.rules.deal_scoring.deal_scores(deal_outcome(state, DealEnd.STOCK, None))
    return tuple(s + d for s, d in zip(state.scores, delta, strict=True))


def in_final_deal(state: GameState) -> bool:
    """Whether ``state`` is in the last deal of a game of a fixed number of deals, whose end
    ends the game (``False`` for games played to a target score, whose last deal nobody
    knows in advance). Not to be confused with ``state.last_deal``, the outcome of the
    last deal finished.

    >>> import attrs, rummykit
    >>> state = rummykit.variant("crummy-rummy").new_game(players=2, seed=1)  # seven deals
    >>> in_final_deal(state), in_final_deal(attrs.evolve(state, deal_number=7))
    (False, True)
    >>> in_final_deal(rummykit.variant("gin-rummy").new_game(players=2, seed=1))  # to 100
    False
    """
    end = getattr(state.variant.rules, "game_end", None)
    # FixedDeals.over_after_deal by the deal number alone (any GameState has one; the piece
    # asks for a GamePosition, which a trick game's state is not typed as)
    return isinstance(end, FixedDeals) and state.deal_number >= end.deals


def lowest_wins(game: Variant) -> bool:
    """Whether the lowest total wins ``game`` (a fixed number of deals scored as penalties),
    rather than the highest."""
    return isinstance(getattr(game.rules, "game_end", None), FixedDeals)
