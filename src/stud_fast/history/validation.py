"""Checking a :class:`HandHistory` against PHH and stud_fast's extensions without playing it:
:func:`validate`, and :func:`missing_showdown` for the show or muck lines a finished hand
needs. Problems with an action name its line in the file when the hand was read from text.

>>> from stud_fast.history.document import loads
>>> validate(loads('variant = "FR"\\nantes = [1, 1]\\nbring_in = 1\\nsmall_bet = 2\\n'
...                'big_bet = 4\\nstarting_stacks = [50, 50]\\nactions = ["d dh p3 AsKs2c"]\\n'))
Traceback (most recent call last):
...
stud_fast.history.codes.PHHError: line 7, action 1 'd dh p3 AsKs2c': there are only 2 players
"""

from __future__ import annotations

from typing import Optional

from stud_fast.history.actions import _JOKER, _RANKS, parse_action
from stud_fast.history.codes import (_OPTION_CHOICES, _PHH_CODES, OPTION_DEFAULTS,
                                     STANDARD_STUD_CODES, PHHError, VariantCode, parse_variant,
                                     variant_code)
from stud_fast.history.document import _PER_PLAYER, HandHistory, place

__all__ = ["validate", "missing_showdown"]


def missing_showdown(hand: HandHistory) -> list[int]:
    """Players (0-based) who never folded, when two or more did not, and have no ``sm`` line.

    A finished hand that reached showdown must give each of them a show or muck line: pokerkit
    mucks a player without one and drops the pot when nobody shows.
    """
    folded = set()
    showed = set()
    for a in hand.parsed_actions():
        if a.verb == "f" and isinstance(a.actor, int):
            folded.add(a.actor)
        elif a.verb == "sm" and isinstance(a.actor, int):
            showed.add(a.actor)
    live = [i for i in range(hand.player_count) if i not in folded]
    if len(live) < 2:
        return []
    return [i for i in live if i not in showed]


