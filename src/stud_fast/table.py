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
from stud_fast.bet_sizes import chips_to_put_in, whole_chips
from stud_fast.betting import _BETTING_ACTIONS, Betting
from stud_fast.betting_round import BettingRound
from stud_fast.cards import CARD_TEXT, parse_cards
from stud_fast.dealer_errors import DealerErrors
from stud_fast.deck import Deck, shuffled
from stud_fast.dealing import Dealing
from stud_fast.mistakes import Mistakes
from stud_fast.errors import AmountError, RuleError, StateError, StudFastError
from stud_fast.plan import plan_of
from stud_fast.pots import Pot, award, build_pots
from stud_fast.seats import Seats
from stud_fast.records import (INT_ARGUMENT, PLAYER_ACTIONS, Record, make_record,
                               operations)
from stud_fast.showdown import best_showing, first_to_show, hand_values, is_wild, odd_chip_order
from stud_fast.showdown import showdown as reveal
from stud_fast.variants import GameConfig
from stud_fast.seatview import Faces, SeatView, _card_faces
from stud_fast.views import RecordViews

__all__ = ["RuleError", "Record", "StudHand", "whole_chips"]

_PLAYER = frozenset(PLAYER_ACTIONS)  # what act() takes
# the records of the players' actions: a seat view's history (SeatView.history)
_ACTED = frozenset(("bring_in", "complete", "bet", "raise", "call", "check", "fold", "turn_up",
                    "buy_pot", "take_all_in", "play_on"))
_NO_ACTIONS: Mapping[str, tuple[int, int]] = MappingProxyType({})  # seat_view() off turn
_NO_WILD: frozenset[int] = frozenset()
# looked up once: Cython calls these as plain functions, not as attributes of ``object``
_new_object = object.__new__
_set_attribute = object.__setattr__


