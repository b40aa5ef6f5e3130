"""Turn clocks: whose clock runs, until when, and when a new one starts.

A table made with a clock gives the person to act that many seconds; a person offered a
Rummy call gets the shorter of that and ``ServerConfig.call_clock``. The deadline is a
UTC time stored with the table, so a restarted server goes on with the same deadline;
whether it ran out is read back from the log (the clock's bot had begun the turn).
A clock goes on while the same person acts in the same part of a turn, and starts anew
when a turn ends or a new hand is dealt.

>>> import datetime as dt
>>> at = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
>>> running = TurnClock(0, at)
>>> follow(running, 0, False, 30) is running
True
>>> follow(running, 1, False, 30, at=at).deadline.isoformat()
'2025-01-01T00:00:30+00:00'
>>> follow(running, None, False, 30)
TurnClock(seat=None, deadline=None, window=False, fired=False)
>>> running.doc(at=at - dt.timedelta(seconds=12.5))
{'seat': 0, 'deadline': '2025-01-01T00:00:00+00:00', 'window': False, 'left': 12.5, 'fired': False}
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummykit.server.storage import ActionRow

__all__ = ["TurnClock", "follow", "ran_out"]


@dataclass
class TurnClock:
    """The clock of the person to act: ``deadline`` (UTC, stored with the table);
    ``window``: they are offered a Rummy call; ``fired``: it ran out."""

    seat: int | None = None
    deadline: dt.datetime | None = None
    window: bool = False
    fired: bool = False

    def doc(self, at: dt.datetime | None = None) -> dict[str, Any] | None:
        """The clock as the ``state`` message shows it (None: no clock runs): ``left`` is
        the seconds left at ``at`` (default: now, when the message is made), which a
        client counts down from whatever its own clock says; ``fired``: it ran out, and
        the bot plays the rest of the turn (docs/protocol.md)."""
        if self.seat is None or self.deadline is None:
            return None
        start = at or dt.datetime.now(dt.UTC)
        left = max(0.0, (self.deadline - start).total_seconds())
        return {
            "seat": self.seat,
            "deadline": self.deadline.isoformat(),
            "window": self.window,
            "left": round(left, 3),
            "fired": self.fired,
        }


def follow(
    clock: TurnClock,
    seat: int | None,
    window: bool,
    seconds: int,
    *,
    fresh: bool = False,
    at: dt.datetime | None = None,
) -> TurnClock:
    """The clock once ``seat`` is to act (None: nobody with a clock), ``window``: offered
    a Rummy call; ``clock`` itself while it goes on (unless ``fresh``), else a new one
    of ``seconds`` from ``at`` (default: now)."""
    if seat is None:
        return clock if clock.seat is None else TurnClock()
    same = clock.seat == seat and clock.window == window and clock.deadline is not None
    if same and not fresh:
        return clock
    start = at or dt.datetime.now(dt.UTC)
    return TurnClock(seat, start + dt.timedelta(seconds=seconds), window)


def ran_out(log: Sequence[ActionRow], hand: int, seat: int) -> bool:
    """Whether ``seat``'s stored clock ran out before its table was brought back (``log``:
    the game's rows, ``hand``: the hand in play): the clock's bot played in the turn
    still in progress (the rows since another seat last acted, a stand-in's or an undo
    among them). A clock that ran out just before the server stopped, before its bot
    played, runs out again, with a second notice."""
    for row in reversed(log):
        if row.hand != hand or row.seat != seat or row.action.startswith("discard"):
            return False  # the turn began after this row
        if row.by == "clock":
            return True
    return False
