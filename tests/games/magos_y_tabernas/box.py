"""What the property harness must know of Magos y Tabernas: its cards, wherever they lie
(the stack included), and the supply's orbs, gems and life gems, wherever they are. No
legal action is described with ``needs``: every one is listed."""

from __future__ import annotations

from collections import Counter

from tests.games.helpers import Box
from tests.games.magos_y_tabernas.tables import every_card, game
from wordsvc.games.contract import State


def components(state: State) -> Counter[str]:
    counted = every_card(state)
    players = state["players"]
    counted["orbs"] = state["supply"]["orbs"] + sum(p["orbs"] for p in players)
    counted["gems"] = state["supply"]["gems"] + sum(p["gems"] for p in players)
    counted["life gems"] = state["supply"]["life_gems"] + sum(
        o["life"] for p in players for o in p["objects"]
    )
    return counted


BOX = Box(game, components)
