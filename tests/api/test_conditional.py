"""A session read, its event log, its result and its review answer with an ETag, and with 304
and no body while nothing changed (`If-None-Match`): a polling front end downloads them again
only after a move."""

from __future__ import annotations

import pytest

from tests.api.test_stream import bearer, lost_words


def move_once(client, session: str, tokens: dict) -> object:
    """The seat to act makes its first legal action: the answer to that POST."""
    url = f"/v1/games/sessions/{session}"
    seat = client.get(url, headers=bearer(tokens[0])).get_json()["to_act"][0]
    mover = client.get(url, headers=bearer(tokens[seat])).get_json()
    return client.post(
        f"{url}/actions",
        json={"action": mover["legal_actions"][0], "expected_version": mover["version"]},
        headers=bearer(tokens[seat]),
    )


def test_a_session_read_is_304_until_it_changes(games_client):
    session, tokens = lost_words(games_client)
    url = f"/v1/games/sessions/{session}"
    first = games_client.get(url, headers=bearer(tokens[0]))
    tag = first.headers["ETag"]
    assert "Authorization" in first.headers["Vary"]
    again = games_client.get(url, headers={**bearer(tokens[0]), "If-None-Match": tag})
    assert again.status_code == 304
    assert again.get_data() == b""
    # another seat's answer is its own: its tag differs, the first seat's does not match it
    other = games_client.get(url, headers={**bearer(tokens[1]), "If-None-Match": tag})
    assert other.status_code == 200
    assert other.headers["ETag"] != tag
    summary = first.get_json()
    acted = move_once(games_client, session, tokens)
    assert acted.status_code == 200, acted.get_json()
    changed = games_client.get(url, headers={**bearer(tokens[0]), "If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.get_json()["version"] > summary["version"]


def test_the_event_log_is_304_until_a_move(games_client):
    session, tokens = lost_words(games_client)
    url = f"/v1/games/sessions/{session}/events?after=0"
    first = games_client.get(url, headers=bearer(tokens[0]))
    tag = first.headers["ETag"]
    assert (
        games_client.get(url, headers={**bearer(tokens[0]), "If-None-Match": tag}).status_code
        == 304
    )
    move_once(games_client, session, tokens)
    moved = games_client.get(url, headers={**bearer(tokens[0]), "If-None-Match": tag})
    assert moved.status_code == 200
    assert len(moved.get_json()["events"]) > len(first.get_json()["events"])


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/v1/games/sessions/{session_id}", "get"),
        ("/v1/games/sessions/{session_id}/events", "get"),
        ("/v1/games/sessions/{session_id}/result", "get"),
        ("/v1/games/sessions/{session_id}/review", "get"),
    ],
)
def test_the_document_says_so(client, path, method):
    read = client.get("/openapi.json").get_json()["paths"][path][method]
    assert "304" in read["responses"]
    assert "ETag" in read["responses"]["200"]["headers"]
    assert any(p["name"] == "If-None-Match" for p in read["parameters"])
