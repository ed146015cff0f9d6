"""Soak test: mixed traffic against a live `wordsvc serve` on PostgreSQL, and whether it held.

Runs for ``--minutes`` (default 30) and reports, per window (a minute in runs of 5 minutes
or more), the requests, the 5xx, the 4xx (the refusals the traffic asks for, apart from
unexpected ones), 429s, requests left without an answer, p50/p99 latency per kind, the
server's CPU and its resident set (gunicorn's master and workers, summed, from
/proc/<pid>/status). It exits 1, naming each failed criterion (:func:`criteria`), when the
server did not hold:

- no 5xx, no 429, no request without an answer, no unexpected 4xx, no worker replaced;
- every finished game's log numbered 1..version, and every event stream in order across
  its reconnections (each action number once);
- RSS growth from the end of the warm-up (20% of the run, at least a minute, at most 40%
  of a short run) to the end at most 10%;
- p99 stable: the median of the post-warm-up windows' p99s over their later half at most
  twice that over their earlier half. (Not the last window against the first: on a shared
  2-vCPU machine one window's p99 moves 2x with the neighbours' load; a leak or a growing
  queue is a sustained rise, which moves the median of half the windows.)

By default it starts the server itself: ``wordsvc serve --workers 2`` as a subprocess on a
free loopback port, on a fresh PostgreSQL database it creates and drops (``--postgres``, an
admin URL; ``--database sqlite`` for a temporary SQLite file instead), with
``WORDSVC_RATE_LIMITS=off`` so that the soak measures the service, not the rate limiter.
``--url`` targets a server already running on loopback; its RSS is read from the processes
listening on its port (or ``--pid``, the gunicorn master).

The traffic: ``--clients`` threads, each a person at a keyboard (a think of ``--think-ms``,
0 to 2 times it, between requests), choose their next request by the weights of ``MIX``:
single-word checks (playable and refused words, so suggestions run), batch checks, pattern
searches, solves with a small budget, requests the API must refuse, the lobby, and steps of
the client's own game. A client plays a game of one of the four hosted games (``GAMES``)
from a human seat against bots, to its end: it creates the session, joins it, reads its
view and legal actions, acts (Words of Magic: a word from the solver when one may be
formed), reads the result and checks the log. ``--streams`` threads follow the live games
over server-sent events, each dropping its connection every few seconds and reconnecting
with ``Last-Event-ID``. Everything is bounded: the threads, the time, loopback only.

    python scripts/soak.py [--minutes 30 | --seconds S] [--clients 6] [--think-ms 40]
                           [--streams 4] [--database postgresql|sqlite] [--postgres URL]
                           [--url http://127.0.0.1:PORT [--pid PID]]
                           [--mix game=1,word=1] [--games words-of-magic=1] [--json]

Needs a built lexicon (``WORDSVC_DATA_DIR`` or the per-user cache; the server builds one on
first use). Prints Markdown for docs/performance.md, or JSON with ``--json``; progress, a
line per window, goes to stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import secrets
import socket
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import quote, urlsplit

from _bench import (
    HOST,
    EventStream,
    children,
    log,
    machine,
    percentile,
    process_cpu_seconds,
    send_json,
    serve_wordsvc,
    stop_on_sigterm,
    stream_request,
)
from bench_http import INVALID_WORDS, VALID_WORDS

# --- the traffic, as data ---------------------------------------------------------------------

#: What a client does next, by weight. Each is one request, except ``game``: one step of the
#: client's own game (create and join; or read the view, then act; or, at its end, read the
#: result and the log).
MIX = {
    "word": 24,  # GET /v1/words/<word>: a playable word
    "word_refused": 16,  # the same, a word the category refuses: suggestions are computed
    "batch": 5,  # POST /v1/words/check: 10 to 60 words, both kinds
    "search": 6,  # GET /v1/words?pattern=...
    "solve": 5,  # POST /v1/words-of-magic/solve: a random hand, a small budget
    "refusal": 4,  # a request the API must refuse: REFUSALS
    "lobby": 2,  # GET /v1/games/sessions?game=...
    "game": 38,  # a step of the client's game
}

#: The games a client plays from a human seat, by weight: options and the bots' seats (None:
#: the game's default bot, the one a lobby seats). The turn limits keep a game's length
#: bounded when the person plays at random.
GAMES = {
    "words-of-magic": {"weight": 1, "options": {}, "bots": [None, None]},
    "lost-words": {"weight": 1, "options": {}, "bots": [None]},
    "magos-y-tabernas": {"weight": 1, "options": {"turn_limit": 12}, "bots": [None]},
    "wizards-wanted": {"weight": 1, "options": {"turn_limit": 10}, "bots": [None]},
}

#: A game abandoned after this many of the person's steps (none should need so many).
MAX_GAME_STEPS = 600

#: Search patterns: none dearer than ``*ння`` (a suffix, walked on the reversed trie: 40 to
#: 70 ms); a run of ``?`` with no letter (``??????``: 0.45 s with no category) would hold a
#: worker's GIL long enough to be a test of the pattern search rather than of the service.
PATTERNS = ("м?р*", "к??т", "?о?о", "за??", "б?р", "*ння", "ст??", "ма*", "по?а", "д?м", "кот*")

#: Solver hands are drawn from these letters, vowels weighted up.
HAND_LETTERS = "ААААОООИИІЕЕУЯБВГДЖЗКЛМНПРСТХЦЧШЬЮЄЇЙФЩҐ"

#: Category sets the word checks, searches and solves agree on.
CATEGORY_SETS = (["noun-singular"], ["noun-singular"], [], ["adjective"], ["noun-plural", "verb"])

SESSION_GONE = "0" * 32  # a well-formed session id no session has

#: Requests the API must refuse: (name, what it needs, expected status, expected code).
#: ``game`` ones need the client's own game in progress.
REFUSALS = (
    ("word_with_digits", None, 422, "contains_digits"),
    ("unknown_category", None, 422, "unknown_category"),
    ("length_range", None, 422, "invalid_length_range"),
    ("word_not_formable", None, 422, "word_not_formable"),
    ("session_not_found", None, 404, "session_not_found"),
    ("invalid_token", "game", 401, "invalid_token"),
    ("game_not_over", "game", 409, "game_not_over"),
    ("stale_version", "game", 409, "stale_state_id"),
)

# --- the criteria -----------------------------------------------------------------------------

#: RSS growth allowed from the end of the warm-up to the end of the run.
MAX_RSS_GROWTH = 0.10
#: The last window's p99 may be this many times the first post-warm-up window's.
MAX_P99_RATIO = 2.0
#: A window's p99 is computed with at least this many requests (fewer: the p99 is the max).
MIN_P99_SAMPLES = 100

#: Outcomes of a request.
OK, REFUSED, UNEXPECTED, RATE_LIMITED, SERVER_ERROR, NO_ANSWER = (
    "ok",
    "refused",
    "unexpected",
    "rate_limited",
    "server_error",
    "no_answer",
)
OUTCOMES = (OK, REFUSED, UNEXPECTED, RATE_LIMITED, SERVER_ERROR, NO_ANSWER)


# --- recording --------------------------------------------------------------------------------


class Recorder:
    """Every request's (seconds since the start, kind, outcome, latency ms), and the first
    unexpected answers in words. Appends from many threads (a list append is atomic)."""

    MAX_PROBLEMS = 25

    def __init__(self, started):
        self.started = started
        self.requests = []
        self.problems = []
        self.problem_count = 0
        self.lock = threading.Lock()
        self.games = {}  # game -> {"started": n, "finished": n, "abandoned": n}
        self.log_mismatches = 0
        self.streams = {
            "connections": 0,
            "reconnections": 0,
            "closed_by_server": 0,
            "events": 0,
            "games_followed_to_end": 0,
            "out_of_order": 0,
        }
        self.stream_events = []  # seconds since the start of each event received

    def add(self, kind, outcome, ms):
        self.requests.append((time.monotonic() - self.started, kind, outcome, ms))

    def problem(self, text):
        with self.lock:
            self.problem_count += 1
            if len(self.problems) < self.MAX_PROBLEMS:
                self.problems.append(f"{time.monotonic() - self.started:.1f} s: {text}")

    def game(self, name, what):
        with self.lock:
            counts = self.games.setdefault(name, {"started": 0, "finished": 0, "abandoned": 0})
            counts[what] += 1

    def stream(self, what, count=1):
        with self.lock:
            self.streams[what] += count


class Api:
    """One client's keep-alive connection; every request timed and judged."""

    def __init__(self, port, recorder, timeout=60.0):
        self.port = port
        self.recorder = recorder
        self.timeout = timeout
        self.conn = None

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def call(self, kind, method, path, body=None, *, token=None, headers=None, expect=200,
             refusal=None):  # fmt: skip
        """(status, JSON body or None). ``expect``: the success status; ``refusal``: the
        (status, code) the API must answer instead, for a request it must refuse."""
        if self.conn is None:
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        started = time.perf_counter()
        try:
            status, raw = send_json(self.conn, method, path, body, token, headers)
        except (OSError, http.client.HTTPException) as error:
            ms = (time.perf_counter() - started) * 1000
            self.close()
            self.recorder.add(kind, NO_ANSWER, ms)
            self.recorder.problem(f"{kind} {method} {path[:80]}: no answer ({error!r})")
            return None, None
        ms = (time.perf_counter() - started) * 1000
        try:
            document = json.loads(raw) if raw else None
        except ValueError:
            document = None
        code = document.get("code") if isinstance(document, dict) else None
        if refusal is None and status == expect:
            outcome = OK
        elif refusal is not None and (status, code) == refusal:
            outcome = REFUSED
        elif status == 429:
            outcome = RATE_LIMITED
        elif status >= 500:
            outcome = SERVER_ERROR
        else:
            outcome = UNEXPECTED
        self.recorder.add(kind, outcome, ms)
        if outcome not in (OK, REFUSED):
            wanted = f"{refusal[0]} {refusal[1]}" if refusal else str(expect)
            self.recorder.problem(
                f"{kind} {method} {path[:80]}: {status} {code or ''} (expected {wanted})"
                + ("" if status != 422 or not document else f" {str(document)[:200]}")
            )
        return status, document


