"""Between the stud engine and PHH: write a finished :class:`~stud_fast.table.StudHand` as a
hand history, and replay a history through the engine.

PHH numbers players from the dealer's left (``p1``); a replayed hand therefore seats ``p1`` at
seat 0 with the dealer at the last seat, and a written hand lists the seats in dealing order.

>>> from stud_fast.variants import GameConfig
>>> from stud_fast.table import StudHand
>>> cfg = GameConfig(variant="razz", ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = StudHand(cfg, stacks=[100, 100, 100], dealer=2, seed=5)
>>> while not hand.is_over:
...     _ = hand.act("call" if hand.can_call() else "check" if hand.can_check() else "bring_in")
>>> again = replay(to_phh(hand))
>>> again.stacks == hand.stacks
True
"""

from __future__ import annotations

import os
from decimal import Decimal
from typing import Literal, Optional, Union

from stud_fast.cards import card_str, parse_cards
from stud_fast.history.phh import (OPTION_DEFAULTS, Action, HandHistory, PHHError, dump,
                                   join_cards, load, parse_variant, variant_code)
from stud_fast.table import Record, RuleError, StudHand
from stud_fast.variants import GameConfig

__all__ = ["to_phh", "write_stud_hand", "replay", "replay_file"]

# engine variant -> (PHH game, extension fields that identify it)
_GAME_OF = {
    "seven_card_stud": ("7S", {}),
    "stud_hilo": ("7S/8", {}),
    "razz": ("R", {}),
    "five_card_stud": ("5S", {}),
    "five_card_stud_32": ("5S", {"_deck": 32}),
    "mexican_stud": ("5M", {}),
    "baseball": ("7B", {}),
}
_VARIANT_OF = {"7S": "seven_card_stud", "7S/8": "stud_hilo", "R": "razz", "5S": "five_card_stud",
               "5M": "mexican_stud", "7B": "baseball", "5B": "baseball"}
Limit = Literal["fixed", "pot", "no"]
_BETTING_NAME: dict[Limit, str] = {"fixed": "fixed-limit", "pot": "pot-limit", "no": "no-limit"}
_BETTING_OF: dict[str, Limit] = {v: k for k, v in _BETTING_NAME.items()}
_OPTIONS = ("tiebreak", "max_raises", "unlimited_heads_up", "open_pair_big_bet", "first_round",
            "four_up_extra_card", "dead_seat_keeps_cards", "community_card_betting")


def to_phh(hand: StudHand) -> HandHistory:
    """The PHH history of a finished hand: every dealt card, every action, a show or muck line
    for every player at showdown, and ``finishing_stacks``."""
    if not hand.is_over:
        raise ValueError("only a finished hand can be written as a hand history")
    cfg = hand.config
    order = hand._dealing_order()  # PHH player i+1 is seat order[i]
    player = {seat: i for i, seat in enumerate(order)}
    game, ext = _GAME_OF[cfg.variant]
    if cfg.game.baseball and cfg.baseball_cards == 5:
        game = "5B"
    extensions: dict[str, object] = dict(ext)
    for name in _OPTIONS:
        value = getattr(cfg, name)
        if value != OPTION_DEFAULTS.get("_" + name, value):
            extensions["_" + name] = value
    actions: list[str] = []
    pending: dict[int, list[int]] = {}  # cards of the street being dealt, per seat
    current_street = -1

    def flush_deals() -> None:
        for seat in order:
            if pending.get(seat):
                actions.append(f"d dh p{player[seat] + 1} {join_cards(map(card_str, pending[seat]))}")
        pending.clear()

    for r in hand.records:
        if r.kind == "deal":
            if r.street != current_street:
                flush_deals()
                current_street = r.street
            assert r.seat is not None
            pending.setdefault(r.seat, []).extend(r.cards)
            continue
        flush_deals()
        line = _action_line(r, player)
        if line:
            actions.append(line)
    flush_deals()
    fixed = cfg.betting == "fixed"
    return HandHistory(
        variant=variant_code(game, _BETTING_NAME[cfg.betting], extensions),
        antes=[cfg.ante] * hand.seats,
        starting_stacks=[hand.starting_stacks[s] for s in order],
        actions=actions,
        bring_in=cfg.bring_in if cfg.uses_bring_in else None,
        small_bet=cfg.small_bet if fixed else None,
        big_bet=cfg.big_bet if fixed else None,
        min_bet=None if fixed else cfg.small_bet,
        finishing_stacks=[hand.stacks[s] for s in order],
        extensions=extensions,
    )


