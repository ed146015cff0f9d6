"""Game sessions: create, join, act, read. Generic over the engine contract and the registry's
hooks; the answers are the dataclasses of ``records.py``.

Every action runs in one transaction that locks the session (``BEGIN IMMEDIATE`` on SQLite,
``SELECT ... FOR UPDATE`` on PostgreSQL), checks the caller's ``expected_version``, applies
the action and every bot reply it triggers, and hands them all to :meth:`SessionStore._commit`,
the one write of play: it moves the version on with a compare-and-set, appends the log and
tells live followers. The transaction commits before the caller is answered, so an
acknowledged action is durable, and two actions sent against the same version cannot both
apply. On SQLite, which commits one transaction at a time, the actions that queue meanwhile
share the next transaction, each in a savepoint of its own, and its one commit
(``WriterQueue.transact``). Each process keeps the latest committed state of the sessions it
touched (``cache.py``), found by the version just read, so that the state's JSON is read
and decoded only when another process moved the session on.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import random
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar

from sqlalchemy import (
    ARRAY,
    JSON,
    Engine,
    Integer,
    Text,
    bindparam,
    cast,
    func,
    insert,
    select,
    true,
    update,
)
from sqlalchemy.engine import Connection

from wordsvc.errors import ConfigurationError, InvalidRequest, InvalidValue
from wordsvc.games.contract import (
    Action,
    Bot,
    BotError,
    Event,
    Game,
    RuleError,
    Seat,
    State,
    canonical,
    replay,
)
from wordsvc.games.registry import SEAT_COUNT_OPTION, WordRules, WordRulesOf
from wordsvc.sessions.cache import StateCache
from wordsvc.sessions.database import readers, writer_queue, writers
from wordsvc.sessions.errors import (
    ActionRefused,
    GameOver,
    InvalidToken,
    NoAutoPass,
    NoWordRules,
    SeatTaken,
    StaleVersion,
    UnknownGame,
    UnknownSeat,
    UnknownSession,
    WrongSeat,
)
from wordsvc.sessions.limits import (
    DRAWN_SEED_BITS,
    MAX_BOT_STEPS,
    MAX_IDEMPOTENCY_KEY,
    MAX_NAME,
    MAX_SEATS,
    MAX_SEED,
    is_idempotency_key,
    is_seat_name,
    is_session_id,
)
from wordsvc.sessions.live import CHANNEL, HEARTBEAT_SECONDS, LiveLog, log_rows
from wordsvc.sessions.prepared import Prepared
from wordsvc.sessions.records import (
    Acted,
    Actor,
    Applied,
    Joined,
    LoggedAction,
    OpenSession,
    SeatRecord,
    SessionResult,
    SessionSummary,
    Status,
    YourSeat,
)
from wordsvc.sessions.schema import actions, idempotency, seats, sessions

log = logging.getLogger(__name__)
T = TypeVar("T")

#: A session's columns but its state, which is read apart, and only when this process does
#: not hold it already (:class:`StateCache`).
HEAD = tuple(column for column in sessions.c if column.name != "state")

# The statements of every action, built once: building a statement and working out its cache
# key cost SQLAlchemy more than running it (about 45 + 170 against 95 µs of CPU on
# PostgreSQL, docs/performance.md). Their values are bound at each call, and on PostgreSQL
# they run on psycopg's own cursor, prepared (:class:`Prepared`: about 20 µs against 90).

#: What a summary reads of a session (not its state) and of its seats: one row per seat, in
#: order. Every column read costs a little (timestamps and JSON are decoded), so no more.
HEAD_AND_SEATS = Prepared(
    select(
        *(sessions.c[name] for name in ("id", "game", "options", "seed", "seed_chosen")),
        *(sessions.c[name] for name in ("version", "status")),
        *(seats.c[name] for name in ("seat", "kind", "bot", "name", "token_hash")),
        *(seats.c[name] for name in ("claimed_at", "auto_pass", "only_when_concerned")),
    )
    .join(seats, seats.c.session_id == sessions.c.id)
    .where(sessions.c.id == bindparam("session_id"))
    .order_by(seats.c.seat)
)
#: What a write reads, the session's row locked for the transaction (PostgreSQL; SQLite's
#: writers hold the whole database): the session's version and how its seats play.
LOCK = Prepared(
    select(
        *(sessions.c[name] for name in ("id", "game", "seed", "version", "status")),
        *(seats.c[name] for name in ("seat", "kind", "bot", "name", "token_hash")),
        *(seats.c[name] for name in ("auto_pass", "only_when_concerned")),
    )
    .join(seats, seats.c.session_id == sessions.c.id)
    .where(sessions.c.id == bindparam("session_id"))
    .order_by(seats.c.seat)
    .with_for_update(of=sessions)
)
#: A session's whole row, its state included.
ROW = Prepared(select(sessions).where(sessions.c.id == bindparam("session_id")))
#: The compare-and-set of :meth:`SessionStore._commit`: the new state, if the version is
#: still the one read.
MOVE_ON = (
    update(sessions)
    .where(sessions.c.id == bindparam("session_id"), sessions.c.version == bindparam("read"))
    .values(
        version=bindparam("new_version"),
        state=bindparam("new_state", type_=sessions.c.state.type),
        status=bindparam("new_status"),
        updated_at=bindparam("now", type_=sessions.c.updated_at.type),
    )
)
#: The log's new entries.
APPEND = Prepared(insert(actions))
#: On PostgreSQL the compare-and-set, the log's new entries (one per element of the arrays,
#: each action and its events as JSON text) and the notification of live followers are one
#: statement, one round trip: the entries are written only if the compare-and-set moved the
#: session on, and the notification is delivered when, and only if, the transaction commits.
MOVED = MOVE_ON.returning(
    sessions.c.id, func.pg_notify(CHANNEL, bindparam("payload")).label("notified")
).cte("moved")
ENTRIES = (
    func.unnest(
        bindparam("numbers", type_=ARRAY(Integer)),
        bindparam("seats", type_=ARRAY(Integer)),
        bindparam("actors", type_=ARRAY(Text)),
        bindparam("actions", type_=ARRAY(Text)),
        bindparam("events", type_=ARRAY(Text)),
    )
    .table_valued("number", "seat", "actor", "action", "events")
    .render_derived()
)
MOVE_ON_AND_LOG = Prepared(
    insert(actions).from_select(
        ["session_id", "number", "seat", "actor", "action", "events", "created_at"],
        select(
            MOVED.c.id,
            ENTRIES.c.number,
            ENTRIES.c.seat,
            ENTRIES.c.actor,
            cast(ENTRIES.c.action, JSON),
            cast(ENTRIES.c.events, JSON),
            bindparam("now", type_=sessions.c.updated_at.type),
        ).select_from(MOVED.join(ENTRIES, true())),
    )
)


@dataclass(frozen=True)
class HostedGame:
    """A game the store can host: its engine, its bots (by name) and its registry entry's
    hooks (:class:`~wordsvc.games.registry.GameEntry`)."""

    game: Game
    bots: Mapping[str, Callable[[], Bot]]
    word_rules: WordRulesOf | None = None
    seat_count_option: str | None = SEAT_COUNT_OPTION
    #: The bot a front end seats by default (the registry's best); None: the first by name.
    default_bot: str | None = None
    #: The type of the game's pass, which a human seat with its "answer only when I can"
    #: setting on makes by itself when it is the seat's one legal action; None: no setting.
    auto_pass_action: str | None = None
    #: Whether the state holds something aimed at a seat's side: with it, a human seat may
    #: choose "answer only when it concerns me" too; None: no such choice.
    concerns: Callable[[State, Seat], bool] | None = None


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: a human (who joins with a token later) or a bot, by its name."""

    kind: Literal["human", "bot"]
    bot: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class _Move:
    """An action applied in this transaction and not yet committed."""

    seat: Seat
    actor: Actor
    action: Action
    events: list[Event]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _result(game: Game, state: State, seed: int) -> SessionResult | None:
    """The game's result once it is over, with its seed revealed; None while it goes on."""
    result = game.result(state)
    return SessionResult.of(result, seed) if result else None


