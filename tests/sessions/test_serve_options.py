"""`wordsvc serve`'s gunicorn settings, as the command gives them to gunicorn: threads for
the streams, the app loaded before the fork, no token in the access log, streams ended first
when a worker stops."""

from __future__ import annotations

import signal
import threading

import pytest
from click.testing import CliRunner
from flask import Flask, current_app

from wordsvc import cli, memory, server, stopping
from wordsvc.observability import multiprocess
from wordsvc.server import redact
from wordsvc.worker import BufferedThreadWorker


@pytest.fixture
def serve(monkeypatch, tmp_path):
    """The configuration ``wordsvc serve`` hands gunicorn, caught before it runs (the
    lexicon check and the migrations are skipped)."""
    monkeypatch.setenv("WORDSVC_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(cli, "ensure_lexicon", lambda settings: None)
    monkeypatch.setattr("wordsvc.sessions.database.make_engine", lambda url: None)
    monkeypatch.setattr("wordsvc.sessions.database.upgrade", lambda engine: None)
    caught: dict = {}
    steps: list[str] = []
    # the arena limit is this test process's to keep: the call is only recorded
    monkeypatch.setattr(memory, "limit_arenas", lambda: steps.append("limit arenas"))

    def run(app: server._Gunicorn) -> None:
        steps.append("run gunicorn")
        caught["cfg"] = app.cfg

    monkeypatch.setattr(server._Gunicorn, "run", run)

    def run_serve(*args: str) -> object:
        result = CliRunner().invoke(cli.main, ["serve", *args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return caught.pop("cfg")

    run_serve.steps = steps
    return run_serve


def test_serve_defaults_to_threads_that_can_hold_many_streams(serve):
    cfg = serve()
    assert issubclass(cfg.worker_class, BufferedThreadWorker)  # a thread per whole request
    assert cfg.worker_class.request_seconds == server.REQUEST_TIMEOUT
    assert cfg.threads >= 500
    # every stream is a connection; so is every request still arriving, which holds no thread
    assert cfg.worker_connections >= 10 * cfg.threads
    assert cfg.preload_app  # workers share the lexicon's memory maps
    assert cfg.logger_class is server._RedactingLogger
    assert (cfg.bind, cfg.workers) == (["127.0.0.1:8000"], 2)
    # the metrics of a worker that ended leave the live gauges; the private directory goes
    assert cfg.child_exit is multiprocess.child_exit
    assert cfg.on_exit is multiprocess.on_exit


def test_serve_limits_the_malloc_arenas_before_gunicorn_forks_the_workers(serve):
    """Set in the master before gunicorn runs, the limit is every worker's
    (tests/test_memory.py checks that it limits the arenas)."""
    serve()
    assert serve.steps == ["limit arenas", "run gunicorn"]


def test_serve_passes_its_options_on(serve):
    cfg = serve("--host", "0.0.0.0", "--port", "9001", "--workers", "3", "--threads", "8")
    assert (cfg.bind, cfg.workers, cfg.threads) == (["0.0.0.0:9001"], 3, 8)


def test_a_token_never_reaches_a_log_line():
    line = "GET /v1/games/sessions/ab/stream?after=3&token=s3cr-et_x HTTP/1.1"
    assert redact(line) == "GET /v1/games/sessions/ab/stream?after=3&token=… HTTP/1.1"
    assert redact("?token=abc") == "?token=…"
    assert redact("/v1/words/token=x") == "/v1/words/token=x"  # a word, not a query
    assert redact("http://table.lan/play/ab#seat=s3cr-et_x") == "http://table.lan/play/ab#seat=…"
    assert redact("Authorization: Bearer s3cr-et_x") == "Authorization: Bearer …"


def test_serve_takes_gunicorns_own_thread_worker_and_a_request_timeout(serve):
    assert serve("--worker-class", "gthread").worker_class_str == "gthread"
    assert serve("--request-timeout", "1.5").worker_class.request_seconds == 1.5


def test_sync_workers_are_sync_with_one_thread(serve):
    """gunicorn runs gthread workers for `sync` with more threads than one: `serve` gives a
    sync worker one thread, whatever --threads says."""
    cfg = serve("--worker-class", "sync", "--threads", "50")
    assert (cfg.worker_class_str, cfg.threads) == ("sync", 1)


def test_a_stopping_worker_ends_its_streams_first(serve, monkeypatch):
    """SIGTERM (gunicorn's graceful stop) and SIGINT/SIGQUIT (its quick one) end the worker's
    event streams before it stops (tests/sessions/test_server_stop.py stops a real server)."""
    cfg = serve()
    assert cfg.graceful_timeout == server.GRACEFUL_TIMEOUT
    assert cfg.post_worker_init is server._start_worker
    assert cfg.worker_int is server._stop_streams

    exited = []

    class Worker:
        wsgi = Flask(__name__)

        def handle_exit(self, sig, frame):
            assert stopping.is_stopping(), "the streams are told first"
            exited.append(sig)

    handlers = {}
    monkeypatch.setattr("signal.signal", lambda sig, handler: handlers.setdefault(sig, handler))
    monkeypatch.setattr("wordsvc.services.get_store", lambda: None)
    try:
        cfg.post_worker_init(Worker())
        handlers[signal.SIGTERM](signal.SIGTERM, None)
        assert exited == [signal.SIGTERM]
        stopping.reset()
        cfg.worker_int(Worker())
        assert stopping.is_stopping()
    finally:
        stopping.reset()


def test_a_worker_opens_its_store_as_it_starts_without_waiting_for_it(serve, monkeypatch):
    """Opened by the first request that needed it, the store (every game imported, under the
    import lock) kept the requests behind it waiting; opened in the hook itself, a database
    that does not answer would keep the worker from its loop until the master killed it.
    A store that cannot open is logged, and the first request that needs it tries again."""
    cfg = serve()
    opened = []

    class Worker:
        wsgi = Flask(__name__)

        def handle_exit(self, sig, frame):
            pass

    monkeypatch.setattr("signal.signal", lambda sig, handler: None)
    monkeypatch.setattr("wordsvc.services.get_store", lambda: opened.append(current_app.name))
    cfg.post_worker_init(Worker()).join()
    assert opened == [Worker.wsgi.name]

    answered = threading.Event()

    def slow():  # a database that does not answer: the hook returns all the same
        answered.wait()
        raise OSError("the database is down")

    monkeypatch.setattr("wordsvc.services.get_store", slow)
    opening = cfg.post_worker_init(Worker())
    assert opening.is_alive()
    assert opening.daemon
    answered.set()
    opening.join()  # the failure is logged, not raised
