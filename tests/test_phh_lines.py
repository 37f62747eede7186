"""PHH (issue 8, item 6): a refused action is named by its line in the file as well as its
number, in a .phh and in any hand of a .phhs, whatever the layout of the actions array
(several actions on a line, comments, strings holding brackets, commas and newlines).

The expected line is always found in the test's own text, by searching for the unique string
of the action, never taken from the code under test.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_fast.history import (FinishingStacksError, PHHError, ReplayError, dumps, loads,
                               loads_all, replay, to_phh, validate)
from stud_fast.history.positions import scan
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

_CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _played(seed: int, players: int = 3) -> StudHand:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10)
    hand = StudHand(cfg, stacks=[200] * players, seed=seed)
    while not hand.is_over:
        hand.act("bring_in" if hand.can_bring_in() else "call" if hand.can_call()
                 else "bet" if hand.street == 2 and hand.can_bet() else "check")
    return hand


def _messy(text: str) -> str:
    """The same hand with the actions array laid out by hand: a comment with brackets, quotes
    and commas after the opening bracket and on a line of its own, two actions per line, an
    action as a multi-line string and one as a literal string, and a commentary holding
    brackets and a comma."""
    out: list[str] = []
    row: list[str] = []
    inside = False
    count = 0
    for line in text.splitlines():
        if line == "actions = [":
            out += ['actions = [  # "the deal", [then] the betting,', "  # ], [ 'x', \"y\""]
            inside = True
        elif inside and line == "]":
            out += ["  " + " ".join(row)] if row else []
            out.append("]  # the end, ]")
            inside = False
        elif inside:
            action = line.strip()[1:-2]  # "...",  ->  ...
            count += 1
            if count == 2:
                action_text = f'"""\n{action}""",'  # a multi-line string: starts a line early
            elif count == 3:
                action_text = f"'{action}',"  # a literal string
            elif count == 4:
                action_text = f'"{action} # a [remark], with a comma",'
            else:
                action_text = f'"{action}",'
            row.append(action_text)
            if len(row) == 2:
                out.append("  " + " ".join(row))
                row = []
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def _line_of(text: str, needle: str) -> int:
    """The 1-based line of the only line of ``text`` holding ``needle``."""
    hits = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(hits) == 1, (needle, hits)
    return hits[0]


def _spare(text: str) -> str:
    """A card no deal line of ``text`` gives."""
    used = set(re.findall(r"[2-9TJQKA][cdhs]", " ".join(
        line.split("d dh ")[1] for line in text.splitlines() if "d dh " in line)))
    return next(c for c in _CARDS if c not in used)


# Each mutation rewrites a laid-out text so that one bad action (holding the returned unique
# needle) stands somewhere; the rule and the player the error must name come along.
Mutation = Callable[[str], tuple[str, str, str, str]]


def _extra_card(text: str) -> tuple[str, str, str, str]:
    bad = f"d dh p3 {_spare(text)} # eighth"
    last = max(i for i, line in enumerate(text.splitlines()) if "d dh p3 " in line)
    lines = text.splitlines()
    lines.insert(last + 1, f'  "{bad}",')
    return "\n".join(lines) + "\n", "# eighth", "S2", "p3"


def _not_at_table(text: str) -> tuple[str, str, str, str]:
    return (text.replace('"p1 cc', '"p9 cc # stranger", "p1 cc', 1), "# stranger", "E2",
            "p9")


def _after_the_end(text: str) -> tuple[str, str, str, str]:
    return (text.replace("]  # the end, ]", '  "p2 cc # too late",\n]  # the end, ]'),
            "# too late", "E2", "p2")


def _cbr(text: str, amount: Callable[[int], str], mark: str) -> str:
    m = re.search(r'"(p\d) cbr (\d+)', text)
    assert m is not None
    return (text[:m.start()] + f'"{m.group(1)} cbr {amount(int(m.group(2)))} {mark}'
            + text[m.end():])


def _bad_amount(text: str) -> tuple[str, str, str, str]:
    text = _cbr(text, lambda a: f"{a}.5", "# fraction")
    return text, "# fraction", "B2", re.findall(r'"(p\d) cbr \S+ # fraction', text)[0]


def _illegal_bet(text: str) -> tuple[str, str, str, str]:
    text = _cbr(text, lambda a: str(a + 1), "# too much")
    return text, "# too much", "B2", re.findall(r'"(p\d) cbr \S+ # too much', text)[0]


MUTATIONS: dict[str, Mutation] = {
    "S2_extra_card": _extra_card, "E2_not_at_table": _not_at_table,
    "E2_after_the_end": _after_the_end, "B2_bad_amount": _bad_amount,
    "B2_illegal_bet": _illegal_bet,
}


def _check(e: ReplayError, text: str, needle: str, rule: str, player: str,
           actions: list[str]) -> None:
    line = _line_of(text, needle)
    message = str(e)
    assert "\n" not in message and "Action(" not in message and "seat" not in message
    assert e.rule == rule and e.line == line, (message, line)
    assert message.startswith(f"{rule}: line {line}, action {e.number} "), message
    assert player in message and needle in e.action
    # the number is the action's place in the array, counted in the file's own text
    assert actions[e.number - 1] == e.action


def test_the_laid_out_text_is_the_same_hand() -> None:
    text = dumps(to_phh(_played(3)))
    messy = _messy(text)
    assert messy.count("\n") > text.count("\n") - 20 and '"""' in messy
    assert [a.split(" #")[0] for a in loads(messy).actions] == loads(text).actions
    assert replay(loads(messy)).stacks == replay(loads(text)).stacks


