"""Regenerate the golden move-count files of ``crazy-rummy``, ``contract-rummy``,
``crummy-rummy``, ``basic-rummy``, ``rummy-500`` and ``oklahoma-gin``.

    .venv/bin/python tests/golden/regenerate_crazy_contract_crummy.py [VARIANT ...]

For each case (variant, options, players, seed, agent) the script starts
``new_game(players=..., seed=...)`` and plays a fixed line of at most ``STEPS`` moves, each
chosen by the named agent with a generator seeded from the case. At every step it writes down
how many legal moves there are and the move played, one ``[count, move]`` pair per line, like
perft counts in chess. ``tests/test_crazy_rummy.py``, ``tests/test_contract_rummy.py``,
``tests/test_crummy_rummy.py``, ``tests/test_basic_rummy.py``, ``tests/test_rummy_500.py``
and ``tests/test_oklahoma_gin.py``
replay the recorded moves and compare the counts step by step. A rules change that alters
move generation shows up as a diff in these files: review it before committing. Without
arguments every case is regenerated; with variant ids, only theirs.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import rummykit
from rummykit.agents import choose_move, make_agent

STEPS = 300
HERE = Path(__file__).parent

#: (variant, options, players, seed, agent). Random lines explore the move lists of one or
#: two deals; greedy lines lay melds, swap wilds and cross deals sooner.
CASES: tuple[tuple[str, dict[str, object], int, int, str], ...] = (
    ("crazy-rummy", {}, 3, 1, "random"),
    ("crazy-rummy", {}, 4, 2, "greedy"),
    ("crazy-rummy", {"decks": 2}, 6, 3, "greedy"),
    ("contract-rummy", {}, 3, 1, "greedy"),
    ("contract-rummy", {}, 5, 2, "random"),
    ("contract-rummy", {"deal_sizes": "10/12"}, 8, 3, "greedy"),
    ("crummy-rummy", {}, 2, 1, "greedy"),
    ("crummy-rummy", {}, 4, 2, "random"),
    ("crummy-rummy", {"claim_order": "original"}, 6, 3, "greedy"),
    # Random lines turn the discard pile over several times; the short turn safeguard ends
    # deal after deal, scoring nothing; greedy lines go out and cross deals.
    ("basic-rummy", {}, 2, 1, "random"),
    ("basic-rummy", {}, 2, 2, "greedy"),
    ("basic-rummy", {"max_turns": 40}, 6, 3, "random"),
    ("basic-rummy", {}, 6, 4, "greedy"),
    # Every line takes deep into the spread pile and crosses hands; eight players use two
    # packs, and the random line there lets the top card be taken freely (top_free).
    ("rummy-500", {}, 2, 1, "random"),
    ("rummy-500", {}, 2, 2, "greedy"),
    ("rummy-500", {"top_free": True}, 8, 3, "random"),
    ("rummy-500", {}, 8, 4, "greedy"),
    # Greedy lines knock and play whole showdowns; the random line spends its deals at the
    # wall and the safeguards; big gin is on in one greedy line.
    ("oklahoma-gin", {}, 2, 1, "random"),
    ("oklahoma-gin", {}, 2, 2, "greedy"),
    ("oklahoma-gin", {"big_gin": 31, "target": 60}, 2, 3, "greedy"),
)


def name(variant: str, options: dict[str, object], players: int, seed: int, agent: str) -> str:
    """The file name of a case: options other than the defaults are marked ``_opts``."""
    marker = "_opts" if options else ""
    return f"{variant}_{players}p_seed{seed}_{agent}{marker}.json"


def line(
    variant: str, options: dict[str, object], players: int, seed: int, agent: str
) -> dict[str, object]:
    """The golden record of one case."""
    game = rummykit.variant(variant, **options)
    state = game.new_game(players=players, seed=seed)
    chooser = make_agent(agent)
    rng = random.Random(f"golden:{variant}:{players}:{seed}:{agent}")
    steps: list[tuple[int, str]] = []
    while not state.is_over and len(steps) < STEPS:
        count = len(state.legal_moves())
        move = choose_move(chooser, state, rng)
        steps.append((count, str(move)))
        state = state.apply(move)
    return {
        "variant": variant,
        "options": dict(game.options),
        "players": players,
        "seed": seed,
        "agent": agent,
        "steps": steps,
    }


def dumps(data: dict[str, object]) -> str:
    """``data`` as JSON with one step per line, so that a diff shows the steps that changed."""
    head = {key: value for key, value in data.items() if key != "steps"}
    text = json.dumps(head, indent=1).rstrip("}").rstrip() + ',\n "steps": [\n'
    steps = data["steps"]
    assert isinstance(steps, list)
    text += ",\n".join(f"  {json.dumps(list(step))}" for step in steps)
    return text + "\n ]\n}\n"


def main(variants: list[str]) -> None:
    for case in CASES:
        if variants and case[0] not in variants:
            continue
        path = HERE / name(*case)
        data = line(*case)
        text = dumps(data)
        assert json.loads(text) == json.loads(json.dumps(data))
        path.write_text(text)
        print(f"{path.name}: {len(data['steps'])} steps")  # type: ignore[arg-type]


if __name__ == "__main__":
    main(sys.argv[1:])
