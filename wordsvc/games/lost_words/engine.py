"""The Lost Words rules engine (``shared/rulebooks/the-lost-words.md``), by the engine contract.

A turn is three steps: ``draw`` (from the pile, or the top spell of the discard pile), ``act``
(one action: pair, an action card, or a swap, or none; the Skylark gives one further action)
ended with ``end``, and ``reduce`` (refill to 3 by drawing, or discard down to 3 in the
order the player chooses, the last card on top). The Acorn opens two extra draws; the
Chestnut opens a reply window for its target. ``docs/rules/the-lost-words.md`` lists the
interpretations.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from math import perm
from typing import Any

from wordsvc.games import rng as random_
from wordsvc.games.contract import (
    Action,
    Event,
    Result,
    RuleError,
    Seat,
    State,
    apply_by_phase,
    card_in_hand,
)
from wordsvc.games.lost_words import components as parts

NAME = "lost-words"
HAND = parts.HAND
SWAP_PAIRED = ("forbid", "discard_spell")
#: Discard orders listed in full up to this many; beyond, the action is described instead.
MAX_LISTED_DISCARDS = 720


def options_schema() -> dict[str, object]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 2},
            "first_player": {"type": ["integer", "null"], "minimum": 0, "default": None},
            "swap_paired": {
                "enum": list(SWAP_PAIRED),
                "default": "forbid",
                "description": "a paired nature card: cannot be swapped, or is "
                "swapped with its spell put on the discard pile",
            },
        },
    }


def normalise_options(raw: Mapping[str, object] | None) -> dict[str, Any]:
    raw = dict(raw or {})
    schema = options_schema()["properties"]
    unknown = sorted(set(raw) - set(schema))
    if unknown:
        raise RuleError("invalid_options", f"Unknown option(s): {', '.join(unknown)}.")
    opts = {name: raw.get(name, spec["default"]) for name, spec in schema.items()}
    players = opts["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise RuleError("invalid_options", "Option `players`: 2 to 4.")
    first = opts["first_player"]
    if first is not None and (
        not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players
    ):
        raise RuleError("invalid_options", "Option `first_player`: a seat number or null.")
    if opts["swap_paired"] not in SWAP_PAIRED:
        raise RuleError("invalid_options", f"Option `swap_paired`: one of {SWAP_PAIRED}.")
    return opts


class LostWords:
    name = NAME

    def options_schema(self) -> dict[str, object]:
        return options_schema()

    # --- setup ------------------------------------------------------------------------------

    def new(self, options: Mapping[str, object], seed: int) -> State:
        opts = normalise_options(options)
        rng = random_.new_rng(seed)
        nature = [c for c, card in parts.CATALOGUE.items() if card.kind == "nature"]
        high = [c for c, card in parts.CATALOGUE.items() if card.kind != "nature"]
        random_.shuffle(rng, nature)
        random_.shuffle(rng, high)
        count = parts.NATURE_PER_PLAYER[opts["players"]]
        players = []
        for seat in range(opts["players"]):
            row = nature[seat * count : (seat + 1) * count]
            hand = high[seat * HAND : (seat + 1) * HAND]
            players.append(
                {
                    "nature": [{"card": c, "spell": None, "wall": None} for c in row],
                    "hand": hand,
                    "skip": False,
                    "turns": 0,
                }
            )
        dealt = opts["players"] * count
        state: State = {
            "game": NAME,
            "options": opts,
            "rng": rng,
            "players": players,
            "middle": nature[dealt : dealt + 2],
            "out": nature[dealt + 2 :],
            "draw": high[opts["players"] * HAND :],
            "discard": [],
            "active": 0,
            "turn": 0,
            "phase": "draw",
            "pending": {},
            "this_turn": {},
            "winner": None,
        }
        first = opts["first_player"]
        if first is None:
            first = random_.below(rng, opts["players"])
        _flip_if_needed(state, [])
        _start_turn(state, first, [])
        return state

    # --- contract ---------------------------------------------------------------------------

    def to_act(self, state: State) -> list[Seat]:
        if state["phase"] == "over":
            return []
        if state["phase"] == "chestnut_reply":
            return [state["pending"]["target"]]
        return [state["active"]]

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if type(seat) is not int or seat not in self.to_act(state):
            return []
        phase, player = state["phase"], state["players"][seat]
        if phase in ("draw", "acorn"):
            actions: list[Action] = [{"type": "draw", "from": "pile"}]
            if phase == "acorn":  # "you may draw two cards"
                actions.append({"type": "stop"})
            if state["discard"] and _kind(state["discard"][-1]) == "spell":
                actions.append({"type": "draw", "from": "discard"})
            return actions
        if phase == "chestnut_reply":
            nature = state["pending"]["nature"]
            return [
                {"type": "repair", "spell": c}
                for c in player["hand"]
                if _kind(c) == "spell" and parts.nature_of(c) == nature
            ] + [{"type": "decline"}]
        if phase == "reduce":
            extra = len(player["hand"]) - HAND
            if perm(len(player["hand"]), extra) > MAX_LISTED_DISCARDS:
                return [{"type": "discard", "needs": ["cards"], "count": extra}]
            return [
                {"type": "discard", "cards": list(order)}
                for order in permutations(player["hand"], extra)
            ]
        return _act_actions(state, seat)

    def apply(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
        return apply_by_phase(state, seat, action, self.to_act(state), _HANDLERS, _FIELDS)

    def view(self, state: State, seat: Seat | None) -> dict[str, object]:
        """A hand is seen by its owner; nature cards, pairs, walls, the middle cards and the
        top of the discard pile are public."""
        players = []
        for s, player in enumerate(state["players"]):
            players.append(
                {
                    "hand": [parts.CATALOGUE[c].face() for c in player["hand"]]
                    if s == seat
                    else None,
                    "hand_size": len(player["hand"]),
                    "nature": [
                        {
                            "card": slot["card"],
                            "spell": slot["spell"],
                            "wall": slot["wall"],
                            "protected": _protected(slot),
                        }
                        for slot in player["nature"]
                    ],
                    "skip": player["skip"],
                    "turns": player["turns"],
                }
            )
        return {
            "game": NAME,
            "options": state["options"],
            "phase": state["phase"],
            "active": state["active"],
            "turn": state["turn"],
            "to_act": self.to_act(state),
            "players": players,
            "middle": list(state["middle"]),
            "discard_top": state["discard"][-1] if state["discard"] else None,
            "discard_size": len(state["discard"]),
            "draw_size": len(state["draw"]),
            "this_turn": dict(state["this_turn"]),
            "pending": dict(state["pending"]),
            "winner": state["winner"],
            "seat": seat,
            "legal_actions": self.legal_actions(state, seat) if seat is not None else [],
        }

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        winner = state["winner"]
        paired = [sum(1 for s in p["nature"] if s["spell"]) for p in state["players"]]
        places = [1 if s == winner else 2 for s in range(len(state["players"]))]
        return Result(paired, places, [winner], {"paired_nature_cards": paired})


# --- helpers --------------------------------------------------------------------------------


def _kind(card: str) -> str:
    return parts.CATALOGUE[card].kind


def _action_name(card: str) -> str | None:
    found = parts.CATALOGUE[card]
    return found.name if found.kind == "action" else None


def _protected(slot: Mapping[str, Any]) -> bool:
    return slot["wall"] is not None or (
        slot["spell"] is not None and _action_name(slot["spell"]) == "wild"
    )


def _slot(player: dict, nature: object, seat: Seat, field: str = "nature") -> dict:
    for slot in player["nature"]:
        if slot["card"] == nature:
            return slot
    shown = nature if isinstance(nature, str) else type(nature).__name__
    raise RuleError(
        "not_your_nature_card" if field != "target_nature" else "no_such_pair",
        f"Seat {seat} has no nature card {shown!r}.",
        {field: shown},
    )


def _in_hand(player: dict, card: object, field: str = "card") -> str:
    return card_in_hand(player, card, parts.CATALOGUE, field)


def _reshuffle(state: State, events: list[Event]) -> None:
    """An empty draw pile: the discard pile, shuffled, becomes the new draw pile."""
    state["draw"] = state["discard"]
    state["discard"] = []
    random_.shuffle(state["rng"], state["draw"])
    events.append(Event("reshuffled", {"cards": len(state["draw"])}))


def _flip_if_needed(state: State, events: list[Event]) -> None:
    """The discard pile must show a face-up card: turn over the top of the draw pile."""
    if state["discard"]:
        return
    if state["draw"]:
        card = state["draw"].pop(0)
        state["discard"].append(card)
        events.append(Event("discard_started", {"card": card}))


def _draw(state: State, seat: Seat, events: list[Event], why: str) -> str | None:
    """The top card of the draw pile into the seat's hand (reshuffling when it is empty)."""
    if not state["draw"] and len(state["discard"]) > 0:
        _reshuffle(state, events)
    if not state["draw"]:
        events.append(Event("nothing_to_draw", {"seat": seat}))
        return None
    card = state["draw"].pop(0)
    state["players"][seat]["hand"].append(card)
    events.append(Event("drew", {"seat": seat, "from": "pile", "why": why}))
    events.append(Event("drew_card", {"seat": seat, "card": card}, audience=(seat,)))
    _flip_if_needed(state, events)
    return card


