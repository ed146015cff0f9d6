"""The engine contract (``docs/engines.md``) in code.

Every game provides a :class:`Game`. State is a plain JSON-serialisable dict that the engine
never mutates in place: :meth:`Game.apply` works on a deep copy and returns it, so a refused
action leaves the caller's state as it was. Actions are small dicts with a ``type``.
"""

from __future__ import annotations

import copy
import json
import marshal
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict, cast

Seat = int
State = dict[str, Any]
Action = dict[str, Any]


class RuleError(Exception):
    """An action the rules refuse. ``code`` is stable; ``message`` names the rule broken."""

    def __init__(
        self, code: str, message: str, details: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = dict(details or {})


@dataclass(frozen=True)
class Event:
    """Something that happened. ``audience`` None is public; else the seats that may see it."""

    type: str
    data: Mapping[str, object] = field(default_factory=dict)
    audience: tuple[Seat, ...] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_record(self) -> dict[str, object]:
        """The event as a JSON record, as the session store logs it (audience included)."""
        return {
            "type": self.type,
            "data": dict(self.data),
            "audience": None if self.audience is None else list(self.audience),
        }

    @classmethod
    def from_record(cls, record: Mapping[str, object]) -> Event:
        """The event :meth:`to_record` wrote (as the session log reads it back)."""
        kind, data, audience = record["type"], record["data"], record["audience"]
        if not isinstance(kind, str) or not isinstance(data, Mapping):
            raise TypeError(f"No event record: {record!r}")
        if audience is None:
            return cls(kind, data)
        if not isinstance(audience, list):
            raise TypeError(f"An event's audience is a list of seats: {record!r}")
        return cls(kind, data, tuple(audience))


@dataclass(frozen=True)
class Result:
    """Final scores and places (1 = best; equal places are shared)."""

    scores: Sequence[object]
    places: Sequence[int]
    winners: Sequence[Seat]
    details: Mapping[str, object] = field(default_factory=dict)

    def to_record(self) -> dict[str, object]:
        """The result as a JSON record, as the session store hands it out."""
        return {
            "scores": list(self.scores),
            "places": list(self.places),
            "winners": list(self.winners),
            "details": dict(self.details),
        }


class Game(Protocol):
    """An engine. Optional beyond these: ``action_label(state, action) -> str``, what the
    simulations count an applied action as (see :func:`action_label`)."""

    name: str

    def options_schema(self) -> dict[str, object]: ...

    def new(self, options: Mapping[str, object], seed: int) -> State: ...

    def to_act(self, state: State) -> list[Seat]: ...

    def legal_actions(self, state: State, seat: Seat) -> list[Action]: ...

    def apply(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]: ...

    def view(self, state: State, seat: Seat | None) -> dict[str, object]: ...

    def result(self, state: State) -> Result | None: ...

    def visible_paths(self, state: State, seat: Seat | None) -> Sequence[str]:
        """The parts of the state ``seat`` may see (None: a spectator), as dot-separated
        paths where ``*`` is any key or index and ``@`` the seat's own index. Everything
        else is hidden: the shared leak check changes it and expects the same view."""
        ...

    def card_back(self, value: str) -> str:
        """What a hidden string shows face down (a deck's colour, "card"...): the leak
        check only swaps hidden values that look alike from behind."""
        ...


def action_label(game: Game, state: State, action: Action) -> str:
    """What ``wordsvc simulate`` counts for an applied action: the game's optional
    ``action_label(state, action)`` (the action type and the card played, say
    ``play:skylark``), else the action type."""
    label = getattr(game, "action_label", None)
    return label(state, action) if callable(label) else str(action.get("type"))


class BotError(Exception):
    """A bot that cannot choose an action: its own failure, not the engine's. The session
    plays a legal action for it instead (as when the rules refuse the bot's choice); any
    other exception is a bug, and is not hidden."""


class Bot(Protocol):
    """Chooses a seat's action from that seat's view. Raises :class:`BotError` when it cannot
    choose; a :class:`RuleError` from applying its choice is the bot's failure too. A bot
    that thinks for long (a search) says so with a class attribute ``thinks = True``: the
    sessions then make its moves off the request thread (``wordsvc/sessions/thinking.py``)."""

    name: str

    def choose(
        self, game: Game, view: Mapping[str, object], seat: Seat, rng: random.Random
    ) -> Action: ...


def legal_actions_in(view: Mapping[str, object]) -> list[Action]:
    """A view's ``legal_actions`` (every view has them: :meth:`Game.view`), typed."""
    actions = view["legal_actions"]
    if not isinstance(actions, list):
        raise TypeError(f"A view's legal actions are a list, not {type(actions).__name__}.")
    return actions


Handler = Callable[[State, Seat, Action, list[Event]], None]


def apply_by_phase(
    state: State,
    seat: Seat,
    action: Action,
    to_act: list[Seat],
    handlers: Mapping[tuple[str, str], tuple[Handler, Collection[str]]],
) -> tuple[State, list[Event]]:
    """The checks every engine makes before an action, then its handler on a copy.

    ``handlers`` maps (phase, action type) to a function that changes the copied state and
    appends events, and the fields the action may carry there besides ``type`` (an action
    type of two phases may take other fields in each); the caller's state is never touched,
    whether the action applies or not.
    """
    if state["phase"] == "over":
        raise RuleError("game_over", "The game is over.")
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise RuleError("malformed_action", "An action is an object with a `type`.")
    if as_seat(seat) is None or seat not in to_act:
        raise RuleError("not_your_turn", f"Seat {seat!r} may not act now.", {"to_act": to_act})
    found = handlers.get((state["phase"], action["type"]))
    if found is None:
        raise RuleError(
            "invalid_action",
            f"{action['type']!r} is not an action of the {state['phase']} step.",
            {"phase": state["phase"]},
        )
    handler, fields = found
    check_fields(action, fields)
    new = copy_state(state)
    events: list[Event] = []
    handler(new, seat, action, events)
    return new, events


def validated_options(
    schema: Mapping[str, Any], raw: Mapping[str, object] | None
) -> dict[str, Any]:
    """``raw`` checked against a game's own ``options_schema()`` (JSON Schema 2020-12), with
    every default filled in. Every problem is listed in one ``invalid_options`` RuleError, so
    an engine restates nothing the schema says and checks by hand only what a schema cannot
    (a first player below the number of players, say)."""
    from jsonschema import Draft202012Validator

    options: object = {} if raw is None else raw
    if not isinstance(options, Mapping):
        raise RuleError("invalid_options", "The options are an object of option names.")
    options = dict(options)
    problems = [
        {"option": ".".join(map(str, error.absolute_path)) or None, "message": error.message}
        for error in sorted(
            Draft202012Validator(schema).iter_errors(options), key=lambda e: list(map(str, e.path))
        )
    ]
    if problems:
        listed = "; ".join(
            f"`{p['option']}`: {p['message']}" if p["option"] else str(p["message"])
            for p in problems
        )
        raise RuleError("invalid_options", f"Invalid options: {listed}.", {"problems": problems})
    return {
        name: whole_numbers(options[name]) if name in options else copy.deepcopy(spec["default"])
        for name, spec in schema["properties"].items()
    }


def whole_numbers(value: object) -> object:
    """``value`` with every whole-number float made an ``int``, in lists too. JSON Schema
    counts ``2.0`` as an integer, as the wire models read JSON elsewhere (3.0 is 3), so an
    engine that indexes or counts with an option never meets a float."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    return value


def invalid_option(name: str, message: str) -> RuleError:
    """An option the schema allows but the rules do not, in the same shape."""
    return RuleError(
        "invalid_options",
        f"Invalid options: `{name}`: {message}.",
        {"problems": [{"option": name, "message": message}]},
    )


def as_seat(seat: object) -> Seat | None:
    """``seat`` if it is a seat number: an ``int`` and never a ``bool`` (or a float such as
    ``0.0``, which compares equal to 0). Every engine function that takes a seat uses this,
    so that ``view(state, True)`` is a spectator's view, not seat 1's."""
    return seat if type(seat) is int else None


def viewer(state: State, seat: object) -> Seat | None:
    """The seat a view is for: None for a spectator (``None``, or anything :func:`as_seat`
    does not take for a seat). A number that is no seat at this table (99, -1) is refused
    with ``unknown_seat``, never answered with a view labelled with it."""
    number = as_seat(seat)
    if number is not None and not 0 <= number < len(state["players"]):
        raise RuleError(
            "unknown_seat",
            f"Seat {number} does not sit at this table.",
            {"seat": number, "players": len(state["players"])},
        )
    return number


def check_fields(action: Mapping[str, object], allowed: Collection[str]) -> None:
    """Refuse an action carrying a field its type does not take (``malformed_action``), so a
    typo such as ``{"type": "end", "foo": 1}`` is not silently ignored."""
    unknown = sorted(set(action) - {"type", *allowed})
    if unknown:
        raise RuleError(
            "malformed_action",
            f"A {action.get('type')!r} action takes no field {', '.join(map(repr, unknown))}.",
            {"unknown": unknown, "allowed": sorted(allowed)},
        )


class HandHolder(TypedDict):
    """What :func:`card_in_hand` reads of a game's player: the ids of the cards in hand."""

    hand: list[str]


def card_in_hand(
    player: HandHolder, card: object, catalogue: Mapping[str, object], field: str = "card"
) -> str:
    """``card`` if it is a known card id in the player's hand; else the RuleError saying which."""
    if not isinstance(card, str) or card not in catalogue:
        raise RuleError("unknown_card", f"`{field}` must name a card by its id.", {field: card})
    if card not in player["hand"]:
        raise RuleError("card_not_in_hand", f"Card {card} is not in your hand.", {"card": card})
    return card


def replay(
    game: Game, options: Mapping[str, object], seed: int, log: Iterable[tuple[Seat, Action]]
) -> State:
    """The state after applying a logged sequence of (seat, action) to a new game."""
    state = game.new(options, seed)
    for seat, action in log:
        state, _ = game.apply(state, seat, action)
    return state


#: Values a state shares between copies: they never change in place.
_IMMUTABLE = frozenset({str, int, float, bool, type(None)})


#: marshal's newest format without references: a container found twice is written twice.
_MARSHAL_FORMAT = 2


def copy_state(state: State) -> State:
    """A copy of ``state`` that ``apply`` may change without touching the original.

    A state is JSON's kind of value (it is stored as JSON), so a round trip through
    :mod:`marshal`, in C, copies it: 1.6–1.9 times faster than copying its dicts and lists
    in Python, itself about three times faster than ``deepcopy``, which keeps a memo of
    every object for cycles and shared references a state never has (an action copies its
    state once, a search bot's rollout once a move: docs/performance.md, issues 27 and 40).
    A state marshal cannot write is copied in Python instead: its dicts and lists copied,
    its strings and numbers shared, any other value by :func:`copy.deepcopy`. A container
    found twice in ``state`` is copied twice, as a round trip through JSON splits it."""
    try:
        return cast(State, marshal.loads(marshal.dumps(state, _MARSHAL_FORMAT)))
    except ValueError:  # not marshal's kind of value somewhere, or nested too deep
        return cast(State, _copied(state))


def _copied(value: object) -> object:
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in cast(dict[str, object], value).items()}
    if kind is list:
        return [_copied(item) for item in cast(list[object], value)]
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)


def canonical(state: State) -> str:
    """The state as canonical JSON: equal states give equal strings, byte for byte."""
    return json.dumps(state, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def places_by(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranking (1, 2, 2, 4) where a smaller key is better."""
    return [1 + sum(1 for other in keys if other < key) for key in keys]
