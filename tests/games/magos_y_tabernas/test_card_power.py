"""The Magos y Tabernas plugin of ``scripts/card_power.py``: every variant it names exists and
gives a state the engine accepts, nothing created or lost (card_power itself is run by hand,
not in the suite)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.games.magos_y_tabernas.tables import assert_conserved, game
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.registry import GAMES

SCRIPTS = Path(__file__).resolve().parents[3] / "scripts"


def _plugin() -> ModuleType:
    sys.path.insert(0, str(SCRIPTS))
    spec = importlib.util.spec_from_file_location(
        "power_magos_y_tabernas", SCRIPTS / "power_magos_y_tabernas.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


plugin = _plugin()
VARIANTS = plugin.variants()


def test_the_plugin_names_its_game_bot_band_and_a_variant_per_designed_card():
    assert plugin.GAME in GAMES
    assert plugin.BOT in GAMES[plugin.GAME].bots(None)  # type: ignore[arg-type]
    low, high = plugin.BAND
    assert 0 < low < 0.5 < high < 1
    assert set(VARIANTS) > plugin.REFERENCES
    for card in parts.CARDS.values():
        wanted = f"{card.id} in play" if card.is_object else f"{card.id} in hand"
        if card.source == "designed":
            assert wanted in VARIANTS, card.id
            assert wanted not in plugin.REFERENCES
        elif card.is_object:
            assert f"ref: {wanted}" in plugin.REFERENCES, card.id
    assert {n for n in VARIANTS if n.endswith(" consumed")} == {
        f"{card} consumed" for card in plugin.CONSUMED
    }


def _designs(cards: list[str]) -> list[str]:
    return [parts.CATALOGUE[card].id for card in cards]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_variant_gives_a_state_the_engine_accepts(name):
    """What the name says is done to the deal, and the engine plays on from it."""
    given, _, theirs = name.removeprefix("ref: ").partition("seat 1 has ")
    given = given.rstrip(", ")
    card = given.split(" ")[0]
    for seed in range(6):
        dealt = game.new(plugin.OPTIONS, seed)
        state = VARIANTS[name](game.new(plugin.OPTIONS, seed))
        assert_conserved(state)
        me, before = state["players"][0], dealt["players"][0]
        if theirs:
            objects = [o["card"] for o in state["players"][1]["objects"]]
            assert _designs(objects) == [theirs.split(" ")[0]]
        if given.endswith((" in play", "consume cost 0")):
            assert _designs([o["card"] for o in me["objects"]]) == [card]
        elif given.endswith(" in hand"):
            held = all(c in before["hand"] for c in plugin._copies(card))
            assert len(me["hand"]) == len(before["hand"]) + (0 if held else 1)
            assert card in _designs(me["hand"])
        elif given.endswith(" consumed"):
            assert card in _designs(state["discard"])
        elif given:  # one action's worth
            assert given in ("+1 orb", "+1 card"), name
            assert (me["orbs"], len(me["hand"])) != (before["orbs"], len(before["hand"]))
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        assert legal
        after, _ = game.apply(state, seat, legal[0])
        assert_conserved(after)