# --- the clients ------------------------------------------------------------------------------


class Game:
    """A client's game: the session, its human seat's token, what the client last saw."""

    def __init__(self, name, session, token):
        self.name, self.session, self.token = name, session, token
        self.version = 0
        self.steps = 0
        self.over = False


class Shared:
    """What the clients publish for the stream followers: the games going on."""

    def __init__(self):
        self.lock = threading.Lock()
        self.live = {}  # session -> token

    def add(self, game):
        with self.lock:
            self.live[game.session] = game.token

    def remove(self, game):
        with self.lock:
            self.live.pop(game.session, None)

    def pick(self, rng, avoid):
        with self.lock:
            choices = [s for s in self.live.items() if s[0] not in avoid] or list(self.live.items())
        return rng.choice(choices) if choices else None


def weighted(rng, table):
    names = list(table)
    weights = [table[n] if isinstance(table[n], int | float) else table[n]["weight"] for n in names]
    return rng.choices(names, weights)[0]


def word_path(word, categories, suggest=True):
    query = f"categories={','.join(categories)}" if categories else ""
    if not suggest:
        query += ("&" if query else "") + "suggest=false"
    return f"/v1/words/{quote(word, safe='')}" + (f"?{query}" if query else "")


class Client:
    """One person: requests by the weights of MIX, a think between them, one game at a time."""

    def __init__(self, index, port, recorder, shared, args, default_bots):
        self.rng = random.Random(args.seed * 1000 + index)
        self.api = Api(port, recorder)
        self.recorder = recorder
        self.shared = shared
        self.args = args
        self.default_bots = default_bots
        self.game = None
        # The clients' first games go round the four, so that even a short soak plays each
        # (drawn by weight alone, 4 clients left one out about a run in two of 12 s).
        self.first_game: str | None = list(GAMES)[index % len(GAMES)]

    def run(self, deadline):
        try:
            while time.monotonic() < deadline:
                if self.args.think_ms:
                    time.sleep(self.rng.uniform(0, 2 * self.args.think_ms) / 1000)
                kind = weighted(self.rng, MIX)
                getattr(self, f"do_{kind}")()
        except Exception as error:  # a bug in the soak itself: say so, and stop this client
            self.recorder.problem(f"client stopped by {error!r}")
            raise
        finally:
            if self.game is not None:
                self.shared.remove(self.game)
            self.api.close()

    # single requests

    def do_word(self):
        word = self.rng.choice(VALID_WORDS)
        self.api.call("word", "GET", word_path(word, ["noun-singular"]))

    def do_word_refused(self):
        word = self.rng.choice(INVALID_WORDS)
        self.api.call("word_refused", "GET", word_path(word, ["noun-singular"]))

    def do_batch(self):
        count = self.rng.randint(10, 60)
        words = [self.rng.choice(VALID_WORDS + INVALID_WORDS) for _ in range(count)]
        body = {"words": words, "categories": self.rng.choice(CATEGORY_SETS)}
        self.api.call("batch", "POST", "/v1/words/check", body)

    def do_search(self):
        pattern = self.rng.choice(PATTERNS)
        categories = self.rng.choice(CATEGORY_SETS)
        query = f"pattern={quote(pattern, safe='')}&limit=20"
        if categories:
            query += f"&categories={','.join(categories)}"
        self.api.call("search", "GET", f"/v1/words?{query}")

    def do_solve(self):
        cards = self.rng.choices(HAND_LETTERS, k=self.rng.randint(5, 8))
        if self.rng.random() < 0.3:
            cards.append("*")
        body = {
            "cards": cards,
            "tokens": self.rng.randint(0, 3),
            "categories": self.rng.choice(CATEGORY_SETS),
            "limit": 10,
            "budget_ms": 50,
        }
        self.api.call("solve", "POST", "/v1/words-of-magic/solve", body)

    def do_lobby(self):
        game = weighted(self.rng, GAMES)
        self.api.call("lobby", "GET", f"/v1/games/sessions?game={game}")

    def do_refusal(self):
        playing = self.game is not None and not self.game.over
        choices = [r for r in REFUSALS if r[1] is None or playing]
        name, _, status, code = self.rng.choice(choices)
        refusal = (status, code)
        call = self.api.call
        game = self.game
        if name == "word_with_digits":
            call("refusal", "GET", word_path("сл0во", ["noun-singular"]), refusal=refusal)
        elif name == "unknown_category":
            call("refusal", "GET", word_path("слово", ["no-such-category"]), refusal=refusal)
        elif name == "length_range":
            path = f"/v1/words?pattern={quote('м*', safe='')}&min_length=6&max_length=3"
            call("refusal", "GET", path, refusal=refusal)
        elif name == "word_not_formable":
            body = {"cards": ["К", "О", "Т"], "word": "собака", "budget_ms": 50}
            call("refusal", "POST", "/v1/words-of-magic/solve", body, refusal=refusal)
        elif name == "session_not_found":
            call("refusal", "GET", f"/v1/games/sessions/{SESSION_GONE}", refusal=refusal)
        elif name == "invalid_token":
            path = f"/v1/games/sessions/{game.session}"
            call("refusal", "GET", path, token=secrets.token_urlsafe(32), refusal=refusal)
        elif name == "game_not_over":
            path = f"/v1/games/sessions/{game.session}/result"
            call("refusal", "GET", path, refusal=refusal)
        elif name == "stale_version":
            body = {"action": {"type": "pass"}, "expected_version": game.version + 1}
            path = f"/v1/games/sessions/{game.session}/actions"
            call("refusal", "POST", path, body, token=game.token, refusal=refusal)

    # the game

    def do_game(self):
        if self.game is None:
            self.new_game()
            return
        game = self.game
        game.steps += 1
        path = f"/v1/games/sessions/{game.session}"
        status, summary = self.api.call("game_view", "GET", path, token=game.token)
        if status != 200:
            self.end_game("abandoned")
            return
        game.version = summary["version"]
        if summary["status"] == "over":
            self.finish(summary["version"])
            return
        if game.steps > MAX_GAME_STEPS:
            self.recorder.problem(f"{game.name} {game.session}: abandoned after {game.steps} steps")
            self.end_game("abandoned")
            return
        if summary["you"] not in summary["to_act"] or not summary["legal_actions"]:
            return  # not the person's turn (bots act within the requests): look again later
        action = self.choose(game, summary)
        if action is None:
            self.end_game("abandoned")
            return
        body = {"action": action, "expected_version": summary["version"]}
        headers = {"Idempotency-Key": uuid.uuid4().hex} if self.rng.random() < 0.3 else None
        status, acted = self.api.call(
            "game_act", "POST", f"{path}/actions", body, token=game.token, headers=headers
        )
        if status != 200:
            self.end_game("abandoned")
            return
        game.version = acted["version"]
        game.over = acted["status"] == "over"

    def new_game(self):
        name, self.first_game = self.first_game or weighted(self.rng, GAMES), None
        spec = GAMES[name]
        seats = [{"kind": "human", "name": "Soak"}] + [
            {"kind": "bot", "bot": bot or self.default_bots[name]} for bot in spec["bots"]
        ]
        body = {"game": name, "options": spec["options"], "seats": seats}
        status, created = self.api.call(
            "game_create", "POST", "/v1/games/sessions", body, expect=201
        )
        if status != 201:
            return
        path = f"/v1/games/sessions/{created['id']}/join"
        status, joined = self.api.call("game_join", "POST", path, {"seat": 0})
        if status != 200:
            return
        self.game = Game(name, created["id"], joined["token"])
        self.game.version = created["version"]
        self.game.over = created["status"] == "over"
        self.recorder.game(name, "started")
        self.shared.add(self.game)

    def finish(self, version):
        """The game is over: its result, and its log checked (every action once, in order)."""
        game = self.game
        base = f"/v1/games/sessions/{game.session}"
        self.api.call("game_result", "GET", f"{base}/result")
        status, events = self.api.call("game_events", "GET", f"{base}/events", token=game.token)
        if status == 200:
            numbers = [e["number"] for e in events["events"]]
            if numbers != list(range(1, version + 1)):
                self.recorder.log_mismatches += 1
                self.recorder.problem(f"{game.session}: log {numbers[:5]}... of version {version}")
        self.end_game("finished")

    def end_game(self, how):
        self.recorder.game(self.game.name, how)
        self.shared.remove(self.game)
        self.game = None

    def choose(self, game, summary):
        """The person's action: a word from the solver when Words of Magic lets them form
        one (as a person asks "can I make it?"), else a listed action at random; an action
        only described (its ``needs``) is filled in where the soak knows how."""
        legal = summary["legal_actions"]
        if game.name == "words-of-magic" and any(a["type"] == "form_word" for a in legal):
            action = self.word_from_solver(summary)
            if action is not None:
                return action
        listed = [a for a in legal if "needs" not in a]
        if listed:
            return self.rng.choice(listed)
        described = legal[0]
        if game.name == "lost-words" and described["type"] == "discard":
            hand = [c["id"] for c in summary["view"]["players"][summary["you"]]["hand"]]
            return {"type": "discard", "cards": self.rng.sample(hand, described["count"])}
        self.recorder.problem(f"{game.name}: no listed action to take among {legal!r:.200}")
        return None

    def word_from_solver(self, summary):
        view = summary["view"]
        me = view["players"][summary["you"]]
        figure = view["familiar"]["figure"]
        body = {
            "cards": [
                c.get("letter") or ("*" if c["kind"] == "joker" else c["magic"]) for c in me["hand"]
            ],
            "tokens": me["tokens"],
            "familiar": [
                {"letter": x, "available": i != figure}
                for i, x in enumerate(view["familiar"]["letters"])
            ],
            "mode": view["options"]["mode"],
            "players": view["options"]["players"],
            "categories": view["options"]["categories"],
            "limit": 3,
            "budget_ms": 100,
        }
        status, solved = self.api.call("game_solve", "POST", "/v1/words-of-magic/solve", body)
        if status != 200 or not solved["plays"]:
            return None
        play = self.rng.choice(solved["plays"])
        ids = [c["id"] for c in me["hand"]]
        slots = [
            {
                "source": s["source"],
                "letter": s["letter"],
                **({"card": ids[s["card"]]} if s["card"] is not None else {}),
                **({"position": s["familiar"]} if s["familiar"] is not None else {}),
            }
            for s in play["slots"]
        ]
        return {"type": "form_word", "word": play["word"], "slots": slots}


