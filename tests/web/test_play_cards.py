"""The cards' names and texts the tables show, from the games' data (``play_cards.py``)."""

from __future__ import annotations

import pytest

from wordsvc.games.magos_y_tabernas import components as magos_y_tabernas
from wordsvc.web.play_cards import card_names, magos_y_tabernas_cards


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_every_magos_y_tabernas_card_has_a_name_a_text_and_a_colour(lang):
    cards = magos_y_tabernas_cards(lang)
    designs = set(magos_y_tabernas.CARDS)
    for part in ("name", "text", "type"):
        assert set(cards[part]) == designs, part
    assert all(cards["name"].values())
    assert all(cards["text"].values())
    assert set(cards["type"].values()) == {"spell", "instant", "object", "object_gem"}
    # Two designs never share a name: a player tells the cards apart by it.
    assert len(set(cards["name"].values())) == len(designs)
    assert card_names(lang)["magos-y-tabernas"] == cards


def test_magos_y_tabernas_cards_speak_the_pages_language_and_keep_their_spanish_names():
    uk, en = magos_y_tabernas_cards("uk"), magos_y_tabernas_cards("en")
    assert uk["name"]["chispa"] == "Іскра"
    assert en["name"]["chispa"] == "Spark"
    assert uk["text"]["atacar"] == "Знищте 1 самоцвіт суперника."
    assert en["text"]["atacar"] == "Destroy 1 gem of an opponent."
    # Every card keeps its original Spanish name, shown small beside the translation, the
    # seven the rulebook names included.
    assert uk["title"] == en["title"]
    assert set(uk["title"]) == set(uk["name"])
    assert set(magos_y_tabernas.RULEBOOK_CARDS) <= set(uk["title"])
    assert uk["title"]["interrupcion"] == "Interrupción"
