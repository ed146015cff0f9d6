"""The metrics' directory for gunicorn's workers (prometheus-client's multiprocess mode).

Each worker keeps its values in files of ``PROMETHEUS_MULTIPROC_DIR``; a scrape of any
worker reads them all. prometheus-client picks the mode when it is first imported, so
:func:`prepare` runs in gunicorn's master before it loads the app (and forks). Without an
operator's directory, it makes a fresh private one, so that no value of an earlier run is
summed in (and removes those of servers killed before they could); :func:`child_exit` and
:func:`on_exit` are gunicorn's hooks for a worker that ended and for the end of the server.

prometheus-client is imported here only inside the hooks, which run once it is imported.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ENV = "PROMETHEUS_MULTIPROC_DIR"
#: A private directory's name: this prefix, the pid of the server that made it, a random tail.
PREFIX = "wordsvc-metrics-"
#: The directory :func:`prepare` made (and :func:`on_exit` removes), if it made one.
_made: Path | None = None


def directory() -> Path | None:
    """The metrics' directory of this process, if it keeps its values in one."""
    value = os.environ.get(ENV)
    return Path(value) if value else None


def prepare() -> Path:
    """Make sure ``PROMETHEUS_MULTIPROC_DIR`` names a directory before prometheus-client is
    imported: the operator's (made if missing), else a new private one (mode 0700). Returns
    it. Raises RuntimeError if prometheus-client was imported first: its workers would each
    count alone, and a scrape would show one worker's share."""
    global _made
    path = directory()
    if path is None:
        if "prometheus_client.values" in sys.modules:
            raise RuntimeError(
                "prometheus-client was imported before its multiprocess directory was set"
            )
        _remove_orphans(Path(tempfile.gettempdir()))
        path = _made = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
        os.environ[ENV] = str(path)
    else:
        path.mkdir(parents=True, exist_ok=True)
    return path


def _remove_orphans(parent: Path) -> None:
    """Remove the private directories of servers that are gone without their ``on_exit``
    (killed with SIGKILL): their pid, in the name, runs no process any more."""
    for found in parent.glob(f"{PREFIX}*"):
        pid = found.name.removeprefix(PREFIX).split("-", 1)[0]
        if not pid.isdecimal():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(found, ignore_errors=True)
        except OSError:  # alive, someone else's
            continue


def child_exit(server: Any, worker: Any) -> None:
    """gunicorn's ``child_exit`` hook, in the master: a worker that ended no longer counts in
    the gauges of the live workers (open streams)."""
    if directory() is not None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(server: Any) -> None:
    """gunicorn's ``on_exit`` hook: remove the private directory :func:`prepare` made."""
    global _made
    if _made is not None:
        shutil.rmtree(_made, ignore_errors=True)
        _made = None
