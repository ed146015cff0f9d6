"""The store's reads: the lobby's open sessions and the metrics' counts, a seat's token, a
session's game, word rules, summary, log (as a list, a live stream or for :func:`replay`),
result, and a check of its state against its log."""

from __future__ import annotations

from collections.abc import Iterator

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from wordsvc.games.contract import Action, Game, Seat, State, canonical, replay
from wordsvc.games.registry import WordRules
from wordsvc.sessions.core import StoreCore
from wordsvc.sessions.errors import (
    GameNotOver,
    InvalidToken,
    NoReview,
    NoWordRules,
    UnknownSession,
)
from wordsvc.sessions.limits import is_session_id
from wordsvc.sessions.live import HEARTBEAT_SECONDS, SeatsMoved, log_rows
from wordsvc.sessions.records import (
    LoggedAction,
    OpenSession,
    SeatRecord,
    SeatsNow,
    SessionResult,
    SessionSummary,
)
from wordsvc.sessions.rows import FreeSeatRow, SessionRow, seat_record
from wordsvc.sessions.schema import actions, seats, sessions
from wordsvc.sessions.statements import KEEP_REVIEW, ROW
from wordsvc.sessions.tokens import holder


def session_result(game: Game, state: State, seed: int) -> SessionResult | None:
    """The game's result once it is over, with its seed revealed; None while it goes on."""
    result = game.result(state)
    return SessionResult.of(result, seed) if result else None


class Reading(StoreCore):
    """Reads, none of which writes."""

    def open_sessions(self, game: str | None = None, limit: int = 100) -> list[OpenSession]:
        """Active sessions with a human seat nobody sits at yet (its link, if a host holds
        one, unclaimed), the newest first."""
        query = (
            select(sessions.c.id, sessions.c.game, sessions.c.created_at, seats.c.seat)
            .join(seats, seats.c.session_id == sessions.c.id)
            .where(
                sessions.c.status == "active", seats.c.kind == "human", seats.c.claimed_at.is_(None)
            )
            .order_by(sessions.c.created_at.desc(), sessions.c.id, seats.c.seat)
        )
        if game:
            if game not in self.games:
                return []
            query = query.where(sessions.c.game == game)
        found: dict[str, tuple[FreeSeatRow, list[Seat]]] = {}
        with self._reads.connect() as conn:
            row: FreeSeatRow
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
                    seated[s.session_id].append(seat_record(games[s.session_id], s))
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

    def authenticate(self, session_id: str, token: str | None) -> int | None:
        """The seat a bearer token belongs to; None without a token (a spectator)."""
        if token is None:
            return None
        if not is_session_id(session_id):
            raise UnknownSession.of(session_id)
        with self._reads.connect() as conn:
            rows = conn.execute(
                select(seats.c.seat, seats.c.token_hash).where(seats.c.session_id == session_id)
            ).all()
        found = holder(rows, token)
        if found is None:
            raise InvalidToken.of_session()
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
        if not is_session_id(session_id):
            raise UnknownSession.of(session_id)
        with self._reads.connect() as conn:
            game = conn.execute(
                select(sessions.c.game).where(sessions.c.id == session_id)
            ).scalar_one_or_none()
        if game is None:
            raise UnknownSession.of(session_id)
        return str(game)

    def summary(self, session_id: str, seat: int | None = None) -> SessionSummary:
        with self._reads.connect() as conn:
            head, seat_rows = self._head(conn, session_id)
            row, state = self._load(conn, head)
        hosted = self.hosted(row.game)
        game = hosted.game
        return SessionSummary(
            id=row.id,
            game=row.game,
            version=row.version,
            status=row.status,
            options=row.options,
            seats=tuple(seat_record(hosted, s) for s in seat_rows),
            you=seat,
            to_act=tuple(game.to_act(state)),
            legal_actions=tuple(game.legal_actions(state, seat)) if seat is not None else (),
            view=game.view(state, seat),
            deal="chosen" if row.seed_chosen else "drawn",
            result=session_result(game, state, row.seed),
            rematch=head.rematch,
        )

    def seats_now(self, session_id: str, seat: int | None, token: str | None) -> SeatsNow:
        """The session's seats as a summary lists them, and whether ``token`` (None: a
        spectator's stream) still belongs to ``seat``: what a live stream sends when the seats
        change, or where it ends because the token was replaced."""
        with self._reads.connect() as conn:
            head, seat_rows = self._head(conn, session_id)
        hosted = self.hosted(head.game)
        found = holder(seat_rows, token) if token is not None else None
        still = token is None or (found is not None and found.seat == seat)
        return SeatsNow(tuple(seat_record(hosted, s) for s in seat_rows), still)

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
    ) -> Iterator[LoggedAction | SeatsMoved | None]:
        """The log after ``after`` as ``seat`` may see it, then each action as it commits;
        :class:`SeatsMoved` when the seats change; ``None`` for a heartbeat; ends with a
        finished game (:meth:`LiveLog.follow`). :class:`UnknownSession` is raised at once,
        not when the stream is read."""
        if not is_session_id(session_id):
            raise UnknownSession.of(session_id)
        return self.live.follow(session_id, seat, after, heartbeat)

    def result(self, session_id: str) -> SessionResult | None:
        with self._reads.connect() as conn:
            row, state = self._load(conn, self._session(conn, session_id))
        return session_result(self.hosted(row.game).game, state, row.seed)

    def review(self, session_id: str) -> dict[str, object]:
        """The review of a finished game (its game's ``review``, as plain values): made at
        the first request and kept with the session, read from there afterwards. Raises
        GameNotOver while it is played (a review would show what the solver sees of the
        hands) and NoReview for a game that has none."""
        if not is_session_id(session_id):
            raise UnknownSession.of(session_id)
        with self._reads.connect() as conn:
            row = conn.execute(
                select(
                    sessions.c.game,
                    sessions.c.status,
                    sessions.c.options,
                    sessions.c.seed,
                    sessions.c.version,
                    sessions.c.review,
                ).where(sessions.c.id == session_id)
            ).first()
        if row is None:
            raise UnknownSession.of(session_id)
        review = self.hosted(row.game).review
        if review is None:
            raise NoReview("no_review", f"{row.game} has no review of its games.")
        if row.status != "over":
            raise GameNotOver("game_not_over", "The game is not over yet: no review before.")
        if row.review is not None:
            return dict(row.review)
        made = review(row.options, row.seed, self.log(session_id)[: row.version])

        def keep(conn: Connection) -> None:
            conn.execute(KEEP_REVIEW, {"session_id": session_id, "review": made})

        self._transact(keep)
        return made

    def log(self, session_id: str) -> list[tuple[Seat, Action]]:
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
            raise UnknownSession.of(session_id)
        with self._reads.connect() as conn:
            rows: list[SessionRow] = ROW.all(conn, {"session_id": session_id})
        if not rows:
            raise UnknownSession.of(session_id)
        row = rows[0]
        log = self.log(session_id)[: row.version]  # the log may have grown since
        replayed = replay(self.hosted(row.game).game, row.options, row.seed, log)
        return canonical(replayed) == canonical(row.state)
