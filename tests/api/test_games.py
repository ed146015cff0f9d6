"""Game sessions over HTTP, on SQLite and on PostgreSQL (the `games_client` fixture)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordsvc.games.registry import GAMES
from wordsvc.rules.words_of_magic import components as parts
from wordsvc.wire.games import OPTION_EXAMPLES

SEATS = [
    {"kind": "human", "name": "Настя"},
    {"kind": "bot", "bot": "greedy"},
    {"kind": "human", "name": "Олена"},
    {"kind": "bot", "bot": "cautious"},
]


def create(client, seats=SEATS, options=None, seed=21):
    response = client.post(
        "/v1/games/sessions",
        json={"game": "words-of-magic", "options": options or {}, "seats": seats, "seed": seed},
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    tokens = {}
    for seat, spec in enumerate(seats):
        if spec["kind"] == "human":
            joined = client.post(f"/v1/games/sessions/{body['id']}/join", json={"seat": seat})
            assert joined.status_code == 200
            tokens[seat] = joined.get_json()["token"]
    return body["id"], tokens


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def human_action(client, summary):
    """What a human client would send: the solver's best word when a word may be formed
    (asked over HTTP too), else a pass or the first listed choice."""
    legal = summary["legal_actions"]
    view = summary["view"]
    if any(a["type"] == "form_word" for a in legal):
        me = view["players"][summary["you"]]
        figure = view["familiar"]["figure"]
        solve = client.post(
            "/v1/words-of-magic/solve",
            json={
                "cards": [
                    c.get("letter") or ("*" if c["kind"] == "joker" else c["magic"])
                    for c in me["hand"]
                ],
                "tokens": me["tokens"],
                "familiar": [
                    {"letter": x, "available": i != figure}
                    for i, x in enumerate(view["familiar"]["letters"])
                ],
                "mode": view["options"]["mode"],
                "players": view["options"]["players"],
                "limit": 1,
            },
        ).get_json()
        if solve["plays"]:
            play = solve["plays"][0]
            ids = [c["id"] for c in me["hand"]]
            slots = [
                {
                    "source": s["source"],
                    "letter": s["letter"],
                    **({"card": ids[s["card"]]} if s["card"] is not None else {}),
                    **({"position": s["familiar"]} if s["familiar"] is not None else {}),
                }
                for s in play["slots"]
            ]
            return {"type": "form_word", "word": play["word"], "slots": slots}
    return next((a for a in legal if a["type"] == "pass"), legal[0])


def hidden_ids(state):
    """Card ids nobody may see: in a deck, face down on one, or in a Balance of Power deck."""
    ids = set()
    for player in state["players"]:
        ids |= set(player["deck"]) | set(player.get("held", []))
    for deck in state["balance"].values():
        ids |= set(deck)
    return ids


def test_two_humans_and_two_bots_play_a_whole_game_over_http(games_client, store):
    client = games_client
    session_id, tokens = create(client)
    words_by_humans = 0
    for _ in range(400):
        spectator = client.get(f"/v1/games/sessions/{session_id}").get_json()
        if spectator["status"] == "over":
            break
        seat = spectator["to_act"][0]
        summary = client.get(f"/v1/games/sessions/{session_id}", headers=bearer(tokens[seat]))
        summary = summary.get_json()
        assert summary["you"] == seat
        # Hidden information: no view a seat can fetch names a hidden card.
        hidden = hidden_ids(_state(store, session_id))
        for who in (None, *tokens):
            headers = bearer(tokens[who]) if who is not None else {}
            text = client.get(f"/v1/games/sessions/{session_id}", headers=headers).get_data(True)
            assert not any(f'"{card}"' in text for card in hidden)
        action = human_action(client, summary)
        words_by_humans += action["type"] == "form_word"
        response = client.post(
            f"/v1/games/sessions/{session_id}/actions",
            json={"seat": seat, "action": action, "expected_version": summary["version"]},
            headers=bearer(tokens[seat]),
        )
        assert response.status_code == 200, response.get_json()
    final = client.get(f"/v1/games/sessions/{session_id}").get_json()
    assert final["status"] == "over"
    assert words_by_humans > 0
    result = client.get(f"/v1/games/sessions/{session_id}/result").get_json()
    assert result["winners"]
    events = client.get(f"/v1/games/sessions/{session_id}/events").get_json()["events"]
    assert [e["number"] for e in events] == list(range(1, final["version"] + 1))
    assert {e["actor"] for e in events} == {"human", "bot"}
    assert store.verify(session_id)


def _state(store, session_id):
    from sqlalchemy import select

    from wordsvc.sessions.schema import sessions

    with store.engine.connect() as conn:
        return conn.execute(select(sessions.c.state).where(sessions.c.id == session_id)).scalar()


def test_lobby_lists_games_and_open_sessions(games_client):
    games = games_client.get("/v1/games").get_json()["games"]
    by_name = {g["name"]: g for g in games}
    assert set(by_name) == {"words-of-magic", "lost-words", "magos-y-tabernas", "wizards-wanted"}
    assert "greedy" in by_name["words-of-magic"]["bots"]
    assert "heuristic" in by_name["lost-words"]["bots"]
    assert by_name["words-of-magic"]["options_schema"]["properties"]["players"]["maximum"] == 4
    response = games_client.post(
        "/v1/games/sessions",
        json={"game": "words-of-magic", "seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    session_id = response.get_json()["id"]
    assert response.headers["Location"].endswith(session_id)
    assert len(session_id) == 32
    listed = games_client.get("/v1/games/sessions?game=words-of-magic").get_json()["sessions"]
    assert {"id": session_id, "free_seats": [0, 1]}.items() <= next(
        s for s in listed if s["id"] == session_id
    ).items()


def test_errors_have_specific_codes(games_client):
    client = games_client
    session_id, tokens = create(
        client, [{"kind": "human"}, {"kind": "human"}], {"characters": False}
    )
    summary = client.get(f"/v1/games/sessions/{session_id}").get_json()
    seat = summary["to_act"][0]
    other = 1 - seat
    url = f"/v1/games/sessions/{session_id}/actions"

    def post(body, token=None, **headers):
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return client.post(url, json=body, headers=headers)

    def code(response):
        assert response.mimetype == "application/problem+json"
        return response.status_code, response.get_json()["code"]

    action = {"action": {"type": "pass"}, "expected_version": summary["version"]}
    chess = {"game": "chess", "seats": [{"kind": "human"}]}
    assert code(client.post("/v1/games/sessions", json=chess)) == (404, "unknown_game")
    assert code(client.post("/v1/games/sessions", json={**chess, "seats": []})) == (
        400,
        "invalid_seats",
    )
    assert code(
        client.post(
            "/v1/games/sessions",
            json={
                "game": "words-of-magic",
                "seats": [{"kind": "human"}] * 2,
                "options": {"players": 2, "mode": "wild"},
            },
        )
    ) == (422, "invalid_options")
    assert code(post(action)) == (401, "missing_token")
    assert post(action).headers["WWW-Authenticate"].startswith("Bearer")
    assert code(post(action, "forged")) == (401, "invalid_token")
    assert code(post({**action, "seat": seat}, tokens[other])) == (403, "wrong_seat")
    assert code(post(action, tokens[other])) == (422, "not_your_turn")
    assert code(post({"action": {"type": "pass"}}, tokens[seat])) == (
        400,
        "missing_expected_version",
    )
    assert code(
        post({**action, "action": {"type": "form_word", "word": "кіт", "slots": 7}}, tokens[seat])
    ) == (422, "layout_mismatch")
    assert code(post({**action, "action": "pass"}, tokens[seat])) == (400, "invalid_action")
    assert post(action, tokens[seat], **{"Idempotency-Key": "k1"}).status_code == 200
    replayed = post(action, tokens[seat], **{"Idempotency-Key": "k1"})
    assert replayed.status_code == 200
    assert replayed.get_json()["replayed"] is True
    assert code(post(action, tokens[other])) == (409, "stale_state_id")
    big = client.post(
        url,
        data=json.dumps({"pad": "x" * 70_000}),
        content_type="application/json",
        headers=bearer(tokens[seat]),
    )
    assert big.status_code == 413
    assert code(client.get("/v1/games/sessions/nope")) == (404, "session_not_found")
    assert code(client.get(f"/v1/games/sessions/{session_id}/result")) == (409, "game_not_over")
    assert code(client.post(f"/v1/games/sessions/{session_id}/join", json={"seat": 0})) == (
        409,
        "seat_taken",
    )


def test_arbitration_uses_the_sessions_categories_and_house_words(games_client):
    response = games_client.post(
        "/v1/games/sessions",
        json={
            "game": "words-of-magic",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "options": {"categories": ["noun-singular"], "house_words": ["кракозябра"]},
        },
    )
    session_id = response.get_json()["id"]
    checked = games_client.post(
        f"/v1/games/sessions/{session_id}/words/check",
        json={"words": ["дуб", "котики", "кракозябра"]},
    ).get_json()
    playable = {r["input"]: r["valid"] for r in checked["results"]}
    assert playable == {"дуб": True, "котики": False, "кракозябра": True}
    assert [r["house_word"] for r in checked["results"]] == [False, False, True]
    assert checked["categories"] == ["noun-singular"]
    assert checked["all_valid"] is False
    # The batch shape and limits of /v1/words/check: refused input in place, 413 past 1000.
    plain = games_client.post("/v1/words/check", json={"words": ["k1t"]}).get_json()
    arbitrated = games_client.post(
        f"/v1/games/sessions/{session_id}/words/check", json={"words": ["k1t"]}
    ).get_json()
    assert arbitrated["results"] == plain["results"]
    assert arbitrated["results"][0]["valid"] is False
    too_many = games_client.post(
        f"/v1/games/sessions/{session_id}/words/check", json={"words": ["дуб"] * 1001}
    )
    assert too_many.status_code == 413
    assert too_many.get_json()["code"] == "too_many_words"


def test_no_card_id_of_a_deck_leaks_through_events(games_client, store):
    session_id, tokens = create(games_client, seed=4)
    for _ in range(30):
        summary = games_client.get(f"/v1/games/sessions/{session_id}").get_json()
        if summary["status"] == "over":
            break
        seat = summary["to_act"][0]
        mine = games_client.get(
            f"/v1/games/sessions/{session_id}", headers=bearer(tokens[seat])
        ).get_json()
        games_client.post(
            f"/v1/games/sessions/{session_id}/actions",
            json={"action": human_action(games_client, mine), "expected_version": mine["version"]},
            headers=bearer(tokens[seat]),
        )
    state = _state(store, session_id)
    never_seen = {c for deck in state["balance"].values() for c in deck}
    never_seen |= {c for p in state["players"] for c in p.get("held", [])}
    for who in (None, 0, 2):
        headers = bearer(tokens[who]) if who is not None else {}
        text = games_client.get(
            f"/v1/games/sessions/{session_id}/events", headers=headers
        ).get_data(True)
        assert not any(f'"{card}"' in text for card in never_seen)
    assert parts.CATALOGUE  # the ids checked are real card ids


def test_nan_is_not_json(games_client):
    response = games_client.post(
        "/v1/games/sessions",
        data='{"game": "words-of-magic", "seed": NaN, "seats": []}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.get_json()["code"] == "malformed_json"


def test_two_humans_and_a_bot_play_the_lost_words_over_http(games_client, store):
    """The session layer hosts a second game with no change: a whole game through HTTP."""
    client = games_client
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
    response = client.post(
        "/v1/games/sessions", json={"game": "lost-words", "seats": seats, "seed": 9}
    )
    assert response.status_code == 201, response.get_json()
    session_id = response.get_json()["id"]
    tokens = {
        seat: client.post(f"/v1/games/sessions/{session_id}/join", json={"seat": seat}).get_json()[
            "token"
        ]
        for seat in (0, 1)
    }
    for _ in range(3000):
        public = client.get(f"/v1/games/sessions/{session_id}").get_json()
        if public["status"] == "over":
            break
        assert all(p["hand"] is None for p in public["view"]["players"])  # hands are hidden
        seat = public["to_act"][0]
        mine = client.get(f"/v1/games/sessions/{session_id}", headers=bearer(tokens[seat]))
        mine = mine.get_json()
        others = [p["hand"] for i, p in enumerate(mine["view"]["players"]) if i != seat]
        assert others == [None, None]
        legal = mine["legal_actions"]
        action = next((a for a in legal if a["type"] == "pair"), legal[0])
        reply = client.post(
            f"/v1/games/sessions/{session_id}/actions",
            json={"action": action, "expected_version": mine["version"]},
            headers=bearer(tokens[seat]),
        )
        assert reply.status_code == 200, reply.get_json()
    result = client.get(f"/v1/games/sessions/{session_id}/result").get_json()
    assert len(result["winners"]) == 1
    assert store.verify(session_id)
    checked = client.post(f"/v1/games/sessions/{session_id}/words/check", json={"words": ["x"]})
    assert checked.get_json()["code"] == "no_word_rules"


def test_a_busy_database_is_a_503_with_retry_after(games_client, store, monkeypatch):
    from sqlalchemy.exc import OperationalError

    def locked(*args, **kwargs):
        raise OperationalError("UPDATE sessions", {}, Exception("database is locked"))

    monkeypatch.setattr(store, "summary", locked)
    response = games_client.get("/v1/games/sessions/" + "0" * 32)
    assert response.status_code == 503
    assert response.get_json()["code"] == "database_busy"
    assert response.headers["Retry-After"] == "1"


json_bodies = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["words-of-magic", "lost-words", "human", "bot"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "game",
                    "options",
                    "seats",
                    "seed",
                    "kind",
                    "bot",
                    "name",
                    "players",
                    "action",
                    "type",
                    "expected_version",
                    "seat",
                    "words",
                    "cards",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=15,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=json_bodies)
def test_no_request_body_gets_a_500(games_client, body):
    """Whatever JSON a client sends to the game routes, the answer is a result or a 4xx."""
    client = games_client
    created = client.post("/v1/games/sessions", json=body)
    assert created.status_code < 500, created.get_json()
    session_id, tokens = _fuzz_session(client)
    for path in ("actions", "join", "words/check"):
        response = client.post(
            f"/v1/games/sessions/{session_id}/{path}", json=body, headers=bearer(tokens[0])
        )
        assert response.status_code < 500, (path, response.get_json())


_FUZZ_SESSIONS: dict = {}


def _fuzz_session(client):
    """One session per test client (SQLite, then PostgreSQL), reused across examples."""
    if id(client) not in _FUZZ_SESSIONS:
        _FUZZ_SESSIONS[id(client)] = create(
            client, [{"kind": "human"}, {"kind": "human"}], {"characters": False}
        )
    return _FUZZ_SESSIONS[id(client)]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("options", OPTION_EXAMPLES)
def test_careless_options_make_a_playable_session_or_a_422_never_a_500(games_client, game, options):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    made = games_client.post(
        "/v1/games/sessions", json={"game": game, "options": options, "seats": seats}
    )
    if made.status_code != 201:
        assert made.status_code == 422, made.json
        assert made.json["code"] in ("invalid_options", "seat_count_mismatch")
        return
    session = made.json["id"]
    joined = games_client.post(f"/v1/games/sessions/{session}/join", json={"seat": 0})
    token = joined.json["token"]
    summary = games_client.get(
        f"/v1/games/sessions/{session}", headers={"Authorization": f"Bearer {token}"}
    ).json
    if 0 in summary["to_act"]:
        action = next(a for a in summary["legal_actions"] if "needs" not in a)
        acted = games_client.post(
            f"/v1/games/sessions/{session}/actions",
            json={"action": action, "expected_version": summary["version"]},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert acted.status_code == 200, acted.json


class BuggyBot:
    name = "buggy"

    def choose(self, game, view, seat, rng):
        raise KeyError("a bug in the bot")


def test_a_bug_in_a_bots_turn_is_a_500_and_stores_nothing(games_client, store, monkeypatch):
    from wordsvc.sessions.store import HostedGame, SessionStore

    lost = store.games["lost-words"]
    buggy = SessionStore(store.engine, {"lost-words": HostedGame(lost.game, {"random": BuggyBot})})
    monkeypatch.setitem(games_client.application.extensions, "wordsvc.sessions", buggy)
    created = games_client.post(
        "/v1/games/sessions",
        json={"game": "lost-words", "options": {"first_player": 0}, "seed": 3,
              "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    ).get_json()  # fmt: skip
    session = f"/v1/games/sessions/{created['id']}"
    token = games_client.post(f"{session}/join", json={"seat": 0}).get_json()["token"]
    for _ in range(20):  # the human's turn, then the bot's
        summary = games_client.get(session, headers=bearer(token)).get_json()
        legal = summary["legal_actions"]
        action = next((a for a in legal if a["type"] == "pass"), legal[0])
        reply = games_client.post(
            f"{session}/actions",
            json={"action": action, "expected_version": summary["version"]},
            headers=bearer(token),
        )
        if reply.status_code != 200:
            break
    assert reply.status_code == 500
    assert reply.get_json()["code"] == "internal_error"
    assert games_client.get(session).get_json()["version"] == summary["version"]


DOCUMENTS = [(entry.name, doc) for entry in GAMES.values() for doc in entry.documents]


@pytest.mark.parametrize(("game", "document"), DOCUMENTS, ids=[d.path for _, d in DOCUMENTS])
def test_each_games_documents_are_served_under_its_name(games_client, game, document):
    """A game's documents are its registry entry's hook: mounted for it, not written in."""
    response = games_client.get(f"/v1/games/{game}/{document.path}")
    assert response.status_code == 200
    assert response.mimetype == document.media_type
    assert response.get_data(as_text=True) == document.render()
    assert response.headers["Cache-Control"] == f"public, max-age={document.max_age}"
    operations = games_client.get("/openapi.json").get_json()["paths"]
    assert operations[f"/v1/games/{game}/{document.path}"]["get"]["operationId"] == (
        document.operation_id
    )
