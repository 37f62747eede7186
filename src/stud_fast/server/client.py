"""A bot that plays at a table server over the wire (``stud-fast bot``), and the few REST
calls it needs.

The bot reads the ``view`` messages the server sends its seat, turns each view it must act on
into the :class:`~stud_fast.views.SeatView` the package's bots take (:func:`wire_seat_view`),
and answers with the bot's decision. When the connection drops (the server restarted, say) it
connects again and carries on from the view it is sent then.

>>> rest_url("http://127.0.0.1:8000/", "/api/health")
'http://127.0.0.1:8000/api/health'
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Optional

from orjson import loads

from stud_fast.bots import Bot
from stud_fast.cards import card_id, card_str
from stud_fast.plan import plan_of
from stud_fast.records import Record
from stud_fast.server.link import Link
from stud_fast.showdown import is_wild
from stud_fast.variants import GameConfig
from stud_fast.views import SeatView

__all__ = ["ApiFailure", "rest", "rest_url", "WireBot", "wire_seat_view", "BotStats"]

_BETS = frozenset(("bring_in", "complete", "bet", "raise", "call"))
# the players' actions among the records: SeatView.history
_ACTED = frozenset(("bring_in", "complete", "bet", "raise", "call", "check", "fold", "turn_up",
                    "buy_pot", "take_all_in", "play_on"))
_IDLE = '"legal_actions":{}'
_OVER = '"is_over":true'
_VIEW = '{"type":"view"'


class ApiFailure(Exception):
    """A REST call answered with an error (``status``, ``code``, ``message``), or no answer
    (``status`` 0)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}" if status else message)
        self.status, self.code, self.message = status, code, message


def rest_url(base: str, path: str) -> str:
    """``base`` (``http://host:port``) joined with an ``/api`` path."""
    return base.rstrip("/") + path


