"""The melds on the table, in a box that scrolls when they do not all fit.

A full table (six players and more, or a long hand) can lay down more melds than the
terminal has rows for. The box then scrolls by PgUp and PgDn, whatever has the focus (the
prompt keeps it), and the line below it says which way melds are out of sight, so that
a meld the log names ("laid off 4H on meld 12") can always be found.
"""

from __future__ import annotations

from textual import events, on
from textual.containers import VerticalScroll
from textual.widgets import Static

__all__ = ["MeldsBox", "more_melds_text"]


def more_melds_text(above: bool, below: bool) -> str:
    """The line under the melds: which way some are out of sight ("" when none is).

    >>> more_melds_text(False, True)
    '▼ more melds below: PgDn'
    >>> more_melds_text(True, True)
    '▲ more melds above: PgUp · ▼ more melds below: PgDn'
    """
    parts = []
    if above:
        parts.append("▲ more melds above: PgUp")
    if below:
        parts.append("▼ more melds below: PgDn")
    return " · ".join(parts)


class MeldsBox(VerticalScroll):
    """The scrolling box of the melds (``#melds-box``); ``more`` is the line that says
    whether melds are out of sight."""

    def __init__(self, more: Static) -> None:
        super().__init__(id="melds-box")
        self.more = more

    def scroll_page(self, step: int) -> None:
        """Scrolls a page up (``step`` -1) or down (1)."""
        if step < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)

    def show_more(self) -> None:
        """Says on the line below whether melds are out of sight, and which way."""
        text = more_melds_text(round(self.scroll_y) > 0, round(self.scroll_y) < self.max_scroll_y)
        self.more.update(text)
        self.more.display = bool(text)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.show_more()

    def watch_virtual_size(self) -> None:  # the melds changed
        self.call_after_refresh(self.show_more)

    @on(events.Resize)
    def _resized(self) -> None:
        self.show_more()
