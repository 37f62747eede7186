"""What one seat may know (docs/rules.md E3): :class:`SeatView` (a frozen object of card
ids, from :meth:`StudHand.seat_view`), :class:`RecordViews`, the hand's records as each seat
sees them (for :meth:`StudHand.view`), and :class:`ViewCache`, the owner of everything the
hand keeps between views (those records, the seats' card faces, the pots last built).

Bots and servers hand a seat its view, never the hand itself: another player's down cards,
the stub and the burned cards are not in it (cards shown at showdown are), so a bot cannot
look at what it may not see.

>>> from stud_fast.table import StudHand
>>> from stud_fast.variants import GameConfig
>>> hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50], seed=1)
>>> view = hand.seat_view(0)
>>> [c is None for c, up in view.cards[1]]   # the other seat's two down cards are hidden
[True, True, False]
>>> all(c is not None for c, up in view.cards[0])
True
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from stud_fast.cards import CARD_TEXT
from stud_fast.pots import Pot, build_pots
from stud_fast.records import Record
from stud_fast.seatview import Faces, SeatView, _card_faces

__all__ = ["SeatView", "RecordViews", "ViewCache"]


class RecordViews:
    """The records of one hand as each seat may see them (E3), as :meth:`StudHand.view` lists
    them, kept up to date as records are added (they are only ever added): every record's text
    once per hand, shared by the seats that may see all of it, and per seat (None: an
    observer) the list it sees. The hand owns one; nothing else writes it.

    >>> from stud_fast.table import StudHand
    >>> from stud_fast.variants import GameConfig
    >>> hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50], seed=1)
    >>> views = RecordViews()
    >>> shown, public = views.seen_by(hand.records, None)
    >>> [d["cards"] for d in public if d["kind"] == "deal"][:6]
    [(None,), (None,), (None,), (None,), ('6c',), ('2d',)]
    """

    __slots__ = ("_texts", "_seats")

    def __init__(self, texts: Optional[list[dict[str, Any]]] = None) -> None:
        # each record as a dict with every card's text, made once (never changed)
        self._texts: list[dict[str, Any]] = texts if texts is not None else []
        # per seat: how many records it has seen, who showed, the records as it sees them
        self._seats: dict[Optional[int], tuple[int, set[int], list[dict[str, Any]]]] = {}

    def copy(self) -> "RecordViews":
        """An owner for a copy of the hand: the shared texts (never changed) kept, the
        per-seat lists (changed in place) made afresh when asked."""
        return RecordViews(self._texts[:])

    def seen_by(self, records: Sequence[Record], seat: Optional[int]
                ) -> tuple[set[int], list[dict[str, Any]]]:
        """The seats that showed their cards, and ``records`` as ``seat`` (None: an observer)
        sees them, with the card lists as tuples (the caller must not change them). Only a new
        ``show`` record, which uncovers earlier deals, makes a seat's list start afresh."""
        done, shown, public = self._seats.get(seat) or (0, set(), [])
        fresh = {r.seat for r in records[done:] if r.kind == "show" and r.seat is not None}
        fresh -= shown
        if fresh:
            shown = shown | fresh
            done, public = 0, []
        texts = self._texts
        for r in records[len(texts):]:
            if r.kind == "burn":
                texts.append({"kind": "burn", "street": r.street})
                continue
            d = r._asdict()
            d["cards"] = tuple([CARD_TEXT[c] for c in r.cards])
            texts.append(d)
        for i in range(done, len(records)):
            r, d = records[i], texts[i]
            s = r.seat
            if r.kind == "deal" and s is not None and s != seat and s not in shown \
                    and not all(r.up):
                d = dict(d)
                d["cards"] = tuple([CARD_TEXT[c] if u else None for c, u in zip(r.cards, r.up)])
            public.append(d)
        self._seats[seat] = (len(records), shown, public)
        return shown, public


class ViewCache:
    """What the hand keeps between views, each part made afresh when what it is made of
    changes: ``records`` (:class:`RecordViews`, for :meth:`StudHand.view`), ``faces`` (the
    seats' cards as they and as the others see them, :func:`~stud_fast.seatview._card_faces`,
    until a card is dealt or turned up: :meth:`forget_faces`) and the pots last built with the
    chips and folds they are of (:meth:`pots_of`). The hand owns one; nothing else writes it.
    Nothing here is state: a copy of the hand may start with an empty cache.

    >>> cache = ViewCache()
    >>> cache.pots_of([2, 2], [False, False]) is cache.pots_of([2, 2], [False, False])
    True
    """

    __slots__ = ("records", "faces", "pots", "pots_key")

    def __init__(self, records: Optional[RecordViews] = None) -> None:
        self.records = records if records is not None else RecordViews()
        self.faces: Optional[Faces] = None
        self.pots: list[Pot] = []
        self.pots_key: tuple[int | bool, ...] = ()

    def copy(self) -> "ViewCache":
        """A cache for a copy of the hand: the record texts and the faces (immutable) shared,
        the per-seat record lists made afresh when asked, the list of pots copied."""
        new = ViewCache(self.records.copy())
        new.faces = self.faces
        new.pots = self.pots[:]  # of immutable Pots
        new.pots_key = self.pots_key
        return new

    def faces_of(self, cards: list[list[tuple[int, bool]]]) -> Faces:
        """The seats' card faces (:func:`~stud_fast.seatview._card_faces`), made once after
        each change of the cards."""
        faces = self.faces
        if faces is None:
            faces = self.faces = _card_faces(cards)
        return faces

    def forget_faces(self) -> None:
        """A card was dealt or turned up: the faces are made afresh when next asked."""
        self.faces = None

    def pots_of(self, contributed: list[int], folded: list[bool]) -> list[Pot]:
        """The pots of these chips and folds (B8), built again only when they changed (the
        list is the cache's: the caller copies it)."""
        key = (*contributed, *folded)  # the pots depend on these alone
        if key != self.pots_key:
            self.pots = build_pots(contributed, folded)
            self.pots_key = key
        return self.pots
