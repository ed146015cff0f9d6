"""Moments on the wire carry their zone on both databases: SQLite keeps none of its own
(``schema.UtcDateTime`` reads them back as UTC), PostgreSQL keeps it; both answer
``...+00:00``."""

from __future__ import annotations

from datetime import datetime, timedelta


def is_utc(text: object) -> bool:
    return isinstance(text, str) and datetime.fromisoformat(text).utcoffset() == timedelta(0)


def test_every_moment_a_session_reads_has_its_zone(games_client):
    created = games_client.post(
        "/v1/games/sessions",
        json={"game": "lost-words", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    )
    assert created.status_code == 201, created.get_json()
    session = created.get_json()["id"]
    joined = games_client.post(f"/v1/games/sessions/{session}/join", json={"seat": 0})
    token = joined.get_json()["token"]
    summary = games_client.get(
        f"/v1/games/sessions/{session}", headers={"Authorization": f"Bearer {token}"}
    ).get_json()
    acted = games_client.post(
        f"/v1/games/sessions/{session}/actions",
        json={"action": summary["legal_actions"][0], "expected_version": summary["version"]},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert acted.status_code == 200, acted.get_json()
    open_table = games_client.post(
        "/v1/games/sessions", json={"game": "lost-words", "seats": [{"kind": "human"}] * 2}
    )
    assert open_table.status_code == 201
    moments = {k: v for k, v in summary.items() if k.endswith("_at")}
    moments |= {f"seat.{k}": v for s in summary["seats"] for k, v in s.items() if k.endswith("_at")}
    events = games_client.get(f"/v1/games/sessions/{session}/events").get_json()["events"]
    moments |= {f"event.{e['number']}.at": e["at"] for e in events}
    listed = games_client.get("/v1/games/sessions").get_json()
    for item in listed.get("sessions", []):
        moments |= {f"open.{k}": v for k, v in item.items() if k.endswith("_at")}
    present = {k: v for k, v in moments.items() if v is not None}
    assert any(k.startswith("event.") for k in present)
    assert any(k.startswith("open.") for k in present)
    assert {k: v for k, v in present.items() if not is_utc(v)} == {}
