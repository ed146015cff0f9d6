"""The Words of Magic rules that the engine, the solver and the bots share."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wordsvc
from wordsvc.rules.words_of_magic import components
from wordsvc.rules.words_of_magic.codex import deal_balance, deal_order, neighbours
from wordsvc.rules.words_of_magic.components import CardKind, Character
from wordsvc.rules.words_of_magic.turn import (
    LENGTH_CHANGES,
    FamiliarProperty,
    draw_up_to,
    elf_may_draw,
    familiar_discards,
    magic_has_effect,
    may_use_familiar_card,
    property_choices,
    property_value,
)

PACKAGE = Path(wordsvc.__file__).resolve().parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize(
    "path",
    sorted(
        p
        for p in (PACKAGE / "games").rglob("*.py")
        # Bots and a game's review build on the solver; the registry wires engines to them
        # (lazily).
        if p.name not in ("bots.py", "review.py", "registry.py")
    ),
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_engines_import_nothing_from_the_solver(path):
    """The pure engines sit below the solver's users: only bots and reviews build on it."""
    assert not {m for m in imported_modules(path) if m.startswith("wordsvc.solver")}


def test_the_rules_import_neither_engines_nor_solver():
    for path in (PACKAGE / "rules").rglob("*.py"):
        modules = imported_modules(path)
        assert not {m for m in modules if m.startswith(("wordsvc.solver", "wordsvc.games"))}


def test_the_catalogue_matches_the_rulebook_counts():
    decks = [components.player_deck(n, with_magic=True) for n in range(4)]
    for deck in decks:
        kinds = [components.CATALOGUE[c].kind for c in deck]
        assert kinds.count(CardKind.LETTER) == 28
        assert kinds.count(CardKind.JOKER) == 2
        assert kinds.count(CardKind.MAGIC) == 4
    assert {colour: len(cards) for colour, cards in components.BALANCE_CARDS.items()} == {
        "green": 24,
        "yellow": 30,
        "red": 16,
    }
    assert set(components.CHARACTER_CARDS) == set(Character)
    assert {m.name_en for m in components.MAGIC_EFFECTS.values()} == {
        "Revival",
        "Renewal of Strength",
        "Search for Fate",
        "Extra Portion",
    }


def test_the_elf_draws_up_to_the_codex_number_plus_her_magic_cards():
    """Rulebook, the Elf: ПРИБУТОК, 2 magic cards left: up to 5 + 2."""
    assert draw_up_to(5, Character.ELF, 2) == 7
    assert draw_up_to(5, "elf", 2) == 7  # engines pass the id the state holds
    assert draw_up_to(5, Character.AMAZON, 2) == 5
    assert draw_up_to(5, None, 2) == 5


@pytest.mark.parametrize(
    ("character", "magic", "hand", "deck", "expected"),
    [
        ("elf", 2, 5, 9, 2),  # the rulebook's Sasha: up to 5 + 2, none to 2 more
        ("elf", 2, 5, 1, 1),  # no more than the deck holds
        ("elf", 2, 6, 9, 1),  # a hand already above the codex number
        ("elf", 0, 5, 9, 0),
        ("amazon", 2, 5, 9, 0),
        (None, 2, 5, 9, 0),
    ],
)
def test_the_elf_may_draw_beyond_the_codex_number(character, magic, hand, deck, expected):
    assert elf_may_draw(5, character, magic, hand, deck) == expected


def test_only_the_druid_uses_an_occupied_familiar_card():
    assert may_use_familiar_card(True, None)
    assert not may_use_familiar_card(False, "amazon")
    assert may_use_familiar_card(False, Character.DRUID)


