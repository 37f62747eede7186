"""Ranges: what a player may hold, as weighted holdings, for :func:`stud_fast.equity`.

A bot reasons about an opponent's hidden cards as a range rather than as uniformly random
cards. A :class:`Range` maps holdings (all of the same number of cards) to positive weights;
``equity()`` accepts one in place of any player's cards and gives the weight-averaged equity
over the holdings that remain possible (card removal: a holding that shares a card with a known
or dead card, or with another range's holding, is dropped).

>>> import stud_fast
>>> villain = Range({"Jh Jd 9c 8c": 3, "Ah Kd 9c 8c": 1})
>>> r = stud_fast.equity(["As Ks Qs 7d", villain], game="seven_card_stud", exact=False,
...                      samples=20_000, seed=1)
>>> r.hands[1], r.exact
('range of 2', False)
"""

from __future__ import annotations

import itertools
import math
import secrets
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, Optional, Union

from stud_fast import _core
from stud_fast.cards import DECK_32, DECK_52, JOKER, card_str, parse_cards
from stud_fast.errors import CardError

if TYPE_CHECKING:
    from stud_fast.equity_result import CardsText, EquityResult, _Pot

__all__ = ["Range"]

Weight = Union[int, float]


class Range:
    """Weighted holdings of one player: ``{"Jh Jd 9c 8c": 3, "Ah Kd 9c 8c": 1}``.

    Every holding has the same number of cards (1 to 7, no jokers, no card twice); weights are
    positive finite ints or floats (only their ratios matter); the same cards in another order
    are the same holding and may appear once. Bad input raises ``CardError``, ``ValueError``
    or ``TypeError`` saying what is wrong.

    >>> r = Range({"Jh Jd 9c": 3, "Ah Kd 9c": 1})
    >>> len(r), r.cards, r.weight("Kd Ah 9c")
    (2, 3, 1)
    """

    __slots__ = ("_holdings", "_weights", "cards")

    def __init__(self, holdings: Mapping[CardsText, Weight]) -> None:
        if not isinstance(holdings, Mapping):
            raise TypeError("a Range is built from a mapping holding -> weight; "
                            "use Range.from_list() for a list of holdings")
        if not holdings:
            raise ValueError("a range needs at least one holding")
        self._holdings: list[tuple[int, ...]] = []
        self._weights: list[Weight] = []
        seen: dict[frozenset[int], str] = {}
        for text, weight in holdings.items():
            ids = parse_cards(text)
            name = " ".join(card_str(c) for c in ids)
            if not 1 <= len(ids) <= 7:
                raise ValueError(f"holding {name or text!r}: a holding has 1 to 7 cards")
            if JOKER in ids:
                raise CardError(f"holding {name!r}: a range holds no jokers")
            if len(set(ids)) != len(ids):
                raise CardError(f"holding {name!r} holds a card twice")
            if len(ids) != len(parse_cards(next(iter(holdings)))):
                raise ValueError(f"holding {name!r} has {len(ids)} cards; every holding of a "
                                 f"range has as many cards as the first")
            if isinstance(weight, bool) or not isinstance(weight, (int, float)):
                raise TypeError(f"holding {name!r}: a weight is an int or a float, "
                                f"got {weight!r}")
            if not (weight > 0 and math.isfinite(weight)):
                raise ValueError(f"holding {name!r}: a weight must be positive and finite, "
                                 f"got {weight!r}")
            key = frozenset(ids)
            if key in seen:
                raise ValueError(f"holding {name!r} appears twice (as {seen[key]!r})")
            seen[key] = name
            self._holdings.append(ids)
            self._weights.append(weight)
        self.cards = len(self._holdings[0])

    @classmethod
    def from_list(cls, holdings: Iterable[CardsText]) -> "Range":
        """Equally likely holdings.

        >>> Range.from_list(["Jh Jd 9c", "Ah Kd 9c"]).weight("Jh Jd 9c")
        1
        """
        items = list(holdings)
        texts = [" ".join(card_str(c) for c in parse_cards(h)) for h in items]
        if len(set(texts)) != len(texts):
            duplicate = next(t for t in texts if texts.count(t) > 1)
            raise ValueError(f"holding {duplicate!r} appears twice")
        return cls(dict.fromkeys(texts, 1))

    @classmethod
    def from_up_cards(cls, up: CardsText, hidden: int,
                      where: Optional[Callable[[tuple[str, ...]], Union[bool, Weight]]] = None,
                      *, dead: CardsText = "", deck: int = 52) -> "Range":
        """A player showing ``up`` with ``hidden`` unknown cards: every choice of hidden cards
        from the deck (52 or 32 cards) minus the up and ``dead`` cards for which
        ``where(hidden_cards)`` is true (weight 1) or a positive number (that weight). The
        hidden cards come as card texts in id order; each holding lists them before ``up``.

        >>> pairs = Range.from_up_cards("9c", 2, lambda h: h[0][0] == h[1][0], dead="9d")
        >>> len(pairs), pairs.cards        # 12 ranks x 6 pairs, and 9h 9s
        (73, 3)
        """
        if deck not in (52, 32):
            raise ValueError(f"deck must be 52 or 32, got {deck!r}")
        if isinstance(hidden, bool) or not isinstance(hidden, int) or not 0 <= hidden <= 7:
            raise ValueError(f"hidden must be an int from 0 to 7, got {hidden!r}")
        shown = parse_cards(up)
        out_of_play = set(shown) | set(parse_cards(dead))
        candidates = [c for c in (DECK_52 if deck == 52 else DECK_32) if c not in out_of_play]
        holdings: dict[CardsText, Weight] = {}
        for combo in itertools.combinations(candidates, hidden):
            texts = tuple(card_str(c) for c in combo)
            keep = True if where is None else where(texts)
            if isinstance(keep, bool) or not isinstance(keep, (int, float)):
                keep = 1 if keep else 0  # a truth value (NumPy's bools too): weight 1 or out
            if keep == 0:
                continue
            holdings[" ".join(texts + tuple(card_str(c) for c in shown))] = keep
        if not holdings:
            raise ValueError("no choice of hidden cards satisfies the predicate")
        return cls(holdings)

    def __len__(self) -> int:
        return len(self._holdings)

    def __iter__(self) -> Iterator[tuple[str, Weight]]:
        """(holding text, weight) pairs, in the order given."""
        for ids, weight in zip(self._holdings, self._weights):
            yield " ".join(card_str(c) for c in ids), weight

    def weight(self, holding: CardsText) -> Weight:
        """The weight of a holding (cards in any order); KeyError if it is not in the range."""
        key = frozenset(parse_cards(holding))
        for ids, weight in zip(self._holdings, self._weights):
            if frozenset(ids) == key:
                return weight
        raise KeyError(holding)

    def __repr__(self) -> str:
        shown = ", ".join(f"{h!r}: {w!r}" for h, w in itertools.islice(self, 4))
        more = ", ..." if len(self) > 4 else ""
        return f"Range({{{shown}{more}}})"

    def holdings_and_weights(self) -> tuple[list[tuple[int, ...]], list[float]]:
        """Card ids of each holding and the weights as floats (what the C engine takes)."""
        return list(self._holdings), [float(w) for w in self._weights]


