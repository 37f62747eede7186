"""Equity speed: stud_fast against poker-equity, timed in the same run on the same machine.

Run from anywhere (stud_fast and poker-equity installed)::

    python bench/bench_equity.py [--threads N] [--samples 2000000] [--repeat 3] [--skip-fourth]

Three cases, all seven-card stud heads-up:

1. exact from fifth street (5 known cards each, 671,580 deals):
   ``As Ks Qd 7h 7c`` against ``Jh Jd 9c 8c 2s``;
2. Monte Carlo on third street (``As Ks Qd`` against ``Jh Jd 9c``), ``--samples`` deals with
   the same thread count for both libraries: deals per second;
3. exact from fourth street (4 known cards each, 141,181,040 deals):
   ``As Ks Qd 7h`` against ``Jh Jd 9c 8c``. poker-equity refuses to enumerate a spot this big
   (``exact_from_text`` returns None), so only stud_fast is timed.

poker-equity's ``exact_from_text`` takes no thread count; stud_fast's exact cases run with
``--threads``. Each fast case is timed ``--repeat`` times and the best time kept. The equities
of both libraries are printed next to the times, so a disagreement would show.

Example::

    >>> SPOTS["fifth"]
    ['As Ks Qd 7h 7c', 'Jh Jd 9c 8c 2s']
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import stud_fast

try:
    import poker_equity
except ImportError:  # pragma: no cover - the comparison columns are left empty
    poker_equity = None

#: The spots timed, by the street they start from.
SPOTS = {
    "fifth": ["As Ks Qd 7h 7c", "Jh Jd 9c 8c 2s"],
    "third": ["As Ks Qd", "Jh Jd 9c"],
    "fourth": ["As Ks Qd 7h", "Jh Jd 9c 8c"],
}
#: poker-equity's variant key for seven-card stud.
PE_STUD = "stud"


def best_time(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The fastest of ``repeat`` calls of ``run`` in seconds, and the last result."""
    best, result = float("inf"), None
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def _pe_hands(hands: Sequence[str]) -> list[str]:
    """poker-equity's hand fields (cards written without spaces)."""
    return [h.replace(" ", "") for h in hands]


def _pe_equity(result: dict[str, Any] | None) -> list[float] | None:
    return None if result is None else [p["equity"] for p in result["players"]]


def _fmt_eq(values: Sequence[float] | None) -> str:
    return "-" if values is None else " / ".join(f"{v:.6f}" for v in values)


def _fmt_time(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1e3:,.1f} ms"


def _fmt_rate(rate: float | None) -> str:
    return "-" if rate is None else f"{rate / 1e6:,.2f} M/s"


def main(argv: Sequence[str] | None = None) -> None:
    """Time the three cases and print a table with the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                        help="threads for both libraries (default: every core)")
    parser.add_argument("--samples", type=int, default=2_000_000,
                        help="Monte Carlo deals of the third-street case")
    parser.add_argument("--repeat", type=int, default=3, help="timings per fast case (best kept)")
    parser.add_argument("--skip-fourth", action="store_true",
                        help="leave out the exact fourth-street case")
    args = parser.parse_args(argv)
    threads = args.threads

    rows: list[tuple[str, int, float | None, float | None, str, str]] = []

    # 1. exact, fifth street
    hands = SPOTS["fifth"]
    sf_t, sf = best_time(lambda: stud_fast.equity(hands, game="seven_card_stud", exact=True,
                                                  threads=threads), args.repeat)
    pe_t, pe = (None, None)
    if poker_equity is not None:
        pe_t, pe = best_time(lambda: poker_equity.exact_from_text(PE_STUD, _pe_hands(hands)),
                             args.repeat)
    rows.append(("exact, 5th street (2 to come each)", sf.deals, sf_t, pe_t,
                 _fmt_eq(sf.equity), _fmt_eq(_pe_equity(pe))))

    # 2. Monte Carlo, third street
    hands = SPOTS["third"]
    n = args.samples
    sf_t, sf = best_time(lambda: stud_fast.equity(hands, game="seven_card_stud", exact=False,
                                                  samples=n, seed=1, threads=threads),
                         args.repeat)
    pe_t, pe = (None, None)
    if poker_equity is not None:
        pe_t, pe = best_time(lambda: poker_equity.chunk_from_text(
            PE_STUD, _pe_hands(hands), "", "", n, 1, threads), args.repeat)
    rows.append((f"Monte Carlo, 3rd street ({threads} threads)", n, sf_t, pe_t,
                 _fmt_eq(sf.equity), _fmt_eq(_pe_equity(pe))))

    # 3. exact, fourth street
    if not args.skip_fourth:
        hands = SPOTS["fourth"]
        sf_t, sf = best_time(lambda: stud_fast.equity(hands, game="seven_card_stud",
                                                      exact=True, threads=threads), 1)
        pe_note = "-"
        if poker_equity is not None:
            start = time.perf_counter()
            refused = poker_equity.exact_from_text(PE_STUD, _pe_hands(hands)) is None
            pe_note = (f"refused (None) in {_fmt_time(time.perf_counter() - start)}"
                       if refused else "enumerated")
        rows.append(("exact, 4th street (3 to come each)", sf.deals, sf_t, None,
                     _fmt_eq(sf.equity), pe_note))

    try:
        from importlib.metadata import version
        pe_version = version("poker-equity") if poker_equity is not None else "missing"
    except Exception:  # noqa: BLE001 - only a label
        pe_version = "?"
    print(f"stud_fast {stud_fast.__version__} vs poker-equity {pe_version}, "
          f"{os.cpu_count()} cores, --threads {threads}")
    head = (f"{'case':<38}{'deals':>13}{'stud_fast':>13}{'poker-eq':>13}"
            f"{'sf deals/s':>13}{'pe deals/s':>13}{'ratio':>8}")
    print(head)
    print("-" * len(head))
    for case, deals, sf_time, pe_time, _, _ in rows:
        ratio = "-" if pe_time is None or sf_time is None else f"{pe_time / sf_time:.1f}x"
        print(f"{case:<38}{deals:>13,}{_fmt_time(sf_time):>13}{_fmt_time(pe_time):>13}"
              f"{_fmt_rate(deals / sf_time if sf_time else None):>13}"
              f"{_fmt_rate(deals / pe_time if pe_time else None):>13}{ratio:>8}")
    print()
    print("equities (player 1 / player 2):")
    for case, _, _, _, sf_eq, pe_eq in rows:
        print(f"  {case}\n    stud_fast:    {sf_eq}\n    poker-equity: {pe_eq}")
    print("ratio = poker-equity time / stud_fast time (higher: stud_fast faster)")


if __name__ == "__main__":
    main()
