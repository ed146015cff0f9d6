"""Run the WSGI app under gunicorn, a production server, from ``wordsvc serve``; and what
it logs (docs/observability.md): one JSON line per request on standard output, and gunicorn's
and the app's own messages as JSON lines on standard error. No line holds a seat's token."""

from __future__ import annotations

import json
import logging
import re
import signal
import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from types import FrameType
from typing import Any

from gunicorn.app.base import BaseApplication
from gunicorn.glogging import Logger

from wordsvc import memory, server_errors, stopping
from wordsvc.config import Settings
from wordsvc.observability import multiprocess
from wordsvc.observability.request_ids import REQUEST_ID, ROUTE, current_request_id
from wordsvc.worker import ADDRESS_REQUESTS

log = logging.getLogger(__name__)

#: What a log line could be handed by mistake and must never hold: a seat's token in a query
#: string (an EventSource cannot send an Authorization header), in a seat link's fragment
#: (``#seat=``), or after ``Bearer``.
_SECRETS = re.compile(r"(?:(?<=[?&]token=)|(?<=[#&]seat=)|(?<=\bBearer ))[^&\s\"'<>]+", re.I)


def redact(text: str) -> str:
    """``text`` with every secret :data:`_SECRETS` finds replaced by ``…``."""
    return _SECRETS.sub("…", text)


def access_fields(
    status: object, sent: int | None, environ: dict[str, Any], seconds: float
) -> dict[str, object]:
    """The access log's line for one answered request: when it ended (UTC), its id, method,
    route (the URL rule; None when none matched), path and query (secrets redacted), status,
    duration (a stream's: until it closed), the body's bytes and the client's address."""
    target = environ.get("RAW_URI") or environ.get("PATH_INFO") or ""
    code = str(status).split(None, 1)[0]
    return {
        "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
        "request_id": environ.get(REQUEST_ID),
        "method": environ.get("REQUEST_METHOD"),
        "route": environ.get(ROUTE),
        "path": redact(target),
        "status": int(code) if code.isdigit() else code,
        "duration_ms": round(seconds * 1000, 3),
        "bytes": sent,
        "client": environ.get("REMOTE_ADDR"),
    }


class JsonLines(logging.Formatter):
    """One JSON object per line. An access record (``extra={"access": fields}``) is its
    fields; any other record is its time, level, logger and message, the request's id when
    it was logged while a request was answered, and its error's traceback; secrets redacted."""

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "access", None)
        if not isinstance(fields, dict):
            fields = {
                "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                    timespec="milliseconds"
                ),
                "level": record.levelname.lower(),
                "logger": record.name,
                "message": redact(record.getMessage()),
            }
            request_id = getattr(record, "request_id", None)
            if request_id is not None:
                fields["request_id"] = request_id
            if record.exc_info:
                fields["error"] = redact(self.formatException(record.exc_info))
            elif record.exc_text:
                fields["error"] = redact(record.exc_text)
        return json.dumps(fields, ensure_ascii=False, separators=(",", ":"), default=str)


