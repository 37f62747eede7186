"""What an equity computation gives and takes (:func:`stud_fast.equity` and the ranges of
:mod:`stud_fast.ranges` share it, without importing each other): :class:`EquityResult`, the
limits on exact enumeration and sampling, and the pot a spot is played for.

>>> EXACT_LIMIT < MAX_DEALS
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, NamedTuple, Optional, Union

from stud_fast.rankings import Ranking

__all__ = ["CardsText", "COUNT_ABOVE", "COUNT_LIMIT", "DEFAULT_SAMPLES", "EXACT_LIMIT",
           "EquityResult", "MAX_DEALS"]

#: exact=None enumerates when a spot has at most this many deals, and samples otherwise
EXACT_LIMIT = 50_000_000
#: a heads-up spot (or combination of holdings) of more deals than this is counted, one of
#: fewer (sixth street) enumerated, which is then faster than the counting's fixed cost
#: (tables of every 16-bit value); COUNT_ABOVE in csrc/src/range_equity.c says the same
COUNT_ABOVE = 20_000
#: exact=None counts a heads-up spot against ranges when its combinations need at most this
#: many counting steps (about five seconds on one thread), and samples it otherwise
COUNT_LIMIT = 1_000_000_000
#: exact=True refuses a spot of more deals than this unless max_deals= is raised (about two
#: minutes heads-up on two cores of the machine stud_fast is developed on)
MAX_DEALS = 10_000_000_000
DEFAULT_SAMPLES = 1_000_000
_METHODS = ("count", "enumerate", "sample")
_MAX_SAMPLES = 1 << 62  # counts stay exact in the C core's 64-bit tallies


@dataclass(frozen=True)
class EquityResult:
    """Per-player results, in the order the hands were given.

    ``equity`` is the average share of the pot; ``win`` the share of deals a player takes the
    whole pot alone (scoops, in hi-lo); ``tie`` the deals it gets part of the pot; ``high`` and
    ``low`` the shares won through each half of a hi-lo pot; ``std_error`` the standard error of
    ``equity`` when sampled (0 when exact). ``method`` says how it was computed: ``"count"``
    (heads-up, exact by counting the deals), ``"enumerate"`` (every deal) or ``"sample"``.
    ``by_next_card`` (``equity(..., by_next_card=True)``, heads-up): for each card the first
    player may receive next, by its text, both players' exact equities given that card.
    """

    game: str
    hands: tuple[str, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    high: tuple[float, ...]
    low: tuple[float, ...]
    std_error: tuple[float, ...]
    deals: int
    exact: bool
    hilo: bool = False  # the pot is split between the best high and the best low hand
    # "count", "enumerate" or "sample" ("": from exact); how, not what: not compared
    method: str = field(default="", compare=False)
    #: equity(by_next_card=True): both players' equities for each card player 1 may get next
    by_next_card: Optional[dict[str, tuple[float, float]]] = None

    def __post_init__(self) -> None:
        if not self.method:
            object.__setattr__(self, "method", "enumerate" if self.exact else "sample")
        if self.method not in _METHODS or (self.method == "sample") == self.exact:
            raise ValueError(f"method {self.method!r} does not fit exact={self.exact}")

    def format(self) -> str:
        """A readable table (with high and low columns when the pot is split hi-lo)."""
        hilo = self.hilo
        how = "exact" if self.exact else "Monte Carlo"
        lines = [f"{self.game}: {self.deals:,} deals ({how})", ""]
        head = f"{'player':<8}{'hand':<24}{'equity':>9}{'win':>9}{'tie':>9}"
        if hilo:
            head += f"{'high':>9}{'low':>9}"
        if not self.exact:
            head += f"{'± s.e.':>9}"
        lines.append(head)
        for i, hand in enumerate(self.hands):
            row = (f"{i + 1:<8}{hand:<24}{self.equity[i]:>9.4f}{self.win[i]:>9.4f}"
                   f"{self.tie[i]:>9.4f}")
            if hilo:
                row += f"{self.high[i]:>9.4f}{self.low[i]:>9.4f}"
            if not self.exact:
                row += f"{self.std_error[i]:>9.4f}"
            lines.append(row)
        return "\n".join(lines)


CardsText = Union[str, Iterable[Union[str, int]]]


class _Pot(NamedTuple):
    """How a spot's pot is won: the ranking of the pot (or of its high half), whether a
    qualifying eight-or-better low takes half (a property of the game's ranking), the cards
    each player ends with and the wild ranks the game itself makes wild."""

    ranking: Ranking
    hilo: bool
    cards: int
    wild_mask: int
    name: str
