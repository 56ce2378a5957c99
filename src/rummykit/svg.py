"""Pictures of cards, hands, melds, tables and whole views as SVG text.

:func:`render` draws what it is given with nothing beyond the standard library: a
:class:`~rummykit.Card`, a hand (a sequence of cards), a :class:`~rummykit.Meld` (with what
each wild card stands for written under it), a table (a sequence of melds or table melds) or
a seat's view (``state.view(seat)``). The text is a self-contained SVG document that a
browser, a notebook or an ``<img>`` tag shows as it is; the same object always gives the
same text. Cards, melds and views also have ``_repr_svg_``, so Jupyter draws them.

A view's picture shows what the seat sees and nothing more: its own hand face up, the other
hands as counts of face-down cards (with any card the whole table knows shown face up), the
table, the piles, the scores and whose turn it is.

>>> from rummykit import Card
>>> from rummykit.svg import render
>>> picture = render(Card.parse("QH"))
>>> picture.startswith("<svg") and "Q♥" in picture
True
>>> render(42)
Traceback (most recent call last):
  ...
TypeError: cannot draw int: rummykit.svg.render draws a Card, a hand ...
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Sequence
from typing import Final, NamedTuple

from rummykit.cards import Card, Rank
from rummykit.engine.rummy_state import RummyView
from rummykit.engine.trick_state import TrickView
from rummykit.engine.views import Hidden, View
from rummykit.melds import Meld, MeldKind
from rummykit.pieces.outcome import TableMeld

__all__ = ["render"]

CARD_W: Final = 50
CARD_H: Final = 72
#: How far apart the cards of a hand stand (they overlap; each shows its corner).
HAND_STEP: Final = 28
#: How far apart the cards of a meld stand (room for the wild's label under each).
MELD_STEP: Final = 34
#: Cards in one row of a hand before it wraps, and rows before the rest is only counted.
ROW_CARDS: Final = 20
MAX_ROWS: Final = 6
#: The widest a picture of a view or a table grows before its rows wrap.
MAX_WIDTH: Final = 760
GAP: Final = 10
MARGIN: Final = 12

RED: Final = "#c8102e"
BLACK: Final = "#161616"
JOKER_INK: Final = "#6a1b9a"
MUTED: Final = "#555555"
PAPER: Final = "#f4f6f0"
BACK: Final = "#2d5f9a"
FONT: Final = "DejaVu Sans, Segoe UI Symbol, Arial Unicode MS, sans-serif"


class Box(NamedTuple):
    """A piece of picture: SVG elements drawn with the box's top-left corner at (0, 0)."""

    body: str
    width: int
    height: int


#: The empty box (nothing to draw).
EMPTY: Final = Box("", 0, 0)


def render(obj: object) -> str:
    """``obj`` as an SVG document: a card, a hand (any sequence of cards; hidden cards are
    drawn face down), a meld, a meld on the table with its owner
    (:class:`~rummykit.pieces.TableMeld`), a table (a sequence of melds or table melds) or
    a seat's view (any game's :class:`~rummykit.engine.views.View`). The document is well
    formed, has its size and ``viewBox``, and is never wider than about 800 pixels nor
    taller than the cards it draws (a hand of more than 120 cards shows the first 120 and
    counts the rest).

    Raises :class:`TypeError`, naming what it draws, for anything else.

    >>> from rummykit import Meld
    >>> picture = render(Meld.parse("run 5H-7H: 5H 6H JK"))
    >>> "= 7♥" in picture
    True
    """
    return _document(_draw(obj))


def _draw(obj: object) -> Box:
    """The box for any object :func:`render` accepts."""
    if isinstance(obj, Card):
        return _card(obj)
    if isinstance(obj, Hidden):
        return _back()
    if isinstance(obj, Meld):
        return _meld(obj)
    if isinstance(obj, TableMeld):
        return _table_meld(obj, None)
    if isinstance(obj, RummyView):
        return _rummy_view(obj)
    if isinstance(obj, TrickView):
        return _trick_view(obj)
    if isinstance(obj, View):
        return _any_view(obj)
    if isinstance(obj, Sequence) and not isinstance(obj, (str, bytes)):
        return _sequence(obj)
    raise TypeError(_cannot(obj))


