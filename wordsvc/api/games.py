"""Game routes: the lobby, play, the event log, results and word arbitration, and each
game's documents (its registry entry's hook, such as the Wizards Wanted board)."""

from __future__ import annotations

import functools
import json
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, current_app, request

from wordsvc import stream_slots
from wordsvc.api import conditional, respond
from wordsvc.api.limits import CHECK_WORDS, client_address
from wordsvc.api.params import parse_body, parse_query
from wordsvc.api.spec import operation
from wordsvc.api.words import LEXICON_ERRORS, observe_suggestions
from wordsvc.batch import check_batch
from wordsvc.errors import InvalidRequest
from wordsvc.games.registry import GAMES, GameDocument
from wordsvc.observability import metrics
from wordsvc.services import get_judge, get_store
from wordsvc.sessions.errors import GameNotOver, InvalidToken
from wordsvc.sessions.limits import IDEMPOTENCY_KEY_PATTERN, MAX_IDEMPOTENCY_KEY
from wordsvc.stopping import Stopping
from wordsvc.wire import games as models
from wordsvc.wire.common import to_json
from wordsvc.wire.words import ArbitrateBody, ArbitrationResult

if TYPE_CHECKING:  # SQLAlchemy is imported on the first game request, not at start
    from wordsvc.sessions.live import SeatsMoved
    from wordsvc.sessions.records import LoggedAction
    from wordsvc.sessions.store import HostedGame, SessionStore

blueprint = Blueprint("games", __name__, url_prefix="/v1/games")

SESSION = {"session_id": models.SESSION_ID}
BUSY = {503: ("database_busy", *LEXICON_ERRORS)}
#: A stored session's game may no longer be hosted (a deployment that dropped it).
STORED = ("session_not_found", "unknown_game")
SESSION_ERRORS = {404: STORED, **BUSY}
TOKEN_ERRORS = {401: ("invalid_token",)}


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


def required_token(doing: str) -> str:
    """The request's seat token; ``missing_token`` without one (``doing``: what needs it)."""
    token = bearer_token()
    if token is None:
        raise InvalidToken("missing_token", f"{doing} needs the seat's token as a Bearer token.")
    return token


@operation(
    blueprint,
    "",
    "GET",
    operation_id="listGames",
    summary="The hosted games, with their options' JSON Schema and their bots.",
    response=models.GameList,
    errors=BUSY,
)
def list_games() -> Response:
    store = get_store()
    return respond(
        models.GameList,
        {
            "games": [
                {
                    "name": name,
                    "options_schema": hosted.game.options_schema(),
                    "bots": sorted(hosted.bots),
                    "default_bot": _default_bot(hosted),
                    "review": hosted.review is not None,
                }
                for name, hosted in sorted(store.games.items())
            ]
        },
    )


def _default_bot(hosted: HostedGame) -> str | None:
    """The registry's best bot when the game hosts it, else the first by name."""
    if hosted.default_bot in hosted.bots:
        return hosted.default_bot
    return min(hosted.bots, default=None)


