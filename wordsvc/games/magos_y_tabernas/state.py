"""The shape of a Magos y Tabernas game's state: what ``setup.deal`` makes and every move
keeps (a JSON document the session store holds as it is). The engine reads the contract's
plain state as this at its door (:func:`typed`) and hands it back plain (:func:`plain`)."""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from wordsvc.games.contract import State

#: What a mage gains and loses from the supply.
Resource = Literal["orbs", "gems"]
#: The game's steps (``moves.TRANSITIONS`` says where each may lead).
Phase = Literal["main", "priority", "discard", "reduce", "over"]


class Options(TypedDict):
    """The normalised options (``options.normalise_options``)."""

    players: int
    first_player: int | None
    teams: bool
    quick: bool
    anulador_consume_cost: Literal[0, 1]
    second_player_start: Literal["nothing", "card", "orb"]
    turn_limit: int | None


class InPlay(TypedDict):
    """An object in play, with the life gems left on it."""

    card: str
    life: int


class Player(TypedDict):
    obstacles: list[str]
    hand: list[str]
    objects: list[InPlay]
    orbs: int
    gems: int
    level: int
    shielded: bool
    turns: int


class Supply(TypedDict):
    orbs: int
    gems: int
    life_gems: int


#: What an item of the stack names besides its kind: the card played, laid down or consumed,
#: the effect that happens (another card's, for Plagio or a copy), the card played ``with``
#: it, and its targets (``effects.TARGET_FIELDS``). (``with`` is a keyword: hence the form.)
ItemFields = TypedDict(
    "ItemFields",
    {
        "card": str,
        "effect": str,
        "with": str,
        "target": int,
        "object": str,
        "item": int,
        "played": int,
    },
    total=False,
)


class Item(ItemFields):
    """An item of the stack: its number, its seat and what it does (``orb``, ``draw``,
    ``lay_down``, ``play``, ``consume``, ``copy``)."""

    id: int
    seat: int
    kind: str


class Played(TypedDict):
    """A card played this turn that a copy may name: its item, seat and card."""

    item: int
    seat: int
    card: str


class Priority(TypedDict):
    """An open window: the seats that have passed since it opened. Every other seat that
    may respond is asked at once (``stack.waiting``)."""

    passed: list[int]


class Pending(TypedDict, total=False):
    """A discard the game waits on: whose, how many, and why (``effect`` or ``hand_limit``);
    empty otherwise."""

    seat: int
    discard: int
    reason: Literal["effect", "hand_limit"]


class MagosYTabernasState(TypedDict):
    game: str
    options: Options
    rng: dict[str, int]
    players: list[Player]
    supply: Supply
    deck: list[str]
    discard: list[str]
    active: int
    turn: int
    phase: Phase
    point: int
    stack: list[Item]
    next_item: int
    priority: Priority | None
    played: list[Played]
    pending: Pending
    winner: list[int] | None
    ended_by: str | None


def typed(state: State) -> MagosYTabernasState:
    """The contract's state as this game's (it is one: the engine made it)."""
    return cast(MagosYTabernasState, state)


def plain(state: MagosYTabernasState) -> State:
    """This game's state as the contract's."""
    return cast(State, state)
