"""Differential gate: prove that a change to the engine changes no behaviour.

For every case (game, option set, player count, seed) the script plays one fixed line of play
through the public API only (``rummykit.variants()``, ``rummykit.variant(id, **options)``,
``new_game``, ``legal_moves``, ``apply``, ``to_move``, ``is_over``, ``scores``,
``deal_number``, ``record().to_json()``) and hashes, at every position, the legal moves (their
texts, in order), ``to_move``, ``deal_number``, ``scores`` and the move played; at the end, the
final scores, ``is_over`` and the game record. The move played is chosen by index into the
legal-move list with a generator seeded from the case, so two versions that agree play the
same line; every ``--greedy-every``-th seed is played by the shipped greedy agent instead,
which melds and goes out and so reaches deeper positions. Lines stop after ``--cap`` moves
(``--full``: whole games).

    python benchmarks/differential.py --base REV          # REV's src/ against the tree
    python benchmarks/differential.py --base REV --against REV2   # two revisions
    python benchmarks/differential.py --base REV --only KEY [--only KEY ...]
    python benchmarks/differential.py --dump              # fingerprints of importable rummykit
    python benchmarks/differential.py --dump --detail --only KEY
    python benchmarks/differential.py --record FILE [--rev REV]
    python benchmarks/differential.py --check FILE        # the tree against a recorded file

``--base`` extracts REV's ``src/`` (``git archive``) and a snapshot of the working tree's
``src/`` into a temporary directory, runs ``--dump`` on each in a subprocess with
``PYTHONPATH`` pointing there, and compares the fingerprints case by case. Each mismatching
case is played again on both sides with ``--detail`` to report the first position that
differs: its move number, the moves played before it and both sides' legal moves (or final
scores and records). A case that only the current side lists (a game or option set added
since) is counted under ``added_in_current`` and does not fail the gate; one that went
missing does. JSON goes to stdout, progress to stderr; the exit status is 1 when anything
differs, 2 when the comparison could not be run (e.g. a side does not import).

``--wilds-in-card-order`` compares the legal moves of both sides as sets with every run's wild
cards of one rank put in card order (the listing of rummykit 0.x after issue 11, item 10): the
gate for that change, on random lines only (``--greedy-every 0``).

``--check`` plays the cases recorded in FILE (with the configuration stored there) on the
importable rummykit, in this process or on ``--jobs`` processes; tests/test_differential.py
runs it on tests/golden/differential_baseline.json.

A case key reads ``GAME/OPTIONS/Pp/seedS/AGENT``, e.g. ``gin-rummy/strict/2p/seed3/greedy``;
``OPTIONS`` names an entry of :data:`OPTION_SETS` (or ``default``).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import io
import json
import multiprocessing
import os
import random
import resource
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple

import rummykit

ROOT: Final = Path(__file__).resolve().parent.parent
FORMAT: Final = "rummykit.differential/1"

#: Defaults of the gate: every supported player count of every game, 200 seeds each.
DEFAULT_SEEDS: Final = 200
#: Seeds per (game, non-default option set, player count).
DEFAULT_OPTION_SEEDS: Final = 200
#: Moves per line; ``--full`` plays whole games (about 13 times as many positions). At 150 the
#: default compare plays 18,200 cases and 2.6 million positions a side: about 18 CPU minutes
#: for both sides, so about 9-10 minutes of wall time on two idle cores (2026-11, rummykit at
#: 6876706). Random lines this long reach the end of the first deal in some games only;
#: greedy lines reach the second deal in nearly all.
DEFAULT_CAP: Final = 150
#: Every this-many-th seed (seed % N == N - 1) is played by the greedy agent; 0: none.
DEFAULT_GREEDY_EVERY: Final = 4
#: Mismatching cases that are replayed in detail (the rest are listed by key only).
DEFAULT_MAX_DETAILS: Final = 10

#: Non-default option sets per game id, besides ``default`` (no options). Taken from the golden
#: files of tests/golden/ (the ``_opts`` cases and gin-rummy's named cases) and from the option
#: tables of the game pages in docs/; each is valid at every player count of its game. A game
#: that is not listed here (a new one) is played with its defaults only.
OPTION_SETS: Final[dict[str, dict[str, dict[str, object]]]] = {
    "contract-rummy": {
        "10-12": {"deal_sizes": "10/12"},  # contract-rummy_8p_seed3_greedy_opts.json
        "suits-keep-top": {"distinct_contract_melds": "suits", "keep_top_discard": True},
    },
    "crazy-rummy": {
        "two-decks": {"decks": 2},  # crazy-rummy_6p_seed3_greedy_opts.json
        "reply-single-royal": {
            "reply_turn": True,
            "discard_restriction": "single_card_only",
            "penalties": "royal",
        },
    },
    "crazy-rummy-faceup": {
        "copy-limit-round-robin": {
            "set_copy_limit": True,
            "deal_order": "face_up_round_then_round_robin",
        },
        "short-four-packs": {"packs": 4, "target": 100, "max_turns": 40},
    },
    "crib-rummy": {
        "four-jokers-aces-either": {"jokers": 4, "aces": "either"},
        "short-strict": {"target": 61, "joker_respects_copy_limit": True, "strict_pegging": True},
    },
    "crummy": {
        "no-halt": {"halt": False, "repetitions": 2, "target": 60},
    },
    "crummy-rummy": {
        "original": {"claim_order": "original"},  # crummy-rummy_6p_seed3_greedy_opts.json
        "house": {
            "aces": "either",
            "jokers_per_deck": 1,
            "only_jokers_move": True,
            "discarder_may_claim": True,
            "keep_top_discard": True,
        },
    },
    "gin-rummy": {
        "oklahoma-big-gin": {"oklahoma": True, "big_gin": 31},  # gin-rummy_oklahoma-big-gin_*
        "strict": {"discard_taken": False, "knock_card": 7},  # gin-rummy_strict_seed5_greedy
        "two-hands-few-takes": {"max_deals": 2, "max_takes": 4},
    },
}


# -- cases --------------------------------------------------------------------------------------


class Case(NamedTuple):
    """One line of play."""

    game: str
    options_name: str
    players: int
    seed: int
    agent: str  # "random" or "greedy"

    @property
    def key(self) -> str:
        return f"{self.game}/{self.options_name}/{self.players}p/seed{self.seed}/{self.agent}"

    @property
    def options(self) -> dict[str, object]:
        if self.options_name == "default":
            return {}
        return OPTION_SETS[self.game][self.options_name]

    @classmethod
    def parse(cls, key: str) -> Case:
        """The case named by ``key`` (see the module docstring)."""
        try:
            game, options_name, players, seed, agent = key.split("/")
            if not (players.endswith("p") and seed.startswith("seed")):
                raise ValueError
            case = cls(game, options_name, int(players[:-1]), int(seed[4:]), agent)
        except ValueError:
            raise SystemExit(
                f"bad case key {key!r}: expected GAME/OPTIONS/Pp/seedS/AGENT"
            ) from None
        if agent not in ("random", "greedy"):
            raise SystemExit(f"bad case key {key!r}: the agent is 'random' or 'greedy'")
        if options_name != "default" and options_name not in OPTION_SETS.get(game, {}):
            raise SystemExit(f"bad case key {key!r}: no option set {options_name!r} for {game}")
        return case


class Config(NamedTuple):
    """What a run plays."""

    seeds: int = DEFAULT_SEEDS
    option_seeds: int = DEFAULT_OPTION_SEEDS
    cap: int = DEFAULT_CAP  # 0: whole games
    greedy_every: int = DEFAULT_GREEDY_EVERY
    games: tuple[str, ...] = ()  # empty: every registered game
    wilds_in_card_order: bool = False

    def to_json(self) -> dict[str, object]:
        return {**self._asdict(), "games": list(self.games)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Config:
        return cls(
            seeds=int(data["seeds"]),
            option_seeds=int(data["option_seeds"]),
            cap=int(data["cap"]),
            greedy_every=int(data["greedy_every"]),
            games=tuple(data.get("games", ())),
            wilds_in_card_order=bool(data.get("wilds_in_card_order", False)),
        )


def agent_for(seed: int, greedy_every: int) -> str:
    """Which agent plays ``seed``."""
    return "greedy" if greedy_every > 0 and seed % greedy_every == greedy_every - 1 else "random"


def enumerate_cases(config: Config) -> list[Case]:
    """Every case of ``config``, as the importable rummykit lists its games and player counts."""
    cases: list[Case] = []
    for game in rummykit.variants():
        if config.games and game not in config.games:
            continue
        default = rummykit.variant(game)
        option_sets = ["default", *OPTION_SETS.get(game, {})]
        for options_name in option_sets:
            count = config.seeds if options_name == "default" else config.option_seeds
            for players in range(default.min_players, default.max_players + 1):
                for seed in range(count):
                    agent = agent_for(seed, config.greedy_every)
                    cases.append(Case(game, options_name, players, seed, agent))
    return cases


# -- playing one line ---------------------------------------------------------------------------


class AgentUnavailableError(RuntimeError):
    """The greedy agent cannot be used through the API this script knows."""


Chooser = Callable[[Any, random.Random], Any]
_GREEDY: list[Chooser | AgentUnavailableError] = []


def greedy_chooser() -> Chooser:
    """The greedy agent as ``choose(state, rng)``: through ``rummykit.agents.choose_move``
    (agents that see views) where the tree has it, else ``GreedyAgent().choose`` (the older
    agents, given the state); raises :class:`AgentUnavailableError` with a clear message
    when neither is there (checked once per process)."""
    if not _GREEDY:
        try:
            from rummykit import agents

            greedy = agents.GreedyAgent()
            move_of = getattr(agents, "choose_move", None)
            choose: Chooser = (
                functools.partial(move_of, greedy) if move_of is not None else greedy.choose
            )
            if not callable(choose):
                raise TypeError("GreedyAgent().choose is not callable")
            _GREEDY.append(choose)
        except Exception as error:
            _GREEDY.append(
                AgentUnavailableError(
                    "the greedy agent API (rummykit.agents.GreedyAgent().choose(state, rng)) "
                    f"is not available: {type(error).__name__}: {error}; adapt "
                    "greedy_chooser() in benchmarks/differential.py, or run with "
                    "--greedy-every 0 to play random lines only"
                )
            )
    found = _GREEDY[0]
    if isinstance(found, AgentUnavailableError):
        raise found
    return found


def probe_greedy() -> str | None:
    """``None`` if the greedy agent chooses a legal move in a fresh game, else why not."""
    try:
        choose = greedy_chooser()
        game = rummykit.variant(rummykit.variants()[0])
        state = game.new_game(players=game.min_players, seed=0)
        move = choose(state, random.Random(0))
        if str(move) not in [str(m) for m in state.legal_moves()]:
            return f"the greedy agent chose {move!r}, which is not a legal move"
    except AgentUnavailableError as error:
        return str(error)
    except Exception as error:
        return (
            "the greedy agent API (rummykit.agents.GreedyAgent().choose(state, rng)) failed on "
            f"a fresh game: {type(error).__name__}: {error}"
        )
    return None


def _line(
    case: Case, cap: int
) -> Iterator[tuple[int, list[str], int, int, list[int], str] | dict[str, Any]]:
    """The positions of ``case``'s line, then its final summary (a dict)."""
    positions = 0
    state: Any = None
    try:
        game = rummykit.variant(case.game, **case.options)
        state = game.new_game(players=case.players, seed=case.seed)
        rng = random.Random(
            f"differential:{case.game}:{case.options_name}:{case.players}:{case.seed}"
        )
        choose = greedy_chooser() if case.agent == "greedy" else None
        while not state.is_over and (cap <= 0 or positions < cap):
            moves = list(state.legal_moves())
            if _SETTINGS["wilds_in_card_order"]:
                moves = _in_card_order(state, moves)
            if not moves:
                raise RuntimeError("no legal moves in a game that is not over")
            move = moves[rng.randrange(len(moves))] if choose is None else choose(state, rng)
            if _SETTINGS["wilds_in_card_order"]:
                move = _in_card_order(state, [move])[0]
            # Tuples of scores are written as JSON arrays: tuple or list is not behaviour.
            yield (
                positions,
                [str(m) for m in moves],
                state.to_move,
                state.deal_number,
                list(state.scores),
                str(move),
            )
            state = state.apply(move)
            positions += 1
        # The record is parsed and kept whole; json.dumps(sort_keys=True) in the callers only
        # fixes the order of object keys, which carries no meaning in JSON.
        yield {
            "end": "over" if state.is_over else "cap",
            "scores": list(state.scores),
            "is_over": state.is_over,
            "to_move": state.to_move,
            "deal_number": state.deal_number,
            "record": _first_format(json.loads(state.record().to_json())),
        }
    except Exception as error:
        yield {
            "end": "error",
            "error": f"{type(error).__name__}: {error}",
            "after_moves": positions,
        }