class StudHand(Betting, Dealing, DealerErrors):
    """One hand of fixed-limit stud, from the antes to the award."""

    # every attribute, public and private (no instance dict: attribute access is faster)
    __slots__ = ("config", "seats", "dealer", "burn", "starting_stacks", "deck", "stacks",
                 "records", "cards", "community", "folded", "contributed", "street", "actor",
                 "is_over", "automatic", "dealer_due",
                 "_plan", "_shoe", "_round", "_mistakes", "_dealing", "_pending", "_pot_bought",
                 "_seats", "_cached", "_record_views",
                 "_faces", "_pots", "_pots_key", "_history", "_history_seen")

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
        full = list(plan.deck)
        given: Optional[list[list[int]]] = None
        if hole_cards is not None:
            if len(hole_cards) != n:
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
        self.config = config
        self._plan = plan
        self.seats = n
        self.dealer = dealer
        # seats clockwise from the dealer's left: the dealing order (S2), the tie-break of F4/F5
        self._dealing = [(dealer + 1 + i) % n for i in range(n)]
        self.burn = burn
        self.starting_stacks = tuple(stacks)
        self.deck: tuple[int, ...] = tuple(order)
        # the deck's state: how many cards came off, burns, the cards given for a replay
        self._shoe = Deck(self.deck, given)
        # the seats' state and its counts (Seats); its lists shown as the public attributes
        seats = self._seats = Seats(stacks)
        self.stacks = seats.stacks
        self.records: list[Record] = []
        # operations due before the next betting round, in order: ("turn_up", seat) (S4) or
        # ("buy_pot", seat) (S5: an up three buys the pot or folds)
        self._pending: list[tuple[str, int]] = []
        self._pot_bought = False  # S5: somebody bought the pot: every three is wild now
        self._mistakes = Mistakes()  # what the dealer's errors (I1, I2) leave for later
        # the betting round: its state, made afresh for each street by _start_round
        self._round = BettingRound(n, plan.small_bet)
        self._cached: Optional[dict[str, tuple[int, int]]] = None  # _options()
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
        self._record_views = RecordViews()  # view(): the records as each seat sees them
        # seat_view(): the cards of each seat as it and as the others see them (_card_faces),
        # until a card is dealt or turned up
        self._faces: Optional[Faces] = None
        # pots(): the last pots built (Pot is immutable) and the chips and folds they are of
        self._pots: list[Pot] = []
        self._pots_key: tuple[int | bool, ...] = ()
        # seat_view(): the players' actions (SeatView.history) among the first
        # _history_seen records, extended as records come (they are only ever added)
        self._history: tuple[Record, ...] = ()
        self._history_seen = 0
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
        new._pending = self._pending[:]  # of immutable (kind, seat) pairs
        new._pot_bought = self._pot_bought
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
        new._record_views = self._record_views.copy()
        new._faces = self._faces  # immutable tuples, replaced when a card changes
        new._pots = self._pots[:]  # of immutable Pots
        new._pots_key = self._pots_key
        new._history = self._history  # an immutable tuple, of the records both share
        new._history_seen = self._history_seen
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
        key = (*self.contributed, *self.folded)  # the pots depend on these alone
        if key != self._pots_key:
            self._pots = build_pots(self.contributed, self.folded)
            self._pots_key = key
        return list(self._pots)

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
        self._pot_bought = True
        record = make_record("buy_pot", s, amount, street=self.street)
        self.records.append(record)
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

    # ---- who acts first, who wins (the rules are the pure functions of showdown.py) --------

    def _is_wild(self, card: int, up: bool) -> bool:
        """Whether the card is wild now (D4, S5: :func:`~stud_fast.showdown.is_wild`)."""
        return is_wild(self._plan, self._pot_bought, card, up)

    def _first_actor(self, by_high_card: bool) -> Optional[int]:
        """F4/F5: the best showing hand acts first, ties to the first dealt; B6: when that
        player is all in, the next active player on their left opens."""
        best = best_showing(self.config.game, self._plan, self._pot_bought, self.cards,
                            self._dealing, self.folded, by_high_card)
        if self.folded[best] or (self.stacks[best] != 0 and best not in self._seats.all_in):
            return best  # not all in (is_all_in)
        return self._next_able(best)

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
        game, plan, bought, cards = self.config.game, self._plan, self._pot_bought, self.cards
        first = first_to_show(game, plan, bought, cards, live, self._dealing_order(),
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
        faces = self._faces
        if faces is None:  # cards were dealt or turned since the last view: the faces afresh
            faces = self._faces = _card_faces(self.cards)
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
        records = self.records
        seen = self._history_seen
        if seen != len(records):  # the actions since the last view: a few records
            self._history = self._history + tuple([r for r in records[seen:]
                                                   if r.kind in _ACTED])
            self._history_seen = len(records)
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
            "round_bet": self._round.bet[seat], "pot_bought": self._pot_bought,
            "dealer": self.dealer, "history": self._history})
        return view

    def view(self, seat: Optional[int], *, copy: bool = True) -> dict[str, Any]:
        """What ``seat`` may know: its own down cards, every up card, public actions, pots.

        Other players' down cards, the stub and burned cards never appear, except cards shown
        at showdown (E3). ``seat=None`` gives an observer's view, of the same shape with
        ``"seat": None``, every down card ``None`` (until shown) and no legal actions.

        ``copy=False`` is for a caller that serializes the view at once (a server sends one to
        every seat after every event): its ``"records"`` are then the hand's own cached record
        dicts, with the cards as tuples, shared with later views of that seat and not to be
        changed; it costs a few microseconds where copying a long hand's records costs tens.
        The JSON text is the same.

        >>> from stud_fast.table import StudHand
        >>> from stud_fast.variants import GameConfig
        >>> config = GameConfig(variant="razz", ante=1, small_bet=4)
        >>> hand = StudHand(config, stacks=[50, 50], seed=1)
        >>> mine, watched = hand.view(0)["cards"], hand.view(None)["cards"]
        >>> mine[0], watched[0]
        (['6s', 'Qc', '2d'], [None, None, '2d'])
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
            raise ValueError(f"seat {seat!r} is not at this table")
        shown, public = self._record_views.seen_by(self.records, seat)
        text = CARD_TEXT
        records: list[dict[str, Any]] = public
        if copy:  # fresh copies: the caller may change what it gets
            records = []
            for d in public:
                d = dict(d)
                if "cards" in d:
                    d["cards"] = list(d["cards"])
                records.append(d)
        acts = seat is not None and self.actor == seat
        return {
            "seat": seat,
            "variant": self.config.variant,
            "street": self.street,
            "stacks": list(self.stacks),
            "contributed": list(self.contributed),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "folded": list(self.folded),
            "cards": [[text[c] if u or s == seat or s in shown else None for c, u in held]
                      for s, held in enumerate(self.cards)],
            "community": [text[c] for c in self.community],
            "actor": self.actor,
            "legal_actions": ({k: list(v) for k, v in self.legal_actions().items()}
                              if acts else {}),
            "legal_chips": ({k: list(v) for k, v in self.legal_chips().items()}
                            if acts else {}),
            "records": records,
            "is_over": self.is_over,
        }

    def _face_up(self, seat: int, index: int, kind: str) -> Record:
        """Turn ``seat``'s card at ``index`` face up (S4 turn_up, I2 exposed_card) and record
        it as ``kind``: the legal actions and the seats' card faces are made afresh."""
        self._cached = None
        self._faces = None
        card, _ = self.cards[seat][index]
        self.cards[seat][index] = (card, True)
        record = make_record(kind, seat, cards=(card,), up=(True,), street=self.street)
        self.records.append(record)
        return record

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
