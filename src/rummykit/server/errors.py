"""The lobby's errors: each names its rule (``lobby.*``) and the HTTP status it gets."""

from __future__ import annotations

from rummykit import RummyError

__all__ = ["LobbyError"]


class LobbyError(RummyError):
    """A lobby request refused: ``rule`` names why, ``status`` is the HTTP status.

    >>> e = LobbyError("lobby.table", "no table ABCDEF", 404)
    >>> e.to_json(), e.status
    ({'rule': 'lobby.table', 'message': 'no table ABCDEF'}, 404)
    """

    def __init__(self, rule: str, message: str, status: int = 400) -> None:
        super().__init__(rule, message)
        self.status = status
