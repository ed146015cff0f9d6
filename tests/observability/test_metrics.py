"""``GET /metrics`` in one process (the test client, SQLite and PostgreSQL): every family is
there and parses with prometheus-client's own parser, and a few requests move each as they
should. Labels name routes, never what a request named."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from tests.api.test_solver import NASTYA
from tests.api.test_stream import lost_words, play, streaming
from tests.observability.scrape import FAMILIES, Scrape
from wordsvc.config import Settings, switch
from wordsvc.errors import ConfigurationError

WORD_ROUTE = {"method": "GET", "route": "/v1/words/<word:word>"}


def scrape(client) -> Scrape:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    assert response.headers["Cache-Control"] == "no-store"
    return Scrape(response.get_data(as_text=True))


def test_each_family_counts_what_the_requests_did(games_client, quick_heartbeat):
    client = games_client
    before = scrape(client)
    assert client.get("/v1/words/кіт?categories=noun-singular").get_json()["valid"]
    refused = client.get("/v1/words/мясо?categories=noun-singular").get_json()
    assert refused["suggestions"], "a refused word with suggestions"
    assert client.post("/v1/words-of-magic/solve", json=NASTYA).status_code == 200
    cut = client.post("/v1/words-of-magic/solve", json={**NASTYA, "limit": 100, "budget_ms": 1})
    assert cut.get_json()["complete"] is False
    session, tokens = lost_words(client, humans=1, bots=1, seed=14)
    play(client, session, tokens, 8, random.Random(5))
    version = client.get(f"/v1/games/sessions/{session}").get_json()["version"]
    with streaming(client, session, tokens[0]) as events:
        assert events.get(timeout=10) == {"retry": "1000"}
        during = scrape(client)
    after = scrape(client)

    for name, kind in FAMILIES.items():
        assert after.type_of(name) == kind, name

    def moved(sample, **labels):
        return after.value(sample, **labels) - before.value(sample, **labels)

    assert moved("wordsvc_http_requests_total", status="200", **WORD_ROUTE) == 2
    assert moved("wordsvc_http_request_duration_seconds_count", **WORD_ROUTE) == 2
    assert moved("wordsvc_http_request_duration_seconds_sum", **WORD_ROUTE) > 0
    created = {"method": "POST", "route": "/v1/games/sessions", "status": "201"}
    assert moved("wordsvc_http_requests_total", **created) == 1
    assert moved("wordsvc_judge_suggestion_duration_seconds_count") == 1, "мясо's, not кіт's"
    assert moved("wordsvc_solver_duration_seconds_count", kind="best") == 2
    assert moved("wordsvc_solver_budget_cutoffs_total") == 1
    # every committed action once: the person's, the bot's replies, the bot's first moves
    assert version > 1
    assert moved("wordsvc_game_actions_total", game="lost-words") == version
    assert moved("wordsvc_game_actions_total", game="lost-words", actor="bot") > 0
    streams = before.value("wordsvc_game_streams_open")
    assert during.value("wordsvc_game_streams_open") == streams + 1
    deadline = time.monotonic() + 10  # the stream closes at its next heartbeat
    while scrape(client).value("wordsvc_game_streams_open") > streams:
        assert time.monotonic() < deadline, "a closed stream still counts as open"
        time.sleep(0.05)
    store = client.application.extensions["wordsvc.sessions"]
    counts = store.active_counts()
    assert counts["lost-words"] >= 1
    for game, count in counts.items():
        assert after.value("wordsvc_game_sessions_open", game=game) == count
    # labels name routes: no word, session id or token is ever one
    labels = after.label_values()
    assert "/v1/words/<word:word>" in labels
    assert not any(
        secret in value for value in labels for secret in ("мясо", "кіт", session, tokens[0])
    )


def test_a_request_no_route_matched_is_counted_as_unmatched(client):
    before = scrape(client)
    assert client.get("/v1/no/such/thing").status_code == 404
    after = scrape(client)
    unmatched = {"route": "(unmatched)", "status": "404", "method": "GET"}
    assert after.value("wordsvc_http_requests_total", **unmatched) == (
        before.value("wordsvc_http_requests_total", **unmatched) + 1
    )
    assert "/v1/no/such/thing" not in after.label_values()


def test_openmetrics_is_answered_to_a_scraper_that_asks_for_it(client):
    response = client.get("/metrics", headers={"Accept": "application/openmetrics-text"})
    assert response.mimetype == "application/openmetrics-text"
    assert response.get_data(as_text=True).rstrip().endswith("# EOF")


def test_metrics_off_means_no_route_and_nothing_counted(settings, judge, client):
    from wordsvc.app import create_app

    quiet = create_app(replace(settings, metrics=False), judge).test_client()
    before = scrape(client)
    missing = quiet.get("/metrics")
    assert missing.status_code == 404
    assert missing.get_json()["code"] == "not_found"
    assert quiet.get("/v1/words/мясо").status_code == 200
    after = scrape(client)
    assert after.value("wordsvc_http_requests_total", **WORD_ROUTE) == before.value(
        "wordsvc_http_requests_total", **WORD_ROUTE
    )
    assert after.value("wordsvc_judge_suggestion_duration_seconds_count") == before.value(
        "wordsvc_judge_suggestion_duration_seconds_count"
    )


def test_metrics_are_not_an_api_operation(client):
    assert "/metrics" not in client.get("/openapi.json").get_json()["paths"]


@pytest.mark.parametrize(
    ("value", "on"), [("", True), ("on", True), ("1", True), ("off", False), (" OFF ", False)]
)
def test_the_metrics_setting_is_on_or_off(monkeypatch, value, on):
    assert switch("WORDSVC_METRICS", value) is on
    monkeypatch.setenv("WORDSVC_METRICS", value)
    assert Settings.from_env().metrics is on


def test_a_metrics_setting_that_is_neither_is_refused_not_guessed():
    with pytest.raises(ConfigurationError, match="WORDSVC_METRICS is 'of'"):
        switch("WORDSVC_METRICS", "of")


def test_a_method_no_route_knows_is_counted_as_other(client):
    """A client may send any method: the label keeps to a few values."""
    before = scrape(client)
    assert client.open("/v1/categories", method="BREW").status_code == 405
    after = scrape(client)
    other = {"method": "other", "route": "(unmatched)", "status": "405"}
    assert after.value("wordsvc_http_requests_total", **other) == (
        before.value("wordsvc_http_requests_total", **other) + 1
    )
    assert "BREW" not in after.label_values()
