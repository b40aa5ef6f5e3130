"""Each language renders the lobby and the table with no missing text; the language
comes from the browser and can be switched (and the choice is kept); what is on screen
when it is switched (the message line, the last actions, an open dialog) is said again
in the new language; the two ends an ace may be laid off at have two labels in each."""

from __future__ import annotations

import json
import re
from typing import Any

from rummykit.server.web import LANGUAGES
from tests.browser.support import (
    case_replay,
    catalogue,
    create_table,
    new_page,
    no_missing_text,
    ready,
    until,
    wait_my_turn,
)


def test_the_browser_language_is_used(server: Any, browser: Any) -> None:
    page = new_page(browser, locale="pl-PL")
    page.goto(server.url + "/")
    ready(page)
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert "Nowy stół" in page.inner_text("main")
    assert no_missing_text(page) == []


def test_a_language_asked_for_in_the_address_stays_at_the_table(server: Any, browser: Any) -> None:
    # found by a review: /?lang=pl gave a Polish lobby, then the table it led to
    # (/?t=CODE) spoke the browser's English
    page = new_page(browser, locale="en-US")
    page.goto(f"{server.url}/?lang=pl")
    ready(page)
    assert page.evaluate("document.documentElement.lang") == "pl"
    code = create_table(page, server, "Ana", "500-rum", ["bot:random"])  # from /, no ?lang
    assert "lang=" not in page.url and code in page.url
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.inner_text("[data-focus=start]") == catalogue("pl")["room.start"]
    assert page.errors == []


def test_a_refusal_goes_when_the_browser_refuses_the_next_try_itself(
    server: Any, browser: Any
) -> None:
    # found by a review: 40 cards dealt was refused by the server; -3, refused by the
    # browser's own check, left "40 cards ..." on show as if it answered -3
    page = new_page(browser, locale="pl-PL")
    page.goto(server.url + "/")
    ready(page)
    page.fill("#your-name", "Ana")
    page.fill("#opt-hand_size", "40")
    page.click("#create")
    message = page.locator(".new-table .message")
    message.locator(".rule-id").wait_for()
    assert "[lobby.rules]" in message.inner_text()
    page.fill("#opt-hand_size", "-3")
    page.click("#create")
    until(page, lambda: message.inner_text().strip() == "")
    assert page.url.endswith("/") and page.errors == []
    # and the browser's own refusal speaks the page's language, not the browser's
    low = page.eval_on_selector("#opt-hand_size", "el => el.min")
    said = page.eval_on_selector("#opt-hand_size", "el => el.validationMessage")
    assert said == catalogue("pl")["form.at-least"].replace("{min}", low)


