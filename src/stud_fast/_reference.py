"""A slow, deliberately obvious pure-Python hand evaluator: the test oracle of stud_fast.

Nothing here is shared with the C core. Every hand is valued by brute force: every
five-card subset is tried, and every wild card is replaced by every card of the ranking's
deck (docs/rules.md D1, D2, D4, D5, D6). The only shortcuts are the ones argued for in the
comments of :func:`_best_subset_key`, and every result is memoised (pure functions only).

Card ids follow ``csrc/include/stud_fast/cards.h``: ``id = rank_index * 4 + suit_index``
with rank_index 0..12 for 2..A and suits c, d, h, s = 0..3; 52 is a joker (always wild,
may repeat). ``wild_ranks`` is a 13-bit mask over rank_index: cards of those ranks are
wild as well.

:func:`reference_key` returns ``(category_name, key)``. Keys of one ranking compare with
``<`` and ``==`` exactly as the library's values do: larger is stronger, equal is a tie.

Example:
    >>> from stud_fast._reference import reference_key, parse_cards
    >>> reference_key(parse_cards("As Ks Qs Js Ts"), "high")[0]
    'straight flush'
    >>> a = reference_key(parse_cards("Ah Ad"), "high")[1]
    >>> b = reference_key(parse_cards("Ah Ad 2c"), "high")[1]
    >>> a < b
    True
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import FrozenSet, Iterable, Sequence, Tuple

__all__ = [
    "JOKER",
    "RANKINGS",
    "RANK_CHARS",
    "SUIT_CHARS",
    "HIGH_CATEGORIES",
    "SHORT32_CATEGORIES",
    "RAZZ_CATEGORIES",
    "LOW8_CATEGORIES",
    "Key",
    "card_id",
    "card_text",
    "parse_cards",
    "hand_text",
    "wild_mask",
    "wild_string",
    "deck",
    "reference_key",
    "reference_category",
]

JOKER: int = 52
RANK_CHARS: str = "23456789TJQKA"
SUIT_CHARS: str = "cdhs"
RANKINGS: Tuple[str, ...] = ("high", "short32", "razz", "low8")

# Categories of each ranking, weakest first (the index is the first element of a key,
# except for the low rankings, whose keys are built by reversal, see _low_key).
HIGH_CATEGORIES: Tuple[str, ...] = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
)
SHORT32_CATEGORIES: Tuple[str, ...] = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "full house",
    "flush",  # a flush ranks ABOVE a full house in the 32-card deck (docs/rules.md D2)
    "four of a kind",
    "straight flush",
    "five of a kind",
)
# Razz: the reverse of the high order without straights and flushes. "five of a kind" can
# only appear as an intermediate candidate (a wild can always pick another rank), so it is
# listed as the very weakest and never ends up as a best hand.
RAZZ_CATEGORIES: Tuple[str, ...] = (
    "five of a kind",
    "four of a kind",
    "full house",
    "three of a kind",
    "two pair",
    "one pair",
    "high card",
)
LOW8_CATEGORIES: Tuple[str, ...] = ("no low", "high card")

# A key is (category index, tiebreak tuple); tuples compare lexicographically.
Key = Tuple[int, Tuple[int, ...]]

# Category order used for the count-based ("pattern") part of any hand, weakest first.
_PATTERN_ORDER: Tuple[str, ...] = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "full house",
    "four of a kind",
    "five of a kind",
)
# How many distinct values the tiebreak of a full five-card hand of the category has.
# Shorter (showing) hands are padded with 0, which is below every rank value (2..14 high,
# 1..13 with aces low): a missing kicker is lower than any rank.
_TIEBREAK_LENGTH = {
    "high card": 5,
    "one pair": 4,
    "two pair": 3,
    "three of a kind": 3,
    "full house": 2,
    "four of a kind": 2,
    "five of a kind": 1,
}

# Every straight of each deck as a set of rank values, lowest straight first.
_HIGH_STRAIGHTS: Tuple[FrozenSet[int], ...] = (frozenset({14, 2, 3, 4, 5}),) + tuple(
    frozenset(range(low, low + 5)) for low in range(2, 11)
)
_SHORT32_STRAIGHTS: Tuple[FrozenSet[int], ...] = (frozenset({14, 7, 8, 9, 10}),) + tuple(
    frozenset(range(low, low + 5)) for low in range(7, 11)
)


# --------------------------------------------------------------------------- card text


def card_id(token: str) -> int:
    """Return the id of one card token such as ``"As"``, ``"Td"`` or ``"Xx"`` (joker).

    Example:
        >>> card_id("2c"), card_id("As"), card_id("Xx")
        (0, 51, 52)
    """
    if token in ("Xx", "X", "Jk", "JK"):
        return JOKER
    if len(token) != 2 or token[0] not in RANK_CHARS or token[1] not in SUIT_CHARS:
        raise ValueError(f"bad card token {token!r}")
    return RANK_CHARS.index(token[0]) * 4 + SUIT_CHARS.index(token[1])


def card_text(card: int) -> str:
    """Return the two-character text of a card id (``"Xx"`` for the joker).

    Example:
        >>> card_text(51), card_text(52)
        ('As', 'Xx')
    """
    if card == JOKER:
        return "Xx"
    if not 0 <= card < 52:
        raise ValueError(f"bad card id {card!r}")
    return RANK_CHARS[card // 4] + SUIT_CHARS[card % 4]


def parse_cards(text: str) -> list[int]:
    """Return the card ids of a space-separated hand text.

    Example:
        >>> parse_cards("As Kd Xx")
        [51, 45, 52]
    """
    return [card_id(token) for token in text.split()]


def hand_text(cards: Iterable[int]) -> str:
    """Return the space-separated text of card ids.

    Example:
        >>> hand_text([51, 45, 52])
        'As Kd Xx'
    """
    return " ".join(card_text(c) for c in cards)


def wild_mask(ranks: str) -> int:
    """Return the 13-bit rank mask of a string of rank characters.

    Example:
        >>> wild_mask("39") == (1 << 1) | (1 << 7)
        True
    """
    mask = 0
    for char in ranks:
        if char not in RANK_CHARS:
            raise ValueError(f"bad rank {char!r}")
        mask |= 1 << RANK_CHARS.index(char)
    return mask


def wild_string(mask: int) -> str:
    """Return the rank characters of a 13-bit wild-rank mask, low ranks first.

    Example:
        >>> wild_string(wild_mask("93"))
        '39'
    """
    return "".join(RANK_CHARS[i] for i in range(13) if mask >> i & 1)


def deck(ranking: str) -> list[int]:
    """Return the card ids of the ranking's deck (32 cards 7..A for short32, else 52).

    Example:
        >>> len(deck("short32")), deck("short32")[0], len(deck("razz"))
        (32, 20, 52)
    """
    return [r * 4 + s for r in _deck_ranks(ranking) for s in range(4)]


def _deck_ranks(ranking: str) -> range:
    """Rank indices of the ranking's deck: 7..A (5..12) for short32, else 2..A (0..12)."""
    return range(5, 13) if ranking == "short32" else range(13)