def _cannot(obj: object) -> str:
    return (
        f"cannot draw {type(obj).__name__}: rummykit.svg.render draws a Card, a hand "
        "(a sequence of cards), a Meld, a table (a sequence of melds or table melds) or a "
        "view (state.view(seat))"
    )


def _sequence(items: Sequence[object]) -> Box:
    """A hand (cards and hidden cards) or a table (melds, table melds); empty: a note."""
    if not items:
        return _text("(no cards)", size=13, ink=MUTED)
    if all(isinstance(x, (Card, Hidden)) for x in items):
        return _hand([x for x in items if isinstance(x, (Card, Hidden))])
    if all(isinstance(x, (Meld, TableMeld)) for x in items):
        return _table([x for x in items if isinstance(x, (Meld, TableMeld))])
    odd = next(x for x in items if not isinstance(x, (Card, Hidden, Meld, TableMeld)))
    raise TypeError(f"{_cannot(items)}; it holds a {type(odd).__name__}")


# -- the document and the layout -------------------------------------------------------------


def _document(box: Box) -> str:
    """A whole SVG document around ``box``, with a margin and a paper background."""
    width, height = box.width + 2 * MARGIN, box.height + 2 * MARGIN
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">'
        f'<rect width="{width}" height="{height}" rx="8" fill="{PAPER}"/>'
        f"{_at(box, MARGIN, MARGIN)}</svg>"
    )


def _at(box: Box, x: int, y: int) -> str:
    """``box``'s elements moved to (x, y)."""
    if not box.body:
        return ""
    if x == 0 and y == 0:
        return box.body
    return f'<g transform="translate({x},{y})">{box.body}</g>'


def _row(boxes: Sequence[Box], gap: int = GAP) -> Box:
    """Boxes side by side, tops aligned."""
    shown = [b for b in boxes if b.width or b.height]
    body, x = [], 0
    for box in shown:
        body.append(_at(box, x, 0))
        x += box.width + gap
    width = max(0, x - gap)
    return Box("".join(body), width, max((b.height for b in shown), default=0))


def _column(boxes: Sequence[Box], gap: int = GAP) -> Box:
    """Boxes one under another, left edges aligned."""
    shown = [b for b in boxes if b.width or b.height]
    body, y = [], 0
    for box in shown:
        body.append(_at(box, 0, y))
        y += box.height + gap
    height = max(0, y - gap)
    return Box("".join(body), max((b.width for b in shown), default=0), height)


def _flow(boxes: Sequence[Box], width: int = MAX_WIDTH, gap: int = GAP) -> Box:
    """Boxes side by side, wrapping onto a new row before ``width``."""
    rows: list[list[Box]] = [[]]
    used = 0
    for box in boxes:
        if rows[-1] and used + gap + box.width > width:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + box.width
        rows[-1].append(box)
    return _column([_row(r, gap) for r in rows], gap)


def _text(text: str, *, size: int = 14, ink: str = BLACK, bold: bool = False) -> Box:
    """One line of text (its width estimated from its length)."""
    weight = ' font-weight="bold"' if bold else ""
    body = f'<text x="0" y="{size}" font-size="{size}" fill="{ink}"{weight}>{_esc(text)}</text>'
    return Box(body, _text_width(text, size, bold), size + 4)


def _text_width(text: str, size: int, bold: bool = False) -> int:
    return (len(text) * size * (66 if bold else 62)) // 100 + 1


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _titled(title: str, content: Box) -> Box:
    """A section: a heading over its content."""
    return _column([_text(title, size=13, ink=MUTED, bold=True), content], gap=4)


# -- cards -------------------------------------------------------------------------------------


def _ink(card: Card | Rank) -> str:
    if isinstance(card, Rank):
        return BLACK
    if card.is_joker:
        return JOKER_INK
    suit = card.suit
    return RED if suit is not None and suit.is_red else BLACK


def _label(card: Card | Rank) -> str:
    """A card or a rank as it is written on a picture: ``Q♥``, ``JK``, ``7``."""
    if isinstance(card, Rank):
        return card.label
    return "JK" if card.is_joker else format(card, "s")


