"""A real `wordsvc serve` for the tests that need one (gunicorn's master and workers, as an
operator runs it), and a free loopback port for it; one helper, so that the tests that start
servers (tests/sessions, tests/api/test_two_servers.py, tests/observability,
tests/browser) start, stop and ask them alike."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def free_port() -> int:
    """A loopback port free now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class Server:
    """``wordsvc serve`` with ``workers`` workers on ``database_url``, in a process group of
    its own, with the rate limits off (many clients on one address are a load test, not a
    table; tests/api/test_limits.py tests the limits). ``log``: a file for its output (its
    access log and gunicorn's own lines, appended at each start), else none is kept;
    ``env``: more environment variables, over those; ``options``: more of `serve`'s."""

    def __init__(
        self,
        settings: Any,
        database_url: str,
        workers: int = 1,
        log: Path | None = None,
        env: dict[str, str] | None = None,
        options: tuple[str, ...] = (),
    ) -> None:
        self.port = free_port()
        self.workers = workers
        self.options = options
        self.log = log
        self.env = {
            **os.environ,
            "WORDSVC_DATA_DIR": str(settings.data_dir),
            "WORDSVC_DICTIONARIES_DIR": str(settings.dictionaries_dir),
            "WORDSVC_DATABASE_URL": database_url,
            "WORDSVC_RATE_LIMITS": "off",
            **(env or {}),
        }
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> None:
        """Launch, and wait until it answers."""
        self.launch()
        self.wait_ready(time.monotonic() + timeout)

    def launch(self) -> None:
        """Launch, without waiting: servers launched together start side by side."""
        output = subprocess.DEVNULL if self.log is None else self.log.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "wordsvc.cli",
                "serve",
                "--port",
                str(self.port),
                "--workers",
                str(self.workers),
                *self.options,
            ],
            env=self.env,
            cwd=ROOT,
            stdout=output,
            stderr=output,
            start_new_session=True,
        )
        if output is not subprocess.DEVNULL:
            output.close()  # the server holds its own copy

    def wait_ready(self, deadline: float) -> None:
        """Wait until ``/healthz`` answers 200, by ``deadline`` (``time.monotonic()``); a
        server that exited first fails at once, with its log's end when it keeps one."""
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                said = self.log.read_text(errors="replace")[-3000:] if self.log else ""
                raise RuntimeError(f"the server exited ({self.process.returncode}): {said}")
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """SIGKILL the whole server, master and workers, as a crash would."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def terminate(self) -> None:
        """SIGTERM to the master, as an operator stops it, without waiting: servers
        terminated together stop side by side (each may wait for its streams to close)."""
        self.process.terminate()  # nothing, once it has exited

    def stop(self, timeout: float = 30) -> None:
        """Stop the server as an operator would and wait for it; killed after ``timeout``."""
        self.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def request(self, method: str, path: str, body=None, token=None, key=None, client=None):
        """(status, JSON answer) of one request; see :meth:`exchange`."""
        status, answer, _ = self.exchange(method, path, body, token, key, client)
        return status, answer

    def exchange(self, method: str, path: str, body=None, token=None, key=None, client=None):
        """(status, JSON answer or {} when empty, headers) of one request, with ``token``
        as its bearer, ``key`` as its Idempotency-Key and ``client`` as the address a
        trusted proxy forwarded it from (``X-Forwarded-For``). A reply cut off (by a
        crash) raises ConnectionError, as a refused connection does."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://{HOST}:{self.port}{path}", data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        if key:
            request.add_header("Idempotency-Key", key)
        if client:
            request.add_header("X-Forwarded-For", client)
        try:
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    return response.status, json.loads(response.read() or b"{}"), response.headers
            except urllib.error.HTTPError as error:
                # An error's body is read here too, and can be cut off just the same.
                return error.code, json.loads(error.read() or b"{}"), error.headers
        except (http.client.HTTPException, ValueError) as error:
            raise ConnectionError(f"no complete reply: {error!r}") from error
