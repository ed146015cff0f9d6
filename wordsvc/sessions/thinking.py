"""The thinker: the moves of bots that think for long (search bots, ``thinks = True``), made
off the request threads, so that a person's action is answered at once and the bot's move
follows on the session's stream.

A write that leaves a session waiting on such a bot says so once it has committed
(:meth:`Thinker.due`); one daemon thread per store then makes the move
(:meth:`~wordsvc.sessions.playing.Playing.think`): it reads the session, thinks with no lock
held, and applies the move in a write that checks the version it thought at, thinking
again if the session moved on meanwhile. Nothing of it is kept but in the sessions
themselves: after a restart :meth:`Thinker.resume` finds every session that waits on a bot
that thinks, from their seats and states, and the thinking starts again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)


#: The longest wait before a failed move is tried again, seconds.
LONGEST_RETRY = 60.0


def backoff(failures: int) -> float:
    """Seconds before trying a move again after its ``failures``-th failure in a row: 1, 2,
    4... up to :data:`LONGEST_RETRY` (the database was away, say)."""
    return min(LONGEST_RETRY, 2.0 ** (failures - 1))


class Thinker:
    """Sessions due a thinking bot's move, and the one thread that makes them, started at
    the first. ``think(session_id)`` makes one move and says whether the session is due
    again. A move that fails (the database away, a bug) is tried again after
    ``retry_after(failures)`` seconds, so that no session waits for ever on its bot."""

    def __init__(
        self,
        think: Callable[[str], bool],
        retry_after: Callable[[int], float] = backoff,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._think = think
        self._retry_after = retry_after
        self._clock = clock
        self._due: dict[str, None] = {}  # in order of arrival, each once
        self._failed: dict[str, tuple[int, float]] = {}  # failures in a row, next try at
        self._busy: str | None = None
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def due(self, session_id: str) -> None:
        """The session waits on a bot that thinks (its write has committed)."""
        self.resume([session_id])

    def resume(self, session_ids: Iterable[str]) -> None:
        """Every session of ``session_ids`` is due (a restart found them waiting)."""
        with self._changed:
            for session_id in session_ids:
                self._due[session_id] = None
            if not self._due:
                return
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="thinker", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Whether every due move was made within ``timeout`` seconds, none left to try
        again (tests wait on this condition)."""
        with self._changed:
            return self._changed.wait_for(
                lambda: not self._due and not self._failed and self._busy is None, timeout
            )

    def _next(self) -> str:
        """The next session to think of, once one is due: the first in order of arrival
        whose last failure's wait is over."""
        with self._changed:
            while True:
                now = self._clock()
                ready = [s for s in self._due if self._failed.get(s, (0, now))[1] <= now]
                if ready:
                    session_id = ready[0]
                    del self._due[session_id]
                    self._busy = session_id
                    return session_id
                waits = [self._failed[s][1] - now for s in self._due if s in self._failed]
                self._changed.wait(min(waits) if waits else None)

    def _run(self) -> None:
        while True:
            session_id = self._next()
            again, failed = False, False
            try:
                again = self._think(session_id)
            except Exception:  # the database away, or a bug of a bot or an engine
                log.exception("the bot of session %s could not move; trying again", session_id)
                failed = True
            with self._changed:
                self._busy = None
                if failed:
                    failures = self._failed.get(session_id, (0, 0.0))[0] + 1
                    retry = self._clock() + self._retry_after(failures)
                    self._failed[session_id] = (failures, retry)
                else:
                    self._failed.pop(session_id, None)
                if again or failed:
                    self._due.setdefault(session_id, None)
                self._changed.notify_all()
