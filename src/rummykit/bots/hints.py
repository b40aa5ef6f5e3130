"""Hints: what the heuristic bot would do now, and why, as data any screen can word.

The ``heuristic`` bot rates every action worth considering (the expected points of the
hand afterwards). :func:`hint` names its choice, a reason drawn from the position (a key
of :data:`REASONS` and its parameters, cards written in the notation) and the ratings of
the choice and of the next best one. The terminal game words it in English
(:mod:`rummykit.tui.hints`); the browser table in the player's language::

    >>> from rummykit import Game, Rules
    >>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
    >>> h = hint(game.view(game.to_act))
    >>> str(h.action).split()[0] in ("draw", "take"), h.reason in REASONS
    (True, True)
    >>> hint(game.view(1 - game.to_act)) is None  # nothing to decide: not their turn
    True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
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
from rummykit.bots.heuristic import CERTAIN
from rummykit.cards import format_cards
from rummykit.view import PlayerView

__all__ = ["HINT_LEVEL", "REASONS", "Hint", "best_actions", "hint", "reason_of"]

#: The bot level that gives hints (the strongest that answers at once and rates its moves).
HINT_LEVEL = "heuristic"

#: Every reason a hint may give: its key, the parameters it fills, and its English.
#: ``cards`` is a space-separated list of cards in the notation, ``card`` one card,
#: ``meld`` a meld's number, ``left`` the cards left in hand after a meld.
REASONS: dict[str, str] = {
    "draw-pile-closed": "the pile cannot be taken now",
    "draw-stock": "nothing in the pile beats a card from the stock",
    "take-one": "takes {card}, which fits your hand",
    "take-deep": "takes {cards}; {card} must then be melded this turn",
    "take-out": "takes {cards}, and you can go out this turn",
    "call-one": "calling Rummy takes {card}, which fits your hand",
    "call-deep": "calling Rummy takes {cards}; {card} must then be melded this turn",
    "pass": "the cards you could call for are not worth taking",
    "meld": "puts {cards} on the table for points now, {left} left in hand",
    "meld-out": "puts {cards} on the table for points now, and you go out",
    "layoff": "{cards} fits meld {meld}: points for you, fewer cards left in hand",
    "layoff-joker": "a joker fits meld {meld}: points for you, fewer cards left in hand",
    "swap": "{card} frees the joker of meld {meld} for your own melds",
    "discard-last": "{card} is your last card: discarding it goes out",
    "discard": "{card} is the card your hand needs least",
    "end": "nothing in the pile can be used: the hand ends",
    "best": "the best rated action",
}


@dataclass(frozen=True)
class Hint:
    """The hint bot's suggestion: ``action``, why (``reason``, a key of :data:`REASONS`,
    with ``params``), its ``rating`` (None: the bot had one choice to make, so it rated
    nothing), whether the bot is ``certain`` (a meld of its best plan, going out), and the
    next best action with its rating."""

    action: Action
    reason: str
    params: dict[str, str | int] = field(default_factory=dict)
    rating: float | None = None
    certain: bool = False
    next_action: Action | None = None
    next_rating: float | None = None

    @property
    def margin(self) -> float | None:
        """How far the suggestion is rated ahead of the next best (None: not rated)."""
        if self.certain or self.rating is None or self.next_rating is None:
            return None
        return self.rating - self.next_rating

    def to_json(self) -> dict[str, Any]:
        """The hint as the server's ``hint`` message carries it (actions in the notation,
        ratings rounded to a tenth)."""

        def rounded(x: float | None) -> float | None:
            return None if x is None else round(x, 1)

        certain = self.certain
        return {
            "action": str(self.action),
            "reason": self.reason,
            "params": dict(self.params),
            "rating": None if certain else rounded(self.rating),
            "certain": certain,
            "next": None if certain or self.next_action is None else str(self.next_action),
            "next_rating": None if certain else rounded(self.next_rating),
        }


def best_actions(view: PlayerView) -> list[tuple[Action, float | None]]:
    """The hint bot's actions worth considering, best first, with their rating if known."""
    if not view.legal_actions:
        return []
    bot = get_bot(HINT_LEVEL, seed="hint")
    # the moves as the heuristic ranks them: a bot's random step off a cycle is no
    # advice, and its reason would not be true
    ranked: Callable[[PlayerView], list[tuple[Action, float]]] | None = getattr(bot, "ranked", None)
    if ranked is not None and len(view.legal_actions) > 1:
        return [(a, float(w)) for a, w in ranked(view)]
    return [(bot.act(view), None)]


def _pile_cards(view: PlayerView, count: int | None, card: Any) -> list[int]:
    pile = [int(c) for c in view.pile]
    depth = count
    if depth is None:
        depth = next((d for d in range(1, len(pile) + 1) if pile[-d] == card), 1)
    return pile[len(pile) - depth :]


def _cards(cards: tuple[Any, ...]) -> str:
    return " ".join(str(c) for c in cards)


def reason_of(
    view: PlayerView, action: Action, *, out: bool = False
) -> tuple[str, dict[str, str | int]]:
    """Why ``action`` in this position, from the player's point of view: a key of
    :data:`REASONS` and its parameters. ``out``: the hint bot found a way out this turn
    that starts with this take (it is certain of it)."""
    hand_size = len(view.hand or ())
    if isinstance(action, Draw):
        takes = [a for a in view.legal_actions if isinstance(a, Take)]
        return ("draw-stock", {}) if takes else ("draw-pile-closed", {})
    if isinstance(action, Take | CallRummy):
        taken = _pile_cards(view, action.count, action.card)
        kind = "call" if isinstance(action, CallRummy) else "take"
        target = format_cards(taken[:1])
        if out and isinstance(action, Take):
            return "take-out", {"cards": format_cards(taken)}
        if len(taken) == 1:
            return f"{kind}-one", {"card": target}
        return f"{kind}-deep", {"cards": format_cards(taken), "card": target}
    if isinstance(action, Pass):
        return "pass", {}
    if isinstance(action, Meld):
        left = hand_size - len(action.cards)
        if left <= 0:
            return "meld-out", {"cards": _cards(action.cards)}
        return "meld", {"cards": _cards(action.cards), "left": left}
    if isinstance(action, LayOff):
        if any(isinstance(c, JokerAs) for c in action.cards):
            return "layoff-joker", {"meld": action.meld}
        return "layoff", {"cards": _cards(action.cards), "meld": action.meld}
    if isinstance(action, Swap):
        return "swap", {"card": str(action.card), "meld": action.meld}
    if isinstance(action, Discard):
        if hand_size == 1:
            return "discard-last", {"card": str(action.card)}
        return "discard", {"card": str(action.card)}
    if isinstance(action, End):
        return "end", {}
    return "best", {}


def hint(view: PlayerView) -> Hint | None:
    """The hint bot's suggestion for ``view``; None when the player has nothing to decide
    (not their turn, a spectator, the game over)."""
    ranked = best_actions(view)
    if not ranked:
        return None
    best, worth = ranked[0]
    certain = worth is not None and worth >= CERTAIN / 2  # a planned meld, going out
    key, params = reason_of(view, best, out=certain)  # a certain take goes out
    following = ranked[1] if len(ranked) > 1 else None
    return Hint(
        action=best,
        reason=key,
        params=params,
        rating=worth,
        certain=certain,
        next_action=None if following is None else following[0],
        next_rating=None if following is None else following[1],
    )