def _first_format(record: dict[str, Any]) -> dict[str, Any]:
    """A game record in the shape of the first format (``rummykit.record/1``: bare move
    texts, no result), whatever format the engine under test writes: the seat of each move
    and the result that later formats add are in the fingerprint already (the seat to move
    at every position, the scores at the end), and revisions on both sides of a format
    change must compare.

    >>> _first_format({"format": "rummykit.record/2", "moves": [{"seat": 1, "move": "draw"}],
    ...                "result": None})
    {'format': 'rummykit.record/1', 'moves': ['draw']}
    """
    if record.get("format") == "rummykit.record/1":
        return record
    old = {key: value for key, value in record.items() if key != "result"}
    old["format"] = "rummykit.record/1"
    old["moves"] = [entry["move"] for entry in record["moves"]]
    return old


#: ``--wilds-in-card-order`` (set by :func:`main`, inherited by the worker processes).
_SETTINGS = {"wilds_in_card_order": False}


def _in_card_order(state: Any, moves: Sequence[Any]) -> list[Any]:
    """``moves`` without repeats and sorted by text, each run's wild cards of one rank that
    stand for other cards in card order (written here, not imported, so that it runs on an
    old rummykit as well)."""
    import attrs

    found: dict[str, Any] = {}
    for listed in moves:
        move, meld = listed, getattr(listed, "meld", None)
        if meld is not None and meld.kind.name == "RUN":
            mask = state.context.wilds.mask
            slots: dict[object, list[int]] = {}
            for index, (card, stands) in enumerate(zip(meld.cards, meld.represents, strict=True)):
                if mask[card] and card != stands:
                    slots.setdefault(card.rank, []).append(index)
            cards = list(meld.cards)
            for places in slots.values():
                for index, card in zip(places, sorted(cards[i] for i in places), strict=True):
                    cards[index] = card
            move = attrs.evolve(move, meld=type(meld).run(cards, suit=meld.suit, start=meld.start))
        found.setdefault(str(move), move)
    return [found[text] for text in sorted(found)]


