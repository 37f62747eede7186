"""docs/environments.md: every Python example runs as written, and the equity bot's claim holds
(it beats random opponents)."""

from __future__ import annotations

import contextlib
import io
import pathlib
import re
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "environments.md"


def examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def run(code: str) -> tuple[dict[str, Any], str]:
    namespace: dict[str, Any] = {"__name__": "doc_example"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(DOC), "exec"), namespace)  # noqa: S102 - our own docs
    return namespace, out.getvalue()


def test_the_doc_has_the_examples() -> None:
    assert len(examples()) == 4


@pytest.mark.parametrize("index", range(4))
def test_doc_example_runs(index: int) -> None:
    namespace, printed = run(examples()[index])
    assert printed.strip()


def test_equity_bot_beats_random_opponents_and_plays_every_variant() -> None:
    namespace, printed = run(examples()[2])
    assert "against random: +" in printed
    mean, error = namespace["evaluate"]("seven_card_stud", "random", hands=300)
    assert mean - 3 * error > 0
    for variant in ("razz", "stud_hilo", "five_card_stud_32", "mexican_stud", "baseball"):
        mean, _error = namespace["evaluate"](variant, "random", hands=20)
        assert isinstance(mean, float)
    bot = namespace["EquityBot"]("razz")
    from stud_fast.env import gym_env
    env = gym_env(variant="razz", players=3, opponents=bot)  # the bot as the opponents
    _obs, info = env.reset(seed=3)
    done = False
    while not done:
        _obs, reward, done, _t, info = env.step(int(info["action_mask"].nonzero()[0][0]))
    assert isinstance(reward, int)
