"""The PettingZoo AEC environment: every seat an agent, turns as the rules give them.

:func:`env` builds it wrapped as PettingZoo's classic games are (an illegal action ends
the game with -1 for the agent that took it; actions outside the space are refused;
calls out of order are refused)::

    >>> e = env(preset="500-rum", players=3, max_steps=50)
    >>> e.reset(seed=1)
    >>> e.agent_selection, e.possible_agents
    ('player_1', ['player_0', 'player_1', 'player_2'])
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> sorted(obs), bool(obs["action_mask"].sum() > 0)
    (['action_mask', 'observation'], True)

``agent_selection`` always follows the game's :attr:`~rummykit.Game.to_act`: during a
Rummy call window it is the agent offered the call, which answers ``rummy <depth>`` or
``pass``. The observation of every agent is built from its own
:class:`~rummykit.view.PlayerView` only; its ``action_mask`` is all zeros unless it is
to act. See :mod:`rummykit.rl.table` for rewards and ``docs/rl.md`` for the spaces.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from rummykit.rl.arguments import whole_number
from rummykit.rl.observation import view_text
from rummykit.rl.table import MAX_STEPS, Table
from rummykit.rl.wrappers import wrap

__all__ = ["RummyEnv", "env", "raw_env"]

Observation = dict[str, NDArray[Any]]


class RummyEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """Rummy 500 (or any preset) for 2 to 8 agents ``player_0`` ..., unwrapped.

    Keyword arguments: ``preset`` and ``players``; ``reward`` (``"game"`` or ``"hand"``)
    and ``reward_scale``; ``max_steps`` to cut games short (truncation; 100,000 actions unless
    set, None for never: :data:`~rummykit.rl.table.MAX_STEPS`); ``render_mode``
    (``"ansi"`` or ``"human"``); every other keyword is a rules option
    (``rummy_call="off"``, ``jokers=0`` ...).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (the libraries read it from the class)
        "render_modes": ["ansi", "human"],
        "name": "rummykit_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str = "500-rum",
        players: int = 2,
        *,
        reward: str = "game",
        reward_scale: float = 100.0,
        max_steps: int | None = MAX_STEPS,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be ansi, human or None, not {render_mode!r}")
        self.table = Table(
            preset,
            players,
            reward=reward,
            reward_scale=reward_scale,
            max_steps=max_steps,
            options=options,
        )
        self.render_mode = render_mode
        self.codec = self.table.codec
        self.encoder = self.table.encoder
        self.possible_agents = list(self.table.names)
        self.agents = self.possible_agents[:]
        low, high = self.encoder.bounds()
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(self.codec.size))
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._cache: tuple[str, int, NDArray[np.float32], NDArray[np.int8]] | None = None
        #: the rewards dict of all zeros this env set last (kept while nobody is rewarded)
        self._zero_rewards: dict[str, float] | None = None
        self._version = 0
        self.agent_selection = self.possible_agents[0]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of an agent (the same object for every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of an agent: ``Discrete(codec.size)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deals a new game; the same seed deals the same game."""
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._version += 1
        self._cache = None
        self._zero_rewards = None
        self.agent_selection = self.possible_agents[self.table.to_act]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """The agent's observation and action mask, from its own view only."""
        cached = self._cache
        if cached is None or cached[0] != agent or cached[1] != self._version:
            obs, mask = self.table.observe(self._seat[agent])
            cached = self._cache = (agent, self._version, obs, mask)
        # copies: what a caller does to its arrays changes neither a later observe() nor
        # the mask a wrapper checks the action against
        return {"observation": cached[2].copy(), "action_mask": cached[3].copy()}

    def step(self, action: int | None) -> None:
        """Applies the selected agent's action (an integer of the codec).

        Raises :class:`~rummykit.errors.IllegalAction` for an illegal action when
        unwrapped (the wrapped environment ends the game instead), and ``ValueError``
        for what is no action at all: not a whole number (``0.6``, ``"0"``, ``True``),
        or one outside the space.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._zero_rewards = None  # the dead step changes the rewards in place
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: pass an action, not None")
        table = self.table
        index = whole_number(action, "action")  # not 0.6 or "0", read as draw
        if not 0 <= index < table.codec.size:
            raise ValueError(f"action must be from 0 to {table.codec.size - 1}, not {index}")
        rewards = table.step(self._seat[agent], index)
        self._version += 1
        self._cumulative_rewards[agent] = 0.0
        if any(rewards):
            self.rewards = dict(zip(self.agents, rewards, strict=True))
            self._accumulate_rewards()
        elif self.rewards is not self._zero_rewards:  # most steps reward nobody
            self.rewards = self._zero_rewards = dict.fromkeys(self.agents, 0.0)
        if table.over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif table.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[table.to_act]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The public state as text (a spectator's view): returned for ``"ansi"``,
        printed for ``"human"``; None before the first reset."""
        if self.render_mode is None or not self.table.started:
            return None
        text = view_text(self.table.game.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return "rummykit_v0"


def raw_env(**kwargs: Any) -> RummyEnv:
    """The environment without PettingZoo's wrappers (see :class:`RummyEnv`)."""
    return RummyEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment wrapped as PettingZoo's classic games are (see :class:`RummyEnv`
    for the keywords): ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(
    TerminateIllegalWrapper(raw_env(...), illegal_reward=-1)))``, the outer layer with a
    fast path for legal actions (:mod:`rummykit.rl.wrappers`)."""
    return wrap(RummyEnv(**kwargs), illegal_reward=-1)
