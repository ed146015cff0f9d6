"""The "answer only when I can" setting over HTTP (SQLite and PostgreSQL): a Magos y Tabernas
seat shows it, on by default; its own token sets it with ``POST .../seat {auto_pass}``;
switching it on while the seat may only pass passes at once, logged as ``auto``; a game
without the setting refuses it with ``no_auto_pass``."""

from __future__ import annotations

import pytest

from tests.api.test_games_seats import bearer
from tests.observability.scrape import Scrape

SEATS = [{"kind": "human", "name": "Оля"}, {"kind": "bot", "bot": "heuristic"}]


def created(client, game="magos-y-tabernas", seats=SEATS, seed=None):
    body = {"game": game, "seats": seats, **({"seed": seed} if seed is not None else {})}
    if game == "magos-y-tabernas":
        body["options"] = {"first_player": 0}
    made = client.post("/v1/games/sessions", json=body)
    assert made.status_code == 201, made.get_json()
    session = made.get_json()["id"]
    token = client.post(f"/v1/games/sessions/{session}/join", json={"seat": 0}).get_json()["token"]
    return session, token


def set_auto_pass(client, session, token, value):
    return client.post(
        f"/v1/games/sessions/{session}/seat", json={"auto_pass": value}, headers=bearer(token)
    )


def test_the_seat_shows_its_setting_on_by_default_and_its_token_sets_it(games_client):
    session, token = created(games_client)
    url = f"/v1/games/sessions/{session}/seat"
    assert games_client.get(url, headers=bearer(token)).get_json()["auto_pass"] is True
    seats = games_client.get(f"/v1/games/sessions/{session}").get_json()["seats"]
    assert [s["auto_pass"] for s in seats] == [True, None], "a bot's seat has no setting"
    off = set_auto_pass(games_client, session, token, False)
    assert off.status_code == 200, off.get_json()
    assert off.get_json()["auto_pass"] is False
    assert games_client.get(url, headers=bearer(token)).get_json()["auto_pass"] is False
    named = games_client.post(url, json={"name": "Оля К."}, headers=bearer(token)).get_json()
    assert (named["name"], named["auto_pass"]) == ("Оля К.", False), "a name keeps it"


def test_switching_it_on_while_the_seat_may_only_pass_passes_at_once(games_client):
    """Seat 0 plays with the setting off until all it may do is pass; switched on, the pass
    is made at once (the bot's reply after it), and the log says it was made by itself."""
    for seed in range(20):
        session, token = created(games_client, seed=seed)
        set_auto_pass(games_client, session, token, False)
        mine = f"/v1/games/sessions/{session}"
        for _ in range(60):
            summary = games_client.get(mine, headers=bearer(token)).get_json()
            if summary["status"] == "over" or summary["legal_actions"] == [{"type": "pass"}]:
                break
            legal = summary["legal_actions"]
            action = next((a for a in legal if a["type"] in ("take_orb", "end")), legal[0])
            games_client.post(
                f"{mine}/actions",
                json={"action": action, "expected_version": summary["version"]},
                headers=bearer(token),
            )
        if summary["legal_actions"] == [{"type": "pass"}]:
            break
    else:
        pytest.fail("no game where the person may only pass")
    counted = Scrape(games_client.get("/metrics").get_data(as_text=True))
    on = set_auto_pass(games_client, session, token, True)
    assert on.status_code == 200, on.get_json()
    events = games_client.get(f"{mine}/events?after={summary['version']}").get_json()["events"]
    assert (events[0]["seat"], events[0]["actor"]) == (0, "auto")
    assert events[0]["events"][0]["type"] == "passed"
    after = games_client.get(mine, headers=bearer(token)).get_json()
    assert after["version"] > summary["version"]
    assert after["legal_actions"] != [{"type": "pass"}] or after["status"] == "over"
    # the metrics count what the claim committed: the pass and the bot's replies
    now = Scrape(games_client.get("/metrics").get_data(as_text=True))
    game = {"game": "magos-y-tabernas"}
    actions = "wordsvc_game_actions_total"
    assert now.value(actions, **game) - counted.value(actions, **game) == (
        after["version"] - summary["version"]
    )
    assert now.value(actions, actor="auto", **game) > counted.value(actions, actor="auto", **game)


def test_a_game_without_the_setting_refuses_it(games_client):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    session, token = created(games_client, "lost-words", seats)
    refused = set_auto_pass(games_client, session, token, True)
    assert (refused.status_code, refused.get_json()["code"]) == (422, "no_auto_pass")
    seat = games_client.get(f"/v1/games/sessions/{session}/seat", headers=bearer(token))
    assert seat.get_json()["auto_pass"] is None


def test_a_setting_that_is_no_boolean_is_refused(games_client):
    session, token = created(games_client)
    for value in ("yes", 1, [True]):
        refused = set_auto_pass(games_client, session, token, value)
        assert refused.status_code == 400, value
    url = f"/v1/games/sessions/{session}/seat"
    assert games_client.get(url, headers=bearer(token)).get_json()["auto_pass"] is True


def test_the_setting_and_the_auto_actor_are_in_the_openapi_document(client):
    document = client.get("/openapi.json").get_json()
    claim = document["paths"]["/v1/games/sessions/{session_id}/seat"]["post"]
    assert "422" in claim["responses"]
    assert "no_auto_pass" in str(claim["responses"]["422"])
    schemas = document["components"]["schemas"]
    assert "auto_pass" in schemas["ClaimBody"]["properties"]
    assert "auto_pass" in schemas["YourSeat"]["required"]
    assert "auto_pass" in schemas["SeatOut"]["required"]
    for model in ("AppliedAction", "LoggedAction"):
        assert schemas[model]["properties"]["actor"]["enum"] == ["human", "bot", "auto"]


def set_choice(client, session, token, value):
    return client.post(
        f"/v1/games/sessions/{session}/seat",
        json={"only_when_concerned": value},
        headers=bearer(token),
    )


def test_answer_only_when_it_concerns_me_is_on_by_default_and_its_token_sets_it(games_client):
    session, token = created(games_client)
    url = f"/v1/games/sessions/{session}/seat"
    assert games_client.get(url, headers=bearer(token)).get_json()["only_when_concerned"] is True
    off = set_choice(games_client, session, token, False)
    assert off.get_json()["only_when_concerned"] is False
    on = set_choice(games_client, session, token, True)
    assert on.status_code == 200, on.get_json()
    assert (on.get_json()["auto_pass"], on.get_json()["only_when_concerned"]) == (True, True)
    seats = games_client.get(f"/v1/games/sessions/{session}").get_json()["seats"]
    assert [s["only_when_concerned"] for s in seats] == [True, None], "a bot's seat has none"
    for value in ("yes", 1, None):
        refused = set_choice(games_client, session, token, value)
        assert refused.status_code == 400 if value is not None else 200, value
    assert games_client.get(url, headers=bearer(token)).get_json()["only_when_concerned"] is True


def test_a_game_without_the_choice_refuses_it(games_client):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    session, token = created(games_client, "lost-words", seats)
    refused = set_choice(games_client, session, token, True)
    assert (refused.status_code, refused.get_json()["code"]) == (422, "no_auto_pass")


def test_the_choice_is_in_the_openapi_document(client):
    schemas = client.get("/openapi.json").get_json()["components"]["schemas"]
    assert "only_when_concerned" in schemas["ClaimBody"]["properties"]
    assert "only_when_concerned" in schemas["YourSeat"]["required"]
    assert "only_when_concerned" in schemas["SeatOut"]["required"]
