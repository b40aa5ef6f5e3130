"""The hint key: what the strongest practical bot would do now, and why, in one line.

The deciding is :func:`rummykit.bots.hints.hint` (shared with the browser table); this
module words it in English for the terminal: the action, the reason, and how far ahead
of the next choice it is::

    >>> from rummykit import Game, Rules
    >>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
    >>> line = hint_line(game.view(game.to_act))
    >>> line.split(":")[0] in ("draw", "take 1")
    True
"""

from __future__ import annotations

from rummykit.actions import Action, LayOff, Meld, Swap
from rummykit.bots.hints import HINT_LEVEL, REASONS, Hint, best_actions, hint, reason_of
from rummykit.tui.words import plural
from rummykit.view import PlayerView

__all__ = ["HINT_LEVEL", "best_actions", "english", "hint_line", "reason"]


def english(key: str, params: dict[str, str | int]) -> str:
    """A reason in English: :data:`~rummykit.bots.hints.REASONS` with its parameters,
    counts agreeing with their number."""
    if key == "meld":
        count = len(str(params["cards"]).split())
        left = plural(int(params["left"]), "card")
        return f"puts {plural(count, 'card')} on the table for points now, {left} left"
    if key == "meld-out":
        count = len(str(params["cards"]).split())
        return f"puts {plural(count, 'card')} on the table for points now, and you go out"
    return REASONS[key].format(**params)


def reason(view: PlayerView, action: Action) -> str:
    """A short reason for ``action`` in this position, from the person's point of view."""
    return english(*reason_of(view, action))


def _rating(h: Hint) -> str:
    if h.rating is None:
        return ""
    if h.certain:
        if isinstance(h.action, Meld | LayOff | Swap):
            return "part of the best melds in your hand"
        return "clearly best"
    text = f"rated {h.rating:+.1f}"
    if h.next_action is not None and h.next_rating is not None:
        text += f"; next best {h.next_action} {h.next_rating:+.1f}"
    return text


def hint_line(view: PlayerView) -> str:
    """One line: the action, why, and its margin over the next choice.

    Returns a note when the person has nothing to decide, and one when the hint bot
    fails: a bug of the hint must not end the person's game (as a bot's does not).
    """
    try:
        h = hint(view)
    except Exception as e:  # the person's own view: the message reveals nothing hidden
        return f"no hint this time: the hint bot failed ({type(e).__name__})"
    if h is None:
        return "nothing to decide now: wait for your turn"
    parts = [f"{h.action}: {english(h.reason, h.params)}"]
    rating = _rating(h)
    if rating:
        parts.append(f"({HINT_LEVEL}: {rating})")
    return " ".join(parts)