def _dumps(value: object) -> bytes:
    return (json.dumps(value, sort_keys=True, separators=(",", ":")) + "\n").encode()


def fingerprint(case: Case, cap: int) -> dict[str, Any]:
    """The sha256 of ``case``'s line, its number of positions and how it ended."""
    digest = hashlib.sha256()
    positions = 0
    end = ""
    for item in _line(case, cap):
        digest.update(_dumps(item))
        if isinstance(item, dict):
            end = item["end"] if item["end"] != "error" else f"error: {item['error']}"
        else:
            positions += 1
    return {"fp": digest.hexdigest(), "positions": positions, "end": end}


def detail(case: Case, cap: int) -> dict[str, Any]:
    """Every position of ``case``'s line and its final summary."""
    trace: list[Any] = []
    final: dict[str, Any] = {}
    for item in _line(case, cap):
        if isinstance(item, dict):
            final = item
        else:
            trace.append(list(item))
    return {"trace": trace, "final": final}


def _fingerprint_job(case: Case, cap: int) -> tuple[str, dict[str, Any]]:
    return case.key, fingerprint(case, cap)


def _detail_job(case: Case, cap: int) -> tuple[str, dict[str, Any]]:
    return case.key, detail(case, cap)


# -- running many cases -------------------------------------------------------------------------


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_cases(
    cases: Sequence[Case], cap: int, *, jobs: int, detailed: bool = False, label: str = ""
) -> dict[str, dict[str, Any]]:
    """Fingerprints (or details) of ``cases`` by key, on ``jobs`` processes."""
    job = functools.partial(_detail_job if detailed else _fingerprint_job, cap=cap)
    results: dict[str, dict[str, Any]] = {}
    started = last = time.perf_counter()
    positions = 0
    tag = f"[{label}] " if label else ""

    def report(done: int) -> None:
        elapsed = time.perf_counter() - started
        progress(f"{tag}{done}/{len(cases)} cases, {positions} positions, {elapsed:.0f} s")

    outputs: Iterable[tuple[str, dict[str, Any]]]
    if jobs <= 1 or len(cases) <= 1:
        outputs = map(job, cases)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs)
        outputs = pool.imap_unordered(job, cases, chunksize=2)
    try:
        for key, result in outputs:
            results[key] = result
            positions += len(result["trace"]) if detailed else result["positions"]
            if time.perf_counter() - last >= 15:
                last = time.perf_counter()
                report(len(results))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if label:
        report(len(results))
    # Keep the enumeration order whatever order the workers finished in.
    return {case.key: results[case.key] for case in cases}