def _start_turn(state: State, seat: Seat, events: list[Event]) -> None:
    count = len(state["players"])
    for _ in range(count + 1):
        player = state["players"][seat]
        if not player["skip"]:
            break
        player["skip"] = False  # the Heron's skip is served once
        events.append(Event("turn_skipped", {"seat": seat}))
        seat = (seat + 1) % count
    _flip_if_needed(state, events)
    state["active"] = seat
    state["turn"] += 1
    state["phase"] = "draw"
    state["pending"] = {}
    state["this_turn"] = {"actions_left": 1, "acted": 0, "skylark": False, "last_heron": None}
    events.append(Event("turn_started", {"seat": seat, "turn": state["turn"]}))


def _check_win(state: State, events: list[Event], first: Seat) -> bool:
    count = len(state["players"])
    for step in range(count):
        seat = (first + step) % count
        if all(slot["spell"] for slot in state["players"][seat]["nature"]):
            state["winner"] = seat
            state["phase"] = "over"
            events.append(Event("won", {"seat": seat}))
            return True
    return False


def _use_action(state: State) -> None:
    turn = state["this_turn"]
    if turn["actions_left"] <= 0:
        raise RuleError(
            "no_action_left", "You have performed your action (the Skylark gives one more)."
        )
    turn["actions_left"] -= 1
    turn["acted"] += 1


