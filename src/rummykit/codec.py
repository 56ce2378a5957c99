"""Integer actions for every game: a fixed, state-independent numbering of moves.

Learning code and game servers number moves. :func:`codec` gives the numbering of a game:
``encode(move) -> int`` needs no state (the same move always has the same number),
``decode(action, state) -> Move`` gives the move back (the listed legal move when the
number is legal in ``state``), and ``mask(state)`` / ``legal_actions(state)`` say which
numbers are legal now. Module functions :func:`encode`, :func:`decode`, :func:`mask`,
:func:`legal_actions` and :func:`action_size` do the same from a variant or a state. A move
or a state of another game raises :class:`~rummykit.errors.ActionError`.

Numberings:

* ``gin-rummy`` and ``oklahoma-gin``: OpenSpiel's ``gin_rummy`` ids, 241 actions
  (:mod:`rummykit.adapters.openspiel`): learning code written for OpenSpiel works unchanged.
* ``crummy`` (the trick family): 69 actions, ``play`` a card (0-52), ``quartet`` of a rank
  (53-65), ``done`` 66, ``halt`` 67, ``continue`` 68.
* every other draw-and-discard game: blocks in this order (``N`` is the number of cards of
  the game's largest deck, ``T = N // 3`` the most melds a table can hold, ``W`` the cards
  that can be wild in some deal): ``draw``, ``pass``, ``claim``, ``knock``, ``peg``,
  ``forgo``, ``start``, ``decline`` (one each); ``discard`` a card (53); ``take`` 1 to
  ``N`` cards; ``lay`` a card on a meld and end (``53 * T * 3``); ``swap`` a card into a
  meld at an index (``53 * T * N``, in games with wild cards); a set (its rank, how many
  natural cards of each suit, how many of each card of ``W``); a run (its suit, first
  position, length, and for each position the natural card or which card of ``W`` stands
  there). Sets and runs are numbered by their cards, so every order of a set's cards, and
  every order of same-rank wilds in a run, has one number (the plays are the same:
  :meth:`MeldContext.canonical <rummykit.melds.MeldContext.canonical>`).

The size is exact but grows with the wild cards: 3,444 actions for ``basic-rummy``, 7,044
for ``rummy-500``, about half a million for ``contract-rummy`` and ``crib-rummy`` (jokers),
4.5e11 for ``crummy-rummy`` (deuces and jokers) and astronomically many where any card can
be wild (``crazy-rummy`` 5.7e24, ``crazy-rummy-faceup`` 2.9e37: a run may hold any wild at
any place). :func:`mask` is therefore
lazy: indexing it answers one number, ``mask(state).actions`` lists the legal numbers,
and ``len()`` works where the size fits a machine integer.

>>> import rummykit
>>> state = rummykit.variant("basic-rummy").new_game(players=2, seed=3)
>>> game = codec(state.variant)
>>> game.size, legal_actions(state)
(3444, [0, 61])
>>> [str(decode(state.variant, a, state)) for a in legal_actions(state)]
['draw', 'take']
>>> encode(state.variant, rummykit.Draw()), mask(state)[61], mask(state)[1]
(0, True, False)
"""

from __future__ import annotations

import math
import operator
import sys
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Final, Protocol, overload

import attrs

from rummykit.cards import Card, Rank, Suit
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import (
    ChooseStart,
    Claim,
    Discard,
    Draw,
    End,
    Knock,
    LayMeld,
    LayOff,
    Move,
    Pass,
    Peg,
    Swap,
    TakeDiscard,
)
from rummykit.engine.trick import TrickGameRules
from rummykit.engine.trick_moves import CallHalt, EndQuartets, LayQuartet, PlayCard, PlayOn
from rummykit.errors import ActionError, shown
from rummykit.melds import Meld, MeldKind, position_rank
from rummykit.wilds import DealInfo, NoWilds

__all__ = [
    "ActionMask",
    "Codec",
    "action_number",
    "action_size",
    "codec",
    "decode",
    "encode",
    "legal_actions",
    "mask",
]

#: Card codes: 52 cards and the joker.
_CODES: Final = 53
_SUITS: Final = tuple(Suit)
_RANKS: Final = tuple(Rank)
#: Positions 1-14 of a run (the Ace low at 1, high at 14).
_POSITIONS: Final = 14