def _card(card: Card, strip: int = CARD_W) -> Box:
    """One card, face up: rank and suit in the corner, the suit large in the middle of the
    ``strip`` of the card left uncovered (the whole card unless another overlaps it)."""
    ink = _ink(card)
    middle, pip = min(strip, CARD_W) // 2 + 1, 28 if strip >= 40 else 22
    frame = (
        f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" '
        f'fill="#ffffff" stroke="#7a7a7a"/>'
    )
    if card.is_joker:
        face = (
            f'<text x="4" y="15" font-size="13" font-weight="bold" fill="{ink}">JK</text>'
            f'<text x="{middle}" y="52" font-size="{pip}" text-anchor="middle" '
            f'fill="{ink}">★</text>'
            f'<text x="{middle}" y="66" font-size="7" text-anchor="middle" '
            f'fill="{ink}">JOKER</text>'
        )
    else:
        rank, suit = card.rank, card.suit
        assert rank is not None and suit is not None
        face = (
            f'<text x="4" y="16" font-size="15" font-weight="bold" fill="{ink}">'
            f"{rank.label}</text>"
            f'<text x="4" y="32" font-size="15" fill="{ink}">{suit.symbol}</text>'
            f'<text x="{middle}" y="60" font-size="{pip}" text-anchor="middle" '
            f'fill="{ink}">{suit.symbol}</text>'
        )
    title = f"<title>{_esc(_label(card))}</title>"
    return Box(f'<g class="card">{title}{frame}{face}</g>', CARD_W, CARD_H)


def _back() -> Box:
    """One card, face down."""
    body = (
        '<g class="back">'
        f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" '
        f'fill="{BACK}" stroke="#1d3f6e"/>'
        f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" '
        'fill="none" stroke="#ffffff" stroke-opacity="0.6"/></g>'
    )
    return Box(body, CARD_W, CARD_H)


def _face(card: Card | Hidden, strip: int = CARD_W) -> Box:
    return _back() if isinstance(card, Hidden) else _card(card, strip)


def _spread(cards: Sequence[Card | Hidden], step: int = HAND_STEP) -> Box:
    """Cards overlapping left to right, each ``step`` from the last, the middle of each
    face drawn where it shows."""
    last = len(cards) - 1
    return _fan([_face(c, CARD_W if i == last else step) for i, c in enumerate(cards)], step)


def _fan(boxes: Sequence[Box], step: int) -> Box:
    """Boxes overlapping left to right, each ``step`` from the last."""
    if not boxes:
        return EMPTY
    body = "".join(_at(box, i * step, 0) for i, box in enumerate(boxes))
    width = step * (len(boxes) - 1) + boxes[-1].width
    return Box(body, width, max(b.height for b in boxes))


def _hand(cards: Sequence[Card | Hidden]) -> Box:
    """A hand: overlapping cards in rows of :data:`ROW_CARDS`, at most :data:`MAX_ROWS`
    rows; any cards beyond are counted, not drawn."""
    shown = cards[: ROW_CARDS * MAX_ROWS]
    rows = [_spread(shown[i : i + ROW_CARDS]) for i in range(0, len(shown), ROW_CARDS)]
    more = len(cards) - len(shown)
    if more:
        rows.append(_text(f"and {more} more", size=13, ink=MUTED))
    return _column(rows, gap=6)


def _backs(count: int, most: int = 6) -> Box:
    """A small stack of face-down cards standing for ``count`` hidden cards."""
    return _fan([_back() for _ in range(min(count, most))], 6)


# -- melds and the table ---------------------------------------------------------------------


def _wild_labels(meld: Meld) -> list[tuple[int, str, str]]:
    """(index, text, ink) for each card that stands for another card or a rank."""
    out = []
    for i, (card, stands) in enumerate(zip(meld.cards, meld.represents, strict=True)):
        if isinstance(stands, Rank) or stands != card:
            out.append((i, f"= {_label(stands)}", _ink(stands)))
    return out


def _meld_name(meld: Meld) -> str:
    if meld.kind is MeldKind.RUN:
        first, last = meld.represents[0], meld.represents[-1]
        return f"run {_label(first)}–{_label(last)}"
    assert meld.rank is not None
    return f"{meld.kind.value} of {meld.rank.label}"


