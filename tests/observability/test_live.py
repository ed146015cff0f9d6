"""A live `wordsvc serve` (gunicorn, SQLite in a temporary directory, the test lexicon):
its metrics are summed over its workers, a worker that dies leaves the live gauges, and its
log has one JSON line per request, none of which ever holds a seat's token, a seat link or
a chosen seed."""

from __future__ import annotations

import json
import os
import random
import signal
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

import pytest
from prometheus_client.multiprocess import MultiProcessCollector

from tests.observability.scrape import FAMILIES, Scrape
from tests.servers import Server

HEALTH = {"route": "/healthz", "method": "GET", "status": "200"}
STREAMS = "wordsvc_game_streams_open"
#: A chosen deal's seed, long enough to be found only where it was written.
SEED = 7_316_092_245_157


@dataclass
class Client:
    """Plain HTTP to the server, one connection per request, counting the requests."""

    port: int
    sent: int = 0
    opened: list = field(default_factory=list)

    def call(self, method, path, body=None, token=None, form=None, headers=None):
        """(status, headers, body bytes)."""
        data, kind = None, None
        if body is not None:
            data, kind = json.dumps(body).encode(), "application/json"
        elif form is not None:
            data, kind = urllib.parse.urlencode(form).encode(), "application/x-www-form-urlencoded"
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data, method=method
        )
        if kind:
            request.add_header("Content-Type", kind)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        self.sent += 1
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def json(self, method, path, body=None, token=None, expect=200, **kwargs):
        status, _, data = self.call(method, path, body, token, **kwargs)
        assert status == expect, data
        return json.loads(data)

    def stream(self, path, token=None):
        """An event stream, open once its first line (the retry hint) arrived."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        self.sent += 1
        response = urllib.request.urlopen(request, timeout=30)
        assert response.readline() == b"retry: 1000\n"
        self.opened.append(response)
        return response

    def metrics(self) -> Scrape:
        status, _, data = self.call("GET", "/metrics")
        assert status == 200
        return Scrape(data.decode())


@pytest.fixture
def served(settings, tmp_path):
    """Start ``wordsvc serve`` (``workers``, more ``env``) on SQLite in ``tmp_path``; its
    standard output and error go to ``tmp_path / "serve.log"``. Stopped at the end."""
    servers = []

    def start(workers=2, env=None):
        log = tmp_path / "serve.log"
        url = f"sqlite:///{tmp_path / 'sessions.sqlite3'}"
        server = Server(settings, url, workers=workers, log=log, env=env)
        server.start()
        servers.append((server, log))
        return server, Client(server.port)

    yield start
    for server, _ in servers:
        if server.process.poll() is None:
            server.kill()


def per_worker(directory, master: int, sample: str, **labels) -> dict[int, float]:
    """Each worker's own value of ``sample``, read from its file in the metrics directory."""
    values = {}
    for path in directory.glob("*.db"):
        pid = int(path.stem.rsplit("_", 1)[1])
        if pid == master:
            continue
        for metric in MultiProcessCollector.merge([str(path)], accumulate=False):
            for s in metric.samples:
                if s.name == sample and labels.items() <= s.labels.items():
                    values[pid] = values.get(pid, 0) + s.value
    return values


def test_a_scrape_sums_every_workers_counts(served, tmp_path):
    directory = tmp_path / "metrics"  # the operator's: so the test can read each worker's
    server, client = served(workers=2, env={"PROMETHEUS_MULTIPROC_DIR": str(directory)})
    master = server.process.pid
    before = client.metrics().value("wordsvc_http_requests_total", **HEALTH)
    sent = 0
    deadline = time.monotonic() + 60
    while True:  # until both workers have answered some: the kernel picks who accepts
        for _ in range(10):
            assert client.call("GET", "/healthz")[0] == 200
            sent += 1
        served_by = per_worker(directory, master, "wordsvc_http_requests_total", **HEALTH)
        if len([n for n in served_by.values() if n > 0]) >= 2:
            break
        assert time.monotonic() < deadline, f"one worker took all: {served_by}"
        assert sent < 2000, f"one worker took all: {served_by}"
    for _ in range(6):  # whichever worker answers the scrape, it says the same sum
        scrape = client.metrics()
        for name, kind in FAMILIES.items():
            # a family with labels appears in multiprocess mode once a worker used a label
            if name not in ("wordsvc_game_actions_total", "wordsvc_solver_duration_seconds"):
                assert scrape.type_of(name) == kind, name
        assert scrape.value("wordsvc_http_requests_total", **HEALTH) == before + sent
    counted = per_worker(directory, master, "wordsvc_http_requests_total", **HEALTH)
    assert sum(counted.values()) == before + sent
    assert max(counted.values()) < before + sent, "no one worker counted them all"


