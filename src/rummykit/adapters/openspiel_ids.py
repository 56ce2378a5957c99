"""OpenSpiel's ``gin_rummy`` action ids for rummykit's ``gin-rummy`` moves, both ways.

OpenSpiel numbers every action of its gin rummy with one integer (0-240). This module maps
rummykit moves to those integers and back, so that the same game can be replayed in both
engines and learning code written for OpenSpiel's encoding can drive rummykit. It never
imports OpenSpiel.

======= ==================================================================================
id      action
======= ==================================================================================
0-51    a card: a discard, or (in the defender's lay-off phase) a lay-off
52      draw the upcard (``take``)
53      draw from the stock (``draw``)
54      ``pass``
55      ``knock``
56-240  lay meld ``id - 56`` (65 sets, then runs of 3, 4 and 5 cards)
======= ==================================================================================

OpenSpiel's card id is ``suit * 13 + rank`` with suits in the order spades, clubs, diamonds,
hearts and ranks Ace = 0 to King = 12 (rummykit orders suits S H D C, so the ids differ).
A set of three is ``rank * 5 + s`` where ``s`` is the suit it leaves out, a set of four
``rank * 5 + 4``; a run is ``65 + suit * 11 + low`` (3 cards), ``109 + suit * 10 + low`` (4)
or ``149 + suit * 9 + low`` (5), ``low`` the rank of its lowest card.

>>> import rummykit
>>> from rummykit import Card, Meld
>>> card_id(Card.parse("AS")), card_id(Card.parse("KH")), card_of(13)
(0, 51, Card('AC'))
>>> meld_id(Meld.parse("set 2: 2S 2H 2D")), meld_id(Meld.parse("run 3C-7C: 3C 4C 5C 6C 7C"))
(6, 160)
>>> state = rummykit.variant("gin-rummy").new_game(players=2, seed=7)
>>> legal_actions(state), decode(52, state), encode(rummykit.Draw())
([52, 54], TakeDiscard(), 53)

OpenSpiel's ``player`` ``p`` is the rummykit seat ``p`` when seat 1 deals (OpenSpiel's
player 0 acts first, as the non-dealer does). :func:`deck_order` turns OpenSpiel's chance
outcomes into the stacked deck that deals the same cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from rummykit.cards import Card, Rank, Suit
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import (
    Discard,
    Draw,
    End,
    Knock,
    LayMeld,
    LayOff,
    Move,
    Pass,
    TakeDiscard,
)
from rummykit.engine.rummy_state import Phase, RummyState
from rummykit.errors import OptionError
from rummykit.melds import Meld, MeldKind

__all__ = [
    "DRAW_STOCK",
    "DRAW_UPCARD",
    "KNOCK",
    "MELD_BASE",
    "NUM_ACTIONS",
    "NUM_MELDS",
    "PASS",
    "card_id",
    "card_of",
    "deck_order",
    "decode",
    "encode",
    "game_parameters",
    "hand_returns",
    "legal_actions",
    "meld_id",
    "meld_of",
]

DRAW_UPCARD: Final = 52
DRAW_STOCK: Final = 53
PASS: Final = 54
KNOCK: Final = 55
MELD_BASE: Final = 56
NUM_MELDS: Final = 185
NUM_ACTIONS: Final = MELD_BASE + NUM_MELDS

#: OpenSpiel's suit order: spades, clubs, diamonds, hearts.
_SUITS: Final = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(_SUITS)}
_CARD_ID: Final = tuple(_SUIT_INDEX[Suit(code // 13)] * 13 + code % 13 for code in range(52))
_CARD_OF: Final = tuple(Card.of(i % 13 + 1, _SUITS[i // 13]) for i in range(52))


def card_id(card: Card) -> int:
    """OpenSpiel's id of ``card`` (0-51)."""
    if type(card) is not Card or not 0 <= card < 52:
        raise ValueError(f"not one of the 52 cards: {card!r}")
    return _CARD_ID[card]


def card_of(action: int) -> Card:
    """The card with OpenSpiel's id ``action`` (0-51)."""
    if not 0 <= action < 52:
        raise ValueError(f"OpenSpiel card ids are 0-51, not {action!r}")
    return _CARD_OF[action]


