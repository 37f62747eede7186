"""evaluate_batch over a dask array: every block of rows evaluated where it lives."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

import numpy as np

from stud_fast.errors import CardError
from stud_fast.evaluation import WildRanks
from stud_fast.evaluation import evaluate_batch as _local_batch
from stud_fast.rankings import RankingLike

if TYPE_CHECKING:
    import dask.array

__all__ = ["evaluate_batch"]


def evaluate_batch(hands: "dask.array.Array", ranking: RankingLike = "high",
                   wild_ranks: WildRanks = "") -> "dask.array.Array":
    """Values of every row of a dask array of card ids (uint8, ``[N, k]``, k in 1..7), as a lazy
    uint16 dask array ``[N]`` chunked like the rows: ``evaluate_batch(d).compute()`` equals
    :func:`stud_fast.evaluate_batch` of the whole array.

    Each block runs the C batch loop on one thread of whichever worker holds it (the cluster
    supplies the parallelism); an array chunked along its columns too is first rechunked to
    whole rows. Wrong dtype, shape or ranking raise here, as the local call would; a bad card
    raises ``CardError`` at compute time, naming the row of the whole array.

    >>> import dask.array as da, stud_fast
    >>> hands = da.from_array(np.array([[51, 47, 43, 39, 35]] * 4, np.uint8), chunks=(2, 5))
    >>> evaluate_batch(hands).compute().tolist() == [stud_fast.evaluate("As Ks Qs Js Ts").value] * 4
    True
    """
    import dask.array as da

    if not isinstance(hands, da.Array):
        raise TypeError(f"hands must be a dask.array.Array, got {type(hands).__name__} "
                        "(use stud_fast.evaluate_batch for a numpy array)")
    if hands.ndim == 2 and np.isnan(hands.shape[1]):
        raise ValueError("hands must have a known number of columns (cards per hand)")
    # the local call checks dtype, shape, ranking and wild ranks on an empty array
    _local_batch(np.empty((0,) * max(hands.ndim - 1, 0) + hands.shape[1:], dtype=hands.dtype),
                 ranking, wild_ranks, threads=1)
    rows: Any = hands.rechunk({1: -1}) if hands.numblocks[1] > 1 else hands
    values: "dask.array.Array" = rows.map_blocks(
        _evaluate_block, ranking, wild_ranks, dtype=np.uint16, drop_axis=1,
        meta=np.empty((0,), dtype=np.uint16))
    return values


_HAND = re.compile(r"^hand (\d+)")


def _evaluate_block(block: np.ndarray, ranking: RankingLike, wild_ranks: WildRanks,
                    block_info: Optional[dict[Any, Any]] = None) -> np.ndarray:
    try:
        return _local_batch(block, ranking, wild_ranks, threads=1)
    except CardError as e:
        first = block_info[0]["array-location"][0][0] if block_info else 0
        text, found = _HAND.subn(lambda m: f"hand {int(m.group(1)) + first}", str(e))
        raise CardError(text if found else f"rows from {first}: {e}") from None
