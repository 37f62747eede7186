"""Stud variants as data: streets, decks, rankings and who acts first (docs/rules.md S1, S2, S8).

A :class:`Variant` says what is dealt and how hands are ranked; a :class:`GameConfig` adds the
stakes and every option docs/rules.md names, as keyword arguments with its defaults.

>>> cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> [s.name for s in cfg.game.streets]
['third', 'fourth', 'fifth', 'sixth', 'seventh']
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, Optional

from stud_fast.rankings import Ranking

__all__ = ["Street", "Variant", "GameConfig", "Option", "VARIANTS", "game_options",
           "get_variant"]


@dataclass(frozen=True)
class Street:
    """One street: how many cards each player gets face down and face up, then a betting round.

    ``big`` marks the rounds played at the big bet in fixed limit (docs/rules.md B2).
    """

    name: str
    down: int
    up: int
    big: bool


@dataclass(frozen=True)
class Variant:
    """What a stud game deals and how it ranks hands.

    ``ranking`` decides the (high or low) hand; ``low`` is the split low of hi-lo games.
    ``opener`` is how the first round starts: ``"bring_in_low"`` (lowest up card brings in,
    F2), ``"bring_in_high"`` (highest up card, razz S8) or ``"high_card"`` (five-card stud F4:
    the highest up card acts first, no forced bet). Later rounds start with the best showing
    hand under ``showing`` (F5, D5).
    """

    name: str
    deck: int
    streets: tuple[Street, ...]
    ranking: Ranking
    low: Optional[Ranking]
    showing: Ranking
    opener: Literal["bring_in_low", "bring_in_high", "high_card"]
    turn_up: bool = False  # S4 Mexican stud: cards come down, each player turns one up
    baseball: bool = False  # S5 (a name for people: the engine reads the three facts below)
    #: ranks always wild (S5: ``"9"``), as characters of ``23456789TJQKA``
    wild_ranks: str = ""
    #: ranks wild when dealt down; dealt up, the player buys the pot or folds, and from then
    #: on they are wild up too (S5: ``"3"``)
    buy_ranks: str = ""
    #: ranks that, dealt up, earn an extra down card with ``four_up_extra_card`` (S5: ``"4"``)
    extra_card_ranks: str = ""
    #: the game in a PHH variant code (``"7S"`` ...; the deck tells 5S on 32 cards apart)
    phh_code: str = ""

    @property
    def has_wild_cards(self) -> bool:
        """True when some cards of the deck can be wild (D4)."""
        return bool(self.wild_ranks or self.buy_ranks)

    def rank_mask(self, ranks: str) -> int:
        """Bit ``r`` set for each rank index ``r`` (0 = deuce) named in ``ranks``.

        >>> get_variant("baseball").rank_mask("93")
        130
        """
        return sum(1 << "23456789TJQKA".index(r) for r in set(ranks))

    @property
    def exposable_street(self) -> Optional[int]:
        """The street whose card the dealer may expose by mistake (I2): seventh street of a
        seven-card game, dealt down; None in other games.

        >>> get_variant("razz").exposable_street, get_variant("mexican_stud").exposable_street
        (4, None)
        """
        last = self.streets[-1]
        return len(self.streets) - 1 if self.cards_per_player == 7 and not last.up else None

    @property
    def cards_per_player(self) -> int:
        """Cards each player holds after the last street."""
        return sum(s.down + s.up for s in self.streets)

    def most_players(self, extra_cards: int = 0) -> int:
        """The most players the deck can serve (at most 10), counting a burn card before every
        street but the last and ``extra_cards`` dealt beyond the streets: every street but the
        last must reach every player, and the last may be one shared card (S3), taken from the
        burned cards when the stub is empty.

        >>> [get_variant(v).most_players() for v in ("seven_card_stud", "five_card_stud_32")]
        [8, 7]
        """
        last = self.streets[-1]
        before_last = self.cards_per_player - last.down - last.up
        burns = len(self.streets) - 1
        return min(10, (self.deck - burns - extra_cards) // before_last)


_SEVEN = (
    Street("third", 2, 1, False), Street("fourth", 0, 1, False), Street("fifth", 0, 1, True),
    Street("sixth", 0, 1, True), Street("seventh", 1, 0, True),
)
_MEXICAN = (
    Street("second", 2, 0, False), Street("third", 1, 0, False), Street("fourth", 1, 0, True),
    Street("fifth", 1, 0, True),
)
_FIVE = (
    Street("second", 1, 1, False), Street("third", 0, 1, False), Street("fourth", 0, 1, True),
    Street("fifth", 0, 1, True),
)
# five-card baseball (S5's option): five-card stud streets and opening
_BASEBALL_FIVE = Variant("baseball", 52, _FIVE, Ranking.HIGH, None, Ranking.HIGH, "high_card",
                         baseball=True, phh_code="5B", wild_ranks="9", buy_ranks="3",
                         extra_card_ranks="4")

VARIANTS: dict[str, Variant] = {
    v.name: v for v in (
        Variant("seven_card_stud", 52, _SEVEN, Ranking.HIGH, None, Ranking.HIGH, "bring_in_low",
                phh_code="7S"),
        Variant("razz", 52, _SEVEN, Ranking.RAZZ, None, Ranking.RAZZ, "bring_in_high",
                phh_code="R"),
        Variant("stud_hilo", 52, _SEVEN, Ranking.HIGH, Ranking.LOW8, Ranking.HIGH,
                "bring_in_low", phh_code="7S/8"),
        Variant("five_card_stud", 52, _FIVE, Ranking.HIGH, None, Ranking.HIGH, "high_card",
                phh_code="5S"),
        Variant("five_card_stud_32", 32, _FIVE, Ranking.SHORT32, None, Ranking.SHORT32,
                "high_card", phh_code="5S"),
        Variant("mexican_stud", 52, _MEXICAN, Ranking.HIGH, None, Ranking.HIGH, "high_card",
                turn_up=True, phh_code="5M"),
        Variant("baseball", 52, _SEVEN, Ranking.HIGH, None, Ranking.HIGH, "bring_in_low",
                baseball=True, phh_code="7B", wild_ranks="9", buy_ranks="3",
                extra_card_ranks="4"),
    )
}


def games() -> tuple[Variant, ...]:
    """Every game the engine deals: the registered variants and five-card baseball (the
    ``baseball_cards=5`` form of ``baseball``).

    >>> sorted({g.phh_code for g in games()})
    ['5B', '5M', '5S', '7B', '7S', '7S/8', 'R']
    """
    return (*VARIANTS.values(), _BASEBALL_FIVE)


def get_variant(name: str) -> Variant:
    """A registered variant by name (hyphens accepted).

    >>> get_variant("five-card-stud-32").deck
    32
    """
    if not isinstance(name, str):
        raise ValueError(f"a variant is named by a string, got {name!r}")
    key = name.strip().lower().replace("-", "_")
    try:
        return VARIANTS[key]
    except KeyError:
        raise ValueError(f"unknown variant {name!r}: use one of {', '.join(VARIANTS)}") from None


#: field metadata of a rule option (written to PHH files as an extension field)
_RULE = {"rule": True}


@dataclass(frozen=True, kw_only=True)
class GameConfig:
    """Stakes and options of a stud game (fixed limit), every one a keyword (rule IDs of
    docs/rules.md).

    - ``ante`` (F1): posted by every player before the deal; 0 allowed.
    - ``bring_in`` (F2): forced opening of the lowest (razz: highest) up card; defaults to
      twice the ante, at least 1; ignored by five-card stud unless ``first_round="bring_in"``.
    - ``small_bet``/``big_bet`` (B2): the fixed-limit bet sizes (``big_bet`` defaults to twice
      the small bet); in pot and no limit ``small_bet`` is the least bet and raise.
    - ``betting`` (B2): ``"fixed"`` (default), ``"pot"`` (pot limit) or ``"no"`` (no limit).
    - ``max_raises`` (B3): raises allowed after the bet in one round (3: a bet and three raises);
      ``unlimited_heads_up`` lifts the cap when only two players remain.
    - ``open_pair_big_bet`` (B4): an open pair on fourth street allows the big bet.
    - ``first_round`` (F4, five-card stud): ``"check"`` (seed 002, the default: the high card
      may check), ``"must_open"`` (seed 000: the high card bets or folds, then the next highest)
      or ``"bring_in"`` (casino five-card stud: low card brings in as in F2).
    - ``tiebreak`` (D3): ``"split"`` (default) or ``"unused_cards"``: equal best fives are
      separated by the two unused cards, highest first.
    - ``show_all`` (S6): every hand is shown at showdown; by default a hand that cannot win
      any part of a pot it is in is mucked and stays hidden.
    - ``baseball_cards`` (S5): 7 (seven-card baseball, the default) or 5 (five-card).
    - ``four_up_extra_card`` (S5 option): a four dealt face up earns an extra down card.
    - ``dead_seat_keeps_cards`` (B9, seed 001): a player who folds when it could check keeps
      being dealt (dead) cards until the next bet, so the others' cards do not change.
    - ``community_card_betting`` (S3): betting after a shared last card (default); False is
      seed 003: no betting when everyone shares the seventh card.
    - ``premature_card`` (I1): a card the dealer exposes before the betting round ends is
      ``"bury"``-ed (seed 000, the default) or kept and dealt as exposed, with the rest of the
      round capped at the largest bet already made (``"keep_capped"``, seed 001).
    """

    # the one declaration of the options: a field's type gives its allowed values (a Literal's
    # choices, a bool, a whole number, None for a derived default) to the checks below,
    # to_dict, saved hands (stud_fast.saved) and PHH files (stud_fast.history); ``rule``
    # marks the rule options a PHH file carries as extension fields (``_tiebreak`` ...)
    variant: str
    small_bet: int
    big_bet: Optional[int] = None
    betting: Literal["fixed", "pot", "no"] = "fixed"
    ante: int = 0
    bring_in: Optional[int] = None
    max_raises: int = field(default=3, metadata=_RULE)
    unlimited_heads_up: bool = field(default=False, metadata=_RULE)
    open_pair_big_bet: bool = field(default=False, metadata=_RULE)
    first_round: Literal["check", "must_open", "bring_in"] = field(default="check",
                                                                   metadata=_RULE)
    tiebreak: Literal["split", "unused_cards"] = field(default="split", metadata=_RULE)
    show_all: bool = field(default=False, metadata=_RULE)
    baseball_cards: Literal[5, 7] = 7
    four_up_extra_card: bool = field(default=False, metadata=_RULE)
    dead_seat_keeps_cards: bool = field(default=False, metadata=_RULE)
    community_card_betting: bool = field(default=True, metadata=_RULE)
    premature_card: Literal["bury", "keep_capped"] = field(default="bury", metadata=_RULE)
    game: Variant = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        game = get_variant(self.variant)
        options = game_options()
        _check_choice(options["baseball_cards"], self.baseball_cards)
        if game.baseball and self.baseball_cards == 5:
            game = _BASEBALL_FIVE
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "variant", self.game.name)
        if self.bring_in is None:
            object.__setattr__(self, "bring_in", max(1, 2 * self.ante))
        if self.big_bet is None:
            object.__setattr__(self, "big_bet", 2 * self.small_bet)
        _check_choice(options["betting"], self.betting)
        for option in options.values():
            if option.kind is int and not option.choices:
                value = getattr(self, option.name)
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise ValueError(f"{option.name} must be a non-negative integer, "
                                     f"got {value!r}")
        if self.small_bet < 1 or self.big_bet_amount < self.small_bet:
            raise ValueError("bets must satisfy 1 <= small_bet <= big_bet")
        if self.uses_bring_in and not 0 < self.bring_in_amount <= self.small_bet:  # F2
            raise ValueError("the bring-in must be between 1 and the small bet (F2)")
        for name in ("premature_card", "tiebreak", "first_round"):
            _check_choice(options[name], getattr(self, name))

    @property
    def max_players(self) -> int:
        """The most players this game can seat (S3): the variant's deck counting burns and the
        shared card, and baseball's extra cards for up fours (at most four) when that option is
        on.

        >>> GameConfig(variant="baseball", small_bet=2, four_up_extra_card=True).max_players
        7
        """
        # at most four cards of each rank that earns an extra card
        extra = 4 * len(self.game.extra_card_ranks) if self.four_up_extra_card else 0
        return self.game.most_players(extra)

    @property
    def uses_bring_in(self) -> bool:
        """True when the first round opens with a forced bring-in."""
        return self.game.opener != "high_card" or self.first_round == "bring_in"

    @property
    def big_bet_amount(self) -> int:
        """The big bet (never None after construction)."""
        assert self.big_bet is not None
        return self.big_bet

    @property
    def bring_in_amount(self) -> int:
        """The bring-in (never None after construction)."""
        assert self.bring_in is not None
        return self.bring_in

    def to_dict(self) -> dict[str, object]:
        """The configuration as plain JSON-ready data: every option (:func:`game_options`).

        >>> list(GameConfig(variant="razz", small_bet=2).to_dict())[:4] == [
        ...     "variant", "small_bet", "big_bet", "betting"]
        True
        """
        return {name: getattr(self, name) for name in game_options()}


@dataclass(frozen=True)
class Option:
    """One option of :class:`GameConfig`, read from its field: the name, the default (None
    where the default is derived from other options), the type of its values (``bool``,
    ``int`` or ``str``), the allowed values of a choice (empty otherwise), whether None is
    allowed (``big_bet``, ``bring_in``) and whether it is a rule option that PHH files carry
    as an extension field."""

    name: str
    default: object
    kind: type
    choices: tuple[object, ...]
    optional: bool
    rule: bool


def _option_of(f: "dataclasses.Field[Any]", hint: Any) -> Option:
    optional = False
    args = typing.get_args(hint)
    if typing.get_origin(hint) is typing.Union:  # Optional[X]
        optional = type(None) in args
        hint = next(a for a in args if a is not type(None))
        args = typing.get_args(hint)
    choices: tuple[object, ...] = ()
    if typing.get_origin(hint) is Literal:
        choices = args
        kind: type = type(args[0])
    else:
        kind = hint
    return Option(f.name, f.default, kind, choices, optional, bool(f.metadata.get("rule")))


@functools.lru_cache(maxsize=None)
def game_options() -> dict[str, Option]:
    """Every option of :class:`GameConfig`, by name, in the order of its fields: the one
    declaration that validation, ``to_dict``, saved hands and PHH files read.

    >>> game_options()["premature_card"].choices
    ('bury', 'keep_capped')
    >>> [o.name for o in game_options().values() if o.rule][:3]
    ['max_raises', 'unlimited_heads_up', 'open_pair_big_bet']
    """
    hints = typing.get_type_hints(GameConfig)
    return {f.name: _option_of(f, hints[f.name]) for f in dataclasses.fields(GameConfig)
            if f.init}


def _check_choice(option: Option, value: object) -> None:
    """ValueError unless ``value`` is one of the option's choices."""
    if value not in option.choices or type(value) is not option.kind:
        names = [str(c) for c in option.choices]
        allowed = ", ".join(names[:-1]) + " or " + names[-1]
        raise ValueError(f"{option.name} must be {allowed}, got {value!r}")
