"""Exceptions raised by stud_fast."""

from __future__ import annotations

__all__ = ["StudFastError", "CardError"]


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
