"""What the page says about its connection and its clock: a refusal that trying again
cannot mend stops the retries and says so, in the page's language; the turn clock counts
down to the server's deadline, so a page opened late shows the time left; a spectator
who arrives after hands have ended finds them on the score sheet."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.support import create_table, new_page, ready

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


def test_a_refused_origin_stops_the_retries_and_says_why(server: Any, browser: Any) -> None:
    host = new_page(browser)
    create_table(host, server, "Ana", "rummy", ["bot:greedy"])
    link = host.input_value("#share-link")

    page = new_page(browser, locale="fr-FR")
    hellos: list[str] = []

    def refuse(ws: Any) -> None:
        # what the server answers a page of another origin (rummykit.server.ws): an error
        # naming the rule, then close code 4401
        def answer(message: str | bytes) -> None:
            hellos.append(str(message))
            error = {"type": "error", "rule": "server.origin", "message": "not here", "seq": 0}
            ws.send(json.dumps(error))
            ws.close(code=4401, reason="origin")

        ws.on_message(answer)

    page.route_web_socket("**/ws", refuse)
    page.goto(link)
    ready(page)
    page.wait_for_function("document.getElementById('connection').dataset.state === 'stopped'")
    status = page.inner_text("#connection")
    assert "rechargez la page" in status  # not "trying again"
    assert "allow-origin" in page.inner_text("#app")  # the rule in French, not the message
    page.wait_for_timeout(1500)  # a retry would come within 300 ms
    assert len(hellos) == 1
    assert page.errors == []


def test_the_clock_shows_the_time_left_to_the_servers_deadline(server: Any, browser: Any) -> None:
    ana = new_page(browser)
    code = create_table(ana, server, "Ana", "rummy", ["open"], clock=60)
    link = ana.input_value("#share-link")
    ben = new_page(browser)
    ben.goto(link)
    ready(ben)
    ben.fill("#player-name", "Ben")
    ben.click("[data-focus=join]")
    ben.locator(".badge.you").wait_for()
    ana.click("[data-focus=start]")
    ana.wait_for_selector(".table-screen .player.to-act .clock")
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
    assert all(row["seen"] for row in sheet)  # no score-sheet dialog for old hands
    assert watcher.locator("dialog#score-sheet").count() == 0
    assert watcher.errors == []
