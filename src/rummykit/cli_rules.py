"""The ``rummykit rules`` command: print numbered rules of the rules reference, or list them.

Error messages and the documentation cite rules by number (``R34``); this command prints
them (:mod:`rummykit.rules` holds the reference):

.. code-block:: text

    rummykit rules              # every rule: number, title and where it belongs
    rummykit rules R34 R36a     # the text of these rules

:func:`add_rules_parser` registers the command on the command line's subcommands and
:func:`run_rules` runs it.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TextIO, TypeVar

from rummykit.errors import UnknownRuleError
from rummykit.rules import RULES_PAGE, Rule, all_rules, get_rule

if TYPE_CHECKING:
    # The type of ``ArgumentParser.add_subparsers()``'s result; argparse names it privately.
    from argparse import _SubParsersAction

__all__ = ["add_rules_parser", "format_rule", "format_rule_list", "run_rules"]

P = TypeVar("P", bound=argparse.ArgumentParser)

#: The width rules are wrapped to.
WIDTH: Final = 88
#: Exit codes, as the rest of the command line uses them.
_OK: Final = 0
_USAGE: Final = 2


def add_rules_parser(commands: _SubParsersAction[P]) -> P:
    """Register the ``rules`` command on ``commands`` (what ``add_subparsers()`` returned)
    and return its parser."""
    parser = commands.add_parser(
        "rules",
        help="print numbered rules of the rules reference (R34, ...), or list them",
        description="Print the rules that error messages and the documentation cite by "
        "number, or list every rule when no number is given.",
    )
    parser.add_argument(
        "numbers",
        nargs="*",
        metavar="RULE",
        help="a rule number such as R34, r34 or 34 (repeatable); none: list every rule",
    )
    return parser


def format_rule(rule: Rule, *, width: int = WIDTH) -> str:
    """One rule's text wrapped to ``width``, list items indented, and where the
    documentation shows it.

    >>> print(format_rule(get_rule("R33"), width=60))
    R33 — Jokers per deck. "One deck (including jokers)".
    Resolution: 2 jokers per deck (the standard 54-card pack).
    Option 0-2.
    (rules page of the documentation: rules.html#rule-r33)
    """
    lines: list[str] = []
    for line in rule.text.splitlines():
        item = line.lstrip().startswith(("- ", "* ")) or line.lstrip()[:1].isdigit()
        lines.append(
            textwrap.fill(
                line.strip(),
                width=width,
                initial_indent="  " if item else "",
                subsequent_indent="    " if item else "",
                break_on_hyphens=False,
            )
        )
    lines.append(f"(rules page of the documentation: {RULES_PAGE}#{rule.anchor})")
    return "\n".join(lines)


def format_rule_list(rules: Sequence[Rule]) -> str:
    """One line per rule: its number, its title and the part of the reference it is in.

    >>> print(format_rule_list([get_rule("R1"), get_rule("R36a")]))
    R1    Who leads when the trick winner has gone out  [Crummy (000)]
    R36a  The reshuffle safeguard  [Clarifications (settled after differential testing)]
    """
    return "\n".join(f"{rule.number:<5} {rule.title}  [{rule.section}]" for rule in rules)


def run_rules(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``rummykit rules`` with the parsed ``args`` (``args.numbers``): print the rules
    asked for (all of them listed, if none), or say which number is unknown (exit code 2)."""
    numbers: list[str] = list(args.numbers)
    if not numbers:
        out.write(format_rule_list(all_rules()) + "\n")
        out.write("\n`rummykit rules R34` prints one rule in full.\n")
        return _OK
    try:
        rules = [get_rule(number) for number in numbers]
    except UnknownRuleError as error:
        err.write(f"rummykit: {error}\n")
        return _USAGE
    out.write("\n\n".join(format_rule(rule) for rule in rules) + "\n")
    return _OK
