"""Contracts (the melds a player must lay down together) and contract schedules.

A schedule reads like the tables of sections 3.3 and 3.4 of the rules reference:

>>> from rummykit.contracts import CRUMMY_RUMMY_SCHEDULE
>>> for number, spec in CRUMMY_RUMMY_SCHEDULE.rounds():
...     print(number, spec.cards, spec.contract)
1 7 2 sets
2 8 1 run + 1 set
3 9 2 runs
4 10 3 sets
5 11 1 run of 7+ + 1 set
6 12 2 runs + 1 set
7 13 3 runs, all cards
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

import attrs

from rummykit.cards import Card
from rummykit.errors import OptionError, shown
from rummykit.melds import Meld, MeldKind

__all__ = [
    "CONTRACT_RUMMY_SCHEDULE",
    "CONTRACT_RUMMY_SCHEDULE_10_12",
    "CRUMMY_RUMMY_SCHEDULE",
    "Contract",
    "ContractSchedule",
    "Requirement",
    "RoundSpec",
    "RunDistinctness",
]


class RunDistinctness(enum.Enum):
    """How the runs of one contract must differ (R63)."""

    #: Every run of a different suit (Crummy Rummy; R63 option ``"suits"``).
    SUITS = "suits"
    #: Runs of one suit only if they neither overlap nor touch (contract-rummy default, R63).
    TOUCHING = "touching"


@attrs.frozen(cache_hash=True)
class Requirement:
    """One meld a contract asks for: its kind and, if above the rules' minimum, a length."""

    kind: MeldKind
    min_len: int | None = None

    def __str__(self) -> str:
        longer = f" of {self.min_len}+" if self.min_len is not None else ""
        return f"{self.kind.value}{longer}"


def _requirements(value: Iterable[Requirement]) -> tuple[Requirement, ...]:
    # Longest demands first, so greedy matching of melds to requirements is exact.
    return tuple(sorted(value, key=lambda r: (r.kind.value, -(r.min_len or 0))))


_ITEM: Final = re.compile(r"^(?P<n>\d+)\s+(?P<kind>set|run)s?(?:\s+of\s+(?P<len>\d+)\+?)?$")


@attrs.frozen(cache_hash=True)
class Contract:
    """The melds that must be laid down together, and how they must differ.

    >>> c = Contract.parse("1 run of 7+ + 1 set")
    >>> c.runs, c.sets, c.requirements[0].min_len
    (1, 1, 7)
    >>> Contract.parse("3 runs, all cards").all_cards
    True
    """

    requirements: tuple[Requirement, ...] = attrs.field(converter=_requirements)
    #: Sets of one contract must have different ranks.
    distinct_set_ranks: bool = attrs.field(default=True, kw_only=True)
    #: How runs of one contract must differ (R63).
    run_distinctness: RunDistinctness = attrs.field(default=RunDistinctness.SUITS, kw_only=True)
    #: The contract must use every card in hand and ends the round (Crummy Rummy round 7, R35).
    all_cards: bool = attrs.field(default=False, kw_only=True)

    @classmethod
    def parse(cls, text: str, **options: object) -> Contract:
        """Read ``"2 sets"``, ``"1 run + 1 set"``, ``"1 run of 7+ + 1 set"``,
        ``"3 runs, all cards"``. Keyword options go to the constructor."""
        body = text.strip().lower()
        all_cards = False
        for suffix in (", all cards", " (all cards)", " all cards"):
            if body.endswith(suffix):
                body, all_cards = body[: -len(suffix)].strip(), True
                break
        reqs: list[Requirement] = []
        for part in re.split(r"\s\+\s", body):
            match = _ITEM.match(part.strip())
            if match is None:
                raise OptionError(
                    f"cannot read contract {shown(text)} at {shown(part.strip())}; "
                    "write e.g. '2 sets', '1 run of 7+ + 1 set', '3 runs, all cards'"
                )
            length = int(match["len"]) if match["len"] else None
            reqs += [Requirement(MeldKind(match["kind"]), length)] * int(match["n"])
        return cls(reqs, all_cards=all_cards, **options)  # type: ignore[arg-type]

    @property
    def sets(self) -> int:
        """How many sets the contract asks for."""
        return sum(r.kind is MeldKind.SET for r in self.requirements)

    @property
    def runs(self) -> int:
        """How many runs the contract asks for."""
        return sum(r.kind is MeldKind.RUN for r in self.requirements)

    def __str__(self) -> str:
        groups: list[str] = []
        seen: list[Requirement] = []
        order = sorted(
            self.requirements, key=lambda r: (r.kind is MeldKind.SET, -(r.min_len or 0))
        )
        for req in order:
            if req not in seen:
                seen.append(req)
                n = order.count(req)
                name = f"{req.kind.value}{'s' if n > 1 else ''}"
                longer = f" of {req.min_len}+" if req.min_len else ""
                groups.append(f"{n} {name}{longer}")
        return " + ".join(groups) + (", all cards" if self.all_cards else "")

    def compatible(self, first: Meld, second: Meld) -> bool:
        """Whether two melds may both count towards this contract (distinct ranks / suits)."""
        if first.kind is not second.kind:
            return True
        if first.kind is MeldKind.SET:
            return not self.distinct_set_ranks or first.rank is not second.rank
        if first.suit is not second.suit:
            return True
        if self.run_distinctness is RunDistinctness.SUITS:
            return False
        low, high = sorted((first, second), key=lambda m: m.low)
        return high.low > low.high + 1

    def unmet(self, melds: Sequence[Meld]) -> tuple[Requirement, ...] | None:
        """The requirements still open after laying ``melds`` towards the contract, or ``None``
        if ``melds`` cannot count towards it (wrong kind, too short, too many, or not distinct).

        >>> from rummykit.cards import parse_cards, Rank
        >>> c = Contract.parse("2 sets")
        >>> queens = Meld.set(parse_cards("QS QH QD"), rank=Rank.QUEEN)
        >>> [str(r) for r in c.unmet([queens])]
        ['set']
        >>> c.unmet([queens, queens]) is None             # two sets must differ in rank
        True
        """
        for i, meld in enumerate(melds):
            for other in melds[:i]:
                if not self.compatible(meld, other):
                    return None
        open_reqs = list(self.requirements)
        for meld in sorted(melds, key=len, reverse=True):
            match = next(
                (
                    r
                    for r in open_reqs
                    if r.kind is meld.kind and (r.min_len is None or len(meld) >= r.min_len)
                ),
                None,
            )
            if match is None:
                return None
            open_reqs.remove(match)
        return tuple(open_reqs)

    def is_met(self, melds: Sequence[Meld], *, left: Sequence[Card] | None = None) -> bool:
        """Whether ``melds`` are exactly this contract; for an ``all cards`` contract, also
        that the lay-down leaves no card in hand, so ``left`` (the cards still held) must be
        given (issue 11, item 15).

        >>> from rummykit.cards import parse_cards, Rank
        >>> c = Contract.parse("1 set, all cards")
        >>> queens = Meld.set(parse_cards("QS QH QD"), rank=Rank.QUEEN)
        >>> c.is_met([queens], left=()), c.is_met([queens], left=parse_cards("2C"))
        (True, False)
        """
        if self.all_cards:
            if left is None:
                raise OptionError(
                    f"'{self}' is met only when no card is left: pass is_met(melds, left=hand)"
                )
            if left:
                return False
        return self.unmet(melds) == ()


