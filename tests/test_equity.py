"""Tests of ``stud_fast.equity``: exact results against a brute-force oracle and poker-equity,
Monte Carlo against exact, reproducible seeds, symmetry and input validation.

The oracle (``tests/equity_reference.py``) walks every deal in plain Python and values hands
with the pure-Python evaluator ``stud_fast._reference``; its own tests come first and run
even where ``stud_fast.equity`` is missing. The spots are late streets or small decks (many
dead cards) so that the whole file stays well under a minute.
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

import stud_fast
from stud_fast._reference import hand_text, parse_cards

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from equity_reference import GAMES, count_deals, reference_equity

import poker_equity  # a test dependency: the cross-checks must run, not skip

#: Absolute tolerance between a float result and an exact fraction.
TOL = 1e-12
#: The fields compared with the oracle.
FIELDS = ("equity", "win", "tie", "high", "low")

Spot = tuple[str, list[str], str]  # (game, hands text, dead text)


# --------------------------------------------------------------------------- helpers


def _ids(text: str) -> list[int]:
    return parse_cards(text) if text.strip() else []


def _dead_except(game: str, keep: str, used: Sequence[str] = ()) -> str:
    """Dead cards that leave exactly ``keep`` (plus the cards in ``used``) in the game's deck."""
    alive = set(_ids(keep)) | {c for hand in used for c in _ids(hand)}
    return hand_text(c for c in GAMES[game][1] if c not in alive)


def _stderr(result: Any) -> list[float]:
    """The standard errors of ``.equity`` (``std_error``)."""
    return list(result.std_error)


def _run(game: str, hands: Sequence[str], dead: str = "", **options: Any) -> Any:
    return stud_fast.equity(list(hands), game=game, dead=dead, **options)


def _reference(game: str, hands: Sequence[str], dead: str = "") -> dict[str, Any]:
    return reference_equity([_ids(h) for h in hands], game, _ids(dead))


def _assert_matches_reference(result: Any, ref: dict[str, Any], label: str) -> None:
    assert result.exact is True, label
    assert result.deals == ref["deals"], label
    assert all(se == 0 for se in _stderr(result)), label
    for field in FIELDS:
        got = list(getattr(result, field))
        want = [float(x) for x in ref[field]]
        assert len(got) == len(want), (label, field)
        assert all(abs(g - w) <= TOL for g, w in zip(got, want)), (
            f"{label}: {field} stud_fast={got} reference={want}")
    assert abs(sum(result.equity) - 1) <= 1e-9, label


# --------------------------------------------------------------------------- spots

