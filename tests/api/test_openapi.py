"""The OpenAPI document is generated from the routes and their models, and the answers keep
to it: every route is documented, every reference resolves, real answers validate."""

import json
import re

import pytest

from wordsvc.api.meta import document
from wordsvc.api.spec import OPERATIONS
from wordsvc.wire.common import Problem


def flask_routes(app) -> set[tuple[str, str]]:
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint.endswith(".static") or rule.endpoint.startswith(("web.", "metrics.")):
            continue  # static files, the pages (wordsvc.web) and /metrics: no API operations
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            routes.add((path, method.lower()))
    return routes


def documented_routes() -> set[tuple[str, str]]:
    return {(path, method) for path, item in document()["paths"].items() for method in item}


def test_every_route_is_documented_and_every_documented_route_exists(app):
    assert flask_routes(app) == documented_routes()


def test_the_document_is_served_and_is_openapi_3_1(client):
    body = client.get("/openapi.json").get_json()
    assert body["openapi"] == "3.1.0"
    assert body == json.loads(json.dumps(document()))


def test_every_reference_resolves():
    refs = re.findall(r'"\$ref": "#/([^"]+)"', json.dumps(document()))
    assert refs
    for ref in refs:
        node = document()
        for part in ref.split("/"):
            node = node[part]


def test_bounds_are_json_schema_keywords():
    """pydantic writes a bound it cannot place as `ge`/`lt`, which JSON Schema ignores."""
    assert not re.search(r'"(ge|le|gt|lt)": ', json.dumps(document()))


def test_every_operation_documents_its_problems():
    for path, item in document()["paths"].items():
        for method, operation in item.items():
            problems = [s for s in operation["responses"] if s.startswith(("4", "5"))]
            assert "500" in problems, (path, method)
            for status in problems:
                content = operation["responses"][status]["content"]
                assert content["application/problem+json"]["schema"]["$ref"].endswith("Problem")
                assert "`code` is one of" in operation["responses"][status]["description"]


def test_the_reference_page_is_served_from_here(client):
    page = client.get("/docs")
    assert page.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.get_data(as_text=True))
    assert assets
    for asset in assets:
        assert asset.startswith("/"), "no asset comes from another host"
        assert client.get(asset).status_code == 200


def operation_for(method: str, url: str):
    path = url.split("?")[0]
    for op in OPERATIONS:
        pattern = "^" + re.sub(r"\{[a-z_]+\}", "[^/]+", op.path) + "$"
        if op.method == method and re.match(pattern, path):
            return op
    raise AssertionError(f"no operation for {method} {url}")


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("get", "/v1/words/котики?categories=noun-singular", None),
        ("get", "/v1/words/мясо?category=noun-singular&suggest=true", None),
        ("post", "/v1/words/check", {"words": ["дуб", "k1t", "Кіт"], "categories": ["any"]}),
        ("get", "/v1/words?pattern=м?р*&categories=noun-singular&max_length=5&limit=3", None),
        ("get", "/v1/categories", None),
        ("get", "/v1/lexicon", None),
        ("get", "/healthz", None),
        ("post", "/v1/words-of-magic/solve", {"cards": ["К", "Р", "П", "А", "Н"],
                                              "character": "amazon", "limit": 3}),
        ("get", "/v1/words/k1t", None),
        ("get", "/v1/words/catкіт", None),
        ("get", "/v1/words?pattern=", None),
        ("get", "/v1/words?pattern=м*&min_length=5&max_length=3", None),
        ("post", "/v1/words/check", {"words": "дуб"}),
        ("post", "/v1/words/check", {"words": ["дуб"], "categories": ["nouns"]}),
        ("post", "/v1/words-of-magic/solve", {"cards": "абв"}),
        ("post", "/v1/words-of-magic/solve", {"cards": ["к"], "mode": "x"}),
        ("post", "/v1/words-of-magic/solve", {"cards": ["дракон"]}),
        ("post", "/v1/games/sessions", {"game": "words-of-magic", "seats": [{"kind": "x"}]}),
        ("post", "/v1/games/sessions", {"game": "words-of-magic",
                                        "seats": [{"kind": "human"}] * 17}),
        ("get", "/v1/games/sessions?limit=0", None),
    ],
)  # fmt: skip
def test_answers_validate_against_their_models(client, method, url, body):
    response = client.open(url, method=method.upper(), json=body)
    operation = operation_for(method, url)
    if response.status_code < 400:
        assert response.status_code == operation.status
        operation.response.model_validate(response.get_json())
    else:
        documented = document()["paths"][operation.path][method]["responses"]
        assert str(response.status_code) in documented, response.get_json()
        problem = Problem.model_validate(response.get_json())
        assert f"`{problem.code}`" in documented[str(response.status_code)]["description"]
