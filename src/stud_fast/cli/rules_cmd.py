"""``stud-fast rules``: print the rulebook, or the rules of the IDs given.

    stud-fast rules            # every rule, one paragraph each
    stud-fast rules B3 s6      # those rules
"""

from __future__ import annotations

import argparse
import textwrap

from stud_fast.cli._args import UsageError


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``rules``."""
    p.add_argument("ids", nargs="*", metavar="ID", help="rule IDs such as B3 (default: all)")


def run(args: argparse.Namespace) -> int:
    """Print the rules."""
    from stud_fast.rulebook import DOCS_PAGE, RULES, lookup, rule_text

    try:
        rules = [lookup(i) for i in args.ids] if args.ids else list(RULES.values())
    except KeyError as e:
        raise UsageError(e.args[0]) from None
    for rule in rules:
        print(textwrap.fill(rule_text(rule.id), width=92, subsequent_indent="    "))
    if not args.ids:
        print(f"\nThe documentation's {DOCS_PAGE} gives each rule in full.")
    return 0
