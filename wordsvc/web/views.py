"""The page's one route, ``/``: GET renders the page in the state its query string names
(a shared link); POST is the word check of a browser without JavaScript.

Words in the state (``w``) are judged here, so a shared verdict shows even without
JavaScript; everything else (best plays, pattern search) is the ES module's, over the API.
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from flask import Response, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from wordsvc import costs
from wordsvc.web import blueprint
from wordsvc.web.checking import (
    WORD_SEPARATORS,
    FieldError,
    check,
    no_words,
    split_categories,
    split_words,
)
from wordsvc.web.present import (
    VIEWS,
    category_groups,
    change_markup,
    frequency,
    marked,
    page_url,
    reading,
    suggestion_note,
)
from wordsvc.web.texts import TEXTS, Lang, parse_lang, table, text


@blueprint.get("/")
def index() -> tuple[str, int] | Response:
    return _page(request.args)


@blueprint.post("/")
def check_form() -> tuple[str, int] | Response:
    return _page(request.form, asked=True)


# The page's own word check counts against the rate limits as the API's batch check does.
costs.charge("web.index", lambda: costs.words_cost(len(split_words(request.args.get("w", "")))))
costs.charge(
    "web.check_form", lambda: costs.words_cost(len(split_words(request.form.get("w", ""))))
)


def _page(values: MultiDict[str, str], *, asked: bool = False) -> tuple[str, int]:
    """The page in the state ``values`` name; ``asked``: the form was sent, so a field with
    no word in it is said to be empty (a link without words is just the page)."""
    lang = parse_lang(values.get("lang"))
    view = values.get("view", VIEWS[0])
    view = view if view in VIEWS else VIEWS[0]
    words_text = values.get("w", "")
    categories = split_categories(values.getlist("c"))
    words = split_words(words_text)
    outcome: dict[str, Any] | FieldError | None = None
    if words:
        outcome = check(words, categories, lang)
    elif asked:
        outcome = no_words(lang)
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
        registry=_categories(lang),
        agreed=[c for c in categories if c in _category_ids()],
        limits=_limits(),
        separators=WORD_SEPARATORS,
        results=outcome if isinstance(outcome, dict) else None,
        error=outcome if isinstance(outcome, FieldError) else None,
        share_url=state_url(w="\n".join(words)) if words else None,
        word_url=lambda word: state_url(w=word),
        view_url=lambda name: state_url(view=name),
        lang_url=page_url(
            base, other_lang, c=",".join(categories) or None, view=view, w="\n".join(words)
        ),
        change_text=partial(change_markup, lang=lang),
        read_as=lambda word: marked("read_as", lang, word=word),
        frequency=partial(frequency, lang=lang),
        category_groups=category_groups,
        suggestion_note=partial(suggestion_note, lang=lang),
        reading=partial(reading, lang=lang),
        table=table(lang),
        magic_cards=_magic_cards(lang),
        characters=_characters(lang),
    ), status


def _categories(lang: Lang) -> list[dict[str, str]]:
    """The registry as ``/v1/categories`` lists it (the same source), each category with
    what it means for a person (``category.<id>``; a list of the table's own: a line for all)."""
    from wordsvc.services import get_registry

    return [
        {
            "id": c.id,
            "name_uk": c.name_uk,
            "name_en": c.name_en,
            "about": text(_about_key(c.id), lang),
        }
        for c in get_registry()
    ]


def _about_key(category: str) -> str:
    key = f"category.{category}"
    return key if key in TEXTS else "category_other"


def _category_ids() -> frozenset[str]:
    from wordsvc.services import get_registry

    return frozenset(c.id for c in get_registry())


@cache
def _limits() -> dict[str, int]:
    """The longest pattern and word the API takes: the fields carry them (``maxlength``),
    and the module words a refusal with them."""
    from wordsvc.alphabet import MAX_INPUT_LENGTH
    from wordsvc.judge import MAX_PATTERN_LENGTH

    return {"pattern": MAX_PATTERN_LENGTH, "word": MAX_INPUT_LENGTH}


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
