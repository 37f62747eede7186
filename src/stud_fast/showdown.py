"""Who opens and who wins (F2-F5, S6, S7, D3-D5). Pure functions over cards and pots: whether a
card is wild (:func:`is_wild`), hand values with wild cards (:func:`hand_value`,
:func:`hand_values`), who shows and who mucks (:func:`showdown`); the :class:`Showdown` mixin
applies them to the hand: the bring-in and first actor, and the award of the pots."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Mapping, Optional, Sequence

from stud_fast import _core
from stud_fast.cards import JOKER as SF_JOKER
from stud_fast.plan import Plan
from stud_fast.pots import Pot, award
from stud_fast.rankings import Ranking
from stud_fast.records import make_record, new_record
from stud_fast.state import HandState
from stud_fast.variants import Variant

__all__ = ["Showdown", "hand_value", "hand_values", "is_wild", "showdown"]


class Showdown(HandState):
    """Hand values, openers and the showdown of :class:`~stud_fast.table.StudHand` (a mixin)."""

    if not TYPE_CHECKING:  # slots for speed; the type checker sees the facade's attributes
        __slots__ = ()

    def _bring_in_seat(self) -> int:
        """F2: the lowest up card (razz, S8: the highest) brings in; suit breaks ties, clubs
        lowest. F3: a player all in on the ante cannot; the next card in line does."""
        high = self.config.game.opener == "bring_in_high"

        aces_low = high and self.config.game.ranking.is_low
        wild_cards = self._plan.wild
        best: Optional[tuple[int, int]] = None
        seat = -1
        folded, stacks, rights = self.folded, self.stacks, self._seats.all_in
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
        if folded[best] or (self.stacks[best] != 0 and best not in self._seats.all_in):
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
                self.records.append(new_record("win", live[0], total, 0, (), (), 0))
            return
        pots = self.pots()
        high: Optional[dict[int, int]] = None
        low: Optional[dict[int, int]] = None
        if len(live) > 1:
            high, low = self._showdown(live, pots)
        # S7: an odd chip goes to the winner holding the highest card by suit
        cards = self.cards
        order = sorted(live, key=lambda s: max([c for c, _ in cards[s]]), reverse=True)
        won = award(pots, high=high, low=low, odd_chip_order=order, seats=self.seats)
        for s, amount in enumerate(won):
            if amount:
                self._seats.win(s, amount)
                self.records.append(make_record("win", s, amount))

    def _hand_values(self, s: int) -> tuple[int, int]:
        """(high value, low value) of a seat's whole hand (see :func:`hand_values`)."""
        held = self.cards[s] + [(c, True) for c in self.community]
        return hand_values(self._plan, self._pot_bought, held, self.config.game,
                           self.config.tiebreak)

    def _is_wild(self, card: int, up: bool) -> bool:
        """Whether the card is wild now (see :func:`is_wild`)."""
        return is_wild(self._plan, self._pot_bought, card, up)

    def _showing(self, s: int) -> list[tuple[int, bool]]:
        return [(c, True) for c, up in self.cards[s] if up]

    def _value(self, held: list[tuple[int, bool]], ranking: Ranking) -> int:
        """Value of held cards under ``ranking`` (see :func:`hand_value`)."""
        return hand_value(self._plan, self._pot_bought, held, ranking)

    def _showdown(self, live: list[int], pots: list[Pot]) -> tuple[dict[int, int],
                                                                    Optional[dict[int, int]]]:
        """S6: the last bettor or raiser of the final round shows first, else the best showing
        hand; then clockwise. A player whose hand can win no part of any pot it is in mucks
        (unless the game shows all hands); mucked cards stay hidden and win nothing."""
        first = self._round.last_aggressor
        if first is None or self.folded[first]:
            ranking = self.config.game.showing
            order = self._dealing_order()
            first = max(live, key=lambda s: (
                self._value(self._showing(s), ranking), -order.index(s)))
        values = {s: self._hand_values(s) for s in live}
        shown, high, low = showdown(self._order_from(first), pots, values, self.config.show_all)
        street, append = self.street, self.records.append
        for s, shows in shown:
            if shows:
                cards = tuple(c for c, _ in self.cards[s])
                append(make_record("show", s, cards=cards, up=(True,) * len(cards), street=street))
            else:
                append(make_record("muck", s, street=street))
        return high, (low if self.config.game.low is not None else None)