# --- the streams ------------------------------------------------------------------------------


class Follower:
    """Follows live games over server-sent events: from the first action, then reconnecting
    every few seconds with ``Last-Event-ID``; checks that each action number comes once, in
    order, across the reconnections, until the game's ``end``."""

    def __init__(self, index, port, recorder, shared, args):
        self.rng = random.Random(args.seed * 1000 + 500 + index)
        self.port = port
        self.recorder = recorder
        self.shared = shared
        self.followed = set()

    def run(self, deadline):
        while time.monotonic() < deadline:
            picked = self.shared.pick(self.rng, self.followed)
            if picked is None:
                time.sleep(0.2)
                continue
            session, token = picked
            self.followed.add(session)
            # half as the seat (its token in the header), half as a spectator
            self.follow(session, token if self.rng.random() < 0.5 else None, deadline)

    def follow(self, session, token, deadline):
        last = 0
        reconnecting = False
        while time.monotonic() < deadline:
            hold_until = min(deadline, time.monotonic() + self.rng.uniform(2.0, 8.0))
            result, last = self.connect(session, token, last, reconnecting, hold_until)
            if result in ("end", "refused", "broken"):
                return
            reconnecting = True
            if result == "closed":
                self.recorder.stream("closed_by_server")

    def connect(self, session, token, last, reconnecting, hold_until):
        """One connection: ("end" | "held" | "closed" | "refused" | "broken", last id)."""
        request = stream_request(session, token, last_id=last if reconnecting else None)
        started = time.perf_counter()
        try:
            sock = socket.create_connection((HOST, self.port), timeout=30)
        except OSError as error:
            self.recorder.add("stream_open", NO_ANSWER, (time.perf_counter() - started) * 1000)
            self.recorder.problem(f"stream {session}: cannot connect ({error!r})")
            return "broken", last
        self.recorder.stream("reconnections" if reconnecting else "connections")
        parser = EventStream()
        try:
            sock.sendall(request)
            sock.settimeout(0.5)
            while True:
                now = time.monotonic()
                if now >= hold_until:
                    return "held", last
                try:
                    data = sock.recv(65536)
                except TimeoutError:
                    if parser.status is None and time.perf_counter() - started > 30:
                        raise
                    continue
                opening = parser.status is None
                events = parser.feed(data)
                if opening and parser.status is not None:
                    self.opened(session, parser, started)
                    if parser.status != 200:
                        return "refused", last
                for fields in events:
                    if fields.get("event") == "end":
                        self.recorder.stream("games_followed_to_end")
                        return "end", last
                    if fields.get("event") != "action":
                        continue
                    number = int(fields["id"])
                    self.recorder.stream("events")
                    self.recorder.stream_events.append(now - self.recorder.started)
                    if number != last + 1:
                        self.recorder.stream("out_of_order")
                        self.recorder.problem(
                            f"stream {session}: action {number} after {last}"
                            + (" (after a reconnection)" if reconnecting else "")
                        )
                    last = number
                if not data or parser.done:
                    return "closed", last
        except (OSError, ValueError) as error:
            if parser.status is None:
                ms = (time.perf_counter() - started) * 1000
                self.recorder.add("stream_open", NO_ANSWER, ms)
            self.recorder.problem(f"stream {session}: {error!r}")
            return "broken", last
        finally:
            sock.close()

    def opened(self, session, parser, started):
        ms = (time.perf_counter() - started) * 1000
        if parser.status == 200:
            outcome = OK
        elif parser.status == 429:
            outcome = RATE_LIMITED
        elif parser.status >= 500:
            outcome = SERVER_ERROR
        else:
            outcome = UNEXPECTED
        self.recorder.add("stream_open", outcome, ms)
        if outcome != OK:
            # the problem's code, when its body came with the head (it mostly does)
            code = re.search(rb'"code": ?"([a-z_]+)"', parser.raw)
            said = f" {code.group(1).decode()}" if code else ""
            self.recorder.problem(f"stream {session}: HTTP {parser.status}{said}")


