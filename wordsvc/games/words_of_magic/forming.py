"""Forming a word (rulebook "1. Form a Word", the codex, the Familiar's properties): the
``form_word`` move's check and effect.

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

:func:`read` checks every rule before anything moves, and each refusal names the rule and the
slot or card at fault; the effect then lays the word out as read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NotRequired, Protocol, TypedDict

from wordsvc.alphabet import MIN_WORD_LENGTH, letters_of, normalise
from wordsvc.errors import InvalidWord
from wordsvc.games.contract import Action, Event, RuleError, Seat
from wordsvc.games.phases import Move
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic.components import Character
from wordsvc.games.words_of_magic.state import Player, WordsOfMagicState, familiar_layout
from wordsvc.games.words_of_magic.table import (
    CODEX,
    card_in_hand,
    neighbours,
    no_word_yet,
    place_balance,
    resume_turn,
    trigger_end,
)
from wordsvc.rules.words_of_magic.codex import deal_order
from wordsvc.rules.words_of_magic.turn import (
    AMAZON_LETTER,
    LENGTH_CHANGES,
    FamiliarProperty,
    familiar_discards,
    may_use_familiar_card,
    property_choices,
)

MIN_LETTERS = MIN_WORD_LENGTH
#: The `property` of a form_word action, and the planshet property it uses.
PROPERTY_CHOICES = {
    "discard-deck": FamiliarProperty.DISCARD_DECK,
    "length-": FamiliarProperty.LENGTH,
    "length+": FamiliarProperty.LENGTH,
    "discard-hand": FamiliarProperty.DISCARD_HAND,
}
FIELDS = ("word", "slots", "property", "discard", "witch")
#: What ``legal_actions`` lists for it: every word a hand can form is far too many to list.
DESCRIBED: Action = {
    "type": "form_word",
    "needs": ["word", "slots"],
    "optional": ["property", "discard", "witch"],
}


class WordRules(Protocol):
    """Whether a word counts, asked of what the engine is given (the judge, a word list)."""

    def validate_categories(self, categories: Sequence[str]) -> None: ...

    def is_playable(self, word: str, categories: Sequence[str]) -> bool: ...


class LaidSlot(TypedDict):
    """A slot of a form_word action once checked, as the state and the event keep it."""

    source: str
    letter: str
    card: NotRequired[str]  # the three card sources
    position: NotRequired[int]  # a Familiar card


@dataclass(frozen=True)
class Formed:
    """A form_word action as read by :func:`read`: what it lays out and what follows."""

    word: str
    length: int
    slots: list[LaidSlot]
    tokens: int
    familiar: int | None  # the Familiar card's position
    prop: str | None  # the action's ``property``
    counted: int  # the length the codex reads
    discard: str | None  # the hand card discard-hand discards
    witch: bool
    #: The Balance of Power cards it deals: (seat, colour), in the order they are dealt.
    deal: list[tuple[Seat, str]]


def move(words: WordRules) -> Move[WordsOfMagicState]:
    """The ``form_word`` move, asking ``words`` whether a word counts."""
    return Move(
        FIELDS,
        lambda state, seat, action: read(state, seat, action, words),
        _form_word,
        lambda state, seat: [dict(DESCRIBED)],
        check_described=lambda state, seat, action: no_word_yet(state),
    )


def read(state: WordsOfMagicState, seat: Seat, action: Action, words: WordRules | None) -> Formed:
    """The action checked against every rule of forming a word, in the order a refusal is
    told; ``words`` None skips asking the word rules (the effect reads an action its check
    has passed, and need not ask again)."""
    player = state["players"][seat]
    no_word_yet(state)
    word, letters = _word(action)
    laid = _check_layout(state, player, letters, action.get("slots"))
    tokens = sum(1 for slot in laid if slot["source"] == "token")
    if tokens > player["tokens"]:
        raise RuleError(
            "not_enough_tokens",
            f"The layout uses {tokens} joker tokens; you have {player['tokens']} unused.",
            {"tokens": tokens, "unused": player["tokens"]},
        )
    if words is not None and not _allowed(words, state, word):
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
    if witch and (player["character"] != Character.WITCH or player["witch_used"]):
        raise RuleError("not_your_ability", "Only the Witch, once per game, curses everyone.")
    deal = _deal(state, seat, counted)
    if witch and len(state["balance"]["yellow"]) <= sum(c == "yellow" for _, c in deal):
        # The curse is once per game: with no yellow card left to give (after this word's
        # Balance of Power cards) it would be spent for nothing (Interpretations).
        raise RuleError(
            "curse_without_effect",
            "The yellow deck is empty (after your word's Balance of Power cards): the Witch's "
            "curse would give no one a card, so it is kept.",
        )
    return Formed(word, len(letters), laid, tokens, familiar, prop, counted, discard, witch, deal)


def _form_word(state: WordsOfMagicState, seat: Seat, action: Action, events: list[Event]) -> None:
    """Lay the word out: its cards go to the discard pile, the tokens it used are turned
    face down, the figure moves onto the Familiar card; then the property, the neighbours'
    cards, the curse, and the magic window before the draw step."""
    formed = read(state, seat, action, None)
    player = state["players"][seat]
    cards = [slot["card"] for slot in formed.slots if "card" in slot]
    for card in cards:
        player["hand"].remove(card)
    player["discard"] += cards
    player["tokens"] -= formed.tokens
    player["used_tokens"] += formed.tokens
    if formed.familiar is not None and state["familiar"]["figure"] != formed.familiar:
        state["familiar"]["figure"] = formed.familiar  # a Druid on an occupied card stays
    player["words"].append(
        {"word": formed.word, "length": formed.length, "counted": formed.counted}
    )
    events.append(
        Event(
            "word_formed",
            {
                "seat": seat,
                "word": formed.word,
                "length": formed.length,
                "counted": formed.counted,
                "slots": formed.slots,
                "tokens": formed.tokens,
                "familiar": formed.familiar,
                "property": formed.prop,
            },
        )
    )
    prop = None if formed.prop is None else PROPERTY_CHOICES[formed.prop]
    from_deck, _ = familiar_discards(prop, len(player["deck"]), 0)
    if from_deck:
        top = player["deck"].pop(0)
        player["discard"].append(top)
        # "Place the top card of your deck face up in your own discard pile": everyone sees it
        # go, as they see a word's cards go; only the pile is its owner's to review later.
        events.append(Event("deck_top_discarded", {"seat": seat, "card": top}))
        if not player["deck"]:
            trigger_end(state, events, seat, "deck_empty")
    if formed.discard is not None:
        player["hand"].remove(formed.discard)
        player["discard"].append(formed.discard)
        events.append(Event("hand_card_discarded", {"seat": seat, "card": formed.discard}))
    orders = _deal_balance(state, seat, formed.deal, events)
    if formed.witch:
        player["witch_used"] = True
        _witch(state, seat, events)
    # The draw step waits: neighbours order their cards, then the player may still play
    # magic cards (rulebook: "during the draw step, you may no longer play magic cards").
    state["word_formed"] = {"word": formed.word, "draw_up_to": CODEX.row(formed.counted).draw_up_to}
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
    state: WordsOfMagicState, player: Player, letters: str, slots: object
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
            if player["character"] != Character.AMAZON or amazon_used or letter != AMAZON_LETTER:
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


def _allowed(words: WordRules, state: WordsOfMagicState, word: str) -> bool:
    opts = state["options"]
    return word in opts["house_words"] or words.is_playable(word, opts["categories"])


def _check_property(
    state: WordsOfMagicState,
    player: Player,
    action: Action,
    familiar: int | None,
    laid: list[LaidSlot],
    length: int,
) -> tuple[str | None, int, str | None]:
    """The Familiar property chosen, the length the codex reads, the hand card to discard."""
    choice = action.get("property")
    if action.get("discard") is not None and choice != "discard-hand":
        # Only the discard-hand property discards a hand card: a `discard` beside another
        # property (or none) would otherwise be ignored, the card left in hand unsaid.
        raise RuleError(
            "discard_without_property",
            "`discard` names the card the discard-hand property discards: use that property, "
            "or leave `discard` out.",
            {"property": choice},
        )
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
    printed = FamiliarProperty(familiar_layout(state["options"])[familiar])
    if PROPERTY_CHOICES[choice] != printed:
        raise RuleError(
            "wrong_property",
            f"The property above that Familiar card is {printed.value}.",
            {"position": familiar, "property": printed.value},
        )
    counted = length + LENGTH_CHANGES.get(choice, 0)
    if (printed, counted) not in property_choices(printed, length, CODEX.shortest):
        raise RuleError("length_too_short", "±1 cannot count a word below 3 letters.")
    discard = None
    if printed is FamiliarProperty.DISCARD_HAND:
        spent = {slot["card"] for slot in laid if "card" in slot}
        left = len(player["hand"]) - len(spent)
        _, from_hand = familiar_discards(printed, len(player["deck"]), left)
        discard = action.get("discard")
        if discard is not None:
            card_in_hand(player, discard, "discard")
            if discard in spent:
                raise RuleError("card_used_twice", "Discard a card left in your hand.")
        elif from_hand:
            raise RuleError("missing_discard", "Name the hand card to discard (`discard`).")
    return choice, counted, discard


def _deal(state: WordsOfMagicState, seat: Seat, counted: int) -> list[tuple[Seat, str]]:
    """The Balance of Power cards a word counted as ``counted`` deals, (seat, colour) in the
    order they are dealt: the codex's colours to each neighbour, short decks clockwise from
    the left, and never a red card to a Dragon."""
    takers = neighbours(state, seat)
    characters = [state["players"][taker]["character"] for taker in takers]
    dragons = {i for i, character in enumerate(characters) if character == Character.DRAGON}
    decks = {colour: len(cards) for colour, cards in state["balance"].items()}
    colours = CODEX.row(counted).neighbours
    return [(takers[i], c) for i, c in deal_order(colours, len(takers), decks, dragons)]


def _deal_balance(
    state: WordsOfMagicState, seat: Seat, deal: list[tuple[Seat, str]], events: list[Event]
) -> dict[str, list[str]]:
    """Each neighbour takes the cards dealt, face down. Several cards wait for the neighbour
    to order them (or go on in the order dealt, when the options say so): the returned
    colours to order, by seat."""
    for taker, colour in deal:
        deck = state["balance"][colour]
        state["players"][taker]["held"].append(deck.pop(0))
        events.append(Event("balance_taken", {"seat": taker, "colour": colour}))
        if not deck:
            trigger_end(state, events, taker, f"{colour}_deck_empty")
    orders: dict[str, list[str]] = {}
    for taker in dict.fromkeys(neighbours(state, seat)):
        held = state["players"][taker]["held"]
        colours = [parts.colour_of(c) for c in held]
        if len(held) > 1 and state["options"]["balance_order"] == "choose":
            orders[str(taker)] = colours
        elif held:
            place_balance(state, taker, colours)
    return orders


def _witch(state: WordsOfMagicState, seat: Seat, events: list[Event]) -> None:
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
