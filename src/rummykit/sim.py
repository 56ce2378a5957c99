"""Batch simulation: play many games between agents and report JSON-ready statistics.

>>> from rummykit.sim import simulate
>>> report = simulate("crib-rummy", players=2, games=2, seed=1, agents="greedy")
>>> report.completed, report.errors
(2, 0)
>>> simulate("crib-rummy", players=2, games=2, seed=1, agents="greedy").wins == report.wins
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rummykit.agents import Agent, make_agent
from rummykit.engine.core import GameState, Variant
from rummykit.engine.registry import variant
from rummykit.errors import OptionError

__all__ = ["GameResult", "SimulationReport", "agent_rng", "game_seed", "play_game", "simulate"]

#: A game that has not ended after this many moves is stopped and counted as an error.
MAX_MOVES = 200_000


def agent_rng(seed: int) -> random.Random:
    """The generator the agents of the game seeded with ``seed`` draw from (so a game can be
    watched or replayed move for move outside :func:`play_game`)."""
    return random.Random(f"rummykit-agents:{seed}")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``."""
    return random.Random(f"rummykit:{seed}:{index}").getrandbits(48)


@attrs.frozen
class GameResult:
    """One finished game: its seed, final state, moves applied and winners."""

    seed: int
    state: GameState
    moves: int
    winners: tuple[int, ...]


def play_game(
    game: Variant, *, players: int, seed: int, agents: Sequence[Agent], max_moves: int = MAX_MOVES
) -> GameResult:
    """Play one game to the end, agent ``agents[seat]`` choosing for each seat."""
    if len(agents) != players:
        raise OptionError(f"{players} players need {players} agents, got {len(agents)}")
    state = game.new_game(players=players, seed=seed)
    rng = agent_rng(seed)
    moves = 0
    while not state.is_over:
        if moves >= max_moves:
            raise RuntimeError(f"game with seed {seed} did not end within {max_moves} moves")
        state = state.apply(agents[state.to_move].choose(state, rng))
        moves += 1
    winners: tuple[int, ...] = getattr(state, "winners", ())
    return GameResult(seed=seed, state=state, moves=moves, winners=winners)


@attrs.frozen
class SimulationReport:
    """What :func:`simulate` measured. :meth:`to_json` gives the command line's JSON."""

    variant: str
    options: dict[str, object]
    players: int
    games: int
    seed: int
    agents: tuple[str, ...]
    completed: int
    errors: int
    moves: int
    seconds: float
    mean_scores: tuple[float, ...]
    wins: tuple[float, ...]
    error_samples: tuple[str, ...]

    @property
    def games_per_second(self) -> float:
        return self.completed / self.seconds if self.seconds else 0.0

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (DESIGN.md's ``simulate --json`` contract)."""
        return {
            "variant": self.variant,
            "options": self.options,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "agents": list(self.agents),
            "completed": self.completed,
            "errors": self.errors,
            "moves": self.moves,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "moves_per_second": round(self.moves_per_second, 1),
            "mean_scores": [round(s, 3) for s in self.mean_scores],
            "wins": list(self.wins),
            "error_samples": list(self.error_samples),
        }


def simulate(
    game: str | Variant,
    *,
    players: int,
    games: int,
    seed: int = 0,
    agents: str | Sequence[str | Agent] = "random",
    progress: Callable[[int, int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` games and report. ``agents`` is one agent name for every seat or one per
    seat. Wins are counted per seat; a shared win gives each winner an equal part.
    The same arguments give the same games, scores and wins (timings aside)."""
    chosen = variant(game) if isinstance(game, str) else game
    if games < 0:
        raise OptionError(f"games must not be negative, got {games}")
    names = [agents] * players if isinstance(agents, str) else list(agents)
    seats = [make_agent(a) if isinstance(a, str) else a for a in names]
    totals = [0.0] * players
    wins = [0.0] * players
    completed = errors = moves = 0
    samples: list[str] = []
    started = time.perf_counter()
    for index in range(games):
        seed_i = game_seed(seed, index)
        try:
            result = play_game(chosen, players=players, seed=seed_i, agents=seats)
        except Exception as error:
            errors += 1
            if len(samples) < 5:
                samples.append(f"game {index} (seed {seed_i}): {type(error).__name__}: {error}")
        else:
            completed += 1
            moves += result.moves
            for seat, score in enumerate(result.state.scores):
                totals[seat] += score
            for seat in result.winners:
                wins[seat] += 1 / len(result.winners)
        if progress is not None:
            progress(index + 1, games)
    seconds = time.perf_counter() - started
    return SimulationReport(
        variant=chosen.id,
        options=dict(chosen.options),
        players=players,
        games=games,
        seed=seed,
        agents=tuple(a.name for a in seats),
        completed=completed,
        errors=errors,
        moves=moves,
        seconds=seconds,
        mean_scores=tuple(t / completed if completed else 0.0 for t in totals),
        wins=tuple(round(w, 6) for w in wins),
        error_samples=tuple(samples),
    )
