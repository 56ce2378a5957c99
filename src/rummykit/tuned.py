"""The search agent's settings of record: for each built-in game and player count, the
setting of :class:`~rummykit.search.SearchAgent` measured against greedy agents, and what
it made (``benchmarks/bench_search.py``: whole games, seats rotated over the same deals).

:func:`tuned_agent` is the agent so set (``make_agent("tuned", game=..., players=...)``,
``--agent tuned`` on the command line); :func:`measured` is the record itself.

>>> from rummykit.tuned import measured, tuned_agent
>>> record = measured("basic-rummy", 4)
>>> record.settings()["determinizations"], record.games, record.ahead, record.meets_bar
(32, 1200, 0.606, True)
>>> agent = tuned_agent("basic-rummy", 4)
>>> (agent.name, agent.determinizations, agent.recall, agent.infer_exact)
('tuned', 32, True, 1000)
>>> tuned_agent("basic-rummy", 3).determinizations  # no record: the defaults
8
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, TypedDict

import attrs

from rummykit.engine.core import Variant, whole_number
from rummykit.errors import OptionError, shown
from rummykit.search import SearchAgent

__all__ = ["MEASURED", "Measured", "SearchSettings", "measured", "tuned_agent"]


class SearchSettings(TypedDict, total=False):
    """Keyword arguments of :class:`~rummykit.search.SearchAgent` that a setting of record
    sets (those it leaves out keep their defaults)."""

    determinizations: int
    confidence: float
    handicap: float
    prune_after: int
    max_candidates: int
    depth: int
    stalled_depth: int
    careful: bool
    recall: bool
    infer: bool
    infer_exact: int
    min_known: float
    objective: str
    ahead_scale: float


def _copied(settings: SearchSettings) -> SearchSettings:
    return settings.copy()  # the record keeps its own


@attrs.frozen
class Measured:
    """One setting of the search agent and what it made against greedy opponents.

    ``won`` is the share of games won (a tie shared), ``ahead`` the share of its greedy
    opponents it finished ahead of (with two players, the same; ``None`` where it was not
    kept, at least ``won`` as a winner is ahead of everyone); each with its 95% interval
    over the deal seeds where one was kept. ``logs`` are the files in
    ``benchmarks/results/`` that hold the games (none for the oldest runs, measured before
    runs kept logs; their figures are the bot guide's)."""

    game: str
    players: int
    _settings: SearchSettings = attrs.field(converter=_copied, hash=False, repr=False)
    games: int
    won: float
    won_ci95: tuple[float, float]
    ahead: float | None
    ahead_ci95: tuple[float, float] | None = None
    logs: tuple[str, ...] = ()
    #: What the setting is, in words (as the bot guide's table says it).
    label: str = ""

    #: Games a setting is measured over, at least, for the bar (:attr:`meets_bar`).
    BAR_GAMES: ClassVar[int] = 400
    #: The share of games won, or of greedy opponents finished ahead of, for the bar.
    BAR_RATE: ClassVar[float] = 0.6

    @property
    def meets_bar(self) -> bool:
        """Whether the setting beat greedy play by the measure the project holds every game
        to: over at least 400 games, it won at least 60% of them or, with more than two
        players, finished ahead of at least 60% of its greedy opponents."""
        return self.games >= self.BAR_GAMES and max(self.won, self.ahead or 0.0) >= self.BAR_RATE

    def settings(self) -> SearchSettings:
        """The setting, as keyword arguments of :class:`~rummykit.search.SearchAgent` (a
        new dict each call)."""
        return self._settings.copy()

    def agent(self, name: str = "tuned") -> SearchAgent:
        """A new search agent with this setting."""
        return SearchAgent(name=name, **self._settings)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "game": self.game,
            "players": self.players,
            "settings": dict(self._settings),
            "label": self.label,
            "games": self.games,
            "won": self.won,
            "won_ci95": list(self.won_ci95),
            "ahead": self.ahead,
            "ahead_ci95": None if self.ahead_ci95 is None else list(self.ahead_ci95),
            "logs": list(self.logs),
            "meets_bar": self.meets_bar,
        }


