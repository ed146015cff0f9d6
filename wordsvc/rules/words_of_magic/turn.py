"""The rules of a Words of Magic turn, shared by the engine, the solver and the bots.

Each function takes plain values (counts, ids, enums), so the engine calls it with its JSON
state and the solver with its hand model, and one test of the rule covers both.
"""

from __future__ import annotations

from enum import StrEnum

from wordsvc.rules.words_of_magic.components import Character

#: The Amazon's extra letter (rulebook, the Amazon): free, and counted in the length.
AMAZON_LETTER = "а"
#: Cards a pass takes from the top of the deck (fewer when the deck has fewer).
PASS_DRAW = 3


class FamiliarProperty(StrEnum):
    """The magic properties printed on the Familiar's planshet (magic mode)."""

    DISCARD_DECK = "discard-deck"  # put the top card of your deck on your discard pile
    LENGTH = "length"  # count the word one letter shorter or longer in the codex
    DISCARD_HAND = "discard-hand"  # put a card left in your hand on your discard pile


#: Left to right above the three Familiar cards, unless a game's options say otherwise (the
#: rulebook does not say; docs/rules/words-of-magic.md, Interpretations).
DEFAULT_FAMILIAR_PROPERTIES = (
    FamiliarProperty.DISCARD_DECK,
    FamiliarProperty.LENGTH,
    FamiliarProperty.DISCARD_HAND,
)


#: The ``form_word`` choices of the ±1 property, and how each changes the length counted.
LENGTH_CHANGES = {"length-": -1, "length+": 1}


def property_choices(
    prop: FamiliarProperty | None, length: int, shortest: int
) -> tuple[tuple[FamiliarProperty | None, int], ...]:
    """Every way to finish a word of ``length`` letters whose Familiar card lies under
    ``prop`` (None: no Familiar card, or classic mode), as (the property used, the length
    the codex reads). A property "may (but is not required to)" be used: without it the word
    counts as laid out; the ±1 property counts it one letter shorter or longer, never below
    ``shortest`` (the codex's first row); the others keep its length. (The solver asks this
    of every length it scans: plain tuples, no loop.)"""
    if prop is None:
        return ((None, length),)
    if prop is not FamiliarProperty.LENGTH:
        return ((None, length), (prop, length))
    if length - 1 < shortest:
        return ((None, length), (prop, length + 1))
    return ((None, length), (prop, length - 1), (prop, length + 1))


def property_value(prop: FamiliarProperty | None, length: int, counted: int) -> str | None:
    """The ``form_word`` action's ``property`` for a word of ``length`` letters counted as
    ``counted`` with ``prop`` used: ``length-`` or ``length+`` for the ±1 property, the
    property's own name for the others, None when no property is used."""
    if prop is None:
        return None
    if prop is FamiliarProperty.LENGTH:
        return next(name for name, change in LENGTH_CHANGES.items() if change == counted - length)
    return prop.value


def familiar_discards(
    prop: FamiliarProperty | None, deck: int | None, cards_left: int
) -> tuple[bool, bool]:
    """What using ``prop`` discards: (the top card of the deck, a card left in hand).
    ``discard-deck`` discards the top of the deck when there is one (``deck`` None: a deck
    deep enough), ``discard-hand`` a card the word leaves in hand when it leaves one."""
    return (
        prop is FamiliarProperty.DISCARD_DECK and (deck is None or deck > 0),
        prop is FamiliarProperty.DISCARD_HAND and cards_left > 0,
    )


def may_use_familiar_card(available: bool, character: str | None) -> bool:
    """A Familiar card is available unless the figure stands on it; the Druid may use an
    unavailable one too (still one Familiar card per word)."""
    return available or character == Character.DRUID


def draw_up_to(codex_number: int, character: str | None, magic_left_in_hand: int) -> int:
    """The most the draw step fills the hand up to after a word: the codex's number, plus the
    magic cards left in hand for the Elf. Up to the codex's number the draw is a must; the
    Elf's cards beyond it are hers to draw or not (:func:`elf_may_draw`)."""
    if character == Character.ELF:
        return codex_number + magic_left_in_hand
    return codex_number


def elf_may_draw(
    codex_number: int, character: str | None, magic_left_in_hand: int, hand: int, deck: int
) -> int:
    """How many cards beyond the codex's must the Elf may draw, none to this many ("thanks to
    the Elf's ability Sasha *may* draw ... until he has 7 (5+2)"): with ``hand`` cards in
    hand once the must is drawn, and ``deck`` cards left in the deck."""
    most = draw_up_to(codex_number, character, magic_left_in_hand) - max(hand, codex_number)
    return max(0, min(most, deck))


def magic_has_effect(magic: str, *, used_tokens: int, other_cards: int, deck: int) -> bool:
    """The one rule for every magic card: it may be played only when its effect changes
    something, else it would shed a card from the hand for free. Revival needs a used token;
    Renewal of Strength another hand card (``other_cards``) and a deck to take from; Search
    for Fate and Extra Portion a deck to take from."""
    if magic == "revival":
        return used_tokens > 0
    if magic == "renewal-of-strength":
        return other_cards > 0 and deck > 0
    return deck > 0
