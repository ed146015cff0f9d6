"""Words of Magic components: the physical cards by id, the player and Balance of Power
decks, the Familiar's letters, the magic cards and the characters.

They are rules the solver and the bots read too, so they live, with their data files, below
all three: :mod:`wordsvc.rules.words_of_magic.components`, data in
``wordsvc/rules/words_of_magic/data/``. This module is the engine's door to them, as every
game's ``components.py`` is to its own.
"""

from wordsvc.rules.words_of_magic.components import (
    BALANCE_CARDS,
    CATALOGUE,
    CHARACTER_CARDS,
    FAMILIAR_IN_PLAY,
    FAMILIAR_LETTERS,
    HAND_AT_START,
    MAGIC_EFFECTS,
    TOKENS,
    Card,
    CardKind,
    Character,
    colour_of,
    player_deck,
)

__all__ = [
    "BALANCE_CARDS",
    "CATALOGUE",
    "CHARACTER_CARDS",
    "FAMILIAR_IN_PLAY",
    "FAMILIAR_LETTERS",
    "HAND_AT_START",
    "MAGIC_EFFECTS",
    "TOKENS",
    "Card",
    "CardKind",
    "Character",
    "colour_of",
    "player_deck",
]
