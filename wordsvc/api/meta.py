"""The OpenAPI document, kept as data beside the code and checked against the routes by tests."""

from __future__ import annotations

import json
from functools import cache

from flask import Blueprint, Response, jsonify

from wordsvc.config import PACKAGE_DIR

blueprint = Blueprint("meta", __name__)
OPENAPI_FILE = PACKAGE_DIR / "data" / "openapi.json"


@cache
def openapi_document() -> dict:
    return json.loads(OPENAPI_FILE.read_text(encoding="utf-8"))


@blueprint.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())