class Codec(Protocol):
    """A game's numbering of moves (see the module)."""

    @property
    def variant_id(self) -> str:
        """The game it numbers."""
        ...

    @property
    def size(self) -> int:
        """How many action numbers there are (0 to ``size - 1``)."""
        ...

    def encode(self, move: Move) -> int:
        """The number of ``move``; raises :class:`~rummykit.errors.ActionError` for a move
        this game cannot have."""
        ...

    def decode(self, action: int, state: GameState) -> Move:
        """The move numbered ``action`` in ``state``: the legal move with that number if
        there is one, else the move the number describes (which ``state.apply`` then
        refuses). Raises :class:`~rummykit.errors.ActionError` for a number out of range."""
        ...

    def legal_actions(self, state: GameState) -> list[int]:
        """The numbers of ``state``'s legal moves, ascending."""
        ...


class ActionMask(Sequence[bool]):
    """Which action numbers are legal in a state: ``mask[a]`` is ``True`` for a legal
    ``a``. Lazy: nothing of the size of the action space is built. ``actions`` lists the
    legal numbers; ``len()`` is the size of the action space (where it fits a machine
    integer; :attr:`size` always)."""

    __slots__ = ("_legal", "actions", "size")

    def __init__(self, size: int, actions: Sequence[int]) -> None:
        self.size = size
        self.actions: tuple[int, ...] = tuple(actions)
        self._legal = frozenset(self.actions)

    def __len__(self) -> int:
        if self.size > sys.maxsize:
            raise OverflowError(
                f"this game has {self.size} action numbers, too many for len(); use "
                "mask.size, or mask.actions for the legal ones"
            )
        return self.size

    @overload
    def __getitem__(self, index: int) -> bool: ...
    @overload
    def __getitem__(self, index: slice) -> list[bool]: ...
    def __getitem__(self, index: int | slice) -> bool | list[bool]:
        if isinstance(index, slice):
            start, stop, step = index.indices(min(self.size, sys.maxsize))
            return [i in self._legal for i in range(start, stop, step)]
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"an action number is an int, not {shown(index)}")
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(f"action {shown(index)} is outside 0-{self.size - 1}")
        return index in self._legal

    def __iter__(self) -> Iterator[bool]:
        return (i in self._legal for i in range(min(self.size, sys.maxsize)))

    def __contains__(self, value: object) -> bool:
        return (
            bool(self.actions)
            if value is True
            else value is False and self.size > len(self.actions)
        )

    def __repr__(self) -> str:
        return f"<ActionMask: {len(self.actions)} legal of {self.size}>"


def _listed(game: Codec, action: object, state: GameState) -> tuple[int, Move | None]:
    """``action`` checked (a number of ``game``, ``state`` a state of its game), and the
    legal move of ``state`` it numbers, if any."""
    _check_state(game, state)
    number = _check_action(game, action)
    for move in state.legal_moves():
        if game.encode(move) == number:
            return number, move
    return number, None


def _check_state(game: Codec, state: GameState) -> None:
    if not isinstance(state, GameState):
        raise ActionError(f"not a game state: {state!r}")
    if state.variant.id != game.variant_id:
        raise ActionError(
            f"a state of {state.variant.id} given to the numbering of {game.variant_id}"
        )


def action_number(action: object) -> int:
    """``action`` as an ``int``: any whole number type (a NumPy integer, as learning code
    gives), never a ``bool``, a ``float`` or a text, which
    :class:`~rummykit.errors.ActionError` refuses rather than truncate or read.

    >>> action_number(7)
    7
    >>> action_number(1.5)
    Traceback (most recent call last):
    ...
    rummykit.errors.ActionError: an action number is an int (or a NumPy integer), not 1.5
    """
    if not isinstance(action, bool):
        try:
            return operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise ActionError(f"an action number is an int (or a NumPy integer), not {shown(action)}")


def _check_action(game: Codec, action: object) -> int:
    action = action_number(action)
    if not 0 <= action < game.size:
        raise ActionError(
            f"action {shown(action)} is outside 0-{game.size - 1} for {game.variant_id}"
        )
    return action


# -- the trick family ---------------------------------------------------------------------


