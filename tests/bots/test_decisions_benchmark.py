"""The decisions script (benchmarks/decisions.py): speed and a fingerprint of play."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType

import pytest

from rummykit.bots import montecarlo


@pytest.fixture
def decisions(bench_scripts: Callable[[str], ModuleType]) -> ModuleType:
    return bench_scripts("decisions")


def test_the_fingerprint_is_the_play(
    decisions: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same games give the same fingerprint; another level's play another one."""
    monkeypatch.setattr(decisions, "CONFIGS", (("500-rum", 2), ("rummy", 2)))
    first = decisions.heuristic_decisions("heuristic", 1, False)
    again = decisions.heuristic_decisions("heuristic", 1, False)
    basic = decisions.heuristic_decisions("basic", 1, False)
    assert first["fingerprint"] == again["fingerprint"] != basic["fingerprint"]
    assert first["decisions"] > 100 and first["ms_per_decision"] > 0
    assert first["games"] == 2


def test_rollout_measures_on_a_small_table(
    decisions: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The fixed-work measure times rollout's decisions (its time limit off, the same
    play twice); the rounds measure counts the rounds of decisions that ran to the
    limit and leaves the limit's function as it was."""
    monkeypatch.setattr(decisions, "CONFIGS", (("500-rum", 2),))
    monkeypatch.setattr(decisions, "FIXED_BUDGET", 4)
    # every search stops after its first round, as if that round had used up its time (a
    # real short limit would be met, or not, by how fast the machine is)
    monkeypatch.setattr(montecarlo, "over_time", lambda *args: True)
    original = montecarlo.over_time
    assert decisions.main(["--games", "1", "--rounds", "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    fixed = doc["rollout_fixed"]
    assert fixed["budget"] == 4 and fixed["by_config"]["500-rum/2"]["ms"] > 0
    assert decisions.rollout_fixed(False)["fingerprint"] == fixed["fingerprint"]
    rounds = doc["rollout_rounds"]["500-rum/2"]
    assert 0 < rounds["at_limit"] <= rounds["decisions"] and rounds["median_rounds"] == 1
    assert montecarlo.over_time is original


def test_games_must_be_positive(decisions: ModuleType) -> None:
    with pytest.raises(SystemExit):
        decisions.main(["--games", "0"])
