"""PHH hand histories: a data model and a text codec, independent of any game engine.

PHH (poker hand history, the format of the pokerkit project, https://phh.readthedocs.io) is a
TOML file of fields. :func:`loads` reads one into a :class:`HandHistory`, :func:`dumps` writes
one back (deterministic field order, TOML that :mod:`tomllib` and ``pokerkit.HandHistory.loads``
both read), :func:`load` and :func:`dump` do the same with files. :func:`parse_action` and
:func:`format_action` turn one action string into an :class:`Action` and back.

Stud in PHH
-----------
A stud hand has no board and no button: ``p1`` is the player on the dealer's left, then clockwise
(RULES.md S2). Each street is one ``d dh pN cards`` line per player still dealt to, then the
betting. Whether a card is down or up is not written: the street says it (third street: down,
down, up; fourth to sixth: up; seventh: down). A card is rank ``23456789TJQKA`` and suit
``cdhs`` (``As``, ``Td``), cards are written without separators, and ``??`` is an unknown card.
Betting verbs: ``pb`` posts the bring-in, ``cbr X`` completes, bets or raises *to* ``X`` (the
total put in during the round), ``cc`` checks or calls, ``f`` folds. At showdown ``pN sm cards``
shows (all the player's hole cards, in the order dealt), ``pN sm`` mucks, ``pN sm -`` shows cards
already written in the deal. Anything after ``#`` is a commentary. A complete seven-card stud
hand::

    variant = "F7S"
    antes = [1, 1, 1]
    bring_in = 2
    small_bet = 5
    big_bet = 10
    starting_stacks = [100, 100, 100]
    actions = [
      "d dh p1 Ah7c4c",  # third street: two down cards, then the door card (up)
      "d dh p2 Kd9s2d",
      "d dh p3 QsQc8h",
      "p2 pb",  # the lowest door card (2d) brings in for 2
      "p3 cbr 5",  # completes to the small bet
      "p1 cc",
      "p2 f",
      "d dh p1 7d",  # fourth street, up
      "d dh p3 3s",
      "p3 cc",  # 8-3 showing beats 7-4: p3 acts first
      "p1 cbr 5",
      "p3 cc",
      "d dh p1 Jc",  # fifth street, up; big bets from here on
      "d dh p3 8d",
      "p3 cbr 10",
      "p1 cc",
      "d dh p1 7s",  # sixth street, up
      "d dh p3 2c",
      "p3 cbr 10",  # a pair of eights showing beats a pair of sevens
      "p1 cbr 20",
      "p3 cc",
      "d dh p1 9h",  # seventh street, down
      "d dh p3 Kc",
      "p3 cc",
      "p1 cbr 10",
      "p3 cc",
      "p1 sm Ah7c4c7dJc7s9h",  # the last bettor shows first (S6): three sevens
      "p3 sm",  # queens up lose: mucked
    ]
    finishing_stacks = [154, 97, 49]

``tests/test_phh.py`` replays this example with pokerkit.

Standard variant codes
----------------------
``F7S`` fixed-limit seven-card stud, ``F7S/8`` seven-card stud high-low eight or better, ``FR``
razz. Their required fields are ``variant``, ``antes``, ``bring_in``, ``small_bet``,
``big_bet``, ``starting_stacks``, ``actions``. stud_fast writes a standard code only when the
hand is played under pokerkit's rules: fixed limit, 52 cards, every rule option at its default
(see :func:`variant_code`); the differences that remain are listed at the end.

Extension variant codes (stud_fast's proposal)
----------------------------------------------
An extension code is ``_`` + a betting letter + a game, following PHH's own ``FT``/``NT``/``PO``
pattern:

=========  ================================================================================
letter     ``F`` fixed limit (``small_bet``, ``big_bet``), ``P`` pot limit and ``N`` no
           limit (``min_bet``, PHH's field for the smallest bet of unlimited games)
game       ``7S`` seven-card stud, ``7S/8`` stud hi-lo, ``R`` razz, ``5S`` five-card stud
           (S1), ``5M`` Mexican stud (S4), ``7B`` baseball, ``5B`` five-card baseball (S5)
=========  ================================================================================

So ``_F5S`` is fixed-limit five-card stud, ``_N7S`` no-limit seven-card stud, ``_P5M``
pot-limit Mexican stud, and ``_F7S`` is seven-card stud with some non-default rule option (the
leading ``_`` makes pokerkit refuse a file it would otherwise replay under different rules).
``bring_in`` is required by the seven-card games and optional in the five-card games (S1/F4:
no bring-in unless ``_first_round = "bring_in"``).

Extension fields
----------------
Every field stud_fast adds starts with ``_`` (pokerkit keeps such fields as user-defined fields
without a warning). A rule option is written as ``_`` + the engine's option name, only when it
differs from the default, so a plain file means default rules:

==============================  ==============  =================================================
field                           default         rule
==============================  ==============  =================================================
``_deck``                       ``52``          D2: ``32`` for the seven-to-ace deck
``_jokers``                     ``0``           D4: jokers in the deck, written ``Xx`` in actions
``_tiebreak``                   ``"split"``     D3: ``"unused_cards"``
``_max_raises``                 ``3``           B3: raises after the bet in one round
``_unlimited_heads_up``         ``false``       B3: no cap with two players left
``_open_pair_big_bet``          ``false``       B4
``_first_round``                ``"check"``     F4: ``"must_open"`` or ``"bring_in"``
``_dead_seat_keeps_cards``      ``false``       B9
``_community_card_betting``     ``true``        S3
``_four_up_extra_card``         ``false``       S5 (baseball)
``_premature_card``             ``"bury"``      I1: ``"keep_capped"``
``_show_all``                   ``false``       S6: every hand is shown at showdown
==============================  ==============  =================================================

Any further engine option follows the same ``_<option>`` rule. Wild cards come with the game
(baseball's nines and threes, S5) or with ``_jokers``; there is no field for other wild ranks.
``_premature_card`` has no default in RULES.md; ``"bury"`` (seed 000) is assumed. Two extension
actions:
``pN _tu card`` turns up one of the player's down cards (Mexican stud, S4) and ``pN _bp X``
buys the pot for ``X`` chips (baseball, a three dealt face up, S5). The shared card of S3 is the
standard board deal ``d db card``.

Dealer errors (RULES.md I1, I2), written where they happened so that the hand replays:

- ``d _pc card``: I1, the dealer exposed ``card`` during the betting round, the card the next
  street gives its first player; ``_premature_card`` says whether it was buried (the default:
  the others get the cards they would have had, that player the next one) or kept face up
  with the round capped.
- ``d _fu pN`` (after the seventh-street deal lines): I2, pN's seventh-street card was dealt
  face up. When that is the first player dealt, every seventh-street card is face up (each
  gets a line) and the previous round's opener opens.
- ``d _ex pN`` (during seventh-street betting): I2, pN's seventh-street card is reported
  exposed; before any chips go in that round pN then chooses, after it pN is all in.
- ``pN _ai`` / ``pN _po``: I2, pN takes the rights of an all-in player or plays on.

Where RULES.md and pokerkit differ
----------------------------------
RULES.md wins; ``finishing_stacks`` are always stud_fast's.

- Odd chip (S7): stud_fast gives it to the tied winner holding the highest card by suit;
  pokerkit gives it to the tied winner nearest ``p1`` (and, in hi-lo, to the high half). A split
  pot with an odd chip can therefore replay in pokerkit one chip away from ``finishing_stacks``.
- B4: pokerkit has no open-pair big bet on fourth street, so ``_open_pair_big_bet = true`` makes
  the code an extension code (``_F7S``).
- S3: the shared card (``d db``) of a seven-card hand that runs out of cards; pokerkit's stud
  has no board, so it cannot replay such a hand.
- Showdown: every player who reaches showdown gets a ``sm`` line (shown or mucked). pokerkit
  mucks a player without one and, if nobody shows, silently drops the pot; :func:`validate`
  reports a finished hand that lacks them.
"""