#: Hand-built spots, each aimed at one rule. The dead cards leave a small live deck.
HANDMADE: dict[str, Spot] = {
    # short32: a flush beats a full house (see test_reference_by_hand)
    "short32_flush_over_full_house": (
        "five_card_stud_32", ["Ah Kh Qh 9h", "As Ad Ac Ks"],
        _dead_except("five_card_stud_32", "8h Kc Jc", ["Ah Kh Qh 9h", "As Ad Ac Ks"])),
    # the same cards under the 52-card ranking: the full house wins there
    "high_full_house_over_flush": (
        "five_card_stud", ["Ah Kh Qh 9h", "As Ad Ac Ks"],
        _dead_except("five_card_stud", "8h Kc Jc", ["Ah Kh Qh 9h", "As Ad Ac Ks"])),
    "short32_a789t_straight": (
        "five_card_stud_32", ["Ac 8d 9h Tc", "Kd Ks Qc Jd"],
        _dead_except("five_card_stud_32", "7c 7s Kc Qd 8h", ["Ac 8d 9h Tc", "Kd Ks Qc Jd"])),
    # a player with no known card at all
    "short32_empty_hand": (
        "five_card_stud_32", ["", "Ah Kh Qh Jh"],
        _dead_except("five_card_stud_32", "Th 9s 9d 8c Ac Kd As 7h", ["Ah Kh Qh Jh"])),
    "mexican_three_way": (
        "mexican_stud", ["Qs Qd 4c 2h", "Ks 9h 8h 7h", "Ah Jc Tc"],
        _dead_except("mexican_stud", "Qc Kd 6h 5h 9c Tc Ad Jd",
                     ["Qs Qd 4c 2h", "Ks 9h 8h 7h", "Ah Jc"])),
    "seven_stud_river": (
        "seven_card_stud", ["As Ks Qd 7h 7c 2d", "Jh Jd 9c 8c 2s 3s"],
        _dead_except("seven_card_stud", "7d Js Ac Kh 8d 9d Th 4s 5s 6s",
                     ["As Ks Qd 7h 7c 2d", "Jh Jd 9c 8c 2s 3s"])),
    "seven_stud_fourth_street_small_deck": (
        "seven_card_stud", ["As Ks Qd 7h", "Jh Jd 9c 8c"],
        _dead_except("seven_card_stud", "7d Js Ac Kh 8d Tc Th 2s", ["As Ks Qd 7h", "Jh Jd 9c 8c"])),
    "razz_river_tie_possible": (
        "razz", ["As 2s 3d 4h Kc Kd", "Ah 2d 3c 4c Qs Qd"],
        _dead_except("razz", "5c 5d 6h 8s Ks 9c Td",
                     ["As 2s 3d 4h Kc Kd", "Ah 2d 3c 4c Qs Qd"])),
    "razz_three_way": (
        "razz", ["Ac 3d 5h 7s 9c", "2c 2d 4h 6s", "3h 4s 5c 8d Jh Js"],
        _dead_except("razz", "Ah 6c 7d 8c Kh 9s",
                     ["Ac 3d 5h 7s 9c", "2c 2d 4h 6s", "3h 4s 5c 8d Jh Js"])),
    # two identical wheels: the low half is shared (quartered), the high half varies
    "hilo_quartered_low": (
        "stud_hilo", ["Ac 2c 3c 4c 5d Kh", "Ad 2d 3d 4d 5h Qs", "Ks Kd Kc 9s Jd Ts"],
        _dead_except("stud_hilo", "5c 5s 9h 9c Th Tc Td 6h 7h 8s Js",
                     ["Ac 2c 3c 4c 5d Kh", "Ad 2d 3d 4d 5h Qs", "Ks Kd Kc 9s Jd Ts"])),
    # no low can ever qualify: the high hand takes the whole pot
    "hilo_no_low": (
        "stud_hilo", ["Ks Kd Qc Jd Tc 9h", "As Ad Qs Jh Th 9c"],
        _dead_except("stud_hilo", "Kc Ac Qh Jc 9s 8s 7d Ts",
                     ["Ks Kd Qc Jd Tc 9h", "As Ad Qs Jh Th 9c"])),
    # a low/straight hand that can scoop, against a high hand that can fill up
    "hilo_scoop_or_split": (
        "stud_hilo", ["As 2d 3h 4c 6s Kc", "Qh Qd Qc 8s 8h"],
        _dead_except("stud_hilo", "5h 5d 7c Qs 8d 2c Kd Th",
                     ["As 2d 3h 4c 6s Kc", "Qh Qd Qc 8s 8h"])),
    "hilo_four_way": (
        "stud_hilo",
        ["Ac 2d 4h 6s 7c Js", "3c 3d 5h 8h 9c 9d", "Kc Kd Kh 2c 5s Qs", "Ah 2h 3h Th 7d"],
        _dead_except("stud_hilo", "4s 8c 6h Jh Ad",
                     ["Ac 2d 4h 6s 7c Js", "3c 3d 5h 8h 9c 9d", "Kc Kd Kh 2c 5s Qs",
                      "Ah 2h 3h Th 7d"])),
}


def _biased_order(game: str, rng: random.Random) -> list[int]:
    """The game's deck shuffled; in razz and hi-lo the cards A..8 tend to come first."""
    deck = list(GAMES[game][1])
    lowish = game in ("razz", "stud_hilo")

    def key(card: int) -> float:
        rank = card // 4
        return rng.random() - (0.6 if lowish and (rank <= 6 or rank == 12) else 0.0)

    return sorted(deck, key=key)


def random_spot(game: str, index: int, max_deals: int = 25_000) -> Spot:
    """A reproducible random small spot: 2..4 players, 1..5 unknown cards, a small live deck."""
    rng = random.Random(f"{game}/{index}")
    size = GAMES[game][0]
    while True:
        players = rng.randint(2, 4)
        needs = [0] * players
        for _ in range(rng.randint(1, 5)):
            needs[rng.randrange(players)] += 1
        if max(needs) > size:
            continue
        order = _biased_order(game, rng)
        hands, pos = [], 0
        for need in needs:
            hands.append(order[pos:pos + size - need])
            pos += size - need
        live = sum(needs) + rng.randint(3, 16)
        if pos + live > len(order):
            continue
        dead = order[pos + live:]
        if count_deals(hands, game, dead) <= max_deals:
            return game, [hand_text(h) for h in hands], hand_text(dead)