#: Lean: 8 samples pruned after 3, 4 candidates, rollouts cut at 60 moves.
_LEAN: Final[SearchSettings] = {
    "careful": True,
    "determinizations": 8,
    "prune_after": 3,
    "max_candidates": 4,
    "depth": 60,
}
_LEAN_LABEL: Final = "careful, 8 samples pruned after 3, 4 candidates, rollouts cut at 60 moves"


def _record(
    game: str,
    players: int,
    settings: SearchSettings,
    label: str,
    *,
    games: int,
    won: tuple[float, float, float],
    ahead: tuple[float, float, float] | float | None = None,
    logs: tuple[str, ...] = (),
) -> Measured:
    """A record from its figures: ``won`` and ``ahead`` as (share, low, high); ``ahead``
    a bare share where its interval was not kept, ``None`` where it was not kept at all
    (with two players it is ``won``)."""
    share, low, high = won
    aheads: float | None = None
    ahead_ci: tuple[float, float] | None = None
    if players == 2:
        aheads, ahead_ci = share, (low, high)
    elif isinstance(ahead, float):
        aheads = ahead
    elif ahead is not None:
        aheads, ahead_ci = ahead[0], (ahead[1], ahead[2])
    return Measured(
        game,
        players,
        settings,
        games=games,
        won=share,
        won_ci95=(low, high),
        ahead=aheads,
        ahead_ci95=ahead_ci,
        logs=logs,
        label=label,
    )


