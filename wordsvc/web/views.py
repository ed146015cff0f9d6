"""The page's one route, ``/``: GET renders the page in the state its query string names
(a shared link); POST is the word check of a browser without JavaScript.

Words in the state (``w``) are judged here, so a shared verdict shows even without
JavaScript; everything else (best plays, pattern search) is the ES module's, over the API.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import Response, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from wordsvc.web import blueprint
from wordsvc.web.checking import FieldError, check, split_categories, split_words
from wordsvc.web.present import VIEWS, change_text, page_url, reading
from wordsvc.web.texts import Lang, parse_lang, table, text


@blueprint.get("/")
def index() -> tuple[str, int] | Response:
    return _page(request.args)


@blueprint.post("/")
def check_form() -> tuple[str, int] | Response:
    return _page(request.form)


def _page(values: MultiDict[str, str]) -> tuple[str, int]:
    lang = parse_lang(values.get("lang"))
    view = values.get("view", VIEWS[0])
    view = view if view in VIEWS else VIEWS[0]
    words_text = values.get("w", "")
    categories = split_categories(values.getlist("c"))
    words = split_words(words_text)
    outcome: dict[str, Any] | FieldError | None = None
    if words:
        outcome = check(words, categories, lang)
    status = outcome.status if isinstance(outcome, FieldError) else 200
    base = url_for("web.index")
    state_url = partial(page_url, base, lang, c=",".join(categories) or None)
    other_lang: Lang = "en" if lang == "uk" else "uk"
    return render_template(
        "web/index.html",
        lang=lang,
        t=partial(text, lang=lang),
        view=view,
        words_text="\n".join(words),
        categories=categories,
        registry=_categories(),
        results=outcome if isinstance(outcome, dict) else None,
        error=outcome if isinstance(outcome, FieldError) else None,
        share_url=state_url(w="\n".join(words)) if words else None,
        word_url=lambda word: state_url(w=word),
        view_url=lambda name: state_url(view=name),
        lang_url=page_url(
            base, other_lang, c=",".join(categories) or None, view=view, w="\n".join(words)
        ),
        change_text=partial(change_text, lang=lang),
        reading=partial(reading, lang=lang),
        table=table(lang),
        magic_cards=_magic_cards(lang),
        characters=_characters(lang),
    ), status


def _categories() -> list[dict[str, str]]:
    """The registry as ``/v1/categories`` lists it (the same source)."""
    from wordsvc.services import get_registry

    return [
        {"id": c.id, "name_uk": c.name_uk, "name_en": c.name_en, "description": c.description}
        for c in get_registry()
    ]


def _magic_cards(lang: Lang) -> list[tuple[str, str]]:
    """(id, name) of every magic card, for the hand's picker: the solver takes the ids."""
    from wordsvc.rules.words_of_magic.components import MAGIC_EFFECTS

    return [(e.id, e.name_uk if lang == "uk" else e.name_en) for e in MAGIC_EFFECTS.values()]


def _characters(lang: Lang) -> list[tuple[str, str]]:
    from wordsvc.rules.words_of_magic.components import CHARACTER_CARDS

    return [
        (str(c.id.value), c.name_uk if lang == "uk" else c.name_en)
        for c in CHARACTER_CARDS.values()
    ]
