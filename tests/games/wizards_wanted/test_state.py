"""The state's declared shape (``state.py``) is the shape the engine makes and keeps: every
key of the game, its players, villages, options and turn, at the start and after play."""

from __future__ import annotations

import pytest

from tests.games.wizards_wanted.box import BOX
from tests.games.wizards_wanted.tables import assert_shaped


@pytest.mark.parametrize("wizards", ["chosen", "random", "by_seat"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_new_game_has_the_declared_shape(wizards, players):
    """Every state of the playouts is checked too (``tables.assert_conserved``)."""
    assert_shaped(BOX.game.new({"players": players, "wizards": wizards}, players))


def test_the_shape_is_checked():
    """The check is not vacuous: a key added or lost fails it."""
    state = BOX.game.new({"players": 2}, 1)
    assert_shaped(state)
    with pytest.raises(AssertionError):
        assert_shaped({**state, "extra": 1})
    lost = {**state, "players": [{k: v for k, v in state["players"][0].items() if k != "dust"}]}
    with pytest.raises(AssertionError):
        assert_shaped(lost)
    with pytest.raises(AssertionError):  # a value of another type
        assert_shaped({**state, "phase": "dancing"})
    with pytest.raises(AssertionError):
        assert_shaped({**state, "villages": {"village-1": {"job": 3, "face_up": True, "coins": 0}}})
