"""How the server-rendered page words a verdict (the ES module's render.js does the same for
the API's answers): normalisation changes, Zipf bands, grammemes, links that keep the state.

Every function takes the API's JSON shapes (plain dicts), so the template renders what the
API answers and nothing else."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from wordsvc.web.texts import (
    DEFAULT_LANG,
    Lang,
    grammeme_labels,
    text,
)

VIEWS = ("check", "solve", "search")


def change_text(change: Mapping[str, Any], lang: Lang) -> str:
    """One normalisation change in plain words, naming the characters it read."""
    key = f"change.{change['code']}"
    details = change.get("details") or {}
    chars = " ".join(details.get("from") or [])
    mapped = details.get("mapped")
    if isinstance(mapped, Mapping):
        chars = ", ".join(f"{latin}→{cyrillic}" for latin, cyrillic in mapped.items())
    try:
        return text(key, lang, chars=chars)
    except KeyError:  # a code this page does not know yet: the API's own words
        return str(change.get("message", change["code"]))


def reading(analysis: Mapping[str, Any], lang: Lang) -> str:
    """A dictionary reading's grammemes in ``lang``, in the tag's own order."""
    labels = grammeme_labels(lang)
    tag = str(analysis.get("tag", "")).replace(" ", ",")
    return ", ".join(labels[g] for g in tag.split(",") if g in labels)


def page_url(base: str, lang: Lang, **state: str | None) -> str:
    """A link to the page in ``state`` (the same query string the ES module writes): the
    default view and language are left out, so links stay short."""
    params: dict[str, str] = {}
    for key, value in state.items():
        if value and not (key == "view" and value == VIEWS[0]):
            params[key] = value
    if lang != DEFAULT_LANG:
        params["lang"] = lang
    query = urlencode(params)
    return f"{base}?{query}" if query else base