def select_cases(config: Config, only: Sequence[str]) -> list[Case]:
    return [Case.parse(key) for key in only] if only else enumerate_cases(config)


def dump(
    config: Config,
    *,
    only: Sequence[str] = (),
    cases: Sequence[Case] | None = None,
    jobs: int,
    detailed: bool,
    label: str,
) -> Any:
    """The dump mode's report: fingerprints (or details) of the importable rummykit, for
    ``cases`` (default: the cases keyed ``only``, or else every case of ``config``)."""
    started = time.perf_counter()
    warnings: list[str] = []
    if cases is None:
        cases = select_cases(config, only)
    if any(case.agent == "greedy" for case in cases):
        problem = probe_greedy()
        if problem is not None:
            warnings.append(problem)
            progress(f"[{label or 'dump'}] WARNING: {problem}; greedy cases end in an error")
    results = run_cases(cases, config.cap, jobs=jobs, detailed=detailed, label=label)
    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return {
        "rummykit": str(Path(rummykit.__file__).resolve().parent),
        "config": config.to_json(),
        "cases": results,
        "positions": sum(
            len(r["trace"]) if detailed else int(r["positions"]) for r in results.values()
        ),
        "seconds": round(time.perf_counter() - started, 2),
        "cpu_seconds": round(sum(u.ru_utime + u.ru_stime for u in used), 2),
        "warnings": warnings,
    }


