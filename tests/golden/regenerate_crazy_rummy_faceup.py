"""Regenerate the golden move-count files of ``crazy-rummy-faceup``.

    .venv/bin/python tests/golden/regenerate_crazy_rummy_faceup.py

For each case (players, seed, agent) the script starts ``new_game(players=..., seed=...)`` and
plays a fixed line of at most ``STEPS`` moves, choosing with the named agent (the generator is
seeded from the case). At every step it writes down how many legal moves there are and the
move played, one ``[count, move]`` pair per line. ``tests/test_crazy_rummy_faceup.py``
replays the recorded moves and compares the counts, like perft counts in chess. A rules
change that alters move generation shows up as a diff in these files: review it before
committing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import rummykit
from rummykit.agents import choose_move, make_agent

VARIANT = "crazy-rummy-faceup"
STEPS = 400
#: (players, seed, agent): random lines stay long in one deal; greedy lines cross deals.
CASES = (
    (2, 1, "random"),
    (2, 2, "greedy"),
    (3, 3, "random"),
    (4, 4, "greedy"),
    (6, 5, "random"),
    (8, 6, "greedy"),
)
HERE = Path(__file__).parent


def line(players: int, seed: int, agent: str) -> dict[str, object]:
    """The golden record of one case."""
    game = rummykit.variant(VARIANT)
    state = game.new_game(players=players, seed=seed)
    chooser = make_agent(agent)
    rng = random.Random(f"golden:{VARIANT}:{players}:{seed}")
    steps: list[tuple[int, str]] = []
    while not state.is_over and len(steps) < STEPS:
        count = len(state.legal_moves())
        move = choose_move(chooser, state, rng)
        steps.append((count, str(move)))
        state = state.apply(move)
    return {
        "variant": VARIANT,
        "options": dict(game.options),
        "players": players,
        "seed": seed,
        "agent": agent,
        "steps": steps,
    }


def dumps(data: dict[str, object]) -> str:
    """``data`` as JSON with one step per line, so that a diff shows the steps that changed."""
    head = {key: value for key, value in data.items() if key != "steps"}
    lines = json.dumps(head, indent=1).rstrip("}").rstrip() + ',\n "steps": [\n'
    steps = data["steps"]
    assert isinstance(steps, list)
    lines += ",\n".join(f"  {json.dumps(list(step))}" for step in steps)
    return lines + "\n ]\n}\n"


def main() -> None:
    for players, seed, agent in CASES:
        path = HERE / f"{VARIANT}_{players}p_seed{seed}_{agent}.json"
        data = line(players, seed, agent)
        text = dumps(data)
        assert json.loads(text) == json.loads(json.dumps(data))
        path.write_text(text)
        print(f"{path.name}: {len(data['steps'])} steps")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
