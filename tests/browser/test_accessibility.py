"""The table for a keyboard, a screen reader and weak eyes, as an accessibility review
found it wanting: the focus never falls to the page's body when the control that had it
goes, and stays on a control drawn again alike; the end of the game, your own draw and a
joker back in your hand are said, and a new card is marked without motion; pile cards
and melds say whether they can be played now; a replay says its steps in one lasting live
region; the focus ring shows on every background and on a dim button; the lobby fits
320 px; the letter keys act only on the table and can be turned off, and P passes on the
"Rummy!" prompt; an offline seat is a ring, not a grey dot; the header's status is
readable; what is said names cards in words; each view has its title; and small things
(the language menu's languages, Enter in the waiting room, the table's h1)."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from tests.browser.support import (
    SeededServer,
    Server,
    catalogue,
    create_table,
    my_turn_against_a_bot,
    new_page,
    play_to_the_end,
    ready,
    seat_ana_and_two_clients,
    select_cards,
    view,
    wait_my_turn,
)
from tests.server.kit import Client

# ---- helpers -------------------------------------------------------------------------

#: The focused element's data-focus key, or its tag ("BODY" when the focus is nowhere).
FOCUSED = (
    "(() => { const a = document.activeElement;"
    " return a && a.dataset && a.dataset.focus || (a ? a.tagName : null); })()"
)
#: Between a view's name and the site's in the page's title (an en dash).
DASH = " \u2013 "
#: The suits and the joker's star as the page draws them: never said to a screen reader.
GLYPHS = re.compile("[♣♦♥♠★]")


def _rgba(css: str) -> tuple[float, float, float, float]:
    """A computed CSS colour ("rgb(1, 2, 3)", "rgba(1, 2, 3, 0.5)") as (r, g, b, alpha)."""
    m = re.search(r"rgba?\(([^)]*)\)", css)
    assert m, css
    parts = [float(x) for x in re.split(r"[,\s/]+", m.group(1).strip()) if x]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)


def _over(top: tuple[float, ...], below: tuple[float, ...]) -> tuple[float, float, float, float]:
    """Colour `top` (with its alpha) over the opaque colour `below`."""
    a = top[3]
    return (*(top[i] * a + below[i] * (1 - a) for i in range(3)), 1.0)  # type: ignore[return-value]


def _luminance(c: tuple[float, ...]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG 2 contrast ratio of two opaque colours."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# What is behind an element (its ancestors' backgrounds, from it up), its opacity and its
# ancestors', its focus ring, colours and whether the ring shows (:focus-visible)
LOOK = """el => {
  const layers = [];
  let opacity = 1;
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    const s = getComputedStyle(n);
    opacity *= Number(s.opacity);
    if (n !== el) layers.push([s.backgroundColor, s.backgroundImage]);
  }
  const s = getComputedStyle(el);
  return {layers, opacity, outline: s.outlineColor, outlineStyle: s.outlineStyle,
          shadow: s.boxShadow, color: s.color, background: s.backgroundColor,
          visible: el.matches(':focus-visible')};
}"""
FELT = (_rgba("rgb(31, 107, 71)"), _rgba("rgb(23, 86, 58)"))  # --felt, --felt-dark


def _backdrops(layers: list[list[str]]) -> list[tuple[float, ...]]:
    """The opaque colours an element can stand on: its ancestors' backgrounds composed,
    from the first opaque one (or the table's felt gradient, both its colours) down."""
    found: list[tuple[float, ...]] = []
    for colour, image in layers:
        if image and image != "none":  # the felt: a gradient between its two greens
            bases: list[tuple[float, ...]] = list(FELT)
            break
        rgba = _rgba(colour)
        found.append(rgba)
        if rgba[3] >= 1:
            bases = [rgba]
            found.pop()
            break
    else:
        bases = [(255.0, 255.0, 255.0, 1.0)]
    out = []
    for base in bases:
        for layer in reversed(found):
            base = _over(layer, base)
        out.append(base)
    return out


def _ring_problems(page: Any, selector: str) -> list[str]:
    """What is wrong with the focus ring of `selector` once focused by the keyboard."""
    page.keyboard.press("Shift")  # the last input was a key: a focus() shows the ring
    page.focus(selector)
    look = page.eval_on_selector(selector, LOOK)
    problems = []
    if not look["visible"] or look["outlineStyle"] == "none":
        problems.append(f"{selector}: no focus ring")
    if look["opacity"] < 1:
        problems.append(f"{selector}: dimmed by opacity {look['opacity']}")
    ring = _rgba(look["outline"])
    shadow = _rgba(look["shadow"]) if "rgb" in look["shadow"] else None
    for back in _backdrops(look["layers"]):
        best = max(contrast(ring, back), contrast(shadow, back) if shadow else 0)
        if best < 3:
            problems.append(f"{selector}: ring {best:.2f}:1 on {back}")
    if shadow and contrast(ring, shadow) < 3:
        problems.append(f"{selector}: the ring's two tones {contrast(ring, shadow):.2f}:1")
    return problems


def _record_live(page: Any) -> None:
    """Keeps every text put in the two lasting live regions (window.said)."""
    page.evaluate(
        "() => { window.said = []; for (const id of ['announce', 'alert']) {"
        " const live = document.getElementById(id);"
        " new MutationObserver(() => window.said.push(live.textContent))"
        ".observe(live, {childList: true, characterData: true, subtree: true}); } }"
    )


def _after(page: Any, seq: int) -> None:
    page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")


def _draw(page: Any) -> None:
    seq = page.evaluate("rk.session.seq")
    page.keyboard.press("d")
    _after(page, seq)


def _discard_by_script(page: Any) -> None:
    """Sends the first discard the view allows, as the page's Discard would."""
    discard = next(a for a in view(page)["legal_actions"] if a.startswith("discard "))
    seq = page.evaluate("rk.session.seq")
    page.evaluate(f"rk.session.send({json.dumps(discard)})")
    page.wait_for_function(f"rk.session.seq > {seq}")


def _called_on(browser: Any, server: SeededServer, clients: list[Client]) -> Any:
    """The known deal of test_assist.py: Ana in the page, Ben and Cleo by the protocol;
    Ben has melded TC TH JK=T (meld 1) and discarded TS, and the "Rummy!" prompt is
    offered to Ana."""
    options = {"hand_size": 10, "joker_swap": True}
    page, ben, cleo = seat_ana_and_two_clients(browser, server, options, locale="en-US")
    clients.extend([ben, cleo])
    for action in ("draw", "meld TC TH JK=T", "meld 2H 3H 4H", "discard TS"):
        assert ben.act(action)["type"] == "ack", action
    page.locator("dialog#rummy-call").wait_for()
    return page


@pytest.fixture(scope="module")
def finished(server: Server, browser: Any) -> dict[str, Any]:
    """A game played to its end through the page (three cards, a target of 1: one hand),
    and what the page said and focused as it ended."""
    page = new_page(browser, locale="en-US")
    create_table(page, server, "Eva", "rummy", ["bot:greedy"], {"hand_size": "3", "target": "1"})
    page.click("[data-focus=start]")
    play_to_the_end(page)
    seen = {
        "said": page.inner_text("#announce"),
        "focus": page.evaluate(FOCUSED),
        "winner": page.inner_text(".result .winner"),
        "game": page.evaluate("rk.session.game"),
        "code": page.evaluate("rk.session.table.code"),
        "title": page.title(),
        "errors": page.errors,
    }
    page.context.close()
    return seen


# ---- 1. the focus never falls to the body ---------------------------------------------


def test_the_focus_goes_to_a_neighbour_when_its_control_is_gone(
    server: Server, browser: Any
) -> None:
    page = new_page(browser, locale="en-US")
    # no "Rummy!" calls: no prompt takes the focus meanwhile
    create_table(page, server, "Ada", "500-rum-classic", ["bot:random"], {"hand_size": "7"})
    # Start by the keyboard: the room gives way to the table, the focus to its status line
    page.focus("[data-focus=start]")
    page.keyboard.press("Enter")
    page.wait_for_function("rk.session.view !== null")
    page.wait_for_function("document.activeElement.id === 'status'")
    wait_my_turn(page)
    _draw(page)
    # X on the right-most card: the card now last has the focus
    last = page.locator(".hand .card").count() - 1
    page.focus(f"[data-focus=hand-{last}]")
    page.keyboard.press("Space")
    seq = page.evaluate("rk.session.seq")
    page.keyboard.press("x")
    page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")
    assert page.evaluate(FOCUSED) == f"hand-{last - 1}"
    # Clear selection goes with the selection: the button beside it has the focus
    wait_my_turn(page)
    page.focus("[data-focus=hand-0]")
    page.keyboard.press("Space")
    page.focus("[data-focus=clear]")
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) == "sort"
    # the log's summary keeps the focus over a redraw (it has a key of its own)
    page.focus("details.log summary")
    page.evaluate("rk.session.render()")
    assert page.evaluate(FOCUSED) == "log"
    assert page.errors == []


