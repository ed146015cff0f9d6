"""Every engine's view, for seats that do not sit at the table: a number that is no seat is
refused with ``unknown_seat``; anything that is no seat number at all is a spectator."""

from __future__ import annotations

import pytest

from tests.games.test_options import GAME_NAMES, engine
from wordsvc.games.contract import RuleError


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seat", [99, -1, 2])
def test_a_number_that_is_no_seat_is_refused(name, seat):
    game = engine(name)
    state = game.new({"players": 2}, seed=3)
    with pytest.raises(RuleError) as refused:
        game.view(state, seat)
    assert refused.value.code == "unknown_seat"


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seat", [None, True, 1.0, "0"])
def test_anything_but_a_seat_number_sees_what_a_spectator_sees(name, seat):
    game = engine(name)
    state = game.new({"players": 2}, seed=3)
    assert game.view(state, seat) == game.view(state, None)
