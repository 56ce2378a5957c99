"""The rummykit conformance kit: tools for property-testing rules and variants.

This subpackage needs `hypothesis <https://hypothesis.readthedocs.io>`_, which is a *dev*
dependency of rummykit (``pip install rummykit[dev]``), not a runtime one: the engine itself
never imports anything from here. Importing ``rummykit.testing`` alone loads nothing heavy;
import the module you need:

- :mod:`rummykit.testing.strategies`: hypothesis strategies for cards, card texts, decks,
  hands, meld rules, wild policies, meld contexts and valid melds, for testing your own
  variants and pieces.

>>> from rummykit.testing import strategies
>>> strategies.__name__
'rummykit.testing.strategies'
"""

from __future__ import annotations

__all__: list[str] = []
