"""How many event streams a worker holds open, and for whom (the API's stream route takes a
slot; the pages read how long a refused one waits).

Every open stream holds one of its worker's threads for as long as the client keeps it
(wordsvc.server.THREADS). Streams are valid requests that never end, so the rate limits,
which count requests, never see them pile up: 1,010 streams from one address took every
thread of a worker, and its word checks waited (issue 38). So a worker holds at most
:data:`PER_ADDRESS` streams per client address and, in all, what its threads allow with a
tenth of them kept for ordinary requests (:func:`worker_streams`). One more is refused
before it starts, with a problem document: 429 ``too_many_streams`` for an address over its
share, 503 ``overloaded`` for a worker that is full, each with ``Retry-After``. A seat of a
session keeps :data:`PER_SEAT` streams (a player's phone, tablet and a tab or two).

The counts are each worker's own, like the threads they protect: a server of two workers
holds up to twice as many per address.

A seat over its share is not refused: its newest stream replaces its oldest, which ends at
its next event or heartbeat. A phone that lost its connection and reconnects leaves a stream
the server cannot know is dead until it next writes to it; refusing the phone for that
would lock a player out of their own table (the soak found it). The replaced stream still
holds its address's slot, and its thread, until it ends, so the caps on threads stand.
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
        self._by_seat: dict[tuple[str, int], list[threading.Event]] = {}

    @property
    def open(self) -> int:
        return self._open

    def take(self, address: str) -> Callable[[], None]:
        """A slot for one more stream of ``address``: the function that gives it back (once).
        Raises TooManyStreams or Overloaded when there is none to be had. Asked before the
        request's token is checked, so that a flood of refused streams costs no lookup."""
        with self._lock:
            if self._by_address[address] >= self.per_address:
                raise _too_many(self.per_address)
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

    def take_seat(self, session_id: str, seat: int) -> tuple[Callable[[], None], threading.Event]:
        """A share of the seat's streams for one more (besides its address's slot): the
        function that gives it back, and the event set when a newer stream of the seat
        replaces this one (it then ends). Never refuses: over :attr:`per_seat`, the oldest
        stream of the seat is replaced."""
        key = (session_id, seat)
        replaced = threading.Event()
        with self._lock:
            held = self._by_seat.setdefault(key, [])
            while len(held) >= self.per_seat:
                held.pop(0).set()
            held.append(replaced)

        def give_back() -> None:
            held = self._by_seat.get(key, [])
            if replaced in held:
                held.remove(replaced)
            if not held:
                self._by_seat.pop(key, None)

        return self._once(give_back), replaced

    def seat_streams(self, session_id: str, seat: int) -> int:
        """How many streams of the seat are open and not replaced."""
        with self._lock:
            return len(self._by_seat.get((session_id, seat), ()))

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


def _too_many(cap: int) -> TooManyStreams:
    return TooManyStreams(
        "too_many_streams",
        f"This address holds {cap} live streams, the most one may; close one, or retry shortly.",
        {"per": "address", "limit": cap, "retry_after": RETRY_AFTER},
    )
