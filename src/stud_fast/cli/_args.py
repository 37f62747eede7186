"""Argument helpers shared by the commands: one-line errors, case-insensitive choices, ranges.

>>> kind = choice("ranking", ["high", "razz"])
>>> kind("Razz")
'razz'
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Iterable, NoReturn, Optional

__all__ = ["Parser", "UsageError", "choice", "int_in", "one_line"]


class UsageError(Exception):
    """A command line that cannot run (conflicting flags, a folder in the way...): exit 2."""


def one_line(text: str) -> str:
    """``text`` on one line (messages of nested errors may span several).

    >>> one_line("bad\\n  thing")
    'bad thing'
    """
    return " ".join(text.split())


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr (``stud-fast eval: error: ...``)
    and exit status 2, with no usage block: ``--help`` shows that."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {one_line(message)} (see --help)\n")
        raise SystemExit(2)


def choice(what: str, values: Iterable[str], normalize: bool = True) -> Callable[[str], str]:
    """An argparse ``type`` accepting one of ``values`` in any case, hyphens for underscores.

    >>> choice("game", ["seven_card_stud"])("Seven-Card-Stud")
    'seven_card_stud'
    """
    allowed = list(values)

    def convert(text: str) -> str:
        key = text.strip().lower().replace("-", "_") if normalize else text
        if key not in allowed:
            raise argparse.ArgumentTypeError(
                f"unknown {what} {text!r}: use one of {', '.join(allowed)}")
        return key

    convert.__name__ = what  # argparse names the type in some messages
    return convert


def int_in(low: int, high: Optional[int] = None) -> Callable[[str], int]:
    """An argparse ``type``: an integer from ``low`` to ``high`` (no upper bound if None).

    >>> int_in(2, 10)("6")
    6
    """

    def convert(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{value} is out of range: give {span}")
        return value

    convert.__name__ = "integer"
    return convert
