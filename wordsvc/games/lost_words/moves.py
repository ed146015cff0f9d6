"""Every move of every step, as one table built once at import: each with the fields it takes,
its check (refuses, changes nothing), its effect, and the candidate actions its check filters
into the legal actions. ``play`` looks its card up in :data:`cards.CARDS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from math import perm

from wordsvc.games.contract import Action, Event, RuleError, Seat, check_fields
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words import steps
from wordsvc.games.lost_words.cards import CARDS, CardRule
from wordsvc.games.lost_words.state import LostWordsState, Phase
from wordsvc.games.phases import Move, Moves, no_check, only

HAND = parts.HAND
#: Discard orders listed in full up to this many; beyond, the action is described instead.
MAX_LISTED_DISCARDS = 720


# --- draw and the Acorn's draws -------------------------------------------------------------


def _draw_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    source = steps.need(action, "from")
    if source not in ("pile", "discard"):
        raise RuleError("malformed_action", "`from` is pile or discard.", {"from": None})
    if source == "discard" and (
        not state["discard"] or parts.kind(state["discard"][-1]) != "spell"
    ):
        # In step 1 and for the Acorn alike (Interpretations).
        raise RuleError(
            "cannot_take_action_card", "Only a spell card may be taken from the discard pile."
        )


def _draw(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    if action["from"] == "discard":
        card = state["discard"].pop()
        state["players"][seat]["hand"].append(card)
        events.append(Event("drew", {"seat": seat, "from": "discard", "card": card}))
        steps.settle_piles(state, events)
    else:
        steps.draw(state, seat, events, "draw")
    if state["phase"] == "acorn":
        state["pending"]["draws"] -= 1
        if state["pending"]["draws"] > 0:
            return
        _acorn_done(state, seat, events)
    state["phase"] = "act"


def _draw_candidates(state: LostWordsState, seat: Seat) -> list[Action]:
    return [{"type": "draw", "from": "pile"}, {"type": "draw", "from": "discard"}]


def _acorn_done(state: LostWordsState, seat: Seat, events: list[Event]) -> None:
    """The played Acorn goes on the discard pile after its draws (Interpretations)."""
    card = state["pending"]["played"]
    steps.discard(state, card)
    events.append(Event("acorn_discarded", {"seat": seat, "card": card}))
    state["pending"] = {}


def _stop(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    """The Acorn's draws are optional ("you may draw two cards")."""
    _acorn_done(state, seat, events)
    state["phase"] = "act"


# --- the act step ---------------------------------------------------------------------------


def _pair_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    player = state["players"][seat]
    spell = steps.in_hand(player, action.get("spell"), "spell")
    slot = steps.slot_of(player, steps.need(action, "nature"), seat)
    wild = parts.action_name(spell) == "wild"
    if parts.kind(spell) != "spell" and not wild:
        raise RuleError("not_a_spell_card", f"Card {spell} is not a spell card.")
    if slot["spell"] is not None:
        raise RuleError("already_paired", "That nature card already has its spell.")
    if not wild and parts.nature_of(spell) != parts.nature_of(slot["card"]):
        raise RuleError(
            "spell_does_not_match",
            "A spell pairs with its own nature card only.",
            {"spell": spell, "nature": slot["card"]},
        )
    steps.need_action_left(state)


