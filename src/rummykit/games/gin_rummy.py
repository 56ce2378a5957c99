"""Gin Rummy: two players, ten cards each, knock with ten or less, a game to 100.

The rules are the standard ones (the Gin Rummy Association's, which OpenSpiel's
``gin_rummy`` follows), every clause and option documented on the docs page *gin-rummy*.

>>> import rummykit
>>> game = rummykit.variant("gin-rummy").new_game(players=2, seed=7)
>>> [len(hand) for hand in game.hands], len(game.discards), len(game.stock), game.phase.value
([10, 10], 1, 31, 'first_upcard')
>>> [str(move) for move in game.legal_moves()]
['pass', 'take']

Gin Rummy is a record of pieces of the draw-and-discard engine: the first-upcard offer
(:attr:`~rummykit.pieces.Pickup.FIRST_UPCARD`), a :class:`~rummykit.pieces.Knock` with its
showdown, a :class:`~rummykit.pieces.Wall` of two cards, :class:`~rummykit.pieces.KnockScoring`
and :class:`~rummykit.pieces.MatchToTarget`. :func:`deadwood` answers a seat's count.

Options (keyword-only):

``knock_card``
    The most deadwood a player may knock with: 10 (default), 0 to 10.
``gin_bonus``
    Bonus for going gin (default 25).
``undercut_bonus``
    Bonus for the defender's undercut (default 25).
``oklahoma``
    ``False`` (default). ``True``: the first upcard's value is the knock card of the hand,
    and an Ace upcard means the hand must be won by gin.
``big_gin``
    ``None`` (default: no big gin) or the bonus for melding all eleven cards after a draw,
    without discarding (31 is usual).
``discard_taken``
    ``True`` (default, as OpenSpiel): a player who takes the discard may throw that card
    back. ``False``: not in the same turn (a common house rule).
``target``
    Points that end the game (default 100).
``game_bonus``, ``box_bonus``
    Bonuses when the game ends: 100 to the winner, and 25 per hand won to each player.
``shutout``
    ``True`` (default): a winner whose opponent won no hand doubles their hand points.
``max_deals``
    Engine safeguard (default 100): the game ends after this many hands whatever the scores.
    ``max_deals=1`` plays a single hand, OpenSpiel's whole game.
``max_takes``
    Engine safeguard taken from OpenSpiel (default 50): the hand is void when the discard
    is taken for the 50th time in it.
"""

from __future__ import annotations

from rummykit.cards import DeckSpec
from rummykit.engine.core import GameState, Variant
from rummykit.engine.registry import register
from rummykit.engine.rummy import RummyRules
from rummykit.engine.rummy_state import RummyState
from rummykit.melds import AceRule, MeldRules
from rummykit.pieces import (
    WHOLE_PILE,
    DealerLeftStarts,
    DealSpec,
    FixedDeck,
    Knock,
    KnockScoring,
    MatchToTarget,
    Pickup,
    TurnCards,
    Wall,
)
from rummykit.pieces.discard import NO_RESTRICTION
from rummykit.pieces.options import flag, whole
from rummykit.wilds import WildRules

__all__ = ["deadwood", "gin_rules", "gin_rummy"]

#: The hand is void when a discard leaves this many cards in the stock (the wall).
WALL = 2
#: Cards dealt to each player.
HAND = 10


def gin_rules(
    knock: Knock,
    scoring: KnockScoring,
    game_end: MatchToTarget,
    *,
    discard_taken: bool = True,
    max_deals: int = 100,
    max_takes: int = 50,
) -> RummyRules:
    """The pieces of a gin game: ten cards each from one pack, the first upcard offered,
    the whole discard pile public, a knock and its showdown, the wall of two cards, and
    OpenSpiel's two safeguards (the ``max_takes``-th take of the discard voids the hand, and
    so does the discard thrown back twice in a row)."""
    return RummyRules(
        deck_rule=FixedDeck(DeckSpec.standard()),
        deal=DealSpec(sizes=(HAND,)),
        meld_rules=MeldRules(set_max=4, run_min=3, aces=AceRule.LOW),
        wilds=WildRules.none(),
        pickup=Pickup.FIRST_UPCARD,
        open_before_lay_off=False,
        discard_rule=NO_RESTRICTION if discard_taken else TurnCards(single_goes=False),
        stock_rule=Wall(WALL),
        knock=knock,
        deal_scoring=scoring,
        start_rule=DealerLeftStarts(),
        game_end=game_end,
        visibility=WHOLE_PILE,
        max_deals=max_deals,
        max_takes=max_takes,
        throwback_voids=True,
        max_reshuffles=0,
    )


def deadwood(state: GameState, seat: int) -> int:
    """``seat``'s least deadwood in a knock game: of its ten best cards when it holds
    eleven (after drawing, or as the knocker before the face-down discard)."""
    assert isinstance(state, RummyState)
    knock = state.rules.knock
    if knock is None:
        raise ValueError(f"{state.variant.id} is not a knock game")
    hand = state.hands[seat]
    if len(hand) > HAND:
        return knock.deadwood_after_discard(hand)
    return knock.deadwood(hand)


def gin_rummy(
    *,
    knock_card: int = 10,
    gin_bonus: int = 25,
    undercut_bonus: int = 25,
    oklahoma: bool = False,
    big_gin: int | None = None,
    discard_taken: bool = True,
    target: int = 100,
    game_bonus: int = 100,
    box_bonus: int = 25,
    shutout: bool = True,
    max_deals: int = 100,
    max_takes: int = 50,
) -> Variant:
    """Build Gin Rummy with the given options (see the module documentation).

    >>> gin_rummy(knock_card=11)
    Traceback (most recent call last):
    ...
    rummykit.errors.OptionError: knock_card must be at most 10, not 11
    """
    rules = gin_rules(
        Knock(
            limit=whole("knock_card", knock_card, 0, 10),
            limit_from_upcard=flag("oklahoma", oklahoma),
            all_in_one=big_gin is not None,
        ),
        KnockScoring(
            gin_bonus=whole("gin_bonus", gin_bonus, 0),
            undercut_bonus=whole("undercut_bonus", undercut_bonus, 0),
            big_gin_bonus=0 if big_gin is None else whole("big_gin", big_gin, 0),
        ),
        MatchToTarget(
            target=whole("target", target, 1),
            game_bonus=whole("game_bonus", game_bonus, 0),
            box_bonus=whole("box_bonus", box_bonus, 0),
            shutout=flag("shutout", shutout),
        ),
        discard_taken=flag("discard_taken", discard_taken),
        max_deals=whole("max_deals", max_deals, 1),
        max_takes=whole("max_takes", max_takes, 1),
    )
    return Variant(
        id="gin-rummy",
        name="Gin Rummy",
        rules=rules,
        options={
            "knock_card": knock_card,
            "gin_bonus": gin_bonus,
            "undercut_bonus": undercut_bonus,
            "oklahoma": oklahoma,
            "big_gin": big_gin,
            "discard_taken": discard_taken,
            "target": target,
            "game_bonus": game_bonus,
            "box_bonus": box_bonus,
            "shutout": shutout,
            "max_deals": max_deals,
            "max_takes": max_takes,
        },
        min_players=2,
        max_players=2,
    )


register(
    "gin-rummy",
    gin_rummy,
    "Gin Rummy: 2 players, 10 cards, knock with 10 or less, gin and undercut bonuses, to 100",
)