def _meld(meld: Meld, heading: str = "") -> Box:
    """A meld: its name, its cards side by side, under each wild what it stands for
    (labels of neighbouring wilds on alternate lines)."""
    cards = _spread(meld.cards, MELD_STEP)
    last = len(meld.cards) - 1
    parts, level, last = [], 0, -2
    for index, text, ink in _wild_labels(meld):
        level = 1 - level if index == last + 1 else 0
        last = index
        x = index * MELD_STEP + (CARD_W if index == last else MELD_STEP) // 2
        y = CARD_H + 14 + 14 * level
        parts.append(
            f'<text class="stands-for" x="{x}" y="{y}" font-size="12" text-anchor="middle" '
            f'fill="{ink}">{_esc(text)}</text>'
        )
    lines = 0 if not parts else (2 if _two(meld) else 1)
    under = Box(cards.body + "".join(parts), cards.width + 8, CARD_H + 18 * lines)
    title = _text(heading + _meld_name(meld), size=12, ink=MUTED)
    return _column([title, under], gap=3)


def _two(meld: Meld) -> bool:
    """Whether two wild labels of ``meld`` stand side by side (a second line is used)."""
    indices = [i for i, _, _ in _wild_labels(meld)]
    return any(b == a + 1 for a, b in itertools.pairwise(indices))


def _table_meld(placed: TableMeld, index: int | None) -> Box:
    number = "" if index is None else f"#{index} "
    return _meld(placed.meld, f"{number}seat {placed.owner}: ")


def _table(melds: Sequence[Meld | TableMeld]) -> Box:
    """The melds on a table, numbered as moves name them, wrapping in rows."""
    boxes = [
        _table_meld(m, i) if isinstance(m, TableMeld) else _meld(m, f"#{i} ")
        for i, m in enumerate(melds)
    ]
    return _flow(boxes, gap=18)


# -- views -------------------------------------------------------------------------------------


def _header(view: View) -> Box:
    """The game, the deal, whose view and whose turn."""
    title = f"{view.variant} · deal {view.deal_number} · seat {view.seat}'s view"
    if view.is_over:
        turn = "the game is over"
    else:
        turn = f"seat {view.to_move} to move ({view.phase.value})"
    return _column([_text(title, size=16, bold=True), _text(turn, size=13, ink=MUTED)], 2)


def _seat_line(view: View, other: int, shown: Sequence[Card | Hidden]) -> Box:
    """Another seat: its score, its card count, its cards as the table sees them."""
    known = [c for c in shown if isinstance(c, Card)]
    hidden = view.hand_sizes[other] - len(known)
    turn = "  ◀ to move" if other == view.to_move and not view.is_over else ""
    label = _text(
        f"seat {other}: {_cards(view.hand_sizes[other])}, score {view.scores[other]}{turn}",
        size=13,
        bold=bool(turn),
    )
    cards = _row([_backs(hidden), _spread(known)], gap=8)
    return _column([label, cards], gap=3)


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _own(view: View) -> Box:
    turn = "  ◀ to move" if view.seat == view.to_move and not view.is_over else ""
    title = (
        f"your hand (seat {view.seat}): {_cards(len(view.hand))}, score {view.scores[view.seat]}"
    )
    label = _text(title + turn, size=13, bold=True)
    return _column([label, _hand(view.hand) if view.hand else _text("(empty)", size=13)], 3)


def _others(view: View, hands: Sequence[Sequence[Card | Hidden]] = ()) -> Box:
    seats = [s for s in range(view.players) if s != view.seat]
    lines = [_seat_line(view, s, hands[s] if hands else ()) for s in seats]
    return _flow(lines, gap=24)


def _any_view(view: View) -> Box:
    """A view of a game this module does not know: hands, counts, scores, turn."""
    return _column([_header(view), _others(view), _own(view)], gap=14)


def _pile(title: str, cards: Sequence[Card | Hidden], size: int) -> Box:
    """The discard pile: the cards the seat sees (the last dozen), backs for the rest."""
    seen = [c for c in cards if isinstance(c, Card)]
    under = size - len(seen)
    face_down_top = bool(cards) and isinstance(cards[-1], Hidden)
    parts = [_backs(min(under, 2))] if under and (not seen or face_down_top) else []
    fan = _spread(seen[-12:])
    shown = [*parts, fan] if not face_down_top else [fan, *parts]
    count = f"{size}, top face down" if face_down_top else str(size)
    return _titled(f"{title} ({count})", _row(shown, gap=6) if size else _text("empty", size=13))