def _now() -> datetime:
    return datetime.now(UTC)


class SessionStore:
    def __init__(self, engine: Engine, games: Mapping[str, HostedGame]) -> None:
        self.engine = engine
        self.games = games
        self._bots: dict[tuple[str, str], Bot] = {}
        #: This process's live view of the sessions its streams follow (live.py).
        self.live = LiveLog(engine)
        #: The newest committed state this process has seen of each session (cache.py).
        self.states = StateCache()
        self._reads = readers(engine)
        self._queue = writer_queue(engine)
        self._writers = writers(engine)

    # --- lobby ------------------------------------------------------------------------------

    def hosted(self, name: object) -> HostedGame:
        hosted = self.games.get(name) if isinstance(name, str) else None
        if hosted is None:
            raise UnknownGame("unknown_game", f"No game {name!r}.", {"games": sorted(self.games)})
        return hosted

    def create(
        self,
        game_name: str,
        options: Mapping[str, Any],
        seat_specs: Sequence[SeatSpec],
        seed: int | None = None,
    ) -> SessionSummary:
        """A new session of ``game_name``; bot seats that are to act first act at once (its
        ``bot_actions``, as a spectator may see them)."""
        hosted = self.hosted(game_name)
        specs = self._seat_records(hosted, seat_specs)
        chosen = seed is not None
        if seed is None:  # drawn here, so that nobody at the table can recompute the deal
            seed = secrets.randbits(DRAWN_SEED_BITS)
        if not 0 <= seed <= MAX_SEED:  # the database stores a signed 64-bit seed
            raise InvalidValue("invalid_seed", "`seed` is a whole number from 0 to 2^63 - 1.")
        options = _seated(hosted, options, len(specs))
        try:
            state = hosted.game.new(options, seed)
        except RuleError as error:
            raise ActionRefused(error.code, error.message, error.details) from None
        session_id = secrets.token_hex(16)
        now = _now()

        def work(conn: Connection) -> tuple[list[Applied], State]:
            conn.execute(
                insert(sessions).values(
                    id=session_id,
                    game=game_name,
                    options=state.get("options", options),
                    seed=seed,
                    seed_chosen=chosen,
                    version=0,
                    status="active",
                    state=state,
                    created_at=now,
                    updated_at=now,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "session_id": session_id,
                        "seat": spec.seat,
                        "kind": spec.kind,
                        "bot": spec.bot,
                        "name": spec.name,
                        "token_hash": None,
                        "joined_at": None,
                        "claimed_at": None,
                        "auto_pass": spec.kind == "human",
                    }
                    for spec in specs
                ],
            )
            row, seat_rows = self._lock(conn, session_id)
            applied, _, played = self._run_bots(conn, row, seat_rows, hosted, state, [])
            return applied, played

        applied, state = self._transact(work)
        self.states.put(session_id, len(applied), state)
        summary = self.summary(session_id)
        return replace(summary, bot_actions=tuple(a.seen_by(None) for a in applied))

    def _seat_records(self, hosted: HostedGame, specs: Sequence[SeatSpec]) -> list[SeatRecord]:
        """The seats as stored: a known bot for each bot seat, a printable name for each."""
        if not specs or len(specs) > MAX_SEATS:
            raise InvalidValue("invalid_seats", f"A session has 1 to {MAX_SEATS} seats.")
        stored = []
        for i, spec in enumerate(specs):
            bot = spec.bot if spec.kind == "bot" else None
            if spec.kind == "bot" and bot not in hosted.bots:
                bots = ", ".join(sorted(hosted.bots))
                raise InvalidValue(
                    "unknown_bot",
                    f"Seat {i} is a bot's: name its bot, one of {bots}."
                    if bot is None
                    else f"Seat {i}: this game has no bot {bot!r}; its bots: {bots}.",
                    {"seat": i, "bots": sorted(hosted.bots)},
                )
            name = spec.name or (f"{bot} bot" if bot else f"Player {i + 1}")
            if not is_seat_name(name):
                raise InvalidValue(
                    "invalid_seats", f"Seat {i}: a name of 1-{MAX_NAME} characters.", {"seat": i}
                )
            human = spec.kind == "human"
            stored.append(
                SeatRecord(
                    i,
                    spec.kind,
                    bot,
                    name,
                    not human,
                    not human,
                    _auto_pass(hosted, human),
                    _only_when_concerned(hosted, human),
                )
            )
        return stored

    def join(
        self, session_id: str, seat: int, name: str | None = None, claim: bool = True
    ) -> Joined:
        """Take a human seat; returns its secret token (only its hash is stored). ``claim``:
        the caller plays the seat (it counts as claimed); False: the caller holds the token
        for someone else, a host handing out the seat's link, and the seat counts as claimed
        once someone sits down with it (:meth:`claim`). Joining writes the seat alone, never
        the game's state or log: it does not go through :meth:`_commit`, and the version
        stays."""
        if not 0 <= seat < MAX_SEATS:
            raise UnknownSeat("unknown_seat", f"Seat {seat} does not exist.", {"seat": seat})
        token = secrets.token_urlsafe(32)
        with self._write() as conn:
            _, seat_rows = self._lock(conn, session_id)
            row = next((s for s in seat_rows if s.seat == seat), None)
            if row is None:
                raise UnknownSeat("unknown_seat", f"Seat {seat} does not exist.", {"seat": seat})
            if row.kind != "human":
                raise SeatTaken("seat_is_a_bot", f"Seat {seat} is played by a bot.")
            if row.token_hash is not None:
                raise SeatTaken("seat_taken", f"Seat {seat} is taken.", {"seat": seat})
            now = _now()
            values: dict[str, Any] = {"token_hash": hash_token(token), "joined_at": now}
            if claim:
                values["claimed_at"] = now
            if is_seat_name(name):
                values["name"] = name
            conn.execute(
                update(seats)
                .where(seats.c.session_id == session_id, seats.c.seat == seat)
                .values(**values)
            )
        return Joined(session_id, seat, token)

    # --- a seat's link: its token, from any browser -----------------------------------------

    def your_seat(self, session_id: str, token: str) -> YourSeat:
        """The seat ``token`` belongs to, its name and whether it is claimed yet."""
        with self._reads.connect() as conn:
            session, seat_rows = self._head(conn, session_id)
        row = _token_seat(seat_rows, token)
        hosted = self.games.get(session.game)
        return YourSeat(
            session_id,
            row.seat,
            row.name,
            row.claimed_at is not None,
            _auto_pass(hosted, True, row.auto_pass),
            _only_when_concerned(hosted, True, row.only_when_concerned),
            game=session.game,
        )

    def claim(
        self,
        session_id: str,
        token: str,
        name: str | None = None,
        auto_pass: bool | None = None,
        only_when_concerned: bool | None = None,
    ) -> YourSeat:
        """Sit down at the seat ``token`` belongs to, from any browser, as often as needed
        (the link is the seat: a phone that died gives way to another), taking ``name`` and
        the seat's settings if given: "answer only when I can" (``auto_pass``) and "answer
        only when it concerns me" (``only_when_concerned``). Like :meth:`join`, it writes the
        seat alone, except that switching a setting on while it would pass for the seat
        makes that pass at once (then the bots move), through :meth:`_commit` as every
        action does."""
        if name is not None and not is_seat_name(name):
            raise InvalidValue("invalid_name", f"A seat's name has 1-{MAX_NAME} characters.")
        with self._write() as conn:
            session, seat_rows = self._lock(conn, session_id)
            row = _token_seat(seat_rows, token)
            hosted = self.hosted(session.game)
            if auto_pass is not None and hosted.auto_pass_action is None:
                raise NoAutoPass("no_auto_pass", "This game has no setting to pass by itself.")
            if only_when_concerned is not None and (
                hosted.auto_pass_action is None or hosted.concerns is None
            ):
                raise NoAutoPass(
                    "no_auto_pass", "This game has no setting to answer only when it concerns you."
                )
            values: dict[str, Any] = {"claimed_at": _now()}
            if name is not None:
                values["name"] = name
            if auto_pass is not None:
                values["auto_pass"] = auto_pass
            if only_when_concerned is not None:
                values["only_when_concerned"] = only_when_concerned
            conn.execute(
                update(seats)
                .where(seats.c.session_id == session_id, seats.c.seat == row.seat)
                .values(**values)
            )
            applied: list[Applied] = []
            moved = None
            if (auto_pass or only_when_concerned) and session.status == "active":
                _, seat_rows = self._head(conn, session_id)  # the settings just written
                session, state = self._load(conn, session, keep=False)
                applied, _, state = self._run_bots(conn, session, seat_rows, hosted, state, [])
                moved = (session.version + len(applied), state)
        if moved is not None:
            self.states.put(session_id, *moved)
        return YourSeat(
            session_id,
            row.seat,
            name if name is not None else row.name,
            True,
            _auto_pass(hosted, True, row.auto_pass if auto_pass is None else auto_pass),
            _only_when_concerned(
                hosted,
                True,
                row.only_when_concerned if only_when_concerned is None else only_when_concerned,
            ),
            applied=tuple(applied),
            game=session.game,
        )

    def rotate(self, session_id: str, token: str) -> Joined:
        """A new token for the seat ``token`` belongs to: the old one, and every link made
        of it, stops working at once. The seat stays as it was (claimed or not)."""
        new = secrets.token_urlsafe(32)
        with self._write() as conn:
            _, seat_rows = self._lock(conn, session_id)
            row = _token_seat(seat_rows, token)
            changed = conn.execute(
                update(seats)
                .where(
                    seats.c.session_id == session_id,
                    seats.c.seat == row.seat,
                    seats.c.token_hash == row.token_hash,
                )
                .values(token_hash=hash_token(new))
            ).rowcount
            if changed != 1:  # the session's lock makes this unreachable; never hand out two
                raise InvalidToken("invalid_token", "This token is not a seat's of this session.")
        return Joined(session_id, row.seat, new)

    def open_sessions(self, game: str | None = None, limit: int = 100) -> list[OpenSession]:
        """Active sessions with a human seat nobody has joined yet, the newest first."""
        query = (
            select(sessions.c.id, sessions.c.game, sessions.c.created_at, seats.c.seat)
            .join(seats, seats.c.session_id == sessions.c.id)
            .where(
                sessions.c.status == "active", seats.c.kind == "human", seats.c.token_hash.is_(None)
            )
            .order_by(sessions.c.created_at.desc(), sessions.c.id, seats.c.seat)
        )
        if game:
            if game not in self.games:
                return []
            query = query.where(sessions.c.game == game)
        found: dict[str, tuple[Any, list[Seat]]] = {}
        with self._reads.connect() as conn:
            for row in conn.execute(query):
                found.setdefault(row.id, (row, []))[1].append(row.seat)
            listed = list(found.values())[:limit]
            seated: dict[str, list[SeatRecord]] = {row.id: [] for row, _ in listed}
            if seated:  # who sits at each listed table, so a lobby can name them
                games = {row.id: self.games.get(row.game) for row, _ in listed}
                for s in conn.execute(
                    select(seats)
                    .where(seats.c.session_id.in_(list(seated)))
                    .order_by(seats.c.session_id, seats.c.seat)
                ):
                    seated[s.session_id].append(_seat_record(games[s.session_id], s))
        return [
            OpenSession(row.id, row.game, row.created_at, tuple(free), tuple(seated[row.id]))
            for row, free in listed
        ]

    def active_counts(self) -> dict[str, int]:
        """How many sessions of each game are active (not over), every hosted game named:
        what the service's metrics report as its open sessions."""
        query = (
            select(sessions.c.game, func.count())
            .where(sessions.c.status == "active")
            .group_by(sessions.c.game)
        )
        counts = dict.fromkeys(sorted(self.games), 0)
        with self.engine.connect() as conn:
            for game, count in conn.execute(query):
                counts[str(game)] = int(count)
        return counts

    # --- play -------------------------------------------------------------------------------

    def authenticate(self, session_id: str, token: str | None) -> int | None:
        """The seat a bearer token belongs to; None without a token (a spectator)."""
        if token is None:
            return None
        if not is_session_id(session_id):
            raise UnknownSession("session_not_found", "No such session.")
        with self._reads.connect() as conn:
            rows = conn.execute(
                select(seats.c.seat, seats.c.token_hash).where(seats.c.session_id == session_id)
            ).all()
        found = _holder(rows, token)
        if found is None:
            raise InvalidToken("invalid_token", "This token is not a seat's of this session.")
        return int(found.seat)

    def word_rules(self, session_id: str) -> WordRules:
        """The session's word rules (its game's hook), for settling a word dispute at its
        table; :class:`NoWordRules` for a game that judges no words."""
        with self._reads.connect() as conn:
            row = self._session(conn, session_id)
        rules = self.hosted(row.game).word_rules
        if rules is None:
            raise NoWordRules(
                "no_word_rules", "This game has no word categories to judge words by."
            )
        return rules(row.options)

    def game_of(self, session_id: str) -> str:
        """The name of the game session ``session_id`` plays (``UnknownSession`` if none)."""
        with self._reads.connect() as conn:
            if not is_session_id(session_id):
                raise UnknownSession("session_not_found", "No such session.")
            game = conn.execute(
                select(sessions.c.game).where(sessions.c.id == session_id)
            ).scalar_one_or_none()
        if game is None:
            raise UnknownSession("session_not_found", "No such session.", {"session": session_id})
        return str(game)

    def summary(self, session_id: str, seat: int | None = None) -> SessionSummary:
        with self._reads.connect() as conn:
            row, seat_rows = self._head(conn, session_id)
            row, state = self._load(conn, row)
        hosted = self.hosted(row.game)
        game = hosted.game
        return SessionSummary(
            id=row.id,
            game=row.game,
            version=row.version,
            status=row.status,
            options=row.options,
            seats=tuple(_seat_record(hosted, s) for s in seat_rows),
            you=seat,
            to_act=tuple(game.to_act(state)),
            legal_actions=tuple(game.legal_actions(state, seat)) if seat is not None else (),
            view=game.view(state, seat),
            deal="chosen" if row.seed_chosen else "drawn",
            result=_result(game, state, row.seed),
        )

    def act(
        self,
        session_id: str,
        seat: int,
        action: Mapping[str, Any],
        expected_version: int,
        idempotency_key: str | None = None,
    ) -> Acted:
        """Apply the seat's action, chosen against ``expected_version``, then let bots move;
        the whole is committed before this returns."""
        return self._act(session_id, lambda _rows: seat, action, expected_version, idempotency_key)

    def act_as(
        self,
        session_id: str,
        token: str,
        action: Mapping[str, Any],
        expected_version: int,
        idempotency_key: str | None = None,
        seat: int | None = None,
    ) -> Acted:
        """:meth:`act` for the seat ``token`` belongs to, checked under the session's lock
        with the seats the lock reads anyway: one read fewer than :meth:`authenticate`
        first (an HTTP action). ``seat``, if given, must be the token's
        (:class:`WrongSeat`)."""

        def token_seat(seat_rows: Sequence[Any]) -> int:
            holder = _token_seat(seat_rows, token)
            if seat is not None and seat != holder.seat:
                raise WrongSeat("wrong_seat", "This token belongs to another seat.")
            return int(holder.seat)

        return self._act(session_id, token_seat, action, expected_version, idempotency_key)

    def _act(
        self,
        session_id: str,
        seat_of: Callable[[Sequence[Any]], int],
        action: Mapping[str, Any],
        expected_version: int,
        idempotency_key: str | None,
    ) -> Acted:
        """:meth:`act` for the seat ``seat_of`` finds among the session's seats, read
        under its lock."""
        if idempotency_key is not None and not is_idempotency_key(idempotency_key):
            raise InvalidRequest(
                "invalid_idempotency_key",
                f"An Idempotency-Key is 1-{MAX_IDEMPOTENCY_KEY} visible ASCII characters"
                " (spaces only inside).",
            )

        def work(conn: Connection) -> tuple[Acted, State | None]:
            row, seat_rows = self._lock(conn, session_id)
            seat = seat_of(seat_rows)
            if idempotency_key is not None:
                request_hash = hashlib.sha256(
                    json.dumps([seat, action, expected_version], sort_keys=True).encode()
                ).hexdigest()
                stored = conn.execute(
                    select(idempotency).where(
                        idempotency.c.session_id == session_id,
                        idempotency.c.key == idempotency_key,
                    )
                ).first()
                if stored is not None:
                    if stored.request_hash != request_hash:
                        raise InvalidValue(
                            "idempotency_key_reused",
                            "This Idempotency-Key was used for another request.",
                        )
                    stored_reply = json.loads(stored.response)
                    return Acted.from_record(stored_reply, replayed=True, game=row.game), None
            if row.status == "over":
                raise GameOver("game_over", "The game is over.", {"version": row.version})
            if expected_version != row.version:
                raise StaleVersion(
                    "stale_state_id",
                    f"The session is at version {row.version}, not {expected_version}.",
                    {"version": row.version},
                )
            hosted = self.hosted(row.game)
            row, state = self._load(conn, row, keep=False)
            try:
                state, events = hosted.game.apply(state, seat, dict(action))
            except RuleError as error:
                raise ActionRefused(error.code, error.message, error.details) from None
            human = _Move(seat, "human", dict(action), events)
            applied, status, state = self._run_bots(conn, row, seat_rows, hosted, state, [human])
            game = hosted.game
            to_act = tuple(game.to_act(state)) if status == "active" else ()
            acted = Acted(
                applied[-1].number,
                tuple(a.seen_by(seat) for a in applied),
                status,
                to_act,
                tuple(game.legal_actions(state, seat)) if seat in to_act else (),
                game=row.game,
            )
            if idempotency_key is not None:
                conn.execute(
                    insert(idempotency).values(
                        session_id=session_id,
                        key=idempotency_key,
                        seat=seat,
                        request_hash=request_hash,
                        response=json.dumps(acted.to_record()),
                        created_at=_now(),
                    )
                )
            return acted, state

        acted, state = self._transact(work)
        if state is not None:
            self.states.put(session_id, acted.version, state)  # committed
        return acted

    def events(self, session_id: str, seat: int | None, after: int = 0) -> list[LoggedAction]:
        """The log as ``seat`` may see it: every action's number, seat and visible events."""
        with self._reads.connect() as conn:
            self._session(conn, session_id)
            rows = log_rows(conn, session_id, after)
        return [row.seen_by(seat) for row in rows]

    def follow(
        self,
        session_id: str,
        seat: int | None,
        after: int = 0,
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> Iterator[LoggedAction | None]:
        """The log after ``after`` as ``seat`` may see it, then each action as it commits;
        ``None`` for a heartbeat; ends with a finished game (:meth:`LiveLog.follow`).
        :class:`UnknownSession` is raised at once, not when the stream is read."""
        if not is_session_id(session_id):
            raise UnknownSession("session_not_found", "No such session.")
        return self.live.follow(session_id, seat, after, heartbeat)

    def result(self, session_id: str) -> SessionResult | None:
        with self._reads.connect() as conn:
            row, state = self._load(conn, self._session(conn, session_id))
        return _result(self.hosted(row.game).game, state, row.seed)

    def log(self, session_id: str) -> list[tuple[int, dict[str, Any]]]:
        """The session's actions, in order, as (seat, action): what :func:`replay` takes."""
        with self._reads.connect() as conn:
            rows = conn.execute(
                select(actions.c.seat, actions.c.action)
                .where(actions.c.session_id == session_id)
                .order_by(actions.c.number)
            ).all()
        return [(r.seat, r.action) for r in rows]

    def verify(self, session_id: str) -> bool:
        """Does replaying the log give the cached state? (after a crash, or on demand) The
        state is the database's, never this process's copy."""
        if not is_session_id(session_id):
            raise UnknownSession("session_not_found", "No such session.")
        with self._reads.connect() as conn:
            rows = ROW.all(conn, {"session_id": session_id})
        if not rows:
            raise UnknownSession("session_not_found", "No such session.", {"session": session_id})
        row = rows[0]
        log = self.log(session_id)[: row.version]  # the log may have grown since
        replayed = replay(self.hosted(row.game).game, row.options, row.seed, log)
        return canonical(replayed) == canonical(row.state)

    # --- internals --------------------------------------------------------------------------

    def _transact(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in a write transaction, committed before this returns: on SQLite
        with the writes queued meanwhile (one commit, one fsync for all of them:
        :meth:`WriterQueue.transact`), on PostgreSQL in its own (the server groups the
        commits of its connections)."""
        if self._writers is not None:
            return self._writers.transact(self.engine.connect, work)
        with self._write() as conn:
            return work(conn)

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (BEGIN IMMEDIATE on SQLite, see database.py), committed when
        the block ends without an exception, rolled back otherwise."""
        with self._queue(), self.engine.connect() as conn:
            conn = conn.execution_options(write=True)
            with conn.begin():
                yield conn

    def _session(self, conn: Connection, session_id: str) -> Any:
        """The session's row, without its state (:meth:`_state`)."""
        if not is_session_id(session_id):
            raise UnknownSession("session_not_found", "No such session.")
        row = conn.execute(select(*HEAD).where(sessions.c.id == session_id)).first()
        if row is None:
            raise UnknownSession("session_not_found", "No such session.", {"session": session_id})
        return row

    def _head(
        self, conn: Connection, session_id: str, lock: bool = False
    ) -> tuple[Any, Sequence[Any]]:
        """The session's row (without its state: :meth:`_state`) and its seats' rows, in
        one statement; with ``lock``, the session's row is locked for the transaction."""
        if not is_session_id(session_id):
            raise UnknownSession("session_not_found", "No such session.")
        rows = (LOCK if lock else HEAD_AND_SEATS).all(conn, {"session_id": session_id})
        if not rows:
            raise UnknownSession("session_not_found", "No such session.", {"session": session_id})
        return rows[0], rows

    def _lock(self, conn: Connection, session_id: str) -> tuple[Any, Sequence[Any]]:
        """Lock the session for this write transaction (see :meth:`_head`)."""
        return self._head(conn, session_id, lock=True)

    def _load(self, conn: Connection, row: Any, keep: bool = True) -> tuple[Any, State]:
        """``row`` and the session's state at the version it was read at: this process's
        copy, or else the row read again with its state, in one statement so that the two
        belong together, and the state kept if ``keep``. Outside a write transaction the
        session may have moved on since ``row`` was read; the newer row is returned then.
        A write transaction keeps nothing it reads (on SQLite it may see another write of
        its group that is not committed yet): it keeps its own state once committed."""
        state = self.states.get(row.id, row.version)
        if state is not None:
            return row, state
        rows = ROW.all(conn, {"session_id": row.id})
        if not rows:  # gone since its head was read (a backup's import replaced it)
            raise UnknownSession("session_not_found", "No such session.", {"session": row.id})
        row = rows[0]
        if keep:
            self.states.put(row.id, row.version, row.state)
        return row, row.state

    def _run_bots(
        self,
        conn: Connection,
        row: Any,
        seat_rows: Sequence[Any],
        hosted: HostedGame,
        state: State,
        moves: list[_Move],
    ) -> tuple[list[Applied], Status, State]:
        """After ``moves`` (the caller's, already applied to ``state``), let bot seats act
        while only bots are asked to, and human seats whose "answer only when I can" setting
        is on pass when the pass is all they may do, or, with "answer only when it concerns
        me" on too, whenever they may pass and nothing concerns them
        (:func:`_passes_by_itself`); then commit it all (:meth:`_commit`). Returns every move
        applied, numbered, the session's status and its state now. ``seat_rows``: the
        session's seats, read under its lock."""
        kinds = {s.seat: (s.kind, s.bot) for s in seat_rows}
        passing = hosted.auto_pass_action
        #: The seats that pass by themselves, each with the rule of what concerns it, if any.
        auto = {
            s.seat: hosted.concerns if s.only_when_concerned else None
            for s in seat_rows
            if s.kind == "human" and s.auto_pass and passing
        }
        game = hosted.game
        for _ in range(MAX_BOT_STEPS):
            if game.result(state) is not None:
                break
            move = None
            for seat in game.to_act(state):
                if kinds[seat][0] == "bot":
                    bot = self._bot(row.game, kinds[seat][1])
                    rng = random.Random(f"{row.seed}:{row.version + len(moves)}:{seat}")
                    action, state, events = _bot_move(game, bot, state, seat, rng)
                    move = _Move(seat, "bot", action, events)
                    break
                if seat in auto and passing is not None:
                    only = _passes_by_itself(game, state, seat, passing, auto[seat])
                    if only is not None:
                        state, events = game.apply(state, seat, only)
                        move = _Move(seat, "auto", only, events)
                        break
            if move is None:
                break
            moves.append(move)
        applied, status = self._commit(conn, row, game, state, moves)
        return applied, status, state

    def _commit(
        self, conn: Connection, row: Any, game: Game, state: State, moves: Sequence[_Move]
    ) -> tuple[list[Applied], Status]:
        """The one write of play, which every change of a session's state goes through:
        store ``state`` with a compare-and-set on the version ``row`` was read at, append
        ``moves`` to the log (numbered from there), and tell live followers. It is part of
        the caller's transaction, which commits before anyone is answered. Returns the moves
        as applied, with every event, and the session's status."""
        status: Status = "over" if game.result(state) is not None else "active"
        if not moves:  # nothing changed
            return [], status
        version = row.version + len(moves)
        now = _now()
        values = {
            "session_id": row.id,
            "read": row.version,
            "new_version": version,
            "new_state": state,
            "new_status": status,
            "now": now,
        }
        applied = [
            Applied(number, move.seat, move.actor, move.action.get("type"), tuple(move.events))
            for number, move in enumerate(moves, row.version + 1)
        ]
        events = [[e.to_record() for e in move.events] for move in moves]
        if conn.dialect.name == "postgresql":
            logged = MOVE_ON_AND_LOG.run(
                conn,
                {
                    **values,
                    "payload": f"{row.id}:{version}",
                    "numbers": [entry.number for entry in applied],
                    "seats": [move.seat for move in moves],
                    "actors": [move.actor for move in moves],
                    "actions": [json.dumps(move.action) for move in moves],
                    "events": [json.dumps(each) for each in events],
                },
            )
            if logged != len(moves):
                raise StaleVersion(
                    "stale_state_id", "The session changed meanwhile; fetch it again."
                )
            return applied, status
        if conn.execute(MOVE_ON, values).rowcount != 1:
            raise StaleVersion("stale_state_id", "The session changed meanwhile; fetch it again.")
        APPEND.run(
            conn,
            [
                {
                    "session_id": row.id,
                    "number": entry.number,
                    "seat": move.seat,
                    "actor": move.actor,
                    "action": move.action,
                    "events": each,
                    "created_at": now,
                }
                for entry, move, each in zip(applied, moves, events, strict=True)
            ],
        )
        return applied, status

    def _bot(self, game: str, name: str) -> Bot:
        bot = self._bots.get((game, name))
        if bot is None:
            bot = self._bots[game, name] = self.games[game].bots[name]()
        return bot


def _auto_pass(hosted: HostedGame | None, human: bool, value: bool = True) -> bool | None:
    """A seat's "answer only when I can" setting as its records say it: None for a bot's
    seat, or in a game without the setting (or no longer hosted)."""
    if hosted is None or hosted.auto_pass_action is None or not human:
        return None
    return bool(value)


def _only_when_concerned(
    hosted: HostedGame | None, human: bool, value: bool = False
) -> bool | None:
    """A seat's "answer only when it concerns me" choice as its records say it: None for a
    bot's seat, or in a game without the choice."""
    if _auto_pass(hosted, human) is None or hosted is None or hosted.concerns is None:
        return None
    return bool(value)


def _seat_record(hosted: HostedGame | None, s: Any) -> SeatRecord:
    """A seat row as its record (``hosted``: its session's game, for the setting)."""
    bot = s.kind == "bot"
    return SeatRecord(
        s.seat,
        s.kind,
        s.bot,
        s.name,
        bot or s.token_hash is not None,
        bot or s.claimed_at is not None,
        _auto_pass(hosted, not bot, s.auto_pass),
        _only_when_concerned(hosted, not bot, s.only_when_concerned),
    )


def _passes_by_itself(
    game: Game,
    state: State,
    seat: Seat,
    passing: str,
    concerns: Callable[[State, Seat], bool] | None = None,
) -> Action | None:
    """The pass ``seat`` makes by itself: its one legal action, when that is of the game's
    ``passing`` type, or, given what ``concerns`` a seat ("answer only when it concerns
    me"), any pass it may make while nothing concerns it; None otherwise (a playable answer
    it was asked for, its action point), so that the seat is asked."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1 and legal[0].get("type") == passing:
        return dict(legal[0])
    if concerns is not None and not concerns(state, seat):
        return next((dict(a) for a in legal if a.get("type") == passing), None)
    return None


def _token_seat(seat_rows: Sequence[Any], token: str) -> Any:
    """The seat row ``token`` belongs to; :class:`InvalidToken` if none."""
    found = _holder(seat_rows, token)
    if found is None:
        raise InvalidToken("invalid_token", "This token is not a seat's of this session.")
    return found


def _holder(rows: Sequence[Any], token: str) -> Any | None:
    """The row among a session's seat ``rows`` whose token is ``token``, or None. Every
    hash is compared, each in constant time, so the time taken tells nothing of a token."""
    digest = hash_token(token)
    found = None
    for row in rows:
        if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest):
            found = row
    return found


def _seated(hosted: HostedGame, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """The options with the game's seat-count option (its hook) filled in from the seats;
    one that names another number of seats is refused."""
    options = {**options}
    name = hosted.seat_count_option
    if name is not None:
        options.setdefault(name, seats)
        if options[name] != seats:
            raise InvalidValue(
                "seat_count_mismatch",
                "One seat per player.",
                {name: options[name], "seats": seats},
            )
    return options


def _bot_move(
    game: Game, bot: Bot, state: State, seat: Seat, rng: random.Random
) -> tuple[Action, State, list[Event]]:
    """The bot's action, applied. If the bot fails (:class:`BotError`) or the rules refuse
    its choice (:class:`RuleError`), the first legal action that applies instead, so that a
    session never sticks on a bot. Anything else is a bug of the engine (or the bot), and
    is raised: the request fails and nothing is committed."""
    view = game.view(state, seat)
    try:
        action = bot.choose(game, view, seat, rng)
        new_state, events = game.apply(state, seat, action)
        return action, new_state, events
    except (BotError, RuleError) as error:
        log.warning(
            "bot %s failed at seat %s (%s); falling back", getattr(bot, "name", "?"), seat, error
        )
    for action in game.legal_actions(state, seat):
        try:
            new_state, events = game.apply(state, seat, action)
        except RuleError:
            continue
        return action, new_state, events
    raise ConfigurationError(f"No legal action applies for bot seat {seat}.", code="bot_stuck")


__all__ = ["HostedGame", "SeatSpec", "SessionStore", "hash_token"]
