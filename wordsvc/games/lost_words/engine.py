"""The Lost Words rules engine (``docs/rules/the-lost-words.md``), by the engine contract.

A turn is three steps: ``draw`` (from the pile, or the top spell of the discard pile), ``act``
(one action: pair, an action card, or a swap, or none; the Skylark gives one further action)
ended with ``end``, and ``reduce`` (refill to 3 by drawing, or discard down to 3 in the
order the player chooses, the last card on top). The Acorn opens an ``acorn`` step of up to
two draws; the Chestnut opens a ``chestnut_reply`` window for its target.

The parts: ``options`` (setup options), ``setup`` (the deal), ``steps`` (piles, turns, the
win), ``cards`` (the action cards, each with its check and effect), ``moves`` (every move of
every step; the legal actions are the candidates its checks let through).
``docs/rules/the-lost-words.md`` states the rules as implemented and the interpretations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from wordsvc.games.contract import (
    Action,
    Result,
    Seat,
    State,
    viewer,
)
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words import steps
from wordsvc.games.lost_words.moves import MAX_LISTED_DISCARDS, MOVES, TRANSITIONS
from wordsvc.games.lost_words.options import SWAP_PAIRED, normalise_options, options_schema
from wordsvc.games.lost_words.setup import NAME, deal
from wordsvc.games.lost_words.state import LostWordsState, Phase, plain
from wordsvc.games.lost_words.view import CardFace, LostWordsView, PlayerView
from wordsvc.games.phases import PhasedGame

HAND = parts.HAND
__all__ = ["HAND", "MAX_LISTED_DISCARDS", "NAME", "SWAP_PAIRED", "LostWords"]


class LostWords(PhasedGame[Phase, LostWordsState]):
    """The game: its moves by step (``moves.MOVES``) and what the contract asks besides."""

    name = NAME
    moves = MOVES
    transitions = TRANSITIONS

    # --- contract ---------------------------------------------------------------------------

    def options_schema(self) -> dict[str, object]:
        return options_schema()

    def new(self, options: Mapping[str, object], seed: int) -> State:
        return plain(deal(normalise_options(options), seed))

    def to_act(self, state: State) -> list[Seat]:
        if state["phase"] == "over":
            return []
        if state["phase"] == "chestnut_reply":
            return [state["pending"]["target"]]
        return [state["active"]]

    def view(self, state: State, seat: Seat | None) -> dict[str, object]:
        """A hand is seen by its owner; nature cards, pairs, walls, the middle cards and the
        top of the discard pile are public. Anything but an ``int`` seat is a spectator."""
        seat = viewer(state, seat)
        players: list[PlayerView] = []
        for s, player in enumerate(state["players"]):
            players.append(
                {
                    "hand": [_card_face(c) for c in player["hand"]] if s == seat else None,
                    "hand_size": len(player["hand"]),
                    "nature": [
                        {
                            "card": slot["card"],
                            "spell": slot["spell"],
                            "wall": slot["wall"],
                            "protected": steps.protected(slot),
                        }
                        for slot in player["nature"]
                    ],
                    "skip": player["skip"],
                    "turns": player["turns"],
                }
            )
        view: LostWordsView = {
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
            "this_turn": state["this_turn"].copy(),
            "pending": state["pending"].copy(),
            "winner": state["winner"],
            "seat": seat,
            "legal_actions": self.legal_actions(state, seat) if seat is not None else [],
        }
        return dict(view)

    def visible_paths(self, state: State, seat: Seat | None) -> list[str]:
        """Everything on the table is open: nature cards with their pairs and walls, the
        middle cards, the face-up discard pile. A hand is seen by its owner only; the draw
        pile's order, the nature cards left in the box and the generator are hidden."""
        return [*_PUBLIC_PATHS, "players.@.hand"]

    def card_back(self, value: str) -> str:
        card = parts.CATALOGUE.get(value)
        if card is None:
            return "text"
        return "nature" if card.kind == "nature" else "deck"

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        winner = state["winner"]
        paired = [sum(1 for s in p["nature"] if s["spell"]) for p in state["players"]]
        places = [1 if s == winner else 2 for s in range(len(state["players"]))]
        return Result(paired, places, [winner], {"paired_nature_cards": paired})

    def action_label(self, state: State, action: Action) -> str:
        """What ``wordsvc simulate`` counts: the action type, with the action card played
        (``play:skylark``), the Wild placed (``pair:wild``) or the pile drawn from."""
        kind = str(action.get("type"))
        if kind == "play" and action.get("card") in parts.CATALOGUE:
            return f"play:{parts.action_name(action['card']) or action['card']}"
        if kind == "pair" and action.get("spell") in parts.CATALOGUE:
            return "pair:wild" if parts.action_name(action["spell"]) == "wild" else "pair"
        if kind == "draw":
            return f"draw:{action.get('from')}"
        return kind


def _card_face(card: str) -> CardFace:
    """A card in hand as the view shows it. ``Card.face`` builds it (as a plain dict:
    ``components`` knows nothing of the view); the playout tests check its shape."""
    return cast(CardFace, parts.CATALOGUE[card].face())


_PUBLIC_PATHS = (
    *("game", "options", "phase", "active", "turn", "pending", "this_turn", "winner"),
    *("middle", "discard", "players.*.nature", "players.*.skip", "players.*.turns"),
)
