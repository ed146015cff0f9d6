"""The store's play: an action of a seat (by its number or its token), checked against the
version it was chosen at and its idempotency key, then the bots' replies and the passes
the seats' settings make, and :meth:`Playing._commit`, the one write of play.

Every action runs in one transaction that locks the session (``BEGIN IMMEDIATE`` on SQLite,
``SELECT ... FOR UPDATE`` on PostgreSQL), checks the caller's ``expected_version``, applies
the action and every bot reply it triggers, and hands them all to ``_commit``: it moves the
version on with a compare-and-set, appends the log and tells live followers. The transaction
commits before the caller is answered, so an acknowledged action is durable, and two
actions sent against the same version cannot both apply."""

from __future__ import annotations

import hashlib
import json
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import Engine, and_, insert, or_, select
from sqlalchemy.engine import Connection

from wordsvc.errors import ConfigurationError, InvalidRequest, InvalidValue
from wordsvc.games.contract import Action, Bot, BotError, Event, Game, RuleError, Seat, State
from wordsvc.sessions.core import now
from wordsvc.sessions.errors import ActionRefused, GameOver, StaleVersion, WrongSeat
from wordsvc.sessions.hosting import HostedGame
from wordsvc.sessions.limits import MAX_BOT_STEPS, MAX_IDEMPOTENCY_KEY, is_idempotency_key
from wordsvc.sessions.reading import Reading
from wordsvc.sessions.records import Acted, ActedRecord, Actor, Applied, Status
from wordsvc.sessions.rows import SeatRow, SessionHead
from wordsvc.sessions.schema import idempotency, seats, sessions
from wordsvc.sessions.statements import APPEND, MOVE_ON, MOVE_ON_AND_LOG
from wordsvc.sessions.thinking import Thinker
from wordsvc.sessions.tokens import token_seat

log = logging.getLogger(__name__)


class BotsRun(NamedTuple):
    """What :meth:`Playing._run_bots` did: the moves applied (numbered), the session's
    status and state after them, and whether it stopped at a bot that thinks, whose move
    the store's :class:`~wordsvc.sessions.thinking.Thinker` makes once this commits."""

    applied: list[Applied]
    status: Status
    state: State
    thinking: bool


@dataclass(frozen=True)
class Move:
    """An action applied in this transaction and not yet committed."""

    seat: Seat
    actor: Actor
    action: Action
    events: list[Event]


