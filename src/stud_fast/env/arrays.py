"""One stud table as arrays: what a seat may see, the action mask, and actions by index.

:class:`Table` wraps a :class:`~stud_fast.table.StudHand` and keeps, per seat, only what that
seat may know (docs/rules.md E3): its own cards (down and up), every player's up cards, the shared
card, chips and bets. It reads the hand through its public operations and its record of events
(``hand.records``), one new record at a time, so an observation costs a few array copies. It
needs only NumPy; the PettingZoo and Gymnasium classes are built on it.

>>> t = Table("razz", players=3)
>>> t.new_hand(seed=5, dealer=0)
>>> seat = t.hand.actor
>>> obs = t.observe(seat)
>>> int((obs["own_cards"] >= 0).sum())          # two down cards and the door card
3
>>> [ACTIONS[i] for i in np.flatnonzero(t.mask(seat))]
['bring_in', 'complete']
"""

from __future__ import annotations

import array
from typing import Any, Iterable, Optional, Sequence, cast

import numpy as np
import numpy.typing as npt

from stud_fast.table import StudHand
from stud_fast.variants import GameConfig

__all__ = ["ACTIONS", "POT_FRACTIONS", "Table", "action_indices", "action_indices_of",
           "bet_to_for", "pot_sized_to"]

#: Every action index, the same for every variant and betting structure. ``bet_min`` is the
#: fixed-limit bet or raise (its one size), or the least bet or raise in pot and no limit;
#: ``bet_half_pot``, ``bet_pot`` and ``bet_two_pots`` bet or raise by that fraction of the pot
#: after calling (pot and no limit only); ``bet_max`` is the most allowed (all in in no limit,
#: the pot in pot limit). ``turn_up_j`` turns up ``own_cards[j]`` (Mexican stud, S4).
ACTIONS: tuple[str, ...] = (
    "fold", "check", "call", "bring_in", "complete", "buy_pot",
    "bet_min", "bet_half_pot", "bet_pot", "bet_two_pots", "bet_max",
    "turn_up_0", "turn_up_1", "turn_up_2", "turn_up_3", "turn_up_4",
)
#: action index -> fraction of the pot after calling that the bet or raise adds
POT_FRACTIONS: dict[int, float] = {7: 0.5, 8: 1.0, 9: 2.0}
_SIMPLE = {"fold": 0, "check": 1, "call": 2, "bring_in": 3, "complete": 4, "buy_pot": 5}
_BET_MIN, _BET_MAX, _TURN_UP = 6, 10, 11
_TURN_UPS = len(ACTIONS) - _TURN_UP
_BETTING = frozenset(("bring_in", "complete", "bet", "raise", "call"))
_ROUND_KINDS = _BETTING | {"deal", "community", "burn"}  # records of one betting round

Int8 = npt.NDArray[np.int8]
Int64 = npt.NDArray[np.int64]
Observation = dict[str, npt.NDArray[Any]]

#: game options the environments default differently from GameConfig (which has no stakes)
DEFAULT_STAKES: dict[str, int] = {"ante": 1, "small_bet": 5}
DEFAULT_STACK = 200


def action_indices_of(legal: Iterable[str], fixed: bool, own_up: Sequence[int]) -> list[int]:
    """The action indices (:data:`ACTIONS`) the legal action names ``legal`` allow, in
    order: one bet size in fixed limit, all five otherwise; ``turn_up_j`` for each of the
    seat's cards ``j`` (in the order dealt) still face down (``own_up[j]`` 0 or False).

    >>> [ACTIONS[i] for i in action_indices_of(["fold", "call", "raise"], True, [])]
    ['fold', 'call', 'bet_min']
    """
    out: list[int] = []
    for kind in legal:
        index = _SIMPLE.get(kind)
        if index is not None:
            out.append(index)
        elif kind in ("bet", "raise"):
            out += [_BET_MIN] if fixed else list(range(_BET_MIN, _BET_MAX + 1))
        elif kind == "turn_up":
            out += [_TURN_UP + j for j, up in enumerate(own_up[:_TURN_UPS]) if not up]
    return sorted(out)


def action_indices(hand: StudHand, seat: int) -> list[int]:
    """The action indices ``seat`` may take now in ``hand`` (none when it is not to act)."""
    if hand.actor != seat or hand.is_over:
        return []
    return action_indices_of(hand.legal_actions(), hand.config.betting == "fixed",
                             [up for _, up in hand.cards[seat]])


