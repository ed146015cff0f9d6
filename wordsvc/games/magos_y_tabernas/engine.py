"""The Magos y Tabernas rules engine (``docs/rules/magos-y-tabernas.md``), by the engine
contract.

A turn is the ``main`` step, in which the active seat spends its one action point (an orb, a
card drawn, a spell, an object laid down or consumed) or ends the turn, and may play instants
besides. Everything played goes on the stack, and a ``priority`` window lets every seat answer
in turn before the top resolves, last in, first out (``stack``). ``discard`` asks a player
for the cards an effect makes them discard; ``reduce`` brings the active hand down to its
limit at the turn's end.

The parts: ``options``, ``setup`` (the deal), ``table`` (the supply, piles, limits, levels and
turns), ``effects`` (targets and the steps of card effects), ``stack`` (priority and
resolution), ``moves`` (every move of every step). ``docs/rules/magos-y-tabernas.md`` states
the rules as implemented and every interpretation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordsvc.games.contract import (
    Action,
    Result,
    Seat,
    State,
    places_by,
    viewer,
)
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas import table
from wordsvc.games.magos_y_tabernas.moves import MOVES, TRANSITIONS
from wordsvc.games.magos_y_tabernas.options import normalise_options, options_schema
from wordsvc.games.magos_y_tabernas.setup import deal
from wordsvc.games.magos_y_tabernas.state import MagosYTabernasState, Phase, plain, typed
from wordsvc.games.magos_y_tabernas.table import NAME
from wordsvc.games.phases import PhasedGame

__all__ = ["NAME", "MagosYTabernas"]


class MagosYTabernas(PhasedGame[Phase, MagosYTabernasState]):
    """The game: its moves by step (``moves.MOVES``) and what the contract asks besides."""

    name = NAME
    moves = MOVES
    transitions = TRANSITIONS

    def options_schema(self) -> dict[str, object]:
        return options_schema()

    def new(self, options: Mapping[str, object], seed: int) -> State:
        return plain(deal(normalise_options(options), seed))

    def to_act(self, state: State) -> list[Seat]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "priority":
            return [state["priority"]["holder"]]
        if phase in ("discard", "reduce"):
            return [state["pending"]["seat"]]
        return [state["active"]]

    def view(self, state: State, seat: Seat | None) -> dict[str, object]:
        """A hand is seen by its owner only, and obstacles by nobody (they are taken unseen);
        objects in play, resources, the supply, the stack and the discard pile are public."""
        seat = viewer(state, seat)
        players = []
        for s, me in enumerate(state["players"]):
            players.append(
                {
                    "hand": [self._face(state, c) for c in me["hand"]] if s == seat else None,
                    "hand_size": len(me["hand"]),
                    "obstacles": len(me["obstacles"]),
                    "objects": [
                        {**self._face(state, o["card"]), "life": o["life"]} for o in me["objects"]
                    ],
                    "orbs": me["orbs"],
                    "gems": me["gems"],
                    "level": me["level"],
                    "hand_limit": table.hand_limit(typed(state), s),
                    "object_limit": table.object_limit(typed(state), s),
                    "shielded": me["shielded"],
                    "turns": me["turns"],
                    "team": table.team(typed(state), s),
                }
            )
        return {
            "game": NAME,
            "options": dict(state["options"]),
            "phase": state["phase"],
            "active": state["active"],
            "turn": state["turn"],
            "point": state["point"],
            "to_act": self.to_act(state),
            "players": players,
            "supply": dict(state["supply"]),
            "deck_size": len(state["deck"]),
            "discard": list(state["discard"]),
            "stack": [self._item_view(item) for item in state["stack"]],
            "priority": dict(state["priority"]) if state["priority"] else None,
            "played": [dict(entry) for entry in state["played"]],
            "pending": dict(state["pending"]),
            "winner": state["winner"],
            "ended_by": state["ended_by"],
            # The rulebook's exchange rates, for a table to draw the pips a gem or a level
            # takes: 3 orbs become a gem, 3 gems take an obstacle card (or the beer).
            "orbs_per_gem": parts.ORBS_PER_GEM,
            "gems_per_level": parts.GEMS_PER_LEVEL,
            "seat": seat,
            "legal_actions": self.legal_actions(state, seat) if seat is not None else [],
        }

    @staticmethod
    def _face(state: State, card: str) -> dict[str, object]:
        """A card face up: its physical ``id`` (what actions name), its design, and for an
        object the consume cost these options give it."""
        face = {"id": card, **parts.CATALOGUE[card].face()}
        if "consume_cost" in face:
            face["consume_cost"] = table.consume_cost(typed(state), card)
        return face

    @staticmethod
    def _item_view(item: Mapping[str, Any]) -> dict[str, object]:
        shown: dict[str, object] = dict(item)
        for key in ("card", "with", "effect"):
            if item.get(key):
                shown[f"{key}_face"] = parts.CATALOGUE[item[key]].face()
        return shown

    def visible_paths(self, state: State, seat: Seat | None) -> list[str]:
        """A hand is seen by its owner; obstacles (even one's own), the deck's order and the
        generator by nobody; the rest of the table by everyone."""
        return [*_PUBLIC_PATHS, "players.@.hand"]

    def card_back(self, value: str) -> str:
        return "card" if value in parts.CATALOGUE else "text"

    def result(self, state: State) -> Result | None:
        """The beer's side first; the others by obstacles taken, then gems, then orbs (the
        same order ends a game at its turn limit). Partners share their place, ranked by
        the pair's better member."""
        if state["phase"] != "over":
            return None
        seats = range(len(state["players"]))
        progress = [table.progress(typed(state), s) for s in seats]
        winners = list(state["winner"] or [])
        keys = [
            (0,) if s in winners else (1, *(-p for p in table.side_progress(typed(state), s)))
            for s in seats
        ]
        return Result(
            [p[1] + p[0] for p in progress],
            places_by(keys),
            winners,
            {
                "ended_by": state["ended_by"],
                "obstacles_taken": [p[1] for p in progress],
                "gems": [p[2] for p in progress],
                "orbs": [p[3] for p in progress],
            },
        )

    def action_label(self, state: State, action: Action) -> str:
        """What ``wordsvc simulate`` counts: the action type with the card's design
        (``play:atacar``, ``play:flash+gema``, ``consume:anulador``)."""
        kind = str(action.get("type"))
        card = action.get("card")
        if kind in ("play", "lay_down", "consume") and card in parts.CATALOGUE:
            name = parts.CATALOGUE[card].id
            partner = action.get("with")
            if partner in parts.CATALOGUE:
                name = f"{name}+{parts.CATALOGUE[partner].id}"
            return f"{kind}:{name}"
        return kind

    def action_labels_possible(self, options: Mapping[str, object]) -> list[str]:
        """Every way to play each card design, as :meth:`action_label` names it: a spell or
        an instant is played, an object laid down and consumed (``wordsvc simulate`` lists
        those no bot used; a Flash play counts for ``play:flash``)."""
        labels = []
        for card in parts.CARDS.values():
            if card.is_object:
                labels += [f"lay_down:{card.id}", f"consume:{card.id}"]
            else:
                labels.append(f"play:{card.id}")
        return labels


_PUBLIC_PATHS = (
    *("game", "options", "phase", "active", "turn", "point", "supply", "discard", "stack"),
    *("next_item", "priority", "played", "pending", "winner", "ended_by"),
    *("players.*.objects", "players.*.orbs", "players.*.gems", "players.*.level"),
    *("players.*.shielded", "players.*.turns"),
)
