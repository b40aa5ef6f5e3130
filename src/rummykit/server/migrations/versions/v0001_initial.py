"""The first schema: tables, seats, games, hands and the action log.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Creates the five tables."""
    op.create_table(
        "rk_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("clock", sa.Integer, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seq", sa.BigInteger, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rk_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rk_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_table(
        "rk_games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rk_tables.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("seed", sa.JSON, nullable=False),
        sa.Column("first_seq", sa.BigInteger, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("record", sa.JSON, nullable=True),
    )
    op.create_index("ix_rk_games_finished", "rk_games", ["finished_at"])
    op.create_table(
        "rk_hands",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rk_games.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("dealer", sa.String(64), nullable=False),
        sa.Column("deal", sa.JSON, nullable=False),
    )
    op.create_table(
        "rk_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("rk_tables.id"), primary_key=True),
        sa.Column("seq", sa.BigInteger, primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rk_games.id"), nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("event", sa.JSON, nullable=False),
        sa.Column("reshuffle", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rk_actions_game", "rk_actions", ["game_id", "seq"])


def downgrade() -> None:
    """Drops the five tables."""
    op.drop_index("ix_rk_actions_game", "rk_actions")
    op.drop_table("rk_actions")
    op.drop_table("rk_hands")
    op.drop_index("ix_rk_games_finished", "rk_games")
    op.drop_table("rk_games")
    op.drop_table("rk_seats")
    op.drop_table("rk_tables")
