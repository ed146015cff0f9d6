"""The service's Prometheus metrics, and the functions the HTTP layer records them with.

Under ``wordsvc serve`` every gunicorn worker writes its values to files in
``PROMETHEUS_MULTIPROC_DIR`` (prometheus-client's multiprocess mode), and a scrape of any
worker sums them (``GET /metrics``, :mod:`wordsvc.api.metrics`). prometheus-client chooses
that mode when it is first imported, so the directory is set before this module is imported
(:mod:`wordsvc.observability.multiprocess`). In a single process (tests, ``flask run``) the
values live in memory, in prometheus-client's default registry.

No label holds what a request named: routes are URL rules (``/v1/words/<word:word>``), never
paths, so no word, session id or token becomes a label, and every label has few values.

Recording is per app: ``WORDSVC_METRICS=off`` (:attr:`Settings.metrics`) records nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import current_app, has_app_context
from prometheus_client import Counter, Gauge, Histogram

#: ``app.extensions`` key: does this app record metrics (its settings say so)?
ENABLED = "wordsvc.metrics"
#: The label of a request no route matched (a 404, a 405).
UNMATCHED = "(unmatched)"
#: Methods named in labels as they are; any other is ``other``.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

#: From a fraction of a millisecond (a cached answer) to the gunicorn timeout (30 s).
HTTP_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
#: A solve's budget is 250 ms by default; its clock stops it at a few times that.
SOLVER_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5)
#: Suggestions take about half a millisecond (docs/performance.md).
SUGGESTION_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1)

HTTP_REQUESTS = Counter(
    "wordsvc_http_requests_total",
    "HTTP requests answered, by method, route (the URL rule) and status.",
    ["method", "route", "status"],
)
HTTP_DURATION = Histogram(
    "wordsvc_http_request_duration_seconds",
    "Time from a request's arrival in the app to its answer (a stream: to its first byte).",
    ["method", "route"],
    buckets=HTTP_BUCKETS,
)
SOLVER_DURATION = Histogram(
    "wordsvc_solver_duration_seconds",
    "Time the solver took per solve (index loading included), by kind: best plays or a word.",
    ["kind"],
    buckets=SOLVER_BUCKETS,
)
SOLVER_CUTOFFS = Counter(
    "wordsvc_solver_budget_cutoffs_total",
    "Solves whose budget stopped the search before it was complete.",
)
SUGGESTION_DURATION = Histogram(
    "wordsvc_judge_suggestion_duration_seconds",
    "Time spent finding suggestions for a refused word.",
    buckets=SUGGESTION_BUCKETS,
)
GAME_ACTIONS = Counter(
    "wordsvc_game_actions_total",
    "Actions committed, by game and actor (human, bot, or auto: a person's pass made by itself).",
    ["game", "actor"],
)
STREAMS_OPEN = Gauge(
    "wordsvc_game_streams_open",
    "Event streams open now, summed over the live workers.",
    multiprocess_mode="livesum",
)
#: Read from the session store at each scrape (wordsvc.api.metrics), not counted here.
SESSIONS_OPEN = "wordsvc_game_sessions_open"


def recording() -> bool:
    """Does the current app record metrics? (False outside an app.)"""
    return has_app_context() and bool(current_app.extensions.get(ENABLED, False))


#: The labelled series of each (method, route, status) seen: ``labels()`` is most of the
#: cost of counting a request, and the combinations are few (every part is bounded).
_REQUEST_SERIES: dict[tuple[str, str | None, int], tuple[Any, Any]] = {}


def observe_request(method: str, route: str | None, status: int, seconds: float) -> None:
    method = method if method in METHODS else "other"  # a client may send any word
    key = (method, route, status)
    series = _REQUEST_SERIES.get(key)
    if series is None:
        route = route or UNMATCHED
        series = _REQUEST_SERIES.setdefault(
            key,
            (HTTP_REQUESTS.labels(method, route, str(status)), HTTP_DURATION.labels(method, route)),
        )
    series[0].inc()
    series[1].observe(seconds)


def observe_solve(kind: str, elapsed_ms: float, complete: bool) -> None:
    """A solve: ``kind`` ``best`` (the best plays) or ``word`` (can the hand make it?)."""
    if recording():
        SOLVER_DURATION.labels(kind).observe(elapsed_ms / 1000)
        if not complete:
            SOLVER_CUTOFFS.inc()


def observe_suggestions(durations: Iterable[float | None]) -> None:
    """The suggestion times of some verdicts (None: none were looked for)."""
    if recording():
        for seconds in durations:
            if seconds is not None:
                SUGGESTION_DURATION.observe(seconds)


def count_actions(game: str | None, actors: Iterable[str]) -> None:
    """Committed actions of ``game``, one per actor given."""
    if recording() and game is not None:
        for actor in actors:
            GAME_ACTIONS.labels(game, actor).inc()


@contextmanager
def stream_open(counted: bool) -> Iterator[None]:
    """Around the life of an event stream: counted while it is open, if ``counted`` (a
    stream is read after its request's context is gone: the view asks :func:`recording`)."""
    if not counted:
        yield
        return
    STREAMS_OPEN.inc()
    try:
        yield
    finally:
        STREAMS_OPEN.dec()
