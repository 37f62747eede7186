"""The table server's protocol through a real server process and real WebSocket clients, on
SQLite and on PostgreSQL: the REST routes, every error path of issue 22 (wrong token, another
seat, out of turn, stale seq, duplicate message, illegal action with its rule, malformed and
oversized messages, flooding, origins), reconnection, hand histories.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from server_support import (ADMIN, Server, Socket, database, my_turn, postgres,  # noqa: F401
                            sql)
from websockets.exceptions import ConnectionClosed, InvalidStatus

from stud_fast.history import loads, replay
from stud_fast.server.client import ApiFailure

ORIGIN = "https://tables.example"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp(f"protocol-{request.param}")
    s = Server(database(request.param, folder, request), folder / "server.log",
               "--allow-origin", ORIGIN, welcome=10_000)
    s.start()
    yield s
    assert s.stop() in (0, 130)


def failure(call: Any) -> ApiFailure:
    with pytest.raises(ApiFailure) as caught:
        call()
    return caught.value


async def heads_up(server: Server, variant: str = "razz", seats: int = 2, **options: Any
                   ) -> tuple[int, list[str], list[Socket], list[dict[str, Any]]]:
    """A table with two players seated at seats 0 and 1 and connected: the table, the tokens
    (by table seat), the sockets and each one's first view of hand 1."""
    table = server.table(variant=variant, small_bet=4, ante=1, seats=seats, action_seconds=60,
                         **options)
    tokens = []
    for seat in range(2):
        _, token = server.player(f"p{seat}")
        assert server.post(f"/api/tables/{table}/sit", {"buy_in": 200, "seat": seat},
                           token=token) == {"seat": seat}
        tokens.append(token)
    sockets = [await Socket.open(server, table, t) for t in tokens]
    views = [await s.until(lambda m: m["type"] == "view" and m["hand"] == 1)
             for s in sockets]
    return table, tokens, sockets, views


async def play_out(socket: Socket, hand: int) -> dict[str, Any]:
    """Check, call or bring in on every turn of ``socket``'s seat until ``hand`` ends: its
    final view."""
    while True:
        m = await socket.until(lambda m: m["type"] == "view" and m["hand"] == hand)
        if m["view"]["is_over"]:
            return m
        if my_turn(m):
            legal = m["view"]["legal_actions"]
            action = next(a for a in ("check", "call", "bring_in", "fold") if a in legal)
            await socket.send({"type": "act", "hand": hand, "seq": m["seq"], "action": action})


def actor_of(views: list[dict[str, Any]]) -> int:
    """The table seat to act in these views."""
    return next(v["seat"] for v in views if my_turn(v))


# ---- REST ------------------------------------------------------------------------------------

def test_health_openapi_and_json_errors(server: Server) -> None:
    health = server.get("/api/health")
    assert health["status"] == "ok" and health["database"] in ("sqlite", "postgresql")
    spec = server.get("/openapi.json")
    for path in ("/api/players", "/api/players/me", "/api/tables/{table_id}/sit",
                 "/api/tables/{table_id}/hands/{number}"):
        assert path in spec["paths"]
    assert "variant" in json.dumps(spec["paths"]["/api/tables"]["post"])  # GameConfig's fields
    e = failure(lambda: server.get("/api/nowhere"))
    assert (e.status, e.code) == (404, "not_found")
    e = failure(lambda: server.post("/api/players", {"name": 7}))
    assert (e.status, e.code) == (422, "bad_request") and "name" in e.message


