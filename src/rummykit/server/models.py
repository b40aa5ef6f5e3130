"""The server's database tables (SQLAlchemy Core), one definition shared by the store and
the Alembic migrations.

A table (a place to play) has seats and a series of games; a game is exactly a game
record (NOTATION.md): its rules, its players, its seed, each hand's deal and every action
in order. ``actions`` is the durable log: an action is written there before the server
acknowledges it, and a table is rebuilt by replaying its log.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

__all__ = ["actions", "games", "hands", "metadata", "seats", "tables"]

metadata = MetaData()

#: A place to play: its rules, its turn clock and where play is (status, last seq).
tables = Table(
    "rk_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("preset", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("clock", Integer, nullable=True),
    #: waiting (seats being filled), playing, over (the last game ended), closed (no game
    #: began in time)
    Column("status", String(16), nullable=False),
    #: the number of the table's last event (0 before any)
    Column("seq", BigInteger, nullable=False, default=0),
    Column("game_id", String(32), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    #: the person whose turn clock runs, and when it runs out (kept over a restart)
    Column("clock_seat", Integer, nullable=True),
    Column("clock_deadline", DateTime(timezone=True), nullable=True),
    Index("ix_rk_tables_status", "status"),
)

#: Who sits where: open, a person (with the hash of their seat token) or a bot.
seats = Table(
    "rk_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("rk_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=True),
    Column("level", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),
    #: a person who left mid-game: a stand-in bot plays until they come back
    Column("away", Boolean, nullable=False, default=False),
    #: the turn clock their leaving stopped (turn, deadline, ...): it goes on if they come
    #: back in the same turn, so leaving is no way to a fresh clock, restart or not
    Column("stopped", JSON, nullable=True),
    #: the hash of the key the person's join carried: the same join sent again (its
    #: answer lost) gets the seat back, with a new token
    Column("key_hash", String(64), nullable=True),
)

#: One game at a table: its record's header, and the record itself once it is over.
games = Table(
    "rk_games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("table_id", String(32), ForeignKey("rk_tables.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("preset", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", JSON, nullable=False),
    Column("seed", JSON, nullable=False),
    #: the table's seq before the game's first event
    Column("first_seq", BigInteger, nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("result", JSON, nullable=True),
    Column("record", JSON, nullable=True),
    Index("ix_rk_games_finished", "finished_at"),
)

#: Each hand's dealer and deal (the record's hand header), written when it is dealt.
hands = Table(
    "rk_hands",
    metadata,
    Column("game_id", String(32), ForeignKey("rk_games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("dealer", String(64), nullable=False),
    Column("deal", JSON, nullable=False),
)

#: The log: every applied action, numbered by the table's seq.
actions = Table(
    "rk_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("rk_tables.id"), primary_key=True),
    Column("seq", BigInteger, primary_key=True),
    Column("game_id", String(32), ForeignKey("rk_games.id"), nullable=False),
    Column("hand", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    #: who chose it: player, bot, stand-in (for a person away) or clock (time ran out)
    Column("by", String(16), nullable=False),
    #: the event's wire form as the acting seat saw it (with the drawn card)
    Column("event", JSON, nullable=False),
    #: the order the stock took when this draw reshuffled the pile, top first
    Column("reshuffle", JSON, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_rk_actions_game", "game_id", "seq"),
)
