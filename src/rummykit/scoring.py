"""Scorers and game-end rules shared by the penalty-scored rummies.

They now live in :mod:`rummykit.pieces.scoring`; this module re-exports them so that code
written for version 0.1 keeps working.
"""

from rummykit.pieces.scoring import DealerLeftStarts, FixedDeals, PenaltyScoring, PenaltyTable

__all__ = ["DealerLeftStarts", "FixedDeals", "PenaltyScoring", "PenaltyTable"]
