"""Oklahoma Gin: Gin Rummy where the first upcard sets the deal's knock limit.

Two players, ten cards each, the first upcard offered as in Gin Rummy. The upcard's value is
the most deadwood a player may knock with in that deal (an Ace means gin only; face cards
10), and a spade upcard doubles everything the deal scores. The rest is Gin Rummy: gin and
undercut bonuses, the wall of two cards, box and game bonuses; the game is played to 150.

>>> import rummykit
>>> state = rummykit.variant("oklahoma-gin").new_game(players=2, seed=8)
>>> state.discards[-1], state.view(0).knock_limit
(Card('7H'), 7)

Options (keyword-only):

``gin_bonus``, ``undercut_bonus``
    Bonuses for gin and for the defender's undercut (default 25 each).
``big_gin``
    ``None`` (default) or the bonus for melding all eleven cards after a draw.
``target``
    Points that end the game (default 150).
``max_deals``
    Engine safeguard (default 100): the game ends after this many deals.
"""

from __future__ import annotations

from rummykit.cards import Suit
from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.games.gin_rummy import gin_rules
from rummykit.pieces import Knock, KnockScoring, MatchToTarget
from rummykit.pieces.options import whole

__all__ = ["oklahoma_gin"]


def oklahoma_gin(
    *,
    gin_bonus: int = 25,
    undercut_bonus: int = 25,
    big_gin: int | None = None,
    target: int = 150,
    max_deals: int = 100,
) -> Variant:
    """Build Oklahoma Gin with the given options (see the module documentation)."""
    rules = gin_rules(
        Knock(limit_from_upcard=True, all_in_one=big_gin is not None),
        KnockScoring(
            gin_bonus=whole("gin_bonus", gin_bonus, 0),
            undercut_bonus=whole("undercut_bonus", undercut_bonus, 0),
            big_gin_bonus=0 if big_gin is None else whole("big_gin", big_gin, 0),
            double_suit=Suit.SPADES,
        ),
        MatchToTarget(target=whole("target", target, 1)),
        max_deals=whole("max_deals", max_deals, 1),
    )
    return Variant(
        id="oklahoma-gin",
        name="Oklahoma Gin",
        rules=rules,
        options={
            "gin_bonus": gin_bonus,
            "undercut_bonus": undercut_bonus,
            "big_gin": big_gin,
            "target": target,
            "max_deals": max_deals,
        },
        min_players=2,
        max_players=2,
    )


register(
    "oklahoma-gin",
    oklahoma_gin,
    "Oklahoma Gin: gin rummy where the first upcard sets the knock limit and spades double",
)
