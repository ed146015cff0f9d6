"""Every answer carries its request's id (``X-Request-ID``): the caller's when it is a safe
one, else a new one; a problem document carries it too."""

from __future__ import annotations

import re

import pytest

from wordsvc.observability.request_ids import request_id_from

NEW_ID = re.compile(r"[0-9a-f]{32}")


def test_a_callers_id_is_echoed_and_put_in_a_problem(client):
    response = client.get("/v1/words/4ever", headers={"X-Request-ID": "trace-42.a:b_C"})
    assert response.status_code == 422
    assert response.headers["X-Request-ID"] == "trace-42.a:b_C"
    assert response.get_json()["request_id"] == "trace-42.a:b_C"


def test_without_an_id_each_request_gets_a_new_one(client):
    first = client.get("/v1/categories").headers["X-Request-ID"]
    second = client.get("/v1/categories").headers["X-Request-ID"]
    assert NEW_ID.fullmatch(first)
    assert NEW_ID.fullmatch(second)
    assert first != second


@pytest.mark.parametrize(
    "sent", ["", "x" * 65, "has space", "a\tb", "ідентифікатор", "a/b", "<script>", "a=b", "a?b"]
)
def test_an_unsafe_id_is_replaced(sent):
    assert NEW_ID.fullmatch(request_id_from(sent))


def test_an_id_that_no_route_or_a_refusal_before_routing_gets_is_still_one(client):
    """A 404, and a URL refused as too long before any view runs, have their ids too."""
    missing = client.get("/nowhere", headers={"X-Request-ID": "abc"})
    assert (missing.status_code, missing.get_json()["request_id"]) == (404, "abc")
    long = client.get("/v1/words/" + "а" * 5000, headers={"X-Request-ID": "long-1"})
    assert long.status_code == 414
    assert long.headers["X-Request-ID"] == long.get_json()["request_id"] == "long-1"


def test_the_problem_schema_says_what_the_request_id_is(client):
    problem = client.get("/openapi.json").get_json()["components"]["schemas"]["Problem"]
    assert "request_id" in problem["properties"]
    assert "request_id" not in problem.get("required", [])
