"""`GET /v1/games/sessions/{id}/review`, on SQLite and PostgreSQL: refused while the game is
played (409) and for a game that has no review (422); made once and kept with the session,
so that a second request, or a new store on the same database, reads the same review."""

from __future__ import annotations

import json
from dataclasses import replace

from click.testing import CliRunner

from wordsvc.cli import main
from wordsvc.sessions.store import SessionStore

BOTS_ONLY = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]


def finished_words_of_magic(client) -> str:
    created = client.post(
        "/v1/games/sessions",
        json={"game": "words-of-magic", "seats": BOTS_ONLY, "seed": 5},
    )
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["status"] == "over"  # bots alone play it to its end at once
    return created.get_json()["id"]


def test_a_finished_game_is_reviewed_once_and_the_review_is_kept(games_client, store):
    session = finished_words_of_magic(games_client)
    first = games_client.get(f"/v1/games/sessions/{session}/review")
    assert first.status_code == 200, first.get_json()
    review = first.get_json()
    assert review["turns"]
    assert {s["seat"] for s in review["seats"]} == {0, 1}
    assert all(t["best"]["shed"] >= t["made"]["shed"] for t in review["turns"])
    assert games_client.get(f"/v1/games/sessions/{session}/review").get_json() == review
    # a new store on the same database (a restarted server) reads it, making nothing
    games = {
        name: replace(hosted, review=None if hosted.review is None else _never)
        for name, hosted in store.games.items()
    }
    restarted = SessionStore(store.engine, games)
    assert restarted.review(session) == review


def _never(*args: object) -> dict[str, object]:
    raise AssertionError("the review was made again")


def test_no_review_while_the_game_is_played_nor_of_a_game_that_has_none(games_client):
    created = games_client.post(
        "/v1/games/sessions",
        json={"game": "words-of-magic", "seats": [{"kind": "human"}, BOTS_ONLY[0]]},
    )
    session = created.get_json()["id"]
    during = games_client.get(f"/v1/games/sessions/{session}/review")
    assert (during.status_code, during.get_json()["code"]) == (409, "game_not_over")
    other = games_client.post(
        "/v1/games/sessions",
        json={"game": "lost-words", "seats": [{"kind": "bot", "bot": "random"}] * 2},
    )
    refused = games_client.get(f"/v1/games/sessions/{other.get_json()['id']}/review")
    assert (refused.status_code, refused.get_json()["code"]) == (422, "no_review")
    missing = games_client.get(f"/v1/games/sessions/{'0' * 32}/review")
    assert missing.status_code == 404


def test_the_cli_prints_the_review_as_a_table(games_client, store, settings, monkeypatch):
    session = finished_words_of_magic(games_client)
    review = games_client.get(f"/v1/games/sessions/{session}/review").get_json()
    monkeypatch.setenv("WORDSVC_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("WORDSVC_DICTIONARIES_DIR", str(settings.dictionaries_dir))
    url = store.engine.url.render_as_string(hide_password=False)
    printed = CliRunner().invoke(main, ["review", session, "--database", url])
    assert printed.exit_code == 0, printed.output
    lines = printed.output.splitlines()
    assert lines[0].split() == ["seat", "turn", "played", "cards", "best", "cards", "common",
                                "words", "missed"]  # fmt: skip
    first = review["turns"][0]
    played = lines[1].split()
    assert (first["made"]["word"] or "pass") in played
    assert str(first["made"]["shed"]) in played
    assert len([ln for ln in lines if "accuracy" in ln]) == 2
    as_json = CliRunner().invoke(main, ["review", session, "--database", url, "--json"])
    assert json.loads(as_json.output) == review
    not_over = CliRunner().invoke(main, ["review", "0" * 32, "--database", url])
    assert not_over.exit_code == 2
