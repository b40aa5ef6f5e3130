"""``rummykit serve``: prints the address to open, serves, stops on Ctrl+C; refuses bad
options with exit 2; says what to install when the extra is missing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.server.kit import wait_until_serving
from tests.server.test_storage import _free_port

SRC = Path(__file__).resolve().parents[2] / "src"


def test_serve_prints_the_address_and_serves(tmp_path: Path) -> None:
    port = _free_port()
    db = f"sqlite+aiosqlite:///{tmp_path / 'rk.db'}"
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "rummykit", "serve", "--port", str(port), "--db", db),
            *("--log-format", "json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith(f"rummykit server: open http://localhost:{port}/")
        wait_until_serving(port, process)
        doc = httpx.get(f"http://127.0.0.1:{port}/", timeout=5).json()
        assert doc["name"] == "rummykit" and doc["protocol"] == 1
        body = {"seats": [{"kind": "open"}, {"kind": "open"}]}
        table = httpx.post(f"http://127.0.0.1:{port}/tables", json=body, timeout=5).json()["id"]
        health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=5).json()
        assert health["ok"] and health["tables"] == 1 and health["database"]
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 0
        assert process.stderr is not None
        lines = [json.loads(line) for line in process.stderr.read().splitlines()]
        assert all({"time", "level", "kind", "table", "seq", "message"} <= set(x) for x in lines)
        made = [x for x in lines if x["kind"] == "table.create"]
        assert made and made[0]["table"] == table and made[0]["seq"] == 0
        assert any(x["kind"] == "http" for x in lines)  # uvicorn's lines are JSON too
    finally:
        if process.poll() is None:
            process.kill()


@pytest.mark.parametrize("url", ["mysql://x", "postgresql+asyncpg://u@h:abc/db"])
def test_serve_refuses_a_bad_database_url(url: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "serve", "--db", url],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and f"--db {url}" in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_reads_a_home_folder_in_an_sqlite_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # SQLite would open a folder called "~" under the working folder
    from rummykit.cli.serve_cmd import _expanded, _sqlite_folder

    monkeypatch.setenv("HOME", "/home/ana")
    url = _expanded("sqlite+aiosqlite:///~/rk/x.db")
    assert url == "sqlite+aiosqlite:////home/ana/rk/x.db"
    assert _sqlite_folder(url) == Path("/home/ana/rk")
    kept = "postgresql+asyncpg://u:secret@h/db"
    assert _expanded(kept) == kept


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--bot-delay", "nan"], "--bot-delay nan: seconds from 0 to 60"),
        (["--bot-delay", "-1"], "--bot-delay -1: seconds from 0 to 60"),
        (["--bot-delay", "61"], "--bot-delay 61: seconds from 0 to 60"),
        # found by a review: any number of processes was accepted
        (["--processes", "-1"], "--processes -1: 0 (threads) to 256"),
        (["--processes", "100000"], "--processes 100000: 0 (threads) to 256"),
        # an origin with a path never matches a browser's Origin header
        (["--allow-origin", "https://x.org/path"], "--allow-origin https://x.org/path: an origin"),
        (["--allow-origin", "x.org"], "--allow-origin x.org: an origin is http(s)://HOST[:PORT]"),
        (["--allow-origin", "https://x.org:99999"], "--allow-origin https://x.org:99999: "),
        (["--waiting-hours", "nan"], "--waiting-hours nan: hours above 0"),
        (["--waiting-hours", "0"], "--waiting-hours 0: hours above 0"),
        # found by a review: 1e11 hours overflowed the dates of tables waiting, later
        (["--waiting-hours", "1e11"], "at most 87,600 (ten years)"),
        (["--waiting-per-address", "-1"], "--waiting-per-address -1: 0 (no limit) to 1,000"),
    ],
)
def test_serve_refuses_numbers_out_of_range(
    extra: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from rummykit.cli import main

    assert main(["serve", *extra]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("url", ["sqlite+aiosqlite://", "sqlite+aiosqlite:///:memory:"])
def test_serve_refuses_a_database_in_memory(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    from rummykit.cli import main

    assert main(["serve", "--db", url]) == 2
    assert "keeps nothing when the server stops" in capsys.readouterr().err


def test_serve_names_a_database_it_cannot_use(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"not a database at all")
    plain = f"sqlite+aiosqlite:///{corrupt}"
    blocked = f"{plain}/under/it.db"  # a file where a folder goes
    for url, said in (
        (plain, f"--db {plain}: cannot use this database"),
        (blocked, f"--db {blocked}: cannot make its folder {corrupt}/under: "),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "rummykit", "serve", "--port", "1", "--db", url],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert done.returncode == 3, done.stderr
        assert said in done.stderr
        assert "Traceback" not in done.stderr and "open http" not in done.stdout
    assert corrupt.read_bytes() == b"not a database at all"


def test_a_database_that_cannot_be_opened_leaves_no_worker_thread_behind(tmp_path: Path) -> None:
    # found by a review: `serve --db` naming a folder printed, now and then, a traceback
    # after its error: aiosqlite's thread of the failed connection outlived the event loop
    import asyncio

    from rummykit.server.storage import Store, _sqlite_workers

    before = _sqlite_workers()
    for _ in range(5):
        with pytest.raises(Exception, match="unable to open database file"):
            asyncio.run(Store.open(f"sqlite+aiosqlite:///{tmp_path}"))
        assert not _sqlite_workers() - before


def test_serve_says_when_it_cannot_listen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by a review: a port in use ended in a log line and exit 3, the database's
    import socket

    from rummykit.cli import main

    db = ["--db", f"sqlite+aiosqlite:///{tmp_path}/rk.db"]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), *db]) == 4
    out, err = capsys.readouterr()
    assert f"rummykit serve: cannot listen at 127.0.0.1:{port}: " in err and "in use" in err
    assert out == ""  # no address printed to open
    assert main(["serve", "--host", "no-such-host.invalid", *db]) == 4
    assert "rummykit serve: --host no-such-host.invalid: " in capsys.readouterr().err


def test_serve_refuses_an_unknown_host_before_making_a_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by a review: the database's folder was made and migrated, then --host refused
    from rummykit.cli import main

    folder = tmp_path / "new"
    db = f"sqlite+aiosqlite:///{folder}/rk.db"
    assert main(["serve", "--host", "no-such-host.invalid", "--db", db]) == 4
    assert "rummykit serve: --host no-such-host.invalid: " in capsys.readouterr().err
    assert not folder.exists()


def test_serve_makes_the_folder_of_its_database(tmp_path: Path) -> None:
    # as the default database's folder is made, and every command's output folders
    from rummykit.cli.serve_cmd import _sqlite_folder

    url = f"sqlite+aiosqlite:///{tmp_path}/new/deeper/rk.db"
    assert _sqlite_folder(url) == tmp_path / "new" / "deeper"
    assert _sqlite_folder("postgresql+asyncpg://u@h/db") is None
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "rummykit", "serve", "--port", str(port), "--db", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("rummykit server: open http")
        assert (tmp_path / "new" / "deeper" / "rk.db").is_file()
        assert _lock_held(url)  # the server's since before it said its address
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()


def _lock_held(url: str) -> bool:
    """Whether a server holds the database's lock (another lock on it is refused)."""
    import asyncio

    from sqlalchemy.ext.asyncio import create_async_engine

    from rummykit.server.owner import DatabaseInUse, DatabaseLock

    async def refused() -> bool:
        engine, lock = create_async_engine(url), DatabaseLock()
        try:
            await lock.take(engine)
        except DatabaseInUse:
            return True
        finally:
            await lock.release()
            await engine.dispose()
        return False

    return asyncio.run(refused())


