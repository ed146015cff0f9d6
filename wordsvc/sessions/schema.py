"""The session tables (SQLAlchemy Core). Migrations in ``migrations/`` create them."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    true,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from wordsvc.sessions.limits import MAX_GAME_NAME, MAX_IDEMPOTENCY_KEY, MAX_NAME


class UtcDateTime(TypeDecorator[datetime]):
    """A moment, always in UTC with its zone: PostgreSQL keeps the zone, SQLite keeps none
    (it stores text), so a moment read back without one is UTC, as every moment written is
    (``core.now``). Both databases then answer ``2026-12-04T22:04:26.298712+00:00``."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is not None:
            return value.astimezone(UTC)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


metadata = MetaData()

sessions = Table(
    "sessions",
    metadata,
    Column("id", String(32), primary_key=True),  # unguessable: 128 random bits
    Column("game", String(MAX_GAME_NAME), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    # True when the creator chose the seed (a chosen deal: replays, tests); else secrets drew it
    Column("seed_chosen", Boolean, nullable=False, server_default=false()),
    Column("version", Integer, nullable=False),  # actions applied so far
    # changes to the seats so far (sat down, renamed, link renewed): what live streams follow
    Column("seats_version", Integer, nullable=False, server_default="0"),
    # the session "again, the same people" made of this one, once it is over; None until then
    Column("rematch", String(32)),
    Column("status", String(16), nullable=False),  # "active" or "over"
    Column("state", JSON, nullable=False),  # cached state after `version` actions
    # the review of the finished game (games that have one), made at its first request
    Column("review", JSON),
    Column("created_at", UtcDateTime(), nullable=False),
    Column("updated_at", UtcDateTime(), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("session_id", String(32), ForeignKey("sessions.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("bot", String(32)),
    Column("name", String(MAX_NAME), nullable=False),
    Column("token_hash", String(64)),  # sha256 of the seat token; None until joined
    Column("joined_at", UtcDateTime()),
    # when a person last sat down with the seat's token (its link); None: nobody has yet
    Column("claimed_at", UtcDateTime()),
    # the person's "answer only when I can": pass by itself when the pass is all it may do
    # (games with the registry's `auto_pass_action`); on for human seats, off for bots
    Column("auto_pass", Boolean, nullable=False, server_default=true()),
    # with auto_pass on, pass by itself also whenever nothing on the stack concerns the seat
    # ("answer only when it concerns me": games with the registry's `concerns`); off
    Column("only_when_concerned", Boolean, nullable=False, server_default=false()),
)

actions = Table(
    "actions",
    metadata,
    Column("session_id", String(32), ForeignKey("sessions.id"), primary_key=True),
    Column("number", Integer, primary_key=True),  # 1, 2, ...: the version it produced
    Column("seat", Integer, nullable=False),
    # "human", "bot", or "auto": a human seat's pass made by itself (its auto_pass setting)
    Column("actor", String(8), nullable=False),
    Column("action", JSON, nullable=False),
    Column("events", JSON, nullable=False),  # with their audiences
    Column("created_at", UtcDateTime(), nullable=False),
)

idempotency = Table(
    "idempotency",
    metadata,
    Column("session_id", String(32), ForeignKey("sessions.id"), primary_key=True),
    Column("key", String(MAX_IDEMPOTENCY_KEY), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("request_hash", String(64), nullable=False),
    Column("response", Text, nullable=False),  # the first reply, as JSON
    Column("created_at", UtcDateTime(), nullable=False),
)
