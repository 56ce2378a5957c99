"""Crazy Rummy: section 3.2 of the rules reference, seed 001 (main part).

Thirteen deals; in deal *d* every card of rank *d* is wild (Aces in the first, Kings in the
last). Seven cards each and an eighth to the player on the dealer's left, who plays first
without drawing. Melds take any number of wilds (R17), declared when ambiguous (R25); an
opened player may reclaim a wild by giving the card it stands for (R20). A player goes out
only by discarding their last card; the deal also ends when the player who drew the last
stock card discards without going out (R21). Lowest total after 13 deals wins (R23).

>>> import rummykit
>>> game = rummykit.variant("crazy-rummy").new_game(players=4, seed=2)
>>> sorted(len(hand) for hand in game.hands), len(game.discards)
([7, 7, 7, 8], 0)

Options (keyword-only; defaults are the resolutions of the rules reference):

``decks``
    ``1`` (default), ``2``, or ``"auto"`` (two packs with more than four players), R22.
``discard_restriction``
    ``"discard_pile_and_single_card"`` (default), ``"single_card_only"`` or
    ``"drawn_card_never"`` (R13).
``penalties``
    ``"standard"`` (default: wild 25, K Q J 10, 2-10 face, Ace 1), ``"natural_wild"``,
    ``"royal"`` (K 13, Q 12, J 11) or ``"beanie"`` (Ace-9 5, 10-K 10, wild 25), R14.
``reply_turn``
    ``False`` (default). ``True``: after a go-out on the opening turn each other player takes
    one reply turn before the deal ends (R19 option).
"""

from __future__ import annotations

import attrs

from rummykit.cards import DeckSpec
from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.engine.rummy import RummyRules
from rummykit.errors import OptionError, shown
from rummykit.melds import AceRule, MeldRules
from rummykit.pieces import (
    DealerLeftStarts,
    DealSpec,
    DiscardRule,
    FixedDeals,
    GoingOut,
    PenaltyScoring,
    PenaltyTable,
    Pickup,
    StockRule,
    discard_rule_named,
)
from rummykit.pieces.options import flag
from rummykit.wilds import WildRules

__all__ = ["CrazyDeck", "crazy_rummy"]

#: Deals in a game: one for each rank, Aces to Kings.
DEALS = 13


@attrs.frozen
class CrazyDeck:
    """One 52-card pack, or two (R22): ``decks`` is 1, 2 or ``"auto"`` (two with more than
    four players)."""

    decks: int | str = 1

    def deck(self, players: int) -> DeckSpec:
        packs = (2 if players > 4 else 1) if self.decks == "auto" else int(self.decks)
        return DeckSpec.standard(packs=packs)


def crazy_rummy(
    *,
    decks: int | str = 1,
    discard_restriction: str = "discard_pile_and_single_card",
    penalties: str = "standard",
    reply_turn: bool = False,
    set_copy_limit: bool = True,
) -> Variant:
    """Build Crazy Rummy with the given options (see the module documentation)."""
    if decks != "auto" and (type(decks) is not int or decks not in (1, 2)):
        raise OptionError(f"decks must be 1, 2 or 'auto' (R22), not {shown(decks)}")
    try:
        restriction = discard_rule_named(discard_restriction)
    except OptionError:
        raise OptionError(
            "discard_restriction must be 'discard_pile_and_single_card', 'single_card_only' "
            f"or 'drawn_card_never' (R13), not {shown(discard_restriction)}"
        ) from None
    if restriction is DiscardRule.NONE:
        raise OptionError("Crazy Rummy always restricts discards (R13); pick one of its rules")
    table = PenaltyTable.crazy_rummy(penalties)
    if not isinstance(reply_turn, bool):
        raise OptionError(f"reply_turn must be True or False, not {shown(reply_turn)}")
    rules = RummyRules(
        deck_rule=CrazyDeck(decks),
        deal=DealSpec(sizes=(7,), extra_to_first=1, upcard=False, first_player_draws=False),
        meld_rules=MeldRules(
            set_max=None, aces=AceRule.LOW, set_copy_limit=flag("set_copy_limit", set_copy_limit)
        ),
        wilds=WildRules.rising_rank(),
        pickup=Pickup.TOP,
        open_before_lay_off=True,
        going_out=GoingOut.DISCARD,
        discard_rule=restriction,
        stock_rule=StockRule.END_AFTER_TURN,
        deal_scoring=PenaltyScoring(table),
        start_rule=DealerLeftStarts(),
        game_end=FixedDeals(DEALS),
        reply_turn=reply_turn,
        max_deals=DEALS,
    )
    return Variant(
        id="crazy-rummy",
        name="Crazy Rummy",
        rules=rules,
        options={
            "decks": decks,
            "discard_restriction": discard_restriction,
            "penalties": penalties,
            "reply_turn": reply_turn,
            "set_copy_limit": set_copy_limit,
        },
        min_players=3,
        max_players=6,
    )


register(
    "crazy-rummy",
    crazy_rummy,
    "Crazy Rummy: 3-6 players, 13 deals, the wild rank rises from Aces to Kings",
)
