"""Stud equity: each player's share of the pot from the cards known so far (C engine).

>>> r = equity(["As Ah Kd 7c 2s", "Qc Qd Js 9h 8h"], game="seven_card_stud", seed=1)
>>> r.exact, round(sum(r.equity), 9)
(True, 1.0)
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Callable, Iterable, Optional, Union

from stud_fast import _core
from stud_fast.cards import card_str, parse_cards, parse_rank_mask
from stud_fast.errors import CardError
from stud_fast.evaluation import thread_count
from stud_fast.rankings import Ranking
from stud_fast.variants import VARIANTS

__all__ = ["EquityResult", "equity", "EXACT_LIMIT", "GAMES"]

#: exact=None enumerates when a spot has at most this many deals, and samples otherwise
EXACT_LIMIT = 50_000_000
DEFAULT_SAMPLES = 1_000_000

#: game name -> (ranking of the pot or its high half, hi-lo split, cards per player, wild
#: ranks). Baseball counts every three as wild, as after a pot was bought (RULES.md S5): the
#: engine cannot know which unknown threes will come face down.
#: (Read from the variants themselves, stud_fast.variants.VARIANTS.)
GAMES: dict[str, tuple[Ranking, bool, int, str]] = {
    name: (v.ranking, v.low is not None, v.cards_per_player, v.buy_ranks + v.wild_ranks)
    for name, v in VARIANTS.items()}


@dataclass(frozen=True)
class EquityResult:
    """Per-player results, in the order the hands were given.

    ``equity`` is the average share of the pot; ``win`` the share of deals a player takes the
    whole pot alone (scoops, in hi-lo); ``tie`` the deals it gets part of the pot; ``high`` and
    ``low`` the shares won through each half of a hi-lo pot; ``std_error`` the standard error of
    ``equity`` when sampled (0 when exact).
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

    def format(self) -> str:
        """A readable table."""
        hilo = self.game in GAMES and GAMES[self.game][1] or self.game.startswith("hilo")
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


def equity(hands: Iterable[CardsText], *, game: Optional[str] = "seven_card_stud",
           dead: CardsText = "", exact: Optional[bool] = None, samples: Optional[int] = None,
           seed: Optional[int] = None, threads: Optional[int] = None,
           ranking: Optional[str] = None, cards: Optional[int] = None,
           wild_ranks: str = "", jokers: int = 0,
           progress: Optional[Callable[[int, int], None]] = None) -> EquityResult:
    """Each player's share of the pot in a stud spot.

    ``hands`` gives each player's known cards (down and up). ``game`` is a variant name (see
    :data:`GAMES`; hyphens accepted), or None with ``ranking`` (high, short32, razz; "hilo" for
    high with an eight-or-better low half) and ``cards`` per player (5 or 7). Unknown cards
    come from the deck minus every known and ``dead`` card. ``exact=None`` enumerates when the
    spot has at most :data:`EXACT_LIMIT` deals and samples ``samples`` deals otherwise
    (1,000,000 by default); a ``seed`` makes sampling reproducible for any thread count.
    ``wild_ranks`` adds wild ranks to the game's; ``jokers`` puts that many jokers (``Xx``,
    always wild) in the deck, known ones included. When the deck cannot give every player a
    seventh card, the last card is one card shared by everyone (RULES.md S3).
    ``progress(done, total)``, if given, is called as a sampled run goes (the result is the
    same with or without it).

    >>> equity(["7h 6c 5d 4s", "Kh Qd Jc Tc"], game="razz", exact=False, samples=10_000,
    ...        seed=3).exact
    False
    """
    main, hilo, per_player, game_wild, name = _game(game, ranking, cards)
    mask = parse_rank_mask(game_wild + wild_ranks if isinstance(wild_ranks, str) else wild_ranks)
    if not 0 <= jokers <= 4:
        raise ValueError(f"a deck holds 0 to 4 jokers, got {jokers}")
    known = [list(parse_cards(h)) for h in hands]
    dead_ids = list(parse_cards(dead))
    if not 2 <= len(known) <= 8:
        raise ValueError(f"equity needs 2 to 8 players, got {len(known)}")
    seen: dict[int, str] = {}
    deck = set(main.deck)
    jokers_seen = 0
    for where, ids in [(f"player {i + 1}", h) for i, h in enumerate(known)] + [("dead", dead_ids)]:
        if where != "dead" and len(ids) > per_player:
            raise ValueError(f"{where} holds {len(ids)} cards; {name} deals {per_player}")
        for c in ids:
            if c == 52:
                jokers_seen += 1
                if where == "dead" or jokers_seen > jokers:
                    raise CardError(f"{where}: more jokers than the deck's {jokers} (jokers=)")
                continue
            if c not in deck:
                raise CardError(f"{where}: {card_str(c)} is not in the {len(deck)}-card deck")
            if c in seen:
                raise CardError(f"{card_str(c)} appears twice ({seen[c]} and {where})")
            seen[c] = where
    lacking = sum(per_player - len(h) for h in known)
    left = len(deck) - len(seen) + jokers - jokers_seen
    shared = (per_player == 7 and all(len(h) < 7 for h in known)
              and lacking - len(known) + 1 <= left)  # S3: one shared seventh card
    if lacking > left and not shared:
        raise ValueError(f"the deck has {left} cards left but the players still need {lacking}")
    if exact is None:
        deals = _core.equity_deal_count(main.number, per_player, [len(h) for h in known], left)
        exact = deals <= EXACT_LIMIT
    if samples is not None and samples < 1:
        raise ValueError("samples must be at least 1")
    count = thread_count(threads)
    raw = _core.equity_raw(
        main.number, hilo, per_player, known, dead_ids, exact,
        samples or DEFAULT_SAMPLES, seed if seed is not None else secrets.randbits(64),
        count, mask, jokers, progress)
    return EquityResult(
        game=name, hands=tuple(" ".join(card_str(c) for c in h) for h in known),
        equity=tuple(raw["equity"]), win=tuple(raw["win"]), tie=tuple(raw["tie"]),
        high=tuple(raw["high"]), low=tuple(raw["low"]), std_error=tuple(raw["std_error"]),
        deals=int(raw["deals"]), exact=bool(raw["exact"]))


def _game(game: Optional[str], ranking: Optional[str],
          cards: Optional[int]) -> tuple[Ranking, bool, int, str, str]:
    if game is not None and ranking is None:
        key = game.strip().lower().replace("-", "_")
        if key not in GAMES:
            raise ValueError(f"no equity for game {game!r}: use one of {', '.join(GAMES)}, "
                             "or game=None with a ranking and cards per player")
        main, hilo, per_player, wild = GAMES[key]
        return main, hilo, per_player, wild, key
    if ranking is None or cards not in (5, 7):
        raise ValueError("without a game, give ranking= (high, short32, razz or hilo) and "
                         "cards= (5 or 7)")
    hilo = ranking.strip().lower() in ("hilo", "hi-lo", "high-low")
    main = Ranking.HIGH if hilo else Ranking.parse(ranking)
    if main is Ranking.LOW8:
        raise ValueError("low8 is the low half of hilo: use ranking='hilo'")
    assert cards is not None
    return main, hilo, cards, "", f"{ranking}/{cards}"
