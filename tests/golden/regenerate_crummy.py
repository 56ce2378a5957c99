"""Regenerate the golden move-count files of ``crummy``: ``tests/golden/crummy_*.json``.

    .venv/bin/python tests/golden/regenerate_crummy.py

For each case (players, seed, line) the script starts ``new_game(players=..., seed=...)`` and
plays a fixed line of at most ``steps`` moves: ``first`` always takes the first legal move
(which calls every halt it is offered and lays every quartet), ``random`` a move chosen by a
generator seeded from the case. At every step it writes down how many legal moves there are
and the move played, one ``[count, move]`` pair per line (the last pair of a finished game is
``[0, null]``). ``tests/test_crummy.py`` replays the recorded moves and compares the counts,
like perft counts in chess: a rules change that alters move generation shows up as a diff in
these files; review it before committing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import rummykit

VARIANT = "crummy"
HERE = Path(__file__).parent
#: (players, seed, line, steps).
CASES: tuple[tuple[int, int, str, int], ...] = (
    (3, 1, "first", 300),
    (3, 2, "random", 400),
    (4, 1, "first", 300),
    (4, 2, "random", 400),
    (5, 1, "first", 300),
    (5, 2, "random", 400),
)


def line(players: int, seed: int, kind: str, steps: int) -> list[tuple[int, str | None]]:
    """The ``[count, move]`` pairs of one case."""
    state = rummykit.variant(VARIANT).new_game(players=players, seed=seed)
    rng = random.Random(f"golden:{VARIANT}:{seed}")
    pairs: list[tuple[int, str | None]] = []
    for _ in range(steps):
        legal = state.legal_moves()
        if not legal:
            pairs.append((0, None))
            break
        move = legal[0] if kind == "first" else legal[rng.randrange(len(legal))]
        pairs.append((len(legal), str(move)))
        state = state.apply(move)
    return pairs


def path_of(players: int, seed: int, kind: str) -> Path:
    """Where the case's golden file lives."""
    return HERE / f"{VARIANT}_{players}p_seed{seed}_{kind}.json"


def main() -> None:
    for players, seed, kind, steps in CASES:
        head = json.dumps({"variant": VARIANT, "players": players, "seed": seed, "line": kind})
        pairs = line(players, seed, kind, steps)
        body = ",\n".join(f"  {json.dumps(list(pair))}" for pair in pairs)
        text = f'{head[:-1]}, "steps": [\n{body}\n]}}\n'
        path = path_of(players, seed, kind)
        path.write_text(text)
        print(f"wrote {path.name}")


if __name__ == "__main__":
    main()