# ---- 2. the end of the game is said and focused ---------------------------------------


def test_the_end_of_the_game_is_said_and_focused(finished: dict[str, Any]) -> None:
    en = catalogue("en")
    assert finished["said"] == en["result.said"].replace("{winner}", finished["winner"])
    assert finished["focus"] == "result"  # the result's heading
    assert finished["errors"] == []


# ---- 3. your own draw: said, and the card marked without motion -----------------------


def test_your_draw_is_said_and_the_new_card_marked_without_motion(
    server: Server, browser: Any
) -> None:
    page = new_page(browser, locale="en-US", reduced_motion="reduce")
    create_table(page, server, "Bo", "500-rum", ["bot:random"])
    page.click("[data-focus=start]")
    wait_my_turn(page)
    before = view(page)["hand"]
    _draw(page)
    after = list(view(page)["hand"])
    for card in before:
        after.remove(card)
    (drawn,) = after
    new = page.locator(f'.hand .card.new[data-card="{drawn}"]')
    assert new.count() == 1
    label = new.get_attribute("aria-label") or ""
    assert label.endswith(", new")
    name = label.removesuffix(", new")
    assert page.inner_text("#announce") == f"You drew the {name}."
    # a mark that stays, motion or not: a dot drawn on the card
    marker = new.evaluate(
        "el => { const s = getComputedStyle(el, '::after');"
        " return [s.content, s.width, s.backgroundColor, getComputedStyle(el).animationName]; }"
    )
    assert marker[0] != "none" and marker[1] != "0px", marker
    assert marker[3] == "none"  # no motion asked: the card does not rise
    # it stays marked over a redraw (a card selected), and no other card is
    page.locator(".hand .card >> nth=0").click()
    assert page.locator(".hand .card.new").count() == 1
    assert page.errors == []


