"""The table: the supply, the piles, each player's limits and resources, and the turn's start
and end. Every gain and loss of orbs and gems goes through here, so the supply is the game's
conservation law (docs/rules, Interpretations: spent and destroyed resources return to it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from wordsvc.errors import InternalError
from wordsvc.games import rng as random_
from wordsvc.games.contract import Event, Seat
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas.state import (
    InPlay,
    MagosYTabernasState,
    Player,
    Priority,
    Resource,
)

NAME = "magos-y-tabernas"


def design(card: str) -> parts.Card:
    return parts.CATALOGUE[card]


def player(state: MagosYTabernasState, seat: Seat) -> Player:
    return state["players"][seat]


def priority(state: MagosYTabernasState) -> Priority:
    """The open window (the ``priority`` step): who has passed since it opened. A session
    stored before issue 40 holds priority as ``holder`` and ``passes`` in a row, round the
    table; it reads as a window those seats have passed, without changing ``state``."""
    held = state["priority"]
    if held is None:
        raise InternalError("no priority window is open")
    if "passed" not in held:
        old = cast(dict[str, int], held)
        count = len(state["players"])
        return {"passed": sorted((old["holder"] - i) % count for i in range(1, old["passes"] + 1))}
    return held


def seats_from(state: MagosYTabernasState, seat: Seat) -> Iterator[Seat]:
    """Every seat once, in turn order, starting with ``seat``."""
    count = len(state["players"])
    return ((seat + i) % count for i in range(count))


def next_seat(state: MagosYTabernasState, seat: Seat) -> Seat:
    return (seat + 1) % len(state["players"])


def team(state: MagosYTabernasState, seat: Seat) -> int:
    """A seat's side: its pair in 2 vs 2 (seats 0 and 2 against 1 and 3), else itself."""
    return seat % 2 if state["options"]["teams"] else seat


def opponents(state: MagosYTabernasState, seat: Seat) -> list[Seat]:
    """The players a harmful effect may aim at: every other side's."""
    return [s for s in range(len(state["players"])) if team(state, s) != team(state, seat)]


def beneficiaries(state: MagosYTabernasState, seat: Seat) -> list[Seat]:
    """Who a beneficial effect may be given to: the player, and in 2 vs 2 the partner too
    ("many card effects are global", Interpretations)."""
    return [s for s in range(len(state["players"])) if team(state, s) == team(state, seat)]


def passives(
    state: MagosYTabernasState, seat: Seat, op: str
) -> Iterator[tuple[InPlay, parts.Step]]:
    """Each object of ``seat`` in play with a passive step ``op``, with that step."""
    for obj in player(state, seat)["objects"]:
        for step in design(obj["card"]).passive:
            if step.op == op:
                yield obj, step


def hand_limit(state: MagosYTabernasState, seat: Seat) -> int:
    """3, one more after the first obstacle taken, plus any passive that raises it."""
    me = player(state, seat)
    raised = sum(step.n or 0 for _, step in passives(state, seat, "raise_hand_limit"))
    return parts.HAND_LIMIT + (1 if me["level"] >= 1 else 0) + raised


def object_limit(state: MagosYTabernasState, seat: Seat) -> int:
    """3 objects in play, 4 after the second obstacle taken."""
    return parts.OBJECT_LIMIT + (1 if player(state, seat)["level"] >= 2 else 0)


def consume_cost(state: MagosYTabernasState, card: str) -> int:
    """Action points to consume an object: the card's, or the option's for Anulador."""
    found = design(card)
    if found.id == "anulador":
        cost: int = state["options"]["anulador_consume_cost"]
        return cost
    return found.consume_cost or 0


def orb_action_blocked(state: MagosYTabernasState, seat: Seat) -> bool:
    """Whether another player's object (Agujero Negro) forbids ``seat`` the orb action."""
    return orb_action_blocker(state, seat) is not None


