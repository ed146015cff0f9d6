"""Words of Magic components, loaded from the data files beside this module and validated at
import: the engine deals them, the solver reads hands of them, the bots reason about them.

Every physical card has a stable id: ``d<deck>-<nn>`` for the player decks (deck 0 to 3),
``g-<nn>``, ``y-<nn>``, ``r-<nn>`` for the Balance of Power decks. The state holds ids only;
:data:`CATALOGUE` says what each id is.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from wordsvc.alphabet import LETTER_SET
from wordsvc.data_files import KEBAB, DataFile, Raw, codes
from wordsvc.errors import InternalError
from wordsvc.rules.words_of_magic.codex import COLOURS

DATA_DIR = Path(__file__).resolve().parent / "data"
CARDS_FILE = DATA_DIR / "cards.toml"
CHARACTERS_FILE = DATA_DIR / "characters.toml"
MAGIC_FILE = DATA_DIR / "magic_cards.toml"
#: The codes :func:`load` raises: the field codes, and one per rule of the three files.
DATA_ERRORS = codes("unknown_letter", "unknown_card", "duplicate_card", "counts", "magic_effects")

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
    """A character card: its names and what it does (``text_uk``, ``text_en``), in both
    languages, as the tables show it."""

    id: Character
    name_uk: str
    name_en: str
    text_uk: str
    text_en: str
    interpretation: bool


@dataclass(frozen=True)
class MagicEffect:
    """A magic card: its names and its effect, in both languages."""

    id: str
    name_uk: str
    name_en: str
    text_uk: str
    text_en: str
    interpretation: bool


_PLAYER_DECK_KEYS = frozenset({"letters", "jokers", "magic"})
_CARD_TEXT = frozenset({"id", "name_uk", "name_en", "text_uk", "text_en"})


@dataclass(frozen=True)
class Components:
    """Everything the three data files give, checked (the module's constants are these)."""

    catalogue: dict[str, Card]
    balance: dict[str, list[str]]  # card ids of each Balance of Power deck, by colour
    familiar: list[str]  # the Familiar's letters, left to right
    characters: dict[str, CharacterCard]
    magic: dict[str, MagicEffect]


def _letters(file: DataFile, entry: str, raw: Raw) -> list[str]:
    """The letter cards of ``raw["letters"]``, a table of letter -> count, in file order."""
    table = file.table(entry, raw, "letters")
    letters = []
    for letter in table:
        file.member(entry, "letters", letter, LETTER_SET, "unknown_letter")
        letters += [letter] * file.integer(f"{entry} letters", table, letter, 1)
    return letters


def _cards(file: DataFile) -> tuple[dict[str, Card], dict[str, list[str]], list[str], list[str]]:
    """The catalogue, the Balance of Power decks, the Familiar's letters, and the magic cards
    of a player deck."""
    data = file.keys("the file", file.read(), {"player_deck", "balance", "familiar"})
    entry = "[player_deck]"
    deck = file.keys(entry, file.table("the file", data, "player_deck"), _PLAYER_DECK_KEYS)
    letters = _letters(file, entry, deck)
    jokers = file.integer(entry, deck, "jokers", 0)
    magic = file.array(entry, deck, "magic")
    if not all(isinstance(m, str) and KEBAB.fullmatch(m) for m in magic):
        raise file.bad_value(entry, "magic", magic, "a list of kebab-case magic card ids")
    file.expect_count(
        "player deck cards", [len(letters), jokers, len(magic)], list(PLAYER_DECK.values())
    )
    catalogue: dict[str, Card] = {}
    for number in range(PLAYER_DECKS):
        # (kind, letter, magic effect)
        faces: list[tuple[CardKind, str | None, str | None]] = [
            (CardKind.LETTER, x, None) for x in letters
        ]
        faces += [(CardKind.JOKER, None, None)] * jokers
        faces += [(CardKind.MAGIC, None, m) for m in magic]
        for n, (kind, letter, magic_id) in enumerate(faces):
            card_id = f"d{number}-{n:02d}"
            catalogue[card_id] = Card(card_id, kind, letter, magic_id, deck=number)
    decks = file.keys("[balance]", file.table("the file", data, "balance"), COLOURS)
    balance: dict[str, list[str]] = {}
    for colour in COLOURS:
        entry = f"[balance.{colour}]"
        raw = file.keys(entry, file.table("[balance]", decks, colour), {"letters"}, {"jokers"})
        colour_faces: list[tuple[CardKind, str | None]] = [
            (CardKind.LETTER, x) for x in _letters(file, entry, raw)
        ]
        colour_faces += [(CardKind.JOKER, None)] * (
            file.integer(entry, raw, "jokers", 0) if "jokers" in raw else 0
        )
        file.expect_count(f"{colour} deck cards", len(colour_faces), BALANCE_DECKS[colour])
        balance[colour] = []
        for n, (kind, letter) in enumerate(colour_faces):
            card_id = f"{COLOUR_PREFIX[colour]}-{n:02d}"
            catalogue[card_id] = Card(card_id, kind, letter, colour=colour)
            balance[colour].append(card_id)
    entry = "[familiar]"
    familiar = file.array(
        entry, file.keys(entry, file.table("the file", data, "familiar"), {"letters"}), "letters"
    )
    for letter in familiar:
        file.member(entry, "letters", letter, LETTER_SET, "unknown_letter")
    file.expect_count("Familiar letter cards", len(familiar), FAMILIAR_CARDS)
    return catalogue, balance, familiar, magic


def _characters(file: DataFile) -> dict[str, CharacterCard]:
    data = file.keys("the file", file.read(), {"character"})
    cards: dict[str, CharacterCard] = {}
    for raw in file.tables("the file", data, "character"):
        entry = f"character {raw.get('id')!r}"
        file.keys(entry, raw, _CARD_TEXT, {"interpretation"})
        character = file.choice(entry, raw, "id", list(Character), "unknown_card")
        if character in cards:
            raise file.fail(
                "duplicate_card", f"{entry} appears twice", entry=entry, value=character
            )
        cards[character] = CharacterCard(
            Character(character),
            file.text(entry, raw, "name_uk"),
            file.text(entry, raw, "name_en"),
            file.text(entry, raw, "text_uk"),
            file.text(entry, raw, "text_en"),
            file.flag(entry, raw, "interpretation") if "interpretation" in raw else False,
        )
    file.expect_count("characters", sorted(cards), sorted(Character))
    return cards


def _magic(file: DataFile, deck_magic: list[str]) -> dict[str, MagicEffect]:
    data = file.keys("the file", file.read(), {"effect"})
    effects: dict[str, MagicEffect] = {}
    for raw in file.tables("the file", data, "effect"):
        entry = f"magic card {raw.get('id')!r}"
        file.keys(entry, raw, _CARD_TEXT, {"interpretation"})
        effect = file.text(entry, raw, "id", KEBAB)
        if effect in effects:
            raise file.fail("duplicate_card", f"{entry} appears twice", entry=entry, value=effect)
        effects[effect] = MagicEffect(
            effect,
            file.text(entry, raw, "name_uk"),
            file.text(entry, raw, "name_en"),
            file.text(entry, raw, "text_uk"),
            file.text(entry, raw, "text_en"),
            file.flag(entry, raw, "interpretation") if "interpretation" in raw else False,
        )
    if set(deck_magic) != set(effects):
        raise file.fail(
            "magic_effects",
            "every magic card in the decks needs an effect, and every effect is a card's",
            missing=sorted(set(deck_magic) - set(effects)),
            unused=sorted(set(effects) - set(deck_magic)),
        )
    return effects


def load(directory: Path = DATA_DIR) -> Components:
    """The three data files of ``directory``, each checked; raises
    :class:`ConfigurationError` with a code of :data:`DATA_ERRORS` naming the rule broken."""
    catalogue, balance, familiar, deck_magic = _cards(
        DataFile(directory / CARDS_FILE.name, DATA_ERRORS)
    )
    return Components(
        catalogue=catalogue,
        balance=balance,
        familiar=familiar,
        characters=_characters(DataFile(directory / CHARACTERS_FILE.name, DATA_ERRORS)),
        magic=_magic(DataFile(directory / MAGIC_FILE.name, DATA_ERRORS), deck_magic),
    )


_COMPONENTS = load()
CATALOGUE = _COMPONENTS.catalogue
BALANCE_CARDS = _COMPONENTS.balance
FAMILIAR_LETTERS = _COMPONENTS.familiar
CHARACTER_CARDS = _COMPONENTS.characters
MAGIC_EFFECTS = _COMPONENTS.magic


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
