"""Benchmark the arrangement solver: calls per second of ``possible_melds``, ``min_deadwood``
and ``can_meet_contract`` on random 11- and 13-card hands holding exactly 0, 2 and 4 wild
cards, in two contexts:

* ``crummy-rummy``: runs of 4+, sets of 3+, Aces high, 2s and jokers wild at most half of a
  meld (R28), two packs with two jokers each;
* ``crazy-rummy``: Crazy Rummy in deal 7 (Sevens wild, no limit, R17), one pack.

The contract is Crummy Rummy's round 6, "2 runs + 1 set". Every call gets a hand it has not
seen before (drawn up front from a seeded ``random.Random``), so whole-hand results are never
reused; the solver's own caches (shared pieces of work such as the melds of one suit) stay warm
across calls, as they would in a simulation. ``--cold`` also reports calls per second with
every solver cache emptied before each call.

Run from the repository root::

    .venv/bin/python benchmarks/bench_solver.py            # about 0.5 s per measurement
    .venv/bin/python benchmarks/bench_solver.py --quick    # smoke test
    .venv/bin/python benchmarks/bench_solver.py --seconds 2 --cold

It prints one JSON object: ``results[context][function]["<size>x<wilds>w"]`` is calls per
second of CPU time (``time.process_time``: the solver is single-threaded and CPU-bound, and CPU
time is not inflated when other processes share the machine).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable, Sequence

from rummykit import Card, DealInfo, DeckSpec, MeldContext, MeldRules, WildRules
from rummykit.contracts import CRUMMY_RUMMY_SCHEDULE
from rummykit.melds import AceRule
from rummykit.solver import Solver, can_meet_contract, min_deadwood, possible_melds

CONTEXTS = {
    "crummy-rummy": MeldContext(
        rules=MeldRules(run_min=4, set_max=None, aces=AceRule.HIGH),
        deck=DeckSpec.standard(packs=2, jokers_per_pack=2),
        wilds=WildRules.deuces_and_jokers().for_deal(DealInfo(1)),
    ),
    "crazy-rummy": MeldContext(
        rules=MeldRules(),
        deck=DeckSpec.standard(),
        wilds=WildRules.rising_rank().for_deal(DealInfo(7)),
    ),
}
CONTRACT = CRUMMY_RUMMY_SCHEDULE.round(6).contract  # 2 runs + 1 set
SIZES = (11, 13)
WILDS = (0, 2, 4)


def penalty(card: Card) -> int:
    """Crummy Rummy's hand values (3-8: 5; 9-K: 10; A, 2, joker: 15)."""
    rank = card.rank
    if rank is None or rank <= 2:
        return 15
    return 5 if rank <= 8 else 10


def deal_hands(
    rng: random.Random, ctx: MeldContext, size: int, wilds: int, count: int
) -> list[list[Card]]:
    """``count`` random hands of ``size`` cards from the context's deck, exactly ``wilds`` of
    them wild."""
    deck = ctx.deck.cards()
    wild = [c for c in deck if ctx.wilds.is_wild(c)]
    natural = [c for c in deck if not ctx.wilds.is_wild(c)]
    return [rng.sample(wild, wilds) + rng.sample(natural, size - wilds) for _ in range(count)]


def measure(
    call: Callable[[Sequence[Card]], object],
    hands: list[list[Card]],
    seconds: float,
    before: Callable[[], None] | None = None,
) -> float:
    """Calls per CPU second of ``call``, each on the next fresh hand, for about ``seconds``
    of CPU time (CPU time, not wall time, so that other work on the machine does not count)."""
    done = 0
    spent = 0.0
    for hand in hands:
        if before is not None:
            before()
        start = time.process_time()
        call(hand)
        spent += time.process_time() - start
        done += 1
        if spent >= seconds:
            break
    return round(done / spent, 1) if spent else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="time per measurement")
    parser.add_argument("--quick", action="store_true", help="few calls (smoke test)")
    parser.add_argument("--cold", action="store_true", help="also measure with empty caches")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    seconds = 0.02 if args.quick else args.seconds
    # enough fresh hands for the fastest function (about 30,000 calls per second)
    pool = 20 if args.quick else max(2_000, int(seconds * 50_000))
    rng = random.Random(args.seed)

    functions: dict[str, Callable[[MeldContext], Callable[[Sequence[Card]], object]]] = {
        "possible_melds": lambda ctx: lambda hand: possible_melds(hand, ctx),
        "min_deadwood": lambda ctx: lambda hand: min_deadwood(hand, ctx, value=penalty),
        "can_meet_contract": lambda ctx: lambda hand: can_meet_contract(hand, CONTRACT, ctx),
    }
    results: dict[str, dict[str, dict[str, float]]] = {}
    cold: dict[str, dict[str, dict[str, float]]] = {}
    melds_per_hand: dict[str, dict[str, float]] = {}
    total_start = time.perf_counter()
    load = [round(x, 2) for x in os.getloadavg()]
    for name, ctx in CONTEXTS.items():
        results[name] = {f: {} for f in functions}
        cold[name] = {f: {} for f in functions}
        melds_per_hand[name] = {}
        solver = Solver.of(ctx)
        for size in SIZES:
            for wilds in WILDS:
                label = f"{size}x{wilds}w"
                sample = deal_hands(rng, ctx, size, wilds, 50 if not args.quick else 5)
                melds_per_hand[name][label] = round(
                    sum(len(possible_melds(h, ctx)) for h in sample) / len(sample), 1
                )
                for fname, make in functions.items():
                    call = make(ctx)
                    hands = deal_hands(rng, ctx, size, wilds, pool)
                    results[name][fname][label] = measure(call, hands, seconds)
                    if args.cold:
                        hands = deal_hands(rng, ctx, size, wilds, min(pool, 2000))
                        cold[name][fname][label] = measure(
                            call, hands, seconds, solver.clear_caches
                        )
    report: dict[str, object] = {
        "benchmark": "solver",
        "python": platform.python_version(),
        "load_average_at_start": load,
        "seed": args.seed,
        "seconds_per_measurement": seconds,
        "contract": str(CONTRACT),
        "unit": "calls per CPU second, fresh random hand per call",
        "results": results,
        "mean_melds_per_hand": melds_per_hand,
    }
    if args.cold:
        report["cold_results"] = cold
    report["total_wall_seconds"] = round(time.perf_counter() - total_start, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
