"""The terminal game's English: counts agree with their number and verbs with "You"."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from rummykit import parse_action
from rummykit.tui import render
from rummykit.tui.hints import reason
from rummykit.tui.words import agree, plural

from .kit import scenario_game

TUI = Path(render.__file__).parent


@pytest.mark.parametrize(
    ("n", "text"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards"), (13, "13 cards")]
)
def test_plural(n: int, text: str) -> None:
    assert plural(n, "card") == text


@pytest.mark.parametrize(
    ("name", "verb", "text"),
    [
        ("You", "have", "have"),
        ("Ana", "have", "has"),
        ("You", "be", "are"),
        ("Ben", "be", "is"),
        ("You", "do", "do"),
        ("Ana", "do", "does"),
        ("You", "pass", "pass"),
        ("Ana", "pass", "passes"),
        ("Ben", "call", "calls"),
    ],
)
def test_verbs_agree_with_the_name(name: str, verb: str, text: str) -> None:
    assert agree(name, verb) == text


def test_one_card_in_hand_is_one_card_on_the_players_line() -> None:
    game = scenario_game()
    view = dataclasses.replace(game.view(0), hand_sizes=(1, 7, 2))
    line = render.players_text(view, {1: "heuristic", 2: "greedy"}, 0).plain
    assert (
        "You 1 card +0" in line and "Ana heur 7 cards" in line and "Ben(D) greedy 2 cards" in line
    )
    assert not re.search(r"\d+c\b", line)  # "7c" reads as the seven of clubs


def test_a_hint_counts_the_cards_left_in_the_singular() -> None:
    game = scenario_game()
    game.apply(parse_action("draw"))
    view = game.view(0)
    view = dataclasses.replace(view, hand=view.hand[:4])  # 4 cards: a meld of 3 leaves 1
    assert reason(view, parse_action("meld 7H 8H 9H")).endswith(", 1 card left")


def test_no_sentence_of_the_terminal_game_makes_you_a_third_person() -> None:
    """Text built with a player's name goes through agree(): no "You has" anywhere."""
    name = r"\{(?:name|who|winner|dealer|self\.names\[.+?\])\}"
    bad = re.compile(name + r" (?:has|is|does|was|wins|passes|calls|deals)\b")
    assert bad.search('f"{self.names[since[0]]} has acted"')  # the old undo message
    for path in sorted(TUI.glob("*.py")):
        found = bad.findall(path.read_text())
        assert not found, f"{path.name}: {found}"
