"""The bots on the real lexicon: legal moves only, and greedy beats random."""

import pytest

from wordsvc.games.registry import GAMES
from wordsvc.games.simulate import simulate, wilson


@pytest.fixture(scope="module")
def real_game(judge):
    entry = GAMES["words-of-magic"]
    return entry.make(judge), entry.bots(judge)


def test_greedy_beats_random(real_game):
    game, makers = real_game
    summary = simulate(game, makers, ["greedy", "random"], {"players": 2}, games=8, seed=3)
    assert summary.games == 8
    assert summary.wins["greedy"] >= 7  # every action the bots chose was legal, too
    assert summary.word_lengths


@pytest.mark.parametrize("bot", ["greedy", "cautious", "everyday", "random"])
def test_each_bot_finishes_a_four_player_game(real_game, bot):
    game, makers = real_game
    summary = simulate(game, makers, [bot], {"players": 4, "mode": "classic"}, games=1, seed=5)
    assert summary.games == 1
    assert sum(summary.ends.values()) == 1


def test_the_everyday_bot_plays_only_words_people_know(real_game, judge):
    """Its words are all at least "known" on the Zipf scale; greedy's often are not."""
    from wordsvc.lexicon.frequency import known_from

    game, makers = real_game
    summary = simulate(
        game, makers, ["everyday", "greedy"], {"players": 2}, games=4, seed=11,
        zipf=judge.lexicon.zipf,
    )  # fmt: skip
    everyday, greedy = summary.word_zipf["everyday"], summary.word_zipf["greedy"]
    assert everyday
    assert min(everyday) >= known_from()
    assert min(greedy) < known_from()
    report = summary.report()["median_zipf"]
    assert report["everyday"] > report["greedy"]


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.404, abs=0.001)
    assert high == pytest.approx(0.596, abs=0.001)
    assert wilson(0, 0) == (0.0, 0.0)