def test_players_tokens_and_credit(server: Server) -> None:
    player, token = server.player("ann")
    assert len(token) >= 22  # at least 128 random bits in URL-safe base64
    me = server.get("/api/players/me", token)
    assert me == {"player": player, "name": "ann", "balance": 10_000, "seats": []}
    hashed = hashlib.sha256(token.encode()).hexdigest()
    rows = sql(server.db, "SELECT token_hash FROM accounts")
    assert (hashed,) in rows and all(token not in r[0] for r in rows)  # stored hashed only
    assert failure(lambda: server.get("/api/players/me")).code == "unauthorized"
    assert failure(lambda: server.get("/api/players/me", "x" * 43)).code == "bad_token"
    e = failure(lambda: server.post(f"/api/players/{player}/credit", {"amount": 5}, token))
    assert (e.status, e.code) == (403, "forbidden")
    assert server.post(f"/api/players/{player}/credit", {"amount": 5}, ADMIN) == \
        {"player": player, "balance": 10_005}
    for amount in (0, -3, 2.5, True, "5", 10 ** 16):
        e = failure(lambda: server.post(f"/api/players/{player}/credit", {"amount": amount},
                                        ADMIN))
        assert (e.status, e.code) == (422, "bad_request"), amount
    assert failure(lambda: server.post("/api/players/999999/credit", {"amount": 5},
                                       ADMIN)).code == "no_player"
    assert failure(lambda: server.post("/api/players", {"name": "<script>"})).status == 422


def test_tables_are_made_by_the_admin_from_game_options(server: Server) -> None:
    _, token = server.player()
    options = {"variant": "seven_card_stud", "small_bet": 10, "ante": 1, "seats": 5}
    assert failure(lambda: server.post("/api/tables", options, token)).code == "forbidden"
    table = server.table(**options, open_pair_big_bet=True, min_buy_in=100, max_buy_in=500)
    info = server.get(f"/api/tables/{table}")
    assert info["config"]["open_pair_big_bet"] is True and info["config"]["big_bet"] == 20
    assert (info["seats_total"], info["min_buy_in"], info["max_buy_in"]) == (5, 100, 500)
    assert info["hand"] is None and info["seats"] == [] and info["chips_on_table"] == 0
    assert any(t["table"] == table for t in server.get("/api/tables"))
    for bad, code in (({"variant": "omaha", "small_bet": 2}, "bad_table"),
                      ({"variant": "razz", "small_bet": 2, "seats": 9}, "bad_table"),
                      ({"variant": "razz", "small_bet": 2, "min_buy_in": 9, "max_buy_in": 8},
                       "bad_table"),
                      ({"variant": "razz", "small_bet": 2.0}, "bad_request"),
                      ({"variant": "razz", "small_bet": 2, "wild": 1}, "bad_request")):
        e = failure(lambda: server.post("/api/tables", bad, ADMIN))
        assert (e.status, e.code) == (422, code), bad
    assert failure(lambda: server.get("/api/tables/999999")).code == "no_table"


def test_sit_moves_chips_from_the_account_and_checks_limits(server: Server) -> None:
    table = server.table(variant="razz", small_bet=4, seats=3, min_buy_in=100,
                         max_buy_in=300)
    player, token = server.player()
    sit = f"/api/tables/{table}/sit"
    for buy_in, code in ((99, "bad_buy_in"), (301, "bad_buy_in"), (0, "bad_request")):
        assert failure(lambda: server.post(sit, {"buy_in": buy_in}, token)).code == code
    assert failure(lambda: server.post(sit, {"buy_in": 100, "seat": 3}, token)).code == \
        "bad_seat"
    assert server.post(sit, {"buy_in": 250, "seat": 1}, token) == {"seat": 1}
    assert server.get("/api/players/me", token)["balance"] == 10_000 - 250
    assert server.get("/api/players/me", token)["seats"] == \
        [{"table": table, "seat": 1, "stack": 250}]
    assert failure(lambda: server.post(sit, {"buy_in": 100}, token)).code == "already_seated"
    _, other = server.player()
    assert failure(lambda: server.post(sit, {"buy_in": 100, "seat": 1}, other)).code == \
        "seat_taken"
    _, poor_token = server.player()
    server.post(f"/api/tables/{table}/sit", {"buy_in": 100}, other)  # a hand starts now
    rich = server.table(variant="razz", small_bet=4, seats=2, min_buy_in=20_000,
                        max_buy_in=20_000)
    e = failure(lambda: server.post(f"/api/tables/{rich}/sit", {"buy_in": 20_000}, poor_token))
    assert (e.status, e.code) == (409, "balance")
    assert server.get("/api/players/me", poor_token)["balance"] == 10_000
    info = server.get(f"/api/tables/{table}")
    assert info["chips_on_table"] == 350 and info["hand"] == 1
    assert sum(s["stack"] for s in info["seats"]) <= 350  # the rest is in the pot
    ledger = server.get("/api/ledger", ADMIN)
    assert ledger["balanced"] and ledger["issued"] == ledger["balances"] + ledger["on_tables"]


