"""A slow, plainly written all-in equity oracle for ``stud_fast.equity`` (tests only).

Every way the unknown cards can fall is enumerated with :mod:`itertools`: player 0 takes
each set of the cards it still needs from the live deck, then player 1 from what is left,
and so on; each such assignment is one *deal* (the order in which a player's cards arrive
does not matter, only which cards the player ends with). Each final hand is valued with
the pure-Python oracle :func:`stud_fast._reference.reference_key` (no C code involved) or,
when asked, with the C core's :func:`stud_fast.evaluate`. The pot of every deal is shared
by the rules of the issue, in exact :class:`fractions.Fraction` arithmetic:

* high-only games (razz ranks by its low order): the best hand(s) share the pot equally;
* ``stud_hilo``: half the pot to the best high hand(s), half to the best qualifying
  eight-or-better low(s); when no low qualifies the high hand(s) take the whole pot.

Only for small spots: the number of deals grows very fast with the unknown cards.

Example:
    >>> from stud_fast._reference import parse_cards
    >>> r = reference_equity([parse_cards("As Ad Kc Kd 2c 3c"), parse_cards("Qs Qd Jc Jd 4c 5c")],
    ...                      "seven_card_stud", parse_cards("Ac Ah Kh Ks Qc Qh Jh Js"))
    >>> r["deals"], sum(r["equity"])
    (992, Fraction(1, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from stud_fast import _reference

__all__ = ["GAMES", "GameSpec", "count_deals", "live_deck", "reference_equity"]

# game name -> (cards per player, deck card ids, high ranking, split low ranking or None)
GameSpec = tuple[int, tuple[int, ...], str, str | None]

_DECK_52: tuple[int, ...] = tuple(range(52))
_DECK_32: tuple[int, ...] = tuple(range(20, 52))  # 7c .. As

GAMES: dict[str, GameSpec] = {
    "five_card_stud": (5, _DECK_52, "high", None),
    "five_card_stud_32": (5, _DECK_32, "short32", None),
    "mexican_stud": (5, _DECK_52, "high", None),
    "seven_card_stud": (7, _DECK_52, "high", None),
    "razz": (7, _DECK_52, "razz", None),
    "stud_hilo": (7, _DECK_52, "high", "low8"),
}

Key = Any  # a comparable hand strength: larger is stronger, equal ties


def _check(hands: Sequence[Sequence[int]], game: str, dead: Sequence[int]) -> GameSpec:
    """The game's spec after plain checks of the inputs (ValueError on any problem)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    spec = GAMES[game]
    size, deck = spec[0], spec[1]
    if not 2 <= len(hands) <= 8:
        raise ValueError(f"2 to 8 players, not {len(hands)}")
    known = [c for hand in hands for c in hand] + list(dead)
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice")
    if any(c not in deck for c in known):
        raise ValueError("a card is outside the game's deck")
    if any(len(hand) > size for hand in hands):
        raise ValueError("a player holds too many cards")
    if sum(size - len(hand) for hand in hands) > len(deck) - len(known):
        raise ValueError("not enough cards left in the deck")
    return spec


def live_deck(hands: Sequence[Sequence[int]], game: str, dead: Sequence[int]) -> list[int]:
    """The cards that can still be dealt: the game's deck minus every known and dead card."""
    known = {c for hand in hands for c in hand} | set(dead)
    return [c for c in GAMES[game][1] if c not in known]


def count_deals(hands: Sequence[Sequence[int]], game: str, dead: Sequence[int]) -> int:
    """The number of deals :func:`reference_equity` walks, by counting alone (no dealing)."""
    _check(hands, game, dead)
    left = len(live_deck(hands, game, dead))
    total = 1
    for hand in hands:
        need = GAMES[game][0] - len(hand)
        total *= comb(left, need)
        left -= need
    return total


