"""What both environments share: one game driven by integers, its seeds and its rewards.

A :class:`Table` holds a :class:`~rummykit.Game` for a preset, a player count and
options, the :class:`~rummykit.rl.codec.ActionCodec` and
:class:`~rummykit.rl.observation.ObservationEncoder` for them, and turns every applied
action's :class:`~rummykit.Event` into rewards::

    >>> table = Table("500-rum", 2, reward="hand")
    >>> table.reset(seed=7)
    >>> seat = table.to_act
    >>> rewards = table.step(seat, table.legal_indices()[0])
    >>> rewards, table.steps
    ([0.0, 0.0], 1)

Rewards (``reward=``):

- ``"game"``: when the game ends, the winner gets +1 and every other seat
  ``-1 / (players - 1)`` (a game with no single winner gives 0 to all); nothing before.
- ``"hand"``: when a hand ends, each seat gets its score for the hand minus the mean of
  the others' scores, divided by ``reward_scale`` (100 by default); under penalty
  scoring, where points are bad, the sign is turned over.

Both are zero-sum. A game cut short by ``max_steps`` gives nothing more. Games can go on
for ever (two players passing the pile's top card back and forth in 500 Rum, where
otherwise only the stock running out ends a hand; nobody ever melding in a game to a
target), so ``max_steps`` is :data:`MAX_STEPS` unless set.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rummykit import Event, Game, IllegalAction, LayOff, PlayerView, Rules
from rummykit.rl.arguments import above_zero, check_max_steps, seed_number, whole_number
from rummykit.rl.codec import ActionCodec
from rummykit.rl.observation import ObservationEncoder
from rummykit.rules import Scoring

__all__ = ["MAX_STEPS", "REWARDS", "Table"]

#: The reward schemes (see the module).
REWARDS = ("game", "hand")

#: The actions after which a game is cut short unless ``max_steps`` says otherwise: a
#: game of random play takes some hundreds (500 Rum, Remik) to some ten thousand (two
#: players of ``rummy``, the longest), of bots far fewer.
MAX_STEPS = 100_000


class Table:
    """One game at a time of ``preset`` with ``players`` seats named ``player_0`` ...

    ``options`` are rules options (keys of RULES.md section 9) set on the preset.
    ``max_steps`` cuts a game short after that many actions (None: never; by default
    :data:`MAX_STEPS`). Raises
    :class:`~rummykit.errors.RulesError` for rules or a player count that make no sense
    and ``ValueError`` for an unknown reward scheme.
    """

    def __init__(
        self,
        preset: str = "500-rum",
        players: int = 2,
        *,
        reward: str = "game",
        reward_scale: float = 100.0,
        max_steps: int | None = MAX_STEPS,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        check_max_steps(max_steps)
        scale = above_zero(reward_scale, "reward_scale")
        self.rules = Rules.preset(preset, **dict(options or {}))
        players = whole_number(players, "players")
        self.rules.check_players(players)
        self.players = players
        self.names = tuple(f"player_{i}" for i in range(players))
        self.reward = reward
        self.reward_scale = scale
        self.max_steps = max_steps
        self.codec = ActionCodec(self.rules, players)
        self.encoder = ObservationEncoder(self.rules, players)
        self._rng = random.Random()
        self._game: Game | None = None
        #: the game's seed (it decides every deal and reshuffle)
        self.game_seed: int = 0
        #: actions applied in this game
        self.steps = 0
        #: the last event applied, or None after a reset
        self.last_event: Event | None = None
        self._sign = -1.0 if self.rules.scoring is Scoring.PENALTY else 1.0

    @property
    def game(self) -> Game:
        """The game in progress. Raises ``RuntimeError`` before the first reset."""
        if self._game is None:
            raise RuntimeError("reset the environment before using it")
        return self._game

    @property
    def started(self) -> bool:
        """Whether a game has been dealt (by :meth:`reset`)."""
        return self._game is not None

    def reset(self, seed: int | None = None) -> None:
        """Deals a new game. The same ``seed`` deals the same game; without one, the
        next game of the sequence the last seed started."""
        seed = seed_number(seed)
        if seed is not None:
            self._rng.seed(seed)
        self.game_seed = self._rng.getrandbits(63)
        self._game = Game(self.rules, self.names, seed=self.game_seed)
        self.steps = 0
        self.last_event = None

    @property
    def to_act(self) -> int:
        """The seat whose decision it is (during a Rummy call window, the seat offered
        the call), or -1 once the game is over."""
        return self.game.to_act

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.game.over

    @property
    def truncated(self) -> bool:
        """Whether the game was cut short by ``max_steps``."""
        return self.max_steps is not None and self.steps >= self.max_steps and not self.over

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now."""
        return self.game.view(seat)

    def legal_indices(self) -> list[int]:
        """The integers of the legal actions of the seat to act."""
        return self.codec.encode_all(self.game.legal_actions())

    def observe(self, seat: int) -> tuple[NDArray[np.float32], NDArray[np.int8]]:
        """``seat``'s observation and action mask (all zeros unless it is to act, and once
        ``max_steps`` has cut the game short), both from what it may know alone: its
        :class:`~rummykit.view.SeatFacts` (the facts of its view), or its view while tied
        leaders play a hand on alone."""
        game = self.game
        seats = game.hand_seats
        if len(seats) != self.players:  # the view says how a seat sits out
            view = game.view(seat)
            obs = self.encoder.encode_dealt_to(view, seats, seat, game.totals)
            legal = view.legal_actions
        else:
            facts = game.facts(seat)
            obs, legal = self.encoder.encode_facts(facts), facts.legal_actions
        return obs, self.codec.mask(() if self.truncated else legal)

    def step(self, seat: int, index: int) -> list[float]:
        """Applies action ``index`` for ``seat`` and returns every seat's reward.

        Raises :class:`~rummykit.rl.codec.CodecError` for an integer outside the space
        and :class:`~rummykit.errors.IllegalAction` (changing nothing) for an illegal
        action, or for an integer that is not in the mask: another spelling of a legal
        lay-off, which the engine would take as the listed one (an end it does not need,
        or a joker on a group declared as a card of one suit: ``action.code``).
        """
        action = self.codec.decode(index)
        game = self.game
        spelled = isinstance(action, LayOff) and seat == game.to_act
        if spelled and action not in game.legal_actions():
            game.clone().apply(action, seat)  # an illegal one is refused by its rule
            raise IllegalAction(
                "action.code",
                f"{action}: another spelling of a legal lay-off, so this integer is not in "
                "the mask",
            )
        seats = game.hand_seats
        event = game.apply(action, seat)
        self.steps += 1
        self.last_event = event
        return self.rewards(event, seats)

    def rewards(self, event: Event, seats: Sequence[int] | None = None) -> list[float]:
        """Every seat's reward for one event (see the module); ``seats``: those dealt in
        to the hand it is of (all by default; a seat that sat it out gets 0)."""
        n = self.players
        if self.reward == "game":
            if not event.game_over or event.winner is None:
                return [0.0] * n
            lose = -1.0 / (n - 1)
            return [1.0 if p == event.winner else lose for p in range(n)]
        result = event.result
        if result is None:
            return [0.0] * n
        scores = result.scores
        dealt = range(n) if seats is None else seats
        total = sum(scores[p] for p in dealt)
        scale = self._sign / self.reward_scale
        k = len(dealt)
        out = [0.0] * n
        for p in dealt:
            out[p] = (scores[p] - (total - scores[p]) / (k - 1)) * scale
        return out

    def bot_seeds(self, levels: Sequence[str]) -> list[str]:
        """Seeds for bots of this game, one per level, fixed by the game's seed."""
        return [f"{self.game_seed}/bot/{i}/{level}" for i, level in enumerate(levels)]
