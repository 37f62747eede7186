"""stud_fast.equity on a Dask cluster: the run cut into pieces whose integer tallies add up to
exactly the tally of the local run, so the result is the same to the last bit.

- Sampling: sample ``i`` of a seeded run is drawn from a stream fixed by the seed and ``i``'s
  block of ``SF_EQUITY_BLOCK`` samples, so pieces on block boundaries add up to the run
  (``_core.equity_tally``).
- Exact enumeration: the deals are partitioned by the cards one player (or a few players) get:
  a piece is the same spot with those cards added to the players' known cards, which the
  existing enumeration walks as it is. Pieces with one shared seventh card (RULES.md S3) keep
  that card unknown, so they partition the same way. A piece's integer tally is read back from
  its result (shares are ratios of integers with denominators ``deals`` and ``1680 * deals``,
  far apart at these sizes) and checked by finishing it again in C.

Both end in ``_core.equity_finish``, the C engine's own last step.
"""

from __future__ import annotations

import itertools
from math import comb
from typing import TYPE_CHECKING, Any, Callable, Optional

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
        splits, total = _split_deals(spot)
        calls = [(_exact_piece, spot, splits[first:first + n])
                 for first, n in split_evenly(len(splits), pieces)]
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

Split = tuple[tuple[int, tuple[int, ...]], ...]  # (player, cards given to it) ...


def _unseen(spot: Spot) -> list[int]:
    """The cards that can still be dealt, as the C engine lists them (a joker once for every
    joker not known: each is a card of its own)."""
    ranking, _, _, known, dead, _, jokers = spot
    seen = {c for hand in known for c in hand} | set(dead)
    deck = next(r for r in Ranking if r.number == ranking).deck
    jokers_known = sum(c == 52 for hand in known for c in hand)
    return [c for c in deck if c not in seen] + [52] * (jokers - jokers_known)


def _split_deals(spot: Spot) -> tuple[list[Split], int]:
    """A partition of the spot's deals: the combinations of the cards players get, player by
    player, until there are enough pieces and each is small enough.

    Every deal gives each player a set of cards, so fixing the set of one player splits the
    deals exactly, and the rest of a piece is the enumeration of the spot with that set known.
    With a shared seventh card (S3) every player lacks that one too and a piece leaves it to
    the enumeration, so a player is split on its own cards only.
    """
    _, _, per_player, known, _, _, _ = spot
    rest = _unseen(spot)
    need = [per_player - len(k) for k in known]
    shared = sum(need) > len(rest)  # validated by equity(): one shared last card (S3)
    if shared:
        need = [n - 1 for n in need]
    total = deals_left = _deals(need, len(rest) - shared) * (len(rest) if shared else 1)
    splits: list[tuple[Split, frozenset[int]]] = [((), frozenset())]
    for p, k in enumerate(need):
        if k == 0:
            continue
        if len(splits) >= _PIECES_PER_THREAD * 64 and deals_left <= _MAX_PIECE_DEALS:
            break
        options = comb(len(rest) - sum(need[:p]), k)
        if len(splits) * options > _MAX_PIECES:
            if deals_left > _MAX_PIECE_DEALS:
                raise ValueError(f"an exact run of {deals_left * len(splits):,} deals is too "
                                 "large to split: sample it (exact=False)")
            break
        splits = [(split + ((p, tuple(rest[i] for i in combo)),), used | set(combo))
                  for split, used in splits
                  for combo in itertools.combinations(
                      [i for i in range(len(rest)) if i not in used], k)]
        deals_left //= options
    return [split for split, _ in splits], total


def _deals(need: list[int], cards: int) -> int:
    """Ways to give each player ``need[p]`` of ``cards`` cards."""
    total = 1
    for k in need:
        total *= comb(cards, k)
        cards -= k
    return total


def _exact_piece(spot: Spot, splits: list[Split]) -> Tally:
    """The integer tally of the deals of every split (the spot with those cards known)."""
    ranking, hilo, per_player, known, dead, mask, jokers = spot
    sums: Tally = {}
    for split in splits:
        hands = [list(k) for k in known]
        for p, cards in split:
            hands[p] += cards
        raw = _core.equity_raw(ranking, hilo, per_player, hands, dead, True, 0, 0, 1, mask,
                               jokers)
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
