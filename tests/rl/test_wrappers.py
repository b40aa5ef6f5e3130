"""The wrapped environment behaves exactly as PettingZoo's own three classic-game
wrappers around the raw environment, whatever is called in whatever order."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from pettingzoo.utils.wrappers import (  # noqa: E402
    AssertOutOfBoundsWrapper,
    OrderEnforcingWrapper,
    TerminateIllegalWrapper,
)

from rummykit.rl import env, raw_env  # noqa: E402


def classic(**kwargs: Any) -> Any:
    """The raw environment in PettingZoo's wrappers, as its classic games build them."""
    inner = TerminateIllegalWrapper(raw_env(**kwargs), illegal_reward=-1)
    return OrderEnforcingWrapper(AssertOutOfBoundsWrapper(inner))


def outcome(call: Any, *args: Any) -> Any:
    """What a call gives: its result, or the type and text of what it raised."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ("ok", call(*args))
    except Exception as e:
        return ("raised", type(e).__name__, str(e))


def snapshot(e: Any) -> Any:
    """Everything the AEC interface shows, with arrays as bytes."""

    def plain(x: Any) -> Any:
        if isinstance(x, np.ndarray):
            return (x.dtype.str, x.tobytes())
        if isinstance(x, dict):
            return {k: plain(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [plain(v) for v in x]
        return x

    return plain(
        [
            outcome(lambda: e.agents),
            outcome(lambda: e.agent_selection),
            outcome(lambda: e.rewards),
            outcome(lambda: e._cumulative_rewards),
            outcome(lambda: e.terminations),
            outcome(lambda: e.truncations),
            outcome(lambda: e.infos),
            outcome(lambda: e.num_agents),
        ]
    )


def moves(e: Any, rng: np.random.Generator) -> list[Any]:
    """Candidate actions for the agent to act: legal, illegal, outside the space, None,
    numpy integers, a bool, a float."""
    try:
        mask = e.unwrapped.observe(e.unwrapped.agent_selection)["action_mask"]
    except Exception:  # before a reset
        return [0, None]
    legal = np.flatnonzero(mask)
    illegal = np.flatnonzero(mask == 0)
    size = len(mask)
    out: list[Any] = [None, -1, size, True, 1.0]
    if len(legal):
        pick = int(rng.choice(legal))
        out += [pick] * 12 + [np.int64(pick), np.int32(pick)]
    out.append(int(rng.choice(illegal)))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2)])
def test_the_fast_wrapper_matches_pettingzoos_wrappers(players: int, seed: int) -> None:
    kwargs = {"preset": "500-rum", "players": players, "max_steps": 120}
    fast, slow = env(**kwargs), classic(**kwargs)
    assert isinstance(fast, OrderEnforcingWrapper) and str(fast) == str(slow)
    assert type(fast.env) is AssertOutOfBoundsWrapper
    assert type(fast.env.env) is TerminateIllegalWrapper
    rng = np.random.default_rng(seed)
    for e in (fast, slow):  # before any reset
        assert snapshot(e) == snapshot(slow)
        assert outcome(e.step, 0) == outcome(slow.step, 0)
        assert outcome(e.last) == outcome(slow.last)
    games = 0
    for _ in range(2500):
        op = rng.integers(10)
        if op == 0 or games == 0:
            s = int(rng.integers(1000))
            fast.reset(seed=s)
            slow.reset(seed=s)
            games += 1
        elif op <= 3:
            observe = bool(rng.integers(4))
            a, b = outcome(fast.last, observe), outcome(slow.last, observe)
            assert snapshot_of(a) == snapshot_of(b)
        elif op == 4:
            agents = slow.unwrapped.possible_agents
            agent = agents[int(rng.integers(len(agents)))]
            a, b = outcome(fast.observe, agent), outcome(slow.observe, agent)
            assert snapshot_of(a) == snapshot_of(b)
        else:
            action = moves(slow, rng)
            choice = action[int(rng.integers(len(action)))]
            assert outcome(fast.step, choice) == outcome(slow.step, choice)
        assert snapshot(fast) == snapshot(slow)
    assert games > 50


def snapshot_of(result: Any) -> Any:
    """A call's outcome with its arrays as bytes."""
    if result[0] != "ok" or result[1] is None:
        return result
    value = result[1]
    if isinstance(value, tuple):
        obs, *rest = value
        return (snapshot_of(("ok", obs)), rest)
    return {k: (v.dtype.str, v.tobytes()) for k, v in value.items()}


def test_agent_iter_plays_through_the_fast_wrapper() -> None:
    e = env(preset="500-rum", players=2, max_steps=200)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 200 and not e.agents
