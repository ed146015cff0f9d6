"""Liveness and readiness: is the lexicon loaded?"""

from __future__ import annotations

from flask import Blueprint, Response

from wordsvc.api import respond
from wordsvc.api.spec import operation
from wordsvc.services import get_judge
from wordsvc.wire.words import Health

blueprint = Blueprint("health", __name__)


@operation(
    blueprint,
    "/healthz",
    "GET",
    operation_id="health",
    summary="Ready when the lexicon is loaded.",
    response=Health,
    limited=False,  # probes are never refused for coming often
    errors={503: ("lexicon_not_built", "lexicon_corrupt")},
)
def healthz() -> Response:
    manifest = get_judge().lexicon.manifest  # raises 503 lexicon_not_built when absent
    return respond(
        Health,
        {
            "status": "ok",
            "lexicon": {
                "fingerprint": manifest["fingerprint"],
                "built_at": manifest["built_at"],
                "forms": manifest["counts"]["forms"],
            },
        },
    )
