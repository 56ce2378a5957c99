"""Trick rules: what may be played to a trick, when it is complete, and who wins it.

A trick is the sequence of cards played to it so far, in play order. A :class:`TrickRules`
piece judges it from the cards alone; who played each card is the engine's business, so
the same piece serves any trick-taking game whatever its turn order.

:class:`OneOfEachSuit` is David Parlett's Crummy trick (section 3.1 of the rules reference):
exactly one card of each suit, a player who holds a suit not yet in the trick must play one,
and the trick goes to the highest card or, when ranks repeat, to the last-played duplicate
(R2, R3).

>>> from rummykit import parse_cards
>>> crummy = OneOfEachSuit()
>>> trick = parse_cards("8S JH 8D QC")
>>> crummy.is_complete(trick), str(trick[crummy.winner(trick)])
(True, '8D')
>>> [str(c) for c in crummy.playable(parse_cards("8S JH"), parse_cards("KS 7D QH 9C"))]
['7D', '9C']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, TypeAlias

import attrs

from rummykit.cards import Card, Rank

__all__ = ["OneOfEachSuit", "TrickProblem", "TrickRules", "rank_strength"]

#: Why a card may not be played: a machine-readable rule code and a message.
TrickProblem: TypeAlias = tuple[str, str]

#: Per card code: the suit (0-3; -1 for the joker, which is never played to a trick) ...
_SUIT: Final = tuple(code // 13 if code < 52 else -1 for code in range(53))
#: ... a bit for the suit (the joker's bit counts as always taken) ...
_SUIT_BIT: Final = tuple(1 << (code // 13) if code < 52 else 16 for code in range(53))
_JOKER_BIT: Final = 16
_ALL_BITS: Final = 31
#: ... and the strength of the rank with Aces high (Ace 14, King 13, ..., Two 2).
_STRENGTH: Final = tuple(
    (14 if code % 13 == 0 else code % 13 + 1) if code < 52 else -1 for code in range(53)
)
_SUIT_NAMES: Final = ("spade", "heart", "diamond", "club")


def rank_strength(rank: Rank) -> int:
    """The strength of ``rank`` in a trick with Aces high: Ace 14, King 13, ..., Two 2.

    >>> rank_strength(Rank.ACE) > rank_strength(Rank.KING) > rank_strength(Rank.SEVEN)
    True
    """
    return 14 if rank is Rank.ACE else int(rank)


class TrickRules(Protocol):
    """How a trick is played, judged from the cards in it (in play order) and a hand.

    ``problem`` is the one check: ``playable`` lists exactly the cards it accepts, and an
    empty ``playable`` means the player passes. An engine calls ``is_complete`` after every
    card and ``winner`` once the trick is complete.
    """

    def problem(
        self, trick: Sequence[Card], hand: Sequence[Card], card: Card
    ) -> TrickProblem | None:
        """Why ``card`` from ``hand`` may not be played to ``trick``, or ``None`` if it may."""
        ...

    def playable(self, trick: Sequence[Card], hand: Sequence[Card]) -> tuple[Card, ...]:
        """The cards of ``hand`` that may be played to ``trick`` (each card once, in hand
        order); empty when the player must pass."""
        ...

    def is_complete(self, trick: Sequence[Card]) -> bool:
        """Whether ``trick`` is finished."""
        ...

    def winner(self, trick: Sequence[Card]) -> int:
        """The index in ``trick`` of the card that takes a complete trick."""
        ...


@attrs.frozen
class OneOfEachSuit:
    """Parlett's Crummy trick: one card of each suit, won by the highest card or by the
    latest duplicate.

    * Any card may be led. Each later card must be of a suit not yet in the trick; a player
      holding such a card must play one (free choice among them), and a player holding none
      passes, which is automatic, never a choice (R2).
    * The trick is complete with four cards, one of each suit, however many players remain;
      the turn keeps going round, so one player may contribute twice.
    * If all four ranks differ, the highest card wins, Aces high (A K Q J 10 9 8 7 6 5).
      Otherwise the winner is the latest-played card whose rank occurs earlier in the trick
      (R3): the seed's 8-J-8-Q goes to the second Eight, 8-J-8-J to the second Jack, J-8-J-J
      to the third Jack, and both 8-J-J-8 and J-J-8-8 to the second Eight.

    >>> from rummykit import parse_cards
    >>> tricks = OneOfEachSuit()
    >>> for text in ["8S JH 8D QC", "8S JH 8D JC", "JS 8H JD JC", "8S JH JD 8C", "JS JH 8D 8C",
    ...              "7S AH KD 10C"]:
    ...     trick = parse_cards(text)
    ...     print(text, "->", trick[tricks.winner(trick)])
    8S JH 8D QC -> 8D
    8S JH 8D JC -> JC
    JS 8H JD JC -> JC
    8S JH JD 8C -> 8C
    JS JH 8D 8C -> 8C
    7S AH KD 10C -> AH
    >>> tricks.problem(parse_cards("8S JH"), parse_cards("KS 7D"), Card.parse("KS"))
    ('trick.suit_taken', 'the trick already holds a spade; play a diamond or club')
    >>> tricks.playable(parse_cards("8S JH"), parse_cards("KS QH"))    # must pass
    ()
    """

    def problem(
        self, trick: Sequence[Card], hand: Sequence[Card], card: Card
    ) -> TrickProblem | None:
        if card not in hand:
            return ("card.not_in_hand", f"you hold no {card}")
        if card.is_joker:
            return ("trick.joker", "the Joker is only a marker and is never played")
        if len(trick) >= 4:
            return ("trick.complete", "the trick is already complete")
        taken = {_SUIT[c] for c in trick}
        if _SUIT[card] in taken:
            missing = [_SUIT_NAMES[s] for s in range(4) if s not in taken]
            names = " or ".join(
                [", ".join(missing[:-1]), missing[-1]] if len(missing) > 1 else missing
            )
            return (
                "trick.suit_taken",
                f"the trick already holds a {_SUIT_NAMES[_SUIT[card]]}; play a {names}",
            )
        return None

    def playable(self, trick: Sequence[Card], hand: Sequence[Card]) -> tuple[Card, ...]:
        taken = _JOKER_BIT
        for card in trick:
            taken |= _SUIT_BIT[card]
        if taken == _ALL_BITS:
            return ()
        found = tuple(c for c in hand if not _SUIT_BIT[c] & taken)
        if len(set(found)) < len(found):  # copies from several packs: each card once
            found = tuple(dict.fromkeys(found))
        return found

    def is_complete(self, trick: Sequence[Card]) -> bool:
        return len(trick) >= 4

    def winner(self, trick: Sequence[Card]) -> int:
        seen: set[int] = set()
        duplicate = -1
        for index, card in enumerate(trick):
            strength = _STRENGTH[card]
            if strength in seen:
                duplicate = index
            seen.add(strength)
        if duplicate >= 0:
            return duplicate
        best = 0
        for index in range(1, len(trick)):
            if _STRENGTH[trick[index]] > _STRENGTH[trick[best]]:
                best = index
        return best