def test_leave_returns_chips_now_or_when_the_hand_ends(server: Server) -> None:
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server, seats=3)
        _, waiting_token = server.player("late")
        server.post(f"/api/tables/{table}/sit", {"buy_in": 160}, waiting_token)
        assert server.get("/api/players/me", waiting_token)["balance"] == 10_000 - 160
        # not in the hand being played: the chips come back at once
        assert server.post(f"/api/tables/{table}/leave", token=waiting_token) == \
            {"seat": 2, "returned": 160}
        assert server.get("/api/players/me", waiting_token)["balance"] == 10_000
        e = failure(lambda: server.post(f"/api/tables/{table}/leave", token=waiting_token))
        assert (e.status, e.code) == (404, "not_seated")
        # in the hand: the chips come back when it ends (the server folds or checks for it)
        assert server.post(f"/api/tables/{table}/leave", token=tokens[0]) == \
            {"seat": 0, "returned": None}
        end = await play_out(sockets[1], 1)
        hands = server.get(f"/api/tables/{table}/hands")
        final = hands[0]["finishing_stacks"][hands[0]["seats"].index(0)]
        assert server.get("/api/players/me", tokens[0])["balance"] == 10_000 - 200 + final
        assert server.get("/api/players/me", tokens[0])["seats"] == []
        assert end["view"]["stacks"][hands[0]["seats"].index(0)] == final
        for s in sockets:
            await s.close()

    asyncio.run(body())


# ---- WebSocket -------------------------------------------------------------------------------

def test_a_token_acts_only_for_its_own_seat_on_its_turn(server: Server) -> None:
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server)
        actor = actor_of(views)
        other = 1 - actor
        seq = views[actor]["seq"]
        await sockets[other].send({"type": "act", "hand": 1, "seq": seq, "action": "fold"})
        e = await sockets[other].error()
        assert e["code"] == "not_your_turn"
        await sockets[other].send({"type": "act", "hand": 1, "seq": seq, "action": "bring_in",
                                   "seat": actor})
        assert (await sockets[other].error())["code"] == "not_your_seat"
        observer = await Socket.open(server, table)
        seen = await observer.next()
        assert seen["type"] == "view" and seen["seat"] is None
        assert seen["view"]["seat"] is None and seen["view"]["legal_actions"] == {}
        assert all(cards[0] is None and cards[1] is None for cards in seen["view"]["cards"])
        await observer.send({"type": "act", "hand": 1, "seq": seq, "action": "bring_in"})
        assert (await observer.error())["code"] == "not_seated"
        assert server.get(f"/api/tables/{table}")["seq"] == seq  # nothing happened
        for s in (*sockets, observer):
            await s.close()

    asyncio.run(body())


def test_stale_duplicate_and_illegal_actions_change_nothing(server: Server) -> None:
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server)
        actor = actor_of(views)
        me = sockets[actor]
        view = views[actor]
        seq = view["seq"]
        assert set(view["view"]["legal_actions"]) == {"bring_in", "complete"}
        await me.send({"type": "act", "hand": 1, "seq": seq, "action": "check"})
        e = await me.error()
        assert e["code"] == "illegal" and e["rule"] == "F2" and "F2" in e["message"]
        await me.send({"type": "act", "hand": 1, "seq": seq, "action": "complete",
                       "amount": 999})
        assert (await me.error())["rule"] == "B2"  # completing to 999: past the limit
        await me.send({"type": "act", "hand": 1, "seq": seq - 1, "action": "bring_in"})
        assert (await me.error())["code"] == "stale"
        await me.send({"type": "act", "hand": 2, "seq": seq, "action": "bring_in"})
        assert (await me.error())["code"] == "stale"
        assert server.get(f"/api/tables/{table}")["seq"] == seq
        act = {"type": "act", "hand": 1, "seq": seq, "action": "bring_in"}
        await me.send(act)
        await me.send(act)  # the same message twice: applied once
        after = await me.until(lambda m: m["type"] == "view" and m["seq"] > seq)
        assert after["seq"] == seq + 1
        assert (await me.error())["code"] == "duplicate"
        hand_seat = view["view"]["seat"]
        brought = [r for r in after["view"]["records"]
                   if r["kind"] == "bring_in" and r["seat"] == hand_seat]
        assert len(brought) == 1
        assert server.get(f"/api/tables/{table}")["seq"] == seq + 1
        for s in sockets:
            await s.close()

    asyncio.run(body())


