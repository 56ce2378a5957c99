"""Deliberately broken variants for the conformance kit's own tests (importable by name, so
that the kit can send them to another process)."""

from __future__ import annotations

from collections.abc import Iterator

import attrs

import rummykit
from rummykit.engine.core import Variant
from rummykit.engine.moves import Move
from rummykit.engine.rummy import RummyRules
from rummykit.engine.rummy_state import RummyState


@attrs.frozen
class HashOrderedRules(RummyRules):
    """Crib Rummy whose legal moves come in the order of their texts' hashes: a game that
    depends on ``PYTHONHASHSEED``."""

    def generate(self, state: RummyState) -> Iterator[Move]:
        return iter(sorted(super().generate(state), key=lambda m: hash(str(m))))


def hash_ordered() -> Variant:
    crib = rummykit.variant("crib-rummy")
    fields = {a.name: getattr(crib.rules, a.name) for a in attrs.fields(RummyRules) if a.init}
    return attrs.evolve(crib, rules=HashOrderedRules(**fields))


class LeakyView:
    """A view that compares, prints and hashes like the real one but keeps every hand."""

    def __init__(self, view: object, hands: object) -> None:
        self.view = view
        self._hands = hands

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LeakyView) and self.view == other.view

    def __hash__(self) -> int:
        return hash(self.view)

    def __repr__(self) -> str:
        return repr(self.view)