from __future__ import annotations

import datetime
import math
import os
import re
import sys
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import Any, Iterable, Literal, Mapping, Optional, Union

from stud_fast.errors import StudFastError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "PHHError", "Amount", "HandHistory", "Action", "VariantCode",
    "loads", "dumps", "load", "dump", "loads_all", "dumps_all",
    "parse_action", "format_action", "split_cards", "join_cards",
    "parse_variant", "variant_code", "validate", "missing_showdown",
    "STANDARD_STUD_CODES", "OPTION_DEFAULTS",
]

Amount = Union[int, Decimal]
"""A chip amount: an integer, or a :class:`~decimal.Decimal` for a TOML float (``inf`` too)."""


class PHHError(StudFastError, ValueError):
    """A PHH text, field or action that cannot be read, written or accepted."""


# -- variant codes -------------------------------------------------------------------------

STANDARD_STUD_CODES: dict[str, str] = {"F7S": "7S", "F7S/8": "7S/8", "FR": "R"}
"""The PHH stud codes and the game each names (all fixed limit)."""

_PHH_CODES: dict[str, tuple[str, ...]] = {
    # Non-stud PHH codes, accepted so that any pokerkit file can be read and validated.
    "FT": ("blinds_or_straddles", "small_bet", "big_bet"),
    "NT": ("blinds_or_straddles", "min_bet"),
    "NS": ("blinds_or_straddles", "min_bet"),
    "PO": ("blinds_or_straddles", "min_bet"),
    "FO/8": ("blinds_or_straddles", "small_bet", "big_bet"),
    "N2L1D": ("blinds_or_straddles", "min_bet"),
    "F2L3D": ("blinds_or_straddles", "small_bet", "big_bet"),
    "FB": ("blinds_or_straddles", "small_bet", "big_bet"),
    **{code: ("bring_in", "small_bet", "big_bet") for code in STANDARD_STUD_CODES},
}

