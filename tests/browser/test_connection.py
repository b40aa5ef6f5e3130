"""What the page says about its connection and its clock: a refusal that trying again
cannot mend stops the retries and says so, in the page's language (a server that cannot
open the table now is tried again every half minute); the turn clock shows
the time left by the server's deadline, so a page opened late shows the time left, and it
counts down the seconds the server says are left, so a device whose own clock is wrong
shows them too; a spectator who arrives after hands have ended finds them on the score
sheet."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.browser.support import catalogue, create_table, join_table, new_page, ready, until

#: Leaves the page's seat with its token, as the page's own Leave button does.
LEAVE = """async () => {
  const id = rk.session.table.id;
  const seat = JSON.parse(localStorage.getItem(`rk.seat.${id}`));
  const answer = await fetch(`/tables/${id}/leave`, {
    method: "POST", headers: {"content-type": "application/json"},
    body: JSON.stringify({token: seat.token}),
  });
  return answer.status;
}"""


def _refused_page(
    server: Any, browser: Any, locale: str, rule: str, code: int, state: str = "stopped"
) -> tuple[Any, list[str]]:
    """A page (in ``locale``) opening a table's link whose every WebSocket is refused as
    rummykit.server.ws refuses one: an error naming ``rule``, then close ``code``; once
    the page's connection is in ``state`` (stopped trying, or waiting to try again): the
    page and the hellos it sent. The page's clock is the test's (``page.clock``)."""
    host = new_page(browser)
    create_table(host, server, "Ana", "rummy", ["bot:greedy"])
    link = host.input_value("#share-link")
    page = new_page(browser, locale=locale)
    page.clock.install()
    hellos: list[str] = []

    def refuse(ws: Any) -> None:
        def answer(message: str | bytes) -> None:
            hellos.append(str(message))
            ws.send(json.dumps({"type": "error", "rule": rule, "message": "no", "seq": None}))
            ws.close(code=code, reason="refused")

        ws.on_message(answer)

    page.route_web_socket("**/ws", refuse)
    page.goto(link)
    ready(page)
    page.wait_for_function(f"document.getElementById('connection').dataset.state === '{state}'")
    return page, hellos


def test_a_table_code_that_names_no_table_says_nothing_connects(server: Any, browser: Any) -> None:
    # found by a review: the error showed, and the header said "connecting..." for ever
    page = new_page(browser, locale="pt-BR")
    page.goto(f"{server.url}/?t=ZZZZZZ")
    ready(page)
    page.locator("#message .rule-id").wait_for()
    assert "[lobby.table]" in page.inner_text("#message")
    status = page.locator("#connection")
    assert status.get_attribute("data-state") == "stopped"
    assert page.errors == []


def test_a_server_out_of_reach_at_load_leaves_the_header_in_the_pages_language(
    server: Any, browser: Any
) -> None:
    # found by a review: the error was in Polish, the header's switches in English and
    # the language menu empty
    page = new_page(browser, locale="pl-PL")
    page.route("**/web/config.json", lambda route: route.abort())
    page.goto(server.url + "/")
    page.locator("#app [role=alert]").wait_for()
    polish = catalogue("pl")
    assert page.inner_text("#app [role=alert]") == polish["error.unreachable"]
    assert page.inner_text("[data-i18n='prefs.four-colour']") == polish["prefs.four-colour"]
    assert page.locator("#language option").count() == 5
    page.select_option("#language", "fr")  # the menu works: the page follows
    until(page, lambda: page.evaluate("document.documentElement.lang") == "fr")
    assert page.inner_text("#app [role=alert]") == catalogue("fr")["error.unreachable"]
    assert page.errors == []


def test_a_refused_origin_stops_the_retries_and_says_why(server: Any, browser: Any) -> None:
    # a page of another origin: server.origin, then 4401
    page, hellos = _refused_page(server, browser, "fr-FR", "server.origin", 4401)
    status = page.inner_text("#connection")
    assert "rechargez la page" in status  # not "trying again"
    assert "allow-origin" in page.inner_text("#app")  # the rule in French, not the message
    page.wait_for_timeout(1500)  # a retry would come within 300 ms
    assert len(hellos) == 1
    assert page.errors == []


@pytest.mark.parametrize(
    ("rule", "words"),
    [("lobby.full", "nie ma miejsca"), ("lobby.unavailable", "Nie udało się przywrócić")],
)
def test_a_table_the_server_cannot_open_now_is_tried_again_slowly_and_says_why(
    server: Any, browser: Any, rule: str, words: str
) -> None:
    # lobby.open refused with a 503: the error, then 4503
    page, hellos = _refused_page(server, browser, "pl-PL", rule, 4503, "waiting")
    assert "pół minuty" in page.inner_text("#connection")
    # the rule's own words, in Polish, where the page shows its message
    shown = page.inner_text(".message-text")
    assert words in shown, shown
    assert page.inner_text(".rule-id") == f"[{rule}]"
    page.select_option("#language", "en")  # drawn again: still the rule the server gave
    assert page.inner_text(".rule-id") == f"[{rule}]"
    page.wait_for_timeout(1500)  # a quick retry would come within 300 ms
    assert len(hellos) == 1
    page.clock.fast_forward(31_000)  # half a minute later, it tries again
    until(page, lambda: len(hellos) == 2)
    assert page.errors == []


def _clocked_game(server: Any, browser: Any) -> tuple[Any, Any, str]:
    """Ana's and Ben's pages at a started 2-player rummy table with a 60 s clock, which
    runs on screen: the two pages and the table's code."""
    ana = new_page(browser)
    code = create_table(ana, server, "Ana", "rummy", ["open"], clock=60)
    link = ana.input_value("#share-link")
    ben = new_page(browser)
    join_table(ben, link, "Ben")
    ana.click("[data-focus=start]")
    ana.wait_for_selector(".table-screen .player.to-act .clock")
    return ana, ben, code


