"""The word check without JavaScript: the form's words judged in process, through the code
path of ``POST /v1/words/check`` (:func:`wordsvc.batch.check_batch`, written by the same
wire model), so the template renders exactly what the API would answer. Errors become a
message for the field concerned, at the status the API would give them, never a problem
document in the browser.

How the field's text splits into words is stated once, here (:data:`WORD_SEPARATORS`): the
page hands the same pattern to its ES module (``data-separators`` on the field), so a word
list reads the same with JavaScript and without."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from wordsvc.errors import WordsvcError
from wordsvc.web.texts import Lang, problem_text, text

log = logging.getLogger(__name__)

#: What separates the words a person types: commas, semicolons and every Unicode white
#: space (line breaks included), any run of them. Spelt out rather than ``\s`` so that
#: Python's ``re`` and JavaScript's ``RegExp(..., "u")`` read it alike. Apostrophes and
#: hyphens are not separators: м'ясо and будь-що stay whole.
WORD_SEPARATORS: Final = (
    "[,;\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]+"
)
_SEPARATORS = re.compile(WORD_SEPARATORS)

#: Where a problem code belongs on the page; the rest go to the words field.
FIELD_OF_CODE = {"unknown_category": "categories"}


@dataclass(frozen=True)
class FieldError:
    """A problem shown next to the field it concerns."""

    field: str
    code: str
    message: str
    status: int = 422


def split_words(text: str) -> list[str]:
    """The words of the field, in order: split on :data:`WORD_SEPARATORS`, nothing empty."""
    return [word for word in _SEPARATORS.split(text) if word]


def no_words(lang: Lang) -> FieldError:
    """A form sent with nothing but separators in it: said at the field, in words."""
    return FieldError("words", "no_words", text("problem.no_words", lang))


def split_categories(values: Iterable[str]) -> list[str]:
    """Category ids from repeated ``c`` fields (the form) or a comma list (a link)."""
    ids = (part.strip() for value in values for part in value.split(","))
    return list(dict.fromkeys(part for part in ids if part))


def check(words: list[str], categories: list[str], lang: Lang) -> dict[str, Any] | FieldError:
    """The batch answer as the API writes it (``CheckWordsResult``), or the field error."""
    from wordsvc.batch import check_batch
    from wordsvc.observability import metrics
    from wordsvc.services import get_judge
    from wordsvc.wire.common import to_json
    from wordsvc.wire.status import status_of
    from wordsvc.wire.words import CheckWordsResult

    try:
        result = check_batch(get_judge(), words, categories or None, suggest=True)
        metrics.observe_suggestions(getattr(i, "suggestion_seconds", None) for i in result.results)
        answer: dict[str, Any] = json.loads(to_json(CheckWordsResult, result))
    except WordsvcError as exc:
        message = problem_text(exc.code, lang, dict(exc.details or {}))
        if message is None:  # the API's detail is for developers: the log, not the page
            log.warning("word check refused (%s): %s", exc.code, exc.message)
            message = text("problem.unexpected", lang)
        field = FIELD_OF_CODE.get(exc.code, "words")
        return FieldError(field, exc.code, message, status_of(exc))
    return answer