def pot_sized_to(index: int, least: int, most: int, level: int, owe: int, pot: int) -> int:
    """The total a bet or raise of action ``index`` makes the seat's bet for the round: the
    least or most allowed, or the round's level plus a fraction of the pot after calling
    (:data:`POT_FRACTIONS`), kept within ``least..most``.

    >>> pot_sized_to(8, 10, 100, 5, 5, 20)   # pot-sized: 5 + (20 + 5)
    30
    """
    if index == _BET_MIN:
        return least
    if index == _BET_MAX:
        return most
    wanted = level + round(POT_FRACTIONS[index] * (pot + owe))
    return min(max(wanted, least), most)


def bet_to_for(hand: StudHand, seat: int, index: int) -> int:
    """:func:`pot_sized_to` for the actor ``seat`` of ``hand`` now, from its public state."""
    legal, chips = hand.legal_actions(), hand.legal_chips()
    kind = "bet" if "bet" in legal else "raise"
    least, most = legal[kind]
    mine = least - chips[kind][0]  # the seat's round bet: a total less the chips it adds
    owe = chips.get("call", (0, 0))[0]
    return pot_sized_to(index, least, most, mine + owe, owe, hand.pot_total)


class Table:
    """A stud game for ``players`` seats with fixed stacks at the start of every hand.

    ``stacks`` is one starting stack for everyone or one per seat; ``options`` are
    :class:`~stud_fast.variants.GameConfig` keywords (default stakes: ante 1, small bet 5).
    """

    def __init__(self, variant: str, players: int = 2, *,
                 stacks: int | list[int] | tuple[int, ...] = DEFAULT_STACK,
                 **options: Any) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 10:
            raise ValueError(f"players must be an integer from 2 to 10, got {players!r}")
        config = GameConfig(variant=variant, **{**DEFAULT_STAKES, **options})
        starting = [stacks] * players if isinstance(stacks, int) else list(stacks)
        if len(starting) != players:
            raise ValueError(f"stacks lists {len(starting)} stacks for {players} players")
        for stack in starting:
            if not isinstance(stack, int) or isinstance(stack, bool) or stack <= config.ante:
                raise ValueError(f"every stack must be an integer above the ante "
                                 f"({config.ante}), got {stack!r}")
        game = config.game
        self.config = config
        self.players = players
        self.starting_stacks = tuple(starting)
        self.fixed = config.betting == "fixed"
        self.streets = len(game.streets)
        ups = sum(s.up for s in game.streets)
        #: most cards one seat can hold (baseball's option adds a card per up four)
        self.max_cards = game.cards_per_player + (
            ups if game.baseball and config.four_up_extra_card else 0)
        self.chips = sum(starting)
        self._gathers = self._plan_state()
        self._masks: dict[tuple[str, ...], Int8] = {}  # legal action names -> mask
        self.hand: StudHand = None  # type: ignore[assignment]  # set by new_hand
        self.dealer = 0

    def _plan_state(self) -> list[npt.NDArray[np.intp]]:
        """Lay out the state array (every seat's arrays, in seat order) and, per seat, the
        indices that gather its observation from it in one step."""
        p, c, sizes = self.players, self.max_cards, self.bounds()
        at = 0

        def block(size: int) -> int:
            nonlocal at
            at += size
            return at - size
        # the state: one block per key, seat-major for per-seat keys; stacks, bets, folds, pot
        # and street one after another, rewritten at once after every action
        own, own_up, ups = block(p * c), block(p * c), block(p * c)
        self._OWN, self._OWN_UP, self._UPS = own, own_up, ups
        self._COMMUNITY = block(self.streets)
        self._STACKS, self._BETS, self._FOLDED = block(p), block(p), block(p)
        self._POT, self._STREET = block(1), block(1)
        self._TO_CALL, self._POSITION = block(1), block(p)
        self._size = at
        # the state before a hand: no cards (-1), no chips. The state is an array.array
        # (cheap to write an item of from Python) seen by NumPy without a copy (cheap to
        # gather an observation from).
        blank = [0] * at
        for start, size in ((own, p * c), (ups, p * c), (self._COMMUNITY, self.streets)):
            blank[start:start + size] = [-1] * size
        self._blank = array.array("q", blank)
        self._buf = array.array("q", blank)
        self._state: Int64 = np.frombuffer(self._buf, np.int64)
        # an observation: (key, start, end, shape) of its views, and per seat its gather
        self._layout: list[tuple[str, int, int, tuple[int, ...]]] = []
        out = 0
        for key, (_low, _high, shape) in sizes.items():
            size = int(np.prod(shape))
            self._layout.append((key, out, out + size, shape))
            out += size
        # (key, slice, shape to reshape to or None) of each view
        self._views = [(key, slice(a, b), shape if len(shape) > 1 else None)
                       for key, a, b, shape in self._layout]
        self._to_call_at = next(a for key, a, _b, _s in self._layout if key == "to_call")
        gathers = []
        for seat in range(p):
            order = [(seat + r) % p for r in range(p)]  # row r: r places to the seat's left
            index = [*range(own + seat * c, own + seat * c + c),
                     *range(own_up + seat * c, own_up + seat * c + c)]
            for s in order:
                index += range(ups + s * c, ups + s * c + c)
            index += range(self._COMMUNITY, self._COMMUNITY + self.streets)
            index.append(self._POT)
            index += [self._STACKS + s for s in order]
            index += [self._BETS + s for s in order]
            index.append(self._TO_CALL)
            index += [self._FOLDED + s for s in order]
            index.append(self._STREET)
            index.append(self._POSITION + seat)
            gathers.append(np.array(index, np.intp))
        return gathers

    # ---- a new hand ---------------------------------------------------------------------------

    def new_hand(self, seed: Optional[int], dealer: int) -> None:
        """Deal a new hand from the starting stacks (``seed`` fixes the deck, E4)."""
        self.load(StudHand(self.config, stacks=self.starting_stacks, dealer=dealer, seed=seed))

    def load(self, hand: StudHand) -> None:
        """Follow ``hand``, made elsewhere (a fixed deal, a replay) for this game's seats
        with the starting stacks."""
        if hand.seats != self.players or tuple(hand.starting_stacks) != self.starting_stacks:
            raise ValueError("the hand must have this table's seats and starting stacks")
        p, c = self.players, self.max_cards
        dealer = hand.dealer
        self.hand = hand
        self.dealer = dealer
        self._done = 0  # records read so far
        buf = self._buf
        buf[:] = self._blank
        for s in range(p):
            buf[self._POSITION + s] = (s - dealer - 1) % p
        self._own = [[-1] * c for _ in range(p)]  # the same cards as lists, for turn_up
        self._own_up = [[0] * c for _ in range(p)]
        self._own_count = [0] * p
        self._up_count = [0] * p
        self._community_count = 0
        self._round = [0] * p  # chips each seat put in this betting round
        self._round_street = -1
        self._mask: Optional[Int8] = None  # the actor's mask, worked out once per decision
        self.sync()

    def sync(self) -> None:
        """Take in the records added since the last call (E3: a down card is written only
        where its owner's observation reads it). :meth:`play` calls it; call it after acting
        on :attr:`hand` directly."""
        self._mask = None
        hand, c, buf = self.hand, self.max_cards, self._buf
        own, own_up, own_count, up_count = (self._own, self._own_up, self._own_count,
                                            self._up_count)
        at_own, at_own_up, at_ups = self._OWN, self._OWN_UP, self._UPS
        at_bets, at_stacks = self._BETS, self._STACKS
        records = hand.records
        # a record's seat is None only for the dealer's (burn, community), which use no seat
        new = cast(list[tuple[str, int, int, int, tuple[int, ...], tuple[bool, ...], int]],
                   records[self._done:])
        for kind, s, amount, _to, cards, ups, street in new:
            if kind == "deal":
                if street != self._round_street:
                    self._new_round(street)
                for card, up in zip(cards, ups):
                    n = own_count[s]
                    own[s][n] = card
                    buf[at_own + s * c + n] = card
                    own_count[s] = n + 1
                    if up:  # the newest card: it goes last among the seat's up cards
                        own_up[s][n] = 1
                        buf[at_own_up + s * c + n] = 1
                        buf[at_ups + s * c + up_count[s]] = card
                        up_count[s] += 1
                continue
            if kind in _ROUND_KINDS and street != self._round_street:
                self._new_round(street)
            if kind == "turn_up":
                self._turn(s, own[s].index(cards[0]))
            elif kind == "community":
                for card in cards:
                    buf[self._COMMUNITY + self._community_count] = card
                    self._community_count += 1
            elif kind == "fold":
                buf[self._FOLDED + s] = 1
            if amount:  # antes, bets, buying the pot, winnings (a seat's)
                buf[at_stacks + s] = hand.stacks[s]
                if kind in _BETTING:
                    self._round[s] += amount
                    buf[at_bets + s] = self._round[s]
        self._done = len(records)
        buf[self._POT] = hand.pot_total
        buf[self._STREET] = max(hand.street, 0)

    def _new_round(self, street: int) -> None:
        """A record of a new betting round: nobody has bet in it yet."""
        self._round_street = street
        self._round = [0] * self.players
        for seat in range(self.players):
            self._buf[self._BETS + seat] = 0

    def _turn(self, seat: int, n: int) -> None:
        """Own card ``n`` of ``seat`` was turned face up (S4): everyone sees it, among the
        seat's up cards in the order dealt."""
        c, buf = self.max_cards, self._buf
        self._up_count[seat] += 1
        self._own_up[seat][n] = 1
        buf[self._OWN_UP + seat * c + n] = 1
        ups = [held for held, up in zip(self._own[seat], self._own_up[seat]) if up]
        for i, card in enumerate(ups):
            buf[self._UPS + seat * c + i] = card

    # ---- what a seat sees ---------------------------------------------------------------------

    def observe(self, seat: int) -> Observation:
        """The arrays ``seat`` may see (int64), players in order from ``seat`` to its left
        (row 0 is the seat itself). Fresh arrays: the caller may keep or change them."""
        values = self._state.take(self._gathers[seat])  # a copy
        rnd = self._round
        values[self._to_call_at] = max(rnd) - rnd[seat]
        return {key: values[part] if shape is None else values[part].reshape(shape)
                for key, part, shape in self._views}

    def mask(self, seat: int) -> Int8:
        """1 for each action index ``seat`` may take now (all 0 when it is not to act)."""
        hand = self.hand
        if hand.actor != seat or hand.is_over:
            return np.zeros(len(ACTIONS), np.int8)
        if self._mask is None:
            self._mask = self._actor_mask(seat)
        return self._mask.copy()

    def _actor_mask(self, seat: int) -> Int8:
        legal = tuple(self.hand.legal_actions())
        if "turn_up" not in legal:  # the mask depends on the action names alone
            out = self._masks.get(legal)
            if out is None:
                out = self._masks[legal] = self._mask_of(legal, seat)
            return out
        return self._mask_of(legal, seat)

    def _mask_of(self, legal: tuple[str, ...], seat: int) -> Int8:
        out = np.zeros(len(ACTIONS), np.int8)
        own_up = self._own_up[seat][:self._own_count[seat]]
        out[action_indices_of(legal, self.fixed, own_up)] = 1
        return out

    # ---- acting -------------------------------------------------------------------------------

    def play(self, index: int) -> None:
        """The actor takes action ``index`` (see :data:`ACTIONS`). An action the mask does not
        allow raises ValueError and changes nothing."""
        hand = self.hand
        seat = hand.actor
        if seat is None or hand.is_over:
            raise ValueError("the hand is over: nobody is to act")
        mask = self._mask
        if mask is None:
            mask = self._mask = self._actor_mask(seat)
        if type(index) is not int:
            if not isinstance(index, np.integer):
                raise TypeError(f"an action is an integer index, got {index!r}")
            index = int(index)
        if not 0 <= index < len(ACTIONS) or not mask[index]:
            allowed = ", ".join(ACTIONS[i] for i in np.flatnonzero(mask))
            raise ValueError(f"action {index!r} is not allowed now: seat {seat} may take "
                             f"{allowed}")
        if index < _BET_MIN:
            hand.act(ACTIONS[index])
        elif index >= _TURN_UP:
            hand.turn_up(self._own[seat][index - _TURN_UP])
        else:
            legal = hand.legal_actions()
            kind = "bet" if "bet" in legal else "raise"
            if self.fixed:
                hand.act(kind)
            else:
                hand.act(kind, self.bet_to(index))
        self.sync()

    def bet_to(self, index: int) -> int:
        """The total the actor's bet for the round becomes with bet or raise action ``index``
        now (pot and no limit), as ``hand.act("raise", to)`` takes it: the call plus a
        fraction of the pot after calling, within the legal sizes."""
        hand = self.hand
        legal = hand.legal_actions()
        least, most = legal["bet"] if "bet" in legal else legal["raise"]
        seat = hand.actor
        assert seat is not None
        level = max(self._round)
        return pot_sized_to(index, least, most, level, level - self._round[seat],
                            hand.pot_total)

    def bet_amount(self, index: int) -> int:
        """The chips the actor puts in with bet or raise action ``index`` now (pot and no
        limit): :meth:`bet_to` less what it put in during the round."""
        seat = self.hand.actor
        assert seat is not None
        return self.bet_to(index) - self._round[seat]

    def results(self) -> list[int]:
        """Chips each seat won or lost in the hand (they sum to zero)."""
        return [end - start for end, start in zip(self.hand.stacks, self.starting_stacks)]

    # ---- spaces -------------------------------------------------------------------------------

    def bounds(self) -> dict[str, tuple[int, int, tuple[int, ...]]]:
        """Per observation key, in the order of the arrays: (low, high, shape); every array
        is int64."""
        p, c = self.players, self.max_cards
        chips = self.chips
        return {
            "own_cards": (-1, 52, (c,)),
            "own_up": (0, 1, (c,)),
            "up_cards": (-1, 52, (p, c)),
            "community": (-1, 52, (self.streets,)),
            "pot": (0, chips, (1,)),
            "stacks": (0, chips, (p,)),
            "bets": (0, chips, (p,)),
            "to_call": (0, chips, (1,)),
            "folded": (0, 1, (p,)),
            "street": (0, self.streets - 1, (1,)),
            "position": (0, p - 1, (1,)),
        }
