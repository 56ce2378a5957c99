"""Every rummykit game as an OpenSpiel Python game (the extra ``rummykit[openspiel]``).

:func:`register_games` (called when :mod:`rummykit.adapters.openspiel` is imported)
registers ``rummykit_<id with underscores>`` for every registered game, with the parameter
``players`` (default: the game's least) and the game's options whose defaults are plain
values (``int``, ``bool``, ``str``; not a string that reads as a number, which OpenSpiel's
serialization would turn into an int).

* **Chance.** The first node of a game is a chance node: it draws the seed of every shuffle
  of the game (the deal of each hand and every reshuffle of the discard pile) among
  ``seeds`` equally likely outcomes (a parameter, default 4096), so each outcome is one
  sequence of shuffles. Everything after it is the players' moves.
* **Actions.** The game's numbering (:mod:`rummykit.codec`) where it has at most 10,000
  numbers (OpenSpiel's own ids for gin); elsewhere indices into the legal moves in the order
  of their numbers (at most ``max_legal``, default 4096, numbers).
* **Observations** come from the seat's view only: the string is the view's JSON, the
  tensor :func:`~rummykit.adapters.observations.observation_vector`.
* **Returns** at the end, zero-sum: the winners share +1, the others -1.
"""

from __future__ import annotations

import json
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

import rummykit
from rummykit.adapters.observations import legal_listed, observation_size, observation_vector
from rummykit.codec import Codec, codec
from rummykit.engine.core import GameState, Variant
from rummykit.engine.moves import Move
from rummykit.engine.trick import TrickGameRules
from rummykit.errors import ActionError, shown
from rummykit.sim import MAX_MOVES

__all__ = ["RummykitGame", "RummykitState", "game_name", "register_games"]

#: Games whose numbering is at most this large use it as their actions.
MAX_ACTIONS: Final = 10_000
#: Default outcomes of the seed's chance node, and of ``max_legal``.
SEEDS: Final = 4096
MAX_LEGAL: Final = 4096

_REGISTERED: dict[str, type[pyspiel.Game]] = {}


def game_name(game_id: str) -> str:
    """OpenSpiel's name of a rummykit game: ``rummykit_crummy_rummy``."""
    return "rummykit_" + game_id.replace("-", "_")


def _plain_options(game: Variant) -> dict[str, int | bool | str]:
    """The options OpenSpiel can carry as parameters: plain ints, bools and strings, but not
    a string that reads as a number (OpenSpiel's serialized games read ``"13"`` back as the
    int 13, which its type check then refuses: ``contract-rummy``'s ``deal_sizes``)."""
    return {
        key: value
        for key, value in game.options
        if isinstance(value, (int, bool))
        or (isinstance(value, str) and not value.lstrip("-").isdigit())
    }


def register_games() -> list[str]:
    """Register every registered rummykit game with OpenSpiel (each once); their names."""
    names = []
    for game_id in rummykit.variants():
        name = game_name(game_id)
        names.append(name)
        if name in _REGISTERED:
            continue
        game = rummykit.variant(game_id)
        parameters: dict[str, Any] = {
            "players": game.min_players,
            "seeds": SEEDS,
            "max_legal": MAX_LEGAL,
            **_plain_options(game),
        }
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"rummykit {game.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=game.max_players,
            min_num_players=game.min_players,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=parameters,
        )
        cls = type(
            f"RummykitGame_{game_id.replace('-', '_')}",
            (RummykitGame,),
            {"GAME_ID": game_id, "GAME_TYPE": game_type},
        )
        pyspiel.register_game(game_type, cls)
        _REGISTERED[name] = cls
    return names


class RummykitGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A rummykit game for OpenSpiel (one subclass per game, made by
    :func:`register_games`)."""

    GAME_ID: str = ""
    GAME_TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        defaults = self.GAME_TYPE.parameter_specification
        merged = {key: params.get(key, value) for key, value in defaults.items()}
        players = int(merged.pop("players"))
        seeds = int(merged.pop("seeds"))
        max_legal = int(merged.pop("max_legal"))
        variant = rummykit.variant(self.GAME_ID, **merged)
        variant.new_game(players=players, seed=0)  # checks the player count
        numbering = codec(variant)
        by_number = numbering.size <= MAX_ACTIONS
        actions = numbering.size if by_number else max_legal
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=seeds,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_MOVES,
        )
        super().__init__(self.GAME_TYPE, info, params)  # before any attribute is set
        family = "trick" if isinstance(variant.rules, TrickGameRules) else "rummy"
        self.spec = _Spec(players, seeds, variant, numbering, by_number, actions, family)

    def new_initial_state(self) -> RummykitState:
        return RummykitState(self, self.spec)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RummykitObserver:
        return RummykitObserver(observation_size(self.spec.players, self.spec.family))


@attrs.frozen
class _Spec:
    """What a game's states need to know of it (states hold this, not the pyspiel game,
    which does not survive the copies OpenSpiel makes of states)."""

    players: int
    seeds: int
    variant: Variant
    codec: Codec
    by_number: bool
    actions: int
    family: str

    def __deepcopy__(self, memo: dict[int, object]) -> _Spec:
        return self  # immutable


class RummykitState(pyspiel.State):  # type: ignore[misc]
    """A position: before the seed is drawn (a chance node), then a rummykit state."""

    def __init__(self, game: RummykitGame, spec: _Spec) -> None:
        super().__init__(game)
        self.spec = spec
        self.inner: GameState | None = None

    # chance and turns

    def current_player(self) -> int:
        if self.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.inner.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.inner.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        probability = 1.0 / self.spec.seeds
        return [(seed, probability) for seed in range(self.spec.seeds)]

    def _moves(self) -> list[tuple[int, Move]]:
        assert self.inner is not None
        moves = sorted((self.spec.codec.encode(m), m) for m in self.inner.legal_moves())
        if not self.spec.by_number and len(moves) > self.spec.actions:
            raise ValueError(
                f"this position lists {len(moves)} moves, more than max_legal="
                f"{self.spec.actions}; load the game with a larger max_legal"
            )
        return moves

    def _legal_actions(self, player: int) -> list[int]:
        if self.inner is None or self.inner.is_over or player != self.inner.to_move:
            return []
        moves = self._moves()
        if self.spec.by_number:
            return [number for number, _ in moves]
        return list(range(len(moves)))

    def _move(self, action: int) -> Move:
        moves = self._moves()
        if self.spec.by_number:
            for number, move in moves:
                if number == action:
                    return move
        elif 0 <= action < len(moves):
            return moves[action][1]
        raise ActionError(
            f"action {shown(action)} is not legal now; {legal_listed(moves, self.spec.by_number)}"
        )

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            self.inner = self.spec.variant.new_game(players=self.spec.players, seed=int(action))
            return
        self.inner = self.inner.apply(self._move(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.inner is None:
            return f"seed {action}"
        if self.spec.by_number or self.inner.is_over:
            if self.spec.by_number:
                return str(self.spec.codec.decode(action, self.inner))
            return f"action {action}"
        moves = self._moves()
        return str(moves[action][1]) if 0 <= action < len(moves) else f"action {action}"

    # the end

    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.is_over

    def returns(self) -> list[float]:
        players = self.spec.players
        if self.inner is None or not self.inner.is_over:
            return [0.0] * players
        winners = set(self.inner.winners)
        losers = players - len(winners)
        if not winners or not losers:
            return [0.0] * players
        return [1.0 / len(winners) if s in winners else -1.0 / losers for s in range(players)]

    def __str__(self) -> str:
        """A short summary (``state.inner.observer_json()`` has everything)."""
        inner = self.inner
        if inner is None:
            return "the seed of the shuffles is not drawn yet"
        phase = getattr(inner, "phase", None)
        return (
            f"{inner.variant.id}: deal {inner.deal_number}, "
            f"{getattr(phase, 'value', phase)}, seat {inner.to_move} to move, "
            f"scores {list(inner.scores)}, move {len(inner.moves)}"
        )


class RummykitObserver:
    """Observations from a seat's view: a tensor and its JSON text."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RummykitState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.inner is not None:
            self.tensor[:] = observation_vector(state.inner.view(player))

    def string_from(self, state: RummykitState, player: int) -> str:
        if state.inner is None:
            return f"seat {player}: nothing dealt yet"
        return json.dumps(state.inner.view(player).to_json(), ensure_ascii=False)