@operation(
    blueprint,
    "/sessions",
    "POST",
    operation_id="createSession",
    summary="Create a session: a game, its options and who plays each seat.",
    body=models.CreateSessionBody,
    response=models.SessionSummary,
    status=201,
    response_headers={"Location": {"type": "string"}},
    links={
        **{
            name: (target, {"session_id": "$response.body#/id"})
            for name, target in (
                ("join", "joinSession"),
                ("view", "getSession"),
                ("events", "getEvents"),
                ("result", "getResult"),
                ("arbitrate", "arbitrateWords"),
            )
        },
        # A creator who sat down (`play_seat`) acts at once: a legal action of the answer's,
        # on its version, with the seat's token from it.
        "act": (
            "act",
            {
                "session_id": "$response.body#/id",
                "header.Authorization": "Bearer {$response.body#/seat_tokens/0/token}",
            },
            {
                "action": "$response.body#/legal_actions/0",
                "expected_version": "$response.body#/version",
            },
        ),
    },
    errors={
        404: ("unknown_game",),
        422: ("invalid_options", "seat_count_mismatch", "unknown_bot", "invalid_play_seat"),
        **BUSY,
    },
)  # fmt: skip
def create_session() -> Response:
    body = parse_body(models.CreateSessionBody)
    from wordsvc.sessions.store import SeatSpec

    summary = get_store().create(
        body.game,
        body.options,
        [SeatSpec(seat.kind, seat.bot, seat.name) for seat in body.seats],
        body.seed,
        hold_seats=body.hold_seats,
        play_seat=body.play_seat,
    )
    metrics.count_actions(summary.game, (a.actor for a in summary.bot_actions or ()))
    response = respond(models.SessionSummary, summary, 201)
    response.headers["Location"] = f"/v1/games/sessions/{summary.id}"
    return response


@operation(
    blueprint,
    "/sessions",
    "GET",
    operation_id="openSessions",
    summary="Sessions with a human seat nobody has joined yet.",
    query=models.OpenSessionsQuery,
    response=models.OpenSessions,
    errors=BUSY,
)
def open_sessions() -> Response:
    query = parse_query(models.OpenSessionsQuery)
    return respond(
        models.OpenSessions, {"sessions": get_store().open_sessions(query.game, query.limit)}
    )


#: Where a seat's token leads (the answer of a join or a rotation: its session and token).
#: Not to the seat routes, which require the token: a fuzzer following a link there cannot
#: tell the linked token from one it made up, and would take a success for ignored auth.
TOKEN_LINKS = {
    name: (
        target,
        {
            "session_id": "$response.body#/session",
            "header.Authorization": "Bearer {$response.body#/token}",
        },
    )
    for name, target in (("act", "act"), ("view", "getSession"))
}


@operation(
    blueprint,
    "/sessions/<session_id>/join",
    "POST",
    operation_id="joinSession",
    summary="Take a free human seat; the answer holds the seat's secret token.",
    body=models.JoinBody,
    response=models.Joined,
    links=TOKEN_LINKS,
    path_params=SESSION,
    errors={
        404: STORED,
        409: ("seat_taken", "seat_is_a_bot"),
        422: ("unknown_seat",),
        **BUSY,
    },
)  # fmt: skip
def join_session(session_id: str) -> Response:
    body = parse_body(models.JoinBody)
    return respond(models.Joined, get_store().join(session_id, body.seat, body.name, body.claim))


#: The routes of the seat a token belongs to: its link, from any browser.
SEAT_TOKEN_ERRORS = {401: ("missing_token", "invalid_token"), 404: STORED, **BUSY}


@operation(
    blueprint,
    "/sessions/<session_id>/seat",
    "GET",
    operation_id="getSeat",
    summary="The seat your token belongs to: its name, and whether someone has sat down with "
    "the token yet.",
    response=models.YourSeat,
    path_params=SESSION,
    auth="required",
    errors=SEAT_TOKEN_ERRORS,
)
def get_seat(session_id: str) -> Response:
    token = required_token("Asking for your seat")
    return respond(models.YourSeat, get_store().your_seat(session_id, token))


@operation(
    blueprint,
    "/sessions/<session_id>/seat",
    "POST",
    operation_id="claimSeat",
    summary="Sit down at the seat your token belongs to, from any browser (a seat's link "
    "brings its person back), taking a name and the seat's settings (auto_pass: answer only "
    "when I can; only_when_concerned: answer only when it concerns me).",
    body=models.ClaimBody,
    response=models.YourSeat,
    path_params=SESSION,
    auth="required",
    errors={**SEAT_TOKEN_ERRORS, 422: ("no_auto_pass",)},
)
def claim_seat(session_id: str) -> Response:
    body = parse_body(models.ClaimBody)
    token = required_token("Claiming a seat")
    seat = get_store().claim(session_id, token, body.name, body.auto_pass, body.only_when_concerned)
    metrics.count_actions(seat.game, (a.actor for a in seat.applied))
    return respond(models.YourSeat, seat)


