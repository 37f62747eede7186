"""The hand's log: one :class:`Record` per event, in order (the hand history)."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, Optional, Sequence, get_args

from stud_fast.cards import card_str

__all__ = ["Record", "RecordKind", "Operation", "RECORD_KINDS", "PLAYER_ACTIONS",
           "OPERATIONS", "NO_ARGUMENT", "INT_ARGUMENT", "new_record", "make_record", "FACE",
           "operations"]

#: what a record can be of (the one vocabulary of the hand's log)
RecordKind = Literal["ante", "deal", "burn", "community", "turn_up", "buy_pot", "bring_in",
                     "complete", "bet", "raise", "call", "check", "fold", "take_all_in",
                     "play_on", "premature_card", "exposed_card", "collect", "show", "muck",
                     "win"]
#: what can be done to a hand: the players' actions and the dealer's operations, by the names
#: ``StudHand.act`` takes (players) and saved hands list (all of them)
Operation = Literal["fold", "check", "call", "bet", "raise", "bring_in", "complete",
                    "turn_up", "buy_pot", "take_all_in", "play_on", "post_antes", "deal",
                    "collect_bets", "award", "premature_card", "exposed_card"]
RECORD_KINDS: frozenset[str] = frozenset(get_args(RecordKind))
OPERATIONS: tuple[str, ...] = get_args(Operation)
#: the operations a player performs (StudHand.act), the betting ones first
PLAYER_ACTIONS: tuple[str, ...] = OPERATIONS[:11]
#: the operations saved with no argument (a 0), and those whose argument is an int
NO_ARGUMENT = frozenset(("fold", "check", "call", "bring_in", "complete", "buy_pot",
                         "take_all_in", "play_on", "post_antes", "collect_bets", "award"))
INT_ARGUMENT = frozenset(("bet", "raise", "turn_up", "premature_card", "exposed_card"))


class Record(NamedTuple):
    """One thing that happened in the hand, in order: the hand history (immutable).

    ``kind`` is one of ``ante``, ``deal``, ``burn``, ``community``, ``turn_up``, ``buy_pot``,
    ``bring_in``, ``complete``, ``bet``, ``raise``, ``call``, ``check``, ``fold``,
    ``take_all_in``, ``play_on``, ``premature_card``, ``exposed_card``, ``collect``,
    ``show``, ``muck``, ``win``. ``amount`` is the chips the seat put in (or won); for ``bet``,
    ``raise`` and ``complete`` ``to`` is the seat's total for the round afterwards. ``up`` says,
    card by card, whether a dealt card is face up. """

    kind: RecordKind
    seat: Optional[int] = None
    amount: int = 0
    to: int = 0
    cards: tuple[int, ...] = ()
    up: tuple[bool, ...] = ()
    street: int = 0

    def text(self) -> str:
        """A short readable line."""
        who = "dealer" if self.seat is None else f"seat {self.seat}"
        cards = " ".join(card_str(c) if u or self.kind != "deal" else f"[{card_str(c)}]"
                         for c, u in zip(self.cards, self.up or (True,) * len(self.cards)))
        extra = f" {self.amount}" if self.amount else ""
        if self.kind in ("bet", "raise", "complete"):
            extra = f" to {self.to}"
        return f"{who} {self.kind}{extra}{' ' + cards if cards else ''}".rstrip()


_make = tuple.__new__  # a tuple of the fields, without NamedTuple's keyword handling


def new_record(kind: RecordKind, seat: Optional[int], amount: int, to: int,
               cards: tuple[int, ...], up: tuple[bool, ...], street: int) -> Record:
    """The record of these fields (every field of :class:`Record`, in order), checked: a
    known kind, a seat that is None or a seat number, whole-chip amounts, as many face-up
    flags as cards when any are given. The engine's one way to make a record, positional for
    its hot paths (a NamedTuple's own constructor checks nothing and costs more).

    >>> new_record("bet", 0, 4, 4, (), (), 1)
    Record(kind='bet', seat=0, amount=4, to=4, cards=(), up=(), street=1)
    >>> new_record("bett", 0, 4, 4, (), (), 1)
    Traceback (most recent call last):
    ...
    ValueError: a record of kind 'bett': unknown kind
    """
    if (kind in RECORD_KINDS and (seat is None or type(seat) is int)
            and type(amount) is int and type(to) is int and amount >= 0 and to >= 0
            and (not up or len(up) == len(cards))):
        return _make(Record, (kind, seat, amount, to, cards, up, street))
    why = ("unknown kind" if kind not in RECORD_KINDS
           else f"seat {seat!r} is not a seat number" if seat is not None and type(seat) is not int
           else "amounts are whole numbers of chips" if type(amount) is not int
           or type(to) is not int or amount < 0 or to < 0
           else "one face-up flag per card")
    raise ValueError(f"a record of kind {kind!r}: {why}")


def make_record(kind: RecordKind, seat: Optional[int] = None, amount: int = 0, to: int = 0,
           cards: tuple[int, ...] = (), up: tuple[bool, ...] = (), street: int = 0) -> Record:
    """:func:`new_record` by keywords, for the records made off the hot paths.

    >>> make_record("collect", street=2)
    Record(kind='collect', seat=None, amount=0, to=0, cards=(), up=(), street=2)
    """
    return new_record(kind, seat, amount, to, cards, up, street)
FACE = {False: (False,), True: (True,)}  # a dealt card's Record.up


#: player actions saved with no argument (a 0)
_PLAIN = NO_ARGUMENT & frozenset(PLAYER_ACTIONS)
_EVENTS = frozenset(("ante", "show", "muck", "win"))  # what the operations bring about
_DEALT = frozenset(("deal", "burn", "community"))


def operations(records: Sequence[Record], *, dealer_driven: bool = False,
               antes_posted: bool = True, awarded: bool = False,
               exposable_street: Optional[int] = None) -> list[list[Any]]:
    """The operations that produced ``records``, in order, as ``[name, argument]`` pairs: what
    :meth:`StudHand.to_json <stud_fast.table.StudHand.to_json>` saves and
    :meth:`~stud_fast.table.StudHand.from_json` replays (the records are the hand's one log).

    A player's action is its record (``bet`` and ``raise`` to the record's ``to``,
    ``turn_up`` and ``premature_card`` with the record's card, ``exposed_card`` with its seat).
    With ``dealer_driven`` (``automatic=False``) the dealer's operations are there too:
    ``post_antes`` first when ``antes_posted``; ``deal`` at the first card of each street, with
    the seats whose card of ``exposable_street`` (seventh street, dealt down) came face up
    (I2; the premature card of I1 dealt face up is not one of them); ``collect_bets`` at each
    ``collect`` record; ``award`` last when ``awarded``.

    >>> operations([Record("ante", 0, 1), Record("deal", 0, cards=(5,), up=(True,)),
    ...             Record("bet", 0, 4, 4), Record("fold", 1), Record("win", 0, 6)])
    [['bet', 4], ['fold', 0]]
    """
    out: list[list[Any]] = [["post_antes", 0]] if dealer_driven and antes_posted else []
    dealt = -1  # the last street dealt
    exposed: list[int] = []  # the current deal's exposed seats (I2)
    premature: Optional[int] = None  # I1: the exposed card, dealt face up when kept
    for r in records:
        kind = r.kind
        if kind in _DEALT:
            # a premature card's burn belongs to the street being bet, dealt already
            if dealer_driven and r.street > dealt:
                dealt = r.street
                exposed = []
                out.append(["deal", exposed])
            if (kind == "deal" and r.street == exposable_street and r.up[0]
                    and r.cards[0] != premature and r.seat is not None):
                exposed.append(r.seat)
        elif kind in _PLAIN:
            out.append([kind, 0])
        elif kind == "bet" or kind == "raise":
            out.append([kind, r.to])
        elif kind == "turn_up":
            out.append([kind, r.cards[0]])
        elif kind == "premature_card":
            premature = r.cards[0]
            out.append([kind, premature])
        elif kind == "exposed_card":
            out.append([kind, r.seat])
        elif kind == "collect":
            out.append(["collect_bets", 0])
        elif kind not in _EVENTS:
            raise ValueError(f"unknown record kind {kind!r}")  # pragma: no cover
    if dealer_driven and awarded:
        out.append(["award", 0])
    return out
