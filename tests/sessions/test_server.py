"""A real server: gunicorn with several workers and PostgreSQL behind it, many clients on
loopback, and a crash in the middle. Every acknowledged action must be in the log exactly
once, and every final state must equal a replay of its log."""

from __future__ import annotations

import threading
import time

import pytest

from tests.servers import Server

SESSIONS = 6
WORKERS = 3


def play(server: Server, session_id: str, seat: int, token: str, acked: list, stop) -> None:
    """One client: act whenever it is this seat's turn, until the game ends or ``stop``."""
    attempt = 0
    while not stop.is_set():
        try:
            status, summary = server.request("GET", f"/v1/games/sessions/{session_id}", token=token)
        except OSError:
            time.sleep(0.1)  # the server is down: retry
            continue
        if status >= 500:  # a worker restarting: try again
            time.sleep(0.1)
            continue
        if status != 200 or summary["status"] == "over":
            return
        if seat not in summary["to_act"]:
            time.sleep(0.005)
            continue
        legal = summary["legal_actions"]
        action = next((a for a in legal if a["type"] == "pass"), legal[0])
        attempt += 1
        body = {"action": action, "expected_version": summary["version"]}
        try:
            status, reply = server.request(
                "POST",
                f"/v1/games/sessions/{session_id}/actions",
                body,
                token,
                key=f"{seat}-{attempt}",
            )
        except OSError:
            continue  # no answer: not acknowledged
        if status == 200:
            first = reply["applied"][0]
            acked.append((session_id, first["number"], seat, action))


def run_clients(server, tokens, acked, stop) -> list[threading.Thread]:
    threads = [
        threading.Thread(target=play, args=(server, sid, seat, token, acked, stop), daemon=True)
        for sid, seats in tokens.items()
        for seat, token in seats.items()
    ]
    for thread in threads:
        thread.start()
    return threads


@pytest.fixture
def server(settings, postgres_url, judge):
    from dataclasses import replace

    from wordsvc.sessions.service import open_store

    open_store(replace(settings, database_url=postgres_url), judge).engine.dispose()
    server = Server(settings, postgres_url, workers=WORKERS)
    server.start()
    yield server
    if server.process.poll() is None:
        server.kill()


def open_games(server: Server) -> dict[str, dict[int, str]]:
    tokens = {}
    for n in range(SESSIONS):
        status, body = server.request(
            "POST",
            "/v1/games/sessions",
            {
                "game": "words-of-magic",
                "seed": 100 + n,
                "options": {"characters": False},
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
            },
        )
        assert status == 201, body
        tokens[body["id"]] = {}
        for seat in (0, 1):
            _, joined = server.request(
                "POST", f"/v1/games/sessions/{body['id']}/join", {"seat": seat}
            )
            tokens[body["id"]][seat] = joined["token"]
    return tokens


def check_logs(store, tokens, acked) -> None:
    for session_id in tokens:
        log = store.log(session_id)
        numbers = [n for sid, n, _, _ in acked if sid == session_id]
        assert len(numbers) == len(set(numbers)), "an action was acknowledged twice"
        for sid, number, seat, action in acked:
            if sid == session_id:
                assert log[number - 1] == (seat, action), "an acknowledged action is missing"
        assert store.verify(session_id), "the cached state differs from a replay"
        assert store.summary(session_id).status == "over"


def test_many_clients_on_a_multi_worker_server_lose_and_double_nothing(server, store_pg):
    tokens = open_games(server)
    acked: list = []
    stop = threading.Event()
    threads = run_clients(server, tokens, acked, stop)
    for thread in threads:
        thread.join(timeout=300)
    assert acked
    check_logs(store_pg, tokens, acked)


def test_racing_actions_on_one_version_apply_once_across_workers(server, store_pg):
    tokens = open_games(server)
    session_id, seats = next(iter(tokens.items()))
    _, summary = server.request("GET", f"/v1/games/sessions/{session_id}")
    seat = summary["to_act"][0]
    body = {"action": {"type": "pass"}, "expected_version": summary["version"]}
    statuses: list[tuple[int, dict]] = []
    barrier = threading.Barrier(12)

    def send() -> None:
        barrier.wait()
        statuses.append(
            server.request("POST", f"/v1/games/sessions/{session_id}/actions", body, seats[seat])
        )

    threads = [threading.Thread(target=send) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(code for code, _ in statuses) == [200] + [409] * 11
    assert {reply["code"] for code, reply in statuses if code == 409} == {"stale_state_id"}
    assert len(store_pg.log(session_id)) >= 1
    assert store_pg.log(session_id)[0] == (seat, {"type": "pass"})
    assert store_pg.verify(session_id)


def test_a_crash_loses_no_acknowledged_action(server, store_pg):
    tokens = open_games(server)
    acked: list = []
    stop = threading.Event()
    threads = run_clients(server, tokens, acked, stop)
    deadline = time.monotonic() + 30
    while len(acked) < 15 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.kill()  # mid-run: clients see refused connections and retry
    before_restart = list(acked)
    time.sleep(0.5)
    server.start()
    for thread in threads:
        thread.join(timeout=300)
    assert before_restart
    check_logs(store_pg, tokens, acked)


@pytest.fixture
def store_pg(settings, postgres_url, judge):
    from dataclasses import replace

    from wordsvc.sessions.service import open_store

    store = open_store(replace(settings, database_url=postgres_url), judge)
    yield store
    store.live.close()
    store.engine.dispose()
