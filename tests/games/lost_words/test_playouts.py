"""Random playouts of The Lost Words: 80 cards, hands of 3, protected pairs, no leaks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.games.helpers import SampledShape, assert_deterministic, assert_no_leaks, playout
from tests.games.lost_words.box import ALL_CARDS, BOX, every_card
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words.bots import HeuristicBot
from wordsvc.games.lost_words.state import LostWordsState
from wordsvc.games.lost_words.view import LostWordsView

#: The contract asks for a few hundred seeded games per player count.
GAMES_PER_COUNT = 200
#: The shape view.py declares, checked on every 8th view the chooser reads.
VIEW_SHAPE = SampledShape(LostWordsView)


@pytest.fixture(scope="module")
def game():
    return BOX.game


def protected_pairs(state) -> set[tuple[int, str, str]]:
    return {
        (seat, slot["card"], slot["spell"])
        for seat, player in enumerate(state["players"])
        for slot in player["nature"]
        if slot["spell"] and (slot["wall"] or parts.CATALOGUE[slot["spell"]].name == "wild")
    }


def mixed_chooser(game, state, seat, rng):
    """Half the seats play uniformly at random, half by the heuristic (so games end). The
    view's shape is checked on the way (every 8th)."""
    view = game.view(state, seat)
    VIEW_SHAPE(view)
    if (seat + state["turn"] // 7) % 2:
        return rng.choice(view["legal_actions"])
    return HeuristicBot().choose(game, view, seat, rng)


def checker():
    previous: dict = {}

    shape = SampledShape(LostWordsState)

    def check(state) -> None:
        shape(state)  # the shape state.py declares, every 8th state
        assert every_card(state) == ALL_CARDS, "a card was created or lost"
        before = previous.get("state")
        if before is not None:
            assert protected_pairs(before) <= protected_pairs(state), "a protected pair broke"
            if before["active"] != state["active"] or before["turn"] != state["turn"]:
                ended = before["active"]
                # A hand stays short only when nothing was left to draw: an empty draw pile
                # beside a discard pile of one card (Interpretations, the lone card).
                if before["phase"] != "over" and (state["draw"] or len(state["discard"]) > 1):
                    assert len(state["players"][ended]["hand"]) == 3, "hand not 3 at turn end"
            if state["phase"] in ("draw", "act"):
                assert state["discard"] or not state["draw"], "no face-up discard card"
        previous["state"] = state  # apply never changes a state: no copy needed

    return check


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(game, players):
    winners = Counter()
    for seed in range(GAMES_PER_COUNT):
        options = {"players": players, "swap_paired": ("forbid", "discard_spell")[seed % 2]}
        state, log = playout(game, options, seed, mixed_chooser, checker())
        winners[state["winner"]] += 1
        nature = state["players"][state["winner"]]["nature"]
        assert all(slot["spell"] for slot in nature)
        if seed % 50 == 0:
            assert_deterministic(game, options, seed, log, state)
    assert sum(winners.values()) == GAMES_PER_COUNT


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_and_events_leak_nothing_hidden(game, players):
    """The shared leak check: hands, the draw pile's order and the boxed nature cards."""
    rng = random.Random(3)
    for seed in range(8):
        state = game.new({"players": players}, seed)
        for _ in range(80):
            if game.result(state) is not None:
                break
            for seat in range(players):
                if seat != state["active"] and state["phase"] != "over":
                    assert game.view(state, seat)["players"][state["active"]]["hand"] is None
            seat = game.to_act(state)[0]
            action = mixed_chooser(game, state, seat, rng)
            assert_no_leaks(game, state, rng, (seat, action))
            state, _ = game.apply(state, seat, action)
