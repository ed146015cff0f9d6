"""The rows the store reads, typed: what each statement of ``statements.py`` gives (SQLAlchemy's
rows are read as they come, without a copy, so these are protocols of their columns), and a
seat's row as its record.

``HEAD_AND_SEATS`` and ``LOCK`` give one row per seat, each with the session's columns too:
the first row is the session's head and every row a seat's."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from wordsvc.games.contract import State
from wordsvc.sessions.hosting import HostedGame
from wordsvc.sessions.records import SeatKind, SeatRecord, Status


class SessionHead(Protocol):
    """A session's columns that every read of it has (``LOCK``'s)."""

    id: str
    game: str
    seed: int
    version: int
    status: Status


class ShownHead(SessionHead, Protocol):
    """A session's columns as a summary reads them (``HEAD_AND_SEATS``)."""

    options: dict[str, object]
    seed_chosen: bool
    rematch: str | None


class SessionRow(ShownHead, Protocol):
    """A session's whole row, its state included (``ROW``)."""

    state: State


class TokenHolder(Protocol):
    """A seat's number and its token's hash: what finds the seat of a token."""

    seat: int
    token_hash: str | None


class SeatRow(TokenHolder, Protocol):
    """A seat's columns that every read of the seats has (``LOCK``'s)."""

    kind: SeatKind
    bot: str | None
    name: str
    auto_pass: bool
    only_when_concerned: bool


class ShownSeat(SeatRow, Protocol):
    """A seat's columns as a summary reads them (``HEAD_AND_SEATS``, or the whole row)."""

    claimed_at: datetime | None


class ShownRow(ShownHead, ShownSeat, Protocol):
    """A row of ``HEAD_AND_SEATS``: a seat's columns with its session's."""


class LockedRow(SessionHead, SeatRow, Protocol):
    """A row of ``LOCK``: a seat's columns with its session's."""


class FreeSeatRow(Protocol):
    """A free seat of an open session, with the session's columns a lobby lists."""

    id: str
    game: str
    created_at: datetime
    seat: int


def auto_pass_setting(hosted: HostedGame | None, human: bool, value: bool = True) -> bool | None:
    """A seat's "answer only when I can" setting as its records say it: None for a bot's
    seat, or in a game without the setting (or no longer hosted)."""
    if hosted is None or hosted.auto_pass_action is None or not human:
        return None
    return bool(value)


def concerned_setting(hosted: HostedGame | None, human: bool, value: bool = False) -> bool | None:
    """A seat's "answer only when it concerns me" choice as its records say it: None for a
    bot's seat, or in a game without the choice."""
    if auto_pass_setting(hosted, human) is None or hosted is None or hosted.concerns is None:
        return None
    return bool(value)


def seat_record(hosted: HostedGame | None, s: ShownSeat) -> SeatRecord:
    """A seat row as its record (``hosted``: its session's game, for the settings)."""
    bot = s.kind == "bot"
    return SeatRecord(
        s.seat,
        s.kind,
        s.bot,
        s.name,
        bot or s.token_hash is not None,
        bot or s.claimed_at is not None,
        auto_pass_setting(hosted, not bot, s.auto_pass),
        concerned_setting(hosted, not bot, s.only_when_concerned),
    )
