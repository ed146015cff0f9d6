"""Bots that think (``thinks = True``: search bots) move off the request thread: a person's
action is answered without the bot's move, which the store's thinker makes once the action
has committed; a move thought on a session that moved on meanwhile is thought again; and a
new store (a restart) finds the sessions still waiting. Every wait is on a condition:
``Thinker.wait_idle`` or an event the test sets."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable

import pytest

from wordsvc.games.contract import Action, Game, Seat
from wordsvc.games.lost_words.bots import HeuristicBot as LostWordsHeuristic
from wordsvc.games.magos_y_tabernas.bots import HeuristicBot as MagosHeuristic
from wordsvc.sessions.store import HostedGame, SeatSpec, SessionStore
from wordsvc.sessions.thinking import LONGEST_RETRY, Thinker, backoff

#: Long enough for any move of these tests on a loaded machine; a wait ends at its
#: condition, not at this.
PATIENCE = 60.0


class ThinkingBot:
    """The heuristic bot of ``game``, marked as one that thinks; ``before`` runs as it
    starts to choose (a test blocks it there, or moves the session on)."""

    name = "thinking"
    thinks = True

    def __init__(self, inner: object, before: Callable[[], None] = lambda: None) -> None:
        self.inner = inner
        self.before = before
        self.calls = 0
        self.threads: set[str] = set()

    def choose(self, game: Game, view, seat: Seat, rng: random.Random) -> Action:
        self.calls += 1
        self.threads.add(threading.current_thread().name)
        self.before()
        return self.inner.choose(game, view, seat, rng)  # type: ignore[attr-defined]


class Recorded:
    """A thinker that only records what is due, so that a test calls ``think`` itself, and
    what the store's readers saw then: a session is handed over once its write committed."""

    def __init__(self, store: SessionStore | None = None) -> None:
        self.store = store
        self.due_ids: list[str] = []
        self.seen_to_act: list[tuple[int, ...]] = []

    def due(self, session_id: str) -> None:
        self.due_ids.append(session_id)
        if self.store is not None:
            self.seen_to_act.append(self.store.summary(session_id).to_act)


def hosting(store: SessionStore, game: str, bot: ThinkingBot) -> SessionStore:
    """A store on ``store``'s database whose ``game`` seats ``bot`` as "thinking"."""
    hosted = store.games[game]
    return SessionStore(
        store.engine,
        {game: HostedGame(hosted.game, {"thinking": lambda: bot}, **_hooks(hosted))},
    )


def _hooks(hosted: HostedGame) -> dict[str, object]:
    return {
        "auto_pass_action": hosted.auto_pass_action,
        "concerns": hosted.concerns,
        "forced_actions": hosted.forced_actions,
    }


def lost_words_against(store: SessionStore) -> tuple[str, str]:
    """A Lost Words session, a person in seat 0 (moving first) against the thinking bot."""
    summary = store.create(
        "lost-words",
        {"players": 2, "first_player": 0},
        [SeatSpec("human"), SeatSpec("bot", "thinking")],
        7,
    )
    return summary.id, store.join(summary.id, 0).token


def until_the_bots_turn(store: SessionStore, session_id: str, token: str):
    """The person plays their first listed action until the bot is asked: the last reply."""
    for _ in range(50):
        summary = store.summary(session_id, 0)
        acted = store.act_as(session_id, token, summary.legal_actions[0], summary.version)
        if 1 in acted.to_act:
            return acted
    pytest.fail("the bot was never asked")


def test_the_persons_action_is_answered_without_the_bots_move_which_is_made_after(store):
    bot = ThinkingBot(LostWordsHeuristic())
    thinking = hosting(store, "lost-words", bot)
    thinking.thinker = recorded = Recorded(thinking)  # type: ignore[assignment]
    session_id, token = lost_words_against(thinking)
    acted = until_the_bots_turn(thinking, session_id, token)
    assert all(a.actor != "bot" for a in acted.applied), "the reply does not wait on the bot"
    assert bot.calls == 0
    assert recorded.due_ids[-1] == session_id
    assert 1 in recorded.seen_to_act[-1], "handed to the thinker once committed"
    before = thinking.summary(session_id).version
    for _ in range(20):  # one move a thought; the bot's turn may ask it for several
        if not thinking.think(session_id):
            break
    assert thinking.summary(session_id).to_act == (0,), "then the person is asked"
    moves = thinking.events(session_id, None, after=before)
    assert moves[0].seat == 1
    assert moves[0].actor == "bot"
    assert thinking.verify(session_id)
    assert thinking.think(session_id) is False, "a session that waits on no bot: nothing"


