"""Evaluator benchmarks: stud_fast next to the peers that are installed, on the same hands.

``python -m stud_fast bench`` calls :func:`run`; the peer adapters live in
:mod:`stud_fast.benchmark.peers`.
"""

from stud_fast.benchmark.compare import random_hands, run

__all__ = ["random_hands", "run"]
