"""The Words of Magic rules engine (``docs/rules/words-of-magic.md``).

Pure: the state is a JSON dict, randomness is the state's own generator, and whether a word
is allowed is asked of an injected :class:`WordRules` (the judge in production, a word list in
tests). ``docs/rules/words-of-magic.md`` states the rules as implemented and every
interpretation of a gap.

Phases: ``choose_character`` (every seat at once) → ``turn`` (the active seat plays magic
cards, then forms a word or passes) → response windows that the turn may open
(``choose_fate``, ``mage_repeat`` for the active seat; ``order_balance`` for neighbours given
several Balance of Power cards; ``gnome`` for Gnome players after a pass; ``elf_draw``, the
Elf's own extra draw after a word) → the next turn, or
``over`` when the round in which the end was triggered is complete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, Protocol

from wordsvc.games import rng as random_
from wordsvc.games.contract import (
    Action,
    Event,
    Result,
    RuleError,
    Seat,
    State,
    apply_by_phase,
    as_seat,
    places_by,
    viewer,
)
from wordsvc.games.words_of_magic.forming import form_word
from wordsvc.games.words_of_magic.options import normalise_options, options_schema
from wordsvc.games.words_of_magic.steps import (
    card_in_hand,
    draw_step,
    magic_has_effect,
    next_turn,
    place_balance,
    playable_magic,
    resume_turn,
    take_from_deck,
    trigger_end,
)
from wordsvc.rules.words_of_magic import components as parts
from wordsvc.rules.words_of_magic.codex import COLOURS, load_codex
from wordsvc.rules.words_of_magic.turn import PASS_DRAW

NAME = "words-of-magic"


class WordRules(Protocol):
    def validate_categories(self, categories: Sequence[str]) -> None: ...

    def is_playable(self, word: str, categories: Sequence[str]) -> bool: ...


class WordsOfMagic:
    """The game, bound to the word rules it asks whether a word counts."""

    name = NAME

    def __init__(self, words: WordRules) -> None:
        self.words = words
        self.codex = load_codex()
        self._handlers = {key: partial(handler, self) for key, handler in _HANDLERS.items()}

    # --- contract ---------------------------------------------------------------------------

    def options_schema(self) -> dict[str, object]:
        return options_schema()

    def new(self, options: Mapping[str, object], seed: int) -> State:
        opts = normalise_options(options)
        self.words.validate_categories(opts["categories"])
        rng = random_.new_rng(seed)
        players = []
        for seat in range(opts["players"]):
            deck = parts.player_deck(seat, with_magic=opts["mode"] == "magic")
            deck = [c for c in deck if parts.CATALOGUE[c].magic not in opts["magic_left_out"]]
            random_.shuffle(rng, deck)
            players.append(
                {
                    "hand": deck[: parts.HAND_AT_START],
                    "deck": deck[parts.HAND_AT_START :],
                    "discard": [],
                    "tokens": parts.TOKENS,
                    "used_tokens": 0,
                    "character": None,
                    "offered": [],
                    "witch_used": False,
                    "turns": 0,
                    "words": [],
                }
            )
        balance = {}
        for colour in COLOURS:
            cards = list(parts.BALANCE_CARDS[colour])
            random_.shuffle(rng, cards)
            balance[colour] = cards
        familiar = list(parts.FAMILIAR_LETTERS)
        random_.shuffle(rng, familiar)
        first = opts["first_player"]
        if first is None:
            first = random_.below(rng, opts["players"])
        state: State = {
            "game": NAME,
            "options": opts,
            "rng": rng,
            "players": players,
            "balance": balance,
            "familiar": {"letters": familiar[: parts.FAMILIAR_IN_PLAY], "figure": 1},
            "first": first,
            "active": first,
            "turn": 1,
            "phase": "turn",
            "pending": {},
            "word_formed": None,  # after a word: {word, draw_up_to} until the draw step
            "end": None,
            "over": False,
        }
        if opts["characters"]:
            pool = [c for c in parts.CHARACTER_CARDS if c not in opts["characters_left_out"]]
            random_.shuffle(rng, pool)
            for seat, player in enumerate(players):
                player["offered"] = pool[2 * seat : 2 * seat + 2]
            state["phase"] = "choose_character"
        return state

    def to_act(self, state: State) -> list[Seat]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "choose_character":
            return [s for s, p in enumerate(state["players"]) if p["character"] is None]
        if phase in ("order_balance", "gnome"):
            return sorted(int(s) for s in state["pending"]["seats"])
        return [state["active"]]

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if as_seat(seat) is None or seat not in self.to_act(state):
            return []
        phase, player = state["phase"], state["players"][seat]
        if phase == "choose_character":
            return [{"type": "choose_character", "character": c} for c in player["offered"]]
        if phase == "order_balance":
            colours = state["pending"]["seats"][str(seat)]
            return [{"type": "order_balance", "order": list(o)} for o in _orders(colours)]
        if phase == "gnome":
            return [{"type": "gnome_take"}, {"type": "decline"}]
        if phase == "choose_fate":
            revealed = state["pending"]["cards"]
            return [
                {"type": "choose_card", "card": card, "under": list(order)}
                for card in revealed
                for order in _orders([c for c in revealed if c != card])
            ]
        if phase == "elf_draw":
            return [{"type": "elf_draw", "count": n} for n in range(state["pending"]["most"] + 1)]
        if phase == "mage_repeat":
            magic = state["pending"]["magic"]
            repeat: Action = {"type": "repeat_magic"}
            if magic == "renewal-of-strength":
                repeat["needs"] = ["cards"]
            if not magic_has_effect(player, magic, in_hand=False):
                return [{"type": "decline"}]
            return [repeat, {"type": "decline"}]
        actions: list[Action] = []
        for card in playable_magic(player):
            play: Action = {"type": "play_magic", "card": card}
            if parts.CATALOGUE[card].magic == "renewal-of-strength":
                play["needs"] = ["cards"]
            actions.append(play)
        if state["word_formed"] is not None:
            return [*actions, {"type": "end_turn"}]
        actions.append({"type": "pass"})
        if player["character"] == "librarian":
            actions += [{"type": "pass", "under_deck": c} for c in player["hand"]]
        actions.append(
            {
                "type": "form_word",
                "needs": ["word", "slots"],
                "optional": ["property", "discard", "witch"],
            }
        )
        return actions

    def apply(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
        return apply_by_phase(state, seat, action, self.to_act(state), self._handlers, _FIELDS)

    def view(self, state: State, seat: Seat | None) -> dict[str, object]:
        """Hands, tokens and characters are open; deck order and the face-down Balance of
        Power cards are hidden from everyone; a discard pile is seen by its owner only
        (rulebook), unless the option ``open_discards`` is set."""
        seat = viewer(state, seat)
        opts = state["options"]
        # Characters are chosen blind and shown once everyone has chosen (Interpretations).
        choosing = state["phase"] == "choose_character"
        players = []
        for s, p in enumerate(state["players"]):
            own = seat == s
            players.append(
                {
                    "hand": [parts.CATALOGUE[c].face() for c in p["hand"]],
                    "deck_size": len(p["deck"]),
                    "discard_size": len(p["discard"]),
                    # Cards go face up onto a discard pile: its top card lies in plain view.
                    "discard_top": parts.CATALOGUE[p["discard"][-1]].face()
                    if p["discard"]
                    else None,
                    "discard": [parts.CATALOGUE[c].face() for c in p["discard"]]
                    if own or opts["open_discards"]
                    else None,
                    "tokens": p["tokens"],
                    "used_tokens": p["used_tokens"],
                    "witch_used": p["witch_used"],
                    "held": [parts.CATALOGUE[c].colour for c in p.get("held", [])],
                    "character": p["character"] if own or not choosing else None,
                    # The card a player returns goes back to the box unseen (rulebook).
                    "offered": p["offered"] if own else None,
                    "turns": p["turns"],
                    "words": p["words"],
                }
            )
        pending = dict(state["pending"])
        if state["phase"] == "choose_fate":
            # Search for Fate's cards are seen by the player searching only (Interpretations).
            cards = pending["cards"]
            pending["cards"] = (
                [parts.CATALOGUE[c].face() for c in cards] if seat == state["active"] else None
            )
            pending["count"] = len(cards)
        return {
            "game": NAME,
            "options": opts,
            "phase": state["phase"],
            "turn": state["turn"],
            "active": state["active"],
            "first": state["first"],
            "to_act": self.to_act(state),
            "players": players,
            "balance": {c: len(cards) for c, cards in state["balance"].items()},
            "familiar": dict(state["familiar"]),
            "pending": pending,
            "word_formed": state["word_formed"],
            "end": state["end"],
            "seat": seat,
            "legal_actions": self.legal_actions(state, seat) if seat is not None else [],
        }

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


# --- helpers --------------------------------------------------------------------------------

_PUBLIC_PATHS = (
    *("game", "options", "phase", "turn", "active", "first", "familiar", "end"),
    "word_formed",
    *(f"players.*.{key}" for key in ("hand", "tokens", "used_tokens", "witch_used")),
    *(f"players.*.{key}" for key in ("turns", "words")),
    "over",
)


def _without_effect(magic: str) -> RuleError:
    return RuleError(
        "magic_without_effect",
        f"{magic} would change nothing now; a magic card is played only for its effect.",
        {"magic": magic},
    )


def _orders(items: Sequence[str]) -> list[tuple[str, ...]]:
    from itertools import permutations

    return sorted(set(permutations(items)))


# --- phase handlers -------------------------------------------------------------------------


def _choose_character(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    player = state["players"][seat]
    choice = action.get("character")
    if choice not in player["offered"]:
        raise RuleError(
            "character_not_offered",
            "Choose one of the two character cards you were dealt.",
            {"offered": player["offered"]},
        )
    player["character"] = choice
    # Chosen blind: the others learn that the seat chose (an event of its own, so that no
    # client reads a character into it), and what once all have.
    events.append(Event("character_chosen", {"seat": seat, "character": choice}, (seat,)))
    events.append(Event("seat_chose_character", {"seat": seat}))
    if all(p["character"] for p in state["players"]):
        state["phase"] = "turn"
        chosen = [p["character"] for p in state["players"]]
        events.append(Event("characters_revealed", {"characters": chosen}))
        events.append(Event("turn_started", {"seat": state["active"], "turn": state["turn"]}))


def _play_magic(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    player = state["players"][seat]
    card = card_in_hand(player, action.get("card"))
    magic = parts.CATALOGUE[card].magic
    if magic is None:
        raise RuleError("not_a_magic_card", f"Card {card} is not a magic card.", {"card": card})
    if "cards" in action and magic != "renewal-of-strength":
        raise RuleError("malformed_action", "Only Renewal of Strength takes `cards`.")
    if not magic_has_effect(player, magic):
        raise _without_effect(magic)
    # "A used magic card is sent to the discard pile before its effect is applied."
    player["hand"].remove(card)
    player["discard"].append(card)
    events.append(Event("magic_played", {"seat": seat, "card": card, "magic": magic}))
    _magic_effect(state, seat, magic, action, events)
    if player["character"] == "mage" and state["phase"] == "turn":
        state["phase"] = "mage_repeat"
        state["pending"] = {"magic": magic, "card": card}
    elif player["character"] == "mage" and state["phase"] == "choose_fate":
        state["pending"]["then_repeat"] = magic
    elif state["phase"] == "turn":
        resume_turn(state, events)


def _magic_effect(
    state: State, seat: Seat, magic: str, action: Action, events: list[Event]
) -> None:
    player = state["players"][seat]
    if magic == "revival":
        player["used_tokens"] -= 1
        player["tokens"] += 1
        events.append(Event("token_restored", {"seat": seat}))
    elif magic == "renewal-of-strength":
        cards = action.get("cards")
        if not isinstance(cards, list) or len(set(map(str, cards))) != len(cards):
            raise RuleError("malformed_action", "`cards` lists distinct hand cards to renew.")
        if not cards:
            raise _without_effect(magic)
        for card in cards:
            card_in_hand(player, card, "cards")
        for card in cards:
            player["hand"].remove(card)
        player["deck"] += cards
        events.append(Event("cards_under_deck", {"seat": seat, "cards": cards}))
        take_from_deck(state, seat, len(cards), events, "renewal-of-strength")
    elif magic == "search-for-fate":
        revealed = player["deck"][:3]
        if revealed:
            del player["deck"][: len(revealed)]
            # Seen by the player searching only; the others learn how many, in an event of its
            # own (Interpretations).
            events.append(Event("cards_revealed", {"seat": seat, "cards": revealed}, (seat,)))
            events.append(Event("fate_searched", {"seat": seat, "count": len(revealed)}))
            state["phase"] = "choose_fate"
            state["pending"] = {"cards": revealed}
    elif magic == "extra-portion":
        take_from_deck(state, seat, 2, events, "extra-portion")


def _choose_card(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    revealed = state["pending"]["cards"]
    card = action.get("card")
    if card not in revealed:
        raise RuleError(
            "card_not_revealed", "Choose one of the revealed cards.", {"cards": revealed}
        )
    rest = [c for c in revealed if c != card]
    under = action.get("under", rest)
    if not isinstance(under, list) or sorted(map(str, under)) != sorted(rest):
        raise RuleError(
            "invalid_order",
            "`under` lists the other revealed cards in the order they go under your deck.",
            {"cards": rest},
        )
    player = state["players"][seat]
    player["hand"].append(card)
    player["deck"] += under
    events.append(Event("fate_chosen", {"seat": seat, "card": card}))
    events.append(Event("fate_under_deck", {"seat": seat, "cards": under}, (seat,)))
    if not player["deck"]:
        trigger_end(state, events, seat, "deck_empty")
    repeat = state["pending"].get("then_repeat")
    if repeat:
        state["phase"], state["pending"] = "mage_repeat", {"magic": repeat}
    else:
        resume_turn(state, events)


def _repeat_magic(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    magic = state["pending"]["magic"]
    if "cards" in action and magic != "renewal-of-strength":
        raise RuleError("malformed_action", "Only Renewal of Strength takes `cards`.")
    if not magic_has_effect(state["players"][seat], magic, in_hand=False):
        raise _without_effect(magic)
    state["phase"], state["pending"] = "turn", {}
    events.append(Event("magic_repeated", {"seat": seat, "magic": magic}))
    _magic_effect(state, seat, magic, action, events)
    if state["phase"] == "turn":
        resume_turn(state, events)


def _decline_repeat(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    resume_turn(state, events)


def _end_turn(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    if state["word_formed"] is None:
        raise RuleError(
            "no_word_formed", "Form a word or pass; `end_turn` closes the magic window after one."
        )
    draw_step(state, events)


def _pass(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    player = state["players"][seat]
    if state["word_formed"] is not None:
        raise RuleError("word_already_formed", "You formed a word this turn: it is not a pass.")
    under = action.get("under_deck")
    if under is not None:
        if player["character"] != "librarian":
            raise RuleError("not_your_ability", "Only the Librarian puts a card under the deck.")
        card = card_in_hand(player, under, "under_deck")
        player["hand"].remove(card)
        player["deck"].append(card)
        events.append(Event("card_under_deck", {"seat": seat, "card": card}))
    events.append(Event("passed", {"seat": seat}))
    take_from_deck(state, seat, PASS_DRAW, events, "pass")
    gnomes = {
        str(s): True
        for s, p in enumerate(state["players"])
        if s != seat and p["character"] == "gnome" and p["deck"]
    }
    if gnomes:
        state["phase"], state["pending"] = "gnome", {"seats": gnomes}
        return
    next_turn(state, events)


def _gnome(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    if action["type"] == "gnome_take":
        take_from_deck(state, seat, 1, events, "gnome")
    del state["pending"]["seats"][str(seat)]
    if not state["pending"]["seats"]:
        next_turn(state, events)


def _elf_draw(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    most = state["pending"]["most"]
    count = action.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= most:
        raise RuleError(
            "invalid_count",
            f"`count`: the Elf draws none to {most} more cards.",
            {"most": most},
        )
    take_from_deck(state, seat, count, events, "elf")
    next_turn(state, events)


def _order_balance(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    colours = state["pending"]["seats"][str(seat)]
    order = action.get("order")
    if (
        not isinstance(order, list)
        or not all(isinstance(colour, str) for colour in order)
        or sorted(order) != sorted(colours)
    ):
        raise RuleError(
            "invalid_order", "`order` lists the colours you took, top first.", {"colours": colours}
        )
    place_balance(state, seat, order)
    events.append(Event("balance_ordered", {"seat": seat, "order": order}))
    del state["pending"]["seats"][str(seat)]
    if not state["pending"]["seats"]:
        resume_turn(state, events)


_HANDLERS: dict[tuple[str, str], Any] = {
    ("choose_character", "choose_character"): _choose_character,
    ("turn", "play_magic"): _play_magic,
    ("turn", "pass"): _pass,
    ("turn", "form_word"): form_word,
    ("turn", "end_turn"): _end_turn,
    ("choose_fate", "choose_card"): _choose_card,
    ("mage_repeat", "repeat_magic"): _repeat_magic,
    ("mage_repeat", "decline"): _decline_repeat,
    ("gnome", "gnome_take"): _gnome,
    ("gnome", "decline"): _gnome,
    ("order_balance", "order_balance"): _order_balance,
    ("elf_draw", "elf_draw"): _elf_draw,
}

#: The fields each action type may carry besides ``type``; any other is ``malformed_action``.
_FIELDS = {
    "choose_character": ("character",),
    "play_magic": ("card", "cards"),
    "pass": ("under_deck",),
    "form_word": ("word", "slots", "property", "discard", "witch"),
    "choose_card": ("card", "under"),
    "repeat_magic": ("cards",),
    "decline": (),
    "end_turn": (),
    "gnome_take": (),
    "order_balance": ("order",),
    "elf_draw": ("count",),
}
