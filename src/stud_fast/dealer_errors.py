"""Dealer errors (docs/rules.md I1, I2): a premature card exposed during a betting round, and a
seventh-street card dealt face up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from stud_fast.cards import card_str, parse_cards
from stud_fast.errors import RuleError
from stud_fast.mistakes import Mistakes
from stud_fast.records import Record, make_record, new_record
from stud_fast.state import HandState

__all__ = ["DealerErrors", "Mistakes"]


class DealerErrors(HandState):
    """The dealer-error operations of :class:`~stud_fast.table.StudHand` (a mixin)."""

    if not TYPE_CHECKING:  # slots for speed; the type checker sees the facade's attributes
        __slots__ = ()

    def verify_expose_premature_card(self, card: Optional[int | str] = None) -> None:
        """Raise RuleError (I1) unless the dealer can have exposed the next street's first
        card now: a betting round is under way, a street is still to come, no card was exposed
        in this round yet, and the stub keeps enough cards for the streets to come. ``card``
        (required when the hand replays given hole cards) names the exposed card."""
        self._premature(card)

    def can_expose_premature_card(self, card: Optional[int | str] = None) -> bool:
        """True when the dealer may expose a premature card now (I1; never raises)."""
        try:
            self._premature(card)
        except RuleError:
            return False
        return True

    def expose_premature_card(self, card: Optional[int | str] = None) -> Record:
        """I1, a dealer error: during a betting round the dealer exposed the card the next
        street gives its first player (after the burn, which is made at once).
        ``premature_card="bury"`` (seed 000): it is buried; when dealing resumes every other
        player gets the card it would have had, and that deal ends at the player whose card
        was exposed, who gets the next one. ``"keep_capped"`` (seed 001): it stays on the deck
        and is dealt face up to that player, and no bet in this round may exceed the largest
        one already made. ``card`` is needed only when replaying given hole cards."""
        burn_now, exposed, seat = self._premature(card)
        self._cached = None
        street = self.street
        dk = self._shoe
        if burn_now:
            dk.burn()
            self.records.append(new_record("burn", None, 0, 0, (), (), street))
        dk.burn_made = True  # the next street's burn is made (or was not due)
        if self.config.premature_card == "bury":
            if dk.queued is None:
                dk.burn()
            self._mistakes.buried_for = seat
        else:
            self._mistakes.kept = exposed
            self._round.capped = True
        record = make_record("premature_card", None, cards=(exposed,), up=(True,), street=street)
        self.records.append(record)
        return record

    def _premature(self, card: Optional[int | str]) -> tuple[bool, int, int]:
        """I1: (burn now, the exposed card, the seat it was for), or RuleError."""
        if self.is_over or self.actor is None or self._pending:
            raise RuleError("I1", "a premature card is only possible during a betting round")
        plan = self._plan
        if self.street + 1 >= plan.streets:
            raise RuleError("I1", "no street is left to deal: no card can be premature")
        dk = self._shoe
        if dk.burn_made:
            raise RuleError("I1", "a card was already exposed in this betting round")
        players = self._seats_dealt()
        count = len(players)
        queued = dk.queued
        wanted: Optional[int] = None
        if card is not None:
            try:
                found = parse_cards([card] if isinstance(card, int) else card)
            except (TypeError, ValueError):
                found = ()
            if len(found) != 1:
                raise RuleError("I1", f"not one card: {card!r}")
            wanted = found[0]
        left = dk.left()
        if queued is not None:  # a replay: the card comes from the file
            if wanted is None:
                raise RuleError("I1", "name the exposed card when replaying given hole cards")
            # kept: the next card of whoever gets it (or never dealt: the hand ended first);
            # buried: a card nobody is dealt
            kept = self.config.premature_card == "keep_capped" and any(
                queued[s][:1] == [wanted] for s in players)
            if not kept and (wanted not in dk.order[dk.next:]
                             or any(wanted in q for q in queued)):
                raise RuleError("I1", f"{card_str(wanted)} is not a card left in the stub")
            return False, wanted, players[0]
        ups = plan.ups[self.street + 1]
        burn_now = self.burn and left > len(ups) * count
        buried = self.config.premature_card == "bury"
        # the streets before the last must still reach every player, and the last one at
        # least as one shared card (S3)
        middle = sum(len(plan.ups[k]) for k in range(self.street + 1, plan.streets - 1))
        if left - burn_now - buried < count * middle + 1:
            raise RuleError("I1", "the stub has no card to spare for a premature card")
        exposed = dk.order[dk.next + burn_now]
        if wanted is not None and wanted != exposed:
            raise RuleError("I1", f"the next card of the deck is {card_str(exposed)}, "
                                  f"not {card_str(wanted)}")
        return burn_now, exposed, players[0]

    def verify_report_exposed_card(self, seat: int) -> None:
        """Raise RuleError (I2) unless ``seat`` was dealt its seventh-street card face down in
        this, the last, betting round of a seven-card game and can still be reported."""
        self._reported(seat)

    def can_report_exposed_card(self, seat: int) -> bool:
        """True when ``seat``'s seventh-street card can be reported as exposed (never raises)."""
        try:
            self._reported(seat)
        except RuleError:
            return False
        return True

    def report_exposed_card(self, seat: int) -> Record:
        """I2, a dealer error reported during seventh-street betting: ``seat``'s seventh-street
        card was dealt face up. Before any significant action (no chips yet put in this
        round) the seat chooses first (``take_all_in()`` or ``play_on()``); after it, the seat
        is treated as all in at once (it acts no more and plays for the pots it has matched).
        """
        index = self._reported(seat)
        record = self._face_up(seat, index, "exposed_card")
        if any(self._round.bet) or self.stacks[seat] == 0:  # significant action: all in now
            if self.stacks[seat] > 0:
                self._seats.treat_all_in(seat)
            if self.actor == seat:
                self._advance(seat)
        else:  # before it: the seat chooses, then the round goes on where it was
            self._mistakes.resume = self.actor
            self._pending.insert(0, ("all_in_choice", seat))
            self.actor = seat
        return record

    def _reported(self, seat: int) -> int:
        """I2: the index of ``seat``'s face-down seventh-street card, or RuleError."""
        plan = self._plan
        if (self.is_over or self.actor is None or self._pending
                or self.street != plan.exposable):
            raise RuleError("I2", "an exposed card is reported during seventh-street betting")
        if type(seat) is not int or not 0 <= seat < self.seats or self.folded[seat]:
            raise RuleError("I2", f"seat {seat!r} is not in the hand")
        held = self.cards[seat]
        if len(held) != 7 or held[-1][1] or seat in self._seats.all_in:
            raise RuleError("I2", f"seat {seat}: has no face-down seventh-street card to report")
        return len(held) - 1

    def _exposed_seats(self, exposed: Sequence[int]) -> list[int]:
        """I2: ``exposed`` as a list of distinct seats dealt a seventh-street card, or
        RuleError."""
        try:
            seats = list(exposed)
        except TypeError:
            raise RuleError("I2", f"exposed must list seats, got {exposed!r}") from None
        if not seats:
            return seats
        if self.street + 1 != self._plan.exposable:
            raise RuleError("I2", "only a seventh-street card can be exposed this way")
        dealt = self._seats_dealt()
        dk = self._shoe
        queued = dk.queued
        if (dk.left() < len(dealt) if queued is None
                else any(not queued[s] for s in dealt)):
            raise RuleError("I2", "seventh street is one shared card (S3): no player's card "
                                  "can be exposed")
        if self._mistakes.kept is not None and dealt and dealt[0] in seats:
            raise RuleError("I2", f"seat {dealt[0]}: its seventh-street card is the premature "
                                  f"card, face up already (I1)")
        for seat in seats:
            if type(seat) is not int or seat not in dealt:
                raise RuleError("I2", f"seat {seat!r} is not dealt a seventh-street card")
        if len(set(seats)) != len(seats):
            raise RuleError("I2", f"a seat is listed twice in exposed: {seats}")
        return seats
