"""Every rummykit game as a PettingZoo AEC environment (the optional extra
``rummykit[pettingzoo]``).

>>> from rummykit.adapters.pettingzoo import env
>>> game = env("gin-rummy", players=2, max_deals=1)
>>> game.reset(seed=7)
>>> agent = game.agent_selection
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape == game.observation_space(agent)["observation"].shape
True
>>> legal = observation["action_mask"].nonzero()[0]
>>> [info["moves"][i] for i in range(len(legal))]
['take', 'pass']
>>> game.step(int(legal[0]))

Agents are ``"player_0"`` to ``"player_<n-1>"`` (seat ``i``). Each observation is a dict:
``"observation"``, a vector of floats built from the seat's view only (so a learner sees
what a player sees at the table: see :func:`observation_vector`), and ``"action_mask"``, a
vector of 0/1 over the action space.

Actions: where the game's numbering of moves (:mod:`rummykit.codec`) has at most
``max_actions`` numbers (gin 241, crummy 69, basic-rummy 3,444, rummy-500 7,044), an action
is that number. Elsewhere (the games with wild cards, whose exact numbering is far larger)
an action is an index into the seat's legal moves, in the order of their numbers, and the
space has ``max_legal`` entries (raise it if a position ever lists more moves; the
environment says so). ``info["moves"]`` lists the legal moves' texts, in action order where
actions are indices.

Rewards come at the end of the game: the winners share +1 and the others share -1 (zero
sum; +1/-1 in a two-player game); ``info["scores"]`` has the game's own scores.
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from pettingzoo import AECEnv

import rummykit
from rummykit.adapters.observations import legal_listed, observation_size, observation_vector
from rummykit.codec import action_number, codec
from rummykit.engine.core import GameState
from rummykit.engine.moves import Move
from rummykit.engine.trick import TrickGameRules
from rummykit.errors import ActionError, OptionError, shown

__all__ = ["RummykitEnv", "env", "observation_size", "observation_vector"]

#: Games whose exact numbering is at most this large use it as the action space.
MAX_ACTIONS: Final = 10_000
#: The size of a legal-move-index action space (the default of ``max_legal``).
MAX_LEGAL: Final = 4096


class RummykitEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """A rummykit game as a PettingZoo AEC environment (see the module)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's class attribute)
        "name": "rummykit",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        *,
        players: int,
        max_legal: int = MAX_LEGAL,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        super().__init__()
        self.game = rummykit.variant(game_id, **options)
        self.game.new_game(players=players, seed=0)  # checks the player count
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**RummykitEnv.metadata, "name": f"rummykit_{game_id.replace('-', '_')}"}
        self.players = players
        self.codec = codec(self.game)
        self.by_number = self.codec.size <= MAX_ACTIONS
        size = self.codec.size if self.by_number else max_legal
        self.possible_agents = [f"player_{i}" for i in range(players)]
        family = "trick" if isinstance(self.game.rules, TrickGameRules) else "rummy"
        length = observation_size(players, family)
        self._action_space = gymnasium.spaces.Discrete(size)
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=-1e6, high=1e6, shape=(length,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self._rng = random.Random()
        self.state: GameState | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    # the game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_game(players=self.players, seed=self._rng.randrange(2**31))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        seat = self.state.to_move
        if self.state.is_over or seat < 0:
            seat = 0
        self.agent_selection = self.possible_agents[seat]
        self._legal = self._ordered_moves()
        self.infos[self.agent_selection] = {
            "moves": [str(m) for _, m in self._legal],
            "scores": list(self.state.scores),
        }

    def _ordered_moves(self) -> list[tuple[int, Move]]:
        assert self.state is not None
        if self.state.is_over:
            return []
        moves = sorted((self.codec.encode(m), m) for m in self.state.legal_moves())
        if not self.by_number and len(moves) > self._action_space.n:
            raise OptionError(
                f"this position lists {len(moves)} moves, more than max_legal="
                f"{self._action_space.n}; make the environment with a larger max_legal"
            )
        return moves

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        assert self.state is not None
        seat = self.possible_agents.index(agent)
        action_mask = np.zeros(self._action_space.n, dtype=np.int8)
        if agent == self.agent_selection and not self.state.is_over:
            for index, (number, _move) in enumerate(self._legal):
                action_mask[number if self.by_number else index] = 1
        return {
            "observation": observation_vector(self.state.view(seat)),
            "action_mask": action_mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        move = self._move_of(action_number(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.state = self.state.apply(move)
        if self.state.is_over:
            self._finish()
        self._select()
        self._accumulate_rewards()

    def _move_of(self, action: int) -> Move:
        if self.by_number:
            for number, move in self._legal:
                if number == action:
                    return move
        elif 0 <= action < len(self._legal):
            return self._legal[action][1]
        raise ActionError(
            f"action {shown(action)} is not legal now; {legal_listed(self._legal, self.by_number)}"
        )

    def _finish(self) -> None:
        assert self.state is not None
        winners = set(self.state.winners)
        losers = self.players - len(winners)
        for seat, agent in enumerate(self.possible_agents):
            if seat in winners:
                self.rewards[agent] = 1.0 / len(winners) if losers else 0.0
            else:
                self.rewards[agent] = -1.0 / losers if winners else 0.0
            self.terminations[agent] = True
            self.infos[agent] = {"moves": [], "scores": list(self.state.scores)}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        assert self.state is not None
        view = self.state.view(max(self.state.to_move, 0))
        return "\n".join(f"{k}: {v}" for k, v in view.to_json().items())

    def close(self) -> None:
        pass


def env(game_id: str, *, players: int, **options: Any) -> RummykitEnv:
    """A PettingZoo AEC environment of ``game_id`` with ``players`` seats; other keywords
    are the game's options, ``max_legal`` (see the module) and ``render_mode``."""
    return RummykitEnv(game_id, players=players, **options)
