"""Simulations on a Ray cluster: a :class:`concurrent.futures.Executor` backed by Ray tasks.

Install the extra (``pip install 'rummykit[ray]'``), then hand a :class:`RayExecutor` to
:func:`~rummykit.sim.simulate` like any other executor, or give ``--ray`` to the command
line::

    from rummykit.adapters.ray import RayExecutor
    from rummykit.sim import simulate

    with RayExecutor("ray://head-node:10001") as cluster:   # or RayExecutor() for a local Ray
        report = simulate("crummy-rummy", players=4, games=100_000, executor=cluster)

    rummykit simulate crummy-rummy --players 4 --games 100000 --ray ray://head-node:10001
    rummykit simulate crummy-rummy --players 4 --games 1000 --ray      # a local Ray

Every game is seeded by its index and the report's sums are exact, so the report is the one a
single process gives (timings aside). The cluster's workers must be able to import rummykit
(the same version; give ``runtime_env={"pip": ["rummykit==..."]}`` when they cannot) and any
agent or variant of your own that you pass.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import threading
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from rummykit.errors import OptionError

__all__ = ["RayExecutor", "executor_for", "ray_available"]

P = ParamSpec("P")
T = TypeVar("T")

_INSTALL = "install the extra: pip install 'rummykit[ray]'"


def ray_available() -> bool:
    """Whether Ray can be imported here."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def executor_for(
    address: str | None,
) -> contextlib.AbstractContextManager[concurrent.futures.Executor | None]:
    """What ``--ray [ADDRESS]`` asks for, as a context manager: no executor for ``None`` (no
    ``--ray``), else a :class:`RayExecutor` joining ``address`` (``""``: a local Ray)."""
    if address is None:
        return contextlib.nullcontext()
    return RayExecutor(address or None)


def _call(fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    """The one Ray task: calls ``fn`` (any picklable callable, built-ins included)."""
    return fn(*args, **kwargs)


def _ray() -> Any:
    try:
        import ray
    except ImportError as error:
        raise OptionError(f"Ray is not installed ({error}); {_INSTALL}") from None
    return ray


class RayExecutor(concurrent.futures.Executor):
    """Runs each submitted call as a Ray task and hands back a standard future.

    ``address`` is the cluster to join (``"auto"``, ``"ray://host:10001"``, ...); ``None``
    joins the Ray this process already started, else starts a local one (with ``num_cpus``
    CPUs, default all). Ray is shut down by :meth:`shutdown` only if this executor started or
    joined it; a Ray that was already running is left as it was. ``runtime_env`` is passed to
    :func:`ray.init` (e.g. to install rummykit on the workers).
    """

    def __init__(
        self,
        address: str | None = None,
        *,
        num_cpus: int | None = None,
        runtime_env: Mapping[str, object] | None = None,
    ) -> None:
        if address is not None and (not isinstance(address, str) or not address.strip()):
            raise OptionError(f"a Ray address is a non-empty string, got {address!r}")
        if num_cpus is not None and (
            isinstance(num_cpus, bool) or not isinstance(num_cpus, int) or num_cpus < 1
        ):
            raise OptionError(f"num_cpus must be a whole number of at least 1, got {num_cpus!r}")
        ray = _ray()
        self._ray = ray
        self._owns = not ray.is_initialized()
        if self._owns:
            options: dict[str, Any] = {
                "address": address,
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": "WARNING",
                "configure_logging": False,
            }
            if address is None and num_cpus is not None:
                options["num_cpus"] = num_cpus
            if runtime_env is not None:
                options["runtime_env"] = dict(runtime_env)
            try:
                ray.init(**options)
            except ConnectionError as error:
                raise OptionError(
                    f"cannot reach a Ray cluster at {address!r}: {error}; start one with "
                    "`ray start --head`, or leave out the address for a local Ray"
                ) from None
        self._call = ray.remote(_call)
        self._lock = threading.Lock()
        self._closed = False

    @property
    def max_workers(self) -> int:
        """The cluster's CPUs: how many tasks run at once (used to split a simulation)."""
        cpus = self._ray.cluster_resources().get("CPU", 1)
        return max(1, int(cpus))

    def submit(
        self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
    ) -> concurrent.futures.Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its future is a standard one."""
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit to a RayExecutor after shutdown")
        future: concurrent.futures.Future[T] = self._call.remote(fn, args, kwargs).future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more submissions; shut Ray down if this executor started it. Ray's own tasks
        finish or are dropped with the cluster connection (``wait`` is accepted for the
        :class:`~concurrent.futures.Executor` interface)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        if self._owns and self._ray.is_initialized():
            self._ray.shutdown()
