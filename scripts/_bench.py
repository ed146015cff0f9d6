"""What the HTTP benchmarks and the soak share (``bench_http.py``, ``bench_stream.py``,
``bench_start.py``, ``soak.py``): a server process on a free loopback port (``wordsvc serve``
among them), started until it answers and stopped with its workers, on SIGTERM too; JSON
requests and event streams; percentiles, the machine, and the CPU and memory accounting they
read from /proc."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import platform
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def log(message):
    print(message, file=sys.stderr, flush=True)


def _terminate(signum, _frame):
    raise KeyboardInterrupt(f"signal {signum}")


def stop_on_sigterm():
    """A SIGTERM (a kill, a CI's timeout) interrupts the script as Ctrl-C does, so that it
    stops the servers it started on its way out."""
    signal.signal(signal.SIGTERM, _terminate)


def percentile(values, q, empty=None):
    """The q-th percentile (nearest rank) of ``values``; ``empty`` when there are none."""
    if not values:
        return empty
    values = sorted(values)
    return values[min(len(values) - 1, round(q / 100 * (len(values) - 1)))]


def machine():
    """The cores, the processor's model (from /proc/cpuinfo) and Python's version."""
    model = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {"cpus": os.cpu_count(), "cpu_model": model, "python": platform.python_version()}


def free_port():
    """A loopback port free now (a server started on it may still lose it to a race)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def http_get(port, path, timeout=10.0):
    """(status, body) of ``GET path`` on the loopback port."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


class Server:
    """A server process (gunicorn, or ``wordsvc serve``, itself gunicorn's master) in a
    session of its own: Ctrl-C reaches the benchmark, not the server, which the benchmark
    stops with its workers. ``command(port)`` is its command line for a port."""

    def __init__(
        self,
        name: str,
        command: Callable[[int], list[str]],
        *,
        log_path: Path,
        cwd: Path | str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.name = name
        self.command = command
        self.log_path = Path(log_path)
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.proc: subprocess.Popen | None = None
        self.port: int | None = None

    def start(self, probe_path, *, timeout=60.0, poll=0.1, attempts=3):
        """Start on a free port and wait until ``probe_path`` answers 200; returns the
        seconds from the launch to that answer. Starts again on another port (``attempts``
        in all) when the server exits, as gunicorn does when it loses a race for the port;
        an answer other than 200, or none within ``timeout``, is final."""
        problem = "not started"
        for _attempt in range(attempts):
            port = free_port()
            launched = time.perf_counter()
            with self.log_path.open("ab") as out:
                self.proc = subprocess.Popen(
                    self.command(port),
                    cwd=self.cwd,
                    env=self.env,
                    stdin=subprocess.DEVNULL,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            self.port = port
            exited, problem = self._wait_ready(probe_path, timeout, poll)
            if problem is None:
                return time.perf_counter() - launched
            self.stop()
            if not exited:
                break
        tail = self.log_path.read_text(errors="replace")[-3000:]
        raise SystemExit(f"{self.name}: not ready: {problem}\nits log ends:\n{tail}")

    def _wait_ready(self, probe_path, timeout, poll):
        """(the server exited, None when ready or else what went wrong)."""
        deadline = time.monotonic() + timeout
        problem = f"no answer within {timeout:.0f} s"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return True, f"it exited with status {self.proc.returncode}"
            try:
                status, body = http_get(self.port, probe_path, timeout=5)
            except OSError:
                time.sleep(poll)
                continue
            if status == 200:
                return False, None
            problem = f"GET {probe_path} answered {status}: {body[:600].decode(errors='replace')}"
            if b'"code":"lexicon_' in body.replace(b" ", b""):
                break  # lexicon_not_built, lexicon_corrupt: waiting will not help
            time.sleep(poll)
        return False, problem

    def workers(self):
        """The process ids of the master's children: gunicorn's workers."""
        return children(self.proc.pid)

    def cpu_seconds(self):
        """CPU seconds of the master and of each current worker: {pid: seconds}."""
        return {pid: process_cpu_seconds(pid) for pid in (self.proc.pid, *self.workers())}

    def worker_rss_mb(self):
        """The resident set of the largest worker, in MB."""
        return max((process_rss_mb(pid) for pid in self.workers()), default=0.0)

    def workers_rss_mb(self):
        """The resident sets of all the workers, summed, in MB (each counts the lexicon's
        shared pages it has touched, so this is more than the memory they take together)."""
        return sum(process_rss_mb(pid) for pid in self.workers())

    def stop(self, timeout=10.0):
        """SIGTERM (gunicorn's master stops its workers gracefully), then SIGKILL to the
        whole session after ``timeout`` seconds."""
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # its own session: master and workers
            proc.wait(timeout)


def serve_wordsvc(tmp, database_url, *options):
    """``wordsvc serve`` (more ``options`` on its command line) on ``database_url``, its
    output in ``tmp``/serve.log, with the rate limits off (every simulated client is on one
    loopback address: the limits, docs/deploy.md, would refuse them; measured here is the
    service); started once it answers."""
    env = {**os.environ, "WORDSVC_RATE_LIMITS": "off", "WORDSVC_DATABASE_URL": database_url}
    server = Server(
        "wordsvc serve",
        lambda port: [sys.executable, "-m", "wordsvc.cli", "serve", "--port", str(port), *options],
        log_path=Path(tmp) / "serve.log",
        cwd=ROOT,
        env=env,
    )
    server.start("/healthz", timeout=600, poll=0.3)  # a first run builds the lexicon
    return server


# --- requests and event streams ----------------------------------------------------------------


def send_json(conn, method, path, body=None, token=None, headers=None):
    """One request on ``conn`` (an http.client connection), ``body`` sent as JSON and
    ``token`` as its bearer: (status, the reply's bytes)."""
    sent = {"Accept": "application/json", **(headers or {})}
    data = None
    if body is not None:
        data = json.dumps(body, ensure_ascii=False).encode()
        sent["Content-Type"] = "application/json"
    if token:
        sent["Authorization"] = f"Bearer {token}"
    conn.request(method, path, data, sent)
    response = conn.getresponse()
    return response.status, response.read()


def stream_request(session, token=None, *, in_query=False, last_id=None):
    """The bytes of the request that opens ``session``'s event stream: as the seat of
    ``token`` (in an Authorization header, or ``in_query`` as a browser's EventSource sends
    it), else as a spectator; after ``last_id`` when resuming."""
    path = f"/v1/games/sessions/{session}/stream"
    headers = f"Host: {HOST}\r\nAccept: text/event-stream\r\n"
    if token and in_query:
        path += f"?token={token}"
    elif token:
        headers += f"Authorization: Bearer {token}\r\n"
    if last_id is not None:
        headers += f"Last-Event-ID: {last_id}\r\n"
    return f"GET {path} HTTP/1.1\r\n{headers}\r\n".encode()


class EventStream:
    """An event stream's reply, parsed from its bytes as they come: the HTTP head, the
    chunked body, the server-sent events in it."""

    def __init__(self):
        self.raw = b""
        self.status = None  # the reply's status, once its head came
        self.text = b""
        self.done = False  # the body's last chunk came

    def feed(self, data):
        """The events that ``data`` completed (none but for a 200), each as its fields."""
        events = []
        self.raw += data
        if self.status is None:
            if b"\r\n\r\n" not in self.raw:
                return events
            head, self.raw = self.raw.split(b"\r\n\r\n", 1)
            self.status = int(head.split(b" ", 2)[1])
        if self.status != 200:
            return events
        while True:  # chunked transfer coding
            line, sep, rest = self.raw.partition(b"\r\n")
            if not sep:
                return events
            size = int(line.split(b";")[0], 16)
            if len(rest) < size + 2:
                return events
            self.raw = rest[size + 2 :]
            if size == 0:
                self.done = True
                return events
            self.text += rest[:size]
            while b"\n\n" in self.text:
                block, self.text = self.text.split(b"\n\n", 1)
                fields = {}
                for row in block.decode().split("\n"):
                    name, _, value = row.partition(":")
                    fields[name or ":"] = value.removeprefix(" ")
                events.append(fields)


# --- CPU and memory ----------------------------------------------------------------------------


def children(pid):
    """The process ids of ``pid``'s children (none when it is gone)."""
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def process_cpu_seconds(pid):
    """User plus system CPU seconds of one process (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def process_rss_mb(pid):
    """The resident set (VmRSS) of one process, in MB (0 when it is gone)."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return 0.0
    return next((int(ln.split()[1]) / 1024 for ln in lines if ln.startswith("VmRSS:")), 0.0)


def busy_cpu_seconds():
    """CPU seconds the whole machine has spent in processes (user, nice, system) or stolen by
    the hypervisor, from /proc/stat; None off Linux. Interrupt time is left out, as it is from
    the processes' own counts."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        return (fields[0] + fields[1] + fields[2] + fields[7]) / CLK_TCK
    except (OSError, ValueError, IndexError):
        return None


def own_cpu_seconds():
    """This process and its waited-for children (a load generator such as wrk)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def cpu_busy(seconds=1.0):
    """Cores busy over ``seconds``, or None off Linux."""
    before = busy_cpu_seconds()
    if before is None:
        return None
    time.sleep(seconds)
    return (busy_cpu_seconds() - before) / seconds
