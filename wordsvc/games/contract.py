"""The engine contract (``shared/engine-contract.md``) in code.

Every game provides a :class:`Game`. State is a plain JSON-serialisable dict that the engine
never mutates in place: :meth:`Game.apply` works on a deep copy and returns it, so a refused
action leaves the caller's state as it was. Actions are small dicts with a ``type``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

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

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "details": self.details}


@dataclass(frozen=True)
class Event:
    """Something that happened. ``audience`` None is public; else the seats that may see it."""

    type: str
    data: Mapping[str, object] = field(default_factory=dict)
    audience: tuple[Seat, ...] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_dict(self) -> dict[str, object]:
        return {
            "type": self.type,
            "data": dict(self.data),
            "audience": None if self.audience is None else list(self.audience),
        }


@dataclass(frozen=True)
class Result:
    """Final scores and places (1 = best; equal places are shared)."""

    scores: Sequence[object]
    places: Sequence[int]
    winners: Sequence[Seat]
    details: Mapping[str, object] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {
            "scores": list(self.scores),
            "places": list(self.places),
            "winners": list(self.winners),
            "details": dict(self.details),
        }


class Game(Protocol):
    name: str

    def options_schema(self) -> dict[str, object]: ...

    def new(self, options: Mapping[str, object], seed: int) -> State: ...

    def to_act(self, state: State) -> list[Seat]: ...

    def legal_actions(self, state: State, seat: Seat) -> list[Action]: ...

    def apply(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]: ...

    def view(self, state: State, seat: Seat | None) -> dict[str, object]: ...

    def result(self, state: State) -> Result | None: ...


class Bot(Protocol):
    name: str

    def choose(self, game: Game, view: Mapping[str, object], seat: Seat, rng: Any) -> Action: ...


def replay(
    game: Game, options: Mapping[str, object], seed: int, log: Iterable[tuple[Seat, Action]]
) -> State:
    """The state after applying a logged sequence of (seat, action) to a new game."""
    state = game.new(options, seed)
    for seat, action in log:
        state, _ = game.apply(state, seat, action)
    return state


def copy_state(state: State) -> State:
    return copy.deepcopy(state)


def canonical(state: State) -> str:
    """The state as canonical JSON: equal states give equal strings, byte for byte."""
    return json.dumps(state, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def places_by(keys: Sequence[tuple]) -> list[int]:
    """Competition ranking (1, 2, 2, 4) where a smaller key is better."""
    return [1 + sum(1 for other in keys if other < key) for key in keys]
