"""Crash recovery: a real server process (uvicorn, on a free port) killed with SIGKILL in
the middle of a hand, at several points, and started again on the same database. The
clients reconnect with their last seq: no acknowledged action is lost, the game goes on
to its end, and its record replays with ``rummykit replay``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from rummykit.bots import get_bot
from rummykit.wire import view_from_json
from tests.server.kit import Client, LiveServer, caught_up, seats
from tests.server.test_storage import ROOT, _free_port

#: After how many acknowledged actions the server is killed (an action in flight).
KILL_AFTER = (3, 14, 31)


def _start(db: str, port: int) -> tuple[subprocess.Popen[bytes], LiveServer]:
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.server.crash_server", db, str(port)], cwd=ROOT
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        assert process.poll() is None and time.monotonic() < deadline, "no server"
        time.sleep(0.02)
    live = LiveServer.__new__(LiveServer)  # a client of the other process
    live.port = port
    live.http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    return process, live


def test_killed_mid_hand_again_and_again_no_acknowledged_action_is_lost(
    tmp_path: Path,
) -> None:
    db, port = f"sqlite+aiosqlite:///{tmp_path / 'crash.db'}", _free_port()
    process, live = _start(db, port)
    bots = [get_bot("greedy", seed=1), get_bot("greedy", seed=2)]
    acked: dict[int, str] = {}  # seq -> the action acknowledged there
    seen: dict[int, dict[str, Any]] = {}  # seq -> the event seat 0 was sent
    kills = 0
    try:
        # a target that takes a few hands, so that every kill comes before the game ends
        table = live.table(seats("open", "open"), options={"target": 200})["id"]
        tokens = [live.join(table, "Ana"), live.join(table, "Ben")]
        live.post(f"/tables/{table}/start", {"token": tokens[0]})
        last = [0, 0]
        for kill in (*KILL_AFTER, None):
            clients = [Client(live, table, t, s or None) for t, s in zip(tokens, last, strict=True)]
            for c in clients:
                c.until("state")
            while True:
                caught_up(clients)
                view = clients[0].view
                assert view is not None
                if view["game_over"]:
                    break
                mover = clients[view["to_act"]]
                assert mover.view is not None
                action = str(bots[mover.seat or 0].act(view_from_json(mover.view)))
                if kill is not None and len(acked) == kill:
                    mover.send({"type": "action", "action": action, "seq": mover.seq})
                    os.kill(process.pid, signal.SIGKILL)  # the action is in flight
                    assert process.wait(10) == -signal.SIGKILL
                    kills += 1
                    break
                answer = mover.act(action)
                assert answer["type"] == "ack", answer
                acked[answer["seq"]] = answer["action"]
            for c in clients:
                seen.update({m["seq"]: m["event"] for m in c.messages if m["type"] == "event"})
            last = [c.seq for c in clients]
            for c in clients:
                c.ws.close()
            if process.poll() is None:  # the game ended before this kill: it is over
                break
            live.http.close()
            process, live = _start(db, port)
        games = live.get("/games")
        assert len(games) == 1
        record = live.get(games[0]["record"])
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:  # no test leaves a server behind
                process.kill()
                process.wait(10)
                raise
    assert kills == len(KILL_AFTER)
    for seq, action in acked.items():  # every acknowledged action was played, in place
        assert seen[seq]["action"] == action, seq
    assert sorted(seen) == list(range(1, max(seen) + 1))
    written = [a for h in record["hands"] for a in h["actions"]]
    assert len(written) == len(seen)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
