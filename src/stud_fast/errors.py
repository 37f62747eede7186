"""Exceptions raised by stud_fast."""

from __future__ import annotations

__all__ = ["StudFastError", "CardError", "RuleError", "AmountError", "StateError"]


class StudFastError(Exception):
    """Base class of every error stud_fast raises on purpose."""


class CardError(StudFastError, ValueError):
    """A card or hand that cannot be used: unknown token, duplicate, wrong count, out of range.

    >>> from stud_fast import evaluate
    >>> try:
    ...     evaluate("As As Kd")
    ... except CardError as e:
    ...     print(e)
    duplicate card As
    """


class RuleError(StudFastError, ValueError):
    """An illegal operation. ``rule`` is the rulebook ID it breaks (``"B1"``, ``"E2"``...),
    ``reason`` says why; the message is ``"<rule>: <reason> [<where the rule is written>]"``
    (``stud-fast rules B1`` prints the rule, ``docs/rules.md#b1`` is its page).

    >>> e = RuleError("B1", "seat 0: it cannot check: there is a bet to call")
    >>> e.rule, e.reason
    ('B1', 'seat 0: it cannot check: there is a bet to call')
    >>> head, where = str(e).split(" [")
    >>> head
    'B1: seat 0: it cannot check: there is a bet to call'
    >>> where
    'B1 (betting actions): stud-fast rules B1, docs rules.md#b1]'
    """

    def __init__(self, rule: str, message: str) -> None:
        from stud_fast.rulebook import pointer  # the rulebook imports nothing of the engine

        super().__init__(f"{rule}: {message} [{pointer(rule)}]")
        self.rule = rule
        self.reason = message


class AmountError(RuleError, TypeError):
    """A chip amount that is not a whole number of chips (an ``int``, never a ``bool``): a
    ``RuleError`` of rule B2 that is also a ``TypeError``.

    >>> isinstance(AmountError("B2", "bet to 2.5: ..."), (RuleError, TypeError))
    True
    """


class StateError(StudFastError, ValueError):
    """A saved hand (``StudHand.from_json``) that cannot be trusted: damaged, of the wrong
    shape, or signed with another key. ``field`` names the part that is wrong.

    >>> str(StateError("stacks", "must be a list of positive ints"))
    'stacks: must be a list of positive ints'
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