def test_the_clock_shows_the_time_left_to_the_servers_deadline(server: Any, browser: Any) -> None:
    ana, ben, code = _clocked_game(server, browser)
    deadline = ana.evaluate("rk.session.clock.deadline")
    ana.wait_for_timeout(2500)

    late = new_page(browser)
    late.goto(f"{server.url}/?t={code}")
    ready(late)
    clock = late.locator(".player.to-act .clock")
    clock.wait_for()
    assert late.evaluate("rk.session.clock.deadline") == deadline
    assert int(clock.inner_text().split()[0]) <= 58  # the time left, not a fresh 60 s
    seat = late.evaluate("rk.session.clock.seat")
    assert late.locator(f'.player[data-seat="{seat}"] .clock').count() == 1
    assert late.locator(".clock").count() == 1  # only the seat whose clock runs
    for page in (ana, ben, late):
        assert page.errors == []


def test_once_the_players_clock_ran_out_the_page_offers_nothing_and_says_a_bot_plays(
    server: Any, browser: Any
) -> None:
    # found by a review: after the clock ran out the page still said "Your turn" and lit
    # the buttons, each press refused as server.clock, while the bot played the turn. The
    # state the server sends then says so (its clock's `fired`, tests/server); here the
    # page is handed that state for the position it shows
    ana, ben, _ = _clocked_game(server, browser)
    mover = next(p for p in (ana, ben) if p.evaluate("rk.session.view.to_act === rk.session.seat"))
    assert mover.locator(".controls [data-action=draw][data-legal=true]").count() == 1
    assert mover.locator(".stock[data-legal=true]").count() == 1
    mover.evaluate(
        """() => {
          const s = rk.session;
          const clock = { ...s.clock, left: 0, fired: true };
          const state = { type: "state", seq: s.seq, game: s.game, view: s.view, clock };
          s.receive({ ...state, can_undo: false });
        }"""
    )
    assert "time ran out" in mover.inner_text("#status")
    assert mover.locator(".controls [data-legal=true]").count() == 0
    assert mover.locator(".stock[data-legal=true], .pile .legal").count() == 0
    for page in (ana, ben):
        assert page.errors == []


