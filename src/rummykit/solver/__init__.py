"""Arrangement search: the melds a hand can form, whether it can still meet a contract, and
how to lay it out with the least deadwood (or the best score).

>>> from rummykit import parse_cards
>>> from rummykit.melds import MeldContext
>>> from rummykit.solver import best_arrangement, min_deadwood, possible_melds
>>> ctx = MeldContext()                        # Crazy Rummy rules, no wild cards
>>> hand = parse_cards("4S 5S 6S 6H 6D KC")
>>> [str(m) for m in possible_melds(hand, ctx)]
['set 6: 6S 6H 6D', 'run 4S-6S: 4S 5S 6S']
>>> pips = lambda card: int(card.rank)         # the 6S joins the set or the run, not both
>>> min_deadwood(hand, ctx, value=pips)          # 4S 5S KC left (the run would leave 25)
22
>>> best_arrangement(hand, ctx, value=pips).deadwood
(Card('4S'), Card('5S'), Card('KC'))

Every function takes the :class:`~rummykit.melds.MeldContext` that judges melds, and every
answer agrees with :meth:`MeldContext.violation <rummykit.melds.MeldContext.violation>`: the
solver precomputes, per context, what depends only on the variant (a :class:`Solver`), and
works inside on card codes and hands packed into integers.

How the searches work:

* :func:`possible_melds` enumerates sets rank by rank (sub-multisets of the cards of that rank
  and the wild cards) and runs suit by suit (a depth-first walk from every start position in
  which each position takes its natural card or one of the distinct wild cards, wilds of one
  rank in card order), so every distinct meld is produced exactly once. Eight wild Aces of two
  packs make 3,444 melds, not the 150,000 orders of the Aces.
* :func:`min_deadwood` branches on the lowest natural card of what is left: it is deadwood, or
  it lies in a meld *template* (natural cards plus a number of wild cards). Wild cards are
  counted, not named, when their identity cannot matter; the wilds a solution melds are then
  the most valuable ones. The search is memoised on (natural cards left, wilds left). When a
  wild's identity can matter (a set of the wild rank under R52, ``in_place_is_natural``,
  distinct-suit sets) the search runs over concrete melds instead.
* :func:`can_meet_contract` chooses the contract's sets, then solves the runs suit by suit
  (runs in one suit cannot share cards with runs in another), combining the numbers of wild
  cards each part needs.

The code is split by job; every name below is importable from this package as well:

* :mod:`rummykit.solver.melds`: :func:`possible_melds` and :func:`meld_sort_key`;
* :mod:`rummykit.solver.contracts`: :func:`can_meet_contract` and :func:`contract_ways`;
* :mod:`rummykit.solver.deadwood`: :func:`min_deadwood`, :func:`best_arrangement` and
  :class:`Arrangement`, and their specialisation to Gin Rummy's pack on 52-bit masks
  (:func:`~rummykit.solver.deadwood.deadwood_mask` and the functions beside it);
* :class:`Solver`: the same searches as methods of one object per context.
"""

from rummykit.solver._solver import Solver
from rummykit.solver.contracts import can_meet_contract, contract_ways
from rummykit.solver.deadwood import Arrangement, best_arrangement, min_deadwood
from rummykit.solver.melds import meld_sort_key, possible_melds

__all__ = [
    "Arrangement",
    "Solver",
    "best_arrangement",
    "can_meet_contract",
    "contract_ways",
    "meld_sort_key",
    "min_deadwood",
    "possible_melds",
]
