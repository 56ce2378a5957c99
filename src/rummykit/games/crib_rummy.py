"""Crib Rummy (Howard Fosdick): section 3.5 of the rules reference, seed 003.

Two to four players race pegs to 121 by laying melds: every card laid scores at once by the
pegging table, a player who goes out ("rummies") scores a bonus for the cards left in the
other hands, and the top of the discard pile may be taken only to be melded at once, after
which the next six cards come with it.

>>> import rummykit
>>> game = rummykit.variant("crib-rummy").new_game(players=2, seed=7)
>>> len(game.hands[0]), len(game.discards), len(game.stock)
(11, 1, 83)

Options (keyword-only, defaults are the resolutions of the rules reference):

``jokers``
    2 (106 cards, default) or 4 (108 cards, the seed's optional rule; R48).
``aces``
    ``"low"`` (default): A-2-3 only. ``"either"``: A-2-3 and Q-K-A, never both, no wrap (R49).
``target``
    Points that end the game: 121 (default), 61 (short game), 241 (down and back), or any
    positive number (R45).
``joker_respects_copy_limit``
    ``False`` (default, R40): a joker may stand for any card. ``True``: not for an exact card
    whose two copies are already on the table (the seed's tip read literally).
``strict_pegging``
    ``False`` (default, R46): the engine pegs each turn's points automatically. ``True``: a
    turn that laid points ends with the player's ``peg`` or ``forgo``; forgone points are lost,
    as the seed's "forget to peg" rule says (for human play).
``max_deals``
    Engine safeguard, not in the source: the game ends after this many deals whatever the
    scores (default 100), so that agents that never meld still finish.
"""

from __future__ import annotations

from typing import Final

import attrs

from rummykit.cards import DeckSpec
from rummykit.engine.core import Variant
from rummykit.engine.registry import register
from rummykit.engine.rummy import RummyRules
from rummykit.errors import OptionError, shown
from rummykit.melds import AceRule, Meld, MeldKind, MeldRules, SetSuits
from rummykit.pieces import DealEnd, DealOutcome, DealSpec, FixedDeck, GamePosition, Pickup
from rummykit.pieces.options import choice, whole
from rummykit.wilds import WildRules

__all__ = [
    "RUN_VALUES",
    "SET_VALUES",
    "BehindChooses",
    "CribPegging",
    "RummyBonus",
    "TargetRace",
    "crib_rummy",
]

#: Cumulative pegging value of a run of each length (the seed's table, section 3.5 of the rules
#: reference).
RUN_VALUES: Final = {3: 3, 4: 6, 5: 10, 6: 14, 7: 18, 8: 23, 9: 28, 10: 33, 11: 39, 12: 45, 13: 55}
#: Cumulative pegging value of a set (2 for three cards, 2 more for the fourth, R38).
SET_VALUES: Final = {3: 2, 4: 4}


@attrs.frozen
class CribPegging:
    """Points for laying cards: the cumulative value of the meld after, less before. Cards
    laid together score as if added one at a time (R38); jokers count as what they stand for.

    >>> from rummykit import parse_cards, Suit
    >>> run = Meld.run(parse_cards("3S 4S 5S 6S 7S"), suit=Suit.SPADES, start=3)
    >>> CribPegging().points(None, run)          # 3 + 3 + 4
    10
    """

    def points(self, before: Meld | None, after: Meld) -> int:
        table = RUN_VALUES if after.kind is MeldKind.RUN else SET_VALUES
        gained = table[len(after)]
        return gained - (table[len(before)] if before is not None else 0)


@attrs.frozen
class RummyBonus:
    """The rummy bonus (R43): with 2 players 2 points per card in the opponent's hand; with 3,
    1 per card in both opponents' hands; with 4, half a point per card in all opponents'
    hands, the total rounded up once. No bonus when the draw pile ran out (R47)."""

    def deal_scores(self, outcome: DealOutcome) -> tuple[int, ...]:
        players, out = outcome.players, outcome.out
        scores = [0] * players
        if outcome.reason is DealEnd.OUT and out is not None:
            left = sum(len(h) for i, h in enumerate(outcome.hands) if i != out)
            if players == 2:
                scores[out] = 2 * left
            elif players == 3:
                scores[out] = left
            else:
                scores[out] = (left + 1) // 2
        return tuple(scores)