def _deals(deck: tuple[int, ...], needs: Sequence[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every assignment of ``needs[i]`` cards of ``deck`` to player i, no card used twice."""
    if not needs:
        yield ()
        return
    for first in combinations(deck, needs[0]):
        rest = tuple(c for c in deck if c not in first)
        for others in _deals(rest, needs[1:]):
            yield (first,) + others


def _winners(keys: Sequence[Key]) -> list[int]:
    """Indices of the players holding the strongest key."""
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


def reference_equity(hands: Sequence[Sequence[int]], game: str, dead: Sequence[int] = (),
                     *, use_core: bool = False, wild: int = 0) -> dict[str, Any]:
    """Exact all-in results of a stud spot by walking every deal.

    Args:
        hands: each player's known card ids (0..51, ``rank * 4 + suit``).
        game: one of :data:`GAMES`.
        dead: card ids out of play.
        use_core: value hands with the C core's ``stud_fast.evaluate`` instead of the
            pure-Python oracle ``stud_fast._reference.reference_key`` (much faster).
        wild: a 13-bit mask of wild ranks (bit 0 the deuce).

    Returns:
        A dict with ``deals`` (int) and, per player, lists of :class:`Fraction`:
        ``equity`` (share of the pot), ``win`` (fraction of deals won whole and alone),
        ``tie`` (fraction of deals with a share but not the whole pot), ``high`` and
        ``low`` (share of the pot received from the high and the low half; a pot with no
        qualifying low counts entirely as high, and high-only games have ``low`` all 0,
        so ``equity == high + low``).
    """
    size, _, high_ranking, low_ranking = _check(hands, game, dead)
    players = len(hands)
    deck = tuple(live_deck(hands, game, dead))
    needs = [size - len(hand) for hand in hands]

    evaluate: Callable[[tuple[int, ...], str], Key]
    if use_core:
        import stud_fast

        def evaluate(cards: tuple[int, ...], ranking: str) -> Key:
            hand_value = stud_fast.evaluate(list(cards), ranking, wild_ranks=wild)
            if ranking == "low8" and hand_value.category == "no low":
                return None
            return hand_value.value
    else:
        def evaluate(cards: tuple[int, ...], ranking: str) -> Key:
            category, key = _reference.reference_key(cards, ranking, wild)
            if ranking == "low8" and category == "no low":
                return None
            return key

    cache: dict[tuple[tuple[int, ...], str], Key] = {}

    def value(cards: tuple[int, ...], ranking: str) -> Key:
        """Cached strength; None for a low8 hand that does not qualify."""
        slot = (tuple(sorted(cards)), ranking)
        if slot not in cache:
            cache[slot] = evaluate(slot[0], ranking)
        return cache[slot]

    high_sum = [Fraction(0)] * players
    low_sum = [Fraction(0)] * players
    wins = [0] * players
    ties = [0] * players
    deals = 0
    for extra in _deals(deck, needs):
        deals += 1
        finals = [tuple(hand) + more for hand, more in zip(hands, extra)]
        shares = [Fraction(0)] * players
        high_part = Fraction(1)
        if low_ranking is not None:
            lows = [value(cards, low_ranking) for cards in finals]
            qualified = [i for i, k in enumerate(lows) if k is not None]
            if qualified:
                high_part = Fraction(1, 2)
                best = _winners([lows[i] for i in qualified])
                low_winners = [qualified[j] for j in best]
                for i in low_winners:
                    part = Fraction(1, 2 * len(low_winners))
                    low_sum[i] += part
                    shares[i] += part
        high_winners = _winners([value(cards, high_ranking) for cards in finals])
        for i in high_winners:
            part = high_part / len(high_winners)
            high_sum[i] += part
            shares[i] += part
        assert sum(shares) == 1
        for i, share in enumerate(shares):
            if share == 1:
                wins[i] += 1
            elif share > 0:
                ties[i] += 1

    return {
        "deals": deals,
        "equity": [(h + lo) / deals for h, lo in zip(high_sum, low_sum)],
        "win": [Fraction(w, deals) for w in wins],
        "tie": [Fraction(t, deals) for t in ties],
        "high": [h / deals for h in high_sum],
        "low": [lo / deals for lo in low_sum],
    }
