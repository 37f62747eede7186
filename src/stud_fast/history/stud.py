"""Between the stud engine and PHH: write a finished :class:`~stud_fast.table.StudHand` as a
hand history, and replay a history through the engine.

PHH numbers players from the dealer's left (``p1``); a replayed hand therefore seats ``p1`` at
seat 0 with the dealer at the last seat, and a written hand lists the seats in dealing order.
Every event the engine records is written, dealer errors included (``d _pc``, ``d _fu``,
``d _ex``, ``_ai``, ``_po``: see :mod:`stud_fast.history.phh`), so a written hand replays to
the same stacks. A replay refuses what the rules forbid with a :class:`ReplayError` naming the
rule ID (docs/rules.md, ``stud-fast rules ID``), the action's line in the file and number, its text,
and the player as the file names it; a file whose ``finishing_stacks`` disagree with the replay
raises :class:`FinishingStacksError`.

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
import re
from decimal import Decimal
from typing import Literal, NamedTuple, Optional, Sequence, Union

from stud_fast.cards import card_str, parse_cards
from stud_fast.errors import RuleError
from stud_fast.history.document import place
from stud_fast.history.phh import (OPTION_DEFAULTS, Action, HandHistory, PHHError, VariantCode,
                                   dump, join_cards, load, parse_action, parse_variant,
                                   variant_code)
from stud_fast.table import Record, StudHand
from stud_fast.variants import GameConfig, Variant, game_options, games

__all__ = ["to_phh", "write_stud_hand", "replay", "replay_file", "ReplayError",
           "FinishingStacksError"]

Limit = Literal["fixed", "pot", "no"]
_BETTING_NAME: dict[Limit, str] = {"fixed": "fixed-limit", "pot": "pot-limit", "no": "no-limit"}
_BETTING_OF: dict[str, Limit] = {v: k for k, v in _BETTING_NAME.items()}
#: the rule options a file carries as extension fields (``_tiebreak`` ...)
_OPTIONS = tuple(o.name for o in game_options().values() if o.rule)


class ReplayError(PHHError):
    """A recorded action the rules refuse, on one line: ``"<rule>: line <line>, action <number>
    '<text>': <why>"`` with players named as the file names them (``p3``). ``rule`` is the
    rule ID (docs/rules.md, ``stud-fast rules ID``), ``line`` the line of the file the action stands
    on (None, and left out of the message, for a hand not read from text or changed since),
    ``number`` the action's 1-based position in ``actions`` and ``action`` its text.

    >>> str(ReplayError("B5", 7, "p3 cc", "p3 acts out of turn: p1 is to act", line=14))
    "B5: line 14, action 7 'p3 cc': p3 acts out of turn: p1 is to act"
    """

    def __init__(self, rule: str, number: int, action: str, message: str,
                 line: Optional[int] = None) -> None:
        super().__init__(f"{rule}: {place(number, line)} {action!r}: {message}")
        self.rule, self.number, self.action, self.line = rule, number, action, line


class FinishingStacksError(PHHError):
    """The replay ends with other stacks than the file's ``finishing_stacks``. ``expected``
    holds the file's, ``replayed`` the engine's (PHH player order) and ``hand`` the finished
    hand."""

    def __init__(self, expected: list[int], hand: StudHand, line: Optional[int] = None) -> None:
        differ = ", ".join(f"p{i + 1} {e} != {r}" for i, (e, r)
                           in enumerate(zip(expected, hand.stacks)) if e != r)
        where = "" if line is None else f"line {line}: "
        super().__init__(f"{where}finishing_stacks disagree with the replay (file != replay): "
                         f"{differ or 'a different number of players'}")
        self.expected, self.replayed, self.hand = expected, list(hand.stacks), hand


def _players(message: str) -> str:
    """An engine message with its 0-based seats named as PHH names them (seat 0 is p1)."""
    return re.sub(r"\bseat (\d+)", lambda m: f"p{int(m.group(1)) + 1}", message)


# ---- writing ---------------------------------------------------------------------------------

def to_phh(hand: StudHand) -> HandHistory:
    """The PHH history of a finished hand: every dealt card, every action and dealer error, a
    show or muck line for every player at showdown, and ``finishing_stacks``."""
    if not hand.is_over:
        raise ValueError("only a finished hand can be written as a hand history")
    cfg = hand.config
    game = cfg.game
    order = [(hand.dealer + 1 + i) % hand.seats for i in range(hand.seats)]
    player = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    extensions: dict[str, object] = {"_deck": game.deck} if game.deck != 52 else {}
    for name in _OPTIONS:
        value = getattr(cfg, name)
        if value != OPTION_DEFAULTS.get("_" + name, value):
            extensions["_" + name] = value
    # I2: a seventh-street card dealt face up where the street deals it down
    exposable = game.exposable_street
    actions: list[str] = []
    pending: dict[int, list[int]] = {}  # cards of the street being dealt, per seat
    face_up: list[int] = []
    premature: Optional[int] = None  # I1 keep_capped: that card is dealt face up, not I2
    current_street = -1

    def flush_deals() -> None:
        for seat in order:
            if pending.get(seat):
                actions.append(f"d dh {player[seat]} {join_cards(map(card_str, pending[seat]))}")
        actions.extend(f"d _fu {player[seat]}" for seat in order if seat in face_up)
        pending.clear()
        face_up.clear()

    for r in hand.records:
        if r.kind == "deal":
            if r.street != current_street:
                flush_deals()
                current_street = r.street
            assert r.seat is not None
            pending.setdefault(r.seat, []).extend(r.cards)
            if (r.street == exposable and r.up[0]
                    and r.cards[0] != premature):
                face_up.append(r.seat)
            continue
        flush_deals()
        if r.kind == "premature_card":
            premature = r.cards[0]
        line = _action_line(r, player)
        if line:
            actions.append(line)
    flush_deals()
    fixed = cfg.betting == "fixed"
    return HandHistory(
        variant=variant_code(game.phh_code, _BETTING_NAME[cfg.betting], extensions),
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


_VERB = {"bring_in": "pb", "complete": "cbr", "bet": "cbr", "raise": "cbr", "check": "cc",
         "call": "cc", "fold": "f", "take_all_in": "_ai", "play_on": "_po"}


def _action_line(r: Record, player: dict[int, str]) -> Optional[str]:
    kind = r.kind
    if kind in ("ante", "burn", "win", "collect"):
        return None
    if kind == "community":
        return f"d db {card_str(r.cards[0])}"
    if kind == "premature_card":
        return f"d _pc {card_str(r.cards[0])}"
    assert r.seat is not None
    p = player[r.seat]
    if kind == "exposed_card":
        return f"d _ex {p}"
    if kind in ("complete", "bet", "raise"):
        return f"{p} cbr {r.to}"
    if kind in _VERB:
        return f"{p} {_VERB[kind]}"
    if kind == "show":
        return f"{p} sm {join_cards(map(card_str, r.cards))}"
    if kind == "muck":
        return f"{p} sm"
    if kind == "turn_up":
        return f"{p} _tu {card_str(r.cards[0])}"
    if kind == "buy_pot":
        return f"{p} _bp {r.amount}"
    raise ValueError(f"unknown record kind {kind!r}")  # pragma: no cover


def write_stud_hand(hand: StudHand, path: Union[str, os.PathLike[str]]) -> None:
    """Write a finished hand to a ``.phh`` file."""
    dump(to_phh(hand), path)


# ---- reading ---------------------------------------------------------------------------------

def _chips(value: object, what: str) -> int:
    """A PHH amount as a whole number of chips: an int, or a TOML float with nothing after
    the point (``5.0``); anything else (``5.5``) is a PHHError, never truncated."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)
    raise PHHError(f"{what} is {value}: chip amounts are whole numbers")


