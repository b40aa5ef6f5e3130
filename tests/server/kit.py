"""A real server on a free local port (uvicorn in a thread) and real clients: httpx for
the lobby, ``websockets`` for play. Every message a client receives is checked against
its JSON Schema."""

from __future__ import annotations

import json
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import jsonschema
import referencing
import uvicorn
from websockets.sync.client import ClientConnection, connect

from rummykit import wire
from rummykit.bots import get_bot
from rummykit.server import ServerConfig, create_app
from rummykit.server.protocol import CLIENT_MESSAGES, SERVER_MESSAGES, load_schema

_resources = [
    referencing.Resource.from_contents(wire.load_schema(n)) for n in ("event", "player-view")
] + [referencing.Resource.from_contents(load_schema(n)) for n in CLIENT_MESSAGES + SERVER_MESSAGES]
REGISTRY = referencing.Registry().with_resources((r.id(), r) for r in _resources)
VALIDATORS = {
    name: jsonschema.Draft202012Validator(load_schema(name), registry=REGISTRY)
    for name in CLIENT_MESSAGES + SERVER_MESSAGES
}


def check_message(message: dict[str, Any]) -> None:
    """Raises unless ``message`` is valid by its type's schema."""
    VALIDATORS[message["type"]].validate(message)


class LiveServer:
    """``create_app(config)`` served by uvicorn on 127.0.0.1 (a free port), in a thread."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.app = create_app(config)
        self.uvicorn = uvicorn.Server(
            uvicorn.Config(
                self.app, host="127.0.0.1", port=0, log_level="warning", ws_max_size=65536
            )
        )
        self.thread = threading.Thread(target=self.uvicorn.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.uvicorn.started:
            assert self.thread.is_alive(), "the server did not start"
            assert time.monotonic() < deadline, "the server did not start in time"
            time.sleep(0.01)
        sock = self.uvicorn.servers[0].sockets[0]
        self.port = sock.getsockname()[1]
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)
        return self

    def __exit__(self, *_: object) -> None:
        self.http.close()
        self.uvicorn.should_exit = True
        self.thread.join(20)

    @property
    def server(self) -> Any:
        return self.app.state.server

    # ------------------------------------------------------------------ lobby
    def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        response = self.http.post(path, json=body)
        assert response.status_code == status, response.text
        doc: dict[str, Any] = response.json()
        return doc

    def get(self, path: str, status: int = 200) -> Any:
        response = self.http.get(path)
        assert response.status_code == status, response.text
        return response.json()

    def table(
        self,
        seats: list[dict[str, Any]],
        *,
        preset: str = "500-rum",
        options: dict[str, Any] | None = None,
        clock: int | None = None,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"preset": preset, "seats": seats, "options": options or {}}
        if clock is not None:
            body["clock"] = clock
        return self.post("/tables", body, 201)

    def join(self, table: str, name: str, seat: int | None = None) -> str:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        token: str = self.post(f"/tables/{table}/join", body)["token"]
        return token

    def client(self, table: str, token: str | None = None, seq: int | None = None) -> Client:
        return Client(self, table, token, seq)


class Client:
    """A WebSocket client: says hello, keeps every message, its view and last seq."""

    def __init__(self, live: LiveServer, table: str, token: str | None, seq: int | None) -> None:
        url = f"ws://127.0.0.1:{live.port}/tables/{table}/ws"
        # entered as a context (closed by close()): websockets 16 and later ask for that
        self.ws: ClientConnection = connect(url).__enter__()
        self.messages: list[dict[str, Any]] = []
        self.seq = seq or 0
        self.view: dict[str, Any] | None = None
        #: the seq of the latest ``state`` read: the view is the table's at ``seq`` only
        #: when the two agree (an event's state comes after it)
        self.view_seq: int | None = None
        self.send({"type": "hello", "protocol": 1, "token": token, "seq": seq})
        self.welcome = self.until("welcome")
        self.seat: int | None = self.welcome["seat"]

    def send(self, message: dict[str, Any]) -> None:
        check_message(message)
        self.ws.send(json.dumps(message))

    def send_raw(self, text: str | bytes) -> None:
        self.ws.send(text)

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        check_message(message)
        self.messages.append(message)
        if message["type"] == "event":
            assert message["seq"] == self.seq + 1, (self.seq, message["seq"])  # none missed
            self.seq = message["seq"]
        elif message["type"] == "undone":
            assert message["seq"] > self.seq, (self.seq, message["seq"])
            self.seq = message["seq"]
        elif message["type"] == "state":
            self.view = message["view"]
            self.seq = self.view_seq = message["seq"]
        return message

    def until(
        self,
        kind: str,
        where: Callable[[dict[str, Any]], bool] = lambda m: True,
        timeout: float = 10,
    ) -> dict[str, Any]:
        """Reads until a message of ``kind`` (that ``where`` accepts) comes."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind and where(message):
                return message

    def drain(self, quiet: float = 0.3) -> list[dict[str, Any]]:
        """Reads until nothing comes for ``quiet`` seconds."""
        got = []
        while True:
            try:
                got.append(self.recv(quiet))
            except TimeoutError:
                return got

    def act(self, action: str, seq: int | None = None) -> dict[str, Any]:
        """Sends an action; returns the ack or the error."""
        self.send({"type": "action", "action": action, "seq": self.seq if seq is None else seq})
        while True:
            answer = self.recv()
            if answer["type"] in ("ack", "error"):
                break
        # then the state that the answer leaves the table in
        wanted = answer["seq"]
        if wanted is not None and wanted > self.seq:
            self.until("state", lambda m: m["seq"] >= wanted)
        return answer

    def my_turn(self) -> bool:
        view = self.view
        return view is not None and view["to_act"] == view["seat"] and not view["game_over"]

    def play_to_end(self, level: str = "greedy", timeout: float = 120) -> None:
        """Plays this seat with a client-side bot until the game is over."""
        bot = get_bot(level, seed=1)
        deadline = time.monotonic() + timeout
        while True:
            assert time.monotonic() < deadline, "the game did not end in time"
            if self.view is not None and self.view["game_over"]:
                return
            if self.my_turn():
                assert self.view is not None
                action = bot.act(wire.view_from_json(self.view))
                answer = self.act(str(action))
                if answer["type"] == "error" and answer["rule"] == "server.rate":
                    time.sleep(0.1)  # a bot plays faster than the limit lets anybody
                elif answer["type"] == "error":
                    assert answer["rule"] == "server.stale", answer
                continue
            self.recv(30)

    def close(self) -> None:
        self.ws.close()


