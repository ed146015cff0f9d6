"""Live streams under load: many open event streams on one `wordsvc serve` while clients play.

Measures the requirement "500 open streams on one `wordsvc serve` with its default workers,
while 20 clients play games: action p99 <= 50 ms; every stream receives every event it may
see exactly once, in order".

How: starts `wordsvc serve` (its default workers and worker class) on a free loopback port,
on a fresh SQLite database in a temporary directory or on the PostgreSQL database given with
``--database`` (emptied first). Creates ``--clients`` sessions of ``--game``, each with one
human seat (the client) and bot seats, and opens ``--streams`` streams spread evenly over
them, a third each as the seat by ``Authorization`` header, as the seat by ``?token=`` (as a
browser's EventSource does) and as a spectator. The streams are read by one thread with a
selector (so the load generator does not need 500 threads), each event stamped on arrival.
Then every client plays its game to the end (random legal actions, each chosen from a fresh
``GET`` of the session), timing each ``POST .../actions``. A client thinks ``--think-ms``
before each action (uniformly 0.5 to 1.5 times it; default 1000, a quick player at a
table); ``--think-ms 0`` plays flat out, which measures a saturated server instead.
``--baseline`` first runs the same games with no streams, on a fresh server, so that the
streams' cost reads against the same machine in the same run.

At the end every stream must have ended with ``end``, and its actions must equal, field for
field and in order, what ``GET .../events`` lists for the same caller: each number once.
Delivery lag is the time from an action's answer to its arrival on a stream (bots' actions
arrive with the human's that triggered them).

    python scripts/bench_stream.py [--database postgresql://...] [--streams 500]
                                   [--clients 20] [--game lost-words] [--think-ms 1000]
                                   [--baseline] [--json]

``--throughput`` measures the store over HTTP instead (issue 27): ``--clients`` (default
50) clients play flat out with no stream, each one game after another until ``--seconds``
have passed, choosing every action from the reply to the last one (its new version and
legal actions; a ``GET`` only for a game's first move, or when a reply does not say), so
each ``POST`` is one committed action and its bots' replies. The same clients then play
the same way through the store alone, in this process, on a fresh database of the same
kind: what HTTP, the wire models and gunicorn add is the difference. The report ends with
the server's workers' RSS after the HTTP run, summed (VmRSS from /proc).

    python scripts/bench_stream.py --throughput [--database postgresql://...]
                                   [--clients 50] [--seconds 20] [--json]

Needs a built lexicon (``WORDSVC_DATA_DIR`` or the per-user cache). Prints Markdown for
docs/performance.md, or JSON; exits 1 when a requirement is not met.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import selectors
import socket
import statistics
import sys
import tempfile
import threading
import time

from _bench import (
    HOST,
    EventStream,
    log,
    machine,
    percentile,
    send_json,
    serve_wordsvc,
    stop_on_sigterm,
    stream_request,
)

P99_MS = 50.0
NAN = float("nan")


class Api:
    """One keep-alive connection."""

    def __init__(self, port):
        self.port = port
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)

    def request(self, method, path, body=None, token=None):
        for attempt in range(2):
            try:
                status, raw = send_json(self.conn, method, path, body, token)
                return status, json.loads(raw or b"null")
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")


# --- the streams -----------------------------------------------------------------------------


class Stream:
    """One event stream of ``kind`` (``header``, ``query``: the seat's token in the query, as
    a browser's EventSource sends it; ``spectator``), its events stamped on arrival."""

    def __init__(self, session, kind, token):
        self.session, self.kind, self.token = session, kind, token
        self.reply = EventStream()
        self.events = []  # (arrival time, fields)

    def request(self):
        token = self.token if self.kind != "spectator" else None
        return stream_request(self.session, token, in_query=self.kind == "query")

    @property
    def opened(self):
        return self.reply.status is not None

    @property
    def closed(self):
        return self.reply.done

    def feed(self, data, now):
        self.events += [(now, fields) for fields in self.reply.feed(data)]
        if self.reply.status not in (None, 200):
            raise RuntimeError(f"stream refused: HTTP {self.reply.status}")


def read_streams(port, streams, ready, done, stop):
    selector = selectors.DefaultSelector()
    for stream in streams:
        sock = socket.create_connection((HOST, port))
        sock.sendall(stream.request())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, stream)
    ready.set()
    open_count = len(streams)
    while open_count and not stop.is_set():
        for key, _ in selector.select(timeout=0.5):
            stream = key.data
            try:
                data = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            now = time.monotonic()
            if data:
                stream.feed(data, now)
            if not data or stream.closed:
                selector.unregister(key.fileobj)
                key.fileobj.close()
                open_count -= 1
    done.set()


# --- the players -----------------------------------------------------------------------------


