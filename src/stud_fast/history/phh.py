"""PHH hand histories: a data model and a text codec, independent of any game engine.

PHH (poker hand history, the format of the pokerkit project, https://phh.readthedocs.io) is a
TOML file of fields. :func:`loads` reads one into a :class:`HandHistory`, :func:`dumps` writes
one back (deterministic field order, TOML that :mod:`tomllib` and ``pokerkit.HandHistory.loads``
both read), :func:`load` and :func:`dump` do the same with files. :func:`parse_action` and
:func:`format_action` turn one action string into an :class:`Action` and back.

Stud in PHH
-----------
A stud hand has no board and no button: ``p1`` is the player on the dealer's left, then clockwise
(docs/rules.md S2). Each street is one ``d dh pN cards`` line per player still dealt to, then the
betting. Whether a card is down or up is not written: the street says it (third street: down,
down, up; fourth to sixth: up; seventh: down). A card is rank ``23456789TJQKA`` and suit
``cdhs`` (``As``, ``Td``), cards are written without separators, and ``??`` is an unknown card.
Betting verbs: ``pb`` posts the bring-in, ``cbr X`` completes, bets or raises *to* ``X`` (the
total put in during the round), ``cc`` checks or calls, ``f`` folds. At showdown ``pN sm cards``
shows (all the player's hole cards, in the order dealt), ``pN sm`` mucks, ``pN sm -`` shows cards
already written in the deal. Anything after ``#`` is a commentary. A complete seven-card stud
hand::

    variant = "F7S"
    antes = [1, 1, 1]
    bring_in = 2
    small_bet = 5
    big_bet = 10
    starting_stacks = [100, 100, 100]
    actions = [
      "d dh p1 Ah7c4c",  # third street: two down cards, then the door card (up)
      "d dh p2 Kd9s2d",
      "d dh p3 QsQc8h",
      "p2 pb",  # the lowest door card (2d) brings in for 2
      "p3 cbr 5",  # completes to the small bet
      "p1 cc",
      "p2 f",
      "d dh p1 7d",  # fourth street, up
      "d dh p3 3s",
      "p3 cc",  # 8-3 showing beats 7-4: p3 acts first
      "p1 cbr 5",
      "p3 cc",
      "d dh p1 Jc",  # fifth street, up; big bets from here on
      "d dh p3 8d",
      "p3 cbr 10",
      "p1 cc",
      "d dh p1 7s",  # sixth street, up
      "d dh p3 2c",
      "p3 cbr 10",  # a pair of eights showing beats a pair of sevens
      "p1 cbr 20",
      "p3 cc",
      "d dh p1 9h",  # seventh street, down
      "d dh p3 Kc",
      "p3 cc",
      "p1 cbr 10",
      "p3 cc",
      "p1 sm Ah7c4c7dJc7s9h",  # the last bettor shows first (S6): three sevens
      "p3 sm",  # queens up lose: mucked
    ]
    finishing_stacks = [154, 97, 49]

``tests/test_phh.py`` replays this example with pokerkit.

Standard variant codes
----------------------
``F7S`` fixed-limit seven-card stud, ``F7S/8`` seven-card stud high-low eight or better, ``FR``
razz. Their required fields are ``variant``, ``antes``, ``bring_in``, ``small_bet``,
``big_bet``, ``starting_stacks``, ``actions``. stud_fast writes a standard code only when the
hand is played under pokerkit's rules: fixed limit, 52 cards, every rule option at its default
(see :func:`variant_code`); the differences that remain are listed at the end.

Extension variant codes (stud_fast's proposal)
----------------------------------------------
An extension code is ``_`` + a betting letter + a game, following PHH's own ``FT``/``NT``/``PO``
pattern:

=========  ================================================================================
letter     ``F`` fixed limit (``small_bet``, ``big_bet``), ``P`` pot limit and ``N`` no
           limit (``min_bet``, PHH's field for the smallest bet of unlimited games)
game       ``7S`` seven-card stud, ``7S/8`` stud hi-lo, ``R`` razz, ``5S`` five-card stud
           (S1), ``5M`` Mexican stud (S4), ``7B`` baseball, ``5B`` five-card baseball (S5)
=========  ================================================================================

So ``_F5S`` is fixed-limit five-card stud, ``_N7S`` no-limit seven-card stud, ``_P5M``
pot-limit Mexican stud, and ``_F7S`` is seven-card stud with some non-default rule option (the
leading ``_`` makes pokerkit refuse a file it would otherwise replay under different rules).
``bring_in`` is required by the seven-card games and optional in the five-card games (S1/F4:
no bring-in unless ``_first_round = "bring_in"``).

Extension fields
----------------
Every field stud_fast adds starts with ``_`` (pokerkit keeps such fields as user-defined fields
without a warning). A rule option is written as ``_`` + the engine's option name, only when it
differs from the default, so a plain file means default rules:

==============================  ==============  =================================================
field                           default         rule
==============================  ==============  =================================================
``_deck``                       ``52``          D2: ``32`` for the seven-to-ace deck
``_jokers``                     ``0``           D4: jokers in the deck, written ``Xx`` in actions
``_tiebreak``                   ``"split"``     D3: ``"unused_cards"``
``_max_raises``                 ``3``           B3: raises after the bet in one round
``_unlimited_heads_up``         ``false``       B3: no cap with two players left
``_open_pair_big_bet``          ``false``       B4
``_first_round``                ``"check"``     F4: ``"must_open"`` or ``"bring_in"``
``_dead_seat_keeps_cards``      ``false``       B9
``_community_card_betting``     ``true``        S3
``_four_up_extra_card``         ``false``       S5 (baseball)
``_premature_card``             ``"bury"``      I1: ``"keep_capped"``
``_show_all``                   ``false``       S6: every hand is shown at showdown
==============================  ==============  =================================================

Any further engine option follows the same ``_<option>`` rule. Wild cards come with the game
(baseball's nines and threes, S5) or with ``_jokers``; there is no field for other wild ranks.
``_premature_card`` has no default in docs/rules.md; ``"bury"`` (seed 000) is assumed. Two extension
actions:
``pN _tu card`` turns up one of the player's down cards (Mexican stud, S4) and ``pN _bp X``
buys the pot for ``X`` chips (baseball, a three dealt face up, S5). The shared card of S3 is the
standard board deal ``d db card``.

Dealer errors (docs/rules.md I1, I2), written where they happened so that the hand replays:

- ``d _pc card``: I1, the dealer exposed ``card`` during the betting round, the card the next
  street gives its first player; ``_premature_card`` says whether it was buried (the default:
  the others get the cards they would have had, that player the next one) or kept face up
  with the round capped.
- ``d _fu pN`` (after the seventh-street deal lines): I2, pN's seventh-street card was dealt
  face up. When that is the first player dealt, every seventh-street card is face up (each
  gets a line) and the previous round's opener opens.
- ``d _ex pN`` (during seventh-street betting): I2, pN's seventh-street card is reported
  exposed; before any chips go in that round pN then chooses, after it pN is all in.
- ``pN _ai`` / ``pN _po``: I2, pN takes the rights of an all-in player or plays on.

Where docs/rules.md and pokerkit differ
---------------------------------------
docs/rules.md wins; ``finishing_stacks`` are always stud_fast's.

- Odd chip (S7): stud_fast gives it to the tied winner holding the highest card by suit;
  pokerkit gives it to the tied winner nearest ``p1`` (and, in hi-lo, to the high half). A split
  pot with an odd chip can therefore replay in pokerkit one chip away from ``finishing_stacks``.
- B4: pokerkit has no open-pair big bet on fourth street, so ``_open_pair_big_bet = true`` makes
  the code an extension code (``_F7S``).
- S3: the shared card (``d db``) of a seven-card hand that runs out of cards; pokerkit's stud
  has no board, so it cannot replay such a hand.
- Showdown: every player who reaches showdown gets a ``sm`` line (shown or mucked). pokerkit
  mucks a player without one and, if nobody shows, silently drops the pot; :func:`validate`
  reports a finished hand that lacks them.

Modules
-------
This module gathers the PHH API; each part lives in a module of its own:
:mod:`~stud_fast.history.codes` (variant codes, option fields, :class:`PHHError`),
:mod:`~stud_fast.history.actions` (cards and action strings),
:mod:`~stud_fast.history.document` (:class:`HandHistory` and reading),
:mod:`~stud_fast.history.positions` (the line of each field and action in the text),
:mod:`~stud_fast.history.writer` (writing) and :mod:`~stud_fast.history.validation`.
"""

from __future__ import annotations

from stud_fast.history.actions import (Action, Card, format_action, join_cards, parse_action,
                                       split_cards)
from stud_fast.history.codes import (OPTION_DEFAULTS, STANDARD_STUD_CODES, Amount, PHHError,
                                     VariantCode, parse_variant, variant_code)
from stud_fast.history.document import HandHistory, SourceLines, load, loads, loads_all
from stud_fast.history.validation import missing_showdown, validate
from stud_fast.history.writer import dump, dumps, dumps_all

__all__ = [
    "PHHError", "Amount", "HandHistory", "Action", "Card", "VariantCode", "SourceLines",
    "loads", "dumps", "load", "dump", "loads_all", "dumps_all",
    "parse_action", "format_action", "split_cards", "join_cards",
    "parse_variant", "variant_code", "validate", "missing_showdown",
    "STANDARD_STUD_CODES", "OPTION_DEFAULTS",
]