# -- comparing ----------------------------------------------------------------------------------


def compare_fingerprints(
    base: dict[str, dict[str, Any]], current: dict[str, dict[str, Any]]
) -> tuple[list[dict[str, Any]], int, dict[str, int]]:
    """The mismatching cases (in base order), the number of positions compared (cases on both
    sides) and the cases only ``current`` has, counted by game and option set (a game or
    option set added to the script or to the engine: new, so not a change of behaviour)."""
    mismatches: list[dict[str, Any]] = []
    positions = 0
    for key, old in base.items():
        new = current.get(key)
        if new is None:
            mismatches.append({"case": key, "reason": "missing in current", "base": old})
            continue
        positions += int(old["positions"])
        if old["fp"] != new["fp"]:
            mismatches.append(
                {
                    "case": key,
                    "reason": "fingerprint differs",
                    "base": {k: v for k, v in old.items() if k != "fp"},
                    "current": {k: v for k, v in new.items() if k != "fp"},
                }
            )
    added: dict[str, int] = {}
    for key in current:
        if key not in base:
            group = "/".join(key.split("/")[:2])
            added[group] = added.get(group, 0) + 1
    return mismatches, positions, added


def _position(entry: Sequence[Any]) -> dict[str, Any]:
    _, moves, to_move, deal_number, scores, played = entry
    return {
        "to_move": to_move,
        "deal_number": deal_number,
        "scores": scores,
        "legal_moves": moves,
        "played": played,
    }


