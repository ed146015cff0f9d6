"""Steps with nothing to choose (SQLite and PostgreSQL): a human seat of The Lost Words whose
one legal action is to end the action step, or to decline a Chestnut it cannot answer, takes
it by itself, logged as ``auto``, in the transaction that made it so; a seat with a choice
(a Skylark to play, a spell that re-pairs) is asked. Whole games replayed through the engine
check that every ``auto`` step was the seat's one legal action, and that no human seat is
ever left waiting on one."""

from __future__ import annotations

import random

import pytest

from wordsvc.games.lost_words.bots import HeuristicBot
from wordsvc.games.lost_words.engine import LostWords
from wordsvc.sessions.store import SeatSpec

GAME = LostWords()
FORCED = {"end", "decline"}
PEOPLE = [SeatSpec("human", name="Оля"), SeatSpec("human", name="Петро")]


def play_whole_game(store, seed):
    """Two people, each playing as the heuristic bot would, to the end (or 400 moves):
    the session's id."""
    created = store.create("lost-words", {}, PEOPLE, seed)
    tokens = {seat: store.join(created.id, seat).token for seat in range(len(PEOPLE))}
    assert tokens
    bot = HeuristicBot()
    for _ in range(400):
        summary = store.summary(created.id)
        if summary.status == "over":
            break
        seat = summary.to_act[0]
        mine = store.summary(created.id, seat)
        legal = list(mine.legal_actions)
        assert not (len(legal) == 1 and legal[0]["type"] in FORCED), "asked to confirm"
        rng = random.Random(f"{seed}:{mine.version}")
        store.act(created.id, seat, bot.choose(GAME, mine.view, seat, rng), mine.version)
    return created.id


@pytest.mark.parametrize("seed", [1, 2])
def test_a_person_never_taps_only_to_confirm(store, seed):
    session_id = play_whole_game(store, seed)
    state = GAME.new(store.summary(session_id).options, seed)
    autos = 0
    for entry, (seat, action) in zip(
        store.events(session_id, None), store.log(session_id), strict=True
    ):
        legal = GAME.legal_actions(state, seat)
        if entry.actor == "auto":
            autos += 1
            assert legal == [action]
            assert action["type"] in FORCED
        state, _ = GAME.apply(state, seat, action)
    assert autos > 0  # the ends that had no Skylark to offer were taken by themselves


def test_a_bot_seat_is_not_taken_for(store):
    """Bots choose for themselves: no ``auto`` entry in a game of bots."""
    specs = [SeatSpec("bot", "heuristic"), SeatSpec("bot", "random")]
    created = store.create("lost-words", {}, specs, 5)
    assert all(entry.actor == "bot" for entry in store.events(created.id, None))