def test_a_move_thought_while_the_session_moved_on_is_thought_again(store):
    """Magos y Tabernas: a window asks the person and the bot at once. The person passes
    while the bot thinks; the thought is dropped (the version moved on) and the bot
    thinks again on the session as it is."""
    moved_on: list[bool] = []

    def the_person_passes() -> None:
        if not moved_on:
            moved_on.append(True)
            summary = thinking.summary(session_id, 0)
            thinking.act_as(session_id, token, {"type": "pass"}, summary.version)

    bot = ThinkingBot(MagosHeuristic(), before=the_person_passes)
    thinking = hosting(store, "magos-y-tabernas", bot)
    thinking.thinker = Recorded()  # type: ignore[assignment]
    created = thinking.create(
        "magos-y-tabernas",
        {"players": 2, "first_player": 0},
        [SeatSpec("human"), SeatSpec("bot", "thinking")],
        3,
    )
    session_id = created.id
    token = thinking.join(session_id, 0).token
    thinking.claim(session_id, token, only_when_concerned=False)
    acted = thinking.act_as(session_id, token, {"type": "take_orb"}, created.version)
    assert acted.to_act == (1, 0), "a window asks both at once"
    version = thinking.summary(session_id).version
    assert thinking.think(session_id) is True, "moved on while it thought: think again"
    assert thinking.summary(session_id).version == version + 1, "the person's pass alone"
    assert bot.calls == 1
    thinking.think(session_id)
    assert bot.calls == 2
    moves = thinking.events(session_id, None, after=version + 1)
    assert moves[0].actor == "bot"
    assert thinking.verify(session_id)


def test_the_thinker_moves_off_the_request_thread(store):
    go_on = threading.Event()
    bot = ThinkingBot(LostWordsHeuristic(), before=lambda: go_on.wait(PATIENCE))
    thinking = hosting(store, "lost-words", bot)
    session_id, token = lost_words_against(thinking)
    acted = until_the_bots_turn(thinking, session_id, token)
    assert 1 in acted.to_act, "answered while the bot is still thinking"
    go_on.set()
    assert thinking.thinker.wait_idle(PATIENCE)
    assert bot.threads == {"thinker"}
    assert thinking.events(session_id, None, after=acted.version)[0].actor == "bot"


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("words-of-magic", {"players": 2, "first_player": 0, "characters": False}),
        ("magos-y-tabernas", {"players": 2, "first_player": 0}),
    ],
)
def test_a_search_bot_is_hosted_and_moves_by_the_thinker(store, game, options):
    """A game's "hard" bot thinks: it moves first, off the request thread, and its moves
    are in the log as the bot's."""
    summary = store.create(game, options, [SeatSpec("bot", "search"), SeatSpec("human")], 3)
    assert store.thinker.wait_idle(PATIENCE)
    moved = store.events(summary.id, None)
    assert moved
    assert {event.actor for event in moved if event.seat == 0} == {"bot"}
    assert store.summary(summary.id).to_act == (1,), "then the person is asked"
    assert store.verify(summary.id)


def test_a_restarted_store_finds_the_sessions_that_wait_on_a_bot(store):
    """The bot's move was never committed (the process stopped while it thought): a new
    store on the same database finds the session, and the bot moves."""
    bot = ThinkingBot(LostWordsHeuristic())
    before = hosting(store, "lost-words", bot)
    before.thinker = Recorded()  # type: ignore[assignment]  # stopped before it thought
    session_id, token = lost_words_against(before)
    acted = until_the_bots_turn(before, session_id, token)
    restarted = hosting(store, "lost-words", bot)
    assert session_id in restarted.resume_thinking()
    assert restarted.thinker.wait_idle(PATIENCE)
    assert restarted.events(session_id, None, after=acted.version)[0].actor == "bot"
    assert restarted.verify(session_id)


def test_a_failed_move_is_tried_again_after_the_others(caplog):
    """The database away, or a bug: logged, and the session tried again later (here at
    once), so that it never waits for ever on its bot."""
    done: list[str] = []
    failures: list[int] = []

    def think(session_id: str) -> bool:
        if session_id == "broken" and not failures:
            failures.append(1)
            raise KeyError("the database is away")
        done.append(session_id)
        return session_id == "twice" and done.count("twice") < 2

    thinker = Thinker(think, retry_after=lambda failures: 0.0)
    with caplog.at_level(logging.ERROR, logger="wordsvc.sessions.thinking"):
        thinker.resume(["broken", "twice", "once"])
        assert thinker.wait_idle(PATIENCE)
    assert done == ["twice", "once", "broken", "twice"], "due again: after the others"
    assert "broken" in caplog.text


def test_a_failing_move_waits_longer_each_time_up_to_a_minute():
    assert [backoff(n) for n in (1, 2, 3, 6, 7, 20)] == [1, 2, 4, 32, LONGEST_RETRY, 60]


def test_the_others_asked_beside_a_thinking_bot_still_pass_by_themselves(store):
    """A window asks the bot and the person at once; the person's "answer only when it
    concerns me" (on by default) passes for them in the same write, as beside any bot:
    only the bot is left asked."""
    bot = ThinkingBot(MagosHeuristic())
    thinking = hosting(store, "magos-y-tabernas", bot)
    thinking.thinker = recorded = Recorded()  # type: ignore[assignment]
    created = thinking.create(
        "magos-y-tabernas",
        {"players": 2, "first_player": 0},
        [SeatSpec("human"), SeatSpec("bot", "thinking")],
        3,
    )
    token = thinking.join(created.id, 0).token
    acted = thinking.act_as(created.id, token, {"type": "take_orb"}, created.version)
    assert [(a.seat, a.actor) for a in acted.applied] == [(0, "human"), (0, "auto")]
    assert acted.to_act == (1,)
    assert recorded.due_ids == [created.id]
