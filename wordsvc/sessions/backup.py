"""Backups of the session database: every session whole, as typed records, and back.

A :class:`SessionBackup` is one session as its tables hold it: the session row, its seats
(each seat's token *hash*, as stored: the store never keeps a token), its append-only log, its
idempotency keys and its cached state. :class:`Snapshot` reads them from one consistent
snapshot of the database (a read transaction, ``REPEATABLE READ`` on PostgreSQL), streaming
the four tables side by side in session order, so that memory holds one session at a time;
:func:`restore` writes them back in transactions of a bounded size; :func:`verify` replays each
session's log through its engine and compares the result with the cached state.

The records are plain data; the command line (``wordsvc db export``/``import``/``verify``)
writes them as JSON lines through the wire model ``wordsvc.wire.backup``. Nothing here
reads or writes JSON.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import groupby
from typing import Any, Final, Literal

from sqlalchemy import Engine, Select, func, insert, select
from sqlalchemy.engine import Connection, Row

from wordsvc.errors import InternalError
from wordsvc.games.contract import Action, Game, RuleError, State, canonical, replay
from wordsvc.sessions.database import writer_queue
from wordsvc.sessions.errors import BackupRefused
from wordsvc.sessions.limits import (
    MAX_SEATS,
    MAX_SEED,
    is_idempotency_key,
    is_seat_name,
    is_session_id,
)
from wordsvc.sessions.records import Actor, SeatKind, Status
from wordsvc.sessions.schema import actions, idempotency, seats, sessions
from wordsvc.sessions.statements import delete_session

#: The version of the export format; a line of another format is refused, never guessed at.
FORMAT: Final = 1
#: At most this many sessions per import transaction ...
BATCH_SESSIONS = 100
#: ... and at most about this many rows (seats, actions, idempotency keys).
BATCH_ROWS = 20_000
#: Rows fetched at a time from each table while exporting.
FETCH_ROWS = 500

#: What an import does with a session whose id the database holds already.
Existing = Literal["refuse", "replace", "skip"]

_SHA256 = re.compile("[0-9a-f]{64}")


@dataclass(frozen=True)
class SeatBackup:
    """A seat as stored: ``token_hash`` is the SHA-256 of its token (None: nobody joined)."""

    seat: int
    kind: SeatKind
    bot: str | None
    name: str
    token_hash: str | None
    joined_at: datetime | None
    claimed_at: datetime | None
    auto_pass: bool
    only_when_concerned: bool


@dataclass(frozen=True)
class ActionBackup:
    """An entry of the log: the action as taken, with every event and its audience."""

    number: int
    seat: int
    actor: Actor
    action: Action
    events: list[dict[str, object]]  # Event.to_record's
    created_at: datetime


@dataclass(frozen=True)
class IdempotencyBackup:
    """A stored reply to a request with an ``Idempotency-Key``: a retry after a restore gets
    the same reply, not a second action. ``response`` is the stored text, byte for byte."""

    key: str
    seat: int
    request_hash: str
    response: str
    created_at: datetime


@dataclass(frozen=True)
class SessionBackup:
    """One session, whole: every column of its row and of its rows in the other tables.
    Times are in UTC."""

    id: str
    game: str
    options: dict[str, object]
    seed: int
    seed_chosen: bool
    status: Status
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatBackup, ...]
    version: int
    actions: tuple[ActionBackup, ...]
    idempotency: tuple[IdempotencyBackup, ...]
    state: State


@dataclass(frozen=True)
class Restored:
    """What an import did: sessions written (new or in place of one with the same id,
    ``replaced``) and sessions left as they were (``skipped``), by game."""

    imported: dict[str, int] = field(default_factory=dict)
    replaced: int = 0
    skipped: int = 0

    @property
    def total(self) -> int:
        return sum(self.imported.values())


@dataclass(frozen=True)
class Verified:
    """One session checked against a replay of its log: ``problem`` says how it differs
    (None: the replay gives the cached state, and the version is the log's length)."""

    id: str
    game: str
    version: int
    problem: str | None

    @property
    def differs(self) -> bool:
        return self.problem is not None


def _utc(value: datetime) -> datetime:
    """A stored time in UTC: SQLite hands back the UTC time it was given, without a zone."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _utc_or_none(value: datetime | None) -> datetime | None:
    return None if value is None else _utc(value)


# --- export: one snapshot, streamed ------------------------------------------------------------


@contextmanager
def snapshot(engine: Engine) -> Iterator[Snapshot]:
    """The session database as of one moment, for reading: a read transaction (on
    PostgreSQL ``REPEATABLE READ``, read-only), so that a session, its log and its state
    agree, and the count agrees with what is streamed, while the service goes on writing."""
    with engine.connect() as conn:
        if conn.dialect.name == "postgresql":
            conn = conn.execution_options(
                isolation_level="REPEATABLE READ", postgresql_readonly=True
            )
        with conn.begin():
            yield Snapshot(conn)


class Snapshot:
    """Read-only queries on one snapshot (:func:`snapshot`)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def counts(self, game: str | None = None, status: Status | None = None) -> dict[str, int]:
        """How many sessions (of ``game``, with ``status``) there are, by game."""
        query = _chosen(select(sessions.c.game, func.count()), game, status)
        rows = self.conn.execute(query.group_by(sessions.c.game).order_by(sessions.c.game))
        return {name: int(count) for name, count in rows}

    def sessions(
        self, game: str | None = None, status: Status | None = None
    ) -> Iterator[SessionBackup]:
        """Every session (of ``game``, with ``status``, if given), whole, ordered by id.

        Four queries, one per table, each ordered by session, are read side by side (a merge
        on the session id), a few hundred rows at a time: memory holds one session, however
        many there are."""
        ids = _chosen(select(sessions.c.id), game, status)
        in_chosen = game is not None or status is not None

        def rows(table: Any, *order: Any) -> _Rows:
            query = select(table).order_by(table.c.session_id, *order)
            if in_chosen:
                query = query.where(table.c.session_id.in_(ids))
            return _Rows(self._stream(query))

        seat_rows = rows(seats, seats.c.seat)
        action_rows = rows(actions, actions.c.number)
        key_rows = rows(idempotency, idempotency.c.key)
        for row in self._stream(_chosen(select(sessions), game, status).order_by(sessions.c.id)):
            yield SessionBackup(
                id=row.id,
                game=row.game,
                options=row.options,
                seed=row.seed,
                seed_chosen=bool(row.seed_chosen),
                status=row.status,
                created_at=_utc(row.created_at),
                updated_at=_utc(row.updated_at),
                seats=tuple(
                    SeatBackup(
                        s.seat,
                        s.kind,
                        s.bot,
                        s.name,
                        s.token_hash,
                        _utc_or_none(s.joined_at),
                        _utc_or_none(s.claimed_at),
                        bool(s.auto_pass),
                        bool(s.only_when_concerned),
                    )
                    for s in seat_rows.of(row.id)
                ),
                version=row.version,
                actions=tuple(
                    ActionBackup(a.number, a.seat, a.actor, a.action, a.events, _utc(a.created_at))
                    for a in action_rows.of(row.id)
                ),
                idempotency=tuple(
                    IdempotencyBackup(k.key, k.seat, k.request_hash, k.response, _utc(k.created_at))
                    for k in key_rows.of(row.id)
                ),
                state=row.state,
            )
        for left in (seat_rows, action_rows, key_rows):
            if not left.exhausted():  # each table is read in the sessions' order
                raise InternalError("A table's rows came in another order than the sessions'.")

    def _stream(self, query: Select[Any]) -> Iterator[Row[Any]]:
        """The query's rows, fetched a few hundred at a time (a server-side cursor on
        PostgreSQL; SQLite steps its cursor as it is read)."""
        return iter(self.conn.execute(query, execution_options={"yield_per": FETCH_ROWS}))


def _chosen(query: Select[Any], game: str | None, status: Status | None) -> Select[Any]:
    if game is not None:
        query = query.where(sessions.c.game == game)
    if status is not None:
        query = query.where(sessions.c.status == status)
    return query


class _Rows:
    """A table's rows ordered by session id, taken one session's group at a time."""

    def __init__(self, rows: Iterator[Row[Any]]) -> None:
        self._groups = groupby(rows, key=lambda row: row.session_id)
        self._next: tuple[str, Iterator[Row[Any]]] | None = next(self._groups, None)

    def of(self, session_id: str) -> list[Row[Any]]:
        """The rows of ``session_id``: the next group, if it is that session's."""
        if self._next is None or self._next[0] != session_id:
            return []
        found = list(self._next[1])
        self._next = next(self._groups, None)
        return found

    def exhausted(self) -> bool:
        return self._next is None


# --- import ----------------------------------------------------------------------------------


#: How deep a backup's JSON values may nest: a game's state nests a few levels; a 5,000-deep
#: value crashed the import (its recursion) instead of being refused.
MAX_DEPTH = 64


def unstorable(value: object) -> str | None:
    """What in a JSON value one of the databases could not store or read back alike; None
    if nothing: a number that is not finite (NaN, 1e999: PostgreSQL refuses them, SQLite
    takes them), a string with a lone surrogate (no UTF-8 text), nesting past
    :data:`MAX_DEPTH`. Walked without recursion."""
    pending: list[tuple[object, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if depth > MAX_DEPTH:
            return f"a value nested more than {MAX_DEPTH} deep"
        if isinstance(item, float) and not math.isfinite(item):
            return f"a number that is not finite ({item})"
        if isinstance(item, str) and _SURROGATE.search(item):
            return "a text with a lone surrogate (not UTF-8)"
        if isinstance(item, dict):
            pending += [(k, depth + 1) for k in item]
            pending += [(v, depth + 1) for v in item.values()]
        elif isinstance(item, list | tuple):
            pending += [(v, depth + 1) for v in item]
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _record_values(record: SessionBackup) -> list[object]:
    """Every value of ``record`` a column holds as JSON or text."""
    return [
        record.options,
        record.state,
        [[s.name, s.bot] for s in record.seats],
        [[a.action, a.events] for a in record.actions],
        [[k.key, k.response] for k in record.idempotency],
    ]


def check(
    record: SessionBackup,
    games: Collection[str],
    line: int,
    bots: Mapping[str, Collection[str]] | None = None,
    engine_of: Callable[[str], Game | None] | None = None,
) -> None:
    """Refuse a record the store could not have written (:class:`BackupRefused`, naming
    ``line``): a game not hosted here, a value no database stores alike (:func:`unstorable`),
    a version that is not the log's length, the log not numbered 1, 2, ..., seats not
    numbered 0, 1, ..., an action by no seat, a token hash that is no SHA-256, a bot the game
    has not (``bots``: each game's, when known), a stored reply that is not JSON, a state its
    game cannot read or a status it contradicts (``engine_of``: each game's engine, when
    known), and so on. Whether the log replays to the state is :func:`verify`'s question: it
    replays every action."""
    if record.game not in games:
        raise BackupRefused(
            "unknown_game",
            f"session {record.id} is of the game {record.game!r}, which is not hosted here.",
            line,
            {"session": record.id, "game": record.game, "games": sorted(games)},
        )
    problem = unstorable(_record_values(record))
    if problem is not None:
        raise BackupRefused(
            "unstorable_value",
            f"session {record.id} holds {problem}.",
            line,
            {"session": record.id},
        )
    problem = _inconsistency(record, bots.get(record.game) if bots else None)
    if problem is None and engine_of is not None:
        problem = _status_contradiction(record, engine_of(record.game))
    if problem is not None:
        raise BackupRefused(
            "inconsistent_session", f"session {record.id}: {problem}", line, {"session": record.id}
        )


def _status_contradiction(record: SessionBackup, game: Game | None) -> str | None:
    """What the record's state says against its status, by its game's rules (the store
    reads a session's status, not its state, to take actions): None if they agree."""
    if game is None:
        return None
    try:
        over = game.result(record.state) is not None
    except Exception:  # a damaged state: whatever the engine trips on is the refusal
        return "its state is not one its game can read"
    if over != (record.status == "over"):
        said = "over" if over else "still in play"
        return f"its status is {record.status}, but by its state the game is {said}"
    return None


def _inconsistency(record: SessionBackup, bots: Collection[str] | None = None) -> str | None:
    """What in ``record`` contradicts itself or the store's limits; None if nothing.
    ``bots``: the names of its game's bots, when known."""
    numbers = [s.seat for s in record.seats]
    problems = [
        (not is_session_id(record.id), "its id is not 32 lowercase hex digits"),
        (not 0 <= record.seed <= MAX_SEED, f"its seed is not 0 to {MAX_SEED}"),
        (record.status not in ("active", "over"), "its status is not active or over"),
        (
            record.version != len(record.actions),
            f"its version is {record.version} but its log has {len(record.actions)} actions",
        ),
        (
            [a.number for a in record.actions] != list(range(1, len(record.actions) + 1)),
            "its log is not numbered 1, 2, 3, ...",
        ),
        (
            not 1 <= len(numbers) <= MAX_SEATS or numbers != list(range(len(numbers))),
            f"its seats are not numbered 0, 1, 2, ... (1 to {MAX_SEATS} seats)",
        ),
        (
            any(a.seat not in range(len(numbers)) for a in record.actions),
            "an action of its log names no seat of the session",
        ),
        (
            any(a.actor not in ("human", "bot", "auto") for a in record.actions),
            "an action's actor is not human, bot or auto",
        ),
        (
            len({k.key for k in record.idempotency}) != len(record.idempotency),
            "an idempotency key appears twice",
        ),
    ]
    for seat in record.seats:
        problems += [
            (seat.kind not in ("human", "bot"), f"seat {seat.seat} is neither human nor bot"),
            (
                (seat.kind == "bot") != (seat.bot is not None),
                f"seat {seat.seat}: a bot's seat names its bot, a person's none",
            ),
            (not is_seat_name(seat.name), f"seat {seat.seat}'s name is no seat's name"),
            (
                seat.token_hash is not None and _SHA256.fullmatch(seat.token_hash) is None,
                f"seat {seat.seat}'s token hash is not a SHA-256 in hex",
            ),
            (
                seat.kind == "bot" and seat.token_hash is not None,
                f"seat {seat.seat} is a bot's, yet has a token",
            ),
            (
                seat.bot is not None and bots is not None and seat.bot not in bots,
                f"seat {seat.seat}'s bot {seat.bot!r} is none of the game's",
            ),
        ]
    for key in record.idempotency:
        problems += [
            (not is_idempotency_key(key.key), f"idempotency key {key.key!r} is no such key"),
            (key.seat not in range(len(numbers)), f"idempotency key {key.key!r} names no seat"),
            (
                _SHA256.fullmatch(key.request_hash) is None,
                f"idempotency key {key.key!r}: its request hash is not a SHA-256 in hex",
            ),
            (not _is_json(key.response), f"idempotency key {key.key!r}: its reply is not JSON"),
        ]
    return next((message for failed, message in problems if failed), None)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def restore(
    engine: Engine,
    records: Iterable[tuple[int, SessionBackup]],
    games: Collection[str],
    existing: Existing = "refuse",
    bots: Mapping[str, Collection[str]] | None = None,
    engine_of: Callable[[str], Game | None] | None = None,
) -> Restored:
    """Write ``records`` (each with its line number, for messages) into the database, each
    session whole, in transactions of up to :data:`BATCH_SESSIONS` sessions (and about
    :data:`BATCH_ROWS` rows). Each record is :func:`check`-ed first. A session whose id the
    database holds already is refused (``existing="refuse"``, :class:`BackupRefused`
    ``session_exists``), written in place of the stored one (``"replace"``) or left alone
    (``"skip"``).

    The import stops at the first record it refuses, or at an error of the records' source
    (a line that cannot be read), after committing every session before it: those are in
    the database, none from that line on; the refusal's ``details["imported"]`` counts
    them."""
    imported: dict[str, int] = {}
    counts = {"replaced": 0, "skipped": 0}
    batch: list[tuple[int, SessionBackup]] = []
    rows = 0

    def flush() -> None:
        nonlocal rows
        if batch:
            refusal = _write(engine, batch, existing, imported, counts)
            batch.clear()
            rows = 0
            if refusal is not None:
                raise refusal

    try:
        for line, record in records:
            check(record, games, line, bots, engine_of)
            if any(pending.id == record.id for _, pending in batch):
                flush()  # the same id twice in a batch: the second meets the first as stored
            batch.append((line, record))
            rows += len(record.seats) + len(record.actions) + len(record.idempotency) + 1
            if len(batch) >= BATCH_SESSIONS or rows >= BATCH_ROWS:
                flush()
        flush()
    except BackupRefused as refused:
        first = refused
        try:
            flush()  # the sessions before the refused line are imported
        except BackupRefused as earlier:  # ... up to an earlier one refused
            first = earlier
        first.details["imported"] = sum(imported.values())
        raise first from None
    return Restored(imported, counts["replaced"], counts["skipped"])


def _write(
    engine: Engine,
    batch: Sequence[tuple[int, SessionBackup]],
    existing: Existing,
    imported: dict[str, int],
    counts: dict[str, int],
) -> BackupRefused | None:
    """One transaction: the batch's sessions, up to the first one refused (returned, to be
    raised once the sessions before it are committed)."""
    refusal = None
    with writer_queue(engine)(), engine.connect() as conn:
        conn = conn.execution_options(write=True)  # BEGIN IMMEDIATE on SQLite
        with conn.begin():
            ids = [record.id for _, record in batch]
            stored = set(
                conn.execute(
                    select(sessions.c.id).where(sessions.c.id.in_(ids)).with_for_update()
                ).scalars()
            )
            written: list[SessionBackup] = []
            for line, record in batch:
                if record.id in stored:
                    if existing == "refuse":
                        refusal = BackupRefused(
                            "session_exists",
                            f"session {record.id} is in the database already.",
                            line,
                            {"session": record.id},
                        )
                        break
                    if existing == "skip":
                        counts["skipped"] += 1
                        continue
                    delete_session(conn, record.id)
                    counts["replaced"] += 1
                written.append(record)
            _insert(conn, written)
    for record in written:
        imported[record.game] = imported.get(record.game, 0) + 1
    return refusal


def _insert(conn: Connection, records: Sequence[SessionBackup]) -> None:
    """The records' rows, one multi-row insert per table (times in UTC)."""
    if not records:
        return
    conn.execute(
        insert(sessions),
        [
            {
                "id": r.id,
                "game": r.game,
                "options": r.options,
                "seed": r.seed,
                "seed_chosen": r.seed_chosen,
                "version": r.version,
                "status": r.status,
                "state": r.state,
                "created_at": _utc(r.created_at),
                "updated_at": _utc(r.updated_at),
            }
            for r in records
        ],
    )
    tables: list[tuple[Any, list[dict[str, Any]]]] = [
        (
            seats,
            [
                {
                    "session_id": r.id,
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "token_hash": s.token_hash,
                    "joined_at": _utc_or_none(s.joined_at),
                    "claimed_at": _utc_or_none(s.claimed_at),
                    "auto_pass": s.auto_pass,
                    "only_when_concerned": s.only_when_concerned,
                }
                for r in records
                for s in r.seats
            ],
        ),
        (
            actions,
            [
                {
                    "session_id": r.id,
                    "number": a.number,
                    "seat": a.seat,
                    "actor": a.actor,
                    "action": a.action,
                    "events": a.events,
                    "created_at": _utc(a.created_at),
                }
                for r in records
                for a in r.actions
            ],
        ),
        (
            idempotency,
            [
                {
                    "session_id": r.id,
                    "key": k.key,
                    "seat": k.seat,
                    "request_hash": k.request_hash,
                    "response": k.response,
                    "created_at": _utc(k.created_at),
                }
                for r in records
                for k in r.idempotency
            ],
        ),
    ]
    for table, values in tables:
        if values:
            conn.execute(insert(table), values)


# --- verify ----------------------------------------------------------------------------------


def verify(
    records: Iterable[SessionBackup], engine_of: Callable[[str], Game | None]
) -> Iterator[Verified]:
    """Each session checked: its log replayed from its options and seed through its game's
    engine (``engine_of``: None for a game not hosted here) must give its cached state
    (compared as canonical JSON), and its version must be the log's length. A log the
    rules refuse is a difference too; any other exception of an engine is a bug, raised."""
    for record in records:
        yield Verified(record.id, record.game, record.version, _difference(record, engine_of))


def _difference(record: SessionBackup, engine_of: Callable[[str], Game | None]) -> str | None:
    game = engine_of(record.game)
    if game is None:
        return f"its game {record.game!r} is not hosted here: nothing to replay it with"
    if record.version != len(record.actions):
        return f"version {record.version}, but {len(record.actions)} actions logged"
    log = [(a.seat, a.action) for a in record.actions]
    try:
        replayed = replay(game, record.options, record.seed, log)
    except RuleError as error:
        return f"the log does not replay: the rules refuse an action ({error.code})"
    if canonical(replayed) == canonical(record.state):
        return None
    return f"the cached state differs from the replay at {first_difference(replayed, record.state)}"


def first_difference(replayed: object, stored: object, path: str = "state") -> str:
    """Where two JSON values first differ, as a path (``state.players[1].hand``): names
    only, never the values, which may be a seat's hidden cards."""
    if isinstance(replayed, dict) and isinstance(stored, dict):
        for key in sorted(replayed.keys() | stored.keys(), key=str):
            if key not in replayed or key not in stored:
                return f"{path}.{key} (present in one only)"
            if not _same(replayed[key], stored[key]):
                return first_difference(replayed[key], stored[key], f"{path}.{key}")
        return path
    if isinstance(replayed, list) and isinstance(stored, list):
        if len(replayed) != len(stored):
            return f"{path} (lengths {len(replayed)} and {len(stored)})"
        for i, (a, b) in enumerate(zip(replayed, stored, strict=True)):
            if not _same(a, b):
                return first_difference(a, b, f"{path}[{i}]")
    return path


def _same(a: object, b: object) -> bool:
    """Equal as JSON (where ``1 == True`` in Python, JSON tells them apart)."""
    return canonical({"": a}) == canonical({"": b})


__all__ = [
    "FORMAT",
    "ActionBackup",
    "IdempotencyBackup",
    "Restored",
    "SeatBackup",
    "SessionBackup",
    "Snapshot",
    "Verified",
    "check",
    "first_difference",
    "restore",
    "snapshot",
    "verify",
]
