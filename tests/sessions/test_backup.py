"""Backups of the session database (SQLite and PostgreSQL): an export imported into a fresh
database gives every table's rows back, on either kind and across them (a Hypothesis
property over bot-driven sessions of every game too); `wordsvc db verify` finds a cached
state that is not its log's replay; no export holds a seat's token or link."""

from __future__ import annotations

import hashlib
import json
import math
import random
import secrets
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, create_engine, select, text, update

from wordsvc.cli import main
from wordsvc.games.registry import GAMES
from wordsvc.sessions.backup import (
    BATCH_SESSIONS,
    SessionBackup,
    check,
    first_difference,
    restore,
    snapshot,
    verify,
)
from wordsvc.sessions.database import make_engine, upgrade
from wordsvc.sessions.errors import ActionRefused, BackupRefused
from wordsvc.sessions.schema import metadata, sessions
from wordsvc.sessions.service import hosted
from wordsvc.sessions.statements import delete_session
from wordsvc.sessions.store import SeatSpec, SessionStore

#: Options that keep each game short.
SHORT = {
    "words-of-magic": {"characters": False},
    "lost-words": {},
    "magos-y-tabernas": {"turn_limit": 3},
    "wizards-wanted": {"turn_limit": 2},
}


# --- databases -------------------------------------------------------------------------------


@contextmanager
def empty_database(kind: str, request) -> Iterator[str]:
    """A new, empty database of ``kind`` (sqlite or postgresql), dropped afterwards."""
    if kind == "sqlite":
        folder = request.getfixturevalue("tmp_path_factory").mktemp("backup")
        yield f"sqlite:///{folder / 'sessions.sqlite3'}"
        return
    server = request.getfixturevalue("postgres_server")
    name = f"wordsvc_backup_{secrets.token_hex(4)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield server.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def store_on(url: str, games) -> Iterator[SessionStore]:
    """A session store on ``url`` (migrated), hosting ``games``."""
    engine = make_engine(url)
    upgrade(engine)
    store = SessionStore(engine, games)
    try:
        yield store
    finally:
        store.live.close()
        engine.dispose()


@pytest.fixture(scope="session")
def hosted_games(judge):
    """Every hosted game, as a deployment's store hosts them (engines, bots, hooks)."""
    return {name: hosted(entry, judge) for name, entry in GAMES.items()}


@pytest.fixture
def fresh(request, hosted_games):
    """``fresh(kind)``: a new store on a new, empty database of that kind."""
    with ExitStack() as stack:

        def make(kind: str) -> SessionStore:
            url = stack.enter_context(empty_database(kind, request))
            return stack.enter_context(store_on(url, hosted_games))

        yield make


def kind_of(store: SessionStore) -> str:
    return store.engine.dialect.name


#: Columns a backup does not keep: a session's count of seat changes only tells this
#: database's live streams when to send the seats again (an imported session starts at 0);
#: a rematch names a session of this database, which a backup may not hold; a finished
#: game's review is made again from its log at the first request after an import.
NOT_KEPT = {("sessions", "seats_version"), ("sessions", "rematch"), ("sessions", "review")}


def rows(engine: Engine) -> dict[str, list[dict]]:
    """Every row of every table, in key order, times in UTC (SQLite keeps them without a
    zone), JSON columns as their values: what two databases must agree on."""
    found = {}
    with engine.connect() as conn:
        for table in metadata.sorted_tables:
            key = list(table.primary_key.columns)
            found[table.name] = [
                {
                    name: _utc(value)
                    for name, value in row._mapping.items()
                    if (table.name, name) not in NOT_KEPT
                }
                for row in conn.execute(select(table).order_by(*key))
            ]
    return found


def _utc(value):
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return value


# --- sessions to back up ---------------------------------------------------------------------


def bot_for(store: SessionStore, game: str):
    return store.games[game].bots["random"]()


