"""How the server-rendered page words a verdict (the ES module's render.js does the same for
the API's answers): normalisation changes, how often a spelling is written, grammemes, links
that keep the state.

Every function takes the API's JSON shapes (plain dicts), so the template renders what the
API answers and nothing else. The words of the game inside a sentence (a word, the
characters read) are marked ``lang="uk"``, so an English screen stays English for a person
and a screen reader alike."""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup, escape

from wordsvc.web.texts import (
    DEFAULT_LANG,
    TEXTS,
    Lang,
    grammeme_labels,
    text,
)

VIEWS = ("check", "solve", "search")
#: Placeholders that hold the game's own words, characters or cards (Ukrainian).
GAME_VALUES = frozenset({"word", "chars", "card"})


def marked(key: str, lang: Lang, **values: object) -> Markup:
    """The text ``key`` with its placeholders filled, the game's words among them marked
    ``lang="uk"`` (render.js's ``marked`` does the same)."""
    uk, en = TEXTS[key]
    parts: list[str] = []
    for literal, name, _, _ in string.Formatter().parse(uk if lang == "uk" else en):
        parts.append(escape(literal))
        if name is None:
            continue
        value = escape(values[name])
        if name in GAME_VALUES:
            value = Markup('<span lang="uk">{}</span>').format(value)
        parts.append(value)
    return Markup("").join(parts)


def _change_chars(change: Mapping[str, Any]) -> str:
    details = change.get("details") or {}
    chars = " ".join(details.get("from") or [])
    mapped = details.get("mapped")
    if isinstance(mapped, Mapping):
        chars = ", ".join(f"{latin}→{cyrillic}" for latin, cyrillic in mapped.items())
    return chars


def change_text(change: Mapping[str, Any], lang: Lang) -> str:
    """One normalisation change in plain words, naming the characters it read."""
    key = f"change.{change['code']}"
    try:
        return text(key, lang, chars=_change_chars(change))
    except KeyError:  # a code this page does not know yet: the API's own words
        return str(change.get("message", change["code"]))


def change_markup(change: Mapping[str, Any], lang: Lang) -> Markup:
    """:func:`change_text` for the page, the characters read marked as the game's."""
    key = f"change.{change['code']}"
    if key not in TEXTS:
        return escape(change_text(change, lang))
    return marked(key, lang, chars=_change_chars(change))


def frequency(verdict: Mapping[str, Any], lang: Lang) -> str | None:
    """How often the verdict's spelling is written, in plain words from its ``commonness``
    band (``band.<id>``: "часто вживане", "рідкісне"; the API's label for a band the page
    does not know): no number, no scale's name."""
    band = verdict.get("commonness")
    if not band:
        return None
    if band["id"] == "unknown":
        return text("zipf_unknown", lang)
    key = f"band.{band['id']}"
    label = text(key, lang) if key in TEXTS else band["label_uk" if lang == "uk" else "label"]
    return text("zipf", lang, band=label)


def category_groups(verdict: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The verdict's categories, one line per distinct verdict: the categories that share
    a verdict and its reason (шо: too short for every one) on one line, in the first one's
    place, so a reason is said once (render.js's ``categoryGroups`` does the same)."""
    groups: dict[tuple[bool, str | None, str, str], dict[str, Any]] = {}
    for category in verdict.get("categories") or []:
        key = (
            bool(category["accepted"]),
            category.get("reason"),
            category.get("message", ""),
            category.get("message_uk", ""),
        )
        group = groups.setdefault(key, {**category, "ids": []})
        group["ids"].append(category["id"])
    return list(groups.values())


def suggestion_note(suggestion: Mapping[str, Any], lang: Lang) -> str | None:
    """What a suggestion's ``note`` code says (``suggestion_note.<code>``: "суржик"), or
    None for a word that has none."""
    note = suggestion.get("note")
    if not note:
        return None
    key = f"suggestion_note.{note}"
    return text(key if key in TEXTS else "suggestion_note_other", lang)


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
