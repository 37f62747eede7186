"""Decisions of the built-in StrengthBot on fixed deals, for tests/test_strength_bot_speed.py.

``python tests/strength_bot_reference.py > tests/strength_bot_reference.json`` writes them; the
stored file was written with the StrengthBot as it was before its speed-up (main at c0588f0),
so the test proves the faster bot decides exactly as the old one did.
"""

from __future__ import annotations

import json
import random
from typing import Any

from stud_fast.simulate import StrengthBot, play
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig

#: (variant, players, hands, extra GameConfig options): every path of the bot (hi-lo, razz,
#: wild and bought cards, more than seven cards, the shared seventh card, turn-up, must-open)
CASES: list[tuple[str, int, int, dict[str, Any]]] = [
    ("seven_card_stud", 6, 60, {}),
    ("seven_card_stud", 8, 30, {}),
    ("razz", 6, 30, {}),
    ("stud_hilo", 6, 40, {}),
    ("five_card_stud", 5, 30, {"first_round": "must_open"}),
    ("five_card_stud_32", 5, 30, {}),
    ("mexican_stud", 6, 30, {}),
    ("baseball", 6, 40, {"four_up_extra_card": True}),
    ("baseball", 6, 30, {"baseball_cards": 5}),
]


def decisions(case: int) -> list[str]:
    """One line per hand: every decision as ``action@strength`` (strength in 1024ths)."""
    variant, players, hands, options = CASES[case]
    config = GameConfig(variant=variant, ante=1, small_bet=5, big_bet=10, **options)
    bot, rng, lines = StrengthBot(), random.Random(case), []
    for k in range(hands):
        hand = StudHand(config, stacks=[200] * players, dealer=k % players,
                        seed=1000 * case + k)
        steps = []
        while not hand.is_over:
            actor = hand.actor
            assert actor is not None
            view = hand.seat_view(actor)
            action = bot.choose(view, rng)
            name = action if isinstance(action, str) else f"{action[0]}:{action[1]}"
            steps.append(f"{name}@{round(bot.strength(view) * 1024)}")
            play(hand, action)
        lines.append(" ".join(steps))
    return lines


if __name__ == "__main__":
    print(json.dumps([decisions(i) for i in range(len(CASES))], indent=0))
