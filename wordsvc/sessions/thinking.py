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
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)


class Thinker:
    """Sessions due a thinking bot's move, and the one thread that makes them, started at
    the first. ``think(session_id)`` makes one move and says whether the session is due
    again."""

    def __init__(self, think: Callable[[str], bool]) -> None:
        self._think = think
        self._due: dict[str, None] = {}  # in order of arrival, each once
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
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="thinker", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Whether every due move was made within ``timeout`` seconds (tests and shutdown
        wait on this condition)."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._due and self._busy is None, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._due))
                session_id = next(iter(self._due))
                del self._due[session_id]
                self._busy = session_id
            again = False
            try:
                again = self._think(session_id)
            except Exception:  # a bug of a bot or an engine: logged, the session waits
                log.exception("the bot of session %s could not move", session_id)
            with self._changed:
                self._busy = None
                if again:
                    self._due.setdefault(session_id, None)
                self._changed.notify_all()
