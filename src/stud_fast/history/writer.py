"""Writing PHH: :func:`dumps` gives the TOML text of a :class:`HandHistory` (PHH's field
order, one action per line, deterministic), :func:`dumps_all` a ``.phhs`` text, :func:`dump`
a file.

>>> from stud_fast.history.document import HandHistory
>>> print(dumps(HandHistory("FR", [1, 1], [50, 50], ["d dh p1 AsKs2c"])), end="")
variant = "FR"
antes = [1, 1]
starting_stacks = [50, 50]
actions = [
  "d dh p1 AsKs2c",
]
"""

from __future__ import annotations

import datetime
import math
import os
import re
from decimal import Decimal
from typing import Iterable, Mapping, Union

from stud_fast.history.codes import PHHError
from stud_fast.history.document import _FIELD_KINDS, _REQUIRED, HandHistory, _check_kind

__all__ = ["dumps", "dumps_all", "dump"]


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r",
            '"': '\\"', "\\": "\\\\"}


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _toml_string(key)


def _toml_string(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_decimal(value: Decimal) -> str:
    if value.is_nan():
        return "nan"
    if value.is_infinite():
        return "-inf" if value < 0 else "inf"
    text = str(value)
    # A TOML float needs a fraction or an exponent; Decimal('3') is written 3.0.
    return text if any(c in text for c in ".eE") else text + ".0"


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return _toml_decimal(value)
    if isinstance(value, float):  # read back as a Decimal
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "-inf" if value < 0 else "inf"
        return _toml_decimal(Decimal(repr(value)))
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, (datetime.date, datetime.time)):  # datetime is a date
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        pairs = []
        for k, v in value.items():
            if not isinstance(k, str):
                raise PHHError(f"a TOML table key is a string, got {k!r}")
            pairs.append(f"{_toml_key(k)} = {_toml_value(v)}")
        return "{" + ", ".join(pairs) + "}"
    raise PHHError(f"cannot write {value!r} ({type(value).__name__}) in TOML")


def dumps(hand: HandHistory) -> str:
    """PHH text of a hand: PHH's fields in the spec's order (unset ones left out), one action
    per line, then the extension fields sorted by name. ``loads(dumps(h)) == h``."""
    lines = []
    for name in _FIELD_KINDS:
        value = getattr(hand, name)
        if value is None:
            if name in _REQUIRED:
                raise PHHError(f"required field {name!r} is not set")
            continue
        _check_kind(name, value)
        if name == "actions" and value:
            lines.append("actions = [")
            lines.extend(f"  {_toml_string(a)}," for a in value)
            lines.append("]")
        else:
            lines.append(f"{name} = {_toml_value(value)}")
    for name in sorted(hand.extensions):
        if not name.startswith("_"):
            raise PHHError(f"extension field {name!r} must start with '_'")
        value = hand.extensions[name]
        if value is not None:
            lines.append(f"{_toml_key(name)} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """A ``.phhs`` text: each hand in a table ``[1]``, ``[2]`` ... (see :func:`loads_all`)."""
    return "\n".join(f"[{i}]\n{dumps(h)}" for i, h in enumerate(hands, 1))


def dump(hand: HandHistory, path: Union[str, os.PathLike[str]]) -> None:
    """Write one hand to a ``.phh`` file (UTF-8, ``\\n`` line ends)."""
    text = dumps(hand)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
