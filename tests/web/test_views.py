"""The arbiter's page with Flask's test client: it renders, and the word check works without
JavaScript (a form posted to /, or a shared link), errors shown next to their field."""

import re
from html import unescape

import pytest

from wordsvc.app import create_app
from wordsvc.config import DEFAULT_DICTIONARIES_DIR, Settings


def body(response) -> str:
    return response.get_data(as_text=True)


def test_the_page_renders_in_ukrainian_with_the_registrys_categories(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    html = body(response)
    assert '<html lang="uk">' in html
    assert "Арбітр «Слів магії»" in html
    for category in client.get("/v1/categories").get_json()["categories"]:
        assert f'value="{category["id"]}"' in html
        assert category["name_uk"] in html
    assert 'action="/"' in html
    assert 'method="post"' in html
    assert 'id="check-results"' in html
    assert "verdict" not in html.split('id="check-results"')[1]


def test_english_on_the_switch(client):
    html = body(client.get("/?lang=en&view=search"))
    assert '<html lang="en">' in html
    assert "Words of Magic arbiter" in html
    assert 'href="/?view=search"' in html  # the switch back keeps the view
    assert re.search(r'<section id="check"[^>]* hidden', html)
    assert not re.search(r'<section id="search"[^>]* hidden', html)


def test_the_form_posted_without_javascript_renders_verdicts(client):
    response = client.post("/", data={"w": "мясо\nмʼясо\nкoт\nк0т", "c": ["noun-singular"]})
    assert response.status_code == 200
    html = unescape(body(response))
    assert "Можна: 1 з 4." in html
    assert "Морфологічний словник не знає цієї форми." in html  # мясо's reason
    assert 'data-word="м\'ясо"' in html  # suggested, as a link that checks it
    assert "апостроф ʼ прочитано як '" in html
    assert "латинські літери o→о прочитано як кириличні" in html
    assert "Слово не може містити цифр." in html  # к0т refused in place
    assert 'value="noun-singular" form="check-form" checked' in html


def test_a_shared_link_renders_the_same_verdicts(client):
    html = unescape(body(client.get("/?w=м'ясо&c=noun-singular&lang=en")))
    assert "✓ Playable" in html
    assert "Noun (singular)" in html or "noun-singular" in html
    assert "accepted" in html
    assert "Link to this result" in html


def test_an_unknown_category_is_shown_next_to_the_categories(client):
    response = client.post("/", data={"w": "кіт", "c": ["no-such-category"]})
    assert response.status_code == 422
    html = body(response)
    assert 'id="categories-error"' in html
    assert 'aria-describedby="categories-hint categories-error" aria-invalid="true"' in html
    assert "Невідома категорія." in html
    assert "application/problem+json" not in response.content_type


def test_too_many_words_is_shown_next_to_the_words(client):
    response = client.post("/", data={"w": "\n".join(["кіт"] * 1001)})
    assert response.status_code == 413
    assert "Забагато слів: щонайбільше 1000 за раз." in body(response)
    assert 'id="words-error"' in body(response)


def test_without_a_lexicon_the_page_says_so_in_place(tmp_path):
    app = create_app(Settings(data_dir=tmp_path, dictionaries_dir=DEFAULT_DICTIONARIES_DIR))
    client = app.test_client()
    assert client.get("/").status_code == 200  # the page itself needs no lexicon
    response = client.post("/", data={"w": "кіт"})
    assert response.status_code == 503
    assert "Словник ще не зібрано" in body(response)
    assert response.mimetype == "text/html"


def test_every_verdict_says_how_common_the_word_is(client):
    assert "Уживаність: 3.9 за шкалою Zipf (звичайне)" in body(client.get("/?w=морозиво"))
    english = body(client.get("/?w=азометин&lang=en"))
    assert "Commonness: 0.0 Zipf (not in the frequency list)" in english


@pytest.mark.parametrize("path", ["/docs", "/openapi.json", "/healthz", "/v1/categories"])
def test_the_page_takes_no_route_of_the_api(client, path):
    assert client.get(path).status_code == 200
