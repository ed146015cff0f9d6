"""The shape of a Wizards Wanted game's state: what ``setup.deal`` makes and every move keeps
(a JSON document the session store holds as it is). The engine reads the contract's plain
state as this at its door (:func:`typed`) and hands it back plain (:func:`plain`)."""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from wordsvc.games.contract import State

#: What a wizard pays with: dust or coins (and the mushrooms worth them).
Money = Literal["dust", "coins"]
#: The game's steps (``moves.TRANSITIONS`` says where each may lead).
Phase = Literal["choose", "place", "move", "action", "castle", "over"]


class Options(TypedDict):
    """The normalised options (``options.normalise_options``)."""

    players: int
    first_player: int | None
    wizards: Literal["chosen", "random", "by_seat"]
    inspector_ends: Literal["on_top", "drawn"]
    catch_up_dust: int
    turn_limit: int | None


class Player(TypedDict):
    """A wizard: where it stands, its purse, fame (by source), charms, the jobs done, the
    mushrooms held (their ids), its licence and secret seal, the licences it saw."""

    position: str | None
    dust: int
    coins: int
    fame: int
    fame_sources: dict[str, int]
    starting_charm: str | None
    charms: list[str]
    jobs: list[str]
    mushrooms: list[str]
    licence: str | None
    seal: str | None
    seen_licences: list[str]
    turns: int


class Village(TypedDict):
    """A village's job card (face up or down) and the coins lying on it."""

    job: str | None
    face_up: bool
    coins: int


class Box(TypedDict):
    """What was put back in the box unseen."""

    jobs: list[str]
    seals: list[str]
    licences: list[str]


class ThisTurn(TypedDict):
    walked: int
    charm_taken: bool


class WizardsWantedState(TypedDict):
    game: str
    options: Options
    rng: dict[str, int]
    players: list[Player]
    villages: dict[str, Village]
    deck: list[str]
    seals: list[str]
    courtyard: list[str]
    box: Box
    board_mushrooms: dict[str, list[str]]
    mushroom_pile: list[str]
    mushroom_discard: list[str]
    charms: dict[str, int]
    mountain_pixie: int
    forest_pixie: int
    first_player: int
    active: int
    turn: int
    phase: Phase
    this_turn: ThisTurn
    inspector: bool
    ended_by: str | None


def typed(state: State) -> WizardsWantedState:
    """The contract's state as this game's (it is one: the engine made it)."""
    return cast(WizardsWantedState, state)


def plain(state: WizardsWantedState) -> State:
    """This game's state as the contract's."""
    return cast(State, state)
