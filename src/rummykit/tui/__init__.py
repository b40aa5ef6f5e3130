"""Play in the terminal: ``rummykit play``, a whole game against bots (Textual).

The engine never imports this package. :class:`Session` is the game without a screen
(bots, undo, saving); :class:`PlayApp` is the Textual application around it.
"""

from __future__ import annotations

try:
    import rich as _rich  # noqa: F401
    import textual as _textual  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"rummykit.tui needs the tui extra ({e.name} is missing):"
        f" pip install 'rummykit[tui]' (in a clone of rummykit: pip install '.[tui]')"
    ) from e

from rummykit.tui.app import PlayApp
from rummykit.tui.session import DEFAULT_SAVE, Session, UndoRefused, default_save_path

__all__ = ["DEFAULT_SAVE", "PlayApp", "Session", "UndoRefused", "default_save_path"]
