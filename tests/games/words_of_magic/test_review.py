"""The review of a finished game of Words of Magic (wordsvc/games/words_of_magic/review.py),
on the real lexicon: each turn's best play is the solver's, measured by the engine; a seat
that always played it is at 100%; the missed words are common words the hand could make."""

from __future__ import annotations

import random

import pytest

from wordsvc.games.contract import copy_state
from wordsvc.games.registry import GAMES
from wordsvc.games.words_of_magic.bots import SolverBot, better_than_passing, play_action
from wordsvc.games.words_of_magic.review import (
    MISSED_WORDS,
    REVIEW_BUDGET_MS,
    GameReview,
    Reviewer,
)
from wordsvc.games.words_of_magic.view import typed_view
from wordsvc.lexicon.frequency import known_from
from wordsvc.solver.solve import Solver

OPTIONS = {"players": 2, "first_player": 0}
SEED = 21


class ReviewsBest(SolverBot):
    """Plays, at every word or pass, exactly what the review calls best."""

    budget_ms = REVIEW_BUDGET_MS

    def choose(self, game, view, seat, rng):
        typed = typed_view(view)
        if typed["phase"] == "turn" and typed["word_formed"] is None:
            useful = [a for a in typed["legal_actions"] if a["type"] == "play_magic"]
            if not useful:
                plays = better_than_passing(self.solve(typed, seat, 1))
                if plays:
                    return play_action(plays[0], typed["players"][seat], typed["balance"]["yellow"])
                return {"type": "pass"}
        return super().choose(game, view, seat, rng)


@pytest.fixture(scope="module")
def played(judge):
    """A two-player game: seat 0 plays what the review calls best, seat 1 at random; with
    its log and its review."""
    entry = GAMES["words-of-magic"]
    game, bots, solver = entry.make(judge), entry.bots(judge), Solver(judge)
    players = [ReviewsBest(solver), bots["random"]()]
    rng = random.Random(4)
    state, log = game.new(OPTIONS, SEED), []
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        action = players[seat].choose(game, game.view(state, seat), seat, rng)
        state, _ = game.apply(state, seat, action)
        log.append((seat, action))
    return game, solver, log, Reviewer(game, solver).review(OPTIONS, SEED, log)


def test_a_seat_that_always_played_the_best_play_is_at_100_percent(played):
    _, _, _, review = played
    best, randomly = review.seats
    assert best.accuracy == 1.0
    assert best.shed == best.best_shed > 0
    assert best.biggest_miss == 0
    assert randomly.accuracy is not None
    assert randomly.accuracy < 1.0  # the random bot missed something in a whole game
    assert randomly.biggest_miss_turn is not None


def test_each_turn_names_the_best_play_with_its_layout_measured_by_the_engine(played):
    game, solver, log, review = played
    # the random seat's turn furthest from its best: its best play is the solver's, laid out
    turn = max((t for t in review.turns if t.seat == 1), key=lambda t: t.best.shed - t.made.shed)
    assert turn.best.shed > turn.made.shed
    state = game.new(OPTIONS, SEED)
    for seat, action in log[: turn.action - 1]:
        state, _ = game.apply(state, seat, action)
    view = typed_view(game.view(state, 1))
    top = better_than_passing(ReviewsBest(solver).solve(view, 1, 1))[0]
    assert turn.best.word == top.layout.word
    assert [s.source for s in turn.best.slots] == [s.source.value for s in top.layout.slots]
    assert "".join(s.letter for s in turn.best.slots) == top.layout.word
    # the shed is the engine's: the best play applied to the state before the turn
    action = play_action(top, view["players"][1], view["balance"]["yellow"])
    after, _ = game.apply(copy_state(state), 1, action)
    count = lambda s: len(s["players"][1]["hand"]) + len(s["players"][1]["deck"])  # noqa: E731
    assert turn.best.shed == count(state) - count(after)


def test_the_missed_words_are_common_words_the_hand_could_make(played, judge):
    _, _, _, review = played
    missed = [w for t in review.turns for w in t.missed]
    assert missed
    for turn in review.turns:
        assert len(turn.missed) <= MISSED_WORDS
        assert turn.made.word not in turn.missed
        for word in turn.missed:
            assert judge.lexicon.zipf(word) >= known_from()
    assert all(t.best.shed >= t.made.shed for t in review.turns)


def test_every_word_and_pass_is_a_turn_and_each_seat_counts_its_own(played):
    _, _, log, review = played
    assert [t.action for t in review.turns] == [
        n for n, (_, a) in enumerate(log, 1) if a["type"] in ("form_word", "pass")
    ]
    for seat in (0, 1):
        own = [t.turn for t in review.turns if t.seat == seat]
        assert own == list(range(1, len(own) + 1))


def test_a_review_round_trips_through_plain_values(played):
    _, _, _, review = played
    assert GameReview.from_record(review.to_record()) == review
