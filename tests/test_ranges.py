"""Ranges in equity (stud_fast.Range): validation, the weight-averaged equity over holdings
against a plain enumeration of each holding (tests/equity_reference.py), card removal, sampling
within its standard error, and the same answer for any thread count."""

from __future__ import annotations

import math
import os
import sys
from fractions import Fraction
from typing import Any, Sequence

import pytest

import stud_fast
from stud_fast import CardError, Range, equity
from stud_fast._reference import hand_text, parse_cards
from stud_fast.equity_result import COUNT_ABOVE

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from equity_reference import GAMES, reference_equity  # noqa: E402

FIELDS = ("equity", "win", "tie", "high", "low")


def ids(text: str) -> list[int]:
    return parse_cards(text) if text.strip() else []


def dead_except(game: str, keep: str) -> str:
    """Dead cards leaving exactly the cards of ``keep`` in the game's deck (a small spot)."""
    alive = set(ids(keep))
    return hand_text(c for c in GAMES[game][1] if c not in alive)


def weighted_reference(game: str, hands: Sequence[Any], dead: str) -> dict[str, list[Fraction]]:
    """The weight-averaged exact results over every combination of the ranges' holdings,
    each combination enumerated on its own by the plain oracle; combinations sharing a card
    are skipped."""
    choices: list[list[tuple[str, Fraction]]] = []
    for h in hands:
        if isinstance(h, Range):
            choices.append([(text, Fraction(w)) for text, w in h])
        else:
            choices.append([(h, Fraction(1))])
    sums = {f: [Fraction(0)] * len(hands) for f in FIELDS}
    total = Fraction(0)

    def walk(i: int, picked: list[str], weight: Fraction) -> None:
        nonlocal total
        if i == len(hands):
            cards = [c for h in picked for c in ids(h)] + ids(dead)
            if len(set(cards)) != len(cards):
                return  # card removal
            ref = reference_equity([ids(h) for h in picked], game, ids(dead), use_core=True)
            for f in FIELDS:
                for p in range(len(hands)):
                    sums[f][p] += weight * ref[f][p]
            total += weight
            return
        for text, w in choices[i]:
            walk(i + 1, picked + [text], weight * w)

    walk(0, [], Fraction(1))
    assert total > 0
    return {f: [s / total for s in sums[f]] for f in FIELDS}


def assert_close(result: Any, ref: dict[str, list[Fraction]], tol: float = 1e-12) -> None:
    for f in FIELDS:
        got = list(getattr(result, f))
        want = [float(x) for x in ref[f]]
        assert all(abs(g - w) <= tol for g, w in zip(got, want)), (f, got, want)


# ---- Range: building and validating --------------------------------------------------------


def test_range_from_mapping_and_list() -> None:
    r = Range({"Jh Jd 9c 8c": 3, "Ah Kd 9c 8c": 1.5})
    assert len(r) == 2 and r.cards == 4
    assert list(r) == [("Jh Jd 9c 8c", 3), ("Ah Kd 9c 8c", 1.5)]
    assert r.weight("9c 8c Jd Jh") == 3
    with pytest.raises(KeyError):
        r.weight("2c 2d 2h 2s")
    assert list(Range.from_list(["Jh Jd", "AhKd"])) == [("Jh Jd", 1), ("Ah Kd", 1)]
    assert "Range({'Jh Jd 9c 8c': 3" in repr(r)