RANDOM_SPOTS: dict[str, Spot] = {
    f"random_{game}_{i}": random_spot(game, i) for game in GAMES for i in range(8)
}

ALL_SMALL: dict[str, Spot] = {**HANDMADE, **RANDOM_SPOTS}


# --------------------------------------------------------------------------- the oracle itself


def test_reference_by_hand() -> None:
    """A spot small enough to count on paper (live deck 8h Kc Jc, each player needs one).

    P1 Ah Kh Qh 9h, P2 As Ad Ac Ks; six deals. P1 8h (flush) vs Kc (full house) or Jc
    (trips); P1 Kc or Jc loses to P2's trips. Under short32 the flush beats the full house
    (P1 wins 2 of 6), under the 52-card ranking it does not (P1 wins 1 of 6).
    """
    game, hands, dead = HANDMADE["short32_flush_over_full_house"]
    short = _reference(game, hands, dead)
    assert short["deals"] == 6
    assert short["equity"] == [Fraction(1, 3), Fraction(2, 3)]
    assert short["win"] == short["equity"] and short["tie"] == [0, 0]
    game, hands, dead = HANDMADE["high_full_house_over_flush"]
    high = _reference(game, hands, dead)
    assert high["deals"] == 6 and high["equity"] == [Fraction(1, 6), Fraction(5, 6)]


def test_reference_hilo_quartered() -> None:
    """Two wheels every deal: each gets a quarter of every pot from the low half."""
    game, hands, dead = HANDMADE["hilo_quartered_low"]
    ref = _reference(game, hands, dead)
    assert ref["low"] == [Fraction(1, 4), Fraction(1, 4), 0]
    assert ref["win"] == [0, 0, 0] and ref["tie"][:2] == [1, 1]
    assert [h + lo for h, lo in zip(ref["high"], ref["low"])] == ref["equity"]


def test_reference_hilo_no_low() -> None:
    game, hands, dead = HANDMADE["hilo_no_low"]
    ref = _reference(game, hands, dead)
    assert ref["low"] == [0, 0] and ref["high"] == ref["equity"] and sum(ref["equity"]) == 1


@pytest.mark.parametrize("name", sorted(RANDOM_SPOTS)[::3])
def test_reference_python_and_core_evaluators_agree(name: str) -> None:
    """The oracle gives the same answer with the pure-Python and the C evaluator."""
    game, hands, dead = RANDOM_SPOTS[name]
    ids = [_ids(h) for h in hands]
    assert reference_equity(ids, game, _ids(dead)) == reference_equity(
        ids, game, _ids(dead), use_core=True)


#: Late-street spots poker-equity enumerates: (its variant, our game, hands, dead).
POKER_EQUITY_SPOTS: list[tuple[str, str, list[str], str]] = [
    ("stud", "seven_card_stud", ["As Ks Qd 7h 7c 2d", "Jh Jd 9c 8c 2s 3s"], ""),
    ("stud", "seven_card_stud", ["As Ks Qd 7h 7c", "Jh Jd 9c 8c 2s"], ""),
    ("stud", "seven_card_stud", ["Ah Ad 9s 9c 4d 3d", "Kc Qc Jc Tc 2h 2s", "6s 6h 6d 5c 8h 7h"],
     "Ac 9h 9d"),
    ("stud_hi_lo", "stud_hilo", ["As 2s 3d 7h 7c 4d", "Jh Jd 9c 8c 2c 3s"], ""),
    ("stud_hi_lo", "stud_hilo", ["As 2s 3d Kh Kc 4d", "Jh Jd 4c 5c 2c 3s", "Ah Ad 6c 7d 8d Qs"],
     "9s 9d 9h 9c Ts Td Th Tc"),
    ("stud_hi_lo", "stud_hilo", ["As 2s 5d Kh Kc", "3h 4h 6c 7c 8d"], "Ks Ac"),
    ("razz", "razz", ["As 2s 3d Kh Kc 4d", "Jh Jd 4c 5c 2c 3s"], ""),
    ("razz", "razz", ["Ac 2d 5h 7s 8c", "3c 4d 6h Tc Kd"], "2c 3s 4s"),
]