def _meld_key(meld: Meld) -> int | None:
    cards = meld.cards
    if meld.kind is MeldKind.SET and meld.rank is not None and len(cards) in (3, 4):
        if any(c.rank is not meld.rank for c in cards) or len(set(cards)) != len(cards):
            return None
        rank = int(meld.rank) - 1
        if len(cards) == 4:
            return rank * 5 + 4
        missing = [i for i, s in enumerate(_SUITS) if s not in {c.suit for c in cards}]
        return rank * 5 + missing[0]
    if meld.kind is MeldKind.RUN and meld.suit is not None and 3 <= len(cards) <= 5:
        low = meld.start - 1
        if meld.high > 13 or meld.cards != tuple(
            Card.of(meld.start + i, meld.suit) for i in range(len(cards))
        ):
            return None
        suit = _SUIT_INDEX[meld.suit]
        offset, per_suit = {3: (65, 11), 4: (109, 10), 5: (149, 9)}[len(cards)]
        return offset + suit * per_suit + low
    return None


def _all_melds() -> tuple[Meld, ...]:
    found: list[Meld] = []
    for rank in Rank:
        cards = [Card.of(rank, s) for s in _SUITS]
        found.extend(
            Meld.set([c for i, c in enumerate(cards) if i != leave], rank=rank)
            for leave in range(4)
        )
        found.append(Meld.set(cards, rank=rank))
    for length in (3, 4, 5):
        for suit in _SUITS:
            for start in range(1, 15 - length):
                run = [Card.of(start + i, suit) for i in range(length)]
                found.append(Meld.run(run, suit=suit, start=start))
    melds = {_meld_key(meld): meld for meld in found}
    assert sorted(k for k in melds if k is not None) == list(range(NUM_MELDS))
    return tuple(melds[i] for i in range(NUM_MELDS))


_MELDS: Final = _all_melds()
_MELD_IDS: Final = {meld: i for i, meld in enumerate(_MELDS)}


def meld_id(meld: Meld) -> int:
    """OpenSpiel's meld id (0-184) of a gin meld: a set of 3 or 4, a run of 3 to 5."""
    found = _MELD_IDS.get(meld)
    if found is None:
        raise ValueError(f"{meld} has no OpenSpiel id (sets of 3-4 and runs of 3-5 only)")
    return found


def meld_of(index: int) -> Meld:
    """The meld with OpenSpiel's id ``index`` (0-184).

    >>> str(meld_of(0)), str(meld_of(184))
    ('set A: AH AD AC', 'run 9H-KH: 9H 10H JH QH KH')
    """
    if not 0 <= index < NUM_MELDS:
        raise ValueError(f"OpenSpiel meld ids are 0-{NUM_MELDS - 1}, not {index!r}")
    return _MELDS[index]


def encode(move: Move) -> int:
    """OpenSpiel's action id for a gin-rummy ``move``.

    A lay-off is the card alone: OpenSpiel lets the card go on whichever of the knocker's
    melds it fits, so lay-offs of one card on two melds share an id.
    """
    kind = type(move)
    if kind is Discard or kind is LayOff:
        return card_id(move.card)  # type: ignore[attr-defined]
    if kind is TakeDiscard:
        return DRAW_UPCARD
    if kind is Draw:
        return DRAW_STOCK
    if kind is Pass:
        return PASS
    if kind is Knock:
        return KNOCK
    if kind is LayMeld:
        return MELD_BASE + meld_id(move.meld)  # type: ignore[attr-defined]
    raise ValueError(f"{move!r} is not a gin-rummy move")