@pytest.mark.parametrize("holdings, error, match", [
    ({}, ValueError, "at least one holding"),
    ({"Jh Jd": 1, "Ah Kd 9c": 1}, ValueError, "as many cards as the first"),
    ({"Jh Jd": 0}, ValueError, "positive"),
    ({"Jh Jd": -2}, ValueError, "positive"),
    ({"Jh Jd": math.nan}, ValueError, "positive and finite"),
    ({"Jh Jd": math.inf}, ValueError, "positive and finite"),
    ({"Jh Jd": True}, TypeError, "int or a float"),
    ({"Jh Jd": "3"}, TypeError, "int or a float"),
    ({"Jh Jd": 1, "Jd Jh": 2}, ValueError, "appears twice"),
    ({"Jh Jh": 1}, CardError, "twice"),
    ({"Jh Xx": 1}, CardError, "no jokers"),
    ({"Zz Jd": 1}, CardError, "Zz"),
    ({"": 1}, ValueError, "1 to 7 cards"),
    ({"2c 3c 4c 5c 6c 7c 8c 9c": 1}, ValueError, "1 to 7 cards"),
])
def test_range_validation(holdings: Any, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        Range(holdings)


def test_range_from_a_list_is_not_a_mapping() -> None:
    with pytest.raises(TypeError, match="from_list"):
        Range(["Jh Jd"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="appears twice"):
        Range.from_list(["Jh Jd", "JhJd"])


def test_range_from_up_cards_with_a_predicate() -> None:
    pairs = Range.from_up_cards("9c", 2, lambda h: h[0][0] == h[1][0], dead="9d")
    assert len(pairs) == 12 * 6 + 1 and pairs.cards == 3  # nines: 9h 9s only
    assert all(text.endswith(" 9c") for text, _ in pairs)
    assert all(text[0] == text[3] for text, _ in pairs)
    everything = Range.from_up_cards("Ah Kd", 1)
    assert len(everything) == 50
    weighted = Range.from_up_cards("7c", 1, lambda h: 2.5 if h[0][0] == "A" else h[0][0] == "K",
                                   deck=32)
    assert sorted(w for _, w in weighted) == [1] * 4 + [2.5] * 4
    with pytest.raises(ValueError, match="satisfies"):
        Range.from_up_cards("7c", 1, lambda h: False)
    import numpy as np
    assert len(Range.from_up_cards("7c", 1, lambda h: np.bool_(h[0][1] == "s"))) == 13
    with pytest.raises(ValueError, match="positive"):
        Range.from_up_cards("7c", 1, lambda h: -1.0)
    with pytest.raises(ValueError, match="52 or 32"):
        Range.from_up_cards("7c", 1, deck=36)
    with pytest.raises(ValueError, match="hidden"):
        Range.from_up_cards("7c", -1)


# ---- equity against ranges equals the holdings enumerated one by one ----------------------


SPOTS = [  # (game, hands with ranges, cards left live besides the hands)
    ("seven_card_stud", ["As Ks Qs 7d 2c", Range({"Jh Jd 9c 8c 3d": 3, "Ah Kd 9c 8c 3d": 1,
                                                  "Th 9h 9c 8c 3d": 2})],
     "4h 5h 6d 7h 8h Tc Jc"),
    ("razz", [Range({"Ah 2c 3d 8s 9s": 1, "Kh Kc 3d 8s 9s": 4}), "4c 5d 6h 7s Qd"],
     "As 2d 3h 4s 5c 6s 7d 8d"),
    ("stud_hilo", ["Ac 2c 3c 9d Td", Range({"Kh Kd 4s 5s 6s": 2, "7h 8h 4s 5s 6s": 1}),
                   "Qc Qs Js Jh 8c"], "4h 5h 6h 2d 3d 7c"),
    ("five_card_stud_32", ["As Ad 7c", Range({"Kh Kd 8c": 1, "Qh Jh 8c": 1, "Tc 9c 8c": 2})],
     "Ks Qs Js Ts 9s 9d 7d"),
    ("five_card_stud", [Range.from_up_cards("Kh", 1, lambda h: h[0][0] in "AK",
                                            dead=dead_except("five_card_stud",
                                                             "As Ah Kd Ks Ac 2c 3c 4c 5c")),
                        "Qc Qd Jc"], "2c 3c 4c 5c 2d"),
    ("mexican_stud", [Range({"2c 2d": 1, "Ac Kc": 3}), Range({"Ah Ad": 1, "2c Kd": 1,
                                                              "7h 8h": 5})],
     "9s Ts Js 3h 4h"),
]


def spot_dead(game: str, hands: list[Any], live: str) -> str:
    """Dead cards leaving live only the hands' and holdings' cards and ``live``."""
    holding_cards = " ".join(h if isinstance(h, str) else " ".join(t for t, _ in h)
                             for h in hands)
    return dead_except(game, " ".join(sorted(set(holding_cards.split()))) + " " + live)


@pytest.mark.parametrize("game, hands, live", SPOTS, ids=[s[0] for s in SPOTS])
def test_exact_range_equity_is_the_weighted_average_of_each_holding(
        game: str, hands: list[Any], live: str) -> None:
    dead = spot_dead(game, hands, live)
    result = equity(hands, game=game, dead=dead, exact=True, threads=2)
    assert result.exact and all(s == 0 for s in result.std_error)
    assert_close(result, weighted_reference(game, hands, dead))
    assert abs(sum(result.equity) - 1) < 1e-12


def test_baseball_wild_cards_in_a_range() -> None:
    dead = dead_except("seven_card_stud", "As Ks Qs 7d 2c 9h 3d Jh Jd 8c 4h 5h 6d Th")
    hands = ["As Ks Qs 7d 2c", Range({"9h 3d Jh 8c 4h": 2, "Jh Jd 8c 4h 5h": 1})]
    result = equity(hands, game="baseball", dead=dead, exact=True)
    wild = 1 << 7 | 1 << 1  # nines and threes
    want = [Fraction(0)] * 2
    for text, weight in hands[1]:
        ref = reference_equity([ids(hands[0]), ids(text)], "seven_card_stud", ids(dead),
                               use_core=True, wild=wild)
        want = [a + weight * b for a, b in zip(want, ref["equity"])]
    assert result.equity == pytest.approx([float(w / 3) for w in want], abs=1e-12)
    sampled = equity(hands, game="baseball", dead=dead, exact=False, samples=100_000, seed=2)
    assert all(abs(e - s) <= 4 * se for e, s, se in
               zip(result.equity, sampled.equity, sampled.std_error))


# ---- card removal ---------------------------------------------------------------------------


def test_card_removal_drops_holdings_sharing_a_known_or_dead_card() -> None:
    dead = dead_except("seven_card_stud", "As Ks Qs 7d 2c Jh Jd 9c 8c 3d Ah Kd 4h 5h 6d 7h 8h")
    hero = "As Ks Qs 7d 2c"
    clean = Range({"Jh Jd 9c 8c 3d": 3})
    with_clashes = Range({"Jh Jd 9c 8c 3d": 3, "As Kd 9c 8c 3d": 100,  # As: hero's
                          "Jh Jd 9c 8c 4h": 7})  # 4h: dead below
    a = equity([hero, clean], game="seven_card_stud", dead=dead + " 4h", exact=True)
    b = equity([hero, with_clashes], game="seven_card_stud", dead=dead + " 4h", exact=True)
    c = equity([hero, "Jh Jd 9c 8c 3d"], game="seven_card_stud", dead=dead + " 4h", exact=True)
    assert (a.equity, a.win, a.tie, a.deals) == (b.equity, b.win, b.tie, b.deals)
    assert b.equity == pytest.approx(c.equity, abs=1e-15) and b.deals == c.deals


def test_card_removal_between_two_ranges() -> None:
    game, live = "five_card_stud", "2c 3c 4c 5c 6c 7c"
    r1 = Range({"Ah Ad Kc": 1, "Qh Qd Kc": 2})
    r2 = Range({"Ah Kh Js": 5, "Qs Qc Js": 1, "Qh Jh Js": 4})
    dead = dead_except(game, "Ah Ad Kc Qh Qd Kh Js Qs Qc Jh " + live)
    result = equity([r1, r2], game=game, dead=dead, exact=True)
    # possible pairs: (AA, QQ), (QQ, AKh), (QQ, QQ clubs/spades); (AA, AKh) and (QQ, QhJh) share
    assert_close(result, weighted_reference(game, [r1, r2], dead))


def test_a_range_wholly_removed_is_an_error() -> None:
    with pytest.raises(ValueError, match="player 2: every holding"):
        equity(["As Ks", Range({"As Kd": 1, "Ah Ks": 2})], game="five_card_stud")
    with pytest.raises(ValueError, match="player 2: every holding"):
        equity(["As Ks", Range({"Ad Kd": 1})], game="five_card_stud", dead="Kd")
    with pytest.raises(ValueError, match="no possible combination"):
        equity([Range({"Ad Kd": 1}), Range({"Ad Kh": 1})], game="five_card_stud")


def test_extreme_weights_are_an_error_or_exact() -> None:
    tiny = Range({"2c 3c": 1e-200, "2d 3d": 1})
    also_tiny = Range({"4c 5c": 1e-200, "4d 5d": 1})
    with pytest.raises(ValueError, match="too far apart"):  # 1e-400 is 0 in a double
        equity(["As Ks", tiny, also_tiny], game="five_card_stud", exact=False, samples=10)
    huge = Range({"2c 3c": 1e300, "2d 3d": 1e300})
    also_huge = Range({"4c 5c": 1e300, "4d 5d": 3e300})  # products would overflow
    plain = Range({"2c 3c": 1, "2d 3d": 1})
    also_plain = Range({"4c 5c": 1, "4d 5d": 3})
    dead = dead_except("five_card_stud", "As Ks 2c 3c 2d 3d 4c 5c 4d 5d 7h 8h 9h Th Jh 6s 7s")
    a = equity(["As Ks", huge, also_huge], game="five_card_stud", dead=dead, exact=True)
    b = equity(["As Ks", plain, also_plain], game="five_card_stud", dead=dead, exact=True)
    assert a.equity == pytest.approx(b.equity, abs=1e-12)
    assert all(math.isfinite(e) for e in a.equity)


def test_too_many_combinations_is_an_error() -> None:
    wide = Range.from_up_cards("", 3)  # 22,100 holdings
    with pytest.raises(ValueError, match="more than 4,194,304"):
        equity([wide, wide, "2c"], game="five_card_stud", exact=False, samples=10)


def test_range_errors_are_clear() -> None:
    with pytest.raises(CardError, match="not in the 32-card deck"):
        equity(["As Ks", Range({"2c 3c": 1})], game="five_card_stud_32")
    with pytest.raises(ValueError, match="holds 6 cards; five_card_stud deals 5"):
        equity(["As", Range({"2c 3c 4c 5c 6c 7c": 1})], game="five_card_stud")
    with pytest.raises(CardError, match="appears twice"):
        equity(["As Ks", "As Qd", Range({"2c 3c": 1})], game="five_card_stud")
    for samples in (0, 2 ** 32):
        with pytest.raises(ValueError, match="samples"):
            equity(["As Ks", Range({"2c 3c": 1})], game="five_card_stud", exact=False,
                   samples=samples)


# ---- sampling, seeds and threads ------------------------------------------------------------


@pytest.mark.parametrize("game, hands, live", SPOTS, ids=[s[0] for s in SPOTS])
def test_sampled_range_equity_within_four_standard_errors(game: str, hands: list[Any],
                                                          live: str) -> None:
    dead = spot_dead(game, hands, live)
    exact = equity(hands, game=game, dead=dead, exact=True)
    sampled = equity(hands, game=game, dead=dead, exact=False, samples=200_000, seed=11)
    assert not sampled.exact and sampled.deals == 200_000
    for p, (e, s, se) in enumerate(zip(exact.equity, sampled.equity, sampled.std_error)):
        assert 0 < se < 0.01
        assert abs(e - s) <= 4 * se, (p, e, s, se)


def test_sampling_draws_holdings_by_weight() -> None:
    # a holding weighted 9 against 1: the range player's equity sits between the two
    # holdings' equities at 9:1, as the exact average says, within 4 standard errors
    hands = ["Kh Kd 2c 7s", Range({"Ah Ad 3c 8s": 9, "Qh Qd 3c 8s": 1})]
    one = equity(hands, game="seven_card_stud", exact=False, samples=1, seed=1)
    assert one.deals == 1
    sampled = equity(hands, game="seven_card_stud", exact=False, samples=400_000, seed=5)
    aa = equity(["Kh Kd 2c 7s", "Ah Ad 3c 8s"], game="seven_card_stud", exact=False,
                samples=400_000, seed=6)
    qq = equity(["Kh Kd 2c 7s", "Qh Qd 3c 8s"], game="seven_card_stud", exact=False,
                samples=400_000, seed=7)
    want = 0.9 * aa.equity[1] + 0.1 * qq.equity[1]
    err = math.sqrt(sampled.std_error[1] ** 2 + 0.81 * aa.std_error[1] ** 2
                    + 0.01 * qq.std_error[1] ** 2)
    assert abs(sampled.equity[1] - want) <= 4 * err


@pytest.mark.parametrize("exact", [True, False])
def test_same_result_for_any_thread_count(exact: bool) -> None:
    # 16 x 105 possible combinations: 27 chunks of work, shared out one per thread (2, 3
    # threads) or run one after another with the threads inside the engine (8 threads)
    live = "As Ks Qs Js 2c 3c 2d 3d 4h 5h 6h 7h 8h 9h Th Jh Qh Kh 4d 5d 6d 7d 8d 9d"
    dead = dead_except("five_card_stud", live)
    r1 = Range.from_up_cards("2c 3c", 1, dead=dead + " 2d 3d")
    r2 = Range.from_up_cards("2d 3d", 2, dead=dead + " 2c 3c As Ks Qs Js")
    hands: list[Any] = ["As Ks Qs Js", r1, r2]
    options: dict[str, Any] = {"exact": True, "dead": dead}
    if not exact:
        options = {"exact": False, "samples": 100_000, "seed": 99}
    results = [equity(hands, game="five_card_stud", threads=t, **options) for t in (1, 2, 3, 8)]
    assert results[0].exact is exact
    for r in results[1:]:
        assert r == results[0]
    if not exact:
        again = equity(hands, game="five_card_stud", threads=2, **options)
        other = equity(hands, game="five_card_stud", threads=2, **{**options, "seed": 100})
        assert again == results[0] and other.equity != results[0].equity


def test_progress_counts_combinations_and_changes_nothing() -> None:
    many = Range.from_up_cards("9c 8c", 1)
    hands = ["As Ks Qs 7d", many]
    calls: list[tuple[int, int]] = []
    quiet = equity(hands, game="five_card_stud", exact=True, threads=2)
    loud = equity(hands, game="five_card_stud", exact=True, threads=2,
                  progress=lambda done, total: calls.append((done, total)))
    assert quiet == loud
    assert calls[-1] == (46, 46)  # 50 holdings, 4 of them with a card of player 1
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_equity_without_ranges_is_unchanged() -> None:
    r = stud_fast.equity(["As Ks Qs 7d", "Jh Jd 9c 8c"], game="seven_card_stud",
                         exact=False, samples=10_000, seed=1)
    single = stud_fast.equity(["As Ks Qs 7d", Range({"Jh Jd 9c 8c": 7})],
                              game="seven_card_stud", exact=False, samples=10_000, seed=1)
    assert r.hands[1] == "Jh Jd 9c 8c" and single.hands[1] == "range of 1"
    assert abs(r.equity[0] - single.equity[0]) < 5 * (r.std_error[0] + single.std_error[0])


def test_docstring_examples_run() -> None:
    import doctest
    import importlib

    module = importlib.import_module("stud_fast.ranges")
    failed, tried = doctest.testmod(module)
    assert failed == 0 and tried > 0


def test_exact_over_max_deals_is_refused_at_once() -> None:
    v1 = Range.from_up_cards("Kh 9c 4d 2c", 2)
    v2 = Range.from_up_cards("Qh 7c 5d 3c", 2)
    with pytest.raises(ValueError, match="max_deals"):  # about 2e10 deals: refused, not run
        equity(["As Ks Qs Js 9d 8d", v1, v2], game="seven_card_stud", exact=True)
    small = equity(["As Ks Qs Js 9d 8d", Range.from_list(["Kh 9c 4d 2c 3h 3d"])],
                   game="seven_card_stud", exact=True, max_deals=2000)
    assert small.exact and small.deals == 40 * 39  # one holding: 40 * 39 deals of a card each
    with pytest.raises(ValueError, match="max_deals"):  # three players: enumerated
        equity(["As Ks Qs Js 9d 8d", Range.from_list(["Kh 9c 4d 2c 3h 3d"]),
                "2h 2s 5c 6c 7h 8h"], game="seven_card_stud", exact=True, max_deals=1000)
    # heads-up is never refused for its deals (issue 21 item 4): counted, or enumerated when
    # it has so few deals (here, sixth street) that enumerating is faster
    heads_up = equity(["As Ks Qs Js 9d 8d", Range.from_list(["Kh 9c 4d 2c 3h 3d"])],
                      game="seven_card_stud", exact=True, max_deals=1000)
    assert heads_up == small


# ---- heads-up ranges counted (issue 21 item 2) ------------------------------------------------

def _enumerated_range_equity(hands: list[Any], game: str, dead: str
                             ) -> tuple[list[float], int, int]:
    """Today's range equity, rebuilt from outside: every combination of holdings (holdings in
    the order given, range players in seat order, a holding meeting a fixed, dead or already
    picked card dropped) enumerated by the C engine on its own (``_core.equity_raw``, which
    never counts), its equities weighted by the product of the holdings' weights and summed in
    chunks of SF_RANGE_CHUNK (1) combinations in order, as the C range engine sums
    (range_equity.h). The same
    integers per combination either way, so the same floats."""
    import itertools

    from stud_fast import _core
    from stud_fast.equity import _pot

    pot = _pot(game, None, None)
    fixed = [None if isinstance(h, Range) else list(stud_fast.parse_cards(h)) for h in hands]
    dead_ids = list(stud_fast.parse_cards(dead))
    taken = {c for f in fixed if f for c in f} | set(dead_ids)
    # each range's weights over its largest, as the C engine scales them (range_equity.c)
    choices = [[(list(stud_fast.parse_cards(t)), float(w) / max(float(v) for _, v in h))
                for t, w in h]
               if isinstance(h, Range) else [(fixed[i], 1.0)] for i, h in enumerate(hands)]
    sums, chunk, total, deals, n = [0.0, 0.0], [0.0, 0.0], 0.0, 0, 0
    for combo in itertools.product(*choices):
        cards = [c for ids, _ in combo for c in ids]
        ranged = [c for (ids, _), f in zip(combo, fixed) if f is None for c in ids]
        if len(set(cards)) != len(cards) or taken & set(ranged):
            continue
        weight = 1.0
        for _, w in combo:
            weight *= w
        raw = _core.equity_raw(pot.ranking.number, pot.hilo, pot.cards,
                               [ids for ids, _ in combo], dead_ids, True, 0, 0, 1,
                               pot.wild_mask, 0, None)
        for p in range(2):
            chunk[p] += weight * raw["equity"][p]
        total += weight
        deals += int(raw["deals"])
        n += 1
        if n % 1 == 0:  # SF_RANGE_CHUNK
            sums = [s + c for s, c in zip(sums, chunk)]
            chunk = [0.0, 0.0]
    sums = [s + c for s, c in zip(sums, chunk)]
    return [s / total for s in sums], deals, n


def _random_range(rng: Any, deck: list[str], cards: int, size: int) -> Range:
    holdings: dict[str, int] = {}
    while len(holdings) < size:
        holdings[" ".join(sorted(rng.sample(deck, cards)))] = rng.randrange(1, 5)
    return Range(holdings)


@pytest.mark.parametrize("game,street,seed", [
    ("seven_card_stud", 5, 1), ("seven_card_stud", 6, 2), ("razz", 5, 3), ("stud_hilo", 5, 4),
    ("stud_hilo", 6, 5), ("five_card_stud_32", 3, 6), ("baseball", 5, 7),
    ("five_card_stud", 3, 8)])
def test_heads_up_ranges_are_counted_bit_identically_to_enumeration(game: str, street: int,
                                                                    seed: int) -> None:
    """Issue 21 item 2: a hand against a weighted range and a range against a range, counted,
    give the very floats that enumerating every combination gives, and the
    same number of deals; card removal between the ranges (their holdings drawn from one small
    pool, so many pairs meet) and against the fixed hand and the dead cards."""
    import random

    rng = random.Random(seed)
    deck = [stud_fast.card_str(c) for c in
            (stud_fast.DECK_32 if game.endswith("_32") else stud_fast.DECK_52)]
    rng.shuffle(deck)
    hero, dead = " ".join(deck[:street]), " ".join(deck[street:street + 2])
    pool = deck[street - 1:street + 20]  # one of the hero's cards and the dead cards among them
    # the pool overlaps the hero's and the dead cards: holdings meeting them are dropped
    r1, r2 = _random_range(rng, pool, street, 5), _random_range(rng, pool, street, 4)
    compared = 0
    for hands in ([hero, r1], [r1, r2], [r2, hero]):
        try:
            want, deals, combos = _enumerated_range_equity(hands, game, dead)
        except ZeroDivisionError:  # card removal left no combination
            with pytest.raises(ValueError):
                equity(hands, game=game, dead=dead, exact=True)
            continue
        got = equity(hands, game=game, dead=dead, exact=True)
        # sixth street's combinations have few deals: enumerated, faster than counted
        assert got.method == ("count" if deals > COUNT_ABOVE * combos else "enumerate")
        assert list(got.equity) == want and got.deals == deals and got.exact
        compared += 1
    assert compared >= 2


def test_a_hand_against_a_third_street_range_is_counted_by_default() -> None:
    """exact=None counts a heads-up spot against a range from third street (enumerating it
    visits about 10^10 deals a holding); the deals are those of every combination."""
    villain = Range({"Jh Jd 9c": 3, "Ah Kd 9c": 1, "8s 8h 9c": 2})
    got = equity(["As Ks Qs", villain], game="seven_card_stud", dead="2c 3c")
    assert got.method == "count" and got.exact
    one = equity(["As Ks Qs", "8s 8h 9c"], game="seven_card_stud", dead="2c 3c")
    assert got.deals == 3 * one.deals
