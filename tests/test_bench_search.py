"""``benchmarks/bench_search.py --log``: a benchmark longer than a session resumes where it
stopped, and a log's games count only for the settings that played them (also
``bench_agents.py --log``, whose games pair with a search's)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers import load_benchmark

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_search.py"
GIN = ("--game", "gin-rummy", "--option", "max_deals=1", "--determinizations", "1")


def bench(*args: str) -> dict[str, Any]:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    result: dict[str, Any] = json.loads(run.stdout)
    return result


@pytest.mark.slow
def test_a_logged_benchmark_resumes_and_reports_the_same(tmp_path: Path) -> None:
    log = tmp_path / "search.jsonl"
    first = bench(*GIN, "--games", "1", "--log", str(log))
    assert first["games"] == 2 and first["from_log"] == 0
    assert len(log.read_text().splitlines()) == 2  # one line per game (seats rotated)
    more = bench(*GIN, "--games", "2", "--log", str(log))  # one more deal seed
    assert more["games"] == 4 and more["from_log"] == 2
    again = bench(*GIN, "--games", "2", "--log", str(log))
    assert again["from_log"] == 4
    unlogged = bench(*GIN, "--games", "2")
    for key in ("win_rate", "ci95", "ahead_rate", "moves"):
        assert again[key] == more[key] == unlogged[key]
    # other settings are other games: none of the log's count
    other = bench(*GIN[:-1], "2", "--games", "1", "--log", str(log))
    assert other["from_log"] == 0
    pruned = bench(*GIN[:-1], "2", "--games", "1", "--prune-after", "2", "--log", str(log))
    assert pruned["from_log"] == 0 and pruned["search"]["prune_after"] == 2
    # a setting left out is not written, so logs from before it was added still match
    assert "prune_after" not in other["search"]
    assert bench(*GIN[:-1], "2", "--games", "1", "--log", str(log))["from_log"] == 2


@pytest.mark.slow
def test_the_benchmark_measures_the_ismcts_agent_under_its_own_key(tmp_path: Path) -> None:
    log = tmp_path / "search.jsonl"
    flat = bench(*GIN, "--games", "1", "--log", str(log))
    tree = bench(*GIN[:4], "--agent", "ismcts", "--iterations", "4", "--games", "1",
                 "--log", str(log))  # fmt: skip
    assert tree["from_log"] == 0 and tree["games"] == 2
    assert tree["search"]["agent"] == "ismcts" and tree["search"]["iterations"] == 4
    assert "agent" not in flat["search"]  # the flat search's logs keep their keys
    again = bench(*GIN[:4], "--agent", "ismcts", "--iterations", "4", "--games", "1",
                  "--log", str(log))  # fmt: skip
    assert again["from_log"] == 2 and again["win_rate"] == tree["win_rate"]


def test_a_line_cut_short_at_the_end_is_left_out(tmp_path: Path) -> None:
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import bench_search
    finally:
        sys.path.remove(str(SCRIPT.parent))
    log = tmp_path / "search.jsonl"
    log.write_text('{"key": "k", "win": 1.0, "ahead": 1.0, "moves": 9}\n{"key": "j", "wi')
    assert bench_search.read_log(log) == {"k": (1.0, 1.0, 9)}
    log.write_text('{"key": "j", "wi\n{"key": "k", "win": 1.0, "ahead": 1.0, "moves": 9}\n')
    with pytest.raises(ValueError, match="1: not a JSON line"):
        bench_search.read_log(log)


def _log_line(seed: int, seat: int, search: dict[str, Any], win: float) -> str:
    """A two-player Crib Rummy game's line as ``bench_search.py --log`` writes it."""
    key = json.dumps(["crib-rummy", {}, 2, seed, seat, search], sort_keys=True)
    return json.dumps({"key": key, "win": win, "ahead": win, "moves": 10})


