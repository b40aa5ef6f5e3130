"""PettingZoo's classic-game wrappers, with a fast path through them.

PettingZoo wraps its classic games (chess, Go, tic-tac-toe...) in three layers:
``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(env)))``.
Each layer looks every attribute up in the next one (``agent_selection``,
``terminations``, ``observe``...), so at about 27 µs a step the wrappers cost as much as
the game itself.

:func:`wrap` builds exactly that chain, with PettingZoo's own classes, but the outer
layer is :class:`ClassicWrapper`, a subclass of ``OrderEnforcingWrapper`` that takes a
short cut in the usual case: an agent that is not dead steps with an integer inside the
space that its last observation's mask allows, after a reset. It then does what the
three layers would do (the same checks, the same state in the inner wrappers) without
going through them; every other call (an illegal or out-of-range action, a step before
reset or after the end, a dead agent's ``None``) goes down the chain as before, so
warnings, errors and the -1 of an illegal move are PettingZoo's own. The hot attributes
are read from the unwrapped environment directly.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import (  # type: ignore[import-untyped]
    AssertOutOfBoundsWrapper,
    OrderEnforcingWrapper,
    TerminateIllegalWrapper,
)

__all__ = ["ClassicWrapper", "wrap"]


def wrap(env: AECEnv, illegal_reward: float = -1) -> ClassicWrapper:
    """``env`` wrapped as PettingZoo's classic games are (see the module)."""
    inner = TerminateIllegalWrapper(env, illegal_reward=illegal_reward)
    return ClassicWrapper(AssertOutOfBoundsWrapper(inner))


def _raw_attribute(name: str) -> property:
    """A property that reads ``name`` from the unwrapped environment once reset (before
    that, ``OrderEnforcingWrapper`` refuses it with its own message)."""

    def get(self: ClassicWrapper) -> Any:
        if not self._has_reset:
            return self.__getattr__(name)  # raises AttributeError
        return getattr(self._raw, name)

    return property(get, doc=f"``{name}`` of the unwrapped environment.")


class ClassicWrapper(OrderEnforcingWrapper):  # type: ignore[misc]
    """``OrderEnforcingWrapper`` over ``AssertOutOfBoundsWrapper`` over
    ``TerminateIllegalWrapper``, with the short cut of the module. Build it with
    :func:`wrap`."""

    def __init__(self, env: AssertOutOfBoundsWrapper) -> None:
        super().__init__(env)
        inner = env.env
        assert isinstance(inner, TerminateIllegalWrapper)
        self._illegal = inner
        self._raw = inner.env
        self._size = int(self._raw.action_space(self._raw.possible_agents[0]).n)

    rewards = _raw_attribute("rewards")
    terminations = _raw_attribute("terminations")
    truncations = _raw_attribute("truncations")
    infos = _raw_attribute("infos")
    agent_selection = _raw_attribute("agent_selection")
    agents = _raw_attribute("agents")
    _cumulative_rewards = _raw_attribute("_cumulative_rewards")

    def observe(self, agent: str) -> Any:
        """The agent's observation (the chain's ``observe``, in one call)."""
        if not self._has_reset:
            return super().observe(agent)  # raises
        raw = self._raw
        obs = raw.observe(agent)
        if agent == raw.agent_selection:  # what TerminateIllegalWrapper keeps
            illegal = self._illegal
            # a mask of its own: the caller's is theirs to change, and an action is
            # judged by the mask the environment gave, not by what was done to it since
            illegal._prev_obs = {"action_mask": obs["action_mask"].copy()}
            illegal._prev_info = raw.infos.get(agent, {})
        return obs

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated and info of the agent to
        act (``AECEnv.last``)."""
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]  # raises
        raw = self._raw
        agent = raw.agent_selection
        assert agent is not None
        observation = self.observe(agent) if observe else None
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Steps the agent to act: straight to the environment for a legal action, down
        the wrappers otherwise."""
        kind = type(action)
        illegal = self._illegal
        prev = illegal._prev_obs
        if (
            (kind is int or kind is np.int64)
            and 0 <= action < self._size
            and type(prev) is dict
            and self._has_reset
            and not illegal._terminated
        ):
            raw = self._raw
            agent = raw.agent_selection
            mask = prev.get("action_mask")
            if (
                raw.agents
                and mask is not None
                and mask[action]
                and not raw.terminations[agent]
                and not raw.truncations[agent]
            ):
                self._has_updated = True
                illegal._prev_obs = None
                illegal._prev_info = None
                raw.step(action)
                return
        super().step(action)

    def __str__(self) -> str:
        return str(self.env)
