"""Melds: value objects for sets, runs and quartets, and the validators that judge them.

A :class:`Meld` records its physical cards and an *anchor*: the rank of a set, or the suit and
start position of a run. The anchor fixes what every card stands for, so a wild in a run has
a fixed position and a wild in a set stands for a missing card of the set's rank (R25):

>>> from rummykit import Card, parse_cards
>>> from rummykit.melds import Meld, MeldContext, MeldRules
>>> from rummykit.wilds import DealInfo, WildRules
>>> ninth = MeldContext(wilds=WildRules.rising_rank().for_deal(DealInfo(9)))
>>> run = ninth.interpret(parse_cards("5H 6H 9C"))      # seed 001: the 9 stands for the 7
>>> run, [str(c) for c in run.represents]
(Meld.parse('run 5H-7H: 5H 6H 9C'), ['5H', '6H', '7H'])
>>> ninth.interpret(parse_cards("9C 5H 6H")).represents[0]   # laid as 9-5-6: the 9 is the 4
Card('4H')

Positions run from 1 (Ace low) to 13 (King) and 14 (Ace above the King); the meld rules say
which positions a run may use (:class:`AceRule`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

import attrs

from rummykit.cards import JOKER, Card, DeckSpec, Rank, Suit, parse_cards
from rummykit.errors import AmbiguousMeldError, InvalidMeldError, OptionError, shown
from rummykit.wilds import DealWilds

__all__ = [
    "AceRule",
    "Declaration",
    "Meld",
    "MeldContext",
    "MeldKind",
    "MeldRules",
    "SetSuits",
    "Violation",
    "position_rank",
]

#: Highest run position: the Ace above the King.
ACE_HIGH: Final = 14


class MeldKind(enum.Enum):
    """The kinds of meld."""

    SET = "set"
    RUN = "run"
    QUARTET = "quartet"


class AceRule(enum.Enum):
    """Where an Ace may stand in a run. A run never wraps (K-A-2 is never a run)."""

    #: A-2-3 only (Crazy Rummy, Crib Rummy).
    LOW = "low"
    #: Q-K-A only (Crummy Rummy).
    HIGH = "high"
    #: Either end, never both in one run (R49, Crib Rummy option; contract-rummy default).
    EITHER = "either"

    @property
    def positions(self) -> tuple[int, int]:
        """The lowest and highest position a run may use."""
        return _ACE_POSITIONS[self]


_ACE_POSITIONS: Final = {AceRule.LOW: (1, 13), AceRule.HIGH: (2, 14), AceRule.EITHER: (1, 14)}


class SetSuits(enum.Enum):
    """Whether a set may hold two cards of one suit (possible only with several packs)."""

    #: Duplicates allowed up to the copies the packs hold (Crummy Rummy, Crib Rummy, R22).
    ANY = "any"
    #: Every card of a set has a different suit, however many packs are in play.
    DISTINCT = "distinct"


def position_rank(position: int) -> Rank:
    """The rank at a run position: 1 and 14 are the Ace.

    >>> position_rank(14), position_rank(11)
    (<Rank.ACE: 1>, <Rank.JACK: 11>)
    """
    return _POSITION_RANK[position]


_POSITION_RANK: Final[tuple[Rank, ...]] = (Rank.ACE, *Rank, Rank.ACE)  # index 0 unused
#: ``_RUN_CARD[suit][position]``: the card a run of ``suit`` holds at ``position``.
_RUN_CARD: Final = tuple(
    tuple(Card.of(_POSITION_RANK[p], suit) for p in range(ACE_HIGH + 1)) for suit in Suit
)


def _rank_positions(rank: Rank) -> tuple[int, ...]:
    return (1, ACE_HIGH) if rank is Rank.ACE else (int(rank),)


@attrs.frozen
class Violation:
    """Why a meld is not valid: a machine-readable ``rule`` and a message for people."""

    rule: str
    message: str

    def error(self) -> InvalidMeldError:
        """This violation as an exception."""
        return InvalidMeldError(self.message, rule=self.rule)


def _check_rules(instance: MeldRules, attribute: object, value: object) -> None:
    if instance.run_min < 1 or instance.set_min < 1:
        raise OptionError("minimum meld lengths must be at least 1")
    if instance.run_max < instance.run_min:
        raise OptionError(f"run_max {instance.run_max} is below run_min {instance.run_min}")
    if instance.run_max > 13:
        raise OptionError(f"run_max {instance.run_max} is above 13 (Ace to King; R49)")
    if instance.set_max is not None and instance.set_max < instance.set_min:
        raise OptionError(f"set_max {instance.set_max} is below set_min {instance.set_min}")


@attrs.frozen
class MeldRules:
    """What counts as a meld in a variant. Every field is keyword-only and documented.

    >>> rules = MeldRules()          # Crazy Rummy's defaults: sets 3-4, runs 3+, Ace low
    >>> rules.set_min, rules.set_max, rules.run_min, rules.aces
    (3, 4, 3, <AceRule.LOW: 'low'>)
    >>> MeldRules(run_min=4, set_max=None, aces=AceRule.HIGH).run_min   # Crummy Rummy
    4
    """

    #: Sets (cards of one rank) are melds.
    sets: bool = attrs.field(default=True, kw_only=True)
    #: Runs (consecutive cards of one suit) are melds.
    runs: bool = attrs.field(default=True, kw_only=True)
    #: Quartets (exactly four natural cards of one rank; Crummy) are melds.
    quartets: bool = attrs.field(default=False, kw_only=True)
    #: Fewest cards in a set.
    set_min: int = attrs.field(default=3, kw_only=True)
    #: Most cards in a set, or ``None`` for no fixed maximum (the copy limit still holds).
    set_max: int | None = attrs.field(default=4, kw_only=True)
    #: Whether a set may repeat a suit (several packs).
    set_suits: SetSuits = attrs.field(default=SetSuits.ANY, kw_only=True)
    #: A set never holds more cards, wilds included, than the packs hold of its rank (R61).
    set_copy_limit: bool = attrs.field(default=True, kw_only=True)
    #: Fewest cards in a run.
    run_min: int = attrs.field(default=3, kw_only=True)
    #: Most cards in a run (13 = Ace to King).
    run_max: int = attrs.field(default=13, kw_only=True, validator=_check_rules)
    #: Where Aces may stand in runs.
    aces: AceRule = attrs.field(default=AceRule.LOW, kw_only=True)
    _kinds: tuple[MeldKind, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        allowed = (
            (MeldKind.SET, self.sets),
            (MeldKind.RUN, self.runs),
            (MeldKind.QUARTET, self.quartets),
        )
        object.__setattr__(self, "_kinds", tuple(kind for kind, on in allowed if on))

    def kinds(self) -> tuple[MeldKind, ...]:
        """The meld kinds these rules allow."""
        return self._kinds


_MELD_KINDS: Final = frozenset({"set", "run", "quartet"})


def _cards_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, tuple):
        return cards
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise OptionError(
            "a meld's cards are a sequence of Card (e.g. parse_cards('QS QH QD')), not "
            f"{shown(cards)}"
        )
    return tuple(cards)


def _check_fields(meld: Meld) -> None:
    """Raise :class:`~rummykit.errors.OptionError` naming the first field of ``meld`` of the
    wrong type (a hand-built meld: the rule check and the meld's own text rely on them)."""
    if not isinstance(meld.kind, MeldKind):
        raise OptionError(
            f"a meld's kind is a MeldKind (e.g. MeldKind.RUN), not {shown(meld.kind)}"
        )
    for card in meld.cards:
        if not isinstance(card, Card):
            raise OptionError(
                "a meld holds Card values (Card('QS'), parse_cards('QS QH QD')), not "
                f"{shown(card)}"
            )
    if meld.rank is not None and not isinstance(meld.rank, Rank):
        raise OptionError(
            f"a meld's rank is a Rank (e.g. Rank.QUEEN) or None, not {shown(meld.rank)}"
        )
    if meld.suit is not None and not isinstance(meld.suit, Suit):
        raise OptionError(
            f"a meld's suit is a Suit (e.g. Suit.HEARTS) or None, not {shown(meld.suit)}"
        )
    if not isinstance(meld.start, int) or isinstance(meld.start, bool):
        raise OptionError(f"a run's start is a whole number (1-14), not {shown(meld.start)}")


@attrs.frozen(cache_hash=True)
class Meld:
    """A meld: its kind, its physical cards and its anchor.

    For a run, ``cards`` are in position order from ``start`` upwards and ``suit`` is the
    run's suit; for a set or quartet, ``rank`` is the rank. What each card stands for is
    :attr:`represents`. A ``Meld`` is a plain value: it is checked against a variant's rules
    by :class:`MeldContext`, not on construction.

    >>> m = Meld.run(parse_cards("JK 5H 6H"), suit=Suit.HEARTS, start=4)
    >>> str(m), m.represents[0], m.low, m.high
    ('run 4H-6H: JK 5H 6H', Card('4H'), 4, 6)
    >>> s = Meld.parse("set Q: QS QH 9C")
    >>> s.represents
    (Card('QS'), Card('QH'), <Rank.QUEEN: 12>)
    """

    kind: MeldKind
    cards: tuple[Card, ...] = attrs.field(converter=_cards_tuple)
    rank: Rank | None = None
    suit: Suit | None = None
    start: int = 0
    # What each card stands for, computed on first use (derived, not part of the value).
    _represents: tuple[Card | Rank, ...] | None = attrs.field(
        init=False, default=None, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        _check_fields(self)
        if not self.cards:
            raise OptionError("a meld needs at least one card")
        if self.kind is MeldKind.RUN:
            if self.suit is None or not 1 <= self.start <= ACE_HIGH - len(self.cards) + 1:
                raise OptionError(
                    f"a run needs a suit and positions within 1-14: suit {shown(self.suit)}, "
                    f"start {shown(self.start)}, {len(self.cards)} card(s)"
                )
            if self.rank is not None:
                raise OptionError("a run has no rank; give suit and start")
        elif self.rank is None or self.suit is not None:
            raise OptionError(f"a {self.kind.value} needs a rank and no suit")
        else:
            # A set has no order: keep its cards canonical (naturals, then wilds, by code)
            # so that equal sets compare and hash equal.
            rank = self.rank
            ordered = tuple(sorted(self.cards, key=lambda c: (c.rank is not rank, int(c))))
            object.__setattr__(self, "cards", ordered)

    @classmethod
    def set(cls, cards: Iterable[Card], *, rank: Rank) -> Meld:
        """A set of ``rank``; wild cards in it stand for missing cards of that rank."""
        return cls(MeldKind.SET, tuple(cards), rank=rank)

    @classmethod
    def run(cls, cards: Iterable[Card], *, suit: Suit, start: int) -> Meld:
        """A run of ``suit`` whose first card stands at position ``start`` (1-14)."""
        return cls(MeldKind.RUN, tuple(cards), suit=suit, start=start)

    @classmethod
    def quartet(cls, cards: Iterable[Card], *, rank: Rank) -> Meld:
        """A quartet (four natural cards of one rank, Crummy)."""
        return cls(MeldKind.QUARTET, tuple(cards), rank=rank)

    @property
    def high(self) -> int:
        """Position of the last card of a run (for a set, its rank)."""
        if self.kind is MeldKind.RUN:
            return self.start + len(self.cards) - 1
        assert self.rank is not None
        return int(self.rank)

    @property
    def low(self) -> int:
        """Position of the first card of a run (for a set, its rank)."""
        if self.kind is MeldKind.RUN:
            return self.start
        assert self.rank is not None
        return int(self.rank)

    @property
    def represents(self) -> tuple[Card | Rank, ...]:
        """For each card, the card it stands for. A wild in a set stands for a card of the set's
        rank with its suit left open, shown as the :class:`~rummykit.cards.Rank`."""
        cached = self._represents
        if cached is not None:
            return cached
        found: tuple[Card | Rank, ...]
        if self.kind is MeldKind.RUN:
            assert self.suit is not None
            row = _RUN_CARD[self.suit]
            found = row[self.start : self.start + len(self.cards)]
        else:
            rank = self.rank
            assert rank is not None
            found = tuple(card if card.rank is rank else rank for card in self.cards)
        object.__setattr__(self, "_represents", found)
        return found

    def stands_for(self, index: int) -> Card | Rank:
        """What the card at ``index`` stands for."""
        return self.represents[index]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __str__(self) -> str:
        return f"{self.kind.value} {self.anchor_text()}: {' '.join(map(str, self.cards))}"

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The meld as an SVG picture (Jupyter's hook; :func:`rummykit.svg.render`)."""
        from rummykit.svg import render

        return render(self)

    def anchor_text(self) -> str:
        """The anchor as text: ``Q`` for a set of Queens, ``5H-7H`` for a run."""
        if self.kind is MeldKind.RUN:
            assert self.suit is not None
            letter = self.suit.letter
            low, high = position_rank(self.low).label, position_rank(self.high).label
            return f"{low}{letter}-{high}{letter}"
        assert self.rank is not None
        return self.rank.label

    def format(self, *, symbols: bool = True, color: bool = False) -> str:
        """The cards for display (suit symbols, optional colour)."""
        spec = "c" if color else ("s" if symbols else "")
        return " ".join(format(card, spec) for card in self.cards)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read the text form written by ``str(meld)``: ``"run 5H-7H: 5H 6H 9C"``,
        ``"set Q: QS QH 9C"``, ``"quartet K: KS KH KD KC"``.

        >>> Meld.parse("run QS-AS: QS KS AS").start
        12
        """
        # Split by hand, not by one regular expression: a lazy pattern before trailing
        # spaces backtracks quadratically on long runs of blanks (issue 11, item 2).
        if not isinstance(text, str):
            raise InvalidMeldError(
                f"not a meld: {shown(text)} (a meld's text is a str)", rule="meld.syntax"
            )
        head, colon, listed = text.partition(":")
        words = head.split(maxsplit=1)
        if not colon or len(words) != 2 or words[0].lower() not in _MELD_KINDS:
            raise InvalidMeldError(
                f"not a meld: {shown(text)} (write e.g. 'run 5H-7H: 5H 6H 9C' or "
                "'set Q: QS QH 9C')",
                rule="meld.syntax",
            )
        kind = MeldKind(words[0].lower())
        cards = parse_cards(listed)
        if not cards:
            raise InvalidMeldError(f"meld {shown(text)} lists no cards", rule="meld.syntax")
        anchor = words[1].strip()
        if kind is not MeldKind.RUN:
            return cls(kind, cards, rank=Rank.parse(anchor))
        ends = anchor.split("-")
        if len(ends) != 2:
            raise InvalidMeldError(
                f"run anchor {shown(anchor)} should be low-high, e.g. '5H-7H'", rule="meld.syntax"
            )
        low, high = Card.parse(ends[0]), Card.parse(ends[1])
        if low.suit is None or low.rank is None or high.rank is None:
            raise InvalidMeldError(f"run anchor {shown(anchor)} names a joker", rule="meld.syntax")
        start = int(low.rank)
        if high.rank is Rank.ACE and len(cards) > 1:
            start = ACE_HIGH - len(cards) + 1
        end = start + len(cards) - 1
        if (
            high.suit is not low.suit
            or not 1 <= start <= end <= ACE_HIGH
            or position_rank(start) is not low.rank
            or position_rank(end) is not high.rank
        ):
            raise InvalidMeldError(
                f"run anchor {shown(anchor)} does not fit its {len(cards)} card(s)",
                rule="meld.syntax",
            )
        return cls(MeldKind.RUN, cards, suit=low.suit, start=start)


@attrs.frozen
class Declaration:
    """What a player states when laying an ambiguous meld (R25, seed 001's J-3-3).

    Any field left ``None`` is not declared. A declaration is binding: the meld it picks keeps
    its anchor for the rest of the deal.
    """

    kind: MeldKind | None = None
    rank: Rank | None = None
    suit: Suit | None = None
    start: int | None = None

    @classmethod
    def set_of(cls, rank: Rank) -> Declaration:
        """Declare a set of ``rank``."""
        return cls(MeldKind.SET, rank=rank)

    @classmethod
    def run_of(cls, suit: Suit, start: int | None = None) -> Declaration:
        """Declare a run of ``suit`` (and, if needed, the position of its first card)."""
        return cls(MeldKind.RUN, suit=suit, start=start)

    def admits(self, meld: Meld) -> bool:
        """Whether ``meld`` is one of the melds this declaration allows."""
        return (
            (self.kind is None or meld.kind is self.kind)
            and (self.rank is None or meld.rank is self.rank)
            and (self.suit is None or meld.suit is self.suit)
            and (self.start is None or meld.start == self.start)
        )


_NO_WILDS: Final = DealWilds()


@attrs.frozen(cache_hash=True)
class MeldContext:
    """Meld rules, deck and the deal's wild cards together: everything needed to judge a meld.

    The same check answers "is it valid" (:meth:`is_valid`), explains why not
    (:meth:`violation`, :meth:`check`) and reads cards as melds (:meth:`readings`,
    :meth:`interpret`).

    >>> from rummykit import parse_cards
    >>> from rummykit.wilds import DealInfo, WildRules
    >>> third = MeldContext(wilds=WildRules.rising_rank().for_deal(DealInfo(3)))
    >>> third.interpret(parse_cards("JD 3S 3C"))             # seed 001: J-3-3 is ambiguous
    Traceback (most recent call last):
    ...
    rummykit.errors.AmbiguousMeldError: JD 3S 3C can be read as 2 melds: ...; declare which one
    >>> third.interpret(parse_cards("JD 3S 3C"), Declaration.set_of(Rank.JACK))
    Meld.parse('set J: JD 3S 3C')
    """

    rules: MeldRules = attrs.field(factory=MeldRules, kw_only=True)
    deck: DeckSpec = attrs.field(factory=DeckSpec, kw_only=True)
    wilds: DealWilds = attrs.field(default=_NO_WILDS, kw_only=True)

    # -- judging -----------------------------------------------------------------------------

    def wild_count(self, meld: Meld) -> int:
        """How many cards of ``meld`` act as wild cards for the limit."""
        mask = self.wilds.mask
        represents = meld.represents
        count = 0
        for card, stands in zip(meld.cards, represents, strict=True):
            if not mask[card]:
                continue
            in_place = stands == card if isinstance(stands, Card) else False
            if meld.kind is not MeldKind.RUN and card.rank is meld.rank:
                in_place = True
                if self.wilds.wild_rank_sets_natural:
                    continue
            if in_place and self.wilds.in_place_is_natural:
                continue
            count += 1
        return count

    def canonical(self, meld: Meld) -> Meld:
        """``meld`` as :func:`~rummykit.solver.possible_melds` and the legal move lists give
        it: in a run, the wild cards of one rank that stand for other cards take their places
        in card order. Wilds of one rank differ only by suit, so the orders are the same play
        and every one of them is legal; a wild in its own place (the 7H standing for the 7H)
        and wilds of different ranks (a joker and a 2) keep theirs. Anything else is returned
        as it is.

        >>> from rummykit.wilds import DealInfo, WildRules
        >>> seventh = MeldContext(wilds=WildRules.rising_rank().for_deal(DealInfo(7)))
        >>> str(seventh.canonical(Meld.parse("run 4H-7H: 7D 5H 7S 7H")))
        'run 4H-7H: 7S 5H 7D 7H'
        """
        if meld.kind is not MeldKind.RUN:
            return meld
        mask = self.wilds.mask
        slots: dict[Rank | None, list[int]] = {}
        for index, (card, stands) in enumerate(zip(meld.cards, meld.represents, strict=True)):
            if mask[card] and card != stands:
                slots.setdefault(card.rank, []).append(index)
        cards = list(meld.cards)
        for places in slots.values():
            for index, card in zip(places, sorted(cards[i] for i in places), strict=True):
                cards[index] = card
        if tuple(cards) == meld.cards:
            return meld
        assert meld.suit is not None
        return Meld.run(cards, suit=meld.suit, start=meld.start)

    def violation(
        self, meld: Meld, *, first_play: bool = False, wild_added: bool = False
    ) -> Violation | None:
        """Why ``meld`` breaks the rules, or ``None`` if it is valid.

        ``first_play`` and ``wild_added`` feed the wild limit (see
        :class:`~rummykit.wilds.WildLimit`).
        """
        if meld.kind not in self.rules.kinds():
            return Violation(
                f"{meld.kind.value}.not_allowed", f"this game has no {meld.kind.value}s"
            )
        structural = (
            self._run_violation(meld) if meld.kind is MeldKind.RUN else self._group_violation(meld)
        )
        if structural is not None:
            return structural
        cards = meld.cards
        if len(set(cards)) < len(cards):  # the same physical card twice: enough packs?
            for card in set(cards):
                if cards.count(card) > self.deck.copies(card):
                    return Violation(
                        "card_copies",
                        f"{meld}: {cards.count(card)} x {card}, but the deck holds "
                        f"{self.deck.copies(card)}",
                    )
        reason = self.wilds.limit.violation(
            size=len(meld.cards),
            wilds=self.wild_count(meld),
            first_play=first_play,
            wild_added=wild_added,
        )
        if reason is not None:
            return Violation(reason, f"{meld}: {_WILD_MESSAGES.get(reason, reason)}")
        return None

    def is_valid(self, meld: Meld, *, first_play: bool = False, wild_added: bool = False) -> bool:
        """Whether ``meld`` is valid."""
        return self.violation(meld, first_play=first_play, wild_added=wild_added) is None

    def check(self, meld: Meld, *, first_play: bool = False, wild_added: bool = False) -> Meld:
        """Return ``meld`` if valid, else raise :class:`~rummykit.errors.InvalidMeldError`."""
        found = self.violation(meld, first_play=first_play, wild_added=wild_added)
        if found is not None:
            raise found.error()
        return meld

    def _run_violation(self, meld: Meld) -> Violation | None:
        rules, n = self.rules, len(meld.cards)
        if n < rules.run_min:
            return Violation(
                "run.too_short", f"{meld}: a run needs at least {rules.run_min} cards"
            )
        if n > rules.run_max:
            return Violation("run.too_long", f"{meld}: a run holds at most {rules.run_max} cards")
        lowest, highest = rules.aces.positions
        if meld.low < lowest or meld.high > highest:
            return Violation(
                "run.ace_position",
                f"{meld}: runs here use positions {position_rank(lowest).label} to "
                f"{position_rank(highest).label} (Aces {rules.aces.value}; never wrapping)",
            )
        mask = self.wilds.mask
        for card, stands in zip(meld.cards, meld.represents, strict=True):
            if card != stands and not mask[card]:
                return Violation(
                    "run.not_consecutive", f"{meld}: {card} cannot stand for {stands}"
                )
            if self.deck.copies(stands) == 0:  # type: ignore[arg-type]
                return Violation("meld.not_in_deck", f"{meld}: the deck has no {stands}")
        return None

    def _group_violation(self, meld: Meld) -> Violation | None:
        rules, n, rank = self.rules, len(meld.cards), meld.rank
        assert rank is not None
        mask = self.wilds.mask
        kind = meld.kind.value
        index = rank - 1  # natural cards of this rank have codes index, index + 13, ...
        naturals = [c for c in meld.cards if c < JOKER and c % 13 == index]
        if len(naturals) != n:
            for card in meld.cards:
                if not mask[card] and card not in naturals:
                    return Violation(
                        f"{kind}.mixed_ranks", f"{meld}: {card} is not a {rank.label}"
                    )
        if meld.kind is MeldKind.QUARTET:
            if n != 4 or len(naturals) != 4 or len(set(naturals)) != 4:
                return Violation("quartet.shape", f"{meld}: a quartet is the four {rank.label}s")
            if any(self.deck.copies(card) == 0 for card in naturals):
                return Violation("meld.not_in_deck", f"{meld}: the deck has no {rank.label}s")
            return None
        if n < rules.set_min:
            return Violation(
                "set.too_short", f"{meld}: a set needs at least {rules.set_min} cards"
            )
        if rules.set_max is not None and n > rules.set_max:
            return Violation("set.too_long", f"{meld}: a set holds at most {rules.set_max} cards")
        if self.deck.copies_of_rank(rank) == 0:
            return Violation("meld.not_in_deck", f"{meld}: the deck has no {rank.label}s")
        distinct = set(naturals)
        if len(distinct) != len(naturals):
            for card in distinct:
                if naturals.count(card) > self.deck.copies(card):
                    return Violation(
                        "set.copy_limit",
                        f"{meld}: the packs hold only {self.deck.copies(card)} {card}",
                    )
        if rules.set_suits is SetSuits.DISTINCT:
            if len(distinct) != len(naturals):
                return Violation("set.duplicate_suit", f"{meld}: a suit appears twice")
            if n > len(self.deck.suits):
                return Violation(
                    "set.copy_limit", f"{meld}: there are only {len(self.deck.suits)} suits"
                )
        if rules.set_copy_limit and n > self.deck.copies_of_rank(rank):
            return Violation(
                "set.copy_limit",
                f"{meld}: the packs hold only {self.deck.copies_of_rank(rank)} "
                f"{rank.label}s, so no wild can stand for another (R61)",
            )
        return None

    def table_copies(self, card: Card, table: Iterable[Meld]) -> int:
        """How many cards on ``table`` are, or stand for, exactly ``card`` (a set wild with an
        open suit stands for no exact card)."""
        # Identity, not ==: a Rank is an int too and would equal the card with that code.
        return sum(1 for meld in table for stands in meld.represents if stands is card)

    def table_copy_violation(self, meld: Meld, table: Iterable[Meld]) -> Violation | None:
        """With ``meld`` added to ``table``, whether a wild in ``meld`` stands for an exact card
        of which the packs hold no further copy (Crib Rummy option
        ``joker_respects_copy_limit``, R40). ``table`` must not include ``meld`` itself."""
        others = tuple(table)
        mask = self.wilds.mask
        for card, stands in zip(meld.cards, meld.represents, strict=True):
            if not mask[card] or stands == card:
                continue
            if isinstance(stands, Rank):
                # A set's wild stands for a card of its rank, suit open: the packs must
                # still hold one, counting every card of the rank on the table (R40a).
                held = self.deck.copies_of_rank(stands)
                if _rank_on_table(stands, (*others, meld)) > held:
                    return Violation(
                        "wild.table_copies",
                        f"{meld}: {card} cannot stand for a {stands.label}; all {held} are "
                        "already on the table (R40a)",
                    )
                continue
            used = self.table_copies(stands, others) + self.table_copies(stands, (meld,))
            if used > self.deck.copies(stands):
                return Violation(
                    "wild.table_copies",
                    f"{meld}: {card} cannot stand for {stands}; all {self.deck.copies(stands)} "
                    "copies are already on the table (R40 option)",
                )
        return None

    # -- reading cards as melds ----------------------------------------------------------------

    def candidates(self, cards: Sequence[Card]) -> Iterator[Meld]:
        """Every meld ``cards`` (in this order) could be read as, valid or not, cheapest first.

        A natural card fixes the set's rank or the run's suit and position; a meld of wild
        cards only can be read as every set and every run (R17), so declare it.
        """
        mask = self.wilds.mask
        naturals = [c for c in cards if not mask[c]]
        kinds = self.rules.kinds()
        if MeldKind.SET in kinds or MeldKind.QUARTET in kinds:
            group_kind = MeldKind.SET if MeldKind.SET in kinds else MeldKind.QUARTET
            natural_ranks = {c.rank for c in naturals}
            if len(natural_ranks) == 1 and None not in natural_ranks:  # a joker is no rank
                (rank,) = natural_ranks
                assert rank is not None
                yield Meld(group_kind, cards, rank=rank)
            elif not natural_ranks:
                wild_ranks = {c.rank for c in cards}
                own = [r for r in wild_ranks if r is not None]
                order = own + [r for r in self.deck.ranks if r not in wild_ranks]
                for rank in order:
                    yield Meld(group_kind, cards, rank=rank)
        if MeldKind.RUN in kinds:
            yield from self._run_candidates(cards, naturals)

    def _run_candidates(self, cards: Sequence[Card], naturals: list[Card]) -> Iterator[Meld]:
        suits = {c.suit for c in naturals}
        if len(suits) > 1 or None in suits:  # a joker that is not wild has no suit
            return
        lowest, highest = self.rules.aces.positions
        n = len(cards)
        if naturals:
            (suit,) = suits
            assert suit is not None
            first = next(i for i, c in enumerate(cards) if c in naturals)
            rank = cards[first].rank
            assert rank is not None
            for position in _rank_positions(rank):
                start = position - first
                if lowest <= start and start + n - 1 <= highest:
                    yield Meld(MeldKind.RUN, cards, suit=suit, start=start)
            return
        for suit in self.deck.suits:
            for start in range(lowest, highest - n + 2):
                yield Meld(MeldKind.RUN, cards, suit=suit, start=start)

    def readings(
        self,
        cards: Sequence[Card],
        declaration: Declaration | None = None,
        *,
        first_play: bool = False,
        limit: int | None = None,
    ) -> tuple[Meld, ...]:
        """Every valid meld that ``cards``, laid in this order, can be read as, optionally
        narrowed by a declaration. ``limit`` stops after that many readings.

        >>> ctx = MeldContext()
        >>> ctx.readings(parse_cards("4S 5S 6S"))
        (Meld.parse('run 4S-6S: 4S 5S 6S'),)
        """
        found: list[Meld] = []
        for meld in self.candidates(cards):
            if declaration is not None and not declaration.admits(meld):
                continue
            if self.violation(meld, first_play=first_play) is None:
                found.append(meld)
                if limit is not None and len(found) >= limit:
                    break
        return tuple(found)

    def interpret(
        self,
        cards: Sequence[Card],
        declaration: Declaration | None = None,
        *,
        first_play: bool = False,
    ) -> Meld:
        """The one meld ``cards`` (in order) form, or an error: :class:`InvalidMeldError` with
        the reason when they form none, :class:`AmbiguousMeldError` when they form several
        and no declaration picks one (R25)."""
        cards = tuple(cards)
        found = self.readings(cards, declaration, first_play=first_play, limit=3)
        if len(found) == 1:
            return found[0]
        text = " ".join(map(str, cards))
        if found:
            shown = "; ".join(f"'{m}'" for m in found[:2])
            more = " or more" if len(found) > 2 else ""
            raise AmbiguousMeldError(
                f"{text} can be read as {len(found)}{more} melds: {shown}; declare which one",
                readings=found,
            )
        reasons = [
            v
            for m in self.candidates(cards)
            if declaration is None or declaration.admits(m)
            for v in [self.violation(m, first_play=first_play)]
            if v is not None
        ]
        if reasons:
            raise reasons[0].error()
        wanted = "" if declaration is None else " as declared"
        raise InvalidMeldError(
            f"{text} is not a set or run{wanted}: cards must share a rank, or a suit in sequence",
            rule="meld.shape",
        )


_WILD_MESSAGES: Final = {
    "wild.half": "wild cards may be at most half of a meld (R28)",
    "wild.min_naturals": "a meld needs at least two natural cards (R52)",
    "wild.later_addition": "after the first play no wild may be added to a meld (R52)",
    "wild.later_count": "after the first play a new meld holds at most one wild (R52)",
}


def _rank_on_table(rank: Rank, melds: Iterable[Meld]) -> int:
    """The cards of ``rank`` in ``melds``, each card as what it stands for (a set's wild as a
    card of the set's rank, a run's wild as the exact card it fills)."""
    count = 0
    for meld in melds:
        for stands in meld.represents:
            if (stands.rank if isinstance(stands, Card) else stands) is rank:
                count += 1
    return count
