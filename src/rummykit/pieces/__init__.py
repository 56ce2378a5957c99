"""The composing surface: every piece a variant is built from, and the protocols they meet.

``rummykit`` is the playing surface (variants, states, moves); ``rummykit.pieces`` is what
a variant author composes: a game is a record of these pieces, and a piece of one's own is
any object that meets the piece's :class:`typing.Protocol` (nothing to inherit).

>>> from rummykit import pieces
>>> pieces.StockRule.RESHUFFLE.refill_size(())
0
>>> pieces.Pickup.TOP.must_meld(1), pieces.GoingOut.DISCARD.by_laying
(False, False)

The pieces, by what they decide:

* deck and deal: :class:`DeckRule`, :class:`FixedDeck`, :class:`DealRule` (:class:`DealSpec`)
  dealing into a :class:`Dealt`;
* the table: :class:`TablePolicy` (:class:`SharedMelds`, :class:`OwnBoards`) reading a
  :class:`TablePosition`;
* melds: :class:`MeldRules`, :class:`AceRule`, :class:`SetSuits`, :class:`MeldContext`;
* wild cards: :class:`WildPolicy` and :class:`WildRules` with its selectors and limits;
* contracts: :class:`Contract`, :class:`ContractSchedule`, :class:`RoundSpec`;
* the turn: :class:`PickupRule` (:class:`Pickup`), :class:`GoingOutRule`
  (:class:`GoingOut`), :class:`DiscardRestriction` (:class:`DiscardRule`,
  :class:`TakenCardStays`),
  :class:`StockExhaustion` (:class:`StockRule`, :class:`Wall`), :class:`ClaimRule`;
* knock games (Gin Rummy): :class:`KnockRule` (:class:`Knock`), :class:`KnockScoring`,
  :class:`MatchToTarget`;
* visibility: :class:`Visibility` (:data:`TOP_DISCARD`, :data:`WHOLE_PILE`,
  :data:`TAKEN_KNOWN`);
* tricks: :class:`TrickRules`, :class:`OneOfEachSuit`;
* option checks for factories: :func:`whole`, :func:`flag`;
* scoring and the end: :class:`MeldScoring`, :class:`DealScoring` (from a
  :class:`DealOutcome`), :class:`StartRule`, :class:`GameEnd`, and the stock scorers
  :class:`PenaltyTable`, :class:`PenaltyScoring`, :class:`WinnerTakesPenalties`,
  :class:`FixedDeals`, :class:`HighestToTarget`, :class:`DealerLeftStarts`.
"""

from rummykit.contracts import (
    CONTRACT_RUMMY_SCHEDULE,
    CONTRACT_RUMMY_SCHEDULE_10_12,
    CRUMMY_RUMMY_SCHEDULE,
    Contract,
    ContractSchedule,
    Requirement,
    RoundSpec,
    RunDistinctness,
)
from rummykit.melds import AceRule, Declaration, MeldContext, MeldKind, MeldRules, SetSuits
from rummykit.pieces.claims import ClaimOrder, ClaimRule
from rummykit.pieces.deal import DealRule, DealSpec, Dealt, DeckRule, FixedDeck, StandardPacks
from rummykit.pieces.discard import (
    NO_RESTRICTION,
    DiscardRestriction,
    DiscardRule,
    DrawnCardNever,
    NoRestriction,
    TakenCardStays,
    TurnCards,
    discard_rule_named,
)
from rummykit.pieces.going_out import GoingOut, GoingOutRule, GoOut
from rummykit.pieces.knock import (
    GIN_MELDS,
    Knock,
    KnockRule,
    KnockScoring,
    MatchToTarget,
    knock_result,
)
from rummykit.pieces.options import flag, whole
from rummykit.pieces.outcome import (
    DealEnd,
    DealOutcome,
    DealScoring,
    GameEnd,
    GamePosition,
    MeldScoring,
    NamesDealWinner,
    NoMeldScoring,
    StartRule,
    TableMeld,
    deal_winner,
)
from rummykit.pieces.pickup import MeldTakenFirst, Pickup, PickupRule, TakeAnyDepth, TakeTop
from rummykit.pieces.scoring import (
    DealerLeftStarts,
    FixedDeals,
    HighestToTarget,
    MeldValue,
    PenaltyScoring,
    PenaltyTable,
    WinnerTakesPenalties,
)
from rummykit.pieces.stock import (
    END_WHEN_EMPTY,
    EndWhenEmpty,
    Reshuffle,
    Shuffle,
    StockExhaustion,
    StockRule,
    TurnOver,
    Wall,
)
from rummykit.pieces.table import OwnBoards, SharedMelds, TablePolicy, TablePosition
from rummykit.pieces.visibility import (
    TAKEN_KNOWN,
    TOP_DISCARD,
    WHOLE_PILE,
    PileVisibility,
    Visibility,
)
from rummykit.tricks import OneOfEachSuit, TrickRules
from rummykit.wilds import (
    AtMostHalf,
    DealInfo,
    DealWilds,
    DeucesAndJokersWild,
    FixedWild,
    IndicatorRankWild,
    JokersWild,
    MinNaturals,
    NoLimit,
    NoWilds,
    RisingRankWild,
    WildLimit,
    WildMovement,
    WildPolicy,
    WildRules,
    WildSelector,
)