@pytest.mark.parametrize("spot", POKER_EQUITY_SPOTS[:1] + POKER_EQUITY_SPOTS[3:5]
                         + POKER_EQUITY_SPOTS[6:7])
def test_reference_agrees_with_poker_equity(spot: tuple[str, str, list[str], str]) -> None:
    """The oracle itself, checked against an unrelated implementation on sixth-street spots."""
    variant, game, hands, dead = spot
    theirs = poker_equity.exact_from_text(variant, [h.replace(" ", "") for h in hands], "", dead)
    ref = _reference(game, hands, dead)
    assert theirs is not None and theirs["samples"] == ref["deals"]
    for i, player in enumerate(theirs["players"]):
        assert abs(player["equity"] - float(ref["equity"][i])) <= TOL
        assert abs(player["win"] - float(ref["win"][i])) <= TOL
        assert abs(player["tie"] - float(ref["tie"][i])) <= TOL
        assert abs(player["low_equity"] - float(ref["low"][i])) <= TOL


# --------------------------------------------------------------------------- exact vs oracle


def test_result_fields() -> None:
    """The result carries the fields the API names, with the documented types."""
    game, hands, dead = HANDMADE["seven_stud_river"]
    r = _run(game, hands, dead, exact=True)
    for field in ("equity", "win", "tie", "high", "low", "deals", "exact", "std_error"):
        assert hasattr(r, field), f"EquityResult has no .{field}"
    assert isinstance(r.deals, int) and isinstance(r.exact, bool)
    assert all(len(getattr(r, f)) == 2 for f in FIELDS)


def test_exact_none_samples_a_spot_of_more_deals_than_max_deals() -> None:
    """``exact=None`` enumerates up to ``max_deals`` deals (and at most ``EXACT_LIMIT``), and
    samples above: a three-way sixth-street spot has 34 x 33 x 32 = 35,904 deals."""
    hands = ["As Ks Qs 7d 2c 3c", "Jh Jd 9c 8c 4h 4s", "Td Tc 6h 6s 5d 5c"]
    deals = 34 * 33 * 32
    exact = stud_fast.equity(hands)
    assert exact.exact and exact.deals == deals
    assert stud_fast.equity(hands, max_deals=deals).exact
    sampled = stud_fast.equity(hands, max_deals=deals - 1, samples=3000, seed=1)
    assert not sampled.exact and sampled.deals == 3000
    assert sampled.equity != exact.equity     # a sample of 3,000 deals, not the enumeration
    with pytest.raises(ValueError, match="max_deals"):
        stud_fast.equity(hands, exact=True, max_deals=deals - 1)


@pytest.mark.parametrize("name", sorted(ALL_SMALL))
def test_exact_equals_reference(name: str) -> None:
    game, hands, dead = ALL_SMALL[name]
    result = _run(game, hands, dead, exact=True)
    _assert_matches_reference(result, _reference(game, hands, dead), f"{name} {ALL_SMALL[name]}")


def test_exact_none_enumerates_small_spots() -> None:
    game, hands, dead = HANDMADE["razz_three_way"]
    result = _run(game, hands, dead)
    _assert_matches_reference(result, _reference(game, hands, dead), "exact=None")


def test_high_only_games_have_no_low_share() -> None:
    for name in ("seven_stud_river", "razz_three_way", "short32_empty_hand"):
        game, hands, dead = HANDMADE[name]
        r = _run(game, hands, dead, exact=True)
        assert list(r.low) == [0.0] * len(hands), name
        assert all(abs(h - e) <= TOL for h, e in zip(r.high, r.equity)), name


# --------------------------------------------------------------------------- vs poker-equity


