"""Cross-origin calls (wordsvc/api/cross_origin.py, docs/deploy.md#cross-origin-calls): none
by default; named origins may call the whole API, preflights included; ``*`` opens only the
read-only word routes; errors and the event stream are readable too. A page on another origin
playing a game in Chromium: tests/browser/test_examples.py."""

from __future__ import annotations

import pytest

from wordsvc.api.cross_origin import ALLOWED_HEADERS, EXPOSED_HEADERS, read_only
from wordsvc.api.meta import document
from wordsvc.api.spec import OPERATIONS
from wordsvc.config import checked_origins
from wordsvc.errors import ConfigurationError

APP_ORIGIN = "https://app.example"
OTHER_ORIGIN = "https://elsewhere.example"
SEATS = [{"kind": "human", "name": "Настя"}, {"kind": "bot", "bot": "random"}]


def allowed(response) -> str | None:
    return response.headers.get("Access-Control-Allow-Origin")


def preflight(client, path: str, method: str, headers: str, origin: str = APP_ORIGIN):
    return client.options(
        path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": headers,
        },
    )


def new_session(client, origin: str = APP_ORIGIN) -> tuple[str, str]:
    """A Lost Words game against a bot, created and joined from ``origin``: (id, token)."""
    headers = {"Origin": origin}
    made = client.post(
        "/v1/games/sessions",
        json={"game": "lost-words", "seats": SEATS, "seed": 3},
        headers=headers,
    )
    assert made.status_code == 201, made.get_json()
    assert allowed(made) == origin
    session = made.get_json()["id"]
    joined = client.post(f"/v1/games/sessions/{session}/join", json={"seat": 0}, headers=headers)
    assert joined.status_code == 200
    return session, joined.get_json()["token"]


def test_no_origin_is_allowed_by_default(make_app):
    client = make_app().test_client()
    answer = client.get("/v1/words/мама", headers={"Origin": APP_ORIGIN})
    assert answer.status_code == 200
    assert allowed(answer) is None
    refused = preflight(client, "/v1/words/check", "POST", "content-type")
    assert allowed(refused) is None


def test_a_named_origin_may_play_a_game_with_its_token(make_app):
    client = make_app(cors_origins=(APP_ORIGIN,)).test_client()
    asked = preflight(
        client,
        "/v1/games/sessions/x/actions",
        "POST",
        "authorization, idempotency-key, content-type",
    )
    assert asked.status_code == 200
    assert allowed(asked) == APP_ORIGIN
    granted = {h.strip().lower() for h in asked.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "idempotency-key", "content-type"} <= granted
    methods = {m.strip() for m in asked.headers["Access-Control-Allow-Methods"].split(",")}
    answered = {op.method.upper() for op in OPERATIONS if op.path.startswith("/v1/")}
    assert "POST" in methods
    assert methods <= answered  # never a method no route answers (PUT, PATCH...)
    assert int(asked.headers["Access-Control-Max-Age"]) > 0
    assert "Access-Control-Allow-Credentials" not in asked.headers  # no cookies are used

    session, token = new_session(client)
    read = client.get(
        f"/v1/games/sessions/{session}",
        headers={"Origin": APP_ORIGIN, "Authorization": f"Bearer {token}"},
    )
    assert read.status_code == 200
    assert allowed(read) == APP_ORIGIN
    assert "Origin" in read.headers["Vary"]
    exposed = {h.strip() for h in read.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"Retry-After", "X-Request-ID", "Location", "ETag"} <= exposed


def test_the_document_is_readable_from_a_named_origin_and_varies_by_it(make_app):
    client = make_app(cors_origins=(APP_ORIGIN,)).test_client()
    read = client.get("/openapi.json", headers={"Origin": APP_ORIGIN})
    assert allowed(read) == APP_ORIGIN
    assert "Origin" in read.headers["Vary"]
    asked = preflight(client, "/openapi.json", "GET", "")
    assert asked.headers["Access-Control-Allow-Methods"] == "GET"


def test_another_origin_is_not_named(make_app):
    client = make_app(cors_origins=(APP_ORIGIN,)).test_client()
    assert allowed(client.get("/v1/games", headers={"Origin": OTHER_ORIGIN})) is None
    assert (
        allowed(preflight(client, "/v1/games/sessions", "POST", "content-type", OTHER_ORIGIN))
        is None
    )


def test_a_star_opens_only_the_read_only_word_routes(make_app):
    client = make_app(cors_origins=("*",)).test_client()
    assert allowed(client.get("/v1/words/мама", headers={"Origin": OTHER_ORIGIN})) == "*"
    assert allowed(client.get("/v1/categories", headers={"Origin": OTHER_ORIGIN})) == "*"
    solve = preflight(client, "/v1/words-of-magic/solve", "POST", "content-type", OTHER_ORIGIN)
    assert allowed(solve) == "*"
    opened = {op.method.upper() for op in OPERATIONS if read_only(op)}
    assert set(solve.headers["Access-Control-Allow-Methods"].split(", ")) == opened
    # no game route: a page of any site there could act with a token it was given
    assert allowed(client.get("/v1/games", headers={"Origin": OTHER_ORIGIN})) is None
    actions = preflight(
        client, "/v1/games/sessions/x/actions", "POST", "authorization", OTHER_ORIGIN
    )
    assert allowed(actions) is None


