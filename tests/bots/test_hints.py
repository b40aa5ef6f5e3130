"""Hints as data (rummykit.bots.hints): the heuristic bot's choice, a reason key whose
parameters fill its English, the ratings; nothing when there is nothing to decide."""

from __future__ import annotations

import dataclasses
import re

import pytest

from rummykit import Game, Rules, parse_action
from rummykit.bots.heuristic import HeuristicBot
from rummykit.bots.hints import REASONS, hint, reason_of

from .table import position, view

#: This deal (10 cards each) lets Ana, first to act, draw and then meld AD AH AS.
SEED = 3


def _game() -> Game:
    return Game(Rules.preset("500-rum", hand_size=10), ["Ana", "Ben"], seed=SEED)


def test_a_hint_is_a_legal_action_with_a_reason_and_ratings() -> None:
    game = _game()
    found = hint(game.view(0))
    assert found is not None
    assert found.action in game.legal_actions()
    assert found.reason in ("draw-stock", "take-one", "take-deep")
    assert found.rating is not None and not found.certain
    assert found.next_action is not None and found.next_rating is not None
    assert found.margin == pytest.approx(found.rating - found.next_rating)
    doc = found.to_json()
    assert doc["action"] == str(found.action) and doc["next"] == str(found.next_action)
    assert doc["rating"] == round(found.rating, 1)


def test_a_meld_of_the_plan_is_certain_and_names_its_cards() -> None:
    game = _game()
    game.apply(parse_action("draw"))
    found = hint(game.view(0))
    assert found is not None and found.certain
    assert str(found.action).startswith("meld ")
    assert found.reason == "meld"
    cards = str(found.params["cards"])
    assert str(found.action) == f"meld {cards}"
    assert found.params["left"] == 11 - len(cards.split())
    doc = found.to_json()
    assert doc["certain"] is True and doc["rating"] is None and doc["next"] is None
    assert found.margin is None


def test_a_take_that_goes_out_says_so() -> None:
    # AH 3H QH with 2H on the pile: take it, meld AH 2H 3H, throw QH, out
    hand = position(Rules.preset("500-rum", hand_size=3), ["AH 3H QH", "QC 3D 3S"], upcard="2H")
    found = hint(view(hand))
    assert found is not None and found.certain
    assert str(found.action) == "take 1"
    assert (found.reason, found.params) == ("take-out", {"cards": "2H"})
    assert REASONS["take-out"].format(**found.params) == "takes 2H, and you can go out this turn"
    # the same take, not known to go out, keeps its usual reason
    assert reason_of(view(hand), found.action) == ("take-one", {"card": "2H"})


def test_no_hint_when_there_is_nothing_to_decide() -> None:
    game = _game()
    assert hint(game.view(1)) is None  # Ben waits for Ana
    assert hint(game.view(None)) is None  # a spectator


@pytest.mark.parametrize(
    ("action", "hand", "key", "params"),
    [
        ("discard QC", None, "discard", {"card": "QC"}),
        ("discard QC", ["QC"], "discard-last", {"card": "QC"}),
        ("meld AD AH AS", ["AD", "AH", "AS"], "meld-out", {"cards": "AD AH AS"}),
        ("meld AD AH AS", ["AD", "AH", "AS", "QC"], "meld", {"cards": "AD AH AS", "left": 1}),
        ("layoff 7H to 2", None, "layoff", {"cards": "7H", "meld": 2}),
        ("layoff JK=7H to 2", None, "layoff-joker", {"meld": 2}),
        ("swap 7H in 2", None, "swap", {"card": "7H", "meld": 2}),
        ("end", None, "end", {}),
        ("pass", None, "pass", {}),
        ("take 1", None, "take-one", {}),
        ("rummy 1", None, "call-one", {}),
    ],
)
def test_each_reason_fills_its_english(
    action: str, hand: list[str] | None, key: str, params: dict[str, object]
) -> None:
    view = _game().view(0)
    if hand is not None:
        from rummykit.cards import Card

        view = dataclasses.replace(view, hand=tuple(Card.parse(c) for c in hand))
    got_key, got = reason_of(view, parse_action(action))
    assert got_key == key
    for name, value in params.items():
        assert got[name] == value
    if key in ("take-one", "call-one"):
        assert got["card"] == str(view.pile[-1])
    holes = set(re.findall(r"\{(\w+)\}", REASONS[key]))
    assert holes == set(got), key
    assert "{" not in REASONS[key].format(**got)


def test_a_hint_is_the_heuristics_own_best_not_a_random_step_off_a_cycle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by a review: where the hand went round in circles the hint showed the bot's
    # random step off the cycle, explained as "the card your hand needs least"
    game = _game()
    view = game.view(0)
    best = HeuristicBot().ranked(view)[0][0]
    other = next(a for a in view.legal_actions if a != best)
    monkeypatch.setattr("rummykit.bots.heuristic.step_off", lambda *_: other)
    assert HeuristicBot().scored(view)[0][0] == other  # the bot steps off
    found = hint(view)
    assert found is not None and found.action == best