@operation(
    blueprint,
    "/sessions/<session_id>/seat/token",
    "POST",
    operation_id="rotateSeatToken",
    summary="A new token for your seat: the old one, and every link made of it, stops "
    "working at once.",
    response=models.Joined,
    path_params=SESSION,
    auth="required",
    links=TOKEN_LINKS,  # the new token's, as a join's
    errors=SEAT_TOKEN_ERRORS,
)
def rotate_seat_token(session_id: str) -> Response:
    token = required_token("A new token")
    return respond(models.Joined, get_store().rotate(session_id, token))


@operation(
    blueprint,
    "/sessions/<session_id>/rematch",
    "POST",
    operation_id="rematch",
    summary="Again, the same people: your seat in the session made of this finished one "
    "(the same game, options and seats, a new deal). The first call makes it, once; each "
    "seat's call joins its own seat there. The summary's `rematch` names it.",
    body=models.RematchBody,
    response=models.Joined,
    path_params=SESSION,
    auth="required",
    links=TOKEN_LINKS,
    errors={
        **SEAT_TOKEN_ERRORS,
        409: ("game_not_over", "seat_taken", "seat_is_a_bot", "stale_state_id"),
        # the old game's seats and options as this version of the service reads them: a
        # bot or an option retired since refuses the new game
        422: ("invalid_options", "invalid_seats", "invalid_seed", "seat_count_mismatch",
              "unknown_bot", "unknown_seat"),
    },
)  # fmt: skip
def rematch_session(session_id: str) -> Response:
    body = parse_body(models.RematchBody)
    token = required_token("A rematch")
    return respond(models.Joined, get_store().rematch(session_id, token, body.claim))


@operation(
    blueprint,
    "/sessions/<session_id>",
    "GET",
    operation_id="getSession",
    summary="The session as the caller may see it (a seat's token, or a spectator).",
    response=models.SessionSummary,
    path_params=SESSION,
    auth="optional",
    conditional=True,
    errors={**TOKEN_ERRORS, **SESSION_ERRORS},
)
def get_session(session_id: str) -> Response:
    seat = caller_seat(session_id)
    return conditional(respond(models.SessionSummary, get_store().summary(session_id, seat)))


@operation(
    blueprint,
    "/sessions/<session_id>/actions",
    "POST",
    operation_id="act",
    summary="Apply the seat's action against the version it was chosen on; bots then move.",
    body=models.ActionBody,
    response=models.Acted,
    path_params=SESSION,
    headers={"Idempotency-Key": {"type": "string", "minLength": 1,
                                 "maxLength": MAX_IDEMPOTENCY_KEY,
                                 "pattern": f"^{IDEMPOTENCY_KEY_PATTERN}$"}},
    auth="required",
    links={
        name: (target, {"session_id": "$request.path.session_id"})
        for name, target in (("result", "getResult"), ("events", "getEvents"))
    },
    errors={
        400: ("invalid_idempotency_key",),
        401: ("missing_token", "invalid_token"),
        403: ("wrong_seat",),
        404: STORED,
        409: ("stale_state_id", "game_over"),
        422: ("idempotency_key_reused", "not_your_turn", "malformed_action", "invalid_action",
              "…every RuleError code of the game (docs/rules/<game>.md)"),
        **BUSY,
    },
)  # fmt: skip
def post_action(session_id: str) -> Response:
    body = parse_body(models.ActionBody)
    token = required_token("Acting")
    key = request.headers.get("Idempotency-Key")
    # the token is checked under the session's lock, with the seats the action reads anyway
    acted = get_store().act_as(
        session_id, token, body.action, body.expected_version, key, seat=body.seat
    )
    if not acted.replayed:  # a retry's stored reply: counted when it was committed
        metrics.count_actions(acted.game, (a.actor for a in acted.applied))
    return respond(models.Acted, acted)


