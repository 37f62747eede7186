"""Bots: players for :func:`~stud_fast.simulate.simulate` and for anything else that hands a
seat its view.

A bot is anything with a ``choose(view, rng)`` method that, given the acting seat's
:class:`~stud_fast.views.SeatView` (never the hand), returns the name of a legal action (a key
of ``view.legal_actions``), or ``(name, argument)`` for an action that takes one:
``("turn_up", card)`` in Mexican stud (S4). Two are built in:

- :class:`RandomBot` (``"random"``): uniform over the legal actions.
- :class:`StrengthBot` (``"strength"``): estimates its strength from what its view shows
  it (its own cards, everybody's up cards) with the C evaluator,
  and raises strong hands, calls medium ones and folds weak ones facing a bet. It never
  folds when it may check, and never sees another player's down cards (docs/rules.md E3).

Everything here is importable from :mod:`stud_fast.simulate` as well.

>>> from stud_fast.variants import GameConfig
>>> cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = StudHand(cfg, stacks=[50, 50], seed=1)
>>> play(hand, make_bot("strength").choose(hand.seat_view(hand.actor), random.Random(1)))
>>> hand.records[-1].kind
'bring_in'
"""

from __future__ import annotations

import bisect
import itertools
from bisect import bisect_left
import random
from typing import Any, Callable, Optional, Protocol, Union, runtime_checkable

from stud_fast import _core
from stud_fast.cards import JOKER
from stud_fast.rankings import Ranking
from stud_fast.table import StudHand
from stud_fast.variants import Variant
from stud_fast.views import SeatView

__all__ = ["Action", "Bot", "RandomBot", "StrengthBot", "BOTS", "make_bot", "play"]

#: A bot's decision: an action name (a key of ``legal_actions()``; bets and raises at their
#: least size), or ``(name, argument)`` passed on as ``hand.act(name, argument)``.
Action = Union[str, tuple[str, int]]


# ---- bots -----------------------------------------------------------------------------------


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of ``view.legal_actions`` when its seat is to act.

    It receives the seat's :class:`~stud_fast.views.SeatView` (what the seat may know, E3),
    never the hand. The answer is the action's name, or ``(name, argument)`` for an action
    that needs one (``("turn_up", card_id)`` in Mexican stud, ``("bet", total)``). ``rng`` is
    the simulation's random source (use it, not the global one, so that a seeded simulation
    is reproducible).

    >>> isinstance(RandomBot(), Bot)
    True
    """

    name: str

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """The action the view's seat takes now."""
        ...


def play(hand: StudHand, action: Action) -> None:
    """Perform a bot's decision on ``hand`` (a name, or a name and its argument).

    >>> from stud_fast.variants import GameConfig
    >>> cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> hand = StudHand(cfg, stacks=[50, 50], seed=1)
    >>> play(hand, "bring_in"); hand.records[-1].kind
    'bring_in'
    """
    if isinstance(action, str):
        hand.act(action)
    else:
        hand.act(action[0], action[1])


class RandomBot:
    """Uniformly random over the legal actions.

    >>> from stud_fast.variants import GameConfig
    >>> cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> hand = StudHand(cfg, stacks=[100, 100], seed=3)
    >>> RandomBot().choose(hand.seat_view(hand.actor), random.Random(0)) in hand.legal_actions()
    True
    """

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """A legal action drawn uniformly; the card to turn up in Mexican stud drawn uniformly
        from the seat's down cards."""
        kind = rng.choice(list(view.legal_actions))
        if kind == "turn_up":
            return kind, rng.choice([c for c, up in view.own_cards if not up])
        return kind


_SAMPLES = 1024  # random hands per (ranking, deck, size, wild ranks) in a strength table
_TABLES: dict[tuple[int, int, int, int], list[int]] = {}
_RAZZ = Ranking.RAZZ.number  # the low of partial hi-lo hands


