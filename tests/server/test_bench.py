"""benchmarks/server.py runs: a tiny load (seconds) reports every figure."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "server.py"


def test_the_server_benchmark_reports_its_figures() -> None:
    done = subprocess.run(
        [
            *(sys.executable, str(SCRIPT), "--fast", "2", "--people", "3", "--seconds", "1"),
            *("--pace", "0.5", "--log-level", "warning", "--json"),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    fast, paced = report["runs"]
    assert fast["mode"] == "fast" and paced["mode"] == "people-paced" and paced["tables"] == 3
    for run in (fast, paced):
        assert run["actions"] > 0 and run["refused"] == 0
        assert 0 < run["p50_ms"] <= run["p99_ms"] <= run["max_ms"]
    assert report["restart"]["tables"] == 5 and report["restart"]["seconds"] > 0
    assert "every table rebuilt" in done.stderr  # progress goes to stderr


def test_the_server_benchmark_has_help() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "--people" in done.stdout
