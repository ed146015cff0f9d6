"""What a lobby needs of the game routes (the `games_client` fixture, SQLite and PostgreSQL):
each game's own default bot, a game made at once from its defaults with it, the open games
with who sits there, and create-time refusals that name the option or the seat."""

from __future__ import annotations

import pytest

from wordsvc.games.registry import GAMES


def games(client) -> dict[str, dict]:
    return {g["name"]: g for g in client.get("/v1/games").get_json()["games"]}


def test_every_game_names_its_own_default_bot_the_registrys_best(games_client):
    listed = games(games_client)
    for name, entry in GAMES.items():
        assert listed[name]["default_bot"] == entry.default_bots[0]
        assert listed[name]["default_bot"] in listed[name]["bots"]
    # The bug the lobby had: Words of Magic has no "heuristic" bot.
    assert "heuristic" not in listed["words-of-magic"]["bots"]
    assert listed["words-of-magic"]["default_bot"] == "greedy"
    assert listed["lost-words"]["default_bot"] == "heuristic"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_is_made_from_its_defaults_with_its_default_bot(games_client, name):
    game = games(games_client)[name]
    players = game["options_schema"]["properties"]["players"]["default"]
    seats = [{"kind": "human", "name": "Оля"}]
    seats += [
        {"kind": "bot", "bot": game["default_bot"], "name": f"Бот {i}"} for i in range(1, players)
    ]
    made = games_client.post("/v1/games/sessions", json={"game": name, "seats": seats})
    assert made.status_code == 201, made.get_json()
    assert [s["name"] for s in made.get_json()["seats"]] == [s["name"] for s in seats]


def test_the_open_games_say_who_sits_there(games_client):
    seats = [{"kind": "human", "name": "Оля"}, {"kind": "bot", "bot": "random", "name": "Бот Сова"}]
    made = games_client.post("/v1/games/sessions", json={"game": "lost-words", "seats": seats})
    session = made.get_json()["id"]
    listed = games_client.get("/v1/games/sessions?game=lost-words").get_json()["sessions"]
    mine = next(s for s in listed if s["id"] == session)
    assert mine["free_seats"] == [0]
    assert [(s["seat"], s["name"], s["kind"], s["joined"]) for s in mine["seats"]] == [
        (0, "Оля", "human", False),
        (1, "Бот Сова", "bot", True),
    ]


def refusal(client, options=None, seats=None, game="words-of-magic"):
    body = {"game": game, "options": options or {}}
    body["seats"] = seats or [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    response = client.post("/v1/games/sessions", json=body)
    assert response.status_code in (400, 422), response.get_json()
    return response.get_json()


def test_an_unknown_category_names_the_option(games_client):
    doc = refusal(games_client, {"players": 2, "categories": ["Іменник"]})
    assert doc["code"] == "invalid_options"
    assert [p["option"] for p in doc["details"]["problems"]] == ["categories"]
    assert doc["details"]["category"] == "Іменник"
    assert "noun-singular" in doc["details"]["known"]


def test_a_refused_option_is_named_in_the_details(games_client):
    doc = refusal(games_client, {"players": 2, "first_player": 5, "mode": "wild"})
    assert doc["code"] == "invalid_options"
    assert {p["option"] for p in doc["details"]["problems"]} == {"mode"}
    doc = refusal(games_client, {"players": 2, "first_player": 5})
    assert [p["option"] for p in doc["details"]["problems"]] == ["first_player"]


def test_an_unknown_bot_names_its_seat(games_client):
    doc = refusal(games_client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    assert doc["code"] == "unknown_bot"
    assert doc["details"]["seat"] == 1
    assert "greedy" in doc["details"]["bots"]
