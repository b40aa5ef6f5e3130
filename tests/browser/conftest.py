"""The browser tests' fixtures: the server, once for the whole run, and Chromium, once a
module (Playwright's sync API holds an event loop running in the main thread while it
is open, so it must be closed before the rest of the suite, which calls asyncio.run).
Where Playwright or Chromium is missing, every test here but the catalogue test (which
needs neither) is skipped with support.MISSING's reason."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.support import MISSING
from tests.server.kit import Client

#: The test modules that need neither Chromium nor Playwright.
NO_BROWSER = {"test_catalogues.py"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if MISSING is None:
        return
    skip = pytest.mark.skip(reason=MISSING)
    for item in items:
        if item.path.parent.name == "browser" and item.path.name not in NO_BROWSER:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from tests.browser.support import Server

    running = Server(tmp_path_factory.mktemp("browser-server"))
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A server whose every game is dealt from seed 29 (see tests/browser/test_assist.py)."""
    from tests.browser.support import SeededServer

    running = SeededServer(tmp_path_factory.mktemp("seeded-server"), 29)
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from tests.browser.support import ARGS, CHROMIUM, sync_api

    assert sync_api is not None, MISSING
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def clients() -> Iterator[list[Client]]:
    """The protocol clients a test opened (closed after it)."""
    opened: list[Client] = []
    yield opened
    for c in opened:
        c.close()