def _action_line(r: Record, player: dict[int, int]) -> Optional[str]:
    if r.kind in ("ante", "burn", "win", "collect", "premature_card", "take_all_in", "play_on"):
        return None
    if r.kind == "community":
        return f"d db {card_str(r.cards[0])}"
    assert r.seat is not None
    p = f"p{player[r.seat] + 1}"
    if r.kind == "bring_in":
        return f"{p} pb"
    if r.kind in ("complete", "bet", "raise"):
        return f"{p} cbr {r.to}"
    if r.kind in ("check", "call"):
        return f"{p} cc"
    if r.kind == "fold":
        return f"{p} f"
    if r.kind == "show":
        return f"{p} sm {join_cards(map(card_str, r.cards))}"
    if r.kind == "muck":
        return f"{p} sm"
    if r.kind == "turn_up":
        return f"{p} _tu {card_str(r.cards[0])}"
    if r.kind == "buy_pot":
        return f"{p} _bp {r.amount}"
    raise ValueError(f"unknown record kind {r.kind!r}")  # pragma: no cover


def write_stud_hand(hand: StudHand, path: Union[str, os.PathLike[str]]) -> None:
    """Write a finished hand to a ``.phh`` file."""
    dump(to_phh(hand), path)


def _chips(value: object, what: str) -> int:
    """A PHH amount as a whole number of chips: an int, or a TOML float with nothing after
    the point (``5.0``); anything else (``5.5``) is a PHHError, never truncated."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)
    raise PHHError(f"{what} is {value}: chip amounts are whole numbers")


def _config_of(history: HandHistory) -> GameConfig:
    code = parse_variant(history.variant)
    betting = _BETTING_OF[code.betting]
    variant = _VARIANT_OF.get(code.game)
    if variant is None:
        raise PHHError(f"{history.variant}: game {code.game} is not replayed yet")
    ext = history.extensions
    if variant == "five_card_stud" and ext.get("_deck", 52) == 32:
        variant = "five_card_stud_32"
    antes = {_chips(a, f"antes[{i}]") for i, a in enumerate(history.antes)}
    if len(antes) > 1:
        raise PHHError("different antes per player are not supported")
    options: dict[str, object] = {name: ext["_" + name] for name in _OPTIONS if "_" + name in ext}
    if code.game == "5B":
        options["baseball_cards"] = 5
    if betting == "fixed":
        if history.small_bet is None or history.big_bet is None:
            raise PHHError("fixed-limit stud needs small_bet and big_bet")
        small, big = _chips(history.small_bet, "small_bet"), _chips(history.big_bet, "big_bet")
    else:
        if history.min_bet is None:
            raise PHHError("pot- and no-limit stud need min_bet")
        small = big = _chips(history.min_bet, "min_bet")
    return GameConfig(variant=variant, ante=antes.pop() if antes else 0,
                      bring_in=(_chips(history.bring_in, "bring_in")
                                if history.bring_in is not None else None),
                      small_bet=small, big_bet=big, betting=betting,
                      **options)  # type: ignore[arg-type]


def replay(history: HandHistory) -> StudHand:
    """Play a hand history through the engine and return the finished hand.

    Every dealt card, known or not (``??`` cards are filled with unused cards; a show line
    reveals them), goes to its player; the betting actions are applied as recorded, each
    checked by the engine's rules. A recorded action the rules refuse raises PHHError.
    """
    config = _config_of(history)
    actions = history.parsed_actions()
    n = history.player_count
    holes: list[list[Optional[str]]] = [[] for _ in range(n)]
    shown: dict[int, tuple[Optional[str], ...]] = {}
    community: list[str] = []
    for a in actions:
        if a.verb == "dh" and a.player is not None:
            holes[a.player].extend(a.cards or ())
        elif a.verb == "db":
            community.extend(c for c in (a.cards or ()) if c is not None)
        elif a.verb == "sm" and a.shown and a.cards and isinstance(a.actor, int):
            shown[a.actor] = a.cards
    for p, cards in shown.items():  # a show reveals the cards dealt as ??
        if len(cards) == len(holes[p]):
            holes[p] = [c if c is not None else h for c, h in zip(cards, holes[p])]
    known = {c for h in holes for c in h if c is not None} | set(community)
    # Unknown cards belong to players who never showed. They must not change who brings in
    # (F2), so they are the cards least likely to: the highest first, or in razz, where the
    # highest card brings in, the lowest (aces) first.
    by_rank = sorted(config.game.ranking.deck,
                     key=lambda c: (-1 if c >> 2 == 12 else c >> 2, c & 3))
    if config.game.opener != "bring_in_high":
        by_rank.reverse()
    spare = iter(card_str(c) for c in by_rank if card_str(c) not in known)
    filled = [[c if c is not None else next(spare) for c in h] for h in holes]
    deck = [parse_cards(c)[0] for c in community]
    hand = StudHand(config, stacks=[_chips(s, f"starting_stacks[{i}]")
                                             for i, s in enumerate(history.starting_stacks)], dealer=n - 1,
                    hole_cards=[" ".join(h) for h in filled], deck=deck, burn=False)
    for a in actions:
        if not isinstance(a.actor, int) or a.verb == "sm":
            continue
        if a.verb == "_bp":
            if hand.actor != a.actor or not hand.can_buy_pot():
                raise PHHError(f"cannot replay {a}")
            hand.buy_pot()
            continue
        if a.verb == "_tu":
            if hand.actor != a.actor or not a.cards or a.cards[0] is None:
                raise PHHError(f"cannot replay {a}")
            hand.turn_up(a.cards[0])
            continue
        _apply(hand, a)
    if not hand.is_over:
        raise PHHError("the recorded actions end before the hand does")
    return hand


def _apply(hand: StudHand, a: Action) -> None:
    actor = a.actor
    assert isinstance(actor, int)
    if hand.actor != actor:
        raise PHHError(f"p{actor + 1} acts out of turn (the engine expects "
                       f"p{(hand.actor or 0) + 1}): {a}")
    legal = hand.legal_actions()
    to: Optional[int] = None
    if a.verb == "pb":
        kind = "bring_in"
    elif a.verb == "f":
        kind = "fold"
    elif a.verb == "cc":
        kind = "check" if "check" in legal else "call"
    elif a.verb == "cbr":
        target = _chips(a.amount, f"p{actor + 1} cbr amount")
        kind = ""
        for candidate in ("complete", "bet", "raise"):
            if candidate in legal:
                kind = candidate
                break
        if not kind:
            raise PHHError(f"p{actor + 1} cannot bet or raise here")
        if kind == "complete" or hand.config.betting == "fixed":
            expected = hand._round_bet[actor] + legal[kind][0]
            if target != expected:
                raise PHHError(f"p{actor + 1} cbr {target}: the limit allows "
                               f"{expected} here")
        else:
            to = target
    else:
        raise PHHError(f"action {a.verb!r} is not replayed")
    try:
        hand.act(kind, to)
    except RuleError as e:
        raise PHHError(f"p{actor + 1} {a.verb}: {e}") from e


def replay_file(path: Union[str, os.PathLike[str]]) -> StudHand:
    """Replay a ``.phh`` file (see :func:`replay`)."""
    return replay(load(path))
