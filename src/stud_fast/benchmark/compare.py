"""Compare stud_fast's high-hand evaluation speed with other Python evaluators.

``python -m stud_fast bench`` (see ``--help``) calls :func:`run`, which generates ``N`` random
7-card hands (distinct cards within a hand, default 200,000) and times, in the same process:

* ``numpy hands.sum(axis=1)``: a memory-bandwidth floor, no evaluation;
* ``stud_fast.evaluate_batch(hands, threads=1, out=out)``: one call for all hands, one thread
  (the reference row), and the same on every CPU, both into one reused output array;
* the C core's unchecked ``sf_eval_trusted`` in a C loop over the same rows: what the
  checked batch costs over the bare lookup (the binding overhead included);
* ``stud_fast.evaluate7(a, ..., g)`` in a per-hand loop;
* ``stud_fast.evaluate("As Kd ...")`` in a per-hand loop on strings;
* every importable peer from :mod:`peers`, one call per hand.

Each entry is timed with ``time.perf_counter`` and the best of several repetitions is kept
(the machine may be noisy). Per-hand Python loops are timed on a prefix of the hands
(:data:`PER_HAND_CAP`, or the peer's smaller ``max_hands``) unless ``full`` is given;
hands/s stays comparable, and the memory stays low: each entry's card objects are built just
before it is timed and dropped right after. A second table does the same for 5-card hands.
Every entry's results are also checked against a reference ordering (stud_fast.evaluate_batch
when importable, otherwise eval7). :mod:`stud_fast.benchmark.plot` draws the rows as a chart.
"""

from __future__ import annotations

import gc
import math
import os
import platform
import secrets
import time
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Callable, Sequence, cast

import numpy as np

from stud_fast.benchmark import peers as _peers

Printer = Callable[[str], Any]


# --------------------------------------------------------------------------
# hand generation


def random_hands(
    n: int,
    k: int = 7,
    seed: int | None = None,
    deck: Sequence[int] | np.ndarray | None = None,
    jokers: int = 0,
    rng: np.random.Generator | None = None,
) -> np.ndarray:
    """Return ``n`` random hands of ``k`` cards as a ``uint8`` array ``[n, k]``.

    Real cards within a hand are distinct (drawn without replacement from
    ``deck``); ``jokers`` copies of the joker id 52 are added and every row is
    shuffled so the jokers land in random positions.

    Args:
        n: Number of hands.
        k: Cards per hand, jokers included.
        seed: Seed for a fresh ``numpy.random.default_rng`` (ignored if
            ``rng`` is given).
        deck: Card ids to draw from (default: all 52 cards).  For short-deck
            hands pass ``range(20, 52)`` (sevens to aces).
        jokers: Number of jokers (id 52) per hand.
        rng: Generator to use instead of ``seed``.

    Returns:
        C-contiguous ``uint8`` array of shape ``[n, k]``.

    Raises:
        ValueError: If the deck is too small for ``k - jokers`` distinct cards.
    """
    gen = rng if rng is not None else np.random.default_rng(seed)
    cards = np.arange(52, dtype=np.uint8) if deck is None else np.asarray(deck, dtype=np.uint8)
    real = k - jokers
    if real < 0 or real > len(cards):
        raise ValueError(f"cannot draw {real} distinct cards from a deck of {len(cards)}")
    out = np.empty((n, k), dtype=np.uint8)
    todo = np.arange(n)
    # Rejection sampling: draw with replacement, redraw the rows with repeats.
    while todo.size:
        draw = gen.integers(0, len(cards), size=(todo.size, real))
        srt = np.sort(draw, axis=1)
        ok = np.all(srt[:, 1:] != srt[:, :-1], axis=1)
        out[todo[ok], :real] = cards[draw[ok]]
        todo = todo[~ok]
    if jokers:
        out[:, real:] = 52
        perm = np.argsort(gen.random((n, k)), axis=1)
        out = np.take_along_axis(out, perm, axis=1)
    return np.ascontiguousarray(out)


# --------------------------------------------------------------------------
# timing


