"""Words of Magic's data files: the components (cards, characters, magic cards) and the
codex, each rule of their load broken in a copy of the data that must be refused with its own
code and details."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.data_cases import Broken, append, assert_load_refused, removed, replace
from wordsvc.rules.words_of_magic import codex, components

CARDS, CHARACTERS, MAGIC = (
    components.CARDS_FILE.name,
    components.CHARACTERS_FILE.name,
    components.MAGIC_FILE.name,
)
RED = '"б" = 2, "ш" = 2'
LIBRARIAN = '[[character]]\nid = "librarian"'


def test_the_shipped_files_load_through_load(tmp_path: Path) -> None:
    loaded = components.load()
    assert loaded.catalogue == components.CATALOGUE
    assert loaded.balance == components.BALANCE_CARDS
    assert loaded.familiar == components.FAMILIAR_LETTERS
    assert loaded.characters == components.CHARACTER_CARDS
    assert loaded.magic == components.MAGIC_EFFECTS
    path = tmp_path / "codex.toml"
    path.write_text(codex.CODEX_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    assert codex.load_codex(path) == codex.load_codex()


COMPONENTS: dict[str, Broken] = {
    "cards not TOML": Broken("unreadable", append("[player_deck"), file=CARDS),
    "no characters file": Broken("unreadable", removed, file=CHARACTERS),
    "a player deck without jokers": Broken(
        "missing_field",
        replace("jokers = 2\n", ""),
        {"entry": "[player_deck]", "fields": ["jokers"]},
        file=CARDS,
    ),
    "no Familiar": Broken(
        "missing_field",
        lambda text: text[: text.index("[familiar]")],
        {"entry": "the file", "fields": ["familiar"]},
        file=CARDS,
    ),
    "a character without its Ukrainian text": Broken(
        "missing_field",
        lambda text: re.sub(r"\ntext_uk = .*", "", text, count=1),
        {"entry": "character 'amazon'", "fields": ["text_uk"]},
        file=CHARACTERS,
    ),
    "a magic card without its English text": Broken(
        "missing_field",
        lambda text: re.sub(r"\ntext_en = .*", "", text, count=1),
        {"entry": "magic card 'revival'", "fields": ["text_en"]},
        file=MAGIC,
    ),
    "a character with one text for both languages": Broken(
        "unknown_field",
        replace('id = "witch"', 'id = "witch"\ntext = "Once per game..."'),
        {"entry": "character 'witch'", "fields": ["text"]},
        file=CHARACTERS,
    ),
    "a magic card with an empty Ukrainian text": Broken(
        "bad_value",
        lambda text: re.sub(r'\ntext_uk = ".*"', '\ntext_uk = " "', text, count=1),
        {"entry": "magic card 'revival'", "field": "text_uk", "value": " "},
        file=MAGIC,
    ),
    "a top-level key": Broken(
        "unknown_field", lambda text: 'title = "cards"\n' + text, {"fields": ["title"]}, file=CARDS
    ),
    "a character with a colour": Broken(
        "unknown_field",
        replace('id = "amazon"', 'id = "amazon"\ncolour = "green"'),
        {"entry": "character 'amazon'", "fields": ["colour"]},
        file=CHARACTERS,
    ),
    "jokers a string": Broken(
        "bad_value",
        replace("jokers = 2", 'jokers = "2"'),
        {"entry": "[player_deck]", "field": "jokers", "value": "2"},
        file=CARDS,
    ),
    "a negative count of jokers": Broken(
        "bad_value",
        replace("jokers = 2", "jokers = -1", 2),
        {"entry": "[player_deck]", "field": "jokers", "value": -1},
        file=CARDS,
    ),
    "a letter with no card": Broken(
        "bad_value",
        replace('"г" = 1', '"г" = 0'),
        {"entry": "[player_deck] letters", "field": "г", "value": 0},
        file=CARDS,
    ),
    "an interpretation that is not true or false": Broken(
        "bad_value",
        replace("interpretation = true\n", 'interpretation = "yes"\n'),
        {"entry": "character 'witch'", "field": "interpretation"},
        file=CHARACTERS,
    ),
    "a magic card id not kebab-case": Broken(
        "bad_value", replace('"revival"', '"Revival"'), {"field": "magic"}, file=CARDS
    ),
    "a Latin letter": Broken(
        "unknown_letter",
        replace('"а" = 2', '"a" = 2'),
        {"entry": "[player_deck]", "field": "letters", "value": "a"},
        file=CARDS,
    ),
    "a Familiar letter that is no letter": Broken(
        "unknown_letter",
        replace('"у"]', '"?"]'),
        {"entry": "[familiar]", "value": "?"},
        file=CARDS,
    ),
    "a character the game does not have": Broken(
        "unknown_card",
        replace('id = "librarian"', 'id = "wizard"'),
        {"entry": "character 'wizard'", "field": "id", "value": "wizard"},
        file=CHARACTERS,
    ),
    "a character twice": Broken(
        "duplicate_card",
        replace('id = "librarian"', 'id = "amazon"'),
        {"value": "amazon"},
        file=CHARACTERS,
    ),
    "a magic card twice": Broken(
        "duplicate_card",
        replace('id = "extra-portion"', 'id = "revival"'),
        {"entry": "magic card 'revival'"},
        file=MAGIC,
    ),
    "three jokers in a player deck": Broken(
        "counts",
        replace("jokers = 2", "jokers = 3"),
        {"what": "player deck cards", "found": [28, 3, 4], "expected": [28, 2, 4]},
        file=CARDS,
    ),
    "a red deck one card short": Broken(
        "counts",
        replace(RED, '"б" = 2, "ш" = 1'),
        {"what": "red deck cards", "found": 15, "expected": 16},
        file=CARDS,
    ),
    "five Familiar letters": Broken(
        "counts", replace(', "у"]', "]"), {"what": "Familiar letter cards"}, file=CARDS
    ),
    "no Librarian": Broken(
        "counts",
        lambda text: text[: text.index(LIBRARIAN)],
        {"what": "characters"},
        file=CHARACTERS,
    ),
    "a magic card without an effect": Broken(
        "magic_effects",
        replace('id = "revival"', 'id = "rebirth"'),
        {"missing": ["revival"], "unused": ["rebirth"]},
        file=MAGIC,
    ),
}


@pytest.mark.parametrize("case", list(COMPONENTS))
def test_broken_components_are_refused_with_their_code(tmp_path: Path, case: str) -> None:
    assert_load_refused(components.load, components.DATA_DIR, COMPONENTS[case], tmp_path)


CYRILLIC = re.compile(r"[\u0400-\u04ff]")
LATIN = re.compile(r"[A-Za-z]")


@pytest.mark.parametrize(
    "card",
    [*components.CHARACTER_CARDS.values(), *components.MAGIC_EFFECTS.values()],
    ids=lambda card: str(card.id),
)
def test_every_card_says_what_it_does_in_both_languages(
    card: components.CharacterCard | components.MagicEffect,
) -> None:
    """Each text in its own language: the Ukrainian one without a Latin letter, the English
    one in Latin letters (a Cyrillic letter only as the game's letter, the Amazon's А)."""
    assert not LATIN.search(card.name_uk + card.text_uk)
    assert CYRILLIC.search(card.text_uk)
    assert not CYRILLIC.search(card.name_en)
    assert LATIN.search(card.text_en)
    assert CYRILLIC.findall(card.text_en) == (["А"] if card.id == "amazon" else [])
    assert card.text_uk != card.text_en


ROW_4 = 'length = 4\nneighbours = ["green"]\ndraw_up_to = 8'

CODEX: dict[str, Broken] = {
    "not TOML": Broken("unreadable", append("[[row]")),
    "no file": Broken("unreadable", removed),
    "a row without its draw": Broken(
        "missing_field",
        replace(ROW_4, 'length = 4\nneighbours = ["green"]'),
        {"entry": "row 1", "fields": ["draw_up_to"]},
    ),
    "no rows": Broken("bad_value", lambda text: "row = []\n", {"field": "row"}),
    "a row with a colour": Broken(
        "unknown_field", replace(ROW_4, ROW_4 + '\ncolour = "red"'), {"fields": ["colour"]}
    ),
    "a top-level key": Broken(
        "unknown_field", lambda text: "edition = 1\n" + text, {"fields": ["edition"]}
    ),
    "a length as a string": Broken(
        "bad_value",
        replace("length = 4", 'length = "4"'),
        {"entry": "row 1", "field": "length", "value": "4"},
    ),
    "a negative draw": Broken(
        "bad_value",
        replace("draw_up_to = 8", "draw_up_to = -1"),
        {"entry": "row 1", "field": "draw_up_to", "value": -1},
    ),
    "neighbours not a list": Broken(
        "bad_value",
        replace('neighbours = ["green"]', 'neighbours = "green"'),
        {"field": "neighbours"},
    ),
    "a blue card": Broken(
        "unknown_colour",
        replace('neighbours = ["green"]', 'neighbours = ["blue"]'),
        {"entry": "row 1", "field": "neighbours", "value": "blue"},
    ),
    "a length skipped": Broken(
        "row_lengths",
        replace("length = 4", "length = 5"),
        {"entry": "row 1", "value": 5, "expected": 4},
    ),
}


@pytest.mark.parametrize("case", list(CODEX))
def test_a_broken_codex_is_refused_with_its_code(tmp_path: Path, case: str) -> None:
    assert_load_refused(codex.load_codex, codex.CODEX_FILE, CODEX[case], tmp_path)
