"""The evaluator and equity at their edges (issue 9): each test names the item it covers.

Expected answers come from the rules, from the reference evaluator or from arithmetic, never
from the code under test.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import stud_fast
from stud_fast import CardError, Hand, equity, evaluate, evaluate5, evaluate7, evaluate_batch

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEVEN = (51, 47, 43, 39, 35, 0, 1)


# ---- 1. inputs ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [51.9, 51.0, True, False, "51", None, 1j])
def test_card_ids_are_ints_never_bools_or_floats(bad: object) -> None:
    with pytest.raises(TypeError):
        evaluate7(bad, *SEVEN[1:])
    with pytest.raises(TypeError):
        evaluate5(*SEVEN[1:5], bad)
    if not isinstance(bad, str):  # text is a card for Hand and evaluate, "51" an unknown one
        with pytest.raises(TypeError):
            Hand("high").add(bad)
        with pytest.raises(TypeError):
            evaluate([bad, 47, 43])
        with pytest.raises(TypeError):
            equity([[bad, 47], "Qh Qd"], exact=False, samples=10)


def test_numpy_integers_are_card_ids() -> None:
    ids = [np.int64(c) for c in SEVEN]
    assert evaluate7(*ids) == evaluate7(*SEVEN)
    assert evaluate(np.array(SEVEN, dtype=np.int16)).value == evaluate7(*SEVEN)
    h = Hand("high")
    h.add(np.uint8(51))
    assert len(h) == 1


@pytest.mark.parametrize("big", [-1, 53, 2**31, 2**63, 2**70, -(2**70)])
def test_out_of_range_ids_are_card_errors_not_overflow(big: int) -> None:
    with pytest.raises(CardError):
        evaluate7(big, *SEVEN[1:])
    with pytest.raises(CardError):
        Hand("high").add(big)
    with pytest.raises(CardError):
        evaluate([big, 2, 3])


def test_hand_add_takes_the_card_text_evaluate_takes() -> None:
    h = Hand("high", "9")
    for card in ("As", "10h", "9c", "Xx", "kd"):
        h.add(card)
    assert h.value() == evaluate("As Th 9c Xx Kd", wild_ranks="9").value
    with pytest.raises(CardError):
        h.add("Zz")


def test_hand_remove_of_a_card_not_held_is_refused_and_changes_nothing() -> None:
    short = Hand("short32")
    with pytest.raises(CardError):
        short.remove(0)  # a deuce: not even in the 32-card deck
    assert len(short) == 0
    short.add("As")
    before = short.value()
    for card in (0, "Ks", 52, "2c"):
        with pytest.raises(CardError):
            short.remove(card)
        assert len(short) == 1 and short.value() == before
    short.remove("As")
    assert len(short) == 0
    jokers = Hand("high")
    jokers.add(52)
    jokers.add(52)
    jokers.remove(52)
    jokers.remove(52)
    with pytest.raises(CardError):
        jokers.remove(52)


def test_settings_cache_never_makes_an_answer_depend_on_an_earlier_call() -> None:
    script = textwrap.dedent("""
        import stud_fast
        for first, then in [(1, 1.0), (1, True), (0, False)]:
            stud_fast.evaluate("As Kd", wild_ranks=first)
            try:
                stud_fast.evaluate("As Kd", wild_ranks=then)
                print("accepted", repr(then))
            except TypeError:
                print("refused", repr(then))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[:3] == ["refused 1.0", "refused True", "refused False"], out


@pytest.mark.parametrize("value", [-1, 2**64, 10**30])
def test_category_of_values_out_of_range_are_value_errors(value: int) -> None:
    with pytest.raises(ValueError):
        stud_fast.category_of(value)


@pytest.mark.parametrize("value", [1.5, True, "3", None])
def test_category_of_non_integers_are_type_errors(value: object) -> None:
    with pytest.raises(TypeError):
        stud_fast.category_of(value)  # type: ignore[arg-type]


SPOT = ["As Ks Qs 7d", "Jh Jd 9c 8c"]


