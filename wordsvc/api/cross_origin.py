"""Cross-origin calls (CORS, by flask-cors): which other sites' pages may call the API.

A page on another origin (a front end on its own domain, a phone app's web view, a tool on
``localhost``) may read the API's answers only when the answer names its origin. The origins
come from ``Settings.cors_origins`` (``WORDSVC_CORS_ORIGINS``), none by default:

- **Named origins** (``https://app.example``) may call every route of the API: the words,
  the solver, the games with their seat tokens and the event stream.
- **``*``** opens only the read-only word routes to any origin: checks, searches, the
  categories, the lexicon's manifest and the solver, which change nothing and need no token.
  A game route is never open to every site: a page there would act with a token it was given.

The preflight allows the headers a front end sends (``Authorization``, ``Idempotency-Key``,
``If-None-Match``, ``Content-Type``, ``Last-Event-ID``) and the answers expose those it reads
(``Retry-After``, ``X-Request-ID``, ``Location``, ``ETag``, ``Deprecation``, ``Sunset``,
``Link``). No cookie is used, so no credentials are allowed. The pages (``/``, ``/play``) and
``/docs`` are never cross-origin: they are this service's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from flask import Flask, Response, request
from flask_cors import CORS

from wordsvc.api.spec import OPERATIONS, Operation

#: The request headers a front end may send.
ALLOWED_HEADERS = (
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "If-None-Match",
    "Last-Event-ID",
    "X-API-Key",
    "X-Request-ID",
)
#: The answer's headers a front end may read, besides those every browser shows.
EXPOSED_HEADERS = (
    "Retry-After",
    "X-Request-ID",
    "Location",
    "ETag",
    "Deprecation",
    "Sunset",
    "Link",
)
#: The areas (blueprints) that change nothing and take no token: any origin may call them
#: when the setting says ``*``.
READ_ONLY_AREAS = frozenset({"words", "solver"})
#: How long a browser may keep a preflight's answer, in seconds.
PREFLIGHT_MAX_AGE_S = 600
ANY = "*"


def read_only(op: Operation) -> bool:
    """Whether ``op`` is a read-only word route, which ``*`` opens to every origin."""
    return op.tag in READ_ONLY_AREAS


def path_pattern(ops: Iterable[Operation]) -> str:
    """One regular expression matching the paths of ``ops`` (a parameter: one or more
    characters, a word's may hold a slash)."""
    paths = sorted({re.escape(op.path) for op in ops})
    alternatives = [re.sub(r"\\\{[a-z_]+\\\}", ".+", p) for p in paths]
    return "^(?:" + "|".join(alternatives) + ")$"


def methods(ops: Iterable[Operation]) -> list[str]:
    """The methods a preflight for ``ops`` allows: theirs, never one no route answers."""
    return sorted({op.method.upper() for op in ops})


def install(app: Flask, origins: Sequence[str]) -> None:
    """Answer the API's cross-origin calls from ``origins`` (nothing when there are none)."""
    if not origins:
        return
    named = [o for o in origins if o != ANY]
    resources: dict[str | re.Pattern[str], dict[str, Any]] = {}
    # Disjoint patterns: flask-cors takes the first that matches, longest first.
    api = [op for op in OPERATIONS if op.path.startswith("/v1/")]
    opened = [op for op in api if read_only(op)] if ANY in origins else []
    if opened:
        resources[path_pattern(opened)] = {"origins": ANY, "methods": methods(opened)}
    if named:
        rest = [op for op in api if op not in opened]
        resources[path_pattern(rest)] = {"origins": named, "methods": methods(rest)}
        # the openapi document, for tools that build a client from a page
        resources[r"^/openapi\.json$"] = {"origins": named, "methods": ["GET"]}
    CORS(
        app,
        resources=resources,
        allow_headers=list(ALLOWED_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
        max_age=PREFLIGHT_MAX_AGE_S,
        supports_credentials=False,
        send_wildcard=True,  # `*`, not the caller's origin echoed, where any origin may call
        vary_header=True,
    )

    @app.after_request
    def _vary_by_origin(response: Response) -> Response:
        """An API answer differs by the caller's origin (named or not): a cache between keeps
        them apart, whatever flask-cors thought needed no ``Vary``."""
        if request.path.startswith("/v1/") or request.path == "/openapi.json":
            response.vary.add("Origin")
        return response
