"""The lobby's data (``wordsvc/web/data/``) says everything the options form shows, in both
languages: a title and a description for every option of every game's ``options_schema()``,
a label for every value an option (or its list's items) can take, a word for null; no text
for an option no schema has; a label for every hosted bot, names enough for a full table;
an explanation for every word category; and each game's Ukrainian title."""

from __future__ import annotations

import re

import pytest

from wordsvc.games.registry import GAMES
from wordsvc.web.play_cards import card_names
from wordsvc.web.play_lobby import (
    TEXT_FIELDS,
    WIDGETS,
    bots_data,
    category_explanations,
    game_titles,
    lobby_data,
    options_data,
)

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
#: Words of the game quoted in an English text («кіт»), marked as Ukrainian on the page.
GAME_WORDS = re.compile(r"«[^»]*»")
#: The fields an option's entry may have.
FIELDS = {*TEXT_FIELDS, "values", "labels", "widget", "more"}
REQUIRED = ("title", "description")


@pytest.fixture(scope="module")
def schemas(judge) -> dict[str, dict]:
    """Every hosted game's options schema, as GET /v1/games lists it."""
    return {name: entry.make(judge).options_schema()["properties"] for name, entry in GAMES.items()}


def assert_in_both_languages(text: object, where: str) -> None:
    assert isinstance(text, dict), f"{where}: {{uk = ..., en = ...}}"
    assert set(text) == {"uk", "en"}, f"{where}: both languages, and no other"
    uk, en = text["uk"], text["en"]
    assert uk.strip(), f"{where}: no Ukrainian"
    assert en.strip(), f"{where}: no English"
    assert CYRILLIC.search(uk) or uk.strip().isdigit(), f"{where}: the Ukrainian is not Ukrainian"
    assert not LATIN_WORD.findall(GAME_WORDS.sub("", uk)), f"{where}: Latin in the Ukrainian"
    assert not CYRILLIC.search(GAME_WORDS.sub("", en)), f"{where}: Cyrillic in the English"


def enum_values(prop: dict) -> list[object]:
    """The values an option, or the items of its list, can take."""
    return list(prop.get("enum") or prop.get("items", {}).get("enum") or [])


def nullable(prop: dict) -> bool:
    types = prop.get("type")
    return None in prop.get("enum", []) or (isinstance(types, list) and "null" in types)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_has_a_title_and_a_description_in_both_languages(schemas, game):
    texts = options_data()[game]["options"]
    missing = [name for name in schemas[game] if name not in texts]
    assert not missing, f"{game}: no texts for {missing}"
    for name, entry in texts.items():
        for field in REQUIRED:
            assert field in entry, f"{game}.{name}: no {field}"
        for field in TEXT_FIELDS:
            if field in entry:
                assert_in_both_languages(entry[field], f"{game}.{name}.{field}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_text_names_an_option_no_schema_has(schemas, game):
    texts = options_data()[game]["options"]
    assert set(texts) - set(schemas[game]) == set()
    assert set(options_data()) == set(GAMES), "a game the registry does not host"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_value_has_a_label_in_both_languages(schemas, game):
    for name, prop in schemas[game].items():
        entry = options_data()[game]["options"][name]
        values = [str(v) for v in enum_values(prop)]
        if "labels" in entry:  # cards, named from the cards' data
            for lang in ("uk", "en"):
                named = card_names(lang)[game][entry["labels"]]
                assert set(values) <= set(named), f"{game}.{name}: cards with no {lang} name"
            continue
        labels = {str(v): text for v, text in entry.get("values", {}).items()}
        assert set(values) - set(labels) == set(), f"{game}.{name}: values with no label"
        assert set(labels) - set(values) == set(), f"{game}.{name}: labels of no value"
        for value, text in labels.items():
            assert_in_both_languages(text, f"{game}.{name}.values.{value}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_option_that_may_be_null_says_what_null_is(schemas, game):
    for name, prop in schemas[game].items():
        entry = options_data()[game]["options"][name]
        if nullable(prop):
            assert "none" in entry, f"{game}.{name}: may be null, and no word says what that is"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_entry_uses_known_fields_and_widgets(schemas, game):
    for name, entry in options_data()[game]["options"].items():
        assert set(entry) <= FIELDS, f"{game}.{name}: unknown fields {set(entry) - FIELDS}"
        if "widget" in entry:
            assert entry["widget"] in WIDGETS, f"{game}.{name}: no widget {entry['widget']!r}"
        if entry.get("widget") == "seat":
            assert nullable(schemas[game][name]), f"{game}.{name}: a seat, or the lot"
        assert isinstance(entry.get("more", False), bool)


def test_every_game_has_its_title_in_both_languages():
    for lang in ("uk", "en"):
        titles = game_titles(lang)
        assert set(titles) == set(GAMES)
    for name, entry in GAMES.items():
        assert_in_both_languages(
            {"uk": game_titles("uk")[name], "en": game_titles("en")[name]}, f"{name}: title"
        )
        assert game_titles("en")[name] == entry.title
    assert game_titles("uk")["words-of-magic"] == "Слова магії"


def test_every_hosted_bot_has_a_label_and_a_full_table_has_distinct_names(client, schemas):
    hosted = {bot for game in client.get("/v1/games").get_json()["games"] for bot in game["bots"]}
    kinds = bots_data()["kinds"]
    assert hosted - set(kinds) == set(), "bots with no label"
    for bot, label in kinds.items():
        assert_in_both_languages(label, f"bot {bot}")
    most = max(schema["players"]["maximum"] for schema in schemas.values())
    for lang in ("uk", "en"):
        names = bots_data()["names"][lang]
        assert len(set(names)) == len(names) >= most
    for uk, en in zip(bots_data()["names"]["uk"], bots_data()["names"]["en"], strict=True):
        assert_in_both_languages({"uk": uk, "en": en}, f"bot name {en}")


def test_every_category_is_explained_in_both_languages(judge):
    registry = {category.id for category in judge.registry}
    explained = category_explanations()
    assert registry - set(explained) == set(), "categories with no explanation"
    assert set(explained) - registry == set(), "explanations of no category"
    for category, text in explained.items():
        assert_in_both_languages(text, f"category {category}")


def test_the_page_gets_each_languages_words():
    uk, en = lobby_data("uk"), lobby_data("en")
    mode = uk["games"]["words-of-magic"]["options"]["mode"]
    assert mode["title"] == "Режим"
    assert mode["values"] == {"magic": "Магічний", "classic": "Класичний"}
    assert en["games"]["words-of-magic"]["options"]["mode"]["values"]["classic"] == "Classic"
    left_out = uk["games"]["words-of-magic"]["options"]["characters_left_out"]["values"]
    assert left_out["druid"] == "Друїд"
    assert uk["bot_names"][0] == "Бот Сова"
    assert en["bot_names"][0] == "Owl bot"
    assert uk["bot_kinds"]["greedy"].startswith("Бот")