@attrs.frozen
class TrickCodec:
    """Crummy's numbering: ``play`` 0-52, ``quartet`` 53-65, ``done``, ``halt``,
    ``continue``."""

    variant_id: str
    size: int = _CODES + 13 + 3

    def encode(self, move: Move) -> int:
        if isinstance(move, PlayCard) and type(move.card) is Card:
            return int(move.card)
        if isinstance(move, LayQuartet) and isinstance(move.rank, Rank):
            return _CODES + _RANKS.index(move.rank)
        for offset, kind in enumerate((EndQuartets, CallHalt, PlayOn)):
            if type(move) is kind:
                return _CODES + 13 + offset
        raise ActionError(f"{self.variant_id} has no move like {move!r}")

    def decode(self, action: int, state: GameState) -> Move:
        action, listed = _listed(self, action, state)
        if listed is not None:
            return listed
        if action < _CODES:
            return PlayCard(Card(action))
        if action < _CODES + 13:
            return LayQuartet(_RANKS[action - _CODES])
        return (EndQuartets(), CallHalt(), PlayOn())[action - _CODES - 13]

    def legal_actions(self, state: GameState) -> list[int]:
        _check_state(self, state)
        return sorted({self.encode(m) for m in state.legal_moves()})


# -- gin: OpenSpiel's numbers --------------------------------------------------------------


@attrs.frozen
class GinCodec:
    """OpenSpiel's ``gin_rummy`` ids (:mod:`rummykit.adapters.openspiel`)."""

    variant_id: str
    size: int = 241

    def encode(self, move: Move) -> int:
        from rummykit.adapters import openspiel_ids as openspiel

        try:
            return openspiel.encode(move)
        except (ValueError, TypeError, AttributeError, KeyError) as error:
            raise ActionError(f"{self.variant_id} has no move like {move!r}: {error}") from None

    def decode(self, action: int, state: GameState) -> Move:
        from rummykit.adapters import openspiel_ids as openspiel

        _check_state(self, state)
        action = _check_action(self, action)
        try:
            return openspiel.decode(action, state)
        except (ValueError, TypeError) as error:
            raise ActionError(f"action {action} is no move now: {error}") from None

    def legal_actions(self, state: GameState) -> list[int]:
        from rummykit.adapters import openspiel_ids as openspiel

        _check_state(self, state)
        return sorted(openspiel.legal_actions(state))


# -- the draw-and-discard family ------------------------------------------------------------

_SIMPLE: Final[tuple[Move, ...]] = (
    Draw(),
    Pass(),
    Claim(),
    Knock(),
    Peg(True),
    Peg(False),
    ChooseStart(True),
    ChooseStart(False),
)
_SIMPLE_TYPES: Final = frozenset(type(m) for m in _SIMPLE)
_ENDS: Final[tuple[End | None, ...]] = (None, End.LOW, End.HIGH)


