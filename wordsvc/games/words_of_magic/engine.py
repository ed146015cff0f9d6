"""The Words of Magic rules engine (``docs/rules/words-of-magic.md``), by the engine
contract.

Pure: the state is a JSON dict, randomness is the state's own generator, and whether a word
is allowed is asked of injected :class:`~.forming.WordRules` (the judge in production, a word
list in tests). ``docs/rules/words-of-magic.md`` states the rules as implemented and every
interpretation of a gap.

The parts: ``options`` (setup options), ``setup`` (the deal), ``table`` (the steps the moves
share: decks, the draw step, turns and the end), ``magic`` (the magic cards' checks and
effects), ``forming`` (the ``form_word`` move), ``moves`` (every move of every step; the
legal actions are the candidates its checks let through). The rules the engine shares with
the solver and the bots live in :mod:`wordsvc.rules.words_of_magic`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from wordsvc.games.contract import Action, Result, Seat, State, places_by, viewer
from wordsvc.games.phases import PhasedGame
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic.forming import WordRules
from wordsvc.games.words_of_magic.moves import TRANSITIONS, moves
from wordsvc.games.words_of_magic.options import normalise_options, options_schema
from wordsvc.games.words_of_magic.setup import deal
from wordsvc.games.words_of_magic.state import Phase, WordsOfMagicState, plain, typed
from wordsvc.games.words_of_magic.table import NAME
from wordsvc.games.words_of_magic.view import (
    CardFace,
    PendingView,
    PlayerView,
    WordsOfMagicView,
    card_face,
)
from wordsvc.rules.words_of_magic.turn import PASS_DRAW

__all__ = ["NAME", "WordRules", "WordsOfMagic"]


class WordsOfMagic(PhasedGame[Phase, WordsOfMagicState]):
    """The game, bound to the word rules it asks whether a word counts: its moves by step
    (``moves.moves``) and what the contract asks besides."""

    name = NAME

    def __init__(self, words: WordRules) -> None:
        self.words = words
        self.moves = moves(words)
        self.transitions = TRANSITIONS
        super().__init__()

    # --- contract ---------------------------------------------------------------------------

    def options_schema(self) -> dict[str, object]:
        return options_schema()

    def new(self, options: Mapping[str, object], seed: int) -> State:
        opts = normalise_options(options)
        self.words.validate_categories(opts["categories"])
        return plain(deal(opts, seed))

    def to_act(self, state: State) -> list[Seat]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "choose_character":
            return [s for s, p in enumerate(state["players"]) if p["character"] is None]
        if phase in ("order_balance", "gnome"):
            return sorted(int(s) for s in state["pending"]["seats"])
        return [state["active"]]

    def view(self, state: State, seat: Seat | None) -> dict[str, object]:
        """Hands, tokens and characters are open; deck order and the face-down Balance of
        Power cards are hidden from everyone; a discard pile is seen by its owner only
        (rulebook), unless the option ``open_discards`` is set."""
        seat = viewer(state, seat)
        typed_state = typed(state)
        opts = typed_state["options"]
        # Characters are chosen blind and shown once everyone has chosen (Interpretations).
        choosing = typed_state["phase"] == "choose_character"
        players: list[PlayerView] = []
        for s, p in enumerate(typed_state["players"]):
            own = seat == s
            players.append(
                {
                    "hand": [_face(c) for c in p["hand"]],
                    "deck_size": len(p["deck"]),
                    # What a pass takes now: the top three cards, or what the deck has left.
                    "pass_draws": min(PASS_DRAW, len(p["deck"])),
                    "discard_size": len(p["discard"]),
                    # Cards go face up onto a discard pile: its top card lies in plain view.
                    "discard_top": _face(p["discard"][-1]) if p["discard"] else None,
                    "discard": [_face(c) for c in p["discard"]]
                    if own or opts["open_discards"]
                    else None,
                    "tokens": p["tokens"],
                    "used_tokens": p["used_tokens"],
                    "witch_used": p["witch_used"],
                    "held": [parts.colour_of(c) for c in p["held"]],
                    "character": p["character"] if own or not choosing else None,
                    # The card a player returns goes back to the box unseen (rulebook).
                    "offered": p["offered"] if own else None,
                    "turns": p["turns"],
                    "words": p["words"],
                }
            )
        view: WordsOfMagicView = {
            "game": NAME,
            "options": opts,
            "phase": typed_state["phase"],
            "turn": typed_state["turn"],
            "active": typed_state["active"],
            "first": typed_state["first"],
            "to_act": self.to_act(state),
            "players": players,
            "balance": {c: len(cards) for c, cards in typed_state["balance"].items()},
            "familiar": typed_state["familiar"].copy(),
            "pending": _pending_view(typed_state, seat),
            "word_formed": typed_state["word_formed"],
            "end": typed_state["end"],
            "seat": seat,
            "legal_actions": self.legal_actions(state, seat) if seat is not None else [],
        }
        return dict(view)

    def visible_paths(self, state: State, seat: Seat | None) -> list[str]:
        """Open hands, tokens and characters; a seat's own offer and discard pile (every
        discard pile with ``open_discards``), and the face-up top card of every discard pile.
        Deck orders, the Balance of Power decks, the face-down cards waiting to be ordered and
        the generator are hidden."""
        discards = "players.*.discard" if state["options"]["open_discards"] else "players.@.discard"
        tops = [
            f"players.{s}.discard.{len(p['discard']) - 1}"
            for s, p in enumerate(state["players"])
            if p["discard"]
        ]
        searching = state["phase"] == "choose_fate" and seat != state["active"]
        pending = "pending.then_repeat" if searching else "pending"
        choosing = state["phase"] == "choose_character"
        characters = "players.@.character" if choosing else "players.*.character"
        return [*_PUBLIC_PATHS, pending, characters, "players.@.offered", discards, *tops]

    def card_back(self, value: str) -> str:
        card = parts.CATALOGUE.get(value)
        if card is not None:
            return card.colour or "player-deck"
        return "character" if value in parts.CHARACTER_CARDS else "text"

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        totals = [len(p["hand"]) + len(p["deck"]) for p in state["players"]]
        tokens = [p["tokens"] for p in state["players"]]
        keys = [(t, -k) for t, k in zip(totals, tokens, strict=True)]
        places = places_by(keys)
        winners = [s for s, place in enumerate(places) if place == 1]
        return Result(totals, places, winners, {"unused_tokens": tokens, "end": state["end"]})

    def action_label(self, state: State, action: Action) -> str:
        """What ``wordsvc simulate`` counts: the action type, with the magic card played
        (``play_magic:revival``)."""
        kind = str(action.get("type"))
        card = action.get("card")
        if kind == "play_magic" and isinstance(card, str) and card in parts.CATALOGUE:
            return f"{kind}:{parts.CATALOGUE[card].magic}"
        return kind


def _face(card: str) -> CardFace:
    """A card face up, as the view shows it."""
    return card_face(parts.CATALOGUE[card].face())


def _pending_view(state: WordsOfMagicState, seat: Seat | None) -> PendingView:
    """The state's ``pending``, but for Search for Fate's cards: seen by the player searching
    only (Interpretations), and counted for all."""
    pending = state["pending"]
    if state["phase"] != "choose_fate":
        # Only Search for Fate's choice holds ``cards`` (ids in the state, faces in the view):
        # any other pending is the view's as it is, which mypy cannot tell (hence the cast).
        return cast(PendingView, pending.copy())
    cards = pending["cards"]
    shown = [_face(c) for c in cards] if seat == state["active"] else None
    return {**pending, "cards": shown, "count": len(cards)}


_PUBLIC_PATHS = (
    *("game", "options", "phase", "turn", "active", "first", "familiar", "end"),
    "word_formed",
    *(f"players.*.{key}" for key in ("hand", "tokens", "used_tokens", "witch_used")),
    *(f"players.*.{key}" for key in ("turns", "words")),
    "over",
)
