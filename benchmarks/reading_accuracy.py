"""How well the search agent's samples place the cards of the other hands it cannot see.

Greedy agents play whole games; seat 0 is followed by search agents that only sample (one
per setting of ``--exact``: :attr:`SearchAgent.infer_exact
<rummykit.search.SearchAgent.infer_exact>`, 0 for the chain alone; and one per setting of
``--deal``: :attr:`SearchAgent.infer_deal <rummykit.search.SearchAgent.infer_deal>`, told
seat 0's moves as if it had chosen them), each with its memory and its reading
(``recall=True, infer=True``), and by plain samples with the memory. At each
decision of seat 0 where a ``--min-known`` search would search, each draws ``--samples``
samples of the view, and the report counts, per phase of the deal (``fresh``: the pile not
yet turned over; ``turned``: turned over, not stalled; ``stalled``), the share of the other
hands' cards the memory does not place that a sample puts in the right hand (``placed``),
that share over the decisions read exactly alone (``placed_exact``), how many decisions
were read exactly, the mean number of deals an exact reading kept, the mean number of
different deals (of the other hands) among a decision's samples (``distinct``: how far the
samples spread, against how often they are right), the Brier score of the samples as a
forecast of where each unplaced card lies (``brier``, a card's mean: how sure against how
right), and the seconds the samples took. The games do not depend on the settings (their
dice are apart), so every setting reads the same positions.

    python benchmarks/reading_accuracy.py --games 20 --exact 0,1000
    python benchmarks/reading_accuracy.py --games 20 --exact 0 --deal 1500

Prints ONE JSON object; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import rummykit
from rummykit.agents import GreedyAgent, _stalled, choose_move
from rummykit.engine.core import GameState
from rummykit.engine.rummy import RummyState
from rummykit.search import SearchAgent, sample_state
from rummykit.sim import game_seed


def placed(sample: GameState, real: GameState, known: Sequence[Sequence[Any]]) -> tuple[int, int]:
    """How many of the other hands' cards in ``real`` that are not ``known`` (seat 0's
    memory of each hand) ``sample`` puts in the same hand, and how many there are."""
    assert isinstance(sample, RummyState) and isinstance(real, RummyState)
    right = total = 0
    for seat in range(1, len(real.hands)):
        unplaced = Counter(real.hands[seat]) - Counter(known[seat])
        guessed = Counter(sample.hands[seat]) - Counter(known[seat])
        right += sum((unplaced & guessed).values())
        total += sum(unplaced.values())
    return right, total


def brier(
    samples: Sequence[GameState], real: GameState, known: Sequence[Sequence[Any]]
) -> tuple[float, int]:
    """The Brier score of ``samples`` as a forecast of where each card of the other hands
    in ``real`` that is not ``known`` lies (each other hand, or elsewhere: the share of the
    samples that put it there, against where it is), summed over those cards; and how many
    there are. 0 is a sure and right forecast; lower is better, and a forecast surer than it
    is right scores worse than a vaguer one as often right.

    >>> import rummykit
    >>> real = rummykit.variant("basic-rummy").new_game(players=3, seed=1)
    >>> brier([real, real], real, [()] * 3)   # sure and right, for each of 14 cards
    (0.0, 14)
    """
    assert isinstance(real, RummyState)
    score, count = 0.0, 0
    seats = range(1, len(real.hands))
    held = [Counter(sample.hands[seat]) for sample in samples for seat in seats]
    for seat in seats:
        for card in (Counter(real.hands[seat]) - Counter(known[seat])).elements():
            shares = [
                sum(held[k * len(seats) + s - 1][card] > 0 for k in range(len(samples)))
                / len(samples)
                for s in seats
            ]
            truth = [float(s == seat) for s in seats]
            elsewhere = 1.0 - sum(shares)
            score += sum((p - y) ** 2 for p, y in zip(shares, truth, strict=True)) + elsewhere**2
            count += 1
    return score, count


def _others(state: GameState) -> tuple[tuple[Any, ...], ...]:
    """The other seats' hands of ``state``, each sorted."""
    assert isinstance(state, RummyState)
    return tuple(tuple(sorted(hand)) for hand in state.hands[1:])


def phase(view: Any) -> str:
    """``fresh``, ``turned`` or ``stalled``: where the deal stands."""
    if _stalled(view):
        return "stalled"
    return "turned" if getattr(view, "reshuffles", 0) else "fresh"


