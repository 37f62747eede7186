"""PHH cards and action strings: :func:`parse_action` reads one, :func:`format_action` writes
one (the grammar is in :mod:`stud_fast.history.phh`).

>>> format_action(parse_action("p2  cbr 20 #  raises"))
'p2 cbr 20 #  raises'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable, Literal, Optional, Union

from stud_fast.history.codes import Amount, PHHError

__all__ = ["Card", "Action", "parse_action", "format_action", "split_cards", "join_cards"]

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