def test_the_report_sums_logs_by_setting_over_whole_deal_seeds(tmp_path: Path) -> None:
    eight, sixteen = {"determinizations": 8}, {"determinizations": 16}
    first, second = tmp_path / "search-a.jsonl", tmp_path / "search-b.jsonl"
    # two-player seeds 1 and 2 whole (won 1 of 2, then 2 of 2), seed 3 half played
    first.write_text("\n".join([
        _log_line(1, 0, eight, 1.0),
        _log_line(1, 1, eight, 0.0),
        _log_line(3, 0, eight, 1.0),
        _log_line(2, 1, sixteen, 1.0),
    ]) + "\n")  # fmt: skip
    second.write_text("\n".join([
        _log_line(2, 0, eight, 1.0),
        _log_line(2, 1, eight, 1.0),
    ]) + "\n")  # fmt: skip
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--report", str(first), str(second)],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    report = json.loads(run.stdout)
    assert report["bar"] == {"games": 400, "rate": 0.6}
    eights, sixteens = report["results"]
    assert eights["search"] == eight and eights["logs"] == ["search-a.jsonl", "search-b.jsonl"]
    assert (eights["deal_seeds"], eights["games"], eights["unpaired"]) == (2, 4, 1)
    assert eights["win_rate"] == 0.75 and eights["ci95"][0] < 0.75 < eights["ci95"][1]
    assert eights["meets_bar"] is False  # 75%, but over 4 games
    # a setting none of whose seeds is whole has no rate yet
    assert (sixteens["games"], sixteens["unpaired"]) == (0, 1) and "win_rate" not in sixteens
    # and people get a table on stderr, a row a setting
    table = run.stderr.splitlines()
    assert table[0].split()[:3] == ["game", "log", "games"] and len(table) == 3
    assert table[1].split()[:5] == [
        "crib-rummy",
        "2p",
        "search-a.jsonl,search-b.jsonl",
        "4",
        "75.0%",
    ]
    assert table[2].split()[-1] == "no"


def test_the_report_compares_two_settings_on_the_deal_seeds_both_played_whole(
    tmp_path: Path,
) -> None:
    eight, sixteen = {"determinizations": 8}, {"determinizations": 16}
    log = tmp_path / "search-a.jsonl"
    other = tmp_path / "search-b.jsonl"
    # seeds 1-3 whole for 8 samples (1, 1/2, 0); 16 samples: seeds 1 and 2 whole (1, 1),
    # seed 3 half played, seed 4 only there
    log.write_text("\n".join([
        _log_line(1, 0, eight, 1.0), _log_line(1, 1, eight, 1.0),
        _log_line(2, 0, eight, 1.0), _log_line(2, 1, eight, 0.0),
        _log_line(3, 0, eight, 0.0), _log_line(3, 1, eight, 0.0),
    ]) + "\n")  # fmt: skip
    other.write_text("\n".join([
        _log_line(1, 0, sixteen, 1.0), _log_line(1, 1, sixteen, 1.0),
        _log_line(2, 0, sixteen, 1.0), _log_line(2, 1, sixteen, 1.0),
        _log_line(3, 0, sixteen, 1.0),
        _log_line(4, 0, sixteen, 1.0), _log_line(4, 1, sixteen, 1.0),
    ]) + "\n")  # fmt: skip
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--report", str(log), str(other)],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    (pair,) = json.loads(run.stdout)["paired"]
    assert pair["first"] == {
        "search": eight, "logs": ["search-a.jsonl"], "win_rate": 0.75, "ahead_rate": 0.75
    }  # fmt: skip
    assert pair["second"]["search"] == sixteen and pair["second"]["win_rate"] == 1.0
    assert pair["deal_seeds"] == 2  # seeds 1 and 2: whole in both
    # per seed 0 and +1/2: a mean of +1/4, its interval from their spread
    assert pair["difference"] == 0.25 == pair["ahead_difference"]
    low, high = pair["ci95"]
    assert low == pytest.approx(0.25 - 1.96 * 0.25) and high == pytest.approx(0.25 + 1.96 * 0.25)
    (line,) = [line for line in run.stderr.splitlines() if line.startswith("paired:")]
    assert line.split()[-7:] == ["75.0%", "->", "100.0%", "+25.0", "points", "[-24.0,", "74.0]"]
    # a setting of another game, or sharing fewer than two whole seeds, is not compared
    alone = tmp_path / "search-c.jsonl"
    alone.write_text(_log_line(1, 0, {"determinizations": 4}, 1.0) + "\n")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--report", str(log), str(alone)],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    assert json.loads(run.stdout)["paired"] == []


