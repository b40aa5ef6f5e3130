"""What the browser tests share: the server in a subprocess, Chromium through Playwright,
and helpers that play through the page as a person would (clicking cards and buttons).

When the ``playwright`` package or ``/usr/bin/chromium`` is missing, :data:`MISSING`
says which, and conftest.py skips every test that needs them with that reason (CI has
both; ``make test`` installs Debian's chromium where it can).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

CHROMIUM = Path(os.environ.get("RUMMYKIT_CHROMIUM", "/usr/bin/chromium"))
try:
    from playwright import sync_api as sync_api
except ImportError:  # pragma: no cover - CI has it
    sync_api = None  # type: ignore[assignment]

#: Why the browser tests cannot run here, or None when they can.
MISSING: str | None = (
    f"no Chromium at {CHROMIUM}: apt-get install chromium (or set RUMMYKIT_CHROMIUM)"
    if not CHROMIUM.exists()
    else (
        "the browser tests need the playwright package (make setup installs it)"
        if sync_api is None
        else None
    )
)

#: Chromium's flags: headless, and nothing that reaches the network by itself.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Screenshots go here (git-ignored).
OUTPUT = Path(__file__).parent / "output"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 740}


# Every card and control on screen, with what the check found wrong with it.
LAYOUT_CHECK = """() => {
  const boxes = [...document.querySelectorAll(
    '.card, button, select, input, summary, a, .player, .meld, .stock-count')]
    .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden');
  const width = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > width) problems.push('the page scrolls sideways');
  const rects = boxes.map(el => el.getBoundingClientRect());
  const name = el => el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30)
    || el.id || el.className;
  boxes.forEach((el, i) => {
    const r = rects[i];
    if (r.left < -0.5 || r.right > width + 0.5) problems.push('cut off: ' + name(el));
    const interactive = el.matches('.card, button, select, input, summary, a');
    if (interactive && !(el.getAttribute('aria-label') || el.textContent.trim()
        || (el.labels && el.labels.length)))
      problems.push('no accessible name: ' + el.outerHTML.slice(0, 80));
    for (let j = i + 1; j < boxes.length; j++) {
      const other = boxes[j];
      if (el.contains(other) || other.contains(el)) continue;
      if (el.closest('.stock') && other.closest('.stock')) continue;
      const s = rects[j];
      const overlap = Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1
        && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1;
      if (overlap) problems.push('overlap: ' + name(el) + ' / ' + name(other));
    }
  });
  return problems;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``rummykit serve`` in a subprocess on a free port, SQLite in a temporary folder;
    bots answer at once. ``restart()`` kills it and starts it again on the same database
    (every connection drops; unfinished games come back from the log)."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = f"sqlite+aiosqlite:///{folder / 'browser.db'}"
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        return [
            *(sys.executable, "-m", "rummykit", "serve", "--port", str(self.port)),
            *("--db", self.db, "--bot-delay", "0", "--processes", "0"),
            *("--log-level", "warning"),
        ]

    def start(self) -> None:
        root = Path(__file__).resolve().parents[2]  # where ``-m tests...`` is found
        self.process = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL, cwd=root)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                httpx.get(self.url + "/", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def table(self, preset: str, options: dict[str, Any], seats: list[dict[str, Any]]) -> Any:
        """Makes a table through the lobby (the page is tested making one elsewhere)."""
        answer = httpx.post(
            self.url + "/tables", json={"preset": preset, "options": options, "seats": seats}
        )
        answer.raise_for_status()
        return answer.json()


class SeededServer(Server):
    """A server whose every game is dealt from ``seed`` (tests/browser/seeded_server.py):
    the deal, the dealer and so the first player are known."""

    def __init__(self, folder: Path, seed: int) -> None:
        super().__init__(folder)
        self.seed = seed

    def command(self) -> list[str]:
        return [
            *(sys.executable, "-m", "tests.browser.seeded_server", str(self.port)),
            *(self.db, str(self.seed)),
        ]


def new_page(browser: Any, viewport: dict[str, int] = DESKTOP, **options: Any) -> Any:
    """A page in a fresh context (its own local storage: another player); page errors
    fail the test, and so does anything the server's Content-Security-Policy blocks."""
    # Playwright's waits evaluate strings, which the page's policy forbids (no eval): the
    # policy is bypassed but where a test asks for it (test_policy.py)
    options.setdefault("bypass_csp", True)
    context = browser.new_context(viewport=viewport, **options)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: _blocked(m.type, m.text, errors))
    page.errors = errors
    return page