# --------------------------------------------------------------------------- building keys


def _pattern_key(values: Sequence[int]) -> tuple[str, Tuple[int, ...]]:
    """Category and tiebreak of 1..5 rank values from their counts only.

    The tiebreak lists the distinct values by (count, value), both descending, so a pair
    comes before its kickers, the higher of two pairs first, trips before the pair of a
    full house; it is padded with 0 (below every rank) to the category's full length.
    """
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 5:
        name = "five of a kind"
    elif shape[0] == 4:
        name = "four of a kind"
    elif shape[0] == 3 and len(shape) > 1 and shape[1] == 2:
        name = "full house"
    elif shape[0] == 3:
        name = "three of a kind"
    elif shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
        name = "two pair"
    elif shape[0] == 2:
        name = "one pair"
    else:
        name = "high card"
    length = _TIEBREAK_LENGTH[name]
    assert len(order) <= length
    return name, tuple(order) + (0,) * (length - len(order))


def _high_values(cards: Sequence[int]) -> list[int]:
    """Rank values 2..14 (ace high) of concrete cards."""
    return [c // 4 + 2 for c in cards]


def _low_values(cards: Sequence[int]) -> list[int]:
    """Rank values 1..13 (ace low: A=1, 2=2, ..., K=13) of concrete cards."""
    return [1 if c // 4 == 12 else c // 4 + 2 for c in cards]


def _categories(ranking: str) -> Tuple[str, ...]:
    """Category names of a high-style ranking, weakest first."""
    return SHORT32_CATEGORIES if ranking == "short32" else HIGH_CATEGORIES


def _high_five_key(cards: Tuple[int, ...], ranking: str) -> tuple[str, Key]:
    """Key of five concrete cards (duplicates allowed) under "high" or "short32".

    A hand can fit several categories (e.g. A A K Q J all spades, possible with a wild,
    is both a pair and a flush); it takes the strongest one it fits.
    """
    categories = _categories(ranking)
    values = _high_values(cards)
    is_flush = len({c % 4 for c in cards}) == 1
    straights = _SHORT32_STRAIGHTS if ranking == "short32" else _HIGH_STRAIGHTS
    straight_index = None
    if len(set(values)) == 5:
        for index, ranks in enumerate(straights):
            if set(values) == ranks:
                straight_index = index

    name, tiebreak = _pattern_key(values)
    candidates: list[tuple[str, Key]] = [(name, (categories.index(name), tiebreak))]
    if is_flush:
        # Flushes compare by their five ranks, highest first, duplicates included.
        flush_tiebreak = tuple(sorted(values, reverse=True))
        candidates.append(("flush", (categories.index("flush"), flush_tiebreak)))
    if straight_index is not None:
        candidates.append(("straight", (categories.index("straight"), (straight_index,))))
        if is_flush:
            candidates.append(
                ("straight flush", (categories.index("straight flush"), (straight_index,)))
            )
    return max(candidates, key=lambda item: item[1])


def _low_key(values: Sequence[int]) -> tuple[str, Key]:
    """Ace-to-five low key of 1..5 ace-low values: the exact reverse of the high-style key.

    The high-style key (pattern category, tiebreak padded with 0) is negated element by
    element, so a lower hand gets a larger key and a missing kicker (0, below an ace)
    becomes better than an ace.
    """
    name, tiebreak = _pattern_key(values)
    return name, (-_PATTERN_ORDER.index(name), tuple(-v for v in tiebreak))


def _low8_key(values: Sequence[int]) -> tuple[str, Key]:
    """Eight-or-better key of five ace-low values; fewer cards never qualify."""
    if len(values) == 5 and len(set(values)) == 5 and max(values) <= 8:
        _, (_, low_tiebreak) = _low_key(values)
        return "high card", (1, low_tiebreak)
    return "no low", (0, ())


@lru_cache(maxsize=None)
def _five_key(cards: Tuple[int, ...], ranking: str) -> tuple[str, Key]:
    """Key of five concrete cards (ids 0..51, sorted, duplicates allowed)."""
    if ranking in ("high", "short32"):
        return _high_five_key(cards, ranking)
    if ranking == "razz":
        return _low_key(_low_values(cards))
    return _low8_key(_low_values(cards))


def _better(a: tuple[str, Key] | None, b: tuple[str, Key]) -> tuple[str, Key]:
    """The stronger of two (name, key) results (``a`` may be None)."""
    return b if a is None or b[1] > a[1] else a


# --------------------------------------------------------------------------- best hands


@lru_cache(maxsize=1 << 18)
def _best_subset_key(naturals: Tuple[int, ...], n_wild: int, ranking: str) -> tuple[str, Key]:
    """Best key of a five-card subset: the natural cards plus ``n_wild`` wild cards.

    Every wild card independently becomes any card of the deck, a copy of a held card
    included. Two shortcuts, both safe:

    * The wilds of a subset are interchangeable, so only the multiset of the cards they
      become matters: ranks are enumerated with combinations_with_replacement.
    * The value of five concrete cards (see _five_key) depends on their suits only
      through one fact: are all five suits equal (a flush) or not. So for each multiset of
      ranks for the wilds it is enough to try one suit assignment that makes a flush,
      whenever one is possible (all naturals share a suit s, or there are no naturals:
      every wild takes s, spades if there are no naturals), and one that avoids a flush,
      whenever that is possible (if the naturals already hold two suits any suits do;
      if they hold one suit s, every wild takes a suit other than s; with five wilds, two
      different suits). Every (ranks, flush or not) outcome that any substitution reaches
      is reached by one of these. The low rankings ignore suits, so one assignment does.
    """
    ranks_to_try = _deck_ranks(ranking)
    suits = sorted({c % 4 for c in naturals})
    if ranking in ("razz", "low8") or n_wild == 0:
        patterns = [(0,) * n_wild]
    else:
        patterns = []
        if len(suits) <= 1:  # a flush is possible
            flush_suit = suits[0] if suits else 3
            patterns.append((flush_suit,) * n_wild)
        if len(suits) >= 2:  # a flush is impossible anyway
            patterns.append((0,) * n_wild)
        elif len(suits) == 1:  # avoid the naturals' suit
            patterns.append(((suits[0] + 1) % 4,) * n_wild)
        else:  # five wilds: two different suits
            patterns.append((0,) + (1,) * (n_wild - 1))

    best: tuple[str, Key] | None = None
    for wild_ranks in combinations_with_replacement(ranks_to_try, n_wild):
        for pattern in patterns:
            substitutes = tuple(r * 4 + s for r, s in zip(wild_ranks, pattern))
            best = _better(best, _five_key(tuple(sorted(naturals + substitutes)), ranking))
    assert best is not None
    return best


@lru_cache(maxsize=1 << 16)
def _best_showing_key(naturals: Tuple[int, ...], n_wild: int, ranking: str) -> tuple[str, Key]:
    """Key of a 1..4 card showing hand (docs/rules.md D5): no straights, no flushes.

    Suits play no part, so each wild only needs to try every rank of the deck (as a
    multiset, the wilds being interchangeable).
    """
    if ranking == "low8":
        return "no low", (0, ())
    best: tuple[str, Key] | None = None
    for wild_ranks in combinations_with_replacement(_deck_ranks(ranking), n_wild):
        cards = naturals + tuple(r * 4 for r in wild_ranks)
        if ranking == "razz":
            result = _low_key(_low_values(cards))
        else:
            name, tiebreak = _pattern_key(_high_values(cards))
            result = (name, (_categories(ranking).index(name), tiebreak))
        best = _better(best, result)
    assert best is not None
    return best


def _validate(cards: Sequence[int], ranking: str, wild_ranks: int) -> list[int]:
    if ranking not in RANKINGS:
        raise ValueError(f"unknown ranking {ranking!r}")
    if not isinstance(wild_ranks, int) or not 0 <= wild_ranks < 1 << 13:
        raise ValueError(f"bad wild-rank mask {wild_ranks!r}")
    hand = [int(c) for c in cards]
    if not 1 <= len(hand) <= 7:
        raise ValueError(f"a hand holds 1 to 7 cards, not {len(hand)}")
    for c in hand:
        if not 0 <= c <= JOKER:
            raise ValueError(f"bad card id {c}")
        if c != JOKER and ranking == "short32" and c // 4 < 5:
            raise ValueError(f"card {card_text(c)} is not in the 32-card deck")
    return hand


def reference_key(
    cards: Sequence[int], ranking: str, wild_ranks: int = 0
) -> tuple[str, Key]:
    """Return ``(category_name, key)`` of a hand of 1..7 card ids under ``ranking``.

    Keys of one ranking compare like the library's values: larger is stronger, equal
    ties. ``wild_ranks`` is a 13-bit mask over rank_index; jokers (52) are always wild.
    Five to seven cards: the best five. One to four cards: the showing hand (D5).

    Unlike the library, a card may appear more than once: such a hand is valued as the
    cards stand, which is what a wild card standing for a held card gives (D4), e.g.
    ``As As Ks Qs Js`` is the flush A-A-K-Q-J. Card ids above 52, cards outside the
    ranking's deck, counts outside 1..7, unknown rankings and bad masks raise ValueError.

    Example:
        >>> reference_key(parse_cards("Xx 7h"), "high")[0]
        'one pair'
        >>> reference_key(parse_cards("Ac Ad Ah As Xx"), "high")[0]
        'five of a kind'
        >>> reference_key(parse_cards("As 2d 3h 4s 5c"), "razz")[0]
        'high card'
        >>> reference_key(parse_cards("As As Ks Qs Js"), "high")
        ('flush', (5, (14, 14, 13, 12, 11)))
    """
    hand = _validate(cards, ranking, wild_ranks)

    def is_wild(c: int) -> bool:
        return c == JOKER or bool(wild_ranks >> (c // 4) & 1)

    if len(hand) < 5:
        naturals = tuple(sorted(c for c in hand if not is_wild(c)))
        return _best_showing_key(naturals, len(hand) - len(naturals), ranking)

    best: tuple[str, Key] | None = None
    for subset in combinations(hand, 5):
        naturals = tuple(sorted(c for c in subset if not is_wild(c)))
        best = _better(best, _best_subset_key(naturals, 5 - len(naturals), ranking))
    assert best is not None
    return best


def reference_category(cards: Sequence[int], ranking: str, wild_ranks: int = 0) -> str:
    """Return only the category name of :func:`reference_key`.

    Example:
        >>> reference_category(parse_cards("Ah Kh Qh 9h 7h Ac 2d"), "short32")
        Traceback (most recent call last):
        ...
        ValueError: card 2d is not in the 32-card deck
        >>> reference_category(parse_cards("Ah Kh Qh 9h 7h Ac Ad"), "short32")
        'flush'
    """
    return reference_key(cards, ranking, wild_ranks)[0]
