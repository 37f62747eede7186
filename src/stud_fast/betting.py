"""The betting round (RULES.md B1-B9, F2-F5): :class:`BettingRound` owns a round's state and
says what the actor may do with the least and most chips of each action and, from the same
rule table, why anything else is refused (rule ID and reason), and performs an action (the
short all-in reopening rule included), with bet sizes from :mod:`stud_fast.bet_sizes`; the
:class:`Betting` mixin is the hand's side: pending operations, starting a round per street, who
acts next and the end of a round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from stud_fast.cards import parse_cards
from stud_fast.bet_sizes import TO_TOTAL as _TO_TOTAL
from stud_fast.bet_sizes import fixed_bet, open_sizes, whole_chips
from stud_fast.errors import RuleError
from stud_fast.records import Record, new_record
from stud_fast.plan import Plan
from stud_fast.state import HandState

__all__ = ["Betting", "BettingRound"]

_PLAYER_ACTIONS = ("fold", "check", "call", "bet", "raise", "bring_in", "complete")
_BETTING_ACTIONS = frozenset(_PLAYER_ACTIONS)  # what act() hands straight to _act()
#: every operation a player can be asked for: the betting actions and the pending ones
_ALL_ACTIONS = _PLAYER_ACTIONS + ("turn_up", "buy_pot", "take_all_in", "play_on")


_new_object = object.__new__  # looked up once (Cython calls it as a plain function)


def _one(amount: int) -> tuple[int, int]:
    return (amount, amount)


class BettingRound:
    """One betting round (B1-B9, F2-F5): what each seat put in during it, who acted, the level
    and the least raise, the bets and raises made, the bring-in due, the opening duty and the
    I1 cap. The hand makes one per street (:meth:`Betting._start_round`); the legal actions,
    the refusal reasons (one rule table, :meth:`legal`) and the effect of an action
    (:meth:`perform`) are its methods, given the hand for the seats' stacks and cards.

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

    def legal(self, hand: HandState, s: int, refused: Optional[dict[str, tuple[str, str]]]
              ) -> dict[str, tuple[int, int]]:
        """Seat ``s``'s legal betting actions, each with its least and most amount: for a
        bet, raise or completion the total the seat's round bet becomes, for the others the
        chips it puts in (see :meth:`StudHand.legal_actions`); with a ``refused`` dict, also why each other betting action is refused (rule ID,
        message). ``s`` is the actor, with no operation pending (S4, S5, I2)."""
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
        others = hand._able - 1  # the actor itself is never folded nor all in
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
                plan.unlimited_heads_up and hand._live == 2):  # (option) not heads up
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

    def perform(self, hand: HandState, s: int, kind: str, amount: int) -> Record:
        """Seat ``s`` does ``kind`` (legal, checked by the hand), putting in ``amount`` chips:
        the stacks and this round change; returns the action's record."""
        before = self.level
        round_bet = self.bet
        if amount:  # what _put does, inlined on this hot path
            stacks = hand.stacks
            if stacks[s] == amount:
                hand._able -= 1  # all in now
            stacks[s] -= amount
            hand.contributed[s] += amount
            round_bet[s] += amount
        new_total = round_bet[s]
        street = hand.street
        if kind == "check" or kind == "call":
            record = new_record(Record, (kind, s, amount, 0, (), (), street))
            if kind == "check":  # F4 must_open: an allowed check ends the duty to open
                self.opened = True
        elif kind == "fold":
            if hand._plan.dead_seat_keeps_cards and before == new_total:
                hand._dead_seats.append(s)  # B9: folded when it could check
            record = hand._fold(s)
        elif kind == "bring_in":
            self.bring_in_due = None
            if new_total > before:
                self.level = new_total
            record = new_record(Record, ("bring_in", s, amount, new_total, (), (), street))
        else:  # bet, raise, complete: the level rises
            plan = hand._plan
            fixed = plan.fixed
            size = fixed_bet(hand, plan) if fixed else self.increment
            hand._dead_seats.clear()  # B9: dead seats are dealt to until the next bet
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
            record = new_record(Record, (kind, s, amount, new_total, (), (), street))
        self.acted[s] = True
        return record


