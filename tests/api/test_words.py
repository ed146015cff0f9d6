"""The word routes through Flask's test client."""

import pytest


def test_check_one_word(client):
    response = client.get("/v1/words/Котики?categories=noun-singular,noun-plural")
    assert response.status_code == 200
    body = response.get_json()
    assert body["valid"] is True
    assert body["word"] == "котики"
    assert [c["accepted"] for c in body["categories"]] == [False, True]
    assert body["categories"][0]["reason"] == "plural"
    assert body["zipf"] > 0
    assert body["commonness"]["id"] in {"common", "ordinary", "rare"}
    assert body["commonness"]["label_uk"]


def test_check_accepts_repeated_category_parameters(client):
    body = client.get("/v1/words/дуб?category=noun-plural&category=noun-singular").get_json()
    assert [c["id"] for c in body["categories"]] == ["noun-plural", "noun-singular"]


def test_refused_word_comes_with_suggestions(client):
    body = client.get("/v1/words/мясо?categories=noun-singular").get_json()
    assert body["valid"] is False
    assert body["suggestions"][0]["word"] == "м'ясо"
    quiet = client.get("/v1/words/мясо?categories=noun-singular&suggest=false").get_json()
    assert quiet["suggestions"] == []


@pytest.mark.parametrize(
    ("url", "status", "code"),
    [
        ("/v1/words/дуб42", 422, "contains_digits"),
        ("/v1/words/hello", 422, "not_cyrillic"),
        ("/v1/words/" + "ж" * 65, 422, "too_long"),
        ("/v1/words/дуб?categories=nouns", 422, "unknown_category"),
        ("/v1/words/дуб?suggest=maybe", 400, "invalid_parameter"),
        ("/v1/words", 400, "missing_pattern"),
        ("/v1/words?pattern=*", 422, "pattern_too_broad"),
        ("/v1/words?pattern=м*&limit=x", 400, "invalid_parameter"),
        ("/v1/words?pattern=м*&limit=100000", 400, "invalid_parameter"),
        ("/v1/words?pattern=м*&min_length=5&max_length=3", 422, "invalid_length_range"),
        ("/v1/nothing-here", 404, "not_found"),
    ],
)
def test_bad_requests_get_a_problem_document(client, url, status, code):
    response = client.get(url)
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["code"] == code
    assert body["status"] == status
    assert body["type"].endswith(code)
    assert body["detail"]


def test_batch_check(client):
    response = client.post(
        "/v1/words/check",
        json={"words": ["дуб", "котики", "дуб42"], "categories": ["noun-singular"]},
    )
    assert response.status_code == 200
    body = response.get_json()
    assert [r["valid"] for r in body["results"]] == [True, False, False]
    assert body["results"][2]["error"]["code"] == "contains_digits"
    assert body["results"][2]["input"] == "дуб42"
    assert body["all_valid"] is False


@pytest.mark.parametrize(
    ("kwargs", "status", "code"),
    [
        ({"data": "{not json", "content_type": "application/json"}, 400, "malformed_json"),
        ({"data": "words=дуб", "content_type": "text/plain"}, 415, "unsupported_media_type"),
        ({"json": ["дуб"]}, 400, "invalid_body"),
        ({"data": "null", "content_type": "application/json"}, 400, "invalid_body"),
        ({"data": "[" * 60_000, "content_type": "application/json"}, 400, "malformed_json"),
        ({"json": {"words": "дуб"}}, 400, "invalid_words"),
        ({"json": {"words": [1, 2]}}, 400, "invalid_words"),
        ({"json": {"words": ["дуб"], "categories": "noun-singular"}}, 400, "invalid_categories"),
        ({"json": {"words": ["дуб"], "suggest": "yes"}}, 400, "invalid_suggest"),
        ({"json": {"words": ["дуб"], "categories": ["x"]}}, 422, "unknown_category"),
        ({"json": {"words": ["дуб"] * 1001}}, 413, "too_many_words"),
        ({"data": "x" * 70_000, "content_type": "application/json"}, 413, "payload_too_large"),
    ],
)
def test_bad_batches_get_a_problem_document(client, kwargs, status, code):
    response = client.post("/v1/words/check", **kwargs)
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == code


def test_wrong_method_is_a_problem_too(client):
    response = client.delete("/v1/words/check")
    assert response.status_code == 405
    assert response.get_json()["code"] == "method_not_allowed"
    assert "POST" in response.headers["Allow"].split(", ")


def test_search(client):
    body = client.get("/v1/words?pattern=м?р*&categories=noun-singular&max_length=4").get_json()
    assert "мир" in body["words"]
    assert body["categories"] == ["noun-singular"]
    assert body["next_offset"] == (50 if body["total"] > 50 else None)


