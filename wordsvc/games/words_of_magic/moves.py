"""Every move of every step, as one table: the fields each takes, its check (refuses,
changes nothing), its effect, and the candidates its check filters into the legal actions.

Steps: ``choose_character`` (every seat at once), ``turn`` (the active seat plays magic
cards, then forms a word or passes; after a word, ``end_turn`` closes the magic window), and
the windows a turn may open: ``choose_fate`` and ``mage_repeat`` for the active seat,
``order_balance`` for neighbours given several Balance of Power cards, ``gnome`` for Gnome
players after a pass, ``elf_draw`` for the Elf's own extra draw after a word.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations

from wordsvc.errors import InternalError
from wordsvc.games.contract import Action, Event, RuleError, Seat
from wordsvc.games.phases import Move, Moves, no_check, only
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic import forming, magic
from wordsvc.games.words_of_magic.components import Character
from wordsvc.games.words_of_magic.forming import WordRules
from wordsvc.games.words_of_magic.state import Phase, WordsOfMagicState
from wordsvc.games.words_of_magic.table import (
    card_in_hand,
    draw_step,
    next_turn,
    no_word_yet,
    place_balance,
    resume_turn,
    take_from_deck,
    trigger_end,
)
from wordsvc.rules.words_of_magic.turn import PASS_DRAW


def moves(words: WordRules) -> Moves[WordsOfMagicState]:
    """The moves of each step, in the order the legal actions list them; ``form_word`` asks
    ``words`` whether a word counts."""
    return {
        "choose_character": {"choose_character": _CHOOSE_CHARACTER},
        "turn": {
            "play_magic": _PLAY_MAGIC,
            "end_turn": Move((), _end_turn_check, _end_turn, only({"type": "end_turn"})),
            "pass": Move(("under_deck",), _pass_check, _pass, _pass_candidates),
            "form_word": forming.move(words),
        },
        "choose_fate": {"choose_card": _CHOOSE_CARD},
        "mage_repeat": {
            "repeat_magic": _REPEAT_MAGIC,
            "decline": Move((), no_check, _decline_repeat, only({"type": "decline"})),
        },
        "gnome": {
            "gnome_take": Move((), no_check, _gnome, only({"type": "gnome_take"})),
            "decline": Move((), no_check, _gnome, only({"type": "decline"})),
        },
        "order_balance": {"order_balance": _ORDER_BALANCE},
        "elf_draw": {"elf_draw": _ELF_DRAW},
        "over": {},
    }


def _orders(items: list[str]) -> list[tuple[str, ...]]:
    return sorted(set(permutations(items)))


# --- choosing a character -------------------------------------------------------------------


def _choose_character_check(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    offered = state["players"][seat]["offered"]
    if action.get("character") not in offered:
        raise RuleError(
            "character_not_offered",
            "Choose one of the two character cards you were dealt.",
            {"offered": offered},
        )


def _choose_character(
    state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]
) -> None:
    choice = action["character"]
    state["players"][seat]["character"] = choice
    # Chosen blind: the others learn that the seat chose (an event of its own, so that no
    # client reads a character into it), and what once all have.
    events.append(Event("character_chosen", {"seat": seat, "character": choice}, (seat,)))
    events.append(Event("seat_chose_character", {"seat": seat}))
    if all(p["character"] for p in state["players"]):
        state["phase"] = "turn"
        chosen = [p["character"] for p in state["players"]]
        events.append(Event("characters_revealed", {"characters": chosen}))
        events.append(Event("turn_started", {"seat": state["active"], "turn": state["turn"]}))


_CHOOSE_CHARACTER = Move(
    ("character",),
    _choose_character_check,
    _choose_character,
    lambda state, seat: [
        {"type": "choose_character", "character": c} for c in state["players"][seat]["offered"]
    ],
)


# --- magic cards ----------------------------------------------------------------------------


def _magic_card(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    """What a ``play_magic`` action names: a magic card in hand whose effect would change
    something (the check of the described Renewal of Strength, whose cards are to choose)."""
    player = state["players"][seat]
    card = card_in_hand(player, action.get("card"))
    found = parts.CATALOGUE[card].magic
    if found is None:
        raise RuleError("not_a_magic_card", f"Card {card} is not a magic card.", {"card": card})
    magic.check_playable(player, found, action, in_hand=True)


def _play_magic_check(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    _magic_card(state, seat, action)
    if parts.CATALOGUE[action["card"]].magic == magic.RENEWAL:
        magic.check_renewed(state["players"][seat], action, played=action["card"])


def _play_magic(state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]) -> None:
    """ "A used magic card is sent to the discard pile before its effect is applied." A Mage
    may then repeat it (``mage_repeat``, after Search for Fate's choice)."""
    player = state["players"][seat]
    card = action["card"]
    played = parts.CATALOGUE[card].magic
    if played is None:  # the check let through only magic cards
        raise InternalError(f"{card} played as a magic card", {"card": card})
    player["hand"].remove(card)
    player["discard"].append(card)
    events.append(Event("magic_played", {"seat": seat, "card": card, "magic": played}))
    magic.apply(state, seat, played, action, events)
    if player["character"] == Character.MAGE and state["phase"] == "turn":
        state["phase"] = "mage_repeat"
        state["pending"] = {"magic": played, "card": card}
    elif player["character"] == Character.MAGE and state["phase"] == "choose_fate":
        state["pending"]["then_repeat"] = played
    elif state["phase"] == "turn":
        resume_turn(state, events)


def _play_magic_candidates(state: WordsOfMagicState, seat: Seat) -> list[Action]:
    """Each magic card in hand; Renewal of Strength described (its cards are to choose)."""
    found: list[Action] = []
    for card in state["players"][seat]["hand"]:
        kind = parts.CATALOGUE[card].magic
        if kind == magic.RENEWAL:
            found.append({"type": "play_magic", "card": card, "needs": ["cards"]})
        elif kind is not None:
            found.append({"type": "play_magic", "card": card})
    return found


_PLAY_MAGIC = Move(
    ("card", "cards"),
    _play_magic_check,
    _play_magic,
    _play_magic_candidates,
    check_described=_magic_card,
)


def _repeat_named(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    """The Mage's repeat of the card just played (already on the discard pile)."""
    magic.check_playable(state["players"][seat], state["pending"]["magic"], action, in_hand=False)


def _repeat_check(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    _repeat_named(state, seat, action)
    if state["pending"]["magic"] == magic.RENEWAL:
        magic.check_renewed(state["players"][seat], action, played=None)


def _repeat_magic(
    state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]
) -> None:
    repeated = state["pending"]["magic"]
    state["phase"], state["pending"] = "turn", {}
    events.append(Event("magic_repeated", {"seat": seat, "magic": repeated}))
    magic.apply(state, seat, repeated, action, events)
    if state["phase"] == "turn":
        resume_turn(state, events)


def _repeat_candidates(state: WordsOfMagicState, seat: Seat) -> list[Action]:
    if state["pending"]["magic"] == magic.RENEWAL:
        return [{"type": "repeat_magic", "needs": ["cards"]}]
    return [{"type": "repeat_magic"}]


_REPEAT_MAGIC = Move(
    ("cards",), _repeat_check, _repeat_magic, _repeat_candidates, check_described=_repeat_named
)


def _decline_repeat(
    state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]
) -> None:
    resume_turn(state, events)


# --- Search for Fate's choice ---------------------------------------------------------------


def _choose_card_check(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
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


def _choose_card(state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]) -> None:
    card = action["card"]
    under = action.get("under", [c for c in state["pending"]["cards"] if c != card])
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


def _choose_card_candidates(state: WordsOfMagicState, seat: Seat) -> list[Action]:
    revealed = state["pending"]["cards"]
    return [
        {"type": "choose_card", "card": card, "under": list(order)}
        for card in revealed
        for order in _orders([c for c in revealed if c != card])
    ]


_CHOOSE_CARD = Move(("card", "under"), _choose_card_check, _choose_card, _choose_card_candidates)


# --- the end of a turn: a pass, or the draw step after a word --------------------------------


def _end_turn_check(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    if state["word_formed"] is None:
        raise RuleError(
            "no_word_formed", "Form a word or pass; `end_turn` closes the magic window after one."
        )


def _end_turn(state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]) -> None:
    draw_step(state, events)


def _pass_check(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    no_word_yet(state)
    under = action.get("under_deck")
    if under is not None:
        player = state["players"][seat]
        if player["character"] != Character.LIBRARIAN:
            raise RuleError("not_your_ability", "Only the Librarian puts a card under the deck.")
        card_in_hand(player, under, "under_deck")


def _pass(state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]) -> None:
    """Take the top three cards of the deck (the Librarian may first put a hand card under
    it); then each Gnome with a deck may take one card (``gnome``)."""
    player = state["players"][seat]
    under = action.get("under_deck")
    if under is not None:
        player["hand"].remove(under)
        player["deck"].append(under)
        events.append(Event("card_under_deck", {"seat": seat, "card": under}))
    events.append(Event("passed", {"seat": seat}))
    take_from_deck(state, seat, PASS_DRAW, events, "pass")
    gnomes = {
        str(s): True
        for s, p in enumerate(state["players"])
        if s != seat and p["character"] == Character.GNOME and p["deck"]
    }
    if gnomes:
        state["phase"], state["pending"] = "gnome", {"seats": gnomes}
        return
    next_turn(state, events)


def _pass_candidates(state: WordsOfMagicState, seat: Seat) -> list[Action]:
    """A pass, and one putting each hand card under the deck (the Librarian's)."""
    hand = state["players"][seat]["hand"]
    return [{"type": "pass"}, *({"type": "pass", "under_deck": card} for card in hand)]


# --- the windows after a turn's action ------------------------------------------------------


def _gnome(state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]) -> None:
    if action["type"] == "gnome_take":
        take_from_deck(state, seat, 1, events, "gnome")
    del state["pending"]["seats"][str(seat)]
    if not state["pending"]["seats"]:
        next_turn(state, events)


