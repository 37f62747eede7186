"""The hand's state machine: one stud hand from antes to the award of the pots.

A :class:`StudHand` is created from a :class:`~stud_fast.variants.GameConfig`, the players'
stacks, the dealer's seat and a seed or an explicit deck order. Antes, dealing, burning and the
award happen by themselves; players act through ``fold``, ``check``, ``call``, ``bet``,
``raise_to``, ``bring_in`` and ``complete``. Each has ``verify_x`` (raises
:class:`RuleError` naming the rule broken (docs/rules.md, ``stud-fast rules ID``), the state
untouched), ``can_x`` (True or False) and ``x`` (performs it and returns the frozen
:class:`Record`).

>>> cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = StudHand(cfg, stacks=[100, 100], dealer=0, seed=7)
>>> hand.actor in (0, 1)
True
>>> while not hand.is_over:
...     _ = hand.call() if hand.can_call() else hand.check() if hand.can_check() \\
...         else hand.bring_in()
>>> sum(hand.stacks)
200
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, Optional, Sequence

from stud_fast import saved
from stud_fast.bet_sizes import TO_TOTAL as _TO_TOTAL
from stud_fast.bet_sizes import chips_to_put_in, whole_chips
from stud_fast.betting_round import BettingRound
from stud_fast.cards import CARD_TEXT, parse_cards
from stud_fast.deck import Deck, deck_order
from stud_fast.errors import AmountError, RuleError, StateError, StudFastError
from stud_fast.mistakes import Mistakes
from stud_fast.pending import Pending, down_card_index
from stud_fast.plan import plan_of
from stud_fast.pots import Pot, award
from stud_fast.records import (FACE, INT_ARGUMENT, PLAYER_ACTIONS, Record, RecordKind,
                               make_record, new_record, operations)
from stud_fast.seats import Seats
from stud_fast.seatview import SeatView
from stud_fast.showdown import (best_showing, bring_in_seat, first_to_show, hand_values,
                                is_wild, odd_chip_order)
from stud_fast.showdown import showdown as reveal
from stud_fast.variants import GameConfig
from stud_fast.views import ViewCache

__all__ = ["RuleError", "Record", "StudHand", "whole_chips"]

_PLAYER = frozenset(PLAYER_ACTIONS)  # what act() takes
_BETTING_ACTIONS = frozenset(("fold", "check", "call", "bet", "raise", "bring_in", "complete"))
#: every operation a player can be asked for: the betting actions and the pending ones
_ALL_ACTIONS = ("fold", "check", "call", "bet", "raise", "bring_in", "complete", "turn_up",
                "buy_pot", "take_all_in", "play_on")
_NO_ACTIONS: Mapping[str, tuple[int, int]] = MappingProxyType({})  # seat_view() off turn
_NO_WILD: frozenset[int] = frozenset()
# looked up once: Cython calls these as plain functions, not as attributes of ``object``
_new_object = object.__new__
_set_attribute = object.__setattr__


class StudHand:
    """One hand of stud, from the antes to the award: the coordinator. It holds the public
    API and the street loop (antes, deal a street, open its betting round, apply each action,
    finish); each part of the state has an owner that alone writes it, which the hand calls:
    :class:`~stud_fast.seats.Seats` (stacks, chips put in, folds, all-in rights, cards),
    :class:`~stud_fast.deck.Deck` (the stub, burns, the shared card, the premature card's
    look-ahead), :class:`~stud_fast.betting_round.BettingRound` (one street's betting: it
    decides what an action does and who acts next), :class:`~stud_fast.pending.Pending`
    (turn-up and buy-the-pot, the choice after an exposed card), :class:`~stud_fast.mistakes.
    Mistakes` (what the dealer's errors leave for later) and :class:`~stud_fast.views.ViewCache`
    (what the views keep). The showdown and the pots are pure functions."""

    # every attribute, public and private (no instance dict: attribute access is faster)
    __slots__ = ("config", "seats", "dealer", "burn", "starting_stacks", "deck", "stacks",
                 "records", "cards", "community", "folded", "contributed", "street", "actor",
                 "is_over", "automatic", "dealer_due",
                 "_plan", "_shoe", "_round", "_mistakes", "_dealing", "_pending", "_seats",
                 "_cached", "_views", "_actions")

    def __init__(self, config: GameConfig, *, stacks: Sequence[int], dealer: int = 0,
                 seed: Optional[int] = None, deck: Optional[Sequence[int] | str] = None,
                 hole_cards: Optional[Sequence[Sequence[int] | str]] = None,
                 burn: bool = True, automatic: bool = True) -> None:
        """``deck`` fixes the order cards come off the deck (its prefix; the rest follow in
        id order); ``hole_cards`` instead fixes the cards each seat receives, in the order it
        receives them (replays of recorded hands): burns and shared cards then come from the
        remaining cards, shuffled by ``seed``. With ``automatic=False`` the dealer drives the
        hand (a live-dealer assistant): ``post_antes()``, ``deal()``, ``collect_bets()`` and
        ``award()`` each wait for their call; :attr:`dealer_due` names the one due."""
        n = len(stacks)
        plan = plan_of(config)
        if not 2 <= n <= plan.max_players:
            raise ValueError(f"{config.variant} seats 2 to {plan.max_players} players "
                             f"(S3: its deck, burns and shared card), got {n}")
        for seat, stack in enumerate(stacks):
            if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
                raise AmountError("B2", f"stack of seat {seat} is {stack!r}: stacks are "
                                        f"positive whole numbers of chips (int)")
        if not 0 <= dealer < n:
            raise ValueError(f"dealer seat {dealer} is not one of the {n} seats")
        if seed is not None and deck is not None:
            raise ValueError("give a seed or a deck order, not both")
        order, given = deck_order(plan.deck, n, seed, deck, hole_cards)
        self.config = config
        self._plan = plan
        self.seats = n
        self.dealer = dealer
        # seats clockwise from the dealer's left: the dealing order (S2), the tie-break of F4/F5
        self._dealing = [(dealer + 1 + i) % n for i in range(n)]
        self.burn = burn
        self.starting_stacks = tuple(stacks)
        self.deck: tuple[int, ...] = order
        # the deck's state: how many cards came off, burns, the cards given for a replay
        self._shoe = Deck(self.deck, given)
        # the seats' state and its counts (Seats); its lists shown as the public attributes
        seats = self._seats = Seats(stacks)
        self.stacks = seats.stacks
        self.records: list[Record] = []
        # operations due before the next betting round (S4, S5, I2) and whether the pot was
        # bought (S5: every three is wild then)
        self._pending = Pending()
        self._mistakes = Mistakes()  # what the dealer's errors (I1, I2) leave for later
        # the betting round: its state, made afresh for each street by _start_round
        self._round = BettingRound(n, plan.small_bet)
        # the coordinator's memo of the legal actions at this decision point (_options()):
        # every operation that changes the state sets it back to None
        self._cached: Optional[dict[str, tuple[int, int]]] = None
        self.cards = seats.cards
        self.community: list[int] = []
        self.folded = seats.folded
        self.contributed = seats.contributed
        self.street = -1
        self.actor: Optional[int] = None
        self.is_over = False
        self.automatic = automatic
        #: the dealer operation the hand waits for (automatic=False), or None
        self.dealer_due: Optional[str] = None
        # what view(), seat_view() and pots() keep between calls
        self._views = ViewCache()
        # the players' actions among the records, in order (SeatView.history): added where
        # such a record is appended, so that a view, made at every decision, only reads it
        self._actions: tuple[Record, ...] = ()
        if automatic:
            self._post_antes()
            self._next_street()
        else:
            self.dealer_due = "post_antes"

    def copy(self) -> "StudHand":
        """An independent copy of the hand: the same future cards, records, stacks, betting
        round, pending operations and dealer mistakes (the deck order is fixed when the hand
        is made, so nothing random is left to share). Acting on either never changes the
        other; both, driven by the same actions, stay equal. For search and bots that try
        actions on a scratch hand.

        Cost: one new object per owner and a shallow copy of each per-seat list (about
        20 list copies for a 2-8 seat hand, no replay of the actions): about 4 us for a
        six-seat seven-card stud hand, some 40 times less than
        ``StudHand.from_json(hand.to_json())`` (155 us), which replays every action through
        the rules (``python bench/bench_copy.py`` measures both). The caches of what the
        seats see (``view()``) start afresh in the copy; immutable parts (the config, the
        records, the deck order, the legal-action table) are shared.

        >>> cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5, big_bet=10)
        >>> hand = StudHand(cfg, stacks=[50, 50, 50], dealer=0, seed=1)
        >>> twin = hand.copy()
        >>> _ = twin.bring_in()
        >>> len(twin.records) - len(hand.records), hand.actor, twin.actor
        (1, 2, 0)
        """
        new: StudHand = _new_object(type(self))
        new.config = self.config
        new._plan = self._plan
        new.seats = self.seats
        new.dealer = self.dealer
        new._dealing = self._dealing[:]
        new.burn = self.burn
        new.starting_stacks = self.starting_stacks
        new.deck = self.deck
        new._shoe = self._shoe.copy()
        seats = new._seats = self._seats.copy()
        new.stacks = seats.stacks
        new.records = self.records[:]  # Record is immutable
        new._pending = self._pending.copy()
        new._mistakes = self._mistakes.copy()
        new._round = self._round.copy()
        cached = self._cached  # the legal actions: a small dict, copied so nothing is shared
        new._cached = None if cached is None else dict(cached)
        new.cards = seats.cards
        new.community = self.community[:]
        new.folded = seats.folded
        new.contributed = seats.contributed
        new.street = self.street
        new.actor = self.actor
        new.is_over = self.is_over
        new.automatic = self.automatic
        new.dealer_due = self.dealer_due
        new._views = self._views.copy()
        new._actions = self._actions  # an immutable tuple of records both hands share
        return new

    # ---- public state -----------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> "StudHand":
        """``copy.deepcopy(hand)`` is :meth:`copy` (what OpenSpiel's ``clone()`` calls)."""
        return self.copy()

    def __repr__(self) -> str:
        """The variant, the seats, where the hand is and who is due.

        >>> cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5)
        >>> StudHand(cfg, stacks=[50, 50, 50], dealer=0, seed=1)
        <StudHand razz, 3 seats, third street, pot 3, seat 2 to act: bring_in, complete>
        """
        game = self.config.game
        where = (game.streets[self.street].name + " street" if self.street >= 0
                 else "before the deal")
        if self.is_over:
            due = "over"
        elif self.dealer_due is not None:
            due = f"the dealer to {self.dealer_due.replace('_', ' ')}"
        else:
            due = f"seat {self.actor} to act: {', '.join(self.legal_actions())}"
        return (f"<StudHand {game.name}, {self.seats} seats, {where}, pot {self.pot_total}, "
                f"{due}>")

    @property
    def pot_total(self) -> int:
        """All chips put in during the hand so far (E1: stacks + pot_total is constant)."""
        return sum(self.contributed)

    def stub(self) -> list[int]:
        """The cards left to deal (not dealt or burned yet), in id order: the dealer's
        knowledge, like :attr:`deck`, never a player's (E3)."""
        return sorted(self._shoe.order[self._shoe.next:])

    def stack_deck(self, cards: Sequence[int] | str) -> None:
        """Make ``cards`` the next cards off the deck, in that order: for drivers that choose
        the cards dealt (the OpenSpiel games' chance nodes choose each card). ValueError
        unless they are distinct cards left in the stub of a hand dealing from its deck order
        (not replaying given hole cards).

        >>> from stud_fast.cards import card_str
        >>> hand = StudHand(GameConfig(variant="razz", small_bet=2), stacks=[20, 20], seed=1,
        ...                 automatic=False, burn=False)
        >>> hand.post_antes(); hand.stack_deck("Ah 2h 3h 4h 5h 6h"); hand.deal()
        >>> " ".join(card_str(c) for c, _ in hand.cards[1])
        'Ah 3h 5h'
        """
        chosen = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        self._shoe.put_next(chosen)
        self.deck = self._shoe.order

    def pots(self) -> list[Pot]:
        """The main pot and the side pots as they stand (B8)."""
        return list(self._views.pots_of(self.contributed, self.folded))

    def in_hand(self) -> list[int]:
        """Seats that have not folded, in seat order."""
        return [s for s in range(self.seats) if not self.folded[s]]

    def is_all_in(self, seat: int) -> bool:
        """True for a seat with no chips left that has not folded (B6: it acts no more), or
        treated as all in after a dealer error (I2)."""
        return self._seats.is_all_in(seat)

    def up_cards(self, seat: int) -> list[int]:
        """The seat's face-up cards, in the order dealt."""
        return [c for c, up in self.cards[seat] if up]

    def legal_actions(self) -> dict[str, tuple[int, int]]:
        """What the actor may do: action name -> (least, most). A bet, raise or completion is
        named by the total the seat's bet for the round becomes (what ``act()``, ``bet()`` and
        ``raise_to()`` take, as pokerkit names them); a call, the bring-in and buying the pot
        by the chips put in; fold, check and the choices of S4 and I2 by (0, 0). See
        :meth:`legal_chips` for every amount as the chips the seat still puts in.

        >>> cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5, big_bet=10)
        >>> hand = StudHand(cfg, stacks=[50, 50, 50], dealer=0, seed=1)
        >>> hand.bring_in().seat, hand.complete().seat
        (2, 0)
        >>> hand.raise_to(10).to
        10
        >>> hand.actor, hand.legal_actions()["raise"], hand.legal_chips()["raise"]
        (2, (15, 15), (13, 13))
        """
        return dict(self._options())

    def legal_chips(self) -> dict[str, tuple[int, int]]:
        """:meth:`legal_actions` with every amount the chips the actor still puts in: a bet,
        raise or completion less what the seat already put in during the round."""
        s = self.actor
        return chips_to_put_in(self._options(), self._round.bet[s] if s is not None else 0)

    # ---- player operations: verify_x / can_x / x --------------------------------------------

    def verify_fold(self) -> None:
        """Raise RuleError unless the actor may fold (B1, B9: always on their turn)."""
        self._verify("fold")

    def can_fold(self) -> bool:
        """True when the actor may fold now (never raises)."""
        return self._can("fold")

    def fold(self) -> Record:
        """Fold (B1, B9): the seat is out of the hand."""
        return self._act("fold")

    def verify_check(self) -> None:
        """Raise RuleError unless the actor may check (B1: nothing to call)."""
        self._verify("check")

    def can_check(self) -> bool:
        """True when the actor may check now (never raises)."""
        return self._can("check")

    def check(self) -> Record:
        """Check (B1): stay in without putting chips in."""
        return self._act("check")

    def verify_call(self) -> None:
        """Raise RuleError unless the actor may call (B1: there is a bet to call)."""
        self._verify("call")

    def can_call(self) -> bool:
        """True when the actor may call now (never raises)."""
        return self._can("call")

    def call(self) -> Record:
        """Call (B1): match the round's bet, or all in for less (B8)."""
        return self._act("call")

    def verify_bet(self, to: Optional[int] = None) -> None:
        """Raise RuleError unless the actor may bet (to ``to`` chips for the round when
        given): B1: nothing bet in the round; B2: ``to`` within the limit."""
        self._verify("bet", to)

    def can_bet(self, to: Optional[int] = None) -> bool:
        """True when the actor may bet now (to ``to`` chips when given; never raises)."""
        if to is None:
            return self._can("bet")
        try:
            self._verify("bet", to)
        except RuleError:
            return False
        return True

    def bet(self, to: Optional[int] = None) -> Record:
        """Bet (fixed limit: the fixed size; pot and no limit: ``to`` chips, least by default)."""
        return self._act("bet", to)

    def verify_raise_to(self, to: Optional[int] = None) -> None:
        """Raise RuleError unless the actor may raise (to ``to`` chips for the round when
        given): B1, B3 cap, B7 reopening; B2: ``to`` within the limit."""
        self._verify("raise", to)

    def can_raise_to(self, to: Optional[int] = None) -> bool:
        """True when the actor may raise now (to ``to`` chips when given; never raises)."""
        if to is None:
            return self._can("raise")
        try:
            self._verify("raise", to)
        except RuleError:
            return False
        return True

    def raise_to(self, to: Optional[int] = None) -> Record:
        """Raise: fixed limit by one bet (or all in for less); pot and no limit to ``to`` chips
        for the round, the least raise by default."""
        return self._act("raise", to)

    def verify_bring_in(self) -> None:
        """Raise RuleError unless the actor must bring in now (F2, F3)."""
        self._verify("bring_in")

    def can_bring_in(self) -> bool:
        """True when the actor may bring in now (never raises)."""
        return self._can("bring_in")

    def bring_in(self) -> Record:
        """Post the forced bring-in (F2)."""
        return self._act("bring_in")

    def verify_complete(self) -> None:
        """Raise RuleError unless the actor may complete the bring-in to a small bet (F2)."""
        self._verify("complete")

    def can_complete(self) -> bool:
        """True when the actor may complete the bring-in now (never raises)."""
        return self._can("complete")

    def complete(self) -> Record:
        """Complete the bring-in to a small bet (F2)."""
        return self._act("complete")

    def verify_turn_up(self, card: int | str) -> None:
        """Raise RuleError unless the actor may turn this down card up now (S4)."""
        self._turn_up_card(card)

    def can_turn_up(self, card: int | str) -> bool:
        """True when the actor may turn this down card up now (never raises)."""
        try:
            self._turn_up_card(card)
        except RuleError:
            return False
        return True

    def turn_up(self, card: int | str) -> Record:
        """Mexican stud (S4): turn one of the actor's down cards face up."""
        index = self._turn_up_card(card)
        s = self.actor
        assert s is not None
        record = self._face_up(s, index, "turn_up")
        self._pending_done()
        return record

    def verify_buy_pot(self) -> None:
        """Raise RuleError unless the actor was dealt a three face up and may buy the pot."""
        self._verify("buy_pot")

    def can_buy_pot(self) -> bool:
        """True when the actor may buy the pot (S5) now (never raises)."""
        return self._can("buy_pot")

    def buy_pot(self) -> Record:
        """Baseball (S5): put in as much as the pot holds (all in for less); from now on every
        three is wild for everyone."""
        amount = self._verify("buy_pot")
        s = self.actor
        assert s is not None
        self._cached = None
        self._seats.put(s, amount)
        self._pending.buy()
        record = make_record("buy_pot", s, amount, street=self.street)
        self.records.append(record)
        self._actions += (record,)
        self._pending_done()
        return record

    def verify_take_all_in(self) -> None:
        """Raise RuleError unless the actor's seventh-street card was exposed (I2)."""
        self._verify("take_all_in")

    def can_take_all_in(self) -> bool:
        """True when the actor chooses between take_all_in() and play_on() (I2)."""
        return self._can("take_all_in")

    verify_play_on = verify_take_all_in
    can_play_on = can_take_all_in

    def take_all_in(self) -> Record:
        """I2: after its seventh-street card was exposed, the actor takes the rights of an
        all-in player: it acts no more and plays for the pots it has matched."""
        return self._all_in_choice(True)

    def play_on(self) -> Record:
        """I2: after its seventh-street card was exposed, the actor plays on as usual."""
        return self._all_in_choice(False)

    # ---- the dealer's operations (automatic=False) ------------------------------------------

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
        self._mistakes.exposed_seats(self, exposed)

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
        exposed = self._mistakes.exposed_seats(self, exposed)
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

    def _dealer(self, operation: str) -> None:
        """E2: the dealer's ``operation`` is the one due, or RuleError."""
        self._cached = None
        if self.dealer_due != operation:
            due = self.dealer_due or ("a player's action" if self.actor is not None else
                                      "nothing: the hand is over")
            raise RuleError("E2", f"the dealer cannot {operation.replace('_', ' ')} now; "
                                  f"due: {due}")

    # ---- the dealer's errors (I1, I2) -------------------------------------------------------

    def verify_expose_premature_card(self, card: Optional[int | str] = None) -> None:
        """Raise RuleError (I1) unless the dealer can have exposed the next street's first
        card now: a betting round is under way, a street is still to come, no card was exposed
        in this round yet, and the stub keeps enough cards for the streets to come. ``card``
        (required when the hand replays given hole cards) names the exposed card."""
        self._mistakes.premature_allowed(self, card)

    def can_expose_premature_card(self, card: Optional[int | str] = None) -> bool:
        """True when the dealer may expose a premature card now (I1; never raises)."""
        try:
            self._mistakes.premature_allowed(self, card)
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
        burn_now, exposed, seat = self._mistakes.premature_allowed(self, card)
        self._cached = None
        street = self.street
        buried = self.config.premature_card == "bury"
        self._shoe.expose_premature(burn_now, buried)
        if burn_now:
            self.records.append(new_record("burn", None, 0, 0, (), (), street))
        self._mistakes.premature_exposed(exposed, seat, buried)
        if not buried:
            self._round.cap()
        record = make_record("premature_card", None, cards=(exposed,), up=(True,), street=street)
        self.records.append(record)
        return record

    def verify_report_exposed_card(self, seat: int) -> None:
        """Raise RuleError (I2) unless ``seat`` was dealt its seventh-street card face down in
        this, the last, betting round of a seven-card game and can still be reported."""
        self._mistakes.reported_card(self, seat)

    def can_report_exposed_card(self, seat: int) -> bool:
        """True when ``seat``'s seventh-street card can be reported as exposed (never raises)."""
        try:
            self._mistakes.reported_card(self, seat)
        except RuleError:
            return False
        return True

    def report_exposed_card(self, seat: int) -> Record:
        """I2, a dealer error reported during seventh-street betting: ``seat``'s seventh-street
        card was dealt face up. Before any significant action (no chips yet put in this
        round) the seat chooses first (``take_all_in()`` or ``play_on()``); after it, the seat
        is treated as all in at once (it acts no more and plays for the pots it has matched).
        """
        index = self._mistakes.reported_card(self, seat)
        record = self._face_up(seat, index, "exposed_card")
        if any(self._round.bet) or self.stacks[seat] == 0:  # significant action: all in now
            if self.stacks[seat] > 0:
                self._seats.treat_all_in(seat)
            if self.actor == seat:
                self._advance(seat)
        else:  # before it: the seat chooses, then the round goes on where it was
            self._mistakes.report(self.actor)
            self._pending.first_choice(seat)
            self.actor = seat
        return record

    def act(self, kind: str, to: Optional[int] = None) -> Record:
        """Perform a player action by name (a key of :meth:`legal_actions`): the generic form
        of fold(), check(), call(), bet(), raise_to(), bring_in(), complete() and, with the
        card as ``to``, turn_up(), for bots. A bet, raise or completion takes ``to``, the
        total the seat's bet for the round becomes (as :meth:`legal_actions` gives it; the
        least allowed by default); the other actions take none."""
        if kind in _BETTING_ACTIONS:  # _apply's first case, taken here on the hot path
            return self._act(kind, to)
        if kind in _PLAYER:
            record = self._apply(kind, to)
            assert record is not None
            return record
        return self._act(kind, to)  # refused: RuleError naming the actions there are

    def _apply(self, operation: str, argument: Any = None) -> Optional[Record]:
        """The one dispatcher of operations by name (:data:`stud_fast.records.Operation`):
        what :meth:`act`, :meth:`from_json` and the PHH replay call. A player's action
        returns its record, a dealer's operation (``post_antes``, ``deal``, ``collect_bets``,
        ``award``) None; ``argument`` is the amount of a bet or raise, the card of
        ``turn_up`` or ``premature_card``, the seat of ``exposed_card``, the exposed seats
        of ``deal``."""
        if operation in _BETTING_ACTIONS:
            return self._act(operation, argument)
        if operation == "turn_up":
            if argument is None:
                raise RuleError("S4", "turn_up needs the card to turn up")
            return self.turn_up(argument)
        if operation == "buy_pot":
            return self.buy_pot()
        if operation == "take_all_in" or operation == "play_on":
            return self._all_in_choice(operation == "take_all_in")
        if operation == "deal":
            self.deal(() if argument is None else argument)
            return None
        if operation == "post_antes" or operation == "collect_bets" or operation == "award":
            getattr(self, operation)()
            return None
        if operation == "premature_card":
            return self.expose_premature_card(argument)
        if operation == "exposed_card":
            return self.report_exposed_card(argument)
        return self._act(operation, argument)  # refused: unknown

    # ---- the decision: what the actor may do (the pending operations', else the round's) ---

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
        completion by the total it bets to, see :meth:`legal_actions`). Computed once per
        decision point: every change of the state sets ``_cached`` back to None."""
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
        (E2), else an operation pending (:meth:`Pending.legal <stud_fast.pending.Pending.
        legal>`: I2, S4, S5), else the betting round's (:meth:`BettingRound.legal`)."""
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
        if pending.queue or refused is not None:
            legal = pending.legal(self, s, refused)
            if legal is not None:
                return legal
        return self._round.legal(self, s, refused)

    # ---- applying what the owners decide -----------------------------------------------------

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
        if self._pending.queue:  # S5: the only player action before a buy is folding
            record = self._fold(s)
            self.records.append(record)
            self._actions += (record,)
            self._pending_done()
            return record
        rnd = self._round
        before = rnd.level
        seats = self._seats
        if amount:  # the chips move
            seats.put(s, amount)
        performed = rnd.perform(self, s, kind, amount)
        if performed is None:  # a fold
            if self._plan.dead_seat_keeps_cards and before == rnd.bet[s]:
                seats.keep_dealing(s)  # B9: folded when it could check
            performed = self._fold(s)
        elif kind != "check" and kind != "call" and kind != "bring_in":
            seats.bet_made()  # B9: dead seats are dealt to until the next bet
        record = performed
        self.records.append(record)
        self._actions += (record,)
        self._advance(s)
        return record

    def _fold(self, s: int) -> Record:
        self._seats.fold(s)
        return new_record("fold", s, 0, 0, (), (), self.street)

    def _all_in_choice(self, take: bool) -> Record:
        kind: RecordKind = "take_all_in" if take else "play_on"
        self._verify(kind)
        s = self.actor
        assert s is not None
        self._cached = None
        if take:
            self._seats.treat_all_in(s)
        record = make_record(kind, s, street=self.street)
        self.records.append(record)
        self._actions += (record,)
        self._pending_done()
        return record

    def _pending_done(self) -> None:
        """The first pending operation is done: the next one, or the betting round."""
        pending, mistakes = self._pending, self._mistakes
        after = pending.done()
        if self._seats.live == 1:
            pending.clear()
            self.actor = None
            self._round_over()
        elif after is not None:
            self.actor = after
        elif mistakes.resume is not None:  # I2 reported mid-round: the round goes on
            resume = mistakes.take_resume()
            assert resume is not None
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
        return down_card_index(self.cards[s], c, s, card)

    def _face_up(self, seat: int, index: int, kind: RecordKind) -> Record:
        """Turn ``seat``'s card at ``index`` face up (S4 turn_up, I2 exposed_card) and record
        it as ``kind``: the legal actions and the seats' card faces are made afresh."""
        self._cached = None
        self._views.forget_faces()
        card = self._seats.turn_up(seat, index)
        record = make_record(kind, seat, cards=(card,), up=(True,), street=self.street)
        self.records.append(record)
        if kind == "turn_up":  # a player's choice (S4); an exposed card is the dealer's
            self._actions += (record,)
        return record

    # ---- the street loop ---------------------------------------------------------------------

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

    def _next_street(self) -> None:
        """Deal streets (with or without betting) until someone must act or the hand ends."""
        while True:
            if self._seats.live == 1 or self.street + 1 >= self._plan.streets:
                self._finish()
                return
            self._check_hole_cards()
            if self._deal_next():
                return

    def _check_hole_cards(self) -> None:
        """Given hole cards (a replay) must hold the next street's cards for every seat dealt
        to, or for none of them (S3: the stub ran short); raised before anything is dealt."""
        plan = self._plan
        if self._shoe.queued is None or self.street + 1 >= plan.streets:
            return
        self._shoe.check_given(self._seats.dealt_to(self._dealing),
                               len(plan.ups[self.street + 1]), self.street + 2, plan.streets)

    def _deal_next(self, exposed: Sequence[int] = ()) -> bool:
        """Deal the next street and open what follows it; True when a player must act. The
        callers check the hole cards first (_check_hole_cards), before they change anything."""
        self.street += 1
        game, plan = self.config.game, self._plan
        dealt_up = self._deal_street(exposed)
        mistakes = self._mistakes
        due: list[tuple[str, int]] = []
        if mistakes.choosers:  # I2: exposed seventh-street cards: all in or play on
            due = [("all_in_choice", s) for s in mistakes.take_choosers()]
        elif game.turn_up:  # S4: everyone dealt a card turns one up before the betting;
            # one card stays down, so a seat that got no card (S3: the street was a shared
            # card) has nothing to turn
            cards, folded = self.cards, self.folded
            due = [("turn_up", s) for s in self._dealing if not folded[s]
                   and sum(1 for _, up in cards[s] if not up) >= 2]
        elif plan.buy_wild:  # S5: an up three must buy the pot or fold, at once
            buy = plan.buy_wild
            due = [("buy_pot", s) for s, c in dealt_up if buy >> (c >> 2) & 1]
        if due:
            self.actor = self._pending.after_deal(due)
            return True
        if (not self.config.community_card_betting and self.community
                and self.street == len(game.streets) - 1):
            self._round.no_bettor()  # nobody bets: the best board shows first (S6)
            return False  # S3, seed 003: no betting when everyone shares the last card
        self._start_round()
        return self.actor is not None

    def _deal_street(self, exposed: Sequence[int] = ()) -> list[tuple[int, int]]:
        """Deal one street: the deck deals (:meth:`Deck.deal_street
        <stud_fast.deck.Deck.deal_street>`), the seats get the cards, each card is recorded.
        Returns the (seat, card) pairs dealt face up to seats in the hand, in dealing order.
        ``exposed``: seats whose (seventh-street) card is dealt face up by mistake (I2)."""
        street, seats, mistakes = self.street, self._seats, self._mistakes
        self._views.forget_faces()  # the seats' cards change
        players = seats.dealt_to(self._dealing)
        if exposed:  # I2 (without, nobody chooses: the last deal's choosers were taken)
            exposed = mistakes.exposed_on_deal(players, exposed, self.folded, self.stacks,
                                               self._round.opener)
        if mistakes.buried_for is not None:  # I1 bury
            players = mistakes.deal_order(players)
        shoe = self._shoe
        burned, rows, premature_dealt = shoe.deal_street(
            self._plan.ups[street], players, self.burn, exposed, mistakes.kept)
        if premature_dealt:
            mistakes.premature_dealt()
        append = self.records.append
        if burned:
            append(new_record("burn", None, 0, 0, (), (), street))
        folded = self.folded
        dealt_up: list[tuple[int, int]] = []
        for dealt_to, dealt, faces, up in rows:
            if dealt_to is None:  # S3: the one shared card
                card = dealt[0]
                self.community.append(card)
                append(new_record("community", None, 0, 0, (card,), (True,), street))
                continue
            seats.deal(dealt_to, dealt, up, faces)
            if faces is None:  # the usual deal: every card alike
                face = FACE[up]
                for s, card in zip(dealt_to, dealt):
                    append(new_record("deal", s, 0, 0, (card,), face, street))
                if up:
                    dealt_up += [(s, card) for s, card in zip(dealt_to, dealt) if not folded[s]]
                continue
            for s, card, face_up in zip(dealt_to, dealt, faces):
                append(new_record("deal", s, 0, 0, (card,), FACE[face_up], street))
                if face_up and not folded[s]:
                    dealt_up.append((s, card))
        extra_card = self._plan.extra_card
        if extra_card:
            for s, card in dealt_up:  # S5 option: an up four earns an extra down card
                if not extra_card >> (card >> 2) & 1:
                    continue
                extra = shoe.extra(s)
                if extra is not None:
                    seats.deal((s,), (extra,), False)
                    append(make_record("deal", s, 0, 0, (extra,), (False,), street))
        return dealt_up

    def _start_round(self) -> None:
        """Open the street's betting round: who acts first (F2-F5, I2)."""
        plan = self._plan
        rnd = self._round = BettingRound(self.seats, plan.small_bet)
        if self._seats.able < 2:  # a fresh round owes nothing: nobody to bet against, deal on (B6)
            self.actor = None
            return
        reopener = self._mistakes.reopener
        if reopener is not None:  # I2: it opens this round or nobody does (then forgotten)
            self._mistakes.take_reopener()
        must_open = False
        if self.street == 0 and plan.uses_bring_in:
            folded, stacks, rights = self.folded, self.stacks, self._seats.all_in
            self.actor = bring_in_seat(
                self.config.game, plan, self._pending.pot_bought, self.cards, self._dealing,
                lambda s: folded[s] or stacks[s] == 0 or s in rights)
            rnd.start(self.actor, bring_in=True)
            return
        if self.street == 0:
            self.actor = self._first_actor(by_high_card=True)
            must_open = self.config.first_round == "must_open"
        else:
            self.actor = self._first_actor(by_high_card=False)
            if reopener is not None and not self.is_all_in(reopener) \
                    and not self.folded[reopener]:
                self.actor = reopener  # I2: the opener of the previous round
        rnd.start(self.actor, must_open=must_open)

    def _advance(self, last: int) -> None:
        """After ``last`` acted: the next to act (the round decides), or the round is over."""
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
            rnd.open()  # nobody left who can open: the round is over
        self.actor = rnd.next_to_act(last, seats)
        if self.actor is None:
            self._round_over()

    def _round_over(self) -> None:
        """The betting (or the forced operations) of a street are done: deal on, or wait for
        the dealer to collect the bets."""
        if self.automatic:
            self._next_street()
        else:
            self.dealer_due = "collect_bets"

    # ---- who acts first, who wins (the rules are the pure functions of showdown.py) --------

    def _is_wild(self, card: int, up: bool) -> bool:
        """Whether the card is wild now (D4, S5: :func:`~stud_fast.showdown.is_wild`)."""
        return is_wild(self._plan, self._pending.pot_bought, card, up)

    def _first_actor(self, by_high_card: bool) -> Optional[int]:
        """F4/F5: the best showing hand acts first, ties to the first dealt; B6: when that
        player is all in, the next active player on their left opens."""
        best = best_showing(self.config.game, self._plan, self._pending.pot_bought, self.cards,
                            self._dealing, self.folded, by_high_card)
        if self.folded[best] or (self.stacks[best] != 0 and best not in self._seats.all_in):
            return best  # not all in (is_all_in)
        return self._next_able(best)

    def _order_from(self, first: int) -> list[int]:
        """All seats clockwise starting at ``first``."""
        return [(first + i) % self.seats for i in range(self.seats)]

    def _next_able(self, after: int) -> Optional[int]:
        for s in self._order_from((after + 1) % self.seats):
            if not self.folded[s] and not self.is_all_in(s):
                return s
        return None

    def _finish(self) -> None:
        """Showdown (S6) and award (S7); with one player left, no cards are shown."""
        self.actor = None
        self.is_over = True
        live = self.in_hand()
        if len(live) == 1:  # everybody else folded: every chip goes to the last seat (B8)
            total = sum(self.contributed)
            if total:
                self._seats.win(live[0], total)
                self.records.append(make_record("win", live[0], total))
            return
        pots = self.pots()
        high: Optional[dict[int, int]] = None
        low: Optional[dict[int, int]] = None
        if len(live) > 1:
            high, low = self._showdown(live, pots)
        won = award(pots, high=high, low=low, odd_chip_order=odd_chip_order(live, self.cards),
                    seats=self.seats)
        for s, amount in enumerate(won):
            if amount:
                self._seats.win(s, amount)
                self.records.append(make_record("win", s, amount))

    def _showdown(self, live: list[int], pots: list[Pot]) -> tuple[dict[int, int],
                                                                    Optional[dict[int, int]]]:
        """S6: the seats in the hand show in turn from the first to show (or muck a hand that
        can win nothing, unless the game shows all); a show or muck record each. The high and
        low values the award compares."""
        game, plan, bought = self.config.game, self._plan, self._pending.pot_bought
        cards = self.cards
        first = first_to_show(game, plan, bought, cards, live, self._dealing,
                              self._round.last_aggressor)
        community = [(c, True) for c in self.community]
        values = {s: hand_values(plan, bought, cards[s] + community, game, self.config.tiebreak)
                  for s in live}
        shown, high, low = reveal(self._order_from(first), pots, values, self.config.show_all)
        street, append = self.street, self.records.append
        for s, shows in shown:
            if shows:
                held = tuple(c for c, _ in cards[s])
                append(make_record("show", s, cards=held, up=(True,) * len(held), street=street))
            else:
                append(make_record("muck", s, street=street))
        return high, (low if game.low is not None else None)

    # ---- what a seat may know (E3) ----------------------------------------------------------

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may know (E3) as a frozen :class:`~stud_fast.views.SeatView` of card
        ids: what bots receive. See :meth:`view` for the same as JSON-ready text."""
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat!r} is not at this table")
        faces = self._views.faces
        if faces is None:  # cards were dealt or turned since the last view: the faces afresh
            faces = self._views.faces_of(self.cards)
        held, public = faces
        actor, is_over = self.actor, self.is_over
        if is_over:  # cards shown at the showdown are seen by everyone
            shown = {r.seat for r in self.records if r.kind == "show"}
            cards = tuple([held[s] if s == seat or s in shown else public[s]
                           for s in range(self.seats)])
        else:
            cards = public[:seat] + (held[seat],) + public[seat + 1:]
        wild = _NO_WILD
        if self._plan.wild:
            is_wild = self._is_wild
            wild = frozenset([c for pairs in cards for c, up in pairs
                              if c is not None and is_wild(c, up)])
        legal = _NO_ACTIONS
        if actor == seat and not is_over:
            # a read-only window on the hand's own table of the legal actions, which the hand
            # replaces (never changes) after every action: the view keeps the ones it was made with
            cached = self._cached
            legal = MappingProxyType(cached if cached is not None else self._options())
        # the fields given as the new instance's __dict__: the frozen dataclass's generated
        # __init__ (one object.__setattr__ per field) was most of a view's cost, and a view is
        # built for every decision of every bot
        view: SeatView = _new_object(SeatView)
        _set_attribute(view, "__dict__", {
            "seat": seat, "game": self.config.game, "street": self.street, "actor": actor,
            "is_over": is_over, "stacks": tuple(self.stacks),
            "contributed": tuple(self.contributed), "folded": tuple(self.folded), "cards": cards,
            "community": tuple(self.community), "wild": wild, "legal_actions": legal,
            "round_bet": self._round.bet[seat], "pot_bought": self._pending.pot_bought,
            "dealer": self.dealer, "history": self._actions})
        return view

    def view(self, seat: Optional[int], *, copy: bool = True) -> dict[str, Any]:
        """What ``seat`` may know: its own down cards, every up card, public actions, pots.

        Other players' down cards, the stub and burned cards never appear, except cards shown
        at showdown (E3). ``seat=None`` gives an observer's view, of the same shape with
        ``"seat": None``, every down card ``None`` (until shown) and no legal actions.

        ``copy=False`` is for a caller that serializes the view at once (a server sends one to
        every seat after every event; :meth:`views` makes several at once): its ``"records"``
        are then the hand's own cached record dicts, with the cards as tuples, shared with
        later views of that seat and not to be changed, and its rows of ``"cards"`` are tuples;
        it costs a few microseconds where copying a long hand's records costs tens. The JSON
        text is the same.

        >>> from stud_fast.table import StudHand
        >>> from stud_fast.variants import GameConfig
        >>> config = GameConfig(variant="razz", ante=1, small_bet=4)
        >>> hand = StudHand(config, stacks=[50, 50], seed=1)
        >>> mine, watched = hand.view(0)["cards"], hand.view(None)["cards"]
        >>> mine[0], watched[0]
        (['6s', 'Qc', '2d'], [None, None, '2d'])
        """
        view = self.views((seat,))[0]
        if copy:  # fresh copies: the caller may change what it gets
            records = []
            for d in view["records"]:
                d = dict(d)
                if "cards" in d:
                    d["cards"] = list(d["cards"])
                records.append(d)
            view["records"] = records
            view["cards"] = [list(row) for row in view["cards"]]
        return view

    def views(self, seats: Sequence[Optional[int]]) -> list[dict[str, Any]]:
        """The views of several seats (None: an observer) at this moment, as a server sends them
        after an event: each is ``view(seat, copy=False)``, and what every seat sees alike
        (variant, street, stacks, bets, pots, folds, community cards, actor, whether the hand
        is over, the rows of cards each seat sees the same) is made once and shared by all the
        dicts, so that a serializer may write it once. Serialize them; do not change them.

        >>> from stud_fast.table import StudHand
        >>> from stud_fast.variants import GameConfig
        >>> hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50],
        ...                 seed=1)
        >>> mine, watched = hand.views([0, None])
        >>> (my_first, *_), (watched_first, *_) = mine["cards"], watched["cards"]
        >>> my_first, watched_first
        (('6s', 'Qc', '2d'), (None, None, '2d'))
        >>> mine["stacks"] is watched["stacks"]
        True
        """
        for seat in seats:
            if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
                raise ValueError(f"seat {seat!r} is not at this table")
        text = CARD_TEXT
        # each seat's cards as its owner sees them, and as the others do (until shown)
        rows = [(tuple([text[c] for c, _ in held]),
                 tuple([text[c] if u else None for c, u in held])) for held in self.cards]
        variant, street, actor, is_over = self.config.variant, self.street, self.actor, \
            self.is_over
        stacks, contributed, folded = list(self.stacks), list(self.contributed), \
            list(self.folded)
        pots = [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()]
        community = [text[c] for c in self.community]
        seen_by = self._views.records.seen_by
        out = []
        for seat in seats:
            shown, records = seen_by(self.records, seat)
            acts = seat is not None and actor == seat
            out.append({
                "seat": seat,
                "variant": variant,
                "street": street,
                "stacks": stacks,
                "contributed": contributed,
                "pots": pots,
                "folded": folded,
                "cards": [row[0] if s == seat or s in shown else row[1]
                          for s, row in enumerate(rows)],
                "community": community,
                "actor": actor,
                "legal_actions": ({k: list(v) for k, v in self.legal_actions().items()}
                                  if acts else {}),
                "legal_chips": ({k: list(v) for k, v in self.legal_chips().items()}
                                if acts else {}),
                "records": records,
                "is_over": is_over,
            })
        return out

    # ---- persistence ------------------------------------------------------------------------

    def to_json(self, key: Optional[bytes | str] = None) -> str:
        """The whole hand as JSON: configuration, stacks, dealer, deck order and actions;
        with ``key``, signed with an HMAC so that :meth:`from_json` can tell it was not changed.

        The state is a pure function of these (E4), so :meth:`from_json` rebuilds it exactly.
        """
        actions = operations(  # the records are the one log: the operations are read from it
            self.records, dealer_driven=not self.automatic,
            antes_posted=self.dealer_due != "post_antes", awarded=self.is_over,
            exposable_street=self._plan.exposable)
        return saved.dump({
            "format": saved.FORMAT, "config": self.config.to_dict(),
            "stacks": list(self.starting_stacks), "dealer": self.dealer,
            "deck": list(self.deck), "burn": self.burn, "automatic": self.automatic,
            "hole_cards": self._shoe.given,
            "actions": actions,
        }, key)

    @classmethod
    def from_json(cls, text: str | bytes, key: Optional[bytes | str] = None) -> "StudHand":
        """Rebuild a hand saved by :meth:`to_json`, checking every field and replaying its
        actions through the rules; with ``key``, the signature is checked first. Anything
        wrong raises :class:`~stud_fast.errors.StateError` (a ``ValueError``) naming the field.
        """
        fields, actions = saved.load(text, key)
        try:
            hand = cls(**fields)
        except (StudFastError, ValueError, TypeError) as e:
            raise StateError("hand", str(e)) from None
        given = fields["hole_cards"] is not None
        for i, (kind, arg) in enumerate(actions):
            if kind == "premature_card" and not given:
                arg = None  # the exposed card is checked against the deck
            elif kind not in INT_ARGUMENT and kind != "deal":
                arg = None  # saved as 0
            try:
                hand._apply(kind, arg)
            except (StudFastError, ValueError, TypeError) as e:
                raise StateError(f"actions[{i}]", f"{kind} refused: {e}") from None
        return hand
