"""What one seat may know (docs/rules.md E3) as a frozen object of card ids: :class:`SeatView`,
and the seats' card faces the hand keeps between views (:data:`Faces`). Made by
:meth:`stud_fast.table.StudHand.seat_view`.

>>> _card_faces([[(4, False)], [(13, True)]])[1]
(((None, False),), ((13, True),))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from stud_fast.bet_sizes import chips_to_put_in
from stud_fast.records import Record
from stud_fast.variants import Variant

__all__ = ["Card", "Faces", "SeatView"]

Card = tuple[Optional[int], bool]  # (card id, or None when hidden from this seat; face up)


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the hand (E3), every card an id (:mod:`stud_fast.cards`).

    ``cards[s]`` lists seat ``s``'s cards in the order dealt as ``(id, face_up)``, the id
    ``None`` where this seat may not see it; ``wild`` holds the ids among the visible cards
    that are wild now (D4, S5); ``legal_actions`` is the actor's (empty unless this seat is
    to act) as :meth:`StudHand.legal_actions <stud_fast.table.StudHand.legal_actions>` gives
    them (a bet, raise or completion by the total the seat's round bet becomes), with
    ``round_bet`` what this seat put in during the round and :attr:`legal_chips` the same
    actions by the chips still to put in. ``game`` is the variant with its facts (rankings,
    deck, wild ranks). ``dealer`` is the dealer's seat and ``history`` the players' actions
    so far, in order, as records (:class:`~stud_fast.records.Record`: bring-ins,
    completions, bets, raises, calls, checks, folds, turn-ups, buys of the pot): public, the
    same in every seat's view; with ``cards`` they are everything the seat has seen happen
    (what :mod:`stud_fast.openspiel`'s policy bots rebuild an information state from).
    """

    seat: int
    game: Variant
    street: int
    actor: Optional[int]
    is_over: bool
    stacks: tuple[int, ...]
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    cards: tuple[tuple[Card, ...], ...]
    community: tuple[int, ...]
    wild: frozenset[int]
    legal_actions: Mapping[str, tuple[int, int]]
    round_bet: int
    pot_bought: bool
    dealer: int = 0
    history: tuple[Record, ...] = ()

    @property
    def legal_chips(self) -> dict[str, tuple[int, int]]:
        """``legal_actions`` with every amount the chips this seat still puts in."""
        return chips_to_put_in(self.legal_actions, self.round_bet)

    @property
    def own_cards(self) -> tuple[tuple[int, bool], ...]:
        """This seat's cards ``(id, face_up)``, in the order dealt."""
        return tuple((c, up) for c, up in self.cards[self.seat] if c is not None)


_HIDDEN: Card = (None, False)  # another seat's down card


Faces = tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]


def _card_faces(cards: list[list[tuple[int, bool]]]) -> Faces:
    """Per seat, its cards as the seat itself sees them, and as every other seat does (its
    down cards hidden): the parts every view is made of, kept by the hand until a card is
    dealt or turned (``_faces``), so that the views of one street share them.

    >>> _card_faces([[(4, False), (9, True)], [(13, True)]])
    ((((4, False), (9, True)), ((13, True),)), (((None, False), (9, True)), ((13, True),)))
    """
    # list comprehensions (compiled to plain loops by Cython, unlike generators); an up card's
    # (id, True) pair is shared as it stands (tuples are immutable), a down card becomes the
    # one hidden pair
    return (tuple([tuple(held) for held in cards]),
            tuple([tuple([pair if pair[1] else _HIDDEN for pair in held]) for held in cards]))