def _elf_draw_check(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    most = state["pending"]["most"]
    count = action.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= most:
        raise RuleError(
            "invalid_count",
            f"`count`: the Elf draws none to {most} more cards.",
            {"most": most},
        )


def _elf_draw(state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]) -> None:
    take_from_deck(state, seat, action["count"], events, "elf")
    next_turn(state, events)


_ELF_DRAW = Move(
    ("count",),
    _elf_draw_check,
    _elf_draw,
    lambda state, seat: [
        {"type": "elf_draw", "count": n} for n in range(state["pending"]["most"] + 1)
    ],
)


def _colours_taken(state: WordsOfMagicState, seat: Seat) -> list[str]:
    """The Balance of Power colours ``seat`` took and is to order (``order_balance``)."""
    colours = state["pending"]["seats"][str(seat)]
    if not isinstance(colours, list):
        raise InternalError("order_balance waits on seats with the colours they took")
    return colours


def _order_balance_check(state: WordsOfMagicState, seat: Seat, action: Action) -> None:
    colours = _colours_taken(state, seat)
    order = action.get("order")
    if (
        not isinstance(order, list)
        or not all(isinstance(colour, str) for colour in order)
        or sorted(order) != sorted(colours)
    ):
        raise RuleError(
            "invalid_order", "`order` lists the colours you took, top first.", {"colours": colours}
        )


