"""The hand's side of betting (docs/rules.md B1-B9, F2-F5, S4, S5, I2), a mixin of
:class:`~stud_fast.table.StudHand`: the operations pending before a round, starting a
:class:`~stud_fast.betting_round.BettingRound` per street, checking an action against the
round's rule table and applying what the round decides (the chips moved by the hand's one
chip operation, :meth:`Seats.put <stud_fast.seats.Seats.put>`), who acts next and the end of a
round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from stud_fast.bet_sizes import TO_TOTAL as _TO_TOTAL
from stud_fast.bet_sizes import whole_chips
from stud_fast.betting_round import BettingRound, _one
from stud_fast.cards import parse_cards
from stud_fast.errors import RuleError
from stud_fast.records import Record, make_record, new_record
from stud_fast.showdown import bring_in_seat
from stud_fast.state import HandState

__all__ = ["Betting", "BettingRound"]

_PLAYER_ACTIONS = ("fold", "check", "call", "bet", "raise", "bring_in", "complete")
_BETTING_ACTIONS = frozenset(_PLAYER_ACTIONS)  # what act() hands straight to _act()
#: every operation a player can be asked for: the betting actions and the pending ones
_ALL_ACTIONS = _PLAYER_ACTIONS + ("turn_up", "buy_pot", "take_all_in", "play_on")


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
            self._seats.treat_all_in(s)
        record = make_record(kind, s, street=self.street)
        self.records.append(record)
        self._pending_done()
        return record

    def _pending_done(self) -> None:
        """The first pending operation is done: the next one, or the betting round."""
        self._pending.pop(0)
        resume = self._mistakes.resume
        if self._seats.live == 1:
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

    @property
    def _round_bet(self) -> list[int]:
        """Per seat, the chips put in during the current betting round."""
        return self._round.bet

    def _start_round(self) -> None:
        plan = self._plan
        rnd = self._round = BettingRound(self.seats, plan.small_bet)
        if self._seats.able < 2:  # a fresh round owes nothing: nobody to bet against, deal on (B6)
            self.actor = None
            return
        if self.street == 0 and plan.uses_bring_in:
            folded, stacks, rights = self.folded, self.stacks, self._seats.all_in
            self.actor = rnd.bring_in_due = bring_in_seat(
                self.config.game, plan, self._pot_bought, self.cards, self._dealing,
                lambda s: folded[s] or stacks[s] == 0 or s in rights)
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
        rnd = self._round
        before = rnd.level
        seats = self._seats
        if amount:  # the chips move
            seats.put(s, amount)
        record = rnd.perform(self, s, kind, amount)
        if record is None:  # a fold
            if self._plan.dead_seat_keeps_cards and before == rnd.bet[s]:
                seats.dead.append(s)  # B9: folded when it could check
            record = self._fold(s)
        elif kind != "check" and kind != "call" and kind != "bring_in":
            seats.dead.clear()  # B9: dead seats are dealt to until the next bet
        self.records.append(record)
        self._advance(s)
        return record

    def _fold(self, s: int) -> Record:
        self._seats.fold(s)
        return new_record("fold", s, 0, 0, (), (), self.street)

    def _advance(self, last: int) -> None:
        seats = self._seats
        if seats.live == 1:
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
        folded, stacks, rights = self.folded, self.stacks, seats.all_in
        round_bet, acted, level = rnd.bet, rnd.acted, rnd.level
        others = seats.able > 1
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
