"""stud_fast.equity on a Dask cluster: the run cut into pieces whose integer tallies add up to
exactly the tally of the local run, so the result is the same to the last bit.

- Sampling: sample ``i`` of a seeded run is drawn from a stream fixed by the seed and ``i``'s
  block of ``SF_EQUITY_BLOCK`` samples, so pieces on block boundaries add up to the run
  (``_core.equity_tally``).
- Exact enumeration: every deal sends each unseen card to one player or nowhere, so fixing
  where some cards go partitions the deals into sub-spots (those cards added to players' known
  cards, or made dead) that the existing enumeration walks like any spot, at its usual speed.
  A piece's integer tally is read back from its result (shares are ratios of integers with
  denominators ``deals`` and ``1680 * deals``, far apart at these sizes) and checked by
  finishing it again in C.

Both end in ``_core.equity_finish``, the C engine's own last step.
"""

from __future__ import annotations

import heapq
import itertools
from math import comb
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from stud_fast import _core
from stud_fast.dask._cluster import for_each_result, split_evenly, thread_total
from stud_fast.rankings import Ranking

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["equity_raw"]

BLOCK = 4096  # SF_EQUITY_BLOCK: sampled pieces start on its multiples
_UNITS = 1680  # one pot in the C engine's integer shares (stud_fast/equity.h)
_MIN_SAMPLES = 64 * BLOCK  # a piece of fewer samples costs more to schedule than to run
_PIECES_PER_THREAD = 8  # pieces per worker thread: balance, progress, little lost to a crash
_MAX_PIECE_DEALS = 1 << 32  # keeps a piece's tally recoverable from its doubles (see below)
_MIN_PIECES = 512  # an exact run's pieces are at most 1/512 of its deals ...
_MIN_DEALS = 50_000  # ... unless that is less than this (a millisecond or two of work)
_MAX_PIECES = 2_000_000

Spot = tuple[int, bool, int, list[list[int]], list[int], int, int]
Tally = dict[str, Any]


def equity_raw(client: "Client", ranking: int, hilo: bool, cards_per_player: int,
               known: list[list[int]], dead: list[int], exact: bool, samples: int = 0,
               seed: int = 0, threads: int = 1, wild_mask: int = 0, jokers: int = 0,
               progress: Optional[Callable[[int, int], None]] = None) -> dict[str, Any]:
    """``_core.equity_raw`` run on the cluster of ``client``; the same result for any number
    of workers. Each piece runs on one thread of a worker (``threads`` is not used: the
    cluster's threads are). ``progress(done, total)`` is called here as pieces finish
    (deals or samples)."""
    spot: Spot = (ranking, hilo, cards_per_player, known, dead, wild_mask, jokers)
    pieces = thread_total(client) * _PIECES_PER_THREAD
    calls: list[tuple[Any, ...]]
    if exact:
        groups, total = _split_deals(spot, pieces)
        calls = [(_exact_piece, spot, group) for group in groups]
    else:
        total = samples
        pieces = max(1, min(pieces, samples // _MIN_SAMPLES))
        calls = [(_sample_piece, spot, first, n, seed)
                 for first, n in split_evenly(samples, pieces, BLOCK)]
    sums: Tally = {}

    def add(_: int, tally: Tally) -> None:
        _add(sums, tally)
        if progress is not None:
            progress(sums["deals"], total)

    for_each_result(client, calls, add)
    return _core.equity_finish(sums, len(known), exact)


def _add(into: Tally, tally: Tally) -> None:
    """Add an integer tally to another (empty: becomes a copy)."""
    for name, value in tally.items():
        if isinstance(value, list):
            into[name] = [a + b for a, b in zip(into.get(name, [0] * len(value)), value)]
        else:
            into[name] = into.get(name, 0) + value


# ---- sampling -------------------------------------------------------------------------------


def _sample_piece(spot: Spot, first: int, samples: int, seed: int) -> Tally:
    ranking, hilo, per_player, known, dead, mask, jokers = spot
    return _core.equity_tally(ranking, hilo, per_player, known, dead, first, samples, seed, 1,
                              mask, jokers)


# ---- exact enumeration ----------------------------------------------------------------------

#: a piece of an exact run: cards added to players' known cards, and cards made dead
Split = tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...]]


def _unseen(spot: Spot) -> list[int]:
    """The cards that can still be dealt, as the C engine lists them (a joker once for every
    joker not known: each is a card of its own)."""
    ranking, _, _, known, dead, _, jokers = spot
    seen = {c for hand in known for c in hand} | set(dead)
    deck = next(r for r in Ranking if r.number == ranking).deck
    jokers_known = sum(c == 52 for hand in known for c in hand)
    return [c for c in deck if c not in seen] + [52] * (jokers - jokers_known)


def _deals(need: Sequence[int], cards: int) -> int:
    """Ways to give each player ``need[p]`` of ``cards`` cards."""
    total = 1
    for k in need:
        total *= comb(cards, k)
        cards -= k
    return total


