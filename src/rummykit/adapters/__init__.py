"""Adapters between rummykit and other engines and runtimes.

- :mod:`rummykit.adapters.openspiel`: every game as an OpenSpiel game (registered on
  import where OpenSpiel is installed: the extra ``rummykit[openspiel]``), and OpenSpiel's
  ``gin_rummy`` action ids, card ids and chance outcomes
  (:mod:`rummykit.adapters.openspiel_ids`, which needs no OpenSpiel).
- :mod:`rummykit.adapters.pettingzoo`: every game as a PettingZoo AEC environment (the
  extra ``rummykit[pettingzoo]``); :mod:`rummykit.adapters.observations` builds the
  observation vectors both use.
- :mod:`rummykit.adapters.ray`: simulations on a Ray cluster (the optional extra
  ``rummykit[ray]``; Ray is imported only when an executor is made).
"""

from __future__ import annotations

__all__: list[str] = []
