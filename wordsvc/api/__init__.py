"""The HTTP API: one blueprint per area, mounted on the app by :func:`mount`.

The layer is thin: it parses JSON and query strings into the wire models, calls the judge or
the solver, and answers with the wire models validated from what they return
(:func:`respond`). Every error, including those Flask raises, leaves as an RFC 9457 problem
document (``problems``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.routing import PathConverter

from wordsvc.wire.common import to_json


class WordConverter(PathConverter):
    """A word in a path: anything up to the end, except ``check``, which names the batch
    route (``/v1/words/check`` takes only POST; no Ukrainian word is spelt so)."""

    regex = r"(?!check\Z)[^/][\s\S]*?"


def respond(
    form: Any, value: object, status: int = 200, mimetype: str = "application/json"
) -> Response:
    """An answer: ``value`` (the domain's object, or a mapping of them) validated as the wire
    model ``form`` and written by it (:func:`~wordsvc.wire.common.to_json`)."""
    return current_app.response_class(to_json(form, value) + b"\n", status, mimetype=mimetype)


def conditional(response: Response) -> Response:
    """``response`` tagged (``ETag``, a hash of its body) and, for a request whose
    ``If-None-Match`` names that tag, made a 304 with no body: a client polling a session
    downloads it again only when it changed. ``Vary: Authorization``: a seat's answer is its
    own."""
    response.add_etag()
    response.vary.add("Authorization")
    response.make_conditional(request)  # in place: 304 and no body when the tag matches
    return response


def mount(app: Flask) -> None:
    """Add the API's routes to ``app``, make every error the app answers with (the pages'
    too) a problem document, count every request against the rate limits, and answer the
    cross-origin calls the settings allow.
    ``GET /metrics`` is mounted when the app records metrics (its settings' ``metrics``),
    outside the API's document and the limits."""
    from wordsvc import stream_slots
    from wordsvc.api import (
        cross_origin,
        games,
        health,
        limits,
        meta,
        metrics,
        problems,
        solver,
        words,
    )
    from wordsvc.api.spec import OPERATIONS
    from wordsvc.observability.metrics import ENABLED
    from wordsvc.services import SETTINGS

    app.url_map.converters["word"] = WordConverter
    app.url_map.merge_slashes = False  # a word path is answered, never redirected
    problems.register(app)
    stream_slots.install(app)
    for area in (words, solver, games, health, meta):
        app.register_blueprint(area.blueprint)
    if app.extensions.get(ENABLED):
        app.register_blueprint(metrics.blueprint)
    deprecated = {op.endpoint: op.deprecated.headers() for op in OPERATIONS if op.deprecated}

    @app.after_request
    def _say_deprecated(response: Response) -> Response:
        """A deprecated operation's every answer says so (docs/api.md#versions)."""
        if request.endpoint in deprecated:
            response.headers.update(deprecated[request.endpoint])
        return response

    settings = app.extensions[SETTINGS]
    limits.install(app, settings)  # the pages' requests count too
    cross_origin.install(app, settings.cors_origins)
