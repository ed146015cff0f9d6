"""The one random bot: uniform over the legal actions, described ones completed by its game."""

from __future__ import annotations

import random

import pytest

from wordsvc.errors import InternalError
from wordsvc.games.random_bot import RandomBot

VIEW = {
    "legal_actions": [
        {"type": "pass"},
        {"type": "discard", "needs": ["cards"], "count": 2},
    ],
    "players": [{"hand": ["a", "b", "c"]}],
}


def fill(view, seat, action, rng):
    return {"type": "discard", "cards": rng.sample(view["players"][seat]["hand"], action["count"])}


def test_a_described_action_is_filled_once_drawn():
    bot = RandomBot(fill=fill)
    chosen = [bot.choose(None, VIEW, 0, random.Random(seed)) for seed in range(40)]
    assert {"type": "pass"} in chosen
    discards = [a for a in chosen if a["type"] == "discard"]
    assert discards
    assert all(len(set(a["cards"])) == 2 and "needs" not in a for a in discards)


def test_a_described_action_stands_for_the_actions_its_game_expands_it_into():
    words = [{"type": "form_word", "word": w} for w in ("кіт", "кот", "тік")]
    view = {"legal_actions": [{"type": "pass"}, {"type": "form_word", "needs": ["word"]}]}
    bot = RandomBot(expand=lambda view, seat, action: words)
    chosen = [bot.choose(None, view, 0, random.Random(seed)) for seed in range(60)]
    assert set(map(str, chosen)) == set(map(str, [{"type": "pass"}, *words]))


def test_listed_actions_are_copies_drawn_uniformly():
    view = {"legal_actions": [{"type": "a"}, {"type": "b"}]}
    chosen = RandomBot().choose(None, view, 0, random.Random(1))
    assert chosen in view["legal_actions"]
    assert all(chosen is not action for action in view["legal_actions"])


def test_a_described_action_its_game_cannot_complete_is_an_internal_error():
    view = {"legal_actions": [{"type": "discard", "needs": ["cards"], "count": 1}]}
    with pytest.raises(InternalError):
        RandomBot().choose(None, view, 0, random.Random(1))
