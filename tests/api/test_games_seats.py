"""A seat's link over HTTP (SQLite and PostgreSQL): a host joins seats for others
(``claim: false``), the link's token claims its seat from any browser with a name, and a
rotated token stops working."""

from __future__ import annotations

import pytest

PEOPLE = [{"kind": "human", "name": "Олена"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def table(games_client):
    """A Lost Words table whose host plays seat 0 and holds seat 1's link: (id, tokens)."""
    made = games_client.post(
        "/v1/games/sessions", json={"game": "lost-words", "seats": PEOPLE}
    ).get_json()
    session = made["id"]
    tokens = {}
    for seat, claim in ((0, True), (1, False)):
        joined = games_client.post(
            f"/v1/games/sessions/{session}/join", json={"seat": seat, "claim": claim}
        )
        assert joined.status_code == 200, joined.get_json()
        tokens[seat] = joined.get_json()["token"]
    return session, tokens


def seats_of(client, session):
    return client.get(f"/v1/games/sessions/{session}").get_json()["seats"]


def test_summaries_say_which_human_seats_are_claimed(games_client, table):
    session, _ = table
    seats = seats_of(games_client, session)
    assert [(s["joined"], s["claimed"]) for s in seats] == [
        (True, True),
        (True, False),  # the host holds its link; nobody has opened it yet
        (True, True),  # a bot's
    ]


def test_a_link_claims_its_seat_with_a_name_from_any_browser(games_client, table):
    session, tokens = table
    url = f"/v1/games/sessions/{session}/seat"
    asked = games_client.get(url, headers=bearer(tokens[1]))
    assert asked.status_code == 200
    assert asked.get_json() == {
        "session": session,
        "seat": 1,
        "name": "Player 2",
        "claimed": False,
        "auto_pass": None,  # The Lost Words has no "answer only when I can"
        "only_when_concerned": None,
    }
    sat = games_client.post(url, json={"name": "Тарас"}, headers=bearer(tokens[1]))
    assert sat.status_code == 200, sat.get_json()
    assert sat.get_json() == {
        "session": session,
        "seat": 1,
        "name": "Тарас",
        "claimed": True,
        "auto_pass": None,
        "only_when_concerned": None,
    }
    assert seats_of(games_client, session)[1]["claimed"] is True
    again = games_client.post(url, json={}, headers=bearer(tokens[1]))  # another phone
    assert again.get_json()["name"] == "Тарас"
    summary = games_client.get(f"/v1/games/sessions/{session}", headers=bearer(tokens[1]))
    assert summary.get_json()["you"] == 1


def test_a_rotated_token_stops_working(games_client, table):
    session, tokens = table
    rotated = games_client.post(
        f"/v1/games/sessions/{session}/seat/token", headers=bearer(tokens[0])
    )
    assert rotated.status_code == 200
    body = rotated.get_json()
    assert (body["session"], body["seat"]) == (session, 0)
    old = games_client.get(f"/v1/games/sessions/{session}", headers=bearer(tokens[0]))
    assert (old.status_code, old.get_json()["code"]) == (401, "invalid_token")
    assert old.headers["WWW-Authenticate"].startswith("Bearer")
    new = games_client.get(f"/v1/games/sessions/{session}", headers=bearer(body["token"]))
    assert new.get_json()["you"] == 0


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [("get", "seat", None), ("post", "seat", {}), ("post", "seat/token", None)],
)
def test_the_seat_routes_need_the_seats_token(games_client, table, method, path, body):
    session, _ = table
    url = f"/v1/games/sessions/{session}/{path}"
    send = getattr(games_client, method)
    missing = send(url, json=body) if body is not None else send(url)
    assert (missing.status_code, missing.get_json()["code"]) == (401, "missing_token")
    wrong = send(url, headers=bearer("x" * 43), **({"json": body} if body is not None else {}))
    assert (wrong.status_code, wrong.get_json()["code"]) == (401, "invalid_token")
    gone = send(
        f"/v1/games/sessions/{'0' * 32}/{path}",
        headers=bearer("x" * 43),
        **({"json": body} if body is not None else {}),
    )
    assert (gone.status_code, gone.get_json()["code"]) == (404, "session_not_found")


def test_a_name_no_seat_may_take_is_refused_and_nothing_changes(games_client, table):
    session, tokens = table
    # Empty, too long, a control; and names people cannot see or that turn text round.
    for name in ("", "x" * 65, "a\nb", "\u200b", " \u2060 ", "Оля\u202eкет", "\u2067Оля"):
        refused = games_client.post(
            f"/v1/games/sessions/{session}/seat", json={"name": name}, headers=bearer(tokens[1])
        )
        assert (refused.status_code, refused.get_json()["code"]) == (400, "invalid_name")
    assert seats_of(games_client, session)[1]["claimed"] is False


def test_the_routes_are_in_the_openapi_document(client):
    paths = client.get("/openapi.json").get_json()["paths"]
    seat = paths["/v1/games/sessions/{session_id}/seat"]
    assert seat["get"]["operationId"] == "getSeat"
    assert seat["post"]["operationId"] == "claimSeat"
    assert paths["/v1/games/sessions/{session_id}/seat/token"]["post"]["operationId"] == (
        "rotateSeatToken"
    )
    assert "401" in seat["post"]["responses"]


def finish(client, session):
    """The game over, as if played out: a rematch asks only that (the store's status)."""
    from sqlalchemy import update

    from wordsvc.sessions.schema import sessions

    store = client.application.extensions["wordsvc.sessions"]
    with store.engine.begin() as conn:
        conn.execute(update(sessions).where(sessions.c.id == session).values(status="over"))


def test_again_with_the_same_people_makes_one_new_game_and_seats_each_there(games_client, table):
    client = games_client
    session, tokens = table
    url = f"/v1/games/sessions/{session}"
    early = client.post(f"{url}/rematch", json={}, headers=bearer(tokens[0]))
    assert (early.status_code, early.get_json()["code"]) == (409, "game_not_over")
    client.post(f"{url}/seat", json={"name": "Тарас"}, headers=bearer(tokens[1]))
    finish(client, session)

    first = client.post(f"{url}/rematch", json={}, headers=bearer(tokens[0]))
    assert first.status_code == 200, first.get_json()
    new = first.get_json()["session"]
    assert new != session
    assert first.get_json()["seat"] == 0
    old = client.get(url).get_json()
    assert old["rematch"] == new
    fresh = client.get(f"/v1/games/sessions/{new}").get_json()
    assert fresh["status"] == "active"
    assert fresh["rematch"] is None
    assert fresh["options"] == old["options"]
    assert [(s["kind"], s["bot"], s["name"]) for s in fresh["seats"]] == [
        ("human", None, "Олена"),
        ("human", None, "Тарас"),
        ("bot", "random", old["seats"][2]["name"]),
    ]
    assert [s["claimed"] for s in fresh["seats"]] == [True, False, True]
    mine = client.get(f"/v1/games/sessions/{new}", headers=bearer(first.get_json()["token"]))
    assert mine.get_json()["you"] == 0

    # Taras follows to the same game, his own seat; a second time, it is taken.
    second = client.post(f"{url}/rematch", json={}, headers=bearer(tokens[1]))
    assert (second.get_json()["session"], second.get_json()["seat"]) == (new, 1)
    assert all(s["claimed"] for s in seats_of(client, new))
    again = client.post(f"{url}/rematch", json={}, headers=bearer(tokens[1]))
    assert (again.status_code, again.get_json()["code"]) == (409, "seat_taken")


def test_the_table_screen_holds_the_new_links_for_the_people(games_client, table):
    """`claim: false`: the table's screen takes each seat's new link to hand out; whoever
    sits down with a rematch of their own takes the seat all the same."""
    client = games_client
    session, tokens = table
    url = f"/v1/games/sessions/{session}"
    finish(client, session)
    held = client.post(f"{url}/rematch", json={"claim": False}, headers=bearer(tokens[1]))
    assert held.status_code == 200, held.get_json()
    new = held.get_json()["session"]
    assert [s["joined"] for s in seats_of(client, new)][:2] == [False, True]
    assert not seats_of(client, new)[1]["claimed"]
    taken = client.post(f"{url}/rematch", json={}, headers=bearer(tokens[1]))
    assert taken.get_json()["session"] == new
    assert seats_of(client, new)[1]["claimed"]
    refused = client.post(f"{url}/rematch", json={}, headers={"Authorization": "Bearer nope"})
    assert refused.status_code == 401