__all__ = [
    "CONTRACT_RUMMY_SCHEDULE",
    "CONTRACT_RUMMY_SCHEDULE_10_12",
    "CRUMMY_RUMMY_SCHEDULE",
    "END_WHEN_EMPTY",
    "GIN_MELDS",
    "NO_RESTRICTION",
    "TAKEN_KNOWN",
    "TOP_DISCARD",
    "WHOLE_PILE",
    "AceRule",
    "AtMostHalf",
    "ClaimOrder",
    "ClaimRule",
    "Contract",
    "ContractSchedule",
    "DealEnd",
    "DealInfo",
    "DealOutcome",
    "DealRule",
    "DealScoring",
    "DealSpec",
    "DealWilds",
    "DealerLeftStarts",
    "Dealt",
    "DeckRule",
    "Declaration",
    "DeucesAndJokersWild",
    "DiscardRestriction",
    "DiscardRule",
    "DrawnCardNever",
    "EndWhenEmpty",
    "FixedDeals",
    "FixedDeck",
    "FixedWild",
    "GameEnd",
    "GamePosition",
    "GoOut",
    "GoingOut",
    "GoingOutRule",
    "HighestToTarget",
    "IndicatorRankWild",
    "JokersWild",
    "Knock",
    "KnockRule",
    "KnockScoring",
    "MatchToTarget",
    "MeldContext",
    "MeldKind",
    "MeldRules",
    "MeldScoring",
    "MeldTakenFirst",
    "MeldValue",
    "MinNaturals",
    "NamesDealWinner",
    "NoLimit",
    "NoMeldScoring",
    "NoRestriction",
    "NoWilds",
    "OneOfEachSuit",
    "OwnBoards",
    "PenaltyScoring",
    "PenaltyTable",
    "Pickup",
    "PickupRule",
    "PileVisibility",
    "Requirement",
    "Reshuffle",
    "RisingRankWild",
    "RoundSpec",
    "RunDistinctness",
    "SetSuits",
    "SharedMelds",
    "Shuffle",
    "StandardPacks",
    "StartRule",
    "StockExhaustion",
    "StockRule",
    "TableMeld",
    "TablePolicy",
    "TablePosition",
    "TakeAnyDepth",
    "TakeTop",
    "TakenCardStays",
    "TrickRules",
    "TurnCards",
    "TurnOver",
    "Visibility",
    "Wall",
    "WildLimit",
    "WildMovement",
    "WildPolicy",
    "WildRules",
    "WildSelector",
    "WinnerTakesPenalties",
    "deal_winner",
    "discard_rule_named",
    "flag",
    "knock_result",
    "whole",
]
