"""Magos y Tabernas bots: the heuristic answers attacks, cancels another side's third gem,
takes its free gains, and beats the random bot."""

from __future__ import annotations

import random

from tests.games.magos_y_tabernas.tables import act, give, table
from wordsvc.games.magos_y_tabernas.bots import HeuristicBot, RandomBot
from wordsvc.games.magos_y_tabernas.engine import MagosYTabernas
from wordsvc.games.simulate import simulate, wilson

game = MagosYTabernas()


def choice(state, seat):
    return HeuristicBot().choose(game, game.view(state, seat), seat, random.Random(1))


def test_the_heuristic_shields_itself_from_an_attack_on_its_gems():
    state = give(give(table(), 0, hand=["atacar-1", "gema-2"]), 1, hand=["escudo-1"], gems=2)
    state, _ = act(state, 0, type="play", card="atacar-1", target=1)
    assert choice(state, 1) == {"type": "play", "card": "escudo-1"}


def test_the_heuristic_cancels_an_attack_when_it_has_no_shield():
    state = give(give(table(), 0, hand=["atacar-1", "gema-2"]), 1, hand=["interrupcion-1"], gems=1)
    state, _ = act(state, 0, type="play", card="atacar-1", target=1)
    assert choice(state, 1) == {"type": "play", "card": "interrupcion-1", "item": 1}


def test_the_heuristic_cancels_the_orb_that_would_give_another_side_its_third_gem():
    state = give(table(), 0, hand=["gema-2"], orbs=2, gems=2)
    give(state, 1, hand=["interrupcion-1"])
    state, _ = act(state, 0, type="take_orb")
    assert choice(state, 1) == {"type": "play", "card": "interrupcion-1", "item": 1}


def test_the_heuristic_lets_a_harmless_action_pass_and_keeps_its_answers():
    state = give(table(), 0, hand=["gema-2"])
    give(state, 1, hand=["interrupcion-1", "escudo-1"])
    state, _ = act(state, 0, type="take_orb")
    assert choice(state, 1) == {"type": "pass"}


def test_the_heuristic_takes_a_free_gem_before_spending_its_point():
    state = give(table(), 0, hand=["flash-1", "gema-1", "invocar-orbes-1"])
    assert choice(state, 0) == {"type": "play", "card": "flash-1", "with": "gema-1"}


def test_the_heuristic_attacks_the_leader():
    state = give(table(players=3), 0, hand=["atacar-1"])
    give(state, 1, gems=1)
    give(state, 2, gems=2)
    assert choice(state, 0) == {"type": "play", "card": "atacar-1", "target": 2}


def test_the_heuristic_beats_the_random_bot():
    summary = simulate(
        game,
        {"heuristic": HeuristicBot, "random": RandomBot},
        ["heuristic", "random"],
        {"players": 2},
        40,
        1,
    )
    heuristic = wilson(summary.wins.get("heuristic", 0), summary.seats_played["heuristic"])
    assert heuristic[0] > 0.8
