"""Every stud variant as an OpenSpiel game (``pip install '.[openspiel]'``).

Importing this module registers one game per variant with ``pyspiel``: ``stud_fast_razz``,
``stud_fast_seven_card_stud`` and so on (:data:`GAMES`), loadable by name with parameters::

    import pyspiel, stud_fast.openspiel
    game = pyspiel.load_game("stud_fast_razz(players=3,ante=1)")

The game drives a :class:`~stud_fast.table.StudHand` (``state.hand``): the rules are the
engine's. Chance nodes deal each card, uniformly over the cards left; a chance action is the id
of the card dealt (stud_fast's encoding, :mod:`stud_fast.cards`). There are no burns (they do
not change what the players are dealt). Player actions are numbered as in the environments
(:data:`stud_fast.env.arrays.ACTIONS`: 0 fold, 1 check, 2 call, 3 bring-in, 4 complete,
5 buy the pot, 6-10 bet or raise sizes, 11-15 turn up own card j). Information states and
observations hold only what the player may know (E3); returns are chips won or lost.

>>> import pyspiel
>>> game = pyspiel.load_game("stud_fast_five_card_stud_32(stack=40)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)

The games, states and observer are in :mod:`stud_fast.openspiel_game` (which registers the
games when first imported), the bots in :mod:`stud_fast.openspiel_bots`; this module re-exports
both, so ``from stud_fast.openspiel import policy_bot, StudGame, ...`` is the import to use.
"""

from __future__ import annotations

from stud_fast import openspiel_game as _game
from stud_fast.openspiel_bots import PolicyBot, SpielBot, ismcts_bot, policy_bot, state_from_view
from stud_fast.openspiel_bots import PolicyLike as PolicyLike  # public, not in __all__ (as before)
from stud_fast.openspiel_game import GAMES, StudGame, StudObserver, StudState

__all__ = ["GAMES", "StudGame", "StudObserver", "StudState", "PolicyBot", "SpielBot",
           "ismcts_bot", "policy_bot", "state_from_view"]

# the registered class of each variant (StudGame_razz, ...), reachable here as before the split
globals().update({name: value for name, value in vars(_game).items()
                  if name.startswith("StudGame_")})