def test_bad_messages_get_errors_and_the_socket_stays(server: Server) -> None:
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server)
        s = sockets[0]
        for text, where in (("{nope", "not JSON"), ('{"type": "dance"}', "type"),
                            ('{"type": "act", "hand": 1, "seq": 1, "action": "bet", '
                             '"amount": 2.5}', "amount"),
                            ('{"type": "act", "hand": "1", "seq": 1, "action": "bet"}',
                             "hand"),
                            ('[1, 2]', ""), ('{"type": "act"}', "")):
            await s.send(text)
            e = await s.error()
            assert e["code"] == "bad_message" and where in e["message"], (text, e)
        await s.send({"type": "sit_in"})  # still connected and answered
        assert (await s.error())["code"] == "not_sitting_out"
        for sock in sockets:
            await sock.close()

    asyncio.run(body())


def test_oversized_messages_and_floods_close_the_socket(server: Server) -> None:
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server)
        big = await Socket.open(server, table, tokens[0])
        await big.next()
        await big.send('{"type": "sit_in", "pad": "' + "x" * 5000 + '"}')
        assert (await big.error())["code"] == "too_large"
        with pytest.raises(ConnectionClosed) as closed:
            await big.next()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        flood = await Socket.open(server, table, tokens[1])
        await flood.next()
        for _ in range(300):
            try:
                await flood.send({"type": "sit_in"})
            except ConnectionClosed:
                break
        await flood.until(lambda m: m["type"] == "error" and m["code"] == "rate_limited")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await flood.next()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        # the seats are untouched: the other connections play on
        assert server.get(f"/api/tables/{table}")["seq"] == views[0]["seq"]
        for sock in sockets:
            await sock.close()

    asyncio.run(body())


def test_wrong_token_unknown_table_and_origins(server: Server) -> None:
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server)
        wrong = await Socket.open(server, table, "not-a-token")
        assert (await wrong.next())["code"] == "bad_token"
        with pytest.raises(ConnectionClosed):
            await wrong.next()
        missing = await Socket.open(server, 999999)
        assert (await missing.next())["code"] == "no_table"
        with pytest.raises(InvalidStatus) as refused:
            await Socket.open(server, table, origin="https://elsewhere.example")
        assert refused.value.response.status_code == 403
        allowed = await Socket.open(server, table, origin=ORIGIN)
        assert (await allowed.next())["type"] == "view"
        for sock in (*sockets, allowed):
            await sock.close()

    asyncio.run(body())


def test_reconnecting_resumes_with_the_current_view(server: Server) -> None:
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server)
        actor = actor_of(views)
        before = views[actor]
        await sockets[actor].close()
        again = await Socket.open(server, table, tokens[actor])
        resumed = await again.next()
        assert resumed["seq"] == before["seq"] and resumed["hand"] == 1
        assert resumed["view"] == before["view"]  # own down cards, legal actions and all
        await again.send({"type": "act", "hand": 1, "seq": resumed["seq"],
                          "action": "bring_in"})
        assert (await again.next())["seq"] == before["seq"] + 1
        for sock in (again, sockets[1 - actor]):
            await sock.close()

    asyncio.run(body())


