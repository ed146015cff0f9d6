"""The stack and priority, as XMage and Forge run *Magic: The Gathering*'s.

Every action is announced onto the stack as an item: taking an orb and drawing a card too, so
that Anulador and Interrupción can cancel them. After an announcement priority passes round
the table from the seat after the one that acted; the seat holding it may play an instant,
Flash a card, consume an object whose consume cost is 0, or ``pass``. When every seat has
passed in a row the top item resolves (last in, first out), and priority goes round again from
the active player's left. An empty stack closes the window: the turn goes on, or ends if its
action point is spent.

A seat that can do nothing at all by what everyone sees (no card in hand, no object it may
consume at any moment) passes by itself: that skips empty rounds without telling anyone what a
hand holds.
"""

from __future__ import annotations

from wordsvc.games.contract import Event, Seat
from wordsvc.games.magos_y_tabernas import effects, table
from wordsvc.games.magos_y_tabernas.state import Item, ItemFields, MagosYTabernasState
from wordsvc.games.magos_y_tabernas.table import design, player


def announce(
    state: MagosYTabernasState, seat: Seat, kind: str, named: ItemFields, events: list[Event]
) -> None:
    """Put an item of ``kind`` naming ``named`` on the stack and open (or reopen) the
    priority window after ``seat``."""
    item: Item = {"id": state["next_item"], "seat": seat, "kind": kind, **named}
    state["next_item"] += 1
    state["stack"].append(item)
    if item["kind"] in ("play", "consume") and effects.copyable(design(item["effect"])):
        state["played"].append({"item": item["id"], "seat": seat, "card": item["effect"]})
    events.append(Event("announced", dict(item)))
    state["phase"] = "priority"
    state["priority"] = {"holder": table.next_seat(state, seat), "passes": 0}
    advance(state, events)


def may_respond(state: MagosYTabernasState, seat: Seat) -> bool:
    """Whether ``seat`` could do anything with priority, judged only by what is public: its
    unspent action point, a card in hand (any card may be an instant, or go with Flash), or
    an object it may consume now."""
    me = player(state, seat)
    if seat == state["active"] and state["point"] > 0:
        return True
    return bool(me["hand"]) or any(table.consume_cost(state, o["card"]) == 0 for o in me["objects"])


def concerns(state: MagosYTabernasState, seat: Seat) -> bool:
    """Whether the stack holds something another side announced against ``seat``'s side: aimed
    at one of its players, at one of their objects, or at one of their items on the stack.
    This is what a seat whose person chose "answer only when it concerns me" is asked about
    (``docs/sessions.md``); it reads only the public stack, so a pass it makes tells nothing
    of a hand."""
    side = set(table.beneficiaries(state, seat))
    objects = {o["card"] for s in side for o in player(state, s)["objects"]}
    items = {item["id"] for item in state["stack"] if item["seat"] in side}
    return any(
        item["seat"] not in side
        and (
            item.get("target") in side or item.get("object") in objects or item.get("item") in items
        )
        for item in state["stack"]
    )


def pass_priority(state: MagosYTabernasState, events: list[Event]) -> None:
    priority = table.priority(state)
    events.append(Event("passed", {"seat": priority["holder"]}))
    priority["passes"] += 1
    priority["holder"] = table.next_seat(state, priority["holder"])
    advance(state, events)


def advance(state: MagosYTabernasState, events: list[Event]) -> None:
    """Move priority on: skip seats that can do nothing, resolve the top item once every
    seat has passed in a row, and close the window when the stack is empty."""
    count = len(state["players"])
    while state["phase"] == "priority":
        priority = table.priority(state)
        if priority["passes"] >= count:
            resolve_top(state, events)
            if state["phase"] == "priority":
                resume(state, events)
            continue
        if may_respond(state, priority["holder"]):
            return
        priority["passes"] += 1
        priority["holder"] = table.next_seat(state, priority["holder"])


def resume(state: MagosYTabernasState, events: list[Event]) -> None:
    """After an item has resolved (and any discard it asked for): priority round again from
    the active player's left, or, with the stack empty, the window closes."""
    if state["phase"] == "over":
        return
    if state["stack"]:
        state["phase"] = "priority"
        state["priority"] = {"holder": table.next_seat(state, state["active"]), "passes": 0}
        return
    state["priority"] = None
    if state["point"] > 0:
        state["phase"] = "main"
    else:
        table.end_turn(state, events)


def resolve_top(state: MagosYTabernasState, events: list[Event]) -> None:
    """The last item announced happens, then its cards go where the rules send them."""
    item = state["stack"].pop()
    seat: Seat = item["seat"]
    kind = item["kind"]
    events.append(Event("resolving", {"item": item["id"], "kind": kind, "seat": seat}))
    if kind == "orb":
        table.gain(state, seat, "orbs", 1, events)
    elif kind == "draw":
        table.draw(state, seat, events)
    elif kind == "lay_down":
        life = design(item["card"]).life_gems or 0
        state["supply"]["life_gems"] -= life
        player(state, seat)["objects"].append({"card": item["card"], "life": life})
        events.append(Event("laid_down", {"seat": seat, "object": item["card"], "life": life}))
    else:  # play, consume, copy: the effect, then the cards to the discard pile
        effects.run(state, item, design(item["effect"]), events)
        table.discard(state, item["card"], item.get("with"))
    if state["pending"] and state["phase"] != "over":
        state["phase"] = "discard"
