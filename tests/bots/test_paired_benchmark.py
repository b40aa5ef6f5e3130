"""The paired ladder script (benchmarks/paired.py): figures, any pair, resuming from its log."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("paired", ROOT / "benchmarks" / "paired.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, Any]]:
    base = ["--deals", "8", "--first-look", "4", "--json", "--quiet"]
    assert _script().main([*base, *args]) == 0
    rows: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["matches"]
    return rows


def test_a_ladder_match_and_any_pair(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _run(capsys, "--match", "greedy-random", "--pair", "greedy,random:5")
    assert [(r["first"], r["second"]) for r in rows] == [
        ("greedy", "random"),
        ("greedy", "random-5"),
    ]
    for r in rows:
        assert r["deals"] in r["looks"] and r["hands"] == 2 * r["deals"]
        low, high = r["diff"]["ci95"]
        assert low <= r["diff"]["mean"] <= high


def test_log_saves_every_deal_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("--pair", "greedy,random", "--players", "3", "--lineup", "one-vs-rest")
    first = _run(capsys, *args, "--log", str(tmp_path))
    (log,) = tmp_path.glob("*.jsonl")
    assert log.name == "500-rum-3p-one-vs-rest-greedy-random-s7.jsonl"
    lines = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert len(lines) == first[0]["deals"]
    assert all(len(d["scores"]) == 3 for d in lines)
    again = _run(capsys, *args, "--log", str(tmp_path))
    assert again[0]["diff"] == first[0]["diff"]
    assert len(log.read_text("utf-8").splitlines()) == len(lines)


def test_bad_pair_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        _script().main(["--pair", "greedy,wizard", "--quiet"])
    assert exc.value.code == 2
    assert "unknown bot level 'wizard'" in capsys.readouterr().err