def _chips_of(history: HandHistory, name: str, value: object, what: str) -> int:
    """:func:`_chips` of a field's value; the error names the field's line."""
    try:
        return _chips(value, what)
    except PHHError as e:
        raise history.field_error(name, str(e)) from None


def _code_of(history: HandHistory) -> VariantCode:
    try:
        return parse_variant(history.variant)
    except PHHError as e:
        raise history.field_error("variant", str(e)) from None


def _game_of(history: HandHistory) -> Variant:
    code = _code_of(history)
    deck = history.extensions.get("_deck", 52)
    for game in games():
        if game.phh_code == code.game and game.deck == deck:
            return game
    raise history.field_error("variant", f"{history.variant}: game {code.game} on {deck} "
                                         f"cards is not replayed")


def _config_of(history: HandHistory) -> GameConfig:
    code = _code_of(history)
    betting = _BETTING_OF[code.betting]
    game = _game_of(history)
    ext = history.extensions
    antes = {_chips_of(history, "antes", a, f"antes[{i}]")
             for i, a in enumerate(history.antes)}
    if len(antes) > 1:
        raise PHHError("different antes per player are not supported")
    options: dict[str, object] = {name: ext["_" + name] for name in _OPTIONS if "_" + name in ext}
    if game.baseball:
        options["baseball_cards"] = game.cards_per_player
    if betting == "fixed":
        if history.small_bet is None or history.big_bet is None:
            raise PHHError("fixed-limit stud needs small_bet and big_bet")
        small = _chips_of(history, "small_bet", history.small_bet, "small_bet")
        big = _chips_of(history, "big_bet", history.big_bet, "big_bet")
    else:
        if history.min_bet is None:
            raise PHHError("pot- and no-limit stud need min_bet")
        small = big = _chips_of(history, "min_bet", history.min_bet, "min_bet")
    bring_in = (None if history.bring_in is None
                else _chips_of(history, "bring_in", history.bring_in, "bring_in"))
    try:
        return GameConfig(variant=game.name, ante=antes.pop() if antes else 0,
                          bring_in=bring_in, small_bet=small, big_bet=big, betting=betting,
                          **options)  # type: ignore[arg-type]
    except (TypeError, ValueError) as e:
        raise history.field_error("variant", f"{history.variant}: {e}") from None


