"""The store's records: what a seat sees of them is decided by `Event.visible_to` alone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from wordsvc.games.contract import Event
from wordsvc.sessions.records import Acted, Applied, LoggedAction, seen_by

EVENTS = (
    Event("public", {"n": 1}),
    Event("mine", {"card": "a"}, (0,)),
    Event("shared", {"card": "b"}, (0, 1)),
    Event("theirs", {"card": "c"}, (1,)),
)


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_a_seat_sees_the_events_visible_to_it(seat):
    expected = tuple(e for e in EVENTS if e.visible_to(seat))
    assert seen_by(EVENTS, seat) == expected
    logged = LoggedAction(3, 0, "human", datetime(2026, 1, 1, tzinfo=UTC), EVENTS)
    assert logged.seen_by(seat).events == expected
    assert Applied(3, 0, "human", "draw", EVENTS).seen_by(seat).events == expected


def test_a_spectator_sees_only_the_public_events():
    assert [e.type for e in seen_by(EVENTS, None)] == ["public"]
    assert [e.type for e in seen_by(EVENTS, 1)] == ["public", "shared", "theirs"]


def test_a_kept_reply_reads_back_as_it_was_sent():
    acted = Acted(4, (Applied(4, 1, "bot", "play", seen_by(EVENTS, 1)),), "active")
    kept = Acted.from_record(acted.to_record(), replayed=True)
    assert kept.replayed is True
    assert kept.version == 4
    assert [(e.type, e.data) for e in kept.applied[0].events] == [
        (e.type, e.data) for e in acted.applied[0].events
    ]