@attrs.frozen
class BehindChooses:
    """Who starts (R44): the first hand's starter is the seat left of a random dealer; in
    every later hand the player with the lowest score chooses whether to start, ties going to
    the tied player who comes first clockwise after the previous hand's first player; if the
    chooser declines, the player on their left starts."""

    def chooser(self, state: GamePosition) -> int | None:
        low = min(state.scores)
        for step in range(1, state.players + 1):
            seat = (state.first_player + step) % state.players
            if state.scores[seat] == low:
                return seat
        raise AssertionError("some seat has the lowest score")

    def first(self, state: GamePosition) -> int:
        return (state.dealer + 1) % state.players


@attrs.frozen
class TargetRace:
    """The race to ``target`` (R45): when a player's pegs reach it during a hand, each player
    who has had fewer turns in the hand takes one more; if it is reached by rummying, the
    hand is over and nobody plays on. Highest score wins; a tie goes to whoever reached the
    target first."""

    target: int = 121

    def over_after_turn(self, state: GamePosition, seat: int) -> bool:
        reacher = state.final_after
        return reacher is not None and state.turns[seat] >= state.turns[reacher]

    def over_after_deal(self, state: GamePosition) -> bool:
        return bool(state.reached)

    def winners(self, state: GamePosition) -> tuple[int, ...]:
        best = max(state.scores)
        tied = [seat for seat in range(state.players) if state.scores[seat] == best]
        for seat in state.reached:
            if seat in tied:
                return (seat,)
        return tuple(tied)

    def final_scores(self, state: GamePosition) -> tuple[int, ...]:
        return state.scores


def crib_rummy(
    *,
    jokers: int = 2,
    aces: str = "low",
    target: int = 121,
    joker_respects_copy_limit: bool = False,
    strict_pegging: bool = False,
    max_deals: int = 100,
) -> Variant:
    """Build Crib Rummy with the given options (see the module documentation)."""
    if type(jokers) is not int or jokers not in (2, 4):
        raise OptionError(f"jokers must be 2 (106 cards) or 4 (108 cards), not {shown(jokers)}")
    aces = choice("aces", aces, ("low", "either"), " (R49)")
    whole("target", target, 1)
    whole("max_deals", max_deals, 1)
    if not isinstance(strict_pegging, bool):
        raise OptionError(f"strict_pegging must be True or False, not {shown(strict_pegging)}")
    if not isinstance(joker_respects_copy_limit, bool):
        raise OptionError(
            "joker_respects_copy_limit must be True or False, not "
            f"{shown(joker_respects_copy_limit)}"
        )
    rules = RummyRules(
        deck_rule=FixedDeck(DeckSpec.standard(packs=2, extra_jokers=jokers)),
        deal=DealSpec(sizes=(11,)),
        meld_rules=MeldRules(
            set_max=4,
            set_suits=SetSuits.ANY,
            run_max=13,
            aces=AceRule.LOW if aces == "low" else AceRule.EITHER,
        ),
        wilds=WildRules.jokers(),
        pickup=Pickup.MELD_TOP_TAKE_SIX,
        open_before_lay_off=True,
        wild_table_copy_limit=joker_respects_copy_limit,
        meld_scoring=CribPegging(),
        deal_scoring=RummyBonus(),
        start_rule=BehindChooses(),
        game_end=TargetRace(target),
        strict_pegging=strict_pegging,
        max_deals=max_deals,
    )
    return Variant(
        id="crib-rummy",
        name="Crib Rummy",
        rules=rules,
        options={
            "jokers": jokers,
            "aces": aces,
            "target": target,
            "joker_respects_copy_limit": joker_respects_copy_limit,
            "strict_pegging": strict_pegging,
            "max_deals": max_deals,
        },
        min_players=2,
        max_players=4,
    )


register(
    "crib-rummy",
    crib_rummy,
    "Crib Rummy (Fosdick): 2-4 players, 106 cards, every meld pegs, first to 121 wins",
)