def _value(cards: list[int], number: int) -> int:
    """Value of cards (jokers for wild cards) under ranking ``number``; of more than seven
    cards (baseball's extra cards), the best seven."""
    if len(cards) <= 7:
        return _core.eval_ids(cards, number, 0)
    return max(_core.eval_ids(seven, number, 0) for seven in itertools.combinations(cards, 7))


def _table(number: int, deck: int, size: int, wild: int) -> list[int]:
    """Sorted values of ``_SAMPLES`` random ``size``-card hands under ranking ``number``, cards
    of the ranks in the mask ``wild`` made jokers (fixed seed, built once)."""
    key = (number, deck, size, wild)
    table = _TABLES.get(key)
    if table is None:
        cards = list(Ranking.SHORT32.deck if deck == 32 else Ranking.HIGH.deck)
        rng = random.Random(0x5EED + 97 * number + 13 * deck + size + wild)
        if wild:
            table = sorted(
                _value([JOKER if wild >> (c >> 2) & 1 else c for c in rng.sample(cards, size)],
                       number)
                for _ in range(_SAMPLES))
        else:  # the common case, built once per process: straight to the C evaluator
            evaluate, sample = _core.eval_ids, rng.sample
            table = sorted([evaluate(sample(cards, size), number, 0) for _ in range(_SAMPLES)])
        _TABLES[key] = table
    return table


def _percentile(cards: list[int], number: int, deck: int, wild: int) -> float:
    """Share of random hands of as many cards that ``cards`` beats under ranking ``number``,
    in [0, 1].

    Comparing with hands of the same size makes partial hands of every ranking comparable
    (a razz value of three cards is not on the scale of a five-card low).
    """
    size = len(cards) if len(cards) < 7 else 7
    if size == 0:
        return 0.0
    table = _TABLES.get((number, deck, size, wild)) or _table(number, deck, size, wild)
    return bisect.bisect_left(table, _value(cards, number)) / _SAMPLES


#: A game's facts as the bot reads them per decision: the variant, its ranking number, its low
#: ranking number (-1 without a low), its wild mask, whether it is a high game (a board on view
#: that beats the whole hand is a sure loser), the memo of ratings (see ``_rate``), its
#: strength tables by hand size (``_table``, filled as the sizes come up) and by hand size the
#: strengths of the values already looked up in those tables.
_Facts = tuple[Variant, int, int, int, bool, dict[Any, tuple[float, int]],
               list[Optional[list[int]]], list[dict[int, float]]]
#: id(variant) -> its facts
_FACTS: dict[int, _Facts] = {}
_MEMO_SIZE = 512  # ratings kept per game before the memo starts afresh (a few hands: a
# small memo stays in the CPU caches, measured faster than 2048 or 8192)
_SHARES_SIZE = 8192  # strengths kept per game and hand size, by value (see ``_rate``)
_NOTHING = (0.0, -1)  # the rating of no cards: nothing on view
_AGGRESSIVE = ("complete", "raise", "bet")  # a strong hand takes the first one open


def _facts(game: Variant) -> _Facts:
    facts = _FACTS.get(id(game))
    if facts is None or facts[0] is not game:
        facts = _FACTS[id(game)] = (
            game, game.ranking.number, game.low.number if game.low is not None else -1,
            game.rank_mask(game.wild_ranks + game.buy_ranks),
            game.low is None and not game.ranking.is_low, {}, [None] * 8, [{} for _ in range(8)])
    return facts


#: what ``_rate`` rates: a seat's cards as a view shows them, the community cards, the wild ids
_Key = tuple[tuple[tuple[Optional[int], bool], ...], tuple[int, ...], frozenset[int]]


