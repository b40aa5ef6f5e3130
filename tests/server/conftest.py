"""Fixtures of the server tests: a database URL for each backend (PostgreSQL only when
RUMMYKIT_TEST_DATABASE_URL names one) and a live server over it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server tests need the 'server' extra")

from rummykit.server import ServerConfig
from tests.server.kit import LiveServer

POSTGRES = os.environ.get("RUMMYKIT_TEST_DATABASE_URL")


async def _wipe_postgres(url: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(url)
    async with engine.begin() as conn:
        for name in (
            "rk_actions",
            "rk_hands",
            "rk_games",
            "rk_seats",
            "rk_tables",
            "alembic_version",
        ):
            await conn.execute(text(f"DROP TABLE IF EXISTS {name} CASCADE"))
    await engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database: SQLite in a temporary folder, or PostgreSQL emptied."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'server.db'}"
    if not POSTGRES:
        pytest.skip(
            "PostgreSQL tests skipped: set RUMMYKIT_TEST_DATABASE_URL to a URL like "
            "postgresql+asyncpg://postgres@127.0.0.1:5432/test to run them"
        )
    asyncio.run(_wipe_postgres(POSTGRES))
    return POSTGRES


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite file."""
    return f"sqlite+aiosqlite:///{tmp_path / 'server.db'}"


@pytest.fixture
def live(sqlite_url: str) -> Iterator[LiveServer]:
    """A server on a fresh SQLite database."""
    with LiveServer(ServerConfig(db=sqlite_url, processes=0)) as server:
        yield server


@pytest.fixture
def make_server() -> Callable[..., LiveServer]:
    """``make_server(db=..., **config)``: a server (start it with ``with``)."""

    def make(**kwargs: Any) -> LiveServer:
        kwargs.setdefault("processes", 0)
        return LiveServer(ServerConfig(**kwargs))

    return make
