"""The lobby's new-table form and its code box as people use them (found by a review of
the page as a user): a choice made keeps the others, a table's link opens the table, and
an empty name is asked for in the page's own words."""

from __future__ import annotations

from typing import Any

from tests.browser.support import catalogue, create_table, new_page, ready


def test_more_players_keep_the_rules_and_the_clock_chosen(server: Any, browser: Any) -> None:
    page = new_page(browser, locale="en-US")
    page.goto(server.url + "/")
    ready(page)
    page.fill("#your-name", "Ana")
    page.fill("#opt-target", "300")
    page.select_option("#clock", "60")
    page.click(".more-rules summary")
    page.select_option("#seat-count", "3")
    assert page.input_value("#opt-target") == "300"
    assert page.input_value("#clock") == "60"
    assert page.locator(".more-rules").get_attribute("open") is not None
    # another game has rules of its own, but the clock is the table's
    page.select_option("#preset", "remik-500")
    assert page.input_value("#opt-target") != "300"
    assert page.input_value("#clock") == "60"
    page.click("#create")
    page.wait_for_url("**/?t=*")
    ready(page)
    table = page.evaluate("rk.session.table")
    assert table["clock"] == 60 and len(table["seats"]) == 3


def test_the_code_box_opens_a_table_from_its_link_or_a_code_with_a_space(
    server: Any, browser: Any
) -> None:
    page = new_page(browser, locale="en-US")
    code = create_table(page, server, "Ana", "500-rum", ["open"])
    other = new_page(browser, locale="en-US")
    for typed in (f"{server.url}/?t={code}&lang=en", f" {code[:3]} {code[3:]} "):
        other.goto(server.url + "/")
        ready(other)
        other.fill("#join-code", typed)
        other.click(".join-code button[type=submit]")
        other.wait_for_url(f"**/?t={code}")
        ready(other)
        other.wait_for_function("rk.session && rk.session.table !== null")
        assert other.evaluate("rk.session.table.code") == code


def test_a_table_that_is_not_there_is_named_so_not_a_server_away(server: Any, browser: Any) -> None:
    page = new_page(browser, locale="en-US")
    page.goto(server.url + "/?t=" + "NO%2FSUCH")  # a path the server has no route for
    ready(page)
    said = page.inner_text("body")
    assert "[lobby.table]" in said and "[page.offline]" not in said
    # the tab is named after the table asked for, not left "rummykit" (found by a review)
    assert page.title() == "Table NO/SUCH \u2013 rummykit"


