"""The statements of every session action, built once: building a statement and working
out its cache key cost SQLAlchemy more than running it (about 45 + 170 against 95 µs of CPU
on PostgreSQL, docs/performance.md). Their values are bound at each call, and on PostgreSQL
they run on psycopg's own cursor, prepared (:class:`Prepared`: about 20 µs against 90).

The writes of play (``MOVE_ON``, ``APPEND``, ``MOVE_ON_AND_LOG``) are run by
:meth:`~wordsvc.sessions.playing.Playing._commit` alone."""

from __future__ import annotations

from sqlalchemy import (
    ARRAY,
    JSON,
    Integer,
    Text,
    bindparam,
    cast,
    delete,
    func,
    insert,
    select,
    true,
    update,
)
from sqlalchemy.engine import Connection

from wordsvc.sessions.live import CHANNEL
from wordsvc.sessions.prepared import Prepared
from wordsvc.sessions.rows import LockedRow, SessionRow, ShownRow
from wordsvc.sessions.schema import actions, idempotency, seats, sessions

#: A session's columns but its state, which is read apart, and only when this process does
#: not hold it already (:class:`StateCache`).
HEAD = tuple(column for column in sessions.c if column.name != "state")

#: What a summary reads of a session (not its state) and of its seats: one row per seat, in
#: order. Every column read costs a little (timestamps and JSON are decoded), so no more.
HEAD_AND_SEATS: Prepared[ShownRow] = Prepared(
    select(
        *(sessions.c[name] for name in ("id", "game", "options", "seed", "seed_chosen")),
        *(sessions.c[name] for name in ("version", "status", "rematch")),
        *(seats.c[name] for name in ("seat", "kind", "bot", "name", "token_hash")),
        *(seats.c[name] for name in ("claimed_at", "auto_pass", "only_when_concerned")),
    )
    .join(seats, seats.c.session_id == sessions.c.id)
    .where(sessions.c.id == bindparam("session_id"))
    .order_by(seats.c.seat)
)
#: What a write reads, the session's row locked for the transaction (PostgreSQL; SQLite's
#: writers hold the whole database): the session's version and how its seats play.
LOCK: Prepared[LockedRow] = Prepared(
    select(
        *(sessions.c[name] for name in ("id", "game", "seed", "version", "status")),
        *(seats.c[name] for name in ("seat", "kind", "bot", "name", "token_hash")),
        *(seats.c[name] for name in ("auto_pass", "only_when_concerned")),
    )
    .join(seats, seats.c.session_id == sessions.c.id)
    .where(sessions.c.id == bindparam("session_id"))
    .order_by(seats.c.seat)
    .with_for_update(of=sessions)
)
#: A session's whole row, its state included.
ROW: Prepared[SessionRow] = Prepared(
    select(sessions).where(sessions.c.id == bindparam("session_id"))
)
#: The compare-and-set of :meth:`Playing._commit`: the new state, if the version is
#: still the one read.
MOVE_ON = (
    update(sessions)
    .where(sessions.c.id == bindparam("session_id"), sessions.c.version == bindparam("read"))
    .values(
        version=bindparam("new_version"),
        state=bindparam("new_state", type_=sessions.c.state.type),
        status=bindparam("new_status"),
        updated_at=bindparam("now", type_=sessions.c.updated_at.type),
    )
)
#: The log's new entries.
APPEND: Prepared[None] = Prepared(insert(actions))
#: On PostgreSQL the compare-and-set, the log's new entries (one per element of the arrays,
#: each action and its events as JSON text) and the notification of live followers are one
#: statement, one round trip: the entries are written only if the compare-and-set moved the
#: session on, and the notification is delivered when, and only if, the transaction commits.
MOVED = MOVE_ON.returning(
    sessions.c.id, func.pg_notify(CHANNEL, bindparam("payload")).label("notified")
).cte("moved")
ENTRIES = (
    func.unnest(
        bindparam("numbers", type_=ARRAY(Integer)),
        bindparam("seats", type_=ARRAY(Integer)),
        bindparam("actors", type_=ARRAY(Text)),
        bindparam("actions", type_=ARRAY(Text)),
        bindparam("events", type_=ARRAY(Text)),
    )
    .table_valued("number", "seat", "actor", "action", "events")
    .render_derived()
)
MOVE_ON_AND_LOG: Prepared[None] = Prepared(
    insert(actions).from_select(
        ["session_id", "number", "seat", "actor", "action", "events", "created_at"],
        select(
            MOVED.c.id,
            ENTRIES.c.number,
            ENTRIES.c.seat,
            ENTRIES.c.actor,
            cast(ENTRIES.c.action, JSON),
            cast(ENTRIES.c.events, JSON),
            bindparam("now", type_=sessions.c.updated_at.type),
        ).select_from(MOVED.join(ENTRIES, true())),
    )
)

#: A change to a session's seats (sat down, renamed, link renewed): their count moves on, the
#: new count returned (:meth:`~wordsvc.sessions.seating.Seating._seats_changed`).
SEATS_MOVE_ON = (
    update(sessions)
    .where(sessions.c.id == bindparam("session_id"))
    .values(seats_version=sessions.c.seats_version + 1)
    .returning(sessions.c.seats_version)
)
#: A finished session's rematch, set once: the first to make one wins (rowcount 1).
SET_REMATCH = (
    update(sessions)
    .where(sessions.c.id == bindparam("session_id"), sessions.c.rematch.is_(None))
    .values(rematch=bindparam("rematch"))
)

#: A finished game's review, kept once: two first requests at once made the same one.
KEEP_REVIEW = (
    update(sessions)
    .where(sessions.c.id == bindparam("session_id"), sessions.c.review.is_(None))
    .values(review=bindparam("review"))
)


def delete_session(conn: Connection, session_id: str) -> None:
    """Every row of a session, its own last (the others refer to it)."""
    for table in (idempotency, actions, seats):
        conn.execute(delete(table).where(table.c.session_id == session_id))
    conn.execute(delete(sessions).where(sessions.c.id == session_id))


#: The notification of live followers on PostgreSQL, delivered when the transaction commits.
NOTIFY = select(func.pg_notify(CHANNEL, bindparam("payload")))
