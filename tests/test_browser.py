"""The browser page (issue 23) in real headless Chromium, driven by Selenium: a server process
(``tests/server_support.py``), a table filled with wire bots, and a person's page that registers
and sits through the lobby, then plays hands to their end by clicking the page's buttons.

Checked at every decision of the page's player (the table waits for it then): its own down
cards are on the page face up, every other seat's down cards are card backs, and every stack on
the page is the one ``GET /api/tables/{id}`` gives. At each hand's end: the stacks in the page's
result are the hand's finishing stacks as ``GET /api/tables/{id}/hands`` serves them, and the
down cards the page showed its player are the ones the hand's PHH dealt it. At the end of each
test: the browser's console holds no error. Also: an observer (the lobby's Watch link) sees no
down card; a phone-sized viewport fits the table without sideways scrolling.
Seven-card stud (no limit: a raise with an amount typed in, an amount out of range refused in
words by the page and by the server, a stale action's error from the server shown in words),
Mexican stud (a down card turned up by clicking it) and baseball (the pot bought; the server is
killed and started again mid-hand, and the page reconnects by itself).

Needs ``/usr/bin/chromium`` and ``/usr/bin/chromedriver`` (Debian's ``chromium`` and
``chromium-driver``; ``STUD_FAST_CHROMIUM`` and ``STUD_FAST_CHROMEDRIVER`` name them elsewhere)
and ``selenium``: skipped without them, except under ``CI=true``, where
they fail (``.ci/run`` installs them). Screenshots (the lobby, a table mid-hand) go to the
test's temporary folder, or to ``STUD_FAST_SCREENSHOTS`` when set.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import pytest
from server_support import ADMIN, CI, Server, sql

from stud_fast.server.client import WireBot

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

# Debian's places (the packages chromium and chromium-driver); elsewhere, say where they are
CHROMIUM = os.environ.get("STUD_FAST_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("STUD_FAST_CHROMEDRIVER", "/usr/bin/chromedriver")
WAIT = 45.0  # seconds for any one thing the page must show (a loaded 2-core machine)
BUY_IN = 600
# the network errors of a server that is down on purpose (the baseball test restarts it)
OUTAGE = ("ERR_CONNECTION_REFUSED", "ERR_CONNECTION_RESET", "ERR_EMPTY_RESPONSE",
          "WebSocket connection to")


def _missing() -> Optional[str]:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium; it is in the test extra)"
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.path.exists(path):
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    return None


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    why = _missing()
    if why is not None:
        if CI:
            pytest.fail(why)
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1280,800"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(60)
    desktop(browser)
    try:
        yield browser
    finally:
        browser.quit()


def desktop(browser: Any) -> None:
    """A 1280x800 viewport (the window's size would include what headless Chromium keeps for
    its frame)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})


def phone(browser: Any) -> None:
    """A phone's viewport, 390x844."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser")
    served = Server(f"sqlite:///{folder / 'stud_fast.db'}", folder / "server.log")
    served.start()
    try:
        yield served
    finally:
        served.stop()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("STUD_FAST_SCREENSHOTS")
    folder = Path(given) if given else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Caller:
    """A bot that never folds: checks, calls, brings in, buys the pot, turns up its first
    down card (the hands reach their end whatever the page's player does)."""

    name = "caller"

    def choose(self, view: Any, rng: Any) -> Any:
        legal = view.legal_actions
        for kind in ("check", "call", "bring_in", "buy_pot"):
            if kind in legal:
                return kind
        if "turn_up" in legal:
            return "turn_up", next(c for c, up in view.own_cards if not up)
        return next(k for k in legal if k != "fold")


class Bots:
    """Wire bots at a table, in a thread of their own."""

    def __init__(self, server: Server, table: int, tokens: list[str]) -> None:
        self.bots = [WireBot(server.base, table, Caller(), token, buy_in=BUY_IN, seed=i)
                     for i, token in enumerate(tokens)]
        self.loop = asyncio.new_event_loop()
        self.stop = asyncio.Event()
        self.failures: list[BaseException] = []
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._play(),))

    async def _play(self) -> None:
        results = await asyncio.gather(*(b.run(self.stop) for b in self.bots),
                                       return_exceptions=True)
        self.failures.extend(r for r in results if isinstance(r, BaseException))

    def __enter__(self) -> "Bots":
        self.thread.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(60)
        assert not self.thread.is_alive() and not self.failures, self.failures


# ---- reading the page ----------------------------------------------------------------------------

