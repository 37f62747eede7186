"""The rulebook shipped in the package: every rule ID the code cites is there, each points at
its own anchor of the documentation's rules page, and ``stud-fast rules`` prints it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from stud_fast.rulebook import RULES, lookup, pointer, rule_text

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = ([f"D{i}" for i in range(1, 7)] + [f"F{i}" for i in range(1, 6)]
            + [f"B{i}" for i in range(1, 10)] + [f"S{i}" for i in range(1, 9)]
            + ["I1", "I2"] + [f"E{i}" for i in range(1, 5)])


def test_every_rule_id_of_the_rulebook_is_there_once() -> None:
    assert list(RULES) == EXPECTED


def test_every_rule_id_the_code_cites_is_in_the_rulebook() -> None:
    cited: set[str] = set()
    for path in (ROOT / "src" / "stud_fast").rglob("*.py"):
        cited |= set(re.findall(r"\b([DFBSIE][1-9])\b", path.read_text(encoding="utf-8")))
    assert cited and cited <= set(RULES), sorted(cited - set(RULES))


def test_pointer_names_the_rule_and_its_anchor() -> None:
    assert pointer("B3") == "B3 (raise cap): stud-fast rules B3, docs rules.md#b3"
    assert pointer(" s6 ").startswith("S6 (showdown order): ")
    assert pointer("Q7") == "see stud-fast rules, docs rules.md"


def test_lookup_unknown_rule() -> None:
    assert lookup("i2").id == "I2"
    with pytest.raises(KeyError, match="no rule 'X1'"):
        lookup("X1")


def test_every_rule_has_its_anchor_on_the_docs_page() -> None:
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    anchors = re.findall(r"\{#([a-z][0-9])\}", page)
    assert anchors == [r.anchor for r in RULES.values()]


def test_options_named_in_the_rules_exist() -> None:
    from stud_fast.variants import GameConfig

    fields = set(GameConfig.__dataclass_fields__)
    named = set()
    for rule in RULES.values():
        named |= set(re.findall(r"\b([a-z_]+)=", rule.text))
    assert named and named <= fields, sorted(named - fields)


def test_rules_command_prints_one_rule_or_all() -> None:
    one = subprocess.run([sys.executable, "-m", "stud_fast", "rules", "b3"],
                         capture_output=True, text=True, timeout=60)
    assert one.returncode == 0 and one.stdout.startswith("B3 raise cap: ")
    every = subprocess.run([sys.executable, "-m", "stud_fast", "rules"],
                           capture_output=True, text=True, timeout=60)
    starts = [line.split()[0] for line in every.stdout.splitlines()
              if line and not line.startswith(" ") and line[0] in "DFBSIE" and line[1].isdigit()]
    assert starts == EXPECTED
    bad = subprocess.run([sys.executable, "-m", "stud_fast", "rules", "X1"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "X1" in bad.stderr
    assert rule_text("E2").startswith("E2 illegal actions change nothing: ")


def test_rule_errors_point_to_the_rule_they_cite() -> None:
    from stud_fast.table import RuleError, StudHand
    from stud_fast.variants import GameConfig

    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = StudHand(cfg, stacks=[200, 200, 200], dealer=0, seed=42)
    hand.bring_in()
    with pytest.raises(RuleError) as info:
        hand.check()  # a bet (the bring-in) is there to call: B1
    assert info.value.rule == "B1"
    assert "stud-fast rules B1" in str(info.value) and "rules.md#b1" in str(info.value)
    assert info.value.reason in str(info.value) and "[" not in info.value.reason
