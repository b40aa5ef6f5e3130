"""The early-stop study (benchmarks/rollout_stops.py): logged gains replayed under stop
rules."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from types import ModuleType

import pytest

from rummykit import PlayerView
from rummykit.bots import RolloutBot, montecarlo

from .test_futility import ROUNDS, search, two_moves


@pytest.fixture(scope="module")
def position() -> PlayerView:
    return two_moves()


@pytest.fixture
def stops(bench_scripts: Callable[[str], ModuleType]) -> ModuleType:
    return bench_scripts("rollout_stops")


def test_the_full_search_plays_the_second_move_a_standard_error_ahead(
    stops: ModuleType,
) -> None:
    assert stops.full_choice([1.0, 3.0]) is True  # mean 2, error 1
    assert stops.full_choice([0.0, 2.0]) is False  # mean 1, error 1: not above
    assert stops.full_choice([5.0]) is False  # one round: no error known


def test_a_stop_rule_ends_where_the_second_move_is_far_enough_behind(
    stops: ModuleType,
) -> None:
    behind = [-1.0, -3.0, -1.0, -3.0, -1.0, -3.0]  # mean -2, error 1 after 2 rounds
    assert stops.stopped(behind, 2, 1.5) == (False, 2)
    assert stops.stopped(behind, 4, 1.5) == (False, 4)  # not before its least rounds
    # never 3 standard errors behind in 6 rounds: to the end, the full search's move
    assert stops.stopped([1.0, -3.0] * 3, 2, 3.0) == (False, 6)
    assert stops.stopped([1.0, 3.0] * 3, 2, 1.0) == (True, 6)
    assert stops.stopped([0.0, 0.0, 0.0], 2, 1.5) == (False, 2)  # the same every deal


def test_weighing_counts_agreement_and_rounds(
    stops: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stops, "RULES", ((2, 1.5),))
    # the first stops after 2 of 4 rounds, as the full search would end; the second
    # stops after 2 of 4 too, but the full search plays its second move
    gains = [[-1.0, -3.0, -1.0, -3.0], [-1.0, -3.0, 9.0, 9.0]]
    assert stops.full_choice(gains[1]) is True
    assert stops.weigh(gains) == [{"least": 2, "behind": 1.5, "agree": 0.5, "rounds": 0.5}]


def test_logged_decisions_from_the_command_line(
    stops: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Real games of rollout (its time limit on, as it is timed) against the heuristic:
    each logged decision weighed two moves for some rounds, and every rule is weighed."""
    monkeypatch.setattr(stops, "CONFIGS", (("500-rum", 2),))
    assert stops.main(["--decisions", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["shipped"] == [montecarlo.FUTILITY_ROUNDS, montecarlo.FUTILITY]
    (row,) = doc["configs"]
    assert row["config"] == "500-rum/2" and row["decisions"] == 2 and row["mean_rounds"] >= 1
    assert len(row["rules"]) == len(stops.RULES)
    assert all(0 <= r["agree"] <= 1 and 0 < r["rounds"] <= 1 for r in row["rules"])


def test_the_gains_logged_are_the_second_move_over_the_first(
    stops: ModuleType, position: PlayerView, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each round's gain is the second move's reward less the first's, in the order the
    rounds were played; the search runs to its budget (no stop) and the reward it reads
    is put back after each decision."""
    rewards = itertools.cycle([5.0, 8.0, 2.0, -4.0, 7.0, 7.0])  # first, second, ...

    def worth(scores: list[float], seat: int, low_wins: bool = False) -> float:
        return next(rewards)

    monkeypatch.setattr(montecarlo, "reward", worth)
    bot = stops.Logged(seed=1)
    bot.time_limit, bot.budget = None, 2 * 12
    bot.choose(position)
    assert bot.gains == [[3.0, -6.0, 0.0] * 4]
    assert montecarlo.reward is worth


@pytest.mark.parametrize(
    "gains",
    [
        [-10.0] * ROUNDS,
        [0.0] * ROUNDS,
        [40.0] + [-10.0] * (ROUNDS - 1),
        [10.0, -12.0] * 8,
        [12.0, -2.0] * 8,
    ],
    ids=["worse", "same", "falls-behind", "near", "better"],
)
def test_the_rule_replayed_is_the_rule_the_search_plays(
    stops: ModuleType,
    position: PlayerView,
    monkeypatch: pytest.MonkeyPatch,
    gains: list[float],
) -> None:
    """The benchmark's replay of the shipped stop ends where ``rollout`` itself does, with
    the same move, on the same gains; and its full search plays what ``rollout`` without
    its stop plays."""
    shipped = stops.stopped(gains, montecarlo.FUTILITY_ROUNDS, montecarlo.FUTILITY)
    assert search(RolloutBot(seed=1), position, iter(gains), monkeypatch) == shipped
    unstopped = RolloutBot(seed=1)
    unstopped.futility = 0.0
    full = search(unstopped, position, iter(gains), monkeypatch)
    assert full == (stops.full_choice(gains), ROUNDS)


def test_decisions_must_be_positive(stops: ModuleType) -> None:
    with pytest.raises(SystemExit):
        stops.main(["--decisions", "0"])
