"""The deck of one hand (S3, E4, I1): the shuffle and :class:`Deck`, which owns the order the
cards come off the stub, how many did, the burned cards and the cards given to each seat in a
replay; it deals a street (burn, cards, the shared card when the stub runs short) and looks
ahead for a premature card. No other module moves its cursor: the hand calls its methods and
gives the cards they deal to the seats.

>>> deck = Deck(tuple(shuffled(list(range(8)), seed=1)), None)
>>> first = deck.draw(); deck.burn()
>>> deck.left(), len(deck.burned), first in deck.order
(6, 1, True)
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Optional, Sequence

from stud_fast import _core
from stud_fast.cards import card_str, parse_cards
from stud_fast.errors import RuleError

__all__ = ["Deck", "Row", "deck_order", "shuffled"]

#: one row of a street's deal (:meth:`Deck.deal_street`): the seats dealt to (``None``: the one
#: shared card of S3, face up), their cards, the face of each (``None`` when every card of the
#: row is dealt as the street deals it, the usual case) and the street's face for the row
Row = tuple[Optional[Sequence[int]], Sequence[int], Optional[Sequence[bool]], bool]


def shuffled(cards: list[int], seed: Optional[int]) -> list[int]:
    """A uniformly shuffled copy (E4): from the seed, or from the OS's secure random source.

    One 384-bit draw (a BLAKE2b hash of the seed, or os.urandom) feeds a Fisher-Yates shuffle
    as mixed-radix digits (52! < 2^226, so the bias is below 2^-158), run by the C core:
    ``stud_fast/shuffle.h`` states the algorithm, so a program in any language that links the
    core deals the same cards from the same seed.

    >>> shuffled(list(range(8)), seed=1) == shuffled(list(range(8)), seed=1)
    True
    """
    source = (hashlib.blake2b(str(seed).encode(), digest_size=48).digest() if seed is not None
              else secrets.token_bytes(48))
    return _core.shuffle(cards, source)


def deck_order(cards: Sequence[int], seats: int, seed: Optional[int],
               deck: Optional[Sequence[int] | str],
               hole_cards: Optional[Sequence[Sequence[int] | str]]
               ) -> tuple[tuple[int, ...], Optional[list[list[int]]]]:
    """The order of a hand's deck of ``cards`` and, in a replay, the cards given to each of
    the ``seats`` (ValueError when they are not distinct cards of the deck): ``deck`` fixes
    the order's prefix (the rest follow in id order), else ``seed`` shuffles (E4); given
    ``hole_cards`` are left out of the order.

    >>> deck_order(range(6), 2, None, [5, 1], None)
    ((5, 1, 0, 2, 3, 4), None)
    """
    full = list(cards)
    given: Optional[list[list[int]]] = None
    if hole_cards is not None:
        if len(hole_cards) != seats:
            raise ValueError("hole_cards needs one card list per seat")
        queued = [list(parse_cards(c)) for c in hole_cards]
        flat = [c for q in queued for c in q]
        if len(set(flat)) != len(flat) or not set(flat) <= set(full):
            raise ValueError("hole_cards must be distinct cards of the variant's deck")
        given = queued
        full = [c for c in full if c not in set(flat)]
    if deck is not None:
        order = list(parse_cards(deck))
        if len(set(order)) != len(order) or not set(order) <= set(full):
            raise ValueError("the deck order must list distinct cards of the variant's deck")
        rest = [c for c in full if c not in set(order)]
        order += rest  # an explicit prefix; the rest in id order
    else:
        order = shuffled(full, seed)
    return tuple(order), given


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

    def short_for(self, players: Sequence[int]) -> bool:
        """S3: the stub (or, in a replay, a seat's given cards) cannot give each of
        ``players`` a card: the street is one shared card."""
        queued = self.queued
        if queued is None:
            return len(self.order) - self.next < len(players)
        return any(not queued[s] for s in players)

    def deal_street(self, ups: Sequence[bool], players: Sequence[int], burn: bool,
                    exposed: Sequence[int], premature: Optional[int]
                    ) -> tuple[bool, list[Row], bool]:
        """Deal one street to ``players`` (in dealing order), a card per entry of ``ups``
        (face up or down): (whether a card was burned first, the rows dealt in order, whether
        the ``premature`` card (I1 keep_capped) was dealt). ``burn``: the hand burns before
        each street when the stub allows; ``exposed``: seats whose card is dealt face up by
        mistake (I2). The premature card goes face up to whoever gets it."""
        order, queued = self.order, self.queued
        count = len(players)
        size = len(order)
        left = size - self.next
        if queued is not None:  # the players' cards are fixed: burn from what is left
            due = left > 0
        else:
            due = left > len(ups) * count
        if self.burn_made:  # I1: burned when the premature card was exposed
            due = self.burn_made = False
        burned = burn and due
        if burned:
            self.burn()
        rows: list[Row] = []
        dealt_premature = False
        for up in ups:
            short = (size - self.next < count if queued is None
                     else any(not queued[s] for s in players))
            if short:
                # S3: the stub cannot give every player a card: one card in the centre, from
                # the stub, or from the burned cards when the stub is empty (std practice)
                if self.next < size:
                    card = self.draw()
                else:
                    card = self.burned.pop(0)
                rows.append((None, (card,), None, True))
                continue
            if queued is None:
                start = self.next
                self.next = start + count
                dealt: Sequence[int] = order[start:start + count]
            else:
                dealt = [queued[s].pop(0) for s in players]
            if premature is None and not exposed:  # the usual deal: every card alike
                rows.append((players, dealt, None, up))
                continue
            faces = []
            for s, card in zip(players, dealt):
                face_up = up or s in exposed
                if card == premature:  # I1 keep_capped: the exposed card stays exposed
                    face_up = True
                    premature = None
                    dealt_premature = True
                faces.append(face_up)
            rows.append((players, dealt, faces, up))
        return burned, rows, dealt_premature

    def extra(self, seat: int) -> Optional[int]:
        """S5 option: the extra down card earned by an up four, for ``seat`` (None when none
        is left)."""
        queued = self.queued
        if queued is not None:
            return queued[seat].pop(0) if queued[seat] else None
        return self.draw() if self.next < len(self.order) else None

    def check_given(self, players: Sequence[int], cards_due: int, street: int, streets: int
                    ) -> None:
        """In a replay, the given cards must hold the next street's ``cards_due`` cards for
        every one of ``players``, or for none of them (S3: the stub ran short, only on the last
        street and for its first card); ValueError before anything is dealt. ``street``: the
        number of the street to deal (1-based), of ``streets``."""
        queued = self.queued
        if queued is None:
            return
        last = street == streets
        for i in range(cards_due):
            have = [len(queued[s]) > i for s in players]
            if any(have) and not all(have):
                seat = players[have.index(False)]
                raise ValueError(f"hole_cards: seat {seat} has no card left for street "
                                 f"{street} of {streets} while other seats do")
            if not any(have) and (not last or i > 0):
                raise ValueError(f"hole_cards: no card for street {street} of {streets}: a "
                                 f"shared card (S3) replaces only the last street's card")

    def premature(self, card: Optional[int | str], players: Sequence[int], next_ups: int,
                  middle: int, burn: bool, buried: bool, kept: bool) -> tuple[bool, int]:
        """I1's look-ahead: (whether the next street's burn is made now, the card the next
        street gives its first player), or RuleError. ``card``: the card named (required in
        a replay); ``players``: the seats the next street is dealt to, of ``next_ups`` cards
        each; ``middle``: the cards each still gets on the streets before the last; ``burn``:
        the hand burns; ``buried``/``kept``: the premature_card option."""
        if self.burn_made:
            raise RuleError("I1", "a card was already exposed in this betting round")
        queued = self.queued
        count = len(players)
        wanted: Optional[int] = None
        if card is not None:
            try:
                found = parse_cards([card] if isinstance(card, int) else card)
            except (TypeError, ValueError):
                found = ()
            if len(found) != 1:
                raise RuleError("I1", f"not one card: {card!r}")
            wanted = found[0]
        if queued is not None:  # a replay: the card comes from the file
            if wanted is None:
                raise RuleError("I1", "name the exposed card when replaying given hole cards")
            # kept: the next card of whoever gets it (or never dealt: the hand ended first);
            # buried: a card nobody is dealt
            dealt_to = kept and any(queued[s][:1] == [wanted] for s in players)
            if not dealt_to and (wanted not in self.order[self.next:]
                                 or any(wanted in q for q in queued)):
                raise RuleError("I1", f"{card_str(wanted)} is not a card left in the stub")
            return False, wanted
        left = self.left()
        burn_now = burn and left > next_ups * count
        # the streets before the last must still reach every player, and the last one at
        # least as one shared card (S3)
        if left - burn_now - buried < count * middle + 1:
            raise RuleError("I1", "the stub has no card to spare for a premature card")
        exposed = self.order[self.next + burn_now]
        if wanted is not None and wanted != exposed:
            raise RuleError("I1", f"the next card of the deck is {card_str(exposed)}, "
                                  f"not {card_str(wanted)}")
        return burn_now, exposed

    def expose_premature(self, burn_now: bool, buried: bool) -> None:
        """I1: the premature card was exposed: the next street's burn is made now (or was not
        due), and a buried card leaves the stub (in a replay it is a card nobody is given)."""
        if burn_now:
            self.burn()
        self.burn_made = True
        if buried and self.queued is None:
            self.burn()
