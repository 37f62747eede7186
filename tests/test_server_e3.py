"""E3 over the wire: every message the server sent in a few hundred bot hands (random and
strength bots at seven-card stud, Mexican stud, baseball and stud hi-lo tables, an observer at
each) is checked against what its receiver may see.

The truth comes from the stored hand histories: each finished hand's PHH is replayed through
the engine (every card dealt, in order); a message's time in its hand is the number of
records its view holds. At that time a card may be visible to a receiver only if it is the
receiver's own, or dealt face up, or turned up (S4) by then, or its owner showed at the
showdown; a visible card must be the card dealt; the receiver's own cards are never hidden;
only the seat to act gets legal actions. Observers are held to the same, owning no cards.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Optional

from server_support import Server, Socket, check_records, hand_truths

from stud_fast.bots import make_bot
from stud_fast.cards import card_str
from stud_fast.records import Record
from stud_fast.server.client import WireBot

TABLES = [("seven_card_stud", 6), ("mexican_stud", 4), ("baseball", 4), ("stud_hilo", 3)]
HANDS = 50  # per table: 200 hands in all


def _truth_at(records: list[Record], k: int) -> tuple[list[list[tuple[int, bool]]], set[int]]:
    """Per seat its cards ``(id, face up)`` after the first ``k`` non-burn records, and the
    seats that showed by then."""
    seats = 1 + max(r.seat for r in records if r.seat is not None)
    cards: list[list[tuple[int, bool]]] = [[] for _ in range(seats)]
    shown: set[int] = set()
    for r in [r for r in records if r.kind != "burn"][:k]:
        if r.kind == "deal" and r.seat is not None:
            cards[r.seat].extend(zip(r.cards, r.up))
        elif r.kind in ("turn_up", "exposed_card") and r.seat is not None:
            cards[r.seat] = [(c, up or c == r.cards[0]) for c, up in cards[r.seat]]
        elif r.kind == "show" and r.seat is not None:
            shown.add(r.seat)
    return cards, shown


def _check(message: dict[str, Any], truth: Any, to_truth: list[int]) -> int:
    """Check one view message; the number of cards it shows."""
    view = message["view"]
    me: Optional[int] = view["seat"]
    public = [r for r in view["records"] if r["kind"] != "burn"]
    k = check_records(message, truth, to_truth)
    cards, shown = _truth_at(truth.records, k)
    visible = 0
    for s, held in enumerate(view["cards"]):
        t = to_truth[s]
        assert len(held) == len(cards[t])
        for c, (true, up) in zip(held, cards[t]):
            allowed = s == me or up or t in shown
            if c is None:
                assert not allowed, (message["table"], message["hand"], s, card_str(true))
            else:
                assert allowed and c == card_str(true), (message["table"], message["hand"], s)
                visible += 1
    for r in public:  # the deal records: the same rule card by card
        if r["kind"] == "deal":
            s = r["seat"]
            for c, up in zip(r["cards"], r["up"]):
                if c is not None:
                    assert s == me or up or to_truth[s] in shown
                else:
                    assert s != me and not up
    assert not view["legal_actions"] or (me is not None and view["actor"] == me)
    return visible


def test_E3_no_message_holds_a_card_its_receiver_may_not_see(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'e3.db'}", tmp_path / "server.log")
    server.start()
    try:
        tables = [server.table(variant=v, small_bet=4, ante=1, seats=n, action_seconds=30)
                  for v, n in TABLES]
        records: dict[int, tuple[int, list[dict[str, Any]]]] = {}  # per bot: player, seen

        async def run() -> list[Socket]:
            stop = asyncio.Event()
            bots = []
            for table, (_, n) in zip(tables, TABLES):
                for seat in range(n):
                    record: list[dict[str, Any]] = []
                    kind = "strength" if seat % 2 else "random"
                    token = WireBot.register(server.base, f"{kind}{seat}")
                    bot = WireBot(server.base, table, make_bot(kind), token,
                                  seed=seat, record=record)
                    bots.append((table, bot))
                    player = server.get("/api/players/me", token)["player"]
                    records[id(record)] = (player, record)
            observers = [await Socket.open(server, table) for table in tables]

            async def watch(socket: Socket) -> None:
                try:
                    while True:
                        await socket.next(60)
                except Exception:
                    return

            watchers = [asyncio.ensure_future(watch(o)) for o in observers]
            players = [asyncio.ensure_future(bot.run(stop)) for _, bot in bots]
            while True:  # until every table has played HANDS hands
                for player in players:  # a bot that stopped on its own failed: say why
                    if player.done():
                        player.result()
                        raise AssertionError("a bot stopped before it was told to")
                infos = await asyncio.to_thread(server.get, "/api/tables")
                if all((i["hand"] or 0) > HANDS for i in infos):
                    break
                await asyncio.sleep(0.2)
            stop.set()
            await asyncio.gather(*players)
            for o in observers:
                await o.close()
            await asyncio.gather(*watchers)
            return observers

        observers = asyncio.run(run())
        messages: list[tuple[Optional[int], dict[str, Any]]] = [
            (p, m) for p, r in records.values() for m in r]
        messages += [(None, m) for o in observers for m in o.seen]
        truths = hand_truths(server, tables)
        checked = visible = observed = 0
        hands = set()
        for player, m in messages:
            if m["type"] != "view" or m["view"] is None:
                continue
            key = (m["table"], m["hand"])
            if key not in truths:  # the hand still being played when the bots stopped
                continue
            truth, to_truth, summary = truths[key]
            visible += _check(m, truth, to_truth)
            checked += 1
            hands.add(key)
            # the table seat the receiver played the hand from, if it played it: a seat's view
            # goes to it exactly while it sits there (a player who sat down after the hand, or
            # moved, sees it as an observer)
            players = summary["players"]
            mine = summary["seats"][players.index(player)] if player in players else None
            if m["view"]["seat"] is None:
                observed += 1
                assert m["seat"] is None or m["seat"] != mine
            else:
                assert m["seat"] == mine and players[m["view"]["seat"]] == player
        assert len(hands) >= 200 and checked > 5000 and observed > 500 and visible > 0
    finally:
        server.stop()
