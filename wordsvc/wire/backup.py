"""The lines of a session backup (``wordsvc db export`` and ``import``): one JSON object per
session, written from the records of :mod:`wordsvc.sessions.backup` and read back into them,
field for field. Every field is always written; an unknown field is refused, as is a value
of the wrong JSON type (``"3"`` for 3, ``1`` for true, a time without its offset)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BeforeValidator, Field, Strict

from wordsvc.sessions.backup import (
    FORMAT,
    ActionBackup,
    IdempotencyBackup,
    SeatBackup,
    SessionBackup,
)
from wordsvc.sessions.limits import MAX_GAME_NAME, SESSION_ID_PATTERN
from wordsvc.wire.common import JsonInt, WireModel, integral
from wordsvc.wire.games import Actor, SeatNumber, Seed


def _time(value: object) -> object:
    """A time as a backup line writes it, ISO 8601 with its offset, or a record's own."""
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            raise ValueError("not an ISO 8601 time") from None
    if isinstance(value, datetime):
        return value
    raise ValueError("a time is an ISO 8601 string")


#: A time: ISO 8601 with its offset (written in UTC, ``...Z``).
Time = Annotated[AwareDatetime, BeforeValidator(_time)]
StrictStr = Annotated[str, Strict()]
StrictBool = Annotated[bool, Strict()]
Sha256 = Annotated[str, Strict(), Field(pattern="^[0-9a-f]{64}$")]
Count = Annotated[int, Strict(), Field(ge=0), BeforeValidator(integral)]


class SeatLine(WireModel):
    seat: SeatNumber
    kind: Literal["human", "bot"]
    bot: StrictStr | None
    name: StrictStr
    token_hash: Sha256 | None = Field(
        description="The SHA-256 of the seat's token, as stored (null: nobody joined); the "
        "token itself is never stored, so no backup holds it."
    )
    joined_at: Time | None
    claimed_at: Time | None
    auto_pass: StrictBool
    only_when_concerned: StrictBool

    def record(self) -> SeatBackup:
        return SeatBackup(
            self.seat,
            self.kind,
            self.bot,
            self.name,
            self.token_hash,
            self.joined_at,
            self.claimed_at,
            self.auto_pass,
            self.only_when_concerned,
        )


class ActionLine(WireModel):
    number: JsonInt
    seat: SeatNumber
    actor: Actor
    action: dict[str, Any]
    events: list[Any] = Field(description="Every event, with its audience.")
    created_at: Time

    def record(self) -> ActionBackup:
        return ActionBackup(
            self.number, self.seat, self.actor, self.action, self.events, self.created_at
        )


class IdempotencyLine(WireModel):
    key: StrictStr
    seat: SeatNumber
    request_hash: Sha256
    response: StrictStr = Field(description="The stored reply, as the stored text.")
    created_at: Time

    def record(self) -> IdempotencyBackup:
        return IdempotencyBackup(
            self.key, self.seat, self.request_hash, self.response, self.created_at
        )


class SessionLine(WireModel):
    """One session, whole; ``format`` first, the cached ``state`` last."""

    format: Literal[1] = Field(default=FORMAT, description="The backup format's version.")
    id: StrictStr = Field(pattern=f"^{SESSION_ID_PATTERN}$")
    game: StrictStr = Field(max_length=MAX_GAME_NAME)
    options: dict[str, Any]
    seed: Seed
    seed_chosen: StrictBool
    status: Literal["active", "over"]
    created_at: Time
    updated_at: Time
    seats: list[SeatLine]
    version: Count
    actions: list[ActionLine] = Field(description="The append-only log, in order.")
    idempotency: list[IdempotencyLine]
    state: dict[str, Any] = Field(description="The cached state after `version` actions.")

    def record(self) -> SessionBackup:
        return SessionBackup(
            id=self.id,
            game=self.game,
            options=self.options,
            seed=self.seed,
            seed_chosen=self.seed_chosen,
            status=self.status,
            created_at=self.created_at,
            updated_at=self.updated_at,
            seats=tuple(s.record() for s in self.seats),
            version=self.version,
            actions=tuple(a.record() for a in self.actions),
            idempotency=tuple(k.record() for k in self.idempotency),
            state=self.state,
        )
