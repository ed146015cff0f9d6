"""Wire models of the game routes: the lobby, seats, actions, events and results.

The answers are written from the session store's records (``wordsvc.sessions.records``),
field for field; the limits are the session layer's (``wordsvc.sessions.limits``)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, JsonValue, Strict

from wordsvc.games.registry import GAMES
from wordsvc.sessions.limits import (
    DEFAULT_LISTED,
    MAX_GAME_NAME,
    MAX_LISTED,
    MAX_SEATS,
    MAX_SEED,
    NAME_PATTERN,
    SESSION_ID_PATTERN,
)
from wordsvc.wire.common import JsonInt, QueryModel, WireModel, integral

#: The path parameter of a session's routes.
SESSION_ID = {"type": "string", "pattern": f"^{SESSION_ID_PATTERN}$"}
WIRE_NAME_PATTERN = f"^{NAME_PATTERN}$"

#: Who took a logged action: a person, a bot, or a human seat's pass made by itself.
Actor = Literal["human", "bot", "auto"]
ACTOR_HELP = (
    "human: the seat's person; bot: a bot seat; auto: a human seat's pass made by itself, "
    "its one legal action while its auto_pass setting was on."
)
AUTO_PASS_HELP = (
    '"Answer only when I can": while it is on, the seat passes by itself whenever the pass is '
    "its one legal action (others see it pass at once). On by default. null: a bot's seat, "
    "or a game without the setting (only Magos y Tabernas has it)."
)
ONLY_WHEN_CONCERNED_HELP = (
    '"Answer only when it concerns me": with auto_pass on, the seat also passes by itself '
    "whenever it could pass and nothing on the stack is aimed at its side (a player, an "
    "object or an item of its side); it then never answers moves that touch neither it nor "
    "its partner. On by default for a new seat (without it, about half of a person's "
    "taps were passes). null: a bot's seat, or a game without the choice."
)
#: The hosted games' names, as the schema's enum of `game`.
GAME_NAMES: list[JsonValue] = [*sorted(GAMES)]
#: Options as careless clients send them: every one is played or refused, never a crash.
OPTION_EXAMPLES: list[JsonValue] = [
    {"players": 2.0, "first_player": 1.0},
    {"players": True},
    {"first_player": 10**30},
    {"turn_limit": 1e300},
    {"players": 2, "first_player": -1.0},
]


def _iso(value: object) -> object:
    """A record's time as the wire writes it: ISO 8601."""
    return value.isoformat() if isinstance(value, datetime) else value


#: A time of the store's records (a datetime), written in ISO 8601.
Timestamp = Annotated[str, BeforeValidator(_iso)]
SeatNumber = Annotated[int, Strict(), Field(ge=0, lt=MAX_SEATS), BeforeValidator(integral)]
Seed = Annotated[int, Strict(), Field(ge=0, le=MAX_SEED), BeforeValidator(integral)]


class GameInfo(WireModel):
    name: str
    options_schema: dict[str, Any] = Field(description="JSON Schema of the setup options.")
    bots: list[str]
    default_bot: str | None = Field(
        description="The bot to seat when none is chosen: the game's best (null: no bots)."
    )
    review: bool = Field(
        description="Its finished games have a review (`GET /v1/games/sessions/{id}/review`)."
    )


class GameList(WireModel):
    games: list[GameInfo]


class SeatSpec(WireModel):
    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, description="The bot's name, for a bot seat.")
    name: str | None = Field(default=None, pattern=WIRE_NAME_PATTERN)


class CreateSessionBody(WireModel):
    game: str = Field(
        description="A hosted game's name (GET /v1/games).",
        json_schema_extra={"enum": GAME_NAMES},
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="The game's setup options (its options_schema); 2.0 is the integer 2.",
        # for the API fuzzer: whole-number floats, bools and huge numbers where integers go
        json_schema_extra={"examples": OPTION_EXAMPLES},
    )
    seats: list[SeatSpec] = Field(min_length=1, max_length=MAX_SEATS)
    seed: Seed | None = Field(
        default=None,
        description="Leave it out: the server draws the seed and nobody can recompute the "
        "deal. A chosen seed is a chosen deal (replays, tests), shown to every seat.",
    )
    hold_seats: bool = Field(
        default=False,
        description="true: every human seat is joined as the session is made, and the answer "
        "holds each one's token (`seat_tokens`), so that nobody can take a seat between the "
        "creation and the host's joins. Each is a link to hand out (a join with claim: "
        "false), but `play_seat`'s, which the creator plays.",
    )
    play_seat: JsonInt | None = Field(
        default=None,
        description="With hold_seats: the human seat the creator plays (claimed at once); "
        "the answer is then the session as that seat sees it (`you`, its legal actions). "
        "Anything but a human seat is 422 invalid_play_seat.",
    )


