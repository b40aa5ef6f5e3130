"""A join sent again gets its seat back: each seat stores the hash of the key its join
carried, so that a client whose answer was lost (the server restarted) can ask again.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds the join key's hash to ``rk_seats``."""
    with op.batch_alter_table("rk_seats") as batch:
        batch.add_column(sa.Column("key_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drops it."""
    with op.batch_alter_table("rk_seats") as batch:
        batch.drop_column("key_hash")
