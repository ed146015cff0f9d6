"""Random playouts by the contract: conservation, tokens, equal turns, no leaks, determinism."""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter

import pytest

from tests.games.helpers import (
    SampledShape,
    assert_deterministic,
    assert_no_leaks,
    assert_typed,
    playout,
)
from tests.games.words_of_magic.box import every_card, expected_cards
from wordsvc.games.contract import canonical
from wordsvc.games.words_of_magic.state import WordsOfMagicState
from wordsvc.games.words_of_magic.view import WordsOfMagicView

GAMES_PER_COUNT = 300
VARIANTS = [
    {"mode": "magic", "characters": True},
    {"mode": "classic", "characters": False},
    {"mode": "magic", "characters": False, "balance_order": "dealt"},
]
#: Every how many steps of a playout a view is made and its shape checked (a view shows
#: every card face: checking one every 8 steps made the playouts a fifth slower).
VIEW_EVERY = 32


def view_checked(chooser):
    """``chooser``, with a view checked against the shape view.py declares every
    :data:`VIEW_EVERY` steps. ``chaos`` reads the state, so the view is made here, and only
    then (a view made and checked at every step made the playouts half as slow again). The
    viewer goes round the spectator and every seat, so that each one's hidden parts (None)
    are met too."""
    steps = itertools.count()

    def choose(game, state, seat, rng):
        step = next(steps)
        if step % VIEW_EVERY == 0:
            viewers = [None, *range(len(state["players"]))]
            viewer = viewers[step // VIEW_EVERY % len(viewers)]
            assert_typed(game.view(state, viewer), WordsOfMagicView, "view")
        return chooser(game, state, seat, rng)

    return choose


def invariants(options: dict):
    expected = expected_cards(options)

    shape = SampledShape(WordsOfMagicState)

    def check(state: dict) -> None:
        shape(state)  # the shape state.py declares, every 8th state
        assert every_card(state) == expected, "a card was created or lost"
        for player in state["players"]:
            assert 0 <= player["tokens"] <= 3
            assert 0 <= player["used_tokens"] <= 3
            assert player["tokens"] + player["used_tokens"] == 3
        if state["phase"] == "over":
            turns = {p["turns"] for p in state["players"]}
            assert len(turns) == 1, f"unequal turns at the end: {turns}"

    return check


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(game, chooser, players):
    ends = Counter()
    choose = view_checked(chooser)  # one count of steps over all the games
    for seed in range(GAMES_PER_COUNT):
        options = {"players": players, **VARIANTS[seed % len(VARIANTS)]}
        state, log = playout(game, options, seed, choose, invariants(options))
        ends[state["end"]["reason"]] += 1
        assert game.result(state) is not None
        if seed % 50 == 0:
            assert_deterministic(game, options, seed, log)
    assert ends["deck_empty"] > 0


@pytest.mark.parametrize("options", [{"open_discards": False}, {"open_discards": True}])
def test_views_and_events_leak_nothing_hidden(game, chooser, options):
    rng = random.Random(7)
    seen_held = False
    for seed in range(12):
        state = game.new({"players": 3, "mode": "magic", "characters": True, **options}, seed)
        for _ in range(60):
            if game.result(state) is not None:
                break
            seen_held |= any(p.get("held") for p in state["players"])
            seat = game.to_act(state)[0]
            action = chooser(game, state, seat, rng)
            assert_no_leaks(game, state, rng, (seat, action))
            state, _ = game.apply(state, seat, action)
    assert seen_held, "no state had face-down Balance of Power cards waiting to be ordered"


def test_the_returned_character_is_seen_by_nobody_else(game):
    state = game.new({"players": 3, "characters": True}, 5)
    for seat in range(3):
        offered = state["players"][seat]["offered"]
        state, _ = game.apply(state, seat, {"type": "choose_character", "character": offered[0]})
    twin = copy.deepcopy(state)
    twin["players"][1]["offered"][1] = "returned-card-differs"
    for viewer in (None, 0, 2):
        assert game.view(state, viewer) == game.view(twin, viewer)
        assert game.view(state, viewer)["players"][1]["offered"] is None
    assert game.view(state, 1)["players"][1]["offered"] == state["players"][1]["offered"]


def test_discard_piles_are_seen_by_their_owner_only(game):
    state = game.new({"players": 3, "characters": False}, 1)
    state["players"][1]["discard"] = ["d1-00"]
    assert game.view(state, 1)["players"][1]["discard"][0]["id"] == "d1-00"
    assert game.view(state, 0)["players"][1]["discard"] is None
    assert game.view(state, None)["players"][1]["discard_size"] == 1
    state["options"]["open_discards"] = True
    assert game.view(state, 0)["players"][1]["discard"][0]["id"] == "d1-00"


def test_a_refused_action_leaves_the_state_alone(game):
    state = game.new({"players": 2, "characters": False}, 3)
    before = canonical(state)
    with pytest.raises(Exception):  # noqa: B017, PT011 - any refusal
        game.apply(state, state["active"], {"type": "form_word", "word": "кіт", "slots": []})
    assert canonical(state) == before
