"""The Lost Words cards: the catalogue the data file gives, and every rule the load checks,
each broken in a copy of the data file that must be refused with its own code."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.data_cases import Broken, append, assert_load_refused, removed, replace
from wordsvc.games.lost_words import components as parts

WALL = 'id = "wall"\nname_en = "The Wall"\nname_de = "Die Mauer"\ncount = 4\n'
WILD = 'id = "wild"\nname_en = "The Wild"\nname_de = "Die Wilde"\ncount = 1\n'
MAGPIE = 'id = "magpie"\nname_en = "The Magpie"\nname_de = "Die Elster"\ncount = 3\n'
#: The Wild's whole entry, texts included.
WILD_ENTRY = "[[actions]]\n" + WILD + "text_en = "
ACORN = '{ id = "acorn", name_en = "Acorn" }'


def test_the_catalogue_has_the_rulebooks_80_cards() -> None:
    kinds = Counter(card.kind for card in parts.CATALOGUE.values())
    assert kinds == {"nature": 20, "spell": 40, "action": 20}
    assert parts.CATALOGUE["n:acorn"].name_en == "Acorn"
    assert parts.CATALOGUE["s:acorn:2"].name_en == "Acorn spell"
    assert parts.CATALOGUE["a:wall:4"].name_de == "Die Mauer"
    actions = [card for card in parts.CATALOGUE.values() if card.kind == "action"]
    assert all(card.text_en and card.text_uk for card in actions)
    assert "Стіною" in parts.CATALOGUE["a:wild:1"].text_uk
    assert parts.CATALOGUE["n:acorn"].text_en is None  # nature cards need no text
    assert parts.NATURE_PER_PLAYER == parts.NATURE_BY_PLAYERS


def test_the_unbroken_file_loads_through_load(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(parts.CARDS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    assert parts.load(path) == (parts.CATALOGUE, parts.NATURE_PER_PLAYER)


BROKEN: dict[str, Broken] = {
    "not TOML": Broken("unreadable", append("nature = = 3")),
    "no file": Broken("unreadable", removed),
    "no spells per nature": Broken(
        "missing_field",
        replace("spells_per_nature = 2\n", ""),
        {"entry": "the file", "fields": ["spells_per_nature"]},
    ),
    "a nature card without its name": Broken(
        "missing_field",
        replace(ACORN, '{ id = "acorn" }'),
        {"entry": "nature card 'acorn'", "fields": ["name_en"]},
    ),
    "an action card without its count": Broken(
        "missing_field",
        replace(WALL, WALL.replace("count = 4\n", "")),
        {"entry": "action card 'wall'", "fields": ["count"]},
    ),
    "an action card without its Ukrainian text": Broken(
        "missing_field",
        lambda text: re.sub(r'(id = "wall"\n(?:.*\n)*?)text_uk = .*\n', r"\1", text, count=1),
        {"entry": "action card 'wall'", "fields": ["text_uk"]},
    ),
    "a top-level key": Broken(
        "unknown_field", lambda text: 'title = "cards"\n' + text, {"fields": ["title"]}
    ),
    "an action card with a colour": Broken(
        "unknown_field",
        replace(WALL, WALL + 'colour = "grey"\n'),
        {"entry": "action card 'wall'", "fields": ["colour"]},
    ),
    "spells per nature a string": Broken(
        "bad_value",
        replace("spells_per_nature = 2", 'spells_per_nature = "2"'),
        {"entry": "the file", "field": "spells_per_nature", "value": "2"},
    ),
    "a nature card's name a number": Broken(
        "bad_value",
        replace(ACORN, '{ id = "acorn", name_en = 3 }'),
        {"entry": "nature card 'acorn'", "field": "name_en", "value": 3},
    ),
    "a nature card's id not kebab-case": Broken(
        "bad_value", replace(ACORN, '{ id = "Acorn", name_en = "Acorn" }'), {"field": "id"}
    ),
    "nature cards not tables": Broken(
        "bad_value",
        replace("nature = [\n", "nature = [\n  1,\n"),
        {"field": "nature"},
    ),
    "no Wild card": Broken(
        "bad_value",
        replace(WILD, WILD.replace("count = 1", "count = 0")),
        {"entry": "action card 'wild'", "field": "count", "value": 0},
    ),
    "an action card's text empty": Broken(
        "bad_value",
        replace('text_en = "A joker:', 'text_en = " " #'),
        {"entry": "action card 'wild'", "field": "text_en", "value": " "},
    ),
    "a player count that is not a number": Broken(
        "bad_value", replace("4 = 4", "four = 4"), {"field": "players", "value": "four"}
    ),
    "an action card the rulebook does not have": Broken(
        "unknown_card",
        replace('id = "wall"', 'id = "owl"'),
        {"entry": "action card 'owl'", "field": "id", "value": "owl"},
    ),
    "a nature card twice": Broken(
        "duplicate_card",
        replace(ACORN, ACORN + ",\n  " + ACORN),
        {"entry": "nature card 'acorn'", "value": "n:acorn"},
    ),
    "an action card twice": Broken(
        "duplicate_card",
        lambda text: text + "\n" + text[text.index(WILD_ENTRY) :],
        {"value": "a:wild:1"},
    ),
    # The same 20 action cards, but one Wall too many and one Magpie too few.
    "one Wall too many": Broken(
        "counts",
        lambda text: replace(MAGPIE, MAGPIE.replace("3", "2"))(
            text.replace(WALL, WALL.replace("count = 4", "count = 5"))
        ),
        {"what": "action cards"},
    ),
    "19 nature cards": Broken(
        "counts", replace(ACORN + ",\n", ""), {"what": "nature cards", "found": 19}
    ),
    "three spells per nature card": Broken(
        "counts",
        replace("spells_per_nature = 2", "spells_per_nature = 3"),
        {"what": "spell cards per nature card"},
    ),
    "three nature cards each in a four-player game": Broken(
        "counts",
        replace("4 = 4", "4 = 3"),
        {"what": "nature cards per player", "found": {2: 6, 3: 5, 4: 3}},
    ),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_card_file_is_refused_with_its_code(tmp_path: Path, case: str) -> None:
    error = assert_load_refused(parts.load, parts.CARDS_FILE, BROKEN[case], tmp_path)
    if error.code == "counts":
        assert "rulebook" in error.message
