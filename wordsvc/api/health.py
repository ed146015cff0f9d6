"""Liveness and readiness: is the lexicon loaded?"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from wordsvc.api import get_judge

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz() -> Response:
    manifest = get_judge().lexicon.manifest  # raises 503 lexicon_not_built when absent
    return jsonify(
        {
            "status": "ok",
            "lexicon": {
                "fingerprint": manifest["fingerprint"],
                "built_at": manifest["built_at"],
                "forms": manifest["counts"]["forms"],
            },
        }
    )
