"""A bar chart of benchmark rows: one bar per evaluator and entry point, hands per second on a
log scale, the machine and the date in the title. Needs matplotlib (``pip install
'.[plot]'`` from a clone), imported only when a chart is drawn.

>>> rows = [{"section": "7-card high", "name": "eval7", "hands_per_s": 2e6}]
>>> plot_rows(rows, "/tmp/stud_fast_doctest_chart.svg")  # doctest: +SKIP
"""

from __future__ import annotations

import datetime
import os
import platform
from typing import Any, Sequence

__all__ = ["FORMATS", "machine_name", "plot_rows"]

#: file extensions the chart can be written as
FORMATS = (".png", ".svg")

_FLOOR = "numpy hands.sum(axis=1) (floor)"


def machine_name() -> str:
    """The CPU model and the core count, e.g. ``"AMD EPYC 7B13, 2 cores"``."""
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:  # not Linux
        pass
    model = model or platform.processor() or platform.machine() or "unknown CPU"
    return f"{model}, {os.cpu_count() or 1} cores"


def _rate_text(rate: float) -> str:
    """``"256 M"``, ``"57.8 k"``, ``"812"``: three significant digits.

    >>> _rate_text(2.56e8), _rate_text(57_780), _rate_text(812.4)
    ('256 M', '57.8 k', '812')
    """
    for scale, unit in ((1e6, " M"), (1e3, " k")):
        if rate >= scale:
            return f"{rate / scale:.3g}{unit}"
    return f"{rate:.3g}"


def plot_rows(rows: Sequence[dict[str, Any]], path: str, section: str = "7-card high") -> None:
    """Draw the rows of one ``section`` of :func:`stud_fast.benchmark.run` into ``path``
    (``.png`` or ``.svg``): horizontal bars, fastest on top, hands/s on a log scale. The NumPy
    floor row is not an evaluator and is left out.

    Raises ValueError for another extension or when the section has no rows, ImportError
    when matplotlib is missing.
    """
    ext = os.path.splitext(path)[1].lower()
    if ext not in FORMATS:
        raise ValueError(f"the chart is written as {' or '.join(FORMATS)}, not {path!r}")
    bars = sorted((r for r in rows if r["section"] == section and r["name"] != _FLOOR),
                  key=lambda r: float(r["hands_per_s"]))
    if not bars:
        raise ValueError(f"no {section} rows to draw")
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    ours = ["#1f6fb4" if r["name"].startswith(("stud_fast", "C core")) else "#9a9a9a"
            for r in bars]
    fig, ax = plt.subplots(figsize=(9, 0.42 * len(bars) + 1.6))
    rates = [float(r["hands_per_s"]) for r in bars]
    ax.barh([r["name"] for r in bars], rates, color=ours)
    ax.set_xscale("log")
    for y, rate in enumerate(rates):
        ax.text(rate * 1.08, y, _rate_text(rate), va="center", fontsize=8)
    ax.set_xlim(min(rates) / 2, max(rates) * 6)
    ax.set_xlabel("hands per second (log scale), one thread unless marked")
    today = datetime.date.today().isoformat()
    ax.set_title(f"{section} hand evaluation, stud_fast (blue) and peers\n"
                 f"{machine_name()}, Python {platform.python_version()}, {today}",
                 fontsize=10)
    ax.grid(axis="x", which="major", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
