"""Who opens and who wins (F2-F5, S6, S7, D3-D5), as pure functions over cards and pots: who
brings in (:func:`bring_in_seat`) and who acts first (:func:`best_showing`), whether a card is
wild (:func:`is_wild`), hand values with wild cards (:func:`hand_value`, :func:`hand_values`),
who shows first (:func:`first_to_show`), who shows and who mucks (:func:`showdown`) and who
gets an odd chip (:func:`odd_chip_order`). :class:`~stud_fast.table.StudHand` applies them."""

from __future__ import annotations

import functools
import itertools
from typing import Callable, Iterable, Mapping, Optional, Sequence

from stud_fast import _core
from stud_fast.cards import JOKER as SF_JOKER
from stud_fast.plan import Plan
from stud_fast.pots import Pot
from stud_fast.rankings import Ranking
from stud_fast.variants import Variant

__all__ = ["best_showing", "bring_in_seat", "first_to_show", "hand_value", "hand_values",
           "is_wild", "odd_chip_order", "showdown", "showing"]


Held = Sequence[tuple[int, bool]]  # a seat's cards in the order dealt: (card id, face up)


def bring_in_seat(game: Variant, plan: Plan, pot_bought: bool, cards: Sequence[Held],
                  dealing: Iterable[int], out: Callable[[int], bool]) -> int:
    """F2: the seat that brings in: the lowest door card (razz, S8: the highest) among the
    seats in ``dealing`` order (from the dealer's left) that ``out`` does not exclude; suit
    breaks ties, clubs lowest. F3: a player all in on the ante cannot (``out`` says so); the
    next card in line does.

    >>> from stud_fast.variants import GameConfig
    >>> from stud_fast.plan import plan_of
    >>> from stud_fast.cards import parse_cards
    >>> config = GameConfig(variant="seven_card_stud", ante=1, small_bet=4)
    >>> doors = [[(c, True)] for c in parse_cards("Kh 2c 2d")]
    >>> bring_in_seat(config.game, plan_of(config), False, doors, [0, 1, 2], lambda s: False)
    1
    """
    high = game.opener == "bring_in_high"
    aces_low = high and game.ranking.is_low
    wild_cards = plan.wild
    best: Optional[tuple[int, int]] = None
    seat = -1
    for s in dealing:  # position from the dealer's left breaks what ties remain
        if out(s):
            continue  # F3: out of the hand or all in
        for card, up in cards[s]:  # the door card: the first one up
            if up:
                break
        else:  # no card up (replayed hole cards ran out): as up_cards(s)[0] fails
            raise IndexError("list index out of range")
        rank = card >> 2
        if wild_cards and is_wild(plan, pot_bought, card, True):
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


def best_showing(game: Variant, plan: Plan, pot_bought: bool, cards: Sequence[Held],
                 dealing: Iterable[int], folded: Sequence[bool], by_high_card: bool) -> int:
    """F4/F5: the seat not folded with the best showing hand, ties to the first dealt
    (``dealing``, from the dealer's left): by the highest up card alone (F4, a wild one above
    an ace, D5) or by the up cards' hand (F5; S3: a shared card does not count).

    >>> from stud_fast.variants import GameConfig
    >>> from stud_fast.plan import plan_of
    >>> from stud_fast.cards import parse_cards
    >>> config = GameConfig(variant="five_card_stud", ante=1, small_bet=4)
    >>> up = [[(c, True) for c in parse_cards(h)] for h in ("Kh 9c", "Ac 2d", "Qs Qd")]
    >>> best_showing(config.game, plan_of(config), False, up, [0, 1, 2], [False] * 3, False)
    2
    """
    best, top = -1, -1
    if by_high_card:  # F4: the highest up card; equal cards, the player dealt first
        wild = functools.partial(is_wild, plan, pot_bought)
        wild_cards = plan.wild
        for s in dealing:
            if not folded[s]:
                value = max(13 if wild_cards and wild(c, True) else c >> 2
                            for c, up in cards[s] if up)
                if best < 0 or value > top:
                    best, top = s, value
    elif plan.wild:
        ranking = game.showing
        for s in dealing:
            if not folded[s]:
                value = hand_value(plan, pot_bought, showing(cards[s]), ranking)
                if best < 0 or value > top:
                    best, top = s, value
    else:  # no wild cards: evaluate the up cards directly
        number, evaluate = plan.showing, _core.eval_ids
        for s in dealing:
            if not folded[s]:
                # S3: the community card does not count towards the opener
                value = evaluate([c for c, up in cards[s] if up], number, 0)
                if best < 0 or value > top:
                    best, top = s, value
    return best


def first_to_show(game: Variant, plan: Plan, pot_bought: bool, cards: Sequence[Held],
                  live: Sequence[int], dealing_order: Sequence[int],
                  last_aggressor: Optional[int]) -> int:
    """S6: who shows first: the last bettor or raiser of the final round if still in the hand
    (``live``), else the best showing hand, ties to the first dealt (``dealing_order``)."""
    first = last_aggressor
    if first is None or first not in live:
        ranking = game.showing
        order = dealing_order
        first = max(live, key=lambda s: (
            hand_value(plan, pot_bought, showing(cards[s]), ranking), -order.index(s)))
    return first


def odd_chip_order(live: Sequence[int], cards: Sequence[Held]) -> list[int]:
    """S7: the seats in ``live`` by their highest card by suit, highest first: the order in
    which odd chips go to tied winners."""
    return sorted(live, key=lambda s: max([c for c, _ in cards[s]]), reverse=True)


def showing(held: Held) -> list[tuple[int, bool]]:
    """The face-up cards of ``held``."""
    return [(c, True) for c, up in held if up]


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
