"""What the session store answers with: frozen dataclasses, as the judge's results are.

The HTTP layer writes each as its wire model (``wordsvc.wire.games``), field for field;
the store knows nothing of the wire. Events keep their audience here, and every filter of
what a seat may see goes through :meth:`Event.visible_to` (:func:`seen_by`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal, NotRequired, TypedDict

from wordsvc.games.contract import Action, Event, Result, Seat

SeatKind = Literal["human", "bot"]
#: Who took a logged action: a person, a bot, or a human seat's pass made by itself while its
#: "answer only when I can" setting was on (``auto``).
Actor = Literal["human", "bot", "auto"]
Status = Literal["active", "over"]
Deal = Literal["drawn", "chosen"]


def seen_by(events: Iterable[Event], seat: Seat | None) -> tuple[Event, ...]:
    """The events ``seat`` may see (None: a spectator, who sees the public ones)."""
    return tuple(event for event in events if event.visible_to(seat))


@dataclass(frozen=True)
class SeatRecord:
    """Who plays a seat. ``joined``: a bot's seat, or a human seat whose token was taken.
    ``claimed``: a bot's seat, or a human seat a person sat down at with its token (a host
    may hold a seat's token to hand it out as a link: joined, not yet claimed).
    ``auto_pass``: a human seat's "answer only when I can" setting, in a game that has one
    (its registry entry's ``auto_pass_action``); None for a bot's seat or another game.
    ``only_when_concerned``: likewise, its "answer only when it concerns me" choice (the
    registry entry's ``concerns``)."""

    seat: Seat
    kind: SeatKind
    bot: str | None
    name: str
    joined: bool
    claimed: bool
    auto_pass: bool | None
    only_when_concerned: bool | None


@dataclass(frozen=True)
class SessionResult:
    """A finished game's result, with its seed revealed, so that anyone can replay the log
    and check the deal (while the game goes on there is no result, and the seed is secret)."""

    scores: tuple[object, ...]
    places: tuple[int, ...]
    winners: tuple[Seat, ...]
    details: Mapping[str, object]
    seed: int

    @classmethod
    def of(cls, result: Result, seed: int) -> SessionResult:
        return cls(
            tuple(result.scores), tuple(result.places), tuple(result.winners), result.details, seed
        )


@dataclass(frozen=True)
class Applied:
    """An action just applied, as the reply to a create or an action lists it."""

    number: int
    seat: Seat
    actor: Actor
    type: str | None
    events: tuple[Event, ...]

    def seen_by(self, seat: Seat | None) -> Applied:
        return replace(self, events=seen_by(self.events, seat))


class EventRecord(TypedDict):
    """An event of a kept reply (already filtered for the caller: no audience)."""

    type: str
    data: dict[str, object]


class AppliedRecord(TypedDict):
    """An applied action of a kept reply."""

    number: int
    seat: Seat
    actor: Actor
    type: str | None
    events: list[EventRecord]


class ActedRecord(TypedDict):
    """A reply as the store keeps it for a retried request (:meth:`Acted.to_record`), in
    JSON. Replies kept before ``to_act`` and ``legal_actions`` existed have neither."""

    version: int
    applied: list[AppliedRecord]
    status: Status
    to_act: NotRequired[list[Seat]]
    legal_actions: NotRequired[list[Action]]


@dataclass(frozen=True)
class Acted:
    """The reply to an action: the session's new version, the caller's action and every bot
    reply it triggered (as the caller may see them), and what the caller needs to choose its
    next action without reading the session again: who may act now (``to_act``, public) and,
    when the caller is among them, its legal actions. ``replayed``: True when this is the
    stored reply to a retried request (its ``Idempotency-Key``), None otherwise. ``game``:
    the session's game (for the service's metrics; not part of the reply on the wire)."""

    version: int
    applied: tuple[Applied, ...]
    status: Status
    to_act: tuple[Seat, ...] = ()
    legal_actions: tuple[Action, ...] = ()
    replayed: bool | None = None
    game: str | None = None

    def to_record(self) -> ActedRecord:
        """The reply as the store keeps it for a retried request (JSON)."""
        return {
            "version": self.version,
            "applied": [
                {
                    "number": a.number,
                    "seat": a.seat,
                    "actor": a.actor,
                    "type": a.type,
                    "events": [{"type": e.type, "data": dict(e.data)} for e in a.events],
                }
                for a in self.applied
            ],
            "status": self.status,
            "to_act": list(self.to_act),
            "legal_actions": [dict(a) for a in self.legal_actions],
        }

    @classmethod
    def from_record(
        cls, record: ActedRecord, *, replayed: bool | None = None, game: str | None = None
    ) -> Acted:
        """The reply :meth:`to_record` kept (its events already filtered for the caller)."""
        return cls(
            record["version"],
            tuple(
                Applied(
                    a["number"],
                    a["seat"],
                    a["actor"],
                    a["type"],
                    tuple(Event(e["type"], e["data"]) for e in a["events"]),
                )
                for a in record["applied"]
            ),
            record["status"],
            # replies kept before these fields existed have neither: they read as empty
            tuple(record.get("to_act", ())),
            tuple(record.get("legal_actions", ())),
            replayed,
            game,
        )


@dataclass(frozen=True)
class LoggedAction:
    """An action of the log, without the action itself: who took it, when, and what happened
    (every event with its audience, until :meth:`seen_by` filters them for a seat)."""

    number: int
    seat: Seat
    actor: Actor
    at: datetime
    events: tuple[Event, ...]

    def seen_by(self, seat: Seat | None) -> LoggedAction:
        return replace(self, events=seen_by(self.events, seat))


@dataclass(frozen=True)
class SeatsNow:
    """A session's seats after a change, for a live stream; ``still_yours``: the stream's
    token still belongs to its seat (a spectator's stream always is)."""

    seats: tuple[SeatRecord, ...]
    still_yours: bool


@dataclass(frozen=True)
class SessionSummary:
    """A session as ``you`` may see it (None: a spectator). ``bot_actions``: on a new
    session only, what its bots did before anyone else could act (with any pass a person's
    seat made by itself meanwhile, actor ``auto``)."""

    id: str
    game: str
    version: int
    status: Status
    options: Mapping[str, object]
    seats: tuple[SeatRecord, ...]
    you: Seat | None
    to_act: tuple[Seat, ...]
    legal_actions: tuple[Action, ...]
    view: Mapping[str, object]
    deal: Deal
    result: SessionResult | None
    bot_actions: tuple[Applied, ...] | None = None
    #: The session "again, the same people" made of this finished one, if any.
    rematch: str | None = None
    #: On a new session made with its seats held: every human seat's token, shown this once.
    seat_tokens: tuple[Joined, ...] | None = None


@dataclass(frozen=True)
class Joined:
    """A seat taken: its secret token, shown this once (only its hash is stored)."""

    session: str
    seat: Seat
    token: str


@dataclass(frozen=True)
class YourSeat:
    """The seat a token belongs to, as its holder sees it: its name, whether a person has
    sat down with the token yet, its "answer only when I can" setting and its "answer only
    when it concerns me" choice (None: the game has none). ``applied``: what a claim
    committed (switching a setting on while it would pass for the seat makes the pass, then
    the bots move), with every event; ``game``: the session's game. Both are for the
    service's metrics, not on the wire."""

    session: str
    seat: Seat
    name: str
    claimed: bool
    auto_pass: bool | None
    only_when_concerned: bool | None
    applied: tuple[Applied, ...] = ()
    game: str | None = None


@dataclass(frozen=True)
class OpenSession:
    """An active session with human seats nobody has taken yet."""

    id: str
    game: str
    created_at: datetime
    free_seats: tuple[Seat, ...]
    #: Every seat, taken or free: who sits at the table.
    seats: tuple[SeatRecord, ...]
