"""The example training script and the speed benchmark run (tiny settings)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy", reason="the rl extra is not installed")
pytest.importorskip("gymnasium", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

ROOT = Path(__file__).resolve().parents[2]


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_example_trains_and_evaluates(capsys: pytest.CaptureFixture[str]) -> None:
    # installed with the package: python -m rummykit.rl.train_masked_policy
    from rummykit.rl import train_masked_policy as script

    assert script.main(["--hands", "20", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "hand 20/20" in out
    assert "trained policy vs random bot: won" in out


def test_the_benchmark_reports_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load(ROOT / "benchmarks" / "rl.py")
    assert bench.main(["--seconds", "0.05", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"500-rum/2", "500-rum/4"}
    for row in doc.values():
        assert row["aec_us_per_step"] > 0 and row["aec_cpu_us_per_step"] > 0
        assert row["encode_us"] > 0 and row["facts_us"] > 0
        assert row["engine_us_per_decision"] > 0