Betting = Literal["fixed-limit", "pot-limit", "no-limit"]
_BETTING: dict[str, Betting] = {"F": "fixed-limit", "P": "pot-limit", "N": "no-limit"}
_GAMES = ("7S", "7S/8", "R", "5S", "5M", "7B", "5B")

OPTION_DEFAULTS: dict[str, object] = {
    "_deck": 52,
    "_jokers": 0,
    "_tiebreak": "split",
    "_max_raises": 3,
    "_unlimited_heads_up": False,
    "_open_pair_big_bet": False,
    "_first_round": "check",
    "_dead_seat_keeps_cards": False,
    "_community_card_betting": True,
    "_four_up_extra_card": False,
    "_premature_card": "bury",
    "_show_all": False,
}
"""The rule-option extension fields and their defaults (a field is written only off default)."""

_OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "_deck": (52, 32),
    "_tiebreak": ("split", "unused_cards"),
    "_first_round": ("check", "must_open", "bring_in"),
    "_premature_card": ("bury", "keep_capped"),
}


@dataclass(frozen=True)
class VariantCode:
    """A parsed variant code: the game (``"7S"``, ``"5M"`` ...), the betting structure and
    whether the code is one of PHH's own (``F7S``, ``F7S/8``, ``FR``)."""

    game: str
    betting: Betting
    standard: bool

    @property
    def seven_card(self) -> bool:
        """True for the seven-card games (a bring-in is required)."""
        return self.game[0] == "7" or self.game == "R"


def parse_variant(code: str) -> VariantCode:
    """The stud game and betting structure a variant code names.

    >>> parse_variant("FR")
    VariantCode(game='R', betting='fixed-limit', standard=True)
    >>> parse_variant("_P5M").betting
    'pot-limit'
    """
    if code in STANDARD_STUD_CODES:
        return VariantCode(STANDARD_STUD_CODES[code], "fixed-limit", True)
    if len(code) > 2 and code[0] == "_" and code[1] in _BETTING and code[2:] in _GAMES:
        return VariantCode(code[2:], _BETTING[code[1]], False)
    raise PHHError(f"{code!r} is not a stud variant code: use F7S, F7S/8, FR or _ + F/P/N + "
                   f"one of {', '.join(_GAMES)} (e.g. _F5S)")


def variant_code(game: str, betting: str = "fixed-limit",
                 extensions: Optional[Mapping[str, object]] = None) -> str:
    """The code to write for a game, a betting structure and the hand's extension fields.

    The standard PHH code when pokerkit would replay the hand under the same rules (fixed limit,
    a game PHH has, every rule option of ``extensions`` at its default), else the ``_`` code.

    >>> variant_code("7S/8")
    'F7S/8'
    >>> variant_code("7S", extensions={"_open_pair_big_bet": True})
    '_F7S'
    >>> variant_code("5S", "no-limit")
    '_N5S'
    """
    letters = {v: k for k, v in _BETTING.items()}
    if game not in _GAMES or betting not in letters:
        raise PHHError(f"unknown game {game!r} or betting {betting!r}: games are "
                       f"{', '.join(_GAMES)}, betting one of {', '.join(letters)}")
    code = letters[betting] + game
    off_default = any(name in OPTION_DEFAULTS and value != OPTION_DEFAULTS[name]
                      for name, value in (extensions or {}).items())
    return code if code in STANDARD_STUD_CODES and not off_default else "_" + code