def first_difference(base: dict[str, Any], current: dict[str, Any]) -> dict[str, Any]:
    """The first position where two detailed lines differ."""
    old, new = base["trace"], current["trace"]
    for index, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            names = ("move_number", "legal_moves", "to_move", "deal_number", "scores", "played")
            return {
                "move_number": index,
                "moves_played": [entry[5] for entry in old[:index]],
                "differs_in": [name for name, x, y in zip(names, a, b, strict=True) if x != y],
                "only_in_base": [m for m in a[1] if m not in b[1]],
                "only_in_current": [m for m in b[1] if m not in a[1]],
                "base": _position(a),
                "current": _position(b),
            }
    index = min(len(old), len(new))
    at = {"moves_played": [entry[5] for entry in old[:index]], "move_number": index}
    if len(old) != len(new):
        return {
            **at,
            "differs_in": ["length of the line"],
            "base": _position(old[index]) if index < len(old) else base["final"],
            "current": _position(new[index]) if index < len(new) else current["final"],
        }
    a, b = base["final"], current["final"]
    differs = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    return {**at, "differs_in": [f"final {k}" for k in differs], "base": a, "current": b}


def git(*args: str) -> bytes:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.decode().strip()}")
    return done.stdout


def extract_src(rev: str, into: Path) -> str:
    """Write ``rev``'s ``src/`` under ``into``; return the full commit id."""
    commit = git("rev-parse", "--verify", f"{rev}^{{commit}}").decode().strip()
    archive = git("archive", "--format=tar", commit, "src")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return commit


def snapshot_src(into: Path) -> None:
    """Copy the working tree's ``src/`` (so that edits during the run do not leak in)."""
    shutil.copytree(ROOT / "src", into / "src", ignore=shutil.ignore_patterns("__pycache__"))


def dump_in_subprocess(
    src: Path, config: Config, *, jobs: int, label: str, only: Sequence[str] = (), detailed: bool
) -> Any:
    """Run the dump mode of this script with ``src`` first on the import path."""
    command = [sys.executable, str(Path(__file__).resolve()), "--dump", "--label", label]
    command += ["--jobs", str(jobs), *config_args(config)]
    if detailed:
        command.append("--detail")
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONDONTWRITEBYTECODE": "1"}
    with tempfile.TemporaryDirectory(prefix="rummykit-differential-keys-") as tmp:
        if only:
            keys = Path(tmp, "keys.json")
            keys.write_text(json.dumps(list(only)))
            command += ["--only-file", str(keys)]
        done = subprocess.run(
            command, env=env, stdout=subprocess.PIPE, stderr=None, check=False, cwd=src.parent
        )
    if done.returncode != 0:
        raise SystemExit(f"the {label} dump failed (exit status {done.returncode}); see above")
    report = json.loads(done.stdout)
    imported = Path(report["rummykit"])
    if not imported.is_relative_to(src.resolve()):
        raise SystemExit(f"the {label} dump imported rummykit from {imported}, not from {src}")
    return report


def config_args(config: Config) -> list[str]:
    args = ["--seeds", str(config.seeds), "--option-seeds", str(config.option_seeds)]
    args += ["--cap", str(config.cap), "--greedy-every", str(config.greedy_every)]
    if config.games:
        args += ["--games", ",".join(config.games)]
    if config.wilds_in_card_order:
        args.append("--wilds-in-card-order")
    return args


def explain(
    mismatches: list[dict[str, Any]],
    sides: dict[str, Path],
    config: Config,
    *,
    jobs: int,
    limit: int,
) -> None:
    """Replay the first ``limit`` mismatching cases on both sides and add where they differ."""
    keys = [m["case"] for m in mismatches if m["reason"] == "fingerprint differs"][:limit]
    if not keys:
        return
    progress(f"replaying {len(keys)} mismatching case(s) in detail")
    details = {
        label: dump_in_subprocess(
            src, config, jobs=jobs, label=f"{label} detail", only=keys, detailed=True
        )["cases"]
        for label, src in sides.items()
    }
    for mismatch in mismatches:
        if mismatch["case"] in keys:
            key = mismatch["case"]
            mismatch["first_difference"] = first_difference(
                details["base"][key], details["current"][key]
            )


