"""Rummy 500 for reinforcement learning (the ``rl`` extra: numpy, Gymnasium, PettingZoo).

- :class:`ActionCodec`: every canonical action of a rules configuration as one integer,
  legal-action masks, and the way back to actions and their notation.
- :class:`ObservationEncoder`: a player's view as a fixed-length ``float32`` vector (and
  :func:`view_text` as text), built from the :class:`~rummykit.view.PlayerView` alone.
- :func:`env` / :func:`raw_env`: a PettingZoo AEC environment, one agent per seat.
- :class:`SingleSeatEnv`: a Gymnasium environment where one seat learns against bots,
  registered as ``rummykit/SingleSeat-v0`` (``gymnasium.make`` with the same keywords).

::

    >>> from rummykit.rl import env
    >>> e = env(preset="500-rum", players=4)
    >>> e.reset(seed=0)
    >>> len(e.agents), int(e.action_space(e.agent_selection).n)
    (4, 16003)

See ``docs/rl.md`` for the action space, the observation layout, rewards and seeds.
"""

from __future__ import annotations

from rummykit.extras import require

require("rummykit.rl", "rl", "numpy", "gymnasium", "pettingzoo")

import gymnasium as _gymnasium

from rummykit.rl.aec import RummyEnv, env, raw_env
from rummykit.rl.codec import BLOCKS, ActionCodec, CodecError
from rummykit.rl.observation import ObservationEncoder, view_text
from rummykit.rl.single import SingleSeatEnv
from rummykit.rl.table import REWARDS, Table

#: The Gymnasium id of :class:`SingleSeatEnv` (``gymnasium.make(GYMNASIUM_ID, ...)``).
GYMNASIUM_ID = "rummykit/SingleSeat-v0"
if GYMNASIUM_ID not in _gymnasium.registry:
    _gymnasium.register(GYMNASIUM_ID, entry_point="rummykit.rl.single:SingleSeatEnv")

__all__ = [
    "BLOCKS",
    "GYMNASIUM_ID",
    "REWARDS",
    "ActionCodec",
    "CodecError",
    "ObservationEncoder",
    "RummyEnv",
    "SingleSeatEnv",
    "Table",
    "env",
    "raw_env",
    "view_text",
]
