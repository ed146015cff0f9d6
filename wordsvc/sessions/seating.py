"""The store's seating: a new session and its seats, a human seat taken (by its player, or
by a host who hands its link out), sat down at from any browser with the seat's settings,
and its token replaced. A seat's writes touch the seat alone, never the game's state or
log, except where a setting switched on makes a pass at once (through the one write of
play)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection

from wordsvc.errors import InvalidValue
from wordsvc.games.contract import RuleError
from wordsvc.sessions.core import now
from wordsvc.sessions.errors import (
    ActionRefused,
    GameNotOver,
    InvalidToken,
    NoAutoPass,
    SeatTaken,
    UnknownSeat,
)
from wordsvc.sessions.hosting import HostedGame, SeatSpec
from wordsvc.sessions.limits import (
    DRAWN_SEED_BITS,
    MAX_NAME,
    MAX_SEATS,
    MAX_SEED,
    is_seat_name,
)
from wordsvc.sessions.live import seats_payload
from wordsvc.sessions.playing import BotsRun, Playing
from wordsvc.sessions.records import Applied, Joined, SeatRecord, SessionSummary, YourSeat
from wordsvc.sessions.rows import auto_pass_setting, concerned_setting
from wordsvc.sessions.schema import seats, sessions
from wordsvc.sessions.statements import NOTIFY, SEATS_MOVE_ON, SET_REMATCH, delete_session
from wordsvc.sessions.tokens import hash_token, new_token, token_seat


class Seating(Playing):
    """Sessions made, seats taken and sat down at."""

    def create(
        self,
        game_name: str,
        options: Mapping[str, object],
        seat_specs: Sequence[SeatSpec],
        seed: int | None = None,
        hold_seats: bool = False,
        play_seat: int | None = None,
    ) -> SessionSummary:
        """A new session of ``game_name``; bot seats that are to act first act at once (its
        ``bot_actions``, as a spectator may see them). ``hold_seats``: every human seat is
        joined in the same transaction, its token returned (``seat_tokens``), so that nobody
        can take a seat between the table's creation and its host's joins; ``play_seat``, one
        of them, is the creator's own (claimed, as a join that plays it), the others' links
        held for their people (as ``join(..., claim=False)``)."""
        humans = [i for i, spec in enumerate(seat_specs) if spec.kind == "human"]
        if play_seat is not None and (not hold_seats or play_seat not in humans):
            raise InvalidValue(
                "invalid_play_seat",
                "`play_seat` names one of the human seats, with `hold_seats`.",
                {"play_seat": play_seat},
            )
        tokens = {seat: new_token() for seat in humans} if hold_seats else {}
        return self._create(game_name, options, seat_specs, seed, tokens, play_seat)

    def _create(
        self,
        game_name: str,
        options: Mapping[str, object],
        seat_specs: Sequence[SeatSpec],
        seed: int | None,
        tokens: Mapping[int, str],
        play_seat: int | None,
    ) -> SessionSummary:
        """:meth:`create`, its seats' held ``tokens`` (by seat) chosen."""
        hosted = self.hosted(game_name)
        specs = self._seat_records(hosted, seat_specs)
        chosen = seed is not None
        if seed is None:  # drawn here, so that nobody at the table can recompute the deal
            seed = secrets.randbits(DRAWN_SEED_BITS)
        if not 0 <= seed <= MAX_SEED:  # the database stores a signed 64-bit seed
            raise InvalidValue("invalid_seed", "`seed` is a whole number from 0 to 2^63 - 1.")
        options = seated_options(hosted, options, seat_specs)
        try:
            state = hosted.game.new(options, seed)
        except RuleError as error:
            raise ActionRefused(error.code, error.message, error.details) from None
        session_id = secrets.token_hex(16)
        created = now()

        def held(seat: int) -> dict[str, object]:
            """A held seat's token, joined (and claimed, the creator's own) as it is made."""
            if seat not in tokens:
                return {}
            return {
                "token_hash": hash_token(tokens[seat]),
                "joined_at": created,
                "claimed_at": created if seat == play_seat else None,
            }

        def work(conn: Connection) -> BotsRun:
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
                    created_at=created,
                    updated_at=created,
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
                        # On for people: asked only when something is aimed at their side.
                        "only_when_concerned": spec.kind == "human",
                        **held(spec.seat),
                    }
                    for spec in specs
                ],
            )
            row, seat_rows = self._lock(conn, session_id)
            return self._run_bots(conn, row, seat_rows, hosted, state, [])

        applied, _, state, thinking = self._transact(work)
        self.states.put(session_id, len(applied), state)
        if thinking:
            self.thinker.due(session_id)
        summary = self.summary(session_id, play_seat)  # the creator's seat's, if they play
        return replace(
            summary,
            bot_actions=tuple(a.seen_by(play_seat) for a in applied),
            seat_tokens=(
                tuple(Joined(session_id, seat, token) for seat, token in tokens.items())
                if tokens
                else None
            ),
        )

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
                    auto_pass_setting(hosted, human),
                    concerned_setting(hosted, human, True),
                )
            )
        return stored

    def join(
        self, session_id: str, seat: int, name: str | None = None, claim: bool = True
    ) -> Joined:
        """Take a human seat; returns its secret token (only its hash is stored). ``claim``:
        the caller plays the seat (it counts as claimed); False: the caller holds the token
        for someone else, a host handing out the seat's link, and the seat counts as claimed
        once someone sits down with it (:meth:`claim`). Until then the seat is open: joining it
        to play (from the lobby's open games) takes it, and the held link's token no longer
        works. Joining writes the seat alone, never
        the game's state or log: it does not go through :meth:`_commit`, and the version
        stays."""
        if not 0 <= seat < MAX_SEATS:
            raise UnknownSeat.of(seat)
        token = new_token()
        with self._write() as conn:
            _, seat_rows = self._lock(conn, session_id)
            row = next((s for s in seat_rows if s.seat == seat), None)
            if row is None:
                raise UnknownSeat.of(seat)
            if row.kind != "human":
                raise SeatTaken("seat_is_a_bot", f"Seat {seat} is played by a bot.")
            # A seat whose link a host holds for someone (joined, not claimed) is still free
            # to sit at: whoever comes first, by the link or by the lobby, takes it. (Read
            # here, not by LOCK, which every action runs.)
            claimed_at = conn.execute(
                select(seats.c.claimed_at).where(
                    seats.c.session_id == session_id, seats.c.seat == seat
                )
            ).scalar()
            if claimed_at is not None or (row.token_hash is not None and not claim):
                raise SeatTaken("seat_taken", f"Seat {seat} is taken.", {"seat": seat})
            joined = now()
            values: dict[str, object] = {"token_hash": hash_token(token), "joined_at": joined}
            if claim:
                values["claimed_at"] = joined
            if is_seat_name(name):
                values["name"] = name
            conn.execute(
                update(seats)
                .where(seats.c.session_id == session_id, seats.c.seat == seat)
                .values(**values)
            )
            self._seats_changed(conn, session_id)
        return Joined(session_id, seat, token)

    # --- a seat's link: its token, from any browser -----------------------------------------

    def your_seat(self, session_id: str, token: str) -> YourSeat:
        """The seat ``token`` belongs to, its name and whether it is claimed yet."""
        with self._reads.connect() as conn:
            session, seat_rows = self._head(conn, session_id)
        row = token_seat(seat_rows, token)
        hosted = self.games.get(session.game)
        return YourSeat(
            session_id,
            row.seat,
            row.name,
            row.claimed_at is not None,
            auto_pass_setting(hosted, True, row.auto_pass),
            concerned_setting(hosted, True, row.only_when_concerned),
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
            row = token_seat(seat_rows, token)
            hosted = self.hosted(session.game)
            if auto_pass is not None and hosted.auto_pass_action is None:
                raise NoAutoPass("no_auto_pass", "This game has no setting to pass by itself.")
            if only_when_concerned is not None and (
                hosted.auto_pass_action is None or hosted.concerns is None
            ):
                raise NoAutoPass(
                    "no_auto_pass", "This game has no setting to answer only when it concerns you."
                )
            values: dict[str, object] = {"claimed_at": now()}
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
            self._seats_changed(conn, session_id)
            applied: list[Applied] = []
            moved, thinking = None, False
            if (auto_pass or only_when_concerned) and session.status == "active":
                _, seat_rows = self._head(conn, session_id)  # the settings just written
                session, state = self._load(conn, session, keep=False)
                applied, _, state, thinking = self._run_bots(
                    conn, session, seat_rows, hosted, state, []
                )
                moved = (session.version + len(applied), state)
        if moved is not None:
            self.states.put(session_id, *moved)
        if thinking:
            self.thinker.due(session_id)
        return YourSeat(
            session_id,
            row.seat,
            name if name is not None else row.name,
            True,
            auto_pass_setting(hosted, True, row.auto_pass if auto_pass is None else auto_pass),
            concerned_setting(
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
        new = new_token()
        with self._write() as conn:
            _, seat_rows = self._lock(conn, session_id)
            row = token_seat(seat_rows, token)
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
                raise InvalidToken.of_session()
            self._seats_changed(conn, session_id)  # the old token's streams end at once
        return Joined(session_id, row.seat, new)

    def rematch(self, session_id: str, token: str, claim: bool = True) -> Joined:
        """Again, the same people: the seat ``token`` belongs to, in the session made of this
        finished one with the same game, options and seats (bots keep their seats; the deal
        is drawn anew). The first call makes it, once, and every seat's call joins its own
        seat there, under its name (``claim``: as :meth:`join`'s)."""
        with self._reads.connect() as conn:
            head, seat_rows = self._head(conn, session_id)
        row = token_seat(seat_rows, token)
        if head.status != "over":
            raise GameNotOver("game_not_over", "The game is not over yet.")
        following = head.rematch
        if following is None:
            specs = [SeatSpec(s.kind, s.bot, s.name) for s in seat_rows]
            made = self._create(head.game, head.options, specs, None, {}, None).id
            with self._write() as conn:
                if conn.execute(SET_REMATCH, {"session_id": session_id, "rematch": made}).rowcount:
                    following = made
                else:  # another seat's call made one first: that one is the game
                    following = conn.execute(
                        select(sessions.c.rematch).where(sessions.c.id == session_id)
                    ).scalar_one()
                    delete_session(conn, made)
        return self.join(following, row.seat, row.name, claim)

    def _seats_changed(self, conn: Connection, session_id: str) -> None:
        """The seats changed in this transaction: their count moves on, and every live stream
        of the session, in any process, learns of it when the transaction commits (and never
        of one rolled back): it sends the seats again, or ends if its token was replaced."""
        version = conn.execute(SEATS_MOVE_ON, {"session_id": session_id}).scalar_one()
        if conn.dialect.name == "postgresql":
            conn.execute(NOTIFY, {"payload": seats_payload(session_id, version)})


def seated_options(
    hosted: HostedGame, options: Mapping[str, object], seat_specs: Sequence[SeatSpec]
) -> dict[str, object]:
    """The options with the game's seat-count option (its hook) filled in from the seats (one
    that names another number of seats is refused), and, at a table with a bot, the options
    the game gives such a table (``with_bots``) unless the table set them."""
    options = {**options}
    seats = len(seat_specs)
    name = hosted.seat_count_option
    if name is not None:
        options.setdefault(name, seats)
        if options[name] != seats:
            raise InvalidValue(
                "seat_count_mismatch",
                "One seat per player.",
                {name: options[name], "seats": seats},
            )
    if any(spec.kind == "bot" for spec in seat_specs):
        for option, value in hosted.with_bots.items():
            options.setdefault(option, value)
    return options
