"""The evaluator against the rulebook's statements, one test per rule (docs/rules.md D1-D6).

The expected answers come from the rules as written, not from the library.
"""

from __future__ import annotations

from stud_fast import evaluate


def test_D1_best_five_of_seven_and_kickers_count() -> None:
    jack_kicker = evaluate("Ah Ad Kc Qd Jh 3c 2d")
    ten_kicker = evaluate("As Ac Kd Qh Th 3d 2h")
    assert jack_kicker > ten_kicker and jack_kicker.category == "one pair"
    assert evaluate("Ah Ad Kc Qd Jh 3c 2d") == evaluate("As Ac Ks Qs Jd 4c 2s")  # split


def test_D2_flush_beats_full_house_and_the_low_straight() -> None:
    assert evaluate("7h 9h Jh Qh Ah", "short32") > evaluate("Kc Kd Ks 8c 8d", "short32")
    assert evaluate("Ac 7d 8h 9s Tc", "short32").category == "straight"
    assert evaluate("Ac 7d 8h 9s Tc", "short32") < evaluate("7c 8d 9h Ts Jc", "short32")


def test_D4_wild_cards_duplicate_held_cards_and_five_of_a_kind_is_top() -> None:
    assert evaluate("Xx As 9s 7s 4s") > evaluate("Ks As 9s 7s 4s")  # A-A-9-7-4 flush
    assert evaluate("Xx As 9s 7s 4s").category == "flush"
    five = evaluate("Xx Ah Ad Ac As")
    assert five.category == "five of a kind" and five > evaluate("Ts Js Qs Ks As")
    assert evaluate("9c Kd Ks Kh 2c", wild_ranks="9").category == "four of a kind"


def test_D5_showing_hands() -> None:
    assert evaluate("Kc Ah") > evaluate("Qd Jd")               # K-A beats Q-J
    assert evaluate("2c 2d") > evaluate("Ah Kh")               # any pair beats two cards
    assert evaluate("5h 6h 7h 8h") < evaluate("2c 2d 3h 4s")   # no straights, no flushes
    assert evaluate("9c Ah", wild_ranks="9") > evaluate("Kc Kd")  # a wild up card is wild
    assert evaluate("Ah 2c 3d", "razz") > evaluate("Ah 2c 4d", "razz")  # lowest board best


def test_D6_low_rankings() -> None:
    wheel = evaluate("Ah 2c 3d 4s 5h", "razz")
    assert wheel.category == "five low" and wheel > evaluate("Ah 2c 3d 4s 6h", "razz")
    assert evaluate("Ah 2c 3d 4s 5h Kd Kc", "razz") == wheel  # straights ignored, best five
    assert evaluate("Ah 2c 3d 4s 9h", "low8").category == "no low"
    assert evaluate("Ah 2c 3d 4s 8h", "low8").category == "eight low"
