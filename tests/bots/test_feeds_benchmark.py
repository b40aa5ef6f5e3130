"""The feeds script (benchmarks/feeds.py): which discards feed the next player."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType

import pytest


@pytest.fixture
def feeds(bench_scripts: Callable[[str], ModuleType]) -> ModuleType:
    return bench_scripts("feeds")


def test_auc_counts_ranks_and_ties(feeds: ModuleType) -> None:
    assert feeds.auc([0.1, 0.4, 0.35, 0.8], [False, False, True, True]) == 0.75
    assert feeds.auc([0.2, 0.2], [True, False]) == 0.5  # a tie counts half
    assert feeds.auc([0.9, 0.1], [False, True]) == 0.0
    assert feeds.auc([0.3, 0.1], [True, True]) == 0.5  # no negative: nothing to rank


def test_the_danger_tells_feeding_discards_apart(
    feeds: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert feeds.main(["--games", "3", "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["discards"] > 100 and 0.0 < doc["feeding_share"] < 0.5
    for model in ("uniform", "inferred"):
        figures = doc[model]
        assert figures["auc"] > 0.55  # better than blind
        assert 0.0 < figures["mean_prediction"] < 1.0 and figures["log_loss"] > 0
    assert doc["played"]["discards"] > 10


def test_a_bot_that_sees_the_hand_feeds_less(
    feeds: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    shares = {}
    for bot in ("heuristic", "peek-hands"):
        assert feeds.main(["--bot", bot, "--games", "4", "--json", "--quiet"]) == 0
        shares[bot] = json.loads(capsys.readouterr().out)["played"]["feeding_share"]
    assert shares["peek-hands"] < shares["heuristic"]