class JoinBody(WireModel):
    seat: JsonInt = Field(ge=0, lt=MAX_SEATS)
    name: str | None = Field(default=None, pattern=WIRE_NAME_PATTERN)
    claim: bool = Field(
        default=True,
        description="true: you play the seat. false: you hold its token for someone else (a "
        "host handing out the seat's link); the seat is claimed once someone sits down with "
        "it (POST .../seat).",
    )


class RematchBody(WireModel):
    claim: bool = Field(
        default=True,
        description="true: you play your seat again in the new session. false: you hold its "
        "token for someone else (the table's screen, handing the links out again).",
    )


class ClaimBody(WireModel):
    name: str | None = Field(
        default=None,
        pattern=WIRE_NAME_PATTERN,
        description="Default: the seat's name stays.",
    )
    auto_pass: Annotated[bool, Strict()] | None = Field(
        default=None,
        description='The seat\'s "answer only when I can" setting (default: it stays). '
        "Switched on while the pass is the seat's one legal action, it passes at once. "
        "Only for a game that has the setting (no_auto_pass otherwise).",
    )
    only_when_concerned: Annotated[bool, Strict()] | None = Field(
        default=None,
        description='The seat\'s "answer only when it concerns me" choice (default: it stays); '
        "it acts while auto_pass is on. Switched on while the seat is asked in a window over "
        "nothing that concerns it, it passes at once. Only for a game that has the choice "
        "(no_auto_pass otherwise).",
    )


class ActionBody(WireModel):
    action: dict[str, Any] = Field(description="The game's action: an object with a `type`.")
    expected_version: JsonInt = Field(
        ge=0, description="The session version the action was chosen against."
    )
    seat: SeatNumber | None = Field(default=None, description="Default: yours.")


class OpenSessionsQuery(QueryModel):
    game: str | None = Field(default=None, max_length=MAX_GAME_NAME)
    limit: int = Field(default=DEFAULT_LISTED, ge=1, le=MAX_LISTED)


class EventsQuery(QueryModel):
    after: int = Field(default=0, ge=0, le=10**9, description="Only actions after this one.")


class StreamQuery(QueryModel):
    after: int = Field(
        default=0,
        ge=0,
        le=10**9,
        description="Only actions after this one (a `Last-Event-ID` header takes precedence).",
    )
    token: str | None = Field(
        default=None,
        min_length=1,
        max_length=128,
        description="The seat's token, for clients that cannot send an Authorization header "
        "(a browser's EventSource). The header is preferred: a URL may be logged.",
    )


