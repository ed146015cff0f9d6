"""A seat's "answer only when it concerns me" choice (SQLite and PostgreSQL): with "answer only
when I can" on too, a Magos y Tabernas human seat passes by itself whenever it may pass and
nothing on the stack is aimed at its side, and is asked exactly when something is; switching
it on mid-window passes at once; the other games have no such choice; seats from before
migration 0006 have it off."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, text

from tests.sessions.test_store_auto_pass import (
    GAME,
    HUMANS,
    empty_url,  # noqa: F401  (a fixture)
    play_as,
    seated,
    waiting_human,
)
from wordsvc.games.contract import replay
from wordsvc.games.magos_y_tabernas.bots import HeuristicBot, RandomBot
from wordsvc.games.magos_y_tabernas.stack import concerns
from wordsvc.sessions.database import make_engine, upgrade
from wordsvc.sessions.errors import NoAutoPass
from wordsvc.sessions.schema import seats
from wordsvc.sessions.store import SeatSpec

PASS = {"type": "pass"}


def replayed_states(store, session_id, seed, options):
    """Every logged action with the state just before it: (actor, seat, action, state)."""
    state = GAME.new({"first_player": 0, **options}, seed)
    steps = []
    logged = store.events(session_id, None)
    for entry, (seat, action) in zip(logged, store.log(session_id), strict=True):
        steps.append((entry.actor, seat, action, state))
        state, _ = GAME.apply(state, seat, action)
    return steps


def concerned_seats(store, session_id, tokens, chosen):
    for seat in chosen:
        assert store.claim(session_id, tokens[seat], only_when_concerned=True).only_when_concerned


@settings(max_examples=10)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 4),
    kinds=st.lists(st.sampled_from(["concerned", "when-able", "bot"]), min_size=4, max_size=4),
    careless=st.booleans(),
)
def test_a_concerned_seat_is_asked_to_answer_exactly_when_something_concerns_it(
    store, seed, players, kinds, careless
):
    """Checked on a replay of the log against the engine's own rule of what concerns a
    seat: every automatic pass of a concerned seat was a legal pass made while nothing
    concerned it (or its one legal action); every answer its person was asked for came
    while something did."""
    kinds = kinds[:players]
    assume("concerned" in kinds)
    specs = [SeatSpec("bot", "heuristic") if k == "bot" else SeatSpec("human") for k in kinds]
    first = next(seat for seat, kind in enumerate(kinds) if kind != "bot")
    options = {"players": players, "turn_limit": 6, "first_player": first}
    session_id, tokens = seated(store, seed, specs, **options)
    chosen = {seat for seat, kind in enumerate(kinds) if kind == "concerned"}
    concerned_seats(store, session_id, tokens, chosen)
    bot = RandomBot() if careless else HeuristicBot()
    for _ in range(400):
        waiting = waiting_human(store, session_id)
        if waiting is None:
            break
        play_as(store, session_id, waiting[0], seed, bot)
    for actor, seat, action, state in replayed_states(store, session_id, seed, options):
        legal = GAME.legal_actions(state, seat)
        if seat not in chosen or PASS not in legal:
            continue
        if actor == "auto":
            assert action == PASS
            assert legal == [PASS] or not concerns(state, seat)
        else:
            assert actor == "human"
            assert concerns(state, seat), "asked to answer what does not concern the seat"
    assert store.verify(session_id)


def test_a_concerned_person_is_still_asked_when_attacked(store):
    """Whole games against the heuristic bot: some of the person's answers are asked for
    (an attack, a cancel), and many passes are made for them."""
    asked = auto = 0
    for seed in range(12):
        session_id, tokens = seated(store, seed, [HUMANS[0], SeatSpec("bot", "heuristic")])
        concerned_seats(store, session_id, tokens, {0})
        for _ in range(400):
            waiting = waiting_human(store, session_id)
            if waiting is None:
                break
            asked += PASS in waiting[1]
            play_as(store, session_id, 0, seed)
        auto += sum(e.actor == "auto" for e in store.events(session_id, None))
    assert asked > 0
    assert auto > asked


def test_switching_it_on_while_nothing_concerns_the_seat_passes_at_once(store):
    for seed in range(30):
        session_id, tokens = seated(store, seed, [HUMANS[0], SeatSpec("bot", "heuristic")])
        store.claim(session_id, tokens[0], auto_pass=False)
        for _ in range(60):
            waiting = waiting_human(store, session_id)
            if waiting is None:
                break
            state = replay(GAME, {"first_player": 0}, seed, store.log(session_id))
            if PASS in waiting[1] and not concerns(state, 0):
                version = store.summary(session_id).version
                store.claim(session_id, tokens[0], auto_pass=True, only_when_concerned=True)
                first = store.events(session_id, 0, after=version)[0]
                assert (first.seat, first.actor) == (0, "auto")
                assert store.log(session_id)[version] == (0, PASS)
                assert store.verify(session_id)
                return
            play_as(store, session_id, 0, seed)
    pytest.fail("no game where the person might answer something that is not aimed at them")


def test_the_choice_is_kept_and_shown(store):
    session_id = store.create("magos-y-tabernas", {"first_player": 0}, HUMANS, 3).id
    tokens = {seat: store.join(session_id, seat).token for seat in range(len(HUMANS))}
    # On for people by default: a person is asked only about what is aimed at their side.
    assert [s.only_when_concerned for s in store.summary(session_id).seats] == [True, True]
    version = store.summary(session_id).version
    assert (
        store.claim(session_id, tokens[1], only_when_concerned=False).only_when_concerned is False
    )
    assert store.your_seat(session_id, tokens[1]).only_when_concerned is False
    assert store.claim(session_id, tokens[1], "Оля К.").only_when_concerned is False
    assert [s.only_when_concerned for s in store.summary(session_id).seats] == [True, False]
    assert store.summary(session_id).version == version, "seat 0's turn: nothing to pass"


def test_games_without_the_choice_have_none(store):
    created = store.create("lost-words", {}, [SeatSpec("human"), SeatSpec("bot", "random")])
    token = store.join(created.id, 0).token
    assert [s.only_when_concerned for s in store.summary(created.id).seats] == [None, None]
    assert store.your_seat(created.id, token).only_when_concerned is None
    with pytest.raises(NoAutoPass) as refused:
        store.claim(created.id, token, only_when_concerned=True)
    assert refused.value.code == "no_auto_pass"
    mixed = store.create("magos-y-tabernas", {}, [SeatSpec("human"), SeatSpec("bot", "random")])
    assert [s.only_when_concerned for s in store.summary(mixed.id).seats] == [True, None]


def test_seats_from_before_the_choice_have_it_off(empty_url):  # noqa: F811
    engine = make_engine(empty_url)
    upgrade(engine, "0005")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO sessions VALUES ('ab', 'magos-y-tabernas', '{}', 5, 0, 'active',"
                " '{}', '2026-01-01', '2026-01-01', false)"
            )
        )
        conn.execute(
            text("INSERT INTO seats (session_id, seat, kind, name) VALUES ('ab', 0, 'human', 'x')")
        )
    upgrade(engine)
    with engine.begin() as conn:
        stored = conn.execute(select(seats.c.only_when_concerned)).scalar()
        assert stored is False
    engine.dispose()
