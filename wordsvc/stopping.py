"""This process is stopping: one process-wide signal that long requests watch, so that they end
at once and a stopping server's worker exits with every request finished, none cut off
(docs/sessions.md, "Stopping").

The long requests are the event streams: each waits for its session's next action, for up
to a heartbeat (15 s), and would otherwise end only with its game. ``wordsvc serve`` calls
:func:`stop` when gunicorn tells a worker to stop (SIGTERM: a shutdown, a restart, a reload;
SIGINT or SIGQUIT: a quick one; :mod:`wordsvc.server`). Every stream then wakes at once
(:meth:`wordsvc.sessions.live.LiveLog` registers with :func:`on_stop`), sends what was
committed, and ends with a reconnection hint; actions under way finish as they would. The
worker stops as soon as its requests are done, long before gunicorn's ``graceful_timeout``,
so it is never killed in the middle of one.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable

_STOPPING = threading.Event()
#: Who to wake when the process stops: bound methods, held weakly (a store may go away).
_WAKERS: list[weakref.WeakMethod[Callable[[], None]]] = []
_LOCK = threading.Lock()


class Stopping(Exception):
    """Raised in a long request when the process stops: it ends now (a stream, with a hint
    to reconnect)."""


def stop() -> None:
    """Tell every long request of this process to end now. Safe in a signal handler: it
    takes no lock a request holds for long (each waker only notifies its waiters)."""
    _STOPPING.set()
    for ref in list(_WAKERS):
        wake = ref()
        if wake is not None:
            wake()


def is_stopping() -> bool:
    return _STOPPING.is_set()


def on_stop(wake: Callable[[], None]) -> None:
    """Call ``wake`` (a bound method, held weakly) when the process stops: it wakes whatever
    of its object waits, which then sees :func:`is_stopping`. At once if the process is
    stopping already."""
    with _LOCK:
        _WAKERS[:] = [ref for ref in _WAKERS if ref() is not None]
        _WAKERS.append(weakref.WeakMethod(wake))
    if _STOPPING.is_set():
        wake()


def reset() -> None:
    """The process goes on after all (for tests that stop it)."""
    _STOPPING.clear()
