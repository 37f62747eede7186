"""Hand histories: the PHH format (pokerkit's standard), read and written.

See :mod:`stud_fast.history.phh` for the notation of stud hands and stud_fast's extension
codes and fields.
"""

from __future__ import annotations

from stud_fast.history.phh import (OPTION_DEFAULTS, STANDARD_STUD_CODES, Action, Amount,
                                   HandHistory, PHHError, VariantCode, dump, dumps,
                                   dumps_all, format_action, join_cards, load, loads,
                                   loads_all, missing_showdown, parse_action, parse_variant,
                                   split_cards, validate, variant_code)
from stud_fast.history.stud import (FinishingStacksError, ReplayError, replay, replay_file,
                                    to_phh, write_stud_hand)

__all__ = [
    "OPTION_DEFAULTS", "STANDARD_STUD_CODES", "Action", "Amount", "HandHistory", "PHHError",
    "VariantCode", "dump", "dumps", "dumps_all", "format_action", "join_cards", "load",
    "loads", "loads_all", "missing_showdown", "parse_action", "parse_variant", "split_cards",
    "validate", "variant_code", "replay", "replay_file", "to_phh", "write_stud_hand",
    "ReplayError", "FinishingStacksError",
]
