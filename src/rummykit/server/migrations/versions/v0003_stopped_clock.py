"""A stopped turn clock survives a restart: each seat stores the clock its person's
leaving stopped, which goes on if they come back in the same turn.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds the stopped clock to ``rk_seats``."""
    with op.batch_alter_table("rk_seats") as batch:
        batch.add_column(sa.Column("stopped", sa.JSON, nullable=True))


def downgrade() -> None:
    """Drops it."""
    with op.batch_alter_table("rk_seats") as batch:
        batch.drop_column("stopped")
