"""The OpenAPI document and the routes stay in step."""

import re

from wordsvc.api.meta import openapi_document


def flask_routes(app) -> set[tuple[str, str]]:
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            routes.add((path, method.lower()))
    return routes


def documented_routes() -> set[tuple[str, str]]:
    return {(path, method) for path, item in openapi_document()["paths"].items() for method in item}


def test_every_route_is_documented_and_every_documented_route_exists(app):
    assert flask_routes(app) == documented_routes()


def test_the_document_is_served(client):
    body = client.get("/openapi.json").get_json()
    assert body["openapi"].startswith("3.")
    assert body == openapi_document()


def test_every_reference_resolves():
    document = openapi_document()
    refs = re.findall(r'"\$ref": "#/([^"]+)"', __import__("json").dumps(document))
    for ref in refs:
        node = document
        for part in ref.split("/"):
            node = node[part]
