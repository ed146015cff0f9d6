"""Card effects: the targets each needs, their checks, and the interpreter of the steps.

An effect is data (``components.Step``: an op, a target kind, a count); this module knows the
ops and never a card by its name. Target kinds become action fields:

========== ========== =====================================================================
kind       field      what it names
========== ========== =====================================================================
opponent   ``target`` a seat of another side
self       ``target`` optional: the seat itself or, in 2 vs 2, its partner
object     ``object`` an object in play with life gems (any player's), by card id
stack      ``item``   an item on the stack, by its number
played     ``played`` a card played this turn (``state["played"]``), by its item number;
                      the copied effect's own targets come with it
========== ========== =====================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import product
from typing import cast

from wordsvc.games.contract import Action, Event, RuleError, Seat
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas import table
from wordsvc.games.magos_y_tabernas.state import (
    Item,
    ItemFields,
    MagosYTabernasState,
    Played,
    Resource,
)
from wordsvc.games.magos_y_tabernas.table import design, player

#: The action field each target kind is named by (``hand`` is Flash's ``with``).
FIELD_OF = {"opponent": "target", "self": "target", "object": "object", "stack": "item"}
TARGET_FIELDS = ("target", "object", "item", "played")


def targets_named(action: Action) -> ItemFields:
    """The targets an action names (``TARGET_FIELDS``), as its item of the stack keeps them."""
    return cast(ItemFields, {f: action[f] for f in TARGET_FIELDS if f in action})


def copyable(card: parts.Card) -> bool:
    """Plagio copies a card's effect, never Flash's or another Plagio's (Interpretations)."""
    return not any(step.op in ("copy", "flash") for step in card.effect)


def _kinds(effect: Sequence[parts.Step]) -> list[str]:
    kinds = {step.target for step in effect}
    if "opponent" in kinds:  # one player target per card: a harmful step takes it
        kinds.discard("self")
    return [k for k in ("opponent", "self", "object", "stack", "played") if k in kinds]


def _choices(state: MagosYTabernasState, seat: Seat, kind: str) -> Sequence[int | str]:
    if kind == "opponent":
        return table.opponents(state, seat)
    if kind == "self":
        return table.beneficiaries(state, seat)
    if kind == "object":  # only objects with gem have life gems to remove (Interpretations)
        return [o["card"] for p in state["players"] for o in p["objects"] if o["life"] > 0]
    if kind == "stack":
        return [item["id"] for item in state["stack"]]
    return [r["item"] for r in state["played"]]


def record(state: MagosYTabernasState, played: object) -> Played:
    """The card played this turn that ``played`` names, or the RuleError saying why not."""
    for entry in state["played"]:
        if entry["item"] == played and type(played) is int:
            return entry
    raise RuleError(
        "bad_target",
        "`played` names a card played this turn (not an object laid down, Flash or Plagio).",
        {"played": played, "choices": [r["item"] for r in state["played"]]},
    )


def check_targets(state: MagosYTabernasState, seat: Seat, card: parts.Card, action: Action) -> None:
    """Every target ``card``'s effect needs is in ``action`` and valid now, and no target
    field it does not need is there (``missing_target``, ``bad_target``,
    ``malformed_action``)."""
    used = set()
    effect = card.effect
    for kind in _kinds(effect):
        if kind == "played":
            used.add("played")
            if "played" not in action:
                raise RuleError("missing_target", "Name the card to copy in `played`.")
            effect = design(record(state, action["played"])["card"]).effect
            for inner in _kinds(effect):
                used.add(FIELD_OF[inner])
                _check_one(state, seat, inner, action)
            continue
        used.add(FIELD_OF[kind])
        _check_one(state, seat, kind, action)
    stray = sorted(f for f in TARGET_FIELDS if f in action and f not in used)
    if stray:
        raise RuleError(
            "malformed_action",
            f"{card.name_en} takes no {', '.join(f'`{f}`' for f in stray)}.",
            {"unknown": stray},
        )


