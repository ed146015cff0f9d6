"""Wizards Wanted hosted by the sessions unchanged, over HTTP, on SQLite and on PostgreSQL: a
human (whose client plans with the view's routes) plays a whole game against a bot."""

from __future__ import annotations

import random

from tests.api.test_games import bearer
from wordsvc.games.wizards_wanted.bots import HeuristicBot


def test_a_human_and_a_bot_play_wizards_wanted_over_http(games_client, store):
    client = games_client
    seats = [{"kind": "human", "name": "Merlin"}, {"kind": "bot", "bot": "heuristic"}]
    response = client.post(
        "/v1/games/sessions", json={"game": "wizards-wanted", "seats": seats, "seed": 3}
    )
    assert response.status_code == 201, response.get_json()
    session_id = response.get_json()["id"]
    token = client.post(f"/v1/games/sessions/{session_id}/join", json={"seat": 0}).get_json()[
        "token"
    ]
    planner = HeuristicBot()
    rng = random.Random(1)
    for _ in range(2000):
        mine = client.get(f"/v1/games/sessions/{session_id}", headers=bearer(token)).get_json()
        if mine["status"] == "over":
            break
        view = mine["view"]
        assert view["courtyard"] is None or view["phase"] == "castle"
        assert view["players"][1]["seen_licences"] is None
        action = planner.choose(None, view, 0, rng)
        reply = client.post(
            f"/v1/games/sessions/{session_id}/actions",
            json={"action": action, "expected_version": mine["version"]},
            headers=bearer(token),
        )
        assert reply.status_code == 200, reply.get_json()
    assert mine["status"] == "over"
    result = client.get(f"/v1/games/sessions/{session_id}/result").get_json()
    assert result["winners"]
    assert store.verify(session_id)
    public = client.get(f"/v1/games/sessions/{session_id}").get_json()
    assert (
        public["view"]["deck_top_back"] is None
        or "mushroom_space" in public["view"]["deck_top_back"]
    )


def test_the_board_is_served_as_svg_drawn_from_its_data(games_client):
    from wordsvc.games.wizards_wanted.board import BOARD
    from wordsvc.games.wizards_wanted.board_svg import render_svg

    response = games_client.get("/v1/games/wizards-wanted/board.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True) == render_svg(BOARD)
    assert "max-age" in response.headers["Cache-Control"]
    document = games_client.get("/openapi.json").get_json()
    board = document["paths"]["/v1/games/wizards-wanted/board.svg"]["get"]
    assert "image/svg+xml" in board["responses"]["200"]["content"]