# --- the server's resources -------------------------------------------------------------------


def process_tree(pid):
    """``pid`` and its descendants (gunicorn's master and its workers)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += children(current)
    return found


def status_kb(pid, *fields):
    """The fields of /proc/<pid>/status, as numbers (kB for sizes; None when the process is
    gone)."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return None
    values = dict.fromkeys(fields, 0)
    for line in lines:
        name, _, rest = line.partition(":")
        if name in values:
            values[name] = int(rest.split()[0])
    return values


def listening_pids(port):
    """The processes holding a listening loopback socket on ``port`` (gunicorn's master and
    workers all do), read from /proc: the master is the one whose parent is not among them."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                cols = line.split()
                if cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(cols[9])
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            for fd in (proc / "fd").iterdir():
                link = os.readlink(fd)
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    pids.append(int(proc.name))
                    break
    return pids


def master_of(pids):
    def parent(pid):
        try:
            return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            return None

    masters = [p for p in pids if parent(p) not in pids]
    return masters[0] if len(masters) == 1 else None


class Sampler:
    """Every ``every`` seconds: the server's resident set (VmRSS of the master and its
    workers, summed; and of it RssAnon, the processes' own memory, where a leak would show,
    the rest being the lexicon's memory-mapped pages), the server's CPU seconds so far, and
    the soak's own. Without a server process (``master`` None) only the soak's CPU."""

    def __init__(self, master, started, every=2.0):
        self.master = master
        self.started = started
        self.every = every
        #: (seconds, RSS MB, anon MB, server CPU s, processes, own CPU s, server threads)
        self.samples = []
        self.workers_seen = set()
        #: The workers' VmRSS, summed, at the last sample (MB; without the master's).
        self.workers_rss_mb = None
        self.stop = threading.Event()

    def sample(self):
        rss = anon = threads = master_rss = 0
        cpu = 0.0
        pids = process_tree(self.master) if self.master else []
        for pid in pids:
            kb = status_kb(pid, "VmRSS", "RssAnon", "Threads")
            if kb is None:  # gone since the listing
                continue
            rss += kb["VmRSS"]
            master_rss += kb["VmRSS"] if pid == self.master else 0
            anon += kb["RssAnon"]
            threads += kb["Threads"]
            cpu += process_cpu_seconds(pid)
        self.workers_seen.update(p for p in pids if p != self.master)
        if pids:
            self.workers_rss_mb = (rss - master_rss) / 1024
        now = time.monotonic() - self.started
        own = os.times()
        own = own.user + own.system
        self.samples.append((now, rss / 1024, anon / 1024, cpu, len(pids), own, threads))

    def run(self):
        while not self.stop.is_set():
            self.sample()
            self.stop.wait(self.every)


# --- the run ----------------------------------------------------------------------------------


@contextlib.contextmanager
def fresh_postgres(admin_url):
    """A new PostgreSQL database on the server of ``admin_url``, dropped at the end."""
    from sqlalchemy import create_engine, text

    admin_url = admin_url.replace("postgresql://", "postgresql+psycopg://", 1)
    name = f"wordsvc_soak_{secrets.token_hex(4)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def windows_of(duration):
    """(window seconds, warm-up seconds) for a run: minute windows from 5 minutes on, a
    tenth of the run below; the warm-up is 20% of the run, at least a minute, but at most
    40% of a short run (a 2-minute run warms up for 48 s and keeps six 12-s windows)."""
    window = 60.0 if duration >= 300 else max(1.0, duration / 10)
    warmup = max(0.2 * duration, min(60.0, 0.4 * duration))
    # the warm-up ends at a window's edge
    warmup = window * round(warmup / window)
    return window, warmup


def soak(args, port, master):
    status, body = Api(port, Recorder(time.monotonic())).call("setup", "GET", "/v1/games")
    if status != 200:
        raise SystemExit(f"GET /v1/games answered {status}")
    default_bots = {g["name"]: g["default_bot"] for g in body["games"]}
    missing = set(GAMES) - set(default_bots)
    if missing:
        raise SystemExit(f"the server hosts no {', '.join(sorted(missing))}")

    started = time.monotonic()
    deadline = started + args.duration
    recorder = Recorder(started)
    shared = Shared()
    sampler = Sampler(master, started, every=min(2.0, args.window / 4))
    sampler.sample()
    threads = []
    for i in range(args.clients):
        client = Client(i, port, recorder, shared, args, default_bots)
        threads.append(threading.Thread(target=client.run, args=(deadline,), daemon=True))
    for i in range(args.streams):
        follower = Follower(i, port, recorder, shared, args)
        threads.append(threading.Thread(target=follower.run, args=(deadline,), daemon=True))
    for thread in threads:
        thread.start()
    threading.Thread(target=sampler.run, daemon=True).start()
    window, warmup = args.window, args.warmup
    shown = 0
    while time.monotonic() < deadline:
        time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))
        elapsed = time.monotonic() - started
        while (shown + 1) * window <= elapsed + 1e-6:
            log_window(recorder, sampler, shown, window, warmup)
            shown += 1
    for thread in threads:
        thread.join(90)
    sampler.stop.set()
    sampler.sample()
    return report(args, recorder, sampler)


def log_window(recorder, sampler, index, window, warmup):
    lo, hi = index * window, (index + 1) * window
    rows = [r for r in recorder.requests if lo <= r[0] < hi]
    ms = [r[3] for r in rows]
    bad = sum(r[2] not in (OK, REFUSED) for r in rows)
    rss = [s[1] for s in sampler.samples if s[0] < hi] if sampler.master else []
    log(
        f"{hi:6.0f} s{' (warm-up)' if hi <= warmup else ''}: {len(rows)} requests, "
        f"{bad} failed, p50 {percentile(ms, 50) or 0:.1f} ms, p99 {percentile(ms, 99) or 0:.1f} ms"
        + (f", RSS {rss[-1]:.0f} MB" if rss else "")
    )


def report(args, recorder, sampler):
    window, warmup, duration = args.window, args.warmup, args.duration
    count = max(1, round(duration / window))
    kinds = sorted({r[1] for r in recorder.requests}, key=kind_order)
    by_window = [[] for _ in range(count)]
    for row in recorder.requests:  # late answers, after the deadline, count in the last
        by_window[min(count - 1, int(row[0] // window))].append(row)
    events = [0] * count
    for t in recorder.stream_events:
        events[min(count - 1, int(t // window))] += 1
    windows = []
    for index, rows in enumerate(by_window):
        lo, hi = index * window, (index + 1) * window
        entry = {
            "index": index + 1,
            "start_s": round(lo, 1),
            "end_s": round(hi, 1),
            "warmup": hi <= warmup + 1e-6,
            **tally(rows),
            "kinds": {},
            "stream_events": events[index],
        }
        for kind in kinds:
            ms = [r[3] for r in rows if r[1] == kind]
            if ms:
                entry["kinds"][kind] = latency(ms)
        inside = [s for s in sampler.samples if lo <= s[0] < hi + 1e-6]
        before = [s for s in sampler.samples if s[0] < lo + 1e-6]
        if inside and sampler.master:
            entry["rss_mb"] = round(inside[-1][1], 1)
            entry["rss_anon_mb"] = round(inside[-1][2], 1)
            entry["server_threads"] = inside[-1][6]
        if inside and before:
            span = inside[-1][0] - before[-1][0]
            if sampler.master:
                entry["server_cores"] = round((inside[-1][3] - before[-1][3]) / span, 2)
            entry["soak_cores"] = round((inside[-1][5] - before[-1][5]) / span, 2)
        windows.append(entry)

    totals = tally(recorder.requests)
    totals["kinds"] = {
        kind: latency([r[3] for r in recorder.requests if r[1] == kind]) for kind in kinds
    }
    settled = [w for w in windows if not w["warmup"]]
    result = {
        "settings": {
            "seconds": duration,
            "window_s": window,
            "warmup_s": warmup,
            "clients": args.clients,
            "think_ms": args.think_ms,
            "streams": args.streams,
            "server": args.server_description,
            "database": args.database if not args.url else "(the server's)",
            "rate_limits": "off (WORDSVC_RATE_LIMITS=off)" if not args.url else "(the server's)",
            "mix": MIX,
            "games": {name: spec["weight"] for name, spec in GAMES.items()},
            "seed": args.seed,
        },
        "machine": machine(),
        "windows": windows,
        "totals": totals,
        "games": recorder.games,
        "log_mismatches": recorder.log_mismatches,
        "streams": dict(recorder.streams),
        "problems": recorder.problems,
        "problem_count": recorder.problem_count,
    }
    result["rss"] = rss_summary(sampler, warmup)
    result["p99"] = p99_summary(settled)
    result["criteria"] = criteria(result, sampler)
    result["passed"] = all(c["passed"] is not False for c in result["criteria"])
    return result


KIND_ORDER = (
    "word",
    "word_refused",
    "batch",
    "search",
    "solve",
    "refusal",
    "lobby",
    "game_create",
    "game_join",
    "game_view",
    "game_solve",
    "game_act",
    "game_result",
    "game_events",
    "stream_open",
)


def kind_order(kind):
    return KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)


def tally(rows):
    counts = dict.fromkeys(OUTCOMES, 0)
    for row in rows:
        counts[row[2]] += 1
    # Opening a stream waits for nothing, but it is no request like the others: its latency
    # is left out of the window's, its outcome is not.
    ms = [r[3] for r in rows if r[1] != "stream_open"]
    return {
        "requests": len(rows),
        "5xx": counts[SERVER_ERROR],
        "4xx_expected": counts[REFUSED],
        "4xx_unexpected": counts[UNEXPECTED],
        "429": counts[RATE_LIMITED],
        "no_answer": counts[NO_ANSWER],
        **latency(ms),
    }


def latency(ms):
    p99 = percentile(ms, 99) if len(ms) >= MIN_P99_SAMPLES else None
    return {
        "n": len(ms),
        "p50_ms": round(percentile(ms, 50), 2) if ms else None,
        "p99_ms": round(p99, 2) if p99 is not None else None,
        "max_ms": round(max(ms), 2) if ms else None,
    }


def rss_summary(sampler, warmup):
    if not sampler.master or not sampler.samples:
        return None
    after = [s for s in sampler.samples if s[0] >= warmup - 1e-6]
    if not after:
        return None
    base, final = after[0], sampler.samples[-1]
    workers_replaced = max(0, len(sampler.workers_seen) - (sampler.samples[0][4] - 1))
    return {
        "start_mb": round(sampler.samples[0][1], 1),
        "after_warmup_mb": round(base[1], 1),
        "final_mb": round(final[1], 1),
        "workers_final_mb": (
            round(sampler.workers_rss_mb, 1) if sampler.workers_rss_mb is not None else None
        ),
        "peak_mb": round(max(s[1] for s in after), 1),
        "growth": round(final[1] / base[1] - 1, 4),
        "anon_after_warmup_mb": round(base[2], 1),
        "anon_final_mb": round(final[2], 1),
        "anon_growth": round(final[2] / base[2] - 1, 4) if base[2] else None,
        "processes": final[4],
        "workers_seen": len(sampler.workers_seen),
        "workers_replaced": workers_replaced,
    }


def p99_summary(settled):
    """The post-warm-up windows' p99s: the median of the later half's against the median
    of the earlier half's (the criterion), and the last window's against the first's."""
    values = [(w["index"], w["p99_ms"]) for w in settled if w["p99_ms"] is not None]
    if len(values) < 2:
        return None
    half = len(values) // 2  # an odd count leaves the middle window out
    early = statistics.median(v for _, v in values[:half])
    late = statistics.median(v for _, v in values[-half:])
    return {
        "windows": len(values),
        "early_windows": [i for i, _ in values[:half]],
        "late_windows": [i for i, _ in values[-half:]],
        "early_median_ms": round(early, 2),
        "late_median_ms": round(late, 2),
        "ratio": round(late / early, 3),
        "first_ms": values[0][1],
        "last_ms": values[-1][1],
        "last_over_first": round(values[-1][1] / values[0][1], 3),
    }