@operation(
    blueprint,
    "/sessions/<session_id>/events",
    "GET",
    operation_id="getEvents",
    summary="The action log with the events the caller may see.",
    query=models.EventsQuery,
    response=models.Events,
    path_params=SESSION,
    auth="optional",
    errors={**TOKEN_ERRORS, **SESSION_ERRORS},
    conditional=True,
)
def get_events(session_id: str) -> Response:
    seat = caller_seat(session_id)
    query = parse_query(models.EventsQuery)
    events = get_store().events(session_id, seat, query.after)
    return conditional(respond(models.Events, {"events": events}))


#: Set by tests for a quicker heartbeat; None: the store's default (15 s).
HEARTBEAT_KEY = "wordsvc.stream_heartbeat"
#: How long an EventSource waits before reconnecting after the stream drops, ms.
RETRY_MS = 1000
#: The bounds of that wait after a stopping server ended the stream (restart_retry_ms), ms.
RESTART_RETRY_MS = (1000, 3000)


@operation(
    blueprint,
    "/sessions/<session_id>/stream",
    "GET",
    operation_id="streamEvents",
    summary="Server-sent events: each action the caller may see, live (`id:` is its number, "
    "so `Last-Event-ID` resumes); the seats again when they change (`event: seats`); a "
    "heartbeat comment every 15 s; ends with the game, with `event: revoked` when the "
    "caller's token is replaced, or with a `retry:` hint when the server stops (reconnect: "
    "nothing is lost).",
    query=models.StreamQuery,
    path_params=SESSION,
    headers={"Last-Event-ID": {"type": "string", "pattern": "^[0-9]{1,9}$"}},
    auth="optional",
    content_type="text/event-stream",
    limited=False,  # a 429 would end an EventSource for good (wordsvc/api/limits.py)
    errors={
        400: ("invalid_last_event_id",),
        **TOKEN_ERRORS,
        **SESSION_ERRORS,
        429: ("too_many_streams",),
        503: (*BUSY[503], "overloaded"),
    },
)
def stream_events(session_id: str) -> Response:
    """``event: action`` with the ``/events`` entry as data, per action; ``event: seats``
    with the seats (``SeatsChanged``) when someone sits down, takes a name or renews a
    seat's link; ``event: end`` after the last action of a finished game, then the stream
    closes (a client should stop reconnecting then). ``event: revoked`` ends the stream of a
    token that was replaced (the seat's link renewed, on this device or another): the
    client watches from then on, or sits down again with the new link. A stopping server
    ends it early with a ``retry:`` hint and no ``end`` (the client reconnects with
    ``Last-Event-ID``). Errors are answered at once as problem documents, before
    streaming."""
    query = parse_query(models.StreamQuery)
    after = query.after
    last_id = request.headers.get("Last-Event-ID")
    if last_id is not None:
        last_id = last_id.strip()
        if not last_id.isdecimal() or not last_id.isascii() or len(last_id) > 9:
            raise InvalidRequest(
                "invalid_last_event_id", "`Last-Event-ID` is an action number we sent."
            )
        after = int(last_id)
    token = bearer_token() or query.token
    slots = stream_slots.slots()
    give_back = [slots.take(client_address())]
    replaced: threading.Event | None = None
    try:
        store = get_store()
        seat = store.authenticate(session_id, token)
        if seat is not None:
            seat_share, replaced = slots.take_seat(session_id, seat)
            give_back.append(seat_share)
        response = _stream_response(session_id, seat, token, after, store, replaced)
    except BaseException:
        for give in give_back:
            give()
        raise
    for give in give_back:
        response.call_on_close(give)  # the client left, or the stream ended
    return response


