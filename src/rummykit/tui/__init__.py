"""Play in the terminal: ``rummykit play``, a whole game against bots (Textual).

The engine never imports this package. :class:`Session` is the game without a screen
(bots, undo, saving); :class:`PlayApp` is the Textual application around it.
"""

from __future__ import annotations

from rummykit.extras import require

require("rummykit.tui", "tui", "textual", "rich")

from rummykit.tui.app import PlayApp
from rummykit.tui.session import DEFAULT_SAVE, Session, UndoRefused, default_save_path

__all__ = ["DEFAULT_SAVE", "PlayApp", "Session", "UndoRefused", "default_save_path"]
