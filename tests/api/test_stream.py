"""The live stream, `GET /v1/games/sessions/{id}/stream`, on SQLite and on PostgreSQL.

Streams are read in a thread of their own while the test acts, the way a browser and the
other players would: the stream learns of each commit from the database (the version poll on
SQLite, LISTEN/NOTIFY on PostgreSQL), never from the process that acted.
"""

from __future__ import annotations

import json
import queue
import random
import threading
import time
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime

from wordsvc import stopping
from wordsvc.api.games import RESTART_RETRY_MS
from wordsvc.games.contract import Event
from wordsvc.sessions.records import LoggedAction

WAIT = 10.0  # seconds a live event may take before the test fails (it takes milliseconds)


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def lost_words(client, humans=2, bots=0, seed=5):
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "random"}] * bots
    created = client.post(
        "/v1/games/sessions", json={"game": "lost-words", "seats": seats, "seed": seed}
    )
    assert created.status_code == 201, created.get_json()
    session = created.get_json()["id"]
    tokens = {}
    for seat in range(humans):
        joined = client.post(f"/v1/games/sessions/{session}/join", json={"seat": seat})
        tokens[seat] = joined.get_json()["token"]
    return session, tokens


def play(client, session, tokens, steps, rng):
    """Up to ``steps`` random legal actions by whichever human is to act."""
    for _ in range(steps):
        spectator = client.get(f"/v1/games/sessions/{session}").get_json()
        if spectator["status"] == "over":
            return
        seat = next(s for s in spectator["to_act"] if s in tokens)
        summary = client.get(f"/v1/games/sessions/{session}", headers=bearer(tokens[seat]))
        summary = summary.get_json()
        action = rng.choice(summary["legal_actions"])
        acted = client.post(
            f"/v1/games/sessions/{session}/actions",
            json={"action": action, "expected_version": summary["version"]},
            headers=bearer(tokens[seat]),
        )
        assert acted.status_code == 200, acted.get_json()


def parse(chunks):
    """Server-sent events from text chunks: dicts of their fields, comments as ``{":": text}``."""
    buffer = ""
    for chunk in chunks:
        buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            fields = {}
            for line in block.split("\n"):
                name, _, value = line.partition(":")
                fields[name or ":"] = value.removeprefix(" ")
            yield fields


@contextmanager
def streaming(client, session, token=None, headers=None, query=""):
    """Read the stream in a thread; yields a queue of its parsed events (None at its end)."""
    headers = {**(bearer(token) if token else {}), **(headers or {})}
    response = client.get(
        f"/v1/games/sessions/{session}/stream{query}", headers=headers, buffered=False
    )
    assert response.status_code == 200, response.get_data()
    assert response.mimetype == "text/event-stream"
    events: queue.Queue = queue.Queue()
    stop = threading.Event()

    def read():
        try:
            for event in parse(response.response):
                events.put(event)
                if stop.is_set():
                    break
        finally:
            response.close()  # in this thread: the generator may be running in no other
            events.put(None)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    try:
        yield events
    finally:
        stop.set()  # the reader closes the stream at its next event or heartbeat


def take_actions(events, count):
    """The next ``count`` action events (heartbeats and the retry hint skipped)."""
    taken = []
    while len(taken) < count:
        event = events.get(timeout=WAIT)
        assert event is not None, f"the stream ended after {taken}"
        if event.get("event") == "action":
            taken.append(event)
    return taken


def as_logged(event):
    return {**json.loads(event["data"]), "id": int(event["id"])}


def test_a_seat_sees_live_every_action_as_events_lists_it(games_client):
    client = games_client
    session, tokens = lost_words(client)
    rng = random.Random(1)
    play(client, session, tokens, 3, rng)  # the log so far comes first
    with streaming(client, session, tokens[0]) as events:
        first = take_actions(events, 3)
        play(client, session, tokens, 12, rng)
        rest = take_actions(events, 12)
    logged = client.get(f"/v1/games/sessions/{session}/events", headers=bearer(tokens[0]))
    expected = logged.get_json()["events"]
    got = [as_logged(e) for e in first + rest]
    assert [e["id"] for e in got] == list(range(1, 16))
    assert [{k: v for k, v in e.items() if k != "id"} for e in got] == expected[:15]


