"""What the HTTP benchmarks share (``bench_http.py``, ``bench_stream.py``, ``bench_start.py``):
a server process on a free loopback port, started until it answers and stopped with its
workers, and the CPU and memory accounting they read from /proc."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

HOST = "127.0.0.1"
CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def log(message):
    print(message, file=sys.stderr, flush=True)


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
        master = self.proc.pid
        try:
            return [
                int(p) for p in Path(f"/proc/{master}/task/{master}/children").read_text().split()
            ]
        except OSError:
            return []

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


# --- CPU and memory ----------------------------------------------------------------------------


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
