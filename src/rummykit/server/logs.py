"""The server's logs: every line through the standard :mod:`logging`, as JSON lines or
text (``rummykit serve --log-format json|text``).

Each record the server writes names its event ``kind`` (``action``, ``game.start``,
``seat.join``, ``clock``, ``internal``, ...), the ``table`` id and the table's ``seq``
(None where there is none); other fields follow as keys.

>>> import logging
>>> record = logging.LogRecord("rummykit.server", logging.INFO, "", 0, "Ana: draw", (), None)
>>> record.kind, record.table, record.seq, record.fields = "action", "d3b0", 7, {"seat": 0}
>>> line = JsonFormatter().format(record)
>>> import json
>>> {k: v for k, v in json.loads(line).items() if k != "time"}  # doctest: +NORMALIZE_WHITESPACE
{'level': 'info', 'logger': 'rummykit.server', 'kind': 'action', 'table': 'd3b0', 'seq': 7,
 'message': 'Ana: draw', 'seat': 0}
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from typing import Any

__all__ = ["JsonFormatter", "TextFormatter", "event", "log", "logging_config"]

#: The server's logger (every module of the server writes through it).
log = logging.getLogger("rummykit.server")


def event(
    kind: str,
    table: str | None,
    seq: int | None,
    message: str,
    *,
    level: int = logging.INFO,
    exc_info: bool | BaseException = False,
    **fields: Any,
) -> None:
    """Logs one server event: its kind, table id and seq, a message and any fields;
    ``exc_info``: the exception being handled (True), or that one."""
    if not log.isEnabledFor(level):
        return
    log.log(
        level,
        message,
        exc_info=exc_info,
        extra={"kind": kind, "table": table, "seq": seq, "fields": fields},
    )


def _kind(record: logging.LogRecord) -> str:
    kind = getattr(record, "kind", None)
    if isinstance(kind, str):
        return kind
    return "http" if record.name == "uvicorn.access" else "server"


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, kind, table, seq, message,
    the event's fields, and ``error`` (the traceback) when an exception is logged."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname.lower(),
            "logger": record.name,
            "kind": _kind(record),
            "table": getattr(record, "table", None),
            "seq": getattr(record, "seq", None),
            "message": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            for key, value in fields.items():
                doc.setdefault(key, value)
        if record.exc_info:
            doc["error"] = self.formatException(record.exc_info)
        return json.dumps(doc, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """``time level [kind table seq] message key=value ...`` for people reading a
    terminal."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        where = [_kind(record)]
        table = getattr(record, "table", None)
        if table is not None:
            where.append(f"table={table}")
        seq = getattr(record, "seq", None)
        if seq is not None:
            where.append(f"seq={seq}")
        fields = getattr(record, "fields", None)
        extra = ""
        if isinstance(fields, dict) and fields:
            extra = " " + " ".join(f"{k}={v}" for k, v in fields.items())
        return (
            f"{self.formatTime(record)} {record.levelname} [{' '.join(where)}] "
            f"{record.getMessage()}{extra}"
        )


def logging_config(fmt: str = "text", level: str = "info") -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for the server and uvicorn, to stderr.

    >>> logging_config("json")["formatters"]["main"]["()"].__name__
    'JsonFormatter'
    """
    if fmt not in ("json", "text"):
        raise ValueError(f"log format {fmt!r}: json or text")
    formatter = JsonFormatter if fmt == "json" else TextFormatter
    upper = level.upper()
    handler = {"class": "logging.StreamHandler", "formatter": "main", "stream": "ext://sys.stderr"}
    logger = {"handlers": ["main"], "level": upper, "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": {"()": formatter}},
        "handlers": {"main": handler},
        "loggers": {
            "rummykit": logger,
            "uvicorn": logger,
            "uvicorn.error": {"level": upper, "handlers": [], "propagate": True},
            "uvicorn.access": logger,
        },
    }
