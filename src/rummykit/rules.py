"""The rules reference: the numbered resolutions every rule of the engine cites.

rummykit's games follow a written rulebook that digests each game's rule text and settles
every question the text leaves open in a numbered resolution (R1 to R63, and clarifications
such as R8a or R13b). Code, error messages and the documentation cite these numbers; this
module looks them up. The rulebook ships with the package (``rummykit/rules.md``), the
documentation shows it as its *rules* page with one anchor per number, and the command line
prints it (``rummykit rules R34``).

>>> from rummykit.rules import rule, rule_anchor
>>> print(rule("R3")[:60])
R3 — Which duplicate wins. Source: "taken by the last played
>>> rule_anchor("r13b")
'rule-r13b'
>>> rule("99")
Traceback (most recent call last):
  ...
rummykit.errors.UnknownRuleError: no rule '99' in the rules reference (it numbers R1 to R63, ...
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from typing import Final

import attrs

from rummykit.errors import UnknownRuleError

__all__ = [
    "CITATION",
    "RULES_PAGE",
    "Rule",
    "all_rules",
    "cited",
    "get_rule",
    "normalize",
    "reference",
    "rule",
    "rule_anchor",
    "rule_url",
]

#: How a rule number is cited in text: ``R34``, ``R8a``.
CITATION: Final = re.compile(r"\bR([1-9][0-9]{0,2})([a-z]?)\b")
#: The documentation page that shows the rules reference, relative to the docs' root.
RULES_PAGE: Final = "rules.html"

_NUMBER: Final = re.compile(r"\s*[Rr]?([1-9][0-9]{0,2})([A-Za-z]?)\s*")
_START: Final = re.compile(r"\*\*(R[0-9]+[a-z]?) — (.+?)\*\*")
_HEADING: Final = re.compile(r"#{2,6} (.+)")
_ITEM: Final = re.compile(r"\s*(?:[-*]|[0-9]+\.) ")


@attrs.frozen
class Rule:
    """One numbered resolution of the rules reference.

    ``number`` is its number (``"R34"``), ``title`` its heading (``"Out-of-turn
    details"``), ``section`` the heading it sits under in the reference (the game, or
    ``"Clarifications ..."``), and ``text`` its whole text as plain text (number and title
    first; markdown emphasis removed, lists kept one item a line).
    """

    number: str
    title: str
    section: str
    text: str

    @property
    def anchor(self) -> str:
        """The anchor of this rule on the documentation's rules page (``"rule-r34"``)."""
        return f"rule-{self.number.lower()}"

    @property
    def sort_key(self) -> tuple[int, str]:
        """Orders rules by number, a clarification right after its rule (R8, R8a, R9)."""
        return int(self.number[1:].rstrip("abcdefghijklmnopqrstuvwxyz")), self.number[-1]


@functools.cache
def reference() -> str:
    """The whole rules reference as it ships with the package (markdown text)."""
    return importlib.resources.files("rummykit").joinpath("rules.md").read_text("utf-8")


def _plain(line: str) -> str:
    return line.replace("**", "")


@functools.cache
def _rules() -> dict[str, Rule]:
    found: dict[str, Rule] = {}
    section = ""
    lines = reference().splitlines()
    for index, line in enumerate(lines):
        heading = _HEADING.fullmatch(line)
        if heading:
            section = heading.group(1).strip()
            continue
        start = _START.match(line)
        if start is None:
            continue
        block = []
        for following in lines[index:]:
            if not following.strip():
                break
            block.append(following.rstrip())
        # A paragraph's wrapped lines join into one; list items keep a line each, and the
        # paragraph after a list starts a line of its own.
        text_lines: list[str] = []
        for part in block:
            item = _ITEM.match(part) is not None
            after_item = bool(text_lines) and _ITEM.match(text_lines[-1]) is not None
            if text_lines and not item and (not after_item or part[:1].isspace()):
                text_lines[-1] += " " + part.strip()
            else:
                text_lines.append(part)
        number = start.group(1)
        title = start.group(2).strip().rstrip(".")
        found[number] = Rule(number, title, section, _plain("\n".join(text_lines)))
    return found


def all_rules() -> tuple[Rule, ...]:
    """Every rule of the reference, by number (R1, ..., R8, R8a, R9, ...)."""
    return tuple(sorted(_rules().values(), key=lambda r: r.sort_key))


def _unknown(text: str) -> UnknownRuleError:
    numbered = all_rules()
    main = [r.number for r in numbered if r.number[-1].isdigit()]
    extra = ", ".join(r.number for r in numbered if not r.number[-1].isdigit())
    return UnknownRuleError(
        f"no rule {text.strip()!r} in the rules reference (it numbers {main[0]} to {main[-1]}, "
        f"with clarifications {extra}); `rummykit rules` lists them"
    )


def normalize(number: str) -> str:
    """``number`` written as the reference writes it (``"r8A"`` and ``"8a"`` give
    ``"R8a"``), if the reference holds that rule; raises
    :class:`~rummykit.errors.UnknownRuleError` otherwise.

    >>> normalize(" r34 "), normalize("8A")
    ('R34', 'R8a')
    """
    match = _NUMBER.fullmatch(number)
    if match is None:
        raise _unknown(number)
    canonical = f"R{match.group(1)}{match.group(2).lower()}"
    if canonical not in _rules():
        raise _unknown(number)
    return canonical


def get_rule(number: str) -> Rule:
    """The :class:`Rule` numbered ``number`` (``"R34"``, ``"r34"`` or ``"34"``)."""
    return _rules()[normalize(number)]


def rule(number: str) -> str:
    """The text of rule ``number`` (``"R34"``, ``"r34"`` or ``"34"``), number and title
    first. Raises :class:`~rummykit.errors.UnknownRuleError` (a ``ValueError``) for a
    number the reference does not hold.

    >>> print(rule("R33"))
    R33 — Jokers per deck. "One deck (including jokers)". Resolution: 2 jokers per deck (the standard 54-card pack). Option 0-2.
    """  # noqa: E501 (the rule is one line)
    return get_rule(number).text


def rule_anchor(number: str) -> str:
    """The anchor of rule ``number`` on the documentation's rules page.

    >>> rule_anchor("R34")
    'rule-r34'
    """
    return get_rule(number).anchor


def rule_url(number: str, *, base: str = RULES_PAGE) -> str:
    """A link to rule ``number``: ``base`` (the rules page, by default relative to the
    documentation's root) with the rule's anchor.

    >>> rule_url("R34")
    'rules.html#rule-r34'
    >>> rule_url("R8a", base="https://example.org/rummykit/rules.html")
    'https://example.org/rummykit/rules.html#rule-r8a'
    """
    return f"{base}#{rule_anchor(number)}"


def cited(text: str) -> tuple[str, ...]:
    """The rule numbers ``text`` cites, in order of first citation (not checked against the
    reference).

    >>> cited("a set needs three cards (R52); see R53, R54 and R52 again")
    ('R52', 'R53', 'R54')
    """
    return tuple(dict.fromkeys(match.group(0) for match in CITATION.finditer(text)))
