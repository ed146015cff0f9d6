"""The arbiter's page at ``/``: word disputes, best plays and pattern search for the people at
the table, one phone each (docs/web.md).

A Flask blueprint with Jinja templates and plain ES modules, served by the service itself
(no build step, no other host). The page talks to the public HTTP API like any front end;
only the word check without JavaScript is rendered here, through the API's own code path
(:mod:`wordsvc.web.checking`). Texts live in :mod:`wordsvc.web.texts`.
"""

from __future__ import annotations

from flask import Blueprint

#: Assets under /web/static: the app's own /static holds the API reference's.
blueprint = Blueprint(
    "web",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/web/static",
)

from wordsvc.web import busy, links, play, play_rules, views  # noqa: E402, F401 - routes register on it