def test_hand_histories_are_served_when_the_hand_ends(server: Server) -> None:
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server)
        e = failure(lambda: server.get(f"/api/tables/{table}/hands/1"))
        assert (e.status, e.code) == (409, "hand_running")
        assert server.get(f"/api/tables/{table}/hands") == []
        actor = actor_of(views)
        await sockets[actor].send({"type": "act", "hand": 1, "seq": views[actor]["seq"],
                                   "action": "complete"})
        other = 1 - actor
        turn = await sockets[other].until(my_turn)
        await sockets[other].send({"type": "act", "hand": 1, "seq": turn["seq"],
                                   "action": "fold"})
        await sockets[other].until(lambda m: m["type"] == "view" and m["view"]["is_over"])
        [summary] = server.get(f"/api/tables/{table}/hands")
        assert summary["hand"] == 1 and sorted(summary["seats"]) == [0, 1]
        assert sum(summary["finishing_stacks"]) == sum(summary["starting_stacks"]) == 400
        text = server.get(f"/api/tables/{table}/hands/1")
        history = loads(text)
        assert history.variant == "FR" and history.table == table and history.hand == 1
        assert sorted(history.players or []) == ["p0", "p1"]
        assert replay(history).stacks == [int(s) for s in history.finishing_stacks or []]
        import pokerkit

        pk = pokerkit.HandHistory.loads(text)
        states = list(pk)
        assert list(states[-1].stacks) == history.finishing_stacks
        assert failure(lambda: server.get(f"/api/tables/{table}/hands/7")).code == "no_hand"
        for sock in sockets:
            await sock.close()

    asyncio.run(body())


def test_database_holds_the_events(server: Server, tmp_path: Path) -> None:
    """Every table event is a row, numbered without gaps from 1 (the table's seq)."""
    table = server.table(variant="razz", small_bet=4, seats=2)
    for seat in range(2):
        _, token = server.player()
        server.post(f"/api/tables/{table}/sit", {"buy_in": 200}, token)
    deadline = time.monotonic() + 20  # the hand is dealt once the second player is seated
    while server.get(f"/api/tables/{table}")["hand"] is None and time.monotonic() < deadline:
        time.sleep(0.01)
    seq = server.get(f"/api/tables/{table}")["seq"]
    rows = sql(server.db, f"SELECT seq, kind FROM events WHERE table_id = {table} ORDER BY seq")
    assert [r[0] for r in rows] == list(range(1, seq + 1))
    assert [r[1] for r in rows] == ["sit", "sit", "hand_start"]


def test_amounts_are_the_round_total_of_the_views_legal_ranges(server: Server) -> None:
    """No limit: a raise's ``amount`` is the total the seat's round bet becomes, within the
    view's legal range; one chip past the range is refused (B2) and changes nothing."""
    async def body() -> None:
        table, tokens, sockets, views = await heads_up(server, betting="no")
        actor = actor_of(views)
        await sockets[actor].send({"type": "act", "hand": 1, "seq": views[actor]["seq"],
                                   "action": "bring_in"})
        other = 1 - actor
        turn = await sockets[other].until(my_turn)
        await sockets[other].send({"type": "act", "hand": 1, "seq": turn["seq"],
                                   "action": "complete"})
        turn = await sockets[actor].until(my_turn)
        low, high = turn["view"]["legal_actions"]["raise"]
        assert turn["view"]["legal_chips"]["raise"][0] == low - 2  # its bring-in is in
        assert low < high  # no limit: up to the whole stack
        seq = turn["seq"]
        me = sockets[actor]
        await me.send({"type": "act", "hand": 1, "seq": seq, "action": "raise",
                       "amount": high + 1})
        e = await me.error()
        assert e["code"] == "illegal" and e["rule"] == "B2"
        await me.send({"type": "act", "hand": 1, "seq": seq, "action": "raise",
                       "amount": low + 1})
        after = await me.until(lambda m: m["type"] == "view" and m["seq"] > seq)
        raised = [r for r in after["view"]["records"] if r["kind"] == "raise"]
        assert raised[-1]["to"] == low + 1
        assert after["view"]["contributed"][after["view"]["seat"]] == 1 + low + 1  # ante
        for sock in sockets:
            await sock.close()

    asyncio.run(body())
