"""Rummy 500, built only from the public pieces of :mod:`rummykit.pieces`.

Two to eight players; thirteen cards each for two players, else seven; one pack, two for
five or more. A player may take any card of the discard pile together with every card above
it, and must meld the deepest card taken at once (in a new meld or laid off on any meld);
the whole pile stays spread, so everyone sees it. Melds and lay-offs score their cards for
whoever lays them: an Ace 15, or 1 at the low end of A-2-3; face cards and tens 10; others
5. When a player goes out (with or without a final discard) or the stock runs out, the hand
ends and the cards left in each hand are taken off that player's score. The game ends
after the hand in which somebody reaches 500; the highest score wins.

>>> import rummykit
>>> state = rummykit.variant("rummy-500").new_game(players=2, seed=4)
>>> [len(hand) for hand in state.hands], len(state.view(0).discards)
([13, 13], 1)

Options (keyword-only):

``target``
    The score that ends the game after the hand that reaches it (default 500).
``top_free``
    ``False`` (default): even a single top card taken must be melded at once. ``True``: only
    a take of two or more cards carries that obligation (a common house rule).
"""

from __future__ import annotations

from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.engine.rummy import RummyRules
from rummykit.errors import OptionError, shown
from rummykit.melds import AceRule, MeldRules
from rummykit.pieces import (
    WHOLE_PILE,
    DealerLeftStarts,
    DealSpec,
    GoingOut,
    HighestToTarget,
    MeldValue,
    PenaltyScoring,
    PenaltyTable,
    StandardPacks,
    StockRule,
    TakeAnyDepth,
)
from rummykit.wilds import WildRules

__all__ = ["CARD_POINTS", "rummy_500"]

#: What a card is worth, Ace first (15: an Ace low in A-2-3 is worth 1 in a meld).
CARD_POINTS = PenaltyTable((15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10))


def rummy_500(*, target: int = 500, top_free: bool = False) -> Variant:
    """Build Rummy 500 with the given options (see the module documentation)."""
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise OptionError(f"target must be a positive whole number (500), not {shown(target)}")
    if not isinstance(top_free, bool):
        raise OptionError(f"top_free must be True or False, not {shown(top_free)}")
    rules = RummyRules(
        deck_rule=StandardPacks(per_players={5: 2, 6: 2, 7: 2, 8: 2}),
        deal=DealSpec(sizes=(7,), per_players={2: 13}),
        meld_rules=MeldRules(set_max=4, run_min=3, aces=AceRule.EITHER),
        wilds=WildRules.none(),
        pickup=TakeAnyDepth(top_free=top_free),
        open_before_lay_off=False,
        visibility=WHOLE_PILE,
        meld_scoring=MeldValue(CARD_POINTS, low_ace=1),
        going_out=GoingOut.ANY,
        stock_rule=StockRule.END_AFTER_TURN,
        deal_scoring=PenaltyScoring(CARD_POINTS, subtract=True),
        start_rule=DealerLeftStarts(),
        game_end=HighestToTarget(target),
    )
    return Variant(
        id="rummy-500",
        name="Rummy 500",
        rules=rules,
        options={"target": target, "top_free": top_free},
        min_players=2,
        max_players=8,
    )


register(
    "rummy-500",
    rummy_500,
    "Rummy 500: 2-8 players, take deep from a spread pile, melds score for their layer, to 500",
)