class Playing(Reading):
    """Actions, the bots' replies, and the one write of play."""

    def __init__(self, engine: Engine, games: Mapping[str, HostedGame]) -> None:
        super().__init__(engine, games)
        #: Makes the moves of bots that think, off the request threads (thinking.py).
        self.thinker = Thinker(self.think)

    def act(
        self,
        session_id: str,
        seat: int,
        action: Mapping[str, object],
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
        action: Mapping[str, object],
        expected_version: int,
        idempotency_key: str | None = None,
        seat: int | None = None,
    ) -> Acted:
        """:meth:`act` for the seat ``token`` belongs to, checked under the session's lock
        with the seats the lock reads anyway: one read fewer than :meth:`authenticate`
        first (an HTTP action). ``seat``, if given, must be the token's
        (:class:`WrongSeat`)."""

        def seat_of_token(seat_rows: Sequence[SeatRow]) -> int:
            holder = token_seat(seat_rows, token)
            if seat is not None and seat != holder.seat:
                raise WrongSeat("wrong_seat", "This token belongs to another seat.")
            return int(holder.seat)

        return self._act(session_id, seat_of_token, action, expected_version, idempotency_key)

    def _act(
        self,
        session_id: str,
        seat_of: Callable[[Sequence[SeatRow]], int],
        action: Mapping[str, object],
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

        def work(conn: Connection) -> tuple[Acted, State | None, bool]:
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
                    stored_reply: ActedRecord = json.loads(stored.response)
                    replayed = Acted.from_record(stored_reply, replayed=True, game=row.game)
                    return replayed, None, False
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
            human = Move(seat, "human", dict(action), events)
            applied, status, state, thinking = self._run_bots(
                conn, row, seat_rows, hosted, state, [human]
            )
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
                        created_at=now(),
                    )
                )
            return acted, state, thinking

        acted, state, thinking = self._transact(work)
        if state is not None:
            self.states.put(session_id, acted.version, state)  # committed
        if thinking:
            self.thinker.due(session_id)
        return acted

    def _run_bots(
        self,
        conn: Connection,
        row: SessionHead,
        seat_rows: Sequence[SeatRow],
        hosted: HostedGame,
        state: State,
        moves: list[Move],
    ) -> BotsRun:
        """After ``moves`` (the caller's, already applied to ``state``), let bot seats act
        while only bots are asked to, human seats take a step with nothing to choose
        (:func:`forced_action`), and human seats whose "answer only when I can" setting
        is on pass when the pass is all they may do, or, with "answer only when it concerns
        me" on too, whenever they may pass and nothing concerns them
        (:func:`passes_by_itself`); then commit it all (:meth:`_commit`). A bot that thinks
        (a search) is not asked here: the run stops, and its move is the thinker's, once
        this commits (:meth:`think`). Returns every move applied, numbered, the session's
        status and its state now, and whether a bot that thinks is due. ``seat_rows``: the
        session's seats, read under its lock."""
        #: The bot seats, each with its bot's name (a bot seat always names one).
        bots = {s.seat: s.bot for s in seat_rows if s.kind == "bot" and s.bot is not None}
        passing = hosted.auto_pass_action
        #: The seats that pass by themselves, each with the rule of what concerns it, if any.
        auto = {
            s.seat: hosted.concerns if s.only_when_concerned else None
            for s in seat_rows
            if s.kind == "human" and s.auto_pass and passing
        }
        humans = {s.seat for s in seat_rows if s.kind == "human"}
        game = hosted.game
        for _ in range(MAX_BOT_STEPS):
            if game.result(state) is not None:
                break
            move = None
            for seat in game.to_act(state):
                if seat in bots:
                    bot = self._bot(row.game, bots[seat])
                    if getattr(bot, "thinks", False):
                        continue  # the thinker's, once this commits; the others go on
                    rng = random.Random(f"{row.seed}:{row.version + len(moves)}:{seat}")
                    action, state, events = bot_move(game, bot, state, seat, rng)
                    move = Move(seat, "bot", action, events)
                    break
                forced = (
                    forced_action(game, state, seat, hosted.forced_actions)
                    if seat in humans
                    else None
                )
                if forced is not None:
                    state, events = game.apply(state, seat, forced)
                    move = Move(seat, "auto", forced, events)
                    break
                if seat in auto and passing is not None:
                    only = passes_by_itself(game, state, seat, passing, auto[seat])
                    if only is not None:
                        state, events = game.apply(state, seat, only)
                        move = Move(seat, "auto", only, events)
                        break
            if move is None:
                break
            moves.append(move)
        applied, status = self._commit(conn, row, game, state, moves)
        thinking = status == "active" and self._thinking_seat(row.game, bots, state) is not None
        return BotsRun(applied, status, state, thinking)

    def _thinking_seat(self, game_name: str, bots: Mapping[Seat, str], state: State) -> Seat | None:
        """The first seat asked to act that a bot that thinks plays, if any."""
        return next(
            (
                seat
                for seat in self.hosted(game_name).game.to_act(state)
                if seat in bots and getattr(self._bot(game_name, bots[seat]), "thinks", False)
            ),
            None,
        )

    def resume_thinking(self) -> list[str]:
        """Hand the thinker every active session with a seat of a bot that thinks: after a
        restart, a move being thought of was never committed, and the session waits on it
        still (:meth:`think` finds which do). Returns the sessions handed."""
        thinkers = [
            and_(sessions.c.game == game, seats.c.bot == name)
            for game, hosted in self.games.items()
            for name in hosted.bots
            if getattr(self._bot(game, name), "thinks", False)
        ]
        if not thinkers:
            return []
        with self._reads.connect() as conn:
            found = conn.execute(
                select(sessions.c.id)
                .distinct()
                .join(seats, seats.c.session_id == sessions.c.id)
                .where(sessions.c.status == "active", seats.c.kind == "bot", or_(*thinkers))
            )
            waiting = list(found.scalars())
        self.thinker.resume(waiting)
        return waiting

    def think(self, session_id: str) -> bool:
        """The move of the bot that thinks which the session waits on, if it still does:
        chosen from a read of the session, with no lock held while it thinks, then applied
        (with the moves it lets others make) in a write that checks the version it chose
        at. Returns whether the session should be thought about again: it moved on
        meanwhile, or waits on a bot that thinks once more. The thinker calls this."""
        with self._reads.connect() as conn:
            head, seat_rows = self._head(conn, session_id)
            if head.status != "active":
                return False
            head, state = self._load(conn, head)
        hosted = self.hosted(head.game)
        game = hosted.game
        bots = {s.seat: s.bot for s in seat_rows if s.kind == "bot" and s.bot is not None}
        seat = self._thinking_seat(head.game, bots, state)
        if seat is None:
            return False
        bot = self._bot(head.game, bots[seat])
        rng = random.Random(f"{head.seed}:{head.version}:{seat}")
        action, moved, events = bot_move(game, bot, state, seat, rng)

        def work(conn: Connection) -> tuple[BotsRun | None, int]:
            row, locked_seats = self._lock(conn, session_id)
            if row.version != head.version:
                return None, row.version  # moved on while the bot thought: think again
            move = Move(seat, "bot", action, events)  # on the state it thought at, still
            run = self._run_bots(conn, row, locked_seats, hosted, moved, [move])
            return run, row.version + len(run.applied)

        run, version = self._transact(work)
        if run is None:
            return True
        self.states.put(session_id, version, run.state)  # committed
        return run.thinking

    def _commit(
        self, conn: Connection, row: SessionHead, game: Game, state: State, moves: Sequence[Move]
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
        moment = now()
        values = {
            "session_id": row.id,
            "read": row.version,
            "new_version": version,
            "new_state": state,
            "new_status": status,
            "now": moment,
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
                raise StaleVersion.moved_on()
            return applied, status
        if conn.execute(MOVE_ON, values).rowcount != 1:
            raise StaleVersion.moved_on()
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
                    "created_at": moment,
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


def forced_action(game: Game, state: State, seat: Seat, forced: frozenset[str]) -> Action | None:
    """The seat's one legal action when it is of a ``forced`` type (a step with nothing to
    choose, which the seat takes by itself); None otherwise."""
    if not forced:
        return None
    legal = game.legal_actions(state, seat)
    if len(legal) == 1 and legal[0].get("type") in forced:
        return dict(legal[0])
    return None


def passes_by_itself(
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


def bot_move(
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