def play(port, session, token, seed, timings, acked, deadline, think_ms):
    """Random legal actions until the game ends, each after a think; each POST timed."""
    api = Api(port)
    rng = random.Random(seed)
    while time.monotonic() < deadline:
        if think_ms > 0:
            time.sleep(think_ms * rng.uniform(0.5, 1.5) / 1000)
        status, summary = api.request("GET", f"/v1/games/sessions/{session}", token=token)
        assert status == 200, summary
        if summary["status"] == "over":
            return
        if not summary["legal_actions"]:
            time.sleep(0.01)
            continue
        action = rng.choice(summary["legal_actions"])
        body = {"action": action, "expected_version": summary["version"]}
        start = time.monotonic()
        status, reply = api.request("POST", f"/v1/games/sessions/{session}/actions", body, token)
        end = time.monotonic()
        timings.append((end - start) * 1000)
        assert status == 200, reply
        for applied in reply["applied"]:
            acked[(session, applied["number"])] = end


# --- throughput: games flat out, no streams, over HTTP and through the store alone -----------


class HttpPlayer:
    """A client of the HTTP API, on one keep-alive connection."""

    def __init__(self, port, args):
        self.api, self.args = Api(port), args
        self.seats = [{"kind": "human"}] + [{"kind": "bot", "bot": args.bot}] * (args.players - 1)

    def new_game(self, seed):
        body = {"game": self.args.game, "seats": self.seats, "seed": seed}
        status, created = self.api.request("POST", "/v1/games/sessions", body)
        assert status == 201, created
        status, joined = self.api.request(
            "POST", f"/v1/games/sessions/{created['id']}/join", {"seat": 0}
        )
        assert status == 200, joined
        self.token = joined["token"]
        return created["id"]

    def read(self, session):
        status, summary = self.api.request("GET", f"/v1/games/sessions/{session}", token=self.token)
        assert status == 200, summary
        return summary["status"], summary["version"], summary["legal_actions"]

    def act(self, session, action, version):
        body = {"action": action, "expected_version": version}
        path = f"/v1/games/sessions/{session}/actions"
        status, reply = self.api.request("POST", path, body, self.token)
        assert status == 200, reply
        # a server from before issue 27 does not say: the client reads the session then
        legal = reply.get("legal_actions")
        return reply["status"], reply["version"], legal, len(reply["applied"])


class StorePlayer:
    """The same client, calling the session store in this process."""

    def __init__(self, store, args):
        from wordsvc.sessions.store import SeatSpec

        self.store, self.args = store, args
        self.seats = [SeatSpec("human")] + [SeatSpec("bot", args.bot)] * (args.players - 1)

    def new_game(self, seed):
        return self.store.create(self.args.game, {}, self.seats, seed).id

    def read(self, session):
        summary = self.store.summary(session, 0)
        return summary.status, summary.version, summary.legal_actions

    def act(self, session, action, version):
        reply = self.store.act(session, 0, action, version)
        legal = getattr(reply, "legal_actions", None)  # as HttpPlayer's
        return reply.status, reply.version, legal, len(reply.applied)


def play_games(player, seed, timings, logged, deadline):
    """Games one after another, flat out, until ``deadline``; each action chosen at random
    from the reply to the last one, the session read only when a reply does not say."""
    rng = random.Random(seed)
    while time.monotonic() < deadline:
        session, legal = player.new_game(rng.randrange(2**31)), None
        while time.monotonic() < deadline:
            if not legal:
                status, version, legal = player.read(session)
                if status == "over" or not legal:
                    break
            start = time.monotonic()
            status, version, legal, applied = player.act(session, rng.choice(legal), version)
            timings.append((time.monotonic() - start) * 1000)
            logged.append(applied)
            if status == "over":
                break


