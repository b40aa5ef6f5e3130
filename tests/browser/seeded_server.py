"""``rummykit serve`` whose games are all dealt from one seed, for browser tests that need
a known deal: ``python -m tests.browser.seeded_server PORT DB SEED``. Bots answer at once;
search bots play in threads."""

from __future__ import annotations

import secrets
import sys

import uvicorn

from rummykit.server import ServerConfig, create_app


def main() -> None:
    port, db, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    # a new game's seed is the only use of secrets.randbits in the server (seating.py)
    secrets.randbits = lambda bits: seed  # type: ignore[assignment]
    app = create_app(ServerConfig(db=db, processes=0, bot_delay=0.0))
    uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning")


if __name__ == "__main__":
    main()
