"""One error shape for every response: RFC 9457 problem details with a stable ``code``, at
the status :mod:`wordsvc.wire.status` gives the error."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException, RequestURITooLarge

from wordsvc.api import respond
from wordsvc.errors import WordsvcError
from wordsvc.observability.request_ids import current_request_id
from wordsvc.wire.common import Problem
from wordsvc.wire.status import status_of

PROBLEM_TYPE = "https://wordsvc.invalid/problems/"
#: Longest path and query string accepted, in characters (414 past it).
MAX_URL = 4096
log = logging.getLogger(__name__)

#: Stable codes for the HTTP errors werkzeug raises itself.
HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    429: "rate_limited",  # wordsvc.api.limits answers its own, with Retry-After
    500: "internal_error",
}


def problem(
    status: int,
    code: str,
    detail: str,
    details: Mapping[str, object] | None = None,
    title: str | None = None,
) -> Response:
    body: dict[str, object] = {
        "type": PROBLEM_TYPE + code,
        "title": title or code.replace("_", " ").capitalize(),
        "status": status,
        "detail": detail,
        "code": code,
    }
    if details:
        body["details"] = details
    request_id = current_request_id()
    if request_id is not None:
        body["request_id"] = request_id
    return respond(Problem, body, status, mimetype="application/problem+json")


def register(app: Flask) -> None:
    """Route every error, expected or not, through :func:`problem`."""

    @app.before_request
    def _limit_url() -> None:
        environ = request.environ
        if len(environ.get("PATH_INFO", "")) + len(environ.get("QUERY_STRING", "")) > MAX_URL:
            raise RequestURITooLarge(f"A URL has at most {MAX_URL} characters.")

    @app.errorhandler(WordsvcError)
    def _wordsvc_error(exc: WordsvcError) -> Response:
        status = status_of(exc)
        response = problem(status, exc.code, exc.message, exc.details)
        if status == 401:  # RFC 9110, 11.6.1: say which scheme would do
            response.headers["WWW-Authenticate"] = 'Bearer realm="wordsvc"'
        retry_after = exc.details.get("retry_after")
        if isinstance(retry_after, int):
            response.headers["Retry-After"] = str(retry_after)
        return response

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> Response:
        status = exc.code or 500
        response = problem(status, HTTP_CODES.get(status, f"http_{status}"), exc.description or "")
        # A 405 must say which methods the resource has (RFC 9110, 15.5.6): werkzeug's
        # exception carries them as its `Allow` header.
        for name, value in exc.get_headers():
            if name.lower() == "allow":
                response.headers["Allow"] = value
        return response

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        if _database_unavailable(exc):
            log.warning("database unavailable: %s", exc)
            response = problem(503, "database_busy", "The session database is busy; retry shortly.")
            response.headers["Retry-After"] = "1"
            return response
        log.exception("unexpected error")
        return problem(500, "internal_error", "An unexpected error occurred; it has been logged.")


def _database_unavailable(exc: Exception) -> bool:
    """SQLAlchemy's OperationalError (a lock timeout, a lost connection), recognised without
    importing SQLAlchemy at start."""
    return any(
        cls.__name__ == "OperationalError" and cls.__module__ == "sqlalchemy.exc"
        for cls in type(exc).__mro__
    )
