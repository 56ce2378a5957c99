"""Fail the docs build when a built page shows an error box.

``sphinx -W`` turns warnings into errors, but some failures reach the HTML without a
warning: a docutils system message left in the page (``class="system-message"``), text
marked ``problematic`` (a broken reference or inline markup), an ``error`` admonition, or
a ``.. contents::`` block, which the furo theme paints as a red "ERROR: Adding a table of
contents ..." box. This script scans the built pages for all of them and exits non-zero,
naming the file, the line and the message::

    python docs/check_html.py [docs/_build/html]

It uses only the standard library. ``make docs`` runs it after the build.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

#: The class furo accepts as the escape hatch for a deliberate table of contents.
FURO_TOC_ESCAPE: Final = "this-will-duplicate-information-and-it-is-still-useful-here"
#: furo's own words for the box it paints over a table of contents.
FURO_TOC_ERROR: Final = (
    "ERROR: Adding a table of contents in Furo-based documentation is unnecessary"
)
#: Elements that never have content, so never get an end tag.
_VOID: Final = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
#: How much of a box's text a report quotes.
_QUOTE: Final = 200


@dataclass(frozen=True)
class Problem:
    """One error box: where it is, what kind it is, and the text it shows."""

    path: Path
    line: int
    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind}: {self.text}"


def _kind(tag: str, classes: Sequence[str]) -> str | None:
    """What error box an element with these classes is, or ``None`` if it is none."""
    if "system-message" in classes:
        return "docutils system message"
    if "problematic" in classes:
        return "problematic markup"
    if "contents" in classes and FURO_TOC_ESCAPE not in classes and tag != "body":
        return "table of contents (furo shows it as an error box)"
    if "admonition" in classes and "error" in classes:
        return "error admonition"
    return None


class _Scanner(HTMLParser):
    """Collects the error boxes of one page (boxes inside ``<noscript>`` are skipped: the
    search page tells readers without JavaScript that search needs it)."""

    def __init__(self, path: Path) -> None:
        super().__init__(convert_charrefs=True)
        self.path = path
        self.problems: list[Problem] = []
        self._open: list[str] = []
        self._box: tuple[int, str, int, list[str]] | None = None  # depth, kind, line, text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        self._open.append(tag)
        if self._box is not None or "noscript" in self._open:
            return
        classes = " ".join(value or "" for name, value in attrs if name == "class").split()
        kind = _kind(tag, classes)
        if kind is not None:
            self._box = (len(self._open), kind, self.getpos()[0], [])

    def handle_endtag(self, tag: str) -> None:
        if tag not in self._open:
            return  # a stray end tag: nothing was opened for it
        while self._open:
            closed = self._open.pop()
            if self._box is not None and len(self._open) < self._box[0]:
                self._close_box()
            if closed == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._box is not None:
            self._box[3].append(data)

    def close(self) -> None:
        super().close()
        if self._box is not None:  # a box left open at the end of a truncated page
            self._close_box()

    def _close_box(self) -> None:
        assert self._box is not None
        _, kind, line, parts = self._box
        self._box = None
        text = " ".join("".join(parts).split())
        if kind.startswith("table of contents"):
            text = f"{FURO_TOC_ERROR} (remove the `.. contents::` directive)"
        elif len(text) > _QUOTE:
            text = text[: _QUOTE - 3] + "..."
        self.problems.append(Problem(self.path, line, kind, text or "(no text)"))


def check_page(path: Path) -> list[Problem]:
    """The error boxes in one built HTML page."""
    scanner = _Scanner(path)
    scanner.feed(path.read_text(encoding="utf-8"))
    scanner.close()
    return scanner.problems


def pages(root: Path) -> Iterator[Path]:
    """The built HTML pages under ``root``, in a stable order (the sources Sphinx copies
    under ``_sources`` and the module listings under ``_modules`` included)."""
    yield from sorted(root.rglob("*.html"))


def check_site(root: Path) -> list[Problem]:
    """The error boxes in every built page under ``root``."""
    return [problem for page in pages(root) for problem in check_page(page)]


def main(argv: Sequence[str] | None = None) -> int:
    """Check the built site; print each problem; 0 if there is none, 1 if there are some,
    2 if there are no pages to check."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) > 1:
        print("usage: check_html.py [BUILT_HTML_DIR]", file=sys.stderr)
        return 2
    root = Path(args[0]) if args else Path(__file__).resolve().parent / "_build" / "html"
    if not any(True for _ in pages(root)):
        print(f"check_html: no HTML pages under {root}; build the docs first", file=sys.stderr)
        return 2
    problems = check_site(root)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check_html: {len(problems)} error box(es) in the built docs", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
