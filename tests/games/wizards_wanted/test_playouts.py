"""Seeded Wizards Wanted games for 2, 3 and 4 players: dust within 0..100, coins never
negative, fame always the sum of its sources, nothing created or lost, and every game ended by
the Royal Inspector; then determinism and the leak check."""

from __future__ import annotations

import random

import pytest

from tests.games.helpers import assert_deterministic, assert_no_leaks, playout
from tests.games.wizards_wanted.tables import assert_conserved, game
from wordsvc.games.wizards_wanted.bots import HeuristicBot

GAMES = {2: 36, 3: 24, 4: 18}


def mixed_chooser(game, state, seat, rng):
    """Odd seats play at random for stretches, the rest by the heuristic, so that games both
    wander and end."""
    view = game.view(state, seat)
    if seat % 2 and (state["turn"] // 6) % 2:
        return rng.choice(view["legal_actions"])
    return HeuristicBot().choose(game, view, seat, rng)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_keep_every_invariant_and_end_with_the_inspector(players):
    for seed in range(GAMES[players]):
        options = {"players": players}
        state, log = playout(game, options, seed, mixed_chooser, assert_conserved, max_steps=8000)
        assert state["inspector"], "the Royal Inspector ended the game"
        result = game.result(state)
        assert result is not None
        assert result.scores == [p["fame"] for p in state["players"]]
        if seed % 8 == 0:
            assert_deterministic(game, options, seed, log, state)


@pytest.mark.parametrize("players", [2, 4])
def test_views_and_events_leak_nothing_hidden(players):
    """The shared leak check: the deck's order, face-down jobs and mushrooms, seals, the
    courtyard, the box."""
    rng = random.Random(5)
    for seed in range(3):
        state = game.new({"players": players}, seed)
        for _ in range(70):
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            action = mixed_chooser(game, state, seat, rng)
            assert_no_leaks(game, state, rng, (seat, action))
            state, _ = game.apply(state, seat, action)
