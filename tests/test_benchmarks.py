"""The bot ladder script (benchmarks/bots.py): figures, bars, and resuming from its log."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rummykit.bots.tournament import GameResult

ROOT = Path(__file__).resolve().parents[1]


def _ladder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder", ROOT / "benchmarks" / "bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    ladder = _ladder()
    base = ["--games", "6", "--match", "greedy-random", "--json", "--quiet"]
    assert ladder.main([*base, *args]) == 0
    doc = json.loads(capsys.readouterr().out)
    row: dict[str, Any] = doc["matches"]["greedy-random"]
    return row


def test_figures_and_bar(capsys: pytest.CaptureFixture[str]) -> None:
    row = _run(capsys)
    assert row["games"] == 6 and row["bar"] == 0.6
    low, high = row["ci95"]
    assert low <= row["win_rate"] <= high
    assert row["passed"] == (row["win_rate"] > 0.6 and low > 0.5)


def test_log_resumes_an_interrupted_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = _run(capsys, "--log", str(tmp_path))
    (log,) = tmp_path.iterdir()
    lines = log.read_text().splitlines()
    assert len(lines) == 6
    # an interruption: two games lost, the last line written halfway
    log.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    again = _run(capsys, "--log", str(tmp_path))
    assert again["resumed_games"] == 3
    assert (again["wins"], again["win_rate"]) == (whole["wins"], whole["win_rate"])
    assert len(log.read_text().splitlines()) == 6


def test_a_damaged_log_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(capsys, "--log", str(tmp_path))
    (log,) = tmp_path.iterdir()
    lines = log.read_text().splitlines()
    log.write_text("\n".join(["{}", *lines[1:]]) + "\n")
    with pytest.raises(SystemExit, match=r":1: not a game result"):
        _run(capsys, "--log", str(tmp_path))


def test_report_reads_the_log_without_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = _run(capsys, "--log", str(tmp_path))
    (log,) = tmp_path.iterdir()
    lines = log.read_text().splitlines()
    partial = "\n".join(lines[:4]) + "\n" + lines[4][:10]  # a game being written
    log.write_text(partial)
    seen = _run(capsys, "--log", str(tmp_path), "--report")
    assert seen["games"] == 4 and seen["resumed_games"] == 4
    assert log.read_text() == partial  # a report never writes
    wins = sum(GameResult.from_json(json.loads(ln)).winner == "greedy" for ln in lines[:4])
    assert seen["wins"] == wins
    assert whole["games"] == 6


def test_report_needs_a_log(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _run(capsys, "--report")
    assert "--report reads the games saved by --log DIR" in capsys.readouterr().err
