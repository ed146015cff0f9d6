"""What every part of the store stands on: the games it hosts, its databases' connections
(readers, the write transaction and SQLite's writer queue), the reads of a session's head
and seats (locked, for a write), and its state, from this process's cache when it holds the
version read."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TypeVar

from sqlalchemy import Engine, select
from sqlalchemy.engine import Connection

from wordsvc.games.contract import Bot, State
from wordsvc.sessions.cache import StateCache
from wordsvc.sessions.database import readers, writer_queue, writers
from wordsvc.sessions.errors import UnknownGame, UnknownSession
from wordsvc.sessions.hosting import HostedGame
from wordsvc.sessions.limits import is_session_id
from wordsvc.sessions.live import LiveLog
from wordsvc.sessions.prepared import Prepared
from wordsvc.sessions.rows import SeatRow, SessionHead, SessionRow, ShownHead, ShownSeat
from wordsvc.sessions.schema import sessions
from wordsvc.sessions.statements import HEAD, HEAD_AND_SEATS, LOCK, ROW

T = TypeVar("T")
H = TypeVar("H", bound=SessionHead)
#: The rows a statement gives (``rows.py``).
R = TypeVar("R")


def now() -> datetime:
    return datetime.now(UTC)


class StoreCore:
    """The store's connections and its reads of one session, shared by its parts."""

    def __init__(self, engine: Engine, games: Mapping[str, HostedGame]) -> None:
        self.engine = engine
        self.games = games
        #: The bots this process has made, one per game and name (they keep no state).
        self._bots: dict[tuple[str, str], Bot] = {}
        #: This process's live view of the sessions its streams follow (live.py).
        self.live = LiveLog(engine)
        #: The newest committed state this process has seen of each session (cache.py).
        self.states = StateCache()
        self._reads = readers(engine)
        self._queue = writer_queue(engine)
        self._writers = writers(engine)

    def hosted(self, name: object) -> HostedGame:
        hosted = self.games.get(name) if isinstance(name, str) else None
        if hosted is None:
            raise UnknownGame("unknown_game", f"No game {name!r}.", {"games": sorted(self.games)})
        return hosted

    def _transact(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in a write transaction, committed before this returns: on SQLite
        with the writes queued meanwhile (one commit, one fsync for all of them:
        :meth:`WriterQueue.transact`), on PostgreSQL in its own (the server groups the
        commits of its connections)."""
        if self._writers is not None:
            return self._writers.transact(self.engine.connect, work)
        with self._write() as conn:
            return work(conn)

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (BEGIN IMMEDIATE on SQLite, see database.py), committed when
        the block ends without an exception, rolled back otherwise."""
        with self._queue(), self.engine.connect() as conn:
            conn = conn.execution_options(write=True)
            with conn.begin():
                yield conn

    def _session(self, conn: Connection, session_id: str) -> ShownHead:
        """The session's row, without its state (:meth:`_load`)."""
        if not is_session_id(session_id):
            raise UnknownSession.of(session_id)
        row: ShownHead | None = conn.execute(
            select(*HEAD).where(sessions.c.id == session_id)
        ).first()
        if row is None:
            raise UnknownSession.of(session_id)
        return row

    def _head(self, conn: Connection, session_id: str) -> tuple[ShownHead, Sequence[ShownSeat]]:
        """The session's row (without its state: :meth:`_load`) and its seats' rows, in one
        statement."""
        return self._rows(conn, HEAD_AND_SEATS, session_id)

    def _lock(self, conn: Connection, session_id: str) -> tuple[SessionHead, Sequence[SeatRow]]:
        """:meth:`_head` for a write transaction: what a write reads, the session's row
        locked for the transaction."""
        return self._rows(conn, LOCK, session_id)

    @staticmethod
    def _rows(conn: Connection, statement: Prepared[R], session_id: str) -> tuple[R, list[R]]:
        """A session's rows by ``statement`` (one per seat, the first its head), or
        :class:`UnknownSession`."""
        if not is_session_id(session_id):
            raise UnknownSession.of(session_id)
        rows = statement.all(conn, {"session_id": session_id})
        if not rows:
            raise UnknownSession.of(session_id)
        return rows[0], rows

    def _load(self, conn: Connection, row: H, keep: bool = True) -> tuple[H | SessionRow, State]:
        """``row`` and the session's state at the version it was read at: this process's
        copy, or else the row read again with its state, in one statement so that the two
        belong together, and the state kept if ``keep``. Outside a write transaction the
        session may have moved on since ``row`` was read; the newer row is returned then.
        A write transaction keeps nothing it reads (on SQLite it may see another write of
        its group that is not committed yet): it keeps its own state once committed."""
        state = self.states.get(row.id, row.version)
        if state is not None:
            return row, state
        rows: Sequence[SessionRow] = ROW.all(conn, {"session_id": row.id})
        if not rows:  # gone since its head was read (a backup's import replaced it)
            raise UnknownSession.of(row.id)
        found = rows[0]
        if keep:
            self.states.put(found.id, found.version, found.state)
        return found, found.state
