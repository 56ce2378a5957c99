"""Discard restrictions: which card a player may not discard (Crazy Rummy, R13).

A :class:`DiscardRestriction` judges one card against the hand and what the turn has
brought: the card drawn (from either pile), the card taken from the discard pile, and the
single card held before drawing.

>>> from rummykit import Card
>>> rule = DiscardRule.DISCARD_PILE_AND_SINGLE_CARD
>>> hand = (Card.parse("5H"), Card.parse("9C"))
>>> rule.problem(Card.parse("9C"), hand, drawn=Card.parse("9C"), took=Card.parse("9C"),
...              single=None)
('discard.taken_card', '9C came from the discard pile this turn and may not go back (R13)')
>>> NO_RESTRICTION.restricts
False
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final, Protocol

import attrs

from rummykit.cards import Card
from rummykit.errors import OptionError, shown

__all__ = [
    "NO_RESTRICTION",
    "DiscardRestriction",
    "DiscardRule",
    "DrawnCardNever",
    "NoRestriction",
    "TakenCardStays",
    "TurnCards",
    "discard_rule_named",
]


class DiscardRestriction(Protocol):
    """Which card may not be discarded now."""

    @property
    def restricts(self) -> bool:
        """``False`` when every card may always be discarded (the engine skips the check)."""
        ...

    def problem(
        self,
        card: Card,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> tuple[str, str] | None:
        """Why ``card`` may not be discarded from ``hand`` (a rule code and a message), or
        ``None``. ``drawn`` is the card drawn this turn from either pile, ``took`` the card
        taken from the discard pile, ``single`` the one card held before drawing, ``known``
        the cards of the hand every player knows are there (a card taken from the discard
        pile stays known until a card like it leaves the hand, where the game's visibility
        piece says so), ``played`` the cards the player has laid from the hand this turn
        (R13b: once a copy of a restricted card is played, a copy left may go)."""
        ...

    def refused(
        self,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> Collection[Card]:
        """Every card of ``hand`` that :meth:`problem` refuses, at once (the engine lists
        discards with it; :meth:`problem` says why for one card)."""
        ...


@attrs.frozen
class NoRestriction:
    """Any card may be discarded."""

    @property
    def restricts(self) -> bool:
        return False

    def problem(
        self,
        card: Card,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> tuple[str, str] | None:
        return None

    def refused(
        self,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> Collection[Card]:
        return ()


@attrs.frozen
class TurnCards:
    """The card taken from the discard pile this turn may not go back, and a player who held
    one card before drawing must discard that card (R13, each part optional)."""

    #: A card taken from the discard pile this turn stays in hand.
    taken_stays: bool = True
    #: A player who held only one card before drawing must discard it.
    single_goes: bool = True

    @property
    def restricts(self) -> bool:
        return self.taken_stays or self.single_goes

    def problem(
        self,
        card: Card,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> tuple[str, str] | None:
        if self.taken_stays and card == took and hand.count(card) == 1 and took not in played:
            return (
                "discard.taken_card",
                f"{card} came from the discard pile this turn and may not go back (R13)",
            )
        if self.single_goes and single is not None and single in hand and card != single:
            return (
                "discard.single_card",
                f"you held only {single} before drawing, so you must discard it (R13)",
            )
        return None

    def refused(
        self,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> Collection[Card]:
        out: set[Card] = set()
        if self.taken_stays and took is not None and hand.count(took) == 1 and took not in played:
            out.add(took)
        if self.single_goes and single is not None and single in hand:
            out.update(card for card in hand if card != single)
        return out


@attrs.frozen
class DrawnCardNever:
    """The card drawn this turn, from either pile, is never discarded the same turn (R13
    option ``drawn_card_never``)."""

    @property
    def restricts(self) -> bool:
        return True

    def problem(
        self,
        card: Card,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> tuple[str, str] | None:
        if card == drawn and hand.count(card) == 1 and drawn not in played:
            return (
                "discard.drawn_card",
                f"you drew {card} this turn and may not discard it (R13)",
            )
        return None

    def refused(
        self,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> Collection[Card]:
        if drawn is not None and hand.count(drawn) == 1 and drawn not in played:
            return (drawn,)
        return ()


@attrs.frozen
class TakenCardStays:
    """No card like the one taken from the discard pile this turn may be discarded, until a
    card like it has been played from the hand (``crazy-rummy-faceup``, R57). Unlike
    :class:`TurnCards` this holds even when the hand has another copy of the card: with
    several packs nobody can tell the copies apart. It needs a visibility piece that keeps
    taken cards known (:data:`~rummykit.pieces.visibility.TAKEN_KNOWN`)."""

    @property
    def restricts(self) -> bool:
        return True

    def problem(
        self,
        card: Card,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> tuple[str, str] | None:
        if took is not None and card == took and took in known:
            return (
                "discard.taken",
                f"you took {card} from the discard pile this turn and may not discard it "
                "again (R57)",
            )
        return None

    def refused(
        self,
        hand: Sequence[Card],
        *,
        drawn: Card | None,
        took: Card | None,
        single: Card | None,
        known: Sequence[Card] = (),
        played: Sequence[Card] = (),
    ) -> Collection[Card]:
        return (took,) if took is not None and took in known else ()


#: The discard piece of games without a restriction.
NO_RESTRICTION: Final = NoRestriction()


class DiscardRule:
    """The discard pieces of the built-in games, by their version 0.1 enum names."""

    #: No restriction.
    NONE: Final = NO_RESTRICTION
    #: A player who held one card before drawing must discard it (keeping the drawn card).
    SINGLE_CARD_ONLY: Final = TurnCards(taken_stays=False)
    #: As ``SINGLE_CARD_ONLY``, and a card taken from the discard pile stays this turn.
    DISCARD_PILE_AND_SINGLE_CARD: Final = TurnCards()
    #: The card drawn this turn (from either pile) is never discarded the same turn.
    DRAWN_CARD_NEVER: Final = DrawnCardNever()


_NAMED: Final[dict[str, DiscardRestriction]] = {
    "none": DiscardRule.NONE,
    "single_card_only": DiscardRule.SINGLE_CARD_ONLY,
    "discard_pile_and_single_card": DiscardRule.DISCARD_PILE_AND_SINGLE_CARD,
    "drawn_card_never": DiscardRule.DRAWN_CARD_NEVER,
}


def discard_rule_named(name: str) -> DiscardRestriction:
    """The stock discard piece called ``name`` (``"none"``, ``"single_card_only"``,
    ``"discard_pile_and_single_card"``, ``"drawn_card_never"``), for option values."""
    try:
        return _NAMED[name]
    except (KeyError, TypeError):
        raise OptionError(
            f"no discard restriction {shown(name)}; choose one of {', '.join(_NAMED)} (R13)"
        ) from None