@pytest.mark.parametrize("spot", POKER_EQUITY_SPOTS, ids=lambda s: f"{s[1]}-{'|'.join(s[2])}")
def test_exact_equals_poker_equity(spot: tuple[str, str, list[str], str]) -> None:
    variant, game, hands, dead = spot
    theirs = poker_equity.exact_from_text(variant, [h.replace(" ", "") for h in hands], "", dead)
    assert theirs is not None, "poker-equity refused to enumerate"
    ours = _run(game, hands, dead, exact=True)
    label = f"{game} {hands} dead={dead!r}"
    assert ours.exact and ours.deals == theirs["samples"], (label, ours.deals, theirs["samples"])
    for i, p in enumerate(theirs["players"]):
        pairs = {"equity": (ours.equity[i], p["equity"]), "win": (ours.win[i], p["win"]),
                 "tie": (ours.tie[i], p["tie"]), "low": (ours.low[i], p["low_equity"]),
                 "high": (ours.high[i], p["equity"] - p["low_equity"])}
        for field, (a, b) in pairs.items():
            assert abs(a - b) <= 1e-9, f"{label}: player {i} {field} stud_fast={a} poker-equity={b}"


# --------------------------------------------------------------------------- Monte Carlo


MC_SPOTS: list[Spot] = [
    ("stud_hilo", ["As 2d 5h Kc Kd", "3c 4c 6c 7c Qh"], ""),
    ("razz", ["Ac 2d 5h 7s 8c 9d", "3c 4d 6h Tc Kd 2s", "Ah 3h 4h 8d Jc"], "2c 3s 4s"),
    ("seven_card_stud", ["As Ks Qd 7h 7c", "Jh Jd 9c 8c 2s"], ""),
]


@pytest.mark.parametrize("spot", MC_SPOTS, ids=lambda s: s[0])
def test_monte_carlo_within_four_standard_errors(spot: Spot) -> None:
    game, hands, dead = spot
    exact = _run(game, hands, dead, exact=True)
    n = 200_000
    mc = _run(game, hands, dead, exact=False, samples=n, seed=12345)
    assert mc.exact is False and mc.deals == n
    se = _stderr(mc)
    for i in range(len(hands)):
        assert 0 < se[i] < 0.01
        assert abs(mc.equity[i] - exact.equity[i]) <= 4 * se[i], (
            f"{game} {hands}: player {i} MC {mc.equity[i]} ± {se[i]} vs exact {exact.equity[i]}")
        for field in ("win", "tie"):  # binomial counts
            p = getattr(exact, field)[i]
            bound = 4 * math.sqrt(p * (1 - p) / n) + 1e-9
            assert abs(getattr(mc, field)[i] - p) <= bound, (game, field, i)
    assert abs(sum(mc.equity) - 1) <= 1e-9


def test_exact_none_samples_large_spots() -> None:
    """Three players from third street: too many deals to enumerate, so sampled (heads-up
    spots are counted exactly instead: test_heads_up_is_counted_exactly)."""
    r = _run("seven_card_stud", ["As Ks Qd", "Jh Jd 9c", "7c 7d 2h"], samples=20_000, seed=1)
    assert r.exact is False and r.deals == 20_000 and r.method == "sample"
    assert all(s > 0 for s in _stderr(r))


@pytest.mark.parametrize("game,hands,dead", [
    ("seven_card_stud", ["As Kd 9h 9c", "Jh Jd 2c 5s"], "3d"),
    ("razz", ["Ah 2d 7c 8s", "3s 4s 9d Kh"], ""),
    ("five_card_stud", ["As Kd", "Qh Qd"], "2c 3c"),
    ("five_card_stud_32", ["As Kd 9s", "Qh Qd 7c"], ""),
    ("baseball", ["As 9d Kh Qd", "3c 4d 5h 6s"], ""),
    ("stud_hilo", ["As 2d 3h 9c", "Kh Kd 4s 5s"], "6d"),
    ("stud_hilo", ["Ks Kd 9h 9c Qd", "Jh Jd Tc Ts 8d"], ""),  # no low possible for one
])
def test_heads_up_is_counted_exactly_as_enumerated(game: str, hands: list[str], dead: str
                                                   ) -> None:
    """Issue 21: a heads-up spot is counted (method "count"), whatever exact= allows, with the
    numbers enumeration gives (the C test compares the integer tallies on hundreds of
    spots; this one the public results)."""
    counted = stud_fast.equity(hands, game=game, dead=dead)
    assert counted.exact and counted.method == "count"
    assert stud_fast.equity(hands, game=game, dead=dead, exact=True) == counted
    # the same spot enumerated deal by deal, through the C enumerator directly
    from stud_fast import _core
    from stud_fast.cards import parse_cards
    from stud_fast.equity import _pot
    pot = _pot(game, None, None)
    raw = _core.equity_raw(pot.ranking.number, pot.hilo, pot.cards,
                           [list(parse_cards(h)) for h in hands], list(parse_cards(dead)),
                           True, 0, 0, 1, pot.wild_mask, 0, None)
    assert raw["deals"] == counted.deals
    assert tuple(raw["equity"]) == counted.equity and tuple(raw["tie"]) == counted.tie