# ---- 4. a control drawn again alike keeps the focus; the status is not rewritten ------


def test_a_control_drawn_again_alike_keeps_the_focus_and_is_not_said_again(
    server: Server, browser: Any
) -> None:
    page = my_turn_against_a_bot(server, browser, "Cy", "500-rum-classic")  # no call prompts
    page.evaluate(
        """() => { window.focusins = 0; document.addEventListener('focusin', () => focusins++);
        window.statusWrites = 0; const el = document.getElementById('connection');
        new MutationObserver(() => statusWrites++)
          .observe(el, {childList: true, characterData: true, subtree: true}); }"""
    )
    # a card selected and let go by the keyboard: the same node, its state changed
    page.focus("[data-focus=hand-0]")
    page.evaluate("window.kept = document.activeElement; window.focusins = 0")
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement === window.kept")
    assert page.get_attribute("[data-focus=hand-0]", "aria-pressed") == "true"
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement === window.kept")
    # resting on the score sheet's button while we play and the bot plays
    page.focus("[data-focus=sheet]")
    page.evaluate("window.kept = document.activeElement; window.focusins = 0")
    _draw(page)
    _discard_by_script(page)
    wait_my_turn(page)
    assert page.evaluate("document.activeElement === window.kept")
    assert page.evaluate("window.focusins") == 0  # never focused again: never said again
    assert page.evaluate("window.statusWrites") == 0  # "connected" all along
    assert page.errors == []


