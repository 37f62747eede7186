"""Adapters that run other Python poker evaluators on stud_fast card ids.

Every adapter takes a NumPy ``uint8`` array of hands with shape ``[N, k]``
(``k`` is 5, 6 or 7) holding stud_fast card ids::

    id = rank_index * 4 + suit_index
    rank_index 0..12  ->  2, 3, ..., K, A
    suit_index 0..3   ->  c, d, h, s

and returns a zero-argument callable.  All conversion to the peer's own card
objects happens when the adapter is called; the returned callable only loops
over the prepared hands, calling the peer once per hand, and returns the list
of the peer's raw values.  That callable is what the benchmarks time.

Only high-hand (best five of ``k``) evaluation is covered: it is the one
ranking that every peer supports.

The module also provides :func:`available_peers` (the adapters whose peer
library imports) and :func:`same_ordering` / :func:`ordering_mismatches`, which
check that a peer ranks a set of hands exactly as a reference list of values
does (larger reference value = stronger hand, as in stud_fast).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable, Sequence

import numpy as np

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

#: Text of every stud_fast card id 0..51, e.g. ``CARD_STRINGS[51] == "As"``.
CARD_STRINGS: tuple[str, ...] = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)

Evaluator = Callable[[], list[int]]
"""A prepared, zero-argument callable that evaluates every hand once."""

Preparer = Callable[[np.ndarray], Evaluator]
"""A function turning an ``[N, k]`` uint8 id array into an :data:`Evaluator`."""


# --------------------------------------------------------------------------
# helpers


def _check_hands(hands: np.ndarray) -> np.ndarray:
    """Validate a hand array and return it as a C-contiguous uint8 array.

    Args:
        hands: Array of shape ``[N, k]`` with ``5 <= k <= 7`` and every id in
            ``0..51`` (peers know no jokers).

    Returns:
        The same data as a contiguous ``uint8`` array.

    Raises:
        ValueError: If the shape or the card ids are out of range.
    """
    arr = np.ascontiguousarray(hands, dtype=np.uint8)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise ValueError(f"hands must have shape [N, 5..7], got {arr.shape}")
    if arr.size and int(arr.max()) > 51:
        raise ValueError("peers only accept card ids 0..51 (no jokers)")
    return arr


def hands_to_tuples(hands: np.ndarray) -> list[tuple[int, ...]]:
    """Convert an id array to a list of tuples of Python ints (one per hand)."""
    return [tuple(row) for row in _check_hands(hands).tolist()]


def hands_to_strings(hands: np.ndarray, sep: str = " ") -> list[str]:
    """Convert an id array to card text such as ``"As Kd Qh 2c 3d 9s 9h"``.

    Args:
        hands: Array of shape ``[N, k]`` of card ids 0..51.
        sep: Separator placed between the cards.

    Returns:
        One string per hand.
    """
    cs = CARD_STRINGS
    return [sep.join(cs[c] for c in row) for row in _check_hands(hands).tolist()]


def hands_to_card_lists(hands: np.ndarray) -> list[tuple[str, ...]]:
    """Convert an id array to tuples of two-character card strings."""
    cs = CARD_STRINGS
    return [tuple(cs[c] for c in row) for row in _check_hands(hands).tolist()]


# --------------------------------------------------------------------------
# adapters: each takes hands [N, k] and returns a zero-argument evaluator


def prepare_eval7(hands: np.ndarray) -> Evaluator:
    """``eval7.evaluate(list_of_eval7_Card)``; larger value = stronger."""
    import eval7

    table = [eval7.Card(s) for s in CARD_STRINGS]
    prepared = [[table[c] for c in row] for row in _check_hands(hands).tolist()]
    evaluate = eval7.evaluate

    def run() -> list[int]:
        return [evaluate(h) for h in prepared]

    return run


_PHEVAL_NATIVE = {5: "evaluate_5cards", 6: "evaluate_6cards", 7: "evaluate_7cards"}


def prepare_phevaluator_c(hands: np.ndarray) -> Evaluator:
    """``phevaluator._pheval.evaluate_Ncards(*ids)`` (C extension, int ids).

    phevaluator's card ids are ``rank * 4 + suit`` with the same rank and suit
    order as stud_fast, so the ids are passed through unchanged.  Smaller
    value = stronger (1 is a royal flush).
    """
    from phevaluator import _pheval

    arr = _check_hands(hands)
    evaluate = getattr(_pheval, _PHEVAL_NATIVE[arr.shape[1]])
    prepared = [tuple(row) for row in arr.tolist()]

    def run() -> list[int]:
        return [evaluate(*h) for h in prepared]

    return run


def prepare_phevaluator_str(hands: np.ndarray) -> Evaluator:
    """``phevaluator.evaluate_cards("As", "Kd", ...)`` on card strings.

    Includes phevaluator's own string parsing in the timed part (that is what
    this entry measures).  Smaller value = stronger.
    """
    from phevaluator import evaluate_cards

    prepared = hands_to_card_lists(hands)

    def run() -> list[int]:
        return [evaluate_cards(*h) for h in prepared]

    return run


def prepare_treys(hands: np.ndarray) -> Evaluator:
    """``treys.Evaluator().evaluate(hand, board)`` with ``Card.new`` ints.

    The first two cards are passed as the "hand" and the rest as the "board"
    (treys concatenates them anyway).  Smaller value = stronger.
    """
    from treys import Card, Evaluator

    table = [Card.new(s) for s in CARD_STRINGS]
    prepared = [
        ([table[c] for c in row[:2]], [table[c] for c in row[2:]])
        for row in _check_hands(hands).tolist()
    ]
    evaluate = Evaluator().evaluate

    def run() -> list[int]:
        return [evaluate(h, b) for h, b in prepared]

    return run


def _pokerkit_cards(hands: np.ndarray) -> list[tuple[Any, ...]]:
    """Convert ids to tuples of ``pokerkit.Card`` objects."""
    from pokerkit import Card

    table = [next(iter(Card.parse(s))) for s in CARD_STRINGS]
    return [tuple(table[c] for c in row) for row in _check_hands(hands).tolist()]


def prepare_pokerkit(hands: np.ndarray) -> Evaluator:
    """``pokerkit.StandardHighHand.from_game(cards)``, the documented path.

    Returns ``hand.entry.index``; larger = stronger.
    """
    from pokerkit import StandardHighHand

    prepared = _pokerkit_cards(hands)
    from_game = StandardHighHand.from_game

    def run() -> list[int]:
        return [from_game(h).entry.index for h in prepared]

    return run


def prepare_pokerkit_lookup(hands: np.ndarray) -> Evaluator:
    """Best 5-card ``StandardHighHand.lookup.get_entry`` over all 5-subsets.

    This is pokerkit's fastest public route (the lookup table behind
    ``StandardHighHand``, skipping the Hand objects).  Returns the entry index;
    larger = stronger.
    """
    from pokerkit import StandardHighHand

    prepared = _pokerkit_cards(hands)
    get_entry = StandardHighHand.lookup.get_entry

    def run() -> list[int]:
        return [max(map(get_entry, combinations(h, 5))).index for h in prepared]

    return run


# --------------------------------------------------------------------------
# registry


@dataclass(frozen=True)
class Peer:
    """Description of one peer adapter.

    Attributes:
        name: Short label used in tables and benchmark ids.
        module: Module that must import for the peer to be available.
        prepare: Adapter turning an id array into a timed evaluator.
        higher_is_better: Whether larger peer values mean stronger hands.
        call: Human-readable description of the timed call.
        max_hands: Suggested cap on hands to time (pure-Python peers are slow);
            ``None`` for no cap.
    """

    name: str
    module: str
    prepare: Preparer
    higher_is_better: bool
    call: str
    max_hands: int | None = None


PEERS: tuple[Peer, ...] = (
    Peer("phevaluator._pheval", "phevaluator._pheval", prepare_phevaluator_c, False,
         "phevaluator._pheval.evaluate_7cards(a, ..., g)"),
    Peer("eval7", "eval7", prepare_eval7, True,
         "eval7.evaluate([eval7.Card, ...])"),
    Peer("phevaluator (str)", "phevaluator", prepare_phevaluator_str, False,
         'phevaluator.evaluate_cards("As", ...)', 200_000),
    Peer("treys", "treys", prepare_treys, False,
         "treys.Evaluator().evaluate(hand, board)", 50_000),
    Peer("pokerkit (lookup)", "pokerkit", prepare_pokerkit_lookup, True,
         "max(StandardHighHand.lookup.get_entry(c) for c in 5-subsets)", 10_000),
    Peer("pokerkit", "pokerkit", prepare_pokerkit, True,
         "StandardHighHand.from_game(cards)", 4_000),
)
"""All known peers, roughly fastest first."""


def _importable(module: str) -> bool:
    """Return whether ``module`` can be imported."""
    try:
        importlib.import_module(module)
    except Exception:  # noqa: BLE001 - any import failure means "unavailable"
        return False
    return True


def available_peers() -> list[Peer]:
    """Return the peers whose library imports in this environment."""
    return [p for p in PEERS if _importable(p.module)]


def get_peer(name: str) -> Peer:
    """Return the peer called ``name``.

    Raises:
        KeyError: If no peer has that name.
    """
    for p in PEERS:
        if p.name == name:
            return p
    raise KeyError(name)


# --------------------------------------------------------------------------
# ordering cross-check


def ordering_mismatches(
    reference: Sequence[int] | np.ndarray,
    values: Sequence[int] | np.ndarray,
    higher_is_better: bool = True,
) -> int:
    """Count where ``values`` ranks hands differently from ``reference``.

    ``reference`` follows stud_fast's convention (larger = stronger).  The
    peer's ``values`` are first oriented the same way (negated when
    ``higher_is_better`` is false).  The two orderings agree exactly when the
    oriented values are a strictly increasing function of the reference
    values: equal references must get equal values, and a larger reference a
    larger value.  The hands are sorted by (reference, value) and each
    adjacent pair that breaks this rule counts as one mismatch.

    Args:
        reference: Reference hand values, larger = stronger.
        values: The peer's values for the same hands, in the same order.
        higher_is_better: The peer's convention.

    Returns:
        Number of offending adjacent pairs; 0 means identical ordering.

    Raises:
        ValueError: If the two inputs differ in length.
    """
    ref = np.asarray(reference, dtype=np.int64).ravel()
    val = np.asarray(values, dtype=np.int64).ravel()
    if ref.shape != val.shape:
        raise ValueError(f"length mismatch: {ref.size} vs {val.size}")
    if ref.size < 2:
        return 0
    if not higher_is_better:
        val = -val
    order = np.lexsort((val, ref))
    r = ref[order]
    v = val[order]
    dr = np.diff(r)
    dv = np.diff(v)
    bad_tie = (dr == 0) & (dv != 0)  # same reference, different peer value
    bad_step = (dr > 0) & (dv <= 0)  # stronger reference, not stronger peer
    return int(np.count_nonzero(bad_tie | bad_step))


def same_ordering(
    reference: Sequence[int] | np.ndarray,
    values: Sequence[int] | np.ndarray,
    higher_is_better: bool = True,
) -> bool:
    """Return whether ``values`` orders the hands exactly as ``reference``.

    See :func:`ordering_mismatches` for the precise rule (ties included).

    Args:
        reference: Reference values, larger = stronger (stud_fast convention).
        values: Peer values for the same hands.
        higher_is_better: Whether larger peer values are stronger.
    """
    return ordering_mismatches(reference, values, higher_is_better) == 0


def cross_check(
    hands: np.ndarray,
    reference: Sequence[int] | np.ndarray,
    peers: Sequence[Peer] | None = None,
    limit: int | None = 20_000,
) -> dict[str, int]:
    """Run each peer on ``hands`` and count ordering mismatches vs ``reference``.

    Args:
        hands: ``[N, k]`` card ids.
        reference: One value per hand, larger = stronger.
        peers: Peers to check (default: :func:`available_peers`).
        limit: Use at most this many hands per peer (also capped by the
            peer's ``max_hands``); ``None`` for all.

    Returns:
        Mapping peer name -> mismatch count (0 = same ordering).
    """
    ref = np.asarray(reference)
    out: dict[str, int] = {}
    for peer in available_peers() if peers is None else peers:
        n = len(hands)
        for cap in (limit, peer.max_hands):
            if cap is not None:
                n = min(n, cap)
        vals = peer.prepare(hands[:n])()
        out[peer.name] = ordering_mismatches(ref[:n], vals, peer.higher_is_better)
    return out


__all__ = [
    "CARD_STRINGS",
    "PEERS",
    "Peer",
    "available_peers",
    "cross_check",
    "get_peer",
    "hands_to_card_lists",
    "hands_to_strings",
    "hands_to_tuples",
    "ordering_mismatches",
    "prepare_eval7",
    "prepare_phevaluator_c",
    "prepare_phevaluator_str",
    "prepare_pokerkit",
    "prepare_pokerkit_lookup",
    "prepare_treys",
    "same_ordering",
]
