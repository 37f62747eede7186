"""The deck of one hand (S3, E4): the shuffle and :class:`Deck`, which owns the order the cards
come off the stub, how many did, the burned cards and the cards given to each seat in a replay.
No other module moves its cursor: dealing and the dealer's errors call its methods.

>>> deck = Deck(tuple(shuffled(list(range(8)), seed=1)), None)
>>> first = deck.draw(); deck.burn()
>>> deck.left(), len(deck.burned), first in deck.order
(6, 1, True)
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from typing import Optional

__all__ = ["Deck", "shuffled"]


def shuffled(cards: list[int], seed: Optional[int]) -> list[int]:
    """A uniformly shuffled copy (E4): from the seed, or from the OS's secure random source.

    One 384-bit draw (a BLAKE2b hash of the seed, or os.urandom) feeds a Fisher-Yates shuffle
    as mixed-radix digits: 52! < 2^226, so the bias is below 2^-158.
    """
    source = (hashlib.blake2b(str(seed).encode(), digest_size=48).digest() if seed is not None
              else secrets.token_bytes(48))
    bits = int.from_bytes(source, "big")
    out = cards[:]
    # i = n-1 .. 1: bits, j = divmod(bits, i + 1); swap i and j. The digits are taken a group
    # of radices at a time (same digits: each group's product divides what is left), so that
    # most divisions are of small ints.
    for product, positions in _radix_groups(len(out)):
        bits, chunk = divmod(bits, product)
        for i in positions:
            radix = i + 1
            j = chunk % radix
            chunk //= radix
            out[i], out[j] = out[j], out[i]
    return out


@functools.lru_cache(maxsize=None)
def _radix_groups(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The positions i = size-1 .. 1 of a Fisher-Yates shuffle of ``size`` cards, in runs whose
    radices i + 1 multiply to less than 2^30 (one small int holds a run's digits), each with
    that product.

    >>> _radix_groups(5)
    ((120, (4, 3, 2, 1)),)
    """
    groups: list[tuple[int, tuple[int, ...]]] = []
    positions: list[int] = []
    product = 1
    for i in range(size - 1, 0, -1):
        if product * (i + 1) >= 1 << 30:
            groups.append((product, tuple(positions)))
            positions, product = [], 1
        positions.append(i)
        product *= i + 1
    if positions:
        groups.append((product, tuple(positions)))
    return tuple(groups)


class Deck:
    """The cards of one hand (E4): the order they come off the stub, how many did, the burned
    cards, and in a replay the cards each seat is given (``given``; ``queued`` holds those not
    dealt yet). ``burn_made``: a premature card's burn (I1) was the next street's.

    >>> deck = Deck((4, 9, 13), None)
    >>> deck.draw(), deck.left()
    (4, 2)
    """

    __slots__ = ("order", "next", "burned", "given", "queued", "burn_made")

    def __init__(self, order: tuple[int, ...], given: Optional[list[list[int]]]) -> None:
        self.order = order
        self.next = 0  # the cards dealt or burned so far
        self.burned: list[int] = []
        self.given = given
        self.queued = None if given is None else [list(q) for q in given]
        self.burn_made = False

    def __eq__(self, other: object) -> bool:
        """Decks in the same state are equal (a copy of a deck equals it)."""
        if type(other) is not Deck:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> "Deck":
        """An independent copy: the same order (a tuple, shared) and cursor, its own burned
        and queued lists.

        >>> deck = Deck((4, 9, 13), None)
        >>> twin = deck.copy(); twin.burn()
        >>> deck.left(), twin.left()
        (3, 2)
        """
        new: Deck = object.__new__(Deck)
        new.order = self.order
        new.next = self.next
        new.burned = self.burned[:]
        given, queued = self.given, self.queued
        new.given = None if given is None else [g[:] for g in given]
        new.queued = None if queued is None else [q[:] for q in queued]
        new.burn_made = self.burn_made
        return new

    def draw(self) -> int:
        """The next card off the stub."""
        card = self.order[self.next]
        self.next += 1
        return card

    def left(self) -> int:
        """The cards left in the stub."""
        return len(self.order) - self.next

    def burn(self) -> None:
        """Burn the next card of the stub."""
        self.burned.append(self.draw())

    def put_next(self, cards: tuple[int, ...]) -> None:
        """Reorder the stub so that ``cards`` come off it next, in that order (the rest keep
        their order): ValueError unless they are distinct cards of the stub and this deck
        deals from its order (not a replay's given cards).

        >>> deck = Deck((4, 9, 13, 20), None); deck.draw()
        4
        >>> deck.put_next((20, 13)); deck.order
        (4, 20, 13, 9)
        """
        if self.queued is not None:
            raise ValueError("the hand deals given hole cards: its deck order is not used")
        stub = self.order[self.next:]
        if len(set(cards)) != len(cards) or not set(cards) <= set(stub):
            raise ValueError(f"not distinct cards of the stub: {list(cards)}")
        chosen = set(cards)
        self.order = self.order[:self.next] + cards + tuple(c for c in stub if c not in chosen)
