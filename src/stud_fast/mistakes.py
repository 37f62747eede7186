"""What the dealer's errors (docs/rules.md I1, I2) leave for later: :class:`Mistakes`, owned by
the hand and changed only through its methods, which the hand's dealing and dealer-error
operations call."""

from __future__ import annotations

from typing import Optional, Protocol, Sequence

from stud_fast.deck import Deck
from stud_fast.errors import RuleError
from stud_fast.pending import Pending
from stud_fast.plan import Plan
from stud_fast.seats import Seats
from stud_fast.variants import GameConfig

__all__ = ["DealerFacts", "Mistakes"]


class DealerFacts(Protocol):
    """What the checks of the dealer's errors read of a hand (never write):
    :class:`~stud_fast.table.StudHand` is one."""

    config: GameConfig
    seats: int
    street: int
    burn: bool
    is_over: bool
    actor: Optional[int]
    cards: list[list[tuple[int, bool]]]
    folded: list[bool]
    _plan: Plan
    _shoe: Deck
    _seats: Seats
    _pending: Pending
    _dealing: list[int]


class Mistakes:
    """What the dealer's errors leave for later (I1, I2): the premature card kept to be dealt
    face up (``kept``) or the seat whose card was buried (``buried_for``); the seats choosing
    whether to be treated as all in after the deal (``choosers``), the seat to act once a
    reported player chose (``resume``) and the previous round's opener who opens again
    (``reopener``).

    >>> Mistakes().kept is None
    True
    """

    __slots__ = ("kept", "buried_for", "choosers", "resume", "reopener")

    def __init__(self) -> None:
        self.kept: Optional[int] = None  # I1 keep_capped: the exposed card, dealt face up
        self.buried_for: Optional[int] = None  # I1 bury: the seat whose card was buried
        self.choosers: list[int] = []  # I2: seats choosing whether to be treated as all in
        self.resume: Optional[int] = None  # I2 reported mid-round: who acts after the choice
        self.reopener: Optional[int] = None  # I2: the previous round's opener opens

    def __eq__(self, other: object) -> bool:
        """Equal in the same state (a copy equals its original)."""
        if type(other) is not Mistakes:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> "Mistakes":
        """An independent copy (its list of choosers copied).

        >>> m = Mistakes(); m.choosers.append(2)
        >>> twin = m.copy(); twin.choosers.clear()
        >>> m.choosers
        [2]
        """
        new: Mistakes = object.__new__(Mistakes)
        new.kept = self.kept
        new.buried_for = self.buried_for
        new.choosers = self.choosers[:]
        new.resume = self.resume
        new.reopener = self.reopener
        return new

    def exposed_on_deal(self, players: list[int], exposed: Sequence[int], folded: list[bool],
                        stacks: list[int], opener: Optional[int]) -> Sequence[int]:
        """I2, the seventh-street deal to ``players`` (in dealing order) with the cards of
        ``exposed`` dealt face up by mistake: the seats whose card goes face up. When the first
        card of the round is exposed every card is, and the opener of the previous round
        (``opener``) opens again; otherwise each exposed seat still in the hand with chips
        chooses (:attr:`choosers`, in dealing order) whether to be treated as all in.

        >>> m = Mistakes()
        >>> m.exposed_on_deal([1, 2, 0], [2], [False] * 3, [5, 5, 5], 1), m.choosers
        ([2], [2])
        """
        if exposed:
            exposed = [s for s in exposed if s in players]
        if exposed and players[0] in exposed:
            # I2: the first card of the round was exposed: all of them go face up, and the
            # opener of the previous round opens
            exposed = players
            self.reopener = opener
        elif exposed:
            # I2: each such player has the rights of an all-in player: before any betting of
            # the round it chooses whether to be treated as all in
            self.choosers = [s for s in players  # in dealing order
                             if s in exposed and not folded[s] and stacks[s] > 0]
        else:
            self.choosers = []
        return exposed

    def deal_order(self, players: list[int]) -> list[int]:
        """I1 bury: the deal after a buried card ends at the seat whose card was exposed
        (``buried_for``, then forgotten); otherwise ``players`` as they are.

        >>> m = Mistakes(); m.buried_for = 1
        >>> m.deal_order([1, 2, 0]), m.buried_for
        ([2, 0, 1], None)
        """
        x = self.buried_for
        if x is None:
            return players
        self.buried_for = None
        if x in players:
            players = [s for s in players if s != x] + [x]
        return players

    def take_choosers(self) -> list[int]:
        """I2: the seats that choose after this deal (then forgotten)."""
        choosers, self.choosers = self.choosers, []
        return choosers

    def take_reopener(self) -> Optional[int]:
        """I2: the previous round's opener that opens this one (then forgotten)."""
        reopener, self.reopener = self.reopener, None
        return reopener

    def take_resume(self) -> Optional[int]:
        """I2: the seat to act once a seat reported mid-round chose (then forgotten)."""
        resume, self.resume = self.resume, None
        return resume

    def premature_exposed(self, card: int, seat: int, buried: bool) -> None:
        """I1: ``card``, the next street's card for ``seat``, was exposed: buried (the deal
        then ends at ``seat``), or kept to be dealt to it face up."""
        if buried:
            self.buried_for = seat
        else:
            self.kept = card

    def premature_dealt(self) -> None:
        """I1 keep_capped: the kept card was dealt (face up)."""
        self.kept = None

    def report(self, resume: Optional[int]) -> None:
        """I2 reported before any significant action: once the reported seat chose, the
        round goes on at ``resume``."""
        self.resume = resume

    def premature_allowed(self, hand: DealerFacts, card: Optional[int | str]
                          ) -> tuple[bool, int, int]:
        """I1: whether the dealer can have exposed the next street's first card now, as
        (the next street's burn is made now, the exposed card, the seat it was for), or
        RuleError: a betting round is under way, a street is still to come, no card was
        exposed in this round yet, and the stub keeps enough cards (:meth:`Deck.premature
        <stud_fast.deck.Deck.premature>`)."""
        if hand.is_over or hand.actor is None or hand._pending.queue:
            raise RuleError("I1", "a premature card is only possible during a betting round")
        plan, street = hand._plan, hand.street
        if street + 1 >= plan.streets:
            raise RuleError("I1", "no street is left to deal: no card can be premature")
        players = hand._seats.dealt_to(hand._dealing)
        option = hand.config.premature_card
        middle = sum(len(plan.ups[k]) for k in range(street + 1, plan.streets - 1))
        burn_now, exposed = hand._shoe.premature(
            card, players, len(plan.ups[street + 1]), middle, hand.burn,
            option == "bury", option == "keep_capped")
        return burn_now, exposed, players[0]

    def reported_card(self, hand: DealerFacts, seat: int) -> int:
        """I2: the index of ``seat``'s face-down seventh-street card, which can be reported
        as exposed during this, the last, betting round of a seven-card game; or RuleError."""
        if (hand.is_over or hand.actor is None or hand._pending.queue
                or hand.street != hand._plan.exposable):
            raise RuleError("I2", "an exposed card is reported during seventh-street betting")
        if type(seat) is not int or not 0 <= seat < hand.seats or hand.folded[seat]:
            raise RuleError("I2", f"seat {seat!r} is not in the hand")
        held = hand.cards[seat]
        if len(held) != 7 or held[-1][1] or seat in hand._seats.all_in:
            raise RuleError("I2", f"seat {seat}: has no face-down seventh-street card to report")
        return len(held) - 1

    def exposed_seats(self, hand: DealerFacts, exposed: Sequence[int]) -> list[int]:
        """I2: ``exposed`` (the seats whose seventh-street card the dealer is to deal face
        up) as a list of distinct seats dealt a seventh-street card, or RuleError."""
        try:
            seats = list(exposed)
        except TypeError:
            raise RuleError("I2", f"exposed must list seats, got {exposed!r}") from None
        if not seats:
            return seats
        if hand.street + 1 != hand._plan.exposable:
            raise RuleError("I2", "only a seventh-street card can be exposed this way")
        dealt = hand._seats.dealt_to(hand._dealing)
        if hand._shoe.short_for(dealt):
            raise RuleError("I2", "seventh street is one shared card (S3): no player's card "
                                  "can be exposed")
        if self.kept is not None and dealt and dealt[0] in seats:
            raise RuleError("I2", f"seat {dealt[0]}: its seventh-street card is the premature "
                                  f"card, face up already (I1)")
        for seat in seats:
            if type(seat) is not int or seat not in dealt:
                raise RuleError("I2", f"seat {seat!r} is not dealt a seventh-street card")
        if len(set(seats)) != len(seats):
            raise RuleError("I2", f"a seat is listed twice in exposed: {seats}")
        return seats