def _blocked(kind: str, text: str, errors: list[str]) -> None:
    """Keeps a console message saying the page's policy blocked something."""
    if kind == "error" and "Content Security Policy" in text:
        errors.append(text)


def ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready]")


def create_table(
    page: Any,
    server: Server,
    name: str,
    preset: str,
    seats: list[str],
    options: dict[str, str] | None = None,
    clock: int | None = None,
) -> str:
    """Makes a table through the lobby page; returns its code. ``seats`` after the first
    (yours): ``"open"`` or ``"bot:LEVEL"``; ``options``: values typed into the main
    options' boxes (``{"hand_size": "3"}``); ``clock``: seconds a turn."""
    page.goto(server.url + "/")
    ready(page)
    page.fill("#your-name", name)
    page.select_option("#preset", preset)
    page.select_option("#seat-count", str(len(seats) + 1))
    for i, seat in enumerate(seats, start=1):
        page.select_option(f"#seat-{i}", seat)
    for key, value in (options or {}).items():
        page.fill(f"#opt-{key}", value)
    if clock is not None:
        page.select_option("#clock", str(clock))
    page.click("#create")
    page.wait_for_url("**/?t=*")
    ready(page)
    return str(page.evaluate("rk.session.table.code"))


def join_table(page: Any, link: str, name: str) -> None:
    """Opens a table's link and takes the open seat under ``name``, as a player would."""
    page.goto(link)
    ready(page)
    page.fill("#player-name", name)
    page.click("[data-focus=join]")
    page.locator(".badge.you").wait_for()


def view(page: Any) -> Any:
    """The latest view the page received (what it drew the table from)."""
    return page.evaluate("rk.session.view")


def wait_my_turn(page: Any, timeout: float = 15_000) -> None:
    """Waits until the page's seat is to act (and no action is pending), or a dialog
    (the score sheet, a Rummy call) is up, or the game is over."""
    page.wait_for_function(
        """() => {
            const s = window.rk && rk.session;
            if (!s || !s.view) return false;
            if (document.querySelector('dialog[open]')) return true;
            return s.view.game_over || (s.view.to_act === s.seat && !s.pending);
        }""",
        timeout=timeout,
    )


def my_turn_against_a_bot(server: Server, browser: Any, name: str, preset: str = "500-rum") -> Any:
    """A page (in English) seated at a new table of ``preset`` against a random bot, the
    game started, its turn."""
    page = new_page(browser, locale="en-US")
    create_table(page, server, name, preset, ["bot:random"])
    page.click("[data-focus=start]")
    wait_my_turn(page)
    return page


def hold(page: Any, pattern: str) -> list[Any]:
    """Holds the page's requests to ``pattern`` (a glob): each one's route, in order, to be
    answered (``continue_``, ``fulfill``) when the test says."""
    held: list[Any] = []
    page.route(pattern, lambda route: held.append(route))
    return held


