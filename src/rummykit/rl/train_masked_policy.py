"""Train a small masked policy for 500 Rum by self-play, with numpy alone, on the CPU.

The policy is linear and softmax over the legal actions: each legal integer gets a few
hand-made features read from the encoded observation and the decoded action (what kind
of action, how many cards it melds and their points, how well a discard or a taken card
fits the hand ...), its logit is ``features @ weights``, and illegal integers get no
probability at all (the action mask). Training is REINFORCE with a running baseline
(the mean return of the player who moves first in a hand, and of the other): every seat
of a 2-player game plays the same policy, each hand is an episode and each seat's return
is its hand reward (``reward="hand"``: its score minus the other's).

At the end the policy plays full games to 500 against rummykit's ``random`` bot in the
Gymnasium single-seat environment and prints its win rate (and that of the untrained,
uniform policy for comparison)::

    python -m rummykit.rl.train_masked_policy                  # about a minute on one core
    python -m rummykit.rl.train_masked_policy --hands 300 --games 20   # a quick look

Needs the ``rl`` extra: ``pip install 'rummykit[rl]'``. It is installed with the package,
an example to read and copy (``rummykit docs rl --path`` shows where the guides are; this
file is ``rummykit/rl/train_masked_policy.py`` beside them).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rummykit import Action, CallRummy, Discard, Draw, JokerAs, LayOff, Meld, Pass, Take
from rummykit.rl import ActionCodec, ObservationEncoder, SingleSeatEnv, raw_env

FEATURES = (
    "draw",
    "take",
    "call",
    "pass",
    "discard",
    "layoff",
    "meld",
    "other",
    "depth",
    "cards melded",
    "points melded",
    "jokers melded",
    "discard points",
    "discard fits hand",
    "discard joker",
    "target fits hand",
)

#: Card points for the features (rank 1..13, then the joker): aces and jokers 15.
POINTS = [15.0] + [5.0] * 8 + [10.0] * 4


def points(code: int) -> float:
    """A card's points by its code (the joker 15)."""
    return 15.0 if code == 52 else POINTS[code % 13]


def fit(code: int, hand: NDArray[np.float32]) -> float:
    """How well a card fits a hand: other cards of its rank, and of its suit one or two
    ranks away (jokers count as fitting anything)."""
    if code == 52:
        return 4.0
    rank, suit = code % 13, code // 13
    same_rank = sum(hand[s * 13 + rank] for s in range(4)) - hand[code]
    near = sum(hand[suit * 13 + r] for r in (rank - 2, rank - 1, rank + 1, rank + 2) if 0 <= r < 13)
    return float(same_rank + near + hand[52])


class Features:
    """The feature rows of the legal actions of one observation."""

    def __init__(self, codec: ActionCodec, encoder: ObservationEncoder) -> None:
        self.codec = codec
        self.hand = encoder.segment("hand")
        self.pile = encoder.segment("pile")

    def __call__(self, obs: NDArray[np.float32], legal: NDArray[np.intp]) -> NDArray[np.float64]:
        hand = obs[self.hand]
        pile = obs[self.pile]
        rows = np.zeros((len(legal), len(FEATURES)))
        for row, index in zip(rows, legal, strict=True):
            self._fill(row, self.codec.decode(int(index)), hand, pile)
        return rows

    @staticmethod
    def _fill(
        row: NDArray[np.float64], action: Action, hand: NDArray[np.float32], pile: NDArray[Any]
    ) -> None:
        if isinstance(action, Draw):
            row[0] = 1
        elif isinstance(action, (Take, CallRummy)):
            row[1 if isinstance(action, Take) else 2] = 1
            depth = action.count or 1
            row[8] = depth / 10
            row[15] = fit(int(pile[depth - 1]) - 1, hand) / 4
        elif isinstance(action, Pass):
            row[3] = 1
        elif isinstance(action, Discard):
            row[4] = 1
            code = int(action.card)
            row[12] = points(code) / 15
            row[13] = fit(code, hand) / 4
            row[14] = code == 52
        elif isinstance(action, (LayOff, Meld)):
            row[5 if isinstance(action, LayOff) else 6] = 1
            jokers = sum(isinstance(c, JokerAs) for c in action.cards)
            naturals = [int(c) for c in action.cards if not isinstance(c, JokerAs)]
            row[9] = len(action.cards) / 4
            row[10] = (sum(points(c) for c in naturals) + 15 * jokers) / 50
            row[11] = jokers
        else:
            row[7] = 1


