"""The OpenAPI document, generated from the routes and their models, and a reference page
for it at /docs (Swagger UI, served from this package: it works offline)."""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Blueprint, Response, jsonify, render_template_string, url_for

from wordsvc.api.spec import openapi_document, operation

#: The reference page's assets, under /static.
blueprint = Blueprint("meta", __name__, static_folder="static", static_url_path="/static")


@cache
def document() -> dict[str, Any]:
    """The document of every declared route (built once: the routes do not change). The
    route modules are imported first, so that it never caches a document of some of them."""
    from wordsvc.api import games, health, solver, words  # noqa: F401 - they declare routes

    return openapi_document()


@operation(
    blueprint,
    "/openapi.json",
    "GET",
    operation_id="openapi",
    summary="This API's OpenAPI 3.1 document.",
)
def openapi() -> Response:
    return jsonify(document())


DOCS_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>wordsvc API reference</title>
  <link rel="stylesheet" href="{{ css }}">
</head>
<body>
  <div id="reference"></div>
  <script src="{{ js }}"></script>
  <script src="{{ init }}"></script>
</body>
</html>
"""


@operation(
    blueprint,
    "/docs",
    "GET",
    operation_id="docs",
    summary="The API reference page (Swagger UI, served locally).",
    content_type="text/html",
)
def docs() -> str:
    return render_template_string(
        DOCS_PAGE,
        css=url_for("meta.static", filename="swagger-ui/swagger-ui.css"),
        js=url_for("meta.static", filename="swagger-ui/swagger-ui-bundle.js"),
        init=url_for("meta.static", filename="docs.js"),
    )
