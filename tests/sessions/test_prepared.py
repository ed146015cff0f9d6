"""Prepared statements: on PostgreSQL the driver's own cursor gives what SQLAlchemy gives for
the same Core statement (rows, their names and types, JSON both ways, the statement's own
literals); elsewhere they go through SQLAlchemy."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import JSON, Integer, bindparam, func, literal, select
from sqlalchemy.exc import OperationalError

from wordsvc.sessions import statements
from wordsvc.sessions.prepared import Prepared
from wordsvc.sessions.schema import actions
from wordsvc.sessions.store import SeatSpec

#: What a JSON column holds: JSON's own values, nested.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=10,
)


@pytest.fixture
def session_id(store):
    summary = store.create(
        "words-of-magic", {"characters": False}, [SeatSpec("human"), SeatSpec("bot", "random")], 7
    )
    store.join(summary.id, 0)
    return summary.id


@pytest.mark.parametrize("name", ["HEAD_AND_SEATS", "LOCK", "ROW"])
def test_a_prepared_select_reads_what_sqlalchemy_reads(store, session_id, name):
    prepared = getattr(statements, name)
    with store.engine.connect() as conn, conn.begin():
        ours = prepared.all(conn, {"session_id": session_id})
        theirs = conn.execute(prepared.statement, {"session_id": session_id}).all()
    assert [row._asdict() for row in ours] == [row._asdict() for row in theirs]
    assert len(ours) == (1 if name == "ROW" else 2)


def test_a_prepared_select_of_no_session_reads_no_row(store):
    with store.engine.connect() as conn:
        assert statements.HEAD_AND_SEATS.all(conn, {"session_id": secrets.token_hex(16)}) == []


def test_a_statements_literals_are_bound_with_it(store):
    """A value written into the statement (here a literal beside a parameter) is bound by
    the prepared path too, as SQLAlchemy binds it."""
    prepared = Prepared(select(literal("wordsvc").label("name"), bindparam("n") + 1))
    with store.engine.connect() as conn:
        (row,) = prepared.all(conn, {"n": 41})
    assert row.name == "wordsvc"
    assert row[1] == 42


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=JSON_VALUES, events=st.lists(JSON_VALUES, max_size=3))
def test_json_written_by_a_prepared_insert_reads_back_the_same(store, session_id, action, events):
    """A JSON parameter is written as SQLAlchemy's JSON type writes it: read back through
    SQLAlchemy, it is the value given, on both paths."""
    number = 10_000 + secrets.randbelow(10**9)
    row = {
        "session_id": session_id,
        "number": number,
        "seat": 0,
        "actor": "human",
        "action": action,
        "events": events,
        "created_at": datetime.now(UTC),
    }
    with store.engine.connect() as conn, conn.begin():
        assert statements.APPEND.run(conn, [row]) == 1
        read = conn.execute(
            select(actions.c.action, actions.c.events).where(
                actions.c.session_id == session_id, actions.c.number == number
            )
        ).one()
        conn.rollback()
    assert (read.action, read.events) == (action, events)


def test_a_prepared_write_is_undone_by_the_callers_rollback(store, session_id):
    """The statement runs in the caller's SQLAlchemy transaction, on its connection."""
    number = 10**9 + secrets.randbelow(10**9)
    row = {
        "session_id": session_id,
        "number": number,
        "seat": 0,
        "actor": "human",
        "action": {"type": "pass"},
        "events": [],
        "created_at": datetime.now(UTC),
    }
    with store.engine.connect() as conn, conn.begin():
        assert statements.APPEND.run(conn, row) == 1
        conn.rollback()
    with store.engine.connect() as conn:
        kept = conn.execute(
            select(actions.c.number).where(
                actions.c.session_id == session_id, actions.c.number == number
            )
        ).all()
    assert kept == []


def test_a_literal_none_and_a_json_literal_are_bound_as_sqlalchemy_binds_them(store):
    prepared = Prepared(
        select(
            literal(None, type_=Integer).label("empty"),
            literal({"a": [1, "ї"]}, type_=JSON).label("json"),
            bindparam("n", type_=Integer).label("n"),
        )
    )
    with store.engine.connect() as conn:
        (ours,) = prepared.all(conn, {"n": 3})
        (theirs,) = conn.execute(prepared.statement, {"n": 3}).all()
    assert tuple(ours) == tuple(theirs) == (None, {"a": [1, "ї"]}, 3)
    assert ours._fields == ("empty", "json", "n")


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)  # its own errors
def test_a_drivers_error_comes_out_as_sqlalchemys(store, session_id):
    """A lock that times out is SQLAlchemy's OperationalError (the API's 503
    database_busy), without the statement's parameters, as on SQLAlchemy's own path."""
    with store.engine.connect() as holder, holder.begin():
        statements.LOCK.all(holder, {"session_id": session_id})
        with store.engine.connect() as waiter, waiter.begin():
            waiter.exec_driver_sql("SET LOCAL lock_timeout = '50ms'")
            with pytest.raises(OperationalError) as timed_out:
                statements.LOCK.all(waiter, {"session_id": session_id})
    assert "lock timeout" in str(timed_out.value.orig)
    assert session_id not in str(timed_out.value)


def test_a_returning_statements_rows_are_counted(store, session_id):
    """An UPDATE ... RETURNING gives one row per row changed (the compare-and-set's check),
    its column named even when it is a function's."""
    from sqlalchemy import update

    from wordsvc.sessions.schema import sessions

    prepared = Prepared(
        update(sessions)
        .where(sessions.c.id == bindparam("session_id"))
        .values(status=sessions.c.status)
        .returning(func.upper(sessions.c.status))
    )
    with store.engine.connect() as conn, conn.begin():
        rows = prepared.all(conn, {"session_id": session_id})
        none = prepared.all(conn, {"session_id": secrets.token_hex(16)})
        conn.rollback()
    assert [tuple(row) for row in rows] == [("ACTIVE",)]
    assert none == []