def is_wild(plan: Plan, pot_bought: bool, card: int, up: bool) -> bool:
    """D4, S5: the variant's always-wild ranks, and its buy ranks dealt down (up too once
    the pot was bought).

    >>> from stud_fast.variants import GameConfig
    >>> from stud_fast.plan import plan_of
    >>> plan = plan_of(GameConfig(variant="baseball", ante=1, small_bet=4))
    >>> is_wild(plan, False, 4, True), is_wild(plan, False, 4, False)  # the three of clubs
    (False, True)
    """
    rank = card >> 2
    return bool(plan.always_wild >> rank & 1
                or (plan.buy_wild >> rank & 1 and (not up or pot_bought)))


def hand_value(plan: Plan, pot_bought: bool, held: Sequence[tuple[int, bool]],
               ranking: Ranking) -> int:
    """Value of ``held`` cards ``(id, face up)`` under ``ranking``, wild cards as jokers; more
    than seven cards (baseball's extra cards) take the best seven."""
    if not plan.wild:  # no wild cards: the common, fast case
        return _core.eval_ids([c for c, _ in held], ranking.number, 0)
    ids = [SF_JOKER if is_wild(plan, pot_bought, c, up) else c for c, up in held]
    if len(ids) <= 7:
        return _core.eval_ids(ids, ranking.number, 0)
    return max(_core.eval_ids(seven, ranking.number, 0)
               for seven in itertools.combinations(ids, 7))


def hand_values(plan: Plan, pot_bought: bool, held: Sequence[tuple[int, bool]], game: Variant,
                tiebreak: str) -> tuple[int, int]:
    """(high value, low value) of a whole hand; low is 0 outside hi-lo games. With the D3
    option (``tiebreak="unused_cards"``) the two unused cards break ties, highest first."""
    high = hand_value(plan, pot_bought, held, game.ranking)
    if tiebreak == "unused_cards" and 5 < len(held) <= 7 and not plan.wild:
        cards = [c for c, _ in held]
        best = max(itertools.combinations(cards, 5),
                   key=lambda five: _core.eval_ids(five, game.ranking.number, 0))
        unused = sorted((c >> 2 for c in cards if c not in best), reverse=True)
        high = high << 8 | sum(r << (4 * (1 - i)) for i, r in enumerate(unused[:2]))
    low = hand_value(plan, pot_bought, held, game.low) if game.low is not None else 0
    return high, low


def showdown(order: Sequence[int], pots: Sequence[Pot], values: Mapping[int, tuple[int, int]],
             show_all: bool) -> tuple[list[tuple[int, bool]], dict[int, int], dict[int, int]]:
    """S6: the seats of ``values`` (those at the showdown, with their (high, low) values) show
    in ``order`` (from the first to show, clockwise). One whose hand can win no part of any pot
    it is in mucks, unless ``show_all``; mucked cards stay hidden and win nothing. Returns who
    showed (``(seat, True)``) or mucked, in order, and the high and low values the award
    compares (-1 and 0 for a muck: still in the pots it paid into, but cannot win).

    >>> pots = [Pot(30, (0, 1, 2))]
    >>> showdown([1, 2, 0], pots, {0: (50, 0), 1: (70, 0), 2: (60, 0)}, False)
    ([(1, True), (2, False), (0, False)], {1: 70, 2: -1, 0: -1}, {1: 0, 2: 0, 0: 0})
    """
    best_high = [-1] * len(pots)
    best_low = [0] * len(pots)
    shown: list[tuple[int, bool]] = []
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for s in order:
        if s not in values:
            continue
        h, lo = values[s]
        mine = [i for i, p in enumerate(pots) if s in p.eligible]
        can_win = any(h >= best_high[i] or (lo > 0 and lo >= best_low[i]) for i in mine)
        if can_win or show_all:
            shown.append((s, True))
            high[s], low[s] = h, lo
            for i in mine:
                best_high[i] = max(best_high[i], h)
                best_low[i] = max(best_low[i], lo)
        else:
            shown.append((s, False))
            high[s], low[s] = -1, 0
    return shown, high, low