def orb_action_blocker(state: MagosYTabernasState, seat: Seat) -> str | None:
    """Another player's object in play that forbids ``seat`` the orb action (Agujero Negro),
    by its card id; None when nothing does. The view says it, so a table can say why."""
    for other in range(len(state["players"])):
        if other != seat:
            for obj, _ in passives(state, other, "restrict_orb_action"):
                return obj["card"]
    return None


# --- piles ---------------------------------------------------------------------------------


def draw(state: MagosYTabernasState, seat: Seat, events: list[Event]) -> str | None:
    """The top card of the deck into ``seat``'s hand (None when deck and discard pile are
    both empty). The card is named only to the drawer."""
    if not state["deck"]:
        reshuffle(state, events)
    if not state["deck"]:
        events.append(Event("draw_failed", {"seat": seat}))
        return None
    card: str = state["deck"].pop()
    player(state, seat)["hand"].append(card)
    events.append(Event("drew", {"seat": seat, "hand_size": len(player(state, seat)["hand"])}))
    events.append(Event("drew_card", {"seat": seat, "card": card}, (seat,)))
    if not state["deck"]:
        reshuffle(state, events)
    return card


def reshuffle(state: MagosYTabernasState, events: list[Event]) -> None:
    """ "When the deck runs out, the cards in the discard pile are gathered, shuffled, and a
    new general deck is formed" (Other Rules), at once."""
    if state["deck"] or not state["discard"]:
        return
    state["deck"] = state["discard"]
    state["discard"] = []
    random_.shuffle(state["rng"], state["deck"])
    events.append(Event("reshuffled", {"deck_size": len(state["deck"])}))


def discard(state: MagosYTabernasState, *cards: str | None) -> None:
    state["discard"].extend(c for c in cards if c is not None)


def remove_life_gems(state: MagosYTabernasState, card: str, n: int, events: list[Event]) -> None:
    """``n`` life gems of an object in play back to the supply; left without any, it is
    destroyed. An object that never had life gems (a plain object, which "can stay there
    indefinitely") has none to lose and is not touched."""
    for owner, me in enumerate(state["players"]):
        for obj in me["objects"]:
            if obj["card"] != card:
                continue
            if obj["life"] == 0:
                events.append(Event("fizzled", {"object": card, "reason": "no_life_gems"}))
                return
            removed = min(n, obj["life"])
            obj["life"] -= removed
            state["supply"]["life_gems"] += removed
            events.append(Event("life_gems_removed", {"object": card, "life_gems": removed}))
            if obj["life"] == 0:
                me["objects"].remove(obj)
                discard(state, card)
                events.append(Event("object_destroyed", {"seat": owner, "object": card}))
            return
    events.append(Event("fizzled", {"object": card, "reason": "not_in_play"}))


# --- resources -----------------------------------------------------------------------------


def gain(
    state: MagosYTabernasState, seat: Seat, what: Resource, n: int, events: list[Event]
) -> int:
    """Up to ``n`` orbs or gems from the supply (what it has), then :func:`settle`."""
    got: int = min(n, state["supply"][what])
    state["supply"][what] -= got
    player(state, seat)[what] += got
    events.append(Event("gained", {"seat": seat, what: got}))
    settle(state, events)
    return got


def lose(state: MagosYTabernasState, seat: Seat, what: Resource, n: int) -> int:
    """Up to ``n`` of the player's orbs or gems back to the supply."""
    lost: int = min(n, player(state, seat)[what])
    player(state, seat)[what] -= lost
    state["supply"][what] += lost
    return lost


