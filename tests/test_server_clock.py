"""Clocks: a silent (here: never connected) player is checked or folded when its time runs
out, never before; its time bank runs after the action clock; two missed decisions in a row sit
it out until it sends ``sit_in``. What the clock does in each kind of decision (bring-in,
Mexican stud's turn-up, baseball's buy-the-pot-or-fold) is checked on the engine's hands.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any, Callable

from server_support import Server, Socket, my_turn, sql

from stud_fast.bots import RandomBot, play
from stud_fast.server.hands import timeout_action
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig


def _find(variant: str, wanted: Callable[[StudHand], bool], **options: Any) -> StudHand:
    """A hand, played by seeded random bots, at the first decision ``wanted`` accepts."""
    cfg = GameConfig(variant=variant, ante=1, small_bet=4, **options)
    for seed in range(2000):
        hand = StudHand(cfg, stacks=[100, 100, 100], seed=seed)
        rng = random.Random(seed)
        while not hand.is_over:
            if wanted(hand):
                return hand
            play(hand, RandomBot().choose(hand.seat_view(hand.actor), rng))
    raise AssertionError(f"no {variant} hand reached the decision")


def test_the_clock_checks_brings_in_turns_up_or_folds() -> None:
    cases = [
        ("razz", lambda h: "bring_in" in h.legal_actions(), ("bring_in", None)),
        ("razz", lambda h: "check" in h.legal_actions(), ("check", None)),
        ("razz", lambda h: "call" in h.legal_actions() and "fold" in h.legal_actions(),
         ("fold", None)),
        ("baseball", lambda h: "buy_pot" in h.legal_actions(), ("fold", None)),
    ]
    for variant, wanted, expected in cases:
        hand = _find(variant, wanted)
        assert timeout_action(hand) == expected, (variant, hand.legal_actions())
        hand.act(*expected)  # legal: the engine takes it
    hand = _find("mexican_stud", lambda h: "turn_up" in h.legal_actions())
    actor = hand.actor
    assert actor is not None
    first_down = next(c for c, up in hand.cards[actor] if not up)
    assert timeout_action(hand) == ("turn_up", first_down)
    hand.turn_up(first_down)
    assert (first_down, True) in hand.cards[actor]


def _faced_bet(before: tuple[Any, ...]) -> bool:
    """Whether the event just before seat 0's clock action was seat 1 putting in a bet."""
    if before[1] != "action" or before[2] != 1:
        return False
    return json.loads(before[3])["ops"][0][0] in ("bet", "raise", "complete", "bring_in")


async def _partner(socket: Socket, policy: tuple[str, ...], stop: asyncio.Event) -> None:
    """Acts on every turn with the first legal action of ``policy``."""
    while not stop.is_set():
        try:
            m = await socket.until(my_turn, timeout=0.5)
        except (AssertionError, asyncio.TimeoutError):
            continue
        legal = m["view"]["legal_actions"]
        action = next(a for a in policy if a in legal)
        await socket.send({"type": "act", "hand": m["hand"], "seq": m["seq"], "action": action})


def test_silent_players_are_checked_or_folded_on_time_and_sat_out(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'clock.db'}", tmp_path / "server.log")
    server.start()
    try:
        asyncio.run(_clock_run(server))
    finally:
        server.stop()


