"""``rummykit watch``: one whole game between agents, every move narrated. Importable as
``rummykit.cli.watch``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from rummykit.agents import Agent, choose_move, show_all
from rummykit.cli_render import Narrator
from rummykit.cli_style import Style, write_lines
from rummykit.engine.core import GameState, Variant
from rummykit.sim import MAX_MOVES, agent_rng

__all__ = ["watch"]


def watch(
    game: Variant,
    *,
    players: int,
    seed: int,
    agents: Sequence[Agent],
    out: TextIO,
    style: Style | None = None,
) -> GameState:
    """Play one game between ``agents`` (one per seat) and print every move to ``out``.

    The agents draw from :func:`rummykit.sim.agent_rng` of ``seed``, so ``watch`` shows the
    game that :func:`rummykit.sim.play_game` plays with the same seed.

    >>> import io, rummykit
    >>> from rummykit.agents import GreedyAgent
    >>> log = io.StringIO()
    >>> final = watch(rummykit.variant("crib-rummy", target=31), players=2, seed=1,
    ...               agents=[GreedyAgent()] * 2, out=log)
    >>> final.is_over, "final scores:" in log.getvalue()
    (True, True)
    """
    style = style or Style.for_stream(out)
    names = [a.name for a in agents]
    state = game.new_game(players=players, seed=seed)
    narrator = Narrator(state, style, viewer=None, agents=names)
    options = ", ".join(f"{k}={v}" for k, v in game.options)
    write_lines(
        out,
        [
            style.bold(f"{game.name}: {players} players, seed {seed}"),
            f"agents: {', '.join(f'seat {i} {n}' for i, n in enumerate(names))}",
            f"options: {options or 'none'}",
            "",
        ],
    )
    write_lines(out, narrator.opening(state))
    rng = agent_rng(seed)
    moves = 0
    show_all(agents, state)
    while not state.is_over:
        if moves >= MAX_MOVES:
            raise RuntimeError(f"game with seed {seed} did not end within {MAX_MOVES} moves")
        move = choose_move(agents[state.to_move], state, rng)
        after = state.apply(move)
        moves += 1
        write_lines(out, narrator.move(state, move, after))
        state = after
        show_all(agents, state)
    write_lines(out, narrator.ending(state, moves))
    return state
