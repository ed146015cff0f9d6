"""The shape of a Lost Words game's state: what ``setup.deal`` makes and every move keeps (a
JSON document the session store holds as it is). The engine reads the contract's plain
state as this at its door (:func:`typed`) and hands it back plain (:func:`plain`)."""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from wordsvc.games.contract import State

#: The game's steps (``moves.TRANSITIONS`` says where each may lead).
Phase = Literal["draw", "acorn", "act", "chestnut_reply", "reduce", "over"]


class Options(TypedDict):
    """The normalised options (``options.normalise_options``)."""

    players: int
    first_player: int | None
    swap_paired: Literal["forbid", "discard_spell"]
    skylark_further_action: Literal["required", "optional"]


class Slot(TypedDict):
    """A nature card in front of a player, with the spell paired with it and its wall."""

    card: str
    spell: str | None
    wall: str | None


class Player(TypedDict):
    nature: list[Slot]
    hand: list[str]
    skip: bool
    turns: int


class Pending(TypedDict, total=False):
    """What a step in the middle of a turn waits on: the Acorn's draws left and the card
    played (``acorn``), or the Chestnut's taken spell, whose owner may re-pair the nature
    card (``chestnut_reply``); empty otherwise."""

    draws: int
    played: str
    target: int
    nature: str
    card: str


class ThisTurn(TypedDict, total=False):
    """The turn's actions left and taken, the Skylark's and the last Heron's outcome (empty
    before the first turn)."""

    actions_left: int
    acted: int
    skylark: bool
    last_heron: Literal["success", "failure"] | None


class LostWordsState(TypedDict):
    game: str
    options: Options
    rng: dict[str, int]
    players: list[Player]
    middle: list[str]
    out: list[str]
    draw: list[str]
    discard: list[str]
    active: int
    turn: int
    phase: Phase
    pending: Pending
    this_turn: ThisTurn
    winner: int | None


def typed(state: State) -> LostWordsState:
    """The contract's state as this game's (it is one: the engine made it)."""
    return cast(LostWordsState, state)


def plain(state: LostWordsState) -> State:
    """This game's state as the contract's."""
    return cast(State, state)