def test_of_two_servers_started_at_once_the_second_says_why_before_any_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by a review: the check before the address took the database's lock and let it
    # go, and the server took it again as it started: a second server started at the same
    # moment passed its check in that gap, said its address, then failed in uvicorn's
    # startup with a traceback. The second starts here while the first is between its
    # check and listening, at a port that is taken (so it would end if it got past).
    import socket

    from rummykit.cli import main, serve_cmd

    db = f"sqlite+aiosqlite:///{tmp_path / 'rk.db'}"
    second: list[subprocess.CompletedProcess[str]] = []

    def meanwhile(host: str, port: int) -> str:
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            command = [sys.executable, "-m", "rummykit", "serve", "--db", db, "--port"]
            second.append(
                subprocess.run(
                    [*command, str(taken.getsockname()[1]), "--processes", "0"],
                    capture_output=True,
                    text=True,
                    timeout=60,
                )
            )
        return "stopped by the test"

    monkeypatch.setattr(serve_cmd, "_listen_problem", meanwhile)
    assert main(["serve", "--db", db, "--port", str(_free_port()), "--processes", "0"]) == 4
    assert "rummykit serve: stopped by the test" in capsys.readouterr().err
    (run,) = second
    assert run.returncode == 3, run.stderr
    assert "another rummykit server uses this database" in run.stderr
    assert run.stdout == "" and "Traceback" not in run.stderr
    assert not _lock_held(db)  # the first let it go as it ended


