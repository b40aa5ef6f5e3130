"""The big-pile script (benchmarks/big_pile.py): the position it times, and its output."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType

import pytest


def test_the_position_has_the_big_pile_and_each_decision_is_legal(
    bench_scripts: Callable[[str], ModuleType], capsys: pytest.CaptureFixture[str]
) -> None:
    big_pile = bench_scripts("big_pile")
    view = big_pile.position(110)
    assert len(view.pile) == 45 and view.stock_size == 2 and view.phase.value == "play"
    assert big_pile.main(["--repeats", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["position"]["pile"] == 45
    legal = {str(a) for a in view.legal_actions}
    assert [row["what"] for row in doc["decisions"]] == ["expert", "hard", "hint"]
    assert all(row["action"] in legal and row["wall"] > 0 for row in doc["decisions"])


def test_bad_numbers_are_refused(
    bench_scripts: Callable[[str], ModuleType], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        bench_scripts("big_pile").main(["--repeats", "0"])
    assert stop.value.code == 2 and "--repeats 1 or more" in capsys.readouterr().err
