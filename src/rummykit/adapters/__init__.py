"""Adapters between rummykit and other engines' conventions. None of them imports the other
engine: they only translate values, so they add no dependency.

- :mod:`rummykit.adapters.openspiel`: OpenSpiel's ``gin_rummy`` integer actions, card ids
  and chance outcomes.
"""

from __future__ import annotations

__all__: list[str] = []