def measure(  # noqa: PLR0917  (the run's settings, as the command line gives them)
    game_id: str,
    players: int,
    games: int,
    seed: int,
    exact: Sequence[int],
    samples: int,
    min_known: float,
    deal: Sequence[int] = (),
) -> dict[str, dict[str, dict[str, float]]]:
    """Counts per phase and per setting (``"plain"``, each ``exact`` and each ``deal``),
    as the module says."""
    counts: Counter[tuple[str, str, str]] = Counter()
    settings = [(f"exact={n}", {"infer_exact": n}) for n in exact]
    settings += [(f"deal={n}", {"infer_deal": n}) for n in deal]
    names = [name for name, _ in settings]
    for index in range(games):
        deal_seed = game_seed(seed, index)
        state = rummykit.variant(game_id).new_game(players=players, seed=deal_seed)
        agents = [SearchAgent(infer=True, recall=True, **kwargs) for _, kwargs in settings]
        play, rng = random.Random(deal_seed), random.Random(deal_seed + 1)
        for agent in agents:
            agent.observe(state.view(0))
        while not state.is_over:
            move = choose_move(GreedyAgent(), state, play)
            if state.to_move == 0:  # as if each agent had chosen it (its reading of the deal)
                for agent in agents:
                    agent._chosen[0] = (state.view(0), move)
            state = state.apply(move)
            view = state.view(0)
            for agent in agents:
                agent.observe(view)
            memory = agents[0]._memory[0]
            if view.to_move != 0 or state.is_over or not memory.follows(view):
                continue
            if memory.placed_share(view) < min_known:
                continue
            where = phase(view)
            counts[where, "plain", "decisions"] += 1
            plain = [sample_state(view, rng, memory) for _ in range(samples)]
            for sample in plain:
                right, total = placed(sample, state, memory.known)
                counts[where, "plain", "right"] += right
                counts[where, "plain", "total"] += total
            score, cards = brier(plain, state, memory.known)
            counts[where, "plain", "brier_millis"] += round(score * 1000)
            counts[where, "plain", "brier_cards"] += cards
            for name, agent in zip(names, agents, strict=True):
                started = time.perf_counter()
                reader = agent._reader(view, GreedyAgent())
                drawn = [agent._sample(view, rng, memory, reader) for _ in range(samples)]
                counts[where, name, "microseconds"] += int((time.perf_counter() - started) * 1e6)
                counts[where, name, "decisions"] += 1
                exactly = reader is not None and bool(reader.ends)
                if exactly:
                    assert reader is not None
                    counts[where, name, "exact"] += 1
                    counts[where, name, "deals"] += len(reader.hands())
                counts[where, name, "distinct"] += len({_others(sample) for sample in drawn})
                score, cards = brier(drawn, state, memory.known)
                counts[where, name, "brier_millis"] += round(score * 1000)
                counts[where, name, "brier_cards"] += cards
                for sample in drawn:
                    right, total = placed(sample, state, memory.known)
                    counts[where, name, "right"] += right
                    counts[where, name, "total"] += total
                    if exactly:
                        counts[where, name, "right_exact"] += right
                        counts[where, name, "total_exact"] += total
        print(f"[reading] {index + 1}/{games} games", file=sys.stderr, flush=True)
    report: dict[str, dict[str, dict[str, float]]] = {}
    for where in sorted({key[0] for key in counts}):
        report[where] = {}
        for name in ["plain", *names]:
            c = {key[2]: value for key, value in counts.items() if key[:2] == (where, name)}
            entry: dict[str, float] = {
                "decisions": c.get("decisions", 0),
                "placed": round(c.get("right", 0) / max(1, c.get("total", 0)), 3),
                "brier": round(
                    c.get("brier_millis", 0) / 1000 / max(1, c.get("brier_cards", 0)), 3
                ),
            }
            if name != "plain":
                exact_decisions = c.get("exact", 0)
                entry["exact_decisions"] = exact_decisions
                entry["placed_exact"] = round(
                    c.get("right_exact", 0) / max(1, c.get("total_exact", 0)), 3
                )
                entry["deals_kept"] = round(c.get("deals", 0) / max(1, exact_decisions), 1)
                entry["distinct"] = round(c.get("distinct", 0) / max(1, entry["decisions"]), 2)
                entry["seconds"] = round(c.get("microseconds", 0) / 1e6, 2)
            report[where][name] = entry
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="basic-rummy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument(
        "--exact", default="0,1000", help="the infer_exact settings to compare, comma-separated"
    )
    parser.add_argument(
        "--deal", default="", help="the infer_deal settings to compare, comma-separated"
    )
    parser.add_argument("--samples", type=int, default=8, help="samples a decision")
    parser.add_argument("--min-known", type=float, default=0.6)
    args = parser.parse_args(argv)
    try:
        exact = [int(text) for text in args.exact.split(",") if text]
        deal = [int(text) for text in args.deal.split(",") if text]
    except ValueError:
        parser.error(
            f"--exact and --deal take whole numbers separated by commas, not "
            f"{args.exact!r} and {args.deal!r}"
        )
    if args.games < 1 or args.samples < 1 or min(exact, default=0) < 0 or min(deal, default=1) < 1:
        parser.error(
            "--games and --samples must be 1 or more, --exact 0 or more, --deal 1 or more"
        )
    report = measure(
        args.game, args.players, args.games, args.seed, exact, args.samples, args.min_known, deal
    )
    json.dump({"game": args.game, "players": args.players, "games": args.games,
               "seed": args.seed, "min_known": args.min_known, "phases": report},
              sys.stdout, indent=1)  # fmt: skip
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
