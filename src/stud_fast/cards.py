"""Cards: the id encoding, parsing of card text and formatting.

A card id is ``rank_index * 4 + suit_index`` with ranks ``23456789TJQKA`` (0..12) and suits
``cdhs`` (0..3), so ``2c`` is 0 and ``As`` is 51; the joker is 52 (written ``Xx``). This is the
encoding of the C core's public header ``stud_fast/cards.h``.

>>> parse_cards("As 10d Xx")
(51, 33, 52)
>>> card_str(51)
'As'
"""

from __future__ import annotations

import operator
from typing import Iterable, Union, cast

from stud_fast.errors import CardError

__all__ = [
    "RANKS", "SUITS", "JOKER", "CARD_TEXT", "DECK_52", "DECK_32", "CardLike", "CardsLike",
    "card_id", "card_str", "parse_cards", "format_cards", "rank_of", "suit_of", "parse_rank_mask",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER = 52
DECK_52: tuple[int, ...] = tuple(range(52))
# the text of every card id, joker last: ``CARD_TEXT[id]`` is ``card_str(id)`` for a valid id
# without its checks (the engine's views look up thousands of cards a second)
CARD_TEXT: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS) + ("Xx",)
DECK_32: tuple[int, ...] = tuple(range(20, 52))

CardLike = Union[str, int]
CardsLike = Union[str, Iterable[CardLike]]


def _token_table() -> dict[str, int]:
    table: dict[str, int] = {}
    for r, rank in enumerate(RANKS):
        for s, suit in enumerate(SUITS):
            for rank_text in (rank, rank.lower()) + (("10",) if rank == "T" else ()):
                for suit_text in (suit, suit.upper()):
                    table[rank_text + suit_text] = r * 4 + s
    for joker in ("Xx", "XX", "xx", "xX"):
        table[joker] = JOKER
    return table


_TOKENS = _token_table()
_RANK_CHARS = {**{r: i for i, r in enumerate(RANKS)}, **{r.lower(): i for i, r in enumerate(RANKS)}}


def rank_of(card: int) -> int:
    """Rank index (0 = deuce ... 12 = ace) of a card id other than the joker."""
    return card >> 2


def suit_of(card: int) -> int:
    """Suit index (0 clubs, 1 diamonds, 2 hearts, 3 spades) of a card id."""
    return card & 3


def card_id(card: CardLike) -> int:
    """The id of one card given as text (``"Ah"``, ``"10c"``, ``"Xx"``) or as an id.

    >>> card_id("Td"), card_id("10d"), card_id(33)
    (33, 33, 33)
    """
    if isinstance(card, str):
        found = _TOKENS.get(card.strip())
        if found is None:
            raise CardError(
                f"unknown card {card!r}: expected a rank of {RANKS} (or 10) and a suit of "
                f"{SUITS}, e.g. 'As' or '10h', or 'Xx' for a joker")
        return found
    if type(card) is not int:
        # NumPy integers and other integer types pass; bools, floats and the rest do not
        if isinstance(card, bool) or not hasattr(type(card), "__index__"):
            raise TypeError(
                f"a card is a string such as 'As' or an integer id, got {card!r}")
        card = operator.index(card)
    if not 0 <= card <= JOKER:
        raise CardError(f"card id {card} is out of range (0..51, 52 for a joker)")
    return card


def card_str(card: int) -> str:
    """Text of a card id: ``'As'``, ``'Td'``, ``'Xx'`` for the joker.

    >>> card_str(51), card_str(52)
    ('As', 'Xx')
    """
    if type(card) is not int:
        card = card_id(card)
    if card == JOKER:
        return "Xx"
    if not 0 <= card < JOKER:
        raise CardError(f"card id {card} is out of range (0..51, 52 for a joker)")
    return RANKS[card >> 2] + SUITS[card & 3]


def parse_cards(cards: CardsLike) -> tuple[int, ...]:
    """Card ids of ``"As Kd 7h"``, ``"AsKd7h"``, or an iterable of tokens or ids.

    Duplicates are not checked here (the evaluator and the game rules do that).

    >>> parse_cards("AsKd7h")
    (51, 45, 22)
    >>> parse_cards(["As", 45])
    (51, 45)
    """
    if isinstance(cards, str):
        tokens = cards.split()
        try:
            return tuple([_TOKENS[t] for t in tokens])
        except KeyError:
            pass
        tokens = cards.replace(",", " ").split()
        if len(tokens) == 1 and len(tokens[0]) > 3:
            tokens = _split_run(tokens[0])
        return tuple(card_id(t) for t in tokens)
    try:
        items = list(cards)
    except TypeError:
        raise TypeError(f"cards must be a string or an iterable of cards, got {cards!r}") from None
    return tuple(card_id(c) for c in items)


def _split_run(run: str) -> list[str]:
    """Split ``"AsKd10h"`` into tokens."""
    out: list[str] = []
    i = 0
    while i < len(run):
        size = 3 if run.startswith("10", i) else 2
        out.append(run[i:i + size])
        i += size
    return out


def format_cards(cards: Iterable[int]) -> str:
    """Space-separated text of card ids.

    >>> format_cards([51, 45, 52])
    'As Kd Xx'
    """
    return " ".join(card_str(c) for c in cards)


def parse_rank_mask(ranks: Union[str, Iterable[str], int]) -> int:
    """13-bit mask of the ranks named in ``ranks`` (``"39"``, ``["3", "9"]``, ``""`` or a mask).

    >>> parse_rank_mask("9")
    128
    >>> parse_rank_mask("3 9") == (1 << 1) | (1 << 7)
    True
    """
    if isinstance(ranks, int) and not isinstance(ranks, bool):
        if not 0 <= ranks < 1 << 13:
            raise CardError(f"wild-rank mask {ranks} must be between 0 and 8191")
        return ranks
    if not isinstance(ranks, str) and not _is_iterable(ranks):
        raise TypeError(f"wild ranks are text such as '39', an iterable of ranks or an int mask, "
                        f"got {ranks!r}")
    text = ranks if isinstance(ranks, str) else "".join(
        str(t) for t in cast("Iterable[str]", ranks))
    chars = [c for c in text.replace("10", "T") if c not in " ,"]
    mask = 0
    for c in chars:
        r = _RANK_CHARS.get(c)
        if r is None:
            raise CardError(f"unknown rank {c!r} in wild ranks: use {RANKS}")
        mask |= 1 << r
    return mask


def _is_iterable(obj: object) -> bool:
    try:
        iter(obj)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True
