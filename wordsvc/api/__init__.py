"""The HTTP API: a Flask app factory with one blueprint per area.

The layer is thin: it parses JSON and query strings into the wire models, calls the judge or
the solver, and answers with the wire models validated from what they return
(:func:`respond`). Every error, including those Flask raises, leaves as an RFC 9457 problem
document (``problems``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Flask, Response, current_app
from flask.json.provider import DefaultJSONProvider
from werkzeug.routing import PathConverter

from wordsvc.api.models.common import to_json
from wordsvc.config import Settings

if TYPE_CHECKING:
    from wordsvc.categories import Registry
    from wordsvc.judge import Judge

#: Largest request body accepted, in bytes.
MAX_BODY_BYTES = 64 * 1024
#: Longest path and query string accepted, in characters (414 past it).
MAX_URL = 4096


class WordConverter(PathConverter):
    """A word in a path: anything up to the end, except ``check``, which names the batch
    route (``/v1/words/check`` takes only POST; no Ukrainian word is spelt so)."""

    regex = r"(?!check\Z)[^/][\s\S]*?"


class _JSON(DefaultJSONProvider):
    """UTF-8 as it is (Ukrainian words stay readable) and fields in the models' order."""

    ensure_ascii = False
    sort_keys = False


class _App(Flask):
    json_provider_class = _JSON


def respond(
    form: Any, value: object, status: int = 200, mimetype: str = "application/json"
) -> Response:
    """An answer: ``value`` (the domain's object, or a mapping of them) validated as the wire
    model ``form`` and written by it (:func:`~wordsvc.api.models.common.to_json`)."""
    return current_app.response_class(to_json(form, value) + b"\n", status, mimetype=mimetype)


def create_app(settings: Settings | None = None, judge: Judge | None = None) -> Flask:
    """Build the app. The lexicon is opened on first use, so the app starts even before the
    lexicon is built (word routes then answer 503 ``lexicon_not_built``)."""
    from wordsvc.api import games, health, meta, problems, solver, words

    app = _App(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.extensions["wordsvc.settings"] = settings or Settings.from_env()
    if judge is not None:
        app.extensions["wordsvc.judge"] = judge
    app.url_map.converters["word"] = WordConverter
    app.url_map.merge_slashes = False  # a word path is answered, never redirected
    problems.register(app)
    app.register_blueprint(words.blueprint)
    app.register_blueprint(solver.blueprint)
    app.register_blueprint(games.blueprint)
    app.register_blueprint(health.blueprint)
    app.register_blueprint(meta.blueprint)
    from wordsvc import web  # the arbiter's page at / (not part of the API's document)

    app.register_blueprint(web.blueprint)
    return app


def get_registry() -> Registry:
    """The category registry: from the judge once it is open, else read on its own (it
    needs no lexicon)."""
    judge = current_app.extensions.get("wordsvc.judge")
    if judge is not None:
        from_judge: Registry = judge.registry
        return from_judge
    registry = current_app.extensions.get("wordsvc.registry")
    if registry is None:
        from wordsvc.categories import load_registry

        settings = current_app.extensions["wordsvc.settings"]
        registry = current_app.extensions["wordsvc.registry"] = load_registry(
            settings.dictionaries_dir
        )
    return registry


def get_judge() -> Judge:
    """The app's judge, opened from the data directory on first use."""
    judge = current_app.extensions.get("wordsvc.judge")
    if judge is None:
        from wordsvc.judge import Judge

        judge = Judge.open(current_app.extensions["wordsvc.settings"])
        current_app.extensions["wordsvc.judge"] = judge
    return judge
