"""Session store throughput and latency: SQLite and PostgreSQL, 1 and 50 concurrent sessions.

Each worker thread sits at its own table: a Words of Magic session of two human seats that
pass or take their first legal action, played through the store, a new session started when
one ends. Every action is one write transaction (lock, check the version, apply, log,
compare-and-set, commit) and is committed before ``act()`` returns; throughput counts those
commits, latency is ``act()``'s. Two clients choose the actions:

- ``reply`` (the realistic one): each seat's client chooses from the reply to its own last
  action (the new version, who is to act, its legal actions) while it is still to act; when
  the turn passes to the other seat, that seat's client reads the session once, as a phone
  does when its stream tells it that it is its turn. In this game the turn passes at every
  action: one read and one write an action.
- ``rereads`` (the loop measured before issue 27): before every action the client reads
  the session three times (is it over? whose turn, which version? the seat's legal actions).

The baseline in the same run is the engine alone playing the same games in memory, so the
ratio shows what durability, the database and the store cost. With ``--profile`` each client
also plays 500 actions in one session with the time split by where it went (``profile``).

    python scripts/bench_sessions.py [--seconds 6] [--postgres postgresql://...]
                                     [--clients reply rereads] [--sessions 1 50]
                                     [--processes 1 2] [--pool N] [--profile] [--json]

Needs a built lexicon (``WORDSVC_DATA_DIR`` or the per-user cache).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import os
import secrets
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from _bench import CLK_TCK, busy_cpu_seconds
from sqlalchemy import create_engine, event, text

from wordsvc.config import Settings
from wordsvc.judge import Judge
from wordsvc.sessions.errors import GameOver, StaleVersion
from wordsvc.sessions.prepared import Prepared
from wordsvc.sessions.service import open_store
from wordsvc.sessions.store import SeatSpec, SessionStore

SEATS = [SeatSpec("human"), SeatSpec("human")]
OPTIONS = {"characters": False}


def choose(legal) -> dict[str, Any]:
    """The client's choice: a pass when it may, else its first legal action."""
    return next((a for a in legal if a["type"] == "pass"), legal[0])


def drive_rereads(
    store: SessionStore, stop: threading.Event, latencies: list[float], reads: list[float]
) -> None:
    """The loop measured before issue 27: three reads before each action."""
    session_id = None
    while not stop.is_set():
        if session_id is None or store.summary(session_id).status == "over":
            session_id = store.create("words-of-magic", OPTIONS, SEATS, secrets.randbits(32)).id
        summary = store.summary(session_id)
        seat = summary.to_act[0]
        action = choose(store.summary(session_id, seat).legal_actions)
        started = time.perf_counter()
        try:
            store.act(session_id, seat, action, summary.version)
        except (StaleVersion, GameOver):
            continue
        latencies.append(time.perf_counter() - started)


def drive_reply(
    store: SessionStore, stop: threading.Event, latencies: list[float], reads: list[float]
) -> None:
    """Each seat's client acts from the reply to its own last action while it is still to
    act; the seat the turn passes to (the reply's ``to_act``) reads its own summary once, as
    it would when its stream says it is its turn."""
    session_id = None
    while not stop.is_set():
        if session_id is None:
            created = store.create("words-of-magic", OPTIONS, SEATS, secrets.randbits(32))
            session_id, seat, legal = created.id, created.to_act[0], None
        if legal is None:  # the turn came to this seat: its client reads the session
            started = time.perf_counter()
            summary = store.summary(session_id, seat)
            reads.append(time.perf_counter() - started)
            version, legal = summary.version, summary.legal_actions
        started = time.perf_counter()
        try:
            reply = store.act(session_id, seat, choose(legal), version)
        except (StaleVersion, GameOver):
            session_id = None
            continue
        latencies.append(time.perf_counter() - started)
        if reply.status == "over":
            session_id = None
        elif seat in reply.to_act:
            version, legal = reply.version, reply.legal_actions
        else:
            seat, legal = reply.to_act[0], None


CLIENTS: dict[str, Callable[[SessionStore, threading.Event, list[float], list[float]], None]] = {
    "reply": drive_reply,
    "rereads": drive_rereads,
}


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def play(
    store: SessionStore, client: str, sessions: int, seconds: float, started: Callable[[], None]
) -> tuple[list[float], list[float], float, float]:
    """``sessions`` threads playing ``client``'s loop on ``store`` for ``seconds``; their
    act() and read latencies, the time they played, and this process's CPU meanwhile.
    ``started`` is called once every thread is ready, before the clock starts."""
    stop = threading.Event()
    per_thread: list[list[float]] = [[] for _ in range(sessions)]
    read_times: list[list[float]] = [[] for _ in range(sessions)]
    threads = [
        threading.Thread(target=CLIENTS[client], args=(store, stop, per_thread[i], read_times[i]))
        for i in range(sessions)
    ]
    started()
    cpu, begun = time.process_time(), time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed, cpu = time.perf_counter() - begun, time.process_time() - cpu
    return (
        [x for chunk in per_thread for x in chunk],
        [x for chunk in read_times for x in chunk],
        elapsed,
        cpu,
    )


