"""Caps on open event streams (wordsvc/api/stream_slots.py): per address, per seat and per
worker, each refusal a problem document with Retry-After, each slot given back when its
stream closes."""

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


def test_a_seat_holds_at_most_its_share_and_gets_each_slot_back_on_close(games_client, slots):
    session, tokens = lost_words(games_client)
    held = [open_stream(games_client, session, tokens[0]) for _ in range(PER_SEAT)]
    assert [r.status_code for r in held] == [200] * PER_SEAT
    assert refusal(open_stream(games_client, session, tokens[0])) == (
        429,
        "too_many_streams",
        "seat",
    )
    other_seat = open_stream(games_client, session, tokens[1])
    assert other_seat.status_code == 200  # another seat's share is its own
    other_seat.close()
    held.pop().close()
    again = open_stream(games_client, session, tokens[0])
    assert again.status_code == 200
    for response in [*held, again]:
        response.close()
    assert slots.open == 0


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
    seat = slots.take_seat("s", 0)
    with pytest.raises(TooManyStreams):
        slots.take_seat("s", 0)
    slots.take_seat("s", 1)
    seat()
    slots.take_seat("s", 0)


def test_a_worker_keeps_a_tenth_of_its_threads_for_other_requests():
    assert worker_streams(1000) == 900
    assert worker_streams(8) == 7
    assert worker_streams(1) == 1
