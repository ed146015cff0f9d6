"""Each request's id, and what the app leaves in the WSGI environ for the server's access
log and for the metrics: its route, its id, when it arrived.

The id is the caller's ``X-Request-ID`` when that is short and of safe characters (a proxy's
or a client's id, to follow one request across their logs and ours), else a new one. It is
echoed in the answer's ``X-Request-ID``, written in problem documents (``request_id``) and
in the access log's line, so that a person's report of an error finds its line.
"""

from __future__ import annotations

import os
import re
import time

from flask import Flask, Response, has_request_context, request

HEADER = "X-Request-ID"
#: WSGI environ keys: the request's id, its route (the URL rule; None when none matched) and
#: when the app began it (``time.perf_counter()``).
REQUEST_ID = "wordsvc.request_id"
ROUTE = "wordsvc.route"
STARTED = "wordsvc.started"
#: A caller's id is kept if it is 1-64 of these characters (a UUID, a hex or base64url id):
#: nothing a log line or a header could be confused by.
VALID_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")


def request_id_from(header: str | None) -> str:
    """The caller's id if it is a valid one, else a new random one (32 hex digits)."""
    if header is not None and VALID_ID.fullmatch(header):
        return header
    return os.urandom(16).hex()  # as random as a UUID 4, without building one


def current_request_id() -> str | None:
    """The id of the request being answered (None outside a request, or before the app
    gave it one)."""
    if not has_request_context():
        return None
    found = request.environ.get(REQUEST_ID)
    return found if isinstance(found, str) else None


def instrument(app: Flask) -> None:
    """Give every request of ``app`` its id and route, echo the id, and count it in the
    metrics when the app records them (:data:`metrics.ENABLED`). Registered before any
    other hook, so that even a request refused by one (a URL too long) has its id."""
    # Here, not at the top: the server reads this module's names before prometheus-client
    # may be imported (wordsvc.observability.multiprocess).
    from wordsvc.observability import metrics

    @app.before_request
    def _begin() -> None:
        environ = request.environ
        environ[STARTED] = time.perf_counter()
        environ[REQUEST_ID] = request_id_from(request.headers.get(HEADER))
        rule = request.url_rule
        environ[ROUTE] = rule.rule if rule is not None else None

    @app.after_request
    def _end(response: Response) -> Response:
        environ = request.environ
        request_id = environ.get(REQUEST_ID)
        if request_id is not None:
            response.headers[HEADER] = request_id
        started = environ.get(STARTED)
        if started is not None and metrics.recording():
            metrics.observe_request(
                request.method,
                environ.get(ROUTE),
                response.status_code,
                time.perf_counter() - started,
            )
        return response