def _child(
    settings: Settings,
    judge: Judge,
    client: str,
    sessions: int,
    seconds: float,
    barrier,
    measured,
    out,
):
    """One process of a multi-process run: its own store (engine, pool, state cache), as a
    gunicorn worker has; it starts playing when every process is ready, and keeps its
    connections until the parent has read PostgreSQL's CPU (a backend's CPU leaves /proc
    with it)."""
    store = open_store(settings, judge, migrate=False)
    try:
        out.send(play(store, client, sessions, seconds, barrier.wait))
        measured.wait(60)
    finally:
        store.live.close()
        store.engine.dispose()


def measure(
    store: SessionStore,
    judge: Judge,
    settings: Settings,
    client: str,
    sessions: int,
    seconds: float,
    processes: int = 1,
) -> dict[str, float]:
    """``sessions`` tables played flat out for ``seconds``, by this process's threads or,
    with ``processes`` > 1, by that many processes sharing the tables out (each with its own
    store, as gunicorn's workers have theirs)."""
    busy, postgres = busy_cpu_seconds() or 0.0, postgres_cpu_seconds()
    if processes == 1:
        latencies, reads, elapsed, cpu = play(store, client, sessions, seconds, lambda: None)
    else:
        context = multiprocessing.get_context("fork")
        barrier, measured = context.Barrier(processes), context.Event()
        pipes, children = [], []
        for index in range(processes):
            share = sessions // processes + (index < sessions % processes)
            receive, send = context.Pipe(duplex=False)
            child = context.Process(
                target=_child,
                args=(settings, judge, client, share, seconds, barrier, measured, send),
            )
            child.start()
            pipes.append(receive)
            children.append(child)
        results = [pipe.recv() for pipe in pipes]
    busy = (busy_cpu_seconds() or 0.0) - busy
    postgres = postgres_cpu_seconds() - postgres
    if processes > 1:
        measured.set()
        for child in children:
            child.join()
        latencies = [x for r in results for x in r[0]]
        reads = [x for r in results for x in r[1]]
        elapsed = statistics.mean(r[2] for r in results)
        cpu = sum(r[3] for r in results)
    latencies.sort()
    reads.sort()
    actions = max(1, len(latencies))
    return {
        "actions_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 2),
        "p99_ms": round(1000 * percentile(latencies, 0.99), 2),
        # the reply client's read when the turn comes to a seat (none for the other)
        "read_p99_ms": round(1000 * percentile(reads, 0.99), 2) if reads else None,
        # the benchmark's processes' CPU (the clients and the store: one Python, one GIL
        # each) per action; PostgreSQL's backends' (0 on SQLite); and what the rest of the
        # machine used meanwhile (other work), in cores
        "cpu_ms_per_action": round(1000 * cpu / actions, 3),
        "postgres_cpu_ms_per_action": round(1000 * postgres / actions, 3),
        "other_cores": round(max(0.0, busy - cpu - postgres) / elapsed, 2),
    }


def postgres_cpu_seconds() -> float:
    """CPU seconds this machine's PostgreSQL processes have used (their backends, the WAL
    writer...), from /proc; 0 where there is none to read."""
    total = 0
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else ():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        if stat and stat[stat.index("(") + 1 : stat.rindex(")")].startswith("postgres"):
            fields = stat[stat.rindex(")") + 2 :].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime: clock ticks
    return total / CLK_TCK


