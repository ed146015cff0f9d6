"""The shape of a Wizards Wanted view: what ``engine.view(state, seat)`` shows a seat (or a
spectator), to every value. The engine builds it as :class:`WizardsWantedView`, so that mypy
checks each key it sets; the bots read the contract's plain view as this at their door
(:func:`typed_view`), every value typed."""

# No ``from __future__ import annotations`` here: Python 3.11 sees ``NotRequired`` only in
# annotations it evaluates, and the tests read the optional keys at run time.
from collections.abc import Mapping
from typing import NotRequired, TypedDict, cast

from wordsvc.games.contract import Action, Seat
from wordsvc.games.wizards_wanted.state import Options, Phase, ThisTurn


class BackFace(TypedDict):
    """A job card's back (the Royal Inspector's looks like one): the mushroom space it
    seeds and the pixie it moves, if any."""

    mushroom_space: str
    pixie: str | None


class JobFace(TypedDict):
    """A face-up job: its dust cost, the fame and coins it pays, its magic icons."""

    id: str
    name: str
    cost: int
    fame: int
    coins: int
    icons: list[str]


class Pays(TypedDict):
    """What a face-up job pays the seat viewing, its charms' ``bonus`` included (a
    spectator sees the card's own terms)."""

    fame: int
    coins: int
    bonus: int


class MushroomFace(TypedDict):
    """A mushroom token face up: its type, its value (speed, dust, coin) or icon (magic)."""

    id: str
    type: str
    value: int | None
    icon: str | None


class SealFace(TypedDict):
    """A secret seal and its penalty in fame."""

    id: str
    penalty: int


class LicenceFace(TypedDict):
    """A licence card and its text."""

    id: str
    text_en: str


class ToadstoolFace(TypedDict):
    """The toadstool the Forest Pixie stands on: the marketplace's price of a lot of dust
    (``coins`` for ``dust``) and how many lots may be bought."""

    index: int
    coins: int
    dust: int
    max: int


class PlayerView(TypedDict):
    """A wizard as everyone sees it; ``seal`` and ``seen_licences`` only for its own seat
    (None for the others, and ``seal`` None without one)."""

    position: str | None
    dust: int
    coins: int
    fame: int
    fame_sources: dict[str, int]
    starting_charm: str | None
    charms: list[str]
    charm_counts: dict[str, int]
    jobs: list[str]
    icons: dict[str, int]
    experience: dict[str, int]
    mushrooms: list[MushroomFace]
    licence: str | None
    has_seal: bool
    seal: SealFace | None
    seen_licences: list[LicenceFace] | None
    turns: int


class VillageView(TypedDict):
    """A village: its job face up (with what it pays), or the back of a face-down one, or
    neither when empty; and the coins lying on it."""

    job: JobFace | None
    pays: Pays | None
    back: BackFace | None
    coins: int


class RouteView(TypedDict):
    """The planner's cheapest route to a space (``movement.Route``): its movement actions
    in order, their cost in all, the face-down mushroom spaces walked over."""

    steps: list[Action]
    dust: int
    coins: int
    mushrooms: list[str]


class WayView(TypedDict):
    """One way to reach a space (``ways.Way``); ``steps``, the spaces walked, for a walk only."""

    kind: str
    actions: list[Action]
    dust: int
    coins: int
    passes: list[str]
    mushroom: str | None
    charm: str | None
    steps: NotRequired[int]


class WizardsWantedView(TypedDict):
    """The whole view. ``reachable`` (move step) and ``ways`` (place and move steps) are
    there only for the seat to act; ``seals_left`` only once the game is over, ``courtyard``
    only for the wizard at the castle (None otherwise). ``taxi_to``, with ``ways``: where the
    Royal Bird Taxi would land the seat, when it may take it. ``inspector``: the Royal
    Inspector has been revealed (the game ends with this turn)."""

    game: str
    options: Options
    phase: Phase
    active: int
    first_player: int
    turn: int
    inspector: bool
    ended_by: str | None
    to_act: list[Seat]
    players: list[PlayerView]
    villages: dict[str, VillageView]
    deck_size: int
    deck_top_back: BackFace | None
    mushrooms_on_board: dict[str, int]
    mushroom_pile: int
    mushroom_discard: list[MushroomFace]
    charms: dict[str, int]
    mountain_pixie: int
    forest_pixie: int
    toadstool: ToadstoolFace
    seals_at_castle: int
    seals_left: list[SealFace] | None
    courtyard: list[LicenceFace] | None
    courtyard_size: int
    this_turn: ThisTurn
    walk_limit: int
    licence_fame: int
    seat: Seat | None
    legal_actions: list[Action]
    reachable: NotRequired[dict[str, RouteView]]
    ways: NotRequired[dict[str, list[WayView]]]
    taxi_to: NotRequired[str | None]


def typed_view(view: Mapping[str, object]) -> WizardsWantedView:
    """The contract's plain view as this game's. The engine builds exactly this shape:
    ``engine.view`` is checked against it by mypy, and the playout tests check the views
    they meet at run time."""
    return cast(WizardsWantedView, view)