@pytest.mark.parametrize("kind", sorted(MUTATIONS))
def test_refusals_name_the_line_of_the_action_in_a_phh(kind: str) -> None:
    text, needle, rule, player = MUTATIONS[kind](_messy(dumps(to_phh(_played(3)))))
    history = loads(text)
    with pytest.raises(ReplayError) as e:
        replay(history)
    _check(e.value, text, needle, rule, player, history.actions)


@pytest.mark.parametrize("kind", sorted(MUTATIONS))
def test_refusals_name_the_line_in_the_whole_phhs_file(kind: str) -> None:
    hands = [_messy(dumps(to_phh(_played(seed)))) for seed in (1, 2, 3)]
    bad, needle, rule, player = MUTATIONS[kind](hands[2])
    text = "".join(f"[{i}]\n{h}\n" for i, h in enumerate([*hands[:2], bad], 1))
    histories = loads_all(text)
    for good in histories[:2]:
        replay(good)
    with pytest.raises(ReplayError) as e:
        replay(histories[2])
    assert _line_of(text, needle) > _line_of(text, "[3]")
    _check(e.value, text, needle, rule, player, histories[2].actions)


def test_the_cli_prints_the_line_on_one_line(tmp_path: Path) -> None:
    hands = [_messy(dumps(to_phh(_played(seed)))) for seed in (4, 5)]
    bad, needle, rule, _ = _not_at_table(hands[1])
    text = f"[1]\n{hands[0]}\n[2]\n{bad}"
    path = tmp_path / "session.phhs"
    path.write_text(text)
    r = subprocess.run([sys.executable, "-m", "stud_fast", "replay", str(path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert f"{rule}: line {_line_of(text, needle)}, action " in r.stderr, r.stderr


def test_an_edited_history_falls_back_to_the_number() -> None:
    history = loads(dumps(to_phh(_played(3))))
    history.actions.insert(3, "p9 cc")  # the file's lines no longer say where this stands
    assert history.action_lines() is None
    with pytest.raises(ReplayError) as e:
        replay(history)
    assert e.value.line is None and str(e.value).startswith("E2: action 4 'p9 cc': ")


def test_validate_names_the_line_of_each_action() -> None:
    text = _messy(dumps(to_phh(_played(3))))
    text, needle, _, _ = _not_at_table(text)
    with pytest.raises(PHHError, match=rf"line {_line_of(text, needle)}, action \d+ 'p9 cc"):
        validate(loads(text))


@pytest.mark.parametrize("name, value", [("small_bet", "5.5"), ("starting_stacks",
                                                                 "[200, 200.5, 200]")])
def test_fields_that_cannot_be_played_name_their_line(name: str, value: str) -> None:
    text = _messy(dumps(to_phh(_played(3))))
    text = re.sub(rf"(?m)^{name} = .*$", f"{name} = {value}", text)
    with pytest.raises(PHHError, match=rf"^line {_line_of(text, name + ' = ')}: "):
        replay(loads(text))


def test_finishing_stacks_mismatch_names_its_line() -> None:
    text = dumps(to_phh(_played(3)))
    m = re.search(r"(?m)^finishing_stacks = \[(\d+)", text)
    assert m is not None
    text = text[:m.start(1)] + str(int(m.group(1)) + 1) + text[m.end(1):]
    with pytest.raises(FinishingStacksError, match=rf"^line {_line_of(text, 'finishing_')}: "):
        replay(loads(text))


def test_scan_reads_every_kind_of_string() -> None:
    text = ("# [x]\n[1]\n'actions' = [ \"a\", 'b' , '''c\n''', \"\"\"d\"\"\"\"\",  # \"]\n"
            "  \"e\\\"]\",\n  [\"nested\"], {k = \"table\"}\n]\n[two.three]\nactions = []\n")
    found = scan(text)
    assert found[("1",)].actions == (3, 3, 3, 4, 5)
    assert found[("1",)].fields == {"actions": 3}
    assert found[("two", "three")].actions == () and found[("two", "three")].fields["actions"] \
        == _line_of(text, "actions = []")


# ---- the positions of any layout ---------------------------------------------------------------

_TEXT = st.text(alphabet=st.sampled_from(list("pd1 cbr#[]{},='\"\\\t") + ["é"]), max_size=12)


def _basic(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + '"'


@st.composite
def _layouts(draw: st.DrawFn) -> tuple[str, list[str], list[int]]:
    """A TOML text whose ``actions`` array holds random strings in random places, with the
    line the generator put each string on."""
    lines = ['variant = "F7S"  # [not, "an", array]', "antes = [", "  1,", "  1 ]"]
    if draw(st.booleans()):
        lines += ['note = """a "multi-line" string,', "[with] brackets = 3", '"""']
    lines.append("actions = [" + draw(st.sampled_from(["", "  # ]", " # '[x]', y"])))
    actions: list[str] = []
    where: list[int] = []
    row = "  "
    for text in draw(st.lists(_TEXT, max_size=8)):
        kind = draw(st.sampled_from(["basic", "literal", "multi", "multi_literal"]))
        if kind == "literal" and "'" in text or kind == "multi_literal" and "'''" in text + "'":
            kind = "basic"
        if kind == "basic":
            token = _basic(text)
        elif kind == "literal":
            token = f"'{text}'"
        elif kind == "multi":
            token = '"""' + text.replace("\\", "\\\\").replace('"', '\\"') + '"""'
        else:
            token = f"'''{text}'''"
        where.append(len(lines) + 1)
        actions.append(text)
        row += token + ", "
        if draw(st.booleans()):  # end the line, maybe with a comment or a blank line
            lines.append(row + draw(st.sampled_from(["", "# \"]\", ','", "#["])))
            lines += [""] * draw(st.integers(0, 1))
            row = "  "
    lines.append(row + "]  # ]")
    lines.append("starting_stacks = [1, 1]")
    return "\n".join(lines) + "\n", actions, where


@given(_layouts())
@settings(max_examples=300, deadline=None)
def test_scan_finds_every_action_where_it_was_written(layout: tuple[str, list[str], list[int]]
                                                      ) -> None:
    text, actions, where = layout
    assert tomllib.loads(text)["actions"] == actions  # the layout is the TOML we meant
    found = scan(text)[()]
    assert list(found.actions) == where
    assert found.fields["actions"] == text.splitlines().index(
        next(line for line in text.splitlines() if line.startswith("actions = ["))) + 1
    assert found.fields["starting_stacks"] == len(text.splitlines())


def test_a_field_of_the_wrong_type_names_its_line_in_a_phhs() -> None:
    hands = [dumps(to_phh(_played(seed))) for seed in (1, 2)]
    bad = hands[1].replace("small_bet = ", 'day = "Monday"\nsmall_bet = ')
    text = f"[1]\n{hands[0]}\n[2]\n{bad}"
    with pytest.raises(PHHError, match=rf"^line {_line_of(text, 'Monday')}: field 'day' must"):
        loads_all(text)


def test_reading_does_not_scan_until_a_line_is_asked() -> None:
    history = loads(dumps(to_phh(_played(3))))
    assert history.source is not None and history.source.positions._tables is None
    assert history.action_lines() is not None and history.source.positions._tables is not None


@pytest.mark.parametrize("name, value, words", [
    ("antes", "[1, 1]", "antes has 2 entries for 3 players"),
    ("starting_stacks", "[200, 0, 200]", "starting stacks must be positive"),
    ("variant", '"_F9S"', "is not a stud variant code"),
])
def test_validate_names_the_line_of_a_bad_field(name: str, value: str, words: str) -> None:
    text = _messy(dumps(to_phh(_played(3))))
    text = re.sub(rf"(?m)^{name} = .*$", f"{name} = {value}", text)
    with pytest.raises(PHHError, match=rf"line {_line_of(text, name + ' = ')}: [^;]*{words}"):
        validate(loads(text))


def test_a_fractional_bring_in_names_its_own_line() -> None:
    text = _messy(dumps(to_phh(_played(3)))).replace("bring_in = 2", "bring_in = 2.5")
    with pytest.raises(PHHError, match=rf"^line {_line_of(text, 'bring_in = ')}: bring_in is 2.5"):
        replay(loads(text))
