"""The hidden-hands script (benchmarks/hidden_hands.py): what public play tells of a
hidden hand, with factors fitted to play."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from rummykit import parse_cards


@pytest.fixture
def hh(bench_scripts: Callable[[str], ModuleType]) -> ModuleType:
    return bench_scripts("hidden_hands")


def code(text: str) -> int:
    return int(parse_cards(text)[0])


def test_relations_go_round_the_corner(hh: ModuleType) -> None:
    assert hh.relation(code("7H"), code("7S")) == 0
    assert hh.relation(code("AH"), code("KH")) == 1  # Q K A
    assert hh.relation(code("AH"), code("3H")) == 2
    assert hh.relation(code("7H"), code("7H")) == 3
    assert hh.relation(code("7H"), code("8S")) == -1
    assert hh.relation(code("7H"), code("TH")) == -1


def test_logged_hands_are_the_true_hidden_cards(hh: ModuleType) -> None:
    """Every logged hand is a hidden hand of cards its viewer has not seen, and the
    features count only events that touch a card."""
    data = hh.positions("rummy", 2, "heuristic", range(2), 4)
    assert len(data) > 20
    for p in data:
        assert all(p.unseen[c] >= k for c, k in Counter(p.hidden).items())
        assert p.features.shape == (53, len(hh.FEATURES)) and p.features.min() >= 0
        assert not p.features[52].any()  # the joker relates to nothing


def test_fitted_factors_make_the_true_hands_likelier(
    hh: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Fitted on some games, the factors make the true hidden hands of other games
    likelier than a uniform deal does, and discards lower the cards they meld with."""
    saved = tmp_path / "factors.json"
    assert (
        hh.main(["--games", "6", "--test-games", "4", "--json", "--quiet", "--save", str(saved)])
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert json.loads(saved.read_text()) == doc
    test = doc["test"]
    assert test["hands"] > 50 and test["uniform_nats"] > 1
    assert test["fitted"][0] > 0 and test["tuned"][0] > 0
    assert doc["factors"]["discard/rank/0-1"] < 1 and doc["factors"]["known/rank"] > 1


def test_bad_counts_are_refused(hh: ModuleType) -> None:
    with pytest.raises(SystemExit):
        hh.main(["--games", "0"])
