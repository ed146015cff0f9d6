"""The arbiter's page with Flask's test client: it renders, and the word check works without
JavaScript (a form posted to /, or a shared link), errors shown next to their field."""

import re
from html import unescape

import pytest

from wordsvc.app import create_app
from wordsvc.config import DEFAULT_DICTIONARIES_DIR, Settings
from wordsvc.web.checking import WORD_SEPARATORS, split_words


def body(response) -> str:
    return response.get_data(as_text=True)


def shown(response) -> str:
    """The page's text without its tags (a word inside a sentence is a marked span)."""
    return unescape(re.sub(r"<[^>]+>", "", body(response)))


def verdict_words(response) -> list[str]:
    words = re.findall(r'<span class="word" lang="uk">([^<]*)</span>', body(response))
    return [unescape(word) for word in words]


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
    assert "апостроф ʼ прочитано як '" in shown(response)
    assert "латинські літери o→о прочитано як кириличні" in shown(response)
    assert 'латинські літери <span lang="uk">o→о</span>' in html  # the game's characters
    assert "Слово не може містити цифр." in html  # к0т refused in place
    assert 'value="noun-singular" form="check-form"' in html
    assert re.search(r'value="noun-singular" form="check-form" data-about="[^"]+" checked', html)


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


def test_every_verdict_says_how_often_the_spelling_is_written_and_what_that_means(client):
    ukrainian = shown(client.get("/?w=морозиво"))
    assert "Це написання помірно вживане." in ukrainian
    assert "а не словник" in ukrainian  # the note behind the line
    english = shown(client.get("/?w=азометин&lang=en"))
    assert "This spelling is hardly ever found in texts." in english
    common = shown(client.get("/?w=вода&lang=en"))
    assert "This spelling is common." in common


def test_a_form_the_dictionary_does_not_know_is_written_often_without_a_contradiction(client):
    html = body(client.get("/?w=мясо&c=noun-singular"))
    verdict = unescape(re.sub(r"<[^>]+>", "", html.split('id="check-results"')[1]))
    assert "Морфологічний словник не знає цієї форми." in verdict
    assert "Це написання помірно вживане." in verdict
    assert "звичайне" not in verdict  # "an ordinary word" beside "the dictionary does not know"


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_no_jargon_on_the_page_nor_in_its_texts(client, lang):
    """Testers read "шкала Ципфа" and "очки 8.80 · баланс +1.80" as jargon: the page, the
    texts it hands its module among them, says how common a word is and what a play does
    in plain words."""
    html = body(client.get(f"/?w=морозиво&lang={lang}"))
    for jargon in ("Ципф", "Zipf", "очки", "баланс +", "score", "Сусіди беруть"):
        assert jargon not in html, jargon


def test_a_reason_shared_by_categories_is_said_once(client):
    """«шо» under four categories: too short for every one, said once for all four."""
    c = "noun-singular,adjective,verb,surzhyk"
    html = body(client.get(f"/?w=шо&c={c}"))
    verdict = html.split('id="check-results"')[1]
    lines = re.findall(r'<li class="no" data-category="([^"]*)">(.*?)</li>', verdict, re.S)
    assert [ids for ids, _ in lines] == ["noun-singular adjective verb surzhyk"]
    text = unescape(re.sub(r"<[^>]+>", "", lines[0][1]))
    assert text.count("щонайменше 3 літери") == 1
    said = re.sub(r"\s+", " ", text).strip()
    assert said.startswith("Іменник (однина), Прикметник, Дієслово (інфінітив), Суржик:")


def test_a_surzhyk_suggestion_is_marked_so(client):
    """«Києві» under nouns and surzhyk: a standard word first, the surzhyk forms people
    write marked «суржик»; no rare non-normative form (києв, боєві)."""
    html = body(client.get("/?w=Києві&c=noun-singular,surzhyk"))
    chips = re.findall(r'<a class="chip[^"]*"[^>]*data-word="([^"]*)"([^>]*)>(.*?)</a>', html)
    offered = [(word, unescape(re.sub(r"<[^>]+>", "", inner))) for word, _, inner in chips]
    assert offered == [("ківі", "ківі"), ("київі", "київі суржик"), ("київа", "київа суржик")]
    assert all('data-note="surzhyk"' in attrs for word, attrs, _ in chips if word != "ківі")
    english = body(client.get("/?w=Києві&c=noun-singular,surzhyk&lang=en"))
    assert '<span class="noted-as">surzhyk</span>' in english


SPLITS = [
    ("кіт пес", ["кіт", "пес"]),
    ("кіт, пес, миша", ["кіт", "пес", "миша"]),
    ("м'ясо;будь-що\n\n  кіт\r\n", ["м'ясо", "будь-що", "кіт"]),
    ("кіт\u00a0пес\tмиша ,; ", ["кіт", "пес", "миша"]),
    (" \n\t ,; ", []),
]


@pytest.mark.parametrize(("typed", "words"), SPLITS)
def test_the_field_splits_on_spaces_commas_semicolons_and_lines(typed, words):
    assert split_words(typed) == words


@pytest.mark.parametrize(("typed", "words"), SPLITS[:4])
def test_the_form_without_javascript_splits_the_same_way(client, typed, words):
    response = client.post("/", data={"w": typed})
    assert response.status_code == 200
    assert verdict_words(response) == words


def test_the_field_hands_its_rule_to_the_module(client):
    html = unescape(body(client.get("/")))
    assert f'data-separators="{WORD_SEPARATORS}"' in html


def test_a_field_of_spaces_is_said_to_be_empty_at_the_field(client):
    response = client.post("/", data={"w": "   \n  ,  "})
    assert response.status_code == 422
    html = body(response)
    assert 'id="words-error"' in html
    assert 'data-code="no_words"' in html
    assert "Тут немає жодного слова: введіть слово або кілька." in html
    assert 'aria-describedby="words-hint words-error" aria-invalid="true"' in html
    assert 'id="words-error"' not in body(client.get("/?w=%20"))  # a link is just the page


def test_the_categories_are_one_line_with_the_picker_behind_change(client):
    html = shown(client.get("/?c=noun-singular,adjective"))
    summary = re.search(r"<summary>(.*?)</summary>", body(client.get("/?c=noun-singular")), re.S)
    assert summary
    assert "Іменник (однина)" in summary.group(1)
    assert "Погоджені категорії:" in html
    assert "будь-яке слово зі словника" in shown(client.get("/"))
    english = body(client.get("/?lang=en"))
    about = "A common noun in the nominative singular: the game&#39;s usual rule."
    assert f'data-about="{about}"' in english


def test_the_ukrainian_page_has_no_english_link_text(client):
    html = body(client.get("/"))
    assert "HTTP API" not in html
    assert 'hreflang="en">Для розробників' in html


@pytest.mark.parametrize("path", ["/docs", "/openapi.json", "/healthz", "/v1/categories"])
def test_the_page_takes_no_route_of_the_api(client, path):
    assert client.get(path).status_code == 200
