"""Building Wizards Wanted positions for the tests: a dealt game, then the wizard, purse and
tokens a scenario needs, moved from wherever they were so that nothing is created or lost."""

from __future__ import annotations

from collections import Counter

from tests.games.helpers import SampledShape, assert_typed
from wordsvc.games.contract import State
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted import state as shape
from wordsvc.games.wizards_wanted.engine import WizardsWanted
from wordsvc.games.wizards_wanted.magic import ICONS

game = WizardsWanted()
ALL_JOBS = Counter([*parts.JOBS, parts.INSPECTOR_ID])
ALL_MUSHROOMS = Counter(list(parts.MUSHROOMS))


def table(players: int = 2, seed: int = 1, **options: object) -> State:
    """A new game in which seat 0 starts, seat i has the i-th wizard (``by_seat``), every
    wizard already placed at village-1, in seat 0's movement step."""
    state = game.new({"players": players, "first_player": 0, "wizards": "by_seat", **options}, seed)
    for player in state["players"]:
        player["position"] = "village-1"
    state["phase"] = "move"
    return state


def at(state: State, seat: int, space: str, dust: int | None = None, coins: int | None = None,
       mushrooms: list[str] | None = None, charms: list[str] | None = None) -> State:  # fmt: skip
    """Put ``seat``'s wizard on ``space`` with this purse, these mushrooms (taken from
    wherever they were) and these charm tokens (taken from their corners)."""
    me = state["players"][seat]
    me["position"] = space
    if dust is not None:
        me["dust"] = dust
    if coins is not None:
        me["coins"] = coins
    if mushrooms is not None:
        for where in (state["mushroom_pile"], state["mushroom_discard"],
                      *[p["mushrooms"] for p in state["players"]],
                      *state["board_mushrooms"].values()):  # fmt: skip
            where[:] = [m for m in where if m not in mushrooms]
        state["mushroom_pile"][:0] = me["mushrooms"]
        me["mushrooms"] = list(mushrooms)
    if charms is not None:
        corners = {charm: f"teleport-{charm}" for charm in ICONS}
        for charm in me["charms"]:
            state["charms"][corners[charm]] += 1
        for charm in charms:
            state["charms"][corners[charm]] -= 1
        me["charms"] = list(charms)
    assert_conserved(state)
    return state


def every_job(state: State) -> Counter[str]:
    cards = Counter(state["deck"] + state["box"]["jobs"])
    cards.update(slot["job"] for slot in state["villages"].values() if slot["job"])
    for player in state["players"]:
        cards.update(player["jobs"])
    if state["inspector"] and parts.INSPECTOR_ID not in state["deck"]:  # drawn, not on top
        cards[parts.INSPECTOR_ID] += 1
    return cards


def assert_shaped(state: State) -> None:
    """The state has the shape ``state.py`` declares, to every value."""
    assert_typed(state, shape.WizardsWantedState)


_SHAPE = SampledShape(shape.WizardsWantedState)


def assert_conserved(state: State) -> None:
    """No job, mushroom, seal, licence or charm created or lost; purses within the rules;
    fame always the sum of its sources; the declared shape (every 8th state checked)."""
    _SHAPE(state)
    assert every_job(state) == ALL_JOBS
    mushrooms = Counter(state["mushroom_pile"] + state["mushroom_discard"])
    for cards in state["board_mushrooms"].values():
        mushrooms.update(cards)
    for player in state["players"]:
        mushrooms.update(player["mushrooms"])
    assert mushrooms == ALL_MUSHROOMS
    seals = (
        state["seals"] + state["box"]["seals"] + [p["seal"] for p in state["players"] if p["seal"]]
    )
    assert sorted(seals) == sorted(parts.SEALS)
    licences = state["courtyard"] + state["box"]["licences"]
    licences += [p["licence"] for p in state["players"] if p["licence"]]
    assert sorted(licences) == sorted(parts.LICENCES)
    charms = sum(state["charms"].values()) + sum(len(p["charms"]) for p in state["players"])
    assert charms == 4 * parts.CHARMS_PER_CORNER
    walking = 5 if state["phase"] == "move" else 0  # a walk's gain is capped as movement ends
    for player in state["players"]:
        assert 0 <= player["dust"] <= parts.DUST_CAP + walking
        assert player["coins"] >= 0
        assert player["fame"] == sum(player["fame_sources"].values())


def act(state: State, seat: int, **action: object) -> tuple[State, list]:
    new, events = game.apply(state, seat, dict(action))
    assert_conserved(new)
    return new, events


def types(events: list) -> list[str]:
    return [e.type for e in events]
