"""Fixtures of the page tests: a stored session of each game, for its table's page."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.fixture
def table_of(client) -> Callable[[str], str]:
    """``table_of(game)``: the path of a new table of ``game``, made through the API with the
    game's defaults (one person, the rest the game's default bot)."""
    games = {g["name"]: g for g in client.get("/v1/games").get_json()["games"]}

    def make(game: str) -> str:
        entry = games[game]
        players = entry["options_schema"]["properties"]["players"]["default"]
        seats = [{"kind": "human"}] + [
            {"kind": "bot", "bot": entry["default_bot"]} for _ in range(players - 1)
        ]
        created = client.post("/v1/games/sessions", json={"game": game, "seats": seats})
        assert created.status_code == 201, created.get_json()
        return f"/play/{created.get_json()['id']}"

    return make
