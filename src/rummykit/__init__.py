"""rummykit: a typed rules engine for the rummy family of card games.

The public face: it only re-exports. See the documentation for the tutorial and the pieces.

>>> import rummykit
>>> game = rummykit.variant("crib-rummy")
>>> state = game.new_game(players=2, seed=7)
>>> state.to_move in (0, 1), state.is_over
(True, False)
>>> state = state.apply(rummykit.Draw())
>>> len(state.view(state.to_move).hand)
12
"""

from rummykit.cards import JOKER, Card, DeckSpec, Rank, Suit, format_cards, parse_cards
from rummykit.contracts import Contract, ContractSchedule, Requirement, RoundSpec
from rummykit.engine.core import GameState, LegalMoves, Setup, Variant
from rummykit.engine.moves import (
    ChooseStart,
    Claim,
    Discard,
    Draw,
    End,
    LayMeld,
    LayOff,
    Move,
    Pass,
    Peg,
    Swap,
    TakeDiscard,
    parse_move,
)
from rummykit.engine.record import GameRecord, GameResult
from rummykit.engine.registry import variant, variants
from rummykit.engine.views import HIDDEN, Hidden, View
from rummykit.errors import (
    ActionError,
    AmbiguousMeldError,
    CardParseError,
    IllegalMoveError,
    InvalidMeldError,
    MoveParseError,
    OptionError,
    RecordError,
    RummykitError,
    UnknownRuleError,
)
from rummykit.melds import AceRule, Declaration, Meld, MeldContext, MeldKind, MeldRules, SetSuits
from rummykit.wilds import DealInfo, DealWilds, WildMovement, WildPolicy, WildRules

#: The state of a game (every game family's state class derives from it).
State = GameState

__version__ = "0.1.0.dev0"

__all__ = [
    "HIDDEN",
    "JOKER",
    "AceRule",
    "ActionError",
    "AmbiguousMeldError",
    "Card",
    "CardParseError",
    "ChooseStart",
    "Claim",
    "Contract",
    "ContractSchedule",
    "DealInfo",
    "DealWilds",
    "DeckSpec",
    "Declaration",
    "Discard",
    "Draw",
    "End",
    "GameRecord",
    "GameResult",
    "GameState",
    "Hidden",
    "IllegalMoveError",
    "InvalidMeldError",
    "LayMeld",
    "LayOff",
    "LegalMoves",
    "Meld",
    "MeldContext",
    "MeldKind",
    "MeldRules",
    "Move",
    "MoveParseError",
    "OptionError",
    "Pass",
    "Peg",
    "Rank",
    "RecordError",
    "Requirement",
    "RoundSpec",
    "RummykitError",
    "SetSuits",
    "Setup",
    "State",
    "Suit",
    "Swap",
    "TakeDiscard",
    "UnknownRuleError",
    "Variant",
    "View",
    "WildMovement",
    "WildPolicy",
    "WildRules",
    "__version__",
    "format_cards",
    "parse_cards",
    "parse_move",
    "variant",
    "variants",
]