class _Line(NamedTuple):
    """One action of the file: its number (from 1), the line it stands on (None when
    unknown), its text and what it says."""

    number: int
    line: Optional[int]
    text: str
    action: Action

    def error(self, rule: str, message: str) -> ReplayError:
        """A :class:`ReplayError` about this action."""
        return ReplayError(rule, self.number, self.text, message, self.line)


def _parse(history: HandHistory, players: int) -> list[_Line]:
    where = history.action_lines()
    lines: list[_Line] = []
    for number, text in enumerate(history.actions, 1):
        line = where[number - 1] if where else None
        try:
            a = parse_action(text)
        except PHHError as e:
            raise ReplayError("PHH", number, text, str(e), line) from None
        for who in (a.actor, a.player):
            if isinstance(who, int) and who >= players:
                raise ReplayError("E2", number, text, f"there is no p{who + 1} at this table "
                                                      f"of {players} players", line)
        lines.append(_Line(number, line, text, a))
    return lines


def _dealt_cards(lines: list[_Line], config: GameConfig, players: int
                 ) -> tuple[list[list[Optional[str]]], list[list[_Line]]]:
    """Each player's cards in the order dealt, and the line that dealt each; every deal line
    gives the cards of one street (its number in the variant), never a street too many."""
    game = config.game
    rule = "S2" if game.cards_per_player == 7 else "S1"
    per_street = [st.down + st.up for st in game.streets]
    holes: list[list[Optional[str]]] = [[] for _ in range(players)]
    line_of: list[list[_Line]] = [[] for _ in range(players)]
    streets_dealt = [0] * players
    for line in lines:
        a = line.action
        if a.verb != "dh" or a.player is None:
            continue
        p, cards = a.player, a.cards or ()
        k = streets_dealt[p]
        if k >= len(per_street):
            raise line.error(rule, f"p{p + 1} is dealt a card after the last street of "
                                   f"{game.name}")
        extra = (sum(1 for c in cards if c is not None and c[0] == "4")
                 if game.baseball and config.four_up_extra_card else 0)
        if not per_street[k] <= len(cards) <= per_street[k] + extra:
            raise line.error(rule, f"p{p + 1} gets {len(cards)} cards where "
                                   f"{game.streets[k].name} street deals {per_street[k]}")
        streets_dealt[p] = k + 1
        holes[p].extend(cards)
        line_of[p].extend([line] * len(cards))
    return holes, line_of


