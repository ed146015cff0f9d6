"""What the property harness must know of Wizards Wanted: its jobs, mushrooms, seals,
licences and charm tokens, wherever they lie (coins, dust and fame come from the bank and
are not counted). No legal action is described with ``needs``: every one is listed."""

from __future__ import annotations

from collections import Counter

from tests.games.helpers import Box
from tests.games.wizards_wanted.tables import every_job, game
from wordsvc.games.contract import State


def components(state: State) -> Counter[str]:
    counted = every_job(state)
    players = state["players"]
    counted.update(state["mushroom_pile"] + state["mushroom_discard"])
    for cards in state["board_mushrooms"].values():
        counted.update(cards)
    for player in players:
        counted.update(player["mushrooms"])
    counted.update(state["seals"] + state["box"]["seals"])
    counted.update(state["courtyard"] + state["box"]["licences"])
    counted.update(p[held] for p in players for held in ("seal", "licence") if p[held])
    counted["charms"] = sum(state["charms"].values()) + sum(len(p["charms"]) for p in players)
    return counted


BOX = Box(game, components)