def validate(hand: HandHistory) -> None:
    """Check a hand against PHH and stud_fast's extensions, without playing it.

    Checks the fields a variant requires or forbids, per-player list lengths, positive starting
    stacks, every action (players in range, cards of the deck, no card dealt twice, extension
    actions only in their variants), extension fields (``_`` prefix, option values, standard
    codes only with default options) and, when ``finishing_stacks`` says the hand is finished,
    a show or muck line for each player at showdown. Raises :class:`PHHError` naming every
    problem found.
    """
    problems: list[str] = []

    def field_at(name: str) -> str:  # where a field stands, for a hand read from text
        line = hand.field_line(name)
        return "" if line is None else f"line {line}: "

    n = hand.player_count
    code = hand.variant
    stud: Optional[VariantCode] = None
    if code in _PHH_CODES:
        needed = _PHH_CODES[code]
        stud = parse_variant(code) if code in STANDARD_STUD_CODES else None
    else:
        try:
            stud = parse_variant(code)
        except PHHError as e:
            problems.append(f"{field_at('variant')}{e}")
            needed = ()
        else:
            needed = (("small_bet", "big_bet") if stud.betting == "fixed-limit"
                      else ("min_bet",)) + (("bring_in",) if stud.seven_card else ())
    if stud is not None and hand.extensions.get("_first_round") == "bring_in":
        needed += ("bring_in",)
    for name in dict.fromkeys(needed):
        if getattr(hand, name) is None:
            problems.append(f"variant {code} needs field {name!r}")
    if stud is not None and hand.blinds_or_straddles is not None:
        problems.append(f"{field_at('blinds_or_straddles')}stud has no blinds: "
                        f"'blinds_or_straddles' must not be set")
    if stud is not None:
        unlimited = stud.betting != "fixed-limit"
        for name in ("small_bet", "big_bet") if unlimited else ("min_bet",):
            if getattr(hand, name) is not None:
                problems.append(f"{field_at(name)}field {name!r} does not belong to {stud.betting} "
                                f"{code}")
    for name in _PER_PLAYER:
        value = getattr(hand, name)
        if value is not None and len(value) != n:
            problems.append(f"{field_at(name)}{name} has {len(value)} entries for {n} players")
    if n < 2:
        problems.append("a hand needs at least two players (starting_stacks)")
    if any(s <= 0 for s in hand.starting_stacks):
        problems.append(f"{field_at('starting_stacks')}starting stacks must be positive")
    if any(a < 0 for a in hand.antes):
        problems.append(f"{field_at('antes')}antes must not be negative")
    if any(s < 0 for s in hand.finishing_stacks or ()):
        problems.append(f"{field_at('finishing_stacks')}finishing stacks must not be negative")

    ext = hand.extensions
    for name, value in ext.items():
        if not name.startswith("_"):
            problems.append(f"extension field {name!r} must start with '_'")
        elif name in OPTION_DEFAULTS:
            default = OPTION_DEFAULTS[name]
            choices = _OPTION_CHOICES.get(name)
            if type(value) is not type(default) or (choices and value not in choices):
                problems.append(f"{field_at(name)}{name} = {value!r} is not valid"
                                + (f": use one of {choices}" if choices else
                                   f": use a {type(default).__name__}"))
    if stud is not None and stud.standard and variant_code(stud.game, extensions=ext) != code:
        problems.append(f"{field_at('variant')}{code} is pokerkit's code with default rules; "
                        f"with a rule option off its default write "
                        f"{variant_code(stud.game, extensions=ext)}")

    deck = ext.get("_deck", 52)
    low_ranks = _RANKS[:_RANKS.index("7")] if deck == 32 else ""
    jokers = ext.get("_jokers", 0)
    jokers_left = jokers if isinstance(jokers, int) else 0
    dealt: set[str] = set()
    kept = ext.get("_premature_card") == "keep_capped"
    lines = hand.action_lines()
    for number, text in enumerate(hand.actions, 1):
        at = place(number, lines[number - 1] if lines else None)
        try:
            a = parse_action(text)
        except PHHError as e:
            problems.append(f"{at}: {e}")
            continue
        for who in (a.actor, a.player):
            if isinstance(who, int) and who >= n:
                problems.append(f"{at} {text!r}: there are only {n} players")
        if a.verb == "_tu" and (stud is None or stud.game != "5M"):
            problems.append(f"{at} {text!r}: '_tu' (turning a card up) is Mexican stud's (_F5M)")
        if a.verb == "_bp" and (stud is None or stud.game not in ("7B", "5B")):
            problems.append(f"{at} {text!r}: '_bp' (buying the pot) is baseball's (_F7B, _F5B)")
        if a.verb in ("_fu", "_ex", "_ai", "_po") and (stud is None or not stud.seven_card):
            problems.append(f"{at} {text!r}: '{a.verb}' (I2, an exposed seventh-street card) is "
                            f"seven-card stud's")
        for card in a.cards or ():
            if card is None:
                continue
            if card == _JOKER:
                if a.is_dealing:
                    jokers_left -= 1
                    if jokers_left < 0:
                        problems.append(f"{at} {text!r}: more jokers than _jokers = {jokers}")
                continue
            if card[0] in low_ranks:
                problems.append(f"{at} {text!r}: {card} is not in the 32-card deck")
            if a.is_dealing and not (a.verb == "_pc" and kept):  # a kept card is dealt later
                if card in dealt:
                    problems.append(f"{at} {text!r}: {card} was already dealt")
                dealt.add(card)

    if hand.finishing_stacks is not None:
        try:
            lacking = missing_showdown(hand)
        except PHHError:
            lacking = []  # already reported above
        if lacking:
            labels = ", ".join(f"p{i + 1}" for i in lacking)
            problems.append(f"finished hand: {labels} reached showdown without a show or muck "
                            f"line (pN sm cards / pN sm)")
    if problems:
        raise PHHError("; ".join(problems))
