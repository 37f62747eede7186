"""The PHH data model, :class:`HandHistory`, and reading it from TOML text.

:func:`loads` reads one hand, :func:`loads_all` every hand of a ``.phhs`` text, :func:`load`
a file. A hand read from text remembers where its fields and actions stood
(:attr:`HandHistory.source`), so that errors can name the line of the file.

>>> hand = loads('variant = "FR"\\nantes = [1, 1]\\nstarting_stacks = [50, 50]\\n'
...              'actions = [\\n  "d dh p1 AsKs2c",\\n  "d dh p2 3h4h5h",\\n]\\n')
>>> hand.player_count, hand.action_lines()
(2, [5, 6])
"""

from __future__ import annotations

import datetime
import os
import sys
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import Any, Mapping, Optional, Union

from stud_fast.history.actions import Action, parse_action
from stud_fast.history.codes import Amount, PHHError
from stud_fast.history.positions import TextPositions

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = ["HandHistory", "SourceLines", "loads", "loads_all", "load", "place"]


@dataclass(frozen=True)
class SourceLines:
    """Where a hand read from text stood: the line (from 1, in the whole file) of each field
    in ``fields`` and of each action in ``action_lines`` (found in ``positions`` when first
    asked, in the table at ``table``), with the ``actions`` as read (lines are given only while
    the hand's actions are still those)."""

    positions: TextPositions
    table: tuple[str, ...]
    actions: tuple[str, ...]

    @property
    def fields(self) -> Mapping[str, int]:
        """The line of each field."""
        return self.positions.table(self.table).fields

    @property
    def action_lines(self) -> tuple[int, ...]:
        """The line of each action string."""
        return self.positions.table(self.table).actions


def place(number: int, line: Optional[int]) -> str:
    """How an error names an action: ``"line 14, action 7"``, or ``"action 7"`` when the
    line is unknown.

    >>> place(7, 14), place(7, None)
    ('line 14, action 7', 'action 7')
    """
    return f"action {number}" if line is None else f"line {line}, action {number}"


@dataclass
class HandHistory:
    """One hand in PHH terms. Per-player lists are in PHH player order (``p1`` first).

    Only ``variant``, ``antes``, ``starting_stacks`` and ``actions`` are needed by every
    variant; the stud codes need ``bring_in``, ``small_bet`` and ``big_bet`` too (``min_bet``
    instead of the last two for pot and no limit). ``extensions`` holds the ``_`` fields.
    """

    variant: str
    antes: list[Amount]
    starting_stacks: list[Amount]
    actions: list[str]
    blinds_or_straddles: Optional[list[Amount]] = None
    bring_in: Optional[Amount] = None
    small_bet: Optional[Amount] = None
    big_bet: Optional[Amount] = None
    min_bet: Optional[Amount] = None
    author: Optional[str] = None
    event: Optional[str] = None
    url: Optional[str] = None
    venue: Optional[str] = None
    address: Optional[str] = None
    city: Optional[str] = None
    region: Optional[str] = None
    postal_code: Optional[str] = None
    country: Optional[str] = None
    time: Optional[datetime.time] = None
    time_zone: Optional[str] = None
    time_zone_abbreviation: Optional[str] = None
    day: Optional[int] = None
    month: Optional[int] = None
    year: Optional[int] = None
    hand: Union[int, str, None] = None
    level: Optional[int] = None
    seats: Optional[list[int]] = None
    seat_count: Optional[int] = None
    table: Union[int, str, None] = None
    players: Optional[list[str]] = None
    finishing_stacks: Optional[list[Amount]] = None
    winnings: Optional[list[Amount]] = None
    currency: Optional[str] = None
    currency_symbol: Optional[str] = None
    ante_trimming_status: Optional[bool] = None
    time_limit: Optional[Amount] = None
    time_banks: Optional[list[Amount]] = None
    extensions: dict[str, object] = field(default_factory=dict)
    source: Optional[SourceLines] = field(default=None, compare=False, repr=False)
    """Where the hand stood in the text it was read from (None when built in memory)."""

    @property
    def player_count(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    def parsed_actions(self) -> list[Action]:
        """Every action string parsed by :func:`parse_action`."""
        return [parse_action(a) for a in self.actions]

    def action_lines(self) -> Optional[list[int]]:
        """The line of the source text of each action (from 1), or None when the hand was not
        read from text or its actions changed since."""
        source = self.source
        if source is None or tuple(self.actions) != source.actions:
            return None
        lines = source.action_lines
        return list(lines) if len(lines) == len(source.actions) else None

    def field_line(self, name: str) -> Optional[int]:
        """The line of the source text where field ``name`` stands, or None."""
        return None if self.source is None else self.source.fields.get(name)

    def field_error(self, name: str, message: str) -> PHHError:
        """A :class:`PHHError` about field ``name``, naming its line when known."""
        line = self.field_line(name)
        return PHHError(message if line is None else f"line {line}: {message}")


# Field order of a written file (PHH's table order) and the TOML type each field takes.
_FIELD_KINDS: dict[str, str] = {
    "variant": "str", "antes": "amounts", "blinds_or_straddles": "amounts",
    "bring_in": "amount", "small_bet": "amount", "big_bet": "amount", "min_bet": "amount",
    "starting_stacks": "amounts", "actions": "strs",
    "author": "str", "event": "str", "url": "str", "venue": "str", "address": "str",
    "city": "str", "region": "str", "postal_code": "str", "country": "str", "time": "time",
    "time_zone": "str", "time_zone_abbreviation": "str", "day": "int", "month": "int",
    "year": "int", "hand": "int_or_str", "level": "int", "seats": "ints", "seat_count": "int",
    "table": "int_or_str", "players": "strs", "finishing_stacks": "amounts",
    "winnings": "amounts", "currency": "str", "currency_symbol": "str",
    "ante_trimming_status": "bool", "time_limit": "amount", "time_banks": "amounts",
}
_REQUIRED = ("variant", "antes", "starting_stacks", "actions")
_PER_PLAYER = ("antes", "blinds_or_straddles", "seats", "players", "finishing_stacks",
               "winnings", "time_banks")
assert set(_FIELD_KINDS) == {f.name for f in fields(HandHistory)} - {"extensions", "source"}


def _is_amount(v: object) -> bool:
    if isinstance(v, Decimal):
        return not v.is_nan()
    return isinstance(v, int) and not isinstance(v, bool)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_KIND_CHECKS: dict[str, tuple[str, Any]] = {
    "str": ("a string", lambda v: isinstance(v, str)),
    "int": ("an integer", _is_int),
    "bool": ("a boolean", lambda v: isinstance(v, bool)),
    "time": ("a local time", lambda v: isinstance(v, datetime.time)),
    "int_or_str": ("an integer or a string", lambda v: isinstance(v, str) or _is_int(v)),
    "amount": ("a number", _is_amount),
    "amounts": ("an array of numbers",
                lambda v: isinstance(v, list) and all(_is_amount(x) for x in v)),
    "ints": ("an array of integers", lambda v: isinstance(v, list) and all(map(_is_int, v))),
    "strs": ("an array of strings",
             lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v)),
}


