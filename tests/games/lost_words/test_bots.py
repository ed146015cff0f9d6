"""The Lost Words bots: the heuristic uses every action card when it helps (issue 10)."""

from __future__ import annotations

import random

from tests.games.lost_words.test_engine import act, setup, table
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words.bots import HeuristicBot, RandomBot
from wordsvc.games.lost_words.engine import LostWords
from wordsvc.games.simulate import simulate

game = LostWords()


def test_the_heuristic_plays_the_skylark_for_a_second_pair():
    state = table()
    setup(
        state,
        0,
        hand=["s:fern:1", "s:ivy:1", "a:skylark:1"],
        nature=["n:fern", "n:ivy", "n:wren"],
    )
    state, _ = act(state, 0, type="pair", spell="s:fern:1", nature="n:fern")
    bot = HeuristicBot()
    choice = bot.choose(game, game.view(state, 0), 0, random.Random(1))
    assert choice == {"type": "play", "card": "a:skylark:1"}
    state, _ = act(state, 0, **choice)
    choice = bot.choose(game, game.view(state, 0), 0, random.Random(1))
    assert choice == {"type": "pair", "spell": "s:ivy:1", "nature": "n:ivy"}


def test_the_heuristic_keeps_the_skylark_when_the_further_action_has_no_use():
    state = table()
    setup(state, 0, hand=["s:fern:1", "s:otter:1", "a:skylark:1"], nature=["n:fern", "n:ivy"])
    state["middle"] = ["n:newt", "n:wren"]
    state, _ = act(state, 0, type="pair", spell="s:fern:1", nature="n:fern")
    choice = HeuristicBot().choose(game, game.view(state, 0), 0, random.Random(1))
    assert choice == {"type": "end"}


def test_over_thirty_games_the_heuristic_plays_every_action_card():
    """The simulation's per-bot counts: the Skylark was never played before (issue 10)."""
    summary = simulate(
        game,
        {"heuristic": HeuristicBot, "random": RandomBot},
        ["heuristic", "random"],
        {"players": 3},
        30,
        1,
    )
    plays = summary.report()["plays"]
    cards = {f"play:{name}" for name in parts.ACTION_COUNTS if name != "wild"} | {"pair:wild"}
    unplayed = sorted(
        label for label in cards if not plays.get(label, {}).get("by_bot", {}).get("heuristic")
    )
    assert not unplayed, f"the heuristic never played {unplayed}"
    assert sum(row["total"] for row in plays.values()) > 30 * 50
