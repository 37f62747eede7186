"""Saved hands: :meth:`StudHand.to_json` and :meth:`StudHand.from_json`, checked field by field
and optionally signed, so that a state that left the server can be trusted when it comes back.

A saved hand is the configuration, the starting stacks, the dealer, the deck order, the given
hole cards and the operations performed, in order: the state is a pure function of these (E4),
so reading replays them through the engine, every one checked by the rules. Anything damaged
raises :class:`~stud_fast.errors.StateError` (a ``ValueError``) naming the field.

Signing (``key=``, bytes or str) wraps the saved hand in an envelope with an HMAC-SHA256 of its
exact text; reading with the key refuses an envelope whose text was changed or signed with
another key, before anything of it is read.

>>> from stud_fast.table import StudHand
>>> from stud_fast.variants import GameConfig, game_options
>>> hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50], seed=1)
>>> signed = hand.to_json(key=b"server secret")
>>> StudHand.from_json(signed, key=b"server secret").records == hand.records
True
>>> StudHand.from_json(signed.replace("50", "90"), key=b"server secret")
Traceback (most recent call last):
...
stud_fast.errors.StateError: hmac: the signature does not match: the state was changed or ...
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any, Optional, Union

from stud_fast.errors import StateError
from stud_fast.records import INT_ARGUMENT, OPERATIONS
from stud_fast.variants import GameConfig, game_options

__all__ = ["FORMAT", "SIGNED_FORMAT", "dump", "load"]

FORMAT = "stud_fast.hand/1"
SIGNED_FORMAT = "stud_fast.signed-hand/1"
Key = Union[bytes, str]

#: the operations a saved hand lists (records.Operation); the argument of each is an int
#: (INT_ARGUMENT), the exposed seats of a deal, or 0
_OPERATIONS = frozenset(OPERATIONS)
_FIELDS = {"format", "config", "stacks", "dealer", "deck", "burn", "automatic", "hole_cards",
           "actions"}


def _signature(text: str, key: Key) -> str:
    if isinstance(key, str):
        key = key.encode()
    if not isinstance(key, (bytes, bytearray)) or not key:
        raise TypeError(f"key must be non-empty bytes or str, got {type(key).__name__}")
    return hmac.new(bytes(key), text.encode(), hashlib.sha256).hexdigest()


def dump(data: dict[str, Any], key: Optional[Key] = None) -> str:
    """The saved hand's text: ``data`` as compact JSON, in a signed envelope with ``key``."""
    text = json.dumps(data, separators=(",", ":"))
    if key is None:
        return text
    return json.dumps({"format": SIGNED_FORMAT, "hand": text, "hmac": _signature(text, key)},
                      separators=(",", ":"))