#: Every setting of record, by game and player count (figures: ``make search-report``).
MEASURED: Final[tuple[Measured, ...]] = (
    _record(
        "basic-rummy",
        2,
        {"careful": True, "handicap": 10.0, "prune_after": 3},
        "careful, handicap 10, 8 samples pruned after 3",
        games=400,
        won=(0.6225, 0.5772, 0.6678),
        logs=("search-basic-rummy-2p-careful-h10.jsonl",),
    ),
    _record(
        "basic-rummy",
        4,
        {
            "determinizations": 32,
            "confidence": 1.0,
            "recall": True,
            "infer": True,
            "infer_exact": 1000,
            "min_known": 0.6,
        },
        "memory and reading (exact where few deals are left), 32 samples, one standard "
        "error, searching where the memory places 60%",
        games=1200,
        won=(0.3567, 0.3374, 0.376),
        ahead=(0.606, 0.5916, 0.6203),
        logs=(
            "search-basic-rummy-4p-d32-exact.jsonl",
            "search-basic-rummy-4p-d32-exact-s8000.jsonl",
            "search-basic-rummy-4p-d32-exact-s9000.jsonl",
        ),
    ),
    _record(
        "contract-rummy",
        3,
        _LEAN,
        _LEAN_LABEL,
        games=402,
        won=(0.49, 0.4448, 0.5353),
        ahead=(0.6443, 0.6104, 0.6781),
        logs=("search-contract-rummy-3p-lean.jsonl",),
    ),
    _record(
        "contract-rummy",
        4,
        _LEAN,
        _LEAN_LABEL,
        games=400,
        won=(0.3475, 0.3082, 0.3868),
        ahead=(0.6321, 0.6034, 0.6607),
        logs=("search-contract-rummy-4p-lean.jsonl",),
    ),
    # measured before runs kept logs (the bot guide's figures)
    _record(
        "crazy-rummy",
        3,
        {"determinizations": 16},
        "16 samples",
        games=402,
        won=(0.582, 0.538, 0.626),
        ahead=0.702,
    ),
    _record(
        "crazy-rummy",
        4,
        {"determinizations": 16},
        "16 samples",
        games=400,
        won=(0.4925, 0.4542, 0.5308),
        ahead=(0.6975, 0.6747, 0.7203),
        logs=("search-crazy-rummy-4p.jsonl",),
    ),
    _record(
        "crazy-rummy-faceup",
        2,
        {"determinizations": 64, "prune_after": 8},
        "64 samples pruned after 8",
        games=400,
        won=(0.63, 0.5944, 0.6656),
        logs=("search-crazy-rummy-faceup-2p-d64p8.jsonl",),
    ),
    _record(
        "crazy-rummy-faceup",
        4,
        {"determinizations": 16},
        "16 samples",
        games=400,
        won=(0.3488, 0.3151, 0.3824),
        ahead=(0.6021, 0.5801, 0.6241),
        logs=("search-crazy-rummy-faceup-4p.jsonl",),
    ),
    _record(
        "crib-rummy",
        2,
        {"careful": True},
        "careful, 8 samples",
        games=400,
        won=(0.6, 0.5555, 0.6445),
        logs=("search-crib-rummy-2p-careful.jsonl",),
    ),
    _record(
        "crib-rummy",
        4,
        {"careful": True},
        "careful, 8 samples",
        games=400,
        won=(0.3775, 0.33, 0.425),
        ahead=(0.6371, 0.6057, 0.6685),
        logs=("search-crib-rummy-4p-careful.jsonl",),
    ),
    # measured before runs kept logs (the bot guide's figures; three-player Crummy's share
    # ahead was not kept)
    _record(
        "crummy",
        3,
        {"determinizations": 16},
        "16 samples",
        games=402,
        won=(0.664, 0.625, 0.703),
    ),
    _record(
        "crummy",
        4,
        {"determinizations": 16},
        "16 samples",
        games=400,
        won=(0.495, 0.447, 0.543),
        ahead=0.743,
    ),
    _record(
        "crummy-rummy",
        2,
        {**_LEAN, "handicap": 10.0},
        "careful, handicap 10, 8 samples pruned after 3, 4 candidates, rollouts cut at 60 moves",
        games=400,
        won=(0.62, 0.5801, 0.6599),
        logs=("search-crummy-rummy-2p-protect-h10.jsonl",),
    ),
    _record(
        "crummy-rummy",
        4,
        _LEAN,
        _LEAN_LABEL,
        games=400,
        won=(0.3937, 0.3508, 0.4367),
        ahead=(0.6279, 0.5991, 0.6567),
        logs=("search-crummy-rummy-4p-lean.jsonl",),
    ),
    _record("gin-rummy", 2, {}, "8 samples", games=400, won=(0.622, 0.586, 0.659)),
    _record(
        "oklahoma-gin",
        2,
        {"determinizations": 32, "prune_after": 8},
        "32 samples pruned after 8",
        games=400,
        won=(0.615, 0.5791, 0.6509),
        logs=("search-oklahoma-gin-2p-d32p8.jsonl",),
    ),
    _record(
        "rummy-500",
        2,
        {"careful": True},
        "careful, 8 samples",
        games=400,
        won=(0.6913, 0.6481, 0.7344),
        logs=("search-rummy-500-2p-careful.jsonl",),
    ),
    _record(
        "rummy-500",
        4,
        {"careful": True},
        "careful, 8 samples",
        games=400,
        won=(0.5675, 0.5219, 0.6131),
        ahead=(0.7863, 0.761, 0.8115),
        logs=("search-rummy-500-4p-careful.jsonl",),
    ),
)

_BY_GAME: Final[dict[tuple[str, int], Measured]] = {(m.game, m.players): m for m in MEASURED}


def _game_id(game: str | Variant) -> str:
    if isinstance(game, Variant):
        return game.id
    if isinstance(game, str):
        return game
    raise OptionError(f"game must be a game id or a Variant, not {shown(game)}")


def measured(game: str | Variant, players: int) -> Measured | None:
    """The setting of record for ``game`` (an id or a variant, whose options do not count)
    at ``players`` players, or ``None`` where none was measured."""
    return _BY_GAME.get((_game_id(game), whole_number(players, "players")))


def tuned_agent(game: str | Variant, players: int) -> SearchAgent:
    """A new search agent with the setting of record for ``game`` at ``players`` players
    (:func:`measured`), named ``"tuned"``; with none, the search agent's defaults."""
    record = measured(game, players)
    return record.agent() if record is not None else SearchAgent(name="tuned")