@attrs.frozen
class RoundSpec:
    """One row of a schedule: cards dealt and the contract."""

    cards: int
    contract: Contract


def _rounds(value: Iterable[RoundSpec]) -> tuple[RoundSpec, ...]:
    rounds = tuple(value)
    if not rounds:
        raise OptionError("a contract schedule needs at least one round")
    return rounds


@attrs.frozen
class ContractSchedule:
    """Per round, the cards dealt and the contract. Rounds are numbered from 1.

    >>> s = ContractSchedule.table((10, "2 sets"), (12, "3 runs"))
    >>> len(s), s.round(2).cards, str(s.round(2).contract)
    (2, 12, '3 runs')
    """

    specs: tuple[RoundSpec, ...] = attrs.field(converter=_rounds)

    @classmethod
    def table(cls, *rows: tuple[int, str], **options: object) -> ContractSchedule:
        """Build from ``(cards, contract text)`` rows; options go to every :class:`Contract`."""
        return cls(RoundSpec(cards, Contract.parse(text, **options)) for cards, text in rows)

    def round(self, number: int) -> RoundSpec:
        """The spec of round ``number`` (1-based)."""
        if not 1 <= number <= len(self.specs):
            raise OptionError(f"round {number} is not in this {len(self.specs)}-round schedule")
        return self.specs[number - 1]

    def rounds(self) -> Iterator[tuple[int, RoundSpec]]:
        """``(number, spec)`` pairs, from round 1."""
        return enumerate(self.specs, start=1)

    def __len__(self) -> int:
        return len(self.specs)

    def with_cards(self, cards: Sequence[int]) -> ContractSchedule:
        """The same contracts with other deal sizes (one per round)."""
        if len(cards) != len(self.specs):
            raise OptionError(f"need {len(self.specs)} deal sizes, got {len(cards)}")
        return ContractSchedule(
            RoundSpec(n, spec.contract) for n, spec in zip(cards, self.specs, strict=True)
        )


#: Crummy Rummy, section 3.4 of the rules reference (seed 002): runs of different suits, sets
#: of different ranks.
CRUMMY_RUMMY_SCHEDULE: Final = ContractSchedule.table(
    (7, "2 sets"),
    (8, "1 run + 1 set"),
    (9, "2 runs"),
    (10, "3 sets"),
    (11, "1 run of 7+ + 1 set"),
    (12, "2 runs + 1 set"),
    (13, "3 runs, all cards"),
)

#: The seven-round contract game, section 3.3 of the rules reference (tail of seed 001): 13
#: cards every round (R26), same-suit runs allowed when they neither overlap nor touch (R63).
CONTRACT_RUMMY_SCHEDULE: Final = ContractSchedule.table(
    (13, "2 sets"),
    (13, "1 run + 1 set"),
    (13, "2 runs"),
    (13, "3 sets"),
    (13, "2 sets + 1 run"),
    (13, "2 runs + 1 set"),
    (13, "3 runs"),
    run_distinctness=RunDistinctness.TOUCHING,
)

#: R26 option ``deal_sizes="10/12"``: 10 cards in rounds 1-3, 12 in rounds 4-7 (S9).
CONTRACT_RUMMY_SCHEDULE_10_12: Final = CONTRACT_RUMMY_SCHEDULE.with_cards(
    (10, 10, 10, 12, 12, 12, 12)
)
