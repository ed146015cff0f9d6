"""Each process's copy of the latest states (cache.py): never stale, whoever else writes the
same database (another store, another process), and always what the database holds."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from sqlalchemy import select

from wordsvc.sessions.cache import StateCache
from wordsvc.sessions.database import make_engine
from wordsvc.sessions.errors import StaleVersion
from wordsvc.sessions.schema import sessions
from wordsvc.sessions.store import SeatSpec, SessionStore

TWO = [SeatSpec("human"), SeatSpec("human")]


def test_a_state_is_found_at_its_own_version_only():
    cache = StateCache(size=2)
    cache.put("a", 3, {"n": 3})
    assert cache.get("a", 3) == {"n": 3}
    assert cache.get("a", 2) is None
    assert cache.get("a", 4) is None, "a newer version than the copy's is a miss"
    cache.put("a", 2, {"n": 2})
    assert cache.get("a", 3) == {"n": 3}, "an older state never replaces a newer one"


def test_the_least_recently_used_session_is_dropped():
    cache = StateCache(size=2)
    cache.put("a", 1, {})
    cache.put("b", 1, {})
    cache.get("a", 1)
    cache.put("c", 1, {})
    assert (cache.get("a", 1), cache.get("b", 1), cache.get("c", 1)) == ({}, None, {})
    assert len(cache) == 2


@pytest.fixture
def other_store(store, database_url):
    """A second store on the same database, with its own engine and its own cache (as
    another gunicorn worker has)."""
    other = SessionStore(make_engine(database_url), store.games)
    yield other
    other.live.close()
    other.engine.dispose()


def stored_state(store, session_id):
    with store.engine.connect() as conn:
        return conn.execute(select(sessions.c.state).where(sessions.c.id == session_id)).scalar()


def act_from_summary(store, session_id, seat=None):
    summary = store.summary(session_id)
    seat = summary.to_act[0] if seat is None else seat
    legal = store.summary(session_id, seat).legal_actions
    action = next((a for a in legal if a["type"] == "pass"), legal[0])
    return store.act(session_id, seat, action, summary.version)


def test_two_stores_taking_turns_on_one_session_never_read_a_stale_state(store, other_store):
    created = store.create("lost-words", {}, TWO, 5)
    stores = (store, other_store)
    for step in range(12):
        acting, reading = stores[step % 2], stores[1 - step % 2]
        before = reading.summary(created.id, 0)  # the reader's copy is now a version behind
        reply = act_from_summary(acting, created.id)
        assert before.version == reply.version - len(reply.applied)
        assert reading.summary(created.id, 0) == acting.summary(created.id, 0)
        for each in stores:
            kept = each.states.get(created.id, reply.version)
            assert kept is None or kept == stored_state(store, created.id)
    assert store.verify(created.id)


def test_an_action_on_a_version_another_store_moved_past_is_stale(store, other_store):
    created = store.create("lost-words", {}, TWO, 5)
    summary = store.summary(created.id)  # this store keeps the state at this version
    act_from_summary(other_store, created.id)
    with pytest.raises(StaleVersion) as stale:
        store.act(created.id, summary.to_act[0], {"type": "pass"}, summary.version)
    assert stale.value.details["version"] == summary.version + 1
    reply = act_from_summary(store, created.id)  # from the other store's state, read anew
    assert store.states.get(created.id, reply.version) == stored_state(store, created.id)
    assert store.verify(created.id)


def test_another_process_acting_between_two_actions_is_seen(store, database_url):
    created = store.create("lost-words", {}, TWO, 5)
    act_from_summary(store, created.id)
    script = textwrap.dedent(
        f"""
        from wordsvc.games.registry import GAMES
        from wordsvc.sessions.database import make_engine
        from wordsvc.sessions.service import hosted
        from wordsvc.sessions.store import SessionStore
        store = SessionStore(make_engine({database_url!r}),
                             {{"lost-words": hosted(GAMES["lost-words"], None)}})
        for _ in range(3):
            summary = store.summary({created.id!r})
            seat = summary.to_act[0]
            legal = store.summary({created.id!r}, seat).legal_actions
            store.act({created.id!r}, seat, legal[0], summary.version)
        print(store.summary({created.id!r}).version)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 4
    assert store.summary(created.id).version == int(done.stdout)
    reply = act_from_summary(store, created.id)
    assert store.states.get(created.id, reply.version) == stored_state(store, created.id)
    assert store.verify(created.id)


@pytest.mark.parametrize(
    ("game", "bot"),
    [("lost-words", "random"), ("magos-y-tabernas", "random"), ("wizards-wanted", "random"),
     ("words-of-magic", "greedy")],
)  # fmt: skip
def test_the_kept_state_is_the_stored_one_exactly(store, game, bot):
    """Equal as decoded from the database's JSON, not only as JSON: a tuple kept where the
    database gives a list would make the next action differ between processes."""
    options = {"characters": False} if game == "words-of-magic" else {}
    created = store.create(game, options, [SeatSpec("human"), SeatSpec("bot", bot)], 2)
    assert store.states.get(created.id, created.version) == stored_state(store, created.id)
    for _ in range(6):
        summary = store.summary(created.id)
        if summary.status == "over" or 0 not in summary.to_act:
            break
        reply = act_from_summary(store, created.id, 0)
        kept = store.states.get(created.id, reply.version)
        assert kept == stored_state(store, created.id)
        assert json.loads(json.dumps(kept)) == kept
    assert store.verify(created.id)
