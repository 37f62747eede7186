"""Stud equity: each player's share of the pot from the cards known so far (C engine).

>>> r = equity(["As Ah Kd 7c 2s", "Qc Qd Js 9h 8h"], game="seven_card_stud", seed=1)
>>> r.exact, round(sum(r.equity), 9)
(True, 1.0)
"""

from __future__ import annotations

import functools
import secrets
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Callable, Iterable, Optional, Union

from stud_fast import _core
from stud_fast.cards import card_str, parse_cards, parse_rank_mask
from stud_fast.errors import CardError
from stud_fast.equity_result import (_MAX_SAMPLES, COUNT_ABOVE, DEFAULT_SAMPLES, EXACT_LIMIT,
                                     MAX_DEALS, CardsText, EquityResult, _Pot)
from stud_fast.evaluation import thread_count
from stud_fast.rankings import Ranking
from stud_fast.ranges import Range, range_equity
from stud_fast.variants import VARIANTS

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["EquityResult", "equity", "EXACT_LIMIT", "MAX_DEALS"]

def equity(hands: Iterable[Union[CardsText, Range]], *, game: Optional[str] = "seven_card_stud",
           dead: CardsText = "", exact: Optional[bool] = None, samples: Optional[int] = None,
           seed: Optional[int] = None, threads: Optional[int] = None,
           ranking: Optional[str] = None, cards: Optional[int] = None,
           wild_ranks: Union[str, Iterable[str], int] = "", jokers: int = 0,
           max_deals: int = MAX_DEALS,
           progress: Optional[Callable[[int, int], None]] = None,
           client: Optional["Client"] = None, by_next_card: bool = False) -> EquityResult:
    """Each player's share of the pot in a stud spot.

    ``hands`` gives each player's known cards (down and up). ``game`` is a variant name (see
    :data:`stud_fast.variants.VARIANTS`; hyphens accepted), or None with ``ranking`` (high,
    short32, razz; "hilo" for high with an eight-or-better low half) and ``cards`` per player (5
    or 7). Unknown cards come from the deck minus every known and ``dead`` card. A heads-up spot
    is exact unless ``exact=False``: counted from any street in milliseconds
    (``method="count"``, the tally enumeration gives; docs/equity.md), or enumerated when it has
    at most :data:`~stud_fast.equity_result.COUNT_ABOVE` deals. With more players ``exact=None``
    enumerates when the spot has at most :data:`EXACT_LIMIT` deals and samples ``samples`` deals
    otherwise (1,000,000 by default); ``exact=True`` enumerates, and refuses at once a spot of
    more than ``max_deals`` deals (:data:`MAX_DEALS` by default). A ``seed`` (0 to 2**64 - 1)
    makes sampling reproducible for any thread count. ``wild_ranks`` (text such as ``"9"``, an
    iterable of ranks or a mask) adds wild ranks to the game's own (baseball's threes and nines
    are always wild); ``jokers`` puts that many jokers (``Xx``, always wild) in the deck, known
    ones included. When the deck cannot give every player a seventh card, the last card is one
    card shared by everyone (docs/rules.md S3). ``progress(done, total)``, if given, is called
    about every 2% of the deals (the result is the same with or without it). Ctrl-C stops a run
    of any size within a fraction of a second. A :class:`~stud_fast.ranges.Range` in place of a
    player's cards gives the weight-averaged equity over its holdings, those sharing a card with
    a known or dead card (or another range's holding) dropped; ``progress`` then counts
    combinations of holdings. ``client``, a ``distributed.Client``, runs the enumeration or the
    sampling in pieces on its Dask cluster (:mod:`stud_fast.dask`; a heads-up count in one piece
    on a worker): the same result, deal count included, for any number of workers; ``progress``
    then reports finished pieces (ranges are not run on a cluster). ``by_next_card=True`` (a
    heads-up spot, counted) also fills ``by_next_card``: for each card player 1 may receive
    next, both players' exact equities given that card (the outs).

    >>> equity(["7h 6c 5d 4s", "Kh Qd Jc 10c"], game="razz", exact=False, samples=10_000,
    ...        seed=3).exact
    False
    """
    pot = _pot(game, ranking, cards)
    mask = pot.wild_mask | parse_rank_mask(wild_ranks)
    _check_int("jokers", jokers, 0, 4)
    _check_int("max_deals", max_deals, 1)
    if samples is not None:
        _check_int("samples", samples, 1, _MAX_SAMPLES)
    if seed is not None:
        _check_int("seed", seed, 0, (1 << 64) - 1)
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact must be True, False or None, got {exact!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable or None, got {progress!r}")
    if isinstance(hands, str):
        raise TypeError("hands is one entry per player, e.g. ['As Ks', 'Qh Qd'], not one string")
    hands = list(hands)
    if any(isinstance(h, Range) for h in hands):  # ranges: stud_fast.ranges
        if client is not None:
            raise ValueError("equity with a Range runs here only: leave out client= (a "
                             "cluster runs spots of known cards)")
        return range_equity(hands, pot=pot, mask=mask, dead=dead, exact=exact,
                            samples=samples, seed=seed, threads=threads, jokers=jokers,
                            max_deals=max_deals, progress=progress)
    known = [list(parse_cards(h)) for h in hands]  # type: ignore[arg-type]
    dead_ids = list(parse_cards(dead))
    if not 2 <= len(known) <= 8:
        raise ValueError(f"equity needs 2 to 8 players, got {len(known)}")
    left = _check_cards(known, dead_ids, pot, jokers)
    count = thread_count(threads)
    hands_text = tuple(" ".join(card_str(c) for c in h) for h in known)
    if by_next_card:
        if len(known) != 2 or client is not None or exact is False or jokers:
            raise ValueError("by_next_card is for a heads-up spot counted exactly here: two "
                             "players, no client=, no exact=False, no jokers")
        if len(known[0]) >= pot.cards:
            raise ValueError("by_next_card: player 1 has every card already")
    # the deals an enumeration visits: what decides between counting, enumerating, sampling
    deals = (_core.equity_deal_count(pot.ranking.number, pot.cards, [len(h) for h in known],
                                     left) if exact is not False else 0.0)
    if exact is not False and len(known) == 2 and (
            by_next_card or deals > min(COUNT_ABOVE, max_deals)):
        # heads-up: counted exactly in milliseconds from any street (docs/equity.md); a spot
        # of few deals (sixth street) is enumerated faster, unless max_deals forbids it
        counted = _core.equity_count
        if client is not None:  # on a worker, in one piece
            from stud_fast.dask import equity_count as count_on_cluster

            counted = functools.partial(count_on_cluster, client)
        raw = counted(pot.ranking.number, pot.hilo, pot.cards, known, dead_ids, mask, jokers,
                      count)
        if raw is not None:
            if progress is not None:
                progress(int(raw["deals"]), int(raw["deals"]))
            outs = _by_next_card(pot, known, dead_ids, mask, count) if by_next_card else None
            return EquityResult(
                game=pot.name, hands=hands_text, equity=tuple(raw["equity"]),
                win=tuple(raw["win"]), tie=tuple(raw["tie"]), high=tuple(raw["high"]),
                low=tuple(raw["low"]), std_error=tuple(raw["std_error"]),
                deals=int(raw["deals"]), exact=True, hilo=pot.hilo, method="count",
                by_next_card=outs)
        if by_next_card:
            raise ValueError("by_next_card: this spot is not counted (more than five cards to "
                             "come, four in hi-lo, or a shared last card)")
    if exact is not False:
        if exact is None:
            exact = deals <= min(EXACT_LIMIT, max_deals)
        elif deals > max_deals:
            raise ValueError(
                f"an exact run of this spot enumerates {deals:,.0f} deals, more than "
                f"max_deals={max_deals:,}: sample it (exact=False, samples=...) or raise "
                "max_deals")
    run = _core.equity_raw
    if client is not None:
        from stud_fast.dask import equity_raw as on_cluster

        run = functools.partial(on_cluster, client)
    raw = run(
        pot.ranking.number, pot.hilo, pot.cards, known, dead_ids, exact,
        samples or DEFAULT_SAMPLES, seed if seed is not None else secrets.randbits(64),
        count, mask, jokers, progress)
    return EquityResult(
        game=pot.name, hands=hands_text,
        equity=tuple(raw["equity"]), win=tuple(raw["win"]), tie=tuple(raw["tie"]),
        high=tuple(raw["high"]), low=tuple(raw["low"]), std_error=tuple(raw["std_error"]),
        deals=int(raw["deals"]), exact=bool(raw["exact"]), hilo=pot.hilo,
        method="enumerate" if raw["exact"] else "sample")


def _by_next_card(pot: _Pot, known: list[list[int]], dead: list[int], mask: int,
                  threads: int) -> dict[str, tuple[float, float]]:
    """Both players' counted equities for each card player 1 may get next, by card text in
    deck order: one counted spot per card, ``threads`` of them at a time (the C call lets go
    of the GIL). On Ctrl-C the spots not started are dropped."""
    used = {c for h in known for c in h} | set(dead)
    cards = [c for c in pot.ranking.deck if c not in used]

    def count(card: int) -> tuple[float, float]:
        raw = _core.equity_count(pot.ranking.number, pot.hilo, pot.cards,
                                 [known[0] + [card], known[1]], dead, mask, 0)
        assert raw is not None  # fewer cards to come than the counted spot itself
        return raw["equity"][0], raw["equity"][1]

    if threads <= 1:
        return {card_str(c): count(c) for c in cards}
    pool = ThreadPoolExecutor(max_workers=threads)
    try:
        return {card_str(c): eq for c, eq in zip(cards, pool.map(count, cards))}
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _check_int(name: str, value: object, low: int, high: Optional[int] = None) -> None:
    """A ValueError or TypeError unless value is an int (not a bool) from low to high."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high:,}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {bound}, got {value}")


def _check_cards(known: list[list[int]], dead_ids: list[int], pot: _Pot, jokers: int) -> int:
    """Check the players' and the dead cards; returns the number of cards left to deal."""
    seen: dict[int, str] = {}
    deck = set(pot.ranking.deck)
    jokers_seen = 0
    for where, ids in [(f"player {i + 1}", h) for i, h in enumerate(known)] + [("dead", dead_ids)]:
        if where != "dead" and len(ids) > pot.cards:
            raise ValueError(f"{where} holds {len(ids)} cards; {pot.name} deals {pot.cards}")
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
    lacking = sum(pot.cards - len(h) for h in known)
    left = len(deck) - len(seen) + jokers - jokers_seen
    shared = (pot.cards == 7 and all(len(h) < 7 for h in known)
              and lacking - len(known) + 1 <= left)  # S3: one shared seventh card
    if lacking > left and not shared:
        raise ValueError(f"the deck has {left} cards left but the players still need {lacking}")
    return left


_HILO_NAMES = ("hilo", "hi-lo", "high-low", "highlow", "hi_lo", "high_low")


def _pot(game: Optional[str], ranking: Optional[str], cards: Optional[int]) -> _Pot:
    if game is not None and not isinstance(game, str):
        raise TypeError(f"game must be a variant name or None, got {game!r}")
    if ranking is not None and not isinstance(ranking, (str, Ranking)):
        raise TypeError(f"ranking must be a name such as 'high' or 'hilo', got {ranking!r}")
    if game is not None and ranking is None:
        key = game.strip().lower().replace("-", "_")
        variant = VARIANTS.get(key)
        if variant is None:
            raise ValueError(f"no equity for game {game!r}: use one of {', '.join(VARIANTS)}, "
                             "or game=None with a ranking and cards per player")
        # Baseball counts every three as wild, as after a pot was bought (S5): nobody can know
        # which unknown threes will come face down.
        wild = variant.buy_ranks + variant.wild_ranks
        return _Pot(variant.ranking, variant.low is not None, variant.cards_per_player,
                    parse_rank_mask(wild), key)
    if cards is not None and (isinstance(cards, bool) or not isinstance(cards, int)):
        raise TypeError(f"cards must be 5 or 7, got {cards!r}")
    if ranking is None or cards not in (5, 7):
        raise ValueError("without a game, give ranking= (high, short32, razz or hilo) and "
                         "cards= (5 or 7)")
    hilo = ranking.strip().lower() in _HILO_NAMES
    main = Ranking.HIGH if hilo else Ranking.parse(ranking)
    if main is Ranking.LOW8:
        raise ValueError("low8 is the low half of hilo: use ranking='hilo'")
    assert cards is not None
    return _Pot(main, hilo, cards, 0, f"{ranking}/{cards}")
