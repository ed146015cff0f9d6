"""The play pages' shells (Flask's test client): both languages, every text in both, every
asset local."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from wordsvc.web.play import TABLE_MODULES
from wordsvc.web.play_cards import card_names
from wordsvc.web.play_texts import PLAY_TEXTS


def test_the_lobby_renders_in_ukrainian_and_english(client):
    page = client.get("/play")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert '<html lang="uk">' in html
    assert 'data-page="lobby"' in html
    assert "Відкриті ігри" in html
    english = client.get("/play?lang=en").get_data(as_text=True)
    assert '<html lang="en">' in english
    assert "Open games" in english


def test_a_names_limit_is_the_sessions_own_on_the_page_and_in_its_texts(client):
    """The field, the page's data and every text that states the limit say MAX_NAME."""
    from wordsvc.sessions.limits import MAX_NAME

    html = client.get("/play").get_data(as_text=True)
    assert f'data-max-name="{MAX_NAME}"' in html
    texts = json.loads(re.search(r'id="texts">(.*?)</script>', html, re.S)[1])
    assert "{max_name}" not in json.dumps(texts, ensure_ascii=False)
    assert f"до {MAX_NAME} знаків" in texts["lobby.err.name"]


def test_a_table_is_a_shell_for_its_session(client, table_of):
    path = table_of("lost-words")
    page = client.get(path)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f'data-session="{path.rsplit("/", 1)[1]}"' in html
    # Only its own game's table module and texts: none of another game's.
    assert 'data-table-module="/web/static/table-lost-words.js"' in html
    assert '<link rel="modulepreload" href="/web/static/table-lost-words.js">' in html
    assert '"lw.hand"' in html
    assert '"wom.hand"' not in html
    assert '"lobby.' not in html
    assert client.get("/play/not-a-session").status_code == 404
    # A well-formed id of no session: the shell (it says so, as the API's answer tells it).
    missing = client.get("/play/" + "0123456789abcdef" * 2)
    assert missing.status_code == 404
    assert "data-table-module" not in missing.get_data(as_text=True)


def test_every_asset_is_served_by_the_service(client):
    html = client.get("/play").get_data(as_text=True)
    assets = re.findall(r'(?:src|href)="(/web/static/[^"]+)"', html)
    assert len(assets) >= 4
    for asset in assets:
        assert client.get(asset).status_code == 200
    # Every page module, each game's table, and every module those import: served and local.
    waiting, seen = ["play-lobby.js", "play-table.js", *TABLE_MODULES.values()], set()
    while waiting:
        module = waiting.pop()
        seen.add(module)
        response = client.get(f"/web/static/{module}")
        assert response.status_code == 200, module
        text = response.get_data(as_text=True)
        waiting += [m for m in re.findall(r'from "\./([^"]+)"', text) if m not in seen]
        assert "http://" not in text
        assert "https://" not in text
    assert {"play-lobby.js", "play-table.js", "table-words-of-magic.js"} <= seen


@pytest.mark.parametrize("key", sorted(PLAY_TEXTS))
def test_every_text_has_both_languages_with_the_same_placeholders(key):
    uk, en = PLAY_TEXTS[key]
    assert uk
    assert en

    def fields(text):
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    assert fields(uk) == fields(en)


PLURALS = sorted(key for key, (uk, _) in PLAY_TEXTS.items() if "|" in uk)
STATIC = Path(__file__).resolve().parents[2] / "wordsvc" / "web" / "static"


@pytest.mark.parametrize("key", PLURALS)
def test_a_count_lists_its_forms_in_the_order_plural_reads_them(key):
    """``plural()`` (play-common.js) picks one|few|many in Ukrainian and one|other in
    English, by ``Intl.PluralRules``; each form carries its number."""
    uk, en = PLAY_TEXTS[key]
    assert len(uk.split("|")) == 3
    assert len(en.split("|")) == 2
    assert all("{n}" in form for form in [*uk.split("|"), *en.split("|")])


def test_one_module_knows_the_plural_rules():
    """The forms by number are chosen in one place per page, not again by each table: the
    play pages' in play-common.js, the arbiter's (what a best play does) in render.js."""
    choosing = sorted(
        path.name for path in STATIC.glob("*.js") if "PluralRules" in path.read_text("utf-8")
    )
    assert choosing == ["play-common.js", "render.js"]
    assert len(PLURALS) >= 8


def test_a_table_page_carries_the_cards_names_in_its_language(client, table_of):
    names: dict[str, dict] = {"uk": {}, "en": {}}
    for game in ("lost-words", "words-of-magic"):
        path = table_of(game)
        for lang, query in (("uk", ""), ("en", "?lang=en")):
            html = client.get(f"{path}{query}").get_data(as_text=True)
            found = re.search(r'<script type="application/json" id="cards">(.*?)</script>', html)
            assert found is not None
            embedded = json.loads(found.group(1))
            assert list(embedded) == [game]  # its own game's cards only
            names[lang].update(embedded)
    assert names["uk"]["lost-words"]["nature"]["fern"] == "Папороть"
    assert names["en"]["lost-words"]["nature"]["fern"] == "Fern"
    assert names["uk"]["lost-words"]["action"]["chestnut"] == "Каштан"
    assert names["en"]["lost-words"]["action"]["chestnut"] == "Chestnut"
    assert names["uk"]["words-of-magic"]["character"]["druid"] == "Друїд"
    assert names["en"]["words-of-magic"]["magic"]["revival"] == "Revival"
    # The lobby needs none.
    lobby = client.get("/play").get_data(as_text=True)
    assert '<script type="application/json" id="cards">{}</script>' in lobby


def test_every_card_of_the_catalogues_has_a_name_in_both_languages():
    from wordsvc.games.lost_words import components as lost_words
    from wordsvc.rules.words_of_magic import components as words_of_magic

    for lang in ("uk", "en"):
        names = card_names(lang)
        lost = names["lost-words"]
        for card in lost_words.CATALOGUE.values():
            if card.kind in ("nature", "action"):
                name = lost[card.kind][card.name]
                assert name
                assert name != card.name or lang == "en"
        magic = names["words-of-magic"]
        assert set(magic["character"]) == set(words_of_magic.CHARACTER_CARDS)
        assert set(magic["magic"]) == set(words_of_magic.MAGIC_EFFECTS)
    # Two nature cards never share a name: a player tells the cards apart by it.
    for lang in ("uk", "en"):
        nature = card_names(lang)["lost-words"]["nature"]
        assert len(set(nature.values())) == len(nature)
