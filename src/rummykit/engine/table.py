"""Melds on the table: growing a meld by one card, the melds a hand forms with a given card,
and the cached verdicts on lay-offs (one table meld is judged against many cards)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummykit._bounded import remember
from rummykit.cards import Card
from rummykit.engine.moves import (
    End,
)
from rummykit.melds import ACE_HIGH, Meld, MeldContext, MeldKind, position_rank
from rummykit.solver import possible_melds

__all__ = ["card_at", "extended", "extension_problem", "melds_with"]


def extended(meld: Meld, card: Card, end: End | None) -> Meld | None:
    """``meld`` with ``card`` added at ``end`` (``None`` for a set), or ``None`` when the
    shape does not allow it (no end given for a run, an end given for a set)."""
    if meld.kind is MeldKind.RUN:
        if end is None:
            return None
        assert meld.suit is not None
        if end is End.LOW:
            if meld.start <= 1:
                return None
            return Meld(MeldKind.RUN, (card, *meld.cards), suit=meld.suit, start=meld.start - 1)
        if meld.high >= ACE_HIGH:
            return None
        return Meld(MeldKind.RUN, (*meld.cards, card), suit=meld.suit, start=meld.start)
    if end is not None or meld.kind is MeldKind.QUARTET:
        return None
    return Meld(meld.kind, (*meld.cards, card), rank=meld.rank)


#: Verdicts on growing a table meld by one card: they depend only on the deal's meld context,
#: the meld, the card and the end, and a meld stays on the table for many moves. Reads and
#: writes are single dictionary operations, so threads sharing it never see a torn entry.
_EXTENSIONS: dict[tuple[MeldContext, Meld, Card, End | None], tuple[str, str] | None] = {}
_EXTENSIONS_LIMIT: Final = 100_000
_MISSING: Final = ("", "")


def extension_problem(
    context: MeldContext, meld: Meld, card: Card, end: End | None
) -> tuple[str, str] | None:
    """Why ``card`` may not grow ``meld`` at ``end`` (rule, message), or ``None``; cached."""
    key = (context, meld, card, end)
    problem = _EXTENSIONS.get(key, _MISSING)
    if problem is _MISSING:
        problem = remember(
            _EXTENSIONS, key, _extension_problem(context, meld, card, end), _EXTENSIONS_LIMIT
        )
    return problem


def _extension_problem(
    context: MeldContext, meld: Meld, card: Card, end: End | None
) -> tuple[str, str] | None:
    """Why ``card`` may not grow ``meld`` at ``end`` (rule, message), or ``None``."""
    grown = extended(meld, card, end)
    if grown is None:
        if meld.kind is not MeldKind.RUN:
            where = "a set has no ends; lay off without 'low' or 'high'"
        elif end is None:
            where = "say which end of the run: 'low' or 'high'"
        else:
            where = f"the run {meld.anchor_text()} cannot grow at its {end.value} end"
        return ("layoff.shape", f"{card} cannot go there: {where}")
    problem = context.violation(grown, wild_added=context.wilds.mask[card])
    if problem is not None:
        return ("meld." + problem.rule, problem.message)
    return None


def melds_with(hand: Sequence[Card], card: Card, context: MeldContext) -> tuple[Meld, ...]:
    """Every meld ``hand`` can form that uses ``card`` (which ``hand`` holds). A natural card
    can only meet cards of its rank, of its suit and wild cards, so only those are solved."""
    mask = context.wilds.mask
    if mask[card]:
        near: Sequence[Card] = hand
    else:
        rank, suit = card.rank, card.suit
        near = [c for c in hand if c.rank is rank or c.suit is suit or mask[c]]
    return tuple(m for m in possible_melds(near, context) if card in m.cards)


def card_at(meld: Meld, position: int) -> Card:
    assert meld.suit is not None
    return Card.of(position_rank(position), meld.suit)
