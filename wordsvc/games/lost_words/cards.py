"""The action cards: one table, built once at import, each card with its check and effect.

A card's ``check`` refuses with a :class:`RuleError` and changes nothing; its ``effect`` runs
on the engine's copy of the state after the check passed. ``candidates`` lists the actions
worth trying for a card in hand; the legal actions are those the check lets through, so that
the listing and the refusals cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from wordsvc.errors import InternalError
from wordsvc.games.contract import Action, Event, RuleError, Seat, as_seat
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words import steps
from wordsvc.games.lost_words.state import LostWordsState, Slot

Check = Callable[[LostWordsState, Seat, Action], None]
Effect = Callable[[LostWordsState, Seat, Action, list[Event]], None]


@dataclass(frozen=True, slots=True)
class CardRule:
    """One action card: the fields its ``play`` action takes besides ``card``, its check, its
    effect, and the ``play`` actions worth checking for a copy of it in hand."""

    name: str
    fields: tuple[str, ...]
    check: Check
    effect: Effect
    candidates: Callable[[LostWordsState, Seat, str], list[Action]]


def _just_the_card(state: LostWordsState, seat: Seat, card: str) -> list[Action]:
    return [{"type": "play", "card": card}]


def _played(
    state: LostWordsState, seat: Seat, card: str, events: list[Event], keep: bool = False
) -> None:
    """The card leaves the hand, onto the discard pile unless ``keep`` (the Wall stays on the
    pair it protects)."""
    state["players"][seat]["hand"].remove(card)
    if not keep:
        steps.discard(state, card)
    events.append(Event("played", {"seat": seat, "card": card}))


def _target(state: LostWordsState, seat: Seat, action: Action) -> tuple[Seat, Slot]:
    """Another player's complete, unprotected pair, named by ``target`` and ``nature``."""
    target = as_seat(action.get("target"))
    if target is None or not 0 <= target < len(state["players"]) or target == seat:
        raise RuleError("invalid_target", "`target` is another player's seat.")
    nature = steps.need(action, "nature")
    slot = steps.slot_of(state["players"][target], nature, target, "nature", "no_such_pair")
    if slot["spell"] is None:
        raise RuleError("not_a_pair", "The target nature card has no spell: not a pair.")
    if steps.protected(slot):
        raise RuleError("pair_protected", "That pair is protected (a Wall or the Wild).")
    return target, slot


def _others_pairs(state: LostWordsState, seat: Seat) -> list[tuple[Seat, str]]:
    return [
        (target, slot["card"])
        for target, other in enumerate(state["players"])
        if target != seat
        for slot in other["nature"]
    ]


# --- the Acorn ------------------------------------------------------------------------------


def _acorn_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    steps.need_action_left(state)


