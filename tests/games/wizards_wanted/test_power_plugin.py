"""The Wizards Wanted plugin of ``scripts/card_power.py``: each variant changes a new deal into
a state the engine accepts, as the variant's name says (card_power itself is not run here)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from tests.games.wizards_wanted.tables import assert_conserved, game
from wordsvc.games.registry import GAMES
from wordsvc.games.wizards_wanted.magic import ICONS

PLUGIN = Path(__file__).resolve().parents[3] / "scripts" / "power_wizards_wanted.py"
_spec = importlib.util.spec_from_file_location("power_wizards_wanted", PLUGIN)
assert _spec is not None
assert _spec.loader is not None
power = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(power)


def test_the_plugin_names_the_game_its_bot_and_a_band_round_the_fair_share():
    assert game.name == power.GAME
    assert power.BOT in GAMES[power.GAME].bots(None)  # type: ignore[arg-type]
    low, high = power.BAND
    assert low < 1 / power.OPTIONS["players"] < high
    assert set(power.variants()) >= set(ICONS)
    references = {name for name in power.variants() if name.startswith("ref: ")}
    assert references == power.REFERENCES


@pytest.mark.parametrize("name", sorted(power.variants()))
def test_each_variant_gives_a_state_the_engine_plays_on(name):
    for seed in range(3):
        state = power.variants()[name](game.new(power.OPTIONS, seed))
        assert_conserved(state)
        charms = [p["starting_charm"] for p in state["players"]]
        assert sorted(charms) == sorted(ICONS), "each wizard once"
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        assert legal
        game.apply(state, seat, random.Random(seed).choice(legal))
        if name in ICONS:
            assert charms[0] == name
        else:
            assert seat == 0, "seat 0 moves first"
            catch_up = state["options"]["catch_up_dust"]
            dealt = game.new({**power.OPTIONS, "first_player": 0, "catch_up_dust": catch_up}, seed)
            assert [p["dust"] for p in state["players"]] == [p["dust"] for p in dealt["players"]]
