"""Held connections against a live `wordsvc serve`: does anyone else still get an answer?

One address holds ``--held`` (default 1,010) connections open in each of three ways, for
``--seconds`` each, while a probe asks ``GET /healthz`` and a word check every 100 ms on
fresh connections:

- ``partial-head``: a request line and one header, never the blank line that ends them;
- ``partial-body``: a whole head announcing a 100-byte body, and 10 bytes of it;
- ``streams``: valid requests for a session's event stream, as a spectator, kept open.

A connection the server closes is opened again at once, as an attacker would; a request
refused with a problem document is not asked again (its Retry-After outlasts the run). The probe
fails on any answer slower than 1 s, or none. Reported per way: the connections held at
the end, how many the server closed (a request that did not arrive in time) or refused (a
stream over its caps: 429 ``too_many_streams``), and the probe's p50 and slowest answer.

    python scripts/abuse.py [--held 1010] [--seconds 20] [--worker-class buffered]
                            [--ways partial-head,partial-body,streams] [--json]

``--worker-class gthread`` serves with gunicorn's own thread worker, for the comparison
(docs/performance.md). Exits 1 when a probe failed. Needs a built lexicon
(``WORDSVC_DATA_DIR`` or the per-user cache).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import resource
import selectors
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bench import HOST, log, machine, percentile, serve_wordsvc, stop_on_sigterm

WAYS = ("partial-head", "partial-body", "streams")
#: The slowest answer the probe accepts, ms.
PROBE_LIMIT_MS = 1000
PROBE_EVERY = 0.1
#: The probe stands for the service's other clients: it asks from another loopback address
#: than the held connections (Linux answers on all of 127.0.0.0/8).
PROBE_ADDRESS = "127.0.0.2"
WORD_PATH = "/v1/words/%D0%BA%D1%96%D1%82"  # кіт


def partial_head(_session):
    return b"GET /healthz HTTP/1.1\r\nHost: abuse\r\n"


def partial_body(_session):
    return (
        b"POST /v1/words/check HTTP/1.1\r\nHost: abuse\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n" + b'{"words": '
    )


def stream(session):
    return (
        f"GET /v1/games/sessions/{session}/stream HTTP/1.1\r\nHost: abuse\r\n"
        "Accept: text/event-stream\r\n\r\n"
    ).encode()


REQUESTS = {"partial-head": partial_head, "partial-body": partial_body, "streams": stream}


class Holder:
    """Holds ``count`` connections, each sent ``request``; opens again any the server
    closes. Counts what the server did: closed a connection, or answered (by status)."""

    def __init__(self, port, request, count):
        self.port, self.request, self.count = port, request, count
        self.selector = selectors.DefaultSelector()
        self.closed = 0
        self.statuses = {}
        self.failed_opens = 0
        self.stop = threading.Event()

    def open_one(self):
        sock = socket.socket()
        sock.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            sock.connect((HOST, self.port))
        self.selector.register(sock, selectors.EVENT_WRITE, {"sent": False, "status": None})

    def held(self):
        return len(self.selector.get_map())

    def run(self):
        for _ in range(self.count):
            self.open_one()
        while not self.stop.is_set():
            for key, _events in self.selector.select(0.2):
                self.on_ready(key)
            while self.held() < self.count and not self.stop.is_set():
                self.open_one()
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()

    def on_ready(self, key):
        sock, state = key.fileobj, key.data
        if not state["sent"]:
            try:
                sock.send(self.request)
            except OSError:
                self.failed_opens += 1
                self.forget(sock)
                return
            state["sent"] = True
            self.selector.modify(sock, selectors.EVENT_READ, state)
            return
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.closed += 1
            self.forget(sock)
            return
        if state["status"] is None:
            status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/") else "?"
            state["status"] = status
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if status != "200":
                # Refused (over a cap): the client waits as Retry-After says, past the run.
                self.count -= 1
                self.forget(sock)

    def forget(self, sock):
        self.selector.unregister(sock)
        sock.close()


class Probe:
    """Asks /healthz and a word check every PROBE_EVERY seconds, each on a new connection."""

    def __init__(self, port):
        self.port = port
        self.ms = {"healthz": [], "word": []}
        self.failures = []
        self.stop = threading.Event()

    def ask(self, kind, path):
        started = time.perf_counter()
        conn = http.client.HTTPConnection(
            HOST, self.port, timeout=5, source_address=(PROBE_ADDRESS, 0)
        )
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            status = response.status
        except OSError as error:
            self.failures.append(f"{kind}: {type(error).__name__}")
            return
        finally:
            conn.close()
        ms = (time.perf_counter() - started) * 1000
        self.ms[kind].append(ms)
        if status != 200:
            self.failures.append(f"{kind}: {status}")
        elif ms > PROBE_LIMIT_MS:
            self.failures.append(f"{kind}: {ms:.0f} ms")

    def run(self):
        while not self.stop.wait(PROBE_EVERY):
            self.ask("healthz", "/healthz")
            self.ask("word", WORD_PATH)


def create_session(port):
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    body = json.dumps(
        {
            "game": "words-of-magic",
            "seats": [{"kind": "human", "name": "Абраксас"}, {"kind": "human", "name": "Бея"}],
        }
    )
    conn.request("POST", "/v1/games/sessions", body, {"Content-Type": "application/json"})
    response = conn.getresponse()
    created = json.loads(response.read())
    conn.close()
    if response.status != 201:
        raise SystemExit(f"could not create a session: {response.status} {created}")
    return created["id"]


def run_way(way, port, session, args):
    holder = Holder(port, REQUESTS[way](session), args.held)
    probe = Probe(port)
    threads = [threading.Thread(target=t.run, daemon=True) for t in (holder, probe)]
    for thread in threads:
        thread.start()
    time.sleep(args.seconds)
    held = holder.held()
    holder.stop.set()
    probe.stop.set()
    for thread in threads:
        thread.join(30)
    every = probe.ms["healthz"] + probe.ms["word"]
    return {
        "way": way,
        "held_at_end": held,
        "closed_by_server": holder.closed,
        "answers": dict(sorted(holder.statuses.items())),
        "probes": len(every),
        "probe_p50_ms": round(percentile(every, 50, 0.0), 1),
        "probe_max_ms": round(max(every, default=0.0), 1),
        "failures": probe.failures[:10],
        "failed": len(probe.failures),
        "passed": not probe.failures and len(every) > 0,
    }


def raise_descriptor_limit(needed):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))


def markdown(result):
    lines = [
        f"`wordsvc serve --workers 2 --worker-class {result['worker_class']}`, "
        f"{result['held']} connections held from one address, {result['seconds']:g} s per way; "
        f"a probe asks /healthz and a word check every 100 ms ({result['machine']['cpus']} "
        "cores).",
        "",
        "| way | held at the end | closed by the server | answers | probes | p50 ms "
        "| slowest ms | failed |",
        "|---|---:|---:|---|---:|---:|---:|---:|",
    ]
    for r in result["ways"]:
        answers = ", ".join(f"{n} × {s}" for s, n in r["answers"].items()) or "none"
        lines.append(
            f"| {r['way']} | {r['held_at_end']:,} | {r['closed_by_server']:,} | {answers} "
            f"| {r['probes']} | {r['probe_p50_ms']} | {r['probe_max_ms']} | {r['failed']} |"
        )
    return "\n".join(lines)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--held", type=int, default=1010)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--worker-class", default="buffered", choices=("buffered", "gthread"))
    parser.add_argument("--ways", default=",".join(WAYS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.ways = [w.strip() for w in args.ways.split(",")]
    if set(args.ways) - set(WAYS):
        parser.error(f"--ways: some of {', '.join(WAYS)}")
    return args


def main(argv=None):
    args = parse_args(argv)
    stop_on_sigterm()
    raise_descriptor_limit(args.held + 512)
    results = []
    try:
        with tempfile.TemporaryDirectory(prefix="abuse-") as tmp:
            log(f"starting wordsvc serve --worker-class {args.worker_class} ...")
            server = serve_wordsvc(
                tmp, f"sqlite:///{tmp}/sessions.sqlite3", "--worker-class", args.worker_class
            )
            try:
                session = create_session(server.port)
                for way in args.ways:
                    log(f"{way}: {args.held} connections for {args.seconds:g} s ...")
                    results.append(run_way(way, server.port, session, args))
                    log(f"  {results[-1]}")
            finally:
                server.stop(15)
    except KeyboardInterrupt:
        log("interrupted; server stopped")
        return 130
    result = {
        "worker_class": args.worker_class,
        "held": args.held,
        "seconds": args.seconds,
        "machine": machine(),
        "ways": results,
    }
    print(json.dumps(result, indent=2) if args.json else markdown(result))
    failed = [r["way"] for r in results if not r["passed"]]
    for way in failed:
        log(f"FAILED: {way}: a probe waited over {PROBE_LIMIT_MS} ms or got no answer")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
