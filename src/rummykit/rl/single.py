"""The Gymnasium environment: one seat learns, rummykit bots play the other seats.

    >>> env = SingleSeatEnv(preset="500-rum", players=2, opponents="random", max_steps=20)
    >>> obs, info = env.reset(seed=5)
    >>> bool((obs["action_mask"] == info["action_mask"]).all())
    True
    >>> import numpy as np
    >>> action = int(np.flatnonzero(info["action_mask"])[0])
    >>> obs, reward, terminated, truncated, info = env.step(action)

Each :meth:`SingleSeatEnv.step` applies the learner's action, then lets the bots act
until it is the learner's decision again (a Rummy call offered out of turn included) or
the game is over; the reward is the learner's share of everything that happened in
between (see :mod:`rummykit.rl.table`). The bots see only their own views; their seeds
come from the game's seed, so ``reset(seed=...)`` repeats deals and decisions exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from rummykit.bots import Bot, get_bot
from rummykit.bots.levels import untimed
from rummykit.rl.arguments import check_max_steps, finite_number, seed_number, whole_number
from rummykit.rl.observation import view_text
from rummykit.rl.table import MAX_STEPS, Table

__all__ = ["SingleSeatEnv"]

Observation = dict[str, Any]


class SingleSeatEnv(gymnasium.Env[Observation, np.int64]):
    """``players`` seats of ``preset``; seat ``seat`` learns, the others are bots.

    ``opponents`` is a bot level (``"random"``, ``"greedy"``, ``"heuristic"`` ...) for
    every other seat, or one level per other seat in seat order. ``reward``,
    ``reward_scale`` and ``max_steps`` (the learner's actions per game) are those of
    :class:`~rummykit.rl.table.Table`; ``illegal_reward`` is what an illegal action
    earns (it ends the game); every other keyword is a rules option. Raises
    ``ValueError`` for an unknown level, a bad seat or an ``illegal_reward`` that is not a
    finite number.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        preset: str = "500-rum",
        players: int = 2,
        opponents: str | Sequence[str] = "heuristic",
        *,
        seat: int = 0,
        reward: str = "game",
        reward_scale: float = 100.0,
        max_steps: int | None = MAX_STEPS,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be ansi, human or None, not {render_mode!r}")
        check_max_steps(max_steps)
        # the learner's steps are counted here (the table counts only those it applies,
        # the learner's, and would cut the game at its own limit: max_steps=None or
        # above it would then read the learner's next action as illegal)
        self.table = Table(
            preset,
            players,
            reward=reward,
            reward_scale=reward_scale,
            max_steps=None,
            options=options,
        )
        players = self.table.players
        given = seat
        try:  # numpy's integers too, not True or 1.0
            seat = whole_number(given, "seat")
        except ValueError:
            seat = -1
        if not 0 <= seat < players:
            raise ValueError(f"seat must be a seat from 0 to {players - 1}, not {given!r}")
        levels = [opponents] * (players - 1) if isinstance(opponents, str) else opponents
        if not isinstance(levels, Sequence) or not all(isinstance(x, str) for x in levels):
            raise ValueError(
                f"opponents must be a bot level, or a list of {players - 1} (one per other "
                f"seat), not {opponents!r}"
            )
        if len(levels) != players - 1:
            raise ValueError(f"give one opponent level, or {players - 1} (one per other seat)")
        for level in levels:
            get_bot(level)  # raises ValueError naming the levels
        self.levels = list(levels)
        self.seat = seat
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.codec = self.table.codec
        self.encoder = self.table.encoder
        low, high = self.encoder.bounds()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.codec.size)
        self.illegal_reward = finite_number(illegal_reward, "illegal_reward")
        self._bots: dict[int, Bot] = {}
        self._steps = 0
        self._illegal = False
        self._mask = np.zeros(self.codec.size, dtype=np.int8)
        #: the learner's reward from what the bots did before its first decision (a
        #: hand they ended), paid with the first step's
        self._pending = 0.0

    @property
    def game_seed(self) -> int:
        """The seed of the game in progress."""
        return self.table.game_seed

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deals a new game and plays the bots up to the learner's first decision.

        A game the bots end before that decision (they can, in a game of one hand) gave
        the learner nothing to decide: the next game of the seed's sequence is dealt
        instead, so that the episode always begins with a decision. A hand they end
        before it (at a crowded table of short hands) is the learner's too: its reward
        comes with the first step's."""
        seed = seed_number(seed)  # numpy's integers too, which Gymnasium's reset refuses
        super().reset(seed=seed)
        self.table.reset(seed)
        others = [p for p in range(self.table.players) if p != self.seat]
        while True:
            seeds = self.table.bot_seeds(self.levels)
            # untimed: a search bot stops on its budget, not on the clock, so that the
            # same seed gives the same decisions however busy the machine is
            self._bots = {
                p: untimed(get_bot(level, seed=s, name=self.table.names[p]))
                for p, level, s in zip(others, self.levels, seeds, strict=True)
            }
            self._pending = self._play_bots()
            if not self.table.over:
                break
            self.table.reset()
        self._steps = 0
        self._illegal = False
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Applies the learner's action and plays the bots up to its next decision.

        An illegal action (its mask entry is 0) ends the game with ``illegal_reward``
        (plus what a hand the bots ended before the learner's first decision was worth)
        and ``info["illegal"]``. Raises ``ValueError`` for what is no action at all: not
        a whole number (``0.6``, ``"0"``, ``True``), or one outside the space (a policy
        of another size); ``RuntimeError`` once the game is over or was cut short by
        ``max_steps``.
        """
        table = self.table
        if table.over or table.to_act != self.seat or self._illegal:
            raise RuntimeError("the game is over: reset the environment")
        if self.max_steps is not None and self._steps >= self.max_steps:
            raise RuntimeError("the game was cut short by max_steps: reset the environment")
        index = whole_number(action, "action")  # not 0.6 or "0", read as draw
        if not 0 <= index < self.codec.size:  # not a move at all: a policy of another size
            raise ValueError(f"action must be from 0 to {self.codec.size - 1}, not {index}")
        if not self._mask[index]:
            # an illegal action ends the game, as PettingZoo's classic games do
            self._illegal = True
            obs, info = self._observe()
            obs["action_mask"][:] = 0  # as action_masks(): the game is over for the learner
            info["action_mask"][:] = 0
            info["illegal"] = True
            reward, self._pending = self.illegal_reward + self._pending, 0.0
            return obs, reward, True, False, info
        reward = self._pending + table.step(self.seat, index)[self.seat]
        self._pending = 0.0
        self._steps += 1
        reward += self._play_bots()
        terminated = table.over
        truncated = self._cut()
        obs, info = self._observe()
        if truncated:  # as action_masks(): no action can be stepped until a reset
            obs["action_mask"][:] = 0
            info["action_mask"][:] = 0
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, truncated, info

    def _play_bots(self) -> float:
        """Lets the bots act until the learner is to act or the game is over; returns
        the learner's rewards on the way."""
        table = self.table
        reward = 0.0
        while not table.over and table.to_act != self.seat:
            p = table.to_act
            action = self._bots[p].act(table.view(p))
            seats = table.game.hand_seats
            event = table.game.apply(action, p)
            reward += table.rewards(event, seats)[self.seat]
        return reward

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        obs, mask = self.table.observe(self.seat)
        self._mask = mask  # the caller's are copies: changing them changes no legality
        info: dict[str, Any] = {"action_mask": mask.copy(), "hand": self.table.game.hand.number}
        return {"observation": obs, "action_mask": mask.copy()}, info

    def _cut(self) -> bool:
        """Whether ``max_steps`` cut the game short (it is not over)."""
        return not self.table.over and self.max_steps is not None and self._steps >= self.max_steps

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions now, as booleans (the name sb3-contrib's maskable
        algorithms look for); none once an illegal action has ended the game or
        ``max_steps`` has cut it short."""
        if self._illegal or self._cut():
            return np.zeros(self.codec.size, dtype=bool)
        return self.codec.mask(self.table.game.legal_actions()).astype(bool)

    def render(self) -> str | None:
        """The learner's view as text: returned for ``"ansi"``, printed for ``"human"``;
        None before the first reset (as the AEC environment's)."""
        if self.render_mode is None or not self.table.started:
            return None
        text = view_text(self.table.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
