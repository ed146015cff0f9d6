"""Connections to the session database, and its migrations.

SQLite (the default) runs in WAL mode with ``synchronous=FULL``, so a committed action
survives a crash, and write transactions start with ``BEGIN IMMEDIATE``, so two writers queue
for the lock instead of failing half-way. PostgreSQL takes a row lock on the session instead
(``SELECT ... FOR UPDATE``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
#: How long a SQLite writer waits for the lock before giving up, ms.
SQLITE_BUSY_MS = 30_000


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_connection: Any, _record: object) -> None:
            dbapi_connection.isolation_level = None  # transactions are ours to begin
            cursor = dbapi_connection.cursor()
            for pragma in ("journal_mode=WAL", "synchronous=FULL",
                           f"busy_timeout={SQLITE_BUSY_MS}", "foreign_keys=ON"):  # fmt: skip
                cursor.execute(f"PRAGMA {pragma}")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _on_begin(connection: Connection) -> None:
            immediate = connection.get_execution_options().get("write", False)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` with Alembic."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.connect() as connection:
        connection = connection.execution_options(write=True)
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        connection.commit()


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
