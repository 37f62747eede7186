"""Where things stand in a PHH text: the line of every field and of every action string.

:mod:`tomllib` returns values without their positions, yet an error about an action should
name the line of the file it stands on. So once tomllib has accepted a text, :func:`scan`
walks the same text with a small TOML tokenizer (the four kinds of strings, comments, arrays
over several lines, inline tables) and notes, for each table, the line of each key and the
line on which each string of its ``actions`` array starts. Lines count from 1, in the whole
text (a ``.phhs`` file's hands are tables of one text).

>>> text = 'variant = "FR"\\nactions = [\\n  "d dh p1 Ah2c3d",  # "]", a comment\\n  "p1 f",\\n]\\n'
>>> spots = scan(text)[()]
>>> spots.fields["actions"], spots.actions
(2, (3, 4))
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Optional

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["TableLines", "TextPositions", "scan"]

# One alternative per token kind; strings come before bare words so that a quote opens a
# string wherever it stands, and a multi-line string before a one-line one (''' vs '').
# Inside a multi-line string one or two quotes are content, three or more close it (TOML
# allows up to two quotes of content right before the closing three: """a""""" is 'a""').
# Blanks and comments before a token are part of its match, so that each match is a token
# that counts (fewer matches: the scan runs on every text read).
_TOKEN = re.compile(
    r"(?:[ \t\r]+|#[^\n]*)*"
    r"(?:(?P<nl>\n)"
    r'|(?P<str>"""(?:[^"\\]|\\.|"{1,2}(?!"))*"{3,5}'
    r"|'''(?:[^']|'{1,2}(?!'))*'{3,5}"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*')"
    r"|(?P<punct>[\[\]{}=,])"
    r"|(?P<bare>[^\s\[\]{}=,#\"']+))",
    re.DOTALL)
_NEWLINE = re.compile("\n")

_Token = tuple[str, str, int]  # (kind, text, offset in the text)


@dataclass(frozen=True)
class TableLines:
    """The positions found in one table: ``fields`` maps each key to the line it stands on,
    ``actions`` holds the line of each string of the ``actions`` array, in order."""

    fields: dict[str, int] = field(default_factory=dict)
    actions: tuple[int, ...] = ()


def _tokens(text: str) -> list[_Token]:
    """The tokens that matter (no blanks, no comments), each with its offset in ``text``; the
    tokens stop where the text stops being TOML (positions are only a help)."""
    out: list[_Token] = []
    end = 0
    for m in _TOKEN.finditer(text):
        if m.start() != end:  # finditer skipped what no token matches: not TOML
            break
        end = m.end()
        kind = m.lastgroup
        assert kind is not None  # a match is always one token
        out.append((kind, m.group(kind), m.start(kind)))
    return out


def _key(tokens: list[_Token]) -> tuple[str, ...]:
    """The parts of a dotted key (``a.b``, ``"a b".c``, ``[[tables]]`` brackets ignored)."""
    parts: list[str] = []
    for kind, tok, _ in tokens:
        if kind == "bare":
            parts.extend(p for p in tok.split(".") if p)
        elif kind == "str":
            if tok.startswith("'"):
                parts.append(tok[1:-1])
            else:
                parts.append(str(tomllib.loads(f"k = {tok}")["k"]))
    return tuple(parts)


def _skip_value(tokens: list[_Token], i: int, lines: Optional[list[int]]) -> int:
    """The index after the value starting at ``tokens[i]``; the offset of each string directly
    in an array value goes into ``lines`` (when given)."""
    kind, tok, _ = tokens[i]
    if kind != "punct" or tok not in "[{":
        while i < len(tokens) and tokens[i][0] != "nl":
            i += 1
        return i
    if tok == "{":
        lines = None
    depth = 0
    while True:
        kind, tok, offset = tokens[i]
        i += 1
        if kind == "punct" and tok in "[{":
            depth += 1
        elif kind == "punct" and tok in "]}":
            depth -= 1
            if depth == 0:
                return i
        elif kind == "str" and depth == 1 and lines is not None:
            lines.append(offset)


def scan(text: str) -> dict[tuple[str, ...], TableLines]:
    """The positions of every table of a TOML text that :mod:`tomllib` reads, by the table's
    key path (``()`` for the top level, ``("2",)`` for a ``.phhs`` file's ``[2]``). A text
    that is not TOML gives what could be found before the trouble."""
    found: dict[tuple[str, ...], tuple[dict[str, int], list[int]]] = {}  # offsets
    tokens = _tokens(text)
    path: tuple[str, ...] = ()
    i = 0
    try:
        while i < len(tokens):
            kind, tok, offset = tokens[i]
            if kind == "nl":
                i += 1
            elif kind == "punct" and tok == "[":  # a table header, [name] or [[name]]
                j = i
                while j < len(tokens) and tokens[j][0] != "nl":
                    j += 1
                path = _key(tokens[i:j])
                i = j
            else:  # key = value
                j = i
                while tokens[j][:2] != ("punct", "="):
                    j += 1
                key = _key(tokens[i:j])
                if not key:
                    break
                fields, actions = found.setdefault(path + key[:-1], ({}, []))
                fields.setdefault(key[-1], offset)
                i = _skip_value(tokens, j + 1, actions if key[-1] == "actions" else None)
    except (IndexError, tomllib.TOMLDecodeError):  # a text tomllib refuses: keep what was found
        pass
    starts = [m.end() for m in _NEWLINE.finditer(text)]  # where lines 2, 3, ... start

    def line_of(offset: int) -> int:
        return bisect_right(starts, offset) + 1

    return {p: TableLines({k: line_of(v) for k, v in f.items()}, tuple(map(line_of, a)))
            for p, (f, a) in found.items()}


class TextPositions:
    """The positions of one text, scanned when first asked (errors are rare, and the scan
    costs about as much as reading the TOML) and shared by every hand read from the text.

    >>> TextPositions('a = 1\\nactions = ["x",\\n "y"]\\n').table(()).actions
    (2, 3)
    """

    __slots__ = ("text", "_tables")

    def __init__(self, text: str) -> None:
        self.text = text
        self._tables: Optional[dict[tuple[str, ...], TableLines]] = None

    def table(self, path: tuple[str, ...]) -> TableLines:
        """The positions in the table at ``path`` (none for a table the scan did not find)."""
        if self._tables is None:
            self._tables = scan(self.text)
        return self._tables.get(path) or TableLines()
