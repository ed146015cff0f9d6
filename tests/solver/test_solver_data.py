"""The solver's defaults file: each rule of its load broken in a copy of the file, refused
with its own code and details."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.data_cases import Broken, append, assert_load_refused, removed, replace
from wordsvc.solver import scoring
from wordsvc.solver.scoring import SOLVER_FILE, Table, Weights, load_defaults


def test_the_shipped_file_loads_through_load_defaults(tmp_path: Path) -> None:
    path = tmp_path / "solver.toml"
    path.write_text(SOLVER_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    loaded = load_defaults(path)
    assert loaded.weights == Weights.defaults()
    assert (loaded.players, loaded.two_player_deals_twice) == (
        Table.defaults().players,
        Table.defaults().two_player_deals_twice,
    )


def test_the_default_weights_are_a_fresh_copy() -> None:
    """The file is read once; a caller's weights are its own."""
    assert Weights.defaults().colours is not Weights.defaults().colours


BROKEN: dict[str, Broken] = {
    "not TOML": Broken("unreadable", append("[table")),
    "no file": Broken("unreadable", removed),
    "no players": Broken(
        "missing_field", replace("players = 3\n", ""), {"entry": "[table]", "fields": ["players"]}
    ),
    "no weights": Broken(
        "missing_field", lambda text: text[: text.index("[weights]")], {"fields": ["weights"]}
    ),
    "an unknown weight": Broken(
        "unknown_field",
        replace("red = 1.2", "red = 1.2\nblue = 1.4"),
        {"entry": "[weights]", "fields": ["blue"]},
    ),
    "five players": Broken(
        "bad_value",
        replace("players = 3", "players = 5"),
        {"entry": "[table]", "field": "players", "value": 5},
    ),
    "deals twice, as a string": Broken(
        "bad_value",
        replace("two_player_deals_twice = false", 'two_player_deals_twice = "no"'),
        {"field": "two_player_deals_twice", "value": "no"},
    ),
    "a weight above the most": Broken(
        "bad_value",
        replace("red = 1.2", f"red = {scoring.MAX_WEIGHT + 1}"),
        {"entry": "[weights]", "field": "red", "value": scoring.MAX_WEIGHT + 1},
    ),
    "a weight as a string": Broken(
        "bad_value", replace("card = 1.0", 'card = "1"'), {"field": "card"}
    ),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_defaults_file_is_refused_with_its_code(tmp_path: Path, case: str) -> None:
    assert_load_refused(load_defaults, SOLVER_FILE, BROKEN[case], tmp_path)
