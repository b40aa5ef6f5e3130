"""The seat survives a reload in the middle of a turn, a dropped socket and a server
restart: the page says hello again with its token and last seq, and play goes on. The
hand keeps the order the player dragged it into."""

from __future__ import annotations

from typing import Any

from tests.browser.support import create_table, new_page, play_turn, ready, view, wait_my_turn


def _hand(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)"))


def _drag(page: Any, source: str, target: str) -> None:
    """Drags one card onto the right half of another, as a mouse would."""
    a = page.locator(source).bounding_box()
    b = page.locator(target).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    for step in range(1, 6):
        x = a["x"] + (b["x"] + b["width"] * 0.8 - a["x"]) * step / 5
        page.mouse.move(x, b["y"] + b["height"] / 2)
    page.mouse.up()


def test_reload_drop_and_restart_keep_the_seat(server: Any, browser: Any) -> None:
    page = new_page(browser)
    create_table(page, server, "Ana", "rummy", ["bot:greedy"])
    page.click("[data-focus=start]")
    wait_my_turn(page)
    # draw, then arrange the hand by dragging its first card to third place
    page.click(".stock")
    page.wait_for_function("rk.session.view.phase === 'play' && !rk.session.pending")
    before = _hand(page)
    _drag(page, ".hand .card >> nth=0", ".hand .card >> nth=2")
    arranged = _hand(page)
    assert arranged == [*before[1:3], before[0], *before[3:]]
    assert page.evaluate("rk.session.hand.mode") == "own"

    # a reload in the middle of the turn: the same seat, the same turn, the same order
    mid = view(page)
    page.reload()
    ready(page)
    page.wait_for_function("rk.session.view !== null")
    again = view(page)
    assert again["seat"] == 0 and again["phase"] == "play"
    assert sorted(again["hand"]) == sorted(mid["hand"])
    assert _hand(page) == arranged
    assert page.locator(".badge.you").count() >= 1
    # the players' last actions come back too, from the hand's log (a review found them
    # all blank after a reload)
    lines = page.locator(".players .last-action").all_inner_texts()
    assert "Ana" in lines[0], lines

    # a dropped socket: it comes back by itself, and the turn goes on
    page.evaluate("rk.session.socket.drop()")
    page.wait_for_function("document.getElementById('connection').dataset.state === 'open'")
    play_turn(page)  # the discard
    wait_my_turn(page)
    assert view(page)["to_act"] == 0

    # the server goes away and comes back: the page reconnects with its token and seq
    seq = page.evaluate("rk.session.seq")
    server.restart()
    page.wait_for_function("document.getElementById('connection').dataset.state === 'open'")
    page.wait_for_function(f"rk.session.seq >= {seq}")
    assert view(page)["seat"] == 0
    wait_my_turn(page)
    play_turn(page)
    page.wait_for_function(f"rk.session.seq > {seq + 1}")
    assert page.errors == []
