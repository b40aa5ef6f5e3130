"""Alembic's environment, for the ``alembic`` command (``alembic revision --autogenerate``
while developing). The server itself migrates through
:func:`rummykit.server.migrate.upgrade`, which does not run this file.

With an ini file holding ``[alembic]`` and
``script_location = <this folder>``, and a synchronous URL::

    alembic -c rk.ini -x url=sqlite:///rk.db upgrade head
    alembic -c rk.ini -x url=sqlite:///rk.db check          # models == migrations?
    alembic -c rk.ini -x url=sqlite:///rk.db revision --autogenerate -m "what changed"
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from rummykit.server.models import metadata


def run() -> None:
    """Runs the migrations against ``-x url=...`` (online) or writes their SQL."""
    url = context.get_x_argument(as_dictionary=True).get("url", "sqlite:///rummykit.db")
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    with create_engine(url).connect() as connection:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()


# Alembic loads this file as a script; imported by anything else (pytest collecting
# doctests) there is no migration context and nothing to run.
if hasattr(context, "config"):
    run()