def test_serve_without_the_extra_says_what_to_install() -> None:
    script = (
        f"import sys; sys.path.insert(0, {str(SRC)!r})\n"
        "from rummykit.cli import main\n"
        "raise SystemExit(main(['serve']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "pip install 'rummykit[server]'" in done.stderr and "Traceback" not in done.stderr


def _processes(field: int, value: int) -> set[int]:
    """The live processes whose /proc stat ``field`` (after the name: 1 the parent, 3 the
    session) is ``value``."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[field]) == value and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def _children(pid: int) -> set[int]:
    return _processes(1, pid)


def _ignores_interrupt(pid: int) -> bool:
    """Whether process ``pid`` ignores SIGINT (a bot worker once it has started)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize(
    ("how", "sig"),
    [("server", signal.SIGTERM), ("group", signal.SIGTERM), ("group", signal.SIGINT)],
)
def test_a_stopped_server_leaves_no_bot_worker_behind(
    tmp_path: Path, how: str, sig: signal.Signals
) -> None:
    # search bots think in worker processes; whichever way the server is stopped (its
    # process alone, as `kill` does, or its whole group, as a terminal's Ctrl+C, systemd
    # and docker do), the workers stop with it, and nothing is logged as an error
    port = _free_port()
    db = f"sqlite+aiosqlite:///{tmp_path / 'rk.db'}"
    command = [sys.executable, "-m", "rummykit", "serve", "--port", str(port), "--db", db]
    process = subprocess.Popen(
        [*command, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    workers: set[int] = set()
    try:
        wait_until_serving(port, process)
        deadline = time.monotonic() + 30
        bot = {"kind": "bot", "level": "montecarlo"}
        body = {"seats": [{"kind": "open"}, bot, bot]}
        table = httpx.post(f"{url}/tables", json=body, timeout=5).json()["id"]
        token = httpx.post(f"{url}/tables/{table}/join", json={"name": "Ana"}, timeout=5)
        token = token.json()["token"]
        httpx.post(f"{url}/tables/{table}/start", json={"token": token}, timeout=5)
        httpx.post(f"{url}/tables/{table}/leave", json={"token": token}, timeout=5)
        # a worker and multiprocessing's resource tracker, both started (a signal that
        # comes while a worker is still starting kills it, and the server starts another)
        while len(workers) < 2 or not all(map(_ignores_interrupt, workers)):
            assert time.monotonic() < deadline, "no bot worker started"
            time.sleep(0.1)
            workers = _children(process.pid)
        time.sleep(1)  # bots thinking
        workers |= _children(process.pid)
        if how == "group":
            os.killpg(process.pid, sig)
        else:
            process.send_signal(sig)
        code = process.wait(30)
        assert code == (0 if sig == signal.SIGINT else -signal.SIGTERM)
        # every process the server started (its session's), workers started after the
        # signal too
        deadline = time.monotonic() + 10
        while _processes(3, process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _processes(3, process.pid), "a worker outlived the server"
        assert not [pid for pid in workers if _alive(pid)]
        assert process.stderr is not None
        log = process.stderr.read()
        assert "Traceback" not in log and "ERROR" not in log, log
        # a stop signal sent to the group ends the workers with the server (their default
        # for SIGTERM, which the pool needs); the server may start others meanwhile, which
        # it then stops too: no worker it started is left, but that one line may be logged
        if sig == signal.SIGINT or how == "server":
            assert "died" not in log, log
    finally:
        if process.poll() is None:
            process.kill()
        for pid in _processes(3, process.pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("absent", ["msgspec", "greenlet", "aiosqlite", "websockets+wsproto"])
def test_serve_with_part_of_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], absent: str
) -> None:
    # starlette, uvicorn and SQLAlchemy alone (as another web framework brings them) do
    # not make a server: each module it needs is checked, and a WebSocket library
    import importlib.util

    from rummykit.cli import main

    find_spec = importlib.util.find_spec
    gone = absent.split("+")
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name in gone else find_spec(name, *a)
    )
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'rummykit[server]'" in err and " or ".join(gone) in err