def test_each_seat_and_a_spectator_see_only_what_events_shows_them(games_client):
    client = games_client
    session, tokens = lost_words(client, seed=8)
    play(client, session, tokens, 10, random.Random(2))
    # Ten moves, and the steps with nothing to choose that some of them brought.
    logged = client.get(f"/v1/games/sessions/{session}").get_json()["version"]
    for token in (tokens[0], tokens[1], None):
        with streaming(client, session, token) as events:
            got = [as_logged(e) for e in take_actions(events, logged)]
        headers = bearer(token) if token else {}
        expected = client.get(f"/v1/games/sessions/{session}/events", headers=headers)
        assert [{k: v for k, v in e.items() if k != "id"} for e in got] == expected.get_json()[
            "events"
        ]
    # Seat 1's stream never names a card only seat 0 drew (the log's private events).
    from wordsvc.sessions.live import _read

    store = client.application.extensions["wordsvc.sessions"]
    rows, _, _ = _read(store.engine, session, 0)
    private_to_0 = [
        json.dumps(e.data, sort_keys=True) for r in rows for e in r.events if e.audience == (0,)
    ]
    assert private_to_0, "the test needs a private event"
    with streaming(client, session, tokens[1]) as events:
        seen = json.dumps([as_logged(e) for e in take_actions(events, logged)], sort_keys=True)
    for data in private_to_0:
        assert data not in seen


def test_last_event_id_resumes_with_nothing_lost_or_repeated(games_client):
    client = games_client
    session, tokens = lost_words(client, seed=11)
    rng = random.Random(3)
    play(client, session, tokens, 6, rng)
    with streaming(client, session, tokens[1]) as events:
        before = take_actions(events, 4)  # the reader drops after action 4 ...
    play(client, session, tokens, 5, rng)  # ... and five more happen meanwhile
    resumed = {"Last-Event-ID": before[-1]["id"]}
    with streaming(client, session, tokens[1], headers=resumed) as events:
        after = take_actions(events, 7)
        play(client, session, tokens, 1, rng)
        after += take_actions(events, 1)
    assert [int(e["id"]) for e in before + after] == list(range(1, 13))
    # `after` in the query does the same for a first connection.
    with streaming(client, session, tokens[1], query="?after=10") as events:
        assert [int(e["id"]) for e in take_actions(events, 2)] == [11, 12]


def test_a_query_token_is_the_seat_for_eventsource(games_client):
    client = games_client
    session, tokens = lost_words(client, seed=12)
    play(client, session, tokens, 4, random.Random(4))
    with streaming(client, session, query=f"?token={tokens[0]}") as events:
        by_query = [as_logged(e) for e in take_actions(events, 4)]
    with streaming(client, session, tokens[0]) as events:
        by_header = [as_logged(e) for e in take_actions(events, 4)]
    assert by_query == by_header


def test_heartbeats_keep_a_quiet_stream_open(games_client, quick_heartbeat):
    session, tokens = lost_words(games_client, seed=13)
    with streaming(games_client, session, tokens[0]) as events:
        first = events.get(timeout=WAIT)
        assert first == {"retry": "1000"}
        assert events.get(timeout=WAIT) == {":": "heartbeat"}
        assert events.get(timeout=WAIT) == {":": "heartbeat"}


def test_the_stream_ends_when_the_game_does(games_client):
    """One human against bots, played to the end: the stream closes with `end` after the last
    action, and a stream opened on a finished game sends its log and ends at once."""
    client = games_client
    session, tokens = lost_words(client, humans=1, bots=1, seed=14)
    rng = random.Random(5)
    with streaming(client, session, tokens[0]) as events:
        play(client, session, tokens, 10_000, rng)
        version = client.get(f"/v1/games/sessions/{session}").get_json()["version"]
        got = take_actions(events, version)
        assert events.get(timeout=WAIT) == {"event": "end", "data": '{"status": "over"}'}
        assert events.get(timeout=WAIT) is None
    assert [int(e["id"]) for e in got] == list(range(1, version + 1))
    with streaming(client, session) as events:
        assert len(take_actions(events, version)) == version
        assert events.get(timeout=WAIT)["event"] == "end"
        assert events.get(timeout=WAIT) is None
    assert client.application.extensions["wordsvc.sessions"].live.streams(session) == 0


