"""Typed exceptions. Every refusal carries the id of the rule (RULES.md) or record check
(NOTATION.md) that causes it, so that callers never have to parse prose.

>>> e = IllegalAction("discard.same-card", "Ben took 7H from the pile this turn")
>>> e.rule, str(e)
('discard.same-card', 'Ben took 7H from the pile this turn')
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "AmbiguousAction",
    "IllegalAction",
    "NotationError",
    "RecordError",
    "RulesError",
    "RummyError",
]


def _rebuild(cls: type[RummyError], state: dict[str, Any]) -> RummyError:
    error = cls.__new__(cls)
    Exception.__init__(error, state.get("message", ""))
    error.__dict__.update(state)
    return error


class RummyError(Exception):
    """Base class of every error rummykit raises on purpose. ``rule`` names the rule id."""

    rule: str = "rummykit"

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # picklable whatever the subclass's signature (errors cross process pools)
        return (_rebuild, (type(self), dict(self.__dict__)))

    def to_json(self) -> dict[str, str]:
        """``{"rule": ..., "message": ...}``, the shape of the replay and server errors."""
        return {"rule": self.rule, "message": self.message}


class NotationError(RummyError):
    """Text that is not a card or an action (rule id ``action.syntax``)."""

    def __init__(self, message: str) -> None:
        super().__init__("action.syntax", message)


class AmbiguousAction(RummyError):
    """Text that names several legal actions at once (rule id ``action.ambiguous``).

    ``candidates`` holds every action the text could mean, so that a user interface can
    offer them as choices instead of parsing the message.

    >>> e = AmbiguousAction("rummy needs the depth or the card", ("rummy 1", "rummy 3"))
    >>> e.rule, e.candidates
    ('action.ambiguous', ('rummy 1', 'rummy 3'))
    """

    def __init__(self, message: str, candidates: tuple[object, ...]) -> None:
        super().__init__("action.ambiguous", message)
        self.candidates = candidates


class IllegalAction(RummyError):
    """An action the rules forbid now; ``rule`` is the RULES.md id (or ``action.*``)."""


class RulesError(RummyError):
    """A rules configuration that is unknown or makes no sense; ``option`` names the key."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__("record.rules", message)
        self.option = option


class RecordError(RummyError):
    """A document that is not a valid game record; ``rule`` is ``record.<what>``."""