def _rate(key: _Key, facts: _Facts) -> tuple[float, int]:
    """``(strength, value)`` of the cards of ``key[0]`` that are on view (ids, not ``None``)
    with the community cards ``key[1]``, the ids in ``key[2]`` made jokers: the strength
    percentile (in hi-lo the better of high and low) and the value under the game's ranking;
    :data:`_NOTHING` when no card is on view. The result goes into the game's memo.

    Callers look the key up in the memo first (``facts[5].get(key) or _rate(key, facts)``): a
    rating is a pure function of the cards in the key (never of a hand), so seats looking at
    the same board, and a seat acting again in a round, share one evaluation.
    """
    held, community, wild = key
    if wild:
        cards = [JOKER if c in wild else c for c, _ in held if c is not None]
    else:
        cards = [c for c, _ in held if c is not None]
    if community:
        cards += community
    if not cards:
        rated = _NOTHING
    else:
        number = facts[1]
        size = len(cards)
        if size <= 7:
            value = _core.eval_ids(cards, number, 0)
        else:
            value, size = _value(cards, number), 7
        shares = facts[7][size]  # values seen before: their strength without the bisection
        strength = shares.get(value)
        if strength is None:
            table = facts[6][size]
            if table is None:  # the game's table of this size: a list index, not a dict lookup
                table = facts[6][size] = _table(number, facts[0].deck, size, facts[3])
            strength = bisect_left(table, value) / _SAMPLES
            if len(shares) >= _SHARES_SIZE:
                shares.clear()
            shares[value] = strength
        low = facts[2]
        if low >= 0:
            strength = max(strength, _percentile(cards, low if len(cards) >= 5 else _RAZZ,
                                                 facts[0].deck, facts[3]))
        rated = (strength, value)
    memo = facts[5]
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = rated
    return rated