@pytest.mark.parametrize("game,hands", [
    ("seven_card_stud", ["As Ks Qd", "Jh Jd 9c", "7c 7d 2h"]),
    ("stud_hilo", ["As 2s 5d", "Kh Kc 8d", "3h 4h 6c", "Qs Jd Tc"]),
])
def test_same_seed_same_result_for_any_thread_count(game: str, hands: list[str]) -> None:
    results = [_run(game, hands, exact=False, samples=100_000, seed=987654321, threads=t)
               for t in (1, 2, 4)]
    first = results[0]
    for r in results[1:]:
        for field in FIELDS:
            assert list(getattr(r, field)) == list(getattr(first, field)), field
        assert _stderr(r) == _stderr(first) and r.deals == first.deals
    again = _run(game, hands, exact=False, samples=100_000, seed=987654321, threads=2)
    assert list(again.equity) == list(first.equity)
    other = _run(game, hands, exact=False, samples=100_000, seed=987654322, threads=2)
    assert list(other.equity) != list(first.equity)


def test_exact_is_the_same_for_any_thread_count() -> None:
    game, hands, dead = POKER_EQUITY_SPOTS[5][1:]
    results = [_run(game, hands, dead, exact=True, threads=t) for t in (1, 2, 4)]
    for r in results[1:]:
        for field in FIELDS:
            assert list(getattr(r, field)) == list(getattr(results[0], field)), field
        assert r.deals == results[0].deals


@pytest.mark.parametrize("game,hands", [
    ("seven_card_stud", ["As Ks Qd", "Jh Jd 9c"]),
    ("razz", ["Ah 2d 7c", "3s 4s Kh"]),
    ("stud_hilo", ["As 2d 3h", "Kh Kd 4s"]),
])
def test_counted_third_street_is_the_same_for_any_thread_count(game: str, hands: list[str]
                                                               ) -> None:
    """A third-street heads-up spot is large enough for two threads (its two players'
    completions valued side by side, the sweep run from both ends of the values in high-only
    games): the numbers are those of one thread, to the last bit."""
    one = stud_fast.equity(hands, game=game, threads=1)
    assert one.method == "count"
    for threads in (2, 3):
        assert stud_fast.equity(hands, game=game, threads=threads) == one


# --------------------------------------------------------------------------- symmetry


def test_symmetric_exact() -> None:
    """Swapping hearts/spades and clubs/diamonds maps each hand onto the other."""
    r = _run("seven_card_stud", ["Ah Kh 7c 4s 2d", "As Ks 7d 4h 2c"], exact=True)
    assert abs(r.equity[0] - r.equity[1]) <= 1e-12 and abs(r.equity[0] - 0.5) <= 1e-12
    assert abs(r.win[0] - r.win[1]) <= 1e-12 and abs(r.tie[0] - r.tie[1]) <= 1e-12


def test_symmetric_hilo_with_invariant_third_player() -> None:
    """Player 3's cards map onto themselves under the same suit swap; 1 and 2 trade places."""
    r = _run("stud_hilo", ["Ah 2h 3c 8s Kd Ks", "As 2s 3d 8h Kc Kh", "Qh Qs 9c 9d 5h 5s"],
             dead="7c 7d", exact=True)
    for field in FIELDS:
        values = getattr(r, field)
        assert abs(values[0] - values[1]) <= 1e-12, field


def test_symmetric_monte_carlo_third_street() -> None:
    r = _run("seven_card_stud", ["Ah Kh 7c", "As Ks 7d"], exact=False, samples=200_000, seed=5)
    se = _stderr(r)
    assert abs(r.equity[0] - r.equity[1]) <= 4 * (se[0] + se[1])


