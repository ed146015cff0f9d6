"""A table made and seated in one step (`hold_seats`): every human seat's token comes back
with the new session, written in its transaction, so that nobody can take a seat between the
creation and the host's joins; `play_seat` is the creator's own, claimed."""

from __future__ import annotations

import pytest

FOUR = [{"kind": "human", "name": n} for n in ("Оля", "Петро", "Марта", "Тарас")]


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def create(client, seats, **extra):
    return client.post(
        "/v1/games/sessions", json={"game": "magos-y-tabernas", "seats": seats, **extra}
    )


def test_the_answer_holds_every_human_seats_token_and_the_creators_seat_is_claimed(
    games_client,
):
    made = create(games_client, FOUR, hold_seats=True, play_seat=2)
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    held = {entry["seat"]: entry["token"] for entry in body["seat_tokens"]}
    assert sorted(held) == [0, 1, 2, 3]
    url = f"/v1/games/sessions/{body['id']}/seat"
    for seat, token in held.items():
        mine = games_client.get(url, headers=bearer(token)).get_json()
        assert (mine["seat"], mine["claimed"]) == (seat, seat == 2)
    # Held from the start: every seat is joined. (An unclaimed one stays open in the lobby's
    # list, as a held link's seat always has: whoever comes first sits, docs/sessions.md.)
    seats = games_client.get(f"/v1/games/sessions/{body['id']}").get_json()["seats"]
    assert all(s["joined"] for s in seats)
    # The answer is the session as the creator's seat sees it: its view and legal actions.
    as_creator = games_client.get(f"/v1/games/sessions/{body['id']}", headers=bearer(held[2]))
    assert body["you"] == 2
    assert body["legal_actions"] == as_creator.get_json()["legal_actions"]
    assert body["view"] == as_creator.get_json()["view"]


def test_without_it_no_token_is_in_the_answer(games_client):
    made = create(games_client, FOUR[:2])
    assert made.status_code == 201
    assert "seat_tokens" not in made.get_json()


@pytest.mark.parametrize(
    ("extra", "seats"),
    [
        ({"play_seat": 0}, FOUR),  # without hold_seats
        ({"hold_seats": True, "play_seat": 1}, [FOUR[0], {"kind": "bot", "bot": "random"}]),
        ({"hold_seats": True, "play_seat": 7}, FOUR),
    ],
)
def test_a_play_seat_that_is_no_held_human_seat_is_refused(games_client, extra, seats):
    refused = create(games_client, seats, **extra)
    assert (refused.status_code, refused.get_json()["code"]) == (422, "invalid_play_seat")
