"""Random bad arguments to every public function of the evaluator and equity (issue 9).

Whatever hypothesis passes, only ``ValueError`` and ``TypeError`` (and their subclasses, such
as ``CardError``) may escape, and the process never crashes. Arguments that happen to be valid
are fine: the call then simply returns. Equity arguments are drawn so that a valid call stays
small (no huge sample counts or exact limits).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stud_fast
from stud_fast import Hand, Ranking

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.integers(-3, 60),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.sampled_from(["As", "10h", "Xx", "high", "razz", "low8", "short32", "39", "", "hilo",
                     "baseball", "seven_card_stud", "stud-hilo", "9", "nope", "As As"]),
    st.binary(max_size=4), st.just(object()), st.just(np.int64(51)), st.just(np.float64(3.0)),
    st.just(np.bool_(True)), st.just(1j), st.just(Ranking.RAZZ),
)
JUNK = st.one_of(
    SCALARS, st.lists(SCALARS, max_size=8), st.tuples(SCALARS, SCALARS),
    st.lists(st.integers(-2, 60), max_size=9), st.lists(st.text(max_size=3), max_size=8),
    st.dictionaries(st.text(max_size=2), SCALARS, max_size=2),
    st.builds(lambda n, k, lo, hi: np.random.default_rng(0).integers(lo, hi, (n, k)),
              st.integers(0, 5), st.integers(0, 9), st.integers(-300, 0), st.integers(1, 300)),
    st.builds(lambda n, k, t: np.zeros((n, k), dtype=t), st.integers(0, 4), st.integers(0, 8),
              st.sampled_from([np.uint8, np.uint16, np.int8, np.float32, np.bool_])),
)


def _only_value_or_type_errors(call: Callable[[], Any]) -> None:
    try:
        call()
    except (ValueError, TypeError):
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(JUNK, min_size=0, max_size=7), st.dictionaries(
    st.sampled_from(["cards", "ranking", "wild_ranks", "threads", "out", "hands", "value"]),
    JUNK, max_size=3))
def test_evaluation_functions(args: list[Any], kwargs: dict[str, Any]) -> None:
    for fn in (stud_fast.evaluate, stud_fast.evaluate_batch, stud_fast.category_of,
               stud_fast.max_value):
        _only_value_or_type_errors(lambda: fn(*args[:3], **kwargs))
        _only_value_or_type_errors(lambda: fn(*args[:2]))
    _only_value_or_type_errors(lambda: stud_fast.evaluate7(*args))
    _only_value_or_type_errors(lambda: stud_fast.evaluate5(*args))
    _only_value_or_type_errors(lambda: stud_fast.evaluate7(*(list(args) + [0] * 7)[:7]))


@settings(max_examples=300, deadline=None)
@given(JUNK, JUNK, st.lists(JUNK, max_size=4))
def test_hand(ranking: Any, wild: Any, cards: list[Any]) -> None:
    for make in (lambda: Hand(ranking, wild), lambda: Hand(ranking), lambda: Hand()):
        try:
            h = make()
        except (ValueError, TypeError):
            continue
        for c in cards:
            _only_value_or_type_errors(lambda: h.add(c))
            _only_value_or_type_errors(lambda: h.remove(c))
            _only_value_or_type_errors(h.value)
        assert 0 <= len(h) <= 7


@settings(max_examples=300, deadline=None)
@given(JUNK, JUNK)
def test_cards_and_rankings(a: Any, b: Any) -> None:
    for fn in (stud_fast.card_id, stud_fast.card_str, stud_fast.parse_cards,
               stud_fast.format_cards, stud_fast.parse_rank_mask, Ranking.parse):
        _only_value_or_type_errors(lambda: fn(a))
    _only_value_or_type_errors(lambda: stud_fast.evaluate("As Kd") < a)
    _only_value_or_type_errors(lambda: stud_fast.evaluate(a, b).best_five_text)
    _only_value_or_type_errors(lambda: str(stud_fast.evaluate(a, "razz", b)))


SMALL_SPOT = ["As Ks Qs 7d 2c 3c", "Jh Jd 9c 8c 4d 5d"]
EQUITY_KEYS = ["game", "dead", "exact", "samples", "seed", "threads", "ranking", "cards",
               "wild_ranks", "jokers", "max_deals", "progress"]
# junk, but no valid value that would make a long run
SAFE = st.one_of(
    SCALARS.filter(lambda x: not (type(x) is int and x > 100_000)),
    st.lists(SCALARS, max_size=3), st.sampled_from([2**62 + 1, 2**64, -1, 0]),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JUNK, st.just(SMALL_SPOT), st.lists(st.sampled_from(SMALL_SPOT + ["", "Xx"]),
                                                     max_size=9)),
       st.dictionaries(st.sampled_from(EQUITY_KEYS), SAFE, max_size=4))
def test_equity(hands: Any, kwargs: dict[str, Any]) -> None:
    kwargs.setdefault("samples", 2000)
    if kwargs.get("exact") is not False:
        kwargs.setdefault("max_deals", 100_000)
    _only_value_or_type_errors(lambda: stud_fast.equity(hands, **kwargs))