def _split_deals(spot: Spot, pieces: int) -> tuple[list[list[Split]], int]:
    """A partition of the spot's deals into sub-spots, grouped into at most ``pieces`` lists of
    about equal work, and the number of deals.

    Every deal sends each unseen card somewhere: to one player, or nowhere. Fixing where one
    card goes splits the deals exactly into sub-spots (that card added to a player's known
    cards, or made dead), which the C enumeration walks as it walks any spot; the largest piece
    is split on the next card until there are enough pieces and none is too large. Jokers are
    never split on (a joker cannot be dead), they stay in every piece's deck.

    With a shared seventh card (S3) a card could also be the shared one, which no sub-spot can
    say; there the pieces are the card sets one player gets (every player still lacks the
    shared card, so each piece keeps it).
    """
    _, _, per_player, known, _, _, _ = spot
    rest = _unseen(spot)
    need = [per_player - len(k) for k in known]
    if sum(need) > len(rest):  # validated by equity(): one shared last card (S3)
        leaves, total = _split_shared(rest, [n - 1 for n in need])
    else:
        total = _deals(need, len(rest))
        leaves = _split_by_card(rest, need, total)
    # longest first, each to the least loaded group
    groups: list[tuple[int, int, list[Split]]] = [(0, g, []) for g in range(pieces)]
    for deals, split in sorted(leaves, key=lambda leaf: -leaf[0]):
        load, g, members = heapq.heappop(groups)
        members.append(split)
        heapq.heappush(groups, (load + deals, g, members))
    return [members for _, _, members in sorted(groups, key=lambda x: x[1]) if members], total


#: a sub-spot while splitting: (-deals, tie-break, next card, needs, cards given, cards dead)
_Node = tuple[int, int, int, tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, ...]]


def _split_by_card(rest: list[int], need: list[int], total: int) -> list[tuple[int, Split]]:
    """Pieces of ``total`` deals by where the non-joker cards of ``rest`` go, in order: the
    largest piece is split first. Returns (deals, split) pairs."""
    cards = [c for c in rest if c != 52]
    heap: list[_Node] = [(-total, 0, 0, tuple(need), (), ())]
    leaves: list[_Node] = []
    count = itertools.count(1)
    while heap:
        largest = -heap[0][0]
        pieces = len(heap) + len(leaves)
        if largest <= min(_MAX_PIECE_DEALS, max(total // _MIN_PIECES, _MIN_DEALS)):
            break
        if pieces > _MAX_PIECES:
            if largest > _MAX_PIECE_DEALS:
                raise ValueError(f"an exact run of {total:,} deals is too large to split: "
                                 "sample it (exact=False)")
            break
        node = heapq.heappop(heap)
        _, _, i, needs, given, dead = node
        if i == len(cards) or not any(needs):
            leaves.append(node)
            continue
        left = len(rest) - i - 1  # the cards still to place once card i is placed
        c = cards[i]
        children = [(needs, given, dead + (c,))]
        children += [(needs[:p] + (k - 1,) + needs[p + 1:], given + ((p, c),), dead)
                     for p, k in enumerate(needs) if k]
        for child_needs, child_given, child_dead in children:
            deals = _deals(child_needs, left)
            if deals:
                heapq.heappush(heap, (-deals, next(count), i + 1, child_needs, child_given,
                                      child_dead))
    result = []
    for deals, _, _, _, given, dead in leaves + heap:
        players = sorted({p for p, _ in given})
        split = tuple((p, tuple(c for q, c in given if q == p)) for p in players)
        result.append((-deals, (split, dead)))
    return result


def _split_shared(rest: list[int], need: list[int]) -> tuple[list[tuple[int, Split]], int]:
    """S3 spots: the card sets of the first player who lacks cards besides the shared one
    (with ``need`` counting those), or the whole spot when nobody does."""
    total = len(rest) * _deals(need, len(rest) - 1)
    if not any(need):
        return [(total, ((), ()))], total
    p, k = next((p, k) for p, k in enumerate(need) if k)
    each = total // comb(len(rest), k)
    return [(each, (((p, combo),), ())) for combo in itertools.combinations(rest, k)], total


def _exact_piece(spot: Spot, splits: list[Split]) -> Tally:
    """The integer tally of the deals of every split (the spot with those cards known or
    dead)."""
    ranking, hilo, per_player, known, dead, mask, jokers = spot
    sums: Tally = {}
    for given, more_dead in splits:
        hands = [list(k) for k in known]
        for p, cards in given:
            hands[p] += cards
        raw = _core.equity_raw(ranking, hilo, per_player, hands, dead + list(more_dead), True,
                               0, 0, 1, mask, jokers)
        _add(sums, _tally_of(raw, len(known)))
    return sums


def _tally_of(raw: dict[str, Any], players: int) -> Tally:
    """The integer tally behind an exact result.

    ``equity[p]`` is ``share / deals / 1680`` in doubles (and ``high``, ``low`` alike; ``win``
    and ``tie`` are counts over ``deals``): with fewer than 2**32 deals, neighbouring integers
    are more than a million rounding errors apart, so rounding recovers them. Finishing the
    tally again in C must give the very same doubles, or this raises.
    """
    deals = raw["deals"]
    if deals >= _MAX_PIECE_DEALS:
        raise RuntimeError(f"a piece of {deals:,} deals is too large to add up exactly")
    tally: Tally = {"deals": deals, "share_sq": [0] * players}  # unused when exact
    pots = deals * _UNITS
    for name, field, scale in (("share", "equity", pots), ("high", "high", pots),
                               ("low", "low", pots), ("win", "win", deals), ("tie", "tie", deals)):
        tally[name] = [round(x * scale) for x in raw[field]]
    again = _core.equity_finish(tally, players, True)
    if any(again[f] != raw[f] for f in ("equity", "win", "tie", "high", "low", "deals")):
        raise RuntimeError("an exact piece's tally could not be recovered from its result")
    return tally