class StrengthBot:
    """A simple fixed-limit player that bets by its estimated strength.

    Strength is the percentile of the bot's whole hand (down and up cards, plus a community
    card) among random hands with as many cards, from the C evaluator; in hi-lo the better of
    the high and the low half (the low judged by razz order until five cards make a low
    possible); wild cards count as jokers. The threat is the same percentile of the best
    board on view (another live player's up cards). With a high ranking, a board on view
    that already beats the bot's whole hand makes it weak.

    - strong (strength >= ``raise_at`` and not behind the threat): bet, raise or complete;
    - medium (strength >= ``call_at`` and at most ``slack`` behind the threat): call or check;
    - weak: fold facing a bet, check otherwise (it never folds when it may check).

    Baseball's up three buys the pot unless the hand (threes then wild) is weak; in Mexican
    stud it turns up the down card that shows the least. It reads only the seat's
    :class:`~stud_fast.views.SeatView` (card ids, no text), so other players' down cards
    cannot influence it (E3).

    >>> from stud_fast.variants import GameConfig
    >>> cfg = GameConfig(variant="stud_hilo", ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> hand = StudHand(cfg, stacks=[100, 100, 100], seed=11)
    >>> bot = StrengthBot()
    >>> bot.choose(hand.seat_view(hand.actor), random.Random(0)) in hand.legal_actions()
    True
    >>> 0.0 <= bot.strength(hand.seat_view(0)) <= 1.0
    True
    """

    name = "strength"

    def __init__(self, raise_at: float = 0.8, call_at: float = 0.45,
                 slack: float = 0.2) -> None:
        self.raise_at = raise_at
        self.call_at = call_at
        self.slack = slack

    # -- what the bot knows --

    @staticmethod
    def _wild_if_bought(view: SeatView) -> frozenset[int]:
        """The ids among the visible cards that are wild as if the pot were bought (S5: the
        buy ranks turn wild up too)."""
        wild, game = view.wild, view.game
        if not view.pot_bought and game.buy_ranks:
            buy = game.rank_mask(game.buy_ranks)
            wild = wild | {c for held in view.cards for c, _ in held
                           if c is not None and buy >> (c >> 2) & 1}
        return wild

    def strength(self, view: SeatView) -> float:
        """The estimated strength in [0, 1] of the view's seat's hand."""
        facts = _facts(view.game)
        key = (view.cards[view.seat], view.community, view.wild)
        return (facts[5].get(key) or _rate(key, facts))[0]

    def assess(self, view: SeatView, pot_bought: bool = False) -> str:
        """``"strong"``, ``"medium"`` or ``"weak"`` from the seat's own view (in baseball, with
        ``pot_bought``, as if the pot were bought)."""
        wild = self._wild_if_bought(view) if pot_bought else view.wild
        return self._assess(view, wild, self.call_at)

    def _assess(self, view: SeatView, wild: frozenset[int], floor: float) -> str:
        """:meth:`assess` with the ids ``wild`` made jokers, answering ``"weak"`` at once when
        the strength is below ``floor``: ``call_at`` gives :meth:`assess`'s answer; a higher
        floor (``raise_at``) serves a caller that only asks whether the hand is strong, and
        spares it the other boards when it is not."""
        game = view.game
        facts = _FACTS.get(id(game))
        if facts is None or facts[0] is not game:
            facts = _facts(game)
        memo = facts[5]
        community, cards, seat = view.community, view.cards, view.seat
        key = (cards[seat], community, wild)
        strength, mine = memo.get(key) or _rate(key, facts)
        if strength < floor:  # weak (or not strong) whatever the boards show: no need to look
            return "weak"
        threat = 0.0
        high = facts[4]
        folded = view.folded
        for s, held in enumerate(cards):  # the boards on view of the other live seats
            if s == seat or folded[s]:
                continue
            key = (held, community, wild)
            rated = memo.get(key) or _rate(key, facts)
            if rated is _NOTHING:
                continue
            if high and rated[1] > mine:
                # a high game: adding cards never lowers a value, so a board on view that
                # beats the whole hand already is a sure loser for now
                return "weak"
            if rated[0] > threat:
                threat = rated[0]
        if strength >= self.raise_at and strength >= threat:
            return "strong"
        if strength >= self.call_at and strength >= threat - self.slack:
            return "medium"
        return "weak"

    # -- the decision --

    @staticmethod
    def _card_to_turn_up(view: SeatView) -> int:
        """Mexican stud: the down card whose exposure shows the least (conceals strength)."""
        own = view.own_cards
        board = [c for c, up in own if up]
        showing = view.game.showing.number
        return min((c for c, up in own if not up),
                   key=lambda c: (_core.eval_ids(board + [c], showing, 0), c))

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """The action for the view's seat, from the view only."""
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} is not to act")
        if "turn_up" in legal:
            return "turn_up", self._card_to_turn_up(view)
        if "buy_pot" in legal:
            return "fold" if self.assess(view, pot_bought=True) == "weak" and "fold" in legal \
                else "buy_pot"
        # with a check or the bring-in open, a hand that is not strong takes it whether it is
        # medium or weak: only "strong or not" is asked, which most hands answer at once
        quiet = "check" in legal or "bring_in" in legal
        tier = self._assess(view, view.wild, max(self.raise_at, self.call_at) if quiet
                            else self.call_at)
        if tier == "strong":  # the first aggressive action open
            for aggressive in _AGGRESSIVE:
                if aggressive in legal:
                    return aggressive
        if "bring_in" in legal:
            return "bring_in"
        if "check" in legal:
            return "check"
        if tier == "medium":
            if "call" in legal:
                return "call"
            for aggressive in _AGGRESSIVE:  # must open (F4 option): no check
                if aggressive in legal:
                    return aggressive
        elif tier == "strong" and "call" in legal:
            return "call"
        if "fold" in legal:
            return "fold"
        return str(next(iter(legal)))  # an action this bot does not know: the first legal


#: the bot kinds by name, as the ``bots`` argument of :func:`simulate` spells them
BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "strength": StrengthBot}


def make_bot(name: str) -> Bot:
    """A new bot of a kind named in :data:`BOTS`.

    >>> make_bot("strength").name
    'strength'
    """
    try:
        return BOTS[name.strip().lower()]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: use one of {', '.join(BOTS)}") from None
