"""The server's pieces that need no process: the docstring examples of its modules, the view
texts against plain JSON over whole hands, the observer's view against the seats' views,
the store's URL handling.
"""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import json
import random

import pytest

from stud_fast.bots import RandomBot, play
from stud_fast.server.wire import ViewTexts
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig

MODULES = ["stud_fast.server.protocol", "stud_fast.server.schema", "stud_fast.server.store",
           "stud_fast.server.spec", "stud_fast.server.hands", "stud_fast.server.lobby",
           "stud_fast.server.wire", "stud_fast.server.client", "stud_fast.server.app",
           "stud_fast.server.link"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failed, attempted = doctest.testmod(importlib.import_module(name),
                                        optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_view_texts_are_exactly_the_json_of_every_view(variant: str) -> None:
    """Every message of every event, written by ViewTexts from views made one by one (no
    shared values: each written whole) and from StudHand.views (the shared part written once),
    is json.dumps of the message."""
    cfg = GameConfig(variant=variant, ante=1, small_bet=4, show_all=variant == "razz")
    texts, shared = ViewTexts(), ViewTexts()  # of fresh views, and of views made together
    for seed in range(15):
        hand = StudHand(cfg, stacks=[60, 80, 100, 120], seed=seed)
        rng = random.Random(seed)
        texts.clear()
        shared.clear()
        receivers = [None, *range(hand.seats)]
        while True:
            clock = {"seat": hand.actor, "remaining": 1.5} if hand.actor is not None else None
            rng.shuffle(receivers)
            fresh = [(seat, {"type": "view", "seq": len(hand.records), "seat": seat,
                             "view": hand.view(seat), "clock": clock}) for seat in receivers]
            expected = [json.dumps(m, separators=(",", ":")) for _, m in fresh]
            assert texts.texts(fresh) == expected
            together = [(seat, {"type": "view", "seq": len(hand.records), "seat": seat,
                                "view": view, "clock": clock})
                        for seat, view in zip(receivers, hand.views(receivers))]
            assert shared.texts(together) == expected
            if hand.is_over:
                break
            play(hand, RandomBot().choose(hand.seat_view(hand.actor), rng))


def test_view_texts_write_whole_a_message_that_does_not_share_the_first_ones_values() -> None:
    hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50], seed=2)
    first, second = hand.views([0, 1])
    other = hand.view(1, copy=False)  # the same values, other objects
    changed = dict(second, stacks=[1, 2])  # another value
    reordered = {"view": second, "type": "view", "seat": 1}
    messages = [(0, {"type": "view", "seat": 0, "view": first}),
                (1, {"type": "view", "seat": 1, "view": other}),
                (1, {"type": "view", "seat": 1, "view": changed}),
                (1, reordered), (1, {"type": "view", "seat": 1, "view": None})]
    assert ViewTexts().texts(messages) == [json.dumps(m, separators=(",", ":"))
                                           for _, m in messages]


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


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_wire_bot_sees_what_the_engine_shows_its_seat(variant: str) -> None:
    """The SeatView a wire bot makes of the view message it is sent is the engine's own
    ``seat_view`` of that seat, field by field, at every decision of whole hands. (At a
    turn-up or a buy of the pot, before the street's betting opens, the engine's round bet is
    still the last street's and the wire bot's this street's: the two agree at every
    betting decision, where it counts.)"""
    from stud_fast.server.client import wire_seat_view

    cfg = GameConfig(variant=variant, ante=1, small_bet=4)
    for seed in range(12):
        hand = StudHand(cfg, stacks=[40, 80, 100, 120, 60][: 2 + seed % 4], dealer=seed % 2,
                        seed=seed)
        rng = random.Random(seed)
        while hand.actor is not None:
            seat = hand.actor
            wired = wire_seat_view(json.loads(json.dumps(hand.view(seat))), cfg)
            view = hand.seat_view(seat)
            if not set(view.legal_actions) & {"check", "call", "bet", "raise", "complete",
                                              "bring_in"}:
                wired = dataclasses.replace(wired, round_bet=view.round_bet)
            assert wired == view
            play(hand, RandomBot().choose(hand.seat_view(seat), rng))


def test_a_link_reassembles_fragments_answers_pings_and_reports_a_refusal() -> None:
    """Link against websockets' own server: a message sent in fragments arrives whole, a
    message sent by the client arrives, a ping is answered, a refused handshake raises."""
    import asyncio

    from websockets.asyncio.server import serve
    from websockets.exceptions import InvalidStatus

    from stud_fast.server.link import Link

    async def handler(ws) -> None:  # type: ignore[no-untyped-def]
        if ws.request.path == "/refuse":
            return
        await ws.send(["fra", "gmen", "ted"])  # one text message in three frames
        await ws.send("whole")
        echoed = await ws.recv()
        pong = await ws.ping()
        await asyncio.wait_for(pong, 5)
        await ws.send(f"got {echoed}")

    def process_request(connection, request):  # type: ignore[no-untyped-def]
        if request.path == "/refuse":
            return connection.respond(403, "no\n")
        return None

    async def run() -> list[str]:
        got: list[str] = []
        async with serve(handler, "127.0.0.1", 0, process_request=process_request) as server:
            port = server.sockets[0].getsockname()[1]
            with pytest.raises(InvalidStatus):
                await Link.open(f"ws://127.0.0.1:{port}/refuse", got.append)
            link = await Link.open(f"ws://127.0.0.1:{port}/", got.append)
            link.send("hello")
            for _ in range(500):
                if len(got) == 3:
                    break
                await asyncio.sleep(0.01)
            link.close()
            await asyncio.wait_for(link.closed, 5)
        return got

    assert asyncio.run(run()) == ["fragmented", "whole", "got hello"]
