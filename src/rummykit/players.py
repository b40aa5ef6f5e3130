"""One interface for every player, human or bot, and one loop that drives a game.

A :class:`Player` receives only a :class:`~rummykit.view.PlayerView` (its own hand and
what is public; the legal actions are in ``view.legal_actions``) and returns one of those
actions. A :class:`Driver` seats players at a :class:`~rummykit.game.Game`, asks whoever
is to act, applies the action and hands the :class:`~rummykit.events.Event` to its
listeners. Seats without a player are people: the driver stops when one of them is to
act, and their actions come in through :meth:`Driver.submit`. Bot matches, tournaments
and the terminal game all play through it, so nobody ever gets the game state itself
and a player cannot read a hidden card.

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

import time
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from rummykit.actions import Action
from rummykit.errors import IllegalAction
from rummykit.events import Event
from rummykit.game import Game
from rummykit.view import PlayerView

__all__ = ["Driver", "Listener", "Player", "play", "play_turns"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action from a view."""

    name: str

    def act(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        ...


#: Called with every event the driver applies.
Listener = Callable[[Event], None]


class Driver:
    """Plays a game between seated players: the one loop of rummykit.

    ``players[seat]`` is a :class:`Player`, or None for a person whose actions come
    through :meth:`submit`. ``listeners`` receive every applied event. A game whose hand
    reaches ``max_hand_actions`` actions, or that deals more than ``max_hands`` hands, is
    stopped and marked :attr:`unfinished` (some rules allow a hand that never ends).

    >>> from rummykit import Game, Rules
    >>> from rummykit.bots import get_bot
    >>> game = Game(Rules.preset("500-rum"), ["Ana", "Bot"], seed=3)
    >>> seen = []
    >>> driver = Driver(game, [None, get_bot("greedy", seed=1)], listeners=[seen.append])
    >>> _ = driver.run()              # bots play until the person (seat 0) is to act
    >>> driver.waiting_for in (0, None)
    True
    """

    def __init__(
        self,
        game: Game,
        players: Sequence[Player | None],
        *,
        listeners: Sequence[Listener] = (),
        max_hand_actions: int | None = None,
        max_hands: int | None = None,
    ) -> None:
        if len(players) != len(game.players):
            raise IllegalAction(
                "action.turn", f"{len(players)} players for {len(game.players)} seats"
            )
        self.game = game
        self.players = list(players)
        self.listeners = list(listeners)
        self.max_hand_actions = max_hand_actions
        self.max_hands = max_hands
        self.unfinished = False
        #: seconds each seat's player spent deciding, how many decisions it made, and its
        #: longest decision (seconds)
        self.seconds = [0.0] * len(players)
        self.decisions = [0] * len(players)
        self.longest = [0.0] * len(players)

    @property
    def done(self) -> bool:
        """The game is over, or was stopped unfinished."""
        return self.game.over or self.unfinished

    @property
    def waiting_for(self) -> int | None:
        """The seat of the person who is to act now, or None (a bot acts, or it is done)."""
        if self.done:
            return None
        seat = self.game.to_act
        return seat if seat >= 0 and self.players[seat] is None else None

    def _check_limits(self) -> bool:
        """Marks the game unfinished if it went past a limit (or waits for a deal)."""
        game = self.game
        too_many_hands = self.max_hands is not None and len(game.hands) > self.max_hands
        too_long = (
            self.max_hand_actions is not None
            and not game.awaiting_deal
            and len(game.hand.history) >= self.max_hand_actions
        )
        if game.awaiting_deal or too_many_hands or too_long:
            self.unfinished = True
        return not self.unfinished

    def step(self) -> Event | None:
        """Lets the bot to act play one action; None when a person is to act or the game
        is done. A bot that returns an action not in its legal actions raises
        :class:`IllegalAction` naming the rule; the game is unchanged."""
        if self.done or not self._check_limits():
            return None
        seat = self.game.to_act
        player = self.players[seat]
        if player is None:
            return None
        view = self.game.view(seat)
        t0 = time.perf_counter()
        action = player.act(view)
        took = time.perf_counter() - t0
        self.seconds[seat] += took
        self.decisions[seat] += 1
        if took > self.longest[seat]:
            self.longest[seat] = took
        if action not in view.legal_actions:
            self.game.hand.check(action, seat)  # names the rule if it is illegal
            raise IllegalAction(
                "action.syntax", f"{player.name} chose {action}, not a listed action"
            )
        return self._apply(action, seat)

    def run(self, max_actions: int | None = None) -> int:
        """Lets bots play until a person is to act, the game is done, or ``max_actions``
        were applied; returns how many were."""
        count = 0
        while max_actions is None or count < max_actions:
            if self.step() is None:
                break
            count += 1
        return count

    def submit(self, seat: int, action: Action) -> Event:
        """Applies a person's action for ``seat`` (checked like any other: an illegal one
        raises :class:`IllegalAction` and changes nothing)."""
        if self.game.over:
            raise self.game.over_refusal()
        if self.unfinished:
            raise IllegalAction("end.out", "the game was stopped unfinished")
        return self._apply(action, seat)

    def _apply(self, action: Action, seat: int) -> Event:
        event = self.game.apply(action, seat)
        for listener in self.listeners:
            listener(event)
        return event


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
    listeners: list[Listener] = []
    if on_action is not None:
        callback = on_action
        listeners.append(lambda e: callback(e.seat, e.action))
    return Driver(game, players, listeners=listeners).run(max_actions)


def play(game: Game, players: Sequence[Player]) -> Game:
    """Plays the game to its end and returns it."""
    play_turns(game, players)
    return game
