"""How many event streams a worker holds open, and for whom (the API's stream route takes a
slot; the pages read how long a refused one waits).

Every open stream holds one of its worker's threads for as long as the client keeps it
(wordsvc.server.THREADS). Streams are valid requests that never end, so the rate limits,
which count requests, never see them pile up: 1,010 streams from one address took every
thread of a worker, and its word checks waited (issue 38). So a worker holds at most
:data:`PER_ADDRESS` streams per client address, :data:`PER_SEAT` per seat of a session (a
player's phone, tablet and a tab or two) and, in all, what its threads allow with a tenth of
them kept for ordinary requests (:func:`worker_streams`). One more is refused before it
starts, with a problem document: 429 ``too_many_streams`` for a client over its share, 503
``overloaded`` for a worker that is full, each with ``Retry-After``.

The counts are each worker's own, like the threads they protect: a server of two workers
holds up to twice as many per address.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app

from wordsvc.errors import Overloaded, TooManyStreams

#: Open streams per client address in one worker: a table behind one address (a home's or
#: a café's router) is a few phones, a host screen and some watchers.
PER_ADDRESS = 32
#: Open streams per seat of a session in one worker.
PER_SEAT = 4
#: Seconds a refused client is told to wait before it tries again.
RETRY_AFTER = 5


def worker_streams(threads: int) -> int:
    """The streams a worker of ``threads`` threads holds: all but a tenth (at least one)."""
    return max(1, threads - max(1, threads // 10))


#: Where the app keeps its slots.
EXTENSION = "wordsvc.stream_slots"
#: The streams an app holds in all until its server says how many threads it has (`wordsvc
#: serve` does, per worker: wordsvc.server): gunicorn's 1,000 threads' worth.
DEFAULT_TOTAL = worker_streams(1000)


def install(app: Flask, total: int = DEFAULT_TOTAL) -> None:
    """Give ``app`` slots for ``total`` streams (per process: each worker has its own)."""
    app.extensions[EXTENSION] = StreamSlots(total)


def slots() -> StreamSlots:
    """The current app's slots."""
    found: StreamSlots = current_app.extensions[EXTENSION]
    return found


class StreamSlots:
    """The open streams of this worker, counted per address and per seat; thread-safe."""

    def __init__(
        self, total: int, per_address: int = PER_ADDRESS, per_seat: int = PER_SEAT
    ) -> None:
        self.total, self.per_address, self.per_seat = total, per_address, per_seat
        self._lock = threading.Lock()
        self._open = 0
        self._by_address: Counter[str] = Counter()
        self._by_seat: Counter[tuple[str, int]] = Counter()

    @property
    def open(self) -> int:
        return self._open

    def take(self, address: str) -> Callable[[], None]:
        """A slot for one more stream of ``address``: the function that gives it back (once).
        Raises TooManyStreams or Overloaded when there is none to be had. Asked before the
        request's token is checked, so that a flood of refused streams costs no lookup."""
        with self._lock:
            if self._by_address[address] >= self.per_address:
                raise _too_many("this address", self.per_address)
            if self._open >= self.total:
                raise Overloaded(
                    "overloaded",
                    "This server holds as many live streams as it can; retry shortly, or "
                    "read the session's events instead.",
                    {"retry_after": RETRY_AFTER},
                )
            self._open += 1
            self._by_address[address] += 1

        def give_back() -> None:
            self._open -= 1
            _decrement(self._by_address, address)

        return self._once(give_back)

    def take_seat(self, session_id: str, seat: int) -> Callable[[], None]:
        """A slot for one more stream of a seat (besides its address's): as :meth:`take`."""
        key = (session_id, seat)
        with self._lock:
            if self._by_seat[key] >= self.per_seat:
                raise _too_many("this seat", self.per_seat)
            self._by_seat[key] += 1
        return self._once(lambda: _decrement(self._by_seat, key))

    def _once(self, give_back: Callable[[], None]) -> Callable[[], None]:
        given = False

        def once() -> None:
            nonlocal given
            with self._lock:
                if not given:
                    given = True
                    give_back()

        return once


def _decrement(counts: Counter[Any], key: object) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


def _too_many(whose: str, cap: int) -> TooManyStreams:
    return TooManyStreams(
        "too_many_streams",
        f"{whose.capitalize()} holds {cap} live streams, the most one may; close one, or "
        "retry shortly.",
        {"per": whose.removeprefix("this "), "limit": cap, "retry_after": RETRY_AFTER},
    )