_READ = """
const result = document.getElementById("result");
const felt = document.getElementById("felt");
const notice = document.getElementById("notice");
return {
  hand: felt.dataset.hand ? Number(felt.dataset.hand) : null,
  over: felt.dataset.over === "1",
  result: result.hidden ? null : Number(result.dataset.hand),
  finals: [...result.querySelectorAll(".final")].map(
    (f) => [Number(f.dataset.seat), Number(f.dataset.stack)]),
  buttons: [...document.querySelectorAll("#buttons button[data-action]")].map(
    (b) => b.dataset.action),
  turning: !!document.getElementById("turn-hint"),
  amount: !document.getElementById("amount-box").hidden,
  notice: notice.hidden ? null : notice.textContent,
  seats: [...document.querySelectorAll(".seat[data-name]")].map((s) => ({
    seat: Number(s.dataset.seat), name: s.dataset.name, stack: Number(s.dataset.stack),
    me: s.classList.contains("me"),
    cards: [...s.querySelectorAll(".cards .card")].map((c) => ({
      card: c.dataset.card || null, up: c.dataset.up === "1",
      back: c.classList.contains("back")}))})),
};
"""


def read(driver: Any) -> dict[str, Any]:
    return driver.execute_script(_READ)  # type: ignore[no-any-return]


def until(driver: Any, test: Callable[[dict[str, Any]], Any], what: str,
          timeout: float = WAIT) -> dict[str, Any]:
    """Wait for the page's state to pass ``test``; that state."""
    from selenium.webdriver.support.ui import WebDriverWait

    found: list[dict[str, Any]] = []

    def check(d: Any) -> bool:
        state = read(d)
        if test(state):
            found.append(state)
            return True
        return False

    try:
        WebDriverWait(driver, timeout, poll_frequency=0.1).until(check)
    except Exception:
        raise AssertionError(f"the page did not show {what} in {timeout} s: {read(driver)}; "
                             + str(driver.execute_script("return window.studFast.state()")))
    return found[0]


def click(driver: Any, css: str) -> None:
    """Click what ``css`` finds, again if the page drew it afresh meanwhile."""
    from selenium.common.exceptions import (ElementClickInterceptedException,
                                            StaleElementReferenceException)
    from selenium.webdriver.common.by import By

    for _ in range(20):
        try:
            driver.find_element(By.CSS_SELECTOR, css).click()
            return
        except (StaleElementReferenceException, ElementClickInterceptedException):
            time.sleep(0.05)
    raise AssertionError(f"could not click {css}")


def console_errors(driver: Any, allowed: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"
            and not any(a in e["message"] for a in allowed)]


# ---- the lobby -----------------------------------------------------------------------------------

def join_through_lobby(driver: Any, server: Server, table: int, name: str,
                       shot: Optional[Path] = None) -> None:
    """Register ``name`` and sit at ``table`` with BUY_IN chips, through the lobby's form."""
    from selenium.webdriver.common.by import By

    driver.get(server.base + "/")
    driver.execute_script("localStorage.clear()")
    driver.get(server.base + "/")
    row = f'tr[data-table="{table}"]'
    until(driver, lambda _: driver.execute_script(
        f"return !!document.querySelector('{row} a.table-link')"), "the table in the lobby")
    driver.find_element(By.ID, "name").send_keys(name)
    click(driver, "#register button[type=submit]")
    until(driver, lambda _: driver.execute_script(
        f"return !!document.querySelector('{row} input.buy-in')"
        " && document.getElementById('me-name') !== null"), "the sit form")
    assert driver.execute_script("return JSON.parse(localStorage.getItem('stud_fast.account'))"
                                 ".name") == name
    if shot is not None:
        driver.save_screenshot(str(shot))
    buy_in = driver.find_element(By.CSS_SELECTOR, f"{row} input.buy-in")
    buy_in.clear()
    buy_in.send_keys(str(BUY_IN))
    click(driver, f"{row} button.sit")
    until(driver, lambda _: driver.current_url.endswith(f"/tables/{table}"), "the table page")
    assert "token" not in driver.current_url
    info = server.get(f"/api/tables/{table}")
    assert [s["stack"] for s in info["seats"] if s["name"] == name] == [BUY_IN]


# ---- playing -------------------------------------------------------------------------------------