def range_equity(hands: list[Union[CardsText, Range]], *, pot: "_Pot", mask: int,
                 dead: CardsText, exact: Optional[bool], samples: Optional[int],
                 seed: Optional[int], threads: Optional[int], jokers: int, max_deals: int,
                 progress: Optional[Callable[[int, int], None]]) -> "EquityResult":
    """:func:`stud_fast.equity` when some hands are ranges (its arguments, same meaning;
    ``progress`` counts combinations of holdings)."""
    from stud_fast.equity_result import (COUNT_ABOVE, COUNT_LIMIT, DEFAULT_SAMPLES, EXACT_LIMIT,
                                         EquityResult)
    from stud_fast.evaluation import thread_count
    main, hilo, per_player, name = pot.ranking, pot.hilo, pot.cards, pot.name
    if not 2 <= len(hands) <= 8:
        raise ValueError(f"equity needs 2 to 8 players, got {len(hands)}")
    deck = set(main.deck)
    known = [[] if isinstance(h, Range) else list(parse_cards(h)) for h in hands]
    dead_ids = list(parse_cards(dead))
    taken: set[int] = set()
    for i, ids in enumerate(known + [dead_ids]):
        where = f"player {i + 1}" if i < len(known) else "dead"
        for c in ids:
            if c != JOKER and c not in deck:
                raise CardError(f"{where}: {card_str(c)} is not in the {len(deck)}-card deck")
            if c != JOKER and c in taken:
                raise CardError(f"{card_str(c)} appears twice (in {where} and before)")
            taken.add(c)
    ranges: list[Optional[tuple[list[tuple[int, ...]], list[float]]]] = []
    counts = []
    for i, hand in enumerate(hands):
        if not isinstance(hand, Range):
            ranges.append(None)
            counts.append(len(known[i]))
            continue
        holdings, weights = hand.holdings_and_weights()
        outside = {c for h in holdings for c in h} - deck
        if outside:
            raise CardError(f"player {i + 1}: the range holds {card_str(min(outside))}, not in "
                            f"the {len(deck)}-card deck")
        if not any(taken.isdisjoint(h) for h in holdings):
            raise ValueError(f"player {i + 1}: every holding of the range shares a card with a "
                             "known or dead card")
        ranges.append((holdings, weights))
        counts.append(hand.cards)
    for i, count in enumerate(counts):
        if count > per_player:
            raise ValueError(f"player {i + 1} holds {count} cards; {name} deals {per_player}")
    if samples is not None and not 1 <= samples < 2 ** 32:
        raise ValueError(f"samples against ranges must be from 1 to 2**32 - 1, got {samples}")
    jokers_seen = sum(ids.count(JOKER) for ids in known)
    unseen = (len(deck) - len(taken - {JOKER}) + jokers - jokers_seen
              - sum(count for count, r in zip(counts, ranges) if r is not None))
    deals = _core.equity_deal_count(main.number, per_player, counts, unseen)
    countable = count_steps(per_player, counts, unseen, hilo)
    steps = countable if deals > COUNT_ABOVE else None  # smaller ones enumerate faster
    if exact is not False and countable is not None:
        # heads-up: each combination counted (docs/equity.md), or enumerated when it has at
        # most COUNT_ABOVE deals; never refused for its deals; exact=None counts when the
        # combinations' counting steps stay within COUNT_LIMIT
        work = steps if steps is not None else max(deals, 0.0)
        limit = float(COUNT_LIMIT) if steps is not None else float(EXACT_LIMIT)
        refuse_above = math.inf
    else:
        work, limit, refuse_above = max(deals, 0.0), float(min(EXACT_LIMIT, max_deals)), \
            float(max_deals)
    raw = _core.range_equity_raw(
        main.number, hilo, per_player, known, ranges, dead_ids, exact, work, limit,
        samples or DEFAULT_SAMPLES, seed if seed is not None else secrets.randbits(64),
        thread_count(threads), mask, jokers, progress, refuse_above)
    exact_run = bool(raw["exact"])
    return EquityResult(
        game=name, hands=tuple(f"range of {len(h)}" if isinstance(h, Range)
                               else " ".join(card_str(c) for c in known[i])
                               for i, h in enumerate(hands)),
        equity=tuple(raw["equity"]), win=tuple(raw["win"]), tie=tuple(raw["tie"]),
        high=tuple(raw["high"]), low=tuple(raw["low"]), std_error=tuple(raw["std_error"]),
        deals=int(raw["deals"]), exact=exact_run, hilo=hilo,
        method=("count" if steps is not None else "enumerate") if exact_run else "sample")


def count_steps(per_player: int, counts: list[int], unseen: int, hilo: bool
                ) -> Optional[float]:
    """The counter steps of counting one heads-up spot whose players hold ``counts`` cards
    with ``unseen`` cards left (about (C(u, a) + C(u, b)) * 2^min(a, b), the cost model of
    stud_fast/equity_count.h), or None for a spot the counting does not take: more than two
    players, more than five cards to come, more than four each in hi-lo, or a stub too short
    for every card to be dealt (a shared card, S3).

    >>> count_steps(7, [3, 3], 46, False)   # third street, seven-card stud
    5221920.0
    >>> count_steps(7, [3, 3, 3], 43, False) is None
    True
    """
    if len(counts) != 2:
        return None
    a, b = (per_player - c for c in counts)
    least = min(a, b)
    if a > 5 or b > 5 or (hilo and least > 4) or a + b > unseen:
        return None
    return float((math.comb(unseen, a) + math.comb(unseen, b)) * 2 ** least)
