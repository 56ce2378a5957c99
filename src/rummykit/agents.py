"""Players that choose moves: a uniformly random agent and a greedy agent.

Both work for any variant and see only what their seat may see: the legal moves and their
own view (views expose ``hand``, ``discard_top`` and ``wild_cards`` where the game has them).
An agent is anything with a ``name`` and a ``choose(state, rng)`` method
(:class:`Agent`).

>>> import random, rummykit
>>> from rummykit.agents import GreedyAgent
>>> state = rummykit.variant("crib-rummy").new_game(players=2, seed=1)
>>> move = GreedyAgent().choose(state, random.Random(0))
>>> move in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

import attrs

from rummykit.cards import Card
from rummykit.engine.core import GameState
from rummykit.engine.moves import (
    ChooseStart,
    Claim,
    Discard,
    Draw,
    Knock,
    LayMeld,
    LayOff,
    Move,
    Pass,
    TakeDiscard,
)

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]


class Agent(Protocol):
    """Chooses a legal move for the player to move."""

    @property
    def name(self) -> str:
        """A short name for logs and reports."""
        ...

    def choose(self, state: GameState, rng: random.Random) -> Move:
        """A legal move of ``state.to_move``; ``rng`` is the agent's own generator."""
        ...


@attrs.frozen
class RandomAgent:
    """Picks uniformly among the legal moves."""

    name: str = "random"

    def choose(self, state: GameState, rng: random.Random) -> Move:
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]


def usefulness(card: Card, hand: Sequence[Card], wild: Sequence[bool]) -> int:
    """How much ``card`` helps ``hand`` towards melds: cards of its rank, cards of its suit
    within two ranks, and wild cards that could join it. Wild cards are the most useful.

    >>> from rummykit import parse_cards
    >>> hand = parse_cards("5H 6H QS QD 9C")
    >>> [usefulness(c, hand, [False] * 53) for c in hand]
    [1, 1, 1, 1, 0]
    """
    if wild[card]:
        return 100
    score = 0
    seen_self = False
    for other in hand:
        if other == card and not seen_self:
            seen_self = True
            continue
        if (
            wild[other]
            or other.rank is card.rank
            or (
                other.suit is card.suit
                and other.rank is not None
                and card.rank is not None
                and abs(other.rank - card.rank) <= 2
            )
        ):
            score += 1
    return score


_NO_WILDS: Final = (False,) * 53
#: The greedy agent claims a discard out of turn only while holding fewer cards than this.
_CLAIM_HAND_LIMIT: Final = 13


@attrs.frozen
class GreedyAgent:
    """Melds and lays off whenever it can and discards its least useful card.

    In order: lay the longest meld available; lay off; choose to start when asked; claim a
    discard out of turn, and take the discard, only when it fits the hand (two or more related
    cards), or take the fewest cards from deeper in the pile that bring a meld (Rummy 500),
    else draw; knock as soon as it may (Gin Rummy); discard the card with the lowest
    :func:`usefulness`, the highest rank among equals, never the card just taken when another
    will do.
    """

    name: str = "greedy"

    def choose(self, state: GameState, rng: random.Random) -> Move:
        moves = list(state.legal_moves())
        view = state.view(state.to_move)
        hand: Sequence[Card] = getattr(view, "hand", ())
        wilds: frozenset[Card] = getattr(view, "wild_cards", frozenset())
        wild = [Card(code) in wilds for code in range(53)] if wilds else _NO_WILDS
        melds = [m for m in moves if isinstance(m, LayMeld)]
        if melds:
            return max(melds, key=lambda m: (len(m.meld), -_wilds_used(m, wild)))
        lay_offs = [m for m in moves if isinstance(m, LayOff)]
        if lay_offs:
            natural = [m for m in lay_offs if not wild[m.card]]
            return (natural or lay_offs)[0]
        if any(isinstance(m, ChooseStart) for m in moves):
            return ChooseStart(True)
        if any(isinstance(m, Claim) for m in moves):
            top = getattr(view, "discard_top", None)
            # A claim costs a penalty card: only for a card that fits a hand still small.
            wanted = (
                top is not None
                and len(hand) < _CLAIM_HAND_LIMIT
                and usefulness(top, [*hand, top], wild) >= 2
            )
            return Claim() if wanted and Claim() in moves else Pass()
        takes = [m for m in moves if isinstance(m, TakeDiscard)]
        if takes:
            top = getattr(view, "discard_top", None)
            if (
                TakeDiscard() in takes
                and top is not None
                and usefulness(top, [*hand, top], wild) >= 2
            ):
                return TakeDiscard()
            deep = [m for m in takes if m.count > 1]
            if deep:
                # A deeper take is offered only when its deepest card can be melded at once
                # (Rummy 500): take the fewest cards that bring such a meld.
                return min(deep, key=lambda m: m.count)
        if any(isinstance(m, Draw) for m in moves):
            return Draw()
        if any(isinstance(m, Knock) for m in moves):
            return Knock()
        discards = [m for m in moves if isinstance(m, Discard)]
        took = getattr(view, "took", None)
        if took is not None and len(discards) > 1:
            # Throwing back the card just taken would only pass the turn.
            discards = [m for m in discards if m.card != took] or discards
        if discards:
            return min(
                discards,
                key=lambda m: (usefulness(m.card, hand, wild), -(m.card.rank or 0), m.card),
            )
        return moves[0]


def _wilds_used(move: LayMeld, wild: Sequence[bool]) -> int:
    return sum(1 for c in move.meld.cards if wild[c])


#: The built-in agents by name.
AGENTS: Final[dict[str, type[RandomAgent] | type[GreedyAgent]]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str) -> Agent:
    """The built-in agent called ``name`` (``"random"`` or ``"greedy"``)."""
    from rummykit.errors import OptionError

    try:
        agent: Agent = AGENTS[name]()
    except KeyError:
        raise OptionError(f"unknown agent {name!r}; choose from {', '.join(AGENTS)}") from None
    return agent
