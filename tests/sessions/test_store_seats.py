"""Seats that come back (SQLite and PostgreSQL): a host holds every seat's token as a link,
a seat is claimed by its token from any browser as often as needed, a rotated token stops
working, and summaries say which human seats are claimed."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, select, text

from wordsvc.errors import InvalidValue
from wordsvc.sessions.database import upgrade
from wordsvc.sessions.errors import InvalidToken, SeatTaken, UnknownSession
from wordsvc.sessions.schema import seats
from wordsvc.sessions.store import SeatSpec

TABLE = [SeatSpec("human", name="Олена"), SeatSpec("human", name="Тарас"), SeatSpec("human")]


@pytest.fixture
def hosted(store):
    """A table of three people whose host plays seat 0 and holds the others' links (as the
    lobby does): (session id, {seat: token})."""
    created = store.create("lost-words", {}, TABLE)
    tokens = {0: store.join(created.id, 0, "Олена").token}
    for seat in (1, 2):
        tokens[seat] = store.join(created.id, seat, claim=False).token
    return created.id, tokens


def claimed(store, session_id):
    return [s.claimed for s in store.summary(session_id).seats]


def test_a_host_holds_links_to_seats_nobody_has_claimed_yet(store, hosted):
    session_id, tokens = hosted
    assert claimed(store, session_id) == [True, False, False]
    assert [s.joined for s in store.summary(session_id).seats] == [True, True, True]
    listed = {s.id: s.free_seats for s in store.open_sessions("lost-words", 100)}
    assert listed[session_id] == (1, 2), "a seat whose link waits is open: issue 36"
    seat = store.your_seat(session_id, tokens[1])
    assert (seat.seat, seat.name, seat.claimed) == (1, "Тарас", False)


def test_a_seat_is_claimed_by_its_token_with_a_name_and_comes_back_from_another_browser(
    store, hosted
):
    session_id, tokens = hosted
    version = store.summary(session_id).version
    first = store.claim(session_id, tokens[1], "Тарас К.")
    assert (first.seat, first.name, first.claimed) == (1, "Тарас К.", True)
    assert claimed(store, session_id) == [True, True, False]
    # The phone died: the same link in another browser is the same seat, no "seat taken".
    again = store.claim(session_id, tokens[1])
    assert (again.seat, again.name) == (1, "Тарас К."), "no name given: the name stays"
    assert store.authenticate(session_id, tokens[1]) == 1
    assert store.summary(session_id).seats[1].name == "Тарас К."
    assert store.summary(session_id).version == version, "claiming is no move of the game"


def test_a_rotated_token_stops_working_and_the_new_one_plays_the_same_seat(store, hosted):
    session_id, tokens = hosted
    store.claim(session_id, tokens[2], "Марія")
    rotated = store.rotate(session_id, tokens[2])
    assert rotated.seat == 2
    assert rotated.token != tokens[2]
    assert len(rotated.token) >= 43  # 32 random bytes, URL-safe base64
    for use in (store.authenticate, store.your_seat, store.claim, store.rotate):
        with pytest.raises(InvalidToken) as refused:
            use(session_id, tokens[2])
        assert refused.value.code == "invalid_token"
    assert store.authenticate(session_id, rotated.token) == 2
    assert store.your_seat(session_id, rotated.token).claimed, "a rotation keeps the claim"
    with store.engine.connect() as conn:
        stored = conn.execute(
            select(seats.c.token_hash).where(seats.c.session_id == session_id, seats.c.seat == 2)
        ).scalar()
    assert rotated.token not in stored
    assert len(stored) == 64  # only a hash is kept
    assert store.authenticate(session_id, tokens[1]) == 1, "other seats keep their tokens"


def test_a_token_claims_only_its_own_session(store, hosted):
    _, tokens = hosted
    other = store.create("lost-words", {}, TABLE).id
    with pytest.raises(InvalidToken):
        store.claim(other, tokens[1])
    with pytest.raises(UnknownSession):
        store.claim("0" * 32, tokens[1])
    with pytest.raises(UnknownSession):
        store.your_seat("not-a-session", tokens[1])


def test_a_claim_with_a_name_no_seat_may_take_is_refused(store, hosted):
    session_id, tokens = hosted
    for name in ("", "a" * 65, "tab\there"):
        with pytest.raises(InvalidValue) as refused:
            store.claim(session_id, tokens[1], name)
        assert refused.value.code == "invalid_name"
    assert claimed(store, session_id) == [True, False, False]


def test_joining_as_before_plays_the_seat_and_a_held_seat_is_taken_by_who_comes_first(
    store, hosted
):
    session_id, tokens = hosted
    created = store.create("lost-words", {}, [SeatSpec("human"), SeatSpec("bot", "random")])
    assert claimed(store, created.id) == [False, True], "a bot's seat counts as claimed"
    store.join(created.id, 0)
    assert claimed(store, created.id) == [True, True]
    with pytest.raises(SeatTaken):
        store.join(session_id, 0)  # the host's own, sat at
    store.claim(session_id, tokens[1])
    with pytest.raises(SeatTaken):
        store.join(session_id, 1)  # its link used: sat at
    store.join(session_id, 2)  # its link not used yet: the lobby's stranger takes it
    with pytest.raises(InvalidToken):
        store.authenticate(session_id, tokens[2])


def test_seats_joined_before_the_upgrade_read_as_claimed(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    upgrade(engine, "0003")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO sessions VALUES ('ab', 'lost-words', '{}', 5, 0, 'active', '{}',"
                " '2026-01-01', '2026-01-01', 0)"
            )
        )
        conn.execute(
            text(
                "INSERT INTO seats VALUES ('ab', 0, 'human', NULL, 'A', :hash, '2026-01-02'),"
                " ('ab', 1, 'human', NULL, 'B', NULL, NULL)"
            ),
            {"hash": "f" * 64},
        )
    upgrade(engine)
    with engine.connect() as conn:
        rows = conn.execute(select(seats.c.seat, seats.c.claimed_at).order_by(seats.c.seat)).all()
    assert rows[0].claimed_at is not None
    assert rows[1].claimed_at is None
