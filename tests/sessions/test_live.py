"""This process's live log (wordsvc/sessions/live.py): what wakes a waiting stream."""

from __future__ import annotations

import threading

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