def rest_of(events):
    """Every event until the stream ends."""
    rest = []
    while (event := events.get(timeout=WAIT)) is not None:
        rest.append(event)
    return rest


def is_stopping_hint(event):
    """The last block of a stream a stopping server ended: a reconnection delay, in bounds."""
    low, high = RESTART_RETRY_MS
    return set(event) == {"retry", ":"} and low <= int(event["retry"]) <= high


def test_a_stopping_process_ends_every_stream_at_once_with_a_retry_hint(games_client):
    """What `wordsvc serve` does on SIGTERM (wordsvc/stopping.py): every stream of the process,
    however long its heartbeat, sends what was committed and ends with a `retry:` hint and no
    `end`, so that its EventSource comes back with Last-Event-ID; one opened meanwhile sends
    the log and ends the same way. (tests/sessions/test_server_stop.py stops a real server.)"""
    client = games_client
    session, tokens = lost_words(client, seed=16)
    rng = random.Random(6)
    play(client, session, tokens, 3, rng)
    store = client.application.extensions["wordsvc.sessions"]
    # The moves' numbers: a move may bring steps taken by themselves (an end, a decline).
    version = store.summary(session).version
    try:
        with (
            streaming(client, session, tokens[0]) as seat,
            streaming(client, session) as spectator,
        ):
            for events in (seat, spectator):
                take_actions(events, version)
            play(client, session, tokens, 2, rng)  # committed: sent before the stream ends
            last = store.summary(session).version
            started = time.monotonic()
            stopping.stop()
            for events in (seat, spectator):
                rest = rest_of(events)
                actions = [int(e["id"]) for e in rest if e.get("event") == "action"]
                assert actions == list(range(version + 1, last + 1))
                assert is_stopping_hint(rest[-1]), rest[-1]
                assert not any(e.get("event") == "end" for e in rest)
            assert time.monotonic() - started < 5  # the heartbeat is 15 s: woken at once
        with streaming(client, session, headers={"Last-Event-ID": "2"}) as events:
            rest = rest_of(events)
        assert rest[0] == {"retry": "1000"}
        assert [int(e["id"]) for e in rest[1:-1]] == list(range(3, last + 1))
        assert is_stopping_hint(rest[-1])
    finally:
        stopping.reset()
    assert store.live.streams(session) == 0
    with streaming(client, session, headers={"Last-Event-ID": "5"}) as events:
        play(client, session, tokens, 1, rng)  # the process goes on: streams wait again
        assert int(take_actions(events, 1)[0]["id"]) == 6


def test_errors_are_answered_at_once_as_problems(games_client):
    client = games_client
    session, tokens = lost_words(client, seed=15)

    def code(response):
        assert response.mimetype == "application/problem+json"
        return response.status_code, response.get_json()["code"]

    stream = f"/v1/games/sessions/{session}/stream"
    assert code(client.get("/v1/games/sessions/" + "0" * 32 + "/stream")) == (
        404,
        "session_not_found",
    )
    assert code(client.get("/v1/games/sessions/nope/stream")) == (404, "session_not_found")
    assert code(client.get(stream, headers=bearer("x" * 43))) == (401, "invalid_token")
    assert code(client.get(stream + "?token=wrong")) == (401, "invalid_token")
    assert code(client.get(stream, headers={"Authorization": "Basic abc"})) == (
        401,
        "invalid_token",
    )
    assert code(client.get(stream, headers={"Last-Event-ID": "x1"})) == (
        400,
        "invalid_last_event_id",
    )
    assert code(client.get(stream + "?after=-1")) == (400, "invalid_parameter")
    assert tokens  # the seat exists; only its token is wrong above