def seats(*kinds: str) -> list[dict[str, Any]]:
    """Seat specs: ``"open"`` or a bot level."""
    return [{"kind": "open"} if k == "open" else {"kind": "bot", "level": k} for k in kinds]


def two_people(live: LiveServer, clock: int | None = None) -> tuple[str, list[str], list[Client]]:
    """A started table of two people, Ana and Ben (with a turn clock of ``clock``
    seconds), each connected and holding their first state: the table's id, their tokens
    and their clients."""
    table = live.table(seats("open", "open"), clock=clock)["id"]
    tokens = [live.join(table, "Ana"), live.join(table, "Ben")]
    # connected before the start, which sends each its first state: a short clock may
    # not run out (and its notice go unseen) while a slow machine is still connecting
    clients = [live.client(table, t) for t in tokens]
    live.post(f"/tables/{table}/start", {"token": tokens[0]})
    for c in clients:
        c.until("state")
    return table, tokens, clients


def wait_for(condition: Callable[[], bool], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.01)


def wait_until_serving(port: int, process: subprocess.Popen[Any], timeout: float = 30) -> None:
    """Waits until a server started in ``process`` answers on ``port``; fails if the
    process ends first or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/health", timeout=1)
            return
        except httpx.TransportError:
            assert process.poll() is None, "the server process ended"
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.05)


def cards_in(text: str) -> Iterator[str]:
    """Every card word in a JSON message, each time it is named (a multiset, as
    tests/test_wire.py's ``card_words``), jokers too: a bare ``JK`` is a joker in a hand,
    the stock or the pile, and is counted. A declared joker (``JK=8H``, ``JK=6``) is one
    on the table, public to every seat: neither it nor what it stands for is counted."""
    import re

    for m in re.finditer(r"(?<![A-Za-z0-9=])([A2-9TJQK][CDHS]|JK)(?![A-Za-z0-9=])", text):
        yield m.group(1)


def random_legal(rng: Any) -> Callable[[dict[str, Any]], str]:
    """A person who picks any legal action from their view (a draw more often, so that
    hands end)."""

    def choose(view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if "draw" in legal and rng.random() < 0.7:
            return "draw"
        return str(rng.choice(legal))

    return choose


def caught_up(clients: list[Client]) -> None:
    """Reads until every client's latest message is the view at the table's latest seq
    (as far as any of them has seen): everybody sees the table as it is."""
    while True:
        latest = max(c.seq for c in clients)
        for c in clients:
            # the view must be the one of the client's seq; other messages may come after
            # it (an error, such as ``server.rate``, which no state follows; a table)
            while c.seq < latest or c.view is None or c.view_seq != c.seq:
                c.recv()
        # reading may take a client past ``latest`` (a move came meanwhile): go round
        # again until every client stands at the same seq
        if all(c.seq == latest for c in clients):
            return


def play_together(
    clients: list[Client],
    choose: Callable[[dict[str, Any]], str],
    timeout: float = 60,
) -> int:
    """Plays every seat of ``clients`` from one thread, each choosing from its own view,
    until the game is over (bots at the table play meanwhile); returns the acks. A
    spectator among ``clients`` (``clients[0]`` must hold a seat) reads along."""
    deadline = time.monotonic() + timeout
    acks = 0
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        caught_up(clients)
        view = clients[0].view
        assert view is not None
        if view["game_over"]:
            return acks
        mover = next((c for c in clients if c.my_turn()), None)
        if mover is None:  # a bot's turn: wait for it
            clients[0].recv(30)
            continue
        assert mover.view is not None
        answer = mover.act(choose(mover.view))
        if answer["type"] == "ack":
            acks += 1
        elif answer["rule"] == "server.rate":
            time.sleep(0.1)  # machine-speed play outruns the limit people never reach
        else:
            assert answer["rule"] == "server.stale", answer  # a bot moved first
