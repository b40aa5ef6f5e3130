"""Conformance cases (a record plus "expect"), through the command line and the API.

Runs every case in ``tests/cases`` (the project's own) and in ``../shared/scenarios``
when that folder is there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rummykit.record import replay

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = [ROOT / "tests" / "cases", ROOT.parent / "shared" / "scenarios"]
CASES = sorted(p for folder in FOLDERS if folder.is_dir() for p in folder.glob("*.json"))


def mismatch(want: Any, got: Any, path: str = "$") -> str | None:
    """Where ``got`` differs from the subset ``want`` (a list under error.rule: any of)."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{path}: expected an object, got {got!r}"
        for key, value in want.items():
            if key not in got:
                return f"{path}.{key}: missing"
            if path.endswith("error") and key == "rule" and isinstance(value, list):
                if got[key] not in value:
                    return f"{path}.rule: {got[key]!r} not in {value}"
                continue
            problem = mismatch(value, got[key], f"{path}.{key}")
            if problem:
                return problem
        return None
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return f"{path}: expected {len(want)} items, got {got!r}"
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            problem = mismatch(w, g, f"{path}[{i}]")
            if problem:
                return problem
        return None
    return None if want == got else f"{path}: expected {want!r}, got {got!r}"


def expected_status(expect: dict[str, Any]) -> int:
    if expect.get("ok"):
        return 0
    return 2 if str(expect["error"].get("rule", "")).startswith("record.") else 1


def test_cases_exist() -> None:
    assert len(list((ROOT / "tests" / "cases").glob("*.json"))) >= 10


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case_through_api(path: Path) -> None:
    doc = json.loads(path.read_text())
    result = replay(doc)
    assert mismatch(doc["expect"], result.to_json()) is None
    assert result.status == expected_status(doc["expect"])


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case_through_cli(path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "rummykit", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    doc = json.loads(path.read_text())
    got = json.loads(run.stdout)
    assert mismatch(doc["expect"], got) is None, run.stdout
    assert run.returncode == expected_status(doc["expect"])