# ---- 5. pile cards and melds say whether they can be played ---------------------------


def test_pile_cards_and_melds_say_whether_they_can_be_played_now(
    seeded_server: SeededServer, browser: Any, clients: list[Client]
) -> None:
    page = _called_on(browser, seeded_server, clients)
    page.keyboard.press("Escape")  # the prompt closes; the pile's top card still calls
    depths = {int(a.split()[1]) for a in view(page)["legal_actions"] if a.startswith("rummy ")}
    assert depths == {1}
    cards = page.locator(".pile .card")
    for i in range(cards.count()):
        card = cards.nth(i)
        label = card.get_attribute("aria-label") or ""
        depth = int(card.get_attribute("data-depth") or 0)
        if depth in depths:
            assert label.endswith(", possible now"), label
        else:
            assert label.endswith(", not possible now"), label
    seq = page.evaluate("rk.session.seq")
    page.focus("[data-focus=pile-1]")
    page.keyboard.press("Enter")  # calls, and takes TS
    _after(page, seq)
    meld = page.locator('.meld[data-meld="1"]')
    assert "lay off here" not in (meld.get_attribute("aria-label") or "")  # nothing selected
    select_cards(page, ["TS"])
    assert (meld.get_attribute("aria-label") or "").endswith("; you can lay off here")
    # 3. a joker swapped back into the hand is said too
    _record_live(page)
    page.click('.meld[data-meld="1"]')
    choice = page.locator("dialog#choice")
    choice.wait_for()
    seq = page.evaluate("rk.session.seq")
    choice.locator('.choice[aria-label*="swaps"]').click()
    _after(page, seq)
    assert "The joker is back in your hand." in page.evaluate("window.said")
    assert page.locator('.hand .card.new[data-card="JK"]').count() == 1
    assert page.errors == []


# ---- 6. a replay: one lasting live region, the focus where it was, the step 1-based ----


def test_a_replay_says_each_step_once_and_keeps_the_focus(
    server: Server, browser: Any, finished: dict[str, Any]
) -> None:
    page = new_page(browser, locale="en-US")
    page.goto(f"{server.url}/?replay={finished['game']}")
    ready(page)
    page.locator("#replay-what").wait_for()
    steps = len(page.evaluate("rk.replay.doc.frames"))
    slider = page.locator("[data-focus=replay-step]")
    assert slider.get_attribute("aria-valuetext") == f"Step 1 of {steps}"
    assert page.evaluate("document.querySelector('[data-focus=replay-step]').value") == "1"
    # the step's text is drawn afresh: it is no live region; the page's lasting one says it
    assert page.get_attribute("#replay-what", "aria-live") is None
    announce = page.evaluate_handle("document.getElementById('announce')")
    page.focus("[data-focus=replay-next]")
    page.keyboard.press("Enter")
    assert page.evaluate("rk.replay.step") == 1
    assert page.evaluate(FOCUSED) == "replay-next"  # Forward keeps the focus
    assert slider.get_attribute("aria-valuetext") == f"Step 2 of {steps}"
    said = page.inner_text("#announce")
    assert said and not GLYPHS.search(said)
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) == "replay-next"
    page.focus("[data-focus=replay-prev]")
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED) == "replay-prev"
    assert page.evaluate(
        "a => a === document.getElementById('announce') && a.isConnected", announce
    )
    assert page.title() == f"Replay{DASH}rummykit"  # 13.
    assert page.errors == []


# ---- 7. the focus ring shows on every background; a dim button is dimmed by colour ----


