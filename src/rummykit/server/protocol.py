"""The WebSocket protocol, version 1: what a client may send, what the server sends.

Every message is one JSON object with a ``type``. A client sends ``hello`` first, then
``action``, ``sync``, ``ping``, ``hint`` and ``undo``; the server sends ``welcome``,
``table``, ``event``, ``state``, ``ack``, ``error``, ``notice``, ``pong``, ``hint`` (the
answer to one) and ``undone``. ``docs/protocol.md`` describes
each one, and ``rummykit/schemas/protocol/`` holds a JSON Schema for each.

:func:`decode` checks an incoming message against its type and size and raises
:class:`ProtocolError` naming what is wrong (rule ``server.size``, ``server.json``,
``server.type`` or ``server.message``); it never raises anything else.

>>> decode('{"type": "action", "action": "draw", "seq": 4}')
Action(action='draw', seq=4)
>>> try:
...     decode('{"type": "dance"}')
... except ProtocolError as e:
...     print(e.rule, "-", e.message)
server.type - unknown message type 'dance'; types are hello, action, sync, ping, hint, undo
>>> error("action.turn", "it is Ben's turn", 7)
{'type': 'error', 'rule': 'action.turn', 'message': "it is Ben's turn", 'seq': 7}
"""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Annotated, Any, Literal

import msgspec

from rummykit import RummyError

__all__ = [
    "LOG_UNREADABLE",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL",
    "TIMED_OUT",
    "Action",
    "AskHint",
    "ClientMessage",
    "Hello",
    "Ping",
    "ProtocolError",
    "Sync",
    "TokenBucket",
    "Undo",
    "decode",
    "error",
    "load_schema",
    "stale",
]

#: The protocol version this server speaks (``hello.protocol``, ``welcome.protocol``).
PROTOCOL = 1
#: The largest message a client may send, in bytes of UTF-8.
MAX_MESSAGE_BYTES = 4096
#: The longest action text (the longest real action is well under 100 characters).
MAX_ACTION_CHARS = 200

_Seq = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
_Token = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]


class ProtocolError(RummyError):
    """A message the server cannot take: ``rule`` is ``server.<what>``."""


class Hello(msgspec.Struct, forbid_unknown_fields=True, tag="hello", tag_field="type"):
    """The first message: the protocol spoken, the seat token (none: a spectator) and
    the last event seq the client saw (none: it has seen nothing)."""

    protocol: int
    token: _Token | None = None
    seq: _Seq | None = None


class Action(msgspec.Struct, forbid_unknown_fields=True, tag="action", tag_field="type"):
    """An action in the record notation, sent after seeing event ``seq``."""

    action: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ACTION_CHARS)]
    seq: _Seq


class Sync(msgspec.Struct, forbid_unknown_fields=True, tag="sync", tag_field="type"):
    """Asks again for the events after ``seq`` (none: a fresh view)."""

    seq: _Seq | None = None


class Ping(msgspec.Struct, forbid_unknown_fields=True, tag="ping", tag_field="type"):
    """Keeps the connection alive; answered by ``pong``."""


class AskHint(msgspec.Struct, forbid_unknown_fields=True, tag="hint", tag_field="type"):
    """Asks what the heuristic bot would play now, and why; answered by a ``hint`` (or an
    error when the sender has nothing to decide)."""


class Undo(msgspec.Struct, forbid_unknown_fields=True, tag="undo", tag_field="type"):
    """Takes back the sender's last meld, lay-off or joker swap of the turn in progress,
    sent after seeing event ``seq``; answered by ``undone`` (to everybody) or an error."""

    seq: _Seq


ClientMessage = Hello | Action | Sync | Ping | AskHint | Undo
_TYPES: dict[str, type[Any]] = {
    "hello": Hello,
    "action": Action,
    "sync": Sync,
    "ping": Ping,
    "hint": AskHint,
    "undo": Undo,
}


