"""Caps on open event streams (wordsvc/stream_slots.py): per address and per worker, each
refusal a problem document with Retry-After; per seat, the newest stream replacing the
oldest; each slot given back when its stream closes."""

from __future__ import annotations

import pytest

from tests.api.test_stream import bearer, lost_words
from wordsvc.errors import Overloaded, TooManyStreams
from wordsvc.stream_slots import (
    EXTENSION,
    PER_SEAT,
    RETRY_AFTER,
    StreamSlots,
    worker_streams,
)


def open_stream(client, session, token=None):
    headers = bearer(token) if token else {}
    return client.get(f"/v1/games/sessions/{session}/stream", headers=headers, buffered=False)


def refusal(response):
    body = response.get_json()
    assert response.mimetype == "application/problem+json"
    assert response.headers["Retry-After"] == str(RETRY_AFTER)
    return response.status_code, body["code"], body.get("details", {}).get("per")


@pytest.fixture
def slots(games_client, monkeypatch):
    """Slots of the defaults' caps, for this test alone (the app is shared)."""
    fresh = StreamSlots(total=100)
    monkeypatch.setitem(games_client.application.extensions, EXTENSION, fresh)
    return fresh


def test_a_seats_newest_stream_replaces_its_oldest_and_every_slot_comes_back(
    games_client, slots, quick_heartbeat
):
    """A phone that reconnects is never refused for the streams it left behind: over the
    seat's share, the oldest stream ends (at its next event) and the newest is served."""
    session, tokens = lost_words(games_client)
    held = [open_stream(games_client, session, tokens[0]) for _ in range(PER_SEAT)]
    assert [r.status_code for r in held] == [200] * PER_SEAT
    newest = open_stream(games_client, session, tokens[0])
    assert newest.status_code == 200
    assert slots.seat_streams(session, 0) == PER_SEAT
    oldest = held.pop(0)
    body = b"".join(oldest.response)  # read until it ends: at its next heartbeat
    assert body.endswith(b": replaced by a newer stream of this seat\n\n")
    assert b"event: end" not in body  # its client, were it alive, reconnects
    oldest.close()
    other_seat = open_stream(games_client, session, tokens[1])
    assert other_seat.status_code == 200  # another seat's share is its own
    assert slots.seat_streams(session, 1) == 1
    for response in [*held, newest, other_seat]:
        response.close()
    assert slots.open == 0
    assert slots.seat_streams(session, 0) == 0


def test_an_address_and_a_worker_hold_at_most_theirs(games_client, monkeypatch):
    app = games_client.application
    session, _ = lost_words(games_client)
    monkeypatch.setitem(app.extensions, EXTENSION, StreamSlots(total=10, per_address=2))
    held = [open_stream(games_client, session) for _ in range(2)]
    assert refusal(open_stream(games_client, session)) == (429, "too_many_streams", "address")
    for response in held:
        response.close()
    monkeypatch.setitem(app.extensions, EXTENSION, StreamSlots(total=1, per_address=5))
    held = open_stream(games_client, session)
    assert refusal(open_stream(games_client, session)) == (503, "overloaded", None)
    held.close()


def test_a_refused_stream_takes_no_slot(games_client, slots):
    """A stream refused after its address's slot was taken (a bad token) gives it back."""
    session, _ = lost_words(games_client)
    refused = open_stream(games_client, session, "not-a-token")
    assert refused.status_code == 401
    assert slots.open == 0


def test_slots_are_counted_and_given_back_once():
    slots = StreamSlots(total=3, per_address=2, per_seat=1)
    first = slots.take("a")
    slots.take("a")
    with pytest.raises(TooManyStreams):
        slots.take("a")
    slots.take("b")
    with pytest.raises(Overloaded):
        slots.take("c")
    first()
    first()  # twice is once
    assert slots.open == 2
    seat, replaced = slots.take_seat("s", 0)
    newer, newer_replaced = slots.take_seat("s", 0)
    assert replaced.is_set()
    assert not newer_replaced.is_set()
    assert slots.seat_streams("s", 0) == 1
    seat()  # a replaced stream's give-back leaves the newer one's share alone
    assert slots.seat_streams("s", 0) == 1
    slots.take_seat("s", 1)
    newer()
    newer()
    assert slots.seat_streams("s", 0) == 0


def test_a_worker_keeps_a_tenth_of_its_threads_for_other_requests():
    assert worker_streams(1000) == 900
    assert worker_streams(8) == 7
    assert worker_streams(1) == 1
