"""The rules reference (rummykit.rules): every rule number the code and the docs cite exists,
every rule has an anchor on the docs' rules page, lookups of unknown numbers fail helpfully,
error messages that cite a rule say how to read it, and `rummykit rules` prints rules."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from rummykit.cli import main
from rummykit.errors import IllegalMoveError, InvalidMeldError, OptionError, UnknownRuleError
from rummykit.rules import (
    CITATION,
    all_rules,
    cited,
    get_rule,
    normalize,
    reference,
    rule,
    rule_anchor,
    rule_url,
)

ROOT = Path(__file__).resolve().parent.parent
NUMBERS = {r.number for r in all_rules()}


def _load_extension() -> ModuleType:
    path = ROOT / "docs" / "_ext" / "rummykit_rules.py"
    spec = importlib.util.spec_from_file_location("rummykit_rules_ext", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


def _citations(paths: list[Path]) -> dict[str, list[str]]:
    """Rule number -> the files (and lines) that cite it."""
    found: dict[str, list[str]] = {}
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in CITATION.finditer(line):
                found.setdefault(match.group(0), []).append(f"{path.relative_to(ROOT)}:{number}")
    return found


def test_the_reference_numbers_r1_to_r63_and_its_clarifications() -> None:
    main_rules = [r.number for r in all_rules() if r.number[-1].isdigit()]
    assert main_rules == [f"R{n}" for n in range(1, 64)]
    assert {"R8a", "R13a", "R13b", "R36a", "R40a", "R47a", "R52a", "R56a"} <= NUMBERS


def test_every_rule_number_cited_in_the_code_exists() -> None:
    cited_in_src = _citations(sorted((ROOT / "src" / "rummykit").rglob("*.py")))
    assert cited_in_src, "the code cites rules; finding none means the search is broken"
    unknown = {n: where for n, where in cited_in_src.items() if n not in NUMBERS}
    assert unknown == {}


def test_every_rule_number_cited_in_the_docs_and_the_reference_itself_exists() -> None:
    pages = [*sorted((ROOT / "docs").glob("*.rst")), ROOT / "README.md"]
    cited_elsewhere = _citations(pages)
    unknown = {n: where for n, where in cited_elsewhere.items() if n not in NUMBERS}
    assert unknown == {}
    assert set(cited(reference())) <= NUMBERS


def test_every_rule_has_an_anchor_on_the_generated_rules_page() -> None:
    rst = "\n".join(_load_extension().markdown_to_rst(reference()))
    labels = re.findall(r"^\.\. _(rule-r[0-9]+[a-z]?):$", rst, flags=re.MULTILINE)
    assert sorted(labels) == sorted(rule_anchor(n) for n in NUMBERS)
    assert len(labels) == len(set(labels))
    # Each label sits right before the paragraph of its own rule.
    for number in ("R1", "R34", "R63", "R8a", "R56a"):
        after = rst.split(f".. _{rule_anchor(number)}:\n\n", 1)[1]
        assert after.startswith(rf"\ **{number} — ")


def test_the_rules_page_links_each_citation_to_its_rule() -> None:
    ext = _load_extension()
    line = ext.inline("generalises R7 (caller takes the lowest, R99 is not a rule)", NUMBERS)
    assert r"\ :rule:`R7`\ " in line
    assert ":rule:`R99`" not in line and "R99" in line
    assert ext.inline("a `call_halt` action, *ordered*, a_b | c", NUMBERS) == (
        r"a \ ``call_halt``\  action, \ *ordered*\ , a\_b \| c"
    )


def test_a_rule_is_looked_up_by_its_number_written_any_usual_way() -> None:
    assert rule("R34").startswith("R34 — Out-of-turn details. Resolutions: the window opens")
    assert rule("r34") == rule("34") == rule(" R34 ")
    assert normalize("r8A") == "R8a"
    assert get_rule("R36a").section.startswith("Clarifications")
    assert "**" not in rule("R7")
    assert rule_anchor("R13b") == "rule-r13b"
    assert rule_url("R34") == "rules.html#rule-r34"


@pytest.mark.parametrize("number", ["R99", "R0", "R8b", "R", "rule 34", "", "R34 R35"])
def test_an_unknown_rule_number_is_a_value_error_that_says_what_exists(number: str) -> None:
    with pytest.raises(UnknownRuleError) as raised:
        rule(number)
    assert isinstance(raised.value, ValueError)
    message = str(raised.value)
    assert f"no rule {number.strip()!r}" in message
    assert "R1 to R63" in message and "R8a" in message and "`rummykit rules`" in message


def test_an_illegal_move_that_cites_a_rule_says_how_to_read_it() -> None:
    error = IllegalMoveError("discard KS", "contract.all_at_once", "it is laid at once (R32)")
    assert str(error) == (
        "illegal move 'discard KS': it is laid at once (R32) [contract.all_at_once]"
        " (see: rummykit rules R32)"
    )
    assert error.detail == "it is laid at once (R32)"  # the fields are unchanged


def test_an_error_citing_several_rules_names_each_once() -> None:
    error = InvalidMeldError("a set needs three cards (R52), or feed a rank (R53, R52)", rule="x")
    assert str(error).endswith("(see: rummykit rules R52 R53)")


def test_an_error_that_cites_no_rule_is_unchanged() -> None:
    assert str(OptionError("players must be 2 to 4, not 9")) == "players must be 2 to 4, not 9"
    assert str(IllegalMoveError("draw", "turn.phase", "draw first")) == (
        "illegal move 'draw': draw first [turn.phase]"
    )


def test_every_cited_rule_in_an_error_can_be_printed_by_the_command_line() -> None:
    error = OptionError("decks must be 1, 2 or 'auto' (R22), not 3")
    command = str(error).rsplit("(see: rummykit ", 1)[1].rstrip(")").split()
    out = io.StringIO()
    assert main(command, stdout=out) == 0
    assert out.getvalue().startswith("R22 — Double pack.")


def test_the_rules_command_prints_the_rules_asked_for() -> None:
    out = io.StringIO()
    assert main(["rules", "R34", "r8a"], stdout=out) == 0
    text = out.getvalue()
    assert text.startswith("R34 — Out-of-turn details.")
    assert "\n\nR8a — The Joker under the R8 safeguard." in text
    assert "rules.html#rule-r34" in text and "rules.html#rule-r8a" in text
    assert max(len(line) for line in text.splitlines()) <= 88


def test_the_rules_command_lists_every_rule_without_a_number() -> None:
    out = io.StringIO()
    assert main(["rules"], stdout=out) == 0
    listed = [line.split()[0] for line in out.getvalue().splitlines() if line[:1] == "R"]
    assert listed == [r.number for r in all_rules()]
    assert "R34   Out-of-turn details  [Crummy Rummy (002)]" in out.getvalue()


def test_the_rules_command_refuses_an_unknown_number_as_a_usage_error() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["rules", "R34", "R99"], stdout=out, stderr=err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().startswith("rummykit: no rule 'R99' in the rules reference")
