"""Live sessions: follow a session's log as actions are committed, across processes.

Each process keeps one :class:`LiveLog`. A stream subscribes to its session; the process
learns that a watched session moved on from the database itself, so it does not matter which
process (gunicorn worker, CLI, another host) committed the action:

- **PostgreSQL**: one ``LISTEN wordsvc_sessions`` connection per process. The store sends
  ``pg_notify`` inside the action's transaction, so the notification is delivered exactly
  when the action commits, and never for one that rolls back.
- **SQLite**: one thread per process polls the versions of the watched sessions (one small
  indexed query for all of them) every :data:`POLL_SECONDS`.

Every stream of a session in a process shares that session's log tail: after a change, the
first stream to ask reads the new actions once and the others take them from memory (the log
is append-only, so a row once read never changes). A stream filters what it takes by its seat
exactly as ``/events`` does.

When the process stops (:mod:`wordsvc.stopping`), every stream is woken at once, sends what
was committed, and raises :class:`~wordsvc.stopping.Stopping`: it never keeps a stopping
worker waiting.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from sqlalchemy import Connection, Engine, select

from wordsvc import stopping
from wordsvc.games.contract import Event
from wordsvc.sessions.errors import UnknownSession
from wordsvc.sessions.records import LoggedAction
from wordsvc.sessions.schema import actions, sessions

log = logging.getLogger(__name__)

#: The PostgreSQL channel the store notifies on commit: payload ``<session id>:<version>``
#: for actions, ``<session id>:seats:<seats version>`` for a change to the seats.
CHANNEL = "wordsvc_sessions"
#: How often SQLite's poller reads the watched sessions' versions, seconds.
POLL_SECONDS = 0.05
#: The heartbeat (an SSE comment) a quiet stream sends, seconds.
HEARTBEAT_SECONDS = 15.0
#: Ids per version query.
CHUNK = 500


@dataclass(frozen=True)
class SeatsMoved:
    """An item of a stream: the session's seats changed (someone sat down, a name, a seat's
    link renewed); ``seats_version`` counts such changes."""

    seats_version: int


def seats_payload(session_id: str, seats_version: int) -> str:
    """The notification of a change to the seats (see :data:`CHANNEL`)."""
    return f"{session_id}:seats:{seats_version}"


@dataclass
class _Tail:
    """One watched session in this process: its known version and the log read so far."""

    refs: int = 0
    known: int = -1  # the newest version this process has heard of
    seats_known: int = -1  # the newest seats version this process has heard of
    rows: list[LoggedAction] = field(default_factory=list)  # actions 1..upto, in order
    status: str = "active"
    #: Read once more since the process began stopping: the streams that end then send
    #: every action committed so far, even one the watcher has not heard of yet.
    read_when_stopping: bool = False
    read_lock: threading.Lock = field(default_factory=threading.Lock)
    changed: threading.Condition = field(default_factory=threading.Condition)

    @property
    def upto(self) -> int:
        return len(self.rows)


class LiveLog:
    """This process's watched sessions, and the thread that learns when they change."""

    def __init__(self, engine: Engine, poll_seconds: float = POLL_SECONDS) -> None:
        self.engine = engine
        self.poll_seconds = poll_seconds
        self._tails: dict[str, _Tail] = {}
        self._lock = threading.Lock()
        self._pid: int | None = None  # the process the watcher thread runs in
        self._stop = threading.Event()
        stopping.on_stop(self._wake_all)

    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    # --- following ---------------------------------------------------------------------------

    def follow(
        self,
        session_id: str,
        seat: int | None,
        after: int,
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> Iterator[LoggedAction | SeatsMoved | None]:
        """Every action after ``after`` as ``seat`` may see it (as ``/events`` lists it), in
        order, as it is committed; :class:`SeatsMoved` when the seats change after the
        stream began; ``None`` when ``heartbeat`` seconds pass without either. Ends after the
        last action of a finished game. Raises :class:`UnknownSession` at once, before the
        first item is asked for; :class:`~wordsvc.stopping.Stopping` when the process stops,
        after every action committed before it did."""
        rows, status, seats_version = _read(self.engine, session_id, after)
        return self._follow(session_id, seat, after, heartbeat, rows, status, seats_version)

    def _follow(
        self,
        session_id: str,
        seat: int | None,
        after: int,
        heartbeat: float,
        rows: list[LoggedAction],
        status: str,
        seats_seen: int,
    ) -> Iterator[LoggedAction | SeatsMoved | None]:
        for row in rows:
            yield row.seen_by(seat)
            after = row.number
        if status == "over":
            return
        tail = self._subscribe(session_id)
        try:
            refresh = True
            while True:
                # Seen before the read: the read then is the one after the stop began (see
                # _read_tail), so everything committed before it has been sent. A stop seen
                # only after yielding the rows could miss an action committed meanwhile.
                stopped = stopping.is_stopping()
                rows, status = self._read_tail(session_id, tail, after, refresh)
                # The seats first: a token replaced before these actions ends its stream
                # (the API checks it on SeatsMoved) before it is sent what they hold.
                if tail.seats_known > seats_seen:
                    seats_seen = tail.seats_known
                    yield SeatsMoved(seats_seen)
                for row in rows:
                    yield row.seen_by(seat)
                    after = row.number
                if status == "over" and after >= tail.upto:
                    return
                if stopped:
                    raise stopping.Stopping("the process is stopping")
                # Not woken within the heartbeat: read the database anyway next time, so a
                # lost notification costs at most one heartbeat's delay.
                refresh = not self._wait(tail, after, seats_seen, heartbeat)
                if refresh:
                    yield None
        finally:
            self._unsubscribe(session_id)

    def _read_tail(
        self, session_id: str, tail: _Tail, after: int, refresh: bool
    ) -> tuple[list[LoggedAction], str]:
        """The actions after ``after``, from the shared tail; the database is read (once for
        all this process's streams of the session) when the tail is behind what is known, and
        once more when the process begins stopping."""
        with tail.read_lock:
            if not tail.read_when_stopping and stopping.is_stopping():
                tail.read_when_stopping = refresh = True
            if refresh or tail.known > tail.upto:
                more, status, seats_version = _read(self.engine, session_id, tail.upto)
                if more and more[0].number == tail.upto + 1:
                    tail.rows.extend(more)
                tail.status = status
                with tail.changed:
                    if tail.upto > tail.known or seats_version > tail.seats_known:
                        # News to the other streams, which the watcher may now never bring
                        # (it reports only what is newer than what the tail knows).
                        tail.known = max(tail.known, tail.upto)
                        tail.seats_known = max(tail.seats_known, seats_version)
                        tail.changed.notify_all()
            return tail.rows[after:], tail.status

    def _wait(self, tail: _Tail, after: int, seats_seen: int, timeout: float) -> bool:
        """Until the session is known to be past ``after`` or its seats past ``seats_seen``,
        or the process stops; False on timeout."""
        deadline = time.monotonic() + timeout
        with tail.changed:
            while (
                tail.known <= after
                and tail.seats_known <= seats_seen
                and tail.status != "over"
                and not stopping.is_stopping()
            ):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                tail.changed.wait(left)
        return True

    # --- subscriptions -----------------------------------------------------------------------

    def _subscribe(self, session_id: str) -> _Tail:
        with self._lock:
            self._start()
            tail = self._tails.get(session_id)
            if tail is None:
                tail = self._tails[session_id] = _Tail()
            tail.refs += 1
            return tail

    def _unsubscribe(self, session_id: str) -> None:
        with self._lock:
            tail = self._tails.get(session_id)
            if tail is not None:
                tail.refs -= 1
                if tail.refs <= 0:
                    del self._tails[session_id]

    def _wake_all(self) -> None:
        """The process is stopping: wake every waiting stream, which then ends. Called from a
        signal handler, so it takes no lock of this log's (a copy of the tails is enough: a
        stream subscribed later sees the process stopping before it waits)."""
        for tail in list(self._tails.values()):
            with tail.changed:
                tail.changed.notify_all()

    def streams(self, session_id: str) -> int:
        """How many streams of this process follow the session (for tests)."""
        with self._lock:
            tail = self._tails.get(session_id)
            return tail.refs if tail else 0

    def moved(self, session_id: str, version: int) -> None:
        """The session is at ``version`` (at least): wake its streams."""
        self._heard(session_id, "known", version)

    def seats_moved(self, session_id: str, seats_version: int) -> None:
        """The session's seats are at ``seats_version`` (at least): wake its streams."""
        self._heard(session_id, "seats_known", seats_version)

    def _heard(self, session_id: str, counter: Literal["known", "seats_known"], value: int) -> None:
        """A watched session's ``counter`` is at ``value`` (at least): wake its streams if
        that is news."""
        with self._lock:
            tail = self._tails.get(session_id)
        if tail is not None and value > getattr(tail, counter):
            with tail.changed:
                setattr(tail, counter, max(getattr(tail, counter), value))
                tail.changed.notify_all()

    # --- the watcher thread ------------------------------------------------------------------

    def _start(self) -> None:
        """Start this process's watcher thread (again after a fork: threads do not survive
        one). Called with ``self._lock`` held."""
        if self._pid == os.getpid():
            return
        self._pid = os.getpid()
        target = self._listen if self.postgres else self._poll
        threading.Thread(target=target, name="wordsvc-live", daemon=True).start()

    def _poll_versions(self) -> None:
        with self._lock:
            ids = list(self._tails)
        if not ids:
            return
        with self.engine.connect() as conn:
            for start in range(0, len(ids), CHUNK):
                chunk = ids[start : start + CHUNK]
                for row in conn.execute(
                    select(sessions.c.id, sessions.c.version, sessions.c.seats_version).where(
                        sessions.c.id.in_(chunk)
                    )
                ):
                    self.seats_moved(row.id, row.seats_version)  # first: see _follow
                    self.moved(row.id, row.version)

    def _poll(self) -> None:
        while not self._stop.wait(self.poll_seconds):
            try:
                self._poll_versions()
            except Exception:  # a busy or lost database: try again next time
                log.warning("live: polling session versions failed", exc_info=True)
                time.sleep(1)

    def _listen(self) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._poll_versions()  # whatever moved while not listening
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            # "<id>:<version>", or "<id>:seats:<seats version>"
                            session_id, _, rest = notice.payload.partition(":")
                            kind, _, number = rest.rpartition(":")
                            with contextlib.suppress(ValueError):
                                if kind == "seats":
                                    self.seats_moved(session_id, int(number))
                                else:
                                    self.moved(session_id, int(number))
            except Exception:
                log.warning("live: LISTEN connection lost; reconnecting", exc_info=True)
                time.sleep(1)

    def close(self) -> None:
        self._stop.set()


def _read(engine: Engine, session_id: str, after: int) -> tuple[list[LoggedAction], str, int]:
    """The session's actions after ``after``, its status and its seats version, all as of one
    moment: the session's row (status, version, seats version) is read in one statement, then
    its actions up to that version. A status of ``over`` so comes with the last action, a seat
    change committed before an action comes with it, and an action committed after the row
    was read waits for the next read, which its notification brings. (Reading the status and
    the actions apart let a read take the last action with the status still ``active``, and
    the notification of that action, no longer news, then woke nobody: the stream ended only
    at its next heartbeat.)"""
    with engine.connect() as conn:
        head = conn.execute(
            select(sessions.c.status, sessions.c.version, sessions.c.seats_version).where(
                sessions.c.id == session_id
            )
        ).first()
        if head is None:
            raise UnknownSession("session_not_found", "No such session.")
        rows = log_rows(conn, session_id, after, upto=head.version)
        return rows, head.status, head.seats_version


def log_rows(
    conn: Connection, session_id: str, after: int, upto: int | None = None
) -> list[LoggedAction]:
    """The session's logged actions after ``after`` (and up to ``upto``, if given), in order,
    every event with its audience (:meth:`LoggedAction.seen_by` filters them for a seat)."""
    query = (
        select(
            actions.c.number,
            actions.c.seat,
            actions.c.actor,
            actions.c.events,
            actions.c.created_at,
        )
        .where(actions.c.session_id == session_id, actions.c.number > after)
        .order_by(actions.c.number)
    )
    if upto is not None:
        query = query.where(actions.c.number <= upto)
    rows = conn.execute(query).all()
    return [
        LoggedAction(
            r.number, r.seat, r.actor, r.created_at, tuple(Event.from_record(e) for e in r.events)
        )
        for r in rows
    ]
