"""Shared test configuration: hypothesis profiles and the ``slow`` marker for doctests.

Pick a hypothesis profile with the ``HYPOTHESIS_PROFILE`` environment variable:

``dev``
    The default for local runs: 100 examples a test, fresh ones every run.
``ci``
    What ``.ci/run`` uses: the same 100 examples a test, derandomized (every run tries the
    same examples, so CI cannot flake) and printing the blob that reproduces a failure.
``check``
    What ``make check`` uses for the edit loop: 20 examples a test. Tests that set their
    own ``max_examples`` keep it.

Tests marked ``slow`` (registered in pyproject.toml) are left out of ``make check`` and run
first in ``make test``; doctests cannot carry a marker, so the slow ones are named in
:data:`SLOW_DOCTESTS`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", deadline=None, derandomize=True, max_examples=100, print_blob=True)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("check", deadline=None, max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: Doctest files (by name) whose examples play many whole games.
SLOW_DOCTESTS = frozenset({"guide-bot.rst"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow doctests, then run the slow tests first (in their own order): with
    pytest-xdist the long ones then start at once instead of keeping one worker busy at the
    end while the other has nothing left to do."""
    for item in items:
        if isinstance(item, pytest.DoctestItem) and item.path.name in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def _docs_pages_register_into_a_registry_of_their_own(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Give each docs page's doctest a variant registry of its own.

    The guides register example games (``register("turnover-rummy", ...)``) whose factory
    lives in the page's doctest namespace, which ends with the page. In the shared registry
    the id would outlive it, and ``rummykit.variants()`` would list a game that can no
    longer be built for whichever test runs next in the same process."""
    if isinstance(request.node, pytest.DoctestItem) and request.node.path.suffix == ".rst":
        from rummykit.engine import registry

        monkeypatch.setattr(registry, "_REGISTRY", registry._Registry())
