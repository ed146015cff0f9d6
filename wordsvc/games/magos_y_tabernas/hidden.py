"""What a Magos y Tabernas seat cannot see, for the search bot (wordsvc.games.search): the
other hands, every obstacle (their owners' too) and the deck's order, drawn afresh from the
cards the view leaves unaccounted for; and a quick score of a game under way, by how near
each side is to the beer."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import cast

from wordsvc.games import rng as random_
from wordsvc.games.contract import Action, BotError, Seat, State
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas.state import (
    Item,
    MagosYTabernasState,
    Player,
    plain,
    typed,
)
from wordsvc.games.magos_y_tabernas.table import team
from wordsvc.games.magos_y_tabernas.view import ItemFaces, ItemView, typed_view
from wordsvc.games.search import take_last

#: Every physical card, by id.
CARDS = tuple(parts.CATALOGUE)
#: What the view adds to an item of the stack: the faces of the cards it names.
_FACES = frozenset(ItemFaces.__annotations__)


class MagosYTabernasHidden:
    """:class:`wordsvc.games.search.Hidden` for Magos y Tabernas."""

    def determinise(self, view: Mapping[str, object], seat: Seat, rng: random.Random) -> State:
        v = typed_view(view)
        mine = v["players"][seat]["hand"]
        if mine is None:
            raise BotError("The view shows no hand for the bot's own seat.")
        stack = [_item(item) for item in v["stack"]]
        seen = {card["id"] for card in mine} | set(v["discard"])
        seen |= {o["id"] for p in v["players"] for o in p["objects"]}
        seen |= {c for item in stack for c in (item.get("card"), item.get("with")) if c}
        unseen = [c for c in CARDS if c not in seen]
        rng.shuffle(unseen)
        players: list[Player] = []
        for s, player in enumerate(v["players"]):
            hand = [c["id"] for c in mine] if s == seat else take_last(unseen, player["hand_size"])
            players.append(
                {
                    "obstacles": take_last(unseen, player["obstacles"]),
                    "hand": hand,
                    "objects": [{"card": o["id"], "life": o["life"]} for o in player["objects"]],
                    "orbs": player["orbs"],
                    "gems": player["gems"],
                    "level": player["level"],
                    "shielded": player["shielded"],
                    "turns": player["turns"],
                }
            )
        if len(unseen) != v["deck_size"]:
            raise BotError(f"The view leaves {len(unseen)} cards for a deck of {v['deck_size']}.")
        numbers = [item["id"] for item in stack] + [entry["item"] for entry in v["played"]]
        priority = v["priority"]
        state: MagosYTabernasState = {
            "game": v["game"],
            "options": v["options"].copy(),
            "rng": random_.new_rng(rng.getrandbits(63)),
            "players": players,
            "supply": v["supply"].copy(),
            "deck": unseen,
            "discard": list(v["discard"]),
            "active": v["active"],
            "turn": v["turn"],
            "phase": v["phase"],
            "point": v["point"],
            "stack": stack,
            "next_item": max(numbers, default=0) + 1,
            "priority": {"passed": list(priority["passed"])} if priority else None,
            "played": [entry.copy() for entry in v["played"]],
            "pending": v["pending"].copy(),
            "winner": v["winner"],
            "ended_by": v["ended_by"],
        }
        return plain(state)

    def evaluate(self, state: State) -> Sequence[float]:
        """Half a win, plus half the lead (or minus half the gap) in the way to the beer, in
        orbs (a gem 3, an obstacle taken 9, the beer the obstacles and 9 more), against the
        best other side."""
        typed_state = typed(state)
        count = len(typed_state["players"])
        shares = [_share(typed_state, seat) for seat in range(count)]
        sides = [team(typed_state, seat) for seat in range(count)]

        def rival(seat: Seat) -> float:
            others = [s for i, s in enumerate(shares) if sides[i] != sides[seat]]
            return max(others, default=shares[seat])

        return [0.5 + 0.5 * (shares[seat] - rival(seat)) for seat in range(count)]

    def complete(self, state: State, seat: Seat, action: Action, rng: random.Random) -> Action:
        """Every action of this game is listed whole: nothing is described."""
        raise BotError("Magos y Tabernas describes no action.")


def _share(state: MagosYTabernasState, seat: Seat) -> float:
    """How far a side's better member is on its way to the beer, from 0 to 1."""
    obstacles = parts.QUICK_OBSTACLES if state["options"]["quick"] else parts.OBSTACLES
    whole = (obstacles + 1) * parts.GEMS_PER_LEVEL * parts.ORBS_PER_GEM
    best = 0.0
    for s, me in enumerate(state["players"]):
        if team(state, s) == team(state, seat):
            got = (me["level"] * parts.GEMS_PER_LEVEL + me["gems"]) * parts.ORBS_PER_GEM
            best = max(best, min(1.0, (got + me["orbs"]) / whole))
    return best


def _item(item: ItemView) -> Item:
    """An item of the stack as the state holds it: the view's faces left out."""
    return cast(Item, {key: value for key, value in item.items() if key not in _FACES})