def compare(
    base_rev: str,
    config: Config,
    *,
    against: str | None,
    only: Sequence[str],
    jobs: int,
    limit: int,
) -> int:
    """Compare revision ``base_rev`` with the working tree (or revision ``against``)."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rummykit-differential-") as tmp:
        base_dir, current_dir = Path(tmp, "base"), Path(tmp, "current")
        commit = extract_src(base_rev, base_dir)
        if against is None:
            snapshot_src(current_dir)
            current: dict[str, str] = {"tree": str(ROOT)}
        else:
            current = {"rev": against, "commit": extract_src(against, current_dir)}
        sides = {"base": base_dir / "src", "current": current_dir / "src"}
        progress(f"base: {base_rev} = {commit}; current: {current}")
        reports = {
            label: dump_in_subprocess(
                src, config, jobs=jobs, label=label, only=only, detailed=False
            )
            for label, src in sides.items()
        }
        mismatches, positions, added = compare_fingerprints(
            reports["base"]["cases"], reports["current"]["cases"]
        )
        explain(mismatches, sides, config, jobs=jobs, limit=limit)
    result = {
        "base": {"rev": base_rev, "commit": commit},
        "current": current,
        "config": config.to_json(),
        "cases": sum(1 for key in reports["base"]["cases"] if key in reports["current"]["cases"]),
        "positions": positions,
        "mismatches": mismatches,
        "added_in_current": added,
        "warnings": {label: report["warnings"] for label, report in reports.items()},
        "seconds_per_side": {label: report["seconds"] for label, report in reports.items()},
        "cpu_seconds_per_side": {
            label: report["cpu_seconds"] for label, report in reports.items()
        },
        "seconds": round(time.perf_counter() - started, 2),
    }
    print(json.dumps(result, indent=1))
    return 1 if mismatches else 0


# -- recording and checking ---------------------------------------------------------------------


def record(path: Path, config: Config, *, rev: str | None, jobs: int) -> int:
    """Write the fingerprints of the tree (or of revision ``rev``) to ``path``."""
    commit: str | None = None
    if rev is None:
        report = dump(config, jobs=jobs, detailed=False, label="record")
        source = f"working tree of {ROOT}"
    else:
        with tempfile.TemporaryDirectory(prefix="rummykit-differential-") as tmp:
            commit = extract_src(rev, Path(tmp))
            report = dump_in_subprocess(
                Path(tmp, "src"), config, jobs=jobs, label="record", detailed=False
            )
        source = f"commit {commit}"
    if report["warnings"]:
        progress(f"not recording: {report['warnings']}")
        return 2
    cases: dict[str, dict[str, Any]] = report["cases"]
    errors = [key for key, r in cases.items() if str(r["end"]).startswith("error")]
    head = {
        "format": FORMAT,
        "source": source,
        "commit": commit,
        "config": config.to_json(),
        "cases": len(cases),
        "positions": report["positions"],
        "errors": errors,
    }
    text = json.dumps(head, indent=1).rstrip("}").rstrip() + ',\n "fingerprints": {\n'
    text += ",\n".join(
        f"  {json.dumps(key)}: {json.dumps([r['positions'], r['fp']])}" for key, r in cases.items()
    )
    path.write_text(text + "\n }\n}\n")
    progress(f"wrote {len(cases)} cases, {report['positions']} positions to {path}")
    print(json.dumps({k: v for k, v in head.items() if k != "errors"} | {"file": str(path)}))
    return 0


def check(path: Path, *, jobs: int = 1, label: str = "") -> dict[str, Any]:
    """Compare the importable rummykit against the fingerprints recorded in ``path``."""
    started = time.perf_counter()
    data = json.loads(path.read_text())
    if data.get("format") != FORMAT:
        raise SystemExit(f"{path} is not a {FORMAT} file")
    config = Config.from_json(data["config"])
    _SETTINGS["wilds_in_card_order"] = config.wilds_in_card_order
    baseline = {
        key: {"positions": positions, "fp": fp}
        for key, (positions, fp) in data["fingerprints"].items()
    }
    # The cases the tree lists now (so that a game or player count that went missing shows);
    # those the file does not know are counted as added but not played.
    listed = enumerate_cases(config)
    report = dump(
        config,
        cases=[case for case in listed if case.key in baseline],
        jobs=jobs,
        detailed=False,
        label=label,
    )
    mismatches, positions, added = compare_fingerprints(baseline, report["cases"])
    for case in listed:
        if case.key not in baseline:
            group = f"{case.game}/{case.options_name}"
            added[group] = added.get(group, 0) + 1
    base = data.get("commit") or "<the commit the file was made from>"
    for mismatch in mismatches:
        mismatch["to_locate"] = (
            f"python benchmarks/differential.py --base {base} --cap {config.cap}"
            f" --only {mismatch['case']}"
        )
    return {
        "base": {"file": str(path), "source": data["source"]},
        "config": config.to_json(),
        "cases": len(report["cases"]),
        "positions": positions,
        "mismatches": mismatches,
        "added_in_current": added,
        "warnings": report["warnings"],
        "seconds": round(time.perf_counter() - started, 2),
    }


# -- command line -------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--base", metavar="REV", help="compare REV's src/ against the tree")
    mode.add_argument("--dump", action="store_true", help="fingerprints of importable rummykit")
    mode.add_argument("--record", metavar="FILE", type=Path, help="write fingerprints to FILE")
    mode.add_argument("--check", metavar="FILE", type=Path, help="compare the tree with FILE")
    parser.add_argument("--rev", metavar="REV", help="--record: record REV, not the tree")
    parser.add_argument(
        "--against", metavar="REV", help="--base: compare with REV, not the working tree"
    )
    parser.add_argument("--detail", action="store_true", help="--dump: every position")
    parser.add_argument("--seeds", type=int, default=DEFAULT_SEEDS, help="seeds per default case")
    parser.add_argument(
        "--option-seeds", type=int, default=DEFAULT_OPTION_SEEDS, help="seeds per option set"
    )
    parser.add_argument("--cap", type=int, default=DEFAULT_CAP, help="moves per line (0: all)")
    parser.add_argument("--full", action="store_true", help="play whole games (--cap 0)")
    parser.add_argument("--greedy-every", type=int, default=DEFAULT_GREEDY_EVERY)
    parser.add_argument("--games", help="comma-separated game ids (default: all)")
    parser.add_argument(
        "--wilds-in-card-order", action="store_true", help="compare runs' wilds in card order"
    )
    parser.add_argument("--only", action="append", default=[], metavar="KEY", help="one case")
    parser.add_argument("--only-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--max-details", type=int, default=DEFAULT_MAX_DETAILS)
    parser.add_argument("--label", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    config = Config(
        seeds=args.seeds,
        option_seeds=args.option_seeds,
        cap=0 if args.full else args.cap,
        greedy_every=args.greedy_every,
        games=tuple(args.games.split(",")) if args.games else (),
        wilds_in_card_order=args.wilds_in_card_order,
    )
    _SETTINGS["wilds_in_card_order"] = config.wilds_in_card_order
    only: list[str] = list(args.only)
    if args.only_file is not None:
        only += json.loads(args.only_file.read_text())
    if args.dump:
        report = dump(config, only=only, jobs=args.jobs, detailed=args.detail, label=args.label)
        json.dump(report, sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
        return 0
    if args.base is not None:
        return compare(
            args.base,
            config,
            against=args.against,
            only=only,
            jobs=args.jobs,
            limit=args.max_details,
        )
    if args.record is not None:
        return record(args.record, config, rev=args.rev, jobs=args.jobs)
    result = check(args.check, jobs=args.jobs, label="check")
    print(json.dumps(result, indent=1))
    return 1 if result["mismatches"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