def until(page: Any, check: Callable[[], bool], timeout: float = 15.0) -> None:
    """Waits, letting the page's events in, until ``check()`` holds (a check of what the
    test itself records, such as the page's socket frames)."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        page.wait_for_timeout(50)


def select_cards(page: Any, cards: list[str]) -> None:
    """Clicks each card in the hand (one copy of each)."""
    used: set[str] = set()
    for card in cards:
        base = card.split("=")[0]
        keys = page.eval_on_selector_all(
            f'.hand .card[data-card="{base}"]', "els => els.map(e => e.dataset.key)"
        )
        key = next(k for k in keys if k not in used)
        used.add(key)
        page.click(f'.hand .card[data-key="{key}"]')


def play_turn(page: Any) -> None:
    """Plays one turn through the page: the stock, then a meld the view allows (clicking
    its cards and Meld), then a discard (clicking a card and Discard). Passes a Rummy call."""
    if page.locator("dialog#rummy-call").count():
        page.click("dialog#rummy-call [data-key=pass]")
        return
    seq = page.evaluate("rk.session.seq")
    if "draw" in view(page)["legal_actions"]:
        page.click(".stock")
        page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")
    current = view(page)
    melds = [a for a in current["legal_actions"] if a.startswith("meld ")]
    if melds:
        cards = melds[0].split()[1:]
        select_cards(page, cards)
        seq = page.evaluate("rk.session.seq")
        page.click("[data-action=meld].legal")
        asked = "document.querySelector('dialog#choice[open]')"
        page.wait_for_function(f"rk.session.seq > {seq} || {asked}")
        if page.locator("dialog#choice[open]").count():  # the cards meld more than one way
            page.click("dialog#choice button.choice >> nth=0")
        page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")
        current = view(page)
        if current["to_act"] != current["seat"] or current["phase"] != "play":
            return
    discards = [a for a in current["legal_actions"] if a.startswith("discard ")]
    if discards:
        select_cards(page, [discards[0].split()[1]])
        seq = page.evaluate("rk.session.seq")
        page.click("[data-action=discard].legal")
        page.wait_for_function(f"rk.session.seq > {seq}")


def no_missing_text(page: Any) -> list[str]:
    """Catalogue keys the page asked for and did not find, and any ⟦key⟧ on screen."""
    keys = list(page.evaluate("[...rk.missing]"))
    text = page.evaluate("document.body.innerText")
    return keys + [line for line in text.splitlines() if "⟦" in line]


def dump(obj: Any) -> str:
    return json.dumps(obj, indent=1)[:2000]


def catalogue(lang: str) -> dict[str, str]:
    """The page's texts in language ``lang`` (its i18n catalogue)."""
    from rummykit.server.web import STATIC

    doc = json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def seat_ana_and_two_clients(
    browser: Any, server: Server, options: dict[str, Any], **context: Any
) -> tuple[Any, Any, Any]:
    """A started 3-seat ``500-rum`` table (``options`` on top): Ana (seat 0) in a page,
    Ben and Cleo as protocol clients (tests.server.kit.Client, the caller closes them),
    Ben's first state read. Returns (page, ben, cleo)."""
    import types

    from tests.server.kit import Client

    http = httpx.Client(base_url=server.url, timeout=10)
    table = server.table("500-rum", options, [{"kind": "open"}] * 3)
    tokens = [
        http.post(f"/tables/{table['id']}/join", json={"name": n}).json()["token"]
        for n in ("Ana", "Ben", "Cleo")
    ]
    http.post(f"/tables/{table['id']}/start", json={"token": tokens[0]}).raise_for_status()
    http.close()
    page = new_page(browser, **context)
    page.goto(server.url + "/")
    ready(page)
    seat = json.dumps({"seat": 0, "token": tokens[0], "name": "Ana"})
    page.evaluate(f"localStorage.setItem('rk.seat.{table['id']}', {seat!r})")
    page.goto(f"{server.url}/?t={table['code']}")
    ready(page)
    page.wait_for_selector(".table-screen")
    live = types.SimpleNamespace(port=server.port)
    ben, cleo = (Client(live, table["id"], t, None) for t in tokens[1:])  # type: ignore[arg-type]
    ben.until("state")
    return page, ben, cleo


def play_to_the_end(page: Any, turns: int = 60) -> None:
    """Plays the page's seat (play_turn) until its game is over, closing the score sheet
    after each hand."""
    for _ in range(turns):
        wait_my_turn(page)
        if view(page)["game_over"]:
            break
        if page.locator("dialog[open]").count():
            page.keyboard.press("Escape")
            continue
        play_turn(page)
    assert view(page)["game_over"]


def case_replay(name: str) -> dict[str, Any]:
    """The server's replay steps (``replay_frames``) of the conformance case
    ``tests/cases/NAME.json``, for a page to be shown them."""
    from rummykit.server.web import replay_frames

    doc = json.loads(
        (Path(__file__).resolve().parents[1] / "cases" / f"{name}.json").read_text("utf-8")
    )
    return replay_frames({k: v for k, v in doc.items() if k not in ("expect", "comment")})
