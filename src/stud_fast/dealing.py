"""Dealing (S1-S5, E4): the shuffle, burns, streets, the shared card of S3, hole cards given for a
replay, and the operations of a live dealer (``automatic=False``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from stud_fast.deck import Deck, shuffled
from stud_fast.errors import RuleError
from stud_fast.records import FACE, make_record, new_record
from stud_fast.state import HandState

__all__ = ["Deck", "Dealing", "shuffled"]


class Dealing(HandState):
    """The dealing operations of :class:`~stud_fast.table.StudHand` (a mixin: the hand owns the
    state)."""

    if not TYPE_CHECKING:  # slots for speed; the type checker sees the facade's attributes
        __slots__ = ()

    def _order_from(self, first: int) -> list[int]:
        """All seats clockwise starting at ``first``."""
        return [(first + i) % self.seats for i in range(self.seats)]

    def _dealing_order(self) -> list[int]:
        """Seats clockwise from the dealer's left (S2), the tie-break of F4 and F5."""
        return self._dealing

    def _post_antes(self) -> None:
        ante = self._plan.ante
        if not ante:
            return
        stacks, put, append = self.stacks, self._seats.put, self.records.append
        for s in self._dealing:  # F1: everyone antes
            stack = stacks[s]
            amount = ante if ante < stack else stack
            put(s, amount)
            append(new_record("ante", s, amount, 0, (), (), 0))

    @property
    def _queued(self) -> Optional[list[list[int]]]:
        """In a replay, the given cards each seat has not been dealt yet (else None)."""
        return self._shoe.queued

    def _deal_street(self, exposed: Sequence[int] = ()) -> list[tuple[int, int]]:
        """Deal one street; returns the (seat, card) pairs dealt face up, in dealing order.
        ``exposed``: seats whose (seventh-street) card is dealt face up by mistake (I2)."""
        ups = self._plan.ups[self.street]
        self._faces = None  # the seats' cards change: seat_view makes their faces afresh
        mistakes = self._mistakes
        dealt_up: list[tuple[int, int]] = []
        folded = self.folded
        players = self._seats_dealt()
        count = len(players)
        if exposed:
            exposed = [s for s in exposed if s in players]
        if exposed and players[0] in exposed:
            # I2: the first card of the round was exposed: all of them go face up, and the
            # opener of the previous round opens
            exposed = players
            mistakes.reopener = self._round.opener
        elif exposed:
            # I2: each such player has the rights of an all-in player: before any betting of
            # the round it chooses whether to be treated as all in (all_in_choice below)
            mistakes.choosers = [s for s in players  # in dealing order
                              if s in exposed and not self.folded[s] and self.stacks[s] > 0]
        else:
            mistakes.choosers = []
        dk = self._shoe
        deck, queued, street_no = dk.order, dk.queued, self.street
        cards, append = self.cards, self.records.append
        size = len(deck)
        left = size - dk.next
        if queued is not None:  # the players' cards are fixed: burn from what is left
            burn = left > 0
        else:
            burn = left > len(ups) * count
        if dk.burn_made:  # I1: burned when the premature card was exposed
            burn = dk.burn_made = False
        if mistakes.buried_for is not None:  # I1 bury: that deal ends at the seat whose card
            x, mistakes.buried_for = mistakes.buried_for, None  # was exposed
            if x in players:
                players = [s for s in players if s != x] + [x]
        if self.burn and burn:
            dk.burn()
            append(new_record("burn", None, 0, 0, (), (), street_no))
        for up in ups:
            short = (size - dk.next < count if queued is None
                     else any(not queued[s] for s in players))
            if short:
                # S3: the stub cannot give every player a card: one card in the centre, from
                # the stub, or from the burned cards when the stub is empty (std practice)
                if dk.next < size:
                    card = dk.draw()
                else:
                    card = dk.burned.pop(0)
                self.community.append(card)
                append(new_record("community", None, 0, 0, (card,), (True,), street_no))
                continue
            if queued is None:
                start = dk.next
                dk.next = start + count
                dealt: Sequence[int] = deck[start:start + count]
            else:
                dealt = [queued[s].pop(0) for s in players]
            premature = mistakes.kept  # I1 keep_capped: the exposed card stays exposed
            if premature is None and not exposed:  # the usual deal: every card alike
                face = FACE[up]
                for s, card in zip(players, dealt):
                    cards[s].append((card, up))
                    append(new_record("deal", s, 0, 0, (card,), face, street_no))
                if up:
                    dealt_up += [(s, card) for s, card in zip(players, dealt) if not folded[s]]
                continue
            for s, card in zip(players, dealt):
                face_up = up or s in exposed
                if card == premature:
                    face_up = True
                    premature = mistakes.kept = None
                cards[s].append((card, face_up))
                append(new_record("deal", s, 0, 0, (card,), (face_up,), street_no))
                if face_up and not folded[s]:
                    dealt_up.append((s, card))
        extra_card = self._plan.extra_card
        if extra_card:
            for s, card in dealt_up:  # S5 option: an up four earns an extra down card
                if not extra_card >> (card >> 2) & 1:
                    continue
                if queued is not None:
                    extra = queued[s].pop(0) if queued[s] else None
                else:
                    extra = dk.draw() if dk.next < size else None
                if extra is not None:
                    self.cards[s].append((extra, False))
                    self.records.append(
                        make_record("deal", s, 0, 0, (extra,), (False,), self.street))
        return dealt_up

    def _next_street(self) -> None:
        """Deal streets (with or without betting) until someone must act or the hand ends."""
        while True:
            if self._seats.live == 1 or self.street + 1 >= self._plan.streets:
                self._finish()
                return
            self._check_hole_cards()
            if self._deal_next():
                return

    def _seats_dealt(self) -> list[int]:
        """The seats the next cards go to, in dealing order: those still in the hand, and dead
        seats that keep being dealt to (B9)."""
        folded, dead = self.folded, self._seats.dead
        return [s for s in self._dealing if not folded[s] or s in dead]

    def _check_hole_cards(self) -> None:
        """Given hole cards (a replay) must hold the next street's cards for every seat dealt
        to, or for none of them (S3: the stub ran short); raised before anything is dealt."""
        queued = self._shoe.queued
        if queued is None or self.street + 1 >= self._plan.streets:
            return
        players = self._seats_dealt()
        last = self.street + 2 == self._plan.streets
        for i in range(len(self._plan.ups[self.street + 1])):
            have = [len(queued[s]) > i for s in players]
            if any(have) and not all(have):
                seat = players[have.index(False)]
                raise ValueError(f"hole_cards: seat {seat} has no card left for street "
                                 f"{self.street + 2} of {self._plan.streets} while other "
                                 f"seats do")
            if not any(have) and (not last or i > 0):
                raise ValueError(f"hole_cards: no card for street {self.street + 2} of "
                                 f"{self._plan.streets}: a shared card (S3) replaces only the "
                                 f"last street's card")

    def _deal_next(self, exposed: Sequence[int] = ()) -> bool:
        """Deal the next street and open what follows it; True when a player must act. The
        callers check the hole cards first (_check_hole_cards), before they change anything."""
        self.street += 1
        game = self.config.game
        dealt_up = self._deal_street(exposed)
        mistakes = self._mistakes
        if mistakes.choosers:  # I2: exposed seventh-street cards: all in or play on
            self._pending = [("all_in_choice", s) for s in mistakes.choosers]
            mistakes.choosers = []
        elif game.turn_up:  # S4: everyone dealt a card turns one up before the betting;
            # one card stays down, so a seat that got no card (S3: the street was a shared
            # card) has nothing to turn
            cards, folded = self.cards, self.folded
            self._pending = [("turn_up", s) for s in self._dealing if not folded[s]
                             and sum(1 for _, up in cards[s] if not up) >= 2]
        elif self._plan.buy_wild:  # S5: an up three must buy the pot or fold, at once
            buy = self._plan.buy_wild
            self._pending = [("buy_pot", s) for s, c in dealt_up if buy >> (c >> 2) & 1]
        if self._pending:
            self.actor = self._pending[0][1]
            return True
        if (not self.config.community_card_betting and self.community
                and self.street == len(game.streets) - 1):
            self._round.last_aggressor = None  # nobody bets: the best board shows first (S6)
            return False  # S3, seed 003: no betting when everyone shares the last card
        self._start_round()
        return self.actor is not None

    def _dealer(self, operation: str) -> None:
        self._cached = None
        if self.dealer_due != operation:
            due = self.dealer_due or ("a player's action" if self.actor is not None else
                                      "nothing: the hand is over")
            raise RuleError("E2", f"the dealer cannot {operation.replace('_', ' ')} now; "
                                  f"due: {due}")

    def verify_post_antes(self) -> None:
        """Raise RuleError (E2) unless the dealer is due to collect the antes."""
        self._dealer("post_antes")

    def can_post_antes(self) -> bool:
        """True when the dealer is due to collect the antes (``automatic=False``)."""
        return self.dealer_due == "post_antes"

    def verify_deal(self, exposed: Sequence[int] = ()) -> None:
        """Raise RuleError unless the dealer is due to deal (E2) and ``exposed`` lists seats
        still dealt to on seventh street (I2)."""
        self._dealer("deal")
        self._exposed_seats(exposed)

    def can_deal(self, exposed: Sequence[int] = ()) -> bool:
        """True when the dealer is due to deal the next street (with these exposed cards)."""
        try:
            self.verify_deal(exposed)
        except RuleError:
            return False
        return True

    def verify_collect_bets(self) -> None:
        """Raise RuleError (E2) unless the dealer is due to collect the street's bets."""
        self._dealer("collect_bets")

    def can_collect_bets(self) -> bool:
        """True when the dealer is due to collect the street's bets."""
        return self.dealer_due == "collect_bets"

    def verify_award(self) -> None:
        """Raise RuleError (E2) unless the dealer is due to award the pots."""
        self._dealer("award")

    def can_award(self) -> bool:
        """True when the dealer is due to award the pots."""
        return self.dealer_due == "award"

    def post_antes(self) -> None:
        """Collect the antes (F1)."""
        self._dealer("post_antes")
        self._post_antes()
        self.dealer_due = "deal"

    def deal(self, exposed: Sequence[int] = ()) -> None:
        """Deal the next street. ``exposed`` lists seats whose seventh-street card the dealer
        turned face up by mistake (I2): when the first card of the round was exposed, every
        seventh-street card is dealt face up and the opener of sixth street opens; otherwise
        each such seat first chooses (``take_all_in()`` or ``play_on()``) whether to have the
        rights of an all-in player for the rest of the hand."""
        self._dealer("deal")
        exposed = self._exposed_seats(exposed)
        self._check_hole_cards()
        self.dealer_due = None
        if not self._deal_next(exposed):
            self.dealer_due = "collect_bets"

    def collect_bets(self) -> None:
        """Gather the street's bets into the pot(s); then the next street or the award."""
        self._dealer("collect_bets")
        self.records.append(make_record("collect", None, street=self.street))
        last = self.street + 1 >= len(self.config.game.streets)
        self.dealer_due = "award" if self._seats.live == 1 or last else "deal"

    def award(self) -> None:
        """Showdown and award of the pots (S6, S7)."""
        self._dealer("award")
        self.dealer_due = None
        self._finish()
