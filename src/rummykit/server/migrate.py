"""Brings a database's schema up to date: the Alembic migrations in
``rummykit/server/migrations`` run at every start of the server.

>>> import asyncio
>>> from sqlalchemy.ext.asyncio import create_async_engine
>>> engine = create_async_engine("sqlite+aiosqlite:///:memory:")
>>> asyncio.run(upgrade(engine))
'0004'
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from rummykit.server.models import metadata

__all__ = ["HEAD", "upgrade"]

#: The newest revision: what :func:`upgrade` leaves a database at.
HEAD = "0004"


def _script_directory() -> ScriptDirectory:
    location = resources.files("rummykit.server").joinpath("migrations")
    config = Config()
    config.set_main_option("script_location", str(location))
    return ScriptDirectory.from_config(config)


def _upgrade(connection: Connection) -> str:
    script = _script_directory()

    def steps(revision: Any, _context: Any) -> Any:
        return script._upgrade_revs("head", revision)

    config = Config()
    with EnvironmentContext(config, script, fn=steps) as env:
        env.configure(connection=connection, target_metadata=metadata)
        with env.begin_transaction():
            env.run_migrations()
        current = env.get_context().get_current_revision()
    return current or ""


async def upgrade(engine: AsyncEngine) -> str:
    """Runs every migration the database lacks; returns the revision it is now at."""
    async with engine.begin() as connection:
        return await connection.run_sync(_upgrade)
