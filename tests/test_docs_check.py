"""docs/check_html.py, the check ``make docs`` runs on the built pages: it reports every kind
of error box a page can show (naming the file, the line and the message) and passes a clean
page. The pages here are small hand-written HTML files; the docs are not built."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

CHECKER = Path(__file__).resolve().parent.parent / "docs" / "check_html.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_html", CHECKER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


check_html = _load()


def _page(tmp_path: Path, body: str, name: str = "page.html") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "<!doctype html>\n<html><head><meta charset='utf-8'><title>t</title></head>\n"
        f"<body>\n<article role='main'>\n<h1>A page</h1>\n{body}\n</article>\n</body></html>\n",
        encoding="utf-8",
    )
    return path


CLEAN = """<section id="melds"><h2>Melds</h2>
<p>A run is three cards in sequence.<br>See <a class="reference internal" href="#x">x</a>.</p>
<div class="admonition note"><p class="admonition-title">Note</p><p>Jokers are wild.</p></div>
<img src="card.svg" alt="a card">
</section>"""

SYSTEM_MESSAGE = """<p>Before the box.</p>
<aside class="system-message">
<p class="system-message-title">System Message: ERROR/3 (<span class="docutils literal">games.rst</span>, line 12)</p>
<p>Unknown directive type "cotents".</p>
</aside>
<p>After the box.</p>"""  # noqa: E501 (one line of built HTML)


def test_a_clean_page_passes(tmp_path: Path) -> None:
    assert check_html.check_page(_page(tmp_path, CLEAN)) == []
    assert check_html.main([str(tmp_path)]) == 0


def test_a_system_message_is_reported_with_its_file_line_and_text(tmp_path: Path) -> None:
    path = _page(tmp_path, SYSTEM_MESSAGE)
    [problem] = check_html.check_page(path)
    assert problem.path == path
    assert problem.line == 7  # the line of the <aside>
    assert problem.kind == "docutils system message"
    assert "ERROR/3" in problem.text and 'Unknown directive type "cotents"' in problem.text
    assert "Before the box" not in problem.text and "After the box" not in problem.text
    assert str(problem).startswith(f"{path}:7: docutils system message: System Message: ERROR/3")


def test_a_furo_table_of_contents_is_reported_as_the_error_box_furo_paints(
    tmp_path: Path,
) -> None:
    toc = '<nav class="contents local" id="on-this-page"><ul><li><a href="#a">A</a></li></ul>'
    toc += "</nav>"
    [problem] = check_html.check_page(_page(tmp_path, toc))
    assert "table of contents" in problem.kind
    assert problem.text.startswith("ERROR: Adding a table of contents in Furo-based")
    assert ".. contents::" in problem.text


def test_a_table_of_contents_with_furos_escape_hatch_passes(tmp_path: Path) -> None:
    toc = (
        '<nav class="contents this-will-duplicate-information-and-it-is-still-useful-here">'
        "<ul><li>A</li></ul></nav>"
    )
    assert check_html.check_page(_page(tmp_path, toc)) == []


@pytest.mark.parametrize(
    ("body", "kind", "quoted"),
    [
        (
            '<p>See <a href="#id1"><span class="problematic" id="id2">`broken`_</span></a>.</p>',
            "problematic markup",
            "`broken`_",
        ),
        (
            '<div class="admonition error"><p class="admonition-title">Error</p>'
            "<p>ERROR: the picture could not be drawn</p></div>",
            "error admonition",
            "ERROR: the picture could not be drawn",
        ),
    ],
)
def test_problematic_markup_and_error_admonitions_are_reported(
    tmp_path: Path, body: str, kind: str, quoted: str
) -> None:
    [problem] = check_html.check_page(_page(tmp_path, body))
    assert problem.kind == kind
    assert quoted in problem.text


def test_an_error_inside_noscript_is_the_search_pages_notice_and_passes(tmp_path: Path) -> None:
    notice = (
        '<noscript><div class="admonition error"><p class="admonition-title">Error</p>'
        "<p>Please activate JavaScript to enable the search functionality.</p></div></noscript>"
    )
    assert check_html.check_page(_page(tmp_path, notice)) == []


def test_the_site_check_names_every_bad_page_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _page(tmp_path, CLEAN, "index.html")
    bad = _page(tmp_path, SYSTEM_MESSAGE, "games/crummy.html")
    assert check_html.main([str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:7: docutils system message: System Message: ERROR/3 (games.rst, line 12)" in err
    assert "index.html" not in err
    assert "1 error box(es)" in err


def test_a_missing_build_is_an_error_not_a_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_html.main([str(tmp_path / "nothing")]) == 2
    assert "build the docs first" in capsys.readouterr().err


@pytest.mark.slow
def test_a_game_registered_by_a_docs_page_does_not_outlive_the_page() -> None:
    """guide-variant.rst registers Turnover Rummy from its doctest namespace; a test run
    later in the same process must not find that id listed once the page is done (with
    ``--dist worksteal`` any order can happen)."""
    root = CHECKER.parent.parent
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            "docs/guide-variant.rst",
            "tests/test_cli.py::test_list_json_is_a_list_of_variants",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    assert "2 passed" in run.stdout
