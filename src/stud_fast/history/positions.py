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
from dataclasses import dataclass, field
from typing import Optional

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["TableLines", "scan"]

# One alternative per token kind; strings come before bare words so that a quote opens a
# string wherever it stands, and a multi-line string before a one-line one (''' vs '').
# Inside a multi-line string one or two quotes are content, three or more close it (TOML
# allows up to two quotes of content right before the closing three: """a""""" is 'a""').
_TOKEN = re.compile(
    r"(?P<nl>\n)"
    r"|(?P<ws>[ \t\r]+)"
    r"|(?P<comment>#[^\n]*)"
    r'|(?P<str>"""(?:[^"\\]|\\.|"{1,2}(?!"))*"{3,5}'
    r"|'''(?:[^']|'{1,2}(?!'))*'{3,5}"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*')"
    r"|(?P<punct>[\[\]{}=,])"
    r"|(?P<bare>[^\s\[\]{}=,#\"']+)",
    re.DOTALL)

_Token = tuple[str, str, int]  # (kind, text, line)


@dataclass(frozen=True)
class TableLines:
    """The positions found in one table: ``fields`` maps each key to the line it stands on,
    ``actions`` holds the line of each string of the ``actions`` array, in order."""

    fields: dict[str, int] = field(default_factory=dict)
    actions: tuple[int, ...] = ()


def _tokens(text: str) -> list[_Token]:
    """The tokens that matter (no blanks, no comments), each with the line it starts on."""
    out: list[_Token] = []
    line = 1
    pos = 0
    match = _TOKEN.match
    while pos < len(text):
        m = match(text, pos)
        if m is None:  # not TOML after all: positions are only a help, stop here
            break
        kind = m.lastgroup
        assert kind is not None
        tok = m.group()
        if kind not in ("ws", "comment"):
            out.append((kind, tok, line))
        line += tok.count("\n")
        pos = m.end()
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
    """The index after the value starting at ``tokens[i]``; the line of each string directly
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
        kind, tok, line = tokens[i]
        i += 1
        if kind == "punct" and tok in "[{":
            depth += 1
        elif kind == "punct" and tok in "]}":
            depth -= 1
            if depth == 0:
                return i
        elif kind == "str" and depth == 1 and lines is not None:
            lines.append(line)


def scan(text: str) -> dict[tuple[str, ...], TableLines]:
    """The positions of every table of a TOML text that :mod:`tomllib` reads, by the table's
    key path (``()`` for the top level, ``("2",)`` for a ``.phhs`` file's ``[2]``). A text
    that is not TOML gives what could be found before the trouble."""
    found: dict[tuple[str, ...], tuple[dict[str, int], list[int]]] = {}
    tokens = _tokens(text)
    path: tuple[str, ...] = ()
    i = 0
    try:
        while i < len(tokens):
            kind, tok, line = tokens[i]
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
                fields.setdefault(key[-1], line)
                i = _skip_value(tokens, j + 1, actions if key[-1] == "actions" else None)
    except (IndexError, tomllib.TOMLDecodeError):  # a text tomllib refuses: keep what was found
        pass
    return {p: TableLines(f, tuple(a)) for p, (f, a) in found.items()}
