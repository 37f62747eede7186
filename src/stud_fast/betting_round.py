"""The betting round (docs/rules.md B1-B9, F2-F5): :class:`BettingRound` owns one round's state
(what each seat put in during it, who acted, the level, the least raise, the raises made, the
bring-in due, the opening duty, the I1 cap) and decides, from one rule table, what the actor
may do (:meth:`BettingRound.legal`, with the refusal reasons) and what an action does to the
round (:meth:`BettingRound.perform`). It reads the hand (:class:`~stud_fast.bet_sizes.HandFacts`)
and never writes it: the hand moves the chips and folds the seats.

>>> rnd = BettingRound(3, 5)
>>> rnd.bet, rnd.level, rnd.increment
([0, 0, 0], 0, 5)
"""

from __future__ import annotations

from typing import Optional

from stud_fast.bet_sizes import HandFacts, fixed_bet, open_sizes
from stud_fast.records import Record, new_record
from stud_fast.seats import Seats

__all__ = ["BettingRound"]

_new_object = object.__new__  # looked up once (Cython calls it as a plain function)


def _one(amount: int) -> tuple[int, int]:
    return (amount, amount)


class BettingRound:
    """One betting round (B1-B9, F2-F5): what each seat put in during it, who acted, the level
    and the least raise, the bets and raises made, the bring-in due, the opening duty and the
    I1 cap. The hand makes one per street (:meth:`StudHand._start_round`); the legal actions,
    the refusal reasons (one rule table, :meth:`legal`) and the effect of an action
    (:meth:`perform`) and who acts next (:meth:`next_to_act`) are its methods, given the hand
    for the seats' stacks and cards.

    >>> rnd = BettingRound(3, 5)
    >>> rnd.bet, rnd.level, rnd.increment
    ([0, 0, 0], 0, 5)
    """

    __slots__ = ("bet", "acted", "may_raise", "level", "increment", "bets", "bring_in_due",
                 "completed", "last_aggressor", "opened", "capped", "opener")

    def __init__(self, seats: int, least_bet: int) -> None:
        #: per seat, the chips it put in during this round
        self.bet = [0] * seats
        #: per seat, whether it acted since the last full bet or raise (B5)
        self.acted = [False] * seats
        #: per seat, whether it may still raise (B7: a short all-in does not reopen)
        self.may_raise = [True] * seats
        self.level = 0  # the largest total a seat put in during the round
        self.increment = least_bet  # pot and no limit: the least raise (B2, B7)
        self.bets = 0  # the bet (or completion) and the raises so far (B3)
        self.bring_in_due: Optional[int] = None  # F2: the seat that must bring in first
        self.completed = False  # F2: the bring-in was completed
        self.last_aggressor: Optional[int] = None  # S6: the last bettor or raiser
        self.opened = True  # F4 must_open: False while the high card must still open
        self.capped = False  # I1 keep_capped: no bet above the largest in this round
        self.opener: Optional[int] = None  # who opened the round (I2: may open the next)

    def __eq__(self, other: object) -> bool:
        """Rounds in the same state are equal (a copy of a round equals it)."""
        if type(other) is not BettingRound:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> "BettingRound":
        """An independent copy (its per-seat lists copied; the rest are ints and bools).

        >>> rnd = BettingRound(2, 4)
        >>> twin = rnd.copy(); twin.bet[0] = 3
        >>> rnd.bet, twin == rnd
        ([0, 0], False)
        """
        new: BettingRound = _new_object(BettingRound)
        new.bet = self.bet[:]
        new.acted = self.acted[:]
        new.may_raise = self.may_raise[:]
        new.level = self.level
        new.increment = self.increment
        new.bets = self.bets
        new.bring_in_due = self.bring_in_due
        new.completed = self.completed
        new.last_aggressor = self.last_aggressor
        new.opened = self.opened
        new.capped = self.capped
        new.opener = self.opener
        return new

    def start(self, opener: Optional[int], *, bring_in: bool = False,
              must_open: bool = False) -> None:
        """The round opens at ``opener`` (who acts first): with the bring-in due from it
        (F2), or with the duty to open when ``must_open`` (F4)."""
        self.opener = opener
        if bring_in:
            self.bring_in_due = opener
        self.opened = not must_open

    def open(self) -> None:
        """F4 must_open: nobody is left who must open: the duty ends."""
        self.opened = True

    def no_bettor(self) -> None:
        """S3: the last street is one shared card and nobody bets on it: the best board, not
        a bettor of this round, shows first (S6)."""
        self.last_aggressor = None

    def cap(self) -> None:
        """I1 keep_capped: no bet in this round may exceed the largest already made."""
        self.capped = True

    def next_to_act(self, last: int, seats: Seats) -> Optional[int]:
        """The first seat after ``last`` (clockwise) still to act in this round, or None: the
        round is over. Folded and all-in seats act no more (B6)."""
        n = len(self.bet)
        folded, stacks, rights = seats.folded, seats.stacks, seats.all_in
        round_bet, acted, level = self.bet, self.acted, self.level
        others = seats.able > 1
        s = last
        for _ in range(n):
            s = s + 1 if s + 1 < n else 0
            if folded[s] or stacks[s] == 0 or s in rights:
                continue
            # B5: still to act if it owes chips or has not acted; but a lone player who is
            # not all in has nobody left to bet against (B6)
            if round_bet[s] < level or (not acted[s] and others):
                return s
        return None

    def legal(self, hand: HandFacts, s: int, refused: Optional[dict[str, tuple[str, str]]]
              ) -> dict[str, tuple[int, int]]:
        """Seat ``s``'s legal betting actions, each with its least and most amount: for a
        bet, raise or completion the total the seat's round bet becomes, for the others the
        chips it puts in (see :meth:`StudHand.legal_actions`); with a ``refused`` dict, also why
        each other betting action is refused (rule ID, message). ``s`` is the actor, with no
        operation pending (S4, S5, I2)."""
        legal: dict[str, tuple[int, int]] = {}
        plan = hand._plan
        stack = hand.stacks[s]
        if self.bring_in_due is not None:  # F2: the forced opening comes first
            legal["bring_in"] = _one(min(plan.bring_in, stack))
            legal["complete"] = _one(min(plan.small_bet, stack))
            if refused is not None:
                for kind in ("fold", "check", "call", "bet", "raise"):
                    refused[kind] = ("F2", "it must bring in or complete first")
            return legal
        if refused is not None:
            refused["bring_in"] = ("F2", "only the lowest up card brings in, at the start of "
                                         "the round")
        legal["fold"] = (0, 0)
        level = self.level
        have = self.bet[s]
        owe = level - have
        others = hand._seats.able - 1  # the actor itself is never folded nor all in
        if owe > 0:
            if refused is not None:
                refused["check"] = ("B1", "it cannot check: there is a bet to call")
            legal["call"] = (owe, owe) if owe < stack else (stack, stack)
        else:
            if refused is not None:
                refused["call"] = ("B1", "nothing to call: check or bet")
            if self.opened or others == 0:  # nobody could answer an opening bet anyway
                legal["check"] = (0, 0)
            elif refused is not None:
                refused["check"] = ("F4", "the high card must open or fold (option must_open)")
        first_round_bring_in = hand.street == 0 and plan.uses_bring_in
        if self.capped:  # I1 keep_capped: nothing above the largest bet already made
            if refused is not None:
                why = ("I1", "a premature card capped this round at the largest bet already "
                             "made")
                refused["complete"] = refused["bet"] = refused["raise"] = why
            return legal
        if others == 0:  # B6: every opponent is all in; nobody could answer a bet or raise
            if refused is not None:
                why = ("B6", "every other player is all in: call or fold")
                refused["complete"] = refused["bet"] = refused["raise"] = why
            return legal
        completed = self.completed
        if not first_round_bring_in or completed:
            if refused is not None:
                refused["complete"] = ("F2", "completing is only for a bring-in not yet "
                                             "completed")
        elif stack <= owe:
            if refused is not None:
                refused["complete"] = ("B7", "not enough chips to complete: call all in "
                                             "instead")
        else:  # to the small bet, or all in for less
            legal["complete"] = _one(min(plan.small_bet, have + stack))
        if level > 0:
            if refused is not None:
                refused["bet"] = ("B1", "there is a bet already: call or raise")
        elif first_round_bring_in:
            if refused is not None:
                refused["bet"] = ("F2", "the first round opens with the bring-in")
        elif plan.fixed:  # one size, or all in for less
            size = fixed_bet(hand, plan)
            legal["bet"] = (size, size) if size < stack else (stack, stack)
        else:
            legal["bet"] = open_sizes(hand, plan, stack, plan.small_bet, 0)
        if level == 0 or (first_round_bring_in and not completed):
            if refused is not None:
                refused["raise"] = ("B1", "nothing to raise: bet (or complete the bring-in)")
        elif plan.fixed and self.bets >= plan.cap and not (  # B3 caps fixed limit only,
                plan.unlimited_heads_up and hand._seats.live == 2):  # (option) not heads up
            if refused is not None:
                refused["raise"] = ("B3", "the raise cap of this betting round is reached")
        elif not self.may_raise[s]:
            if refused is not None:
                refused["raise"] = ("B7", "a short all-in did not reopen the betting for this "
                                          "seat")
        elif stack <= owe:
            if refused is not None:
                refused["raise"] = ("B7", "not enough chips to raise: call all in instead")
        elif plan.fixed:  # one size, or all in for less
            to = level + fixed_bet(hand, plan)
            legal["raise"] = (to, to) if to - have < stack else _one(have + stack)
        else:
            least, most = open_sizes(hand, plan, stack, owe + self.increment, owe)
            legal["raise"] = (have + least, have + most)
        return legal

    def perform(self, hand: HandFacts, s: int, kind: str, amount: int) -> Optional[Record]:
        """Seat ``s`` does ``kind`` (legal, checked by the hand), putting in ``amount`` chips:
        this round's state changes (what the seat put in, the level, who may still act and
        raise); the hand itself is read, never written: the hand moves the chips and folds
        the seat. Returns the action's record (None for a fold: the hand records it)."""
        before = self.level
        round_bet = self.bet
        if amount:
            round_bet[s] += amount
        new_total = round_bet[s]
        street = hand.street
        if kind == "check" or kind == "call":
            # kind is a player action StudHand._act verified (typed str: it is never cast on
            # this hot path)
            record = new_record(kind, s, amount, 0, (), (), street)  # type: ignore[arg-type]
            if kind == "check":  # F4 must_open: an allowed check ends the duty to open
                self.opened = True
        elif kind == "fold":
            record = None
        elif kind == "bring_in":
            self.bring_in_due = None
            if new_total > before:
                self.level = new_total
            record = new_record("bring_in", s, amount, new_total, (), (), street)
        else:  # bet, raise, complete: the level rises
            plan = hand._plan
            fixed = plan.fixed
            size = fixed_bet(hand, plan) if fixed else self.increment
            self.bring_in_due = None
            level = self.level = max(before, new_total)
            raised_by = level - before
            if kind == "complete":
                full = plan.small_bet - before
                self.completed = True
            else:
                full = size
            # B7 speaks of raises: an opening bet, even all in for less, is the round's bet
            # and everyone still to act may raise it (as pokerkit and most cardrooms play).
            # Fixed limit: half a bet or more counts as a full raise; pot and no limit: only
            # a full raise does.
            needed = (full + 1) // 2 if fixed else full
            if kind == "bet" or raised_by >= needed:
                if not fixed:
                    self.increment = max(raised_by, plan.small_bet)
                self.bets += 1
                n = len(round_bet)
                self.acted = [False] * n
                self.may_raise = [True] * n
            else:  # a short all-in: those who acted may only call or fold
                acted = self.acted
                self.may_raise = [not a for a in acted]
                self.acted = [a and round_bet[p] >= level for p, a in enumerate(acted)]
            self.last_aggressor = s
            self.opened = True
            record = new_record(kind, s, amount, new_total, (), (),  # type: ignore[arg-type]
                                street)
        self.acted[s] = True
        return record
