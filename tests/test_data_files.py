"""The data-file toolkit, and for every game the meta-test its loaders answer to: each code a
loader declares (``DATA_ERRORS``) is raised by at least one of its broken-file tests."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType

import pytest

import wordsvc.games
import wordsvc.rules
import wordsvc.solver
from tests.data_cases import Broken
from tests.games.lost_words import test_components as lost_words_tests
from tests.games.magos_y_tabernas import test_components as magos_tests
from tests.games.wizards_wanted import test_board as board_tests
from tests.games.wizards_wanted import test_components as wizards_tests
from tests.rules import test_words_of_magic_data as words_of_magic_tests
from tests.solver import test_solver_data as solver_tests
from wordsvc.data_files import FIELD_CODES, KEBAB, DataFile, codes
from wordsvc.errors import ConfigurationError
from wordsvc.games.lost_words import components as lost_words
from wordsvc.games.magos_y_tabernas import components as magos
from wordsvc.games.registry import GAMES
from wordsvc.games.wizards_wanted import board, components
from wordsvc.rules.words_of_magic import codex
from wordsvc.rules.words_of_magic import components as words_of_magic
from wordsvc.solver import scoring

#: Every loader module and the broken-file cases its tests run through ``assert_load_refused``.
LOADERS: dict[ModuleType, Iterable[Broken]] = {
    magos: magos_tests.BROKEN.values(),
    board: board_tests.BROKEN.values(),
    components: wizards_tests.BROKEN.values(),
    lost_words: lost_words_tests.BROKEN.values(),
    words_of_magic: words_of_magic_tests.COMPONENTS.values(),
    codex: words_of_magic_tests.CODEX.values(),
    scoring: solver_tests.BROKEN.values(),
}
#: Each game's loaders, by its name in the registry.
GAME_LOADERS = {
    "magos-y-tabernas": (magos,),
    "wizards-wanted": (board, components),
    "lost-words": (lost_words,),
    "words-of-magic": (words_of_magic, codex, scoring),
}


def _declaring_modules() -> set[ModuleType]:
    """Every module under games, rules and solver that declares its own ``DATA_ERRORS``."""
    found = set()
    for package in (wordsvc.games, wordsvc.rules, wordsvc.solver):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            module = importlib.import_module(info.name)
            if "DATA_ERRORS" in vars(module):
                found.add(module)
    return found


def test_every_module_that_declares_data_errors_is_a_listed_loader() -> None:
    assert _declaring_modules() == set(LOADERS)


def test_every_game_has_its_loaders_listed() -> None:
    assert set(GAME_LOADERS) == set(GAMES)
    assert {m for loaders in GAME_LOADERS.values() for m in loaders} == set(LOADERS)


@pytest.mark.parametrize("loader", list(LOADERS), ids=lambda module: module.__name__)
def test_every_declared_code_is_raised_by_a_broken_file_test(loader: ModuleType) -> None:
    declared = loader.DATA_ERRORS
    assert declared >= FIELD_CODES
    assert {case.code for case in LOADERS[loader]} == declared


# -- the toolkit -----------------------------------------------------------------------------

CODES = codes("deck_size")
ENTRY = "card 'atacar'"


@pytest.fixture
def file(tmp_path: Path) -> DataFile:
    return DataFile(tmp_path / "cards.toml", CODES)


def _refused(call: Callable[[], object]) -> ConfigurationError:
    with pytest.raises(ConfigurationError) as caught:
        call()
    return caught.value


def test_read_gives_the_document_or_unreadable(file: DataFile) -> None:
    assert _refused(file.read).code == "unreadable"
    file.path.write_text("count = 4\n", encoding="utf-8")
    assert file.read() == {"count": 4}
    file.path.write_text("count = = 4\n", encoding="utf-8")
    error = _refused(file.read)
    assert (error.code, error.details) == ("unreadable", {"file": str(file.path)})
    assert error.message.startswith(f"{file.path}: cannot read the data file")


def test_fail_names_the_file_and_refuses_an_undeclared_code(file: DataFile) -> None:
    error = file.fail("deck_size", "41 cards", total=41)
    assert (error.code, error.details) == ("deck_size", {"file": str(file.path), "total": 41})
    assert error.message == f"{file.path}: 41 cards"
    with pytest.raises(ValueError, match="rulebook_cards"):
        file.fail("rulebook_cards", "not declared")


def test_keys_names_the_missing_and_the_unknown(file: DataFile) -> None:
    raw = {"id": "atacar", "cost": 1}
    assert file.keys(ENTRY, raw, {"id"}, {"cost"}) is raw
    missing = _refused(lambda: file.keys(ENTRY, raw, {"id", "type", "count"}))
    assert (missing.code, missing.details["entry"]) == ("missing_field", ENTRY)
    assert missing.details["fields"] == ["count", "type"]
    extra = _refused(lambda: file.keys(ENTRY, raw, {"id"}))
    assert (extra.code, extra.details["fields"]) == ("unknown_field", ["cost"])


@pytest.mark.parametrize("value", [True, 1.0, "1", -1, 5])
def test_an_integer_is_an_int_within_its_bounds(file: DataFile, value: object) -> None:
    assert file.integer(ENTRY, {"cost": 4}, "cost", 0, 4) == 4
    error = _refused(lambda: file.integer(ENTRY, {"cost": value}, "cost", 0, 4))
    assert error.code == "bad_value"
    assert error.details == {
        "file": str(file.path),
        "entry": ENTRY,
        "field": "cost",
        "value": value,
    }
    assert "an integer from 0 to 4" in error.message


def test_an_integer_without_an_upper_bound(file: DataFile) -> None:
    assert file.integer(ENTRY, {"count": 10**6}, "count", 1) == 10**6
    assert "from 1" in _refused(lambda: file.integer(ENTRY, {"count": 0}, "count", 1)).message


def test_an_absent_field_is_missing_whatever_its_reader(file: DataFile) -> None:
    readers = [
        lambda: file.integer(ENTRY, {}, "n", 0),
        lambda: file.number(ENTRY, {}, "n", 0, 1),
        lambda: file.text(ENTRY, {}, "n"),
        lambda: file.flag(ENTRY, {}, "n"),
        lambda: file.array(ENTRY, {}, "n"),
        lambda: file.table(ENTRY, {}, "n"),
        lambda: file.tables(ENTRY, {}, "n"),
        lambda: file.choice(ENTRY, {}, "n", ("a",)),
    ]
    for read in readers:
        error = _refused(read)
        assert (error.code, error.details["entry"], error.details["field"]) == (
            "missing_field",
            ENTRY,
            "n",
        )


def test_a_number_is_an_int_or_a_float_never_a_bool(file: DataFile) -> None:
    assert file.number(ENTRY, {"x": 3}, "x", 0, 100) == 3.0
    assert isinstance(file.number(ENTRY, {"x": 3}, "x", 0, 100), float)
    for value in (True, "3", 100.5):
        assert (
            _refused(lambda v=value: file.number(ENTRY, {"x": v}, "x", 0, 100)).code == "bad_value"
        )


def test_text_is_non_empty_and_matches_its_pattern(file: DataFile) -> None:
    assert file.text(ENTRY, {"id": "agujero-negro"}, "id", KEBAB) == "agujero-negro"
    for value in ("", "  ", 3, None):
        assert _refused(lambda v=value: file.text(ENTRY, {"id": v}, "id")).code == "bad_value"
    error = _refused(lambda: file.text(ENTRY, {"id": "Agujero Negro"}, "id", KEBAB))
    assert "a kebab-case id" in error.message


def test_flag_array_table_and_tables_check_their_shape(file: DataFile) -> None:
    raw = {"flag": True, "list": [1, 2], "table": {"a": 1}, "tables": [{"a": 1}]}
    assert file.flag(ENTRY, raw, "flag") is True
    assert file.array(ENTRY, raw, "list", 1, 2) == [1, 2]
    assert file.table(ENTRY, raw, "table") == {"a": 1}
    assert file.tables(ENTRY, raw, "tables", 1) == [{"a": 1}]
    refused = [
        lambda: file.flag(ENTRY, {"flag": 1}, "flag"),
        lambda: file.array(ENTRY, raw, "list", 3),
        lambda: file.array(ENTRY, raw, "list", 0, 1),
        lambda: file.array(ENTRY, raw, "table"),
        lambda: file.table(ENTRY, raw, "list"),
        lambda: file.tables(ENTRY, raw, "list"),
        lambda: file.tables(ENTRY, {"tables": []}, "tables", 1),
    ]
    for read in refused:
        assert _refused(read).code == "bad_value"


def test_choice_and_member_name_their_code(file: DataFile) -> None:
    assert file.choice(ENTRY, {"type": "spell"}, "type", ("spell", "instant")) == "spell"
    error = _refused(lambda: file.choice(ENTRY, {"type": "ritual"}, "type", ("spell",)))
    assert (error.code, error.details["value"]) == ("bad_value", "ritual")
    assert "is not one of spell" in error.message
    many = [f"space-{n}" for n in range(70)]
    error = _refused(lambda: file.member(ENTRY, "links", "path-999", many, "deck_size"))
    assert error.code == "deck_size"
    assert "the 70 known" in error.message  # not all seventy listed