@pytest.mark.parametrize("kwargs, error", [
    ({"samples": 2**64 - 1}, ValueError), ({"samples": 2**64}, ValueError),
    ({"samples": 0}, ValueError), ({"samples": -5}, ValueError),
    ({"samples": 2.5}, TypeError), ({"samples": True}, TypeError),
    ({"seed": -1}, ValueError), ({"seed": 2**64}, ValueError),
    ({"seed": 1.5}, TypeError), ({"seed": False}, TypeError),
    ({"game": 7}, TypeError), ({"threads": 2.0}, TypeError), ({"threads": 0}, ValueError),
    ({"jokers": 1.5}, TypeError), ({"jokers": 5}, ValueError), ({"jokers": True}, TypeError),
    ({"game": None, "ranking": "high", "cards": 7.0}, TypeError),
    ({"max_deals": 0}, ValueError), ({"max_deals": 1e9}, TypeError),
    ({"exact": 1}, TypeError), ({"progress": 5}, TypeError),
])
def test_equity_numbers_are_checked_never_truncated(kwargs: dict, error: type) -> None:
    kwargs = {"exact": False, "samples": 1000, "seed": 1, **kwargs}
    with pytest.raises(error):
        equity(SPOT, **kwargs)


def test_hand_settings_out_of_range_are_value_errors() -> None:
    for ranking, wild in [(7, ""), (-1, ""), ("high", -1), ("high", 2**70), (0, 1 << 13)]:
        with pytest.raises(ValueError):
            Hand(ranking, wild)
    for ranking, wild in [(1.0, ""), ("high", 1.0), (True, "")]:
        with pytest.raises(TypeError):
            Hand(ranking, wild)


# ---- 2. out= ---------------------------------------------------------------------------------


def test_out_sharing_memory_with_hands_is_refused() -> None:
    rng = np.random.default_rng(3)
    n = 4096
    rows = np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)
    buf = np.zeros(n * 10, dtype=np.uint8)
    hands = buf[:n * 7].reshape(n, 7)
    hands[:] = rows
    for start in (0, 2, n * 7 - 64):  # out over the hands, ahead of them, overlapping their end
        out = buf[start:start + 2 * n].view(np.uint16)
        with pytest.raises(ValueError, match="shares memory"):
            evaluate_batch(hands, out=out, threads=2)
    assert (hands == rows).all()
    out = np.empty(n, dtype=np.uint16)
    evaluate_batch(hands, out=out)
    assert out.tolist() == [evaluate(r.tolist()).value for r in rows]


# ---- 3. equity -----------------------------------------------------------------------------


def _dead_all_but(keep: str, hands: list[str]) -> str:
    """Every card as dead except `keep` and the hands', so an exact run stays small."""
    alive = set(stud_fast.parse_cards(keep)) | {c for h in hands for c in stud_fast.parse_cards(h)}
    return " ".join(stud_fast.card_str(c) for c in range(52) if c not in alive)


BASEBALL_HANDS = ["Ah Kd Qs 4h 2d 5c", "Ac Ad 7s 6s 8h 2c"]
BASEBALL_KEEP = "3h 9s 8c Td Jh Ks"


@pytest.mark.parametrize("extra", ["", [], 0, (), "3", "9", "39", 1 << 1])
def test_baseball_always_keeps_its_wild_threes_and_nines(extra: object) -> None:
    """S5/D4: baseball's threes and nines are wild whatever wild_ranks adds (here nothing,
    or ranks already wild); the oracle enumerates every deal in Python."""
    from equity_reference import reference_equity

    dead = _dead_all_but(BASEBALL_KEEP, BASEBALL_HANDS)
    got = equity(BASEBALL_HANDS, game="baseball", dead=dead, exact=True, wild_ranks=extra)
    want = reference_equity([list(stud_fast.parse_cards(h)) for h in BASEBALL_HANDS],
                            "seven_card_stud", list(stud_fast.parse_cards(dead)),
                            wild=(1 << 1) | (1 << 7))
    assert got.deals == want["deals"] == 30
    for p in range(2):
        assert abs(got.equity[p] - float(want["equity"][p])) < 1e-12
    no_wilds = reference_equity([list(stud_fast.parse_cards(h)) for h in BASEBALL_HANDS],
                                "seven_card_stud", list(stud_fast.parse_cards(dead)))
    assert abs(float(no_wilds["equity"][0]) - float(want["equity"][0])) > 0.05  # they matter