def flat_out(players, seconds):
    timings, logged = [], []
    deadline = time.monotonic() + seconds
    started = time.monotonic()
    threads = [
        threading.Thread(
            target=play_games, args=(player, i, timings, logged, deadline), daemon=True
        )
        for i, player in enumerate(players)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    return {
        "actions_per_s": round(len(timings) / elapsed, 1),
        "logged_per_s": round(sum(logged) / elapsed, 1),
        "p50_ms": round(percentile(timings, 50, NAN), 2),
        "p99_ms": round(percentile(timings, 99, NAN), 2),
        "actions": len(timings),
    }


def fresh_postgres(url):
    """Empty the PostgreSQL database at ``url`` (the server's migrations make it anew)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS idempotency, actions, seats, sessions"))
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


def throughput(args):
    """The store over HTTP (``wordsvc serve``, its defaults) and alone, the same clients."""
    import dataclasses

    from wordsvc.config import Settings
    from wordsvc.judge import Judge
    from wordsvc.sessions.service import open_store

    report = {
        "settings": {
            "database": "postgresql" if args.database else "sqlite",
            "clients": args.clients,
            "game": args.game,
            "seats": f"1 human + {args.players - 1} {args.bot} bot(s)",
            "seconds": args.seconds,
            "server": "wordsvc serve (defaults)",
        },
        "machine": machine(),
    }
    with tempfile.TemporaryDirectory(prefix="bench_stream-") as tmp:
        settings = Settings.from_env()
        if args.database:
            fresh_postgres(args.database)
        url = args.database or f"sqlite:///{tmp}/alone.sqlite3"
        store = open_store(dataclasses.replace(settings, database_url=url), Judge.open(settings))
        log(f"{args.clients} clients through the store alone ...")
        report["store_alone"] = flat_out([StorePlayer(store, args)] * args.clients, args.seconds)
        store.live.close()
        store.engine.dispose()
        server = serve(args, tmp)
        try:
            log(f"{args.clients} clients over HTTP ...")
            players = [HttpPlayer(server.port, args) for _ in range(args.clients)]
            report["http"] = flat_out(players, args.seconds)
            report["http"]["workers_rss_mb"] = round(server.workers_rss_mb(), 1)
        finally:
            server.stop(timeout=15)
    report["http_vs_store"] = round(
        report["http"]["actions_per_s"] / report["store_alone"]["actions_per_s"], 3
    )
    return report


def throughput_markdown(r):
    rows = [
        "| run | actions/s (logged/s) | p50 ms | p99 ms | actions |",
        "|---|---:|---:|---:|---:|",
    ]
    for name in ("store_alone", "http"):
        m = r[name]
        rows.append(
            f"| {r['settings']['database']}, {name.replace('_', ' ')} | {m['actions_per_s']} "
            f"({m['logged_per_s']}) | {m['p50_ms']} | {m['p99_ms']} | {m['actions']} |"
        )
    rows.append(f"\nHTTP / store alone: {r['http_vs_store']}")
    rows.append(f"The workers' RSS after the HTTP run, summed: {r['http']['workers_rss_mb']} MB")
    return "\n".join(rows)


# --- the run ---------------------------------------------------------------------------------


def serve(args, tmp):
    """``wordsvc serve``, its defaults, on a fresh session store; started once it answers."""
    if args.database:
        fresh_postgres(args.database)  # a fresh store: the migrations run on serve
    return serve_wordsvc(tmp, args.database or f"sqlite:///{tmp}/sessions.sqlite3")


def benchmark(args, tmp):
    server = serve(args, tmp)
    try:
        return measure(args, server.port)
    finally:
        server.stop(timeout=15)


def measure(args, port):
    api = Api(port)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": args.bot}] * (args.players - 1)
    sessions = []
    for i in range(args.clients):
        status, created = api.request(
            "POST", "/v1/games/sessions", {"game": args.game, "seats": seats, "seed": i + 1}
        )
        assert status == 201, created
        status, joined = api.request(
            "POST", f"/v1/games/sessions/{created['id']}/join", {"seat": 0}
        )
        assert status == 200, joined
        sessions.append((created["id"], joined["token"]))
    kinds = ("header", "query", "spectator")
    streams = [
        Stream(sessions[i % len(sessions)][0], kinds[(i // len(sessions)) % 3], None)
        for i in range(args.streams)
    ]
    tokens = dict(sessions)
    for stream in streams:
        stream.token = tokens[stream.session] if stream.kind != "spectator" else None
    log(f"opening {len(streams)} streams on {len(sessions)} sessions ...")
    ready, done, halt = threading.Event(), threading.Event(), threading.Event()
    reader = threading.Thread(
        target=read_streams, args=(port, streams, ready, done, halt), daemon=True
    )
    reader.start()
    ready.wait()
    # every stream has its head (so it is open) before play starts
    deadline = time.monotonic() + 60
    while not all(s.opened for s in streams) and time.monotonic() < deadline:
        time.sleep(0.1)
    opened = sum(s.opened for s in streams)
    log(f"{opened} streams open; {args.clients} clients play ...")
    timings, acked = [], {}
    deadline = time.monotonic() + args.max_seconds
    started = time.monotonic()
    players = [
        threading.Thread(
            target=play,
            args=(port, sid, token, i, timings, acked, deadline, args.think_ms),
            daemon=True,
        )
        for i, (sid, token) in enumerate(sessions)
    ]
    for player in players:
        player.start()
    for player in players:
        player.join()
    played = time.monotonic() - started
    done.wait(30)
    halt.set()
    log("checking every stream against /events ...")
    expected = {}
    over = {}
    problems = []
    for sid, token in sessions:
        over[sid] = api.request("GET", f"/v1/games/sessions/{sid}")[1]["status"] == "over"
        for kind in kinds:
            caller = token if kind != "spectator" else None
            status, body = api.request("GET", f"/v1/games/sessions/{sid}/events", token=caller)
            expected[sid, kind] = body["events"]
    lags = []
    complete = 0
    for stream in streams:
        actions = [(t, f) for t, f in stream.events if f.get("event") == "action"]
        got = [json.loads(f["data"]) for _, f in actions]
        ids = [int(f["id"]) for _, f in actions]
        want = expected[stream.session, "header" if stream.kind == "query" else stream.kind]
        ended = any(f.get("event") == "end" for _, f in stream.events)
        # A game still going at --max-seconds has no `end` yet; its stream is still open.
        if got == want and ids == list(range(1, len(want) + 1)) and ended == over[stream.session]:
            complete += 1
        elif len(problems) < 10:
            problems.append(
                f"{stream.session} {stream.kind}: {len(got)} actions of {len(want)}, "
                f"ended={ended}, ids in order={ids == sorted(set(ids))}"
            )
        for t, entry in zip((t for t, _ in actions), got, strict=True):
            acked_at = acked.get((stream.session, entry["number"]))
            if acked_at is not None:
                lags.append(max(0.0, (t - acked_at) * 1000))
    events_total = sum(len(v) for (sid, kind), v in expected.items() if kind == "spectator")
    return {
        "settings": {
            "database": "postgresql" if args.database else "sqlite",
            "streams": args.streams,
            "clients": args.clients,
            "game": args.game,
            "seats": f"1 human + {args.players - 1} {args.bot} bot(s)",
            "server": "wordsvc serve (defaults)",
            "think_ms": args.think_ms,
        },
        "machine": machine(),
        "streams_opened": opened,
        "streams_complete": complete,
        "games_finished": sum(over.values()),
        "actions_posted": len(timings),
        "actions_logged": events_total,
        "seconds": round(played, 1),
        "action_ms": {
            "p50": percentile(timings, 50, NAN),
            "p90": percentile(timings, 90, NAN),
            "p99": percentile(timings, 99, NAN),
            "max": max(timings, default=NAN),
            "mean": statistics.fmean(timings) if timings else NAN,
        },
        "delivery_lag_ms": {
            "p50": percentile(lags, 50, NAN),
            "p99": percentile(lags, 99, NAN),
            "max": max(lags, default=NAN),
            "deliveries": len(lags),
        },
        "meets_requirement": complete == len(streams) and percentile(timings, 99, NAN) <= P99_MS,
        "problems": problems,
    }


def markdown(r):
    s, a, lag = r["settings"], r["action_ms"], r["delivery_lag_ms"]
    verdict = "PASS" if r["meets_requirement"] else "FAIL"
    return "\n".join(
        [
            f"| {s['database']} | {r['streams_opened']} | {s['clients']} "
            f"| {r['actions_posted']} ({r['actions_logged']} logged) "
            f"| {a['p50']:.1f} / {a['p99']:.1f} / {a['max']:.1f} "
            f"| {lag['p50']:.1f} / {lag['p99']:.1f} "
            f"| {r['streams_complete']} of {s['streams']} | **{verdict}** |",
            *(f"- {p}" for p in r["problems"]),
        ]
    )


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--database", help="a PostgreSQL URL (emptied first); default: SQLite")
    p.add_argument("--streams", type=int, default=500)
    p.add_argument("--clients", type=int, default=20)
    p.add_argument("--game", default="lost-words")
    p.add_argument("--players", type=int, default=2, help="seats per session (1 human) [2]")
    p.add_argument("--bot", default="random")
    p.add_argument("--max-seconds", type=float, default=300)
    p.add_argument(
        "--think-ms",
        type=float,
        default=1000,
        help="a client's think before each action, ms (0.5x to 1.5x); 0: flat out [1000]",
    )
    p.add_argument("--baseline", action="store_true", help="first the same run with no streams")
    p.add_argument(
        "--throughput",
        action="store_true",
        help="clients flat out, no streams, over HTTP and through the store alone",
    )
    p.add_argument("--seconds", type=float, default=20, help="--throughput: each run's length")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    stop_on_sigterm()
    if args.throughput:
        if args.clients == p.get_default("clients"):
            args.clients = 50
        report = throughput(args)
        print(json.dumps(report, indent=2) if args.json else throughput_markdown(report))
        return 0
    reports = []
    runs = [argparse.Namespace(**{**vars(args), "streams": 0}), args] if args.baseline else [args]
    for run in runs:
        with tempfile.TemporaryDirectory(prefix="bench_stream-") as tmp:
            reports.append(benchmark(run, tmp))
    report = reports[-1]
    if args.json:
        print(json.dumps(reports if args.baseline else report, indent=2))
    else:
        print("\n".join(markdown(r) for r in reports))
    return 0 if report["meets_requirement"] else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (stop_on_sigterm): the server stopped
        log("interrupted; server stopped")
        sys.exit(130)
