// stud_fast's browser page: the lobby at /, a table at /tables/{id}. Plain JavaScript, no
// build step, no library. It speaks the server's protocol (docs/server.md): REST under /api,
// the table socket at /ws/tables/{id}; the account's token is kept in localStorage.
"use strict";

(() => {
  const KEY = "stud_fast.account"; // {"player", "name", "token"}
  const VARIANTS = {
    seven_card_stud: "Seven-card stud", razz: "Razz", stud_hilo: "Stud hi-lo",
    five_card_stud: "Five-card stud", five_card_stud_32: "Five-card stud (32 cards)",
    mexican_stud: "Mexican stud", baseball: "Baseball",
  };
  // the ranks that are wild (rules D4, S5): always, and (buy) when dealt down or once the pot
  // was bought
  const WILD = { baseball: { always: "9", buy: "3" } };
  const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  const ERRORS = {
    illegal: "The server refused that action",
    stale: "Too late: the table moved on before your action arrived",
    duplicate: "That action was applied already",
    not_your_turn: "It is not your turn",
    not_seated: "You are not seated at this table (sit down from the lobby to play)",
    not_your_seat: "That seat is not yours",
    bad_token: "The server does not know this browser's account: register again in the lobby",
    no_table: "There is no such table",
    rate_limited: "Too many messages were sent: the connection was closed",
    too_large: "A message was too large",
    bad_message: "The server could not read a message from this page",
    not_sitting_out: "You are sitting in already",
    no_chips: "Your seat has no chips: leave, and sit again with a new buy-in",
  };
  const ORDER = ["fold", "check", "call", "bring_in", "complete", "bet", "raise", "buy_pot",
                 "take_all_in", "play_on"];
  const rank = (k) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
  const AGGRESSIVE = ["raise", "bet", "complete"];
  const BETS = new Set(["bring_in", "complete", "bet", "raise", "call"]);

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      e.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return e;
  }

  // ---- the account ------------------------------------------------------------------------

  function loadAccount() {
    try {
      const a = JSON.parse(localStorage.getItem(KEY) || "null");
      return a && typeof a.token === "string" ? a : null;
    } catch (_) {
      return null;
    }
  }
  let account = loadAccount();

  function saveAccount(a) {
    account = a;
    if (a) localStorage.setItem(KEY, JSON.stringify(a));
    else localStorage.removeItem(KEY);
    showWho(null);
  }

  function showWho(balance) {
    const who = $("whoami");
    who.textContent = "";
    if (!account) {
      who.append("not registered");
      return;
    }
    who.append(el("b", { id: "me-name" }, account.name));
    if (balance !== null && balance !== undefined) {
      who.append(" \u00b7 ", el("span", { id: "balance" }, chips(balance)), " chips in the account");
    }
  }

  async function api(method, path, body) {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (account) headers.Authorization = "Bearer " + account.token;
    let answer;
    try {
      answer = await fetch(path, { method, headers,
                                   body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (_) {
      throw Object.assign(new Error("the server cannot be reached"), { code: "unreachable" });
    }
    const text = await answer.text();
    let data = text;
    try { data = JSON.parse(text); } catch (_) { /* a PHH text, say */ }
    if (!answer.ok) {
      const error = data && data.error ? data.error : { code: "http", message: "HTTP " + answer.status };
      throw Object.assign(new Error(error.message), { code: error.code, status: answer.status });
    }
    return data;
  }

  // ---- messages to the person -------------------------------------------------------------

  let noticeTimer = null;
  function notice(text, ok) {
    const n = $("notice");
    n.textContent = text;
    n.className = ok ? "notice ok" : "notice";
    n.hidden = false;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { n.hidden = true; }, ok ? 4000 : 12000);
  }
  function clearNotice() {
    $("notice").hidden = true;
  }

  function setStatus(text, bad) {
    const s = $("status");
    s.textContent = text;
    s.className = bad ? "status bad" : "status";
  }

  function chips(n) {
    return Number(n).toLocaleString("en-US");
  }

  function stakes(c) {
    const kind = c.betting === "fixed" ? "" : " " + c.betting.replace("_", "-");
    const parts = [`${c.small_bet}/${c.big_bet}${kind}`];
    if (c.ante) parts.push(`ante ${c.ante}`);
    if (c.bring_in) parts.push(`bring-in ${c.bring_in}`);
    return parts.join(", ");
  }

  // ---- the lobby --------------------------------------------------------------------------

  let lobbyDrawn = null;
  async function refreshLobby() {
    let tables;
    let me = null;
    try {
      tables = await api("GET", "/api/tables");
      if (account) me = await api("GET", "/api/players/me");
    } catch (e) {
      if (e.code === "bad_token") {
        saveAccount(null);
        notice("This server does not know the account kept in this browser: register again.");
      } else {
        notice("Could not load the tables: " + e.message);
      }
      return;
    }
    // drawn again only when something changed, and not under the hands of someone typing a
    // buy-in
    const drawn = JSON.stringify([tables, me]);
    const typing = document.activeElement && document.activeElement.classList.contains("buy-in");
    if (drawn === lobbyDrawn || typing) return;
    lobbyDrawn = drawn;
    showWho(me ? me.balance : null);
    $("register-panel").hidden = !!account;
    const mine = new Map((me ? me.seats : []).map((s) => [s.table, s]));
    const body = $("tables").querySelector("tbody");
    const rows = [];
    $("no-tables").hidden = tables.length > 0;
    for (const t of tables) {
      const c = t.config;
      const link = el("a", { href: `/tables/${t.table}`, class: "table-link" }, `Table ${t.table}`);
      let action;
      if (mine.has(t.table)) {
        action = el("a", { href: `/tables/${t.table}`, class: "open" }, "Open (you sit here)");
      } else if (account && t.seats.length < t.seats_total) {
        const input = el("input", { type: "number", class: "buy-in", min: t.min_buy_in,
                                    max: t.max_buy_in, step: 1, value: t.min_buy_in,
                                    "aria-label": "buy-in" });
        const sit = el("button", { type: "button", class: "sit" }, "Sit");
        sit.addEventListener("click", () => sitDown(t, input, sit));
        action = el("span", {}, "Buy-in ", input, " ", sit, " ",
                    el("a", { href: `/tables/${t.table}`, class: "watch" }, "Watch"));
        action.title = `from ${t.min_buy_in} to ${t.max_buy_in}`;
      } else {
        action = el("span", {}, el("a", { href: `/tables/${t.table}`, class: "watch" }, "Watch"),
                    account ? " (full)" : " \u00b7 register to sit");
      }
      rows.push(el("tr", { "data-table": t.table },
                   el("td", {}, link),
                   el("td", {}, VARIANTS[c.variant] || c.variant),
                   el("td", {}, stakes(c)),
                   el("td", { class: "taken" }, `${t.seats.length}/${t.seats_total}`),
                   el("td", {}, t.seats.map((s) => s.name).join(", ")),
                   el("td", { class: "sit" }, action)));
    }
    // a row is replaced only when it changes (a click must not fall between a button and its
    // replacement, nor a buy-in being typed be lost)
    const old = new Map([...body.children].map((r) => [r.dataset.table, r]));
    const chosen = rows.map((r) => {
      const was = old.get(r.dataset.table);
      return was && was.outerHTML === r.outerHTML ? was : r;
    });
    if (chosen.length !== body.children.length || chosen.some((r, i) => body.children[i] !== r)) {
      body.replaceChildren(...chosen);
    }
  }

  async function sitDown(t, input, button) {
    const buyIn = Number(input.value);
    if (!Number.isInteger(buyIn) || buyIn < t.min_buy_in || buyIn > t.max_buy_in) {
      notice(`The buy-in must be a whole number from ${t.min_buy_in} to ${t.max_buy_in}.`);
      return;
    }
    button.disabled = true;
    try {
      await api("POST", `/api/tables/${t.table}/sit`, { buy_in: buyIn });
      location.href = `/tables/${t.table}`;
    } catch (e) {
      button.disabled = false;
      notice("Could not sit down: " + e.message);
    }
  }

  function showLobby() {
    document.title = "stud_fast: tables";
    $("lobby").hidden = false;
    showWho(null);
    $("register").addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = $("name").value.trim();
      try {
        const made = await api("POST", "/api/players", { name });
        saveAccount({ player: made.player, name, token: made.token });
        notice(`Registered as ${name}.`, true);
      } catch (e) {
        notice("Could not register: " + e.message);
      }
      refreshLobby();
    });
    refreshLobby();
    setInterval(refreshLobby, 4000);
  }

  // ---- a table ----------------------------------------------------------------------------

  const T = {
    id: null, info: null, message: null, ws: null, open: false, retry: 500, fatal: false,
    infoKey: null, asked: 0, records: 0, drawn: null, deadline: null, resultHand: null,
    sent: null, pending: false,
  };

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    let url = `${scheme}//${location.host}/ws/tables/${T.id}`;
    if (account) url += "?token=" + encodeURIComponent(account.token);
    setStatus("connecting\u2026");
    const ws = new WebSocket(url);
    T.ws = ws;
    ws.addEventListener("open", () => {
      setStatus("connected");
      T.retry = 500;
      T.open = T.ws === ws;
      render();
    });
    ws.addEventListener("message", (event) => {
      let m;
      try { m = JSON.parse(event.data); } catch (_) { return; }
      if (m.type === "view") onView(m);
      else if (m.type === "error") onError(m);
    });
    ws.addEventListener("close", () => {
      if (T.ws === ws) {
        T.ws = null;
        T.open = false;
      }
      T.pending = false;
      render(); // no buttons while no action can be sent
      if (T.fatal) {
        setStatus("disconnected", true);
        return;
      }
      setStatus("connection lost: reconnecting\u2026", true);
      setTimeout(connect, T.retry);
      T.retry = Math.min(T.retry * 2, 5000);
    });
  }

  function onError(m) {
    if (m.code === "bad_token" || m.code === "no_table") T.fatal = true;
    const words = ERRORS[m.code] || "The server refused that";
    notice(`${words}: ${m.message}`);
    T.pending = false;
    render();
  }

  async function refreshInfo() {
    const asked = ++T.asked; // answers may come back out of order: the last question's wins
    try {
      const info = await api("GET", `/api/tables/${T.id}`);
      if (asked !== T.asked) return;
      T.info = info;
    } catch (e) {
      if (e.code === "no_table") T.fatal = true;
      notice("Could not load the table: " + e.message);
      return;
    }
    const c = T.info.config;
    $("table-title").textContent = `Table ${T.id}: ${VARIANTS[c.variant] || c.variant}`;
    document.title = `stud_fast: table ${T.id}`;
    $("stakes").textContent = stakes(c);
    render();
  }

  function onView(m) {
    const view = m.view;
    // the names and seats are the table's (REST): asked again when the hand, its seats or its
    // end change, and after an event that added no record (a player sat down, left, sat out)
    const records = view ? view.records.length : 0;
    const quiet = T.message && T.message.hand === m.hand && T.records === records;
    T.records = records;
    const key = `${m.hand}|${m.seats.join(",")}|${view && view.is_over}`;
    T.message = m;
    T.pending = false;
    if (key !== T.infoKey || quiet) {
      T.infoKey = key;
      refreshInfo();
    }
    T.deadline = m.clock ? performance.now() + 1000 * m.clock.remaining : null;
    if (view && view.is_over && m.hand !== T.resultHand) showResult(m);
    render();
  }

  // the face-up flags of each seat's cards, in the order dealt: the deal records, then the
  // cards turned up (Mexican stud) or exposed by the dealer
  function faces(view) {
    const up = view.cards.map(() => []);
    for (const r of view.records) {
      if (r.kind === "deal" && r.seat !== null && r.seat !== undefined) {
        for (const u of r.up) up[r.seat].push(!!u);
      }
    }
    for (const r of view.records) {
      if ((r.kind === "turn_up" || r.kind === "exposed_card") && r.seat !== null && r.cards.length) {
        const i = view.cards[r.seat].indexOf(r.cards[0]);
        if (i >= 0) up[r.seat][i] = true;
      }
    }
    return up;
  }

  function isWild(variant, card, up, potBought) {
    const wild = WILD[variant];
    if (!wild || !card) return false;
    return card[0] === wild.always || (card[0] === wild.buy && (!up || potBought));
  }

  function cardEl(text, opts) {
    if (!text) return el("div", { class: "card back", title: "face down" });
    const rank = text[0] === "T" ? "10" : text[0];
    const suit = text[1];
    const classes = ["card"];
    if (suit === "h" || suit === "d") classes.push("red");
    if (opts && opts.down) classes.push("down");
    if (opts && opts.shown) classes.push("shown");
    if (opts && opts.wild) classes.push("wild");
    const title = `${text}${opts && opts.down ? " (down)" : ""}${opts && opts.wild ? " (wild)" : ""}`;
    return el("div", { class: classes.join(" "), "data-card": text, title },
              el("span", { class: "rank" }, rank), el("span", { class: "suit" }, SUITS[suit] || suit));
  }

  // chips in front of each seat: what it put in during this street's betting (the antes and
  // what a baseball player paid for the pot went to the pot)
  function streetBets(view) {
    const bets = view.cards.map(() => 0);
    for (const r of view.records) {
      if (BETS.has(r.kind) && r.street === view.street && r.seat !== null && r.seat !== undefined) {
        bets[r.seat] += r.amount;
      }
    }
    return bets;
  }

  function dealerOf(view) {
    const first = view.records.find((r) => r.kind === "deal" && r.seat !== null);
    return first ? (first.seat - 1 + view.cards.length) % view.cards.length : null;
  }

  function ordinal(n) {
    return n + (n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th");
  }

  function nameOf(tableSeat) {
    const holder = T.info && T.info.seats.find((s) => s.seat === tableSeat);
    return holder ? holder.name : `seat ${tableSeat + 1}`;
  }

  // a seat put on the table, in place of the one drawn before unless that shows the same (a
  // click on one of its cards must not fall between the card and its replacement)
  function putSeat(felt, seat) {
    const old = felt.querySelector(`.seat[data-seat="${seat.dataset.seat}"]`);
    if (!old) {
      felt.append(seat);
      return;
    }
    const shown = old.cloneNode(true);
    const bar = shown.querySelector("#clock-bar");
    if (bar) bar.removeAttribute("style"); // the clock's width is the ticker's
    if (shown.outerHTML !== seat.outerHTML) old.replaceWith(seat);
  }

  function render() {
    if (T.id === null) return;
    const m = T.message;
    // drawn again only when something shown changed: a click must not land on a button that
    // was replaced between the press and the release
    const drawn = JSON.stringify([m, T.pending, T.info, T.open]);
    if (drawn === T.drawn) {
      tick();
      return;
    }
    T.drawn = drawn;
    const view = m && m.view;
    const total = T.info ? T.info.seats_total : (m ? Math.max(2, ...m.seats.map((s) => s + 1)) : 2);
    const mySeat = m ? m.seat : null;
    const felt = $("felt");
    felt.dataset.hand = m ? m.hand : "";
    felt.dataset.over = view && view.is_over ? "1" : "0";
    for (const old of felt.querySelectorAll(".seat")) {
      if (Number(old.dataset.seat) >= total) old.remove();
    }
    const up = view ? faces(view) : [];
    const bets = view ? streetBets(view) : [];
    const dealer = view ? dealerOf(view) : null;
    const potBought = view ? view.records.some((r) => r.kind === "buy_pot") : false;
    const variant = view ? view.variant : (T.info ? T.info.config.variant : "");
    const turning = view && !view.is_over && view.seat !== null && view.actor === view.seat
      && view.legal_actions.turn_up !== undefined && !T.pending && T.open;
    const winners = new Set(view && view.is_over
      ? view.records.filter((r) => r.kind === "win").map((r) => r.seat) : []);
    const holders = new Map((T.info ? T.info.seats : []).map((s) => [s.seat, s]));
    for (let t = 0; t < total; t++) {
      const place = (t - (mySeat === null ? 0 : mySeat) + total) % total;
      const angle = Math.PI / 2 + (2 * Math.PI * place) / total;
      const holder = holders.get(t);
      const h = m && view ? m.seats.indexOf(t) : -1;
      const seat = el("div", { class: "seat", "data-seat": t });
      seat.style.left = `${50 + 37 * Math.cos(angle)}%`;
      seat.style.top = `${50 + 40 * Math.sin(angle)}%`;
      seat.style.order = String(place);
      if (!holder && h < 0) {
        seat.classList.add("empty");
        seat.append(`Seat ${t + 1}: empty`);
        putSeat(felt, seat);
        continue;
      }
      const name = holder ? holder.name : `seat ${t + 1}`;
      const stack = h >= 0 ? view.stacks[h] : holder.stack;
      if (t === mySeat) seat.classList.add("me");
      if (h >= 0 && view.folded[h]) seat.classList.add("folded");
      if (h >= 0 && winners.has(h)) seat.classList.add("winner");
      if (h >= 0 && !view.is_over && view.actor === h) seat.classList.add("acting");
      seat.dataset.name = name;
      seat.dataset.stack = stack;
      seat.append(el("div", { class: "line" },
                     el("span", { class: "name" }, name, t === mySeat ? " (you)" : ""),
                     h >= 0 && h === dealer ? el("span", { class: "dealer", title: "dealer" }, "D") : null,
                     el("span", { class: "stack" }, chips(stack))));
      const cards = el("div", { class: "cards" });
      if (h >= 0) {
        view.cards[h].forEach((card, i) => {
          const faceUp = !!up[h][i];
          const own = h === view.seat;
          const c = cardEl(card, { down: !faceUp && own && !!card,
                                   shown: !faceUp && !own && !!card,
                                   wild: isWild(variant, card, faceUp, potBought) });
          c.dataset.up = faceUp ? "1" : "0";
          if (own && !faceUp && turning) {
            c.classList.add("choose");
            c.title = `turn ${card} up`;
            c.addEventListener("click", () => act("turn_up", { card }));
          }
          cards.append(c);
        });
      }
      seat.append(cards);
      const tags = [];
      if (h >= 0 && view.folded[h]) tags.push("folded");
      if (holder && holder.sitting_out) tags.push("sitting out");
      else if (h < 0) tags.push("waits for the next hand");
      if (tags.length) seat.append(el("div", { class: "tag" }, tags.join(", ")));
      if (m && m.clock && m.clock.seat === t && view && !view.is_over) {
        seat.append(el("div", { class: "clock" }, el("span", { id: "clock-bar" })));
      }
      if (h >= 0 && bets[h] && !view.is_over) seat.append(el("div", { class: "bet" }, chips(bets[h])));
      putSeat(felt, seat);
    }
    // the middle: street, the shared card, pots
    const community = $("community");
    community.textContent = "";
    if (view) {
      for (const c of view.community) community.append(cardEl(c, { wild: isWild(variant, c, true, potBought) }));
      if (view.community.length) community.title = "shared card";
      const first = variant.startsWith("five_card") ? 2 : 3;
      $("street").textContent = `Hand ${m.hand} \u00b7 ` + (view.is_over ? "over"
        : `${ordinal(first + view.street)} street`);
      // side pots apart only when a player is all in (during a round the engine splits the
      // pot by the bets not yet matched, which are shown in front of the seats)
      const pots = view.pots.filter((p) => p.amount > 0);
      const allIn = view.stacks.some((s, h) => s === 0 && !view.folded[h]);
      const total = pots.reduce((sum, p) => sum + p.amount, 0);
      $("pots").textContent = pots.length === 0 ? "" : pots.length === 1 || !allIn
        ? `Pot ${chips(total)}`
        : pots.map((p, i) => `${i ? "Side pot" : "Main pot"} ${chips(p.amount)}`).join(" \u00b7 ");
    } else {
      $("street").textContent = "Waiting for a hand: two seated players start one";
      $("pots").textContent = "";
    }
    const me = mySeat !== null ? holders.get(mySeat) : null;
    $("sit-in").hidden = !(me && me.sitting_out);
    $("leave").hidden = !me;
    renderActions(view, turning);
    tick();
  }

  // the buttons are replaced only when they change (a click must not fall between a button
  // and its replacement, or it is lost)
  function renderActions(view, turning) {
    const buttons = $("buttons");
    const fresh = el("div", {});
    const box = $("amount-box");
    const mine = view && !view.is_over && view.seat !== null && view.actor === view.seat
      && T.open;
    $("actions").classList.toggle("mine", !!mine);
    if (mine && !T.pending) box.hidden = !drawActions(view, turning, fresh);
    else box.hidden = true;
    if (fresh.innerHTML !== buttons.innerHTML) buttons.replaceChildren(...fresh.childNodes);
  }

  // the buttons of the legal actions into ``buttons``; whether the amount box is for one
  function drawActions(view, turning, buttons) {
    const box = $("amount-box");
    const legal = view.legal_actions;
    const legalChips = view.legal_chips;
    const aggressive = AGGRESSIVE.find((k) => legal[k] && legal[k][1] > legal[k][0]);
    const names = Object.keys(legal).filter((k) => k !== "turn_up")
      .sort((a, b) => rank(a) - rank(b));
    for (const k of names) {
      const [lo] = legal[k];
      const put = legalChips[k] ? legalChips[k][0] : lo;
      let label = k.replaceAll("_", " ");
      if (k === "fold") label = "Fold";
      else if (k === "check") label = "Check";
      else if (k === "call") label = `Call ${chips(put)}`;
      else if (k === "bring_in") label = `Bring in ${chips(lo)}`;
      else if (k === "complete") label = `Complete to ${chips(lo)}`;
      else if (k === "bet") label = `Bet ${chips(lo)}`;
      else if (k === "raise") label = `Raise to ${chips(lo)}`;
      else if (k === "buy_pot") label = `Buy the pot (${chips(put)})`;
      const cls = k === "fold" ? "fold" : AGGRESSIVE.includes(k) ? "aggr" : "";
      const b = el("button", { type: "button", class: cls, "data-action": k }, label);
      b.addEventListener("click", () => clickAction(k));
      buttons.append(b);
    }
    if (turning) buttons.append(el("span", { class: "hint", id: "turn-hint" },
                                   "Click one of your down cards to turn it up"));
    if (aggressive) {
      const [lo, hi] = legal[aggressive];
      const amount = $("amount");
      const range = $("amount-range");
      for (const input of [amount, range]) {
        input.min = lo;
        input.max = hi;
        input.step = 1;
      }
      if (box.dataset.for !== `${T.message.seq}`) {
        amount.value = lo;
        range.value = lo;
        box.dataset.for = `${T.message.seq}`;
      }
      box.dataset.action = aggressive;
      relabel(buttons);
      return true;
    }
    return false;
  }

  function relabel(buttons) {
    const box = $("amount-box");
    const k = box.dataset.action;
    const b = (buttons || $("buttons")).querySelector(`button[data-action="${k}"]`);
    if (!b) return;
    const v = $("amount").value;
    b.textContent = k === "bet" ? `Bet ${v}` : k === "raise" ? `Raise to ${v}` : `Complete to ${v}`;
  }

  function clickAction(k) {
    const view = T.message && T.message.view;
    if (!view) return;
    const legal = view.legal_actions[k];
    const box = $("amount-box");
    if (AGGRESSIVE.includes(k) && !box.hidden && box.dataset.action === k) {
      const raw = $("amount").value.trim();
      const amount = Number(raw);
      if (raw === "" || !Number.isInteger(amount) || amount < legal[0] || amount > legal[1]) {
        notice(`The amount must be a whole number from ${legal[0]} to ${legal[1]}.`);
        return;
      }
      act(k, { amount });
      return;
    }
    act(k, {});
  }

  function act(action, extra) {
    const m = T.message;
    if (!m || T.pending) return;
    if (!T.ws || T.ws.readyState !== WebSocket.OPEN) {
      notice("Not connected to the table: reconnecting, try again in a moment.");
      return;
    }
    const message = Object.assign({ type: "act", hand: m.hand, seq: m.seq, action }, extra);
    T.sent = JSON.stringify(message);
    T.ws.send(T.sent);
    T.pending = true;
    clearNotice();
    render();
  }

  function tick() {
    const m = T.message;
    const turn = $("turn");
    if (!m || !m.view) {
      turn.textContent = "";
      return;
    }
    const view = m.view;
    if (view.is_over) {
      turn.textContent = "Hand over";
      return;
    }
    let left = null;
    if (m.clock && T.deadline !== null) {
      left = Math.max(0, (T.deadline - performance.now()) / 1000);
      const bar = $("clock-bar");
      if (bar) bar.style.width = `${Math.min(100, (100 * left) / m.clock.action_seconds)}%`;
    }
    const secs = left === null ? "" : ` \u00b7 ${Math.ceil(left)} s`;
    if (view.actor === null) turn.textContent = "Dealing\u2026";
    else if (view.seat !== null && view.actor === view.seat) {
      turn.textContent = (T.pending ? "Sent\u2026" : "Your turn") + secs;
    } else turn.textContent = `${nameOf(m.seats[view.actor])} to act${secs}`;
  }

  function showResult(m) {
    const view = m.view;
    T.resultHand = m.hand;
    const box = $("result");
    box.textContent = "";
    box.dataset.hand = m.hand;
    const name = (h) => nameOf(m.seats[h]);
    box.append(el("h2", {}, `Hand ${m.hand}`));
    const list = el("ul", { class: "outcome" });
    for (const r of view.records) {
      if (r.kind === "show") {
        const cards = el("span", { class: "cards" });
        for (const c of r.cards) cards.append(cardEl(c, {}));
        list.append(el("li", { class: "shown-hand" }, `${name(r.seat)} shows `, cards));
      } else if (r.kind === "muck") {
        list.append(el("li", {}, `${name(r.seat)} mucks`));
      }
    }
    for (const r of view.records) {
      if (r.kind === "win") {
        list.append(el("li", { class: "win", "data-seat": m.seats[r.seat], "data-amount": r.amount },
                       el("b", {}, name(r.seat)), ` wins ${chips(r.amount)}`));
      }
    }
    box.append(list);
    const stacks = el("p", { class: "stacks" }, "Stacks: ");
    m.seats.forEach((t, h) => {
      stacks.append(el("span", { class: "final", "data-seat": t, "data-stack": view.stacks[h] },
                       `${name(h)} ${chips(view.stacks[h])}`), h + 1 < m.seats.length ? ", " : "");
    });
    box.append(stacks);
    box.append(el("a", { href: `/api/tables/${T.id}/hands/${m.hand}`, class: "phh",
                         download: `table-${T.id}-hand-${m.hand}.phh` },
                  "Download the hand history (PHH)"));
    box.hidden = false;
    $("no-result").hidden = true;
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA");
    const view = T.message && T.message.view;
    if (!view || view.is_over || view.seat === null || view.actor !== view.seat) return;
    const legal = view.legal_actions;
    const key = event.key.toLowerCase();
    let k = null;
    if (typing) {
      if (key === "enter" && target.id === "amount") k = $("amount-box").dataset.action;
    } else if (key === "f") k = legal.fold ? "fold" : null;
    else if (key === "c") k = legal.check ? "check" : legal.call ? "call" : null;
    else if (key === "r" || key === "b") k = AGGRESSIVE.find((a) => legal[a]) || null;
    if (k && legal[k]) {
      event.preventDefault();
      clickAction(k);
    }
  }

  function showTable(id) {
    T.id = id;
    $("table").hidden = false;
    showWho(null);
    $("table-title").textContent = `Table ${id}`;
    const amount = $("amount");
    const range = $("amount-range");
    range.addEventListener("input", () => { amount.value = range.value; relabel(); });
    amount.addEventListener("input", () => { range.value = amount.value; relabel(); });
    document.addEventListener("keydown", onKey);
    $("sit-in").addEventListener("click", () => {
      if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send(JSON.stringify({ type: "sit_in" }));
    });
    $("leave").addEventListener("click", async () => {
      try {
        const left = await api("POST", `/api/tables/${id}/leave`);
        notice(left.returned === null ? "You leave when this hand ends; your chips go back to the account then."
          : `You left the table: ${chips(left.returned)} chips went back to the account.`, true);
        refreshInfo();
      } catch (e) {
        notice("Could not leave: " + e.message);
      }
    });
    setInterval(tick, 250);
    setInterval(refreshInfo, 10000);
    refreshInfo();
    connect();
  }

  // for tests and debugging: an action sent as given, without the page's checks; the last
  // action sent, sent again (the server answers it with an error: duplicate or stale); the
  // connection's state
  window.studFast = {
    act(action, extra) {
      act(action, extra || {});
    },
    resend() {
      if (T.ws && T.sent) T.ws.send(T.sent);
    },
    state() {
      return { pending: T.pending, socket: T.ws ? T.ws.readyState : null, sent: T.sent,
               seq: T.message ? T.message.seq : null };
    },
  };

  const found = /^\/tables\/([0-9]{1,9})\/?$/.exec(location.pathname);
  if (found) showTable(Number(found[1]));
  else showLobby();
})();
