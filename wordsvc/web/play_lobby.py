"""What the lobby (``/play``) says about the games, in the page's language, from its data
files in ``wordsvc/web/data/``: each game's title, each setup option's title, description and
value labels (``options.toml``), the bots' names and labels (``bots.toml``) and the word
categories' explanations (``categories.toml``).

The lobby draws its form from each game's ``options_schema()`` (``GET /v1/games``); these
are only the words it puts on it, so that a person never reads an option's id. The page
embeds :func:`lobby_data` as JSON (``play.html``, ``#lobby``) for ``play-lobby.js``.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Final

from wordsvc.games.registry import GAMES
from wordsvc.web.play_cards import cards_of
from wordsvc.web.texts import Lang

DATA_DIR: Final = Path(__file__).with_name("data")
OPTIONS_FILE: Final = DATA_DIR / "options.toml"
BOTS_FILE: Final = DATA_DIR / "bots.toml"
CATEGORIES_FILE: Final = DATA_DIR / "categories.toml"

#: The fields of an option's entry that hold a text in both languages.
TEXT_FIELDS: Final = ("title", "description", "none", "refusal")
#: How the form may draw an option whose type alone does not say (``widget``).
WIDGETS: Final = frozenset({"seat", "categories", "order"})


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


@cache
def options_data() -> dict[str, Any]:
    """``options.toml`` as written: per game, ``title_uk`` and ``options``."""
    return _read(OPTIONS_FILE)


@cache
def bots_data() -> dict[str, Any]:
    """``bots.toml`` as written: ``names`` per language, ``kinds`` per bot."""
    return _read(BOTS_FILE)


@cache
def category_explanations() -> dict[str, dict[str, str]]:
    """Category id -> its explanation per language."""
    return _read(CATEGORIES_FILE)


def game_titles(lang: Lang) -> dict[str, str]:
    """Every hosted game's title in ``lang`` (the registry's is English)."""
    data = options_data()
    return {
        name: data.get(name, {}).get("title_uk", entry.title) if lang == "uk" else entry.title
        for name, entry in GAMES.items()
    }


def _option(game: str, entry: dict[str, Any], lang: Lang) -> dict[str, object]:
    """One option's words in ``lang``: its texts, widget and value labels (a list of cards
    named from the cards' data, ``labels``)."""
    out: dict[str, object] = {field: entry[field][lang] for field in TEXT_FIELDS if field in entry}
    for flag in ("widget", "more"):
        if flag in entry:
            out[flag] = entry[flag]
    values = {str(value): label[lang] for value, label in entry.get("values", {}).items()}
    if "labels" in entry:
        values.update(cards_of(game, lang)[entry["labels"]])
    if values:
        out["values"] = values
    return out


@cache
def lobby_data(lang: Lang) -> dict[str, object]:
    """Everything the lobby's module says in ``lang`` besides its texts::

    {"games": {"words-of-magic": {"title": "Слова магії", "options": {"mode": {"title": ...,
      "description": ..., "values": {"magic": "Магічний", ...}}, ...}}, ...},
     "bot_names": ["Бот Сова", ...], "bot_kinds": {"greedy": "Бот: середній", ...},
     "categories": {"noun-singular": "Загальна назва в однині...", ...}}
    """
    titles = game_titles(lang)
    data = options_data()
    games = {
        name: {
            "title": titles[name],
            "options": {
                option: _option(name, entry, lang)
                for option, entry in data.get(name, {}).get("options", {}).items()
            },
        }
        for name in GAMES
    }
    bots = bots_data()
    return {
        "games": games,
        "bot_names": list(bots["names"][lang]),
        "bot_kinds": {bot: label[lang] for bot, label in bots["kinds"].items()},
        "categories": {c: text[lang] for c, text in category_explanations().items()},
    }