class _RequestId(logging.Filter):
    """Adds the id of the request being answered to a record logged while answering it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            record.request_id = current_request_id()
        return True


#: The app's loggers (``wordsvc.*``), written with gunicorn's error log.
APP_LOGGER = "wordsvc"


class _RedactingLogger(Logger):
    """gunicorn's logger, writing JSON lines: the access log's one per request
    (:func:`access_fields`), the error log's (gunicorn's messages and the app's own, which go
    to the same place) one per message. No line holds a seat's token: the access line's path
    is redacted, and so is every message (gunicorn's own may quote a request line)."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        lines = JsonLines()
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                if getattr(handler, "_gunicorn", False):
                    handler.setFormatter(lines)
                    handler.addFilter(_RequestId())
        app_log = logging.getLogger(APP_LOGGER)
        for handler in list(app_log.handlers):  # a configuration reload sets them anew
            if getattr(handler, "_gunicorn", False):
                app_log.removeHandler(handler)
        for handler in self.error_log.handlers:
            if getattr(handler, "_gunicorn", False):
                app_log.addHandler(handler)
        app_log.setLevel(self.loglevel)
        app_log.propagate = False

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        if self.cfg.accesslog is None:
            return
        fields = access_fields(
            resp.status, getattr(resp, "sent", None), environ, request_time.total_seconds()
        )
        self.access_log.info("%s %s", fields["method"], fields["path"], extra={"access": fields})


def _stop_streams_on_term(worker: Any) -> None:
    """gunicorn's ``post_worker_init`` hook: a worker told to stop (SIGTERM, sent by the
    master on a shutdown, a restart or a reload) first ends its event streams
    (:func:`wordsvc.stopping.stop`), then stops as gunicorn does: it takes no new
    connection and finishes the requests under way. An open stream would otherwise keep
    the worker until ``graceful_timeout``, and then the master would kill it, with whatever
    request it was in the middle of."""
    exit_gracefully = worker.handle_exit

    def on_term(sig: int, frame: FrameType | None) -> None:
        stopping.stop()
        exit_gracefully(sig, frame)

    signal.signal(signal.SIGTERM, on_term)


def _start_worker(worker: Any) -> threading.Thread:
    """gunicorn's ``post_worker_init`` hook: the worker's signals (:func:`_stop_streams_on_term`)
    and its session store, opened in a thread of its own (:func:`_open_store`) as the worker
    starts: a database slow to answer must not keep the worker from its loop, where it tells
    the master it is alive (or the master kills it after ``timeout``) and answers whatever
    needs no store."""
    _stop_streams_on_term(worker)
    opening = threading.Thread(target=_open_store, args=(worker,), name="wordsvc-open-store")
    opening.daemon = True
    opening.start()
    return opening


def _open_store(worker: Any) -> None:
    """Open the worker's session store (its database, the schema checked, every game's
    engine and bots imported and built) as the worker starts. Opened on first use instead,
    it cost the first request that needed it a few hundred ms, under the import lock, while
    every request behind it waited: a burst of event streams kept a health check waiting
    over a second (scripts/abuse.py). A store that cannot open now (the database down) is
    logged, and the first request that needs it tries again."""
    from wordsvc.services import get_store

    try:
        with worker.wsgi.app_context():
            get_store()
    except Exception:
        log.exception(
            "could not open the session store; the first request that needs it tries again"
        )


def _stop_streams(worker: Any) -> None:
    """gunicorn's ``worker_int`` hook (SIGINT or SIGQUIT: a quick shutdown, the worker exits
    at once): the streams end too, so that its threads are done when it does."""
    stopping.stop()


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict[str, object], settings: Settings | None = None) -> None:
        self.options = options
        self.settings = settings
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Callable[..., Iterable[bytes]]:
        """The app with its judge open: loaded once before the fork (``preload_app``), so the
        workers inherit the lexicon's memory maps and share their pages. (A Flask app; the
        WSGI type is loose because gunicorn's stubs type ``start_response`` more narrowly
        than Flask and the standard library do.)"""
        settings = self.settings or Settings.from_env()
        if settings.metrics or multiprocess.directory() is not None:
            multiprocess.prepare()  # before prometheus-client is imported, and the fork
        from wordsvc import stream_slots
        from wordsvc.app import create_app
        from wordsvc.services import get_judge

        app = create_app(settings)
        threads = int(self.options.get("threads", 1))  # type: ignore[call-overload]
        stream_slots.install(app, stream_slots.worker_streams(threads))  # a tenth kept free
        with app.app_context():
            get_judge()
        return app


#: How long the master waits for a stopping worker's process to end before killing it,
#: seconds. On SIGTERM a worker ends its event streams at once (with a hint to reconnect:
#: their clients come back with Last-Event-ID and lose nothing), finishes the requests under
#: way, keeps its idle kept-alive connections at most 2 s more (gunicorn's linger, for a
#: request a client may already be sending), then its process tears itself down (freeing its
#: heap: a second or two, more on a busy machine). So this is a backstop, with room for that
#: teardown: no request is ever under way when it is reached
#: (tests/sessions/test_server_stop.py).
GRACEFUL_TIMEOUT = 10

