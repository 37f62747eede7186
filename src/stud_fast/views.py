"""What one seat may know (RULES.md E3), as a frozen object of card ids: :class:`SeatView`.

Bots and servers hand a seat its view, never the hand itself: another player's down cards,
the stub and the burned cards are not in it (cards shown at showdown are), so a bot cannot
look at what it may not see.

>>> from stud_fast.table import StudHand
>>> from stud_fast.variants import GameConfig
>>> hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50], seed=1)
>>> view = hand.seat_view(0)
>>> [c is None for c, up in view.cards[1]]   # the other seat's two down cards are hidden
[True, True, False]
>>> all(c is not None for c, up in view.cards[0])
True
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, Optional

from stud_fast.variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from stud_fast.table import StudHand

__all__ = ["SeatView", "seat_view"]

Card = tuple[Optional[int], bool]  # (card id, or None when hidden from this seat; face up)


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the hand (E3), every card an id (:mod:`stud_fast.cards`).

    ``cards[s]`` lists seat ``s``'s cards in the order dealt as ``(id, face_up)``, the id
    ``None`` where this seat may not see it; ``wild`` holds the ids among the visible cards
    that are wild now (D4, S5); ``legal_actions`` is the actor's (empty unless this seat is
    to act), with ``round_bet`` what this seat put in during the round (a bet or raise is
    *to* a total). ``game`` is the variant with its facts (rankings, deck, wild ranks).
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

    @property
    def own_cards(self) -> tuple[tuple[int, bool], ...]:
        """This seat's cards ``(id, face_up)``, in the order dealt."""
        return tuple((c, up) for c, up in self.cards[self.seat] if c is not None)


_NO_ACTIONS: Mapping[str, tuple[int, int]] = MappingProxyType({})


def seat_view(hand: "StudHand", seat: int) -> SeatView:
    """The :class:`SeatView` of ``seat`` (see :meth:`StudHand.seat_view`)."""
    if type(seat) is not int or not 0 <= seat < hand.seats:
        raise ValueError(f"seat {seat!r} is not at this table")
    shown = {r.seat for r in hand.records if r.kind == "show"} if hand.is_over else ()
    cards = tuple(
        tuple(held) if s == seat or s in shown else
        tuple((c if up else None, up) for c, up in held)
        for s, held in enumerate(hand.cards))
    game = hand.config.game
    wild: frozenset[int] = frozenset()
    if game.has_wild_cards:
        is_wild = hand._is_wild
        wild = frozenset(c for held in cards for c, up in held
                         if c is not None and is_wild(c, up))
    to_act = hand.actor == seat and not hand.is_over
    return SeatView(
        seat=seat, game=game, street=hand.street, actor=hand.actor, is_over=hand.is_over,
        stacks=tuple(hand.stacks), contributed=tuple(hand.contributed),
        folded=tuple(hand.folded), cards=cards, community=tuple(hand.community), wild=wild,
        legal_actions=MappingProxyType(hand.legal_actions()) if to_act else _NO_ACTIONS,
        round_bet=hand._round_bet[seat], pot_bought=hand._threes_wild)