# -- cards and actions ---------------------------------------------------------------------

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_JOKER = "Xx"
_UNKNOWN = "??"
_KNOWN = frozenset(r + s for r in _RANKS for s in _SUITS)
Card = Optional[str]
"""A card token (``"As"``, the joker ``"Xx"``) or ``None`` for an unknown card (``??``)."""


def split_cards(text: str) -> tuple[Card, ...]:
    """The cards of a PHH card run (no separators); ``None`` stands for ``??``.

    >>> split_cards("????7s")
    (None, None, '7s')
    """
    if not text or len(text) % 2:
        raise PHHError(f"bad card run {text!r}: two characters per card, e.g. 'As??Td'")
    cards: list[Card] = []
    for i in range(0, len(text), 2):
        token = text[i:i + 2]
        if token == _UNKNOWN:
            cards.append(None)
        elif token in _KNOWN or token == _JOKER:
            cards.append(token)
        else:
            raise PHHError(f"bad card {token!r} in {text!r}: a rank of {_RANKS} and a suit of "
                           f"{_SUITS}, '??' when unknown, 'Xx' for a joker")
    return tuple(cards)


def join_cards(cards: Iterable[Card]) -> str:
    """The PHH card run of some cards (``None`` is written ``??``).

    >>> join_cards([None, "Ah", "Xx"])
    '??AhXx'
    """
    parts = []
    for card in cards:
        if card is not None and card not in _KNOWN and card != _JOKER:
            raise PHHError(f"bad card {card!r}: expected a token such as 'As', 'Xx' or None")
        parts.append(_UNKNOWN if card is None else card)
    if not parts:
        raise PHHError("an empty card run cannot be written")
    return "".join(parts)


_DEALER_VERBS = frozenset({"dh", "db", "_pc", "_fu", "_ex"})
_PLAYER_VERBS = frozenset({"pb", "f", "cc", "cbr", "sd", "sm", "_tu", "_bp", "_ai", "_po"})
_AMOUNT = re.compile(r"[0-9]+(\.[0-9]+)?\Z")
_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")


@dataclass(frozen=True)
class Action:
    """One parsed action string.

    ``actor`` is ``"d"`` (the dealer), a 0-based player index (``p1`` is 0) or ``None`` for a
    no-op (an empty action or a bare ``# commentary``). ``verb`` is ``dh``/``db`` (deal hole or
    board cards), ``pb``, ``f``, ``cc``, ``cbr``, ``sd``, ``sm``, the extensions ``_tu`` and
    ``_bp``, or ``""`` for a no-op. ``player`` is whom ``d dh`` deals to. ``cards`` is ``None``
    when the action has no card argument. For ``sm``, ``shown`` is False for a muck (``pN sm``)
    and True for a show; a show with ``cards=None`` is ``pN sm -``.

    >>> a = parse_action("d dh p2 ????7s")
    >>> a.actor, a.verb, a.player, a.cards
    ('d', 'dh', 1, (None, None, '7s'))
    """

    actor: Union[Literal["d"], int, None]
    verb: str = ""
    player: Optional[int] = None
    cards: Optional[tuple[Card, ...]] = None
    amount: Optional[Amount] = None
    shown: bool = False
    commentary: Optional[str] = None

    @property
    def mucked(self) -> bool:
        """True for ``pN sm`` without cards: the player mucks."""
        return self.verb == "sm" and not self.shown

    @property
    def is_dealing(self) -> bool:
        """True for the dealer's ``dh`` and ``db``."""
        return self.actor == "d"


def _parse_player(word: str, action: str) -> int:
    m = _PLAYER.match(word)
    if m is None:
        raise PHHError(f"bad player {word!r} in action {action!r}: expected p1, p2, ...")
    return int(m.group(1)) - 1


def _parse_amount(word: str, action: str) -> Amount:
    if _AMOUNT.match(word) is None:
        raise PHHError(f"bad amount {word!r} in action {action!r}: expected e.g. 20 or 2.50")
    return Decimal(word) if "." in word else int(word)


