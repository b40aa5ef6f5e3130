"""The endgame script (benchmarks/endgames.py): positions, seatings, shares, resuming."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


@pytest.fixture
def script(bench_scripts: Callable[[str], ModuleType]) -> ModuleType:
    return bench_scripts("endgames")


def _run(script: ModuleType, capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert script.main([*args, "--quiet"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


def test_positions_are_totals_before_a_last_hand(script: ModuleType) -> None:
    starts = script.positions("500-rum", 3)
    assert len(starts) == 3
    assert all(max(s) < 500 for s in starts)  # the game had not ended
    assert script.positions("500-rum", 3) == starts  # seeded


def test_a_bot_against_itself_wins_one_game_of_each_position(
    script: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the same bot in both seats plays both games of a position alike: the seat that wins
    # one wins the other, so the first bot (seat 0, then seat 1) wins exactly one
    doc = _run(script, capsys, "greedy", "greedy", "--positions", "3", "--log", str(tmp_path))
    s = doc["greedy"]
    assert (s["games"], s["wins"], s["positions_won_both_one_none"]) == (6, 3.0, [0, 3, 0])


def test_the_log_resumes_and_a_cut_last_line_is_played_again(
    script: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ("heuristic", "greedy", "--positions", "2", "--log", str(tmp_path))
    whole = _run(script, capsys, *args)["heuristic"]
    (log,) = tmp_path.glob("*.jsonl")
    assert log.name == "endgames-500-rum-heuristic-greedy.jsonl"
    lines = log.read_text().splitlines()
    assert len(lines) == 4
    log.write_text("\n".join(lines[:2]) + "\n" + lines[2][:15])
    again = _run(script, capsys, *args)["heuristic"]
    assert again["wins"] == whole["wins"] and again["games"] == 4
    report = _run(script, capsys, *args[:2], "--positions", "1", "--log", str(tmp_path), "--report")
    assert report["heuristic"]["games"] == 2  # only the positions asked for
