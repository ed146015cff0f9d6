"""A session read answers with an ETag, and with 304 and no body while nothing changed
(`If-None-Match`): a polling front end downloads the session again only after a move."""

from __future__ import annotations

from tests.api.test_stream import bearer, lost_words


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
    seat = summary["to_act"][0]
    mover = games_client.get(url, headers=bearer(tokens[seat])).get_json()
    acted = games_client.post(
        f"{url}/actions",
        json={"action": mover["legal_actions"][0], "expected_version": mover["version"]},
        headers=bearer(tokens[seat]),
    )
    assert acted.status_code == 200, acted.get_json()
    changed = games_client.get(url, headers={**bearer(tokens[0]), "If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.get_json()["version"] > summary["version"]


def test_the_document_says_so(client):
    operation = client.get("/openapi.json").get_json()["paths"]["/v1/games/sessions/{session_id}"]
    read = operation["get"]
    assert "304" in read["responses"]
    assert "ETag" in read["responses"]["200"]["headers"]
    assert any(p["name"] == "If-None-Match" for p in read["parameters"])