def decode(raw: str | bytes, limit: int = MAX_MESSAGE_BYTES) -> ClientMessage:
    """The client message in ``raw``; raises :class:`ProtocolError` for anything else."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > limit:
        raise ProtocolError("server.size", f"a message may hold {limit} bytes, not {size}")
    try:
        doc = msgspec.json.decode(raw)
    except msgspec.DecodeError as e:
        raise ProtocolError("server.json", f"not JSON: {e}") from None
    except RecursionError:
        raise ProtocolError("server.json", "not JSON: lists and objects nest too deeply") from None
    if not isinstance(doc, dict):
        raise ProtocolError("server.type", "a message is a JSON object with a 'type'")
    kind = doc.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        if kind is None:
            what = "a message needs a 'type'"
        elif not isinstance(kind, str):
            json_kind = {bool: "true or false", int: "a number", float: "a number"}
            shown = json_kind.get(type(kind), "a list" if isinstance(kind, list) else "an object")
            what = f"a message's 'type' is a text, not {shown}"
        elif len(kind) > 40:
            what = f"unknown message type {kind[:40]!r}… ({len(kind)} characters)"
        else:
            what = f"unknown message type {kind!r}"
        raise ProtocolError("server.type", f"{what}; types are {', '.join(_TYPES)}")
    try:
        message: ClientMessage = msgspec.convert(doc, cls)
    except msgspec.ValidationError as e:
        raise ProtocolError("server.message", f"{kind}: {e}") from None
    return message


#: Every message, by who sends it.
CLIENT_MESSAGES = ("hello", "action", "sync", "ping", "hint", "undo")
SERVER_MESSAGES = (
    "welcome",
    "table",
    "event",
    "state",
    "ack",
    "error",
    "notice",
    "pong",
    "hint",
    "undone",
)


def load_schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one protocol message (``"hello"``, ...). The
    ``event`` and ``state`` schemas refer to the wire schemas
    (:func:`rummykit.wire.load_schema`) by their ``$id``.

    >>> load_schema("ack")["$id"]
    'urn:rummykit:protocol:ack:1'
    """
    if name not in CLIENT_MESSAGES + SERVER_MESSAGES:
        raise ValueError(f"no message {name!r}")
    folder = resources.files("rummykit").joinpath("schemas").joinpath("protocol")
    schema: dict[str, Any] = json.loads(
        folder.joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    )
    return schema


#: The refusal of an action, undo or hint once the person's clock ran out this turn.
TIMED_OUT = "your time ran out: a bot plays the rest of this turn"

#: The refusal of an action or undo while the table cannot read its log.
LOG_UNREADABLE = "the server cannot reach its database: nothing can be played until it can"


def stale(what: str, seen: int, seq: int) -> str:
    """The ``server.stale`` message for ``what`` (an action, an undo) that answers event
    ``seen`` of a table at event ``seq``.

    >>> stale("the action", 5, 2)
    'the action answers event 5, which the table has not reached (it is at event 2)'
    >>> stale("the undo", 1, 3)
    'the undo answers event 1, but the table is at event 3'
    """
    if seen > seq:
        return (
            f"{what} answers event {seen}, which the table has not reached (it is at event {seq})"
        )
    return f"{what} answers event {seen}, but the table is at event {seq}"


def error(
    rule: str, message: str, seq: int | None, *, answers: Literal["hint"] | None = None
) -> dict[str, Any]:
    """An ``error`` message: the rule id, what went wrong, and the table's seq; with
    ``answers`` (``"hint"``), the kind of request it refuses, where that is not an action.

    >>> error("server.hint", "not now", 3, answers="hint")
    {'type': 'error', 'rule': 'server.hint', 'message': 'not now', 'seq': 3, 'answers': 'hint'}
    """
    refused: dict[str, Any] = {"type": "error", "rule": rule, "message": message, "seq": seq}
    if answers is not None:
        refused["answers"] = answers
    return refused


class TokenBucket:
    """A rate limit: ``burst`` messages at once, refilled at ``rate`` per second.

    >>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: 0.0)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
    """

    def __init__(self, rate: float, burst: int, clock: Any = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.stamp: float = clock()

    def take(self) -> bool:
        """Spends one token; False (and nothing spent) when the bucket is empty."""
        t = self.clock()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
