"""A table's hand in play: the engine's :class:`~stud_fast.table.StudHand` with the table
seats of its players and what the clock does for a silent player (what each receiver may see
is the engine's ``StudHand.view``: ``view(None)`` for an observer).

The engine is the only rules implementation: a hand is made by ``StudHand`` from the stored
deck order and replayed with ``StudHand.act``; the operations an action performed are read
from its records with :func:`stud_fast.records.operations`, the same log saved hands use.

>>> from stud_fast.variants import GameConfig
>>> cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5)
>>> h = PlayingHand.deal(7, cfg, seats=[0, 3, 5], players=[11, 12, 13],
...                      stacks=[100, 100, 100], dealer_seat=5)
>>> h.number, h.hand.dealer, h.table_seat(h.hand.actor) in (0, 3, 5)
(7, 2, True)
>>> view = h.hand.view(None)
>>> view["seat"], [c for cards in view["cards"] for c in cards[:2]]
(None, [None, None, None, None, None, None])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from stud_fast.history import dumps, to_phh
from stud_fast.records import operations
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig

__all__ = ["PlayingHand", "timeout_action", "Operation"]

#: one engine operation as saved: ``[name, argument]`` (a total for bet and raise, a card id
#: for turn_up, else 0)
Operation = list[Any]
_WITH_ARGUMENT = frozenset(("bet", "raise", "turn_up"))


@dataclass
class PlayingHand:
    """Hand number ``number`` of a table: ``seats[i]`` and ``players[i]`` are the table seat
    and account of the engine's seat ``i``."""

    number: int
    hand: StudHand
    seats: list[int]
    players: list[int]
    dealer_seat: int

    @classmethod
    def deal(cls, number: int, config: GameConfig, *, seats: Sequence[int],
             players: Sequence[int], stacks: Sequence[int], dealer_seat: int,
             deck: Optional[Sequence[int]] = None) -> "PlayingHand":
        """A new hand (a fresh shuffle from the operating system's randomness unless
        ``deck`` gives the order, as a restart does)."""
        hand = StudHand(config, stacks=list(stacks), dealer=list(seats).index(dealer_seat),
                        deck=list(deck) if deck is not None else None)
        return cls(number, hand, list(seats), list(players), dealer_seat)

    def table_seat(self, hand_seat: Optional[int]) -> Optional[int]:
        """The table seat of an engine seat (None for None)."""
        return None if hand_seat is None else self.seats[hand_seat]

    def hand_seat(self, table_seat: int) -> Optional[int]:
        """The engine seat of a table seat, None when that seat is not in this hand."""
        try:
            return self.seats.index(table_seat)
        except ValueError:
            return None

    @property
    def actor_seat(self) -> Optional[int]:
        """The table seat to act, None when nobody is (the hand is over)."""
        return None if self.hand.is_over else self.table_seat(self.hand.actor)

    def act(self, action: str, amount: Optional[int] = None,
            card: Optional[str | int] = None) -> list[Operation]:
        """Perform the actor's decision through the engine (a ``RuleError`` leaves the hand as
        it was); the operations it performed, as :meth:`replay` takes them."""
        start = len(self.hand.records)
        if action == "turn_up" and card is not None:
            self.hand.turn_up(card)
        else:  # the engine refuses a turn_up without its card (S4)
            self.hand.act(action, amount)
        return operations(self.hand.records[start:])

    def replay(self, ops: Sequence[Operation]) -> None:
        """Perform stored operations again (a restart)."""
        for name, argument in ops:
            self.hand.act(name, argument if name in _WITH_ARGUMENT else None)

    def phh(self, table: int, names: Sequence[str]) -> str:
        """The finished hand's PHH text, with the table, the hand number, the players' names
        and seats (``names[i]`` is engine seat ``i``'s name)."""
        history = to_phh(self.hand)
        n = self.hand.seats
        order = [(self.hand.dealer + 1 + i) % n for i in range(n)]  # p1 first (S2)
        history.table = table
        history.hand = self.number
        history.players = [names[s] for s in order]
        history.seats = [self.seats[s] + 1 for s in order]
        return dumps(history)


def timeout_action(hand: StudHand) -> tuple[str, Optional[int]]:
    """What the clock does for the actor: check if allowed, else post the bring-in (F2), turn
    up the first down card (Mexican stud, S4), else fold (baseball's buy-the-pot-or-fold
    folds, S5); an action without those, the first legal one.

    >>> from stud_fast.variants import GameConfig
    >>> h = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50], seed=1)
    >>> timeout_action(h)
    ('bring_in', None)
    """
    legal = hand.legal_actions()
    for name in ("check", "bring_in"):
        if name in legal:
            return name, None
    if "turn_up" in legal:
        actor = hand.actor
        assert actor is not None
        return "turn_up", next(c for c, up in hand.cards[actor] if not up)
    if "fold" in legal:
        return "fold", None
    return next(iter(legal)), None
