"""A real server stopped mid-game with SIGTERM, as a deploy or a restart stops it.

`wordsvc serve` (gunicorn, its buffered thread workers) with a SQLite database of its own,
several games played by clients that send actions concurrently (two per seat, racing on each
version) and event streams open. Then SIGTERM to the master, and:

- the server exits 0 within seconds, every worker by itself and at once (none waits for
  gunicorn's graceful_timeout, which would kill it in the middle of whatever it was doing);
- every stream got every action committed before it ended, then a `retry:` hint, and ended
  cleanly (the last chunk of its reply, no `end`: the game goes on);
- on a second server on the same database: every acknowledged action is in the log; every
  action sent without a reply applied whole (its Idempotency-Key recorded with it, the action
  at its place in the log, its bots' replies after it) or not at all; the cached states
  equal a replay of their logs; the streams resume from their Last-Event-ID with nothing
  lost or repeated; and a request that got no reply, sent again with its key, learns which.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import signal
import socket
import threading
import time
from dataclasses import replace
from datetime import datetime

import pytest
from sqlalchemy import select

from tests.api.test_stream import parse
from tests.servers import Server
from wordsvc.api.games import RESTART_RETRY_MS
from wordsvc.server import GRACEFUL_TIMEOUT
from wordsvc.sessions.schema import idempotency

SESSIONS = 3
WORKERS = 2
#: Acknowledged actions before the server is told to stop: well inside every game.
ACKED_BEFORE_STOP = 12
#: Seconds from SIGTERM to the server's exit, at most: the workers stop at once, then each
#: process tears itself down (a second or two, more on a busy machine).
STOPS_WITHIN = GRACEFUL_TIMEOUT
#: Seconds from SIGTERM to each worker's last line, at most (to the second, as gunicorn logs
#: it): a worker waiting for a stream would wait out GRACEFUL_TIMEOUT.
WORKER_STOPS_WITHIN = 3


class Client:
    """One player's client: acts whenever its seat is to act, recording every request it
    sent and what became of it: ``acked`` (a 200), ``refused`` (a problem document) or
    ``unanswered`` (no reply: refused connection, cut reply)."""

    def __init__(self, server: Server, session: str, seat: int, token: str, name: str) -> None:
        self.server, self.session, self.seat, self.token, self.name = (
            server,
            session,
            seat,
            token,
            name,
        )
        self.sent: list[dict] = []

    def run(self, stop: threading.Event) -> None:
        attempt = 0
        while not stop.is_set():
            try:
                status, summary = self.server.request(
                    "GET", f"/v1/games/sessions/{self.session}", token=self.token
                )
            except OSError:
                time.sleep(0.05)  # the server is going or gone
                continue
            if status != 200 or summary["status"] == "over":
                return
            if self.seat not in summary["to_act"]:
                time.sleep(0.003)
                continue
            legal = summary["legal_actions"]
            action = next((a for a in legal if a["type"] == "pass"), legal[0])
            attempt += 1
            request = {
                "key": f"{self.name}-{attempt}",
                "action": action,
                "expected_version": summary["version"],
            }
            try:
                status, reply = self.send(request)
            except OSError:
                self.sent.append({**request, "outcome": "unanswered"})
                continue
            outcome = "acked" if status == 200 else "refused"
            self.sent.append({**request, "outcome": outcome, "status": status, "reply": reply})

    def send(self, request: dict, server: Server | None = None) -> tuple[int, dict]:
        return (server or self.server).request(
            "POST",
            f"/v1/games/sessions/{self.session}/actions",
            {"action": request["action"], "expected_version": request["expected_version"]},
            self.token,
            key=request["key"],
        )


class Stream(threading.Thread):
    """A stream read to its end (or until :meth:`close`): its text, and whether it ended
    cleanly (the reply's last chunk came, nothing cut off)."""

    def __init__(self, port: int, session: str, last_id: int | None = None) -> None:
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.path = f"/v1/games/sessions/{session}/stream"
        self.headers = {} if last_id is None else {"Last-Event-ID": str(last_id)}
        self.text = ""
        self.events: queue.Queue = queue.Queue()
        self.clean: bool | None = None
        self.opened = threading.Event()
        self.socket: socket.socket | None = None

    def run(self) -> None:
        try:
            self.connection.connect()
            self.socket = self.connection.sock
            self.connection.request("GET", self.path, headers=self.headers)
            response = self.connection.getresponse()
            assert response.status == 200
            self.opened.set()
            buffer = ""
            while chunk := response.read1(65536):
                self.text += chunk.decode()
                buffer += chunk.decode()
                *blocks, buffer = buffer.split("\n\n")
                for event in parse(block + "\n\n" for block in blocks):
                    self.events.put(event)
            self.clean = True
            self.connection.close()  # as a browser does once the reply is over
        except (OSError, http.client.HTTPException):
            self.clean = False  # cut off, or closed by the test
        finally:
            self.opened.set()
            self.events.put(None)

    def close(self) -> None:
        """Leave, as a browser tab closed: the reader sees the reply cut off."""
        assert self.socket is not None
        self.socket.shutdown(socket.SHUT_RDWR)

    def parsed(self) -> list[dict]:
        return list(parse([self.text]))


def stop_times(output: str) -> tuple[datetime, list[datetime]]:
    """When gunicorn's master was told to stop, and when each worker stopped (its last line,
    before the process tears itself down), from its log of JSON lines."""
    said = []
    for line in output.splitlines():
        with contextlib.suppress(ValueError):
            record = json.loads(line)
            if isinstance(record, dict) and "message" in record:
                said.append((datetime.fromisoformat(record["time"]), record["message"]))
    term = next(at for at, message in said if "Handling signal: term" in message)
    return term, [at for at, message in said if "Worker exiting" in message]


def actions_in(events: list[dict]) -> list[int]:
    return [int(e["id"]) for e in events if e.get("event") == "action"]


@pytest.fixture
def database(tmp_path, settings, judge):
    """A SQLite database of the test's own, its schema made; and a store reading it."""
    from wordsvc.sessions.service import open_store

    url = f"sqlite:///{tmp_path / 'sessions.sqlite3'}"
    store = open_store(replace(settings, database_url=url), judge)
    yield url, store
    store.live.close()
    store.engine.dispose()


def test_sigterm_mid_game_finishes_what_it_started_and_loses_nothing(settings, database, tmp_path):
    url, store = database
    log = tmp_path / "serve.log"
    server = Server(settings, url, workers=WORKERS, log=log)
    server.start()
    try:
        clients, streams = [], []
        for n in range(SESSIONS):
            status, created = server.request(
                "POST",
                "/v1/games/sessions",
                {
                    "game": "lost-words",
                    "seed": 300 + n,
                    "seats": [
                        {"kind": "human"},
                        {"kind": "human"},
                        {"kind": "bot", "bot": "random"},
                    ],
                },
            )
            assert status == 201, created
            session = created["id"]
            for seat in (0, 1):
                _, joined = server.request(
                    "POST", f"/v1/games/sessions/{session}/join", {"seat": seat}
                )
                for twin in "ab":  # two clients per seat, racing on each version
                    clients.append(
                        Client(server, session, seat, joined["token"], f"{n}-{seat}{twin}")
                    )
            streams.append(Stream(server.port, session))
        for stream in streams:
            stream.start()
            assert stream.opened.wait(10)
        stop = threading.Event()
        threads = [threading.Thread(target=c.run, args=(stop,), daemon=True) for c in clients]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while sum(r["outcome"] == "acked" for c in clients for r in c.sent) < ACKED_BEFORE_STOP:
            assert time.monotonic() < deadline, "the games did not get going"
            time.sleep(0.01)

        # SIGTERM to the master, as systemd or a container runtime sends it, mid-game.
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        returncode = server.process.wait(timeout=GRACEFUL_TIMEOUT + 10)
        took = time.monotonic() - started
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        for stream in streams:
            stream.join(timeout=10)
    finally:
        if server.process.poll() is None:
            server.kill()

    output = log.read_text()
    assert returncode == 0, output[-2000:]
    # Within seconds, and every worker by itself, at once: none waited for the graceful
    # timeout (a stream still open would have kept it that long, then it is killed).
    assert took < STOPS_WITHIN, f"{took:.1f} s"
    term, exits = stop_times(output)
    assert len(exits) == WORKERS
    assert all((at - term).total_seconds() <= WORKER_STOPS_WITHIN for at in exits), output
    assert "SIGKILL" not in output
    assert "Worker timeout" not in output

    # Every stream: each action once and in order, then the hint, then a clean end.
    low, high = RESTART_RETRY_MS
    seen = {}
    for stream in streams:
        assert stream.clean, stream.text[-500:]
        events = stream.parsed()
        numbers = actions_in(events)
        assert numbers == list(range(1, len(numbers) + 1))
        assert numbers, "the stream was open while the game went on"
        last = events[-1]
        assert set(last) == {"retry", ":"}, last
        assert low <= int(last["retry"]) <= high
        assert not any(e.get("event") == "end" for e in events)
        seen[stream.path.split("/")[-2]] = numbers[-1]

    sent = [(c, r) for c in clients for r in c.sent]
    acked = [(c, r) for c, r in sent if r["outcome"] == "acked"]
    unanswered = [(c, r) for c, r in sent if r["outcome"] == "unanswered"]
    assert len(acked) >= ACKED_BEFORE_STOP
    # A refusal is a rule's answer (the version moved on, a racing twin won), never the
    # server's failure: nothing was cut in the middle.
    assert {r["status"] for _, r in sent if r["outcome"] == "refused"} <= {409}

    # A second server on the same database: what the first one acknowledged is there.
    again = Server(settings, url, workers=1, log=log)
    again.start()
    try:
        for session, last_seen in seen.items():
            _, summary = again.request("GET", f"/v1/games/sessions/{session}")
            version = summary["version"]
            log_of = store.log(session)
            assert len(log_of) == version, "the version counts the logged actions"
            assert store.verify(session), "the cached state differs from a replay of the log"
            with store.engine.connect() as conn:
                recorded = {
                    row.key: json.loads(row.response)
                    for row in conn.execute(
                        select(idempotency).where(idempotency.c.session_id == session)
                    )
                }
            mine = [(c, r) for c, r in sent if c.session == session]
            for client, request in mine:
                outcome, key = request["outcome"], request["key"]
                if outcome == "acked":
                    number = request["reply"]["applied"][0]["number"]
                    assert log_of[number - 1] == (client.seat, request["action"])
                    assert recorded[key]["applied"][0]["number"] == number
                elif outcome == "refused":
                    assert key not in recorded
            # Whole or not at all: every human action in the log is one request's, recorded
            # with its key in its transaction, and followed by its bots' replies.
            humans = [n for n, (seat, _) in enumerate(log_of, 1) if seat in (0, 1)]
            assert sorted(r["applied"][0]["number"] for r in recorded.values()) == humans
            for reply in recorded.values():
                numbers = [a["number"] for a in reply["applied"]]
                assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
                assert all(n <= version for n in numbers)

            # The stream resumes where it ended: nothing lost, nothing repeated.
            resumed = Stream(again.port, session, last_id=last_seen)
            resumed.start()
            assert resumed.opened.wait(10)
            got = []
            while len(got) < version - last_seen:
                event = resumed.events.get(timeout=10)
                assert event is not None, "the resumed stream ended"
                if event.get("event") == "action":
                    got.append(int(event["id"]))
            resumed.close()
            assert got == list(range(last_seen + 1, version + 1))

        # A client that got no reply sends the request again with its key, and learns what
        # became of it: its reply if it was applied, else a refusal (the game moved on) or,
        # if nothing moved since, the action applied now, once.
        for client, request in unanswered:
            with store.engine.connect() as conn:
                before = conn.execute(
                    select(idempotency.c.response).where(
                        idempotency.c.session_id == client.session,
                        idempotency.c.key == request["key"],
                    )
                ).scalar()
            status, reply = client.send(request, again)
            if before is not None:
                assert status == 200, reply
                assert reply["replayed"]
                stored = json.loads(before)["applied"]
                assert [a["number"] for a in reply["applied"]] == [a["number"] for a in stored]
            else:
                assert status in (200, 409), reply
    finally:
        again.process.send_signal(signal.SIGTERM)
        assert again.process.wait(timeout=GRACEFUL_TIMEOUT + 10) == 0
