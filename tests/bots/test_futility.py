"""The search's early stop (``futility``): the ``rollout`` level stops dealing once the
heuristic's second move is far enough behind its first, rather than at its time limit.

The playouts here are real; only what each one is worth is set by the test (a wrapped
:func:`rummykit.bots.montecarlo.reward`), so the gains the stop reads are known."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator

import pytest

from rummykit import Game, PlayerView, Rules
from rummykit.bots import HeuristicBot, MonteCarloBot, RolloutBot
from rummykit.bots import montecarlo as mc
from rummykit.bots.montecarlo import FUTILITY, FUTILITY_ROUNDS, candidates

SEVEN = Rules.preset("500-rum", hand_size=7)

#: rounds (two playouts, one a move) of the budget every search here is given
ROUNDS = 16


def two_moves() -> PlayerView:
    """A view in which the rollout level weighs two moves."""
    game = Game(SEVEN, ["A", "B"], seed=3)
    bots = [HeuristicBot(seed=s) for s in range(2)]
    probe = RolloutBot(seed=1)
    while True:
        v = game.view(game.to_act)
        if len(candidates(probe.heuristic, v, probe.width, probe.margin)) == 2:
            return v
        game.apply(bots[game.to_act].act(v), game.to_act)


def search(
    bot: MonteCarloBot, v: PlayerView, gains: Iterator[float], monkeypatch: pytest.MonkeyPatch
) -> tuple[bool, int]:
    """Whether ``bot`` plays the second move of ``v`` when each round's playout of it
    is worth the next of ``gains`` more than the first's, and the rounds it played
    (of :data:`ROUNDS` at most)."""
    bot.time_limit = None
    bot.budget = 2 * ROUNDS
    calls = itertools.count()
    rounds = itertools.count(1)
    played = [0]

    def worth(scores: list[float], seat: int, low_wins: bool = False) -> float:
        if next(calls) % 2 == 0:  # the first move: a round begins
            played[0] = next(rounds)
            return 0.0
        return next(gains)

    monkeypatch.setattr(mc, "reward", worth)
    cands = candidates(bot.heuristic, v, bot.width, bot.margin)
    chosen = bot.choose(v)
    assert chosen in (cands[0][0], cands[1][0])
    return chosen == cands[1][0], played[0]


@pytest.fixture(scope="module")
def position() -> PlayerView:
    return two_moves()


def constant(value: float) -> Iterator[float]:
    return itertools.repeat(value)


def alternating(*values: float) -> Iterator[float]:
    return itertools.cycle(values)


def test_rollout_stops_once_the_second_move_is_surely_worse(
    position: PlayerView, monkeypatch: pytest.MonkeyPatch
) -> None:
    # worse by 10 on every deal: behind by any number of standard errors
    second, rounds = search(RolloutBot(seed=1), position, constant(-10.0), monkeypatch)
    assert (second, rounds) == (False, FUTILITY_ROUNDS)


def test_rollout_stops_when_both_moves_come_to_the_same_on_every_deal(
    position: PlayerView, monkeypatch: pytest.MonkeyPatch
) -> None:
    second, rounds = search(RolloutBot(seed=1), position, constant(0.0), monkeypatch)
    assert (second, rounds) == (False, FUTILITY_ROUNDS)


def test_rollout_stops_where_the_second_falls_behind_and_no_sooner(
    position: PlayerView, monkeypatch: pytest.MonkeyPatch
) -> None:
    # +40, then -10 on every deal: after 12 rounds the mean gain is -5.83 with a
    # standard error of 4.17 (1.40 behind), after 13 it is -6.15 with 3.85 (1.60)
    gains = iter([40.0] + [-10.0] * (ROUNDS - 1))
    assert FUTILITY == 1.5
    assert search(RolloutBot(seed=1), position, gains, monkeypatch) == (False, 13)


@pytest.mark.parametrize(
    ("gains", "second"),
    [
        (lambda: constant(10.0), True),  # surely better: searched to the end, played
        (lambda: alternating(10.0, -12.0), False),  # behind, but within the noise
    ],
    ids=["better", "near"],
)
def test_rollout_searches_on_while_the_second_move_may_yet_be_better(
    position: PlayerView,
    monkeypatch: pytest.MonkeyPatch,
    gains: Callable[[], Iterator[float]],
    second: bool,
) -> None:
    assert search(RolloutBot(seed=1), position, gains(), monkeypatch) == (second, ROUNDS)


@pytest.mark.parametrize("futility", [-1.0, math.inf, math.nan])
def test_a_stop_is_a_number_of_standard_errors_from_0(futility: float) -> None:
    with pytest.raises(ValueError, match="futility"):
        MonteCarloBot(futility=futility)


def test_montecarlo_has_no_stop_unless_given_one(
    position: PlayerView, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = MonteCarloBot(seed=1, rollout="heuristic", width=2, confidence=1.0)
    assert bot.futility == 0 and RolloutBot(seed=1).futility == FUTILITY
    assert search(bot, position, constant(-10.0), monkeypatch) == (False, ROUNDS)