def test_a_star_and_a_named_origin_together(make_app):
    client = make_app(cors_origins=("*", APP_ORIGIN)).test_client()
    assert allowed(client.get("/v1/words/мама", headers={"Origin": OTHER_ORIGIN})) == "*"
    assert allowed(client.get("/v1/games", headers={"Origin": APP_ORIGIN})) == APP_ORIGIN
    assert allowed(client.get("/v1/games", headers={"Origin": OTHER_ORIGIN})) is None


def test_the_pages_are_never_cross_origin(make_app):
    client = make_app(cors_origins=("*", APP_ORIGIN)).test_client()
    for path in ("/", "/play", "/docs"):
        assert allowed(client.get(path, headers={"Origin": APP_ORIGIN})) is None, path


def test_a_problem_is_readable_from_the_origin(make_app):
    """A front end shows the problem's text: the refusal carries the header too."""
    client = make_app(cors_origins=(APP_ORIGIN,)).test_client()
    missing = client.get("/v1/games/sessions/" + "0" * 32, headers={"Origin": APP_ORIGIN})
    assert missing.status_code == 404
    assert missing.mimetype == "application/problem+json"
    assert allowed(missing) == APP_ORIGIN


def test_a_429_is_readable_with_its_retry_after(make_app):
    client = make_app(cors_origins=(APP_ORIGIN,), rate_limit="2/minute").test_client()
    answers = [client.get("/v1/categories", headers={"Origin": APP_ORIGIN}) for _ in range(3)]
    assert answers[-1].status_code == 429
    assert allowed(answers[-1]) == APP_ORIGIN
    assert "Retry-After" in answers[-1].headers["Access-Control-Expose-Headers"]


def test_preflights_do_not_count_against_the_limits(make_app):
    client = make_app(cors_origins=(APP_ORIGIN,), rate_limit="2/minute").test_client()
    for _ in range(5):
        assert preflight(client, "/v1/words/check", "POST", "content-type").status_code == 200
    assert client.get("/v1/categories", headers={"Origin": APP_ORIGIN}).status_code == 200


def test_the_event_stream_is_readable_from_the_origin(make_app):
    app = make_app(cors_origins=(APP_ORIGIN,))
    client = app.test_client()
    session, token = new_session(client)
    stream = client.get(
        f"/v1/games/sessions/{session}/stream?token={token}",
        headers={"Origin": APP_ORIGIN, "Last-Event-ID": "0"},
        buffered=False,
    )
    try:
        assert stream.status_code == 200
        assert stream.mimetype == "text/event-stream"
        assert allowed(stream) == APP_ORIGIN
    finally:
        stream.close()
    asked = preflight(client, f"/v1/games/sessions/{session}/stream", "GET", "last-event-id")
    assert allowed(asked) == APP_ORIGIN


def test_the_allowed_headers_are_those_the_document_names():
    """Every request header an operation declares may be sent from an allowed origin."""
    declared = {name for op in OPERATIONS for name in op.headers}
    assert declared <= set(ALLOWED_HEADERS)
    assert document()["components"]["securitySchemes"]["apiKey"]["name"] in ALLOWED_HEADERS
    answered = {name for op in OPERATIONS for name in op.response_headers}
    assert answered <= {*EXPOSED_HEADERS, "Content-Type"}


def test_only_the_word_areas_are_read_only():
    opened = {op.operation_id for op in OPERATIONS if read_only(op)}
    assert "checkWord" in opened
    assert "solve" in opened
    assert not {op.operation_id for op in OPERATIONS if op.tag == "games"} & opened
    assert all(
        op.method in ("get", "post") and op.auth == "none" for op in OPERATIONS if read_only(op)
    )


@pytest.mark.parametrize(
    ("text", "origins"),
    [
        ("", ()),
        ("https://app.example", ("https://app.example",)),
        (
            "https://App.example/, http://localhost:5173",
            ("https://app.example", "http://localhost:5173"),
        ),
        ("* https://app.example *", ("*", "https://app.example")),
        ("http://[::1]:8080", ("http://[::1]:8080",)),
    ],
)
def test_origins_are_read_as_browsers_send_them(text, origins):
    assert checked_origins(text) == origins


@pytest.mark.parametrize("text", ["app.example", "https://app.example/play", "ftp://x", "https://"])
def test_a_setting_that_is_no_origin_is_refused_naming_it(text):
    with pytest.raises(ConfigurationError, match="WORDSVC_CORS_ORIGINS") as refused:
        checked_origins(text)
    assert refused.value.code == "invalid_cors_origins"
