"""What the store hosts and how a table is asked for: a game with its bots and hooks
(:class:`HostedGame`), and who plays each seat of a new session (:class:`SeatSpec`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from wordsvc.games.contract import Bot, Game, Seat, State
from wordsvc.games.registry import SEAT_COUNT_OPTION, Review, WordRulesOf


@dataclass(frozen=True)
class HostedGame:
    """A game the store can host: its engine, its bots (by name) and its registry entry's
    hooks (:class:`~wordsvc.games.registry.GameEntry`)."""

    game: Game
    bots: Mapping[str, Callable[[], Bot]]
    word_rules: WordRulesOf | None = None
    seat_count_option: str | None = SEAT_COUNT_OPTION
    #: The bot a front end seats by default (the registry's best); None: the first by name.
    default_bot: str | None = None
    #: The type of the game's pass, which a human seat with its "answer only when I can"
    #: setting on makes by itself when it is the seat's one legal action; None: no setting.
    auto_pass_action: str | None = None
    #: Whether the state holds something aimed at a seat's side: with it, a human seat may
    #: choose "answer only when it concerns me" too; None: no such choice.
    concerns: Callable[[State, Seat], bool] | None = None
    #: The action types a human seat takes by itself when one is its one legal action.
    forced_actions: frozenset[str] = frozenset()
    #: The review of a finished game (plain values); None: the game has none.
    review: Review | None = None
    #: Options a table with a bot seat gets unless it sets them (a turn limit).
    with_bots: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: a human (who joins with a token later) or a bot, by its name."""

    kind: Literal["human", "bot"]
    bot: str | None = None
    name: str | None = None
