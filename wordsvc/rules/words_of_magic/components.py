"""Words of Magic components, loaded from the data files beside this module and validated at
import: the engine deals them, the solver reads hands of them, the bots reason about them.

Every physical card has a stable id: ``d<deck>-<nn>`` for the player decks (deck 0 to 3),
``g-<nn>``, ``y-<nn>``, ``r-<nn>`` for the Balance of Power decks. The state holds ids only;
:data:`CATALOGUE` says what each id is.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from wordsvc.alphabet import LETTER_SET
from wordsvc.errors import ConfigurationError, InternalError
from wordsvc.rules.words_of_magic.codex import COLOURS

DATA_DIR = Path(__file__).resolve().parent / "data"
CARDS_FILE = DATA_DIR / "cards.toml"
CHARACTERS_FILE = DATA_DIR / "characters.toml"
MAGIC_FILE = DATA_DIR / "magic_cards.toml"

#: Counts the rulebook fixes ("Components").
PLAYER_DECKS = 4
PLAYER_DECK = {"letters": 28, "jokers": 2, "magic": 4}
BALANCE_DECKS = {"green": 24, "yellow": 30, "red": 16}
FAMILIAR_CARDS = 6
CHARACTERS = 8
TOKENS = 3
HAND_AT_START = 5
FAMILIAR_IN_PLAY = 3
COLOUR_PREFIX = {"green": "g", "yellow": "y", "red": "r"}


class CardKind(StrEnum):
    LETTER = "letter"
    JOKER = "joker"  # plays any letter
    MAGIC = "magic"  # an effect; a letter only through a joker token


class Character(StrEnum):
    """The character cards (``data/characters.toml`` describes each)."""

    AMAZON = "amazon"
    WITCH = "witch"
    GNOME = "gnome"
    DRAGON = "dragon"
    DRUID = "druid"
    ELF = "elf"
    MAGE = "mage"
    LIBRARIAN = "librarian"  # the eighth character: an interpretation (see the rules doc)


@dataclass(frozen=True, slots=True)
class Card:
    """A physical card of the game, by its stable id."""

    id: str
    kind: CardKind
    letter: str | None = None
    magic: str | None = None
    colour: str | None = None  # Balance of Power colour; None for a player deck card
    deck: int | None = None  # player deck number

    def face(self) -> dict[str, object]:
        """What a face-up card shows."""
        face: dict[str, object] = {"id": self.id, "kind": self.kind.value}
        if self.letter:
            face["letter"] = self.letter
        if self.magic:
            face["magic"] = self.magic
        if self.colour:
            face["colour"] = self.colour
        return face


@dataclass(frozen=True)
class CharacterCard:
    id: Character
    name_uk: str
    name_en: str
    text: str
    interpretation: bool


@dataclass(frozen=True)
class MagicEffect:
    id: str
    name_uk: str
    name_en: str
    text: str
    interpretation: bool


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def _letters(raw: dict[str, int], where: str) -> list[str]:
    letters = []
    for letter, count in raw.items():
        if letter not in LETTER_SET or not isinstance(count, int) or count < 1:
            raise ConfigurationError(f"{CARDS_FILE}: bad letter entry {letter!r} in {where}")
        letters += [letter] * count
    return letters


def _build_catalogue() -> tuple[dict[str, Card], dict[str, list[str]], list[str]]:
    data = _load(CARDS_FILE)
    deck = data["player_deck"]
    letters = _letters(deck["letters"], "player_deck")
    magic = list(deck["magic"])
    if (len(letters), deck["jokers"], len(magic)) != tuple(PLAYER_DECK.values()):
        raise ConfigurationError(
            f"{CARDS_FILE}: a player deck must be 28 letters, 2 jokers, 4 magic"
        )
    catalogue: dict[str, Card] = {}
    for number in range(PLAYER_DECKS):
        # (kind, letter, magic effect)
        faces: list[tuple[CardKind, str | None, str | None]] = [
            (CardKind.LETTER, x, None) for x in letters
        ]
        faces += [(CardKind.JOKER, None, None)] * deck["jokers"]
        faces += [(CardKind.MAGIC, None, m) for m in magic]
        for n, (kind, letter, magic_id) in enumerate(faces):
            card_id = f"d{number}-{n:02d}"
            catalogue[card_id] = Card(card_id, kind, letter, magic_id, deck=number)
    balance: dict[str, list[str]] = {}
    for colour in COLOURS:
        raw = data["balance"][colour]
        colour_faces: list[tuple[CardKind, str | None]] = [
            (CardKind.LETTER, x) for x in _letters(raw["letters"], colour)
        ]
        colour_faces += [(CardKind.JOKER, None)] * raw.get("jokers", 0)
        if len(colour_faces) != BALANCE_DECKS[colour]:
            raise ConfigurationError(
                f"{CARDS_FILE}: the {colour} deck must have {BALANCE_DECKS[colour]} cards"
            )
        balance[colour] = []
        for n, (kind, letter) in enumerate(colour_faces):
            card_id = f"{COLOUR_PREFIX[colour]}-{n:02d}"
            catalogue[card_id] = Card(card_id, kind, letter, colour=colour)
            balance[colour].append(card_id)
    familiar = list(data["familiar"]["letters"])
    if len(familiar) != FAMILIAR_CARDS or not set(familiar) <= LETTER_SET:
        raise ConfigurationError(f"{CARDS_FILE}: the Familiar has {FAMILIAR_CARDS} letter cards")
    return catalogue, balance, familiar


def _build_characters() -> dict[str, CharacterCard]:
    raw = _load(CHARACTERS_FILE)["character"]
    if sorted(c["id"] for c in raw) != sorted(Character) or len(raw) != CHARACTERS:
        raise ConfigurationError(
            f"{CHARACTERS_FILE}: the game has {CHARACTERS} characters, one of each of "
            f"{', '.join(Character)}"
        )
    return {
        c["id"]: CharacterCard(
            Character(c["id"]),
            c["name_uk"],
            c["name_en"],
            c["text"],
            c.get("interpretation", False),
        )
        for c in raw
    }


def _build_magic() -> dict[str, MagicEffect]:
    raw = _load(MAGIC_FILE)["effect"]
    effects = {
        e["id"]: MagicEffect(
            e["id"], e["name_uk"], e["name_en"], e["text"], e.get("interpretation", False)
        )
        for e in raw
    }
    deck_magic = set(_load(CARDS_FILE)["player_deck"]["magic"])
    if deck_magic != set(effects):
        raise ConfigurationError(f"{MAGIC_FILE}: every magic card in the decks needs an effect")
    return effects


CATALOGUE, BALANCE_CARDS, FAMILIAR_LETTERS = _build_catalogue()
CHARACTER_CARDS = _build_characters()
MAGIC_EFFECTS = _build_magic()


def colour_of(card_id: str) -> str:
    """The colour of a Balance of Power card (player deck cards have none)."""
    colour = CATALOGUE[card_id].colour
    if colour is None:
        raise InternalError(f"{card_id} is not a Balance of Power card", {"card": card_id})
    return colour


def player_deck(number: int, *, with_magic: bool) -> list[str]:
    """The card ids of player deck ``number``, without magic cards in classic mode."""
    return [
        card.id
        for card in CATALOGUE.values()
        if card.deck == number and (with_magic or card.kind is not CardKind.MAGIC)
    ]