def test_the_stream_is_in_the_openapi_document(client):
    document = client.get("/openapi.json").get_json()
    operation = document["paths"]["/v1/games/sessions/{session_id}/stream"]["get"]
    assert operation["operationId"] == "streamEvents"
    assert "text/event-stream" in operation["responses"]["200"]["content"]
    names = {p["name"] for p in operation["parameters"]}
    assert {"session_id", "after", "token", "Last-Event-ID"} <= names


def test_a_frame_is_written_once_per_seat_and_the_cache_stays_bounded():
    from wordsvc.api.games import FrameCache

    cache = FrameCache(max_frames=3)
    at = datetime(2026, 1, 1, tzinfo=UTC)
    row = LoggedAction(7, 0, "human", at, (Event("x", {"n": 1}, (0,)),))
    first = cache.frame("s1", 0, row)
    assert first.startswith("id: 7\nevent: action\ndata: {")
    assert first.endswith("\n\n")
    assert cache.frame("s1", 0, replace(row)) is first  # another stream, the same seat
    hidden = row.seen_by(None)
    assert cache.frame("s1", None, hidden) != first  # a spectator sees its own filtering
    for number in range(10):
        cache.frame("s2", 1, replace(row, number=number))
    assert len(cache._frames) == 3


def next_named(events, name):
    """The next event called ``name`` (actions, heartbeats and the retry hint skipped)."""
    while True:
        event = events.get(timeout=WAIT)
        assert event is not None, f"the stream ended before an `{name}` event"
        if event.get("event") == name:
            return event


def test_every_stream_sends_the_seats_when_someone_sits_down_or_takes_a_name(games_client):
    """Names travel live: a spectator's stream and a seat's get the seats, as the summary
    lists them, once a person sits down (the host held the link) and when a name changes."""
    client = games_client
    created = client.post(
        "/v1/games/sessions",
        json={"game": "lost-words", "seats": [{"kind": "human"}] * 2, "seed": 5},
    )
    session = created.get_json()["id"]
    url = f"/v1/games/sessions/{session}"
    mine = client.post(f"{url}/join", json={"seat": 0, "name": "Марта"}).get_json()["token"]
    held = client.post(f"{url}/join", json={"seat": 1, "claim": False}).get_json()["token"]
    with streaming(client, session) as watching, streaming(client, session, mine) as playing:
        claimed = client.post(f"{url}/seat", json={"name": "Тарас"}, headers=bearer(held))
        assert claimed.status_code == 200, claimed.get_json()
        for events in (watching, playing):
            seats = json.loads(next_named(events, "seats")["data"])["seats"]
            assert seats == client.get(url).get_json()["seats"]
            assert [(s["name"], s["claimed"]) for s in seats] == [("Марта", True), ("Тарас", True)]
        client.post(f"{url}/seat", json={"name": "Тарас Г."}, headers=bearer(held))
        for events in (watching, playing):
            seats = json.loads(next_named(events, "seats")["data"])["seats"]
            assert seats[1]["name"] == "Тарас Г."


def test_a_replaced_token_ends_its_stream_and_no_other(games_client):
    """A seat's link renewed (on this device or another, a seat taken over) logs every
    device that held the old one out at once: its stream says `revoked` and ends, while the
    other seat's stream goes on."""
    client = games_client
    session, tokens = lost_words(client)
    url = f"/v1/games/sessions/{session}"
    with (
        streaming(client, session, tokens[0]) as old,
        streaming(client, session, tokens[1]) as other,
    ):
        renewed = client.post(f"{url}/seat/token", headers=bearer(tokens[0]))
        assert renewed.status_code == 200
        # A move at once, with the new token: the old stream must not be sent it.
        play(client, session, {0: renewed.get_json()["token"], 1: tokens[1]}, 1, random.Random(2))
        after = []
        while (event := old.get(timeout=WAIT)) is not None:
            after.append(event)
        names = [e.get("event") for e in after if "event" in e]
        assert names == ["revoked"], names
        assert next_named(other, "seats")
        assert take_actions(other, 1)
