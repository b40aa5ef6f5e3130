"""Alembic migrations of the server's database (run at every start; see
:func:`rummykit.server.migrate.upgrade`)."""
