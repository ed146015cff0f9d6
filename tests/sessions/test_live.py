"""This process's live log (wordsvc/sessions/live.py): what wakes a waiting stream."""

from __future__ import annotations

import random
import threading

import pytest

from wordsvc.sessions import live
from wordsvc.sessions.hosting import SeatSpec
from wordsvc.sessions.live import LiveLog

WAIT = 10.0  # seconds: a wake-up takes milliseconds; the bug it guards against, a heartbeat


def test_a_read_that_learns_news_wakes_the_other_streams(store):
    """A stream that reads the database (it just subscribed, say) and finds the seats moved
    on wakes the streams already waiting: the watcher, which reports only what is newer than
    the tail knows, would never tell them (they slept until the heartbeat)."""
    log = LiveLog(store.engine, poll_seconds=3600)  # no watcher round during the test
    made = store.create("lost-words", {}, [SeatSpec("human"), SeatSpec("human")])
    token = store.join(made.id, 1, claim=False).token
    tail = log._subscribe(made.id)
    try:
        log._read_tail(made.id, tail, 0, True)
        seen = tail.seats_known
        woke: list[bool] = []
        waiter = threading.Thread(target=lambda: woke.append(log._wait(tail, 0, seen, WAIT)))
        waiter.start()
        store.claim(made.id, token, "Тарас")
        log._read_tail(made.id, tail, 0, True)  # another stream's read learns of it
        waiter.join(WAIT / 2)  # woken at once, not when its wait runs out
        assert not waiter.is_alive(), "the waiting stream was not woken"
        assert woke == [True]
        assert tail.seats_known == seen + 1
    finally:
        log._unsubscribe(made.id)
        log.close()


def play_out(store, session_id, actions):
    """Take ``actions`` in turn, each by the seat to act."""
    for action in actions:
        summary = store.summary(session_id)
        store.act(session_id, summary.to_act[0], action, summary.version)


def test_a_read_racing_the_last_action_ends_the_stream_at_its_notification(store, monkeypatch):
    """The game's last action is committed while a stream reads the log (after the session's
    row, before the actions). The stream must end when that action's notification arrives,
    not a heartbeat later: the read takes the actions only up to the version its status came
    with, so the notification is still news to it."""
    seats = [SeatSpec("human"), SeatSpec("human")]
    rng = random.Random(7)
    whole = store.create("lost-words", {}, seats, 21)
    for seat in (0, 1):
        store.join(whole.id, seat)
    taken = []
    while (summary := store.summary(whole.id)).status != "over":
        seat = summary.to_act[0]
        action = rng.choice(store.summary(whole.id, seat).legal_actions)
        store.act(whole.id, seat, action, summary.version)
        taken.append(action)
    # The same deal again, played to one action before its end.
    racing = store.create("lost-words", {}, seats, 21)
    for seat in (0, 1):
        store.join(racing.id, seat)
    play_out(store, racing.id, taken[:-1])
    before = store.summary(racing.id).version
    log = LiveLog(store.engine, poll_seconds=3600)  # the test plays the watcher's part
    read_rows = live.log_rows
    committed = threading.Event()

    def racing_read(conn, session_id, after, upto=None):
        if not committed.is_set():
            play_out(store, racing.id, taken[-1:])
            committed.set()
        return read_rows(conn, session_id, after, upto)

    items = []
    follow = log.follow(racing.id, None, before, heartbeat=WAIT)
    monkeypatch.setattr(live, "log_rows", racing_read)
    reader = threading.Thread(target=lambda: items.extend(follow))
    try:
        reader.start()
        assert committed.wait(WAIT)
        final = store.summary(racing.id)
        assert final.status == "over"
        log.moved(racing.id, final.version)  # the last action's notification
        reader.join(WAIT / 2)
        assert not reader.is_alive(), "the stream waited for its heartbeat to end"
        assert None not in items
        assert [row.number for row in items] == list(range(before + 1, final.version + 1))
    finally:
        log.close()
        reader.join(WAIT * 2)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)  # SQLite polls
def test_the_watcher_hears_a_commit_without_reconnecting(store, caplog):
    """On PostgreSQL the watcher wakes a stream on the commit's notification, on the
    connection it listens on: it must not lose that connection (psycopg before 3.2 had no
    ``notifies(timeout=)``, and the watcher reconnected every second, finding actions only by
    the version read each reconnect makes) nor read the versions again to find the action."""
    log = LiveLog(store.engine)
    assert log.postgres
    polls: list[None] = []
    listening = threading.Event()
    poll_versions = log._poll_versions

    def counted_poll() -> None:  # the read the watcher makes once it listens
        polls.append(None)
        poll_versions()
        listening.set()

    log._poll_versions = counted_poll  # type: ignore[method-assign]
    made = store.create("lost-words", {}, [SeatSpec("human"), SeatSpec("human")], 21)
    for seat in (0, 1):
        store.join(made.id, seat)
    follow = log.follow(made.id, None, 0, heartbeat=WAIT)
    first = []
    reader = threading.Thread(target=lambda: first.append(next(follow)))
    try:
        reader.start()
        assert listening.wait(WAIT), "the watcher never listened"
        seat = store.summary(made.id).to_act[0]
        summary = store.summary(made.id, seat)
        store.act(made.id, seat, summary.legal_actions[0], summary.version)
        reader.join(WAIT)
        assert not reader.is_alive(), "the commit's notification woke nobody"
        assert [item.number for item in first] == [1]
        assert len(polls) == 1, "the watcher read the versions again: it reconnected"
        lost = [r for r in caplog.records if r.name == live.log.name and r.levelno >= 30]
        assert lost == []
    finally:
        log.close()
        reader.join(WAIT)
