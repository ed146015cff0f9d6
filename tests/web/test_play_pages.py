"""The play pages' shells (Flask's test client): both languages, every text in both, every
asset local."""

from __future__ import annotations

import re
import string

import pytest

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


def test_a_table_is_a_shell_for_its_session(client):
    session = "0123456789abcdef" * 2
    page = client.get(f"/play/{session}")
    assert page.status_code == 200
    assert f'data-session="{session}"' in page.get_data(as_text=True)
    assert client.get("/play/not-a-session").status_code == 404


def test_every_asset_is_served_by_the_service(client):
    html = client.get("/play").get_data(as_text=True)
    assets = re.findall(r'(?:src|href)="(/web/static/[^"]+)"', html)
    assert len(assets) >= 4
    for asset in assets:
        assert client.get(asset).status_code == 200
    for module in ("play.js", "play-api.js", "play-render.js"):
        text = client.get(f"/web/static/{module}").get_data(as_text=True)
        for imported in re.findall(r'from "\./([^"]+)"', text):
            assert client.get(f"/web/static/{imported}").status_code == 200
        assert "http://" not in text
        assert "https://" not in text


@pytest.mark.parametrize("key", sorted(PLAY_TEXTS))
def test_every_text_has_both_languages_with_the_same_placeholders(key):
    uk, en = PLAY_TEXTS[key]
    assert uk
    assert en

    def fields(text):
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    assert fields(uk) == fields(en)
