"""Word routes: check one word or a batch, search by pattern, list categories, the lexicon."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from flask import Blueprint, Response, jsonify, request

from wordsvc.api import get_judge, get_registry
from wordsvc.api.params import bool_arg, categories_arg, int_arg, json_body
from wordsvc.errors import InvalidRequest, TooLarge
from wordsvc.judge import batch_item

blueprint = Blueprint("words", __name__, url_prefix="/v1")

#: Most words in one batch check.
MAX_BATCH = 1000


@blueprint.get("/words/<path:word>")
def check_word(word: str) -> Response:
    verdict = get_judge().check(word, categories_arg(), suggest=bool_arg("suggest", default=True))
    return jsonify(verdict.to_dict())


@blueprint.post("/words/check")
def check_words() -> Response:
    body = json_body()
    return jsonify(check_batch(body, categories=body.get("categories")))


def check_batch(
    body: Mapping[str, object],
    *,
    categories: object,
    house_words: Collection[str] = (),
) -> dict[str, object]:
    """Judge ``body["words"]`` (at most :data:`MAX_BATCH`), one batch item per word: the
    shape and the limits of every batch check, at the table or not."""
    words = body.get("words")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise InvalidRequest(
            "invalid_words", "`words` must be a list of strings.", {"field": "words"}
        )
    if len(words) > MAX_BATCH:
        raise TooLarge(
            "too_many_words",
            f"A batch has at most {MAX_BATCH} words; this one has {len(words)}.",
            {"max": MAX_BATCH, "count": len(words)},
        )
    if categories is not None and (
        not isinstance(categories, list) or not all(isinstance(c, str) for c in categories)
    ):
        raise InvalidRequest(
            "invalid_categories", "`categories` must be a list of category ids.",
            {"field": "categories"},
        )  # fmt: skip
    suggest = body.get("suggest", True)
    if not isinstance(suggest, bool):
        raise InvalidRequest("invalid_suggest", "`suggest` must be true or false.")
    verdicts = get_judge().check_many(words, categories, suggest=suggest, house_words=house_words)
    results = [batch_item(word, result) for word, result in zip(words, verdicts, strict=True)]
    return {"results": results, "all_valid": all(r["valid"] for r in results)}


@blueprint.get("/words")
def search_words() -> Response:
    pattern = request.args.get("pattern")
    if not pattern:
        raise InvalidRequest("missing_pattern", "Give a `pattern`, e.g. ?pattern=м?р*")
    page = get_judge().search(
        pattern,
        categories_arg(),
        min_length=int_arg("min_length", low=1, high=64),
        max_length=int_arg("max_length", low=1, high=64),
        offset=int_arg("offset", low=0, high=1_000_000) or 0,
        limit=int_arg("limit", low=1, high=500) or 50,
    )
    return jsonify(page.to_dict())


@blueprint.get("/categories")
def list_categories() -> Response:
    return jsonify({"categories": [c.to_dict() for c in get_registry()]})


@blueprint.get("/lexicon")
def lexicon_manifest() -> Response:
    return jsonify(get_judge().lexicon.manifest)
