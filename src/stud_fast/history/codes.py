"""PHH variant codes, the rule-option extension fields, and the errors of the PHH modules.

See :mod:`stud_fast.history.phh` for the notation.

>>> parse_variant("_N5S")
VariantCode(game='5S', betting='no-limit', standard=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, Mapping, Optional, Union

from stud_fast.errors import StudFastError
from stud_fast.variants import game_options

__all__ = ["Amount", "PHHError", "STANDARD_STUD_CODES", "OPTION_DEFAULTS", "VariantCode",
           "parse_variant", "variant_code"]

Amount = Union[int, Decimal]
"""A chip amount: an integer, or a :class:`~decimal.Decimal` for a TOML float (``inf`` too)."""


class PHHError(StudFastError, ValueError):
    """A PHH text, field or action that cannot be read, written or accepted."""


# -- variant codes -------------------------------------------------------------------------

STANDARD_STUD_CODES: dict[str, str] = {"F7S": "7S", "F7S/8": "7S/8", "FR": "R"}
"""The PHH stud codes and the game each names (all fixed limit)."""

_PHH_CODES: dict[str, tuple[str, ...]] = {
    # Non-stud PHH codes, accepted so that any pokerkit file can be read and validated.
    "FT": ("blinds_or_straddles", "small_bet", "big_bet"),
    "NT": ("blinds_or_straddles", "min_bet"),
    "NS": ("blinds_or_straddles", "min_bet"),
    "PO": ("blinds_or_straddles", "min_bet"),
    "FO/8": ("blinds_or_straddles", "small_bet", "big_bet"),
    "N2L1D": ("blinds_or_straddles", "min_bet"),
    "F2L3D": ("blinds_or_straddles", "small_bet", "big_bet"),
    "FB": ("blinds_or_straddles", "small_bet", "big_bet"),
    **{code: ("bring_in", "small_bet", "big_bet") for code in STANDARD_STUD_CODES},
}

Betting = Literal["fixed-limit", "pot-limit", "no-limit"]
_BETTING: dict[str, Betting] = {"F": "fixed-limit", "P": "pot-limit", "N": "no-limit"}
_GAMES = ("7S", "7S/8", "R", "5S", "5M", "7B", "5B")

#: the deck's and the wild cards' extension fields, which are not GameConfig options
_DECK_DEFAULTS: dict[str, object] = {"_deck": 52, "_jokers": 0}

OPTION_DEFAULTS: dict[str, object] = {
    **_DECK_DEFAULTS,
    **{"_" + o.name: o.default for o in game_options().values() if o.rule},
}
"""The rule-option extension fields and their defaults (a field is written only off default):
``_deck``, ``_jokers`` and the rule options of :func:`~stud_fast.variants.game_options`."""

_OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "_deck": (52, 32),
    **{"_" + o.name: o.choices for o in game_options().values() if o.rule and o.choices},
}


@dataclass(frozen=True)
class VariantCode:
    """A parsed variant code: the game (``"7S"``, ``"5M"`` ...), the betting structure and
    whether the code is one of PHH's own (``F7S``, ``F7S/8``, ``FR``)."""

    game: str
    betting: Betting
    standard: bool

    @property
    def seven_card(self) -> bool:
        """True for the seven-card games (a bring-in is required)."""
        return self.game[0] == "7" or self.game == "R"


def parse_variant(code: str) -> VariantCode:
    """The stud game and betting structure a variant code names.

    >>> parse_variant("FR")
    VariantCode(game='R', betting='fixed-limit', standard=True)
    >>> parse_variant("_P5M").betting
    'pot-limit'
    """
    if code in STANDARD_STUD_CODES:
        return VariantCode(STANDARD_STUD_CODES[code], "fixed-limit", True)
    if len(code) > 2 and code[0] == "_" and code[1] in _BETTING and code[2:] in _GAMES:
        return VariantCode(code[2:], _BETTING[code[1]], False)
    raise PHHError(f"{code!r} is not a stud variant code: use F7S, F7S/8, FR or _ + F/P/N + "
                   f"one of {', '.join(_GAMES)} (e.g. _F5S)")


def variant_code(game: str, betting: str = "fixed-limit",
                 extensions: Optional[Mapping[str, object]] = None) -> str:
    """The code to write for a game, a betting structure and the hand's extension fields.

    The standard PHH code when pokerkit would replay the hand under the same rules (fixed limit,
    a game PHH has, every rule option of ``extensions`` at its default), else the ``_`` code.

    >>> variant_code("7S/8")
    'F7S/8'
    >>> variant_code("7S", extensions={"_open_pair_big_bet": True})
    '_F7S'
    >>> variant_code("5S", "no-limit")
    '_N5S'
    """
    letters = {v: k for k, v in _BETTING.items()}
    if game not in _GAMES or betting not in letters:
        raise PHHError(f"unknown game {game!r} or betting {betting!r}: games are "
                       f"{', '.join(_GAMES)}, betting one of {', '.join(letters)}")
    code = letters[betting] + game
    off_default = any(name in OPTION_DEFAULTS and value != OPTION_DEFAULTS[name]
                      for name, value in (extensions or {}).items())
    return code if code in STANDARD_STUD_CODES and not off_default else "_" + code