def test_baseball_wild_ranks_add_to_the_games_own() -> None:
    from equity_reference import reference_equity

    dead = _dead_all_but(BASEBALL_KEEP, BASEBALL_HANDS)
    got = equity(BASEBALL_HANDS, game="baseball", dead=dead, exact=True, wild_ranks="K")
    want = reference_equity([list(stud_fast.parse_cards(h)) for h in BASEBALL_HANDS],
                            "seven_card_stud", list(stud_fast.parse_cards(dead)),
                            wild=(1 << 1) | (1 << 7) | (1 << 11))
    assert abs(got.equity[0] - float(want["equity"][0])) < 1e-12


def test_ten_spelled_10_in_equity() -> None:
    a = equity(["10h 10d 9c", "As Ks Qs"], exact=False, samples=20_000, seed=5)
    b = equity(["Th Td 9c", "As Ks Qs"], exact=False, samples=20_000, seed=5)
    assert a.equity == b.equity and a.hands == ("Th Td 9c", "As Ks Qs")


@pytest.mark.parametrize("name", ["hilo", "hi-lo", "high-low", "HiLo"])
def test_hilo_given_as_a_ranking_prints_its_high_and_low_columns(name: str) -> None:
    r = equity(["Ah 2c 3d 4s", "Kh Kd 5c 6c"], game=None, ranking=name, cards=7,
               exact=False, samples=20_000, seed=2)
    header = r.format().splitlines()[2].split()
    assert r.hilo and "high" in header and "low" in header
    assert sum(r.low) > 0.2  # a qualifying low is common here
    plain = equity(["Ah 2c 3d 4s", "Kh Kd 5c 6c"], game=None, ranking="high", cards=7,
                   exact=False, samples=2_000, seed=2)
    assert not plain.hilo and "low" not in plain.format().splitlines()[2].split()


@pytest.mark.parametrize("hands, deals", [
    (["", ""], 133784560 * 45379620),   # C(52, 7) x C(45, 7)
    # three players (heads-up spots with at most five cards to come are counted, never
    # refused: test_max_deals_is_the_limit_of_an_exact_run)
    (["As Ks", "Qh Qd", "Jc Jd"], 1370754 * 749398 * 376992),  # C(46,5) C(41,5) C(36,5)
])
def test_exact_over_max_deals_is_refused_at_once_with_the_count(hands: list[str],
                                                                 deals: int) -> None:
    """In a child with a time limit: the bug this guards against is a run that never ends."""
    script = textwrap.dedent(f"""
        import stud_fast
        try:
            stud_fast.equity({hands!r}, exact=True)
        except ValueError as e:
            print(e)
    """)
    message = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             timeout=60).stdout
    assert f"{deals:,}" in message and "exact=False" in message, message


def test_max_deals_is_the_limit_of_an_exact_run() -> None:
    """max_deals limits what is enumerated; a counted heads-up spot is never refused."""
    hands = ["As Ks Qs 7d 2c", "Jh Jd 9c 8c 3d", "Tc Td 4s 5s 6h"]  # fifth street, 3 players
    deals = 666 * 595 * 528  # C(37, 2) x C(35, 2) x C(33, 2)
    with pytest.raises(ValueError, match=f"{deals:,}"):
        equity(hands, exact=True, max_deals=deals - 1)
    assert equity(hands, exact=True, max_deals=deals).deals == deals
    counted = equity(hands[:2], exact=True, max_deals=1)
    assert counted.method == "count" and counted.deals == 861 * 780  # C(42, 2) x C(40, 2)


def test_exact_runs_report_progress() -> None:
    calls: list[tuple[int, int]] = []
    hands = ["As Ks Qs 7d 6d", "Jh Jd 9c 8c 7h", "Kc Kd Qc Qd Jc Js"]  # enumerated: 3 players
    dead = "2c 3c 4c 5c 6c 7c 8d 9d Td 2h 3h 4h 5h"
    r = equity(hands, dead=dead, exact=True, progress=lambda d, t: calls.append((d, t)))
    assert r.exact and r.method == "enumerate" and len(calls) >= 10
    assert all(t == r.deals for _, t in calls)
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[-1] == r.deals
    assert equity(hands, dead=dead, exact=True) == r