def _check_kind(name: str, value: object) -> None:
    what, ok = _KIND_CHECKS[_FIELD_KINDS[name]]
    if not ok(value):
        raise PHHError(f"field {name!r} must be {what}, got {value!r}")


def _from_table(table: Mapping[str, Any], strict: bool, positions: TextPositions,
                key: Optional[str] = None) -> HandHistory:
    """The hand of one TOML table (``key`` names it in a ``.phhs`` text, None for a ``.phh``);
    ``positions`` are those of the whole text."""
    path = () if key is None else (key,)
    missing = [name for name in _REQUIRED if name not in table]
    if missing:
        hand = "" if key is None else f"hand [{key}]: "
        raise PHHError(f"{hand}missing required field(s) {', '.join(missing)}"
                       + (" (a .phhs file of several hands? use loads_all)"
                          if all(isinstance(v, dict) for v in table.values()) else ""))
    known: dict[str, Any] = {}
    extensions: dict[str, object] = {}
    for name, value in table.items():
        if name in _FIELD_KINDS:
            try:
                _check_kind(name, value)
            except PHHError as e:
                line = positions.table(path).fields.get(name)
                if line is None:
                    raise
                raise PHHError(f"line {line}: {e}") from None
            known[name] = value
        elif name.startswith("_") or not strict:
            extensions[name] = value
        else:
            line = positions.table(path).fields.get(name)
            where = "" if line is None else f"line {line}: "
            raise PHHError(f"{where}unknown field {name!r}: PHH fields are listed in the spec, "
                           f"and extension fields start with '_'")
    source = SourceLines(positions, path, tuple(known["actions"]))
    return HandHistory(**known, extensions=extensions, source=source)


def _toml_document(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as e:
        raise PHHError(f"not valid TOML: {e}") from e


def loads(text: str, *, strict: bool = True) -> HandHistory:
    """Read one hand from PHH text. TOML floats become :class:`~decimal.Decimal`.

    An unknown field without the ``_`` prefix is an error (the spec asks parsers to report
    it); with ``strict=False`` it is kept in ``extensions`` as it is.
    """
    return _from_table(_toml_document(text), strict, TextPositions(text))


def loads_all(text: str, *, strict: bool = True) -> list[HandHistory]:
    """Read every hand of a ``.phhs`` text (one TOML table per hand, e.g. ``[1]``, ``[2]``)."""
    document = _toml_document(text)
    positions = TextPositions(text)
    hands = []
    for key, table in document.items():
        if not isinstance(table, dict):
            raise PHHError(f"{key!r} is not a hand: a .phhs file holds one table per hand")
        hands.append(_from_table(table, strict, positions, key))
    return hands


def load(path: Union[str, os.PathLike[str]], *, strict: bool = True) -> HandHistory:
    """Read one hand from a ``.phh`` file (UTF-8)."""
    with open(path, encoding="utf-8") as f:
        return loads(f.read(), strict=strict)
