"""Observation vectors for learning code: a seat's view as a fixed-length vector of floats,
shared by the PettingZoo environments and the OpenSpiel games (needs NumPy), and the
list of legal actions both give when they refuse one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

import rummykit
from rummykit.cards import Card
from rummykit.engine.moves import Move
from rummykit.engine.rummy_state import Phase, RummyView
from rummykit.engine.trick_state import TrickPhase, TrickView
from rummykit.engine.views import View
from rummykit.errors import OptionError

__all__ = ["legal_listed", "observation_size", "observation_vector"]

#: Card codes 0-52 (the joker last).
_CODES: Final = 53


def _counts(cards: object, out: np.ndarray[Any, Any], at: int) -> None:
    for card in cards:  # type: ignore[attr-defined]
        if isinstance(card, Card):
            out[at + int(card)] += 1.0


def _one_hot(index: int | None, size: int, out: np.ndarray[Any, Any], at: int) -> None:
    if index is not None and 0 <= index < size:
        out[at + index] = 1.0


#: Legal moves an error message lists before it says how many more there are.
LISTED: Final = 12


def legal_listed(moves: Sequence[tuple[int, Move]], by_number: bool) -> str:
    """The legal actions, for a message refusing another: each ``number: move`` (the
    codec's numbers when ``by_number``, else the indices into ``moves``), the first
    :data:`LISTED` of them and how many more."""
    shown_moves = [
        f"{number if by_number else index}: {move}"
        for index, (number, move) in enumerate(moves[:LISTED])
    ]
    more = f" and {len(moves) - LISTED} more" if len(moves) > LISTED else ""
    return f"legal: {', '.join(shown_moves)}{more}" if moves else "no action is legal now"


def observation_size(players: int, family: str) -> int:
    """The length of :func:`observation_vector` for a game family and player count."""
    p = players
    if family == "trick":
        return 4 + _CODES + 2 * _CODES * p + 13 * p + 5 * p + 4 * p + len(TrickPhase)
    return (
        6
        + _CODES * (5 + 2 * p)  # hand, top, wilds, pending, took; known and table per seat
        + _CODES  # visible discards
        + 6 * p
        + len(Phase)
    )


def observation_vector(view: View) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The seat's view as a vector of floats (seats in turn order from the viewer, so that
    index 0 is always the viewer). Draw-and-discard games: card counts of the hand, the top
    discard, the wild cards, the pending and the taken card, each seat's known cards and
    table melds, the visible discards; per seat its hand size, score, whether it opened,
    its turns, whether it moves and whether it is active; the phase; the deal, stock and
    pile sizes, reshuffles and the knock limit. The trick game: the hand, each seat's card
    in the trick and the last trick, quartet ranks (the seat's own, and every seat's once
    revealed), hand sizes, quartet counts, who is out, scores, who leads and moves, the
    suits each seat was seen to lack (passed over, :meth:`TrickView.lacking`); the phase;
    the deal number."""
    players = view.players
    order = [(view.seat + k) % players for k in range(players)]
    if isinstance(view, TrickView):
        out = np.zeros(observation_size(players, "trick"), dtype=np.float32)
        out[0] = view.deal_number
        out[1] = float(view.is_over)
        out[2] = len(view.trick)
        out[3] = len(view.out)
        at = 4
        _counts(view.hand, out, at)
        at += _CODES
        for trick in (view.trick, view.last_trick):
            for seat, card in trick:
                out[at + order.index(seat) * _CODES + int(card)] = 1.0
            at += _CODES * players
        for k, seat in enumerate(order):
            for rank in view.quartets[seat]:
                if not isinstance(rank, rummykit.Hidden):
                    out[at + 13 * k + int(rank) - 1] += 1.0
        at += 13 * players
        for k, seat in enumerate(order):
            out[at + 5 * k] = view.hand_sizes[seat]
            out[at + 5 * k + 1] = len(view.quartets[seat])
            out[at + 5 * k + 2] = float(seat in view.out)
            out[at + 5 * k + 3] = view.scores[seat]
            out[at + 5 * k + 4] = float(seat == view.to_move) + 2.0 * float(seat == view.leader)
        at += 5 * players
        lacking = view.lacking()
        for k, seat in enumerate(order):
            for suit in lacking[seat]:
                out[at + 4 * k + int(suit)] = 1.0
        at += 4 * players
        _one_hot(list(TrickPhase).index(view.phase), len(TrickPhase), out, at)
        return out
    if not isinstance(view, RummyView):
        raise OptionError(f"no observation vector for {type(view).__name__}")
    out = np.zeros(observation_size(players, "rummy"), dtype=np.float32)
    out[:6] = (
        view.deal_number,
        view.stock_size,
        view.discard_size,
        view.reshuffles,
        -1 if view.knock_limit is None else view.knock_limit,
        float(view.is_over),
    )
    at = 6
    for cards in (view.hand, [view.discard_top], view.wild_cards, [view.pending], [view.took]):
        _counts(cards, out, at)
        at += _CODES
    for seat in order:
        _counts(view.known[seat] if view.known else (), out, at)
        at += _CODES
    for seat in order:
        for placed in view.table:
            if placed.owner == seat:
                _counts(placed.meld.cards, out, at)
        at += _CODES
    _counts(view.discards, out, at)
    at += _CODES
    turns = view.turns or (0,) * players
    for k, seat in enumerate(order):
        out[at + 6 * k : at + 6 * k + 6] = (
            len(view.hands[seat]),
            view.scores[seat],
            float(view.opened[seat]),
            turns[seat],
            float(seat == view.to_move),
            float(seat == view.active),
        )
    at += 6 * players
    _one_hot(list(Phase).index(view.phase), len(Phase), out, at)
    return out
