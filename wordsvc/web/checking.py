"""The word check without JavaScript: the form's words judged in process, through the code
path of ``POST /v1/words/check`` (:func:`wordsvc.batch.check_batch`, written by the same
wire model), so the template renders exactly what the API would answer. Errors become a
message for the field concerned, at the status the API would give them, never a problem
document in the browser."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wordsvc.errors import WordsvcError
from wordsvc.web.texts import Lang, problem_text

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
    """The words of the textarea: one a line, blank lines dropped, each as typed (the
    judge reports the spaces it trims)."""
    return [line for line in text.splitlines() if line.strip()]


def split_categories(values: Iterable[str]) -> list[str]:
    """Category ids from repeated ``c`` fields (the form) or a comma list (a link)."""
    ids = (part.strip() for value in values for part in value.split(","))
    return list(dict.fromkeys(part for part in ids if part))


def check(words: list[str], categories: list[str], lang: Lang) -> dict[str, Any] | FieldError:
    """The batch answer as the API writes it (``CheckWordsResult``), or the field error."""
    from wordsvc.batch import check_batch
    from wordsvc.services import get_judge
    from wordsvc.wire.common import to_json
    from wordsvc.wire.status import status_of
    from wordsvc.wire.words import CheckWordsResult

    try:
        result = check_batch(get_judge(), words, categories or None, suggest=True)
        answer: dict[str, Any] = json.loads(to_json(CheckWordsResult, result))
    except WordsvcError as exc:
        details = dict(exc.details or {})
        message = problem_text(exc.code, lang, details) or exc.message
        field = FIELD_OF_CODE.get(exc.code, "words")
        return FieldError(field, exc.code, message, status_of(exc))
    return answer