def best_time(
    fn: Callable[[], Any], repeats: int = 5, budget: float = 20.0
) -> tuple[float, Any]:
    """Return the best wall time (seconds) of ``fn()`` and its last result.

    Runs ``fn`` at least twice (the first run also warms caches) and at most
    ``repeats`` times, stopping early once ``budget`` seconds were spent.
    The garbage collector is disabled while timing, as ``timeit`` does.
    """
    best = float("inf")
    result: Any = None
    spent = 0.0
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for i in range(max(2, repeats)):
            t0 = time.perf_counter()
            result = fn()
            dt = time.perf_counter() - t0
            best = min(best, dt)
            spent += dt
            if i >= 1 and spent > budget:
                break
    finally:
        if gc_was_enabled:
            gc.enable()
    return best, result


@dataclass
class Entry:
    """One timed contender.

    Attributes:
        name: Row label.
        call: What is called, for the JSON output.
        prepare: Builds what the timed call needs (card objects, strings...) and returns the
            zero-argument callable that evaluates ``n`` hands. It runs just before the entry
            is timed, and what it built is dropped right after: one entry's data at a time
            keeps the peak memory low.
        n: Number of hands the prepared callable evaluates.
        values: Converts the result of that callable into one integer per hand for
            the ordering check, or ``None`` to skip the check.
        higher_is_better: Convention of those integers.
    """

    name: str
    call: str
    prepare: Callable[[], Callable[[], Any]]
    n: int
    values: Callable[[Any], Any] | None = None
    higher_is_better: bool = True


#: per-hand Python loops are timed on at most this many hands (their rate does not depend on
#: the count, and a million Python objects per entry would cost hundreds of megabytes)
PER_HAND_CAP = 200_000


def _same(result: Any) -> Any:
    """Identity conversion: the result already is one value per hand."""
    return result


# --------------------------------------------------------------------------
# stud_fast entries


def stud_fast_entries(sf: Any, hands: np.ndarray, out: Printer,
                      full: bool = False) -> list[Entry]:
    """Build the stud_fast rows for ``hands`` ([N, 5] or [N, 7]).

    Missing functions are reported through ``out`` and skipped.
    """
    k = hands.shape[1]
    entries: list[Entry] = []
    n = len(hands)
    per_hand = n if full else min(n, PER_HAND_CAP)
    batch = getattr(sf, "evaluate_batch", None)
    if batch is not None:
        # The reference row: one thread, like every per-hand peer. Both rows write into one
        # output array, as a loop over batches would: a fresh array's page faults are not the
        # evaluator's work, and with threads they contend in the kernel.
        def batch_call(threads: int | None) -> Callable[[], Callable[[], Any]]:
            def prepare() -> Callable[[], Any]:
                batch_out = np.empty(n, dtype=np.uint16)
                return lambda: batch(hands, threads=threads, out=batch_out)
            return prepare

        entries.append(Entry("stud_fast.evaluate_batch",
                             "stud_fast.evaluate_batch(hands, threads=1, out=out)",
                             batch_call(1), n, _same))
        cpus = os.cpu_count() or 1
        if cpus > 1:
            entries.append(Entry(f"stud_fast.evaluate_batch ({cpus} threads)",
                                 "stud_fast.evaluate_batch(hands, out=out)",
                                 batch_call(None), n, _same))
    else:
        out("note: stud_fast.evaluate_batch not found, skipped")
    core = getattr(getattr(sf, "_core", None), "trusted_batch_for_benchmark", None)
    if core is not None:
        def prepare_trusted() -> Callable[[], Any]:
            trusted_out = np.empty(n, dtype=np.uint16)

            def trusted_loop() -> np.ndarray:
                core(hands, trusted_out)
                return trusted_out

            return trusted_loop

        entries.append(Entry("C core, unchecked (sf_eval_trusted)",
                             "sf_eval_trusted per row in a C loop, no validation",
                             prepare_trusted, n, _same))

    scalar_name = f"evaluate{k}"
    scalar = getattr(sf, scalar_name, None)
    if scalar is not None:
        def prepare_scalar() -> Callable[[], Any]:
            tuples = _peers.hands_to_tuples(hands[:per_hand])
            return lambda: [scalar(*h) for h in tuples]

        entries.append(Entry(f"stud_fast.{scalar_name} (ids)",
                             f"stud_fast.{scalar_name}(a, ...) per hand",
                             prepare_scalar, per_hand, _same))
    else:
        out(f"note: stud_fast.{scalar_name} not found, skipped")

    evaluate = getattr(sf, "evaluate", None)
    if evaluate is not None:
        def prepare_str() -> Callable[[], Any]:
            strings = _peers.hands_to_strings(hands[:per_hand])
            # keep the values only: a list of HandValue objects is the memory peak otherwise
            return lambda: [evaluate(s).value for s in strings]

        entries.append(Entry("stud_fast.evaluate (str)", 'stud_fast.evaluate("As Kd ...") per hand',
                             prepare_str, per_hand, _same))
    else:
        out("note: stud_fast.evaluate not found, skipped")
    return entries


