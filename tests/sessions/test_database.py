"""SQLite's writer queue: the writes that queue while one transaction runs are committed
together in the next, each rolled back alone if it fails, none answered before the commit.
PostgreSQL's pool: a connection is pinged before use only after it sat idle, and one that
died meanwhile is replaced."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import IntegrityError

from wordsvc.sessions import database
from wordsvc.sessions.database import make_engine, writers


@pytest.fixture
def engine(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'queue.sqlite3'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE parent (id INTEGER PRIMARY KEY)"))
        conn.execute(
            text(
                "CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER"
                " REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)"
            )
        )
    yield engine
    engine.dispose()


def insert(row_id: int, parent: int | None = None, fail: bool = False, wait=None):
    def work(conn):
        if wait is not None:
            wait.wait(10)
        conn.execute(
            text("INSERT INTO child VALUES (:id, :parent)"), {"id": row_id, "parent": parent}
        )
        if fail:
            raise ValueError(f"work {row_id} fails")
        return row_id

    return work


def grouped(engine, works):
    """Run ``works`` as one group: the first write holds the queue until all the others
    wait behind it. Returns {row id: result or exception} and the rows committed."""
    queue = writers(engine)
    go = threading.Event()
    outcomes = {}

    def send(row_id, work):
        try:
            outcomes[row_id] = queue.transact(engine.connect, work)
        except Exception as error:
            outcomes[row_id] = error

    threads = [threading.Thread(target=send, args=(0, insert(0, wait=go)))]
    threads[0].start()
    while not queue._leading:
        time.sleep(0.001)
    for row_id, work in works:
        threads.append(threading.Thread(target=send, args=(row_id, work)))
        threads[-1].start()
        while len(queue._waiting) < len(threads) - 1:  # queued in this order
            time.sleep(0.001)
    commits = []
    event.listen(engine, "commit", lambda conn: commits.append(1))
    go.set()
    for thread in threads:
        thread.join(10)
    with engine.connect() as conn:
        rows = set(conn.execute(text("SELECT id FROM child")).scalars())
    return outcomes, rows, len(commits)


def test_writes_that_queue_meanwhile_are_committed_together(engine):
    outcomes, rows, commits = grouped(engine, [(i, insert(i)) for i in range(1, 6)])
    assert outcomes == {i: i for i in range(6)}
    assert rows == set(range(6))
    assert commits == 2, "the first write, then the five that queued behind it"


def test_a_write_that_fails_is_rolled_back_alone_and_raises_in_its_own_thread(engine):
    outcomes, rows, _ = grouped(engine, [(1, insert(1)), (2, insert(2, fail=True)), (3, insert(3))])
    assert isinstance(outcomes[2], ValueError)
    assert (outcomes[1], outcomes[3]) == (1, 3)
    assert rows == {0, 1, 3}


def test_a_failed_commit_fails_every_write_of_its_group(engine):
    """A deferred foreign key is checked at the commit: the whole group fails, and no
    write of it is answered as done."""
    works = [(1, insert(1)), (2, insert(2, parent=99)), (3, insert(3))]
    outcomes, rows, _ = grouped(engine, works)
    assert outcomes[0] == 0
    assert all(isinstance(outcomes[i], IntegrityError) for i in (1, 2, 3))
    assert rows == {0}
    queue = writers(engine)
    assert queue.transact(engine.connect, insert(4)) == 4, "the queue goes on"
    assert not queue._leading
    assert not queue._waiting


def test_postgresql_has_no_writer_queue():
    engine = make_engine("postgresql+psycopg://nobody@127.0.0.1:1/none")
    assert writers(engine) is None


@pytest.fixture
def pg_engine(postgres_url):
    engine = make_engine(postgres_url)
    yield engine
    engine.dispose()


def backend_pid(engine):
    with engine.connect() as conn:
        return conn.execute(text("SELECT pg_backend_pid()")).scalar()


def counted_pings(engine, monkeypatch):
    pings = []
    ping = engine.dialect.do_ping

    def counting(dbapi_connection):
        pings.append(1)
        return ping(dbapi_connection)

    monkeypatch.setattr(engine.dialect, "do_ping", counting)
    return pings


def test_a_postgresql_connection_in_constant_use_is_not_pinged(pg_engine, monkeypatch):
    pings = counted_pings(pg_engine, monkeypatch)
    first = backend_pid(pg_engine)
    assert [backend_pid(pg_engine) for _ in range(5)] == [first] * 5
    assert pings == []


def test_a_postgresql_connection_that_died_while_idle_is_replaced_before_use(
    pg_engine, postgres_url, monkeypatch
):
    """As after a server restart: the first request gets a working connection."""
    pings = counted_pings(pg_engine, monkeypatch)
    dead = backend_pid(pg_engine)
    with create_engine(postgres_url, isolation_level="AUTOCOMMIT").connect() as admin:
        admin.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": dead})
    monkeypatch.setattr(database, "PING_IDLE_SECONDS", 0.0)
    time.sleep(0.01)
    assert backend_pid(pg_engine) != dead
    assert pings == [1]


def test_a_stores_postgresql_pool_is_the_settings(settings, postgres_url, judge):
    """WORDSVC_DATABASE_POOL sets the connections each process keeps; unset, PG_POOL."""
    from dataclasses import replace

    from wordsvc.sessions.service import open_store

    for size, expected in ((2, 2), (None, database.PG_POOL)):
        store = open_store(replace(settings, database_url=postgres_url, database_pool=size), judge)
        try:
            assert store.engine.pool.size() == expected
        finally:
            store.live.close()
            store.engine.dispose()