async def _clock_run(server: Server) -> None:
    action, bank = 0.3, 0.6
    tables, silent_tokens, partners = [], [], []
    for policy in (("check", "call"), ("bet", "call", "check")):
        table = server.table(variant="five_card_stud", small_bet=4, ante=1, seats=2,
                             action_seconds=action, time_bank_seconds=bank)
        _, silent = server.player("silent")
        _, partner = server.player("partner")
        server.post(f"/api/tables/{table}/sit", {"buy_in": 200, "seat": 0}, silent)
        observer = await Socket.open(server, table)
        server.post(f"/api/tables/{table}/sit", {"buy_in": 200, "seat": 1}, partner)
        tables.append((table, observer, policy))
        silent_tokens.append(silent)
        partners.append(await Socket.open(server, table, partner))
    stop = asyncio.Event()
    acting = [asyncio.ensure_future(_partner(p, policy, stop))
              for p, (_, _, policy) in zip(partners, tables)]
    timed: list[list[tuple[float, dict[str, Any]]]] = [[], []]

    async def watch(i: int, observer: Socket) -> None:
        while not stop.is_set():
            try:
                m = await observer.next(0.5)
            except (asyncio.TimeoutError, TimeoutError):
                continue
            timed[i].append((time.monotonic(), m))

    watching = [asyncio.ensure_future(watch(i, o)) for i, (_, o, _) in enumerate(tables)]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # until both silent players are sat out
        infos = [server.get(f"/api/tables/{t}") for t, _, _ in tables]
        if all(s["sitting_out"] for i in infos for s in i["seats"] if s["seat"] == 0):
            break
        await asyncio.sleep(0.1)
    for (table, _, policy), record in zip(tables, timed):
        rows = sql(server.db, f"SELECT seq, kind, seat, data, at FROM events "
                              f"WHERE table_id = {table} ORDER BY seq")
        clock = []  # (seconds since the decision became due, action) of the clock's actions
        for before, row in zip(rows, rows[1:]):
            data = json.loads(row[3])
            if row[1] == "action" and row[2] == 0:
                assert data["by"] in ("clock", "server"), data  # seat 0 never acts itself
                if data["by"] == "clock":
                    clock.append((row[4] - before[4], data["ops"][0][0], _faced_bet(before)))
        assert len(clock) == 2, (policy, clock)  # two misses, then sat out: no clock
        (first, _, _), (second, _, _) = clock
        assert first >= action + bank - 0.02 and second >= action - 0.02, clock  # never early
        # facing the partner's bet the clock folds, otherwise it checks; which of the two
        # misses faces a bet depends on who shows the high board, so each is judged alone
        for _, kind, faced in clock:
            assert kind == ("fold" if faced else "check"), (policy, clock)
        if policy[0] == "check":
            assert not any(faced for _, _, faced in clock)  # nobody ever bets at this table
        # the views showed the clock, with the time bank until it was spent
        clocks = [m["clock"] for _, m in record if m["type"] == "view" and m["clock"]
                  and m["clock"]["seat"] == 0]
        assert clocks[0]["time_bank"] == bank and clocks[0]["remaining"] > action
        assert clocks[-1]["time_bank"] == 0.0
        until = time.monotonic() + 30  # the hand it was sat out in plays out without it
        while True:
            info = server.get(f"/api/tables/{table}")
            seat = next(s for s in info["seats"] if s["seat"] == 0)
            if not seat["in_hand"] or time.monotonic() > until:
                break
            await asyncio.sleep(0.05)
        assert seat["sitting_out"] and not seat["in_hand"]
        # heads-up with one player sat out: no hand is dealt
        sat_out_hand = info["hand"]
        await asyncio.sleep(0.3)
        assert server.get(f"/api/tables/{table}")["hand"] == sat_out_hand
    back = await Socket.open(server, tables[0][0], silent_tokens[0])
    await back.next()
    await back.send({"type": "sit_in"})
    dealt = await back.until(lambda m: m["type"] == "view" and m["view"] is not None
                             and 0 in m["seats"] and not m["view"]["is_over"]
                             and m["view"]["seat"] is not None)
    assert dealt["hand"] > 0
    seat = next(s for s in server.get(f"/api/tables/{tables[0][0]}")["seats"]
                if s["seat"] == 0)
    assert not seat["sitting_out"] and seat["in_hand"]
    stop.set()
    await asyncio.gather(*acting, *watching)
    for s in (back, *partners, *(o for _, o, _ in tables)):
        await s.close()