def _check_one(state: MagosYTabernasState, seat: Seat, kind: str, action: Action) -> None:
    field = FIELD_OF[kind]
    if field not in action:
        if kind == "self":
            return  # the player's own, by default
        raise RuleError("missing_target", f"This effect needs `{field}`.", {"field": field})
    value = action[field]
    choices = _choices(state, seat, kind)
    numbered = kind in ("opponent", "self", "stack")  # seats and item numbers: ints, no bool
    if (type(value) is not int if numbered else not isinstance(value, str)) or value not in choices:
        raise RuleError(
            "bad_target",
            {
                "opponent": "`target` must be a seat of the other side.",
                "self": "`target` must be your own seat or your partner's.",
                "object": "`object` must be an object in play with life gems.",
                "stack": "`item` must be an item on the stack.",
            }[kind],
            {"field": field, "value": value, "choices": choices},
        )


def target_options(
    state: MagosYTabernasState, seat: Seat, card: parts.Card
) -> Iterator[dict[str, int | str]]:
    """Every valid combination of targets for ``card`` (the legal actions list them all)."""
    kinds = _kinds(card.effect)
    if "played" in kinds:
        rest = [k for k in kinds if k != "played"]
        for entry in state["played"]:
            copied = design(entry["card"])
            for inner in target_options(state, seat, copied):
                for outer in _combos(state, seat, rest):
                    yield {"played": entry["item"], **outer, **inner}
        return
    yield from _combos(state, seat, kinds)


def _combos(
    state: MagosYTabernasState, seat: Seat, kinds: Sequence[str]
) -> Iterator[dict[str, int | str]]:
    """Each combination of choices, leaving out ``target`` where it can only be oneself."""
    named = [k for k in kinds if k != "self" or len(table.beneficiaries(state, seat)) > 1]
    fields = [FIELD_OF[k] for k in named]
    pools = [_choices(state, seat, k) for k in named]
    for values in product(*pools):
        yield dict(zip(fields, values, strict=True))


#: What an attack's op takes from the player it aims at.
_TAKES: dict[str, Resource] = {"destroy_gems": "gems", "steal_orb": "orbs"}


def takes_nothing(state: MagosYTabernasState, action: Action) -> Resource | None:
    """What a card played at a player (Atacar, Carterista; a Flash partner's too) would take
    that the player has none of now: the play changes nothing if it resolves as things stand,
    so a table can warn before the action point is spent. None otherwise (a copy by Plagio,
    whose card is the one copied, is not judged)."""
    if action.get("type") != "play" or "target" not in action or "played" in action:
        return None
    card, aimed = design(str(action.get("with", action.get("card")))), action["target"]
    if not isinstance(aimed, int) or not 0 <= aimed < len(state["players"]):
        return None
    for step in card.effect:
        what = _TAKES.get(step.op)
        if what is not None and step.target == "opponent" and not player(state, aimed)[what]:
            return what
    return None


# --- resolution ------------------------------------------------------------------------------


def run(state: MagosYTabernasState, item: Item, card: parts.Card, events: list[Event]) -> None:
    """``card``'s effect for the item's controller, with the item's targets; a target that
    has gone (an object destroyed, an item already off the stack) makes its step fizzle."""
    seat: Seat = item["seat"]
    harmful = "opponent" in _kinds(card.effect)
    for step in card.effect:
        aimed: Seat = seat
        if step.target == "opponent" or (step.target == "self" and not harmful):
            aimed = item.get("target", seat)
        _OPS[step.op](state, seat, aimed, step, item, events)
        if state["phase"] == "over":
            return


Op = Callable[[MagosYTabernasState, Seat, Seat, parts.Step, Item, list[Event]], None]
"""A step's op: (state, controller, the player aimed at, the step, the item, events)."""


def _gain(what: Resource) -> Op:
    def op(
        state: MagosYTabernasState,
        seat: Seat,
        aimed: Seat,
        step: parts.Step,
        item: Item,
        events: list[Event],
    ) -> None:
        table.gain(state, aimed, what, step.n or 0, events)

    return op


