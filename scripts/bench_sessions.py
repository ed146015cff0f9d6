"""Session store throughput and latency: SQLite and PostgreSQL, 1 and 50 concurrent sessions.

Each worker thread drives its own Words of Magic session of two human seats that pass or take
their first legal action, through the store (one transaction per action: lock, check the
version, apply, log, compare-and-set, commit), starting a new session when one ends. The
baseline in the same run is the engine alone applying the same kind of actions in memory, so
the ratio shows what durability costs.

    python scripts/bench_sessions.py [--seconds 8] [--postgres postgresql://...] [--json]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import secrets
import statistics
import tempfile
import threading
import time
from pathlib import Path

from sqlalchemy import create_engine, text

from wordsvc.config import Settings
from wordsvc.judge import Judge
from wordsvc.sessions.errors import GameOver, StaleVersion
from wordsvc.sessions.service import open_store
from wordsvc.sessions.store import SeatSpec

SEATS = [SeatSpec("human"), SeatSpec("human")]
OPTIONS = {"characters": False}


def drive(store, stop: threading.Event, latencies: list[float]) -> None:
    session_id = None
    while not stop.is_set():
        if session_id is None or store.summary(session_id).status == "over":
            session_id = store.create("words-of-magic", OPTIONS, SEATS, secrets.randbits(32)).id
        summary = store.summary(session_id)
        seat = summary.to_act[0]
        legal = summary.view["legal_actions"] if summary.you is not None else None
        legal = legal or store.summary(session_id, seat).legal_actions
        action = next((a for a in legal if a["type"] == "pass"), legal[0])
        started = time.perf_counter()
        try:
            store.act(session_id, seat, action, summary.version)
        except (StaleVersion, GameOver):
            continue
        latencies.append(time.perf_counter() - started)


def measure(store, sessions: int, seconds: float) -> dict[str, float]:
    stop = threading.Event()
    per_thread: list[list[float]] = [[] for _ in range(sessions)]
    threads = [
        threading.Thread(target=drive, args=(store, stop, per_thread[i])) for i in range(sessions)
    ]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    latencies = sorted(x for chunk in per_thread for x in chunk)
    return {
        "actions_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 2),
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 2),
    }


def engine_baseline(store, seconds: float) -> float:
    """Actions per second of the engine alone, on the same kind of games."""
    game = store.games["words-of-magic"].game
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new({"players": 2, **OPTIONS}, count)
        while game.result(state) is None:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(
                state, seat, next((a for a in legal if a["type"] == "pass"), legal[0])
            )
            count += 1
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--postgres", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    settings = Settings.from_env()
    judge = Judge.open(settings)
    name = f"wordsvc_bench_{secrets.token_hex(4)}"
    admin = create_engine(args.postgres, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    results = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            backends = {
                "sqlite": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}",
                "postgresql": args.postgres.rsplit("/", 1)[0] + "/" + name,
            }
            for backend, url in backends.items():
                store = open_store(dataclasses.replace(settings, database_url=url), judge)
                for sessions in (1, 50):
                    results[f"{backend}, {sessions} sessions"] = measure(
                        store, sessions, args.seconds
                    )
                store.engine.dispose()
            results["engine alone (baseline), actions/s"] = round(
                engine_baseline(store, args.seconds / 2), 1
            )
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for key, value in results.items():
        print(f"{key:40} {value}")


if __name__ == "__main__":
    main()
