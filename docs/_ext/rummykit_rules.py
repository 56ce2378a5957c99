"""The rules reference in the documentation: a page generated from the shipped rulebook, and
a role that links to one rule.

``.. rummykit-rules-reference::`` renders ``rummykit/rules.md`` (the rulebook that ships
with the package, :mod:`rummykit.rules`) at build time, with an anchor ``rule-r34`` before
every numbered resolution, so the page and the package never drift apart. Every rule number
in it links to its rule.

``:rule:`R34``` links to that anchor from any page; a number the rulebook does not hold is a
build error.

:func:`markdown_to_rst` does the conversion (the small part of markdown the rulebook uses:
headings, paragraphs, lists, pipe tables, emphasis, code and links); it needs no Sphinx.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Final

from rummykit.errors import UnknownRuleError
from rummykit.rules import CITATION, all_rules, normalize, reference

if TYPE_CHECKING:
    from docutils import nodes
    from docutils.parsers.rst.states import Inliner
    from sphinx.application import Sphinx

#: Underline characters of markdown heading levels 2, 3, 4 (the page's own title takes "=").
_UNDERLINE: Final = {2: "-", 3: "~", 4: "^"}
_HEADING: Final = re.compile(r"(#{1,6}) (.+)")
_ITEM: Final = re.compile(r"( *)([-*]|[0-9]+\.) (.*)")
_RULE_START: Final = re.compile(r"\*\*(R[0-9]+[a-z]?) — ")
_INLINE: Final = re.compile(
    r"`(?P<code>[^`]+)`"
    r"|\*\*(?P<strong>.+?)\*\*"
    r"|(?<![\w*])\*(?P<em>[^*\s][^*]*?)\*(?![\w*])"
    r"|(?P<url>https?://[^\s)]+[^\s).,;:])"
    rf"|(?P<rule>{CITATION.pattern})"
)
#: Characters that mean markup in reStructuredText text; escaped in plain text.
_SPECIAL: Final = re.compile(r"([\\*`_|])")


def anchor(number: str) -> str:
    """The label (and HTML anchor) of rule ``number`` (``"R34"`` -> ``"rule-r34"``)."""
    return f"rule-{number.lower()}"


def _escape(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", text)


def _markup(text: str) -> str:
    # "\ " before and after inline markup lets it touch any character (it renders as nothing).
    return rf"\ {text}\ "


def inline(text: str, known: Collection[str]) -> str:
    """``text`` (one line of markdown) as reStructuredText; cited rules in ``known`` become
    ``:rule:`` links."""
    out: list[str] = []
    at = 0
    for match in _INLINE.finditer(text):
        out.append(_escape(text[at : match.start()]))
        at = match.end()
        if match.group("code") is not None:
            out.append(_markup(f"``{match.group('code')}``"))
        elif match.group("strong") is not None:
            out.append(_markup(f"**{_escape(match.group('strong').replace('`', ''))}**"))
        elif match.group("em") is not None:
            out.append(_markup(f"*{_escape(match.group('em'))}*"))
        elif match.group("url") is not None:
            out.append(_markup(f"`{match.group('url')} <{match.group('url')}>`__"))
        elif match.group(0) in known:
            out.append(_markup(f":rule:`{match.group(0)}`"))
        else:
            out.append(_escape(match.group(0)))
    out.append(_escape(text[at:]))
    return "".join(out).strip()


def _table(rows: Sequence[str], known: Collection[str]) -> list[str]:
    cells = [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows]
    header = len(cells) > 1 and all(set(cell) <= set("-: ") for cell in cells[1])
    body = [cells[0], *cells[2:]] if header else cells
    out = [".. list-table::"]
    if header:
        out.append("   :header-rows: 1")
    out.append("")
    for row in body:
        for index, cell in enumerate(row):
            text = inline(cell, known)
            out.append(f"   {'* -' if index == 0 else '  -'} {text}".rstrip())
    return [*out, ""]


def markdown_to_rst(text: str, known: Collection[str] | None = None) -> list[str]:
    """The rulebook's markdown ``text`` as reStructuredText lines, for a page that has its
    own title: the markdown's first-level heading is left out, a label ``rule-rN`` goes
    before each rule's paragraph, and citations of rules in ``known`` (default: every rule
    of the shipped rulebook) link to them."""
    if known is None:
        known = {rule.number for rule in all_rules()}
    out: list[str] = []
    paragraph: list[str] = []
    items: list[tuple[int, str, str]] = []
    table: list[str] = []

    def flush() -> None:
        if paragraph:
            joined = " ".join(line.strip() for line in paragraph)
            start = _RULE_START.match(joined)
            if start and start.group(1) in known:
                out.extend([f".. _{anchor(start.group(1))}:", ""])
            out.extend([inline(joined, known), ""])
            paragraph.clear()
        if items:
            out.extend(_nested(items, known))
            items.clear()
        if table:
            out.extend(_table(table, known))
            table.clear()

    for line in text.splitlines():
        heading = _HEADING.fullmatch(line)
        item = _ITEM.fullmatch(line)
        if not line.strip() or line.strip() == "---":
            flush()
        elif heading:
            flush()
            level = len(heading.group(1))
            if level > 1:
                title = inline(heading.group(2), known)
                out.extend([title, _UNDERLINE.get(level, "^") * (len(title) + 2), ""])
        elif line.startswith("|"):
            if paragraph or items:
                flush()
            table.append(line)
        elif item:
            if paragraph or table:
                flush()
            items.append((len(item.group(1)), item.group(2), item.group(3)))
        elif items and line[:1].isspace():
            indent, marker, previous = items[-1]
            items[-1] = (indent, marker, f"{previous} {line.strip()}")
        else:
            if items or table:
                flush()
            paragraph.append(line)
    flush()
    return out


def _nested(items: Iterable[tuple[int, str, str]], known: Collection[str]) -> list[str]:
    """A (possibly nested) list; ``items`` are (markdown indent, marker, text). A nested
    list sits under its parent item's text, set off by blank lines."""
    out: list[str] = []
    # Open levels: (markdown indent, reST indent of the marker, reST indent of the text).
    levels: list[tuple[int, int, int]] = []
    for indent, marker, text in items:
        while levels and indent < levels[-1][0]:
            levels.pop()
            out.append("")
        if not levels:
            levels.append((indent, 0, 0))
        elif indent > levels[-1][0]:
            out.append("")
            levels.append((indent, levels[-1][2], levels[-1][2]))
        bullet = "-" if marker in "-*" else marker
        _, at, _ = levels[-1]
        levels[-1] = (indent, at, at + len(bullet) + 1)
        out.append(f"{' ' * at}{bullet} {inline(text, known)}")
    return [*out, ""]


