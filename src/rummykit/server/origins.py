"""Which web pages may talk to the server: the ``Origin`` check.

A browser names the page that opens a WebSocket (or posts a form) in the ``Origin``
header, and lets any page do it: without this check any site a player visits could
play at their table with the token their browser keeps. A request is allowed when

- it has no ``Origin`` (not a browser: browsers always send one), or
- its origin is listed in ``--allow-origin`` (``*``: any), or
- its origin is the server's own: the same host and port the request was sent to (the
  ``Host`` header), where that host is an IP address, ``localhost``, this machine's name
  (also with ``.local``) or the ``--host`` the server was given. Other names need
  ``--allow-origin``: a page on a look-alike name that points at this server (DNS
  rebinding) is refused.

>>> from rummykit.server.config import ServerConfig
>>> config = ServerConfig()
>>> origin_allowed("http://192.168.1.20:8000", "192.168.1.20:8000", config)
True
>>> origin_allowed("https://evil.example", "192.168.1.20:8000", config)
False
>>> origin_allowed("http://evil.example:8000", "evil.example:8000", config)
False
>>> origin_allowed(None, "localhost:8000", config)
True
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from urllib.parse import urlsplit

from rummykit.server.config import ServerConfig

__all__ = ["is_origin", "normalize", "origin_allowed"]


def normalize(origin: str) -> str:
    """An origin as compared: lower case, no trailing slash.

    >>> normalize("HTTPS://Rummy.Example.org/")
    'https://rummy.example.org'
    """
    return origin.strip().lower().rstrip("/")


def is_origin(text: str) -> bool:
    """Whether ``text`` is an origin as browsers send it (``--allow-origin``): a scheme,
    http or https, and a host with an optional port, nothing else. A path, a query or a
    user could never match an ``Origin`` header.

    >>> [is_origin(t) for t in ("https://rummy.example.org", "http://10.0.0.2:8000/")]
    [True, True]
    >>> [is_origin(t) for t in ("https://x.org/play", "rummy.example.org", "ftp://x.org")]
    [False, False, False]
    """
    try:
        parts = urlsplit(text.strip())
        port_ok = parts.port is None or 0 < parts.port < 65536
    except ValueError:  # a port that is not a number
        return False
    return (
        parts.scheme.lower() in ("http", "https")
        and bool(parts.hostname)
        and port_ok
        and parts.path in ("", "/")
        and not (parts.query or parts.fragment or parts.username or parts.password)
    )


@functools.cache
def _own_names() -> frozenset[str]:
    name = socket.gethostname().lower()
    return frozenset({"localhost", name, f"{name}.local"})


def _trusted_host(host: str, config: ServerConfig) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        pass
    if config.host is not None and host == config.host.lower():
        return True
    return host in _own_names()


def origin_allowed(origin: str | None, host: str | None, config: ServerConfig) -> bool:
    """Whether a request with this ``Origin`` and ``Host`` header may go on."""
    if origin is None:
        return True
    wanted = normalize(origin)
    allowed = {normalize(o) for o in config.allow_origins}
    if "*" in allowed or wanted in allowed:
        return True
    try:
        parts = urlsplit(wanted)
        hostname = parts.hostname
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not hostname or host is None:
        return False
    if parts.netloc != host.strip().lower():
        return False  # another host or port than the one this request came to
    return _trusted_host(hostname, config)