class Betting(HandState):
    """The hand's side of betting for :class:`~stud_fast.table.StudHand` (a mixin): the
    operations pending before a round (S4, S5, I2), starting a :class:`BettingRound` per street,
    checking and performing actions through it, and who acts next."""

    if not TYPE_CHECKING:  # slots for speed; the type checker sees the facade's attributes
        __slots__ = ()

    def _all_in_choice(self, take: bool) -> Record:
        kind = "take_all_in" if take else "play_on"
        self._verify(kind)
        s = self.actor
        assert s is not None
        self._cached = None
        if take:
            self._all_in_rights.add(s)
            self._able -= 1
        record = Record(kind, s, street=self.street)
        self.records.append(record)
        self._pending_done()
        return record

    def _pending_done(self) -> None:
        """The first pending operation is done: the next one, or the betting round."""
        self._pending.pop(0)
        resume = self._mistakes.resume
        if self._live == 1:
            self._pending.clear()
            self.actor = None
            self._round_over()
        elif self._pending:
            self.actor = self._pending[0][1]
        elif resume is not None:  # I2 reported mid-round: the round goes on
            self._mistakes.resume = None
            if self.folded[resume] or self.is_all_in(resume):
                self._advance(resume)
            else:
                self.actor = resume
        else:
            self._start_round()
            if self.actor is None:
                self._round_over()

    def _turn_up_card(self, card: int | str) -> int:
        """Index of ``card`` among the actor's down cards, or RuleError."""
        if "turn_up" not in self._options():
            self._verify("turn_up")  # raises the refusal
        s = self.actor
        assert s is not None
        try:
            c = parse_cards([card] if isinstance(card, int) else card)
        except (TypeError, ValueError):  # CardError included
            c = ()
        for i, (held, up) in enumerate(self.cards[s]):
            if len(c) == 1 and held == c[0] and not up:
                return i
        raise RuleError("S4", f"seat {s}: has no such down card to turn up: {card!r}")

    def _put(self, seat: int, amount: int) -> None:
        """Chips from the seat's stack into the pot, outside the betting round (S5)."""
        if amount and self.stacks[seat] == amount:
            self._able -= 1  # all in now
        self.stacks[seat] -= amount
        self.contributed[seat] += amount

    @property
    def _round_bet(self) -> list[int]:
        """Per seat, the chips put in during the current betting round."""
        return self._round.bet

    def _start_round(self) -> None:
        plan = self._plan
        rnd = self._round = BettingRound(self.seats, plan.small_bet)
        if self._able < 2:  # a fresh round owes nothing: nobody to bet against, deal on (B6)
            self.actor = None
            return
        if self.street == 0 and plan.uses_bring_in:
            self.actor = rnd.bring_in_due = self._bring_in_seat()
        elif self.street == 0:
            self.actor = self._first_actor(by_high_card=True)
            rnd.opened = self.config.first_round != "must_open"
        else:
            self.actor = self._first_actor(by_high_card=False)
            reopener = self._mistakes.reopener
            if reopener is not None and not self.is_all_in(reopener) \
                    and not self.folded[reopener]:
                self.actor = reopener  # I2: the opener of the previous round
        self._mistakes.reopener = None
        rnd.opener = self.actor

    def _can(self, kind: str) -> bool:
        cached = self._cached
        return kind in (cached if cached is not None else self._options())

    def _verify(self, kind: str, to: Optional[int] = None) -> int:
        """Chips the actor would put in by ``kind`` (a bet, raise or completion to ``to``
        chips for the round, the least allowed by default), or RuleError (nothing changes)."""
        legal = self._options()
        if kind not in legal:
            rule, message = self._refusals().get(
                kind, ("B1", f"unknown action {kind!r}: use one of {', '.join(_ALL_ACTIONS)}"))
            raise RuleError(rule, f"seat {self.actor}: {message}"
                            if self.actor is not None else message)
        least, most = legal[kind]
        if kind not in _TO_TOTAL:
            if to is not None:
                raise RuleError("B1", f"seat {self.actor}: {kind} takes no amount")
            return least
        assert self.actor is not None
        if to is None:
            to = least
        elif type(to) is not int:
            to = whole_chips(to, f"seat {self.actor}: {kind} to")
        if not least <= to <= most:
            raise RuleError("B2", f"seat {self.actor}: {kind} to {to} is outside "
                                  f"{least}..{most} ({self.config.betting} limit)")
        return to - self._round.bet[self.actor]

    def _options(self) -> dict[str, tuple[int, int]]:
        """The actor's legal actions with the least and most amount of each (a bet, raise or
        completion by the total it bets to, see :meth:`StudHand.legal_actions`). Computed once
        per decision point: every change of the state sets ``_cached`` back to None."""
        cached = self._cached
        if cached is None:
            cached = self._cached = self._analyse(None)
        return cached

    def _refusals(self) -> dict[str, tuple[str, str]]:
        """Why the actions :meth:`_options` leaves out are refused: (rule ID, message). Only
        wanted when an action is refused, so worked out then (the same analysis)."""
        refused: dict[str, tuple[str, str]] = {}
        self._analyse(refused)
        return refused

    def _analyse(self, refused: Optional[dict[str, tuple[str, str]]]
                 ) -> dict[str, tuple[int, int]]:
        """The actor's legal actions (see :meth:`_options`); with a ``refused`` dict, also
        fills it with why each other action is refused (rule ID, message): nobody to act
        (E2), an operation pending (I2, S4, S5), else the betting round's
        (:meth:`BettingRound.legal`)."""
        s = self.actor
        if self.is_over or s is None:
            if refused is not None:
                idle = ("the hand is over; nobody is to act" if self.is_over else
                        f"no player is to act: the dealer must "
                        f"{self.dealer_due.replace('_', ' ')}" if self.dealer_due else
                        "no player is to act")
                for kind in _ALL_ACTIONS:
                    refused[kind] = ("E2", idle)
            return {}
        pending = self._pending
        if pending and pending[0][0] == "all_in_choice":
            if refused is not None:
                for kind in _PLAYER_ACTIONS + ("buy_pot", "turn_up"):
                    refused[kind] = ("I2", "its seventh-street card was exposed: take the "
                                           "rights of an all-in player (take_all_in) or play on")
            return {"take_all_in": (0, 0), "play_on": (0, 0)}
        if refused is not None:
            for kind in ("take_all_in", "play_on"):
                refused[kind] = ("I2", "only a player whose seventh-street card was exposed "
                                       "chooses to take the rights of an all-in player")
        if pending and pending[0][0] == "turn_up":  # S4: turn a card up first
            if refused is not None:
                for kind in _PLAYER_ACTIONS + ("buy_pot",):
                    refused[kind] = ("S4", "it must turn one of its down cards up first")
            return {"turn_up": (0, 0)}
        if refused is not None:
            refused["turn_up"] = ("S4", "cards are turned up only in Mexican stud, after a deal")
        if pending:  # S5: an up three: buy the pot or fold, nothing else
            if refused is not None:
                for kind in _PLAYER_ACTIONS:
                    if kind != "fold":
                        refused[kind] = ("S5", "it was dealt a three face up: buy the pot or "
                                               "fold")
            return {"buy_pot": _one(min(self.pot_total, self.stacks[s])), "fold": (0, 0)}
        if refused is not None:
            refused["buy_pot"] = ("S5", "only a player dealt a three face up buys the pot")
        return self._round.legal(self, s, refused)

    def _act(self, kind: str, to: Optional[int] = None) -> Record:
        limits = self._options().get(kind)
        s = self.actor
        if limits is None or to is not None or s is None:
            amount = self._verify(kind, to)  # E2: checked before anything changes
            assert s is not None
        elif kind in _TO_TOTAL:  # the common cases of _verify: legal, the least amount
            amount = limits[0] - self._round.bet[s]
        else:
            amount = limits[0]
        self._cached = None
        if self._pending:  # S5: the only player action before a buy is folding
            record = self._fold(s)
            self.records.append(record)
            self._pending_done()
            return record
        record = self._round.perform(self, s, kind, amount)
        self.records.append(record)
        self._advance(s)
        return record

    def _fold(self, s: int) -> Record:
        self.folded[s] = True
        self._live -= 1
        self._able -= 1
        return new_record(Record, ("fold", s, 0, 0, (), (), self.street))

    def _advance(self, last: int) -> None:
        if self._live == 1:
            self.actor = None
            self._round_over()
            return
        rnd = self._round
        if not rnd.opened:  # F4 must_open: the next highest card must open in turn
            self.actor = self._first_actor(by_high_card=True)
            if self.actor is not None:
                return
            rnd.opened = True  # nobody left who can open: the round is over
        n = self.seats
        folded, stacks, rights = self.folded, self.stacks, self._all_in_rights
        round_bet, acted, level = rnd.bet, rnd.acted, rnd.level
        others = self._able > 1
        s = last
        for _ in range(n):
            s = s + 1 if s + 1 < n else 0
            if folded[s] or stacks[s] == 0 or s in rights:
                continue
            # B5: still to act if it owes chips or has not acted; but a lone player who is
            # not all in has nobody left to bet against (B6)
            if round_bet[s] < level or (not acted[s] and others):
                self.actor = s
                return
        self.actor = None
        self._round_over()

    def _round_over(self) -> None:
        """The betting (or the forced operations) of a street are done: deal on, or wait for
        the dealer to collect the bets."""
        if self.automatic:
            self._next_street()
        else:
            self.dealer_due = "collect_bets"
