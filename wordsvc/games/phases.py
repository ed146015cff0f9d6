"""Engines whose rules are a table of moves per phase: each move with the fields it takes, a
check that refuses (and changes nothing), an effect, and the candidates its check filters
into the legal actions. :class:`PhasedGame` turns such a table into the contract's
``legal_actions`` and ``apply``; an engine adds ``to_act``, ``view`` and the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from wordsvc.errors import InternalError
from wordsvc.games.contract import (
    Action,
    Event,
    Handler,
    RuleError,
    Seat,
    State,
    apply_by_phase,
    as_seat,
)

#: A game's state: the contract's plain one, or the game's own TypedDict of it.
S = TypeVar("S")
Check = Callable[[S, Seat, Action], object]


@dataclass(frozen=True, slots=True)
class Move(Generic[S]):
    """One action type of one phase, over the game's state type ``S``."""

    fields: tuple[str, ...]
    check: Check[S]
    effect: Callable[[S, Seat, Action, list[Event]], None]
    candidates: Callable[[S, Seat], list[Action]]
    #: The check of an action described rather than listed (with ``needs``, when its
    #: choices are too many to list): what it names already, before the fields it needs are
    #: chosen. None lists a described action as it is.
    check_described: Check[S] | None = None

    def handle(self, state: S, seat: Seat, action: Action, events: list[Event]) -> None:
        """What ``apply_by_phase`` calls, on the state's copy: the check, then the effect."""
        self.check(state, seat, action)
        self.effect(state, seat, action, events)

    def legal(self, state: S, seat: Seat) -> list[Action]:
        """The candidates the check lets through (a described action: the check of what it
        names, :attr:`check_described`)."""
        return [a for a in self.candidates(state, seat) if self._lists(state, seat, a)]

    def _lists(self, state: S, seat: Seat, action: Action) -> bool:
        if "needs" not in action:
            return passes(self.check, state, seat, action)
        return self.check_described is None or passes(self.check_described, state, seat, action)


def passes(check: Check[S], state: S, seat: Seat, action: Action) -> bool:
    """Whether ``check`` lets the action through (refuses it with no :class:`RuleError`)."""
    try:
        check(state, seat, action)
    except RuleError:
        return False
    return True


def no_check(state: object, seat: Seat, action: Action) -> None:
    return None


def only(action: Action) -> Callable[[object, Seat], list[Action]]:
    """Candidates of a move with nothing to choose: the one action."""
    return lambda state, seat: [dict(action)]


#: A game's moves by phase and action type.
Moves = Mapping[str, Mapping[str, Move[S]]]
#: The phase that ends a game: it has no moves.
OVER = "over"
#: A game's phase names (its ``Literal`` of them).
P = TypeVar("P", bound=str)


class PhasedGame(Generic[P, S]):
    """The contract's ``legal_actions`` and ``apply`` from a table of :class:`Move` by phase
    (``state["phase"]``). Subclasses set :attr:`moves` (on the class, or in ``__init__``
    before calling this one's, when the moves depend on what the engine is given) and
    provide ``to_act``. ``S`` is the game's state type: the contract hands the moves its
    plain state, which is the game's (the engine made it). :attr:`transitions` declares
    where each phase may lead: every phase with moves leads somewhere, and nowhere but to
    phases with moves or to ``over``."""

    moves: Moves[S]
    #: The phases each phase may lead to by one action (itself where it may stay): declared
    #: by each game beside its moves, checked against them here and, in the tests, against
    #: every action of every playout.
    transitions: Mapping[P, frozenset[P]]

    def __init__(self) -> None:
        check_transitions(self.moves, self.transitions)
        self._handlers = {
            (phase, kind): (cast(Handler, move.handle), move.fields)
            for phase, table in self.moves.items()
            for kind, move in table.items()
        }

    def to_act(self, state: State) -> list[Seat]:
        raise NotImplementedError

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        """Every legal action of the seat that may act now (none for any other seat)."""
        checked = as_seat(seat)
        if checked is None or checked not in self.to_act(state):
            return []
        return [
            action
            for move in self.moves[state["phase"]].values()
            for action in move.legal(cast(S, state), checked)
        ]

    def apply(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
        return apply_by_phase(state, seat, action, self.to_act(state), self._handlers)


def check_transitions(moves: Moves[S], transitions: Mapping[P, frozenset[P]]) -> None:
    """The declared transitions cover the moves' phases exactly and lead only to them or to
    ``over``: a phase added to the moves without its transitions (or the other way round)
    is a bug found when the engine is made."""
    phases = {phase for phase, table in moves.items() if table}  # an empty table: an end
    if set(transitions) != phases:
        raise InternalError(
            f"transitions declared for {sorted(transitions)}, moves for {sorted(phases)}"
        )
    targets: set[str] = set().union(*transitions.values())
    if not targets <= set(moves) | {OVER}:
        strays = sorted(targets - set(moves) - {OVER})
        raise InternalError(f"transitions lead to phases without moves: {strays}")
