"""What one seat may know (docs/rules.md E3), as a frozen object of card ids: :class:`SeatView`.

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

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, Optional

from stud_fast.cards import CARD_TEXT
from stud_fast.records import Record, make_record
from stud_fast.seatview import SeatView, _card_faces
from stud_fast.state import HandState

__all__ = ["SeatView", "seat_view", "Views"]

_NO_ACTIONS: Mapping[str, tuple[int, int]] = MappingProxyType({})
_NO_WILD: frozenset[int] = frozenset()
# looked up once: Cython calls these as plain functions, not as attributes of ``object``
_new_object = object.__new__
_set_attribute = object.__setattr__


def seat_view(hand: HandState, seat: int) -> SeatView:
    """The :class:`SeatView` of ``seat`` (see :meth:`StudHand.seat_view`)."""
    if type(seat) is not int or not 0 <= seat < hand.seats:
        raise ValueError(f"seat {seat!r} is not at this table")
    faces = hand._faces
    if faces is None:  # cards were dealt or turned since the last view: the faces afresh
        faces = hand._faces = _card_faces(hand.cards)
    held, public = faces
    actor, is_over = hand.actor, hand.is_over
    if is_over:  # cards shown at the showdown are seen by everyone
        shown = {r.seat for r in hand.records if r.kind == "show"}
        cards = tuple([held[s] if s == seat or s in shown else public[s]
                       for s in range(hand.seats)])
    else:
        cards = public[:seat] + (held[seat],) + public[seat + 1:]
    wild = _NO_WILD
    if hand._plan.wild:
        is_wild = hand._is_wild
        wild = frozenset([c for pairs in cards for c, up in pairs
                          if c is not None and is_wild(c, up)])
    legal = _NO_ACTIONS
    if actor == seat and not is_over:
        # a read-only window on the hand's own table of the legal actions, which the hand
        # replaces (never changes) after every action: the view keeps the ones it was made with
        cached = hand._cached
        legal = MappingProxyType(cached if cached is not None else hand._options())
    # the fields given as the new instance's __dict__: the frozen dataclass's generated
    # __init__ (one object.__setattr__ per field) was most of a view's cost, and a view is
    # built for every decision of every bot
    view: SeatView = _new_object(SeatView)
    _set_attribute(view, "__dict__", {
        "seat": seat, "game": hand.config.game, "street": hand.street, "actor": actor,
        "is_over": is_over, "stacks": tuple(hand.stacks),
        "contributed": tuple(hand.contributed), "folded": tuple(hand.folded), "cards": cards,
        "community": tuple(hand.community), "wild": wild, "legal_actions": legal,
        "round_bet": hand._round.bet[seat], "pot_bought": hand._pot_bought})
    return view


class Views(HandState):
    """What each seat may know, for :class:`~stud_fast.table.StudHand` (a mixin)."""

    if not TYPE_CHECKING:  # slots for speed; the type checker sees the facade's attributes
        __slots__ = ()

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may know (E3) as a frozen :class:`~stud_fast.views.SeatView` of card
        ids: what bots receive. See :meth:`view` for the same as JSON-ready text."""
        return seat_view(self, seat)

    def _face_up(self, seat: int, index: int, kind: str) -> Record:
        """Turn ``seat``'s card at ``index`` face up (S4 turn_up, I2 exposed_card) and record
        it as ``kind``: the legal actions and the seats' card faces are made afresh."""
        self._cached = None
        self._faces = None
        card, _ = self.cards[seat][index]
        self.cards[seat][index] = (card, True)
        record = make_record(kind, seat, cards=(card,), up=(True,), street=self.street)
        self.records.append(record)
        return record

    def view(self, seat: Optional[int], *, copy: bool = True) -> dict[str, Any]:
        """What ``seat`` may know: its own down cards, every up card, public actions, pots.

        Other players' down cards, the stub and burned cards never appear, except cards shown
        at showdown (E3). ``seat=None`` gives an observer's view, of the same shape with
        ``"seat": None``, every down card ``None`` (until shown) and no legal actions.

        ``copy=False`` is for a caller that serializes the view at once (a server sends one to
        every seat after every event): its ``"records"`` are then the hand's own cached record
        dicts, with the cards as tuples, shared with later views of that seat and not to be
        changed; it costs a few microseconds where copying a long hand's records costs tens.
        The JSON text is the same.

        >>> from stud_fast.table import StudHand
        >>> from stud_fast.variants import GameConfig
        >>> hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), [50, 50], seed=1)
        >>> [c is None for c in hand.view(0)["cards"][0]], hand.view(None)["cards"][0][:2]
        ([False, False, False], [None, None])
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
            raise ValueError(f"seat {seat!r} is not at this table")
        shown, public = self._seen_by(seat)
        text = CARD_TEXT
        records: list[dict[str, Any]] = public
        if copy:  # fresh copies: the caller may change what it gets
            records = []
            for d in public:
                d = dict(d)
                if "cards" in d:
                    d["cards"] = list(d["cards"])
                records.append(d)
        acts = seat is not None and self.actor == seat
        return {
            "seat": seat,
            "variant": self.config.variant,
            "street": self.street,
            "stacks": list(self.stacks),
            "contributed": list(self.contributed),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "folded": list(self.folded),
            "cards": [[text[c] if u or s == seat or s in shown else None for c, u in held]
                      for s, held in enumerate(self.cards)],
            "community": [text[c] for c in self.community],
            "actor": self.actor,
            "legal_actions": ({k: list(v) for k, v in self.legal_actions().items()}
                              if acts else {}),
            "legal_chips": ({k: list(v) for k, v in self.legal_chips().items()}
                            if acts else {}),
            "records": records,
            "is_over": self.is_over,
        }

    def _seen_by(self, seat: Optional[int]) -> tuple[set[int], list[dict[str, Any]]]:
        """The seats that showed their cards, and the records as ``seat`` (None: an observer)
        sees them (E3), as :meth:`view` lists them but with the card lists as tuples. Kept per seat
        and brought up to date with the records added since the last call (records are only ever
        added): only a new ``show`` record, which uncovers earlier deals, makes it start afresh."""
        done, shown, public = self._views.get(seat) or (0, set(), [])
        records = self.records
        fresh = {r.seat for r in records[done:] if r.kind == "show" and r.seat is not None}
        fresh -= shown
        if fresh:
            shown = shown | fresh
            done, public = 0, []
        # every record as text once per hand, shared by the seats that may see all of it
        texts = self._record_texts
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
        self._views[seat] = (len(records), shown, public)
        return shown, public