def criteria(result, sampler):
    """Each criterion: name, passed (True, False, or None when it could not be measured),
    and what was measured."""
    t = result["totals"]
    rss, p99, streams = result["rss"], result["p99"], result["streams"]
    checks = [
        ("no 5xx", t["5xx"] == 0, f"{t['5xx']} answers 5xx"),
        ("no 429", t["429"] == 0, f"{t['429']} answers 429 (rate limited)"),
        ("every request answered", t["no_answer"] == 0, f"{t['no_answer']} without an answer"),
        (
            "no unexpected 4xx",
            t["4xx_unexpected"] == 0,
            f"{t['4xx_unexpected']} unexpected answers ({t['4xx_expected']} expected refusals)",
        ),
        (
            "every finished game's log complete",
            result["log_mismatches"] == 0,
            f"{result['log_mismatches']} logs not numbered 1..version",
        ),
        (
            "streams in order across reconnections",
            streams["out_of_order"] == 0 if streams["events"] else None,
            f"{streams['out_of_order']} out of order of {streams['events']} actions received",
        ),
    ]
    if rss is None:
        checks.append(("RSS growth after warm-up <= 10%", None, "not measured"))
        checks.append(("no worker replaced", None, "not measured"))
    else:
        checks.append(
            (
                f"RSS growth after warm-up <= {MAX_RSS_GROWTH:.0%}",
                rss["growth"] <= MAX_RSS_GROWTH,
                f"{rss['after_warmup_mb']:.0f} MB -> {rss['final_mb']:.0f} MB "
                f"({rss['growth']:+.1%}; heap {rss['anon_after_warmup_mb']:.0f} -> "
                f"{rss['anon_final_mb']:.0f} MB)",
            )
        )
        checks.append(
            (
                "no worker replaced",
                rss["workers_replaced"] == 0,
                f"{rss['workers_seen']} worker processes seen, {rss['workers_replaced']} new",
            )
        )
    name = f"p99 stable (later half <= {MAX_P99_RATIO:g}x earlier half)"
    if p99 is None:
        checks.append((name, None, "fewer than 2 post-warm-up windows with a p99"))
    else:
        checks.append(
            (
                name,
                p99["ratio"] <= MAX_P99_RATIO,
                f"median window p99 {p99['early_median_ms']:.1f} ms (windows "
                f"{span(p99['early_windows'])}) -> {p99['late_median_ms']:.1f} ms (windows "
                f"{span(p99['late_windows'])}), {p99['ratio']:.2f}x; last window / first: "
                f"{p99['last_ms']:.1f} / {p99['first_ms']:.1f} ms",
            )
        )
    return [{"name": n, "passed": ok, "measured": what} for n, ok, what in checks]


