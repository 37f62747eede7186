"""Tables that run themselves: one asyncio task per table, the only writer of its table.

Everything that changes a table (a decision from a socket, a player sitting down or leaving, the
clock running out) is a command in the table's inbox, handled one at a time by its task. A
change is made in memory, written to the store as one :class:`~stud_fast.server.store.TableWrite`
and committed; only then does any client hear of it (a view for every listener, numbered by the
table's event counter ``seq``), and only then do the REST snapshots (:meth:`Table.info`)
change. If a commit fails, the task rebuilds the table from the store, so memory never runs
ahead of the database.

Hands follow one another: the dealer seat moves clockwise, seats without chips, sat out or
leaving are not dealt in. Each decision has a clock (``action_seconds`` plus the seat's time
bank); when it runs out the clock's action is taken (:func:`~stud_fast.server.hands.
timeout_action`); two missed decisions in a row sit the player out until a ``sit_in``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from stud_fast.errors import RuleError
from stud_fast.server.hands import Operation, PlayingHand, timeout_action
from stud_fast.server.inbox import (Act, Clock, Command, Join, Leave, Listener, Part, Refusal,
                                    Sit, SitIn, Stop)
from stud_fast.server.loader import Seat, TableState, load_table
from stud_fast.server.protocol import ActMessage, SitInMessage, view_message
from stud_fast.server.spec import TableSpec
from stud_fast.server.store import Store, TableWrite, buy_in
from stud_fast.server.wire import ViewTexts, dumps

__all__ = ["Table"]

log = logging.getLogger("stud_fast.server")
_MISSES = 2  # missed decisions in a row that sit a player out


@dataclass
class _Timer:
    key: tuple[int, int]  # (hand number, records so far): one decision
    seat: int
    started: float  # loop time
    deadline: float
    handle: asyncio.TimerHandle


@dataclass
class Table:
    """One table: its state (see :class:`~stud_fast.server.loader.TableState`), its inbox and
    its listeners. Use :meth:`start`, then the ``request_*`` methods and :meth:`info`."""

    store: Store
    state: TableState
    inbox: "asyncio.Queue[Command]" = field(default_factory=asyncio.Queue)
    listeners: set[Listener] = field(default_factory=set)
    task: Optional["asyncio.Task[None]"] = None
    published: dict[str, Any] = field(default_factory=dict)
    _timer: Optional[_Timer] = None
    _texts: ViewTexts = field(default_factory=ViewTexts)  # per receiver seat, this hand's
    _texts_of: Optional[int] = None  # the hand number they are of
    # the loop the task runs on, kept: asyncio.get_running_loop() asks the OS for the process
    # id at every call on Python 3.11, several times an action
    _loop: Optional[asyncio.AbstractEventLoop] = None

    @property
    def id(self) -> int:
        """The table's id."""
        return self.state.spec.id

    @property
    def spec(self) -> TableSpec:
        """What the table was created with."""
        return self.state.spec

    # ---- what other tasks call ----------------------------------------------------------------

    def start(self) -> None:
        """Start the table's task."""
        self.published = self._info()
        self.task = self._running_loop().create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        """Finish the command being handled and stop (nothing half-written: commands are
        whole transactions)."""
        if self.task is not None:
            self.inbox.put_nowait(Stop())
            await self.task
            self.task = None

    def join(self, listener: Listener) -> None:
        """A client connected: it gets the current view at once, then every new one."""
        self.inbox.put_nowait(Join(listener))

    def part(self, listener: Listener) -> None:
        """A client disconnected (its seat stays: the clock plays for it)."""
        self.inbox.put_nowait(Part(listener))

    def message(self, listener: Listener, message: Union[ActMessage, SitInMessage]) -> None:
        """A message from a client."""
        if isinstance(message, ActMessage):
            self.inbox.put_nowait(Act(listener, message))
        else:
            self.inbox.put_nowait(SitIn(listener))

    async def request_sit(self, player: int, name: str, buy_in: int,
                          seat: Optional[int]) -> int:
        """Seat ``player`` with ``buy_in`` chips from its account; the seat, or
        :class:`Refusal`."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait(Sit(player, name, buy_in, seat, future))
        return await future

    async def request_leave(self, player: int) -> tuple[int, Optional[int]]:
        """``player`` leaves: its seat and the chips returned now (None: at the hand's end)."""
        future: asyncio.Future[tuple[int, Optional[int]]] = (
            asyncio.get_running_loop().create_future())
        self.inbox.put_nowait(Leave(player, future))
        return await future

    def info(self) -> dict[str, Any]:
        """What an observer may know, as of the last commit."""
        return self.published

    # ---- the task -----------------------------------------------------------------------------

    async def _run(self) -> None:
        try:
            await self._guarded(self._resume)
            while True:
                command = await self.inbox.get()
                if isinstance(command, Stop):
                    return
                await self._guarded(self._handle, command)
        finally:
            self._disarm()

    async def _guarded(self, step: Any, *args: Any) -> None:
        """Run one step; when the store fails, rebuild the table from the store (what was not
        committed was never announced) and try again until it works."""
        try:
            await step(*args)
            await self._advance()
            return
        except Exception:
            log.exception("table %d: a step failed; rebuilding it from the store", self.id)
        delay = 0.1
        while True:
            self._disarm()
            await asyncio.sleep(delay)
            try:
                self.state = await self.store.read(lambda c: load_table(c, self.id))
                self._texts.clear()
                await self._resume()
                await self._advance()
                return
            except Exception:
                log.exception("table %d: rebuilding failed", self.id)
                delay = min(2 * delay, 5.0)

    async def _resume(self) -> None:
        """After a (re)start: finish a hand the engine says is over, announce the state."""
        playing = self.state.playing
        if playing is not None and playing.hand.is_over:
            write = TableWrite(self.id)
            self._finish(write, playing)
            await self._commit(write)
            return
        self._rearm()
        self._broadcast()

    async def _handle(self, command: Command) -> None:
        if isinstance(command, Act):
            await self._on_act(command.listener, command.message)
        elif isinstance(command, Join):
            self.listeners.add(command.listener)
            player = command.listener.player
            command.listener.send_view(self._view_texts([player])[0])
        elif isinstance(command, Part):
            self.listeners.discard(command.listener)
        elif isinstance(command, SitIn):
            await self._on_sit_in(command.listener)
        elif isinstance(command, Sit):
            await self._answer(command.future, self._on_sit(command))
        elif isinstance(command, Leave):
            await self._answer(command.future, self._on_leave(command.player))
        elif isinstance(command, Clock):
            timer, playing = self._timer, self.state.playing
            if timer is not None and timer.key == command.key and playing is not None:
                await self._auto(timer.seat, missed=True)  # the timer tells the time used

    @staticmethod
    async def _answer(future: "asyncio.Future[Any]", work: Any) -> None:
        try:
            result = await work
        except Refusal as e:
            if not future.done():
                future.set_exception(e)
            return
        except BaseException as e:
            if not future.done():
                future.set_exception(Refusal("unavailable", "the table could not do it now; "
                                                            "try again", 503))
            raise e
        if not future.done():
            future.set_result(result)

    async def _advance(self) -> None:
        """Deal the next hand when it can start; let the server act for sat-out and leaving
        players (the clock waits for the others, see :meth:`_rearm`)."""
        state = self.state
        while True:
            playing = state.playing
            if playing is None:
                if not await self._deal():
                    return
                continue
            actor = playing.actor_seat
            assert actor is not None  # a finished hand is closed in the commit that ends it
            seat = state.seats[actor]
            assert seat is not None
            if not (seat.sitting_out or seat.leaving):
                return
            await self._auto(actor, missed=False)

    # ---- commands ------------------------------------------------------------------------------

    async def _on_act(self, listener: Listener, message: ActMessage) -> None:
        def refuse(code: str, text: str, rule: Optional[str] = None) -> None:
            listener.send_error(code, text, rule)

        state = self.state
        seat = state.seat_of(listener.player)
        if seat is None:
            return refuse("not_seated", "only a player seated at this table may act")
        if message.seat is not None and message.seat != seat:
            return refuse("not_your_seat", f"this token sits at seat {seat}, "
                                           f"not seat {message.seat}")
        if (message.hand, message.seq) == state.refs.get(seat):
            return refuse("duplicate", f"the action for hand {message.hand}, seq "
                                       f"{message.seq} was applied already")
        playing = state.playing
        if playing is None or message.hand != playing.number or message.seq != state.seq:
            current = "no hand" if playing is None else f"hand {playing.number}"
            return refuse("stale", f"hand {message.hand}, seq {message.seq} is not the "
                                   f"current view ({current}, seq {state.seq})")
        if playing.actor_seat != seat:
            return refuse("not_your_turn", f"seat {playing.actor_seat} is to act, "
                                           f"not seat {seat}")
        if message.card is not None and message.action != "turn_up":
            return refuse("bad_message", "a card is given with turn_up only")
        if message.action == "turn_up" and message.amount is not None:
            return refuse("bad_message", "turn_up takes a card, not an amount")
        try:
            ops = playing.act(message.action, message.amount, message.card)
        except (RuleError, ValueError, TypeError) as e:
            return refuse("illegal", str(e), getattr(e, "rule", None))
        await self._commit_action(seat, ops, (message.hand, message.seq), missed=False)

    async def _auto(self, seat: int, missed: bool) -> None:
        """The clock's action for ``seat`` (``missed``: its time ran out)."""
        playing = self.state.playing
        assert playing is not None
        name, argument = timeout_action(playing.hand)
        if name == "turn_up":
            ops = playing.act(name, card=argument)
        else:
            ops = playing.act(name, argument)
        await self._commit_action(seat, ops, None, missed=missed)

    async def _commit_action(self, seat: int, ops: list[Operation],
                             ref: Optional[tuple[int, int]], missed: bool) -> None:
        state = self.state
        playing = state.playing
        holder = state.seats[seat]
        assert playing is not None and holder is not None
        write = TableWrite(self.id)
        changes: dict[str, Any] = {}
        timer = self._timer
        if timer is not None and timer.seat == seat:
            over = self._running_loop().time() - timer.started - self.spec.action_seconds
            if over > 0 and holder.time_bank > 0:
                changes["time_bank"] = max(0.0, round(holder.time_bank - over, 3))
        if missed:
            changes["missed"] = holder.missed + 1
            if holder.missed + 1 >= _MISSES:
                changes["sitting_out"] = True
        elif ref is not None and holder.missed:
            changes["missed"] = 0
        if changes:
            write.seat_changes[seat] = changes
        by = "player" if ref is not None else "clock" if missed else "server"
        self._event(write, "action", seat, playing.number,
                    {"ops": ops, "ref": list(ref) if ref else None, "by": by})
        if playing.hand.is_over:
            self._finish(write, playing)
        await self._commit(write)
        if ref is not None:
            state.refs[seat] = ref

    async def _on_sit(self, command: Sit) -> int:
        state, spec = self.state, self.spec
        if state.seat_of(command.player) is not None:
            raise Refusal("already_seated", f"player {command.player} sits at this table")
        if not spec.min_buy_in <= command.buy_in <= spec.max_buy_in:
            raise Refusal("bad_buy_in", f"the buy-in must be from {spec.min_buy_in} to "
                                        f"{spec.max_buy_in}, got {command.buy_in}", 422)
        free = [s for s, holder in enumerate(state.seats) if holder is None]
        if command.seat is None:
            if not free:
                raise Refusal("table_full", "every seat is taken")
            seat = free[0]
        elif command.seat >= spec.seats:
            raise Refusal("bad_seat", f"seats are 0 to {spec.seats - 1}", 422)
        elif command.seat not in free:
            raise Refusal("seat_taken", f"seat {command.seat} is taken")
        else:
            seat = command.seat
        row = self._event_row(state.seq + 1, "sit", seat, None,
                              {"player": command.player, "buy_in": command.buy_in})
        bank = spec.time_bank_seconds
        ok = await self.store.write(lambda c: buy_in(c, self.id, seat, command.player,
                                                     command.buy_in, bank, row))
        if not ok:
            raise Refusal("balance", f"the account holds fewer than {command.buy_in} chips")
        state.seq += 1
        state.seats[seat] = Seat(command.player, command.name, command.buy_in, time_bank=bank)
        self._broadcast()
        return seat

    async def _on_leave(self, player: int) -> tuple[int, Optional[int]]:
        state = self.state
        seat = state.seat_of(player)
        holder = state.seats[seat] if seat is not None else None
        if seat is None or holder is None:
            raise Refusal("not_seated", f"player {player} does not sit at this table", 404)
        write = TableWrite(self.id)
        playing = state.playing
        if playing is not None and seat in playing.seats:
            if not holder.leaving:
                write.seat_changes[seat] = {"leaving": True}
                self._event(write, "leave", seat, playing.number, {"returned": None})
                await self._commit(write)
            return seat, None
        write.cash_outs.append((seat, player, holder.stack))
        self._event(write, "leave", seat, None, {"returned": holder.stack})
        await self._commit(write)
        return seat, holder.stack

    async def _on_sit_in(self, listener: Listener) -> None:
        state = self.state
        seat = state.seat_of(listener.player)
        holder = state.seats[seat] if seat is not None else None
        if seat is None or holder is None:
            listener.send_error("not_seated", "sit down first")
            return
        if holder.stack == 0:
            listener.send_error("no_chips", "the seat has no chips")
            return
        if not holder.sitting_out:
            listener.send_error("not_sitting_out", "the seat is in")
            return
        write = TableWrite(self.id)
        write.seat_changes[seat] = {"sitting_out": False, "missed": 0}
        self._event(write, "sit_in", seat, None, {})
        await self._commit(write)

    # ---- hands ---------------------------------------------------------------------------------

    async def _deal(self) -> bool:
        """Start the next hand if two seats can play it."""
        state = self.state
        ready = [s for s, h in enumerate(state.seats)
                 if h is not None and h.stack > 0 and not h.sitting_out and not h.leaving]
        if len(ready) < 2:
            return False
        last = state.last_dealer
        dealer = next((s for s in ready if last is None or s > last), ready[0])
        number = state.hands_played + 1
        seats = [state.seats[s] for s in ready]
        playing = PlayingHand.deal(number, self.spec.config, seats=ready,
                                   players=[h.player for h in seats if h is not None],
                                   stacks=[h.stack for h in seats if h is not None],
                                   dealer_seat=dealer)
        write = TableWrite(self.id)
        write.new_hand = {
            "number": number, "started_seq": state.seq + 1, "dealer": dealer,
            "seats": json.dumps(ready), "players": json.dumps(playing.players),
            "starting_stacks": json.dumps(list(playing.hand.starting_stacks)),
            "deck": json.dumps(list(playing.hand.deck)), "finished": False,
            "started": time.time()}
        self._event(write, "hand_start", None, number, {"dealer": dealer})
        if playing.hand.is_over:  # every player all in from the antes: dealt to the end
            self._finish(write, playing)
        state.playing = playing  # a failed commit rebuilds the table from the store
        await self._commit(write)
        return True

    def _finish(self, write: TableWrite, playing: PlayingHand) -> None:
        """Close a finished hand into ``write``: stacks to the seats, leaving players' chips
        back to their accounts, seats without chips sat out, the PHH text."""
        state = self.state
        hand = playing.hand
        names = []
        for i, seat in enumerate(playing.seats):
            holder = state.seats[seat]
            assert holder is not None
            names.append(holder.name)
            stack = hand.stacks[i]
            if holder.leaving:
                write.cash_outs.append((seat, holder.player, stack))
                continue
            changes = write.seat_changes.setdefault(seat, {})
            changes["stack"] = stack
            if stack == 0:
                changes["sitting_out"] = True
        write.finished_hand = {
            "number": playing.number, "finished": True,
            "finishing_stacks": json.dumps(list(hand.stacks)),
            "phh": playing.phh(self.id, names), "ended": time.time()}
        self._event(write, "hand_end", None, playing.number, {"stacks": list(hand.stacks)})

    # ---- commits and messages -------------------------------------------------------------------

    @staticmethod
    def _event_row(seq: int, kind: str, seat: Optional[int], hand: Optional[int],
                   data: dict[str, Any]) -> dict[str, Any]:
        return {"seq": seq, "kind": kind, "seat": seat, "hand": hand,
                "data": json.dumps(data, separators=(",", ":")), "at": time.time()}

    def _event(self, write: TableWrite, kind: str, seat: Optional[int], hand: Optional[int],
               data: dict[str, Any]) -> None:
        write.events.append(self._event_row(self.state.seq + len(write.events) + 1, kind,
                                            seat, hand, data))

    async def _commit(self, write: TableWrite) -> None:
        """Commit ``write``, then make it true in memory and tell every listener."""
        await self.store.commit(write)
        state = self.state
        state.seq += len(write.events)
        for seat, values in write.seat_changes.items():
            holder = state.seats[seat]
            if holder is not None:
                for name, value in values.items():
                    setattr(holder, name, value)
        for seat, _, _ in write.cash_outs:
            state.seats[seat] = None
        if write.new_hand is not None:
            state.hands_played = write.new_hand["number"]
            state.last_dealer = write.new_hand["dealer"]
        if write.finished_hand is not None:
            state.last, state.playing = state.playing, None
        self._rearm()
        self._broadcast()

    def _rearm(self) -> None:
        """The clock of the decision now due, unless the server plays it (a player sat out or
        leaving) or it is the decision the clock already times."""
        playing = self.state.playing
        actor = playing.actor_seat if playing is not None else None
        holder = self.state.seats[actor] if actor is not None else None
        if playing is None or actor is None or holder is None or holder.sitting_out \
                or holder.leaving:
            self._disarm()
            return
        key = (playing.number, len(playing.hand.records))
        if self._timer is not None and self._timer.key == key:
            return
        self._disarm()
        loop = self._running_loop()
        now = loop.time()
        deadline = now + self.spec.action_seconds + holder.time_bank
        handle = loop.call_at(deadline, self.inbox.put_nowait, Clock(key))
        self._timer = _Timer(key, actor, now, deadline, handle)

    def _broadcast(self) -> None:
        self.published = self._info()
        listeners = list(self.listeners)
        players = list(dict.fromkeys(listener.player for listener in listeners))
        texts = dict(zip(players, self._view_texts(players)))
        for listener in listeners:
            listener.send_view(texts[listener.player])

    def _clock(self) -> Optional[dict[str, Any]]:
        """Who is to act and the time left (None: nobody's clock runs)."""
        timer = self._timer
        if timer is None:
            return None
        remaining = max(0.0, timer.deadline - self._running_loop().time())
        holder = self.state.seats[timer.seat]
        return {"seat": timer.seat, "remaining": round(remaining, 3),
                "action_seconds": self.spec.action_seconds,
                "time_bank": holder.time_bank if holder is not None else 0.0}

    def _view_texts(self, players: list[Optional[int]]) -> list[str]:
        """The view message of each of ``players`` (None: an observer) at this moment: the
        views made together and written together (what they share, once)."""
        state = self.state
        shown = state.playing or state.last
        clock = self._clock()
        seat_of = {holder.player: s for s, holder in enumerate(state.seats)
                   if holder is not None}
        seats = [seat_of.get(player) if player is not None else None for player in players]
        if shown is None:
            return [dumps(view_message(self.id, None, state.seq, seat, [], None, clock))
                    for seat in seats]
        if self._texts_of != shown.number:
            self._texts.clear()
            self._texts_of = shown.number
        # the hand seat whose view each receives: its table seat's, if it played that hand
        # (not one who sat down after it); None: an observer's
        receivers: list[Optional[int]] = []
        for player, seat in zip(players, seats):
            hand_seat = shown.hand_seat(seat) if seat is not None else None
            receivers.append(hand_seat if hand_seat is not None
                             and shown.players[hand_seat] == player else None)
        distinct = list(dict.fromkeys(receivers))
        views = dict(zip(distinct, shown.hand.views(distinct)))
        return self._texts.texts([
            (receiver, view_message(self.id, shown.number, state.seq, seat, shown.seats,
                                    views[receiver], clock))
            for seat, receiver in zip(seats, receivers)])

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        return loop

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.handle.cancel()
            self._timer = None

    def _info(self) -> dict[str, Any]:
        state, spec = self.state, self.spec
        playing = state.playing
        seats = []
        chips = 0
        for s, holder in enumerate(state.seats):
            if holder is None:
                continue
            hand_seat = playing.hand_seat(s) if playing is not None else None
            stack = playing.hand.stacks[hand_seat] if playing is not None and \
                hand_seat is not None else holder.stack
            seats.append({"seat": s, "player": holder.player, "name": holder.name,
                          "stack": stack, "sitting_out": holder.sitting_out,
                          "in_hand": hand_seat is not None})
            chips += stack
        if playing is not None:
            chips += playing.hand.pot_total
        return {"table": spec.id, "config": spec.game_options, "seats_total": spec.seats,
                "min_buy_in": spec.min_buy_in, "max_buy_in": spec.max_buy_in,
                "action_seconds": spec.action_seconds,
                "time_bank_seconds": spec.time_bank_seconds,
                "hand": playing.number if playing is not None else (
                    state.last.number if state.last is not None else None),
                "seq": state.seq, "seats": seats, "chips_on_table": chips}
