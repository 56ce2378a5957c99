"""Adapters between rummykit and other engines and runtimes.

- :mod:`rummykit.adapters.openspiel`: OpenSpiel's ``gin_rummy`` integer actions, card ids
  and chance outcomes (it only translates values and never imports OpenSpiel).
- :mod:`rummykit.adapters.ray`: simulations on a Ray cluster (the optional extra
  ``rummykit[ray]``; Ray is imported only when an executor is made).
"""

from __future__ import annotations

__all__: list[str] = []
