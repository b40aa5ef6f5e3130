"""One interface for every player, human or bot: a view in, an action out.

A :class:`Player` receives only a :class:`~rummykit.view.PlayerView` (its own hand and
what is public; the legal actions are in ``view.legal_actions``) and returns one of those
actions. :func:`play` runs a game that way: nobody ever gets the game state itself, so a
player cannot read a hidden card.

>>> import random
>>> from rummykit import Game, Rules
>>> class RandomPlayer:
...     name = "random"
...     def __init__(self, seed: int) -> None:
...         self.rng = random.Random(seed)
...     def act(self, view):
...         return self.rng.choice(view.legal_actions)
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=1)
>>> play(game, [RandomPlayer(1), RandomPlayer(2)]).over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from rummykit.actions import Action
from rummykit.errors import IllegalAction
from rummykit.game import Game
from rummykit.view import PlayerView

__all__ = ["Player", "play", "play_turns"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action from a view."""

    name: str

    def act(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        ...


def play_turns(
    game: Game,
    players: Sequence[Player],
    *,
    max_actions: int | None = None,
    on_action: Callable[[int, Action], None] | None = None,
) -> int:
    """Asks the players to act until the game is over (or ``max_actions`` were applied).

    Returns how many actions were applied. A player that returns an action not in its
    legal actions raises :class:`~rummykit.errors.IllegalAction`; the game is unchanged.
    """
    count = 0
    while not game.over and (max_actions is None or count < max_actions):
        seat = game.to_act
        view = game.view(seat)
        action = players[seat].act(view)
        if action not in view.legal_actions:
            game.hand.check(action, seat)  # names the rule if it is illegal
            raise IllegalAction(
                "action.syntax", f"{players[seat].name} chose {action}, not a listed action"
            )
        game.apply(action, seat)
        if on_action is not None:
            on_action(seat, action)
        count += 1
    return count


def play(game: Game, players: Sequence[Player]) -> Game:
    """Plays the game to its end and returns it."""
    play_turns(game, players)
    return game
