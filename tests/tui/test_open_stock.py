"""The terminal table shows what a turned-over stock makes public ([end.stock], RULES
section 7, ``turn-over``): the stock's next cards, and the cards others drew from it."""

from __future__ import annotations

import re

from rummykit.tui import render
from rummykit.view import view_of_hand

from ..rules.kit import act, make_hand, run_down

HANDS = {
    "Ana": "TH TS 7H 7D 2S 4S JC",
    "Ben": "9C 5D 9D QS JH JD AC",
    "Caro": "2D 5H 8H JS 3D 6H 9S",
}


def test_stock_turn_over_the_table_shows_the_stock_order_and_drawn_cards() -> None:
    hand = make_hand("rummy", "Ana Ben Caro", HANDS, "TC", stock="3C 6C", bottom="QC KC")
    run_down(hand)
    before = view_of_hand(hand, 0, (0, 0, 0), False, None)
    assert "turned over" not in render.pile_text(before).plain
    act(hand, "Ana: draw", "Ana: discard 2S", "Ben: draw")  # TC, then 3C
    view = view_of_hand(hand, 0, (0, 0, 0), False, None)
    order = " ".join(str(c) for c in view.open_stock[: render.OPEN_STOCK_SHOWN])
    assert len(view.open_stock) > render.OPEN_STOCK_SHOWN
    pile = render.pile_text(view).plain
    assert pile.startswith(f"Stock {view.stock_size} (turned over, next ")
    shown = re.findall(r"\b[A2-9TJQK][CDHS]\b", pile)
    assert shown[: render.OPEN_STOCK_SHOWN] == order.split()  # in order, not sorted
    line = render.players_text(view, {1: "heuristic", 2: "greedy"}, 0).plain
    assert "Ben" in line and "has 3C" in line  # Ben's draw, seen by all
    assert "TC" not in line  # Ana's own cards are in her hand, not on the players' line