def parse_action(text: str) -> Action:
    """Parse one PHH action string (the grammar is in the module docstring).

    >>> parse_action("p3 cbr 20 # completes").amount
    20
    >>> parse_action("p1 sm").mucked
    True
    """
    body, hash_, comment = text.partition("#")
    commentary = (comment[1:] if comment.startswith(" ") else comment) if hash_ else None
    words = body.split()
    if not words:
        return Action(None, commentary=commentary)
    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            return Action("d", "dh", player=_parse_player(words[2], text),
                          cards=split_cards(words[3]), commentary=commentary)
        if len(words) == 3 and words[1] in ("db", "_pc"):
            cards = split_cards(words[2])
            if words[1] == "db" or len(cards) == 1:
                return Action("d", words[1], cards=cards, commentary=commentary)
        if len(words) == 3 and words[1] in ("_fu", "_ex"):
            return Action("d", words[1], player=_parse_player(words[2], text),
                          commentary=commentary)
        raise PHHError(f"bad dealer action {text!r}: expected 'd dh pN cards', 'd db cards', "
                       f"'d _pc card', 'd _fu pN' or 'd _ex pN'")
    actor = _parse_player(words[0], text)
    verb, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
    if verb in ("pb", "f", "cc", "_ai", "_po") and not args:
        return Action(actor, verb, commentary=commentary)
    if verb in ("cbr", "_bp") and len(args) == 1:
        return Action(actor, verb, amount=_parse_amount(args[0], text), commentary=commentary)
    if verb == "sd" and len(args) <= 1:
        return Action(actor, "sd", cards=split_cards(args[0]) if args else None,
                      commentary=commentary)
    if verb == "sm" and len(args) <= 1:
        if not args:
            return Action(actor, "sm", shown=False, commentary=commentary)
        shown = None if args[0] == "-" else split_cards(args[0])
        return Action(actor, "sm", cards=shown, shown=True, commentary=commentary)
    if verb == "_tu" and len(args) == 1:
        cards = split_cards(args[0])
        if len(cards) == 1:
            return Action(actor, "_tu", cards=cards, commentary=commentary)
    raise PHHError(f"bad action {text!r}: expected pN pb|f|cc, pN cbr|_bp amount, "
                   f"pN sd [cards], pN sm [cards|-], pN _tu card, pN _ai, pN _po")


def format_action(action: Action) -> str:
    """The canonical PHH string of an action (the inverse of :func:`parse_action`).

    >>> format_action(Action(0, "sm", cards=("As", None), shown=True))
    'p1 sm As??'
    """
    a = action
    verb = a.verb
    if verb == "":
        body = ""
        if a.actor is not None:
            raise PHHError(f"a no-op has no actor: {a!r}")
    elif verb in _DEALER_VERBS:
        if a.actor != "d":
            raise PHHError(f"{verb!r} is the dealer's action: {a!r}")
        if verb in ("dh", "_fu", "_ex"):
            body = f"d {verb} {_player_label(a.player)}"
            if verb == "dh":
                body += f" {join_cards(a.cards or ())}"
        else:
            body = f"d {verb} {join_cards(a.cards or ())}"
    elif verb in _PLAYER_VERBS:
        label = _player_label(a.actor)
        if verb in ("pb", "f", "cc", "_ai", "_po"):
            body = f"{label} {verb}"
        elif verb in ("cbr", "_bp"):
            body = f"{label} {verb} {_amount_text(a.amount)}"
        elif verb == "sd":
            body = f"{label} sd" + ("" if a.cards is None else " " + join_cards(a.cards))
        elif verb == "sm":
            if not a.shown:
                body = f"{label} sm"
            else:
                body = f"{label} sm " + ("-" if a.cards is None else join_cards(a.cards))
        else:  # _tu
            if a.cards is None or len(a.cards) != 1:
                raise PHHError(f"'_tu' turns up exactly one card: {a!r}")
            body = f"{label} _tu {join_cards(a.cards)}"
    else:
        raise PHHError(f"unknown verb {verb!r} in {a!r}")
    if a.commentary is None:
        return body
    return f"{body} # {a.commentary}" if body else f"# {a.commentary}"


def _player_label(index: object) -> str:
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise PHHError(f"a player is a 0-based index, got {index!r}")
    return f"p{index + 1}"


