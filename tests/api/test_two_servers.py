"""Two `wordsvc serve` processes on one PostgreSQL database and one Redis behave as one
service (docs/deploy.md): a stream opened on one sees the actions committed through the
other, a race between them on one version has exactly one winner, and a rate limit counts
the requests sent to both.

Both servers run as behind one trusted proxy (WORDSVC_TRUSTED_PROXIES=1), so that each part
of the test is a client of its own (``X-Forwarded-For``) and only the last part's requests
meet the low limit. Skipped without PostgreSQL or Redis, unless WORDSVC_REQUIRE_POSTGRES /
WORDSVC_REQUIRE_REDIS say to fail (`.ci/run` sets both)."""

from __future__ import annotations

import http.client
import json
import queue
import secrets
import threading
import time

import pytest
from sqlalchemy import create_engine, text

from tests.servers import Server

#: The shared limit of part (c), per client address.
LIMIT = 20
SEATS = [{"kind": "human", "name": "Настя"}, {"kind": "human", "name": "Олена"}]


@pytest.fixture(scope="module")
def database(postgres_server):
    """A fresh PostgreSQL database for the two servers, migrated once before they start."""
    from wordsvc.sessions.database import make_engine, upgrade

    name = f"wordsvc_two_{secrets.token_hex(4)}"
    admin = create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = postgres_server.rsplit("/", 1)[0] + "/" + name
    engine = make_engine(url)
    upgrade(engine)  # once: two servers migrating one new database at once would race
    engine.dispose()
    yield url
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="module")
def servers(settings, database, redis_server, tmp_path_factory):
    """Two servers of one worker each sharing ``database`` and Redis (under a prefix of this
    test's own), the rate limits on; both are stopped, and the prefix's keys deleted,
    whatever happens."""
    import redis

    prefix = f"wordsvc-two-{secrets.token_hex(6)}"
    env = {
        "WORDSVC_REDIS_URL": redis_server,
        "WORDSVC_REDIS_PREFIX": prefix,
        "WORDSVC_RATE_LIMIT": f"{LIMIT}/minute",
        "WORDSVC_RATE_LIMITS": "on",
        "WORDSVC_TRUSTED_PROXIES": "1",
    }
    logs = tmp_path_factory.mktemp("two-servers")
    home = tmp_path_factory.mktemp("home")
    env["HOME"] = str(home)  # where gunicorn would put a control socket: it must not
    started = [Server(settings, database, log=logs / f"serve-{n}.log", env=env) for n in (1, 2)]
    try:
        for server in started:
            server.launch()
        deadline = time.monotonic() + 90
        for server in started:
            server.wait_ready(deadline)
        yield started
        # Neither server made a control socket that the other could take over or delete.
        assert not (home / ".gunicorn").exists()
    finally:
        for server in started:
            if server.process is not None:
                server.terminate()  # both at once: each may wait for its streams to close
        for server in started:
            if server.process is not None:
                server.stop(timeout=15)
        client = redis.Redis.from_url(redis_server)
        keys = list(client.scan_iter(match=f"*{prefix}*"))
        if keys:
            client.delete(*keys)
        client.close()


def new_session(server: Server, client: str) -> tuple[str, list[str]]:
    status, created = server.request(
        "POST", "/v1/games/sessions", {"game": "lost-words", "seats": SEATS}, client=client
    )
    assert status == 201, created
    session = created["id"]
    tokens = []
    for seat in range(len(SEATS)):
        status, joined = server.request(
            "POST", f"/v1/games/sessions/{session}/join", {"seat": seat}, client=client
        )
        assert status == 200, joined
        tokens.append(joined["token"])
    return session, tokens


def next_move(server: Server, session: str, tokens: list[str], client: str):
    """(token, body) of the move the seat to act makes next: its first legal action."""
    _, spectator = server.request("GET", f"/v1/games/sessions/{session}", client=client)
    seat = spectator["to_act"][0]
    _, summary = server.request(
        "GET", f"/v1/games/sessions/{session}", token=tokens[seat], client=client
    )
    body = {"action": summary["legal_actions"][0], "expected_version": summary["version"]}
    return tokens[seat], body


def read_stream(response: http.client.HTTPResponse, frames: queue.Queue) -> None:
    """Each SSE frame of ``response``, as a dict of its fields, until it is closed."""
    fields: dict[str, str] = {}
    try:
        while True:
            line = response.fp.readline().decode()
            if not line:
                return
            if line == "\n":
                frames.put(fields)
                fields = {}
            elif not line.startswith(":"):
                name, _, value = line.rstrip("\n").partition(": ")
                fields[name] = value
    except (OSError, ValueError, AttributeError):  # closed by the test
        return


def test_a_stream_on_one_server_sees_an_action_committed_through_the_other(servers):
    one, two = servers
    session, tokens = new_session(one, client="127.0.1.1")
    stream = http.client.HTTPConnection("127.0.0.1", one.port, timeout=30)
    try:
        stream.request("GET", f"/v1/games/sessions/{session}/stream")
        response = stream.getresponse()
        assert response.status == 200
        frames: queue.Queue = queue.Queue()
        threading.Thread(target=read_stream, args=(response, frames), daemon=True).start()
        token, body = next_move(two, session, tokens, client="127.0.1.1")
        path = f"/v1/games/sessions/{session}/actions"
        status, acted = two.request("POST", path, body, token=token, client="127.0.1.1")
        assert status == 200, acted
        number = str(body["expected_version"] + 1)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            frame = frames.get(timeout=max(0.1, deadline - time.monotonic()))
            if frame.get("event") == "action" and frame["id"] == number:
                assert json.loads(frame["data"])["seat"] == acted["applied"][0]["seat"]
                return
        pytest.fail("the stream on one server never saw the action committed through the other")
    finally:
        stream.close()


def test_the_same_action_sent_to_both_at_once_applies_once(servers):
    one, two = servers
    session, tokens = new_session(two, client="127.0.2.1")
    token, body = next_move(one, session, tokens, client="127.0.2.1")
    path = f"/v1/games/sessions/{session}/actions"
    racers = [one, two] * 3
    start = threading.Barrier(len(racers))
    answers: list = [None] * len(racers)

    def race(n: int) -> None:
        start.wait()
        answers[n] = racers[n].request("POST", path, body, token=token, client=f"127.0.2.{n + 2}")

    threads = [threading.Thread(target=race, args=(n,)) for n in range(len(racers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    got = sorted((status, answer.get("code")) for status, answer in answers)
    assert got == [(200, None)] + [(409, "stale_state_id")] * (len(racers) - 1)


def test_a_rate_limit_counts_the_requests_sent_to_both(servers):
    one, two = servers
    answers = [
        (one, two)[n % 2].exchange("GET", "/v1/categories", client="127.0.3.1")
        for n in range(LIMIT + 4)
    ]
    statuses = [status for status, _, _ in answers]
    # One count for both, not LIMIT each; the refusals come from both servers.
    assert statuses == [200] * LIMIT + [429] * 4
    for _, answer, headers in answers[LIMIT:]:
        assert answer["code"] == "rate_limited"
        assert int(headers["Retry-After"]) >= 1