def softmax(logits: NDArray[np.float64]) -> NDArray[np.float64]:
    """Probabilities from logits."""
    z = np.exp(logits - logits.max())
    out: NDArray[np.float64] = z / z.sum()
    return out


def train(hands: int, lr: float, seed: int) -> NDArray[np.float64]:
    """REINFORCE by self-play over ``hands`` one-hand games; returns the weights."""
    env = raw_env(preset="500-rum", players=2, reward="hand", target=None, deals=1)
    features = Features(env.codec, env.encoder)
    weights = np.zeros(len(FEATURES))
    rng = np.random.default_rng(seed)
    # the running mean return of the player who moves first in a hand, and of the other:
    # hand rewards are zero-sum, so one mean over both seats would stay at 0, while
    # moving first is worth something
    baselines = {True: 0.0, False: 0.0}
    start = time.perf_counter()
    recent: list[float] = []
    for episode in range(1, hands + 1):
        env.reset(seed=seed * 1_000_003 + episode)
        trace: dict[str, list[NDArray[np.float64]]] = {a: [] for a in env.possible_agents}
        returns = dict.fromkeys(env.possible_agents, 0.0)
        first = env.agent_selection
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            returns[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"].view(bool))
            rows = features(obs["observation"], legal)
            probs = softmax(rows @ weights)
            k = int(rng.choice(len(legal), p=probs))
            trace[agent].append(rows[k] - probs @ rows)  # the score function's gradient
            env.step(int(legal[k]))
        for agent, grads in trace.items():
            moved_first = agent == first
            advantage = returns[agent] - baselines[moved_first]
            if grads:
                weights += lr * advantage * np.mean(grads, axis=0)
            baselines[moved_first] += 0.05 * (returns[agent] - baselines[moved_first])
        recent.append(abs(returns["player_0"]))
        if episode % max(1, hands // 10) == 0:
            rate = episode / (time.perf_counter() - start)
            top = ", ".join(
                f"{FEATURES[i]} {weights[i]:+.2f}" for i in np.argsort(-np.abs(weights))[:4]
            )
            print(
                f"hand {episode}/{hands}: {rate:.1f} hands/s, mean |hand reward| "
                f"{np.mean(recent):.2f}; strongest weights: {top}",
                flush=True,
            )
            recent.clear()
    return weights


def evaluate(weights: NDArray[np.float64], games: int, seed: int) -> tuple[int, int]:
    """Full games to 500 against the ``random`` bot; returns (wins, games decided)."""
    env = SingleSeatEnv(preset="500-rum", players=2, opponents="random", max_steps=5000)
    features = Features(env.codec, env.encoder)
    rng = np.random.default_rng(seed)
    wins = decided = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed * 7919 + g)
        terminated = truncated = False
        reward = 0.0
        while not (terminated or truncated):
            legal = np.flatnonzero(obs["action_mask"].view(bool))
            probs = softmax(features(obs["observation"], legal) @ weights)
            k = int(rng.choice(len(legal), p=probs))
            obs, reward, terminated, truncated, _ = env.step(int(legal[k]))
        if terminated and reward != 0:
            decided += 1
            wins += reward > 0
    return wins, decided


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rummykit.rl.train_masked_policy", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--hands", type=int, default=3000, help="self-play hands to train on")
    parser.add_argument("--games", type=int, default=400, help="evaluation games against random")
    parser.add_argument("--lr", type=float, default=0.5, help="learning rate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    weights = train(args.hands, args.lr, args.seed)
    print(f"trained in {time.perf_counter() - start:.0f} s")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:>18} {w:+.3f}")
    for label, w in (("untrained (uniform)", np.zeros_like(weights)), ("trained", weights)):
        t = time.perf_counter()
        wins, n = evaluate(w, args.games, args.seed + 1)
        lo, hi = wilson(wins, n)
        seconds = time.perf_counter() - t
        print(
            f"{label} policy vs random bot: won {wins} of {n} games to 500 "
            f"({wins / max(n, 1):.0%}, 95% CI {lo:.0%}-{hi:.0%}) in {seconds:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
