"""Crummy Rummy: section 3.4 of the rules reference, seed 002.

A family contract rummy of seven rounds dealing 7 to 13 cards. Deuces and jokers are wild and
never more than half of any meld (R28, R29); Aces are high. The contract is laid down all at
once and afterwards only lay-offs follow (R32); a natural card may replace a wild on the table,
and the freed wild must go back on the table (R30). When a player draws from the stock another
may take the face-up discard out of turn with a penalty card (R34). Round 7's three runs must
use every card (R35). The stock is replenished from the discard pile (R36). Lowest total after
round 7 wins (R37).

>>> import rummykit
>>> game = rummykit.variant("crummy-rummy").new_game(players=4, seed=3)
>>> [len(hand) for hand in game.hands], game.variant.deck(4).size
([7, 7, 7, 7], 108)

Options (keyword-only; defaults are the resolutions of the rules reference):

``aces``
    ``"high"`` (default: Q-K-A, no A-2-3) or ``"either"`` (Aces also low, never both), 3.4.
``jokers_per_deck``
    Jokers in each 54-card deck: 2 (default), 1 or 0 (R33).
``only_jokers_move``
    ``False`` (default). ``True``: a freed 2 must stay in its meld; only jokers move (R30).
``claim_order``
    ``"main"`` (default: the claim follows the active player's stock draw) or ``"original"``
    (the claim comes first and takes the top stock card as its penalty), R34.
``discarder_may_claim``
    ``False`` (default): the player who discarded a card may not claim it back (R34).
``keep_top_discard``
    ``False`` (default): the whole discard pile becomes the new stock; ``True``: all but the
    top card (R36).
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

import math

import attrs

from rummykit.cards import DeckSpec
from rummykit.contracts import CRUMMY_RUMMY_SCHEDULE
from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.engine.rummy import RummyRules
from rummykit.errors import OptionError, shown
from rummykit.melds import AceRule, MeldRules
from rummykit.pieces import (
    ClaimOrder,
    ClaimRule,
    DealerLeftStarts,
    DealSpec,
    FixedDeals,
    GoingOut,
    PenaltyScoring,
    PenaltyTable,
    Pickup,
    StockRule,
)
from rummykit.pieces.options import MAX_RESHUFFLES, MAX_TURNS, choice, whole
from rummykit.wilds import WildRules

__all__ = ["CrummyDeck", "crummy_rummy"]


@attrs.frozen
class CrummyDeck:
    """One standard deck with its jokers per two players, rounded up (R33)."""

    jokers_per_deck: int = 2

    def deck(self, players: int) -> DeckSpec:
        return DeckSpec.standard(
            packs=math.ceil(players / 2), jokers_per_pack=self.jokers_per_deck
        )


def crummy_rummy(
    *,
    aces: str = "high",
    jokers_per_deck: int = 2,
    only_jokers_move: bool = False,
    claim_order: str = "main",
    discarder_may_claim: bool = False,
    keep_top_discard: bool = False,
    set_copy_limit: bool = True,
    max_reshuffles: int = MAX_RESHUFFLES,
    max_turns: int = MAX_TURNS,
) -> Variant:
    """Build Crummy Rummy with the given options (see the module documentation)."""
    aces = choice("aces", aces, ("high", "either"), " (Aces also low)")
    if type(jokers_per_deck) is not int or not 0 <= jokers_per_deck <= 2:
        raise OptionError(f"jokers_per_deck must be 0, 1 or 2 (R33), not {shown(jokers_per_deck)}")
    try:
        order = ClaimOrder(claim_order)
    except ValueError:
        raise OptionError(
            f"claim_order must be 'main' or 'original' (R34), not {shown(claim_order)}"
        ) from None
    for name, value in (
        ("only_jokers_move", only_jokers_move),
        ("discarder_may_claim", discarder_may_claim),
        ("keep_top_discard", keep_top_discard),
        ("set_copy_limit", set_copy_limit),
    ):
        if not isinstance(value, bool):
            raise OptionError(f"{name} must be True or False, not {shown(value)}")
    schedule = CRUMMY_RUMMY_SCHEDULE
    rules = RummyRules(
        deck_rule=CrummyDeck(jokers_per_deck),
        deal=DealSpec(sizes=tuple(spec.cards for spec in schedule.specs), redraw_wild_upcard=True),
        schedule=schedule,
        meld_rules=MeldRules(
            set_max=None,
            run_min=4,
            aces=AceRule.HIGH if aces == "high" else AceRule.EITHER,
            set_copy_limit=set_copy_limit,
        ),
        wilds=WildRules.deuces_and_jokers(only_jokers_move=only_jokers_move),
        pickup=Pickup.TOP,
        going_out=GoingOut.ANY,
        stock_rule=StockRule.RESHUFFLE_KEEP_TOP if keep_top_discard else StockRule.RESHUFFLE,
        claims=ClaimRule(order=order, discarder_may_claim=discarder_may_claim),
        deal_scoring=PenaltyScoring(PenaltyTable.crummy_rummy()),
        start_rule=DealerLeftStarts(),
        game_end=FixedDeals(len(schedule)),
        max_deals=len(schedule),
        max_reshuffles=whole("max_reshuffles", max_reshuffles, 0),
        max_turns=whole("max_turns", max_turns, 1),
    )
    return Variant(
        id="crummy-rummy",
        name="Crummy Rummy",
        rules=rules,
        options={
            "aces": aces,
            "jokers_per_deck": jokers_per_deck,
            "only_jokers_move": only_jokers_move,
            "claim_order": claim_order,
            "discarder_may_claim": discarder_may_claim,
            "keep_top_discard": keep_top_discard,
            "set_copy_limit": set_copy_limit,
            "max_reshuffles": max_reshuffles,
            "max_turns": max_turns,
        },
        min_players=2,
        max_players=8,
    )


register(
    "crummy-rummy",
    crummy_rummy,
    "Crummy Rummy: 2-8 players, seven contract rounds, deuces and jokers wild (at most half)",
)