def peer_entries(hands: np.ndarray, full: bool) -> list[Entry]:
    """Build one row per available peer (capped at the peer's max_hands)."""
    entries: list[Entry] = []
    for peer in _peers.available_peers():
        cap = min(PER_HAND_CAP, peer.max_hands or PER_HAND_CAP)
        n = len(hands) if full else min(len(hands), cap)
        call = peer.call
        if hands.shape[1] != 7:
            call = call.replace("7cards", f"{hands.shape[1]}cards")
        entries.append(Entry(peer.name, call, _prepare_peer(peer, hands[:n]), n, _same,
                             peer.higher_is_better))
    return entries


def _prepare_peer(peer: _peers.Peer, hands: np.ndarray) -> Callable[[], Callable[[], Any]]:
    return lambda: peer.prepare(hands)


# --------------------------------------------------------------------------
# running and reporting


def _fmt_rate(x: float) -> str:
    return f"{x:,.0f}"


def _fmt_ratio(x: float | None) -> str:
    if x is None:
        return "n/a"
    if x >= 10:
        return f"{x:,.0f}x"
    if x >= 0.1:
        return f"{x:.2f}x"
    if x <= 0:
        return "0x"
    decimals = 1 - math.floor(math.log10(x))  # two significant digits
    return f"{x:.{decimals}f}x"


def _table(rows: list[dict[str, Any]], out: Printer) -> None:
    """Print rows as a markdown table."""
    out("| entry | hands timed | hands/s | vs evaluate_batch | vs eval7 per-hand | same order |")
    out("|---|---:|---:|---:|---:|:---:|")
    for r in rows:
        if r["mismatches"] is None:
            agree = "-"
        elif r["mismatches"] == 0:
            agree = "yes"
        else:
            agree = f"NO ({r['mismatches']})"
        out(f"| {r['name']} | {r['hands']:,} | {_fmt_rate(r['hands_per_s'])} | "
            f"{_fmt_ratio(r['vs_batch'])} | {_fmt_ratio(r['vs_eval7'])} | {agree} |")


def _measure_section(
    section: str,
    hands: np.ndarray,
    sf: Any | None,
    out: Printer,
    repeats: int,
    full: bool,
    progress: Printer | None = None,
) -> list[dict[str, Any]]:
    """Time every contender on ``hands`` and print one markdown table.

    ``progress`` gets one line per entry as it is timed (its rate).
    """
    entries: list[Entry] = [
        Entry("numpy hands.sum(axis=1) (floor)", "hands.sum(axis=1)",
              lambda: lambda: hands.sum(axis=1), len(hands)),
    ]
    entries += stud_fast_entries(sf, hands, out, full)
    entries += peer_entries(hands, full)

    # Reference ordering: stud_fast batch if present, else eval7, else none.
    reference: np.ndarray | None = None
    ref_name = ""
    for want in ("stud_fast.evaluate_batch", "eval7"):
        cand = [e for e in entries if e.name == want and e.n == len(hands) and e.values]
        if not cand:
            continue
        ref_entry = cand[0]
        ref_values = ref_entry.values
        if ref_values is None:  # excluded above; narrows the type
            continue
        try:
            ref_vals = np.asarray(ref_values(ref_entry.prepare()()), dtype=np.int64)
        except Exception as exc:  # noqa: BLE001 - fall back to the next one
            out(f"note: reference {want} failed: {type(exc).__name__}: {exc}")
            continue
        reference = ref_vals if ref_entry.higher_is_better else -ref_vals
        ref_name = want
        break

    rows: list[dict[str, Any]] = []
    for number, e in enumerate(entries, 1):
        label = f"[{number}/{len(entries)}] {section}: {e.name}, {e.n:,} hands"
        try:
            fn = e.prepare()
            seconds, result = best_time(fn, repeats)
        except Exception as exc:  # noqa: BLE001 - report and keep going
            out(f"note: {e.name} failed: {type(exc).__name__}: {exc}")
            continue
        mismatches = None
        if reference is not None and e.values is not None:
            try:
                mismatches = _peers.ordering_mismatches(
                    reference[: e.n], e.values(result), e.higher_is_better)
            except Exception as exc:  # noqa: BLE001
                out(f"note: ordering check of {e.name} failed: {exc}")
        del fn, result  # the prepared data and the results of this entry go before the next
        rate = e.n / seconds if seconds > 0 else float("inf")
        if progress is not None:
            progress(f"{label}: {rate / 1e6:,.3g} M hands/s")
        rows.append({
            "section": section,
            "name": e.name,
            "call": e.call,
            "hands": e.n,
            "seconds": seconds,
            "hands_per_s": rate,
            "mismatches": mismatches,
            "reference": ref_name or None,
        })

    def rate_of(name: str) -> float | None:
        for r in rows:
            if r["name"] == name:
                return cast(float, r["hands_per_s"])
        return None

    batch_rate = rate_of("stud_fast.evaluate_batch")
    eval7_rate = rate_of("eval7")
    for r in rows:
        r["vs_batch"] = r["hands_per_s"] / batch_rate if batch_rate else None
        r["vs_eval7"] = r["hands_per_s"] / eval7_rate if eval7_rate else None

    out("")
    out(f"### {section}: {len(hands):,} random hands"
        + (f" (ordering reference: {ref_name})" if ref_name else ""))
    out("")
    _table(rows, out)
    return rows