def span(indexes):
    return f"{indexes[0]}–{indexes[-1]}" if len(indexes) > 1 else str(indexes[0])


def fmt(value, digits=1):
    return "–" if value is None else f"{value:.{digits}f}"


def markdown(r):
    s, m = r["settings"], r["machine"]
    lines = [
        f"Machine: {m['cpus']} CPUs, {m['cpu_model']}; Python {m['python']}. Server: "
        f"{s['server']}, database {s['database']}, rate limits {s['rate_limits']}. "
        f"{s['clients']} clients (think 0–{2 * s['think_ms']:g} ms), {s['streams']} stream "
        f"followers, {s['seconds']:g} s in windows of {s['window_s']:g} s, the first "
        f"{s['warmup_s']:g} s warm-up.",
        "",
        "| window | requests | 5xx | 4xx expected / unexpected | 429 | no answer "
        "| p50 / p99 ms | cores: server / soak | RSS MB (heap) | server threads "
        "| stream events |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for w in r["windows"]:
        label = f"{w['start_s']:g}–{w['end_s']:g} s" + (" (warm-up)" if w["warmup"] else "")
        lines.append(
            f"| {label} | {w['requests']:,} | {w['5xx']} | {w['4xx_expected']} / "
            f"{w['4xx_unexpected']} | {w['429']} | {w['no_answer']} "
            f"| {fmt(w['p50_ms'])} / {fmt(w['p99_ms'])} "
            f"| {fmt(w.get('server_cores'), 2)} / {fmt(w.get('soak_cores'), 2)} "
            f"| {fmt(w.get('rss_mb'), 0)} ({fmt(w.get('rss_anon_mb'), 0)}) "
            f"| {w.get('server_threads', '–')} "
            f"| {w['stream_events']:,} |"
        )
    t = r["totals"]
    lines.append(
        f"| **all** | {t['requests']:,} | {t['5xx']} | {t['4xx_expected']} / "
        f"{t['4xx_unexpected']} | {t['429']} | {t['no_answer']} "
        f"| {fmt(t['p50_ms'])} / {fmt(t['p99_ms'])} | | | | "
        f"{r['streams']['events']:,} |"
    )
    kinds = list(t["kinds"])
    lines += [
        "",
        f"p50 / p99 ms by kind and window (– : no p99 below {MIN_P99_SAMPLES} requests):",
        "",
        "| window | " + " | ".join(kinds) + " |",
        "|---|" + "---:|" * len(kinds),
    ]
    for w in [*r["windows"], {"index": "all", "kinds": t["kinds"]}]:
        cells = []
        for kind in kinds:
            k = w["kinds"].get(kind)
            cells.append(f"{fmt(k['p50_ms'])} / {fmt(k['p99_ms'])}" if k else "")
        lines.append(f"| {w['index']} | " + " | ".join(cells) + " |")
    games = ", ".join(
        f"{name} {g['finished']} of {g['started']}" + (f" ({g['abandoned']} abandoned)"
                                                       if g["abandoned"] else "")
        for name, g in sorted(r["games"].items())
    )  # fmt: skip
    st = r["streams"]
    lines += [
        "",
        f"Games finished: {games or 'none'}. Streams: {st['connections']} followed, "
        f"{st['reconnections']} reconnections with Last-Event-ID "
        f"({st['closed_by_server']} after the server closed one), {st['events']:,} actions "
        f"received, {st['games_followed_to_end']} games followed to their end, "
        f"{st['out_of_order']} out of order.",
    ]
    if r["rss"]:
        x = r["rss"]
        lines.append(
            f"RSS (master + {x['processes'] - 1} workers): {x['start_mb']:.0f} MB at the start, "
            f"{x['after_warmup_mb']:.0f} MB after the warm-up, {x['final_mb']:.0f} MB at the "
            f"end (peak {x['peak_mb']:.0f}); heap (RssAnon) {x['anon_after_warmup_mb']:.0f} -> "
            f"{x['anon_final_mb']:.0f} MB."
        )
    lines += ["", "| criterion | measured | verdict |", "|---|---|---|"]
    for c in r["criteria"]:
        verdict = {True: "pass", False: "**FAIL**", None: "not measured"}[c["passed"]]
        lines.append(f"| {c['name']} | {c['measured']} | {verdict} |")
    lines.append("")
    lines.append(f"Soak: **{'PASS' if r['passed'] else 'FAIL'}**")
    if r["problems"]:
        lines += ["", f"Problems ({r['problem_count']}, the first {len(r['problems'])}):"]
        lines += [f"- {p}" for p in r["problems"]]
    return "\n".join(lines)


# --- main -------------------------------------------------------------------------------------


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=30.0, help="how long [30]")
    p.add_argument("--seconds", type=float, help="how long, in seconds (instead of --minutes)")
    p.add_argument("--clients", type=int, default=6, help="client threads [6]")
    p.add_argument(
        "--think-ms", type=float, default=40.0, help="a client's mean think between requests [40]"
    )
    p.add_argument("--streams", type=int, default=4, help="stream followers [4]")
    p.add_argument("--workers", type=int, default=2, help="gunicorn workers of the server [2]")
    p.add_argument(
        "--database",
        choices=("postgresql", "sqlite"),
        default="postgresql",
        help="the started server's session store [postgresql]",
    )
    p.add_argument(
        "--postgres",
        default=os.environ.get(
            "WORDSVC_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
        ),
        help="a PostgreSQL URL whose server gets a fresh database for the run "
        "[$WORDSVC_TEST_POSTGRES_URL, else the CI server]",
    )
    p.add_argument("--url", help="a running server on loopback (http://127.0.0.1:PORT)")
    p.add_argument("--pid", type=int, help="with --url: its gunicorn master [found by its port]")
    p.add_argument(
        "--mix",
        help="other weights for MIX, e.g. `game=1,word=1` (the kinds not named: 0): to find "
        "which traffic a problem follows",
    )
    p.add_argument(
        "--games", help="other weights for GAMES, e.g. `words-of-magic=1` (the others: 0)"
    )
    p.add_argument("--seed", type=int, default=1, help="the traffic's random seed [1]")
    p.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    args = p.parse_args(argv)
    args.duration = args.seconds if args.seconds is not None else args.minutes * 60
    if args.duration <= 0 or args.clients < 1 or args.streams < 0 or args.think_ms < 0:
        p.error("the duration and --clients must be positive; --streams, --think-ms not negative")
    if args.url:
        parts = urlsplit(args.url)
        if parts.scheme != "http" or parts.hostname not in ("127.0.0.1", "localhost"):
            p.error("--url: a server on loopback, http://127.0.0.1:PORT")
        args.port = parts.port or 80
    if args.mix:
        weights = parse_weights(p, "--mix", args.mix, MIX)
        MIX.clear()
        MIX.update(weights)
    if args.games:
        weights = parse_weights(p, "--games", args.games, GAMES)
        for name, spec in GAMES.items():
            spec["weight"] = weights.get(name, 0)
    args.window, args.warmup = windows_of(args.duration)
    return args