def test_categories(client):
    body = client.get("/v1/categories").get_json()
    ids = [c["id"] for c in body["categories"]]
    for expected in ("any", "noun-singular", "noun-plural", "adjective", "verb", "verb:any",
                     "proper-noun", "surzhyk", "anglicism", "abbreviation"):  # fmt: skip
        assert expected in ids
    anglicism = next(c for c in body["categories"] if c["id"] == "anglicism")
    assert anglicism["list_file"] == "anglicism.txt"
    assert anglicism["name_uk"]
    assert anglicism["description"]


def test_lexicon_and_health(client):
    manifest = client.get("/v1/lexicon").get_json()
    assert manifest["counts"]["forms"] > 3_000_000
    health = client.get("/healthz").get_json()
    assert health["status"] == "ok"
    assert health["lexicon"]["fingerprint"] == manifest["fingerprint"]


def test_without_a_lexicon_word_routes_answer_503(tmp_path, settings):
    from wordsvc.app import create_app
    from wordsvc.config import Settings

    app = create_app(Settings(data_dir=tmp_path, dictionaries_dir=settings.dictionaries_dir))
    client = app.test_client()
    for url in ("/healthz", "/v1/words/дуб", "/v1/words?pattern=д?б", "/v1/lexicon"):
        response = client.get(url)
        assert response.status_code == 503
        assert response.get_json()["code"] == "lexicon_not_built"
    # The category registry needs no lexicon.
    assert client.get("/v1/categories").status_code == 200


def test_a_batch_caps_its_suggestions(client):
    from wordsvc.judge import MAX_BATCH_SUGGESTIONS

    typos = ["мясо"] * (MAX_BATCH_SUGGESTIONS + 2)
    body = client.post("/v1/words/check", json={"words": typos}).get_json()
    results = body["results"]
    assert all(r["suggestions"] for r in results[:MAX_BATCH_SUGGESTIONS])
    assert not any(r["suggestions_omitted"] for r in results[:MAX_BATCH_SUGGESTIONS])
    assert all(r["suggestions_omitted"] for r in results[MAX_BATCH_SUGGESTIONS:])


def test_unexpected_errors_are_problems_not_bare_500s(app):
    from wordsvc.app import create_app

    class Broken:
        def check(self, *args, **kwargs):
            raise RuntimeError("boom")

    broken = create_app(app.extensions["wordsvc.settings"], judge=Broken())
    response = broken.test_client().get("/v1/words/дуб")
    assert response.status_code == 500
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == "internal_error"
    assert "boom" not in response.get_data(as_text=True)


def test_the_wire_reads_json_as_json(client):
    """3.0 is the integer 3 in JSON (and in JSON Schema); "3" and true are not numbers."""
    body = {"cards": ["к", "і", "т"], "tokens": 1.0, "limit": 2.0}
    assert client.post("/v1/words-of-magic/solve", json=body).status_code == 200
    for bad in ({"tokens": "1"}, {"tokens": True}, {"limit": 2.5}):
        response = client.post("/v1/words-of-magic/solve", json={"cards": ["к"], **bad})
        assert response.status_code == 400, bad
        assert response.get_json()["code"].startswith("invalid_")


def test_a_query_parameter_given_twice_is_refused(client):
    response = client.get("/v1/words?pattern=м?р&limit=5&limit=6")
    assert response.status_code == 400
    assert response.get_json()["code"] == "invalid_parameter"


def test_a_url_past_the_limit_is_a_414_problem(client):
    response = client.get("/v1/words/дуб?categories=" + "x" * 5000)
    assert response.status_code == 414
    assert response.get_json()["code"] == "uri_too_long"


def test_check_is_the_batch_route_not_a_word(client):
    response = client.get("/v1/words/check")
    assert response.status_code == 405
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


@pytest.mark.parametrize(
    "body",
    [
        '{"words": ["\\ud800"]}',
        '{"words": ["кіт"], "categories": ["\\ud800"]}',
        '{"words": [["\\udfff"]]}',
        '{"\\ud800": 1}',
    ],
)
def test_a_lone_surrogate_is_malformed_json_not_a_500(client, body):
    response = client.post("/v1/words/check", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["code"] == "malformed_json"


def test_a_word_path_is_never_redirected(client):
    """A word cannot start with "/" (the document says so); werkzeug would merge the slashes
    and redirect, and an API answers with a problem instead."""
    response = client.get("/v1/words/%2Fабв")
    assert response.mimetype == "application/problem+json"
    assert response.status_code == 404
