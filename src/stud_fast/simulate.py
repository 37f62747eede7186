"""Self-play: bots playing many independent stud hands, with a summary of what happened.

A bot is anything with a ``choose(view, rng)`` method that, given the acting seat's
:class:`~stud_fast.views.SeatView` (never the hand), returns the name of a legal action (a key
of ``view.legal_actions``), or ``(name, argument)`` for an action that takes one:
``("turn_up", card)`` in Mexican stud (S4). Two are built in:

- :class:`RandomBot` (``"random"``): uniform over the legal actions.
- :class:`StrengthBot` (``"strength"``): estimates its strength from what its view shows
  it (its own cards, everybody's up cards) with the C evaluator,
  and raises strong hands, calls medium ones and folds weak ones facing a bet. It never
  folds when it may check, and never sees another player's down cards (RULES.md E3).

:func:`simulate` plays N hands (stacks reset every hand, the dealer moving one seat each
hand, seat ``i`` played by ``bots[i % len(bots)]``) and returns a :class:`SimulationSummary`.

>>> summary = simulate("razz", hands=20, players=4, seed=1, progress=False)
>>> summary.hands, sum(summary.flow_per_seat)
(20, 0)
>>> sorted(summary.flow_per_bot)
['random', 'strength']
"""

from __future__ import annotations

import bisect
import importlib
import itertools
import os
import random
import sys
import time
from dataclasses import dataclass, field
from typing import (TYPE_CHECKING, Any, Callable, Optional, Protocol, Sequence, Union,
                    runtime_checkable)

from stud_fast import _core
from stud_fast.cards import JOKER
from stud_fast.rankings import Ranking
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig, Variant, get_variant
from stud_fast.views import SeatView

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["Action", "Bot", "RandomBot", "StrengthBot", "BOTS", "make_bot", "play",
           "SimulationSummary", "hand_rng", "simulate"]

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
#: that beats the whole hand is a sure loser), and the memo of ratings (see ``_rate``).
_Facts = tuple[Variant, int, int, int, bool, dict[Any, tuple[float, int]]]
#: id(variant) -> its facts
_FACTS: dict[int, _Facts] = {}
_MEMO_SIZE = 512  # ratings kept per game before the memo starts afresh (a few hands: a
# small memo stays in the CPU caches, measured faster than 2048 or 8192)
_NOTHING = (0.0, -1)  # the rating of no cards: nothing on view
_AGGRESSIVE = ("complete", "raise", "bet")  # a strong hand takes the first one open


def _facts(game: Variant) -> _Facts:
    facts = _FACTS.get(id(game))
    if facts is None or facts[0] is not game:
        facts = _FACTS[id(game)] = (
            game, game.ranking.number, game.low.number if game.low is not None else -1,
            game.rank_mask(game.wild_ranks + game.buy_ranks),
            game.low is None and not game.ranking.is_low, {})
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
        game, number, low, mask = facts[0], facts[1], facts[2], facts[3]
        value = _core.eval_ids(cards, number, 0) if len(cards) <= 7 else _value(cards, number)
        size = len(cards) if len(cards) < 7 else 7
        table = _TABLES.get((number, game.deck, size, mask)) or _table(number, game.deck, size,
                                                                       mask)
        strength = bisect.bisect_left(table, value) / _SAMPLES
        if low >= 0:
            strength = max(strength, _percentile(cards, low if len(cards) >= 5 else _RAZZ,
                                                 game.deck, mask))
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
        game = view.game
        facts = _FACTS.get(id(game))
        if facts is None or facts[0] is not game:
            facts = _facts(game)
        memo = facts[5]
        wild = self._wild_if_bought(view) if pot_bought else view.wild
        community, cards, seat = view.community, view.cards, view.seat
        key = (cards[seat], community, wild)
        strength, mine = memo.get(key) or _rate(key, facts)
        if strength < self.call_at:  # weak whatever the boards show: no need to look
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
        tier = self.assess(view)
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


# ---- the summary ----------------------------------------------------------------------------