def test_every_language_renders_the_lobby_and_the_table(server: Any, browser: Any) -> None:
    page = new_page(browser, locale="en-US")
    for lang in LANGUAGES:
        page.goto(f"{server.url}/?lang={lang}")
        ready(page)
        page.locator("details.more-rules summary").click()
        assert no_missing_text(page) == [], lang
    create_table(page, server, "Ana", "500-rum", ["bot:heuristic", "open"])
    page.locator(".seats").wait_for()
    page.goto(page.url)  # the room, then the table, in each language
    ready(page)
    seen: dict[str, str] = {}
    for lang in LANGUAGES:
        page.select_option("#language", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        assert no_missing_text(page) == [], lang
        seen[lang] = page.inner_text("main")
    assert len(set(seen.values())) == len(LANGUAGES)  # each one really differs
    # the table during play, with a meld, the log and the score sheet open
    page.select_option("#language", "en")
    code = page.evaluate("rk.session.table.code")
    other = new_page(browser)
    other.goto(f"{server.url}/?t={code}")
    ready(other)
    other.fill("#player-name", "Caro")
    other.click("[data-focus=join]")
    other.locator(".badge.you").wait_for()
    page.click("[data-focus=start]")
    page.wait_for_selector(".table-screen")
    for lang in LANGUAGES:
        page.select_option("#language", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.locator(".table-screen").wait_for()
        page.locator("details.log summary").click()
        page.click("[data-focus=sheet]")
        assert no_missing_text(page) == [], lang
        page.keyboard.press("Escape")
    # the choice is kept for the next visit
    page.reload()
    ready(page)
    assert page.evaluate("document.documentElement.lang") == LANGUAGES[-1]
    other.wait_for_function("rk.session.view !== null")  # Caro sees the table too
    assert page.errors == [] and other.errors == []


def test_the_new_table_form_keeps_what_was_chosen_over_a_language_switch(
    server: Any, browser: Any
) -> None:
    fr = catalogue("fr")
    page = new_page(browser)
    page.goto(f"{server.url}/?lang=en")
    ready(page)
    page.select_option("#preset", "rummy")
    page.select_option("#seat-count", "3")
    page.select_option("#seat-2", "open")
    page.select_option("#clock", "60")
    page.fill("#opt-target", "250")
    page.click(".more-rules summary")
    page.fill("#your-name", "Ana:1")  # a name the server refuses: the message says why
    page.click("#create")
    page.locator(".new-table .message .rule-id").wait_for()
    page.select_option("#language", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.input_value("#preset") == "rummy"
    assert page.input_value("#seat-count") == "3"
    assert page.input_value("#seat-2") == "open"
    assert page.input_value("#clock") == "60"
    assert page.input_value("#opt-target") == "250"
    assert page.input_value("#your-name") == "Ana:1"
    assert page.locator(".more-rules").get_attribute("open") is not None
    said = page.inner_text(".new-table .message")
    assert "[lobby.name]" in said and fr["rule.lobby.name"] in said
    assert fr["error.not-allowed"] in said
    assert page.errors == []


def test_what_is_on_screen_follows_a_language_switch(server: Any, browser: Any) -> None:
    en, fr, pl = (catalogue(lang) for lang in ("en", "fr", "pl"))
    page = new_page(browser, locale="en-US")
    create_table(page, server, "Ben", "500-rum", ["bot:random"])
    page.click("[data-focus=start]")
    wait_my_turn(page)
    seq = page.evaluate("rk.session.seq")
    page.click(".stock")  # draw: Ben's last action
    page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")
    seat = page.evaluate("rk.session.view.seat")
    last = page.locator(f'.player[data-seat="{seat}"] .last-action')
    assert last.inner_text() == en["log.draw"].replace("{name}", "Ben")
    page.click(".stock")  # a second draw: refused, the rule said in words
    page.locator("#message .rule-id").wait_for()
    rule = page.evaluate("rk.session.message.rule")
    assert f"rule.{rule}" in en, rule
    said = page.locator("#message .message-text")
    assert said.inner_text() == en[f"rule.{rule}"]

    page.select_option("#language", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert said.inner_text() == fr[f"rule.{rule}"]
    assert fr["error.not-allowed"] in page.inner_text("#message")
    assert f"[{rule}]" in page.inner_text("#message")
    assert last.inner_text() == fr["log.draw"].replace("{name}", "Ben")

    # a dialog opened while the next language's catalogue is on its way (held here) is
    # drawn again in that language once it comes, and stays open
    held: list[Any] = []
    page.route("**/static/i18n/pl.json", lambda route: held.append(route))
    page.select_option("#language", "pl")
    page.click("[data-focus=sheet]")
    dialog = page.locator("dialog#score-sheet[open]")
    assert dialog.locator("h2").inner_text() == fr["sheet.title"]
    until(page, lambda: bool(held))
    held[0].continue_()
    page.wait_for_function("document.documentElement.lang === 'pl'")
    assert dialog.count() == 1
    assert dialog.locator("h2").inner_text() == pl["sheet.title"]
    assert dialog.locator(".dialog-buttons button").inner_text() == pl["button.close"]
    assert dialog.locator("thead th").first.inner_text() == pl["sheet.hand"]
    assert said.inner_text() == pl[f"rule.{rule}"]
    assert last.inner_text() == pl["log.draw"].replace("{name}", "Ben")
    assert no_missing_text(page) == []
    assert page.errors == []


def _ace_at_either_end() -> tuple[dict[str, Any], dict[str, Any]]:
    """The welcome and the state a server sends Ana (seat 0) at a 500-rum table where she
    has melded 2H..KH (meld 1) and holds AH, which fits both ends: her legal actions hold
    ``layoff AH to 1 low`` and ``layoff AH to 1 high`` (RULES.md [layoff.extend])."""
    from rummykit.wire import view_to_json
    from tests.rules.kit import act, complete_deal, make_game

    twelve = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    game = make_game("500-rum", "Ana Ben")
    game.start_hand(complete_deal(game.rules, "Ana Ben", {"Ana": f"{twelve} AH"}, "9C", "5C"))
    act(game, "Ana: draw", f"Ana: meld {twelve}")
    view = view_to_json(game.view(0))
    assert view["legal_actions"][:2] == ["layoff AH to 1 low", "layoff AH to 1 high"]
    seats = [
        {"seat": i, "kind": "person", "name": n, "level": None, "away": False, "connected": True}
        for i, n in enumerate(game.players)
    ]
    table = {
        "id": "a" * 32, "code": "ACEEND", "preset": "500-rum", "options": {}, "clock": None,
        "status": "playing", "seq": 2, "game": "g1", "game_number": 1, "seats": seats,
    }  # fmt: skip
    welcome = {"type": "welcome", "protocol": 1, "seat": 0, "seq": 2, "table": table, "hands": []}
    state = {"type": "state", "seq": 2, "game": "g1", "view": view, "clock": None}
    return welcome, state


def _pattern(template: str, **known: str) -> re.Pattern[str]:
    """A catalogue message as a pattern: the ``known`` placeholders filled in, any other
    (the cards, drawn with the page's own glyphs) standing for some text."""
    parts = re.split(r"\{(\w+)\}", template)
    out = "".join(
        re.escape(part) if i % 2 == 0 else re.escape(known[part]) if part in known else ".+"
        for i, part in enumerate(parts)
    )
    return re.compile(out)


def test_an_ace_laid_off_at_either_end_has_two_labels_in_every_language(
    server: Any, browser: Any
) -> None:
    # the server is played by the test over the page's socket: it sends the position,
    # and keeps what the page sends
    welcome, state = _ace_at_either_end()
    sent: list[dict[str, Any]] = []

    def serve(ws: Any) -> None:
        def answer(message: str | bytes) -> None:
            msg = json.loads(message)
            sent.append(msg)
            if msg["type"] == "hello":
                ws.send(json.dumps(welcome))
                ws.send(json.dumps(state))

        ws.on_message(answer)

    page = new_page(browser)
    page.route("**/tables/ACEEND", lambda route: route.fulfill(json=welcome["table"]))
    page.route_web_socket("**/ws", serve)
    for lang in LANGUAGES:
        page.goto(f"{server.url}/?t=ACEEND&lang={lang}")
        ready(page)
        page.locator(".table-screen").wait_for()
        page.click('.hand .card[data-card="AH"]')
        page.click("[data-action=layoff]")
        choices = page.locator("dialog#choice[open] button.choice")
        choices.first.wait_for()
        labels = [choices.nth(i).get_attribute("aria-label") or "" for i in range(2)]
        shown = [choices.nth(i).inner_text() for i in range(2)]
        assert choices.count() == 2
        assert labels[0] != labels[1] and shown[0] != shown[1], lang
        texts = catalogue(lang)
        words = [choices.nth(i).locator(".choice-label").inner_text() for i in range(2)]
        for label, text, end in zip(labels, words, ("low", "high"), strict=True):
            template = texts[f"log.layoff-{end}"]
            assert _pattern(template, name="Ana", meld="1").fullmatch(label), (lang, label)
            # shown as what to do, not as a sentence about "you" in the third person
            todo = texts[f"do.layoff-{end}"]
            assert _pattern(todo, meld="1").fullmatch(text.strip()), (lang, text)
        assert no_missing_text(page) == [], lang
        if lang == "en":  # the choice made is the action sent
            choices.nth(1).click()
            until(page, lambda: any(m["type"] == "action" for m in sent))
            actions = [m for m in sent if m["type"] == "action"]
            assert actions == [{"type": "action", "action": "layoff AH to 1 high", "seq": 2}]
    assert page.errors == []


def test_a_shared_win_names_every_winner_in_each_language(server: Any, browser: Any) -> None:
    # ties share (remik-single): the view's winners holds every seat of a shared win
    views = {
        "shared": {"players": ["Ana", "Ben", "Caro"], "winner": None, "winners": [1, 2]},
        "alone": {"players": ["Ana", "Ben"], "winner": 0, "winners": [0]},
        "older": {"players": ["Ana", "Ben"], "winner": 1},  # a server before winners
    }
    page = new_page(browser, locale="en-US")
    for lang in LANGUAGES:
        page.goto(f"{server.url}/?lang={lang}")
        ready(page)
        lines = page.evaluate(
            """async (views) => {
                const table = await import("/static/js/table.js");
                return Object.fromEntries(
                    Object.entries(views).map(([k, v]) => [k, table.winnerLine(v)]));
            }""",
            views,
        )
        words = catalogue(lang)
        names = {"en": "Ben and Caro", "pt": "Ben e Caro", "es": "Ben y Caro"}
        names |= {"fr": "Ben et Caro", "pl": "Ben i Caro"}
        assert lines["shared"] == words["result.shared"].replace("{names}", names[lang])
        assert lines["alone"] == words["result.winner"].replace("{name}", "Ana")
        assert lines["older"] == words["result.winner"].replace("{name}", "Ben")


def _fill(template: str, **params: object) -> str:
    """A catalogue message with its placeholders filled, as i18n.js's t() fills them."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), template)


def test_a_message_with_words_after_a_colon_is_whole_in_each_language(
    server: Any, browser: Any
) -> None:
    # the replay's heading, a finished game in the lobby and a "Rummy!" call's label are
    # each one message (French puts a no-break space before the colon, which the code
    # cannot know); a Portuguese score of 0 takes the plural ("0 pts", not "0 pt")
    frames = case_replay("remik-table-leaders-play-on")
    assert frames["preset"] == "remik-500" and frames["frames"][0]["totals"] == [0, 0, 0]
    finished = [{"id": "g1", "preset": "rummy", "players": ["Ana", "Ben"], "finished": None}]
    welcome, state = _ace_at_either_end()
    pile = state["view"]["pile"]
    assert pile

    def serve(ws: Any) -> None:
        def answer(message: str | bytes) -> None:
            if json.loads(message)["type"] == "hello":
                ws.send(json.dumps(welcome))
                ws.send(json.dumps(state))

        ws.on_message(answer)

    page = new_page(browser)
    page.route("**/web/replay/play-off", lambda route: route.fulfill(json=frames))
    page.route(re.compile(r"/games\?limit="), lambda route: route.fulfill(json=finished))
    page.route("**/tables/ACEEND", lambda route: route.fulfill(json=welcome["table"]))
    page.route_web_socket("**/ws", serve)
    for lang in LANGUAGES:
        words = catalogue(lang)
        page.goto(f"{server.url}/?replay=play-off&lang={lang}")
        ready(page)
        heading = page.locator(".replay h1.status").text_content()
        assert heading == _fill(words["replay.heading"], preset=words["preset.remik-500.name"])
        if lang == "en":
            assert heading == "Replay: Remik 500"  # as before the message was whole
        if lang == "pt":
            score = page.locator(".replay-players .player .score").first.text_content()
            assert score == "0 pts" == _fill(words["player.score"], score=0)

        page.goto(f"{server.url}/?lang={lang}")
        ready(page)
        game = page.locator('a[data-game="g1"]').text_content()
        name = words["preset.rummy.name"]
        assert game == _fill(words["lobby.replay-game"], preset=name, players="Ana, Ben")
        if lang == "en":
            assert game == "Replay: Rummy, Ana, Ben"

        page.goto(f"{server.url}/?t=ACEEND&lang={lang}")
        ready(page)
        page.locator(".table-screen").wait_for()
        page.evaluate("rk.session.offerRummy([{ verb: 'rummy', depth: 1, text: 'rummy 1' }])")
        call = page.locator("dialog#rummy-call[open] button.choice").first
        card = call.locator(".card").get_attribute("aria-label")
        label = call.get_attribute("aria-label")
        assert label == _fill(words["rummy.call-take-cards"], count=1, cards=card)
        if lang == "en":
            assert label == f"Call and take 1: {card}"
        assert no_missing_text(page) == [], lang
    assert page.errors == []