# --- actions --------------------------------------------------------------------------------


def _take(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    source = action.get("from")
    player = state["players"][seat]
    if source == "discard":
        if not state["discard"] or _kind(state["discard"][-1]) != "spell":
            raise RuleError(
                "cannot_take_action_card", "Only a spell card may be taken from the discard pile."
            )
        card = state["discard"].pop()
        player["hand"].append(card)
        events.append(Event("drew", {"seat": seat, "from": "discard", "card": card}))
        _flip_if_needed(state, events)
    elif source == "pile":
        _draw(state, seat, events, "draw")
    else:
        raise RuleError("malformed_action", "`from` is pile or discard.")
    if state["phase"] == "acorn":
        state["pending"]["draws"] -= 1
        if state["pending"]["draws"] > 0:
            return
        state["discard"].append(state["pending"]["played"])
        state["pending"] = {}
    state["phase"] = "act"


def _stop_drawing(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    """The Acorn's draws are optional: stop, and the Acorn goes onto the discard pile."""
    state["discard"].append(state["pending"]["played"])
    state["phase"], state["pending"] = "act", {}


def _pair(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    spell = _in_hand(player, action.get("spell"), "spell")
    slot = _slot(player, action.get("nature"), seat)
    wild = _action_name(spell) == "wild"
    if _kind(spell) != "spell" and not wild:
        raise RuleError("not_a_spell_card", f"Card {spell} is not a spell card.")
    if slot["spell"] is not None:
        raise RuleError("already_paired", "That nature card already has its spell.")
    if not wild and parts.nature_of(spell) != parts.nature_of(slot["card"]):
        raise RuleError(
            "spell_does_not_match",
            "A spell pairs with its own nature card only.",
            {"spell": spell, "nature": slot["card"]},
        )
    _use_action(state)
    player["hand"].remove(spell)
    slot["spell"] = spell
    events.append(Event("paired", {"seat": seat, "nature": slot["card"], "spell": spell}))
    _check_win(state, events, seat)


def _swap(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    slot = _slot(player, action.get("nature"), seat)
    middle = action.get("middle")
    if middle not in state["middle"]:
        raise RuleError("not_in_the_middle", "Swap with one of the two middle nature cards.")
    if slot["spell"] is not None:
        if state["options"]["swap_paired"] == "forbid":
            raise RuleError(
                "paired_card_cannot_swap",
                "A paired nature card stays with its spell (option swap_paired).",
            )
        if _protected(slot):
            raise RuleError("pair_protected", "A protected pair cannot be separated.")
    _use_action(state)
    if slot["spell"] is not None:
        state["discard"].append(slot["spell"])
        slot["spell"] = None
    index = state["middle"].index(middle)
    state["middle"][index], slot["card"] = slot["card"], middle
    events.append(Event("swapped", {"seat": seat, "gave": state["middle"][index], "took": middle}))


def _play(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    card = _in_hand(player, action.get("card"))
    name = _action_name(card)
    if name is None:
        raise RuleError("not_an_action_card", f"Card {card} is not an action card.")
    if name == "wild":
        raise RuleError(
            "wild_is_a_spell", "The Wild is placed on a nature card as a spell: pair it."
        )
    turn = state["this_turn"]
    if name == "skylark":
        if turn["skylark"]:
            raise RuleError("one_skylark", "Only one Skylark per turn.")
        if turn["acted"] == 0 or turn["actions_left"] > 0:
            raise RuleError("skylark_after_action", "Play the Skylark after your action.")
        turn["skylark"] = True
        turn["actions_left"] += 1
        _discard_played(state, player, card, seat, events)
        return
    checks = {
        "magpie": _magpie_check,
        "chestnut": _chestnut_check,
        "heron": _heron_check,
        "wall": _wall_check,
        "acorn": lambda *a: None,
    }
    checks[name](state, seat, action)
    _use_action(state)
    if name == "acorn":  # it goes on the discard pile after its draws (Interpretations)
        player["hand"].remove(card)
        events.append(Event("played", {"seat": seat, "card": card}))
        state["phase"], state["pending"] = "acorn", {"draws": 2, "played": card}
        return
    _discard_played(state, player, card, seat, events)
    {"magpie": _magpie, "chestnut": _chestnut, "heron": _heron, "wall": _wall}[name](
        state, seat, action, events
    )


def _discard_played(state: State, player: dict, card: str, seat: Seat, events: list) -> None:
    player["hand"].remove(card)
    if _action_name(card) != "wall":  # the Wall stays on the pair it protects
        state["discard"].append(card)
    events.append(Event("played", {"seat": seat, "card": card}))


def _target(state: State, seat: Seat, action: Action) -> tuple[int, dict]:
    target = action.get("target")
    if (
        not isinstance(target, int)
        or isinstance(target, bool)
        or not (0 <= target < len(state["players"]))
        or target == seat
    ):
        raise RuleError("invalid_target", "`target` is another player's seat.")
    slot = _slot(state["players"][target], action.get("nature"), target, "target_nature")
    if slot["spell"] is None:
        raise RuleError("not_a_pair", "The target nature card has no spell: not a pair.")
    if _protected(slot):
        raise RuleError("pair_protected", "That pair is protected (a Wall or the Wild).")
    return target, slot


def _magpie_check(state: State, seat: Seat, action: Action) -> None:
    _target(state, seat, action)
    give = _slot(state["players"][seat], action.get("give"), seat, "give")
    if give["spell"] is not None:
        raise RuleError("give_a_single", "Give one of your single nature cards (without a pair).")


def _magpie(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    target, slot = _target(state, seat, action)
    player, other = state["players"][seat], state["players"][target]
    give = _slot(player, action.get("give"), seat, "give")
    other["nature"].remove(slot)
    player["nature"].remove(give)
    player["nature"].append(slot)
    other["nature"].append(give)
    events.append(
        Event(
            "magpie", {"seat": seat, "target": target, "pair": slot["card"], "gave": give["card"]}
        )
    )
    _check_win(state, events, seat)


def _chestnut_check(state: State, seat: Seat, action: Action) -> None:
    _target(state, seat, action)


def _chestnut(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    target, slot = _target(state, seat, action)
    spell = slot["spell"]
    slot["spell"] = None
    state["discard"].insert(0, spell)  # under the discard pile
    events.append(
        Event("chestnut", {"seat": seat, "target": target, "nature": slot["card"], "spell": spell})
    )
    # The window opens whatever the target holds, so that it tells no one about their hand.
    nature = parts.nature_of(slot["card"])
    state["pending"] = {"target": target, "nature": nature, "card": slot["card"]}
    state["phase"] = "chestnut_reply"


def _repair(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    spell = _in_hand(player, action.get("spell"), "spell")
    pending = state["pending"]
    if _kind(spell) != "spell" or parts.nature_of(spell) != pending["nature"]:
        raise RuleError("spell_does_not_match", "Re-pair with a spell of that nature card.")
    slot = _slot(player, pending["card"], seat)
    player["hand"].remove(spell)
    slot["spell"] = spell
    events.append(Event("repaired", {"seat": seat, "nature": slot["card"], "spell": spell}))
    _draw(state, seat, events, "chestnut_reply")
    state["phase"], state["pending"] = "act", {}
    _check_win(state, events, seat)


def _decline(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    state["phase"], state["pending"] = "act", {}


def _heron_check(state: State, seat: Seat, action: Action) -> None:
    if action.get("ask") not in parts.NATURES:
        raise RuleError(
            "unknown_spell", "`ask` names a nature card's spell.", {"natures": parts.NATURES}
        )


def _heron(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    asked = action["ask"]
    receiver = state["players"][seat]
    answers = {}
    count = len(state["players"])
    for step in range(1, count):
        giver = (seat + step) % count
        hand = state["players"][giver]["hand"]
        given = [c for c in hand if _kind(c) == "spell" and parts.nature_of(c) == asked]
        for card in given:
            hand.remove(card)
            receiver["hand"].append(card)
        answers[str(giver)] = len(given)
        if given:
            events.append(
                Event(
                    "heron_gave",
                    {"from": giver, "to": seat, "cards": given},
                    audience=(giver, seat),
                )
            )
            while len(hand) < HAND and _draw(state, giver, events, "heron_refill"):
                pass
    success = any(answers.values())
    state["this_turn"]["last_heron"] = "success" if success else "failure"
    events.append(
        Event("heron", {"seat": seat, "ask": asked, "answers": answers, "success": success})
    )


def _wall_check(state: State, seat: Seat, action: Action) -> None:
    slot = _slot(state["players"][seat], action.get("nature"), seat)
    if slot["spell"] is None:
        raise RuleError("not_a_pair", "The Wall goes on a complete pair.")
    if _protected(slot):
        raise RuleError("pair_protected", "That pair is already protected.")


def _wall(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    slot = _slot(state["players"][seat], action.get("nature"), seat)
    slot["wall"] = action["card"]
    events.append(Event("walled", {"seat": seat, "nature": slot["card"]}))


def _end_actions(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    while len(player["hand"]) < HAND and _draw(state, seat, events, "refill"):
        pass
    if len(player["hand"]) > HAND:
        state["phase"] = "reduce"
        return
    _end_turn(state, seat, events)


def _reduce(state: State, seat: Seat, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    cards = action.get("cards")
    extra = len(player["hand"]) - HAND
    if (
        not isinstance(cards, list)
        or not all(isinstance(c, str) for c in cards)
        or len(cards) != extra
        or len(set(cards)) != extra
    ):
        raise RuleError(
            "discard_to_three",
            f"Discard exactly {extra} distinct hand cards, the last one on top.",
            {"count": extra},
        )
    for card in cards:
        _in_hand(player, card, "cards")
    for card in cards:  # action cards discarded here have no effect
        player["hand"].remove(card)
        state["discard"].append(card)
    events.append(Event("discarded", {"seat": seat, "cards": cards}))
    _end_turn(state, seat, events)


def _end_turn(state: State, seat: Seat, events: list[Event]) -> None:
    player = state["players"][seat]
    player["turns"] += 1
    if state["this_turn"]["last_heron"] == "failure":
        player["skip"] = True  # once, however many Herons failed
        events.append(Event("will_skip", {"seat": seat}))
    _start_turn(state, (seat + 1) % len(state["players"]), events)


def _act_actions(state: State, seat: Seat) -> list[Action]:
    """Every legal action of the act step, listed in full (the sets are small)."""
    player = state["players"][seat]
    turn = state["this_turn"]
    actions: list[Action] = [{"type": "end"}]
    can_act = turn["actions_left"] > 0
    singles = [s["card"] for s in player["nature"] if s["spell"] is None]
    if can_act:
        for card in player["hand"]:
            for nature in singles:
                wild = _action_name(card) == "wild"
                if wild or (
                    _kind(card) == "spell" and parts.nature_of(card) == parts.nature_of(nature)
                ):
                    actions.append({"type": "pair", "spell": card, "nature": nature})
        for slot in player["nature"]:
            if slot["spell"] is None or (
                state["options"]["swap_paired"] != "forbid" and not _protected(slot)
            ):
                actions += [
                    {"type": "swap", "nature": slot["card"], "middle": m} for m in state["middle"]
                ]
    for card in dict.fromkeys(player["hand"]):
        name = _action_name(card)
        if name == "skylark" and not turn["skylark"] and turn["acted"] and not can_act:
            actions.append({"type": "play", "card": card})
        if not can_act or name in (None, "wild", "skylark"):
            continue
        if name == "acorn":
            actions.append({"type": "play", "card": card})
        elif name == "heron":
            actions += [{"type": "play", "card": card, "ask": n} for n in parts.NATURES]
        elif name == "wall":
            actions += [
                {"type": "play", "card": card, "nature": s["card"]}
                for s in player["nature"]
                if s["spell"] and not _protected(s)
            ]
        else:
            for target, other in enumerate(state["players"]):
                if target == seat:
                    continue
                for slot in other["nature"]:
                    if slot["spell"] is None or _protected(slot):
                        continue
                    if name == "chestnut":
                        actions.append(
                            {"type": "play", "card": card, "target": target, "nature": slot["card"]}
                        )
                    else:
                        actions += [
                            {
                                "type": "play",
                                "card": card,
                                "target": target,
                                "nature": slot["card"],
                                "give": give,
                            }
                            for give in singles
                        ]
    return actions


_HANDLERS = {
    ("draw", "draw"): _take,
    ("acorn", "draw"): _take,
    ("acorn", "stop"): _stop_drawing,
    ("act", "pair"): _pair,
    ("act", "swap"): _swap,
    ("act", "play"): _play,
    ("act", "end"): _end_actions,
    ("chestnut_reply", "repair"): _repair,
    ("chestnut_reply", "decline"): _decline,
    ("reduce", "discard"): _reduce,
}

#: The fields each action type may carry besides ``type``; any other is ``malformed_action``.
_FIELDS = {
    "draw": ("from",),
    "stop": (),
    "pair": ("spell", "nature"),
    "swap": ("nature", "middle"),
    "play": ("card", "target", "nature", "give", "ask"),
    "end": (),
    "repair": ("spell",),
    "decline": (),
    "discard": ("cards",),
}
