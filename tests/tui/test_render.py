"""The table's pieces as text (rummykit.tui.render), without the app."""

from __future__ import annotations

from rummykit import Game, Rules
from rummykit.tui.render import points_so_far, so_far_text


def test_where_melds_score_nothing_the_hand_so_far_says_so() -> None:
    game = Game(Rules.preset("rummy"), ["You", "Ana"], seed=1)
    text = so_far_text(game.view(0)).plain
    assert "on the table" not in text and "(hidden)" in text
    assert "winner-takes scoring: only the cards left in hand count" in text


def test_points_so_far_hide_the_other_hands() -> None:
    game = Game(Rules.preset("500-rum"), ["You", "Ana", "Ben"], seed=1)
    for seat in range(3):
        figures = points_so_far(game.view(seat))
        assert [held is None for _, held, _ in figures] == [s != seat for s in range(3)]
        assert [count for _, _, count in figures] == [7, 7, 7]
        assert all(table == 0 for table, _, _ in figures)
