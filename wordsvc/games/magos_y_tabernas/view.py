"""The shape of a Magos y Tabernas view: what ``engine.view(state, seat)`` shows a seat (or a
spectator), to every value. The engine builds it as :class:`MagosYTabernasView`, so that mypy
checks each key it sets; the bots read the contract's plain view as this at their door
(:func:`typed_view`), every value typed."""

# No ``from __future__ import annotations`` here: Python 3.11 sees ``NotRequired`` only in
# annotations it evaluates, and the tests read the optional keys at run time.
from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, cast

from wordsvc.games.contract import Action, Seat
from wordsvc.games.magos_y_tabernas.state import (
    Item,
    Options,
    Pending,
    Phase,
    Played,
    Priority,
    Supply,
)

#: A card's type (``components.CardType``'s values).
CardTypeName = Literal["spell", "instant", "object", "object_gem"]


class CardFace(TypedDict):
    """A card design face up (``components.Card.face``): its design id, names, type, cost in
    action points and text; an object's consume cost, an object with gem's life gems."""

    card: str
    name_es: str
    name_en: str
    type: CardTypeName
    cost: int
    text_en: str
    consume_cost: NotRequired[int]
    life_gems: NotRequired[int]


class CardView(CardFace):
    """A physical card face up, in hand or in play: its ``id`` (what actions name) before
    its design's face, an object's ``consume_cost`` the one these options give it."""

    id: str


class ObjectView(CardView):
    """An object in play, with the life gems left on it."""

    life: int


class PlayerView(TypedDict):
    """A mage: the hand for its own seat only (None for the others), its size for all; the
    obstacles only counted (nobody sees them); the limits and side the rules give it now."""

    hand: list[CardView] | None
    hand_size: int
    obstacles: int
    objects: list[ObjectView]
    orbs: int
    gems: int
    level: int
    hand_limit: int
    object_limit: int
    shielded: bool
    turns: int
    team: int


class ItemFaces(TypedDict, total=False):
    """The faces of the cards an item of the stack names: ``card``, ``with``, ``effect``."""

    card_face: CardFace
    with_face: CardFace
    effect_face: CardFace


class ItemView(Item, ItemFaces):
    """An item of the stack as in the state, with the face of each card it names beside
    the card's field (``card_face`` beside ``card``, ...)."""


class TakesNothing(TypedDict):
    """A legal play that would take nothing from its target now (``takes_nothing``)."""

    action: int
    what: str


class MagosYTabernasView(TypedDict):
    """The whole view: all but the hands, the obstacles and the deck's order is open;
    ``orbs_per_gem`` and ``gems_per_level`` are the rulebook's exchange rates."""

    game: str
    options: Options
    phase: Phase
    active: int
    turn: int
    point: int
    to_act: list[Seat]
    players: list[PlayerView]
    supply: Supply
    deck_size: int
    discard: list[str]
    stack: list[ItemView]
    priority: Priority | None
    played: list[Played]
    pending: Pending
    winner: list[int] | None
    ended_by: str | None
    orbs_per_gem: int
    gems_per_level: int
    seat: Seat | None
    legal_actions: list[Action]
    #: Legal plays at a player who has none of what they would take (Atacar at a player
    #: without gems): each ``{action: its index in legal_actions, what: "gems" | "orbs"}``.
    takes_nothing: list[TakesNothing]
    #: The card id of another player's object that forbids the seat the orb action
    #: (Agujero Negro); None when none does, or for a spectator.
    orb_blocked_by: str | None


def card_face(face: Mapping[str, object]) -> CardFace:
    """A design's ``Card.face()`` (a plain dict: ``components`` knows nothing of the view)
    as the view's; the playout tests check its shape."""
    return cast(CardFace, face)


def typed_view(view: Mapping[str, object]) -> MagosYTabernasView:
    """The contract's plain view as this game's. The engine builds exactly this shape:
    ``engine.view`` is checked against it by mypy, and the playout tests check the views
    they meet at run time."""
    return cast(MagosYTabernasView, view)