def profile(store: SessionStore, client: str, actions: int = 500) -> dict[str, float]:
    """Where one action's time goes, one session, the client's whole loop (its reads and its
    share of new sessions), per committed action: wall and CPU time, SQL statements (each a
    round trip on PostgreSQL, where BEGIN is sent with the first and not counted), the time
    spent in the driver's ``execute`` (the database's work and the round trip) and in
    ``COMMIT`` (its fsync), and the rest, this process's Python (the store, SQLAlchemy, the
    driver's Python, the engine)."""
    spent = {"statements": 0.0, "execute": 0.0, "commit": 0.0, "commits": 0.0}
    started: list[float] = []

    def before(*_: object) -> None:
        started.append(time.perf_counter())

    def after(*_: object) -> None:
        spent["statements"] += 1
        spent["execute"] += time.perf_counter() - started.pop()

    dialect = store.engine.dialect
    do_commit = dialect.do_commit

    def timed_commit(dbapi_connection: Any) -> None:
        begun = time.perf_counter()
        do_commit(dbapi_connection)
        spent["commit"] += time.perf_counter() - begun
        spent["commits"] += 1

    def timed(method: Callable[..., Any]) -> Callable[..., Any]:
        """A prepared statement's method, timed like the driver's execute (on PostgreSQL
        they run on psycopg's cursor, which SQLAlchemy's events do not see)."""

        def run(self: Prepared, conn: Any, params: Any) -> Any:
            if conn.dialect.name != "postgresql":
                return method(self, conn, params)
            before()
            try:
                return method(self, conn, params)
            finally:
                after()
                extra = 0 if isinstance(params, Mapping) else len(params) - 1
                spent["statements"] += extra  # one statement a row

        return run

    originals = Prepared.all, Prepared.run
    Prepared.all, Prepared.run = timed(Prepared.all), timed(Prepared.run)  # type: ignore[method-assign]
    event.listen(store.engine, "before_cursor_execute", before)
    event.listen(store.engine, "after_cursor_execute", after)
    dialect.do_commit = timed_commit  # type: ignore[method-assign]
    try:
        latencies: list[float] = []

        class Enough:
            def is_set(self) -> bool:
                return len(latencies) >= actions

        cpu, wall = time.process_time(), time.perf_counter()
        CLIENTS[client](store, Enough(), latencies, [])  # type: ignore[arg-type]
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        event.remove(store.engine, "before_cursor_execute", before)
        event.remove(store.engine, "after_cursor_execute", after)
        dialect.do_commit = do_commit  # type: ignore[method-assign]
        Prepared.all, Prepared.run = originals  # type: ignore[method-assign]
    n = len(latencies)
    return {
        "wall_ms": round(1000 * wall / n, 3),
        "cpu_ms": round(1000 * cpu / n, 3),
        "statements": round(spent["statements"] / n, 2),
        "commits": round(spent["commits"] / n, 2),
        "execute_ms": round(1000 * spent["execute"] / n, 3),
        "commit_ms": round(1000 * spent["commit"] / n, 3),
        "python_ms": round(1000 * (wall - spent["execute"] - spent["commit"]) / n, 3),
    }


def engine_baseline(store: SessionStore, seconds: float) -> float:
    """Actions per second of the engine alone, on the same kind of games."""
    game = store.games["words-of-magic"].game
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new({"players": 2, **OPTIONS}, count)
        while game.result(state) is None:
            seat = game.to_act(state)[0]
            state, _ = game.apply(state, seat, choose(game.legal_actions(state, seat)))
            count += 1
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--clients", nargs="+", choices=sorted(CLIENTS), default=list(CLIENTS))
    parser.add_argument("--sessions", nargs="+", type=int, default=[1, 50])
    parser.add_argument("--backends", nargs="+", default=["sqlite", "postgresql"])
    parser.add_argument(
        "--processes",
        nargs="+",
        type=int,
        default=[1],
        help="processes sharing the sessions out, each with its own store (as gunicorn's"
        " workers): 1 (threads of this process), 2, ...",
    )
    parser.add_argument(
        "--pool",
        type=int,
        default=None,
        help="PostgreSQL connections each process keeps (WORDSVC_DATABASE_POOL; default: one"
        " per core, at least 2)",
    )
    parser.add_argument("--profile", action="store_true", help="where an action's time goes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    settings = Settings.from_env()
    judge = Judge.open(settings)
    name = f"wordsvc_bench_{secrets.token_hex(4)}"
    admin = create_engine(args.postgres, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    results: dict[str, Any] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            urls = {
                "sqlite": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}",
                "postgresql": args.postgres.rsplit("/", 1)[0] + "/" + name,
            }
            engine_rates = []
            for backend in args.backends:
                here = dataclasses.replace(
                    settings, database_url=urls[backend], database_pool=args.pool
                )
                store = open_store(here, judge)
                engine_rates.append(engine_baseline(store, args.seconds / 4))
                for client in args.clients:
                    if args.profile:
                        results[f"{backend}, profile, {client} client"] = profile(store, client)
                    for sessions in args.sessions:
                        for processes in (p for p in args.processes if p <= sessions):
                            cell = measure(
                                store, judge, here, client, sessions, args.seconds, processes
                            )
                            where = f", {processes} processes" if processes > 1 else ""
                            results[f"{backend}, {sessions} sessions{where}, {client} client"] = (
                                cell
                            )
                store.live.close()
                store.engine.dispose()
            engine_rates.append(engine_baseline(store, args.seconds / 4))
            engine = statistics.median(engine_rates)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    for cell in results.values():
        if "actions_per_s" in cell:
            cell["vs_engine"] = round(cell["actions_per_s"] / engine, 4)
    results["engine alone (baseline), actions/s"] = round(engine, 1)
    results["machine"] = {"cpus": os.cpu_count(), "load_average": os.getloadavg()}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for key, value in results.items():
        print(f"{key:45} {value}")


if __name__ == "__main__":
    main()