@pytest.mark.parametrize(
    ("magic", "used_tokens", "other_cards", "deck", "expected"),
    [
        ("revival", 0, 5, 5, False),
        ("revival", 1, 0, 0, True),
        ("renewal-of-strength", 0, 0, 5, False),
        ("renewal-of-strength", 0, 2, 0, False),
        ("renewal-of-strength", 0, 2, 1, True),
        ("search-for-fate", 3, 5, 0, False),
        ("search-for-fate", 0, 0, 1, True),
        ("extra-portion", 3, 5, 0, False),
        ("extra-portion", 0, 0, 2, True),
    ],
)
def test_a_magic_card_is_played_only_for_an_effect(magic, used_tokens, other_cards, deck, expected):
    assert (
        magic_has_effect(magic, used_tokens=used_tokens, other_cards=other_cards, deck=deck)
        is expected
    )


@pytest.mark.parametrize(
    ("seat", "players", "twice", "expected"),
    [
        (0, 3, False, [1, 2]),  # left, then right
        (2, 4, False, [3, 1]),
        (1, 2, False, [0]),  # two players: the one neighbour takes the cards once
        (1, 2, True, [0, 0]),  # ... or twice, with the option
    ],
)
def test_the_neighbours_take_the_codex_cards_left_first(seat, players, twice, expected):
    assert neighbours(seat, players, twice) == expected


def test_cards_are_dealt_colour_by_colour_from_the_left_and_never_red_to_a_dragon():
    order = deal_order(["yellow", "red"], 2, {"green": 0, "yellow": 1, "red": 5}, no_red={0})
    assert order == [(0, "yellow"), (1, "red")]  # the yellow deck ran out at the left
    assert deal_balance(["yellow", "red"], 2, None, no_red={0}) == [["yellow"], ["yellow", "red"]]


@pytest.mark.parametrize(
    ("prop", "length", "expected"),
    [
        (None, 5, [(None, 5)]),
        (FamiliarProperty.LENGTH, 5, [(None, 5), (FamiliarProperty.LENGTH, 4),
                                      (FamiliarProperty.LENGTH, 6)]),
        (FamiliarProperty.LENGTH, 3, [(None, 3), (FamiliarProperty.LENGTH, 4)]),  # never 2
        (FamiliarProperty.DISCARD_DECK, 4, [(None, 4), (FamiliarProperty.DISCARD_DECK, 4)]),
        (FamiliarProperty.DISCARD_HAND, 4, [(None, 4), (FamiliarProperty.DISCARD_HAND, 4)]),
    ],
)  # fmt: skip
def test_a_familiar_property_may_be_used_or_not(prop, length, expected):
    assert list(property_choices(prop, length, shortest=3)) == expected


@pytest.mark.parametrize("prop", [None, *FamiliarProperty])
@pytest.mark.parametrize("length", [3, 4, 7])
def test_each_choice_names_the_form_word_property_that_makes_it(prop, length):
    """``property_value`` is the inverse of the choices: the form_word ``property`` that
    counts the word as the choice does (what the solver offers a table and the bots send)."""
    for used, counted in property_choices(prop, length, shortest=3):
        value = property_value(used, length, counted)
        if used is None:
            assert value is None
        elif used is FamiliarProperty.LENGTH:
            assert counted == length + LENGTH_CHANGES[value]
        else:
            assert value == used.value


@pytest.mark.parametrize(
    ("prop", "deck", "left", "expected"),
    [
        (FamiliarProperty.DISCARD_DECK, 2, 0, (True, False)),
        (FamiliarProperty.DISCARD_DECK, 0, 3, (False, False)),  # no deck left to discard
        (FamiliarProperty.DISCARD_DECK, None, 0, (True, False)),  # a deck deep enough
        (FamiliarProperty.DISCARD_HAND, 0, 1, (False, True)),
        (FamiliarProperty.DISCARD_HAND, 5, 0, (False, False)),  # the word used every card
        (FamiliarProperty.LENGTH, 5, 5, (False, False)),
        (None, 5, 5, (False, False)),
    ],
)
def test_what_a_familiar_property_discards(prop, deck, left, expected):
    assert familiar_discards(prop, deck, left) == expected