#: Puts the page's clock SKEW ms off (Date and Date.now), as on a device whose clock is
#: wrong; the page's timers and performance.now() run as they do.
SKEWED_CLOCK = """(() => {
  const skew = SKEW;
  const Real = Date;
  function Skewed(...args) {
    if (!new.target) return new Real(Real.now() + skew).toString();
    return args.length ? new Real(...args) : new Real(Real.now() + skew);
  }
  Skewed.prototype = Real.prototype;
  Skewed.now = () => Real.now() + skew;
  Skewed.parse = Real.parse;
  Skewed.UTC = Real.UTC;
  window.Date = Skewed;
})();"""


def test_the_clock_shows_the_servers_time_left_on_a_device_whose_clock_is_off(
    server: Any, browser: Any
) -> None:
    # the state's clock says the seconds `left` when it was sent: the page counts them
    # down from when it got it, not to the deadline by its own clock (ten minutes off
    # here: counting to the deadline would show 0 s, or more than ten minutes)
    ana, ben, code = _clocked_game(server, browser)
    pages = [ana, ben]
    for skew in (600_000, -600_000):  # ten minutes fast, ten minutes slow
        page = new_page(browser)
        pages.append(page)
        page.add_init_script(SKEWED_CLOCK.replace("SKEW", str(skew)))
        page.goto(f"{server.url}/?t={code}")
        ready(page)
        clock = page.locator(".player.to-act .clock")
        clock.wait_for()
        off = page.evaluate("Date.now()") - time.time() * 1000
        assert abs(off - skew) < 5_000  # the device's clock is off indeed
        assert isinstance(page.evaluate("rk.session.clock.left"), (int, float))
        shown = int(clock.inner_text().split()[0])
        assert 0 < shown <= 60, skew
        assert abs(shown - ana.evaluate("rk.session.clockLeft()")) <= 3, skew
    # a state from an older server, with no `left`: the page counts to the deadline
    # (by its own clock, the only one it has)
    left = page.evaluate(
        """() => {
          const s = rk.session;
          const deadline = new Date(Date.now() + 30000).toISOString();
          return (s.clockEnd({seat: 0, deadline, window: false}) - performance.now()) / 1000;
        }"""
    )
    assert 29 <= left <= 30
    for page in pages:
        assert page.errors == []


def test_a_spectator_arriving_mid_game_has_the_hands_already_played(
    server: Any, browser: Any
) -> None:
    # three cards a hand: hands end within a few turns
    host = new_page(browser)
    create_table(host, server, "Ana", "rummy", ["bot:greedy"], options={"hand_size": "3"})
    host.click("[data-focus=start]")
    host.wait_for_selector(".table-screen")
    # Ana leaves her seat to the stand-in bot (as the page's Leave button does), so hands
    # end by themselves
    status = host.evaluate(LEAVE)
    assert status == 200
    host.wait_for_function("rk.session.sheet.length >= 2", timeout=60_000)
    code = host.evaluate("rk.session.table.code")

    watcher = new_page(browser)
    watcher.goto(f"{server.url}/?t={code}")
    ready(watcher)
    watcher.wait_for_function("rk.session.view !== null && rk.session.sheet.length >= 2")
    sheet = watcher.evaluate("rk.session.sheet")
    assert [row["hand"] for row in sheet][:2] == [1, 2]
    # the hands that ended before the spectator came (welcome.hands) are on the sheet as
    # seen: no score-sheet dialog for them (hands ending since, as the bots play on, show
    # theirs as they end)
    before = [row for row in sheet if row.get("caught")]
    assert len(before) >= 2 and all(row["seen"] for row in before)
    if watcher.locator("dialog#score-sheet").count():
        title = watcher.inner_text("dialog#score-sheet h2")
        assert all(f"Hand {row['hand']} " not in title for row in before)
    assert watcher.errors == []