def _acorn(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    """Up to two draws from either pile; the Acorn goes on the discard pile after them."""
    steps.use_action(state)
    card = action["card"]
    state["players"][seat]["hand"].remove(card)
    events.append(Event("played", {"seat": seat, "card": card}))
    state["phase"], state["pending"] = "acorn", {"draws": 2, "played": card}


# --- the Magpie -----------------------------------------------------------------------------


def _magpie_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    steps.need_action_left(state)
    _target(state, seat, action)
    give = steps.slot_of(state["players"][seat], steps.need(action, "give"), seat, "give")
    if give["spell"] is not None:
        raise RuleError("give_a_single", "Give one of your single nature cards (without a pair).")


def _magpie(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    steps.use_action(state)
    _played(state, seat, action["card"], events)
    target, slot = _target(state, seat, action)
    player, other = state["players"][seat], state["players"][target]
    give = steps.slot_of(player, action["give"], seat, "give")
    other["nature"].remove(slot)
    player["nature"].remove(give)
    player["nature"].append(slot)
    other["nature"].append(give)
    events.append(
        Event(
            "magpie", {"seat": seat, "target": target, "pair": slot["card"], "gave": give["card"]}
        )
    )
    steps.check_win(state, events, seat)


def _magpie_candidates(state: LostWordsState, seat: Seat, card: str) -> list[Action]:
    mine = [slot["card"] for slot in state["players"][seat]["nature"]]
    return [
        {"type": "play", "card": card, "target": target, "nature": nature, "give": give}
        for target, nature in _others_pairs(state, seat)
        for give in mine
    ]


# --- the Chestnut ---------------------------------------------------------------------------


def _chestnut_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    steps.need_action_left(state)
    _target(state, seat, action)


def _chestnut(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    """The spell goes under the discard pile; the target's reply window opens whatever they
    hold, so that it tells no one about their hand."""
    steps.use_action(state)
    _played(state, seat, action["card"], events)
    target, slot = _target(state, seat, action)
    spell = slot["spell"]
    if spell is None:
        raise InternalError("_target returns a pair")
    slot["spell"] = None
    state["discard"].insert(0, spell)
    events.append(
        Event("chestnut", {"seat": seat, "target": target, "nature": slot["card"], "spell": spell})
    )
    nature = parts.nature_of(slot["card"])
    state["pending"] = {"target": target, "nature": nature, "card": slot["card"]}
    state["phase"] = "chestnut_reply"


def _chestnut_candidates(state: LostWordsState, seat: Seat, card: str) -> list[Action]:
    return [
        {"type": "play", "card": card, "target": target, "nature": nature}
        for target, nature in _others_pairs(state, seat)
    ]


# --- the Skylark ----------------------------------------------------------------------------


def _skylark_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    turn = state["this_turn"]
    if turn["skylark"]:
        raise RuleError("one_skylark", "Only one Skylark per turn.")
    if turn["acted"] == 0 or turn["actions_left"] > 0:
        raise RuleError("skylark_after_action", "Play the Skylark after your action.")


def _skylark(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    """Not itself an action: it gives one further action."""
    turn = state["this_turn"]
    turn["skylark"] = True
    turn["actions_left"] += 1
    _played(state, seat, action["card"], events)


# --- the Heron ------------------------------------------------------------------------------


def _heron_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    """Only a spell "you need": that of one of your own nature cards without its spell."""
    steps.need_action_left(state)
    asked = steps.need(action, "ask")
    if asked not in parts.NATURES:
        raise RuleError(
            "unknown_spell", "`ask` names a nature card's spell.", {"natures": parts.NATURES}
        )
    needed = sorted(parts.nature_of(s["card"]) for s in steps.singles(state["players"][seat]))
    if asked not in needed:
        raise RuleError(
            "spell_not_needed",
            "Ask only for a spell you need: one of your own nature cards without its spell.",
            {"ask": asked, "needed": needed},
        )


def _heron(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    """Every other player gives every copy, clockwise from the asker, and refills to three."""
    steps.use_action(state)
    _played(state, seat, action["card"], events)
    asked = action["ask"]
    receiver = state["players"][seat]
    answers = {}
    count = len(state["players"])
    for step in range(1, count):
        giver = (seat + step) % count
        hand = state["players"][giver]["hand"]
        given = [c for c in hand if parts.kind(c) == "spell" and parts.nature_of(c) == asked]
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
            steps.refill(state, giver, events, "heron_refill")
    success = any(answers.values())
    state["this_turn"]["last_heron"] = "success" if success else "failure"
    events.append(
        Event("heron", {"seat": seat, "ask": asked, "answers": answers, "success": success})
    )


def _heron_candidates(state: LostWordsState, seat: Seat, card: str) -> list[Action]:
    return [{"type": "play", "card": card, "ask": nature} for nature in parts.NATURES]


# --- the Wall -------------------------------------------------------------------------------


def _wall_check(state: LostWordsState, seat: Seat, action: Action) -> None:
    steps.need_action_left(state)
    slot = steps.slot_of(state["players"][seat], steps.need(action, "nature"), seat)
    if slot["spell"] is None:
        raise RuleError("not_a_pair", "The Wall goes on a complete pair.")
    if steps.protected(slot):  # a Wall, or the Wild (Interpretations)
        raise RuleError("pair_protected", "That pair is already protected.")


def _wall(state: LostWordsState, seat: Seat, action: Action, events: list[Event]) -> None:
    steps.use_action(state)
    _played(state, seat, action["card"], events, keep=True)
    slot = steps.slot_of(state["players"][seat], action["nature"], seat)
    slot["wall"] = action["card"]
    events.append(Event("walled", {"seat": seat, "nature": slot["card"]}))


def _wall_candidates(state: LostWordsState, seat: Seat, card: str) -> list[Action]:
    return [
        {"type": "play", "card": card, "nature": slot["card"]}
        for slot in state["players"][seat]["nature"]
    ]


#: Every action card played with ``play``. The Wild is not here: it is placed as a spell with
#: ``pair`` (Interpretations).
CARDS: Mapping[str, CardRule] = {
    rule.name: rule
    for rule in (
        CardRule("acorn", (), _acorn_check, _acorn, _just_the_card),
        CardRule(
            "magpie", ("target", "nature", "give"), _magpie_check, _magpie, _magpie_candidates
        ),
        CardRule(
            "chestnut", ("target", "nature"), _chestnut_check, _chestnut, _chestnut_candidates
        ),
        CardRule("skylark", (), _skylark_check, _skylark, _just_the_card),
        CardRule("heron", ("ask",), _heron_check, _heron, _heron_candidates),
        CardRule("wall", ("nature",), _wall_check, _wall, _wall_candidates),
    )
}
