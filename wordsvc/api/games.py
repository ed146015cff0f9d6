"""Game routes: the lobby, play, the event log, results and word arbitration."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from flask import Blueprint, Response, current_app, jsonify, request

from wordsvc.api import get_judge
from wordsvc.api.params import int_arg, json_body
from wordsvc.api.words import check_batch
from wordsvc.errors import InvalidRequest
from wordsvc.sessions.errors import GameNotOver, InvalidToken, WrongSeat

if TYPE_CHECKING:  # SQLAlchemy is imported on the first game request, not at start
    from wordsvc.sessions.store import SessionStore

blueprint = Blueprint("games", __name__, url_prefix="/v1/games")
_OPENING = threading.Lock()


def get_store() -> SessionStore:
    """The app's session store, opened (and migrated) on first use."""
    store = current_app.extensions.get("wordsvc.sessions")
    if store is None:
        with _OPENING:  # one store (and one migration run) per process
            store = current_app.extensions.get("wordsvc.sessions")
            if store is None:
                from wordsvc.sessions.service import open_store

                store = open_store(current_app.extensions["wordsvc.settings"], get_judge())
                current_app.extensions["wordsvc.sessions"] = store
    return store


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise InvalidToken("invalid_token", "Send `Authorization: Bearer <seat token>`.")
    return token.strip()


def caller_seat(session_id: str) -> int | None:
    return get_store().authenticate(session_id, bearer_token())


@blueprint.get("")
def list_games() -> Response:
    store = get_store()
    return jsonify(
        {
            "games": [
                {
                    "name": name,
                    "options_schema": hosted.game.options_schema(),
                    "bots": sorted(hosted.bots),
                }
                for name, hosted in sorted(store.games.items())
            ]
        }
    )


@blueprint.post("/sessions")
def create_session() -> Response:
    body = json_body()
    summary = get_store().create(
        body.get("game"), body.get("options"), body.get("seats"), body.get("seed")
    )
    response = jsonify(summary)
    response.status_code = 201
    response.headers["Location"] = f"/v1/games/sessions/{summary['id']}"
    return response


@blueprint.get("/sessions")
def open_sessions() -> Response:
    limit = int_arg("limit", low=1, high=100) or 50
    return jsonify({"sessions": get_store().open_sessions(request.args.get("game"), limit)})


@blueprint.post("/sessions/<session_id>/join")
def join_session(session_id: str) -> Response:
    body = json_body()
    return jsonify(get_store().join(session_id, body.get("seat"), body.get("name")))


@blueprint.get("/sessions/<session_id>")
def get_session(session_id: str) -> Response:
    seat = caller_seat(session_id)
    return jsonify(get_store().summary(session_id, seat))


@blueprint.post("/sessions/<session_id>/actions")
def post_action(session_id: str) -> Response:
    body = json_body()
    token = bearer_token()
    if token is None:
        raise InvalidToken("missing_token", "Acting needs the seat's token as a Bearer token.")
    store = get_store()
    seat = store.authenticate(session_id, token)
    named = body.get("seat", seat)
    if not isinstance(named, int) or isinstance(named, bool):
        raise InvalidRequest("invalid_seat", "`seat` is a seat number.")
    if named != seat:
        raise WrongSeat("wrong_seat", "This token belongs to another seat.")
    key = request.headers.get("Idempotency-Key")
    return jsonify(
        store.act(session_id, seat, body.get("action"), body.get("expected_version"), key)
    )


@blueprint.get("/sessions/<session_id>/events")
def get_events(session_id: str) -> Response:
    seat = caller_seat(session_id)
    after = int_arg("after", low=0, high=10**9) or 0
    return jsonify({"events": get_store().events(session_id, seat, after)})


@blueprint.get("/sessions/<session_id>/result")
def get_result(session_id: str) -> Response:
    result = get_store().result(session_id)
    if result is None:
        raise GameNotOver("game_not_over", "The game is still going on.")
    return jsonify(result)


@blueprint.post("/sessions/<session_id>/words/check")
def arbitrate(session_id: str) -> Response:
    """The dispute use case: judge words by this session's categories and house words, with
    the batch shape and limits of ``POST /v1/words/check``."""
    body = json_body()
    if "categories" in body:
        raise InvalidRequest(
            "unknown_field", "The session's categories apply; `categories` cannot be sent."
        )
    rules = get_store().word_rules(session_id)
    checked = check_batch(body, categories=list(rules.categories), house_words=rules.house_words)
    return jsonify(
        {
            "categories": list(rules.categories),
            "house_words": sorted(rules.house_words),
            **checked,
        }
    )
