"""The stack and its windows, after XMage and Forge's priority loop for *Magic: The
Gathering*, without its seat priority: "there is no player priority when playing Instant
cards" (the rulebook).

Every action is announced onto the stack as an item: taking an orb and drawing a card too, so
that Anulador and Interrupción can cancel them. An announcement opens a window: every seat
that may respond is asked at once, and may play an instant, Flash a card, consume an object
whose consume cost is 0, or ``pass``. The first to act claims the window (a session takes
actions in their order of arrival): its item goes on the stack and a new window opens. When
every seat asked has passed, the top item resolves (last in, first out), and a window opens
again, the stack empty or not. With the stack empty a window is the last chance before play
goes on: the active seat is back in ``main`` with its action point, or, the point spent or
given up, the turn passes.

A seat that can do nothing at all by what everyone sees (no card in hand, no object it may
consume at any moment, no action point) is not asked: that skips empty windows without telling
anyone what a hand holds.
"""

from __future__ import annotations

from collections.abc import Iterable

from wordsvc.games.contract import Event, Seat
from wordsvc.games.magos_y_tabernas import effects, table
from wordsvc.games.magos_y_tabernas.state import Item, ItemFields, MagosYTabernasState
from wordsvc.games.magos_y_tabernas.table import design, player


def announce(
    state: MagosYTabernasState, seat: Seat, kind: str, named: ItemFields, events: list[Event]
) -> None:
    """Put an item of ``kind`` naming ``named`` on the stack and open a window on it."""
    item: Item = {"id": state["next_item"], "seat": seat, "kind": kind, **named}
    state["next_item"] += 1
    state["stack"].append(item)
    if item["kind"] in ("play", "consume") and effects.copyable(design(item["effect"])):
        state["played"].append({"item": item["id"], "seat": seat, "card": item["effect"]})
    events.append(Event("announced", dict(item)))
    open_window(state, events)


def open_window(
    state: MagosYTabernasState, events: list[Event], passed: Iterable[Seat] = ()
) -> None:
    """Open a window in which every seat that may respond is asked, but those ``passed``."""
    state["phase"] = "priority"
    state["priority"] = {"passed": sorted(passed)}
    advance(state, events)


def waiting(state: MagosYTabernasState) -> list[Seat]:
    """The seats the open window asks: each that may respond and has not passed, in turn
    order from the active seat's left. Any of them may act first; the order is only the one
    in which a session's bots answer (``docs/rules/magos-y-tabernas.md``)."""
    passed = table.priority(state)["passed"]
    return [
        s
        for s in table.seats_from(state, table.next_seat(state, state["active"]))
        if s not in passed and may_respond(state, s)
    ]


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


def pass_priority(state: MagosYTabernasState, seat: Seat, events: list[Event]) -> None:
    events.append(Event("passed", {"seat": seat}))
    held = state["priority"] = table.priority(state)
    held["passed"] = sorted({*held["passed"], seat})
    advance(state, events)


def advance(state: MagosYTabernasState, events: list[Event]) -> None:
    """Once the open window asks nobody: resolve the top item and open the next window, or,
    with the stack empty, close it (:func:`close`)."""
    while state["phase"] == "priority" and not waiting(state):
        if not state["stack"]:
            close(state, events)
            return
        resolve_top(state, events)
        if state["phase"] == "priority":
            resume(state, events)


def resume(state: MagosYTabernasState, events: list[Event]) -> None:
    """After an item has resolved (and any discard it asked for): a window for everyone. With
    the stack empty and the action point still to spend, the active seat is not asked: play
    comes back to it."""
    if state["phase"] == "over":
        return
    keeps_point = not state["stack"] and state["point"] > 0
    state["phase"] = "priority"
    state["priority"] = {"passed": [state["active"]] if keeps_point else []}


def close(state: MagosYTabernasState, events: list[Event]) -> None:
    """The window on an empty stack closes: the active seat is back in ``main``, or, its
    point spent or given up, the turn passes."""
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
