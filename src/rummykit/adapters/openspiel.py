"""OpenSpiel: every rummykit game as a pyspiel game, and OpenSpiel's own gin rummy ids.

With the extra installed (``pip install 'rummykit[openspiel]'``), importing this module
registers every registered rummykit game as a Python game of OpenSpiel, named
``rummykit_<id with underscores>`` (``rummykit_crummy_rummy``, ``rummykit_gin_rummy``, ...),
with a ``players`` parameter and the game's options as parameters (see
:mod:`rummykit.adapters.openspiel_games`)::

    import pyspiel
    import rummykit.adapters.openspiel  # registers the games

    game = pyspiel.load_game("rummykit_crummy_rummy", {"players": 4})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

Without OpenSpiel this module still offers the translation between rummykit's
``gin-rummy`` moves and OpenSpiel's ``gin_rummy`` action ids
(:mod:`rummykit.adapters.openspiel_ids`, re-exported here), which needs no OpenSpiel.
"""

from __future__ import annotations

from rummykit.adapters import openspiel_ids
from rummykit.adapters.openspiel_ids import *  # noqa: F403  (the gin ids, re-exported)

__all__ = [*openspiel_ids.__all__, "registered_games"]  # noqa: PLE0604


def registered_games() -> list[str]:
    """Register every rummykit game with OpenSpiel (once) and return their names; raises
    ``ImportError`` when OpenSpiel is not installed."""
    from rummykit.adapters.openspiel_games import register_games

    return register_games()


try:  # importing this module registers the games, where OpenSpiel is installed
    import pyspiel  # noqa: F401
except ImportError:  # the gin ids above work without it
    pass
else:
    registered_games()
