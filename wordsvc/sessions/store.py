"""Game sessions: create, join, act, read. Generic over the engine contract and the registry's
hooks; the answers are the dataclasses of ``records.py``.

The store is made of parts, each with one job, each standing on the one before:

- ``core.py``: the connections, the reads of a session's head and seats, its state;
- ``reading.py``: the reads (summaries, logs, the lobby's list, results);
- ``playing.py``: actions, the bots' replies and the one write of play (``_commit``);
- ``seating.py``: new sessions, seats taken, sat down at and their tokens replaced;

with the statements built once in ``statements.py``, the rows they give typed in
``rows.py`` and seat tokens in ``tokens.py``.

On SQLite, which commits one transaction at a time, the actions that queue meanwhile share
the next transaction, each in a savepoint of its own, and its one commit
(``WriterQueue.transact``). Each process keeps the latest committed state of the sessions it
touched (``cache.py``), found by the version just read, so that the state's JSON is read
and decoded only when another process moved the session on.
"""

from __future__ import annotations

from wordsvc.sessions.hosting import HostedGame, SeatSpec
from wordsvc.sessions.seating import Seating
from wordsvc.sessions.tokens import hash_token


class SessionStore(Seating):
    """The session store: every part's methods (see the module's docstring)."""


__all__ = ["HostedGame", "SeatSpec", "SessionStore", "hash_token"]