def _spared(state: MagosYTabernasState, aimed: Seat, what: Resource, events: list[Event]) -> bool:
    """Whether an attack on ``aimed``'s gems or orbs (``what``) is stopped: by a shield this
    turn (Escudo, Amuleto), else by an object that takes a life gem instead (Torre de
    Guardia). An attack that would take nothing is not stopped: the tower loses nothing."""
    if not player(state, aimed)[what]:
        return False
    if player(state, aimed)["shielded"]:
        events.append(Event("shielded", {"seat": aimed}))
        return True
    for obj, _ in table.passives(state, aimed, "protect"):
        events.append(Event("absorbed", {"seat": aimed, "object": obj["card"]}))
        table.remove_life_gems(state, obj["card"], 1, events)
        return True
    return False


def _destroy_gems(
    state: MagosYTabernasState,
    seat: Seat,
    aimed: Seat,
    step: parts.Step,
    item: Item,
    events: list[Event],
) -> None:
    if not _spared(state, aimed, "gems", events):
        lost = table.lose(state, aimed, "gems", step.n or 0)
        events.append(Event("gems_destroyed", {"seat": aimed, "gems": lost}))
        table.settle(state, events)  # gems back in the supply may let orbs become one


def _steal_orbs(
    state: MagosYTabernasState,
    seat: Seat,
    aimed: Seat,
    step: parts.Step,
    item: Item,
    events: list[Event],
) -> None:
    if _spared(state, aimed, "orbs", events):
        return
    taken = min(step.n or 0, player(state, aimed)["orbs"])
    player(state, aimed)["orbs"] -= taken
    player(state, seat)["orbs"] += taken
    events.append(Event("orbs_stolen", {"seat": seat, "from": aimed, "orbs": taken}))
    table.settle(state, events)


def _destroy_life_gems(
    state: MagosYTabernasState,
    seat: Seat,
    aimed: Seat,
    step: parts.Step,
    item: Item,
    events: list[Event],
) -> None:
    table.remove_life_gems(state, item["object"], step.n or 0, events)


def _protect(
    state: MagosYTabernasState,
    seat: Seat,
    aimed: Seat,
    step: parts.Step,
    item: Item,
    events: list[Event],
) -> None:
    player(state, aimed)["shielded"] = True
    events.append(Event("protected", {"seat": aimed, "until": step.until}))


def _draw(
    state: MagosYTabernasState,
    seat: Seat,
    aimed: Seat,
    step: parts.Step,
    item: Item,
    events: list[Event],
) -> None:
    for _ in range(step.n or 0):
        table.draw(state, aimed, events)


def _discard(
    state: MagosYTabernasState,
    seat: Seat,
    aimed: Seat,
    step: parts.Step,
    item: Item,
    events: list[Event],
) -> None:
    """The aimed player discards n cards of their choice: at once when they hold no more
    than n, else they are asked (the ``discard`` step)."""
    hand = player(state, aimed)["hand"]
    n = step.n or 0
    if len(hand) <= n:
        table.discard(state, *hand)
        events.append(Event("discarded", {"seat": aimed, "cards": list(hand)}))
        hand.clear()
        return
    state["pending"] = {"seat": aimed, "discard": n, "reason": "effect"}


def _cancel(
    state: MagosYTabernasState,
    seat: Seat,
    aimed: Seat,
    step: parts.Step,
    item: Item,
    events: list[Event],
) -> None:
    for target in state["stack"]:
        if target["id"] == item["item"]:
            state["stack"].remove(target)
            table.discard(state, target.get("card"), target.get("with"))
            events.append(Event("cancelled", {"item": target["id"], "by": item["id"]}))
            return
    events.append(Event("fizzled", {"item": item["item"], "reason": "not_on_stack"}))


_OPS: dict[str, Op] = {
    "gain_orbs": _gain("orbs"),
    "gain_gems": _gain("gems"),
    "destroy_gems": _destroy_gems,
    "steal_orb": _steal_orbs,
    "destroy_life_gems": _destroy_life_gems,
    "protect": _protect,
    "draw": _draw,
    "discard": _discard,
    "cancel": _cancel,
}
