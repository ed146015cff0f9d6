"""Random playouts of Magos y Tabernas for 2, 3 and 4 players and 2 vs 2: the supply and the
cards are conserved, no hand ends a turn above its limit, the stack is empty between turns,
every game ends, and no view or event leaks what it should not."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.games.helpers import SampledShape, assert_deterministic, assert_no_leaks, playout
from tests.games.magos_y_tabernas.tables import assert_conserved, game
from wordsvc.games.magos_y_tabernas import table as table_rules
from wordsvc.games.magos_y_tabernas.bots import HeuristicBot
from wordsvc.games.magos_y_tabernas.state import MagosYTabernasState
from wordsvc.games.magos_y_tabernas.view import MagosYTabernasView

SETUPS = {
    "2 players": {"players": 2},
    "3 players": {"players": 3},
    "4 players": {"players": 4},
    "2 vs 2": {"players": 4, "teams": True},
}
#: Seeded games per setup, fewer where a game is longer: 100 to 120, since the windows
#: after every item (issue 40) made each game about 1.8 times as long in moves.
GAMES = {"2 players": 120, "3 players": 120, "4 players": 100, "2 vs 2": 100}
#: The shape view.py declares, checked on every 32nd view the chooser reads: a view shows
#: every card face, and checking every 8th made the playouts an eighth slower.
VIEW_SHAPE = SampledShape(MagosYTabernasView, every=32)


def mixed_chooser(game, state, seat, rng):
    """Half the seats play uniformly at random, half by the heuristic. The view's shape is
    checked on the way (every 32nd)."""
    view = game.view(state, seat)
    VIEW_SHAPE(view)
    if (seat + state["turn"] // 5) % 2:
        return rng.choice(view["legal_actions"])
    return HeuristicBot().choose(game, view, seat, rng)


def checker():
    previous: dict = {}

    shape = SampledShape(MagosYTabernasState)

    def check(state) -> None:
        shape(state)  # the shape state.py declares, every 8th state
        assert_conserved(state)
        before = previous.get("state")
        if before is not None and before["turn"] != state["turn"]:
            ended = before["active"]
            assert state["stack"] == [], "the stack is empty between turns"
            assert len(state["players"][ended]["hand"]) <= table_rules.hand_limit(state, ended)
        if state["phase"] in ("main", "reduce"):
            assert state["stack"] == []
        previous["state"] = state  # apply never changes a state: no copy needed

    return check


@pytest.mark.parametrize("setup", list(SETUPS))
def test_random_playouts_keep_every_invariant(setup):
    options = SETUPS[setup]
    ends = Counter()
    for seed in range(GAMES[setup]):
        state, log = playout(
            game, {**options, "quick": seed % 3 == 0}, seed, mixed_chooser, checker()
        )
        result = game.result(state)
        assert result is not None
        ends[state["ended_by"]] += 1
        side = {table_rules.team(state, s) for s in result.winners}
        assert len(side) == 1, "one side wins the beer"
        assert all(result.places[s] == 1 for s in result.winners)
        if seed % 50 == 0:
            assert_deterministic(game, {**options, "quick": seed % 3 == 0}, seed, log, state)
    assert ends == {"beer": GAMES[setup]}


@pytest.mark.parametrize("setup", list(SETUPS))
def test_views_and_events_leak_nothing_hidden(setup):
    """The shared leak check: hands, obstacles (even one's own) and the deck's order."""
    rng = random.Random(3)
    for seed in range(4):
        state = game.new(SETUPS[setup], seed)
        for _ in range(120):
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            for other in range(len(state["players"])):
                view = game.view(state, other)
                assert all(p["hand"] is None for i, p in enumerate(view["players"]) if i != other)
                assert all(isinstance(p["obstacles"], int) for p in view["players"])
            action = mixed_chooser(game, state, seat, rng)
            assert_no_leaks(game, state, rng, (seat, action))
            state, _ = game.apply(state, seat, action)
