"""Magos y Tabernas hosted by the sessions unchanged, over HTTP, on SQLite and on PostgreSQL:
two humans and a bot play a whole game, and a human answers with an instant out of turn."""

from __future__ import annotations

from tests.api.test_games import bearer
from wordsvc.games.magos_y_tabernas import components as parts


def is_instant(action: dict) -> bool:
    card = parts.CATALOGUE.get(action.get("card", ""))
    return action["type"] == "play" and card is not None and card.type == "instant"


def test_two_humans_and_a_bot_play_magos_y_tabernas_over_http(games_client, store):
    client = games_client
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
    response = client.post(
        "/v1/games/sessions",
        json={"game": "magos-y-tabernas", "seats": seats, "seed": 4, "options": {"players": 3}},
    )
    assert response.status_code == 201, response.get_json()
    session_id = response.get_json()["id"]
    tokens = {
        seat: client.post(f"/v1/games/sessions/{session_id}/join", json={"seat": seat}).get_json()[
            "token"
        ]
        for seat in (0, 1)
    }
    answered_out_of_turn = 0
    for _ in range(3000):
        public = client.get(f"/v1/games/sessions/{session_id}").get_json()
        if public["status"] == "over":
            break
        assert all(p["hand"] is None for p in public["view"]["players"])
        seat = public["to_act"][0]
        mine = client.get(
            f"/v1/games/sessions/{session_id}", headers=bearer(tokens[seat])
        ).get_json()
        view = mine["view"]
        assert [i for i, p in enumerate(view["players"]) if p["hand"] is not None] == [seat]
        legal = mine["legal_actions"]
        instants = [a for a in legal if is_instant(a)]
        if view["phase"] == "priority" and view["active"] != seat and instants:
            action = instants[0]  # an answer on another player's turn
            answered_out_of_turn += 1
        else:
            action = next((a for a in legal if a["type"] in ("take_orb", "discard")), legal[0])
        reply = client.post(
            f"/v1/games/sessions/{session_id}/actions",
            json={"action": action, "expected_version": mine["version"]},
            headers=bearer(tokens[seat]),
        )
        assert reply.status_code == 200, reply.get_json()
    assert public["status"] == "over"
    assert answered_out_of_turn > 0
    result = client.get(f"/v1/games/sessions/{session_id}/result").get_json()
    assert len(result["winners"]) == 1
    assert store.verify(session_id)


def test_a_refused_action_is_a_problem_with_the_rule_code(games_client):
    client = games_client
    response = client.post(
        "/v1/games/sessions",
        json={
            "game": "magos-y-tabernas",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "options": {"first_player": 0},
        },
    )
    session_id = response.get_json()["id"]
    token = client.post(f"/v1/games/sessions/{session_id}/join", json={"seat": 0}).get_json()[
        "token"
    ]
    version = client.get(f"/v1/games/sessions/{session_id}").get_json()["version"]
    reply = client.post(
        f"/v1/games/sessions/{session_id}/actions",
        json={"action": {"type": "pass"}, "expected_version": version},
        headers=bearer(token),
    )
    assert reply.status_code == 422
    assert reply.mimetype == "application/problem+json"
    assert reply.get_json()["code"] == "invalid_action"
    bad = client.post(
        "/v1/games/sessions",
        json={
            "game": "magos-y-tabernas",
            "seats": [{"kind": "human"}] * 3,
            "options": {"players": 3, "teams": True},
        },
    )
    assert bad.status_code == 422
    assert bad.get_json()["code"] == "invalid_options"