def test_the_focus_ring_shows_on_every_background(server: Server, browser: Any) -> None:
    page = new_page(browser, locale="en-US")
    page.goto(server.url + "/")
    ready(page)
    problems = []
    for selector in ("#your-name", "#preset", "#create", "#language", "a.brand"):
        problems += _ring_problems(page, selector)
    page = my_turn_against_a_bot(server, browser, "Di")
    for selector in (
        "[data-focus=stock]",
        "[data-focus=hand-0]",
        "[data-focus=act-draw]",  # lit
        "[data-focus=act-discard]",  # dim
        "[data-focus=sheet]",
        "[data-focus=log]",
        "#status",
    ):
        problems += _ring_problems(page, selector)
    assert problems == []
    # a dim button is dimmed by its colours: its text still reads at 4.5:1
    dim = page.eval_on_selector("[data-focus=act-discard]", LOOK)
    assert dim["opacity"] == 1
    text, back = _rgba(dim["color"]), _rgba(dim["background"])
    assert back[3] == 1 and contrast(text, back) >= 4.5
    assert page.errors == []


def test_a_top_pile_card_that_can_be_taken_is_outlined_as_one(server: Server, browser: Any) -> None:
    # found by a review: the top card's white ring (.pile .card.top) hid the yellow one
    # of a card that can be played, so a deeper card looked takeable and the top did not
    page = my_turn_against_a_bot(server, browser, "Ana", "rummy")
    assert "take 1" in view(page)["legal_actions"]
    top = page.locator(".pile .card.top")
    assert "legal" in (top.get_attribute("class") or "").split()
    # (once the glow of a card just discarded, 1.2 s, is over)
    page.wait_for_function(
        """() => getComputedStyle(document.querySelector(".pile .card.top"))
                   .boxShadow.includes("rgb(255, 216, 77)")""",
        timeout=5_000,
    )
    assert page.errors == []


# ---- 8. the lobby fits 320 px ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_lobby_does_not_scroll_sideways_at_320_px(
    server: Server, browser: Any, lang: str
) -> None:
    page = new_page(browser, {"width": 320, "height": 640})
    page.goto(f"{server.url}/?lang={lang}")
    ready(page)
    page.click(".more-rules summary")
    width = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert width[0] <= width[1]
    assert page.errors == []


# ---- 9. the letter keys: on the table only, can be turned off; P on the prompt --------


def test_letter_keys_act_on_the_table_only_and_can_be_turned_off(
    server: Server, browser: Any
) -> None:
    page = my_turn_against_a_bot(server, browser, "Em")
    seq = page.evaluate("rk.session.seq")
    page.focus("a.brand")  # the header's link
    page.keyboard.press("d")
    page.focus("#language")
    page.keyboard.press("d")
    assert page.evaluate("rk.session.pending") is False and page.evaluate("rk.session.seq") == seq
    # turned off in the header: the keys do nothing anywhere, and the buttons say no key
    page.uncheck("#shortcuts")
    assert json.loads(page.evaluate("localStorage.getItem('rk.prefs')"))["shortcuts"] is False
    assert page.get_attribute("[data-action=draw]", "aria-keyshortcuts") is None
    page.focus("[data-focus=stock]")
    page.keyboard.press("d")
    assert page.evaluate("rk.session.pending") is False and page.evaluate("rk.session.seq") == seq
    page.reload()  # the choice is kept
    ready(page)
    page.wait_for_selector(".table-screen")
    assert page.is_checked("#shortcuts") is False
    page.check("#shortcuts")
    page.focus("[data-focus=stock]")
    _draw(page)  # on again, from the table
    assert page.errors == []


def test_your_own_plays_are_said_as_done(server: Server, browser: Any) -> None:
    # found by a review: only your draw was said; a meld, a discard or an undo of yours
    # went by in silence, so a screen reader never heard that it went through
    page = my_turn_against_a_bot(server, browser, "Ana", "rummy")
    _draw(page)
    _record_live(page)
    card = view(page)["hand"][0]
    seq = page.evaluate("rk.session.seq")
    select_cards(page, [card])
    page.keyboard.press("x")
    _after(page, seq)
    said = page.evaluate("window.said")
    done = [s for s in said if s.startswith("Done: discard ")]
    assert len(done) == 1 and done[0].endswith(".") and "♠" not in done[0], said  # in words
    assert page.errors == []


