"""Wizards Wanted's names for the table (``play_cards.wizards_wanted_cards``): every job,
licence, type of magic, charm and named space in both languages, and the board drawing's
texts all given in the page's language, the way ``ww-board.js`` rewrites them."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.board_svg import overlay_of, render_svg
from wordsvc.games.wizards_wanted.engine import WizardsWanted
from wordsvc.web.play_cards import card_names, wizards_wanted_cards

SVG = "{http://www.w3.org/2000/svg}"
CYRILLIC = re.compile(r"[А-ЯІЇЄҐа-яіїєґ]")
LATIN = re.compile(r"[A-Za-z]")
TITLE = "Wizards Wanted"  # the drawing's title: the page writes the game's title instead


def test_every_card_and_named_space_has_a_name_in_both_languages() -> None:
    uk, en = wizards_wanted_cards("uk"), wizards_wanted_cards("en")
    assert set(uk["job"]) == set(en["job"]) == {*parts.JOBS, parts.INSPECTOR_ID}
    assert set(uk["licence"]) == set(uk["licence_text"]) == set(parts.LICENCES)
    assert set(uk["magic"]) == set(uk["charm"]) == set(parts.MAGIC_NAMES)
    named = {s for s, space in BOARD.spaces.items() if space.kind != "path"}
    assert set(uk["space"]) == set(en["space"]) == named
    for kind in ("job", "licence", "licence_text", "magic", "charm", "space"):
        for key, text in uk[kind].items():
            assert CYRILLIC.search(text), (kind, key, text)
            assert not LATIN.search(text), (kind, key, text)
        for key, text in en[kind].items():
            assert not CYRILLIC.search(text), (kind, key, text)
    assert uk["job"]["soothe-the-grumpy-troll"] == "Заспокоїти буркотливого троля"
    assert en["job"]["soothe-the-grumpy-troll"] == "Soothe the Grumpy Troll"
    assert uk["space"]["stone-3"] == "камінь 3"
    assert uk["space"]["forest-2"] == "ліс 2"
    assert en["space"]["teleport-animal"] == "animal charms"
    assert uk["licence"]["dust-70"] == "70 пилу"
    # A person tells the places apart by their names.
    assert len(set(uk["space"].values())) == len(uk["space"])
    assert len(set(en["space"].values())) == len(en["space"])


def _drawing() -> ET.Element:
    """The board as the page draws it: the served drawing, with a game's state on top."""
    game = WizardsWanted()
    view = game.view(game.new({"players": 4}, 3), 0)
    return ET.fromstring(render_svg(BOARD, overlay_of(view)))


def _as_the_page_writes(root: ET.Element, names: dict[str, dict[str, str]]) -> list[str]:
    """Every text of the drawing as ww-board.js rewrites it: a space's name (not its number)
    from ``space``, any other text from ``drawn``, the title from the game's title."""
    texts = []
    for group in root.iter(f"{SVG}g"):
        if "space" in group.get("class", "").split():
            name = names["space"].get(group.get("id", "").removeprefix("space-"))
            for text in group.iter(f"{SVG}text"):
                if name and not (text.text or "").isdigit():
                    text.text = name
    for text in root.iter(f"{SVG}text"):
        shown = names["drawn"].get(text.text or "", text.text or "")
        texts.append("" if shown == TITLE else shown)
    return texts


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_the_board_drawing_reads_in_the_pages_language(lang: str) -> None:
    names = wizards_wanted_cards(lang)
    texts = _as_the_page_writes(_drawing(), names)
    assert len(texts) > 100
    if lang == "uk":
        assert [t for t in texts if LATIN.search(t)] == []
        assert "Гори" in texts
        assert "Хропосвист" in texts
        assert "камінь 3" not in texts  # a stone shows its number only
    else:
        assert [t for t in texts if CYRILLIC.search(t)] == []
        assert names["drawn"] == {}  # the drawing is English already


def test_the_drawn_texts_are_the_drawings_own() -> None:
    """Each English key of ``drawn`` is a text the drawing writes: none goes stale."""
    written = {text.text for text in _drawing().iter(f"{SVG}text")}
    assert set(wizards_wanted_cards("uk")["drawn"]) <= written


def test_a_table_page_carries_wizards_wanted_names(client, table_of) -> None:
    html = client.get(table_of("wizards-wanted")).get_data(as_text=True)
    found = re.search(r'<script type="application/json" id="cards">(.*?)</script>', html)
    assert found is not None
    cards = json.loads(found.group(1))["wizards-wanted"]
    assert cards == card_names("uk")["wizards-wanted"]
    assert cards["space"]["village-1"] == "Хропосвист"