def settle(state: MagosYTabernasState, events: list[Event]) -> None:
    """Everything that happens "at once": 3 orbs become a gem while the supply has one, and 3
    gems take an obstacle card into the hand (a level) or, with none left, win the beer.
    Players are settled from the active one round the table until nothing changes, since
    spent gems back in the supply may let another player's orbs become a gem."""
    changed = True
    while changed and state["phase"] != "over":
        changed = False
        for seat in seats_from(state, state["active"]):
            me = player(state, seat)
            while me["orbs"] >= parts.ORBS_PER_GEM and state["supply"]["gems"] > 0:
                lose(state, seat, "orbs", parts.ORBS_PER_GEM)
                state["supply"]["gems"] -= 1
                me["gems"] += 1
                events.append(Event("orbs_to_gem", {"seat": seat}))
                changed = True
            while me["gems"] >= parts.GEMS_PER_LEVEL:
                lose(state, seat, "gems", parts.GEMS_PER_LEVEL)
                changed = True
                if not me["obstacles"]:
                    win(state, seat, events)
                    return
                card = me["obstacles"].pop()
                me["hand"].append(card)
                me["level"] += 1
                events.append(Event("levelled", {"seat": seat, "level": me["level"]}))
                events.append(Event("obstacle_taken", {"seat": seat, "card": card}, (seat,)))


def win(state: MagosYTabernasState, seat: Seat, events: list[Event]) -> None:
    side = [s for s in range(len(state["players"])) if team(state, s) == team(state, seat)]
    state["phase"] = "over"
    state["winner"] = side
    state["ended_by"] = "beer"
    state["priority"] = None
    events.append(Event("won_the_beer", {"seat": seat, "winners": side}))


# --- turns ---------------------------------------------------------------------------------


def start_turn(state: MagosYTabernasState, seat: Seat, events: list[Event]) -> None:
    """``seat`` gets its 1 action point; its objects' income (Caldero) arrives, each paying
    for it with one of its life gems (it boils dry: destroyed with the last)."""
    state["active"], state["phase"], state["point"] = seat, "main", 1
    state["played"], state["priority"] = [], None
    events.append(Event("turn_started", {"seat": seat, "turn": state["turn"]}))
    for obj, step in list(passives(state, seat, "income")):
        gain(state, seat, "orbs", step.n or 0, events)
        remove_life_gems(state, obj["card"], 1, events)
        if state["phase"] == "over":
            return


def end_turn(state: MagosYTabernasState, events: list[Event]) -> None:
    """The turn's end: first the hand limit ("discard or use the extra"), then shields
    lapse, the turn limit is checked, and the next seat starts."""
    seat = state["active"]
    extra = len(player(state, seat)["hand"]) - hand_limit(state, seat)
    if extra > 0:
        state["phase"] = "reduce"
        state["pending"] = {"seat": seat, "discard": extra, "reason": "hand_limit"}
        return
    for me in state["players"]:
        me["shielded"] = False
    player(state, seat)["turns"] += 1
    state["turn"] += 1
    limit = state["options"]["turn_limit"]
    if limit is not None and all(p["turns"] >= limit for p in state["players"]):
        state["phase"], state["ended_by"], state["winner"] = "over", "turn_limit", leaders(state)
        events.append(Event("turn_limit_reached", {"winners": state["winner"]}))
        return
    start_turn(state, next_seat(state, seat), events)


def progress(state: MagosYTabernasState, seat: Seat) -> tuple[int, int, int, int]:
    """How near a seat is to the beer: the beer, obstacles taken, gems, orbs."""
    me = player(state, seat)
    beer = 1 if state["winner"] and state["ended_by"] == "beer" and seat in state["winner"] else 0
    return (beer, me["level"], me["gems"], me["orbs"])


def side_progress(state: MagosYTabernasState, seat: Seat) -> tuple[int, int, int, int]:
    """How near a seat's side is to the beer: its best member's :func:`progress` (a pair
    wins, and is ranked, together)."""
    return max(
        progress(state, other)
        for other in range(len(state["players"]))
        if team(state, other) == team(state, seat)
    )


def leaders(state: MagosYTabernasState) -> list[Seat]:
    """The side(s) furthest on (the best member's progress counts for a pair)."""
    best = [side_progress(state, s) for s in range(len(state["players"]))]
    return [s for s, mine in enumerate(best) if mine == max(best)]
