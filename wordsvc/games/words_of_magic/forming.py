"""Forming a word (rulebook "1. Form a Word", the codex, the Familiar's properties).

The action::

    {"type": "form_word", "word": "морозиво",
     "slots": [{"source": "letter_card", "card": "d0-03"},
               {"source": "token", "card": "d0-05", "letter": "р"},
               {"source": "familiar", "position": 1},
               {"source": "joker_card", "card": "d0-29", "letter": "в"},
               {"source": "amazon"}, ...],            # one slot per letter, in order
     "property": "discard-deck" | "length-" | "length+" | "discard-hand" | null,
     "discard": "<card id>",                          # with "discard-hand"
     "witch": false}

Each refusal names the rule and the slot or card at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from wordsvc.alphabet import MIN_WORD_LENGTH, letters_of, normalise
from wordsvc.errors import InvalidWord
from wordsvc.games.contract import Action, Event, RuleError, Seat, State
from wordsvc.games.words_of_magic.steps import (
    card_in_hand,
    neighbours,
    place_balance,
    resume_turn,
    trigger_end,
)
from wordsvc.rules.words_of_magic import components as parts
from wordsvc.rules.words_of_magic.turn import (
    AMAZON_LETTER,
    FamiliarProperty,
    may_use_familiar_card,
)

if TYPE_CHECKING:
    from wordsvc.games.words_of_magic.engine import WordsOfMagic

MIN_LETTERS = MIN_WORD_LENGTH
#: The `property` of a form_word action, and the planshet property it uses.
PROPERTY_CHOICES = {
    "discard-deck": FamiliarProperty.DISCARD_DECK,
    "length-": FamiliarProperty.LENGTH,
    "length+": FamiliarProperty.LENGTH,
    "discard-hand": FamiliarProperty.DISCARD_HAND,
}


class LaidSlot(TypedDict):
    """A slot of a form_word action once checked, as the state and the event keep it."""

    source: str
    letter: str
    card: NotRequired[str]  # the three card sources
    position: NotRequired[int]  # a Familiar card


def form_word(
    game: WordsOfMagic, state: State, seat: Seat, action: Action, events: list[Event]
) -> None:
    player = state["players"][seat]
    if state["word_formed"] is not None:
        raise RuleError("word_already_formed", "One word per turn: you formed one already.")
    word, letters = _word(action)
    laid = _check_layout(state, player, letters, action.get("slots"))
    tokens = sum(1 for slot in laid if slot["source"] == "token")
    if tokens > player["tokens"]:
        raise RuleError(
            "not_enough_tokens",
            f"The layout uses {tokens} joker tokens; you have {player['tokens']} unused.",
            {"tokens": tokens, "unused": player["tokens"]},
        )
    if not _allowed(game, state, word):
        raise RuleError(
            "word_not_allowed",
            f"«{word}» is not a word of the agreed categories.",
            {"word": word, "categories": state["options"]["categories"]},
        )
    familiar = next((s["position"] for s in laid if s["source"] == "familiar"), None)
    prop, counted, discard = _check_property(state, player, action, familiar, laid, len(letters))
    witch = action.get("witch", False)
    if not isinstance(witch, bool):
        raise RuleError("malformed_action", "`witch` is true or false.")
    if witch and (player["character"] != "witch" or player["witch_used"]):
        raise RuleError("not_your_ability", "Only the Witch, once per game, curses everyone.")

    # Lay out: the cards go to the discard pile, used tokens are turned face down.
    cards = [slot["card"] for slot in laid if "card" in slot]
    for card in cards:
        player["hand"].remove(card)
    player["discard"] += cards
    player["tokens"] -= tokens
    player["used_tokens"] += tokens
    figure_moved = familiar is not None and state["familiar"]["figure"] != familiar
    if figure_moved:
        state["familiar"]["figure"] = familiar  # a Druid on an occupied card leaves it there
    player["words"].append({"word": word, "length": len(letters), "counted": counted})
    events.append(
        Event(
            "word_formed",
            {
                "seat": seat,
                "word": word,
                "length": len(letters),
                "counted": counted,
                "slots": laid,
                "tokens": tokens,
                "familiar": familiar,
                "property": prop,
            },
        )
    )

    if prop == "discard-deck" and player["deck"]:
        top = player["deck"].pop(0)
        player["discard"].append(top)
        # "Place the top card of your deck face up in your own discard pile": everyone sees it
        # go, as they see a word's cards go; only the pile is its owner's to review later.
        events.append(Event("deck_top_discarded", {"seat": seat, "card": top}))
        if not player["deck"]:
            trigger_end(state, events, seat, "deck_empty")
    if prop == "discard-hand" and discard is not None:
        player["hand"].remove(discard)
        player["discard"].append(discard)
        events.append(Event("hand_card_discarded", {"seat": seat, "card": discard}))

    orders = _deal_balance(game, state, seat, counted, events)
    if witch and not state["balance"]["yellow"]:
        # The curse is once per game: with no yellow card left to give (after this word's
        # Balance of Power cards) it would be spent for nothing (Interpretations).
        raise RuleError(
            "curse_without_effect",
            "The yellow deck is empty (after your word's Balance of Power cards): the Witch's "
            "curse would give no one a card, so it is kept.",
        )
    if witch:
        player["witch_used"] = True
        _witch(state, seat, events)
    # The draw step waits: neighbours order their cards, then the player may still play
    # magic cards (rulebook: "during the draw step, you may no longer play magic cards").
    state["word_formed"] = {"word": word, "draw_up_to": game.codex.row(counted).draw_up_to}
    if orders:
        state["phase"], state["pending"] = "order_balance", {"seats": orders}
    else:
        resume_turn(state, events)


def _word(action: Action) -> tuple[str, str]:
    raw = action.get("word")
    try:
        word = normalise(raw).word
    except InvalidWord as exc:
        raise RuleError(
            "invalid_word", f"«{raw}» is not a word: {exc.message}", {"code": exc.code}
        ) from None
    letters = letters_of(word)
    if len(letters) < MIN_LETTERS:
        raise RuleError("word_too_short", "A word has at least 3 letters.", {"word": word})
    return word, letters


def _check_layout(
    state: State, player: dict[str, Any], letters: str, slots: object
) -> list[LaidSlot]:
    """Each slot checked against the rules of "1. Form a Word"; returns the slots cleaned."""
    if not isinstance(slots, list) or len(slots) != len(letters):
        raise RuleError(
            "layout_mismatch",
            f"Lay out one slot per letter: {len(letters)} for this word.",
            {"letters": len(letters)},
        )
    used: set[str] = set()
    laid: list[LaidSlot] = []
    familiar_used = amazon_used = False
    for i, (slot, letter) in enumerate(zip(slots, letters, strict=True)):
        if not isinstance(slot, Mapping):
            raise RuleError("malformed_action", f"Slot {i} must be an object.", {"slot": i})
        source = slot.get("source")
        wanted = slot.get("letter", letter)
        if wanted != letter:
            raise RuleError("letter_mismatch", f"Slot {i} must play «{letter}».", {"slot": i})
        if source in ("letter_card", "joker_card", "token"):
            card = card_in_hand(player, slot.get("card"))
            if card in used:
                raise RuleError(
                    "card_used_twice", f"Card {card} is laid out twice.", {"slot": i, "card": card}
                )
            used.add(card)
            face = parts.CATALOGUE[card]
            if source == "letter_card" and (face.kind != "letter" or face.letter != letter):
                raise RuleError(
                    "card_letter_mismatch",
                    f"Card {card} is not the letter «{letter}»; a joker token can turn it.",
                    {"slot": i, "card": card},
                )
            if source == "joker_card" and face.kind != "joker":
                raise RuleError(
                    "not_a_joker_card",
                    f"Card {card} is not a joker card.",
                    {"slot": i, "card": card},
                )
            laid.append({"source": source, "card": card, "letter": letter})
        elif source == "familiar":
            position = slot.get("position")
            familiar = state["familiar"]
            if (
                not isinstance(position, int)
                or isinstance(position, bool)
                or not 0 <= position < len(familiar["letters"])
            ):
                raise RuleError("unknown_familiar_card", "`position` is 0, 1 or 2.", {"slot": i})
            if familiar_used:
                raise RuleError("one_familiar_card", "At most one Familiar card per word.")
            available = familiar["figure"] != position
            if not may_use_familiar_card(available, player["character"]):
                raise RuleError(
                    "familiar_card_occupied",
                    "The Familiar figure stands on that card; only the Druid may use it.",
                    {"slot": i, "position": position},
                )
            if familiar["letters"][position] != letter:
                raise RuleError(
                    "letter_mismatch",
                    f"That Familiar card is not «{letter}».",
                    {"slot": i, "position": position},
                )
            familiar_used = True
            laid.append({"source": "familiar", "position": position, "letter": letter})
        elif source == "amazon":
            if player["character"] != "amazon" or amazon_used or letter != AMAZON_LETTER:
                raise RuleError(
                    "not_your_ability",
                    "Only the Amazon has one free letter А per word.",
                    {"slot": i},
                )
            amazon_used = True
            laid.append({"source": "amazon", "letter": letter})
        else:
            raise RuleError(
                "malformed_action",
                f"Slot {i}: `source` is letter_card, joker_card, token, familiar or amazon.",
                {"slot": i},
            )
    return laid


def _allowed(game: WordsOfMagic, state: State, word: str) -> bool:
    opts = state["options"]
    return word in opts["house_words"] or game.words.is_playable(word, opts["categories"])


def _check_property(
    state: State,
    player: dict[str, Any],
    action: Action,
    familiar: int | None,
    laid: list[LaidSlot],
    length: int,
) -> tuple[str | None, int, str | None]:
    """The Familiar property chosen, the length the codex reads, the hand card to discard."""
    choice = action.get("property")
    if choice is None:
        return None, length, None
    if state["options"]["mode"] != "magic":
        raise RuleError("no_magic", "Classic mode has no Familiar properties.")
    if not isinstance(choice, str) or choice not in PROPERTY_CHOICES:
        raise RuleError(
            "unknown_property",
            "`property` is discard-deck, length-, length+ or discard-hand.",
            {"property": choice},
        )
    if familiar is None:
        raise RuleError(
            "property_needs_familiar", "A property is used with the Familiar card below it."
        )
    printed = state["options"]["familiar_properties"][familiar]
    if PROPERTY_CHOICES[choice] != printed:
        raise RuleError(
            "wrong_property",
            f"The property above that Familiar card is {printed}.",
            {"position": familiar, "property": printed},
        )
    counted = length + {"length-": -1, "length+": 1}.get(choice, 0)
    if counted < MIN_LETTERS:
        raise RuleError("length_too_short", "±1 cannot count a word below 3 letters.")
    discard = None
    if choice == "discard-hand":
        spent = {slot["card"] for slot in laid if "card" in slot}
        discard = action.get("discard")
        if discard is not None:
            card_in_hand(player, discard, "discard")
            if discard in spent:
                raise RuleError("card_used_twice", "Discard a card left in your hand.")
        elif len(player["hand"]) > len(spent):
            raise RuleError("missing_discard", "Name the hand card to discard (`discard`).")
    return choice, counted, discard


def _deal_balance(
    game: WordsOfMagic, state: State, seat: Seat, counted: int, events: list[Event]
) -> dict[str, list[str]]:
    """Each neighbour takes the codex's cards; short decks are dealt clockwise from the left,
    and a Dragon never takes a red card. Several cards wait, face down, for the neighbour to
    order them (or go on in the order dealt, when the options say so): the returned colours
    to order, by seat."""
    takers = neighbours(state, seat)
    for colour in game.codex.row(counted).neighbours:
        for taker in takers:
            if colour == "red" and state["players"][taker]["character"] == "dragon":
                continue
            deck = state["balance"][colour]
            if not deck:
                break
            card = deck.pop(0)
            state["players"][taker].setdefault("held", []).append(card)
            events.append(Event("balance_taken", {"seat": taker, "colour": colour}))
            if not deck:
                trigger_end(state, events, taker, f"{colour}_deck_empty")
    orders: dict[str, list[str]] = {}
    for taker in dict.fromkeys(takers):
        held = state["players"][taker].get("held", [])
        colours = [parts.colour_of(c) for c in held]
        if len(held) > 1 and state["options"]["balance_order"] == "choose":
            orders[str(taker)] = colours
        elif held:
            place_balance(state, taker, colours)
    return orders


def _witch(state: State, seat: Seat, events: list[Event]) -> None:
    count = len(state["players"])
    for step in range(1, count):
        other = (seat + step) % count
        deck = state["balance"]["yellow"]
        if not deck:
            break
        card = deck.pop(0)
        state["players"][other]["hand"].append(card)
        events.append(Event("witch_card", {"seat": other, "card": card}))
        if not deck:
            trigger_end(state, events, other, "yellow_deck_empty")