def versions() -> dict[str, str]:
    """Versions of the packages involved, for the JSON output."""
    vers = {"python": platform.python_version(), "numpy": np.__version__}
    for dist in ("stud_fast", "eval7", "phevaluator", "treys", "pokerkit"):
        try:
            vers[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            pass
    return vers


INSTALL_PEERS = "pip install '.[peers]'"


def peers_line() -> str:
    """Which peers take part, and how to add the missing ones.

    >>> peers_line().startswith("peers: ")
    True
    """
    present = _peers.available_peers()
    missing = sorted({p.module.split(".")[0] for p in _peers.PEERS}
                     - {p.module.split(".")[0] for p in present})
    if not present:
        return (f"peers: none installed; {INSTALL_PEERS} adds {', '.join(missing)} "
                "(the 'vs eval7' column needs eval7)")
    line = "peers: " + ", ".join(p.name for p in present)
    if missing:
        line += f" ({', '.join(missing)} missing: {INSTALL_PEERS})"
    return line


def run(
    hands: int = 200_000,
    seed: int | None = None,
    out: Printer = print,
    *,
    repeats: int = 5,
    full: bool = False,
    five_card: bool = True,
    progress: Printer | None = None,
) -> list[dict[str, Any]]:
    """Benchmark stud_fast against the available peers and print the tables.

    Args:
        hands: Number of random 7-card hands (5-card section uses the same).
        seed: RNG seed; a random one is drawn (and printed) when ``None``.
        out: Line printer (``print`` by default).
        repeats: Maximum timed repetitions per entry; the best is kept.
        full: Time slow pure-Python peers on all hands instead of a prefix.
        five_card: Also run the 5-card section.
        progress: Gets one line per entry as soon as it is timed (the tables come at the end
            of each section).

    Returns:
        One dict per timed row with keys ``section, name, call, hands,
        seconds, hands_per_s, vs_batch, vs_eval7, mismatches, reference``
        (ratios are rate / reference rate, ``None`` when the reference row
        is missing; ``mismatches`` is 0 when the ordering matches).
    """
    if seed is None:
        seed = secrets.randbits(32)
    import stud_fast as sf
    out(f"stud_fast benchmark: {hands:,} hands, seed {seed}, best of up to {repeats} runs, "
        f"python {platform.python_version()} on {platform.machine()}, "
        f"batch kernel {sf.batch_kernel()}")
    out(peers_line())

    rng = np.random.default_rng(seed)
    rows = _measure_section("7-card high", random_hands(hands, 7, rng=rng), sf, out,
                            repeats, full, progress)
    if five_card:
        rows += _measure_section("5-card high", random_hands(hands, 5, rng=rng), sf, out,
                                 repeats, full, progress)
    bad = [r["name"] + f" ({r['section']})" for r in rows if r["mismatches"]]
    out("")
    if bad:
        out("ORDERING DISAGREES: " + ", ".join(bad))
    else:
        out("All checked entries order the hands identically.")
    for r in rows:
        r["seed"] = seed
    return rows