def test_the_hand_is_one_tab_stop_the_arrows_move_within_it(server: Server, browser: Any) -> None:
    # found by a review: 13 cards were 13 Tab stops, although the arrows move in the hand
    page = my_turn_against_a_bot(server, browser, "Ana", "rummy")
    where = "() => document.activeElement.dataset.focus || ''"
    page.focus("[data-focus=hand-0]")
    page.keyboard.press("Tab")
    assert not page.evaluate(where).startswith("hand-")  # out of the hand at once
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(where) == "hand-0"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(where) == "hand-1"
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(where) == "hand-1"  # back to the card last focused
    assert page.locator(".hand .card[tabindex='0']").count() == 1
    assert page.errors == []


def test_a_letter_key_acts_with_caps_lock_on(server: Server, browser: Any) -> None:
    # found by a review: with Caps Lock on the letters did nothing ("D" is not "d")
    page = my_turn_against_a_bot(server, browser, "Ana")
    assert view(page)["phase"] == "draw"
    seq = page.evaluate("rk.session.seq")
    page.evaluate(
        """() => document.body.dispatchEvent(new KeyboardEvent("keydown",
             {key: "D", bubbles: true, cancelable: true}))"""
    )
    _after(page, seq)
    assert view(page)["phase"] == "play"  # drawn
    assert page.errors == []


def test_the_s_key_sorts_as_the_sort_button_says(server: Server, browser: Any) -> None:
    # found by a review: once the hand was arranged by hand, the button offered "Sort by
    # rank" and S sorted by suit
    page = my_turn_against_a_bot(server, browser, "Ana")
    page.focus(".hand .card >> nth=0")
    page.keyboard.press("Shift+ArrowRight")  # arranged: neither by suit nor by rank
    assert page.evaluate("rk.session.hand.mode") == "own"
    offered = page.inner_text("[data-focus=sort]")
    assert offered == "Sort by rank"
    page.focus("#connection")  # off the hand: S acts on the table
    page.keyboard.press("s")
    assert page.evaluate("rk.session.hand.mode") == "rank"
    assert page.inner_text("[data-focus=sort]") == "Sort by suit"
    assert page.errors == []


def test_p_passes_on_the_rummy_prompt(
    seeded_server: SeededServer, browser: Any, clients: list[Client]
) -> None:
    page = _called_on(browser, seeded_server, clients)
    seq = page.evaluate("rk.session.seq")
    page.keyboard.press("p")  # the focus is in the prompt
    page.wait_for_function(f"rk.session.seq > {seq}")
    assert page.locator("dialog#rummy-call").count() == 0
    now = view(page)
    assert now["to_act"] == 2 and now["phase"] == "draw"  # Cleo draws: Ana passed
    assert page.errors == []


# ---- 10. an offline seat by shape; 11. the header's status readable --------------------


def test_an_offline_seat_is_a_ring_that_stands_out(server: Server, browser: Any) -> None:
    table = server.table("rummy", {}, [{"kind": "open"}, {"kind": "open"}])
    httpx.post(f"{server.url}/tables/{table['id']}/join", json={"name": "Gone", "seat": 0})
    page = new_page(browser, locale="en-US")
    page.goto(f"{server.url}/?t={table['code']}")
    ready(page)
    dot = page.locator(".dot.off")
    dot.wait_for()
    assert dot.get_attribute("aria-label") == "offline"
    look = dot.evaluate(
        "el => { const s = getComputedStyle(el);"
        " return [s.backgroundColor, s.borderTopWidth, s.borderTopColor, s.borderTopStyle]; }"
    )
    assert _rgba(look[0])[3] == 0  # hollow: a ring, not a grey dot
    assert float(look[1].removesuffix("px")) >= 2 and look[3] == "solid"
    assert contrast(_rgba(look[2]), (255, 255, 255, 1)) >= 3
    assert page.errors == []