# ---- 5. best five in C ----------------------------------------------------------------------


def test_showing_a_wild_hand_does_not_load_the_reference_evaluator() -> None:
    script = textwrap.dedent("""
        import sys, stud_fast
        v = stud_fast.evaluate("Xx Xx Xx Xx Xx Xx Xx")
        print(str(v), v.best_five_text)
        for text in ("Xx As 9s 7s 4s", "9c 9d Ks Kd 2s", "Xx 3c 9d 2h"):
            str(stud_fast.evaluate(text, wild_ranks="9"))
        print("_reference" in " ".join(sys.modules))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == ["Five of a kind, aces As As Ah Ad Ac", "False"]


@pytest.mark.parametrize("text, wild, shown", [
    ("Xx Ah Kh Qh Jh", "", "Ah Kh Qh Jh Th"),
    ("9c 9d Ks Kd 2s", "9", "Ks Kh Kd Kc 2s"),
    ("Xx As 9s 7s 4s", "", "As As 9s 7s 4s"),   # D4: the flush A-A-9-7-4
    ("Xx Ac Ad Ah As", "", "As As Ah Ad Ac"),
    ("Xx", "", "As"),
])
def test_best_five_shows_the_cards_wild_cards_stand_for(text: str, wild: str, shown: str) -> None:
    assert evaluate(text, wild_ranks=wild).best_five_text == shown


# ---- 6. lows named as lows ------------------------------------------------------------------


@pytest.mark.parametrize("text, ranking, name, shown", [
    ("7h 6c 4d 2s Ah Kd Kc", "razz", "seven low", "Low, 7-6-4-2-A"),
    ("5h 4c 3d 2s Ah", "razz", "five low", "Low, 5-4-3-2-A"),
    ("8h 6c 4d 2s Ah 9c", "low8", "eight low", "Low, 8-6-4-2-A"),
    ("Kh Qc Jd Ts 9h", "razz", "king low", "Low, K-Q-J-T-9"),
    ("9h 6c 4d 2s Ah", "low8", "no low", "No qualifying low"),
    ("Kh Kc 2d", "razz", "one pair", None),
])
def test_D6_low_hands_are_named_as_lows(text: str, ranking: str, name: str,
                                        shown: str | None) -> None:
    v = evaluate(text, ranking)
    assert v.category == name
    assert stud_fast.category_of(v.value, ranking) == name
    if shown is not None:
        assert str(v) == shown


def test_D6_low_category_agrees_with_the_description_for_every_unpaired_hand() -> None:
    rng = np.random.default_rng(9)
    words = {"A": "ace", "2": "deuce", "3": "three", "4": "four", "5": "five", "6": "six",
             "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
             "K": "king"}
    for _ in range(300):
        cards = rng.permutation(52)[:rng.integers(1, 8)].tolist()
        for ranking in ("razz", "low8"):
            v = evaluate(cards, ranking)
            text = str(v)
            if text.startswith("Low, "):
                assert v.category == words[text[5]] + " low", (cards, ranking)
            else:
                assert not v.category.endswith(" low") or v.category == "no low"


# ---- 7. binding one-way and tidy ------------------------------------------------------------


def test_binding_imports_no_facade_and_uses_the_headers_status_constants() -> None:
    source = (ROOT / "bindings" / "_core.pyx").read_text()
    assert "from stud_fast.evaluation" not in source and "import stud_fast.evaluation" \
        not in source
    for literal in ("-20", "-21", "-22", "-23"):
        assert literal not in source
    assert "def category_name" not in source


def test_every_status_maps_to_a_clear_error() -> None:
    with pytest.raises(ValueError, match="2 to 8 players"):
        stud_fast._core.equity_raw(0, False, 7, [[51]], [], True)
    with pytest.raises(ValueError, match="more cards than the game deals"):
        stud_fast._core.equity_raw(0, False, 7, [list(range(8)), []], [], True)
    with pytest.raises(CardError, match="duplicate card As"):
        stud_fast._core.eval_ids([51, 51])
    with pytest.raises(ValueError, match="too many deals"):
        stud_fast._core.equity_raw(0, False, 7, [[]] * 8, [], True)
