"""Turn clocks survive a restart: each table stores whose clock runs and its deadline.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds the clock's seat and deadline to ``rk_tables``."""
    with op.batch_alter_table("rk_tables") as batch:
        batch.add_column(sa.Column("clock_seat", sa.Integer, nullable=True))
        batch.add_column(sa.Column("clock_deadline", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_rk_tables_status", "rk_tables", ["status"])


def downgrade() -> None:
    """Drops them."""
    op.drop_index("ix_rk_tables_status", "rk_tables")
    with op.batch_alter_table("rk_tables") as batch:
        batch.drop_column("clock_deadline")
        batch.drop_column("clock_seat")
