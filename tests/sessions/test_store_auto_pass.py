"""A seat's "answer only when I can" setting (SQLite and PostgreSQL): a Magos y Tabernas human
seat with the setting on passes by itself exactly when the pass is its one legal action, in
the transaction that made it so, logged as ``auto``; never while it holds anything else to
play, never with the setting off; switching it on mid-pass passes at once; the other games
have no such setting; sessions from before migration 0005 get it on."""

from __future__ import annotations

import random
import secrets

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, select, text

from wordsvc.games.magos_y_tabernas.bots import HeuristicBot, RandomBot
from wordsvc.games.magos_y_tabernas.engine import MagosYTabernas
from wordsvc.sessions.database import make_engine, upgrade
from wordsvc.sessions.errors import NoAutoPass
from wordsvc.sessions.schema import seats
from wordsvc.sessions.store import SeatSpec

GAME = MagosYTabernas()
PASS = [{"type": "pass"}]
HUMANS = [SeatSpec("human", name="Оля"), SeatSpec("human", name="Петро")]


def seated(store, seed, specs=HUMANS, **options):
    """A seeded Magos y Tabernas game (seat 0 first, unless ``first_player`` says) with
    every human seat joined, "answer only when it concerns me" (on by default) switched off,
    so that "answer only when I can" is tested alone: (session id, {seat: token})."""
    created = store.create("magos-y-tabernas", {"first_player": 0, **options}, specs, seed)
    tokens = {
        seat: store.join(created.id, seat).token
        for seat, spec in enumerate(specs)
        if spec.kind == "human"
    }
    for token in tokens.values():
        store.claim(created.id, token, only_when_concerned=False)
    return created.id, tokens


def waiting_human(store, session_id):
    """The human seat the session waits for, with its legal actions (None: none waits)."""
    summary = store.summary(session_id)
    if summary.status == "over":
        return None
    seat = summary.to_act[0]
    if summary.seats[seat].kind != "human":
        return None
    return seat, list(store.summary(session_id, seat).legal_actions)


def play_as(store, session_id, seat, seed, bot=None):
    """``seat`` takes the action the bot would (the heuristic one unless ``bot`` says),
    with the store's seeded generator."""
    bot = bot or HeuristicBot()
    summary = store.summary(session_id, seat)
    rng = random.Random(f"{seed}:{summary.version}:{seat}")
    action = bot.choose(GAME, summary.view, seat, rng)
    return store.act(session_id, seat, action, summary.version)


def replayed_steps(store, session_id, seed, options):
    """Every logged action with the engine's legal actions for its seat just before it:
    (actor, seat, action, legal)."""
    state = GAME.new({"first_player": 0, **options}, seed)
    steps = []
    logged = store.events(session_id, None)
    for entry, (seat, action) in zip(logged, store.log(session_id), strict=True):
        steps.append((entry.actor, seat, action, GAME.legal_actions(state, seat)))
        state, _ = GAME.apply(state, seat, action)
    return steps


def forced_pass(store):
    """A session at a moment where seat 0, a person whose setting is off (switched off
    before anything happened: seat 0 plays first), may only pass; seat 1 is a bot:
    (session id, seat 0's token)."""
    for seed in range(20):
        session_id, tokens = seated(store, seed, [HUMANS[0], SeatSpec("bot", "heuristic")])
        store.claim(session_id, tokens[0], auto_pass=False)
        for _ in range(60):
            waiting = waiting_human(store, session_id)
            if waiting is None:
                break
            if waiting[1] == PASS:
                return session_id, tokens[0]
            play_as(store, session_id, 0, seed)
    pytest.fail("no game where the person may only pass")


def test_a_seat_with_the_setting_on_passes_by_itself_only_when_it_can_only_pass(store):
    """Two people, both on (the default), play a whole game: every automatic pass was the
    seat's one legal action; no person was ever asked while they could only pass; and a
    person holding an answer was asked, not passed for."""
    seed = 7
    session_id, _ = seated(store, seed)
    assert [s.auto_pass for s in store.summary(session_id).seats] == [True, True]
    for _ in range(300):
        waiting = waiting_human(store, session_id)
        if waiting is None:
            break
        seat, legal = waiting
        assert legal != PASS, "a seat that may only pass passed by itself"
        play_as(store, session_id, seat, seed)
    steps = replayed_steps(store, session_id, seed, {})
    autos = [step for step in steps if step[0] == "auto"]
    assert autos, "the game should hold passes with nothing else to do"
    assert all(action == {"type": "pass"} and legal == PASS for _, _, action, legal in autos)
    asked = [legal for actor, _, action, legal in steps if actor == "human"]
    answers = [legal for legal in asked if {"type": "pass"} in legal and len(legal) > 1]
    assert answers, "a person holding an answer is asked"
    assert all(legal != PASS for legal in asked)
    assert store.verify(session_id)


def test_with_the_setting_off_a_person_taps_every_pass(store):
    session_id, _ = forced_pass(store)
    summary = store.summary(session_id, 0)
    assert summary.to_act == (0,), "the session waits for the person's pass"
    assert summary.seats[0].auto_pass is False
    assert all(entry.actor != "auto" for entry in store.events(session_id, None))
    acted = store.act(session_id, 0, {"type": "pass"}, summary.version)
    assert acted.applied[0].actor == "human"


