"""Two browsers play each other at one table, made and joined through the pages; a third
watches as a spectator and sees every move, but no hand."""

from __future__ import annotations

from typing import Any

from tests.browser.support import create_table, join_table, new_page, play_turn, ready, until, view


def test_two_players_and_a_spectator(server: Any, browser: Any) -> None:
    ana = new_page(browser)
    # ten cards: nobody goes out in three turns; a turn clock of 60 s
    code = create_table(ana, server, "Ana", "rummy", ["open"], clock=60)
    link = ana.input_value("#share-link")
    assert link.endswith(f"/?t={code}")

    ben = new_page(browser)
    join_table(ben, link, "Ben")
    # Ana sees Ben arrive, connected
    ana.locator(".seat-row", has_text="Ben").locator(".dot.on").wait_for()

    watcher = new_page(browser)
    watcher.goto(link)
    ready(watcher)
    assert "watching" in watcher.inner_text(".room")
    assert watcher.locator("[data-focus=join]").count() == 0  # no open seat left

    ana.click("[data-focus=start]")
    for page in (ana, ben, watcher):
        page.wait_for_selector(".table-screen")
    assert watcher.locator(".hand").count() == 0
    assert watcher.locator(".spectator-note").count() == 1
    # the turn clock runs in the box of the player to act, for everybody
    clock = watcher.locator(".player.to-act .clock")
    clock.wait_for()
    assert clock.inner_text().endswith(" s") and int(clock.inner_text().split()[0]) <= 60

    players = {0: ana, 1: ben}
    for _ in range(6):  # three turns each
        turn = view(ana)["to_act"]
        page = players[turn]
        page.wait_for_function(f"rk.session.view.to_act === {turn} && !rk.session.pending")
        play_turn(page)
        # every page follows, the spectator too: the same seq (a page may lag behind
        # another on a busy machine), the last action shown and highlighted
        seq = page.evaluate("rk.session.seq")
        for other in (ana, ben, watcher):
            other.wait_for_function(f"rk.session.seq === {seq} && !rk.session.pending")
        watched = watcher.locator(f'.player[data-seat="{turn}"] .last-action').inner_text()
        assert watched.startswith(("Ana", "Ben"))
    seen = view(watcher)
    assert seen["hand"] is None and seen["seat"] is None and seen["legal_actions"] == []
    assert view(ana)["log"] == view(ben)["log"] == seen["log"]
    assert len(seen["log"]) >= 12
    for page in (ana, ben, watcher):
        assert page.errors == []


def test_the_lobby_leads_back_to_a_game_left_in_play(server: Any, browser: Any) -> None:
    # found by a review: a game left through the lobby link was lost, the lobby listing
    # only tables with an open seat; the seat's token is kept, and now the way back too
    ana = new_page(browser, locale="es-ES")
    code = create_table(ana, server, "Ana", "rummy", ["bot:random"])
    ana.click("[data-focus=start]")
    ana.wait_for_selector(".table-screen")
    # seats kept at tables long gone do not hide it, and are forgotten (found by a review)
    ana.evaluate(
        """() => { for (let i = 0; i < 12; i++) localStorage.setItem(
             `rk.seat.${String(i).padStart(32, "0")}`,
             JSON.stringify({seat: 1, token: "x", name: "Ana"})); }"""
    )
    ana.goto(server.url + "/")
    ready(ana)
    mine = ana.locator(".lobby-side section", has=ana.locator("h2", has_text="Tus mesas"))
    mine.locator("a").wait_for()
    assert mine.inner_text().splitlines()[1:] == [f"{code} Rummy · partida en curso"]
    gone = "() => Object.keys(localStorage).filter((k) => k.startsWith('rk.seat.0000')).length"
    until(ana, lambda: ana.evaluate(gone) == 0)
    mine.locator("a").click()
    ana.wait_for_selector(".table-screen")
    assert view(ana)["hand"]  # back in the seat, the hand in view
    other = new_page(browser)  # a browser holding no seat sees no such list
    other.goto(server.url + "/")
    ready(other)
    assert other.locator(".lobby-side section[hidden]").count() == 1
    assert ana.errors == [] and other.errors == []