@attrs.frozen
class RummyCodec:
    """The numbering of a draw-and-discard game (see the module for its blocks)."""

    variant_id: str
    #: Cards in the game's largest deck.
    cards: int
    #: The most copies of one natural card in that deck.
    copies: int
    #: The cards that can be wild in some deal, in card order.
    wilds: tuple[Card, ...]
    #: The copies of each of :attr:`wilds` in the deck.
    wild_copies: tuple[int, ...]
    _offsets: dict[str, int] = attrs.field(init=False, repr=False, eq=False)
    _runs: dict[tuple[int, int, int], int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        tables = self.cards // 3
        sizes = {
            "simple": len(_SIMPLE),
            "discard": _CODES,
            "take": self.cards,
            "lay": _CODES * tables * 3,
            "swap": _CODES * tables * self.cards if self.wilds else 0,
            "set": 13 * (self.copies + 1) ** 4 * math.prod(n + 1 for n in self.wild_copies),
        }
        offsets: dict[str, int] = {}
        total = 0
        for name, size in sizes.items():
            offsets[name] = total
            total += size
        runs: dict[tuple[int, int, int], int] = {}
        alphabet = 1 + len(self.wilds)
        for suit in range(4):
            for start in range(1, _POSITIONS + 1):
                for length in range(1, _POSITIONS - start + 2):
                    runs[suit, start, length] = total
                    total += alphabet**length
        offsets["end"] = total
        object.__setattr__(self, "_offsets", offsets)
        object.__setattr__(self, "_runs", runs)

    @property
    def size(self) -> int:
        return self._offsets["end"]

    @property
    def tables(self) -> int:
        return self.cards // 3

    # encoding

    def encode(self, move: Move) -> int:
        try:
            return self._encode(move)
        except (TypeError, ValueError, AttributeError, IndexError) as error:
            if isinstance(error, ActionError):
                raise
            raise ActionError(f"{self.variant_id} has no move like {move!r}: {error}") from None

    def _encode(self, move: Move) -> int:
        o = self._offsets
        if type(move) in _SIMPLE_TYPES and move in _SIMPLE:
            return o["simple"] + _SIMPLE.index(move)
        if isinstance(move, Discard):
            return o["discard"] + _code(move.card)
        if isinstance(move, TakeDiscard):
            count = _index(move.count, 1, self.cards, "cards taken")
            return o["take"] + count - 1
        if isinstance(move, LayOff):
            target = _index(move.target, 0, self.tables - 1, "meld number")
            end = _ENDS.index(move.end)
            return o["lay"] + (_code(move.card) * self.tables + target) * 3 + end
        if isinstance(move, Swap):
            target = _index(move.target, 0, self.tables - 1, "meld number")
            index = _index(move.index, 0, self.cards - 1, "card index")
            return o["swap"] + (_code(move.card) * self.tables + target) * self.cards + index
        if isinstance(move, LayMeld) and isinstance(move.meld, Meld):
            return self._encode_meld(move.meld)
        raise ActionError(f"{self.variant_id} has no move like {move!r}")

    def _encode_meld(self, meld: Meld) -> int:
        base = self.copies + 1
        if meld.kind is MeldKind.SET:
            rank = meld.rank
            assert rank is not None
            number = _RANKS.index(rank)
            naturals = [0, 0, 0, 0]
            wild = [0] * len(self.wilds)
            for card in meld.cards:
                if card.rank is rank:
                    naturals[_SUITS.index(card.suit)] += 1
                else:
                    wild[self._wild_index(card)] += 1
            radices = (base,) * 4 + tuple(n + 1 for n in self.wild_copies)
            for count, radix in zip((*naturals, *wild), radices, strict=True):
                if count >= radix:
                    raise ActionError(f"{meld} holds more copies than the deck has")
                number = number * radix + count
            return self._offsets["set"] + number
        if meld.kind is MeldKind.RUN:
            suit = meld.suit
            assert suit is not None
            key = (_SUITS.index(suit), meld.start, len(meld.cards))
            if key not in self._runs:
                raise ActionError(f"{meld} does not fit positions 1-14")
            number = 0
            for position, card in zip(_positions(meld), _canonical_run(meld), strict=True):
                natural = Card.of(position_rank(position), suit)
                digit = 0 if card == natural else 1 + self._wild_index(card)
                number = number * (1 + len(self.wilds)) + digit
            return self._runs[key] + number
        raise ActionError(f"{self.variant_id} has no {meld.kind.value}s")

    def _wild_index(self, card: Card) -> int:
        if card not in self.wilds:
            raise ActionError(f"{card} is never wild in {self.variant_id}")
        return self.wilds.index(card)

    # decoding

    def decode(self, action: int, state: GameState) -> Move:
        action, listed = _listed(self, action, state)
        if listed is not None:
            return listed
        try:
            return self._decode(action)
        except (ValueError, TypeError) as error:
            raise ActionError(
                f"action {action} is no move of {self.variant_id}: {error}"
            ) from None

    def _decode(self, action: int) -> Move:
        o = self._offsets
        if action < o["discard"]:
            return _SIMPLE[action]
        if action < o["take"]:
            return Discard(Card(action - o["discard"]))
        if action < o["lay"]:
            return TakeDiscard(action - o["take"] + 1)
        if action < o["swap"]:
            rest, end = divmod(action - o["lay"], 3)
            code, target = divmod(rest, self.tables)
            return LayOff(Card(code), target, _ENDS[end])
        if action < o["set"]:
            rest, index = divmod(action - o["swap"], self.cards)
            code, target = divmod(rest, self.tables)
            return Swap(Card(code), target, index)
        base = self.copies + 1
        if action < min(self._runs.values()):
            number = action - o["set"]
            counts = []
            for radix in reversed((base,) * 4 + tuple(n + 1 for n in self.wild_copies)):
                number, count = divmod(number, radix)
                counts.append(count)
            counts.reverse()
            rank = _RANKS[number]
            naturals = zip(_SUITS, counts[:4], strict=True)
            cards = [Card.of(rank, suit) for suit, n in naturals for _ in range(n)]
            cards += [w for w, n in zip(self.wilds, counts[4:], strict=True) for _ in range(n)]
            return LayMeld(Meld.set(cards, rank=rank))
        key = max((k for k, v in self._runs.items() if v <= action), key=self._runs.__getitem__)
        suit_index, start, length = key
        number = action - self._runs[key]
        digits = []
        for _ in range(length):
            number, digit = divmod(number, 1 + len(self.wilds))
            digits.append(digit)
        digits.reverse()
        suit = _SUITS[suit_index]
        cards = [
            Card.of(position_rank(start + i), suit) if d == 0 else self.wilds[d - 1]
            for i, d in enumerate(digits)
        ]
        return LayMeld(Meld.run(cards, suit=suit, start=start))

    def legal_actions(self, state: GameState) -> list[int]:
        _check_state(self, state)
        return sorted({self.encode(m) for m in state.legal_moves()})


def _code(card: object) -> int:
    if type(card) is not Card:
        raise ActionError(f"not a card: {card!r}")
    return int(card)


def _index(value: object, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ActionError(f"the {what} must be a whole number from {low} to {high}: {value!r}")
    return value


def _positions(meld: Meld) -> range:
    return range(meld.start, meld.start + len(meld.cards))


def _canonical_run(meld: Meld) -> list[Card]:
    """The run's cards with the cards standing for others (wilds) of one rank in card
    order over their places (the listed form; state-independent: a card that is not the
    natural card of its place stands for another)."""
    assert meld.suit is not None
    cards = list(meld.cards)
    places: dict[Rank | None, list[int]] = {}
    for i, (position, card) in enumerate(zip(_positions(meld), cards, strict=True)):
        if card != Card.of(position_rank(position), meld.suit):
            places.setdefault(card.rank, []).append(i)
    for group in places.values():
        for i, card in zip(group, sorted(cards[i] for i in group), strict=True):
            cards[i] = card
    return cards


# -- choosing a codec ---------------------------------------------------------------------

#: Games numbered with OpenSpiel's gin ids.
GIN_GAMES: Final = frozenset({"gin-rummy", "oklahoma-gin"})


@lru_cache(maxsize=64)  # bounded: a server may build variants without end
def _codec_of(variant: Variant) -> Codec:
    rules = variant.rules
    if variant.id in GIN_GAMES:
        return GinCodec(variant.id)
    if isinstance(rules, TrickGameRules):
        return TrickCodec(variant.id)
    deck = rules.deck(variant.max_players)
    cards = deck.cards()
    copies = max(cards.count(c) for c in set(cards) if c.rank is not None)
    wilds = _possible_wilds(rules)
    return RummyCodec(variant.id, len(cards), copies, wilds, tuple(cards.count(w) for w in wilds))


def _possible_wilds(rules: object) -> tuple[Card, ...]:
    """Every card that is wild in some deal (deals 1-20, with every indicator card)."""
    policy = getattr(rules, "wilds", None)
    if policy is None or isinstance(getattr(policy, "selector", None), NoWilds):
        return ()
    found: set[Card] = set()
    indicators: list[Card | None] = [None, *(Card(code) for code in range(_CODES))]
    for number in range(1, 21):
        for indicator in indicators:
            found |= policy.for_deal(DealInfo(number, indicator)).cards
    return tuple(sorted(found))


def codec(variant: Variant | str) -> Codec:
    """The numbering of ``variant``'s moves (a variant or a registered id)."""
    if isinstance(variant, str):
        from rummykit.engine.registry import variant as by_id

        variant = by_id(variant)
    if not isinstance(variant, Variant):
        raise ActionError(f"not a variant: {variant!r}")
    return _codec_of(variant)


def action_size(variant: Variant | str) -> int:
    """How many action numbers ``variant`` has."""
    return codec(variant).size


def encode(variant: Variant | str, move: Move) -> int:
    """The number of ``move`` in ``variant``'s numbering (no state needed)."""
    return codec(variant).encode(move)


def decode(variant: Variant | str, action: int, state: GameState) -> Move:
    """The move numbered ``action`` in ``state`` (a state of ``variant``)."""
    return codec(variant).decode(action, state)


def legal_actions(state: GameState) -> list[int]:
    """The numbers of ``state``'s legal moves, ascending."""
    if not isinstance(state, GameState):
        raise ActionError(f"not a game state: {state!r}")
    return codec(state.variant).legal_actions(state)


def mask(state: GameState) -> ActionMask:
    """Which numbers are legal in ``state`` (lazy; see :class:`ActionMask`)."""
    if not isinstance(state, GameState):
        raise ActionError(f"not a game state: {state!r}")
    game = codec(state.variant)
    return ActionMask(game.size, game.legal_actions(state))
