"""The meld-now-or-hold script (benchmarks/holds.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture
def holds(bench_scripts: Callable[[str], ModuleType]) -> ModuleType:
    return bench_scripts("holds")


def test_every_position_is_a_planned_meld_weighed_on_paired_deals(holds: ModuleType) -> None:
    positions = holds.measure("500-rum", 2, 1, 6, 1000, False)
    assert positions, "a hand of 500 Rum has meld decisions"
    for p in positions:
        assert p.deals == 6 and p.hand == 0 and p.seat in (0, 1)
        assert p.se >= 0 and p.first_se >= 0
        # the whole mean is the mean of its two halves (3 deals each)
        assert p.gain == pytest.approx((p.first_half + p.second_half) / 2)
        assert p.true_gain is not None  # measured on the true hidden hands too
    again = holds.measure("500-rum", 2, 1, 6, 1000, False)
    assert again == positions  # the same seed, the same positions and deals


def test_the_summary_counts_what_a_search_would_hold(holds: ModuleType) -> None:
    P = holds.Position
    positions = [
        P(0, 0, 10, 5.0, 1.0, first_half=6.0, first_se=1.0, second_half=4.0, true_gain=3.0),
        P(0, 1, 10, -4.0, 1.0, first_half=-4.0, first_se=1.0, second_half=-4.0, true_gain=9.0),
        P(1, 0, 10, 0.5, 1.0, first_half=2.0, first_se=1.0, second_half=-1.0, true_gain=-2.0),
        P(1, 1, 10, 0.0, 1.0, first_half=0.5, first_se=1.0, second_half=-0.5, true_gain=1.0),
    ]
    s = holds.summary(positions, 2)
    assert s["positions"] == 4 and s["positions_a_hand"] == 2.0
    assert s["hold_better"] == 1 and s["meld_better"] == 1
    assert s["held_by_search"] == 2  # the first half a standard error above 0
    assert s["gain_where_held"] == 1.5  # (4 - 1) / 2, measured on the second halves
    assert s["gain_a_hand"] == 1.5  # hand 0 gains 4, hand 1 loses 1
    # on the true hands, where the search would hold: 3 and -2
    assert s["true_gain_where_held"] == 0.5 and s["true_gain_a_hand"] == 0.5
    assert s["true_gain_a_seat"] == 0.25  # each of the 2 seats' share


def test_the_script_logs_positions_and_prints_json(
    holds: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "holds.jsonl"
    assert holds.main(["--hands", "1", "--deals", "4", "--log", str(log), "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    lines = log.read_text().splitlines()
    assert doc["positions"] == len(lines) > 0
    assert {"gain", "se", "second_half"} <= set(json.loads(lines[0]))
    assert holds.main(["--hands", "1", "--deals", "4", "--summarize", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == doc  # the same figures from the log
    with pytest.raises(SystemExit):
        holds.main(["--deals", "2"])
    assert "--deals" in capsys.readouterr().err