def _order_balance(
    state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]
) -> None:
    order = action["order"]
    place_balance(state, seat, order)
    events.append(Event("balance_ordered", {"seat": seat, "order": order}))
    del state["pending"]["seats"][str(seat)]
    if not state["pending"]["seats"]:
        resume_turn(state, events)


_ORDER_BALANCE = Move(
    ("order",),
    _order_balance_check,
    _order_balance,
    lambda state, seat: [
        {"type": "order_balance", "order": list(order)}
        for order in _orders(_colours_taken(state, seat))
    ],
)


#: Where one action may lead from each phase (``PhasedGame.transitions``).
TRANSITIONS: Mapping[Phase, frozenset[Phase]] = {
    "choose_character": frozenset({"choose_character", "turn"}),
    "turn": frozenset(
        {"turn", "order_balance", "choose_fate", "mage_repeat", "gnome", "elf_draw", "over"}
    ),
    "order_balance": frozenset({"order_balance", "turn", "elf_draw", "over"}),
    "choose_fate": frozenset({"turn", "mage_repeat", "elf_draw", "over"}),
    "mage_repeat": frozenset({"turn", "choose_fate", "elf_draw", "over"}),
    "gnome": frozenset({"gnome", "turn", "over"}),
    "elf_draw": frozenset({"turn", "over"}),
}
