"""Game routes: the lobby, play, the event log, results and word arbitration."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from flask import Blueprint, Response, current_app, jsonify, request

from wordsvc.api import get_judge
from wordsvc.api.params import int_arg, json_body
from wordsvc.errors import InvalidRequest, NotFound, Unauthorized

if TYPE_CHECKING:  # SQLAlchemy is imported on the first game request, not at start
    from wordsvc.sessions.store import SessionStore

blueprint = Blueprint("games", __name__, url_prefix="/v1/games")
_OPENING = threading.Lock()

#: Most words one arbitration request may check.
MAX_ARBITRATION_WORDS = 100


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
        raise Unauthorized("invalid_token", "Send `Authorization: Bearer <seat token>`.")
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
        raise Unauthorized("missing_token", "Acting needs the seat's token as a Bearer token.")
    store = get_store()
    seat = store.authenticate(session_id, token)
    named = body.get("seat", seat)
    if not isinstance(named, int) or isinstance(named, bool):
        raise InvalidRequest("invalid_seat", "`seat` is a seat number.")
    if named != seat:
        from wordsvc.errors import Forbidden

        raise Forbidden("wrong_seat", "This token belongs to another seat.")
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
        raise NotFound("game_not_over", "The game is still going on.")
    return jsonify(result)


@blueprint.post("/sessions/<session_id>/words/check")
def arbitrate(session_id: str) -> Response:
    """The dispute use case: judge words by this session's categories and house words."""
    body = json_body()
    words = body.get("words")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise InvalidRequest("invalid_words", "`words` must be a list of strings.")
    if len(words) > MAX_ARBITRATION_WORDS:
        raise InvalidRequest("too_many_words", f"At most {MAX_ARBITRATION_WORDS} words.")
    summary = get_store().summary(session_id)
    options = summary["options"]
    if "categories" not in options:
        raise InvalidRequest("no_word_rules", "This game has no word categories to judge by.")
    house = set(options.get("house_words", []))
    judge = get_judge()
    results = []
    for word, verdict in zip(words, judge.check_many(words, options["categories"]), strict=True):
        item = verdict.to_dict() if hasattr(verdict, "to_dict") else {"error": verdict.to_dict()}
        in_house = hasattr(verdict, "word") and verdict.word in house
        item["house_word"] = in_house
        item["playable"] = in_house or bool(getattr(verdict, "valid", False))
        item["input"] = word
        results.append(item)
    return jsonify(
        {"categories": options["categories"], "house_words": sorted(house), "results": results}
    )
