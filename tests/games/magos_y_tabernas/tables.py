"""Building Magos y Tabernas positions for the tests: a dealt game, then exactly the cards,
objects and resources a scenario needs, moved from wherever they were so that nothing is
created or lost."""

from __future__ import annotations

from collections import Counter

from wordsvc.games.contract import State
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas.engine import MagosYTabernas

game = MagosYTabernas()
ALL_CARDS = Counter(parts.deck())
SUPPLY = {"orbs": parts.ORBS, "gems": parts.GEMS, "life_gems": parts.LIFE_GEMS}


def table(players: int = 2, seed: int = 1, **options: object) -> State:
    """A new game in which seat 0 starts."""
    return game.new({"players": players, "first_player": 0, **options}, seed)


def give(
    state: State,
    seat: int,
    hand: list[str] | None = None,
    objects: list[str] | None = None,
    orbs: int | None = None,
    gems: int | None = None,
) -> State:
    """Give ``seat`` exactly this hand, these objects in play (with all their life gems) and
    these resources; displaced cards go to the bottom of the deck, resources to the supply."""
    wanted = [*(hand or []), *(objects or [])]
    for player in state["players"]:
        player["hand"] = [c for c in player["hand"] if c not in wanted]
        for index, card in enumerate(player["obstacles"]):
            if card in wanted:
                spare = next(c for c in state["deck"] if c not in wanted)
                state["deck"].remove(spare)
                player["obstacles"][index] = spare
        for obj in list(player["objects"]):
            if obj["card"] in wanted:
                player["objects"].remove(obj)
                state["supply"]["life_gems"] += obj["life"]
    state["deck"] = [c for c in state["deck"] if c not in wanted]
    state["discard"] = [c for c in state["discard"] if c not in wanted]
    me = state["players"][seat]
    if hand is not None:
        state["deck"][:0] = me["hand"]
        me["hand"] = list(hand)
    if objects is not None:
        for obj in me["objects"]:
            state["deck"].insert(0, obj["card"])
            state["supply"]["life_gems"] += obj["life"]
        me["objects"] = []
        for card in objects:
            life = parts.CATALOGUE[card].life_gems or 0
            state["supply"]["life_gems"] -= life
            me["objects"].append({"card": card, "life": life})
    for what, value in (("orbs", orbs), ("gems", gems)):
        if value is not None:
            state["supply"][what] += me[what] - value
            me[what] = value
    assert_conserved(state)
    return state


def every_card(state: State) -> Counter[str]:
    cards = Counter(state["deck"] + state["discard"])
    for player in state["players"]:
        cards.update(player["hand"] + player["obstacles"])
        cards.update(obj["card"] for obj in player["objects"])
    for item in state["stack"]:
        cards.update(c for c in (item.get("card"), item.get("with")) if c)
    return cards


def assert_conserved(state: State) -> None:
    """No card created or lost; the supply plus every player's orbs, gems and life gems in
    play is the rulebook's 9, 9 and 6; nothing negative."""
    assert every_card(state) == ALL_CARDS, "a card was created or lost"
    players = state["players"]
    held = {
        "orbs": sum(p["orbs"] for p in players),
        "gems": sum(p["gems"] for p in players),
        "life_gems": sum(o["life"] for p in players for o in p["objects"]),
    }
    for what, total in SUPPLY.items():
        assert state["supply"][what] >= 0
        assert held[what] >= 0
        assert state["supply"][what] + held[what] == total, what
    assert all(p["orbs"] >= 0 and p["gems"] >= 0 for p in players)


def act(state: State, seat: int, **action: object) -> tuple[State, list]:
    new, events = game.apply(state, seat, dict(action))
    assert_conserved(new)
    return new, events


def pass_round(state: State) -> tuple[State, list]:
    """Every seat passes until the stack is empty and the window closes."""
    events: list = []
    while state["phase"] == "priority":
        state, more = act(state, game.to_act(state)[0], type="pass")
        events += more
    return state, events


def end_turn(state: State, seat: int) -> tuple[State, list]:
    """``seat`` ends its turn, and every seat asked in the window before it passes passes."""
    state, events = act(state, seat, type="end")
    state, more = pass_round(state)
    return state, events + more


def types(events: list) -> list[str]:
    return [e.type for e in events]
