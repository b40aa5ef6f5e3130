"""The hidden-hands script (benchmarks/hidden_hands.py): what public play tells of a
hidden hand, with factors fitted to play."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from rummykit import parse_cards
from rummykit.rules import Ace


@pytest.fixture
def hh(bench_scripts: Callable[[str], ModuleType]) -> ModuleType:
    return bench_scripts("hidden_hands")


def code(text: str) -> int:
    return int(parse_cards(text)[0])


def test_relations_follow_the_ace_rule(hh: ModuleType) -> None:
    assert hh.relation(code("7H"), code("7S"), Ace.LOW) == 0
    assert hh.relation(code("7H"), code("7H"), Ace.LOW) == 3
    assert hh.relation(code("7H"), code("8S"), Ace.LOW) == -1
    assert hh.relation(code("7H"), code("TH"), Ace.LOW) == -1
    assert hh.relation(code("AH"), code("3H"), Ace.LOW) == 2
    assert hh.relation(code("AH"), code("KH"), Ace.LOW) == -1  # the ace only low
    assert hh.relation(code("AH"), code("KH"), Ace.LOW_OR_HIGH) == 1  # Q K A
    assert hh.relation(code("AH"), code("QH"), Ace.LOW_OR_HIGH) == 2
    assert hh.relation(code("KH"), code("2H"), Ace.LOW_OR_HIGH) == -1  # no K A 2
    assert hh.relation(code("KH"), code("2H"), Ace.AROUND) == 2


def test_logged_hands_are_hidden_and_their_features_public(hh: ModuleType) -> None:
    """Logged hands hold cards, and a seat's features count its discards: the cards of
    the rank of its discard of this turn count a fresh discard of their rank."""
    data = hh.positions("rummy", 2, "heuristic", range(2), 4)
    assert len(data) > 20
    assert all(p.hidden and p.features.shape == (53, len(hh.FEATURES)) for p in data)
    from rummykit import Game, Rules
    from rummykit.bots import get_bot

    game = Game(Rules.preset("rummy"), ["a", "b"], seed=3)
    bots = [get_bot("greedy", seed=s) for s in range(2)]
    while not any(text.startswith("discard") for seat, text in game.view(1).log if seat == 0):
        seat = game.to_act
        game.apply(bots[seat].act(game.view(seat)), seat)
    view = game.view(1)
    last = next(t for s, t in reversed(view.log) if s == 0 and t.startswith("discard"))
    card = code(last.split()[1])
    f = hh.features(view, 0)
    column = hh.FEATURES.index("discard/rank/0-1")
    same_rank = [c for c in range(52) if c % 13 == card % 13 and c != card]
    assert all(f[c, column] >= 1 for c in same_rank)
    assert f[52].sum() == 0  # the joker relates to nothing


def test_the_fit_finds_factors_that_dealt_the_hands(hh: ModuleType) -> None:
    """Hands drawn with weights exp(beta . counts) over random counts: the fit finds
    beta again."""
    import numpy as np

    rng = np.random.default_rng(5)
    beta = np.zeros(len(hh.FEATURES))
    beta[0], beta[1] = -1.0, 0.7
    data = []
    for _ in range(400):
        f = np.zeros((53, len(hh.FEATURES)))
        f[:52, :2] = rng.integers(0, 3, size=(52, 2))
        w = np.exp(f[:52] @ beta)
        hidden = list(rng.choice(52, size=5, replace=False, p=w / w.sum()))
        data.append(hh.Position([1] * 52 + [0], f, [int(c) for c in hidden], [1.0] * 53))
    fitted = hh.fit(data, ridge=0.01)
    assert abs(fitted[0] + 1.0) < 0.2 and abs(fitted[1] - 0.7) < 0.2
    assert np.abs(fitted[2:]).max() < 1e-6  # no counts, no factor


def test_fitted_factors_make_the_true_hands_likelier(
    hh: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Fitted on some games, the factors make the true hidden hands of other games
    likelier than the hand-set ones do, and those likelier than a uniform deal."""
    saved = tmp_path / "factors.json"
    args = ["--games", "10", "--test-games", "5", "--json", "--quiet", "--save", str(saved)]
    assert hh.main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert json.loads(saved.read_text()) == doc
    test = doc["test"]
    assert test["hands"] > 100 and test["uniform_nats"] > 1
    assert test["fitted"][0] > test["tuned"][0] > 0
    assert doc["factors"]["discard/rank/0-1"] < 1


def test_the_fitted_danger_plays_and_reads_the_hand(hh: ModuleType, tmp_path: Path) -> None:
    """The variant deals each hidden hand by the fitted factors: its judge weighs the
    other seat's pool unevenly once that seat has discarded, and it plays legal moves."""
    from rummykit import Game, Rules

    bot = hh.FittedDangerBot(seed=1)
    game = Game(Rules.preset("rummy"), ["a", "b"], seed=2)
    uneven = 0
    for _ in range(60):
        seat = game.to_act
        view = game.view(seat)
        judge = bot.judge(view)
        assert judge.weighted is not None
        pool, _ = judge.weighted[1 - view.seat]
        uneven += len({round(w, 6) for w in pool if w}) > 1
        action = bot.act(view)
        assert action in view.legal_actions
        game.apply(action, seat)
        if game.over or len(game.hands) > 1:
            break
    assert uneven > 10


def test_bad_counts_are_refused(hh: ModuleType) -> None:
    with pytest.raises(SystemExit):
        hh.main(["--games", "0"])