def test_a_worker_that_dies_leaves_the_open_streams(served, tmp_path):
    directory = tmp_path / "metrics"
    server, client = served(workers=2, env={"PROMETHEUS_MULTIPROC_DIR": str(directory)})
    created = client.json(
        "POST",
        "/v1/games/sessions",
        {"game": "lost-words", "seats": [{"kind": "human"}, {"kind": "human"}]},
        expect=201,
    )
    client.stream(f"/v1/games/sessions/{created['id']}/stream")
    assert client.metrics().value(STREAMS) == 1
    holding = per_worker(directory, server.process.pid, STREAMS)
    (pid,) = [pid for pid, value in holding.items() if value == 1]
    os.kill(pid, signal.SIGKILL)  # the master notices, marks it dead, starts another
    deadline = time.monotonic() + 30
    while client.metrics().value(STREAMS) != 0:
        assert time.monotonic() < deadline, "a dead worker's stream still counts"
        time.sleep(0.1)
    assert not (directory / f"gauge_livesum_{pid}.db").exists()


def test_no_token_seat_link_or_seed_is_ever_logged(served, tmp_path):
    """A whole game through the API, with every way a token travels: Bearer headers, a
    stream's ?token=, a seat claimed and its token replaced, a seat link's QR code. The log
    has one JSON line per request, and none of the secrets."""
    server, client = served(workers=2)
    created = client.json(
        "POST",
        "/v1/games/sessions",
        {
            "game": "lost-words",
            "seed": SEED,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        },
        expect=201,
    )
    session = created["id"]
    base = f"/v1/games/sessions/{session}"
    held = client.json("POST", f"{base}/join", {"seat": 0, "claim": False})["token"]
    link = f"http://127.0.0.1:{server.port}/play/{session}#seat={held}"
    status, headers, svg = client.call("POST", "/play/qr.svg", form={"url": link})
    assert (status, headers["Content-Type"]) == (200, "image/svg+xml; charset=utf-8"), svg
    assert client.json("GET", f"{base}/seat", token=held)["claimed"] is False
    assert client.json("POST", f"{base}/seat", {"name": "Оля"}, token=held)["claimed"]
    token = client.json("POST", f"{base}/seat/token", token=held)["token"]
    tokens = [held, token]
    assert client.call("GET", f"{base}/seat", token=held)[0] == 401, "the old one is dead"
    assert client.call("GET", f"{base}/stream?token={held}")[0] == 401
    client.stream(f"{base}/stream?after=0&token={token}")
    client.stream(f"{base}/stream", token=token)
    traced = client.call("GET", base, token=token, headers={"X-Request-ID": "trace-7"})
    assert traced[1]["X-Request-ID"] == "trace-7"
    rng = random.Random(5)
    for _ in range(2000):
        summary = client.json("GET", base, token=token)
        if summary["status"] == "over":
            break
        if 0 not in summary["to_act"]:
            continue
        action = rng.choice(summary["legal_actions"])
        body = {"action": action, "expected_version": summary["version"]}
        client.json("POST", f"{base}/actions", body, token=token)
    assert summary["status"] == "over", "the whole game was played"
    assert client.json("GET", f"{base}/result")["seed"] == SEED  # revealed in the answer only
    for response in client.opened:  # the streams end with the game
        assert response.read().endswith(b'event: end\ndata: {"status": "over"}\n\n')
        response.close()
    server.stop()  # every line written

    text = (tmp_path / "serve.log").read_text(encoding="utf-8")
    for secret in (*tokens, str(SEED), "#seat=", "%23seat"):
        assert secret not in text, secret
    lines = text.splitlines()
    banner = [line for line in lines if not line.startswith("{")]
    assert banner, "what serve says to people before gunicorn starts"
    said = ("Serving wordsvc", "Only this computer", "Rate limits")
    assert all(line.startswith(said) for line in banner), banner
    records = [json.loads(line) for line in lines if line.startswith("{")]
    access = [r for r in records if "status" in r]
    assert len(access) == client.sent + 1, "one line per request (and the start's health check)"
    fields = {"time", "request_id", "method", "route", "path", "status", "duration_ms", "bytes",
              "client"}  # fmt: skip
    assert all(set(r) == fields for r in access)
    assert all(r["client"] == "127.0.0.1" and r["request_id"] for r in access)
    assert len({r["request_id"] for r in access}) == len(access)
    streams = [r for r in access if r["route"] == "/v1/games/sessions/<session_id>/stream"]
    assert {r["path"] for r in streams} >= {f"{base}/stream?after=0&token=…", f"{base}/stream"}
    assert all(r["bytes"] > 0 for r in streams if r["status"] == 200)
    (mine,) = [r for r in access if r["request_id"] == "trace-7"]
    assert (mine["method"], mine["route"], mine["status"]) == (
        "GET",
        "/v1/games/sessions/<session_id>",
        200,
    )
    others = [r for r in records if "status" not in r]
    assert all({"time", "level", "logger", "message"} <= set(r) for r in others)
