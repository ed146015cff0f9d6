"""The app factory: one Flask app with the HTTP API (:mod:`wordsvc.api`) and the pages for
people (:mod:`wordsvc.web`) mounted side by side. Neither imports the other; what both need
sits below them (:mod:`wordsvc.services`, :mod:`wordsvc.wire`, :mod:`wordsvc.batch`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Flask, Response, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.middleware.proxy_fix import ProxyFix

from wordsvc import api, web
from wordsvc.config import Settings
from wordsvc.headers import headers_for
from wordsvc.observability import metrics, request_ids
from wordsvc.services import JUDGE, SETTINGS

if TYPE_CHECKING:
    from wordsvc.judge import Judge

#: Largest request body accepted, in bytes.
MAX_BODY_BYTES = 64 * 1024


class _JSON(DefaultJSONProvider):
    """UTF-8 as it is (Ukrainian words stay readable), fields in the models' order, and no
    spaces between them (as in the API's replies): what the pages carry weighs less."""

    ensure_ascii = False
    sort_keys = False

    def dumps(self, obj: object, **kwargs: object) -> str:
        kwargs.setdefault("separators", (",", ":"))
        return super().dumps(obj, **kwargs)


class _App(Flask):
    json_provider_class = _JSON


def create_app(settings: Settings | None = None, judge: Judge | None = None) -> Flask:
    """Build the app. The lexicon is opened on first use, so the app starts even before the
    lexicon is built (word routes then answer 503 ``lexicon_not_built``)."""
    # Static files are each part's own: the API reference's under /static, the pages' under
    # /web/static.
    app = _App(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    settings = app.extensions[SETTINGS] = settings or Settings.from_env()
    if settings.trusted_proxies:
        # The client's address (for the rate limits), scheme and host (for links built from
        # the address a page was opened at) as the last N proxies forwarded them: a header
        # any client can send is believed only from a proxy that overwrites it.
        n = settings.trusted_proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]
    if judge is not None:
        app.extensions[JUDGE] = judge
    app.extensions[metrics.ENABLED] = settings.metrics
    request_ids.instrument(app)  # first: every request has its id, whatever refuses it
    api.mount(app)
    app.register_blueprint(web.blueprint)  # not part of the API's document

    @app.after_request
    def _security_headers(response: Response) -> Response:
        """Every response's security headers, the pages', the reference's or the API's
        (wordsvc/headers.py), errors included."""
        response.headers.update(headers_for(request.endpoint))
        return response

    return app
