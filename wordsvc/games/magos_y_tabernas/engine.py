"""The Magos y Tabernas rules engine (``docs/rules/magos-y-tabernas.md``), by the engine
contract.

A turn is the ``main`` step, in which the active seat spends its one action point (an orb, a
card drawn, a spell, an object laid down or consumed) or ends the turn, and may play instants
besides. Everything played goes on the stack, and a ``priority`` window asks every seat that
may answer at once before the top resolves, last in, first out (``stack``). ``discard`` asks a
player for the cards an effect makes them discard; ``reduce`` brings the active hand down to
its limit at the turn's end.

The parts: ``options``, ``setup`` (the deal), ``table`` (the supply, piles, limits, levels and
turns), ``effects`` (targets and the steps of card effects), ``stack`` (windows and
resolution), ``moves`` (every move of every step). ``docs/rules/magos-y-tabernas.md`` states
the rules as implemented and every interpretation.
"""

from __future__ import annotations

from collections.abc import Mapping

from wordsvc.games.contract import (
    Action,
    Result,
    Seat,
    State,
    places_by,
    viewer,
)
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas import effects, stack, table
from wordsvc.games.magos_y_tabernas.moves import MOVES, TRANSITIONS
from wordsvc.games.magos_y_tabernas.options import normalise_options, options_schema
from wordsvc.games.magos_y_tabernas.setup import deal
from wordsvc.games.magos_y_tabernas.state import Item, MagosYTabernasState, Phase, plain, typed
from wordsvc.games.magos_y_tabernas.table import NAME
from wordsvc.games.magos_y_tabernas.view import (
    CardFace,
    CardView,
    ItemFaces,
    ItemView,
    MagosYTabernasView,
    PlayerView,
    card_face,
)
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
            return stack.waiting(typed(state))
        if phase in ("discard", "reduce"):
            return [state["pending"]["seat"]]
        return [state["active"]]

    def view(self, state: State, seat: Seat | None) -> dict[str, object]:
        """A hand is seen by its owner only, and obstacles by nobody (they are taken unseen);
        objects in play, resources, the supply, the stack and the discard pile are public."""
        seat = viewer(state, seat)
        typed_state = typed(state)
        players: list[PlayerView] = []
        for s, me in enumerate(typed_state["players"]):
            players.append(
                {
                    "hand": [self._face(typed_state, c) for c in me["hand"]] if s == seat else None,
                    "hand_size": len(me["hand"]),
                    "obstacles": len(me["obstacles"]),
                    "objects": [
                        {**self._face(typed_state, o["card"]), "life": o["life"]}
                        for o in me["objects"]
                    ],
                    "orbs": me["orbs"],
                    "gems": me["gems"],
                    "level": me["level"],
                    "hand_limit": table.hand_limit(typed_state, s),
                    "object_limit": table.object_limit(typed_state, s),
                    "shielded": me["shielded"],
                    "turns": me["turns"],
                    "team": table.team(typed_state, s),
                }
            )
        priority = typed_state["priority"]
        legal = self.legal_actions(state, seat) if seat is not None else []
        view: MagosYTabernasView = {
            "game": NAME,
            "options": typed_state["options"].copy(),
            "phase": typed_state["phase"],
            "active": typed_state["active"],
            "turn": typed_state["turn"],
            "point": typed_state["point"],
            "to_act": self.to_act(state),
            "players": players,
            "supply": typed_state["supply"].copy(),
            "deck_size": len(typed_state["deck"]),
            "discard": list(typed_state["discard"]),
            "stack": [self._item_view(item) for item in typed_state["stack"]],
            "priority": {"passed": list(table.priority(typed_state)["passed"])}
            if priority
            else None,
            "played": [entry.copy() for entry in typed_state["played"]],
            "pending": typed_state["pending"].copy(),
            "winner": typed_state["winner"],
            "ended_by": typed_state["ended_by"],
            # The rulebook's exchange rates, for a table to draw the pips a gem or a level
            # takes: 3 orbs become a gem, 3 gems take an obstacle card (or the beer).
            "orbs_per_gem": parts.ORBS_PER_GEM,
            "gems_per_level": parts.GEMS_PER_LEVEL,
            "seat": seat,
            "legal_actions": legal,
            # Plays at a player who has nothing they would take (Atacar at no gems), by
            # their index in legal_actions: a table warns before the point is spent.
            "takes_nothing": [
                {"action": i, "what": what}
                for i, action in enumerate(legal)
                if (what := effects.takes_nothing(typed_state, action)) is not None
            ],
            # Why the seat may not take an orb with its action: another's Agujero Negro.
            "orb_blocked_by": (
                table.orb_action_blocker(typed_state, seat) if seat is not None else None
            ),
        }
        return dict(view)

    @staticmethod
    def _face(state: MagosYTabernasState, card: str) -> CardView:
        """A card face up: its physical ``id`` (what actions name), its design, and for an
        object the consume cost these options give it."""
        face: CardView = {"id": card, **_design_face(card)}
        if "consume_cost" in face:
            face["consume_cost"] = table.consume_cost(state, card)
        return face

    @staticmethod
    def _item_view(item: Item) -> ItemView:
        """An item of the stack with the faces of the cards it names, in the order the
        fields go: the card, the card played with it, the effect."""
        faces: ItemFaces = {}
        card, partner, effect = item.get("card"), item.get("with"), item.get("effect")
        if card:
            faces["card_face"] = _design_face(card)
        if partner:
            faces["with_face"] = _design_face(partner)
        if effect:
            faces["effect_face"] = _design_face(effect)
        return {**item, **faces}

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


def _design_face(card: str) -> CardFace:
    """The face of a physical card's design, as the view shows it."""
    return card_face(parts.CATALOGUE[card].face())


_PUBLIC_PATHS = (
    *("game", "options", "phase", "active", "turn", "point", "supply", "discard", "stack"),
    *("next_item", "priority", "played", "pending", "winner", "ended_by"),
    *("players.*.objects", "players.*.orbs", "players.*.gems", "players.*.level"),
    *("players.*.shielded", "players.*.turns"),
)
