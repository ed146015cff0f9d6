"""What the property harness must know of The Lost Words: its 80 cards, wherever they lie,
and how to fill in a discard described by ``needs``."""

from __future__ import annotations

import random
from collections import Counter

from tests.games.helpers import Box
from wordsvc.games.contract import State
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words.engine import LostWords

ALL_CARDS = Counter(list(parts.CATALOGUE))


def every_card(state: State) -> Counter[str]:
    cards = Counter(state["middle"] + state["out"] + state["draw"] + state["discard"])
    if "played" in state["pending"]:  # the Acorn, between its draws
        cards[state["pending"]["played"]] += 1
    for player in state["players"]:
        cards.update(player["hand"])
        for slot in player["nature"]:
            cards.update(c for c in (slot["card"], slot["spell"], slot["wall"]) if c)
    return cards


def fill(state: State, seat: int, action: dict, rng: random.Random) -> dict | None:
    """A discard of too many orders to list: ``count`` of the hand's cards, in any order."""
    assert action["needs"] == ["cards"], action
    return {"type": "discard", "cards": rng.sample(state["players"][seat]["hand"], action["count"])}


BOX = Box(LostWords(), every_card, fill)