def rule_role(  # noqa: PLR0917 (the signature docutils calls)
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, object] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:rule:`R34``` -> a link to rule R34 on the rules page (a build error if the
    rulebook has no such rule)."""
    from docutils import nodes
    from sphinx import addnodes

    try:
        number = normalize(text)
    except UnknownRuleError as error:
        message = inliner.reporter.error(str(error), line=lineno)
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]
    env = inliner.document.settings.env
    xref = addnodes.pending_xref(
        rawtext,
        nodes.inline(number, number, classes=["xref", "std", "std-ref", "rummykit-rule"]),
        refdomain="std",
        reftype="ref",
        reftarget=anchor(number),
        refexplicit=True,
        refwarn=True,
        refdoc=env.docname,
    )
    return [xref], []


def setup(app: Sphinx) -> dict[str, object]:
    """Register the ``rummykit-rules-reference`` directive and the ``rule`` role."""
    from importlib.resources import as_file, files

    from sphinx.util.docutils import SphinxDirective

    class RulesReference(SphinxDirective):
        """``.. rummykit-rules-reference::``: the shipped rulebook, converted."""

        has_content = False

        def run(self) -> list[nodes.Node]:
            with as_file(files("rummykit").joinpath("rules.md")) as path:
                self.env.note_dependency(str(path))
            lines = markdown_to_rst(reference())
            return self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True)

    app.add_directive("rummykit-rules-reference", RulesReference)
    app.add_role("rule", rule_role)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
