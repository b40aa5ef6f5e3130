"""Headers every HTTP answer of the server carries: the browser's defences in depth.

The page builds every string into text nodes (``js/dom.js``), so no player's name can
run as script; these headers make sure nothing else can either, and that no other site
can frame the table to trick a player into a click:

- ``X-Content-Type-Options: nosniff``: a JSON answer is never read as a page;
- ``X-Frame-Options: DENY`` and, on the page, ``frame-ancestors 'none'``: no framing;
- ``Referrer-Policy: same-origin``: a link out never carries the table's address;
- on the page, a ``Content-Security-Policy`` that runs the server's own scripts only
  (no inline script, no ``eval``) and connects to the server alone;
- ``Vary: Accept`` on ``GET /``, which answers a browser the page and any other client
  the lobby's JSON, so that a shared cache never hands one the other's.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["EVERY_ANSWER", "PAGE_POLICY", "SecurityHeaders"]

#: The page's Content-Security-Policy: its scripts, styles and fonts from the server
#: (style attributes allowed: the page sets a few), its images from the server or
#: ``data:`` (the empty favicon), its WebSocket and requests to the server alone.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)

#: The headers of every answer (an unexpected failure's too: Starlette answers it outside
#: the middleware, so :func:`~rummykit.server.routes.internal_error` sets them itself).
EVERY_ANSWER: tuple[tuple[str, str], ...] = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
)


class SecurityHeaders:
    """ASGI middleware adding the headers above to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lobby_root = scope["path"] == "/"

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in EVERY_ANSWER:
                    headers.setdefault(name, value)
                if headers.get("content-type", "").startswith("text/html"):
                    headers.setdefault("Content-Security-Policy", PAGE_POLICY)
                if lobby_root:
                    headers.add_vary_header("Accept")
            await send(message)

        await self.app(scope, receive, with_headers)