def decode(action: int, state: GameState) -> Move:
    """The gin-rummy move that OpenSpiel's ``action`` stands for in ``state``.

    Card ids are discards, except in the defender's lay-off phase, where they are lay-offs:
    a card that fits two of the knocker's melds goes on a run rather than a three-card set
    (a run can take more cards after it, a set none), which keeps every later lay-off that
    OpenSpiel's card-only encoding allows.
    """
    if not _is_gin(state):
        raise OptionError(f"the OpenSpiel codec is for gin-rummy states, not {state!r}")
    assert isinstance(state, RummyState)
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"OpenSpiel gin_rummy actions are 0-{NUM_ACTIONS - 1}, not {action!r}")
    if action < 52:
        card = card_of(action)
        if state.phase is Phase.LAYOFF:
            fits = [m for m in state.legal_moves() if isinstance(m, LayOff) and m.card == card]
            if not fits:
                raise ValueError(f"{card} cannot be laid off now")
            fits.sort(key=lambda m: (m.end is None, m.target, m.end is End.HIGH))
            return fits[0]
        return Discard(card)
    if action == DRAW_UPCARD:
        return TakeDiscard()
    if action == DRAW_STOCK:
        return Draw()
    if action == PASS:
        return Pass()
    if action == KNOCK:
        return Knock()
    return LayMeld(meld_of(action - MELD_BASE))


def legal_actions(state: GameState) -> list[int]:
    """The ids of ``state``'s legal moves, sorted, each once (OpenSpiel's
    ``legal_actions()``). Raises :class:`~rummykit.errors.OptionError` for a state of
    another game (other games are numbered by :mod:`rummykit.codec`)."""
    if not _is_gin(state):
        raise OptionError(
            f"the OpenSpiel codec is for gin-rummy states, not {state.variant.id}; "
            "rummykit.codec numbers the moves of every game"
        )
    return sorted({encode(move) for move in state.legal_moves()})


def deck_order(
    hands: Sequence[Iterable[int]], upcard: int, stock: Iterable[int] = ()
) -> list[Card]:
    """The deck (top first) that makes ``new_game(deck=..., dealer=1)`` deal OpenSpiel's
    chance outcomes: ``hands[p]`` (OpenSpiel card ids) to player ``p``, the ``upcard``,
    then ``stock`` drawn in that order; the cards not named follow in id order.

    >>> order = deck_order([range(10), range(10, 20)], 20, [21, 22])
    >>> [str(c) for c in order[:4]], str(order[20]), str(order[21])
    (['AS', 'JS', '2S', 'QS'], '8C', '9C')
    """
    p0, p1 = (list(h) for h in hands)
    if len(p0) != 10 or len(p1) != 10:
        raise ValueError("each OpenSpiel hand has 10 cards")
    top = [c for pair in zip(p0, p1, strict=True) for c in pair]
    top.append(upcard)
    top.extend(stock)
    if len(set(top)) != len(top):
        raise ValueError("a card is dealt twice")
    rest = [i for i in range(52) if i not in set(top)]
    return [card_of(i) for i in (*top, *rest)]


def game_parameters(variant: Variant) -> dict[str, Any]:
    """OpenSpiel ``gin_rummy`` parameters for a ``gin-rummy`` variant's options. Raises
    :class:`~rummykit.errors.OptionError` for options OpenSpiel does not have.

    >>> import rummykit
    >>> game_parameters(rummykit.variant("gin-rummy", knock_card=7))
    {'knock_card': 7, 'gin_bonus': 25, 'undercut_bonus': 25, 'oklahoma': False}
    """
    if variant.id != "gin-rummy":
        raise OptionError(f"OpenSpiel's gin_rummy is gin-rummy, not {variant.id}")
    options = dict(variant.options)
    if options.get("big_gin") is not None or options.get("discard_taken") is False:
        raise OptionError(
            "OpenSpiel's gin_rummy has no big gin and lets the discard be thrown back"
        )
    if options.get("max_takes") != 50:
        raise OptionError("OpenSpiel voids the hand at the 50th take of the discard")
    return {key: options[key] for key in ("knock_card", "gin_bonus", "undercut_bonus", "oklahoma")}


def hand_returns(state: GameState) -> tuple[float, float]:
    """The first finished hand of ``state`` as OpenSpiel's ``returns()``: what each player
    won less what the other won."""
    if not _is_gin(state):
        raise ValueError("no finished gin-rummy hand")
    assert isinstance(state, RummyState)
    if state.last_deal is None:
        raise ValueError("no finished gin-rummy hand")
    a, b = state.last_deal.points
    return (float(a - b), float(b - a))


def _is_gin(state: object) -> bool:
    """Whether ``state`` is a position of a two-player knock game (gin-rummy, oklahoma-gin)."""
    return isinstance(state, RummyState) and state.rules.knock is not None and state.players == 2
