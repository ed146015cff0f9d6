"""This process's latest state of each session it touched, so that an action or a read does
not fetch and decode the state's JSON again.

An entry is a state *at a version*: the state after that many actions. A session's version
only moves forward, and only through the compare-and-set of ``SessionStore._commit``, so the
state at a given version never changes once committed. The store looks an entry up by the
version it has just read from the database (under the session's lock when it acts), so an
entry written by this process can never stand for another process's newer state: a version
the cache has not seen is a miss, and the state is read. An entry is put only once its state
is committed (after the transaction's commit, or read back from the database).

States are shared, never copied: the engine contract forbids ``apply`` to touch the state
it is given, and nothing else in the store changes one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from wordsvc.games.contract import State

#: Sessions kept per process: a state takes 10-20 KB in memory (2-4 KB of JSON; four-player
#: games of each kind, measured), so at most about 20 MB of a worker.
CACHED_SESSIONS = 1024


class StateCache:
    """The newest state seen of up to ``size`` sessions, least recently used dropped."""

    def __init__(self, size: int = CACHED_SESSIONS) -> None:
        self.size = size
        self._entries: OrderedDict[str, tuple[int, State]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, session_id: str, version: int) -> State | None:
        """The session's state at ``version``, if this process holds that one."""
        with self._lock:
            entry = self._entries.get(session_id)
            if entry is None or entry[0] != version:
                return None
            self._entries.move_to_end(session_id)
            return entry[1]

    def put(self, session_id: str, version: int, state: State) -> None:
        """Keep ``state`` as the session's at ``version`` (committed), unless a newer one is
        already kept."""
        with self._lock:
            entry = self._entries.get(session_id)
            if entry is not None and entry[0] > version:
                return
            self._entries[session_id] = (version, state)
            self._entries.move_to_end(session_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)
