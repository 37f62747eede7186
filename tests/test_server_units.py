"""The server's pieces that need no process: the docstring examples of its modules, the view
text cache against plain JSON over whole hands, the observer's view against the seats' views,
the store's URL handling.
"""

from __future__ import annotations

import doctest
import importlib
import json
import random

import pytest

from stud_fast.bots import RandomBot, play
from stud_fast.server.wire import ViewText
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig

MODULES = ["stud_fast.server.protocol", "stud_fast.server.schema", "stud_fast.server.store",
           "stud_fast.server.spec", "stud_fast.server.hands", "stud_fast.server.lobby",
           "stud_fast.server.wire", "stud_fast.server.client", "stud_fast.server.app"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failed, attempted = doctest.testmod(importlib.import_module(name),
                                        optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_view_text_is_exactly_the_json_of_every_view(variant: str) -> None:
    cfg = GameConfig(variant=variant, ante=1, small_bet=4, show_all=variant == "razz")
    texts, shared = ViewText(), ViewText()  # of fresh views, and of views sharing records
    for seed in range(15):
        hand = StudHand(cfg, stacks=[60, 80, 100, 120], seed=seed)
        rng = random.Random(seed)
        texts.clear()
        shared.clear()
        while True:
            for seat in [None, *range(hand.seats)]:
                message = {"type": "view", "seq": len(hand.records), "view": hand.view(seat)}
                text = json.dumps(message, separators=(",", ":"))
                assert texts.text(seat, message) == text
                message["view"] = hand.view(seat, copy=False)
                assert shared.text(seat, message) == text
            if hand.is_over:
                break
            play(hand, RandomBot().choose(hand.seat_view(hand.actor), rng))


def test_the_observer_sees_what_every_seat_sees_of_the_others() -> None:
    """A card is in the observer's view exactly when every seat but its owner sees it (E3):
    up cards and cards shown at the showdown."""
    cfg = GameConfig(variant="mexican_stud", ante=1, small_bet=4)
    for seed in range(40):
        hand = StudHand(cfg, stacks=[100, 100, 100], seed=seed)
        rng = random.Random(seed)
        while True:
            seen = hand.view(None)
            views = [hand.view(s) for s in range(hand.seats)]
            assert seen["seat"] is None and seen["legal_actions"] == seen["legal_chips"] == {}
            for owner in range(hand.seats):
                other = views[(owner + 1) % hand.seats]
                assert seen["cards"][owner] == other["cards"][owner]
            assert [r["kind"] for r in seen["records"]] == [r["kind"] for r in views[1]["records"]]
            for mine, theirs in zip(seen["records"], views[1]["records"]):
                if mine.get("seat") != 1:
                    assert mine == theirs
            if hand.is_over:
                break
            play(hand, RandomBot().choose(hand.seat_view(hand.actor), rng))


def test_database_urls() -> None:
    from stud_fast.server.store import StoreError, store_url

    assert store_url("postgresql://u:p@h:5/d").startswith("postgresql+psycopg://u:***@h:5/d")
    assert store_url("sqlite:////tmp/x.db") == "sqlite:////tmp/x.db"
    for bad in ("mysql://u@h/d", "nonsense", "oracle://x"):
        with pytest.raises(StoreError):
            store_url(bad)


def test_a_wire_bots_think_time_is_a_mean_of_at_least_zero() -> None:
    from stud_fast.server.client import WireBot

    for bad in (-0.1, float("nan")):
        with pytest.raises(ValueError, match="think"):
            WireBot("http://127.0.0.1:1", 1, RandomBot(), "t", think=bad)
    assert WireBot("http://127.0.0.1:1", 1, RandomBot(), "t", think=0.2).think == 0.2