def _parse(text: object, key: Optional[Key]) -> dict[str, Any]:
    """The saved hand's fields, the signature checked first when ``key`` is given."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode()
        except UnicodeDecodeError:
            raise StateError("json", "not UTF-8 text") from None
    if not isinstance(text, str):
        raise StateError("json", f"a saved hand is text, got {type(text).__name__}")
    data = _json(text)
    if isinstance(data, dict) and data.get("format") == SIGNED_FORMAT:
        if key is None:
            raise StateError("hmac", "the state is signed: pass key= to check it")
        hand, mac = data.get("hand"), data.get("hmac")
        if set(data) != {"format", "hand", "hmac"} or not isinstance(hand, str) \
                or not isinstance(mac, str):
            raise StateError("hmac", "a signed state holds format, hand and hmac only")
        if not hmac.compare_digest(_signature(hand, key), mac):
            raise StateError("hmac", "the signature does not match: the state was changed or "
                                     "signed with another key")
        data = _json(hand)
    elif key is not None:
        raise StateError("hmac", "the state is not signed, but a key was given")
    if not isinstance(data, dict):
        raise StateError("json", f"a saved hand is a JSON object, got {type(data).__name__}")
    return data


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise StateError("json", f"not valid JSON: {str(e)[:80]}") from None


def _is_int(value: object) -> bool:
    return type(value) is int


def _ints(value: object, name: str, low: int = 0) -> list[int]:
    if not isinstance(value, list) or not all(_is_int(v) and v >= low for v in value):
        raise StateError(name, f"must be a list of ints of at least {low}")
    return value


def _config(value: object) -> GameConfig:
    if not isinstance(value, dict):
        raise StateError("config", "must be a JSON object")
    options = game_options()
    unknown = set(value) - set(options)
    if unknown:
        raise StateError("config", f"unknown option(s) {', '.join(sorted(map(str, unknown)))}")
    for name, given in value.items():
        option = options[name]
        if option.kind is bool and type(given) is not bool:
            raise StateError(f"config.{name}", f"must be true or false, got {given!r}")
        if option.kind is str and not isinstance(given, str):
            raise StateError(f"config.{name}", f"must be a name, got {given!r}")
        if option.kind is int and not (_is_int(given) or (given is None and option.optional)):
            raise StateError(f"config.{name}", f"must be an int, got {given!r}")
    try:
        return GameConfig(**value)
    except (TypeError, ValueError) as e:
        raise StateError("config", str(e)) from None


def _actions(value: object) -> list[tuple[str, Any]]:
    if not isinstance(value, list):
        raise StateError("actions", "must be a list of [operation, argument] pairs")
    out: list[tuple[str, Any]] = []
    for i, item in enumerate(value):
        where = f"actions[{i}]"
        if not isinstance(item, list) or len(item) != 2 or item[0] not in _OPERATIONS:
            raise StateError(where, f"must be [operation, argument] with an operation of "
                                    f"{', '.join(sorted(_OPERATIONS))}")
        kind, arg = item
        ok = (_is_int(arg) and arg >= 0 if kind in INT_ARGUMENT
              else isinstance(arg, list) and all(map(_is_int, arg)) if kind == "deal"
              else arg == 0 and _is_int(arg))
        if not ok:
            raise StateError(where, f"bad argument {arg!r} for {kind}")
        out.append((kind, arg))
    return out


def load(text: object, key: Optional[Key] = None) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """Read a hand saved by :func:`dump` (see the module docstring): the keyword arguments
    that make the hand (``config`` first, as :class:`~stud_fast.table.StudHand` takes them)
    and its operations as ``(name, argument)`` pairs, every field checked; the hand replays
    them (:meth:`StudHand.from_json <stud_fast.table.StudHand.from_json>`)."""
    data = _parse(text, key)
    if data.get("format") != FORMAT:
        raise StateError("format", f"not a stud_fast hand (format {FORMAT})")
    unknown = set(data) - _FIELDS
    if unknown:
        raise StateError(sorted(map(str, unknown))[0], "unknown field")
    for name in ("config", "stacks", "dealer", "deck", "burn", "actions"):
        if name not in data:
            raise StateError(name, "missing")
    config = _config(data["config"])
    stacks = _ints(data["stacks"], "stacks", 1)
    if not 2 <= len(stacks) <= config.max_players:
        raise StateError("stacks", f"{config.variant} seats 2 to {config.max_players} players, "
                                   f"got {len(stacks)}")
    dealer = data["dealer"]
    if not _is_int(dealer) or not 0 <= dealer < len(stacks):
        raise StateError("dealer", f"must be a seat from 0 to {len(stacks) - 1}")
    for name in ("burn", "automatic"):
        if type(data.get(name, True)) is not bool:
            raise StateError(name, "must be true or false")
    full = set(config.game.ranking.deck if config.game.deck == 52 else _short_deck())
    holes = data.get("hole_cards")
    held: list[int] = []
    if holes is not None:
        if not isinstance(holes, list) or len(holes) != len(stacks):
            raise StateError("hole_cards", "must hold one list of cards per seat")
        for s, cards in enumerate(holes):
            held += _ints(cards, f"hole_cards[{s}]")
    deck = _ints(data["deck"], "deck")
    if len(set(held)) != len(held) or not set(held) <= full:
        raise StateError("hole_cards", "must be distinct cards of the variant's deck")
    if len(set(deck)) != len(deck) or set(deck) != full - set(held):
        raise StateError("deck", "must order every card of the variant's deck not given as "
                                 "hole cards, each once")
    actions = _actions(data["actions"])
    return ({"config": config, "stacks": stacks, "dealer": dealer, "deck": deck,
             "hole_cards": holes, "burn": data["burn"],
             "automatic": data.get("automatic", True)}, actions)


def _short_deck() -> tuple[int, ...]:
    from stud_fast.rankings import Ranking
    return Ranking.SHORT32.deck