def test_the_connection_status_reads_at_4_5_to_1(server: Server, browser: Any) -> None:
    page = my_turn_against_a_bot(server, browser, "Fa")
    header = _rgba(
        page.evaluate("getComputedStyle(document.querySelector('header.top')).backgroundColor")
    )
    for state in ("open", "closed", "connecting"):
        page.evaluate(f"document.getElementById('connection').dataset.state = '{state}'")
        colour, opacity = page.evaluate(
            "(() => { const s = getComputedStyle(document.getElementById('connection'));"
            " return [s.color, Number(s.opacity)]; })()"
        )
        c = _rgba(colour)
        seen = _over((c[0], c[1], c[2], c[3] * opacity), header)
        assert contrast(seen, header) >= 4.5, state
    assert page.errors == []


# ---- 12. what is said names cards in words ----------------------------------------------


def test_what_is_said_names_the_cards_in_words(server: Server, browser: Any) -> None:
    page = my_turn_against_a_bot(server, browser, "Gil", "500-rum-classic")
    _record_live(page)
    _draw(page)
    _discard_by_script(page)
    wait_my_turn(page)  # the bot has played: its draw or take, its discard
    said = page.evaluate("window.said")
    assert any(" discards " in s for s in said), said
    assert [s for s in said if GLYPHS.search(s)] == []
    # shown on screen as before: with the suits' signs
    bot = 1 - page.evaluate("rk.session.seat")
    shown = page.inner_text(f'.player[data-seat="{bot}"] .last-action')
    assert GLYPHS.search(shown), shown
    assert page.errors == []


# ---- 13. each view has its title; 14. small things -------------------------------------


def test_each_view_has_its_title(server: Server, browser: Any, finished: dict[str, Any]) -> None:
    page = new_page(browser, locale="en-US")
    page.goto(server.url + "/")
    ready(page)
    assert page.title() == f"Lobby{DASH}rummykit"
    page.select_option("#language", "fr")
    page.wait_for_function(f"document.title === 'Salon{DASH}rummykit'")
    page.select_option("#language", "en")
    code = create_table(page, server, "Hu", "rummy", ["open"])
    assert page.title() == f"Table {code}{DASH}rummykit"
    assert finished["title"] == f"Table {finished['code']}{DASH}rummykit"  # the game itself
    assert page.errors == []


def test_language_names_enter_in_the_waiting_room_and_the_tables_heading(
    server: Server, browser: Any
) -> None:
    host = new_page(browser, locale="en-US")
    code = create_table(host, server, "Ivy", "rummy", ["open"])
    langs = host.eval_on_selector_all("#language option", "els => els.map(e => [e.value, e.lang])")
    assert langs and all(value == lang for value, lang in langs)
    guest = new_page(browser, locale="en-US")
    guest.goto(f"{server.url}/?t={code}")
    ready(guest)
    guest.focus("#player-name")
    guest.keyboard.type("Jon")
    guest.keyboard.press("Enter")  # takes the seat, as the button would
    guest.locator(".badge.you").wait_for()
    guest.wait_for_function("document.activeElement.dataset.focus === 'start'")
    host.locator(".seat-row", has_text="Jon").wait_for()
    host.click("[data-focus=start]")
    host.wait_for_selector(".table-screen")
    heading = host.locator("main h1")
    assert heading.count() == 1 and heading.inner_text() == f"Table {code}"
    assert host.errors == [] and guest.errors == []


def test_the_server_s_english_detail_is_marked_as_english(server: Server, browser: Any) -> None:
    # under a refusal's words in the page's language, the server's own message (English)
    # is marked lang="en", so a screen reader reads it as English
    page = new_page(browser, locale="fr-FR")
    create_table(page, server, "Léa", "500-rum", ["bot:random"])
    page.click("[data-focus=start]")
    wait_my_turn(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    card = view(page)["hand"][0]
    page.evaluate(f'rk.session.send("discard {card}")')  # before drawing: refused
    detail = page.locator("#message small.detail")
    detail.wait_for()
    assert detail.get_attribute("lang") == "en"
    assert page.locator("#message .message-text").get_attribute("lang") is None
    page.context.close()