def replay(history: HandHistory, *, check_stacks: bool = True) -> StudHand:
    """Play a hand history through the engine and return the finished hand.

    Every dealt card, known or not (``??`` cards are filled with unused cards; a show line
    reveals them), goes to its player; the actions are applied as recorded, each checked by
    the engine's rules. A line the rules refuse raises :class:`ReplayError`; with
    ``check_stacks`` (the default) a file whose ``finishing_stacks`` disagree with the replay
    raises :class:`FinishingStacksError`, which holds the finished hand.
    """
    config = _config_of(history)
    n = history.player_count
    if not 2 <= n <= config.max_players:
        raise history.field_error("starting_stacks", f"S3: {config.variant} seats 2 to "
                                  f"{config.max_players} players, the file has {n}")
    lines = _parse(history, n)
    holes, line_of = _dealt_cards(lines, config, n)
    shown: dict[int, tuple[_Line, tuple[Optional[str], ...]]] = {}
    community: list[str] = []
    premature: list[str] = []
    for line in lines:
        a = line.action
        if a.verb == "db":
            community.extend(c for c in (a.cards or ()) if c is not None)
        elif a.verb == "_pc" and a.cards and a.cards[0] is not None:
            premature.append(a.cards[0])
        elif a.verb == "sm" and a.shown and a.cards and isinstance(a.actor, int):
            shown[a.actor] = (line, a.cards)
    for p, (line, cards) in shown.items():  # a show reveals the cards dealt ??
        if len(cards) != len(holes[p]) or any(
                c is not None and h is not None and c != h for c, h in zip(cards, holes[p])):
            raise line.error("S6", f"p{p + 1} shows other cards than it was dealt")
        holes[p] = [c if c is not None else h for c, h in zip(cards, holes[p])]
    known = {c for h in holes for c in h if c is not None} | set(community) | set(premature)
    # Unknown cards belong to players who never showed. They must not change who brings in
    # (F2), so they are the cards least likely to: the highest first, or in razz, where the
    # highest card brings in, the lowest (aces) first.
    by_rank = sorted(config.game.ranking.deck,
                     key=lambda c: (-1 if c >> 2 == 12 else c >> 2, c & 3))
    if config.game.opener != "bring_in_high":
        by_rank.reverse()
    spare = iter(card_str(c) for c in by_rank if card_str(c) not in known)
    stacks = [_chips_of(history, "starting_stacks", s, f"starting_stacks[{i}]")
              for i, s in enumerate(history.starting_stacks)]
    try:
        filled = [[c if c is not None else next(spare) for c in h] for h in holes]
        hand = StudHand(config, stacks=stacks,
                        dealer=n - 1, hole_cards=[" ".join(h) for h in filled],
                        deck=[parse_cards(c)[0] for c in community], burn=False,
                        automatic=not any(line.action.verb == "_fu" for line in lines))
    except StopIteration:
        raise PHHError("more cards are dealt than the deck holds") from None
    except ValueError as e:  # CardError: the same card twice
        raise PHHError(f"the cards dealt cannot be dealt: {e}") from None
    _play(hand, lines)
    left = [(p, len(q)) for p, q in enumerate(hand._shoe.queued or ()) if q]
    if left:
        p, count = left[0]
        raise line_of[p][len(line_of[p]) - count].error(
            "S2", f"p{p + 1} is dealt more cards than the hand gives it")
    if check_stacks and history.finishing_stacks is not None:
        expected = [_chips_of(history, "finishing_stacks", x, f"finishing_stacks[{i}]")
                    for i, x in enumerate(history.finishing_stacks)]
        if expected != hand.stacks:
            raise FinishingStacksError(expected, hand, history.field_line("finishing_stacks"))
    return hand