def test_player_order_permutes_results() -> None:
    game, hands, dead = HANDMADE["hilo_four_way"]
    r = _run(game, hands, dead, exact=True)
    order = [2, 0, 3, 1]
    s = _run(game, [hands[i] for i in order], dead, exact=True)
    for field in FIELDS:
        assert list(getattr(s, field)) == pytest.approx([getattr(r, field)[i] for i in order],
                                                        abs=1e-12)


# --------------------------------------------------------------------------- validation


BAD_INPUTS: dict[str, tuple[str, list[str], str]] = {
    "duplicate_across_hands": ("seven_card_stud", ["As Ks Qd", "As Jd 9c"], ""),
    "duplicate_hand_and_dead": ("seven_card_stud", ["As Ks Qd", "Jh Jd 9c"], "Ks"),
    "duplicate_within_hand": ("seven_card_stud", ["As As Qd", "Jh Jd 9c"], ""),
    "duplicate_within_dead": ("razz", ["As 2s 3d", "Jh Jd 9c"], "4c 4c"),
    "too_many_cards_seven": ("seven_card_stud", ["As Ks Qs Js Ts 9s 8s 7s", "2c 3c"], ""),
    "too_many_cards_five": ("five_card_stud", ["As Ks Qs Js Ts 9s", "2c 3c"], ""),
    "too_many_cards_mexican": ("mexican_stud", ["As Ks Qs Js Ts 9s", "2c"], ""),
    "too_many_cards_short32": ("five_card_stud_32", ["As Ks Qs Js Ts 9s", "7c"], ""),
    "one_player": ("seven_card_stud", ["As Ks Qd"], ""),
    "no_player": ("seven_card_stud", [], ""),
    "nine_players": ("seven_card_stud", ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s", "6s"], ""),
    "deck_short_32": ("five_card_stud_32", [""] * 7, ""),
    # 8 cards left for 2 x 5 missing: short even with a shared seventh card (S3: 4 + 4 + 1)
    "deck_short_dead": ("seven_card_stud", ["As Ks", "Ad Kd"],
                        _dead_except("seven_card_stud", "2c 3c 4c 5c 6c 7c 8c 9c",
                                     ["As Ks", "Ad Kd"])),
    "outside_32_deck_hand": ("five_card_stud_32", ["As Ks 6d", "Ah Kh"], ""),
    "outside_32_deck_dead": ("five_card_stud_32", ["As Ks", "Ah Kh"], "2c"),
    "joker": ("seven_card_stud", ["As Ks Xx", "Ah Kh"], ""),
    "unknown_game": ("texas_holdem", ["As Ks", "Ah Kh"], ""),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_validation_errors(name: str) -> None:
    game, hands, dead = BAD_INPUTS[name]
    with pytest.raises(ValueError):
        _run(game, hands, dead, exact=False, samples=1000, seed=1)


def test_reference_rejects_the_same_inputs() -> None:
    """The oracle's own checks agree with the list above (every case but text parsing)."""
    for name, (game, hands, dead) in BAD_INPUTS.items():
        if name == "joker":
            continue
        with pytest.raises(ValueError):
            reference_equity([_ids(h) for h in hands], game, _ids(dead))


@pytest.mark.parametrize("game", ["seven_card_stud", "razz", "stud_hilo"])
def test_wild_ranks_match_the_reference(game: str) -> None:
    """D4 wild cards in equity: nines wild, one card to come each, a small live deck."""
    hands = ["9c Ah Kd Qs 4h 3d", "Ac Ad 7s 6s 5h 2c"]
    keep = "9h 9s 8c 8d Tc Jh Ks"
    dead = _dead_except(game, keep, hands)
    got = stud_fast.equity(hands, game=game, dead=dead, exact=True, wild_ranks="9")
    want = reference_equity([list(stud_fast.parse_cards(h)) for h in hands], game,
                            list(stud_fast.parse_cards(dead)), wild=1 << 7)
    assert got.deals == want["deals"]
    for p in range(2):
        assert abs(got.equity[p] - float(want["equity"][p])) < 1e-12
        assert abs(got.low[p] - float(want["low"][p])) < 1e-12


def test_shared_seventh_card_when_the_deck_runs_short() -> None:
    """S3: eight players with six cards each leave four: one of them, shared by all."""
    hands = [" ".join(stud_fast.card_str(c) for c in range(6 * p, 6 * p + 6)) for p in range(8)]
    got = stud_fast.equity(hands, game="seven_card_stud", exact=True)
    left = [48, 49, 50, 51]  # the four aces
    shares = [Fraction(0)] * 8
    for shared in left:
        values = [stud_fast.evaluate(list(range(6 * p, 6 * p + 6)) + [shared]).value
                  for p in range(8)]
        best = max(values)
        winners = [p for p in range(8) if values[p] == best]
        for p in winners:
            shares[p] += Fraction(1, len(winners) * len(left))
    assert got.deals == 4
    assert [round(e, 12) for e in got.equity] == [round(float(x), 12) for x in shares]


@pytest.mark.parametrize("game,hands,dead", [
    ("seven_card_stud", ["As Ah 5d 9c", "Ks Qs Js 2h"], "3d"),
    ("razz", ["Ah 2d 7c 8s 9d", "3s 4s 9h Kh Qc"], ""),
    ("stud_hilo", ["As 2d 3h 9c 8h", "Kh Kd 4s 5s 6d"], ""),
    ("five_card_stud_32", ["As Kd", "Qh Qd"], "7c"),
])
def test_by_next_card_averages_to_the_spot_exactly(game: str, hands: list[str], dead: str
                                                    ) -> None:
    """Issue 21 item 3: each next card of player 1 gives the equities of the spot with that
    card dealt to it, and those, weighted by their deals, average to the spot's: in 1680ths of
    a pot, integers, so exactly. (Each deal of the spot is a deal of every sub-spot whose card
    is one of player 1's coming cards: the sums are that many times the spot's.)"""
    whole = stud_fast.equity(hands, game=game, dead=dead, by_next_card=True)
    assert whole.method == "count" and whole.by_next_card is not None
    used = set(" ".join(hands + [dead]).split())
    total_deals = 0
    total_share = 0
    for card, equities in whole.by_next_card.items():
        assert card not in used
        given = stud_fast.equity([f"{hands[0]} {card}", hands[1]], game=game, dead=dead)
        assert equities == given.equity
        total_deals += given.deals
        total_share += round(given.equity[0] * given.deals * 1680)
    coming = (7 if game != "five_card_stud_32" else 5) - len(hands[0].split())
    assert total_deals == coming * whole.deals
    assert total_share == coming * round(whole.equity[0] * whole.deals * 1680)


@pytest.mark.parametrize("game,hands", [
    ("seven_card_stud", ["As", "Kd"]),       # six cards to come each: more than counting takes
    ("razz", ["As", "Kd 2c"]),
    ("stud_hilo", ["As 2d", "Kd 3c"]),       # hi-lo, five to come each
])
def test_heads_up_spots_counting_does_not_take_are_sampled(game: str, hands: list[str]) -> None:
    """A heads-up spot the counting refuses (its C call answers "not counted") goes on to
    sampling like a spot of three players: it once fell through with the counting function in
    place of the thread count and raised a TypeError."""
    got = stud_fast.equity(hands, game=game, samples=20_000, seed=5, threads=2)
    assert got.method == "sample" and not got.exact and got.deals == 20_000
    assert got == stud_fast.equity(hands, game=game, samples=20_000, seed=5, threads=1)
    assert abs(sum(got.equity) - 1) < 1e-9


def test_by_next_card_is_the_same_for_any_thread_count() -> None:
    """The per-card spots run on the threads asked for; the dict is the same, in deck order."""
    hands = ["As Ah 5d 9c", "Ks Qs Js 2h"]
    one = stud_fast.equity(hands, dead="3d", by_next_card=True, threads=1)
    two = stud_fast.equity(hands, dead="3d", by_next_card=True, threads=2)
    assert one.by_next_card is not None and two.by_next_card is not None
    assert list(one.by_next_card.items()) == list(two.by_next_card.items())


def test_by_next_card_is_refused_where_it_is_not_counted() -> None:
    with pytest.raises(ValueError, match="heads-up"):
        stud_fast.equity(["As Ks", "Qd Qc", "Jh Jd"], by_next_card=True)
    with pytest.raises(ValueError, match="heads-up"):
        stud_fast.equity(["As Ks", "Qd Qc"], exact=False, by_next_card=True)
    with pytest.raises(ValueError, match="every card"):
        stud_fast.equity(["As Ks Qs Js Ts 9s 8s", "Qd Qc"], by_next_card=True)
