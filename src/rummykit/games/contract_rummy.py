"""The seven-round contract game: section 3.3 of the rules reference, the tail of seed 001.

Seven rounds, each with a contract (two sets; a run and a set; two runs; three sets; two sets
and a run; two runs and a set; three runs), laid down all at once before any lay-off. Sets
are three or more of a rank, runs four or more of a suit, Aces low or high but not both.
Two packs and one joker fewer than the players; jokers are wild. The upcard may be taken by
the first player. Lowest total after seven rounds wins (R26 supplies what the seed lacks).

>>> import rummykit
>>> game = rummykit.variant("contract-rummy").new_game(players=3, seed=1)
>>> [len(hand) for hand in game.hands], game.variant.deck(3).size
([13, 13, 13], 106)

Options (keyword-only; defaults are the resolutions of the rules reference):

``deal_sizes``
    ``"13"`` (default, the seed's 13 cards every round) or ``"10/12"`` (10 cards in rounds 1-3,
    12 in rounds 4-7, per S9), R26.
``distinct_contract_melds``
    ``"touching"`` (default): runs of one contract may share a suit if they neither overlap nor
    touch; ``"suits"``: every run of another suit (R63).
``keep_top_discard``
    ``False`` (default): the whole discard pile becomes the new stock when it runs out;
    ``True``: all but the top card (R36, shared with Crummy Rummy).
``set_copy_limit``
    ``True`` (default): a set never holds more cards of its rank, wilds included, than the
    packs hold; ``False``: no such limit (R61).
``max_reshuffles``
    Engine safeguard (default 200): the round ends, scored as if the stock had run out
    (``DealEnd.SAFEGUARD``), rather than reshuffle the discard pile more often (R36a).
``max_turns``
    Engine safeguard (default 1000): the round ends the same way after this many turns
    (R36a).
"""

from __future__ import annotations

import attrs

from rummykit.cards import DeckSpec
from rummykit.contracts import (
    CONTRACT_RUMMY_SCHEDULE,
    CONTRACT_RUMMY_SCHEDULE_10_12,
    ContractSchedule,
    RoundSpec,
    RunDistinctness,
)
from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.engine.rummy import RummyRules
from rummykit.errors import OptionError, shown
from rummykit.melds import AceRule, MeldRules
from rummykit.pieces import (
    DealerLeftStarts,
    DealSpec,
    FixedDeals,
    GoingOut,
    PenaltyScoring,
    PenaltyTable,
    Pickup,
    StockRule,
)
from rummykit.pieces.options import MAX_RESHUFFLES, MAX_TURNS, choice, flag, whole
from rummykit.wilds import WildRules

__all__ = ["ContractDeck", "contract_rummy"]


@attrs.frozen
class ContractDeck:
    """Two 52-card packs and one joker fewer than the players (R26, S9)."""

    def deck(self, players: int) -> DeckSpec:
        return DeckSpec.standard(packs=2, extra_jokers=players - 1)


def _with_distinctness(schedule: ContractSchedule, rule: RunDistinctness) -> ContractSchedule:
    return ContractSchedule(
        RoundSpec(spec.cards, attrs.evolve(spec.contract, run_distinctness=rule))
        for spec in schedule.specs
    )


def contract_rummy(
    *,
    deal_sizes: str = "13",
    distinct_contract_melds: str = "touching",
    keep_top_discard: bool = False,
    set_copy_limit: bool = True,
    max_reshuffles: int = MAX_RESHUFFLES,
    max_turns: int = MAX_TURNS,
) -> Variant:
    """Build the seven-round contract game with the given options (see the module docs)."""
    schedules = {"13": CONTRACT_RUMMY_SCHEDULE, "10/12": CONTRACT_RUMMY_SCHEDULE_10_12}
    deal_sizes = choice("deal_sizes", deal_sizes, schedules, " (R26)")
    try:
        distinct = RunDistinctness(distinct_contract_melds)
    except ValueError:
        raise OptionError(
            "distinct_contract_melds must be 'touching' or 'suits' (R63), "
            f"not {shown(distinct_contract_melds)}"
        ) from None
    if not isinstance(keep_top_discard, bool):
        raise OptionError(f"keep_top_discard must be True or False, not {shown(keep_top_discard)}")
    schedule = _with_distinctness(schedules[deal_sizes], distinct)
    rules = RummyRules(
        deck_rule=ContractDeck(),
        deal=DealSpec(sizes=tuple(spec.cards for spec in schedule.specs)),
        schedule=schedule,
        meld_rules=MeldRules(
            set_max=None,
            run_min=4,
            aces=AceRule.EITHER,
            set_copy_limit=flag("set_copy_limit", set_copy_limit),
        ),
        wilds=WildRules.jokers(),
        pickup=Pickup.TOP,
        going_out=GoingOut.ANY,
        stock_rule=StockRule.RESHUFFLE_KEEP_TOP if keep_top_discard else StockRule.RESHUFFLE,
        deal_scoring=PenaltyScoring(PenaltyTable.contract_rummy()),
        start_rule=DealerLeftStarts(),
        game_end=FixedDeals(len(schedule)),
        max_deals=len(schedule),
        max_reshuffles=whole("max_reshuffles", max_reshuffles, 0),
        max_turns=whole("max_turns", max_turns, 1),
    )
    return Variant(
        id="contract-rummy",
        name="Contract Rummy (seven rounds)",
        rules=rules,
        options={
            "deal_sizes": deal_sizes,
            "distinct_contract_melds": distinct_contract_melds,
            "keep_top_discard": keep_top_discard,
            "set_copy_limit": set_copy_limit,
            "max_reshuffles": max_reshuffles,
            "max_turns": max_turns,
        },
        min_players=3,
        max_players=8,
    )


register(
    "contract-rummy",
    contract_rummy,
    "Contract Rummy: 3-8 players, seven rounds of contracts, two packs and jokers",
)