class Player:
    """The page's player at a table: plays hands by clicking, checking the page as it goes."""

    def __init__(self, driver: Any, server: Server, table: int, name: str) -> None:
        self.driver, self.server, self.table, self.name = driver, server, table, name
        self.down: dict[int, set[str]] = {}  # hand -> own down cards seen on the page
        self.checked: set[int] = set()  # hands whose end was checked
        self.did: list[str] = []  # what the page's player did, in order
        self.decisions = 0

    def check_cards(self, state: dict[str, Any]) -> None:
        """Mid-hand: own down cards face up on the page, every other seat's are backs."""
        mine = [s for s in state["seats"] if s["me"]]
        assert len(mine) == 1, state
        down = [c for c in mine[0]["cards"] if not c["up"]]
        assert down and all(c["card"] and not c["back"] for c in down), mine
        self.down.setdefault(state["hand"], set()).update(c["card"] for c in down)
        for seat in state["seats"]:
            if not seat["me"]:
                for c in seat["cards"]:
                    assert c["up"] or (c["back"] and c["card"] is None), seat

    def sent(self) -> Optional[str]:
        """The page's last action sent."""
        return self.driver.execute_script(  # type: ignore[no-any-return]
            "return window.studFast.state().sent")

    def check_stacks(self, state: dict[str, Any]) -> None:
        """On the page's turn (the hand waits for it; players may still sit down): the stacks
        on the page are those of ``GET /api/tables/{id}``."""
        served: dict[int, int] = {}

        def same(page: dict[str, Any]) -> bool:
            info = self.server.get(f"/api/tables/{self.table}")
            served.clear()
            served.update({s["seat"]: s["stack"] for s in info["seats"]})
            return {t["seat"]: t["stack"] for t in page["seats"]} == served

        until(self.driver, same, "the stacks the server gives", timeout=20)

    def check_end(self, state: dict[str, Any]) -> None:
        """A hand's end on the page: the stacks it shows are the server's record of the hand;
        own down cards were the PHH's."""
        hand = state["result"]
        summary = self.server.get(f"/api/tables/{self.table}/hands?after={hand - 1}&limit=1")[0]
        assert summary["hand"] == hand
        served = dict(zip(summary["seats"], summary["finishing_stacks"]))
        assert state["finals"] and dict(state["finals"]) == served, (state["finals"], summary)
        phh = tomllib.loads(self.server.get(f"/api/tables/{self.table}/hands/{hand}"))
        me = phh["players"].index(self.name) + 1
        dealt = "".join(a.split()[3] for a in phh["actions"] if a.startswith(f"d dh p{me} "))
        dealt_cards = {dealt[i:i + 2] for i in range(0, len(dealt), 2)}
        assert self.down.get(hand, set()) <= dealt_cards, (hand, self.down.get(hand), dealt)
        self.checked.add(hand)

    def decide(self, state: dict[str, Any]) -> Optional[str]:
        """Click the page's way to one decision; what was done."""
        buttons = state["buttons"]
        if state["turning"]:
            click(self.driver, ".seat.me .card.choose")
            return "turn_up"
        if "buy_pot" in buttons:
            click(self.driver, '#buttons button[data-action="buy_pot"]')
            return "buy_pot"
        aggressive = next((k for k in ("raise", "bet", "complete") if k in buttons), None)
        if aggressive and "raise" not in self.did and "bet" not in self.did:
            if state["amount"]:
                self.amount_checks()
            click(self.driver, f'#buttons button[data-action="{aggressive}"]')
            return aggressive
        for kind in ("check", "call", "bring_in"):
            if kind in buttons:
                if self.decisions % 3 == 1:  # the keyboard's check/call now and then
                    self.key("c")
                else:
                    click(self.driver, f'#buttons button[data-action="{kind}"]')
                return kind
        raise AssertionError(f"nothing to do but {buttons}")

    def key(self, key: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.execute_script("document.activeElement.blur()")  # focus off any input
        self.driver.find_element(By.TAG_NAME, "body").send_keys(key)

    def amount_checks(self) -> None:
        """An amount above the legal range is refused in words, by the page and by the server;
        then the least raise plus one is typed in."""
        from selenium.webdriver.common.by import By

        amount = self.driver.find_element(By.ID, "amount")
        low, high = int(amount.get_attribute("min")), int(amount.get_attribute("max"))
        amount.clear()
        amount.send_keys(str(high + 5))
        aggressive = self.driver.execute_script(
            "return document.getElementById('amount-box').dataset.action")
        click(self.driver, f'#buttons button[data-action="{aggressive}"]')
        state = until(self.driver, lambda s: s["notice"] and "from" in s["notice"],
                      "the amount refused")
        assert f"from {low} to {high}" in state["notice"], state["notice"]
        # the same amount sent past the page's check: the server's refusal, in words
        self.driver.execute_script(f"window.studFast.act('{aggressive}', {{amount: {high + 5}}})")
        state = until(self.driver, lambda s: s["notice"] and "refused" in s["notice"]
                      and s["buttons"], "the server's refusal")
        assert str(high + 5) in state["notice"], state["notice"]
        amount = self.driver.find_element(By.ID, "amount")
        amount.clear()
        amount.send_keys(str(min(low + 1, high)))

    def play(self, hands: int, deadline: float, shot: Optional[Path] = None,
             after_first: Optional[Callable[[], None]] = None) -> None:
        """Play until ``hands`` hands ended on the page, each checked."""
        while len(self.checked) < hands:
            assert time.monotonic() < deadline, ("out of time", self.did, read(self.driver))
            state = until(self.driver, lambda s: (s["result"] is not None
                                                  and s["result"] not in self.checked)
                          or (s["buttons"] or s["turning"]) and not s["over"],
                          "a decision or a hand's end")
            if state["result"] is not None and state["result"] not in self.checked:
                self.check_end(state)
                continue
            self.check_cards(state)
            self.check_stacks(state)
            # a screenshot mid-hand, late enough for four cards each (after a first hand when
            # more are played: the first may start before every bot sits)
            mine = next(t for t in state["seats"] if t["me"])
            if shot is not None and (len(self.checked) >= 1 or hands == 1) \
                    and len(mine["cards"]) >= 4:
                self.driver.save_screenshot(str(shot))
                shot = None
            sent = self.sent()
            done = self.decide(state)
            assert done is not None
            self.did.append(done)
            self.decisions += 1
            # the page sent it to the server
            until(self.driver, lambda _: self.sent() != sent, f"the action taken ({self.did})",
                  timeout=15)
            if after_first is not None:
                after_first()
                after_first = None


def new_table(server: Server, variant: str, **options: Any) -> int:
    return server.table(variant=variant, small_bet=2, ante=1, bring_in=1, seats=3,
                        action_seconds=90,
                        min_buy_in=100, max_buy_in=1000, **options)


def test_seven_card_stud_in_the_browser(driver: Any, server: Server, shots: Path) -> None:
    start = time.monotonic()
    table = new_table(server, "seven_card_stud", betting="no")
    join_through_lobby(driver, server, table, "ann", shots / "lobby.png")
    tokens = [WireBot.register(server.base, f"bot7-{i}") for i in range(2)]
    player = Player(driver, server, table, "ann")

    def stale_action() -> None:
        # the action just taken, sent again: the server refuses it, the page says why
        driver.execute_script("window.studFast.resend()")
        state = until(driver, lambda s: s["notice"] is not None, "the server's error")
        assert "Too late" in state["notice"] or "applied already" in state["notice"], state

    with Bots(server, table, tokens):
        player.play(2, start + 100, shot=shots / "table.png", after_first=stale_action)
    assert any(d in ("raise", "bet", "complete") for d in player.did), player.did
    assert any(d in ("check", "call") for d in player.did), player.did
    # the last hand's result: who won what, and the link to its PHH
    driver.save_screenshot(str(shots / "result.png"))
    state = read(driver)
    assert state["result"] is not None and state["finals"], state
    link = driver.execute_script("return document.querySelector('#result a.phh').href")
    assert link.endswith(f"/api/tables/{table}/hands/{state['result']}")
    assert driver.execute_script("return document.querySelectorAll('#result li.win').length") > 0
    # a phone's screen: the seats in a column, nothing wider than the screen
    phone(driver)
    try:
        until(driver, lambda _: driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth"),
            "the table within a phone's width", timeout=10)
        driver.save_screenshot(str(shots / "phone.png"))
    finally:
        desktop(driver)
    # an observer (no account) who follows the lobby's Watch link sees no down card at all
    driver.execute_script("localStorage.clear()")
    driver.get(server.base + "/")
    until(driver, lambda _: driver.execute_script(
        f"return !!document.querySelector('tr[data-table=\"{table}\"] a.watch')"),
        "the Watch link")
    click(driver, f'tr[data-table="{table}"] a.watch')
    state = until(driver, lambda s: s["hand"] is not None and not s["over"]
                  and any(t["cards"] for t in s["seats"]), "a hand under way, watched")
    assert driver.current_url.endswith(f"/tables/{table}") and not state["buttons"]
    assert not any(t["me"] for t in state["seats"]), state
    cards = [c for t in state["seats"] for c in t["cards"]]
    assert cards and all(c["up"] or (c["back"] and c["card"] is None) for c in cards), cards
    assert any(c["back"] for c in cards), cards  # the down cards are there, face down
    assert console_errors(driver) == []


def test_mexican_stud_in_the_browser(driver: Any, server: Server, shots: Path) -> None:
    start = time.monotonic()
    table = new_table(server, "mexican_stud")
    join_through_lobby(driver, server, table, "mia")
    tokens = [WireBot.register(server.base, f"botmx-{i}") for i in range(2)]
    player = Player(driver, server, table, "mia")
    with Bots(server, table, tokens):
        player.play(1, start + 100, shot=shots / "mexican.png")
    assert "turn_up" in player.did, player.did
    assert console_errors(driver) == []


def _threes_up(server: Server, table: int) -> dict[int, list[str]]:
    """The deck of ``table``'s hand being played made to deal every player a three face up on
    third street (each must buy the pot or fold, S5), before anyone acted."""
    from stud_fast.cards import card_id
    from stud_fast.table import StudHand
    from stud_fast.variants import GameConfig

    db = server.db
    number, dealer, seats, stacks, deck = sql(
        db, f"SELECT number, dealer, seats, starting_stacks, deck FROM hands "
            f"WHERE table_id = {table} AND finished = 0")[0]
    seats, stacks, deck = json.loads(seats), json.loads(stacks), json.loads(deck)
    config = GameConfig(**server.get(f"/api/tables/{table}")["config"])
    hand = StudHand(config, stacks=stacks, dealer=seats.index(dealer), deck=deck)
    doors = [deck.index(card_id(cards[-1])) for cards in hand.view(None)["cards"]]
    threes = [deck.index(card_id("3" + s)) for s in "shdc"]
    for door, three in zip(doors, (t for t in threes if t not in doors)):
        deck[door], deck[three] = deck[three], deck[door]
    server.kill()
    sql(db, f"UPDATE hands SET deck = '{json.dumps(deck)}' WHERE table_id = {table} "
            f"AND number = {number}")
    server.start()
    check = StudHand(config, stacks=stacks, dealer=seats.index(dealer), deck=deck)
    doors_now = [cards[-1] for cards in check.view(None)["cards"]]
    assert len(doors_now) == len(seats) and all(door[0] == "3" for door in doors_now), doors_now
    return {seat: check.view(h)["cards"][h] for h, seat in enumerate(seats)}  # the new deal


def test_baseball_in_the_browser(driver: Any, server: Server, shots: Path) -> None:
    start = time.monotonic()
    table = new_table(server, "baseball")
    join_through_lobby(driver, server, table, "bea")
    tokens = [WireBot.register(server.base, f"botbb-{i}") for i in range(2)]
    for token in tokens:  # seated, not playing yet: the hand waits for them
        server.post(f"/api/tables/{table}/sit", {"buy_in": BUY_IN}, token=token)
    until(driver, lambda s: s["hand"] == 1, "the first hand")
    assert console_errors(driver) == []
    # the server is killed and started again: the page reconnects, and shows the new deal
    dealt = _threes_up(server, table)
    mine = next(s["seat"] for s in server.get(f"/api/tables/{table}")["seats"]
                if s["name"] == "bea")
    until(driver, lambda s: s["hand"] == 1 and [c["card"] for t in s["seats"] if t["me"]
                                                for c in t["cards"]] == dealt[mine],
          "the hand dealt again after the restart")
    errors = console_errors(driver, OUTAGE)
    assert errors == [], errors
    player = Player(driver, server, table, "bea")
    with Bots(server, table, tokens):
        player.play(1, start + 100, shot=shots / "baseball.png")
    assert "buy_pot" in player.did, player.did
    assert console_errors(driver) == []
    assert server.get("/api/ledger", token=ADMIN)["balanced"]


def test_the_page_is_served(server: Server) -> None:
    """Without a browser: the lobby and a table's address serve the page, its script and style
    come from the package, nothing is fetched from elsewhere, and a missing file is a JSON
    404 like every other error."""
    import urllib.error
    import urllib.request

    def get(path: str) -> tuple[str, str]:
        with urllib.request.urlopen(server.base + path, timeout=30) as answer:
            return answer.headers.get_content_type(), answer.read().decode()

    kind, lobby = get("/")
    assert kind == "text/html" and "/static/app.js" in lobby and "/static/app.css" in lobby
    assert get("/tables/12345") == (kind, lobby)
    for path, expected in (("/static/app.js", "javascript"), ("/static/app.css", "text/css")):
        kind, text = get(path)
        assert expected in kind and text
        assert "http://" not in text and "https://" not in text, path  # no CDN, no fonts
    assert "https://" not in lobby and "http://" not in lobby
    try:
        get("/static/nothing.js")
        raise AssertionError("served a file that is not there")
    except urllib.error.HTTPError as e:
        assert e.code == 404 and json.loads(e.read())["error"]["code"] == "not_found"