def rest(base: str, method: str, path: str, body: Optional[dict[str, Any]] = None,
         token: Optional[str] = None, timeout: float = 30.0) -> Any:
    """One REST call: the decoded JSON (or text) answer, :class:`ApiFailure` for an error."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(rest_url(base, path), data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            text = answer.read().decode()
            if answer.headers.get_content_type() == "application/json":
                return json.loads(text)
            return text
    except urllib.error.HTTPError as e:
        try:
            error = json.loads(e.read().decode())["error"]
            raise ApiFailure(e.code, error["code"], error["message"]) from None
        except (ValueError, KeyError, TypeError):
            raise ApiFailure(e.code, "http", f"HTTP {e.code}") from None
    except (urllib.error.URLError, OSError) as e:
        raise ApiFailure(0, "unreachable", f"{rest_url(base, path)}: {e}") from None


def wire_seat_view(view: dict[str, Any], config: GameConfig) -> SeatView:
    """The :class:`SeatView` of a view the server sent (``StudHand.view`` as JSON): card ids,
    each card's face as its deal and turn-up records say, the wild cards (D4, S5). One pass
    over the records: a bot makes one at every decision, of a view that holds the whole hand."""
    seat = view["seat"]
    rows = view["cards"]
    street = view["street"]
    faces: list[list[bool]] = [[] for _ in rows]  # each seat's cards: face up, as dealt
    turned: list[tuple[int, str]] = []  # (seat, card) turned up or exposed
    round_bet = 0
    pot_bought = False
    first: Optional[int] = None  # the first seat dealt to: left of the dealer
    history = []
    for r in view["records"]:
        kind = r["kind"]
        s = r.get("seat")
        if s is None:
            continue
        if kind == "deal":
            if first is None:
                first = s
            faces[s] += [bool(up) for up in r["up"]]
            continue
        if kind == "turn_up" or kind == "exposed_card":
            turned.append((s, r["cards"][0]))
        elif kind == "buy_pot":
            pot_bought = True
        if kind in _ACTED:
            if s == seat and kind in _BETS and r["street"] == street:
                round_bet += r["amount"]
            cards, ups = r.get("cards"), r.get("up")
            history.append(Record(kind, s, r.get("amount", 0), r.get("to", 0),
                                  tuple([card_id(c) for c in cards]) if cards else (),
                                  tuple([bool(u) for u in ups]) if ups else (),
                                  r.get("street", 0)))
    for s, card in turned:
        turned_id = card_id(card)
        for i, c in enumerate(rows[s]):
            if c is not None and card_id(c) == turned_id and i < len(faces[s]):
                faces[s][i] = True
    cards = tuple([tuple([(card_id(c) if c is not None else None,
                           up[i] if i < len(up) else False) for i, c in enumerate(held)])
                   for held, up in zip(rows, faces)])
    plan = plan_of(config)
    wild = frozenset([c for held in cards for c, up in held
                      if c is not None and is_wild(plan, pot_bought, c, up)]) if plan.wild \
        else frozenset()
    return SeatView(
        seat=seat, game=config.game, street=street, actor=view["actor"],
        is_over=view["is_over"], stacks=tuple(view["stacks"]),
        contributed=tuple(view["contributed"]), folded=tuple(view["folded"]), cards=cards,
        community=tuple(card_id(c) for c in view["community"]), wild=wild,
        legal_actions={k: (int(v[0]), int(v[1])) for k, v in view["legal_actions"].items()},
        round_bet=round_bet, pot_bought=pot_bought,
        dealer=((first if first is not None else 1) - 1) % len(cards), history=tuple(history))


@dataclass
class BotStats:
    """What a wire bot did: actions sent, errors received, hands seen, and the seconds from
    each action sent to the next view received."""

    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    hands: set[int] = field(default_factory=set)
    latencies: list[float] = field(default_factory=list)
    connects: int = 0


class WireBot:
    """``bot`` playing seat of account ``token`` at ``table`` of the server at ``base``: it
    sits with ``buy_in`` chips (the table's minimum by default) unless given the table's
    ``config``, which says it sits there already. ``think``: the mean of a random wait
    (exponential, from the bot's ``seed``) before each action, in seconds; 0 acts at once."""

    def __init__(self, base: str, table: int, bot: Bot, token: str, *,
                 buy_in: Optional[int] = None, seed: Optional[int] = None,
                 record: Optional[list[dict[str, Any]]] = None,
                 config: Optional[GameConfig] = None, think: float = 0.0) -> None:
        if not think >= 0:
            raise ValueError(f"think is a mean wait in seconds, at least 0; got {think!r}")
        self.base = base.rstrip("/")
        self.think = think
        self.table = table
        self.bot = bot
        self.token = token
        self.buy_in = buy_in
        self.rng = random.Random(seed)
        self.stats = BotStats()
        self.record = record  # every message received, when a list is given (tests)
        self.config = config
        self._asked: Optional[int] = None  # the hand it last asked to sit in during
        self._in_hand: Optional[int] = None  # the hand it was last seen dealt into
        self._sent: Optional[float] = None

    @classmethod
    def register(cls, base: str, name: str) -> str:
        """A new account's token."""
        return str(rest(base, "POST", "/api/players", {"name": name})["token"])

    def _seat(self) -> None:
        """Sit at the table unless seated there already (a restart keeps the seat)."""
        info = rest(self.base, "GET", f"/api/tables/{self.table}")
        me = rest(self.base, "GET", "/api/players/me", token=self.token)
        if not any(s["table"] == self.table for s in me["seats"]):
            buy_in = self.buy_in if self.buy_in is not None else info["min_buy_in"]
            rest(self.base, "POST", f"/api/tables/{self.table}/sit", {"buy_in": buy_in},
                 token=self.token)
        self.config = GameConfig(**info["config"])  # known once seated

    def _rebuy(self) -> None:
        """Out of chips: leave, and sit again with a new buy-in from the account (if this is
        cut short, the next connection seats the bot first)."""
        self.config = None
        try:
            rest(self.base, "POST", f"/api/tables/{self.table}/leave", token=self.token)
        except ApiFailure as e:
            if e.code != "not_seated":
                raise
        self._seat()

    async def run(self, stop: Optional[asyncio.Event] = None,
                  hands: Optional[int] = None) -> BotStats:
        """Play until ``stop`` is set or ``hands`` hands were seen through; reconnect after a
        dropped connection."""
        from websockets.exceptions import WebSocketException

        stop = stop or asyncio.Event()
        delay = 0.05
        while not stop.is_set():
            try:
                if self.config is None:  # a restart of the server keeps the seat
                    await asyncio.to_thread(self._seat)
                url = (self.base.replace("http://", "ws://").replace("https://", "wss://")
                       + f"/ws/tables/{self.table}?token={self.token}")
                inbox: asyncio.Queue[Optional[str]] = asyncio.Queue()
                link = await Link.open(url, lambda text: self._receive(text, inbox))
                link.closed.add_done_callback(lambda _: inbox.put_nowait(None))
                self.stats.connects += 1
                delay = 0.05
                try:
                    if await self._play(link, inbox, stop, hands):
                        return self.stats
                finally:
                    link.close()
                    try:
                        await asyncio.wait_for(asyncio.shield(link.closed), 5)
                    except asyncio.TimeoutError:
                        link.abort()
            except (OSError, WebSocketException, ApiFailure, asyncio.TimeoutError) as e:
                if isinstance(e, ApiFailure) and e.status and e.code not in ("unavailable",):
                    raise
            if not stop.is_set():
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)
        return self.stats

    def _receive(self, text: str, inbox: "asyncio.Queue[Optional[str]]") -> None:
        """A message, as it arrives: the time since the bot's action, when it is the first view
        since; a view of the hand this seat plays that is not its turn (only the actor's view
        has legal actions) and not the hand's end is read no further, the rest is queued for
        :meth:`_play`."""
        if text.startswith(_VIEW) and self._sent is not None:
            self.stats.latencies.append(time.perf_counter() - self._sent)
            self._sent = None
        if self.record is None and self._in_hand is not None and _IDLE in text \
                and _OVER not in text and f'"hand":{self._in_hand},' in text:
            return
        inbox.put_nowait(text)

    async def _play(self, link: Link, inbox: "asyncio.Queue[Optional[str]]",
                    stop: asyncio.Event, hands: Optional[int]) -> bool:
        """Answer the queued messages until ``stop`` (True), ``hands`` hands (True), or the
        connection ends (False)."""
        stats, record = self.stats, self.record
        stopped = asyncio.ensure_future(stop.wait())
        stopped.add_done_callback(lambda _: inbox.put_nowait(None))
        try:
            while True:
                text = await inbox.get()
                if text is None:  # stopped, or the connection is gone
                    return stop.is_set()
                message = loads(text)
                if record is not None:
                    record.append(message)
                if message["type"] == "error":
                    code = message["code"]
                    stats.errors[code] = stats.errors.get(code, 0) + 1
                    if code == "no_chips":
                        await asyncio.to_thread(self._rebuy)
                    continue
                view = message["view"]
                if view is None:
                    continue
                self._in_hand = message["hand"] if message["seat"] in message["seats"] \
                    and message["seat"] is not None and not view["is_over"] else None
                if view["is_over"]:
                    stats.hands.add(message["hand"])
                    if hands is not None and len(stats.hands) >= hands:
                        return True
                    if view["seat"] is not None and view["stacks"][view["seat"]] == 0:
                        await asyncio.to_thread(self._rebuy)
                    continue
                if message["seat"] is not None and message["seat"] not in message["seats"] \
                        and message["hand"] != self._asked:  # dealt out: sat out?
                    self._asked = message["hand"]
                    link.send('{"type":"sit_in"}')
                if view["seat"] is None or view["actor"] != view["seat"]:
                    continue
                answer = json.dumps(self._decide(message))
                if self.think:
                    await asyncio.sleep(self.rng.expovariate(1 / self.think))
                link.send(answer)
                self._sent = time.perf_counter()
                stats.actions += 1
        finally:
            stopped.cancel()

    def _decide(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.config is not None
        choice = self.bot.choose(wire_seat_view(message["view"], self.config), self.rng)
        out: dict[str, Any] = {"type": "act", "hand": message["hand"], "seq": message["seq"]}
        if isinstance(choice, str):
            out["action"] = choice
        elif choice[0] == "turn_up":
            out["action"], out["card"] = "turn_up", card_str(choice[1])
        else:
            out["action"], out["amount"] = choice
        return out