class SeatOut(WireModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str
    joined: bool = Field(description="A bot's seat, or a human seat whose token was taken.")
    claimed: bool = Field(
        description="A bot's seat, or a human seat someone sat down at with its token "
        "(a host may hold a seat's token, to hand out as a link, before anyone has)."
    )
    auto_pass: bool | None = Field(description=AUTO_PASS_HELP)
    only_when_concerned: bool | None = Field(description=ONLY_WHEN_CONCERNED_HELP)


class SeatsChanged(WireModel):
    """A live stream's ``seats`` event: the seats after someone sat down, took a name, or
    renewed a seat's link."""

    seats: list[SeatOut]


class EventOut(WireModel):
    type: str
    data: dict[str, Any]


class AppliedAction(WireModel):
    number: int
    seat: int
    actor: Actor = Field(description=ACTOR_HELP)
    type: str | None
    events: list[EventOut]


class GameResult(WireModel):
    scores: list[Any]
    places: list[int]
    winners: list[int]
    details: dict[str, Any]
    seed: int = Field(
        description="The game's seed, revealed once it is over: replay the log to verify it."
    )


class ReviewSlot(WireModel):
    letter: str
    source: Literal["letter_card", "joker_card", "token", "familiar", "amazon"] = Field(
        description="What lay there: a letter card, a joker card, a joker token on a card, "
        "a Familiar card, or the Amazon's letter."
    )


class ReviewPlay(WireModel):
    word: str | None = Field(description="The word formed; null for a pass.")
    slots: list[ReviewSlot]
    property: str | None = Field(description="The Familiar's property the word used, if any.")
    magic: list[str] = Field(description="The magic cards the seat played in the same turn.")
    shed: int = Field(
        description="Cards the play took out of the seat's hand and deck for good (the "
        "fewest cards win), counted by the engine on the state before the play."
    )


class TurnReview(WireModel):
    seat: int
    turn: int = Field(description="The seat's own turn, from 1.")
    action: int = Field(description="The number of the logged action that made the play.")
    made: ReviewPlay
    best: ReviewPlay = Field(
        description="The best play the solver found for the same hand, table and magic (the "
        "play made, when nothing found sheds more)."
    )
    proven: bool = Field(
        description="The solver's search ran to its end: no play sheds more. false: the "
        'search was cut by its budget; say "best found".'
    )
    missed: list[str] = Field(
        description="Up to 3 common words (Zipf at least 3) the hand could make, but for the "
        "one played."
    )


class SeatReview(WireModel):
    seat: int
    accuracy: float | None = Field(
        description="The cards the seat shed over those the best plays would have, 0 to 1; "
        "null when no turn could shed any."
    )
    shed: int
    best_shed: int
    longest_word: str | None
    best_turn: int | None = Field(description="The turn that shed the most cards.")
    biggest_miss_turn: int | None = Field(
        description="The turn furthest short of its best play; null when none was."
    )
    biggest_miss: int = Field(description="How many cards short it was.")


class GameReview(WireModel):
    turns: list[TurnReview] = Field(description="Every word or pass, in the order played.")
    seats: list[SeatReview]


class SeatToken(WireModel):
    seat: int
    token: str = Field(description="The seat's secret token: keep it, it is shown once.")


class SessionSummary(WireModel):
    id: str
    game: str
    version: int
    status: Literal["active", "over"]
    options: dict[str, Any]
    seats: list[SeatOut]
    you: int | None = Field(description="Your seat; null for a spectator.")
    to_act: list[int]
    legal_actions: list[dict[str, Any]]
    view: dict[str, Any] = Field(description="What you may see of the game.")
    deal: Literal["drawn", "chosen"] = Field(
        description="drawn: the server drew the seed; chosen: the creator chose it (a chosen "
        "deal, for replays and tests), so the creator can know every hidden card."
    )
    result: GameResult | None
    bot_actions: list[AppliedAction] | None = Field(
        default=None, exclude_if=lambda actions: actions is None
    )
    rematch: str | None = Field(
        default=None,
        description="The session `POST .../rematch` made of this finished one (the same "
        "game, options and seats); null until someone asked for it.",
    )
    seat_tokens: list[SeatToken] | None = Field(
        default=None,
        exclude_if=lambda tokens: tokens is None,
        description="On a session made with hold_seats only: each human seat's secret token, "
        "shown this once.",
    )


class Joined(WireModel):
    session: str
    seat: int
    token: str = Field(description="The seat's secret: send it as a Bearer token.")


class YourSeat(WireModel):
    session: str
    seat: int
    name: str
    claimed: bool = Field(description="Has someone sat down with this token yet?")
    auto_pass: bool | None = Field(description=AUTO_PASS_HELP)
    only_when_concerned: bool | None = Field(description=ONLY_WHEN_CONCERNED_HELP)


class OpenSession(WireModel):
    id: str
    game: str
    created_at: Timestamp
    free_seats: list[int]
    seats: list[SeatOut] = Field(description="Every seat, taken or free: who sits there.")


class OpenSessions(WireModel):
    sessions: list[OpenSession]


class Acted(WireModel):
    version: int
    applied: list[AppliedAction]
    status: Literal["active", "over"]
    to_act: list[int] = Field(description="Who may act now (empty once the game is over).")
    legal_actions: list[dict[str, Any]] = Field(
        description="Your legal actions now, if you are among `to_act`; else empty. With "
        "`version` and `to_act`, what you need to choose your next action without fetching "
        "the session again."
    )
    replayed: bool | None = Field(default=None, exclude_if=lambda replayed: replayed is None)


class LoggedAction(WireModel):
    number: int
    seat: int
    actor: Actor = Field(description=ACTOR_HELP)
    at: Timestamp
    events: list[EventOut]


class Events(WireModel):
    events: list[LoggedAction]
