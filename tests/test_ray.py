"""Simulations on Ray (the extra ``rummykit[ray]``): against a local Ray instance, the same
report as one process, from the library and from the command line.

``make test`` installs the extra and sets ``RUMMYKIT_REQUIRE_EXTRAS=1``, so there these
tests run and never skip; elsewhere they skip when Ray is not installed."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from rummykit.adapters.ray import RayExecutor, ray_available
from rummykit.cli import main
from rummykit.errors import OptionError
from rummykit.sim import SimulationReport, simulate

if not ray_available():
    if os.environ.get("RUMMYKIT_REQUIRE_EXTRAS"):
        raise ImportError("Ray is not installed, but RUMMYKIT_REQUIRE_EXTRAS asks for it")
    pytest.skip("Ray is not installed (pip install 'rummykit[ray]')", allow_module_level=True)

TIMING = {"seconds", "games_per_second", "moves_per_second"}


def _same(one: SimulationReport, other: SimulationReport) -> None:
    left, right = one.to_json(), other.to_json()
    assert {k: v for k, v in left.items() if k not in TIMING} == {
        k: v for k, v in right.items() if k not in TIMING
    }


@pytest.fixture(scope="module")
def cluster() -> Iterator[RayExecutor]:
    """One local Ray instance (two CPUs) for the module, shut down at its end."""
    executor = RayExecutor(num_cpus=2)
    try:
        yield executor
    finally:
        executor.shutdown()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "agents"),
    [("gin-rummy", 2, "greedy"), ("crummy-rummy", 3, "random"), ("crib-rummy", 4, "greedy")],
)
def test_a_simulation_on_ray_is_the_one_process_simulation(
    cluster: RayExecutor, game: str, players: int, agents: str
) -> None:
    options: dict[str, Any] = {"players": players, "games": 9, "seed": 21, "agents": agents}
    done: list[int] = []
    on_ray = simulate(game, executor=cluster, progress=lambda n, _: done.append(n), **options)
    _same(on_ray, simulate(game, **options))
    assert on_ray.completed == 9 and on_ray.errors == 0
    assert done[-1] == 9 and done == sorted(done)  # progress as the ranges come back


@pytest.mark.slow
def test_the_executor_is_a_standard_executor(cluster: RayExecutor) -> None:
    futures = [cluster.submit(pow, 2, n) for n in range(5)]
    assert [f.result(timeout=60) for f in futures] == [1, 2, 4, 8, 16]
    assert list(cluster.map(abs, [-1, -2, 3])) == [1, 2, 3]
    assert cluster.max_workers >= 1
    with pytest.raises(ZeroDivisionError):
        cluster.submit(divmod, 1, 0).result(timeout=60)


@pytest.mark.slow
def test_an_executor_that_joined_a_running_ray_leaves_it_running(cluster: RayExecutor) -> None:
    import ray

    with RayExecutor() as joined:
        assert joined.submit(len, "abc").result(timeout=60) == 3
    assert ray.is_initialized()  # the module's instance is still up
    with pytest.raises(RuntimeError, match="after shutdown"):
        joined.submit(len, "abc")


@pytest.mark.slow
def test_the_command_line_plays_on_ray(
    cluster: RayExecutor, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "crazy-rummy", "--players", "3", "--games", "5", "--seed", "3", "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--ray"]) == 0  # no address: the Ray this process runs
    on_ray = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in on_ray.items() if k not in TIMING
    }


def test_the_command_line_refuses_workers_with_ray(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "crib-rummy", "--ray", "--workers", "2"]) == 2
    assert "--workers or --ray" in capsys.readouterr().err


@pytest.mark.parametrize("bad", [{"address": ""}, {"num_cpus": 0}, {"num_cpus": True}])
def test_bad_executor_arguments_are_option_errors(bad: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        RayExecutor(**bad)


def test_without_ray_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    assert not ray_available()
    with pytest.raises(OptionError, match=r"pip install 'rummykit\[ray\]'"):
        RayExecutor()