#: The worker classes `wordsvc serve` offers, by the name its `--worker-class` takes.
#: ``buffered`` (:mod:`wordsvc.worker`): gunicorn's threads, each given a request only once
#: it has arrived whole, so that held connections cost no thread; ``gthread``: gunicorn's own
#: (a thread from a request's first byte); ``sync``: one request at a time per worker.
WORKER_CLASSES = ("buffered", "gthread", "sync")
#: The worker class `wordsvc serve` uses: threads, so that a worker holds many open event
#: streams (each waits in a thread of its own, costing no CPU) while it goes on answering
#: (docs/performance.md measures it against sync workers and the judge's bare baseline),
#: each thread given a whole request (scripts/abuse.py measures what that holds off).
WORKER_CLASS = "buffered"
#: Threads per worker (buffered or gthread): every open event stream holds one, so this
#: bounds the streams a worker can hold. Idle threads are not created until needed.
THREADS = 1000
#: Seconds a request has to arrive whole under the buffered worker; slower ones are closed.
REQUEST_TIMEOUT = 5.0


def run_gunicorn(
    host: str,
    port: int,
    workers: int,
    worker_class: str = WORKER_CLASS,
    threads: int = THREADS,
    settings: Settings | None = None,
    request_timeout: float = REQUEST_TIMEOUT,
    address_requests: int = ADDRESS_REQUESTS,
) -> None:
    """Serve until stopped. The app is loaded before forking, so workers share the tries'
    memory-mapped pages. ``worker_class``: one of :data:`WORKER_CLASSES`. ``threads`` is for
    buffered and gthread workers: a sync worker has one (gunicorn would otherwise make any
    worker given more than one thread a gthread worker). ``request_timeout``: seconds a
    request has to arrive whole (buffered workers). ``address_requests``: how many requests
    of one client address a buffered worker answers at once (0: no share, and none behind
    trusted proxies, where every connection comes from a proxy).
    ``settings``: the app's (None: from the environment). The master limits its malloc
    arenas first (:mod:`wordsvc.memory`): its workers, forked from it, inherit the limit."""
    memory.limit_arenas()
    server_errors.install()  # what gunicorn answers itself is a problem document too
    if worker_class == "sync":
        threads = 1
    worker: object = worker_class
    connections = max(1000, threads + 100)
    if worker_class == "buffered":
        from wordsvc.worker import SOCKET_SECONDS, WORKER_CONNECTIONS, BufferedThreadWorker

        if (settings or Settings.from_env()).trusted_proxies:
            address_requests = 0  # the peer is the proxy: each client's share is the proxy's
        worker = BufferedThreadWorker.configured(request_timeout, SOCKET_SECONDS, address_requests)
        connections = max(WORKER_CONNECTIONS, threads + 100)
    _Gunicorn(
        {
            "bind": f"{host}:{port}",
            "workers": workers,
            "worker_class": worker,
            "threads": threads,
            # Open connections per worker: every event stream is one; keep-alive ones and
            # (buffered) those whose request is arriving too.
            "worker_connections": connections,
            "preload_app": True,
            "accesslog": "-",
            "logger_class": _RedactingLogger,
            # The workers' metrics are summed from files: a worker that ended leaves the
            # live gauges, and the directory `load` made goes with the server.
            "child_exit": multiprocess.child_exit,
            "on_exit": multiprocess.on_exit,
            "timeout": 30,
            "graceful_timeout": GRACEFUL_TIMEOUT,
            "post_worker_init": _start_worker,
            "worker_int": _stop_streams,
            # The longest request line gunicorn takes: longer ones get its own bare 414; up
            # to this, the app answers a long URL with a problem document (api.problems.MAX_URL).
            "limit_request_line": 8190,
            # No control socket: its default path (~/.gunicorn/gunicorn.ctl) is one per
            # user, so a second server on the host took it over and, stopping, deleted the
            # first's. The service is stopped by its signals (`docs/deploy.md`).
            "control_socket_disable": True,
        },
        settings,
    ).run()
