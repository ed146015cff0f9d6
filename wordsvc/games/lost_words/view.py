"""The shape of a Lost Words view: what ``engine.view(state, seat)`` shows a seat (or a
spectator), to every value. The engine builds it as :class:`LostWordsView`, so that mypy
checks each key it sets; the bots read the contract's plain view as this at their door
(:func:`typed_view`), every value typed."""

# No ``from __future__ import annotations`` here: Python 3.11 sees ``NotRequired`` only in
# annotations it evaluates, and the tests read the optional keys at run time.
from collections.abc import Mapping
from typing import NotRequired, TypedDict, cast

from wordsvc.games.contract import Action, Seat
from wordsvc.games.lost_words.state import Options, Pending, Phase, Slot, ThisTurn


class CardFace(TypedDict):
    """A card in hand, face up (``components.Card.face``): its kind (``nature``, ``spell``
    or ``action``), the nature it belongs to or the action's id, its names."""

    id: str
    kind: str
    name: str
    name_en: str
    name_de: NotRequired[str]


class SlotView(Slot):
    """A nature card in front of a player, as in the state, and whether its pair is
    protected (a Wall, or the Wild as its spell)."""

    protected: bool


class PlayerView(TypedDict):
    """A player: the hand for its own seat only (None for the others), its size for all."""

    hand: list[CardFace] | None
    hand_size: int
    nature: list[SlotView]
    skip: bool
    turns: int


class LostWordsView(TypedDict):
    """The whole view: the table (nature cards, middle, the discard pile's top) is open."""

    game: str
    options: Options
    phase: Phase
    active: int
    turn: int
    to_act: list[Seat]
    players: list[PlayerView]
    middle: list[str]
    discard_top: str | None
    discard_size: int
    draw_size: int
    this_turn: ThisTurn
    pending: Pending
    winner: int | None
    seat: Seat | None
    legal_actions: list[Action]


def typed_view(view: Mapping[str, object]) -> LostWordsView:
    """The contract's plain view as this game's. The engine builds exactly this shape:
    ``engine.view`` is checked against it by mypy, and the playout tests check the views
    they meet at run time."""
    return cast(LostWordsView, view)