def parse_weights(parser, option, text, table):
    """``kind=weight,...`` for ``table``'s kinds, the others 0 (a usage error otherwise)."""
    try:
        weights = {k.strip(): float(w) for k, w in (x.split("=") for x in text.split(","))}
    except ValueError:
        parser.error(f"{option}: NAME=WEIGHT,...")
    if set(weights) - set(table) or not any(weights.values()):
        parser.error(f"{option}: weights of {', '.join(table)}, not all 0")
    return weights


def main(argv=None):
    args = parse_args(argv)
    stop_on_sigterm()
    try:
        if args.url:
            pids = [args.pid] if args.pid else listening_pids(args.port)
            master = args.pid or master_of(pids)
            if master is None:
                log(f"no gunicorn master found listening on port {args.port}: RSS not measured")
            args.server_description = f"{args.url} (already running)"
            result = soak(args, args.port, master)
        else:
            with contextlib.ExitStack() as stack:
                tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="soak-"))
                if args.database == "postgresql":
                    args.database_url = stack.enter_context(fresh_postgres(args.postgres))
                log(f"starting wordsvc serve --workers {args.workers} on {args.database} ...")
                url = (
                    f"sqlite:///{tmp}/sessions.sqlite3"
                    if args.database == "sqlite"
                    else args.database_url
                )
                server = serve_wordsvc(tmp, url, "--workers", str(args.workers))
                stack.callback(server.stop, 15)
                args.server_description = f"`wordsvc serve --workers {args.workers}` (gthread)"
                log(f"serving on :{server.port}; {args.duration:g} s of traffic ...")
                result = soak(args, server.port, server.proc.pid)
                if not result["passed"]:
                    tail = (Path(tmp) / "serve.log").read_text(errors="replace").splitlines()
                    errors = [ln for ln in tail if "Traceback" in ln or "ERROR" in ln]
                    result["server_log_errors"] = errors[:20]
    except KeyboardInterrupt:
        log("interrupted; server stopped")
        return 130
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else markdown(result))
    failed = [c for c in result["criteria"] if c["passed"] is False]
    for c in failed:
        log(f"FAILED: {c['name']}: {c['measured']}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