def drive(store: SessionStore, session_id: str, tokens: dict, steps: int, rng: random.Random):
    """Up to ``steps`` actions of the human seats, each chosen by the game's random bot from
    the seat's view (bot seats answer by themselves); some with an Idempotency-Key."""
    game = store.summary(session_id).game
    bot = bot_for(store, game)
    engine = store.games[game].game
    for step in range(steps):
        summary = store.summary(session_id)
        humans = [seat for seat in summary.to_act if seat in tokens]
        if summary.status == "over" or not humans:
            return
        seat = humans[0]
        mine = store.summary(session_id, seat)
        action = bot.choose(engine, mine.view, seat, random.Random(rng.random()))
        key = f"step {step}" if rng.random() < 0.3 else None
        try:
            store.act(session_id, seat, action, mine.version, key)
        except ActionRefused:
            store.act(session_id, seat, mine.legal_actions[0], mine.version)


def populate(store: SessionStore, rng: random.Random, games=tuple(SHORT), steps=6) -> dict:
    """A session of each of ``games``: a person joined and playing (tokens rotated, names
    and settings changed), a seat held for someone else, bots; returns {session: tokens}."""
    made = {}
    for game in games:
        specs = [SeatSpec("human", name="Оля"), SeatSpec("bot", "random"), SeatSpec("human")]
        created = store.create(game, SHORT[game], specs, rng.randrange(2**40))
        tokens = {0: store.join(created.id, 0, "Оля ʼ").token}
        held = store.join(created.id, 2, claim=False).token  # a host's link, not yet opened
        if rng.random() < 0.5:
            held = store.rotate(created.id, held).token
        if rng.random() < 0.5:
            store.claim(created.id, held, name="Петро")
        if store.games[game].auto_pass_action and rng.random() < 0.5:
            store.claim(created.id, held, auto_pass=False)
        if store.games[game].concerns and rng.random() < 0.5:
            store.claim(created.id, held, only_when_concerned=True)
        tokens[2] = held
        drive(store, created.id, tokens, steps, rng)
        made[created.id] = tokens
    return made


# --- export and import -----------------------------------------------------------------------


def export(store: SessionStore, **filters) -> list[SessionBackup]:
    with snapshot(store.engine) as snap:
        return list(snap.sessions(**filters))


def numbered(records):
    return list(enumerate(records, 1))


def test_an_export_imported_into_a_fresh_database_gives_every_row_back(store, fresh):
    populate(store, random.Random(1))
    records = export(store)
    assert {r.game for r in records} >= set(GAMES)
    target = fresh(kind_of(store))
    restored = restore(target.engine, numbered(records), store.games)
    assert restored.total == len(records)
    assert restored.imported == {g: sum(r.game == g for r in records) for g in restored.imported}
    assert rows(target.engine) == rows(store.engine)
    assert export(target) == records


@pytest.mark.parametrize(("source", "target"), [("sqlite", "postgresql"), ("postgresql", "sqlite")])
def test_a_backup_moves_between_sqlite_and_postgresql(fresh, source, target):
    origin = fresh(source)
    populate(origin, random.Random(2), steps=10)
    copy = fresh(target)
    restore(copy.engine, numbered(export(origin)), origin.games)
    assert rows(copy.engine) == rows(origin.engine)
    for session_id in [r.id for r in export(copy)]:  # ... and the games go on there
        assert copy.verify(session_id)
        assert copy.summary(session_id) == origin.summary(session_id)


@pytest.fixture(scope="session")
def replica(request, database_url):
    """An empty database of the same kind as the ``store`` fixture's, for the property."""
    kind = "sqlite" if database_url.startswith("sqlite") else "postgresql"
    with empty_database(kind, request) as url, store_on(url, {}) as target:
        yield target.engine


@settings(max_examples=8, suppress_health_check=[HealthCheck.too_slow])
@given(
    games=st.lists(st.sampled_from(sorted(SHORT)), min_size=1, max_size=3),
    steps=st.integers(0, 25),
    seed=st.integers(0, 2**32),
)
def test_any_sessions_played_any_number_of_steps_come_back_whole(
    store, replica, games, steps, seed
):
    """Sessions of several games, driven by bots for a random number of steps, exported and
    imported over what an earlier example imported (``replace``): the database copied is
    the database, row for row, and each copy's log replays to its state."""
    made = populate(store, random.Random(seed), tuple(games), steps)
    records = export(store)
    restore(replica, numbered(records), store.games, existing="replace")
    assert rows(replica) == rows(store.engine)
    with snapshot(replica) as snap:
        checked = {v.id: v for v in verify(snap.sessions(), lambda g: store.games[g].game)}
    assert all(not checked[session_id].differs for session_id in made)


