"""stud_fast: the fastest and most complete stud poker library for Python.

>>> import stud_fast
>>> stud_fast.evaluate("As Ks Qs Js Ts 2c 3d").category
'straight flush'
"""

from __future__ import annotations

from stud_fast._core import Hand, evaluate5, evaluate7
from stud_fast.cards import (DECK_32, DECK_52, JOKER, RANKS, SUITS, card_id, card_str,
                             format_cards, parse_cards, parse_rank_mask)
from stud_fast.equity import EquityResult, equity
from stud_fast.errors import CardError, StudFastError
from stud_fast.evaluation import (HandValue, batch_kernel, category_of, evaluate, evaluate_batch,
                                  max_value)
from stud_fast.native import get_include, get_library
from stud_fast.ranges import Range
from stud_fast.rankings import CATEGORIES, Ranking

__version__ = "0.1.0"

__all__ = [
    "CATEGORIES", "CardError", "batch_kernel", "EquityResult", "equity", "DECK_32", "DECK_52",
    "Hand", "HandValue", "JOKER", "RANKS",
    "Range", "Ranking", "SUITS", "StudFastError", "card_id", "card_str", "category_of", "evaluate",
    "evaluate5", "evaluate7", "evaluate_batch", "format_cards", "get_include", "get_library",
    "max_value", "parse_cards", "parse_rank_mask", "__version__",
]
