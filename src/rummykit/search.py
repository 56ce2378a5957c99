"""Search from what a seat has seen: sampling the hidden cards.

A bot that searches (Monte Carlo, determinized or information-set MCTS) needs whole
positions to play forward, but may only know what its seat saw. :func:`sample_state` turns a
view into a whole position that the seat cannot tell from the real one: the cards it has not
seen are dealt at random into the places it cannot see (the stock, the hidden part of the
discard pile, the unknown part of other hands, the other seats' face-down quartets), and
everything public is kept.

>>> import random, rummykit
>>> state = rummykit.variant("gin-rummy").new_game(players=2, seed=5)
>>> view = state.view(0)
>>> guess = sample_state(view, random.Random(1))
>>> guess.view(0) == view, guess.hands[0] == state.hands[0]
(True, True)
>>> guess.hands[1] == state.hands[1]   # the other hand is a guess
False
"""

from __future__ import annotations

import random

from rummykit.engine.core import GameState
from rummykit.engine.views import View
from rummykit.errors import OptionError

__all__ = ["sample_state"]


def sample_state(view: View, rng: random.Random) -> GameState:
    """A whole position consistent with everything ``view``'s seat has seen: its hand, the
    public table and piles, the cards known to be in other hands (dealt face up, or taken
    from the pile), hand sizes, scores and the turn. ``sample_state(view, rng).view(seat)
    == view`` for every view; the hidden cards are dealt at random, and the shuffles to come
    follow a new random seed. The sample's move history is empty."""
    game = getattr(view, "game", None)
    sample = getattr(getattr(game, "rules", None), "sample", None)
    if not callable(sample):
        raise OptionError(f"cannot rebuild a position from {type(view).__name__}")
    state: GameState = sample(view, rng)
    return state
