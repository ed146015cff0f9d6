"""Word routes: check one word or a batch, search by pattern, list categories, the lexicon."""

from __future__ import annotations

from flask import Blueprint, Response

from wordsvc.alphabet import WORD_ERRORS
from wordsvc.api import respond
from wordsvc.api.limits import CHECK_WORDS, SEARCH
from wordsvc.api.params import parse_body, parse_query
from wordsvc.api.spec import operation
from wordsvc.batch import BatchCheck, check_batch
from wordsvc.observability import metrics
from wordsvc.services import get_judge, get_registry
from wordsvc.wire import words as models

blueprint = Blueprint("words", __name__, url_prefix="/v1")

LEXICON_ERRORS = ("lexicon_not_built", "lexicon_corrupt")
WORD_PATH = {"type": "string", "minLength": 1, "maxLength": 256, "pattern": "^[^/]"}


@operation(
    blueprint,
    "/words/<word:word>",
    "GET",
    operation_id="checkWord",
    summary="Judge one word against the agreed categories.",
    query=models.CheckWordQuery,
    response=models.Verdict,
    path_params={"word": WORD_PATH},
    errors={
        422: ("unknown_category", *WORD_ERRORS),
        503: LEXICON_ERRORS,
    },
)
def check_word(word: str) -> Response:
    query = parse_query(models.CheckWordQuery)
    verdict = get_judge().check(word, query.category_ids(), suggest=query.suggest)
    metrics.observe_suggestions([verdict.suggestion_seconds])
    return respond(models.Verdict, verdict)


@operation(
    blueprint,
    "/words/check",
    "POST",
    operation_id="checkWords",
    summary="Judge up to 1000 words; input that is no word is refused in place.",
    body=models.CheckWordsBody,
    response=models.CheckWordsResult,
    cost=CHECK_WORDS,
    errors={
        413: ("too_many_words",),
        422: ("unknown_category",),
        503: LEXICON_ERRORS,
    },
)  # fmt: skip
def check_words() -> Response:
    body = parse_body(models.CheckWordsBody)
    checked = check_batch(get_judge(), body.words, body.categories, suggest=body.suggest)
    observe_suggestions(checked)
    return respond(models.CheckWordsResult, checked)


def observe_suggestions(checked: BatchCheck) -> None:
    """Count the time each verdict of a batch spent on suggestions."""
    metrics.observe_suggestions(
        getattr(item, "suggestion_seconds", None) for item in checked.results
    )


@operation(
    blueprint,
    "/words",
    "GET",
    operation_id="searchWords",
    summary="Words matching a pattern (? one letter, * any run), paged.",
    query=models.SearchQuery,
    response=models.SearchPage,
    cost=SEARCH,
    errors={
        422: ("unknown_category", "invalid_length_range", "pattern_too_broad", "empty_pattern",
              "hyphenated", *WORD_ERRORS),
        503: LEXICON_ERRORS,
    },
)  # fmt: skip
def search_words() -> Response:
    query = parse_query(models.SearchQuery)
    page = get_judge().search(
        query.pattern,
        query.category_ids(),
        min_length=query.min_length,
        max_length=query.max_length,
        offset=query.offset,
        limit=query.limit,
    )
    return respond(models.SearchPage, page)


@operation(
    blueprint,
    "/categories",
    "GET",
    operation_id="listCategories",
    summary="The category registry: what each category admits.",
    response=models.CategoryList,
)
def list_categories() -> Response:
    return respond(models.CategoryList, {"categories": list(get_registry())})


@operation(
    blueprint,
    "/lexicon",
    "GET",
    operation_id="lexiconManifest",
    summary="The lexicon's manifest: sources, counts and checksums.",
    response=models.LexiconManifest,
    errors={503: LEXICON_ERRORS},
)
def lexicon_manifest() -> Response:
    return respond(models.LexiconManifest, get_judge().lexicon.manifest)
