"""A Sphinx directive that draws a position of a game as an SVG picture at build time.

::

    .. rummykit-picture:: crib-rummy
       :players: 2
       :seed: 3
       :moves: 12
       :seat: 0

starts a game of ``crib-rummy`` (``players`` defaults to the game's fewest, ``seed`` to 1),
plays ``moves`` moves (default 0) with the shipped greedy agent, and embeds the picture of
``seat``'s view (default: the seat to move) drawn by :func:`rummykit.svg.render`, inline in
the HTML (builders other than HTML leave it out).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import rummykit
from rummykit.agents import GreedyAgent, choose_move
from rummykit.svg import render

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def picture_of(game: str, *, players: int | None, seed: int, moves: int, seat: int | None) -> str:
    """The SVG of ``seat``'s view after ``moves`` greedy moves of a seeded game."""
    variant = rummykit.variant(game)
    state = variant.new_game(players=players or variant.min_players, seed=seed)
    agent, rng = GreedyAgent(), random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(choose_move(agent, state, rng))
    return render(state.view(state.to_move if seat is None else seat))


class PictureDirective(SphinxDirective):
    """``.. rummykit-picture:: GAME`` with ``:players:``, ``:seed:``, ``:moves:``, ``:seat:``."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, object]] = {
        "players": directives.positive_int,
        "seed": directives.nonnegative_int,
        "moves": directives.nonnegative_int,
        "seat": directives.nonnegative_int,
        "alt": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0]
        self.env.note_reread()  # drawn afresh on every build: the renderer may have changed
        try:
            svg = picture_of(
                game,
                players=self.options.get("players"),
                seed=self.options.get("seed", 1),
                moves=self.options.get("moves", 0),
                seat=self.options.get("seat"),
            )
        except (ValueError, TypeError, IndexError) as error:
            raise self.error(f"rummykit-picture {game}: {error}") from error
        alt = self.options.get("alt", f"a position of {game}")
        number = self.env.new_serialno("rummykit-picture")  # the page's first is 0
        html = (
            f'<figure class="rummykit-picture" id="rummykit-picture-{number}" '
            'style="overflow-x: auto; margin: 1em 0">'
            f"{svg.replace('<svg ', f'<svg {_SCALE} aria-label={_quote(alt)} ', 1)}</figure>"
        )
        return [nodes.raw("", html, format="html")]


#: The picture shrinks to the width of the page's text column, never grows past its own.
_SCALE = 'style="max-width: 100%; height: auto"'


def _quote(text: str) -> str:
    from html import escape

    return f'"{escape(text, quote=True)}"'


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("rummykit-picture", PictureDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
