"""Every move of every step, as one table built at import: the fields each takes, its check
(refuses, changes nothing), its effect, and the candidates its check filters into the legal
actions.

Steps: ``main`` (the active seat with its action point, the stack empty), ``priority`` (a window
that asks every seat that may answer at once; the active seat may spend its point there
too), ``discard`` (a player discards the cards an effect asked for) and ``reduce`` (the
active seat discards down to its hand limit, or uses an extra card as an instant).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations

from wordsvc.games.contract import Action, Event, RuleError, Seat, card_in_hand
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas import effects, stack, table
from wordsvc.games.magos_y_tabernas.state import ItemFields, MagosYTabernasState, Phase
from wordsvc.games.magos_y_tabernas.table import design, player
from wordsvc.games.phases import Move, Moves, no_check, only

# --- the action point: an orb, a card, a spell, an object --------------------------------------


def _point_check(state: MagosYTabernasState, seat: Seat, what: str) -> None:
    """The action point is the active seat's, once a turn, in ``main`` or in any window that
    asks it on its own turn: in answer to an answer, say (Interpretations)."""
    if seat != state["active"] or state["point"] < 1:
        raise RuleError(
            "no_action_point",
            f"{what} costs the action point: only on your own turn, once.",
            {"active": state["active"], "point": state["point"] if seat == state["active"] else 0},
        )


def _take_orb_check(state: MagosYTabernasState, seat: Seat, action: Action) -> None:
    _point_check(state, seat, "Taking an orb")
    if state["supply"]["orbs"] == 0:
        raise RuleError("supply_empty", "The supply has no orb left to take.")
    if table.orb_action_blocked(state, seat):
        raise RuleError(
            "orb_action_restricted",
            "While another player's Agujero Negro is in play, only its owner may take an orb "
            "with the turn's action.",
        )


def _spend_and_announce(
    kind: str,
) -> Callable[[MagosYTabernasState, Seat, Action, list[Event]], None]:
    def effect(state: MagosYTabernasState, seat: Seat, action: Action, events: list[Event]) -> None:
        state["point"] = 0
        stack.announce(state, seat, kind, {}, events)

    return effect


def _draw_check(state: MagosYTabernasState, seat: Seat, action: Action) -> None:
    _point_check(state, seat, "Drawing a card")
    if not state["deck"] and not state["discard"]:
        raise RuleError("deck_empty", "The deck and the discard pile are both empty.")


def _lay_down_check(state: MagosYTabernasState, seat: Seat, action: Action) -> None:
    me = player(state, seat)
    card = card_in_hand(me, action.get("card"), parts.CATALOGUE)
    _point_check(state, seat, "Laying down an object")
    if not design(card).is_object:
        raise RuleError("not_an_object", f"{design(card).name_en} is not an object.")
    if len(me["objects"]) >= table.object_limit(state, seat):
        raise RuleError(
            "object_limit",
            f"You have {len(me['objects'])} objects in play, your limit.",
            {"limit": table.object_limit(state, seat)},
        )


def _lay_down(state: MagosYTabernasState, seat: Seat, action: Action, events: list[Event]) -> None:
    player(state, seat)["hand"].remove(action["card"])
    state["point"] = 0
    stack.announce(state, seat, "lay_down", {"card": action["card"]}, events)


def _end(state: MagosYTabernasState, seat: Seat, action: Action, events: list[Event]) -> None:
    """The player ends the turn, giving up an unused action point; the others get a window
    before the turn passes."""
    state["point"] = 0
    events.append(Event("turn_ended", {"seat": seat}))
    stack.open_window(state, events, passed=[seat])


# --- cards: spells and instants, Flash, Plagio -----------------------------------------------


def _play_check(state: MagosYTabernasState, seat: Seat, action: Action) -> None:
    card = design(card_in_hand(player(state, seat), action.get("card"), parts.CATALOGUE))
    if card.never_alone:
        _flash_check(state, seat, action)
        return
    if "with" in action:
        raise RuleError("malformed_action", "Only Flash is played `with` another card.")
    if card.is_object:
        raise RuleError(
            "object_from_hand",
            f"{card.name_en} is an object: its effect never happens from the hand. Lay it "
            "down, or play it with Flash.",
        )
    if card.type is parts.CardType.SPELL:
        _point_check(state, seat, "A spell")
    effects.check_targets(state, seat, card, action)


def _flash_check(state: MagosYTabernasState, seat: Seat, action: Action) -> None:
    if "with" not in action:
        raise RuleError("flash_alone", "Flash cannot be played alone: name the card `with` it.")
    other = card_in_hand(player(state, seat), action["with"], parts.CATALOGUE, "with")
    found = design(other)
    if other == action["card"] or found.type is parts.CardType.INSTANT:
        raise RuleError(
            "cannot_flash",
            "Flash turns a spell or an object into an instant: not an instant, nor itself.",
            {"with": other},
        )
    effects.check_targets(state, seat, found, action)


def _play(state: MagosYTabernasState, seat: Seat, action: Action, events: list[Event]) -> None:
    me = player(state, seat)
    card = design(action["card"])
    me["hand"].remove(action["card"])
    kind = "play"
    item: ItemFields = {"card": action["card"], "effect": action["card"]}
    if card.never_alone:
        me["hand"].remove(action["with"])
        item.update({"with": action["with"], "effect": action["with"]})
    elif card.type is parts.CardType.SPELL:
        state["point"] = 0
    if any(step.op == "copy" for step in card.effect):
        kind = "copy"
        item["effect"] = effects.record(state, action["played"])["card"]
    item.update(effects.targets_named(action))
    stack.announce(state, seat, kind, item, events)


def _play_candidates(state: MagosYTabernasState, seat: Seat) -> list[Action]:
    found: list[Action] = []
    hand = player(state, seat)["hand"]
    for card_id in hand:
        card = design(card_id)
        if card.never_alone:
            for other in hand:
                for targets in effects.target_options(state, seat, design(other)):
                    found.append({"type": "play", "card": card_id, "with": other, **targets})
        elif not card.is_object:
            for targets in effects.target_options(state, seat, card):
                found.append({"type": "play", "card": card_id, **targets})
    return found


# --- objects on the table --------------------------------------------------------------------


def _consume_check(state: MagosYTabernasState, seat: Seat, action: Action) -> None:
    card = action.get("card")
    if not any(o["card"] == card for o in player(state, seat)["objects"]):
        raise RuleError(
            "not_your_object", "`card` must name one of your objects in play.", {"card": card}
        )
    assert isinstance(card, str)
    if table.consume_cost(state, card) > 0:
        _point_check(state, seat, f"Consuming {design(card).name_en}")
    effects.check_targets(state, seat, design(card), action)


def _consume(state: MagosYTabernasState, seat: Seat, action: Action, events: list[Event]) -> None:
    """The object leaves the table at once (its passive ends, its life gems go back to the
    supply) and its consumption goes on the stack."""
    me = player(state, seat)
    obj = next(o for o in me["objects"] if o["card"] == action["card"])
    me["objects"].remove(obj)
    state["supply"]["life_gems"] += obj["life"]
    state["point"] -= table.consume_cost(state, action["card"])
    item: ItemFields = {"card": action["card"], "effect": action["card"]}
    item.update(effects.targets_named(action))
    stack.announce(state, seat, "consume", item, events)


def _consume_candidates(state: MagosYTabernasState, seat: Seat) -> list[Action]:
    return [
        {"type": "consume", "card": obj["card"], **targets}
        for obj in player(state, seat)["objects"]
        for targets in effects.target_options(state, seat, design(obj["card"]))
    ]


# --- priority and discards -------------------------------------------------------------------


def _pass(state: MagosYTabernasState, seat: Seat, action: Action, events: list[Event]) -> None:
    stack.pass_priority(state, seat, events)


def _discard_check(state: MagosYTabernasState, seat: Seat, action: Action) -> None:
    cards = action.get("cards")
    wanted = state["pending"]["discard"]
    if not isinstance(cards, list) or len(cards) != wanted or len(set(map(str, cards))) != wanted:
        raise RuleError(
            "wrong_discard_count",
            f"Discard exactly {wanted} different cards of your hand.",
            {"count": wanted},
        )
    for card in cards:
        card_in_hand(player(state, seat), card, parts.CATALOGUE, "cards")


def _discard(state: MagosYTabernasState, seat: Seat, action: Action, events: list[Event]) -> None:
    hand = player(state, seat)["hand"]
    for card in action["cards"]:
        hand.remove(card)
    table.discard(state, *action["cards"])
    events.append(Event("discarded", {"seat": seat, "cards": list(action["cards"])}))
    reason = state["pending"]["reason"]
    state["pending"] = {}
    if reason == "hand_limit":
        table.end_turn(state, events)
    else:  # an effect's discard: the window goes on
        state["phase"] = "priority"
        stack.resume(state, events)
        stack.advance(state, events)


def _use_instead(
    state: MagosYTabernasState, seat: Seat, action: Action, events: list[Event]
) -> None:
    """ "Discard one or use it" (Other Rules): at the hand-limit check the active seat may play
    a card that costs no action point (an instant, or a card with Flash) instead of
    discarding. It goes on the stack like any play; once the window closes the turn ends
    again, and the hand limit is checked again."""
    state["pending"] = {}
    _play(state, seat, action, events)


def _discard_candidates(state: MagosYTabernasState, seat: Seat) -> list[Action]:
    hand = player(state, seat)["hand"]
    return [
        {"type": "discard", "cards": list(chosen)}
        for chosen in combinations(hand, state["pending"]["discard"])
    ]


_PLAY = Move(("card", "with", *effects.TARGET_FIELDS), _play_check, _play, _play_candidates)
_CONSUME = Move(("card", *effects.TARGET_FIELDS), _consume_check, _consume, _consume_candidates)
_DISCARD = Move(("cards",), _discard_check, _discard, _discard_candidates)

#: What a seat may do whenever it may act, the stack open or empty; the action point's moves
#: check that the seat is the active one and still has its point.
_ANY_TIME = {
    "take_orb": Move((), _take_orb_check, _spend_and_announce("orb"), only({"type": "take_orb"})),
    "draw": Move((), _draw_check, _spend_and_announce("draw"), only({"type": "draw"})),
    "play": _PLAY,
    "lay_down": Move(
        ("card",),
        _lay_down_check,
        _lay_down,
        lambda state, seat: [{"type": "lay_down", "card": c} for c in player(state, seat)["hand"]],
    ),
    "consume": _CONSUME,
}
MOVES: Moves[MagosYTabernasState] = {
    "main": {**_ANY_TIME, "end": Move((), no_check, _end, only({"type": "end"}))},
    "priority": {"pass": Move((), no_check, _pass, only({"type": "pass"})), **_ANY_TIME},
    "discard": {"discard": _DISCARD},
    "reduce": {
        "discard": _DISCARD,
        "play": Move(_PLAY.fields, _play_check, _use_instead, _play_candidates),
    },
    "over": {},
}


#: Where one action may lead from each phase (``PhasedGame.transitions``).
TRANSITIONS: Mapping[Phase, frozenset[Phase]] = {
    "main": frozenset({"main", "priority", "reduce", "over"}),
    "priority": frozenset({"priority", "main", "discard", "reduce", "over"}),
    "discard": frozenset({"discard", "priority", "main", "reduce", "over"}),
    "reduce": frozenset({"main", "priority", "over"}),
}