def test_switching_the_setting_on_while_the_seat_may_only_pass_passes_at_once(store):
    session_id, token = forced_pass(store)
    version = store.summary(session_id).version
    seat = store.claim(session_id, token, auto_pass=True)
    assert (seat.seat, seat.auto_pass) == (0, True)
    assert store.summary(session_id).version > version, "the pass was made at once"
    first = store.events(session_id, 0, after=version)[0]
    assert (first.seat, first.actor) == (0, "auto")
    assert first.events[0].type == "passed"
    assert store.log(session_id)[version] == (0, {"type": "pass"})
    committed = store.summary(session_id).version - version
    assert seat.game == "magos-y-tabernas"
    assert [(a.number, a.actor) for a in seat.applied][:1] == [(version + 1, "auto")]
    assert len(seat.applied) == committed, "the claim says what it committed (the metrics)"
    waiting = waiting_human(store, session_id)
    assert waiting is None or waiting[1] != PASS
    assert store.verify(session_id)


def test_switching_it_off_or_on_with_a_choice_to_make_changes_nothing_else(store):
    seed = 3
    session_id, tokens = seated(store, seed)
    before = store.summary(session_id)
    assert before.to_act == (0,)  # seat 0's turn: orbs, cards, an end, no pass
    assert store.claim(session_id, tokens[0], auto_pass=False).auto_pass is False
    assert store.claim(session_id, tokens[0], auto_pass=True).auto_pass is True
    assert store.your_seat(session_id, tokens[0]).auto_pass is True
    assert store.claim(session_id, tokens[0], "Оля К.").auto_pass is True, "a name keeps it"
    assert store.summary(session_id).version == before.version


def test_games_without_the_setting_have_none(store):
    created = store.create("lost-words", {}, [SeatSpec("human"), SeatSpec("bot", "random")])
    token = store.join(created.id, 0).token
    assert [s.auto_pass for s in store.summary(created.id).seats] == [None, None]
    assert store.your_seat(created.id, token).auto_pass is None
    assert store.claim(created.id, token, "Оля").auto_pass is None
    with pytest.raises(NoAutoPass) as refused:
        store.claim(created.id, token, auto_pass=True)
    assert refused.value.code == "no_auto_pass"
    mixed = store.create("magos-y-tabernas", {}, [SeatSpec("human"), SeatSpec("bot", "random")])
    assert [s.auto_pass for s in store.summary(mixed.id).seats] == [True, None]
    listed = {s.id: s for s in store.open_sessions("magos-y-tabernas", 100)}
    assert [s.auto_pass for s in listed[mixed.id].seats] == [True, None]


@settings(max_examples=10)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 4),
    kinds=st.lists(st.sampled_from(["human-on", "human-off", "bot"]), min_size=4, max_size=4),
    careless=st.booleans(),
)
def test_no_automatic_pass_ever_happens_while_another_legal_action_exists(
    store, seed, players, kinds, careless
):
    """Over many games (people and bots, settings on and off, people who play well or
    at random), checked against the engine's own ``legal_actions`` on a replay of the log:
    an automatic pass is always a seat's one legal action, by a seat whose setting is on,
    and the store never waits on a seat that would pass by itself."""
    kinds = kinds[:players]
    specs = [SeatSpec("bot", "heuristic") if kind == "bot" else SeatSpec("human") for kind in kinds]
    # A person plays first, so that nothing happens before the settings are made (every
    # human seat starts with the setting on).
    first = next((seat for seat, kind in enumerate(kinds) if kind != "bot"), 0)
    options = {"players": players, "turn_limit": 6, "first_player": first}
    session_id, tokens = seated(store, seed, specs, **options)
    on = {seat for seat, kind in enumerate(kinds) if kind == "human-on"}
    for seat, kind in enumerate(kinds):
        if kind == "human-off":
            store.claim(session_id, tokens[seat], auto_pass=False)
    bot = RandomBot() if careless else HeuristicBot()
    for _ in range(400):
        waiting = waiting_human(store, session_id)
        if waiting is None:
            break
        seat, legal = waiting
        assert seat not in on or legal != PASS
        play_as(store, session_id, seat, seed, bot)
    for actor, seat, action, legal in replayed_steps(store, session_id, seed, options):
        if actor == "auto":
            assert seat in on
            assert legal == PASS
            assert action == {"type": "pass"}
        elif actor == "human" and seat in on:
            assert legal != PASS
    assert store.verify(session_id)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request, tmp_path):
    """An empty database of each kind, for migrating step by step."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.sqlite3'}"
        return
    server = request.getfixturevalue("postgres_server")
    name = f"wordsvc_migrate_{secrets.token_hex(4)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield server.rsplit("/", 1)[0] + "/" + name
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def test_sessions_from_before_the_setting_get_it_on_for_their_people(empty_url):
    engine = make_engine(empty_url)
    upgrade(engine, "0004")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO sessions VALUES ('ab', 'magos-y-tabernas', '{}', 5, 0, 'active',"
                " '{}', '2026-01-01', '2026-01-01', false)"
            )
        )
        for seat, kind, bot in ((0, "human", None), (1, "bot", "heuristic")):
            conn.execute(
                text(
                    "INSERT INTO seats (session_id, seat, kind, bot, name)"
                    " VALUES ('ab', :seat, :kind, :bot, 'x')"
                ),
                {"seat": seat, "kind": kind, "bot": bot},
            )
    upgrade(engine)
    with engine.begin() as conn:
        stored = conn.execute(select(seats.c.seat, seats.c.auto_pass).order_by(seats.c.seat))
        assert stored.all() == [(0, True), (1, False)]
        # a seat written without it (by an older process) gets the column's default
        conn.execute(
            text("INSERT INTO seats (session_id, seat, kind, name) VALUES ('ab', 2, 'human', 'y')")
        )
        assert conn.execute(select(seats.c.auto_pass).where(seats.c.seat == 2)).scalar() is True
    engine.dispose()
