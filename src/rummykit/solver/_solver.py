"""The :class:`~rummykit.solver.Solver` class: the solver's searches as methods of one object
per :class:`~rummykit.melds.MeldContext`, over the tables that the module functions of
:mod:`rummykit.solver` share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.melds import Meld, MeldContext, MeldKind
from rummykit.solver._packed import _SOLVER_LIMIT, _Tables
from rummykit.solver.contracts import _can_meet_contract, _contract_ways
from rummykit.solver.deadwood import Arrangement, _best_arrangement, _min_deadwood
from rummykit.solver.melds import _possible_melds

__all__ = ["Solver"]


class Solver:
    """The solver for one :class:`~rummykit.melds.MeldContext`: tables that depend only on the
    variant, built once, and caches shared by every call. :meth:`of` keeps one solver per
    context, and the module functions share its tables.

    >>> from rummykit import parse_cards
    >>> from rummykit.contracts import Contract
    >>> from rummykit.melds import MeldContext
    >>> solver = Solver.of(MeldContext())
    >>> hand = parse_cards("4S 5S 6S 6H 6D 6C")
    >>> len(solver.possible_melds(hand)), solver.min_deadwood(hand, value=lambda c: 1)
    (6, 0)
    >>> solver.can_meet_contract(hand, Contract.parse("1 run + 1 set"))
    True
    >>> for way in solver.contract_ways(hand, Contract.parse("1 run + 1 set")):
    ...     print([str(m) for m in way])
    ['set 6: 6H 6D 6C', 'run 4S-6S: 4S 5S 6S']
    >>> solver.best_arrangement(hand, value=lambda c: 1).score
    0
    """

    __slots__ = ("_tables",)

    def __init__(self, ctx: MeldContext) -> None:
        self._tables = _Tables(ctx)

    @property
    def ctx(self) -> MeldContext:
        """The context whose melds the solver finds."""
        return self._tables.ctx

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def of(cls, ctx: MeldContext) -> Solver:
        """The shared solver of ``ctx`` (built on first use, kept for the most recent contexts),
        whose tables and caches the module functions use.

        >>> from rummykit.melds import MeldContext
        >>> ctx = MeldContext()
        >>> Solver.of(ctx) is Solver.of(ctx)
        True
        """
        tables = _Tables.of(ctx)
        solver = _SOLVERS.get(id(tables))
        if solver is None or solver._tables is not tables:
            solver = cls.__new__(cls)
            solver._tables = tables
            if len(_SOLVERS) >= _SOLVER_LIMIT:
                _SOLVERS.clear()
            _SOLVERS[id(tables)] = solver
        return solver

    def clear_caches(self) -> None:
        """Forget every cached piece of work (the tables of the variant stay).

        >>> from rummykit.melds import MeldContext
        >>> Solver.of(MeldContext()).clear_caches()
        """
        self._tables.clear_caches()

    # -- the searches ----------------------------------------------------------------------------

    def possible_melds(
        self,
        hand: Iterable[Card],
        *,
        first_play: bool = False,
        kinds: Iterable[MeldKind] | None = None,
    ) -> tuple[Meld, ...]:
        """See :func:`possible_melds`.

        >>> from rummykit import parse_cards
        >>> from rummykit.melds import MeldContext
        >>> [str(m) for m in Solver.of(MeldContext()).possible_melds(parse_cards("AS 2S 3S"))]
        ['run AS-3S: AS 2S 3S']
        """
        return _possible_melds(self._tables, hand, first_play=first_play, kinds=kinds)

    def min_deadwood(
        self, hand: Iterable[Card], *, value: Callable[[Card], int], first_play: bool = False
    ) -> int:
        """See :func:`min_deadwood`.

        >>> from rummykit import parse_cards
        >>> from rummykit.melds import MeldContext
        >>> Solver.of(MeldContext()).min_deadwood(parse_cards("AS 2S 3S 9D"), value=lambda c: 9)
        9
        """
        return _min_deadwood(self._tables, hand, value=value, first_play=first_play)

    def best_arrangement(
        self,
        hand: Iterable[Card],
        *,
        value: Callable[[Card], int],
        meld_value: Callable[[Meld], int] | None = None,
        first_play: bool = False,
    ) -> Arrangement:
        """See :func:`best_arrangement`.

        >>> from rummykit import parse_cards
        >>> from rummykit.melds import MeldContext
        >>> best = Solver.of(MeldContext()).best_arrangement(
        ...     parse_cards("QS QH QD"), value=lambda c: 10, meld_value=len)
        >>> best.score, [str(m) for m in best.melds]
        (3, ['set Q: QS QH QD'])
        """
        return _best_arrangement(
            self._tables, hand, value=value, meld_value=meld_value, first_play=first_play
        )

    def can_meet_contract(
        self,
        hand: Iterable[Card],
        contract: Contract,
        *,
        laid: Sequence[Meld] = (),
        first_play: bool = False,
    ) -> bool:
        """See :func:`can_meet_contract`.

        >>> from rummykit import parse_cards
        >>> from rummykit.contracts import Contract
        >>> from rummykit.melds import MeldContext
        >>> solver = Solver.of(MeldContext())
        >>> solver.can_meet_contract(parse_cards("5S 5H 5D"), Contract.parse("2 sets"))
        False
        """
        return _can_meet_contract(self._tables, hand, contract, laid=laid, first_play=first_play)

    def contract_ways(
        self,
        hand: Iterable[Card],
        contract: Contract,
        *,
        laid: Sequence[Meld] = (),
        first_play: bool = False,
    ) -> Iterator[tuple[Meld, ...]]:
        """See :func:`contract_ways`.

        >>> from rummykit import parse_cards
        >>> from rummykit.contracts import Contract
        >>> from rummykit.melds import MeldContext
        >>> ways = Solver.of(MeldContext()).contract_ways(
        ...     parse_cards("5S 5H 5D 6S 7S"), Contract.parse("1 run + 1 set"))
        >>> list(ways)
        []
        """
        return _contract_ways(self._tables, hand, contract, laid=laid, first_play=first_play)


#: The solvers handed out by :meth:`Solver.of`, by the identity of their tables.
_SOLVERS: dict[int, Solver] = {}