def _drive(hand: StudHand, exposed: list[int]) -> None:
    """A dealer-driven replay (``d _fu`` lines): the dealer's operations due before the next
    player's, the seventh-street deal with its face-up cards."""
    while hand.dealer_due is not None:
        if hand.dealer_due == "deal":
            hand._apply("deal", exposed if hand.street + 2 == len(hand.config.game.streets) else ())
        else:
            hand._apply(hand.dealer_due)


def _play(hand: StudHand, lines: Sequence[_Line]) -> None:
    exposed: list[int] = []  # I2: d _fu lines of the seventh-street deal
    after_deal = False  # only deal lines since the last other line
    for line in lines:
        a = line.action
        if a.actor is None or a.verb in ("sm", "sd"):
            continue
        try:
            if a.verb in ("dh", "db"):  # dealt from hole_cards (extra cards: replay())
                after_deal = True
                continue
            if a.verb == "_fu":
                if not after_deal:
                    raise RuleError("I2", "a card dealt face up follows the deal lines")
                assert a.player is not None
                exposed.append(a.player)
                continue
            after_deal = False
            _drive(hand, exposed)
            if hand.is_over:
                raise RuleError("E2", "the hand is already over")
            if a.verb == "_ex":
                assert a.player is not None
                hand._apply("exposed_card", a.player)
            elif a.verb == "_pc":
                assert a.cards is not None and a.cards[0] is not None
                hand._apply("premature_card", a.cards[0])
            else:
                _apply(hand, a)
        except RuleError as e:
            raise line.error(e.rule, _players(e.reason)) from None
        except PHHError as e:  # an amount that is not a whole number of chips
            raise line.error("B2", str(e)) from None
        except ValueError as e:  # the cards dealt cannot give this street (hole_cards)
            raise line.error("S2", _players(str(e))) from None
    last = f" (the last is {place(lines[-1].number, lines[-1].line)})" if lines else ""
    try:
        _drive(hand, exposed)
    except RuleError as e:
        raise PHHError(f"{e.rule}: {_players(e.reason)}{last}") from None
    if not hand.is_over:
        raise PHHError(f"the recorded actions end before the hand does{last}")


def _apply(hand: StudHand, a: Action) -> None:
    """One player's action, or RuleError."""
    actor = a.actor
    assert isinstance(actor, int)
    if hand.actor != actor:
        raise RuleError("B5", f"p{actor + 1} acts out of turn: p{(hand.actor or 0) + 1} is to "
                              f"act")
    legal = hand.legal_actions()
    verb = a.verb
    if verb == "_tu":
        assert a.cards is not None
        hand._apply("turn_up", a.cards[0] or "")
        return
    if verb in ("_bp", "_ai", "_po"):
        kind = {"_bp": "buy_pot", "_ai": "take_all_in", "_po": "play_on"}[verb]
        if kind in legal and verb == "_bp" and _chips(a.amount, "_bp") != legal[kind][0]:
            raise RuleError("S5", f"p{actor + 1} buys the pot for {legal[kind][0]}, not "
                                  f"{a.amount}")
        hand._apply(kind)
        return
    to: Optional[int] = None
    if verb == "pb":
        kind = "bring_in"
    elif verb == "f":
        kind = "fold"
    elif verb == "cc":
        kind = "check" if "check" in legal else "call"
    elif verb == "cbr":
        target = _chips(a.amount, f"p{actor + 1} cbr amount")
        kind = next((k for k in ("complete", "bet", "raise") if k in legal), "raise")
        if kind == "complete" or (hand.config.betting == "fixed" and kind in legal):
            expected = legal[kind][0]
            if target != expected:
                raise RuleError("B2", f"p{actor + 1} cbr {target}: the limit allows "
                                      f"{expected} here")
        else:
            to = target
    else:
        raise RuleError("B1", f"action {verb!r} is not a stud action")
    hand._apply(kind, to)


def replay_file(path: Union[str, os.PathLike[str]], *, check_stacks: bool = True) -> StudHand:
    """Replay a ``.phh`` file (see :func:`replay`)."""
    return replay(load(path), check_stacks=check_stacks)