def test_a_404_from_elsewhere_than_a_table_says_the_server_did_not_answer(
    server: Any, browser: Any
) -> None:
    # a proxy's own 404 page for the lobby's POST: no table is missing, the server is
    page = new_page(browser, locale="en-US")
    page.route(
        "**/tables",
        lambda route: (
            route.fulfill(status=404, body="Not Found")
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    page.goto(server.url + "/")
    ready(page)
    page.fill("#your-name", "Ana")
    page.click("#create")
    page.wait_for_selector(".new-table .message .rule-id")
    said = page.inner_text(".new-table .message")
    assert "[page.offline]" in said and "[lobby.table]" not in said
    assert "Not allowed" not in said  # a fault, not a request refused (found by a review)


def test_an_empty_name_is_asked_for_in_the_pages_language(server: Any, browser: Any) -> None:
    page = new_page(browser, locale="en-US")
    page.goto(server.url + "/?lang=pl")
    ready(page)
    page.fill("#your-name", "")
    page.click("#create")
    message = page.evaluate("document.getElementById('your-name').validationMessage")
    assert message == catalogue("pl")["hint.name"]
    page.fill("#your-name", "Ola")  # typing clears it
    assert page.evaluate("document.getElementById('your-name').validationMessage") == ""


def _tables_made(page: Any) -> list[str]:
    """The addresses of the page's requests that make a table, as they are sent."""
    made: list[str] = []
    page.on(
        "request",
        lambda r: made.append(r.url) if r.method == "POST" and r.url.endswith("/tables") else None,
    )
    return made


def test_a_refused_name_keeps_its_table_for_the_next_try_in_another_language(
    server: Any, browser: Any
) -> None:
    page = new_page(browser, locale="en-US")
    made = _tables_made(page)
    page.goto(server.url + "/")
    ready(page)
    page.select_option("#seat-count", "2")
    page.select_option("#seat-1", "bot:medium")
    page.fill("#your-name", "medium 2")  # the bot's name, ignoring case: the server refuses it
    page.click("#create")
    page.locator(".new-table .message .rule-id").wait_for()
    said = page.inner_text(".new-table .message")
    assert "Not allowed: [lobby.name]" in said and len(made) == 1  # a request refused
    page.select_option("#language", "pl")  # the bots' names change with the page's language
    page.wait_for_function("document.documentElement.lang === 'pl'")
    page.fill("#your-name", "Ana")
    page.click("#create")
    page.wait_for_url("**/?t=*")
    ready(page)
    assert len(made) == 1  # the table made for the refused name, not a second one
    seats = page.evaluate("rk.session.table.seats")
    assert [s["name"] for s in seats] == ["Ana", "Medium 2"]


def _lose_the_first_join_answer(page: Any) -> list[dict[str, Any]]:
    """Lets the page's joins reach the server, the first one's answer never reaching the
    page (a server killed before its answer went out, a network cut): each join's body
    and, for the lost one, its answer."""
    sent: list[dict[str, Any]] = []

    def route(r: Any) -> None:
        sent.append({"body": r.request.post_data_json})
        if len(sent) == 1:
            sent[0]["answer"] = r.fetch().json()  # the seat is taken, at the server
            r.abort()
        else:
            r.continue_()

    page.route("**/tables/*/join", route)
    return sent


def _lose_a_join(page: Any, server: Any, table: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """Opens ``table``'s page in ``page`` and joins as ``name``, the answer lost (the page
    says so): the joins sent, as :func:`_lose_the_first_join_answer` keeps them."""
    page.unroute("**/tables/*/join")
    sent = _lose_the_first_join_answer(page)
    page.goto(f"{server.url}/?t={table['code']}")
    ready(page)
    page.fill("#player-name", name)
    page.click("[data-focus=join]")
    page.locator(".message .rule-id").wait_for()
    return sent


def test_a_join_whose_answer_was_lost_gets_its_seat_back_when_sent_again(
    server: Any, browser: Any
) -> None:
    # found by a review: the seat taken by a join whose answer was lost was held by a
    # name whose token nobody had, and that name was then refused as taken; the page's
    # join carries a key, made once for each try and sent again with it
    page = new_page(browser, locale="en-US")
    made = _tables_made(page)
    sent = _lose_the_first_join_answer(page)
    page.goto(server.url + "/")
    ready(page)
    page.select_option("#seat-count", "2")
    page.select_option("#seat-1", "open")
    page.fill("#your-name", "Ana")
    page.click("#create")
    page.locator(".new-table .message .rule-id").wait_for()
    assert "[page.offline]" in page.inner_text(".new-table .message")
    page.click("#create")
    page.wait_for_url("**/?t=*")
    ready(page)
    page.locator(".badge.you").wait_for()
    assert len(made) == 1  # the same table
    assert [s["name"] for s in page.evaluate("rk.session.table.seats")] == ["Ana", None]
    assert len(sent) == 2 and sent[0]["body"] == sent[1]["body"]  # the same key
    assert len(sent[0]["body"]["key"]) == 32
    assert page.evaluate("rk.session.saved().token") != sent[0]["answer"]["token"]
    # a table's own join page, likewise
    table = server.table("500-rum", {}, [{"kind": "open"}, {"kind": "open"}])
    other = new_page(browser, locale="en-US")
    sent = _lose_a_join(other, server, table, "Ben")
    other.click("[data-focus=join-again]")  # the join, kept, is sent again before any other
    other.locator(".badge.you").wait_for()
    assert [s["name"] for s in other.evaluate("rk.session.table.seats")] == ["Ben", None]
    assert len(sent) == 2 and sent[0]["body"]["key"] == sent[1]["body"]["key"]
    assert not page.errors and not other.errors


def test_a_lost_join_that_took_the_last_seat_is_offered_again_and_sent_again_on_a_reload(
    server: Any, browser: Any
) -> None:
    # found by a review: a join whose answer was lost, having taken the table's last open
    # seat, left the page no way to send it again (the join controls are drawn only while
    # a seat is open), and its key lived only in the page's memory, lost on a reload
    table = server.table("500-rum", {}, [{"kind": "open"}, {"kind": "bot", "level": "easy"}])
    page = new_page(browser, locale="en-US")
    sent = _lose_a_join(page, server, table, "Ana")
    # the seat is taken now (the socket says so): no open seat, but the join is offered
    page.locator(".join-again").wait_for()
    assert "Ana" in page.inner_text(".join-again")
    assert page.locator("[data-focus=join]").count() == 0
    page.click("[data-focus=join-again]")
    page.locator(".badge.you").wait_for()
    assert len(sent) == 2 and sent[0]["body"]["key"] == sent[1]["body"]["key"]
    assert page.locator(".join-again").count() == 0
    # lost again at another table, then the page reloaded: the kept join goes by itself
    other = server.table("500-rum", {}, [{"kind": "open"}, {"kind": "bot", "level": "easy"}])
    sent = _lose_a_join(page, server, other, "Ben")
    page.reload()
    ready(page)
    page.locator(".badge.you").wait_for()
    assert len(sent) == 2 and sent[0]["body"] == sent[1]["body"]
    assert page.evaluate(f"localStorage.getItem('rk.join.{other['id']}')") is None
    # a join answered at once never offers to be sent again, though the table's news
    # (the seat taken) comes before its answer
    page.unroute("**/tables/*/join")
    third = server.table("500-rum", {}, [{"kind": "open"}, {"kind": "bot", "level": "easy"}])
    page.goto(f"{server.url}/?t={third['code']}")
    ready(page)
    page.evaluate(
        """() => {
          window.offered = false;
          new MutationObserver(() => {
            if (document.querySelector(".join-again")) window.offered = true;
          }).observe(document.body, { childList: true, subtree: true });
        }"""
    )
    page.fill("#player-name", "Cleo")
    page.click("[data-focus=join]")
    page.locator(".badge.you").wait_for()
    assert page.evaluate("window.offered") is False
    assert not page.errors


def test_a_join_refused_before_its_key_was_looked_at_is_kept_and_one_refused_after_is_not(
    server: Any, browser: Any
) -> None:
    # found by a review: a refusal that the server gives without looking for the join's
    # key (a body that came too slowly, 408; "the table stopped meanwhile", 503) dropped
    # the kept join, though an earlier try whose answer was lost may hold a seat
    table = server.table("500-rum", {}, [{"kind": "open"}, {"kind": "open"}])
    page = new_page(browser, locale="en-US")
    answers = [
        (408, "lobby.request", "the request body came too slowly"),
        (503, "lobby.table", "the table stopped meanwhile: try again"),
        (409, "lobby.seat", "that seat is taken"),
    ]
    keys: list[str] = []

    def refuse(r: Any) -> None:
        keys.append(r.request.post_data_json["key"])
        status, rule, message = answers[len(keys) - 1]
        r.fulfill(status=status, json={"error": {"rule": rule, "message": message}})

    page.route("**/tables/*/join", refuse)
    page.goto(f"{server.url}/?t={table['code']}")
    ready(page)
    kept = f"JSON.parse(localStorage.getItem('rk.join.{table['id']}'))"
    page.fill("#player-name", "Ana")
    page.click("[data-focus=join]")
    page.locator(".join-again").wait_for()  # 408: kept, and offered again
    assert page.evaluate(kept)["lost"] is True
    page.click("[data-focus=join-again]")
    page.wait_for_function(
        "document.querySelector('.message .rule-id')?.textContent === '[lobby.table]'"
    )
    assert page.evaluate(kept)["lost"] is True  # 503: kept
    page.click("[data-focus=join-again]")
    page.locator("[data-focus=join]").wait_for()  # 409: it holds no seat; joins as before
    assert page.evaluate(kept) is None
    assert len(set(keys)) == 1  # one join, sent three times with its key
    assert not page.errors


def test_a_join_kept_by_a_page_reloaded_before_its_answer_waits_for_it_then_goes_again(
    server: Any, browser: Any
) -> None:
    # found by a review: a page reloaded while its join was on its way drew the whole
    # join form until the wait for that join's answer ended, and a join under another
    # name then replaced the kept key: the seat the first one took was lost for good
    import httpx

    table = server.table("500-rum", {}, [{"kind": "open"}, {"kind": "open"}])
    key = "K" * 32
    # the join reached the server (it took the seat), then the page was reloaded
    httpx.post(f"{server.url}/tables/{table['id']}/join", json={"name": "Ana", "key": key})
    page = new_page(browser, locale="en-US")
    page.clock.install()
    page.goto(f"{server.url}/?t={table['code']}")
    ready(page)
    kept = f"{{name: 'Ana', key: '{key}', seat: null, at: Date.now(), lost: false}}"
    page.evaluate(f"localStorage.setItem('rk.join.{table['id']}', JSON.stringify({kept}))")
    page.reload()
    ready(page)
    page.locator(".join-waiting").wait_for()  # its answer may still come (another tab)
    assert "Ana" in page.inner_text(".join-waiting")
    assert page.locator("#player-name, [data-focus=join], [data-focus^=sit-]").count() == 0
    page.clock.fast_forward(21_000)  # no answer came: it goes again, and gets the seat
    page.locator(".badge.you").wait_for()
    assert page.evaluate("rk.session.seat") == 0
    assert page.evaluate(f"localStorage.getItem('rk.join.{table['id']}')") is None
    assert not page.errors