def test_the_filters_export_a_game_or_a_status_whole(store, fresh):
    populate(store, random.Random(3), ("lost-words", "magos-y-tabernas"))
    everything = export(store)
    only = export(store, game="magos-y-tabernas", status="over")
    assert only == [r for r in everything if r.game == "magos-y-tabernas" and r.status == "over"]
    active = export(store, status="active")
    assert active == [r for r in everything if r.status == "active"]
    with snapshot(store.engine) as snap:
        counts = snap.counts(status="active")
    assert counts == {g: sum(r.game == g for r in active) for g in counts}


def test_an_import_refuses_a_session_it_holds_unless_told_to_replace_or_skip(store, fresh):
    populate(store, random.Random(4), ("lost-words",))
    records = export(store)
    target = fresh(kind_of(store))
    restore(target.engine, numbered(records[:1]), store.games)
    with pytest.raises(BackupRefused) as refused:
        restore(target.engine, numbered(records), store.games)
    assert (refused.value.code, refused.value.line) == ("session_exists", 1)
    assert refused.value.details["imported"] == 0
    skipped = restore(target.engine, numbered(records), store.games, existing="skip")
    assert (skipped.total, skipped.skipped) == (len(records) - 1, 1)
    assert rows(target.engine) == rows(store.engine)
    with target.engine.begin() as conn:  # the copy goes its own way; replace brings it back
        conn.execute(update(sessions).values(state={"tampered": True}))
    replaced = restore(target.engine, numbered(records), store.games, existing="replace")
    assert (replaced.total, replaced.replaced) == (len(records), len(records))
    assert rows(target.engine) == rows(store.engine)


def test_an_import_stops_at_the_first_refusal_keeping_what_came_before(store, fresh):
    """Past a transaction's worth of sessions, a line refused: every session before it is
    imported (the full batch, and those of the next batch up to it), none from it on."""
    populate(store, random.Random(5), ("lost-words", "wizards-wanted"))
    base = export(store)
    records = [
        replace(base[i % len(base)], id=secrets.token_hex(16)) for i in range(BATCH_SESSIONS + 5)
    ]
    bad = BATCH_SESSIONS + 3  # 0-based: its line is bad + 1
    records[bad] = replace(records[bad], version=records[bad].version + 1)
    target = fresh(kind_of(store))
    with pytest.raises(BackupRefused) as refused:
        restore(target.engine, numbered(records), store.games)
    assert refused.value.code == "inconsistent_session"
    assert refused.value.line == bad + 1
    assert refused.value.message.startswith(
        f"Line {bad + 1}: session {records[bad].id}: its version is"
    )
    assert refused.value.details["imported"] == bad
    assert [r.id for r in export(target)] == sorted(r.id for r in records[:bad])


def test_a_record_is_checked_against_the_hosted_games_and_itself(store):
    (made,) = populate(store, random.Random(6), ("magos-y-tabernas",))
    # this test's own session: the store is shared, and another test's may seat others
    (record,) = [r for r in export(store, game="magos-y-tabernas") if r.id == made]
    assert len(record.actions) > 1
    check(record, store.games, 1)
    with pytest.raises(BackupRefused) as refused:
        check(record, {"lost-words"}, 7)
    assert (refused.value.code, refused.value.details["line"]) == ("unknown_game", 7)
    broken = {
        "id": "not-an-id",
        "seed": -1,
        "status": "paused",
        "version": record.version + 1,
        "actions": record.actions[1:] + record.actions[:1],
        "seats": record.seats[1:],
    }
    for name, value in broken.items():
        with pytest.raises(BackupRefused) as refused:
            check(replace(record, **{name: value}), store.games, 3)
        assert refused.value.code == "inconsistent_session", name
        assert refused.value.message.startswith(
            f"Line 3: session {value if name == 'id' else record.id}: "
        )
    seat = replace(record.seats[0], token_hash="secret")
    with pytest.raises(BackupRefused, match="token hash is not a SHA-256"):
        check(replace(record, seats=(seat, *record.seats[1:])), store.games, 1)
    bot = replace(record.seats[1], token_hash="0" * 64)
    with pytest.raises(BackupRefused, match="a bot's, yet has a token"):
        check(replace(record, seats=(record.seats[0], bot, *record.seats[2:])), store.games, 1)