@pytest.mark.slow
def test_a_stalled_depth_given_is_a_setting_of_its_own(tmp_path: Path) -> None:
    log = tmp_path / "search.jsonl"
    plain = bench(*GIN, "--games", "1", "--log", str(log))
    assert "stalled_depth" not in plain["search"]  # left out: older logs keep their keys
    cut = bench(*GIN, "--games", "1", "--stalled-depth", "60", "--log", str(log))
    assert cut["from_log"] == 0 and cut["search"]["stalled_depth"] == 60
    uncut = bench(*GIN, "--games", "1", "--stalled-depth", "none", "--log", str(log))
    assert uncut["from_log"] == 0 and uncut["search"]["stalled_depth"] is None
    tree = bench(*GIN[:4], "--agent", "ismcts", "--iterations", "4", "--games", "1",
                 "--stalled-depth", "60")  # fmt: skip
    assert tree["search"]["stalled_depth"] == 60
    refused = subprocess.run(
        [sys.executable, str(SCRIPT), *GIN, "--stalled-depth", "0"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert refused.returncode == 2 and "not '0'" in refused.stderr


def test_the_oracle_is_keyed_apart_and_plays_legal_moves_of_draw_and_discard_games(
    tmp_path: Path,
) -> None:
    log = tmp_path / "search.jsonl"
    oracle = bench(*GIN[:4], "--agent", "oracle", "--oracle-samples", "0", "--games", "1",
                   "--log", str(log))  # fmt: skip
    assert oracle["search"] == {"agent": "oracle", "samples": 0, "max_candidates": 6}
    assert oracle["games"] == 2 and oracle["from_log"] == 0
    assert bench(*GIN, "--games", "1", "--log", str(log))["from_log"] == 0  # not the search's
    # a setting the oracle does not play is refused, not written into the key
    refused = subprocess.run(
        [sys.executable, str(SCRIPT), *GIN[:4], "--agent", "oracle", "--stalled-depth", "5"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert refused.returncode == 2 and "--stalled-depth" in refused.stderr
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import search_oracle
    finally:
        sys.path.remove(str(SCRIPT.parent))
    import random

    import rummykit
    from rummykit.errors import OptionError

    # it plays legal moves, the same ones from the same stream, on draw-and-discard games
    state = rummykit.variant("crib-rummy").new_game(players=2, seed=4)
    for _ in range(12):
        chosen = search_oracle.oracle_move(state, random.Random(0), 2, 6)
        assert chosen in state.legal_moves()
        assert chosen == search_oracle.oracle_move(state, random.Random(0), 2, 6)
        state = state.apply(chosen)
    with pytest.raises(OptionError, match="draw-and-discard"):
        trick = rummykit.variant("crummy").new_game(players=3, seed=1)
        search_oracle.oracle_move(trick, random.Random(0), 1, 6)


def test_an_agent_benchmark_logs_games_that_pair_with_other_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = load_benchmark("bench_agents")
    search = load_benchmark("bench_search")
    log = tmp_path / "agents.jsonl"
    common = ["--game", "gin-rummy", "--games", "2", "--against", "random", "--log", str(log)]

    def run(*args: str) -> dict[str, Any]:
        assert agents.main([*common, *args]) == 0
        result: dict[str, Any] = json.loads(capsys.readouterr().out)
        return result

    first = run("--agent", "greedy")
    assert first["games"] == 4 and first["from_log"] == 0
    assert len(log.read_text().splitlines()) == 4  # a line per game, in bench_search's format
    again = run("--agent", "greedy")
    assert again["from_log"] == 4 and again["win_rate"] == first["win_rate"]
    assert len(log.read_text().splitlines()) == 4  # nothing played twice
    run("--agent", "careful")  # another setting: other games, paired with the first
    seeds, logs = search._by_setting([log])
    (pair,) = search.paired(seeds, logs)
    assert pair["deal_seeds"] == 2
    assert pair["first"]["search"] == {"agent": "greedy", "against": "random"}
    assert pair["second"]["search"] == {"agent": "careful", "against": "random"}
    (entry,) = [e for e in search.report(seeds, logs) if e["search"]["agent"] == "greedy"]
    assert entry["games"] == 4 and entry["win_rate"] == first["win_rate"]
    assert entry["meets_bar"] is None  # the bar is the search's
    assert search.report_table([entry])[1].endswith("- (not a search)")


@pytest.mark.slow
def test_a_reading_search_is_keyed_as_following_the_random_throws_and_plays_unkeyed() -> None:
    # the reading changed (GreedyAgent.at_random): its logs before then must not be resumed
    # or reported as the same setting, yet the key is no setting of the agent
    assert bench(*GIN, "--games", "1", "--infer")["search"]["throws"] == "followed"
    assert "throws" not in bench(*GIN, "--games", "1")["search"]
    module = load_benchmark("bench_search")
    agent = module._search_agent({"infer": True, "recall": True, "throws": "followed",
                                  "dice": "shared", "min_known": 0.6})  # fmt: skip
    assert agent.infer and agent.recall and agent.min_known == 0.6


@pytest.mark.slow
def test_the_readings_bounds_are_keyed_only_when_given_and_need_the_reading() -> None:
    # logs written before --infer-exact, --infer-tries and --infer-steps existed must match
    search = bench(*GIN, "--games", "1", "--infer", "--infer-exact", "50", "--infer-tries",
                   "9", "--infer-steps", "7")["search"]  # fmt: skip
    assert (search["infer_exact"], search["infer_tries"], search["infer_steps"]) == (50, 9, 7)
    assert {"infer_exact", "infer_tries", "infer_steps"}.isdisjoint(
        bench(*GIN, "--games", "1", "--infer")["search"]
    )
    agent = load_benchmark("bench_search")._search_agent({**search, "dice": "shared"})
    assert (agent.infer_exact, agent.infer_tries, agent.infer_steps) == (50, 9, 7)
    for flag in ("--infer-exact", "--infer-tries", "--infer-steps"):
        failed = subprocess.run(
            [sys.executable, str(SCRIPT), *GIN, "--games", "1", flag, "5"],
            capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
        assert failed.returncode == 2 and "needs --infer" in failed.stderr


@pytest.mark.slow
def test_the_deal_reading_is_keyed_only_when_given() -> None:
    plain = bench(*GIN, "--games", "1", "--recall")
    deal = bench(*GIN, "--games", "1", "--recall", "--infer-deal", "5")
    assert deal["search"] == {**plain["search"], "infer_deal": 5}
    agent = load_benchmark("bench_search")._search_agent(deal["search"])
    assert agent.infer_deal == 5


@pytest.mark.slow
def test_the_truthful_search_is_keyed_apart_with_the_searchs_settings(tmp_path: Path) -> None:
    log = tmp_path / "search.jsonl"
    plain = bench(*GIN, "--games", "2", "--recall", "--log", str(log))
    truth = bench(*GIN, "--games", "2", "--recall", "--agent", "truth", "--truth-where",
                  "turned", "--log", str(log))  # fmt: skip
    assert truth["from_log"] == 0  # not the search's games
    assert truth["search"] == {**plain["search"], "agent": "truth", "where": "turned"}
    hands = bench(*GIN, "--games", "2", "--recall", "--agent", "truth", "--truth-where",
                  "turned", "--truth-stock", "shuffled", "--log", str(log))  # fmt: skip
    assert hands["from_log"] == 0 and hands["search"] == {**truth["search"], "stock": "shuffled"}
    report = subprocess.run(
        [sys.executable, str(SCRIPT), "--report", str(log)],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    assert len(json.loads(report.stdout)["paired"]) == 3  # the three pair on the same deals


def test_the_truthful_search_told_the_hands_alone_keeps_them_and_reorders_the_stock() -> None:
    import random

    import rummykit
    from rummykit.recall import Recall

    oracle = load_benchmark("search_oracle")
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=1)
    view = state.view(state.to_move)
    agent = oracle.TruthfulSearch(stock="shuffled")
    agent.show(state)
    sample = agent._sample(view, random.Random(0), None, None)
    assert sample.hands == state.hands and sample.discards == state.discards
    assert sample.stock != state.stock and sorted(sample.stock) == sorted(state.stock)
    # a stock card the seat remembers stays where it is; the others move
    memory = Recall.start(view)
    remembered = [None] * len(state.stock)
    remembered[-1] = state.stock[-1]
    memory = attrs.evolve(memory, stock=tuple(remembered))
    assert memory.follows(view)
    for seed in range(5):
        moved = oracle.unremembered_stock_shuffled(state, view, random.Random(seed), memory)
        assert moved.stock[-1] == state.stock[-1] and moved.stock != state.stock
    with pytest.raises(ValueError, match="stock"):
        oracle.TruthfulSearch(stock="peeked")


def test_the_truthful_search_samples_the_real_position_only_where_told() -> None:
    import random

    import rummykit

    oracle = load_benchmark("search_oracle")
    state = rummykit.variant("basic-rummy").new_game(players=4, seed=1)
    view = state.view(state.to_move)
    rng = random.Random(0)
    for where, real in (
        ("searched", True),
        ("stalled", False),
        ("turned", False),
        ("fresh", True),
    ):
        agent = oracle.TruthfulSearch(where=where)
        agent.show(state)
        assert (agent._sample(view, rng, None, None) is state) is real
    # once the pile is turned over (and before the deal stalls) the deal is no longer fresh
    play = random.Random(0)
    while not state.reshuffles:
        state = state.apply(
            rummykit.agents.choose_move(rummykit.agents.GreedyAgent(), state, play)
        )
    view = state.view(state.to_move)
    assert [oracle.truth_here(view, where) for where in oracle.TRUTH_WHERE] == [
        True, False, True, False
    ]  # fmt: skip
    agent = oracle.TruthfulSearch()
    agent.show(state.apply(state.legal_moves()[0]))  # another position: not this view's
    assert agent._sample(view, rng, None, None).view(view.seat) == view
    assert agent._sample(view, rng, None, None) is not state


def test_tuned_plays_the_setting_of_record_and_the_flags_given_override_it() -> None:
    from rummykit.tuned import measured

    record = measured("oklahoma-gin", 2)
    assert record is not None and record.settings() == {"determinizations": 32, "prune_after": 8}
    run = bench("--game", "oklahoma-gin", "--option", "max_deals=1", "--tuned",
                "--determinizations", "2", "--games", "1")  # fmt: skip
    assert run["search"]["prune_after"] == 8 and run["search"]["determinizations"] == 2
    agent = load_benchmark("bench_search")._search_agent(run["search"])
    assert agent == attrs.evolve(record.agent(name="search"), determinizations=2)
    refused = subprocess.run(
        [sys.executable, str(SCRIPT), "--game", "basic-rummy", "--players", "3", "--tuned"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert refused.returncode == 2 and "no setting of record for basic-rummy" in refused.stderr