def _stream_response(
    session_id: str,
    seat: int | None,
    token: str | None,
    after: int,
    store: SessionStore,
    replaced: threading.Event | None,
) -> Response:
    """The stream of ``stream_events``, its request checked and its slot taken."""
    heartbeat = current_app.config.get(HEARTBEAT_KEY)
    kwargs: dict[str, Any] = {} if heartbeat is None else {"heartbeat": heartbeat}
    items = store.follow(session_id, seat, after, **kwargs)
    if token is not None and not store.seats_now(session_id, seat, token).still_yours:
        # Replaced between the check above and the stream's first read, whose seats count
        # then already holds the change: the stream would never say `revoked`.
        close = getattr(items, "close", None)
        if close is not None:
            close()
        raise InvalidToken.of_session()
    stream = _sse(items, store, session_id, seat, token, replaced, counted=metrics.recording())
    response = Response(stream, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # a proxy in front must not hold events back
    return response


def _sse(
    items: Iterator[LoggedAction | SeatsMoved | None],
    store: SessionStore,
    session_id: str,
    seat: int | None,
    token: str | None,
    replaced: threading.Event | None,
    *,
    counted: bool,
) -> Iterator[str]:
    """The stream's text; ``counted``: in the metrics' open streams while it is read.
    ``replaced`` is set when newer streams of the seat took its share: this one ends at its
    next item, without ``end`` (were its client alive, it reconnects and resumes)."""
    from wordsvc.sessions.live import SeatsMoved  # SQLAlchemy is loaded by now

    with metrics.stream_open(counted):
        yield f"retry: {RETRY_MS}\n\n"
        try:
            for item in items:
                if replaced is not None and replaced.is_set():
                    yield ": replaced by a newer stream of this seat\n\n"
                    return
                if item is None:
                    yield ": heartbeat\n\n"
                elif isinstance(item, SeatsMoved):
                    now = store.seats_now(session_id, seat, token)
                    if not now.still_yours:
                        yield "event: revoked\ndata: {}\n\n"
                        return
                    seats = to_json(models.SeatsChanged, {"seats": now.seats}).decode()
                    yield f"event: seats\ndata: {seats}\n\n"
                else:
                    yield _FRAMES.frame(session_id, seat, item)
        except Stopping:
            # The server is stopping (a restart, a deploy): the stream ends now, cleanly,
            # after every action committed so far, so that the worker exits with no request
            # cut off. The client reconnects with Last-Event-ID (to another worker, or to
            # this server once it is back) and loses nothing; the hint spreads the
            # reconnections out.
            yield f"retry: {restart_retry_ms()}\n: the server is stopping; reconnect\n\n"
            return
        finally:
            close = getattr(items, "close", None)
            if close is not None:
                close()  # the client left: let go of the subscription now
        yield f"event: end\ndata: {json.dumps({'status': 'over'})}\n\n"


def restart_retry_ms() -> int:
    """The reconnection delay a stream ended by a stopping server asks for: between
    :data:`RESTART_RETRY_MS`'s bounds, at random, so that the streams of a stopped worker
    do not all come back at the same millisecond."""
    low, high = RESTART_RETRY_MS
    return random.randint(low, high)


class FrameCache:
    """Each logged action's SSE frame, written once per (session, seat) and shared by every
    stream of this process that follows it as that seat: an action reaches each follower,
    and a game's followers are mostly its seats and spectators, a few kinds of caller. The
    log is append-only, so a frame never goes stale; the oldest are dropped past a bound."""

    def __init__(self, max_frames: int = 4096) -> None:
        self.max_frames = max_frames
        self._frames: OrderedDict[tuple[str, int | None, int], str] = OrderedDict()
        self._lock = threading.Lock()

    def frame(self, session_id: str, seat: int | None, item: LoggedAction) -> str:
        key = (session_id, seat, item.number)
        found = self._frames.get(key)
        if found is not None:
            return found
        # The `/events` entry (models.LoggedAction), written directly: this is the hot path
        # of a stream (tests/api/test_stream.py checks that the two agree).
        entry = json.dumps(
            {
                "number": item.number,
                "seat": item.seat,
                "actor": item.actor,
                "at": item.at.isoformat(),
                "events": [{"type": e.type, "data": e.data} for e in item.events],
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )
        frame = f"id: {item.number}\nevent: action\ndata: {entry}\n\n"
        with self._lock:
            self._frames[key] = frame
            while len(self._frames) > self.max_frames:
                self._frames.popitem(last=False)
        return frame


_FRAMES = FrameCache()


@operation(
    blueprint,
    "/sessions/<session_id>/result",
    "GET",
    operation_id="getResult",
    summary="Final scores and places, once the game is over.",
    response=models.GameResult,
    path_params=SESSION,
    errors={404: STORED, 409: ("game_not_over",), **BUSY},
    conditional=True,
)
def get_result(session_id: str) -> Response:
    result = get_store().result(session_id)
    if result is None:
        raise GameNotOver("game_not_over", "The game is still going on.")
    return conditional(respond(models.GameResult, result))


@operation(
    blueprint,
    "/sessions/<session_id>/review",
    "GET",
    operation_id="getReview",
    summary="A finished game reviewed turn by turn (Words of Magic): each play made beside the "
    "best play the solver finds for the same hand, the common words missed, and each seat's "
    "accuracy. Made at the first request and kept; refused while the game is played.",
    response=models.GameReview,
    path_params=SESSION,
    errors={
        404: STORED,
        409: ("game_not_over",),
        422: ("no_review",),
        **BUSY,
    },
    conditional=True,
)
def get_review(session_id: str) -> Response:
    return conditional(respond(models.GameReview, get_store().review(session_id)))


@operation(
    blueprint,
    "/sessions/<session_id>/words/check",
    "POST",
    operation_id="arbitrateWords",
    summary="Settle a dispute: judge words by this session's categories and house words.",
    body=ArbitrateBody,
    response=ArbitrationResult,
    path_params=SESSION,
    cost=CHECK_WORDS,
    errors={
        422: ("no_word_rules", "unknown_category"),  # a category a deployment dropped
        404: STORED,
        413: ("too_many_words",),
        **BUSY,
    },
)  # fmt: skip
def arbitrate(session_id: str) -> Response:
    """The dispute use case, with the batch shape and limits of ``POST /v1/words/check``."""
    body = parse_body(ArbitrateBody)
    rules = get_store().word_rules(session_id)
    checked = check_batch(
        get_judge(),
        body.words,
        rules.categories,
        suggest=body.suggest,
        house_words=rules.house_words,
    )
    observe_suggestions(checked)
    return respond(
        ArbitrationResult,
        {
            "categories": list(rules.categories),
            "house_words": sorted(rules.house_words),
            "results": checked.results,
            "all_valid": checked.all_valid,
        },
    )


def _document_view(document: GameDocument) -> Callable[[], Response]:
    """The route of one game's document: the same for every session, so caches may keep
    it for the document's ``max_age``."""

    def serve() -> Response:
        response = Response(_rendered(document), mimetype=document.media_type)
        response.headers["Cache-Control"] = f"public, max-age={document.max_age}"
        return response

    serve.__name__ = f"document_{document.operation_id}"  # the endpoint's name
    return serve


@functools.cache
def _rendered(document: GameDocument) -> str:
    return document.render()


def _mount_documents() -> None:
    """Every registered game's documents, at ``/v1/games/<game>/<path>``."""
    for entry in GAMES.values():
        for document in entry.documents:
            operation(
                blueprint,
                f"/{entry.name}/{document.path}",
                "GET",
                operation_id=document.operation_id,
                summary=document.summary,
                content_type=document.media_type,
            )(_document_view(document))


_mount_documents()