def _play_off() -> tuple[Any, dict[str, Any]]:
    """A 3-player `remik-500` game (target 1) whose first hand left two leaders tied, who
    play the second hand alone (seats 1 and 2; [game.ties]), and the welcome a client of
    game seat 2 would get at it."""
    from rummykit import Game, Rules
    from rummykit.bots import get_bot

    game = Game(Rules.preset("remik-500", target=1), ["Cleo", "Ana", "Ben"], seed=765)
    bots = [get_bot("greedy", seed=i) for i in range(3)]
    while len(game.hands) < 2:
        game.apply(bots[game.to_act].act(game.view(game.to_act)))
    assert game.hand_seats == (1, 2) and game.to_act == 2
    seats = [
        {"seat": i, "kind": "person", "name": n, "level": None, "away": False, "connected": True}
        for i, n in enumerate(game.players)
    ]
    table = {
        "id": "t" * 32, "code": "PLAYOF", "preset": "remik-500", "options": {"target": 1},
        "clock": 60, "status": "playing", "seq": 40, "game": "g1", "game_number": 1,
        "seats": seats,
    }  # fmt: skip
    hands = [
        {"hand": 1, "ended_by": r.ended_by.value, "out": r.out, "scores": list(r.scores)}
        for r in game.results
    ]
    welcome = {"type": "welcome", "protocol": 1, "seat": 2, "seq": 40, "table": table}
    return game, {**welcome, "hands": hands}


def test_a_tie_play_off_hand_is_drawn_by_game_seats(server: Any, browser: Any) -> None:
    # the view of a play-off hand numbers only the tied leaders (Ana 0, Ben 1), while
    # events, the clock, the table and the score sheet number every seat of the game
    from rummykit.wire import view_to_json

    game, welcome = _play_off()
    page = new_page(browser)
    # no table at the server: the test answers for it, over HTTP and the socket
    page.route("**/tables/PLAYOF", lambda route: route.fulfill(json=welcome["table"]))
    page.route_web_socket("**/ws", lambda ws: None)
    page.goto(f"{server.url}/?t=PLAYOF")
    ready(page)
    page.wait_for_function("rk.session && rk.session.table")
    deadline = "2999-01-01T00:00:00+00:00"
    state = {
        "type": "state", "seq": 40, "game": "g1", "view": view_to_json(game.view(2)),
        "clock": {"seat": 2, "deadline": deadline, "window": False}, "can_undo": False,
    }  # fmt: skip
    page.evaluate(f"rk.session.receive({json.dumps(welcome)})")
    page.evaluate(f"rk.session.receive({json.dumps(state)})")
    page.wait_for_selector(".table-screen")
    ben = page.locator('.player[data-seat="1"]')  # Ben: game seat 2, seat 1 of the hand
    assert "Ben" in ben.inner_text() and ben.locator(".badge.you").count() == 1
    assert ben.locator(".clock").count() == 1  # his clock (game seat 2) on his row
    assert page.locator(".clock").count() == 1
    assert page.locator("#status").get_attribute("class") == "status yours"
    # the score sheet has a column for each of the three players, with their totals
    sheet = page.evaluate("rk.session.sheetColumns()")
    assert sheet["names"] == ["Cleo", "Ana", "Ben"]
    assert sheet["totals"] == list(game.totals)
    # Cleo, who sits the hand out, is named in a notice by her game seat
    notice = {"type": "notice", "notice": "away", "seat": 0, "message": "Cleo left"}
    page.evaluate(f"rk.session.receive({json.dumps(notice)})")
    assert "Cleo" in page.inner_text("#message")
    assert page.errors == []
