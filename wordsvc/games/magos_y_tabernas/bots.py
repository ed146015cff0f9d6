"""Magos y Tabernas bots; they see only ``view(state, seat)``.

- ``random``: uniform over the legal actions;
- ``heuristic``: values every action in orbs (a gem is 3, a card about 1) and plays its free
  gains first (instants, Flash, objects consumed for nothing), then the action point on the
  best one, aiming attacks at the leader. It keeps its answers: with priority it protects
  itself or cancels an attack aimed at its side, and cancels whatever would give another side
  its third gem; at a discard it keeps those answers last.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wordsvc.games.contract import Action, Seat
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.random_bot import RandomBot

__all__ = ["HeuristicBot", "RandomBot"]

GEM = 3.0  # a gem is worth 3 orbs, the actions it costs
CARD = 1.0  # a card drawn is worth about an action
#: What an object's passive is worth while it lies on the table, in orbs.
PASSIVE_VALUE = {"income": 2.0, "protect": 2.0, "restrict_orb_action": 1.0, "raise_hand_limit": 1.0}
#: Answers the bot keeps for the priority window rather than play for value.
ANSWERS = frozenset({"cancel", "protect"})
HARMFUL = frozenset({"destroy_gems", "steal_orb", "destroy_life_gems", "discard"})


def _design(card: str) -> parts.Card:
    return parts.CATALOGUE[card]


def _shuffled(actions: Sequence[Action], rng: random.Random) -> list[Action]:
    """The actions in a random order, so that no tie is broken by seat number or by the
    order of the legal actions (issue 23, item 18: that gave the later seats more wins)."""
    order = list(actions)
    rng.shuffle(order)
    return order


def _best(actions: Sequence[Action], key: Callable[[Action], Any], rng: random.Random) -> Action:
    """The action with the greatest ``key``, ties broken by ``rng``."""
    return max(_shuffled(actions, rng), key=key)


class HeuristicBot:
    name = "heuristic"

    def choose(self, game: Any, view: Mapping[str, Any], seat: Seat, rng: random.Random) -> Action:
        legal: list[Action] = view["legal_actions"]
        if view["phase"] == "reduce":  # "discard one or use it": a free gain is used
            uses = [
                a
                for a in legal
                if a["type"] == "play"
                and not self._ops(view, a) & ANSWERS
                and self._value(view, seat, a) >= 1
            ]
            if uses:
                return _best(uses, lambda a: self._value(view, seat, a), rng)
        if view["phase"] in ("discard", "reduce"):
            discards = [a for a in legal if a["type"] == "discard"]
            return _best(discards, lambda a: -sum(self._keep_value(c) for c in a["cards"]), rng)
        if view["phase"] == "priority":
            return self._answer(view, seat, legal, rng)
        free = [a for a in legal if self._is_free(view, a) and self._value(view, seat, a) > 0]
        if free:
            return _best(free, lambda a: self._value(view, seat, a), rng)
        paid = [a for a in legal if not self._is_free(view, a)]
        return _best(paid, lambda a: (self._value(view, seat, a), a["type"] == "end"), rng)

    # --- the priority window -----------------------------------------------------------------

    def _answer(
        self, view: Mapping[str, Any], seat: Seat, legal: list[Action], rng: random.Random
    ) -> Action:
        stack = view["stack"]
        top = stack[-1] if stack else None
        if (
            top is not None
            and not self._ours(view, seat, top["seat"])
            and (self._threatens(view, seat, top) or self._completes_gem(view, top))
        ):
            answers = _shuffled([a for a in legal if self._ops(view, a) & ANSWERS], rng)
            shields = [a for a in answers if "protect" in self._ops(view, a)]
            cancels = [a for a in answers if a.get("item") == top["id"]]
            aimed_at_gems = self._effect_ops(top) & {"destroy_gems", "steal_orb"}
            for choice in (shields if aimed_at_gems else []) + cancels:
                if choice.get("target", seat) == top.get("target", seat):
                    return choice
            if cancels:
                return cancels[0]
        gains = [
            a
            for a in legal
            if a["type"] != "pass"
            and not self._ops(view, a) & ANSWERS
            and self._value(view, seat, a) >= 1
        ]
        if gains:
            return _best(gains, lambda a: self._value(view, seat, a), rng)
        return {"type": "pass"}

    @staticmethod
    def _ours(view: Mapping[str, Any], seat: Seat, other: Seat) -> bool:
        return bool(view["players"][other]["team"] == view["players"][seat]["team"])

    @staticmethod
    def _effect_ops(item: Mapping[str, Any]) -> set[str]:
        if not item.get("effect") or item["kind"] == "lay_down":
            return set()
        return {step.op for step in _design(item["effect"]).effect}

    def _threatens(self, view: Mapping[str, Any], seat: Seat, item: Mapping[str, Any]) -> bool:
        """The item harms our side: our gems, orbs, hand, or an object of ours."""
        ops = self._effect_ops(item)
        if not ops & HARMFUL:
            return False
        if "destroy_life_gems" in ops:
            return any(
                o["id"] == item.get("object")
                for i, p in enumerate(view["players"])
                if self._ours(view, seat, i)
                for o in p["objects"]
            )
        target = item.get("target")
        if target is None or not self._ours(view, seat, target):
            return False
        aimed = view["players"][target]
        return bool(aimed["gems"] or aimed["orbs"] or "discard" in ops) and not aimed["shielded"]

    def _completes_gem(self, view: Mapping[str, Any], item: Mapping[str, Any]) -> bool:
        """The item would bring another side to 3 gems: an obstacle or the beer."""
        owner = view["players"][item.get("target", item["seat"])]
        orbs: int = owner["orbs"]
        gems: int = owner["gems"]
        if item["kind"] == "orb":
            orbs += 1
        if item.get("effect") and item["kind"] != "lay_down":
            for step in _design(item["effect"]).effect:
                if step.op == "gain_orbs":
                    orbs += step.n or 0
                elif step.op == "gain_gems":
                    gems += step.n or 0
        return gems + orbs // parts.ORBS_PER_GEM >= parts.GEMS_PER_LEVEL

    # --- valuing actions ---------------------------------------------------------------------

    @staticmethod
    def _is_free(view: Mapping[str, Any], action: Action) -> bool:
        """Costs no action point: an instant, Flash, or an object consumed for nothing."""
        if action["type"] == "play":
            return _design(action["card"]).type is parts.CardType.INSTANT
        if action["type"] == "consume":
            return not any(
                o["id"] == action["card"] and o["consume_cost"] > 0
                for p in view["players"]
                for o in p["objects"]
            )
        return False

    @staticmethod
    def _acted_card(action: Action) -> parts.Card | None:
        card = action.get("with") or action.get("card")
        return _design(card) if isinstance(card, str) else None

    def _ops(self, view: Mapping[str, Any], action: Action) -> set[str]:
        card = self._acted_card(action)
        if card is None or action["type"] == "lay_down":
            return set()
        if "played" in action:
            entry = next(e for e in view["played"] if e["item"] == action["played"])
            card = _design(entry["card"])
        return {step.op for step in card.effect}

    def _value(self, view: Mapping[str, Any], seat: Seat, action: Action) -> float:
        me = view["players"][seat]
        kind = action["type"]
        if kind == "take_orb":
            return 1.0
        if kind == "draw":
            return CARD if me["hand_size"] < me["hand_limit"] else 0.3
        if kind in ("end", "pass"):
            return 0.0
        card = self._acted_card(action)
        assert card is not None
        if kind == "lay_down":
            if len(me["objects"]) >= me["object_limit"] - 1 and not card.passive:
                return 0.2
            later = self._effect_value(view, seat, card.effect, action) / 2
            return later + sum(PASSIVE_VALUE.get(s.op, 0.0) for s in card.passive)
        effect = card.effect
        if "played" in action:
            entry = next(e for e in view["played"] if e["item"] == action["played"])
            effect = _design(entry["card"]).effect
        value = self._effect_value(view, seat, effect, action)
        if kind == "consume":
            value -= sum(PASSIVE_VALUE.get(s.op, 0.0) for s in card.passive)
        if "with" in action:
            value -= CARD  # Flash spends a second card
        return value

    def _effect_value(
        self, view: Mapping[str, Any], seat: Seat, effect: Sequence[parts.Step], action: Action
    ) -> float:
        value = 0.0
        target = action.get("target")
        aimed = view["players"][target] if target is not None else None
        for step in effect:
            n = step.n or 0
            if step.op == "gain_orbs":
                value += min(n, view["supply"]["orbs"])
            elif step.op == "gain_gems":
                value += GEM * min(n, view["supply"]["gems"])
            elif step.op == "draw":
                value += CARD * n * (1 if view["players"][seat]["hand_size"] < 4 else 0.3)
            elif aimed is not None and step.op == "destroy_gems" and not aimed["shielded"]:
                value += GEM * min(n, aimed["gems"]) * (1.5 if self._leads(view, target) else 1)
            elif aimed is not None and step.op == "steal_orb" and not aimed["shielded"]:
                value += 2 * min(n, aimed["orbs"])
            elif aimed is not None and step.op == "discard":
                value += CARD if aimed["hand_size"] else 0.0
            elif step.op == "destroy_life_gems":
                value += self._object_hit_value(view, seat, action.get("object"))
        return value

    def _object_hit_value(self, view: Mapping[str, Any], seat: Seat, card: object) -> float:
        for i, p in enumerate(view["players"]):
            for o in p["objects"]:
                if o["id"] == card:
                    worth = 2.0 + sum(
                        PASSIVE_VALUE.get(s.op, 0.0) for s in _design(o["id"]).passive
                    )
                    return -worth if self._ours(view, seat, i) else worth
        return 0.0

    @staticmethod
    def _leads(view: Mapping[str, Any], seat: Seat | None) -> bool:
        if seat is None:
            return False
        key = [(p["level"], p["gems"], p["orbs"]) for p in view["players"]]
        return key[seat] == max(key)

    @staticmethod
    def _keep_value(card: str) -> float:
        """How much a card is worth keeping in hand: answers most, then gains."""
        found = _design(card)
        ops = {step.op for step in found.effect}
        if ops & ANSWERS:
            return 5.0
        if found.is_object:
            return 3.0 + sum(PASSIVE_VALUE.get(s.op, 0.0) for s in found.passive)
        return {"gain_gems": 4.0, "gain_orbs": 3.0, "destroy_gems": 3.5}.get(next(iter(ops)), 2.0)