# --- verify ----------------------------------------------------------------------------------


@pytest.fixture
def cli(settings, monkeypatch):
    """``wordsvc`` through click's runner, the lexicon the tests' (Words of Magic judges)."""
    monkeypatch.setenv("WORDSVC_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("WORDSVC_DICTIONARIES_DIR", str(settings.dictionaries_dir))
    monkeypatch.delenv("WORDSVC_DATABASE_URL", raising=False)

    def invoke(*args: str, input=None):
        return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_verify_passes_a_clean_database_and_names_a_tampered_state(fresh, cli, kind):
    origin = fresh(kind)
    populate(origin, random.Random(7), steps=8)
    url = origin.engine.url.render_as_string(hide_password=False)
    clean = cli("db", "--database", url, "verify")
    assert clean.exit_code == 0, clean.output
    assert "4 sessions verified, 0 differ (lost-words 0 of 1, magos-y-tabernas 0 of 1, " in (
        clean.stdout
    )
    tampered = next(r for r in export(origin) if r.game == "words-of-magic")
    state = json.loads(json.dumps(tampered.state))
    state["players"][0]["hand"] = state["players"][0]["hand"][1:]  # a card gone
    with origin.engine.begin() as conn:
        conn.execute(update(sessions).where(sessions.c.id == tampered.id).values(state=state))
    found = cli("db", "--database", url, "verify")
    assert found.exit_code == 1, found.output
    assert f"differs: {tampered.id} (words-of-magic, version {tampered.version}): " in found.stdout
    assert "state.players[0].hand" in found.stdout
    assert "4 sessions verified, 1 differ" in found.stdout
    assert "words-of-magic 1 of 1" in found.stdout
    assert cli("db", "--database", url, "verify", "--game", "lost-words").exit_code == 0


def test_verify_says_why_a_log_does_not_give_the_state(store):
    populate(store, random.Random(8), ("lost-words",), steps=4)
    record = next(r for r in export(store, game="lost-words") if r.actions)
    engines = {name: hosted.game for name, hosted in store.games.items()}

    def problem(**changes) -> str | None:
        [checked] = verify([replace(record, **changes)], engines.get)
        return checked.problem

    assert problem() is None
    assert problem(version=record.version + 1) == (
        f"version {record.version + 1}, but {len(record.actions)} actions logged"
    )
    assert "not hosted here" in problem(game="chess")
    seat = record.actions[0].seat
    other = replace(record.actions[0], seat=(seat + 1) % len(record.seats))
    assert problem(actions=(other, *record.actions[1:])).startswith(
        "the log does not replay: the rules refuse an action ("
    )
    state = {**record.state, "turn": record.state["turn"] + 1}
    assert problem(state=state) == "the cached state differs from the replay at state.turn"


def test_a_difference_is_named_by_its_path_never_its_values():
    a = {"players": [{"hand": [1, 2]}, {"hand": [3]}], "deck": [9, 8]}
    assert first_difference(a, a) == "state"
    assert (
        first_difference(a, {**a, "players": [{"hand": [1, 2]}, {"hand": [4]}]})
        == "state.players[1].hand[0]"
    )
    assert first_difference(a, {**a, "deck": [9]}) == "state.deck (lengths 2 and 1)"
    assert first_difference(a, {"players": a["players"]}) == "state.deck (present in one only)"
    assert first_difference({"n": 1}, {"n": True}) == "state.n"


# --- what an export holds, and what it never does --------------------------------------------


def test_an_export_holds_token_hashes_and_never_a_token_or_a_seat_link(fresh, cli, tmp_path):
    origin = fresh("sqlite")
    made = populate(origin, random.Random(9), steps=3)
    url = origin.engine.url.render_as_string(hide_password=False)
    result = cli("db", "--database", url, "export")
    assert result.exit_code == 0, result.output
    text_out = result.stdout
    tokens = [token for seats_ in made.values() for token in seats_.values()]
    assert tokens
    for token in tokens:
        assert token not in text_out
        assert hashlib.sha256(token.encode()).hexdigest() in text_out  # the seat stays
    assert "#seat=" not in text_out
    assert "/play/" not in text_out
    lines = [json.loads(line) for line in text_out.splitlines()]
    assert [line["format"] for line in lines] == [1] * len(made)
    assert {seat_key for line in lines for s in line["seats"] for seat_key in s} == {
        "seat", "kind", "bot", "name", "token_hash", "joined_at", "claimed_at", "auto_pass",
        "only_when_concerned",
    }  # fmt: skip
    # a restored seat is played with the link it had: the hash came along
    copy = fresh("postgresql")
    imported = cli("db", "--database", _url(copy), "import", "-", input=text_out.encode())
    assert imported.exit_code == 0, imported.output
    session_id, seat_tokens = next(iter(made.items()))
    assert copy.authenticate(session_id, seat_tokens[0]) == 0


def _url(store: SessionStore) -> str:
    return store.engine.url.render_as_string(hide_password=False)


def test_the_cli_round_trip_through_a_private_file(fresh, cli, tmp_path):
    origin = fresh("sqlite")
    populate(origin, random.Random(10), ("lost-words", "magos-y-tabernas"), steps=5)
    path = tmp_path / "sessions.jsonl"
    path.write_text("an older backup\n")
    exported = cli("db", "--database", _url(origin), "export", "--output", str(path))
    assert exported.exit_code == 0, exported.output
    assert "Exported 2 sessions (lost-words 1, magos-y-tabernas 1) from sqlite:///" in (
        exported.stderr
    )
    assert exported.stdout == ""
    assert path.stat().st_mode & 0o777 == 0o600
    assert len(path.read_text(encoding="utf-8").splitlines()) == 2
    assert list(tmp_path.glob(".wordsvc-export-*")) == []
    copy = fresh("sqlite")
    imported = cli("db", "--database", _url(copy), "import", str(path))
    assert imported.exit_code == 0, imported.output
    assert "Imported 2 sessions (lost-words 1, magos-y-tabernas 1) into sqlite:///" in (
        imported.stdout
    )
    assert rows(copy.engine) == rows(origin.engine)
    again = cli("db", "--database", _url(copy), "import", str(path))
    assert again.exit_code == 2
    assert "Error [session_exists]: Line 1: session " in again.stderr
    assert "Imported before it: 0 sessions; --replace" in again.stderr
    skipped = cli("db", "--database", _url(copy), "import", "--skip-existing", str(path))
    assert "Imported 0 sessions (none) into" in skipped.stdout
    assert "2 skipped, already there" in skipped.stdout
    replaced = cli("db", "--database", _url(copy), "import", "--replace", str(path))
    assert "Imported 2 sessions (lost-words 1, magos-y-tabernas 1, 2 in place of" in (
        replaced.stdout
    )
    both = cli("db", "--database", _url(copy), "import", "--replace", "--skip-existing", "-")
    assert both.exit_code == 2
    assert "not both" in both.output
    assert rows(copy.engine) == rows(origin.engine)


def _damage(kind: str, record: SessionBackup) -> SessionBackup:
    """``record`` with one kind of damage that crashed the import, or that only PostgreSQL
    refused, before issue 38."""
    first = record.seats[0]
    if kind == "surrogate":
        return replace(record, seats=(replace(first, name="\ud800"), *record.seats[1:]))
    if kind == "nan":
        return replace(record, state={**record.state, "x": math.nan})
    if kind == "infinity":
        return replace(record, options={**record.options, "x": math.inf})
    if kind == "deep":
        deep: list = []
        for _ in range(100):
            deep = [deep]
        return replace(record, state={**record.state, "x": deep})
    if kind == "status its state contradicts":
        return replace(record, status="active" if record.status == "over" else "over")
    if kind == "state no game's":
        return replace(record, state="not a state")  # type: ignore[arg-type]
    bot = next(s for s in record.seats if s.kind == "bot")
    others = tuple(s for s in record.seats if s is not bot)
    if kind == "unknown bot":
        return replace(
            record, seats=tuple(sorted((*others, replace(bot, bot="b" * 40)), key=lambda s: s.seat))
        )
    raise ValueError(kind)


@pytest.mark.parametrize(
    ("kind", "code"),
    [
        ("surrogate", "unstorable_value"),
        ("nan", "unstorable_value"),
        ("infinity", "unstorable_value"),
        ("deep", "unstorable_value"),
        ("unknown bot", "inconsistent_session"),
        ("status its state contradicts", "inconsistent_session"),
        ("state no game's", "inconsistent_session"),
    ],
)
def test_damage_is_refused_alike_on_both_databases_keeping_what_came_before(
    store, fresh, kind, code
):
    made = populate(store, random.Random(6), ("lost-words",))
    # a Lost Words session: the engine_of below reads its state without a judge. This test's
    # own, with its bot: the store is shared, and other tests leave sessions in it that they
    # damaged on purpose (a status set to over by hand), which the import rightly refuses.
    (with_bot,) = [r for r in export(store, game="lost-words") if r.id in made]
    assert any(s.kind == "bot" for s in with_bot.seats)
    records = [with_bot, _damage(kind, replace(with_bot, id=secrets.token_hex(16)))]
    target = fresh(kind_of(store))
    bots = {name: entry.known_bots() for name, entry in GAMES.items()}
    with pytest.raises(BackupRefused) as refused:
        restore(target.engine, numbered(records), store.games, bots=bots, engine_of=engine_of)
    assert (refused.value.code, refused.value.line) == (code, 2)
    assert refused.value.details["imported"] == 1
    with target.engine.connect() as conn:
        assert conn.execute(select(sessions.c.id)).scalars().all() == [records[0].id]


def engine_of(name: str):
    return GAMES[name].make(None) if name != "words-of-magic" else None  # needs no judge


def test_a_status_the_state_contradicts_is_refused_either_way(store):
    (made,) = populate(store, random.Random(6), ("lost-words",))
    (record,) = [r for r in export(store, game="lost-words") if r.id == made]
    check(record, store.games, 1, engine_of=engine_of)
    flipped = "active" if record.status == "over" else "over"
    with pytest.raises(BackupRefused) as refused:
        check(replace(record, status=flipped), store.games, 4, engine_of=engine_of)
    assert refused.value.code == "inconsistent_session"
    assert f"its status is {flipped}, but by its state the game is" in refused.value.message


def test_each_game_names_its_bots_without_building_them(hosted_games):
    """What an import checks a bot seat against is every bot the store would play."""
    assert {name: GAMES[name].known_bots() for name in GAMES} == {
        name: frozenset(game.bots) for name, game in hosted_games.items()
    }


def test_the_import_reads_whether_a_game_is_over_without_opening_the_judge(settings, tmp_path):
    """`wordsvc db import` checks a Words of Magic session's status by its engine, which
    holds a judge; reading whether the game is over asks it nothing, so no lexicon is built
    (the data directory here has none)."""
    from wordsvc.cli import _Engines

    engines = _Engines(replace(settings, data_dir=tmp_path / "no-lexicon"))
    game = engines.of("words-of-magic")
    assert game is not None
    assert game.result({"phase": "turn"}) is None
    assert engines.of("no-such-game") is None
    assert not (tmp_path / "no-lexicon").exists()


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def _set(path: str, value: object) -> Callable[[dict], None]:
    """Damage: the line's field at ``path`` (dots; a number is a list index) set to ``value``."""

    def damage(line: dict) -> None:
        *parents, last = path.split(".")
        target: Any = line
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return damage


def _bot_seat(line: dict) -> dict:
    return next(s for s in line["seats"] if s["kind"] == "bot")


def _human_seat(line: dict) -> dict:
    return next(s for s in line["seats"] if s["kind"] == "human")


#: The kinds of damage a backup line may carry, as text or as a change to its object, with
#: the code `wordsvc db import` refuses each with (issue 38: twenty of them, some of which
#: crashed the import or were refused by PostgreSQL alone).
LINE_DAMAGE: dict[str, tuple[Callable[[dict], None] | str, str]] = {
    "not JSON": ('{"format": 1, "id": ', "invalid_backup_line"),
    "not an object": ("[1, 2, 3]", "invalid_backup_line"),
    "nested 5,000 deep": ('{"format": 1, "x": ' + _deep(5000) + "}", "invalid_backup_line"),
    "another format": (_set("format", 99), "unsupported_backup_format"),
    "an unknown field": (_set("colour", "red"), "invalid_backup_line"),
    "a number as text": (_set("seed", "12"), "invalid_backup_line"),
    "a game not hosted": (_set("game", "chess"), "unknown_game"),
    "a lone surrogate": (lambda line: _human_seat(line).update(name="\ud800"), "unstorable_value"),
    "NaN in the state": (_set("state.x", math.nan), "unstorable_value"),
    "1e999 in an action": (_set("actions.0.action.x", math.inf), "unstorable_value"),
    "nested 100 deep": (_set("state.x", json.loads(_deep(100))), "unstorable_value"),
    "an id of another shape": (_set("id", "abc"), "invalid_backup_line"),
    "a version not the log's": (_set("version", 999), "inconsistent_session"),
    "a log misnumbered": (_set("actions.0.number", 7), "inconsistent_session"),
    "an action by no seat": (_set("actions.0.seat", 9), "inconsistent_session"),
    "an unknown bot": (lambda line: _bot_seat(line).update(bot="b" * 40), "inconsistent_session"),
    "a bot with a token": (
        lambda line: _bot_seat(line).update(token_hash="a" * 64),
        "inconsistent_session",
    ),
    "a name nobody sees": (
        lambda line: _human_seat(line).update(name="\u200b"),
        "inconsistent_session",
    ),
    "a reply not JSON": (_set("idempotency.0.response", "{not json"), "inconsistent_session"),
    "a status its state contradicts": (_set("status", "over"), "inconsistent_session"),
    "a state its game cannot read": (_set("state", {"players": 3}), "inconsistent_session"),
}


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_every_kind_of_damage_is_refused_with_its_code_keeping_the_lines_before(
    fresh, cli, tmp_path, kind
):
    """Each damaged line: `Error [code]: Line 2`, exit 2, the session of line 1 imported and
    nothing of line 2, on both databases alike."""
    origin = fresh(kind)
    populate(origin, random.Random(8), ("lost-words",))
    populate(origin, random.Random(9), ("lost-words",))
    path = tmp_path / "sessions.jsonl"
    assert cli("db", "--database", _url(origin), "export", "--output", str(path)).exit_code == 0
    first, second = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(second)["idempotency"], "the damage needs a stored reply"
    assert json.loads(second)["status"] == "active"
    assert any(s["kind"] == "bot" for s in json.loads(second)["seats"])
    target = fresh(kind)
    for name, (damage, code) in LINE_DAMAGE.items():
        if isinstance(damage, str):
            damaged = damage
        else:
            line = json.loads(second)
            damage(line)
            damaged = json.dumps(line)  # NaN and Infinity as Python writes them
        path.write_text(f"{first}\n{damaged}\n", encoding="utf-8")
        result = cli("db", "--database", _url(target), "import", str(path))
        assert result.exit_code == 2, (name, result.output)
        assert f"Error [{code}]: Line 2" in result.stderr, (name, result.stderr)
        assert "Imported before it: 1 session" in result.stderr, name
        with target.engine.connect() as conn:
            stored = conn.execute(select(sessions.c.id)).scalars().all()
        assert stored == [json.loads(first)["id"]], name
        with target.engine.begin() as conn:
            delete_session(conn, stored[0])  # for the next kind
