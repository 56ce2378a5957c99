"""Basic Rummy (straight rummy), built only from the public pieces of :mod:`rummykit.pieces`.

Two to six players and one pack: ten cards each for two players, seven for three or four,
six for five or six. Sets of three or four of a rank and runs of three or more in a suit,
Ace low. A turn: draw from the stock or take the top discard; lay melds and lay off on any
meld on the table; discard. A player goes out with or without a final discard. An empty
stock is replaced by the discard pile but its top card, turned over unshuffled. The losers
pay the winner what their cards cost (face cards 10, Ace 1, others their pips); the first
deal that takes a player to 100 ends the game, highest score winning.

>>> import rummykit
>>> state = rummykit.variant("basic-rummy").new_game(players=3, seed=1)
>>> [len(hand) for hand in state.hands], len(state.discards)
([7, 7, 7], 1)

Options (keyword-only):

``target``
    The score that ends the game after the deal that reaches it (default 100).
``max_turns``
    Engine safeguard (default 3000): a deal ends, nobody scoring (``DealEnd.SAFEGUARD``),
    after this many turns.
"""

from __future__ import annotations

from rummykit.cards import DeckSpec
from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.engine.rummy import RummyRules
from rummykit.melds import AceRule, MeldRules
from rummykit.pieces import (
    DealerLeftStarts,
    DealSpec,
    FixedDeck,
    GoingOut,
    HighestToTarget,
    PenaltyTable,
    Pickup,
    StockRule,
    WinnerTakesPenalties,
)
from rummykit.pieces.options import whole
from rummykit.wilds import WildRules

__all__ = ["basic_rummy"]


def basic_rummy(*, target: int = 100, max_turns: int = 3000) -> Variant:
    """Build Basic Rummy with the given options (see the module documentation)."""
    rules = RummyRules(
        deck_rule=FixedDeck(DeckSpec.standard()),
        deal=DealSpec(sizes=(7,), per_players={2: 10, 5: 6, 6: 6}),
        meld_rules=MeldRules(set_max=4, run_min=3, aces=AceRule.LOW),
        wilds=WildRules.none(),
        pickup=Pickup.TOP,
        open_before_lay_off=False,
        going_out=GoingOut.ANY,
        stock_rule=StockRule.TURN_OVER,
        deal_scoring=WinnerTakesPenalties(PenaltyTable.face_values()),
        start_rule=DealerLeftStarts(),
        game_end=HighestToTarget(whole("target", target, 1)),
        max_turns=whole("max_turns", max_turns, 1),
        max_reshuffles=max_turns,  # the pile may be turned over as often as turns allow
    )
    return Variant(
        id="basic-rummy",
        name="Basic Rummy",
        rules=rules,
        options={"target": target, "max_turns": max_turns},
        min_players=2,
        max_players=6,
    )


register(
    "basic-rummy",
    basic_rummy,
    "Basic Rummy: 2-6 players, one pack, sets and runs, the losers pay the winner, to 100",
)
