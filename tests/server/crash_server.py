"""A real server process for the crash tests:
``python -m tests.server.crash_server DB PORT [POINT FLAG]``. With POINT and FLAG it dies
(``os._exit``) at that point of an action's life once the file FLAG exists; either way
the tests may kill it with SIGKILL. Rate limits are off: its clients are bots."""

from __future__ import annotations

import os
import sys

import uvicorn

from rummykit.server import ServerConfig, create_app


def main() -> None:
    db, port = sys.argv[1:3]
    point, flag = [*sys.argv[3:5], None, None][:2]

    def fault(where: str) -> None:
        if where == point and flag is not None and os.path.exists(flag):
            os._exit(137)  # as a kill would: nothing flushed, nothing closed

    app = create_app(ServerConfig(db=db, processes=0, fault=fault, rate=1e6, burst=1000))
    uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning")


if __name__ == "__main__":
    main()
