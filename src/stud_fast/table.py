"""The hand's state machine: one stud hand from antes to the award of the pots.

A :class:`StudHand` is created from a :class:`~stud_fast.variants.GameConfig`, the players'
stacks, the dealer's seat and a seed or an explicit deck order. Antes, dealing, burning and the
award happen by themselves; players act through ``fold``, ``check``, ``call``, ``bet``,
``raise_to``, ``bring_in`` and ``complete``. Each has ``verify_x`` (raises
:class:`RuleError` naming the RULES.md rule broken, the state untouched), ``can_x`` (True or
False) and ``x`` (performs it and returns the frozen :class:`Record`).

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

import functools
import hashlib
import itertools
import operator
import secrets
from typing import Any, NamedTuple, Optional, Sequence

from stud_fast import _core, saved
from stud_fast.cards import JOKER as SF_JOKER
from stud_fast.cards import card_str, parse_cards
from stud_fast.errors import AmountError, RuleError, StateError
from stud_fast.pots import Pot, award, build_pots
from stud_fast.rankings import Ranking
from stud_fast.variants import GameConfig
from stud_fast.views import SeatView, seat_view

__all__ = ["RuleError", "Record", "StudHand"]


class Record(NamedTuple):
    """One thing that happened in the hand, in order: the hand history (immutable).

    ``kind`` is one of ``ante``, ``deal``, ``burn``, ``community``, ``turn_up``, ``buy_pot``,
    ``bring_in``,
    ``complete``, ``bet``, ``raise``, ``call``, ``check``, ``fold``, ``show``, ``muck``,
    ``win``. ``amount`` is the chips the seat put in (or won); for ``bet``, ``raise`` and
    ``complete`` ``to`` is the seat's total for the round afterwards. ``up`` says, card by
    card, whether a dealt card is face up.
    """

    kind: str
    seat: Optional[int] = None
    amount: int = 0
    to: int = 0
    cards: tuple[int, ...] = ()
    up: tuple[bool, ...] = ()
    street: int = 0

    def text(self) -> str:
        """A short readable line."""
        who = "dealer" if self.seat is None else f"seat {self.seat}"
        cards = " ".join(card_str(c) if u or self.kind != "deal" else f"[{card_str(c)}]"
                         for c, u in zip(self.cards, self.up or (True,) * len(self.cards)))
        extra = f" {self.amount}" if self.amount else ""
        if self.kind in ("bet", "raise", "complete"):
            extra = f" to {self.to}"
        return f"{who} {self.kind}{extra}{' ' + cards if cards else ''}".rstrip()


_PLAYER_ACTIONS = ("fold", "check", "call", "bet", "raise", "bring_in", "complete")
_BETTING_ACTIONS = frozenset(_PLAYER_ACTIONS)  # what act() hands straight to _act()
#: every operation a player can be asked for: the betting actions and the pending ones
_ALL_ACTIONS = _PLAYER_ACTIONS + ("turn_up", "buy_pot", "take_all_in", "play_on")


def whole_chips(value: object, what: str) -> int:
    """``value`` as a whole number of chips: an ``int`` (or an integer type such as numpy's),
    never a ``bool``, ``float``, ``Fraction`` or ``Decimal``; else :class:`AmountError` (B2).

    >>> whole_chips(5, "bet to")
    5
    >>> whole_chips(2.5, "bet to")
    Traceback (most recent call last):
    ...
    stud_fast.errors.AmountError: B2: bet to 2.5: chip amounts are whole numbers (int), not float
    """
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise AmountError("B2", f"{what} {value!r}: chip amounts are whole numbers (int), not "
                            f"{type(value).__name__}")


def _one(amount: int) -> tuple[int, int]:
    return (amount, amount)


def _shuffled(cards: list[int], seed: Optional[int]) -> list[int]:
    """A uniformly shuffled copy (E4): from the seed, or from the OS's secure random source.

    One 384-bit draw (a BLAKE2b hash of the seed, or os.urandom) feeds a Fisher-Yates shuffle
    as mixed-radix digits: 52! < 2^226, so the bias is below 2^-158.
    """
    source = (hashlib.blake2b(str(seed).encode(), digest_size=48).digest() if seed is not None
              else secrets.token_bytes(48))
    bits = int.from_bytes(source, "big")
    out = cards[:]
    # i = n-1 .. 1: bits, j = divmod(bits, i + 1); swap i and j. The digits are taken a group
    # of radices at a time (same digits: each group's product divides what is left), so that
    # most divisions are of small ints.
    for product, positions in _radix_groups(len(out)):
        bits, chunk = divmod(bits, product)
        for i in positions:
            radix = i + 1
            j = chunk % radix
            chunk //= radix
            out[i], out[j] = out[j], out[i]
    return out


@functools.lru_cache(maxsize=None)
def _radix_groups(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The positions i = size-1 .. 1 of a Fisher-Yates shuffle of ``size`` cards, in runs whose
    radices i + 1 multiply to less than 2^30 (one small int holds a run's digits), each with
    that product.

    >>> _radix_groups(5)
    ((120, (4, 3, 2, 1)),)
    """
    groups: list[tuple[int, tuple[int, ...]]] = []
    positions: list[int] = []
    product = 1
    for i in range(size - 1, 0, -1):
        if product * (i + 1) >= 1 << 30:
            groups.append((product, tuple(positions)))
            positions, product = [], 1
        positions.append(i)
        product *= i + 1
    if positions:
        groups.append((product, tuple(positions)))
    return tuple(groups)


class _Plan:
    """What the engine derives from a :class:`GameConfig`, computed once per configuration
    (see :func:`_plan`): the deck, each street's face-up pattern and bet, the C core's ranking
    numbers and the options the hot paths test on every action."""

    __slots__ = ("deck", "streets", "ups", "big", "fixed", "pot_limit", "small_bet", "big_bet",
                 "bring_in", "ante", "uses_bring_in", "cap", "unlimited_heads_up",
                 "open_pair", "wild", "always_wild", "buy_wild", "extra_card", "showing",
                 "dead_seat_keeps_cards")

    def __init__(self, config: GameConfig) -> None:
        game = config.game
        #: the variant's deck in id order (E4 shuffles it)
        self.deck: tuple[int, ...] = (game.ranking.deck if game.deck == 52
                                      else Ranking.SHORT32.deck)
        self.streets = len(game.streets)
        #: per street, whether each of its cards is dealt face up, in dealing order
        self.ups: tuple[tuple[bool, ...], ...] = tuple(
            (False,) * st.down + (True,) * st.up for st in game.streets)
        #: per street, True for a big-bet round (B2)
        self.big: tuple[bool, ...] = tuple(st.big for st in game.streets)
        self.fixed = config.betting == "fixed"
        self.pot_limit = config.betting == "pot"
        self.small_bet = config.small_bet
        self.big_bet = config.big_bet_amount
        self.bring_in = config.bring_in_amount
        self.ante = config.ante
        self.uses_bring_in = config.uses_bring_in
        #: bets and raises allowed in a fixed-limit round (B3)
        self.cap = 1 + config.max_raises
        self.unlimited_heads_up = config.unlimited_heads_up
        #: B4: an open pair on fourth street allows the big bet (seven-card games only)
        self.open_pair = config.open_pair_big_bet and game.cards_per_player == 7
        #: wild cards (D4, S5): any at all; rank masks of the ranks always wild, wild down
        #: (and up once the pot was bought), and earning an extra card when dealt up
        self.wild = game.has_wild_cards
        self.always_wild = game.rank_mask(game.wild_ranks)
        self.buy_wild = game.rank_mask(game.buy_ranks)
        self.extra_card = game.rank_mask(game.extra_card_ranks) if config.four_up_extra_card \
            else 0
        #: the C core's number of the ranking that decides who opens (F5)
        self.showing = game.showing.number
        self.dead_seat_keeps_cards = config.dead_seat_keeps_cards


#: id(config) -> (config, its plan); the config is kept so that its id is not reused
_PLANS: dict[int, tuple[GameConfig, _Plan]] = {}


def _plan(config: GameConfig) -> _Plan:
    """The :class:`_Plan` of a configuration, made once per configuration object (looked up
    by identity: hashing a GameConfig costs more than this whole lookup)."""
    entry = _PLANS.get(id(config))
    if entry is not None and entry[0] is config:
        return entry[1]
    if len(_PLANS) >= 256:  # many short-lived configurations: start afresh
        _PLANS.clear()
    plan = _Plan(config)
    _PLANS[id(config)] = (config, plan)
    return plan


_new_record = tuple.__new__  # Record(*fields) without NamedTuple's keyword handling
_FACE = {False: (False,), True: (True,)}  # a dealt card's Record.up


class StudHand:
    """One hand of fixed-limit stud, from the antes to the award."""

    # every attribute, public and private (no instance dict: attribute access is faster)
    __slots__ = ("config", "seats", "dealer", "burn", "starting_stacks", "deck", "stacks",
                 "records", "cards", "community", "folded", "contributed", "street", "actor",
                 "is_over", "automatic", "dealer_due",
                 "_plan", "_queued", "_hole_cards_given", "_dealing", "_actions", "_next_card",
                 "_burned", "_pending", "_threes_wild", "_dead_seats", "_exposed", "_capped",
                 "_all_in_rights", "_choosers", "_opener", "_reopener", "_round_bet", "_acted",
                 "_may_raise", "_level", "_increment", "_bets", "_bring_in_due", "_completed",
                 "_last_aggressor", "_opened", "_cached", "_live", "_able", "_views", "_pots",
                 "_pots_key", "_skip_burn", "_premature_seat", "_resume")

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
        if not 2 <= n <= config.max_players:
            raise ValueError(f"{config.variant} seats 2 to {config.max_players} players "
                             f"(S3: its deck, burns and shared card), got {n}")
        for seat, stack in enumerate(stacks):
            if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
                raise AmountError("B2", f"stack of seat {seat} is {stack!r}: stacks are "
                                        f"positive whole numbers of chips (int)")
        if not 0 <= dealer < n:
            raise ValueError(f"dealer seat {dealer} is not one of the {n} seats")
        if seed is not None and deck is not None:
            raise ValueError("give a seed or a deck order, not both")
        plan = _plan(config)
        full = list(plan.deck)
        self._queued: Optional[list[list[int]]] = None
        if hole_cards is not None:
            if len(hole_cards) != n:
                raise ValueError("hole_cards needs one card list per seat")
            queued = [list(parse_cards(c)) for c in hole_cards]
            flat = [c for q in queued for c in q]
            if len(set(flat)) != len(flat) or not set(flat) <= set(full):
                raise ValueError("hole_cards must be distinct cards of the variant's deck")
            self._queued = queued
            full = [c for c in full if c not in set(flat)]
        if deck is not None:
            order = list(parse_cards(deck))
            if len(set(order)) != len(order) or not set(order) <= set(full):
                raise ValueError("the deck order must list distinct cards of the variant's deck")
            rest = [c for c in full if c not in set(order)]
            order += rest  # an explicit prefix; the rest in id order
        else:
            order = _shuffled(full, seed)
        self.config = config
        self._plan = plan
        self._hole_cards_given = ([list(parse_cards(c)) for c in hole_cards]
                                  if hole_cards is not None else None)
        self.seats = n
        self.dealer = dealer
        # seats clockwise from the dealer's left: the dealing order (S2), the tie-break of F4/F5
        self._dealing = [(dealer + 1 + i) % n for i in range(n)]
        self.burn = burn
        self.starting_stacks = tuple(stacks)
        self.deck: tuple[int, ...] = tuple(order)
        self.stacks = list(stacks)
        self.records: list[Record] = []
        self._actions: list[tuple[str, int]] = []  # (kind, amount) of player actions, for JSON
        self._next_card = 0
        self._burned: list[int] = []
        # operations due before the next betting round, in order: ("turn_up", seat) (S4) or
        # ("buy_pot", seat) (S5: an up three buys the pot or folds)
        self._pending: list[tuple[str, int]] = []
        self._threes_wild = False  # S5: every three is wild once somebody bought the pot
        self._dead_seats: list[int] = []  # B9 option: folded seats still dealt to
        self._exposed: Optional[int] = None  # I1 keep_capped: the exposed card, dealt face up
        self._skip_burn = False  # I1: the next street's burn was made when a card was exposed
        self._premature_seat: Optional[int] = None  # I1 bury: the seat whose card was buried
        self._resume: Optional[int] = None  # I2 reported mid-round: who acts after the choice
        self._capped = False  # I1 keep_capped: no bet above the largest in this round
        self._all_in_rights: set[int] = set()  # I2: seats treated as all in
        self._choosers: list[int] = []  # I2: seats choosing whether to be treated as all in
        self._opener: Optional[int] = None  # who opened the current betting round
        self._reopener: Optional[int] = None  # I2: the previous round's opener opens
        # the betting round (reset by _start_round)
        self._round_bet = [0] * n
        self._acted = [False] * n
        self._may_raise = [True] * n
        self._level = 0
        self._increment = plan.small_bet
        self._bets = 0
        self._bring_in_due: Optional[int] = None
        self._completed = False
        self._last_aggressor: Optional[int] = None
        self._opened = True
        self._cached: Optional[dict[str, tuple[int, int]]] = None  # _options()
        self.cards: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
        self.community: list[int] = []
        self.folded = [False] * n
        self._live = n  # seats not folded
        self._able = n  # seats neither folded nor all in
        self.contributed = [0] * n
        self.street = -1
        self.actor: Optional[int] = None
        self.is_over = False
        self.automatic = automatic
        #: the dealer operation the hand waits for (automatic=False), or None
        self.dealer_due: Optional[str] = None
        # view(): per seat, how many records it has seen, who showed, the records as it sees them
        self._views: dict[int, tuple[int, set[int], list[dict[str, Any]]]] = {}
        # pots(): the last pots built (Pot is immutable) and the chips and folds they are of
        self._pots: list[Pot] = []
        self._pots_key: tuple[int | bool, ...] = ()
        if automatic:
            self._post_antes()
            self._next_street()
        else:
            self.dealer_due = "post_antes"

    # ---- public state -----------------------------------------------------------------------


    @property
    def pot_total(self) -> int:
        """All chips put in during the hand so far (E1: stacks + pot_total is constant)."""
        return sum(self.contributed)

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
        return not self.folded[seat] and (self.stacks[seat] == 0
                                          or seat in self._all_in_rights)

    def up_cards(self, seat: int) -> list[int]:
        """The seat's face-up cards, in the order dealt."""
        return [c for c, up in self.cards[seat] if up]

    def legal_actions(self) -> dict[str, tuple[int, int]]:
        """What the actor may do: action name -> (least, most) chips it puts in."""
        return dict(self._options())

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
        self._cached = None
        c, _ = self.cards[s][index]
        self.cards[s][index] = (c, True)
        record = Record("turn_up", s, cards=(c,), up=(True,), street=self.street)
        self.records.append(record)
        self._actions.append(("turn_up", c))
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
        self._put(s, amount, counts_in_round=False)
        self._threes_wild = True
        record = Record("buy_pot", s, amount, street=self.street)
        self.records.append(record)
        self._actions.append(("buy_pot", 0))
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
        self._actions.append((kind, 0))
        self._pending_done()
        return record

    def _pending_done(self) -> None:
        """The first pending operation is done: the next one, or the betting round."""
        self._pending.pop(0)
        if self._live == 1:
            self._pending.clear()
            self.actor = None
            self._round_over()
        elif self._pending:
            self.actor = self._pending[0][1]
        elif self._resume is not None:  # I2 reported mid-round: the round goes on
            resume, self._resume = self._resume, None
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
        if burn_now:
            self._burned.append(self._draw())
            self.records.append(_new_record(Record, ("burn", None, 0, 0, (), (), street)))
        self._skip_burn = True  # the next street's burn is made (or was not due)
        if self.config.premature_card == "bury":
            if self._queued is None:
                self._burned.append(self._draw())
            self._premature_seat = seat
        else:
            self._exposed = exposed
            self._capped = True
        record = Record("premature_card", None, cards=(exposed,), up=(True,), street=street)
        self.records.append(record)
        self._actions.append(("premature_card", exposed))
        return record

    def _premature(self, card: Optional[int | str]) -> tuple[bool, int, int]:
        """I1: (burn now, the exposed card, the seat it was for), or RuleError."""
        if self.is_over or self.actor is None or self._pending:
            raise RuleError("I1", "a premature card is only possible during a betting round")
        plan = self._plan
        if self.street + 1 >= plan.streets:
            raise RuleError("I1", "no street is left to deal: no card can be premature")
        if self._skip_burn:
            raise RuleError("I1", "a card was already exposed in this betting round")
        players = self._seats_dealt()
        count = len(players)
        queued = self._queued
        wanted: Optional[int] = None
        if card is not None:
            try:
                found = parse_cards([card] if isinstance(card, int) else card)
            except (TypeError, ValueError):
                found = ()
            if len(found) != 1:
                raise RuleError("I1", f"not one card: {card!r}")
            wanted = found[0]
        left = len(self.deck) - self._next_card
        if queued is not None:  # a replay: the card comes from the file
            if wanted is None:
                raise RuleError("I1", "name the exposed card when replaying given hole cards")
            # kept: the next card of whoever gets it (or never dealt: the hand ended first);
            # buried: a card nobody is dealt
            kept = self.config.premature_card == "keep_capped" and any(
                queued[s][:1] == [wanted] for s in players)
            if not kept and (wanted not in self.deck[self._next_card:]
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
        exposed = self.deck[self._next_card + burn_now]
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
        self._cached = None
        card, _ = self.cards[seat][index]
        self.cards[seat][index] = (card, True)
        record = Record("exposed_card", seat, cards=(card,), up=(True,), street=self.street)
        self.records.append(record)
        self._actions.append(("exposed_card", seat))
        if any(self._round_bet) or self.stacks[seat] == 0:  # significant action: all in now
            if self.stacks[seat] > 0:
                self._all_in_rights.add(seat)
                self._able -= 1
            if self.actor == seat:
                self._advance(seat)
        else:  # before it: the seat chooses, then the round goes on where it was
            self._resume = self.actor
            self._pending.insert(0, ("all_in_choice", seat))
            self.actor = seat
        return record

    def _reported(self, seat: int) -> int:
        """I2: the index of ``seat``'s face-down seventh-street card, or RuleError."""
        plan = self._plan
        if (self.is_over or self.actor is None or self._pending
                or self.config.game.cards_per_player != 7 or self.street != plan.streets - 1):
            raise RuleError("I2", "an exposed card is reported during seventh-street betting")
        if type(seat) is not int or not 0 <= seat < self.seats or self.folded[seat]:
            raise RuleError("I2", f"seat {seat!r} is not in the hand")
        held = self.cards[seat]
        if len(held) != 7 or held[-1][1] or seat in self._all_in_rights:
            raise RuleError("I2", f"seat {seat}: has no face-down seventh-street card to report")
        return len(held) - 1

    def act(self, kind: str, to: Optional[int] = None) -> Record:
        """Perform a player action by name (a key of :meth:`legal_actions`): the generic form
        of fold(), check(), call(), bet(), raise_to(), bring_in(), complete() and, with the
        card as ``to``, turn_up(), for bots."""
        if kind in _BETTING_ACTIONS:
            return self._act(kind, to)
        if kind == "turn_up":
            if to is None:
                raise RuleError("S4", "turn_up needs the card to turn up")
            return self.turn_up(to)
        if kind == "buy_pot":
            return self.buy_pot()
        if kind in ("take_all_in", "play_on"):
            return self._all_in_choice(kind == "take_all_in")
        return self._act(kind, to)

    # ---- what a seat may know (E3) ----------------------------------------------------------

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may know (E3) as a frozen :class:`~stud_fast.views.SeatView` of card
        ids: what bots receive. See :meth:`view` for the same as JSON-ready text."""
        return seat_view(self, seat)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its own down cards, every up card, public actions, pots.

        Other players' down cards, the stub and burned cards never appear, except cards shown
        at showdown (E3).
        """
        if not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is not at this table")
        shown, public = self._seen_by(seat)

        def visible(s: int, card: int, up: bool) -> Optional[str]:
            return card_str(card) if up or s == seat or s in shown else None

        records = []  # fresh copies: the caller may change what it gets
        for d in public:
            d = dict(d)
            if "cards" in d:
                d["cards"] = list(d["cards"])
            records.append(d)
        return {
            "seat": seat,
            "variant": self.config.variant,
            "street": self.street,
            "stacks": list(self.stacks),
            "contributed": list(self.contributed),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "folded": list(self.folded),
            "cards": [[visible(s, c, u) for c, u in self.cards[s]] for s in range(self.seats)],
            "community": [card_str(c) for c in self.community],
            "actor": self.actor,
            "legal_actions": ({k: list(v) for k, v in self.legal_actions().items()}
                              if self.actor == seat else {}),
            "records": records,
            "is_over": self.is_over,
        }

    def _seen_by(self, seat: int) -> tuple[set[int], list[dict[str, Any]]]:
        """The seats that showed their cards, and the records as ``seat`` sees them (E3), as
        :meth:`view` lists them but with the card lists as tuples. Kept per seat and brought
        up to date with the records added since the last call (records are only ever added):
        only a new ``show`` record, which uncovers earlier deals, makes it start afresh."""
        done, shown, public = self._views.get(seat) or (0, set(), [])
        records = self.records
        new = records[done:]
        fresh = {r.seat for r in new if r.kind == "show" and r.seat is not None} - shown
        if fresh:
            shown = shown | fresh
            new, public = records, []
        for r in new:
            kind = r.kind
            if kind == "burn":
                public.append({"kind": "burn", "street": r.street})
                continue
            d = r._asdict()
            s = r.seat
            if kind == "deal" and s is not None:
                d["cards"] = tuple(card_str(c) if u or s == seat or s in shown else None
                                   for c, u in zip(r.cards, r.up))
            else:
                d["cards"] = tuple(card_str(c) for c in r.cards)
            public.append(d)
        self._views[seat] = (len(records), shown, public)
        return shown, public

    # ---- persistence ------------------------------------------------------------------------

    def to_json(self, key: Optional[bytes | str] = None) -> str:
        """The whole hand as JSON: configuration, stacks, dealer, deck order and actions;
        with ``key``, signed with an HMAC so that :meth:`from_json` can tell it was not changed.

        The state is a pure function of these (E4), so :meth:`from_json` rebuilds it exactly.
        """
        return saved.dump({
            "format": saved.FORMAT, "config": self.config.to_dict(),
            "stacks": list(self.starting_stacks), "dealer": self.dealer,
            "deck": list(self.deck), "burn": self.burn, "automatic": self.automatic,
            "hole_cards": self._hole_cards_given,
            "actions": [list(a) for a in self._actions],
        }, key)

    @classmethod
    def from_json(cls, text: str | bytes, key: Optional[bytes | str] = None) -> "StudHand":
        """Rebuild a hand saved by :meth:`to_json`, checking every field and replaying its
        actions through the rules; with ``key``, the signature is checked first. Anything
        wrong raises :class:`~stud_fast.errors.StateError` (a ``ValueError``) naming the field.
        """
        return saved.load(cls, text, key)

    # ---- internals: rounds ------------------------------------------------------------------

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
        stacks, contributed, append = self.stacks, self.contributed, self.records.append
        for s in self._dealing:  # F1: everyone antes
            stack = stacks[s]
            amount = ante if ante < stack else stack
            if amount == stack:
                self._able -= 1  # all in now (stacks are positive, so amount is too)
            stacks[s] = stack - amount
            contributed[s] += amount
            append(_new_record(Record, ("ante", s, amount, 0, (), (), 0)))

    def _put(self, seat: int, amount: int, counts_in_round: bool = True) -> None:
        if amount and self.stacks[seat] == amount:
            self._able -= 1  # all in now
        self.stacks[seat] -= amount
        self.contributed[seat] += amount
        if counts_in_round:
            self._round_bet[seat] += amount

    def _draw(self) -> int:
        card = self.deck[self._next_card]
        self._next_card += 1
        return card

    def _deal_street(self, exposed: Sequence[int] = ()) -> list[tuple[int, int]]:
        """Deal one street; returns the (seat, card) pairs dealt face up, in dealing order.
        ``exposed``: seats whose (seventh-street) card is dealt face up by mistake (I2)."""
        ups = self._plan.ups[self.street]
        dealt_up: list[tuple[int, int]] = []
        folded = self.folded
        players = self._seats_dealt()
        count = len(players)
        exposed = [s for s in exposed if s in players]
        if players and players[0] in exposed:
            # I2: the first card of the round was exposed: all of them go face up, and the
            # opener of the previous round opens
            exposed = players
            self._reopener = self._opener
        else:
            # I2: each such player has the rights of an all-in player: before any betting of
            # the round it chooses whether to be treated as all in (all_in_choice below)
            self._choosers = [s for s in players  # in dealing order
                              if s in exposed and not self.folded[s] and self.stacks[s] > 0]
        deck, queued, street_no = self.deck, self._queued, self.street
        cards, append = self.cards, self.records.append
        size = len(deck)
        left = size - self._next_card
        if queued is not None:  # the players' cards are fixed: burn from what is left
            burn = left > 0
        else:
            burn = left > len(ups) * count
        if self._skip_burn:  # I1: burned when the premature card was exposed
            burn = self._skip_burn = False
        if self._premature_seat is not None:  # I1 bury: that deal ends at the seat whose card
            x, self._premature_seat = self._premature_seat, None  # was exposed
            if x in players:
                players = [s for s in players if s != x] + [x]
        if self.burn and burn:
            self._burned.append(self._draw())
            append(_new_record(Record, ("burn", None, 0, 0, (), (), street_no)))
        for up in ups:
            short = (size - self._next_card < count if queued is None
                     else any(not queued[s] for s in players))
            if short:
                # S3: the stub cannot give every player a card: one card in the centre, from
                # the stub, or from the burned cards when the stub is empty (std practice)
                if self._next_card < len(self.deck):
                    card = self._draw()
                else:
                    card = self._burned.pop(0)
                self.community.append(card)
                append(_new_record(Record, ("community", None, 0, 0, (card,), (True,),
                                            street_no)))
                continue
            if queued is None:
                start = self._next_card
                self._next_card = start + count
                dealt: Sequence[int] = deck[start:start + count]
            else:
                dealt = [queued[s].pop(0) for s in players]
            premature = self._exposed  # I1 keep_capped: the exposed card stays exposed
            if premature is None and not exposed:  # the usual deal: every card alike
                face = _FACE[up]
                for s, card in zip(players, dealt):
                    cards[s].append((card, up))
                    append(_new_record(Record, ("deal", s, 0, 0, (card,), face, street_no)))
                if up:
                    dealt_up += [(s, card) for s, card in zip(players, dealt) if not folded[s]]
                continue
            for s, card in zip(players, dealt):
                face_up = up or s in exposed
                if card == premature:
                    face_up = True
                    premature = self._exposed = None
                cards[s].append((card, face_up))
                append(_new_record(Record, ("deal", s, 0, 0, (card,), (face_up,), street_no)))
                if face_up and not folded[s]:
                    dealt_up.append((s, card))
        extra_card = self._plan.extra_card
        if extra_card:
            for s, card in dealt_up:  # S5 option: an up four earns an extra down card
                if not extra_card >> (card >> 2) & 1:
                    continue
                if self._queued is not None:
                    extra = self._queued[s].pop(0) if self._queued[s] else None
                else:
                    extra = self._draw() if self._next_card < len(self.deck) else None
                if extra is not None:
                    self.cards[s].append((extra, False))
                    self.records.append(Record("deal", s, 0, 0, (extra,), (False,), self.street))
        return dealt_up

    def _next_street(self) -> None:
        """Deal streets (with or without betting) until someone must act or the hand ends."""
        while True:
            if self._live == 1 or self.street + 1 >= self._plan.streets:
                self._finish()
                return
            self._check_hole_cards()
            if self._deal_next():
                return

    def _seats_dealt(self) -> list[int]:
        """The seats the next cards go to, in dealing order: those still in the hand, and dead
        seats that keep being dealt to (B9)."""
        folded, dead = self.folded, self._dead_seats
        return [s for s in self._dealing if not folded[s] or s in dead]

    def _check_hole_cards(self) -> None:
        """Given hole cards (a replay) must hold the next street's cards for every seat dealt
        to, or for none of them (S3: the stub ran short); raised before anything is dealt."""
        queued = self._queued
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
        if self._choosers:  # I2: exposed seventh-street cards: all in or play on
            self._pending = [("all_in_choice", s) for s in self._choosers]
            self._choosers = []
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
            self._last_aggressor = None  # nobody bets: the best board shows first (S6)
            return False  # S3, seed 003: no betting when everyone shares the last card
        self._start_round()
        return self.actor is not None

    # ---- dealer operations (automatic=False) ------------------------------------------------

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

    def _exposed_seats(self, exposed: Sequence[int]) -> list[int]:
        """I2: ``exposed`` as a list of distinct seats dealt a seventh-street card, or
        RuleError."""
        try:
            seats = list(exposed)
        except TypeError:
            raise RuleError("I2", f"exposed must list seats, got {exposed!r}") from None
        if not seats:
            return seats
        game = self.config.game
        if game.cards_per_player != 7 or self.street + 2 != len(game.streets):
            raise RuleError("I2", "only a seventh-street card can be exposed this way")
        dealt = self._seats_dealt()
        queued = self._queued
        if (len(self.deck) - self._next_card < len(dealt) if queued is None
                else any(not queued[s] for s in dealt)):
            raise RuleError("I2", "seventh street is one shared card (S3): no player's card "
                                  "can be exposed")
        for seat in seats:
            if type(seat) is not int or seat not in dealt:
                raise RuleError("I2", f"seat {seat!r} is not dealt a seventh-street card")
        if len(set(seats)) != len(seats):
            raise RuleError("I2", f"a seat is listed twice in exposed: {seats}")
        return seats

    def post_antes(self) -> None:
        """Collect the antes (F1)."""
        self._dealer("post_antes")
        self._post_antes()
        self.dealer_due = "deal"
        self._actions.append(("post_antes", 0))

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
        self._actions.append(("deal", list(exposed)))  # type: ignore[arg-type]
        if not self._deal_next(exposed):
            self.dealer_due = "collect_bets"

    def collect_bets(self) -> None:
        """Gather the street's bets into the pot(s); then the next street or the award."""
        self._dealer("collect_bets")
        self.records.append(Record("collect", None, street=self.street))
        self._actions.append(("collect_bets", 0))
        last = self.street + 1 >= len(self.config.game.streets)
        self.dealer_due = "award" if self._live == 1 or last else "deal"

    def award(self) -> None:
        """Showdown and award of the pots (S6, S7)."""
        self._dealer("award")
        self.dealer_due = None
        self._actions.append(("award", 0))
        self._finish()

    def _start_round(self) -> None:
        n = self.seats
        self._capped = False
        self._round_bet = [0] * n
        self._level = 0
        self._increment = self._plan.small_bet  # pot and no limit: the least raise (B2, B7)
        self._bets = 0            # the bet (or completion) and the raises so far (B3)
        self._acted = [False] * n
        self._may_raise = [True] * n
        self._bring_in_due = None
        self._completed = False
        self._last_aggressor = None
        self._opened = True
        if self._able < 2:  # a fresh round owes nothing: nobody to bet against, deal on (B6)
            self.actor = None
            return
        if self.street == 0 and self._plan.uses_bring_in:
            self.actor = self._bring_in_seat()
            self._bring_in_due = self.actor
        elif self.street == 0:
            self.actor = self._first_actor(by_high_card=True)
            self._opened = self.config.first_round != "must_open"
        else:
            self.actor = self._first_actor(by_high_card=False)
            if self._reopener is not None and not self.is_all_in(self._reopener) \
                    and not self.folded[self._reopener]:
                self.actor = self._reopener  # I2: the opener of the previous round
        self._reopener = None
        self._opener = self.actor

    def _bet_size(self) -> int:
        plan = self._plan
        if not plan.fixed:
            return plan.small_bet  # pot and no limit: the least bet
        if plan.big[self.street]:
            return plan.big_bet
        if plan.open_pair and self.street == 1:  # B4
            for s in self.in_hand():
                ups = [c >> 2 for c in self.up_cards(s)]
                if len(ups) != len(set(ups)):
                    return plan.big_bet
        return plan.small_bet

    def _fixed_bet(self, plan: _Plan) -> int:
        """:meth:`_bet_size` in fixed limit, the open-pair check (B4) only where it applies."""
        street = self.street
        if plan.big[street]:
            return plan.big_bet
        if plan.open_pair and street == 1:
            return self._bet_size()
        return plan.small_bet

    def _bring_in_seat(self) -> int:
        """F2: the lowest up card (razz, S8: the highest) brings in; suit breaks ties, clubs
        lowest. F3: a player all in on the ante cannot; the next card in line does."""
        high = self.config.game.opener == "bring_in_high"

        aces_low = high and self.config.game.ranking.is_low
        wild_cards = self._plan.wild
        best: Optional[tuple[int, int]] = None
        seat = -1
        folded, stacks, rights = self.folded, self.stacks, self._all_in_rights
        cards = self.cards
        for s in self._dealing:  # position from the dealer's left breaks what ties remain
            if folded[s] or stacks[s] == 0 or s in rights:
                continue  # F3: out of the hand or all in
            held = cards[s]
            for card, up in held:  # the door card: the first one up
                if up:
                    break
            else:  # no card up (replayed hole cards ran out): as up_cards(s)[0] fails
                raise IndexError("list index out of range")
            rank = card >> 2
            if wild_cards and self._is_wild(card, True):
                rank = 99  # a wild door card never brings in (it could be any card)
            if aces_low:
                rank = -1 if rank == 12 else rank  # aces are low in razz
            strength = (rank, card & 3)
            # the player dealt first wins ties (only wild door cards of one suit can tie)
            if best is None or (strength > best if high else strength < best):
                best, seat = strength, s
        if best is None:
            raise ValueError("no player can bring in")  # pragma: no cover - never: B6 first
        return seat

    def _first_actor(self, by_high_card: bool) -> Optional[int]:
        """F4/F5: the best showing hand acts first, ties to the first dealt; B6: when that
        player is all in, the next active player on their left opens."""
        folded, cards = self.folded, self.cards
        best, top = -1, -1
        if by_high_card:  # F4: the highest up card; equal cards, the player dealt first
            wild = self._is_wild  # D5: a wild up card counts as wild: above an ace
            wild_cards = self._plan.wild
            for s in self._dealing:
                if not folded[s]:
                    value = max(13 if wild_cards and wild(c, True) else c >> 2
                                for c, up in cards[s] if up)
                    if best < 0 or value > top:
                        best, top = s, value
        elif self._plan.wild:
            ranking = self.config.game.showing
            for s in self._dealing:
                if not folded[s]:
                    value = self._value(self._showing(s), ranking)
                    if best < 0 or value > top:
                        best, top = s, value
        else:  # no wild cards: evaluate the up cards directly
            number, evaluate = self._plan.showing, _core.eval_ids
            for s in self._dealing:
                if not folded[s]:
                    # S3: the community card does not count towards the opener
                    value = evaluate([c for c, up in cards[s] if up], number, 0)
                    if best < 0 or value > top:
                        best, top = s, value
        if folded[best] or (self.stacks[best] != 0 and best not in self._all_in_rights):
            return best  # not all in (is_all_in)
        return self._next_able(best)

    def _next_able(self, after: int) -> Optional[int]:
        for s in self._order_from((after + 1) % self.seats):
            if not self.folded[s] and not self.is_all_in(s):
                return s
        return None

    # ---- internals: legality ----------------------------------------------------------------

    def _can(self, kind: str) -> bool:
        cached = self._cached
        return kind in (cached if cached is not None else self._options())

    def _verify(self, kind: str, to: Optional[int] = None) -> int:
        """Chips the actor would put in by ``kind`` (a bet or raise to ``to`` chips for the
        round, the least allowed by default), or RuleError (nothing changes)."""
        legal = self._options()
        if kind not in legal:
            rule, message = self._refusals().get(
                kind, ("B1", f"unknown action {kind!r}: use one of {', '.join(_ALL_ACTIONS)}"))
            raise RuleError(rule, f"seat {self.actor}: {message}"
                            if self.actor is not None else message)
        least, most = legal[kind]
        if to is None:
            return least
        if kind not in ("bet", "raise"):
            raise RuleError("B1", f"seat {self.actor}: {kind} takes no amount")
        assert self.actor is not None
        if type(to) is not int:
            to = whole_chips(to, f"seat {self.actor}: {kind} to")
        amount = to - self._round_bet[self.actor]
        if not least <= amount <= most:
            have = self._round_bet[self.actor]
            raise RuleError("B2", f"seat {self.actor}: {kind} to {to} is outside "
                                  f"{least + have}..{most + have} ({self.config.betting} limit)")
        return amount

    def _options(self) -> dict[str, tuple[int, int]]:
        """The actor's legal actions with the least and most chips each puts in. Computed once
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
        fills it with why each other action is refused (rule ID, message)."""
        legal: dict[str, tuple[int, int]] = {}
        s = self.actor
        if self.is_over or s is None:
            if refused is not None:
                why = ("the hand is over; nobody is to act" if self.is_over else
                       f"no player is to act: the dealer must {self.dealer_due.replace('_', ' ')}"
                       if self.dealer_due else "no player is to act")
                for kind in _ALL_ACTIONS:
                    refused[kind] = ("E2", why)
            return legal
        pending = self._pending
        if pending and pending[0][0] == "all_in_choice":
            legal["take_all_in"] = legal["play_on"] = (0, 0)
            if refused is not None:
                for kind in _PLAYER_ACTIONS + ("buy_pot", "turn_up"):
                    refused[kind] = ("I2", "its seventh-street card was exposed: take the "
                                           "rights of an all-in player (take_all_in) or play on")
            return legal
        if refused is not None:
            for kind in ("take_all_in", "play_on"):
                refused[kind] = ("I2", "only a player whose seventh-street card was exposed "
                                       "chooses to take the rights of an all-in player")
        if pending and pending[0][0] == "turn_up":  # S4: turn a card up first
            legal["turn_up"] = (0, 0)
            if refused is not None:
                for kind in _PLAYER_ACTIONS + ("buy_pot",):
                    refused[kind] = ("S4", "it must turn one of its down cards up first")
            return legal
        if refused is not None:
            refused["turn_up"] = ("S4", "cards are turned up only in Mexican stud, after a deal")
        stack = self.stacks[s]
        if pending:  # S5: an up three: buy the pot or fold, nothing else
            legal["buy_pot"] = _one(min(self.pot_total, stack))
            legal["fold"] = (0, 0)
            if refused is not None:
                for kind in _PLAYER_ACTIONS:
                    if kind != "fold":
                        refused[kind] = ("S5", "it was dealt a three face up: buy the pot or "
                                               "fold")
            return legal
        if refused is not None:
            refused["buy_pot"] = ("S5", "only a player dealt a three face up buys the pot")
        plan = self._plan
        if self._bring_in_due is not None:  # F2: the forced opening comes first
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
        level = self._level
        have = self._round_bet[s]
        owe = level - have
        others = self._able - 1  # the actor itself is never folded nor all in
        if owe > 0:
            if refused is not None:
                refused["check"] = ("B1", "it cannot check: there is a bet to call")
            legal["call"] = (owe, owe) if owe < stack else (stack, stack)
        else:
            if refused is not None:
                refused["call"] = ("B1", "nothing to call: check or bet")
            if self._opened or others == 0:  # nobody could answer an opening bet anyway
                legal["check"] = (0, 0)
            elif refused is not None:
                refused["check"] = ("F4", "the high card must open or fold (option must_open)")
        first_round_bring_in = self.street == 0 and plan.uses_bring_in
        if self._capped:  # I1 keep_capped: nothing above the largest bet already made
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
        completed = self._completed
        if not first_round_bring_in or completed:
            if refused is not None:
                refused["complete"] = ("F2", "completing is only for a bring-in not yet "
                                             "completed")
        elif stack <= owe:
            if refused is not None:
                refused["complete"] = ("B7", "not enough chips to complete: call all in "
                                             "instead")
        else:
            legal["complete"] = _one(min(plan.small_bet - have, stack))
        if level > 0:
            if refused is not None:
                refused["bet"] = ("B1", "there is a bet already: call or raise")
        elif first_round_bring_in:
            if refused is not None:
                refused["bet"] = ("F2", "the first round opens with the bring-in")
        elif plan.fixed:  # one size (_sizes), or all in for less
            size = self._fixed_bet(plan)
            legal["bet"] = (size, size) if size < stack else (stack, stack)
        else:
            legal["bet"] = self._sizes(stack, self._bet_size(), 0)
        if level == 0 or (first_round_bring_in and not completed):
            if refused is not None:
                refused["raise"] = ("B1", "nothing to raise: bet (or complete the bring-in)")
        elif plan.fixed and self._bets >= plan.cap and not (  # B3 caps fixed limit only,
                plan.unlimited_heads_up and self._live == 2):  # (option) not heads up
            if refused is not None:
                refused["raise"] = ("B3", "the raise cap of this betting round is reached")
        elif not self._may_raise[s]:
            if refused is not None:
                refused["raise"] = ("B7", "a short all-in did not reopen the betting for this "
                                          "seat")
        elif stack <= owe:
            if refused is not None:
                refused["raise"] = ("B7", "not enough chips to raise: call all in instead")
        elif plan.fixed:  # one size (_sizes), or all in for less
            least = owe + self._fixed_bet(plan)
            legal["raise"] = (least, least) if least < stack else (stack, stack)
        else:
            legal["raise"] = self._sizes(stack, owe + self._increment, owe)
        return legal

    def _sizes(self, stack: int, least: int, owe: int) -> tuple[int, int]:
        """(least, most) chips for a bet or raise (B2): fixed limit allows one size; pot limit
        up to the pot after calling; no limit the whole stack. Less only all in."""
        if least > stack:
            least = stack  # all in for less
        plan = self._plan
        if plan.fixed:
            return (least, least)
        most = stack
        if plan.pot_limit:
            most = min(stack, owe + self.pot_total + owe)
        return least, max(least, most)

    # ---- internals: performing ---------------------------------------------------------------

    def _act(self, kind: str, to: Optional[int] = None) -> Record:
        limits = self._options().get(kind)
        if limits is None or to is not None:
            amount = self._verify(kind, to)  # E2: checked before anything changes
        else:
            amount = limits[0]  # the common case of _verify: legal, the least amount
        self._cached = None
        s = self.actor
        assert s is not None
        if self._pending:  # S5: the only player action before a buy is folding
            record = self._fold(s)
            self.records.append(record)
            self._actions.append(("fold", 0))
            self._pending_done()
            return record
        before = self._level
        round_bet = self._round_bet
        if amount:  # what _put does, inlined on this hot path
            stacks = self.stacks
            if stacks[s] == amount:
                self._able -= 1  # all in now
            stacks[s] -= amount
            self.contributed[s] += amount
            round_bet[s] += amount
        new_total = round_bet[s]
        street = self.street
        if kind == "check" or kind == "call":
            record = _new_record(Record, (kind, s, amount, 0, (), (), street))
            if kind == "check":  # F4 must_open: an allowed check ends the duty to open
                self._opened = True
        elif kind == "fold":
            if self._plan.dead_seat_keeps_cards and before == new_total:
                self._dead_seats.append(s)  # B9: folded when it could check
            record = self._fold(s)
        elif kind == "bring_in":
            self._bring_in_due = None
            if new_total > before:
                self._level = new_total
            record = _new_record(Record, ("bring_in", s, amount, new_total, (), (), street))
        else:  # bet, raise, complete: the level rises
            plan = self._plan
            fixed = plan.fixed
            size = self._fixed_bet(plan) if fixed else self._increment
            self._dead_seats.clear()  # B9: dead seats are dealt to until the next bet
            self._bring_in_due = None
            level = self._level = max(before, new_total)
            raised_by = level - before
            if kind == "complete":
                full = plan.small_bet - before
                self._completed = True
            else:
                full = size
            # B7 speaks of raises: an opening bet, even all in for less, is the round's bet
            # and everyone still to act may raise it (as pokerkit and most cardrooms play).
            # Fixed limit: half a bet or more counts as a full raise; pot and no limit: only
            # a full raise does.
            needed = (full + 1) // 2 if fixed else full
            if kind == "bet" or raised_by >= needed:
                if not fixed:
                    self._increment = max(raised_by, plan.small_bet)
                self._bets += 1
                self._acted = [False] * self.seats
                self._may_raise = [True] * self.seats
            else:  # a short all-in: those who acted may only call or fold
                self._may_raise = [not a for a in self._acted]
                self._acted = [a and round_bet[p] >= level for p, a in enumerate(self._acted)]
            self._last_aggressor = s
            self._opened = True
            record = _new_record(Record, (kind, s, amount, new_total, (), (), street))
        self._acted[s] = True
        self.records.append(record)
        self._actions.append((kind, new_total if kind == "bet" or kind == "raise" else 0))
        self._advance(s)
        return record

    def _fold(self, s: int) -> Record:
        self.folded[s] = True
        self._live -= 1
        self._able -= 1
        return _new_record(Record, ("fold", s, 0, 0, (), (), self.street))

    def _advance(self, last: int) -> None:
        if self._live == 1:
            self.actor = None
            self._round_over()
            return
        if not self._opened:  # F4 must_open: the next highest card must open in turn
            self.actor = self._first_actor(by_high_card=True)
            if self.actor is not None:
                return
            self._opened = True  # nobody left who can open: the round is over
        n = self.seats
        folded, stacks, rights = self.folded, self.stacks, self._all_in_rights
        round_bet, acted, level = self._round_bet, self._acted, self._level
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

    def _finish(self) -> None:
        """Showdown (S6) and award (S7); with one player left, no cards are shown."""
        self.actor = None
        self.is_over = True
        live = self.in_hand()
        if len(live) == 1:  # everybody else folded: every chip goes to the last seat (B8)
            total = sum(self.contributed)
            if total:
                self.stacks[live[0]] += total
                self.records.append(_new_record(Record, ("win", live[0], total, 0, (), (), 0)))
            return
        pots = self.pots()
        high: Optional[dict[int, int]] = None
        low: Optional[dict[int, int]] = None
        if len(live) > 1:
            high, low = self._showdown(live, pots)
        # S7: an odd chip goes to the winner holding the highest card by suit
        order = sorted(live, key=lambda s: max(c for c, _ in self.cards[s]), reverse=True)
        won = award(pots, high=high, low=low, odd_chip_order=order, seats=self.seats)
        for s, amount in enumerate(won):
            if amount:
                self.stacks[s] += amount
                self.records.append(Record("win", s, amount))

    def _hand_values(self, s: int) -> tuple[int, int]:
        """(high value, low value) of a seat's whole hand; low is 0 outside hi-lo games. With
        the D3 option the two unused cards break ties, highest first."""
        game = self.config.game
        held = self.cards[s] + [(c, True) for c in self.community]
        high = self._value(held, game.ranking)
        if self.config.tiebreak == "unused_cards" and 5 < len(held) <= 7 and not self._plan.wild:
            cards = [c for c, _ in held]
            best = max(itertools.combinations(cards, 5),
                       key=lambda five: _core.eval_ids(five, game.ranking.number, 0))
            unused = sorted((c >> 2 for c in cards if c not in best), reverse=True)
            high = high << 8 | sum(r << (4 * (1 - i)) for i, r in enumerate(unused[:2]))
        low = self._value(held, game.low) if game.low is not None else 0
        return high, low

    def _is_wild(self, card: int, up: bool) -> bool:
        """D4, S5: the variant's always-wild ranks, and its buy ranks dealt down (up too once
        the pot was bought)."""
        plan = self._plan
        rank = card >> 2
        return bool(plan.always_wild >> rank & 1
                    or (plan.buy_wild >> rank & 1 and (not up or self._threes_wild)))

    def _showing(self, s: int) -> list[tuple[int, bool]]:
        return [(c, True) for c, up in self.cards[s] if up]

    def _value(self, held: list[tuple[int, bool]], ranking: Ranking) -> int:
        """Value of held cards under ``ranking``, wild cards as jokers; more than seven cards
        (baseball's extra cards) take the best seven."""
        if not self._plan.wild:  # no wild cards: the common, fast case
            return _core.eval_ids([c for c, _ in held], ranking.number, 0)
        ids = [SF_JOKER if self._is_wild(c, up) else c for c, up in held]
        if len(ids) <= 7:
            return _core.eval_ids(ids, ranking.number, 0)
        return max(_core.eval_ids(seven, ranking.number, 0)
                   for seven in itertools.combinations(ids, 7))

    def _showdown(self, live: list[int], pots: list[Pot]) -> tuple[dict[int, int],
                                                                    Optional[dict[int, int]]]:
        """S6: the last bettor or raiser of the final round shows first, else the best showing
        hand; then clockwise. A player whose hand can win no part of any pot it is in mucks
        (unless the game shows all hands); mucked cards stay hidden and win nothing."""
        first = self._last_aggressor
        if first is None or self.folded[first]:
            ranking = self.config.game.showing
            order = self._dealing_order()
            first = max(live, key=lambda s: (
                self._value(self._showing(s), ranking), -order.index(s)))
        hi_lo = self.config.game.low is not None
        best_high = [-1] * len(pots)
        best_low = [0] * len(pots)
        high: dict[int, int] = {}
        low: dict[int, int] = {}
        for s in self._order_from(first):
            if s not in live:
                continue
            h, lo = self._hand_values(s)
            mine = [i for i, p in enumerate(pots) if s in p.eligible]
            can_win = any(h >= best_high[i] or (lo > 0 and lo >= best_low[i]) for i in mine)
            if can_win or self.config.show_all:
                cards = tuple(c for c, _ in self.cards[s])
                self.records.append(Record("show", s, cards=cards, up=(True,) * len(cards),
                                           street=self.street))
                high[s], low[s] = h, lo
                for i in mine:
                    best_high[i] = max(best_high[i], h)
                    best_low[i] = max(best_low[i], lo)
            else:
                self.records.append(Record("muck", s, street=self.street))
                high[s], low[s] = -1, 0  # still in the pots it paid into, but cannot win
        return high, (low if hi_lo else None)
