"""The JSON text of view messages: what the receivers of one event share written once, each
receiver's records written once per hand.

After every event a table sends each receiver a view message. The messages of one event differ
only in the receiver's table seat and, in the view, its seat, the rows of cards it sees, its
legal actions and its records (:meth:`StudHand.views` makes the rest once, shared by every
view). :class:`ViewTexts` serializes the first message with a marker in each of those places,
cuts the text at the markers, and writes each receiver's text as those pieces with its own
values between them. A message whose shared values are not the very objects of the first one
is written whole.

A view holds every record of the hand so far, so for the records :class:`ViewTexts` keeps, per
receiver, the text of those it has written and writes only the new ones. That relies on what
``StudHand.view`` promises (E3): a seat's records only grow, and only a ``show`` record changes
earlier ones (it uncovers cards dealt face down), so a view with a new ``show`` record, or
fewer records, or whose last record already written differs, is written afresh.
``tests/test_server_units.py`` checks every text against ``json.dumps`` of its message, for
every view of whole hands of every variant.

>>> from stud_fast.table import StudHand
>>> from stud_fast.variants import GameConfig
>>> hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50], seed=1)
>>> views = hand.views([0, 1, None])
>>> messages = [(s, {"type": "view", "seq": 1, "seat": s, "view": v})
...             for s, v in zip([0, 1, None], views)]
>>> texts = ViewTexts().texts(messages)
>>> texts == [dumps(m) for _, m in messages]
True
"""

from __future__ import annotations

from typing import Any, Hashable, Optional, Sequence

from pydantic_core import to_json

__all__ = ["ViewTexts", "dumps"]

# where each receiver's own values go: in the message, and in its view
_OWN = frozenset({"seat", "view"})
_OWN_IN_VIEW = frozenset({"seat", "cards", "legal_actions", "legal_chips", "records"})
_MARK = "\x00own\x00"
_MARK_JSON = to_json(_MARK)


def dumps(message: Any) -> str:
    """Compact JSON text (``json.dumps`` with ``separators=(",", ":")`` gives the same) by
    pydantic's serializer, about a third of the standard library's cost."""
    return to_json(message).decode()


class _Records:
    """One receiver's records written so far: how many, the last of them, and the text
    ``[r1,r2,...`` (without the closing bracket)."""

    __slots__ = ("count", "last", "text")

    def __init__(self) -> None:
        self.count = 0
        self.last: Optional[dict[str, Any]] = None
        self.text = bytearray(b"[")


class _Template:
    """The first message of an event cut at its receiver's own values: ``pieces`` has one
    more entry than ``slots``, the names of the values that go between them in the order of
    the text (``""`` the message's own seat, the others the view's)."""

    __slots__ = ("keys", "view_keys", "shared", "shared_in_view", "slots", "pieces")

    def __init__(self, message: dict[str, Any]) -> None:
        view = message["view"]
        self.keys, self.view_keys = list(message), list(view)
        self.shared = [(k, v) for k, v in message.items() if k not in _OWN]
        self.shared_in_view = [(k, v) for k, v in view.items() if k not in _OWN_IN_VIEW]
        marked_view = {k: _MARK if k in _OWN_IN_VIEW else v for k, v in view.items()}
        marked = {k: _MARK if k == "seat" else marked_view if k == "view" else v
                  for k, v in message.items()}
        self.slots: list[str] = []  # "" for the message's own seat
        for k in self.keys:
            if k == "seat":
                self.slots.append("")
            elif k == "view":
                self.slots += [v for v in self.view_keys if v in _OWN_IN_VIEW]
        self.pieces = to_json(marked).split(_MARK_JSON)

    def fits(self, message: dict[str, Any]) -> bool:
        """Whether ``message`` shares every value but the receiver's own with the first."""
        if len(self.pieces) != len(self.slots) + 1:
            return False
        view = message.get("view")
        if type(view) is not dict or list(message) != self.keys \
                or list(view) != self.view_keys:
            return False
        for k, v in self.shared:
            if message[k] is not v:
                return False
        for k, v in self.shared_in_view:
            if view[k] is not v:
                return False
        return True


class ViewTexts:
    """Writes the view messages of one table's events, keeping each receiver's records (a
    hashable ``key`` per receiver; forget them all with :meth:`clear` when a hand ends)."""

    def __init__(self) -> None:
        self._records: dict[Hashable, _Records] = {}

    def clear(self) -> None:
        """Forget every receiver's records."""
        self._records.clear()

    def texts(self, messages: Sequence[tuple[Hashable, dict[str, Any]]]) -> list[str]:
        """The text of each ``(key, message)`` of one event, in order. A message's
        ``message["view"]["records"]`` (if any) is the list of records that grows from one
        view of ``key`` to the next."""
        template: Optional[_Template] = None
        out = []
        for key, message in messages:
            view = message.get("view")
            if type(view) is not dict or type(view.get("records")) is not list:
                out.append(dumps(message))
                continue
            if template is None:
                template = _Template(message)
            if not template.fits(message):
                out.append(self._whole(key, message))
                continue
            pieces = template.pieces
            parts: list[bytes | bytearray] = [pieces[0]]
            for i, slot in enumerate(template.slots, 1):
                if slot == "records":
                    parts += self._records_of(key, view["records"])
                else:
                    parts.append(to_json(message["seat"] if slot == "" else view[slot]))
                parts.append(pieces[i])
            out.append(b"".join(parts).decode())
        return out

    def _whole(self, key: Hashable, message: dict[str, Any]) -> str:
        view = message["view"]
        records = view["records"]
        parts = self._records_of(key, records)
        view["records"] = _MARK
        try:
            head = to_json(message)
        finally:
            view["records"] = records
        return head.replace(_MARK_JSON, b"".join(parts), 1).decode()

    def _records_of(self, key: Hashable, records: list[dict[str, Any]]
                    ) -> list[bytes | bytearray]:
        """The text of ``records`` as pieces, adding to what ``key`` was sent before."""
        done = self._records.get(key)
        if done is None or not (0 < done.count <= len(records)) \
                or (records[done.count - 1] is not done.last
                    and records[done.count - 1] != done.last) \
                or any(r.get("kind") == "show" for r in records[done.count:]):
            done = self._records[key] = _Records()
        text = done.text
        for r in records[done.count:]:
            if done.count:
                text += b","
            text += to_json(r)
            done.count += 1
        if records:
            done.last = records[-1]
        return [text, b"]"] if done.count else [b"[]"]
