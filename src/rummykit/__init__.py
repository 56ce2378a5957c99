"""rummykit: a typed rules engine for the rummy family of card games.

The public face: it only re-exports. See the documentation for the tutorial and the pieces.

>>> import rummykit
>>> rummykit.Card.parse("QH")
Card('QH')
"""

from rummykit.cards import JOKER, Card, DeckSpec, Rank, Suit, format_cards, parse_cards
from rummykit.contracts import Contract, ContractSchedule, Requirement, RoundSpec
from rummykit.errors import (
    AmbiguousMeldError,
    CardParseError,
    InvalidMeldError,
    OptionError,
    RummykitError,
)
from rummykit.melds import AceRule, Declaration, Meld, MeldContext, MeldKind, MeldRules, SetSuits
from rummykit.wilds import DealInfo, DealWilds, WildMovement, WildPolicy, WildRules

__version__ = "0.1.0.dev0"

__all__ = [
    "JOKER",
    "AceRule",
    "AmbiguousMeldError",
    "Card",
    "CardParseError",
    "Contract",
    "ContractSchedule",
    "DealInfo",
    "DealWilds",
    "DeckSpec",
    "Declaration",
    "InvalidMeldError",
    "Meld",
    "MeldContext",
    "MeldKind",
    "MeldRules",
    "OptionError",
    "Rank",
    "Requirement",
    "RoundSpec",
    "RummykitError",
    "SetSuits",
    "Suit",
    "WildMovement",
    "WildPolicy",
    "WildRules",
    "__version__",
    "format_cards",
    "parse_cards",
]