def _stock(size: int) -> Box:
    return _titled(f"stock ({size})", _backs(min(size, 3), 3) if size else _text("empty"))


def _facts(view: RummyView) -> Box:
    """One-line facts of the deal: wild cards, contract, knock limit, knocker."""
    facts = []
    if view.wild_cards:
        wilds = " ".join(_label(c) for c in sorted(view.wild_cards))
        facts.append(f"wild: {wilds}")
    if view.contract is not None:
        facts.append(f"contract: {view.contract}")
    if view.knock_limit is not None:
        facts.append(f"knock with at most {view.knock_limit} deadwood")
    if view.knocker is not None:
        facts.append(f"seat {view.knocker} knocked")
    if view.pending is not None:
        facts.append(f"to place now: {_label(view.pending)}")
    return _column([_text(f, size=13) for f in facts], gap=2)


def _rummy_piles(view: RummyView) -> Box:
    boxes = [_stock(view.stock_size), _pile("discards", view.discards, view.discard_size)]
    if view.indicator is not None:
        name = "first upcard" if view.knock_limit is not None else "indicator"
        boxes.append(_titled(name, _card(view.indicator)))
    return _column([_row(boxes, gap=24), _facts(view)], gap=8)


def _rummy_view(view: RummyView) -> Box:
    """A draw-and-discard view: seats, piles, the table, the seat's hand."""
    table = _table(view.table) if view.table else _text("(no melds yet)", size=13, ink=MUTED)
    return _column(
        [
            _header(view),
            _others(view, view.hands),
            _rummy_piles(view),
            _titled(f"table ({len(view.table)} melds)", table),
            _own(view),
        ],
        gap=16,
    )


def _played(title: str, pairs: Sequence[tuple[int, Card]]) -> Box:
    """Cards of a trick, each with the seat that played it under it."""
    boxes = [_column([_card(c), _text(f"seat {s}", size=11, ink=MUTED)], 2) for s, c in pairs]
    return _titled(title, _row(boxes, gap=6) if boxes else _text("(none)", size=13))


def _quartets(view: TrickView, seat: int) -> Box:
    """A seat's quartets: the ranks where the seat may see them, else face-down stacks;
    the Joker marks the first one laid."""
    boxes = []
    for index, rank in enumerate(view.quartets[seat]):
        marked = view.marker == (seat, index)
        text = "?" if isinstance(rank, Hidden) else rank.label
        ink = "#ffffff" if isinstance(rank, Hidden) else BLACK
        fill = BACK if isinstance(rank, Hidden) else "#ffffff"
        joker = (
            f'<rect x="21" y="2" width="18" height="12" rx="2" fill="#ffffff" '
            f'stroke="{JOKER_INK}"/><text x="23" y="11" font-size="9" font-weight="bold" '
            f'fill="{JOKER_INK}">JK</text>'
            if marked
            else ""
        )
        boxes.append(
            Box(
                f'<g class="quartet"><rect x="0.5" y="0.5" width="40" height="32" rx="4" '
                f'fill="{fill}" stroke="#7a7a7a"/><text x="8" y="24" font-size="15" '
                f'font-weight="bold" fill="{ink}">{_esc(text)}</text>{joker}</g>',
                42,
                34,
            )
        )
    label = _text(f"seat {seat} quartets ({len(boxes)})", size=12, ink=MUTED)
    return _column([label, _row(boxes, gap=4) if boxes else _text("none", size=12)], 2)


def _trick_view(view: TrickView) -> Box:
    """A trick-and-quartet view: seats, the trick in progress, the last trick, quartets."""
    last = "last trick" + (
        f", taken by seat {view.last_winner}" if view.last_winner is not None else ""
    )
    out = ", ".join(map(str, view.out))
    tricks = _row(
        [
            _played(f"trick (led by seat {view.leader})", view.trick),
            _played(last, view.last_trick),
        ],
        gap=30,
    )
    quartets = _flow([_quartets(view, s) for s in range(view.players)], gap=24)
    notes = _text(f"out: seat {out}" if out else "nobody is out yet", size=13, ink=MUTED)
    return _column(
        [_header(view), _others(view), tricks, quartets, notes, _own(view)],
        gap=16,
    )