@dataclass
class SimulationSummary:
    """What a :func:`simulate` run gave.

    ``flow_per_seat[i]`` is the chips seat ``i`` won (negative: lost) over all hands, and
    ``flow_per_bot`` the same added up by bot kind; both sum to zero (chips are conserved).
    ``seat_hands_per_bot`` counts the hands each kind played (once per seat per hand).

    >>> s = simulate("five_card_stud", hands=10, players=3, seed=2, progress=False)
    >>> s.hands_per_second > 0 and 0.0 <= s.showdown_frequency <= 1.0
    True
    >>> "hands/s" in s.format()
    True
    """

    variant: str
    players: int
    bots: tuple[str, ...]
    hands: int
    seconds: float
    showdowns: int
    actions: int
    total_pot: int
    big_bet: int
    flow_per_seat: list[int]
    flow_per_bot: dict[str, int]
    seat_hands_per_bot: dict[str, int] = field(default_factory=dict)

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall time (bots' thinking included)."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def showdown_frequency(self) -> float:
        """Share of the hands that reached a showdown (someone showed)."""
        return self.showdowns / self.hands if self.hands else 0.0

    @property
    def average_pot(self) -> float:
        """Chips put in per hand, antes included."""
        return self.total_pot / self.hands if self.hands else 0.0

    @property
    def actions_per_hand(self) -> float:
        """Player actions per hand."""
        return self.actions / self.hands if self.hands else 0.0

    def big_bets_per_100(self, bot: str) -> float:
        """Net result of a bot kind in big bets per 100 of the hands it played."""
        played = self.seat_hands_per_bot.get(bot, 0)
        if not played:
            return 0.0
        return 100.0 * self.flow_per_bot.get(bot, 0) / (self.big_bet * played)

    def format(self) -> str:
        """A readable report: the totals, then the chip flow by bot kind and by seat."""
        lines = [
            (f"variant:          {self.variant}, {self.players} players, bots "
             f"{','.join(self.bots)}"),
            (f"hands:            {self.hands} in {self.seconds:.2f} s "
             f"({self.hands_per_second:,.0f} hands/s)"),
            f"showdowns:        {self.showdowns} ({100 * self.showdown_frequency:.1f} %)",
            f"average pot:      {self.average_pot:.1f} chips",
            f"actions per hand: {self.actions_per_hand:.2f}",
            "",
            f"{'bot':<12}{'seat-hands':>12}{'net chips':>12}{'BB/100':>10}",
        ]
        for bot, flow in self.flow_per_bot.items():
            lines.append(f"{bot:<12}{self.seat_hands_per_bot.get(bot, 0):>12}{flow:>+12}"
                         f"{self.big_bets_per_100(bot):>+10.2f}")
        lines += ["", f"{'seat':<6}{'bot':<12}{'net chips':>12}"]
        for seat, flow in enumerate(self.flow_per_seat):
            lines.append(f"{seat:<6}{self.bots[seat % len(self.bots)]:<12}{flow:>+12}")
        return "\n".join(lines)


# ---- the simulation ---------------------------------------------------------------------------


class _Progress:
    """A progress bar on stderr: tqdm when importable, else a one-line counter; silent when
    disabled or when stderr is not a terminal."""

    def __init__(self, total: int, enabled: bool, desc: str) -> None:
        self.total = total
        self.enabled = enabled and sys.stderr.isatty()
        self.desc = desc
        self._bar: Any = None
        self._done = 0
        self._shown = 0.0
        if self.enabled:
            try:
                tqdm = importlib.import_module("tqdm")
            except ImportError:
                tqdm = None
            if tqdm is not None:
                self._bar = tqdm.tqdm(total=total, desc=desc, unit="hand", file=sys.stderr,
                                      mininterval=0.2)

    def update(self) -> None:
        if not self.enabled:
            return
        self._done += 1
        if self._bar is not None:
            self._bar.update(1)
            return
        now = time.monotonic()
        if now - self._shown >= 0.2 or self._done == self.total:
            self._shown = now
            sys.stderr.write(f"\r{self.desc}: {self._done}/{self.total} hands")
            sys.stderr.flush()

    def close(self) -> None:
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.close()
        else:
            sys.stderr.write("\n")
            sys.stderr.flush()


def hand_rng(seed: int, k: int) -> random.Random:
    """The random source of hand ``k`` (from 0) of a run seeded with ``seed``: it seeds the
    hand's deck and the bots' choices, and depends on nothing else, so any range of a run's
    hands can be played on its own (another process, a Dask worker) and comes out the same.

    >>> hand_rng(7, 3).random() == hand_rng(7, 3).random() != hand_rng(7, 4).random()
    True
    """
    return random.Random(f"stud_fast.simulate:{seed}:{k}")


def simulate(variant: str, hands: int, players: int = 6, seed: Optional[int] = None,
             bots: Sequence[str] = ("random", "strength"), *, ante: int = 1,
             bring_in: Optional[int] = None, small_bet: int = 5, big_bet: int = 10,
             stack: int = 200, phh_dir: Optional[str] = None, progress: bool = True,
             on_hand: Optional[Callable[[StudHand], None]] = None, first_hand: int = 0,
             client: Optional["Client"] = None) -> SimulationSummary:
    """Play ``hands`` independent fixed-limit hands of ``variant`` between bots.

    Every hand starts with ``stack`` chips for each of ``players`` seats; the dealer is seat
    ``k % players`` in hand ``k``; seat ``i`` is played by ``bots[i % len(bots)]`` (kinds of
    :data:`BOTS`). With a ``seed`` the run is reproducible (decks and bots' choices).
    ``phh_dir`` writes every finished hand as ``phh_dir/hand-00001.phh`` and so on;
    ``on_hand`` is called with every finished hand; ``progress`` shows a bar on stderr when
    it is a terminal. Raises ValueError for an unknown variant or bot, RuntimeError if chips
    were not conserved (a bug).

    Hand ``k`` depends only on ``seed`` and ``k`` (:func:`hand_rng`), so a run can be cut into
    ranges of hands played apart: ``first_hand`` numbers the first hand played (its dealer,
    seed and PHH file name), and ``client``, a ``distributed.Client``, plays the hands on a
    Dask cluster in chunks (:mod:`stud_fast.dask`) with the same summary and PHH files.

    >>> s = simulate("seven-card-stud", hands=5, players=2, seed=3, bots=["strength"],
    ...              progress=False)
    >>> s.flow_per_bot
    {'strength': 0}
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise ValueError(f"hands must be a non-negative integer, got {hands!r}")
    if isinstance(first_hand, bool) or not isinstance(first_hand, int) or first_hand < 0:
        raise ValueError(f"first_hand must be a non-negative integer, got {first_hand!r}")
    if client is not None:
        from stud_fast.dask import simulate_on

        return simulate_on(client, variant, hands, players, seed, bots, ante=ante,
                           bring_in=bring_in, small_bet=small_bet, big_bet=big_bet, stack=stack,
                           phh_dir=phh_dir, progress=progress, on_hand=on_hand,
                           first_hand=first_hand)
    if not bots:
        raise ValueError("give at least one bot")
    game = get_variant(variant)
    most = game.most_players()
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= most:
        raise ValueError(f"{game.name} seats 2 to {most} players, got {players!r}")
    kinds = tuple(b.strip().lower() for b in bots)
    seat_bots = [make_bot(kinds[i % len(kinds)]) for i in range(players)]
    config = GameConfig(variant=game.name, ante=ante, bring_in=bring_in, small_bet=small_bet,
                        big_bet=big_bet)
    stacks = [stack] * players
    write: Optional[Callable[[StudHand, str], Any]] = None
    if phh_dir is not None:
        from stud_fast.history import write_stud_hand as write
        os.makedirs(phh_dir, exist_ok=True)

    rng = random.Random()
    flows = [0] * players
    per_bot = {k: 0 for k in dict.fromkeys(kinds)}
    seat_hands = {k: 0 for k in per_bot}
    for i in range(players):
        seat_hands[kinds[i % len(kinds)]] += hands
    showdowns = actions = total_pot = 0
    total = sum(stacks)
    bar = _Progress(hands, progress, f"simulate {game.name}")
    start = time.perf_counter()
    try:
        for k in range(first_hand, first_hand + hands):
            if seed is not None:
                rng = hand_rng(seed, k)
            hand = StudHand(config, stacks=stacks, dealer=k % players,
                            seed=rng.getrandbits(64) if seed is not None else None)
            while not hand.is_over:
                actor = hand.actor
                assert actor is not None
                play(hand, seat_bots[actor].choose(hand.seat_view(actor), rng))
                actions += 1
            if sum(hand.stacks) != total:
                raise RuntimeError(f"hand {k + 1}: chips not conserved "
                                   f"({sum(hand.stacks)} != {total})")
            for s in range(players):
                net = hand.stacks[s] - stack
                flows[s] += net
                per_bot[kinds[s % len(kinds)]] += net
            if any(r.kind == "show" for r in hand.records):
                showdowns += 1
            total_pot += hand.pot_total
            if write is not None:
                assert phh_dir is not None
                write(hand, os.path.join(phh_dir, f"hand-{k + 1:05d}.phh"))
            if on_hand is not None:
                on_hand(hand)
            bar.update()
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    return SimulationSummary(
        variant=game.name, players=players, bots=kinds, hands=hands, seconds=seconds,
        showdowns=showdowns, actions=actions, total_pot=total_pot, big_bet=big_bet,
        flow_per_seat=flows, flow_per_bot=per_bot, seat_hands_per_bot=seat_hands)
