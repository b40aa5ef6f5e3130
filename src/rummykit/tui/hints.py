"""The hint key: what the strongest practical bot would do now, and why, in one line.

The ``heuristic`` bot rates every action worth considering (the expected points of the
hand afterwards); the hint names its choice, a reason drawn from the position, and how
far ahead of the next choice it is::

    >>> from rummykit import Game, Rules
    >>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
    >>> line = hint_line(game.view(game.to_act))
    >>> line.split(":")[0] in ("draw", "take 1")
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummykit.actions import (
    Action,
    CallRummy,
    Discard,
    Draw,
    End,
    JokerAs,
    LayOff,
    Meld,
    Pass,
    Swap,
    Take,
)
from rummykit.bots import get_bot
from rummykit.cards import format_cards
from rummykit.tui.words import plural
from rummykit.view import PlayerView

__all__ = ["HINT_LEVEL", "best_actions", "hint_line", "reason"]

#: The bot level that gives hints (the strongest that answers at once and rates its moves).
HINT_LEVEL = "heuristic"
_CERTAIN = 100_000.0  # the heuristic rates its meld plan (and going out) as certain


def best_actions(view: PlayerView) -> list[tuple[Action, float | None]]:
    """The hint bot's actions worth considering, best first, with their rating if known."""
    if not view.legal_actions:
        return []
    bot = get_bot(HINT_LEVEL, seed="hint")
    scored: Callable[[PlayerView], list[tuple[Action, float]]] | None = getattr(bot, "scored", None)
    if scored is not None and len(view.legal_actions) > 1:
        return [(a, float(w)) for a, w in scored(view)]
    return [(bot.act(view), None)]


def _pile_cards(view: PlayerView, count: int | None, card: Any) -> list[int]:
    pile = [int(c) for c in view.pile]
    depth = count
    if depth is None:
        depth = next((d for d in range(1, len(pile) + 1) if pile[-d] == card), 1)
    return pile[len(pile) - depth :]


def _meld_words(cards: tuple[Any, ...]) -> str:
    return " ".join(str(c) for c in cards)


def reason(view: PlayerView, action: Action) -> str:
    """A short reason for ``action`` in this position, from the person's point of view."""
    hand_size = len(view.hand or ())
    if isinstance(action, Draw):
        takes = [a for a in view.legal_actions if isinstance(a, Take)]
        if not takes:
            return "the pile cannot be taken now"
        return "nothing in the pile beats a card from the stock"
    if isinstance(action, Take | CallRummy):
        taken = _pile_cards(view, action.count, action.card)
        target = format_cards(taken[:1])
        what = "calling Rummy takes" if isinstance(action, CallRummy) else "takes"
        if len(taken) == 1:
            return f"{what} {target}, which fits your hand"
        return f"{what} {format_cards(taken)}; {target} must then be melded this turn"
    if isinstance(action, Pass):
        return "the cards you could call for are not worth taking"
    if isinstance(action, Meld):
        n = len(action.cards)
        left = hand_size - n
        tail = "and you go out" if left == 0 else f"{plural(left, 'card')} left"
        return f"puts {plural(n, 'card')} on the table for points now, {tail}"
    if isinstance(action, LayOff):
        jokers = any(isinstance(c, JokerAs) for c in action.cards)
        what = "a joker" if jokers else _meld_words(action.cards)
        return f"{what} fits meld {action.meld}: points for you, fewer cards left in hand"
    if isinstance(action, Swap):
        return f"frees the joker of meld {action.meld} for your own melds"
    if isinstance(action, Discard):
        if hand_size == 1:
            return "your last card: discarding it goes out"
        return f"{action.card} is the card your hand needs least"
    if isinstance(action, End):
        return "nothing in the pile can be used: the hand ends"
    return "the best rated action"


def _rating(action: Action, worth: float | None) -> str:
    if worth is None:
        return ""
    if worth >= _CERTAIN:
        if isinstance(action, Meld | LayOff | Swap):
            return "part of the best melds in your hand"
        return "clearly best"
    return f"rated {worth:+.1f}"


def hint_line(view: PlayerView) -> str:
    """One line: the action, why, and its margin over the next choice.

    Returns a note when the person has nothing to decide.
    """
    ranked = best_actions(view)
    if not ranked:
        return "nothing to decide now: wait for your turn"
    best, worth = ranked[0]
    parts = [f"{best}: {reason(view, best)}"]
    rating = _rating(best, worth)
    if len(ranked) > 1 and worth is not None and worth < _CERTAIN:
        second, second_worth = ranked[1]
        if second_worth is not None:
            rating += f"; next best {second} {second_worth:+.1f}"
    if rating:
        parts.append(f"({HINT_LEVEL}: {rating})")
    return " ".join(parts)
