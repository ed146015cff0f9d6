"""Connections to the session database, and its migrations.

SQLite (the default) runs in WAL mode with ``synchronous=FULL``, so a committed action
survives a crash, and write transactions start with ``BEGIN IMMEDIATE``, so two writers queue
for the lock instead of failing half-way. PostgreSQL takes a row lock on the session instead
(``SELECT ... FOR UPDATE``).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DisconnectionError

if TYPE_CHECKING:
    from sqlalchemy.engine.interfaces import DBAPIConnection
    from sqlalchemy.pool import ConnectionPoolEntry

T = TypeVar("T")

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
#: How long a SQLite writer waits for the lock before giving up, ms.
SQLITE_BUSY_MS = 30_000
#: PostgreSQL connections per process, and no more: a request waits for one (in order)
#: rather than run beside more statements than the cores serve. One per core (at least 2):
#: on 2 vCPUs, 50 sessions playing flat out on gunicorn's 2 workers, 2 connections each
#: served 1,118 actions/s at p99 5 ms, 4 each 953/s at 12 ms, 8 each 809/s at 31 ms, and
#: 5 + 10 overflow a p99 three times 8's (docs/performance.md, issue 27). The setting
#: ``WORDSVC_DATABASE_POOL`` overrides it.
PG_POOL = max(2, os.cpu_count() or 2)
#: A pooled PostgreSQL connection idle longer than this, s, is pinged before it is used. A
#: server restart kills every connection, and takes longer; a connection in constant use is
#: not pinged (a round trip and about 80 µs of CPU a checkout, two checkouts an action:
#: docs/performance.md, issue 27).
PING_IDLE_SECONDS = 1.0


def make_engine(url: str, pool_size: int | None = None) -> Engine:
    """An engine for ``url``. Its errors never quote a statement's parameters
    (``hide_parameters``): a database error is logged, and parameters hold what no log may
    hold (a chosen seed, the state with every hidden card, a reply kept for a retry).
    ``pool_size``: PostgreSQL's connections (default :data:`PG_POOL`)."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=True)
        if path and path != ":memory:":
            _WRITERS.setdefault(url, WriterQueue(Path(path + ".writers")))

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
            dbapi_connection.isolation_level = None  # transactions are ours to begin
            cursor = dbapi_connection.cursor()
            for pragma in ("journal_mode=WAL", "synchronous=FULL",
                           f"busy_timeout={SQLITE_BUSY_MS}", "foreign_keys=ON"):  # fmt: skip
                cursor.execute(f"PRAGMA {pragma}")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _on_begin(connection: Connection) -> None:
            options = connection.get_execution_options()
            if options.get("isolation_level") == "AUTOCOMMIT":
                return  # each statement its own transaction (readers, below)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if options.get("write") else "BEGIN")

        return engine
    engine = create_engine(
        url, pool_size=pool_size or PG_POOL, max_overflow=0, hide_parameters=True
    )
    _ping_when_idle(engine)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Ping a pooled connection before use only when it has been idle for more than
    :data:`PING_IDLE_SECONDS` (SQLAlchemy's ``pool_pre_ping`` pings at every checkout); one
    that does not answer is replaced at once (``DisconnectionError``: the pool connects
    anew), so the first requests after a server restart do not fail."""

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(
        dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry, _proxy: object
    ) -> None:
        idle_since = record.info.pop("idle_since", None)  # None: connected just now
        if idle_since is None or time.monotonic() - idle_since <= PING_IDLE_SECONDS:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:
            raise DisconnectionError(f"a pooled connection did not answer: {error}") from error


#: The most writes one SQLite transaction commits together (:meth:`WriterQueue.transact`).
MAX_GROUP = 64


class _Write(Generic[T]):
    """A write waiting to be run by :meth:`WriterQueue.transact`, and then its outcome."""

    def __init__(self, work: Callable[[Connection], T]) -> None:
        self.work = work
        self.woken = threading.Event()
        self.leads = False  # woken to run the next group, its own write among them
        self.done = False
        self.result: T | None = None
        self.error: BaseException | None = None

    def outcome(self) -> T:
        if self.error is not None:
            raise self.error
        return self.result  # type: ignore[return-value]  # set when done without an error


class WriterQueue:
    """SQLite's writers, queued: one at a time per process (a lock) and across processes (an
    ``flock`` on a file beside the database), so a write transaction finds the database free.

    Without it, writers that find SQLite's lock taken poll for it with the busy handler's
    sleeps (up to 100 ms each), and a queue of a few writers turns into a tail of seconds;
    the kernel wakes an ``flock`` waiter the moment the lock is released instead.

    SQLite commits one transaction at a time, each with its own fsync, so writers that arrive
    while one runs are committed together in the next (:meth:`transact`, group commit)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._threads = threading.Lock()
        self._fd: int | None = None
        self._pid: int | None = None
        self._waiting: list[_Write[Any]] = []
        self._leading = False
        self._waiting_lock = threading.Lock()

    def transact(self, connect: Callable[[], Connection], work: Callable[[Connection], T]) -> T:
        """Run ``work`` in a write transaction and return what it returns once that is
        committed (or raise what it raised, and nothing of it is committed).

        The writes that queue while a transaction runs are run together in the next one,
        by one of their threads (the first to come), each in a savepoint of its own: a write
        that raises is rolled back alone, and its exception raised in its own thread. Then
        one commit (one fsync) makes them all durable, and only then is any of them
        answered; a failed commit fails them all."""
        write = _Write(work)
        with self._waiting_lock:
            self._waiting.append(write)
            write.leads = not self._leading
            self._leading = True
        if not write.leads:
            write.woken.wait()
        if not write.done:  # this thread runs the next group, its own write in it
            with self._waiting_lock:
                group, self._waiting = self._waiting[:MAX_GROUP], self._waiting[MAX_GROUP:]
            try:
                self._run(connect, group)
            finally:
                with self._waiting_lock:
                    if self._waiting:
                        self._waiting[0].leads = True  # the next group's runner
                        self._waiting[0].woken.set()
                    else:
                        self._leading = False
        return write.outcome()

    def _run(self, connect: Callable[[], Connection], group: list[_Write[Any]]) -> None:
        try:
            with self.held(), connect() as conn:
                conn = conn.execution_options(write=True)
                with conn.begin():
                    for write in group:
                        if len(group) == 1:
                            write.result = write.work(conn)
                            continue
                        savepoint = conn.begin_nested()
                        try:
                            write.result = write.work(conn)
                        except Exception as error:
                            savepoint.rollback()
                            write.error = error
                        else:
                            savepoint.commit()
        except BaseException as error:  # the transaction, or its commit, failed: none is
            for write in group:  # committed
                write.result, write.error = None, write.error or error
            raise
        finally:
            for write in group:
                write.done = True
                write.woken.set()

    @contextmanager
    def held(self) -> Iterator[None]:
        with self._threads:
            if self._pid != os.getpid():  # a descriptor per process: flock is per open file
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
                self._pid = os.getpid()
            assert self._fd is not None
            fcntl.flock(self._fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(self._fd, fcntl.LOCK_UN)


def readers(engine: Engine) -> Engine:
    """``engine`` for reads that need no transaction of their own: each statement sees what
    was committed when it ran, and reading takes no ``BEGIN`` and no ``ROLLBACK`` (two round
    trips a read on PostgreSQL). A read that must see one moment across several rows reads
    them in one statement."""
    return engine.execution_options(isolation_level="AUTOCOMMIT")


def writers(engine: Engine) -> WriterQueue | None:
    """The writer queue of ``engine``'s database (SQLite on a file); None for PostgreSQL,
    whose row locks wake their waiters themselves, and whose commits of many connections
    are grouped by the server."""
    return _WRITERS.get(engine.url.render_as_string(hide_password=False))


def writer_queue(engine: Engine) -> Callable[[], AbstractContextManager[None]]:
    """What queues a write transaction on ``engine`` behind the others (SQLite on a file);
    nothing for PostgreSQL, whose row locks wake their waiters themselves."""
    queue = _WRITERS.get(engine.url.render_as_string(hide_password=False))
    return queue.held if queue is not None else nullcontext


#: The writer queue of each SQLite database file this process opened, by engine URL.
_WRITERS: dict[str, WriterQueue] = {}


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


def head_revision() -> str:
    """The newest migration's revision: the schema this code reads and writes."""
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    head = ScriptDirectory.from_config(config).get_current_head()
    if head is None:  # pragma: no cover - the migrations ship with the code
        from wordsvc.errors import InternalError

        raise InternalError(f"No migration in {MIGRATIONS_DIR}.")
    return head