def _amount_text(amount: object) -> str:
    if isinstance(amount, bool) or not isinstance(amount, (int, Decimal)):
        raise PHHError(f"an amount is an int or a Decimal, got {amount!r}")
    if amount < 0 or (isinstance(amount, Decimal) and not amount.is_finite()):
        raise PHHError(f"an action amount is finite and not negative, got {amount!r}")
    text = str(amount)
    if _AMOUNT.match(text) is None:  # Decimal('1E+3') and the like
        text = f"{amount:f}"
    return text


# -- the hand history ----------------------------------------------------------------------

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

    @property
    def player_count(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    def parsed_actions(self) -> list[Action]:
        """Every action string parsed by :func:`parse_action`."""
        return [parse_action(a) for a in self.actions]


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
assert set(_FIELD_KINDS) == {f.name for f in fields(HandHistory)} - {"extensions"}


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


def _from_table(table: Mapping[str, Any], strict: bool) -> HandHistory:
    missing = [name for name in _REQUIRED if name not in table]
    if missing:
        raise PHHError(f"missing required field(s) {', '.join(missing)}"
                       + (" (a .phhs file of several hands? use loads_all)"
                          if all(isinstance(v, dict) for v in table.values()) else ""))
    known: dict[str, Any] = {}
    extensions: dict[str, object] = {}
    for name, value in table.items():
        if name in _FIELD_KINDS:
            _check_kind(name, value)
            known[name] = value
        elif name.startswith("_") or not strict:
            extensions[name] = value
        else:
            raise PHHError(f"unknown field {name!r}: PHH fields are listed in the spec, and "
                           f"extension fields start with '_'")
    return HandHistory(**known, extensions=extensions)


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
    return _from_table(_toml_document(text), strict)


def loads_all(text: str, *, strict: bool = True) -> list[HandHistory]:
    """Read every hand of a ``.phhs`` text (one TOML table per hand, e.g. ``[1]``, ``[2]``)."""
    document = _toml_document(text)
    hands = []
    for key, table in document.items():
        if not isinstance(table, dict):
            raise PHHError(f"{key!r} is not a hand: a .phhs file holds one table per hand")
        hands.append(_from_table(table, strict))
    return hands


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


def load(path: Union[str, os.PathLike[str]], *, strict: bool = True) -> HandHistory:
    """Read one hand from a ``.phh`` file (UTF-8)."""
    with open(path, encoding="utf-8") as f:
        return loads(f.read(), strict=strict)


def dump(hand: HandHistory, path: Union[str, os.PathLike[str]]) -> None:
    """Write one hand to a ``.phh`` file (UTF-8, ``\\n`` line ends)."""
    text = dumps(hand)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


# -- validation ----------------------------------------------------------------------------

def missing_showdown(hand: HandHistory) -> list[int]:
    """Players (0-based) who never folded, when two or more did not, and have no ``sm`` line.

    A finished hand that reached showdown must give each of them a show or muck line: pokerkit
    mucks a player without one and drops the pot when nobody shows.
    """
    folded = set()
    showed = set()
    for a in hand.parsed_actions():
        if a.verb == "f" and isinstance(a.actor, int):
            folded.add(a.actor)
        elif a.verb == "sm" and isinstance(a.actor, int):
            showed.add(a.actor)
    live = [i for i in range(hand.player_count) if i not in folded]
    if len(live) < 2:
        return []
    return [i for i in live if i not in showed]


def validate(hand: HandHistory) -> None:
    """Check a hand against PHH and stud_fast's extensions, without playing it.

    Checks the fields a variant requires or forbids, per-player list lengths, positive starting
    stacks, every action (players in range, cards of the deck, no card dealt twice, extension
    actions only in their variants), extension fields (``_`` prefix, option values, standard
    codes only with default options) and, when ``finishing_stacks`` says the hand is finished,
    a show or muck line for each player at showdown. Raises :class:`PHHError` naming every
    problem found.
    """
    problems: list[str] = []
    n = hand.player_count
    code = hand.variant
    stud: Optional[VariantCode] = None
    if code in _PHH_CODES:
        needed = _PHH_CODES[code]
        stud = parse_variant(code) if code in STANDARD_STUD_CODES else None
    else:
        try:
            stud = parse_variant(code)
        except PHHError as e:
            problems.append(str(e))
            needed = ()
        else:
            needed = (("small_bet", "big_bet") if stud.betting == "fixed-limit"
                      else ("min_bet",)) + (("bring_in",) if stud.seven_card else ())
    if stud is not None and hand.extensions.get("_first_round") == "bring_in":
        needed += ("bring_in",)
    for name in dict.fromkeys(needed):
        if getattr(hand, name) is None:
            problems.append(f"variant {code} needs field {name!r}")
    if stud is not None and hand.blinds_or_straddles is not None:
        problems.append("stud has no blinds: 'blinds_or_straddles' must not be set")
    if stud is not None:
        unlimited = stud.betting != "fixed-limit"
        for name in ("small_bet", "big_bet") if unlimited else ("min_bet",):
            if getattr(hand, name) is not None:
                problems.append(f"field {name!r} does not belong to {stud.betting} {code}")
    for name in _PER_PLAYER:
        value = getattr(hand, name)
        if value is not None and len(value) != n:
            problems.append(f"{name} has {len(value)} entries for {n} players")
    if n < 2:
        problems.append("a hand needs at least two players (starting_stacks)")
    if any(s <= 0 for s in hand.starting_stacks):
        problems.append("starting stacks must be positive")
    if any(a < 0 for a in hand.antes):
        problems.append("antes must not be negative")
    if any(s < 0 for s in hand.finishing_stacks or ()):
        problems.append("finishing stacks must not be negative")

    ext = hand.extensions
    for name, value in ext.items():
        if not name.startswith("_"):
            problems.append(f"extension field {name!r} must start with '_'")
        elif name in OPTION_DEFAULTS:
            default = OPTION_DEFAULTS[name]
            choices = _OPTION_CHOICES.get(name)
            if type(value) is not type(default) or (choices and value not in choices):
                problems.append(f"{name} = {value!r} is not valid"
                                + (f": use one of {choices}" if choices else
                                   f": use a {type(default).__name__}"))
    if stud is not None and stud.standard and variant_code(stud.game, extensions=ext) != code:
        problems.append(f"{code} is pokerkit's code with default rules; with a rule option "
                        f"off its default write {variant_code(stud.game, extensions=ext)}")

    deck = ext.get("_deck", 52)
    low_ranks = _RANKS[:_RANKS.index("7")] if deck == 32 else ""
    jokers = ext.get("_jokers", 0)
    jokers_left = jokers if isinstance(jokers, int) else 0
    dealt: set[str] = set()
    kept = ext.get("_premature_card") == "keep_capped"
    for text in hand.actions:
        try:
            a = parse_action(text)
        except PHHError as e:
            problems.append(str(e))
            continue
        for who in (a.actor, a.player):
            if isinstance(who, int) and who >= n:
                problems.append(f"{text!r}: there are only {n} players")
        if a.verb == "_tu" and (stud is None or stud.game != "5M"):
            problems.append(f"{text!r}: '_tu' (turning a card up) is Mexican stud's (_F5M)")
        if a.verb == "_bp" and (stud is None or stud.game not in ("7B", "5B")):
            problems.append(f"{text!r}: '_bp' (buying the pot) is baseball's (_F7B, _F5B)")
        if a.verb in ("_fu", "_ex", "_ai", "_po") and (stud is None or not stud.seven_card):
            problems.append(f"{text!r}: '{a.verb}' (I2, an exposed seventh-street card) is "
                            f"seven-card stud's")
        for card in a.cards or ():
            if card is None:
                continue
            if card == _JOKER:
                if a.is_dealing:
                    jokers_left -= 1
                    if jokers_left < 0:
                        problems.append(f"{text!r}: more jokers than _jokers = {jokers}")
                continue
            if card[0] in low_ranks:
                problems.append(f"{text!r}: {card} is not in the 32-card deck")
            if a.is_dealing and not (a.verb == "_pc" and kept):  # a kept card is dealt later
                if card in dealt:
                    problems.append(f"{text!r}: {card} was already dealt")
                dealt.add(card)

    if hand.finishing_stacks is not None:
        try:
            lacking = missing_showdown(hand)
        except PHHError:
            lacking = []  # already reported above
        if lacking:
            labels = ", ".join(f"p{i + 1}" for i in lacking)
            problems.append(f"finished hand: {labels} reached showdown without a show or muck "
                            f"line (pN sm cards / pN sm)")
    if problems:
        raise PHHError("; ".join(problems))