def _pair(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    steps.use_action(state)
    spell = action["spell"]
    slot = steps.slot_of(player, action["nature"], seat)
    player["hand"].remove(spell)
    slot["spell"] = spell
    events.append(Event("paired", {"seat": seat, "nature": slot["card"], "spell": spell}))
    steps.check_win(state, events, seat)


def _pair_candidates(state: LostWordsState, seat: Seat) -> list[Action]:
    player = state["players"][seat]
    return [
        {"type": "pair", "spell": card, "nature": slot["card"]}
        for card in dict.fromkeys(player["hand"])
        for slot in steps.singles(player)
    ]


def _swap_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    slot = steps.slot_of(state["players"][seat], steps.need(action, "nature"), seat)
    if action.get("middle") not in state["middle"]:
        raise RuleError("not_in_the_middle", "Swap with one of the two middle nature cards.")
    if slot["spell"] is not None:
        if state["options"]["swap_paired"] == "forbid":
            raise RuleError(
                "paired_card_cannot_swap",
                "A paired nature card stays with its spell (option swap_paired).",
            )
        if steps.protected(slot):
            raise RuleError("pair_protected", "A protected pair cannot be separated.")
    steps.need_action_left(state)


def _swap(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    steps.use_action(state)
    slot = steps.slot_of(state["players"][seat], action["nature"], seat)
    if slot["spell"] is not None:  # option swap_paired: discard_spell
        steps.discard(state, slot["spell"])
        slot["spell"] = None
    index = state["middle"].index(action["middle"])
    state["middle"][index], slot["card"] = slot["card"], action["middle"]
    events.append(
        Event("swapped", {"seat": seat, "gave": state["middle"][index], "took": action["middle"]})
    )


def _swap_candidates(state: LostWordsState, seat: Seat) -> list[Action]:
    return [
        {"type": "swap", "nature": slot["card"], "middle": middle}
        for slot in state["players"][seat]["nature"]
        for middle in state["middle"]
    ]


def _card_rule(state: LostWordsState, seat: Seat, action: Action) -> tuple[str, CardRule]:
    card = steps.in_hand(state["players"][seat], action.get("card"))
    name = parts.action_name(card)
    if name is None:
        raise RuleError("not_an_action_card", f"Card {card} is not an action card.")
    if name == "wild":
        raise RuleError(
            "wild_is_a_spell", "The Wild is placed on a nature card as a spell: pair it."
        )
    return card, CARDS[name]


def _play_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    _card, rule = _card_rule(state, seat, action)
    check_fields(action, ("card", *rule.fields))
    rule.check(state, seat, action)


def _play(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    _card, rule = _card_rule(state, seat, action)
    rule.effect(state, seat, action, events)


def _play_candidates(state: LostWordsState, seat: Seat) -> list[Action]:
    actions: list[Action] = []
    for card in dict.fromkeys(state["players"][seat]["hand"]):
        rule = CARDS.get(parts.action_name(card) or "")
        if rule is not None:
            actions += rule.candidates(state, seat, card)
    return actions


def _end_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    """The Skylark's card says "then perform one further action": once it is played, the turn
    does not end while that action can be taken (option ``skylark_further_action``), so a
    Skylark is never a free card swap (Interpretations)."""
    turn = state["this_turn"]
    if (
        state["options"]["skylark_further_action"] == "required"
        and turn["skylark"]
        and turn["actions_left"] > 0
        and any(move.legal(state, seat) for kind, move in MOVES["act"].items() if kind != "end")
    ):
        raise RuleError(
            "skylark_action_unused",
            "You played the Skylark: perform its further action before ending your turn.",
        )


def _end(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    """Step 3: refill to three, or go on to discard down to three."""
    steps.refill(state, seat, events, "refill")
    extra = len(state["players"][seat]["hand"]) - HAND
    if extra > 0:
        state["phase"] = "reduce"
        # Public: everyone sees the hand's size; the log says why the turn goes on.
        events.append(Event("must_discard", {"seat": seat, "count": extra}))
        return
    steps.end_turn(state, seat, events)


# --- the Chestnut's reply -------------------------------------------------------------------


def _repair_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    spell = steps.in_hand(state["players"][seat], action.get("spell"), "spell")
    if parts.kind(spell) != "spell" or parts.nature_of(spell) != state["pending"]["nature"]:
        raise RuleError("spell_does_not_match", "Re-pair with a spell of that nature card.")


def _repair(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    spell = action["spell"]
    slot = steps.slot_of(player, state["pending"]["card"], seat)
    player["hand"].remove(spell)
    slot["spell"] = spell
    events.append(Event("repaired", {"seat": seat, "nature": slot["card"], "spell": spell}))
    steps.draw(state, seat, events, "chestnut_reply")
    state["phase"], state["pending"] = "act", {}
    steps.check_win(state, events, seat)


def _repair_candidates(state: LostWordsState, seat: Seat) -> list[Action]:
    return [{"type": "repair", "spell": c} for c in dict.fromkeys(state["players"][seat]["hand"])]


def _decline(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    events.append(Event("chestnut_declined", {"seat": seat, "nature": state["pending"]["card"]}))
    state["phase"], state["pending"] = "act", {}


# --- step 3: discard down to three ----------------------------------------------------------


def _discard_check(state: LostWordsState, seat: Seat, action: Action) -> None:
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
        steps.in_hand(player, card, "cards")


def _discard(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    """Action cards discarded here have no effect; the last card ends on top."""
    cards = action["cards"]
    for card in cards:
        state["players"][seat]["hand"].remove(card)
        steps.discard(state, card)
    events.append(Event("discarded", {"seat": seat, "cards": cards}))
    steps.end_turn(state, seat, events)


def _discard_candidates(state: LostWordsState, seat: Seat) -> list[Action]:
    """Every order, or past :data:`MAX_LISTED_DISCARDS` the action described (``needs``)."""
    hand = state["players"][seat]["hand"]
    extra = len(hand) - HAND
    if perm(len(hand), extra) > MAX_LISTED_DISCARDS:
        return [{"type": "discard", "needs": ["cards"], "count": extra}]
    return [{"type": "discard", "cards": list(order)} for order in permutations(hand, extra)]


_DRAW = Move(("from",), _draw_check, _draw, _draw_candidates)

#: The moves of each step, in the order the legal actions list them.
MOVES: Moves[LostWordsState] = {
    "draw": {"draw": _DRAW},
    "acorn": {"draw": _DRAW, "stop": Move((), no_check, _stop, only({"type": "stop"}))},
    "act": {
        "end": Move((), _end_check, _end, only({"type": "end"})),
        "pair": Move(("spell", "nature"), _pair_check, _pair, _pair_candidates),
        "swap": Move(("nature", "middle"), _swap_check, _swap, _swap_candidates),
        "play": Move(
            tuple(sorted({"card", *(f for rule in CARDS.values() for f in rule.fields)})),
            _play_check,
            _play,
            _play_candidates,
        ),
    },
    "chestnut_reply": {
        "repair": Move(("spell",), _repair_check, _repair, _repair_candidates),
        "decline": Move((), no_check, _decline, only({"type": "decline"})),
    },
    "reduce": {"discard": Move(("cards",), _discard_check, _discard, _discard_candidates)},
}


#: Where one action may lead from each phase (``PhasedGame.transitions``).
TRANSITIONS: Mapping[Phase, frozenset[Phase]] = {
    "draw": frozenset({"act"}),
    "acorn": frozenset({"acorn", "act"}),
    "act": frozenset({"act", "acorn", "chestnut_reply", "reduce", "draw", "over"}),
    "chestnut_reply": frozenset({"act", "over"}),
    "reduce": frozenset({"draw"}),
}
