"""The session store: seats and tokens, versions and races, idempotency, bots, replay."""

from __future__ import annotations

import ast
import json
import threading
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, text

from wordsvc.errors import InputError, InvalidRequest
from wordsvc.games.contract import BotError
from wordsvc.sessions import statements
from wordsvc.sessions.database import current_revision, head_revision, upgrade
from wordsvc.sessions.errors import (
    ActionRefused,
    GameOver,
    InvalidToken,
    SeatTaken,
    StaleVersion,
    UnknownGame,
    UnknownSeat,
    UnknownSession,
    WrongSeat,
)
from wordsvc.sessions.records import Acted
from wordsvc.sessions.schema import actions, idempotency, seats, sessions
from wordsvc.sessions.store import HostedGame, SeatSpec, SessionStore

HUMANS_AND_BOTS = [
    SeatSpec("human", name="Настя"),
    SeatSpec("bot", "greedy"),
    SeatSpec("human", name="Олена"),
    SeatSpec("bot", "random"),
]


def new_session(store, seats_spec=HUMANS_AND_BOTS, **options):
    summary = store.create("words-of-magic", {"characters": False, **options}, seats_spec, 11)
    tokens = {}
    for seat, spec in enumerate(seats_spec):
        if spec.kind == "human":
            tokens[seat] = store.join(summary.id, seat).token
    return summary.id, tokens


def play_one(store, session_id, tokens, key=None):
    """The seat whose turn it is takes its first listed action (a pass when it can)."""
    summary = store.summary(session_id)
    seat = summary.to_act[0]
    assert store.authenticate(session_id, tokens[seat]) == seat
    legal = store.summary(session_id, seat).legal_actions
    action = next((a for a in legal if a["type"] == "pass"), legal[0])
    return store.act(session_id, seat, action, summary.version, key)


def test_the_schema_is_migrated(store):
    assert current_revision(store.engine) == head_revision() == "0009"


def test_a_session_from_before_chosen_deals_reads_as_drawn(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    upgrade(engine, "0001")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO sessions VALUES ('ab', 'lost-words', '{}', 5, 0, 'active', '{}',"
                " '2026-01-01', '2026-01-01')"
            )
        )
    upgrade(engine)
    with engine.connect() as conn:
        assert conn.execute(select(sessions.c.seed_chosen)).scalar_one() is False


def test_a_words_of_magic_state_cached_without_held_cards_reads_after_the_upgrade(tmp_path):
    """States cached before every player named its ``held`` cards get the deal's empty list."""
    path = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    upgrade(engine, "0002")
    state = {"players": [{"hand": ["a"]}, {"hand": [], "held": ["b"]}], "phase": "turn"}
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO sessions VALUES ('ab', 'words-of-magic', '{}', 5, 0, 'active',"
                " :state, '2026-01-01', '2026-01-01', 0)"
            ),
            {"state": json.dumps(state)},
        )
        conn.execute(
            text(
                "INSERT INTO sessions VALUES ('cd', 'lost-words', '{}', 5, 0, 'active',"
                " :state, '2026-01-01', '2026-01-01', 0)"
            ),
            {"state": json.dumps(state)},
        )
    upgrade(engine)
    with engine.connect() as conn:
        stored = dict(conn.execute(select(sessions.c.id, sessions.c.state)).all())
    assert [p["held"] for p in stored["ab"]["players"]] == [[], ["b"]]
    assert "held" not in stored["cd"]["players"][0], "other games' states are left alone"


def test_the_server_draws_the_seed_unless_the_creator_chooses_the_deal(store):
    drawn = store.create("lost-words", {}, [SeatSpec("human"), SeatSpec("bot", "random")])
    chosen = store.create("lost-words", {}, [SeatSpec("human"), SeatSpec("bot", "random")], 3)
    assert drawn.deal == "drawn"
    assert chosen.deal == "chosen"
    for seat in (None, 0, 1):  # every seat and spectators are told
        assert store.summary(chosen.id, seat).deal == "chosen"
        assert store.summary(drawn.id, seat).deal == "drawn"
    seeds = {store.create("lost-words", {}, [SeatSpec("bot", "random")] * 2).result.seed
             for _ in range(3)}  # fmt: skip
    assert len(seeds) == 3, "each drawn deal has its own seed"
    assert all(0 <= seed < 2**53 for seed in seeds), "a browser shows a drawn seed exactly"


def test_the_seed_is_revealed_in_the_result_once_the_game_is_over(store):
    session_id, tokens = new_session(store)
    assert store.summary(session_id).result is None
    assert "seed" not in json.dumps(store.summary(session_id, 0).view)
    for _ in range(500):
        if store.summary(session_id).status == "over":
            break
        play_one(store, session_id, tokens)
    assert store.summary(session_id).result.seed == 11
    assert store.result(session_id).seed == 11


def test_a_whole_game_with_bots_replays_to_the_cached_state(store):
    session_id, tokens = new_session(store)
    for _ in range(500):
        if store.summary(session_id).status == "over":
            break
        response = play_one(store, session_id, tokens)
        assert response.applied[0].actor == "human"
    summary = store.summary(session_id)
    assert summary.status == "over"
    assert summary.result.winners
    assert store.verify(session_id)
    log = store.log(session_id)
    assert len(log) == summary.version
    assert any(summary.seats[seat].kind == "bot" for seat, _ in log)
    with pytest.raises(GameOver) as over:
        store.act(session_id, 0, {"type": "pass"}, summary.version)
    assert over.value.code == "game_over"


@pytest.mark.parametrize("game", ["words-of-magic", "lost-words"])
def test_the_reply_says_what_the_caller_needs_to_choose_its_next_action(store, game):
    """A client that uses the reply needs no read: the new version, who is to act, and the
    caller's legal actions when it is among them (another seat's, never)."""
    summary = store.create(game, {"characters": False} if game == "words-of-magic" else {},
                           [SeatSpec("human"), SeatSpec("human")], 3)  # fmt: skip
    seat, version, legal = summary.to_act[0], summary.version, None
    again = 0
    for step in range(40):
        legal = legal or store.summary(summary.id, seat).legal_actions
        action = legal[step % len(legal)] if game == "lost-words" else legal[0]
        try:
            reply = store.act(summary.id, seat, action, version)
        except ActionRefused:  # an action listed by type, without its arguments
            reply = store.act(summary.id, seat, {"type": "pass"}, version)
        now = store.summary(summary.id, seat)
        assert (reply.version, reply.to_act) == (now.version, now.to_act)
        assert reply.legal_actions == (now.legal_actions if seat in now.to_act else ())
        if reply.status == "over":
            break
        again += seat in reply.to_act
        seat = seat if seat in reply.to_act else reply.to_act[0]
        version, legal = reply.version, reply.legal_actions
    assert again or game == "words-of-magic", "some replies let the caller act again"


def test_only_a_hash_of_the_token_is_stored_and_seats_are_taken_once(store):
    session_id, tokens = new_session(store)
    with store.engine.connect() as conn:
        stored = conn.execute(
            select(seats.c.token_hash).where(seats.c.session_id == session_id, seats.c.seat == 0)
        ).scalar()
    assert stored != tokens[0]
    assert len(stored) == 64
    with pytest.raises(SeatTaken) as taken:
        store.join(session_id, 0)
    assert taken.value.code == "seat_taken"
    with pytest.raises(SeatTaken):
        store.join(session_id, 1)  # a bot's seat
    with pytest.raises(InvalidToken):
        store.authenticate(session_id, "not-a-token")
    assert store.authenticate(session_id, None) is None


def test_acting_with_a_token_acts_for_its_seat_and_nobody_elses(store):
    """act_as finds the seat by its token under the session's lock: a stranger's token, or
    a seat named that is not the token's, is refused and changes nothing."""
    session_id, tokens = new_session(store, [SeatSpec("human"), SeatSpec("human")])
    summary = store.summary(session_id)
    seat = summary.to_act[0]
    with pytest.raises(InvalidToken) as stranger:
        store.act_as(session_id, "not-a-token", {"type": "pass"}, summary.version)
    assert stranger.value.code == "invalid_token"
    with pytest.raises(WrongSeat) as wrong:
        store.act_as(session_id, tokens[seat], {"type": "pass"}, summary.version, seat=1 - seat)
    assert wrong.value.code == "wrong_seat"
    with pytest.raises(ActionRefused) as turn:  # the other seat's own token: not its turn
        store.act_as(session_id, tokens[1 - seat], {"type": "pass"}, summary.version)
    assert turn.value.code == "not_your_turn"
    assert store.summary(session_id).version == summary.version
    with pytest.raises(InvalidRequest) as bad_key:  # refused before the session is locked
        store.act_as(session_id, "not-a-token", {"type": "pass"}, summary.version, "\x00")
    assert bad_key.value.code == "invalid_idempotency_key"
    acted = store.act_as(
        session_id, tokens[seat], {"type": "pass"}, summary.version, "key-1", seat=seat
    )
    assert [a.seat for a in acted.applied] == [seat]
    assert acted.version == summary.version + 1
    again = store.act_as(session_id, tokens[seat], {"type": "pass"}, summary.version, "key-1")
    assert again == replace(acted, replayed=True)
    with pytest.raises(InputError) as other:  # another seat's token cannot read the reply
        store.act_as(session_id, tokens[1 - seat], {"type": "pass"}, summary.version, "key-1")
    assert other.value.code == "idempotency_key_reused"
    with store.engine.connect() as conn:
        keys = conn.execute(
            select(idempotency.c.key).where(idempotency.c.session_id == session_id)
        ).all()
    assert [k.key for k in keys] == ["key-1"], "no refusal kept a reply"
    with pytest.raises(UnknownSession):
        store.act_as("0" * 32, tokens[seat], {"type": "pass"}, acted.version)


def test_two_actions_against_one_version_apply_once(store):
    session_id, _tokens = new_session(store, [SeatSpec("human"), SeatSpec("human")])
    summary = store.summary(session_id)
    seat = summary.to_act[0]
    outcomes = []

    def send():
        try:
            outcomes.append(store.act(session_id, seat, {"type": "pass"}, summary.version))
        except StaleVersion as error:
            outcomes.append(error)

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    applied = [o for o in outcomes if isinstance(o, Acted)]
    refused = [o for o in outcomes if isinstance(o, StaleVersion)]
    assert len(applied) == 1
    assert len(refused) == 5
    assert all(e.code == "stale_state_id" and e.details["version"] == 1 for e in refused)
    with store.engine.connect() as conn:
        numbers = (
            conn.execute(select(actions.c.number).where(actions.c.session_id == session_id))
            .scalars()
            .all()
        )
    assert numbers == [1]


def test_a_retried_request_with_its_idempotency_key_applies_once(store):
    session_id, _tokens = new_session(store, [SeatSpec("human"), SeatSpec("human")])
    summary = store.summary(session_id)
    seat = summary.to_act[0]
    first = store.act(session_id, seat, {"type": "pass"}, summary.version, "retry-1")
    again = store.act(session_id, seat, {"type": "pass"}, summary.version, "retry-1")
    assert first.replayed is None
    assert again.replayed is True
    assert again == replace(first, replayed=True), "the reply is the first one, kept"
    assert again.version == first.version == 1
    assert store.summary(session_id).version == 1
    with pytest.raises(InputError) as reused:
        store.act(session_id, seat, {"type": "form_word"}, summary.version, "retry-1")
    assert reused.value.code == "idempotency_key_reused"


def test_refusals_have_specific_codes(store):
    with pytest.raises(UnknownGame) as unknown:
        store.create("chess", {}, HUMANS_AND_BOTS)
    assert unknown.value.code == "unknown_game"
    with pytest.raises(ActionRefused) as options:
        store.create("words-of-magic", {"mode": "wild"}, HUMANS_AND_BOTS)
    assert options.value.code == "invalid_options"
    with pytest.raises(InputError) as bot:
        store.create("words-of-magic", {}, [SeatSpec("bot", "oracle"), SeatSpec("human")])
    assert bot.value.code == "unknown_bot"
    session_id, _tokens = new_session(store, [SeatSpec("human"), SeatSpec("human")])
    summary = store.summary(session_id)
    seat = summary.to_act[0]
    with pytest.raises(ActionRefused) as turn:
        store.act(session_id, 1 - seat, {"type": "pass"}, summary.version)
    assert turn.value.code == "not_your_turn"
    with pytest.raises(ActionRefused) as malformed:
        store.act(session_id, seat, {"type": "form_word", "word": 3}, summary.version)
    assert malformed.value.code == "invalid_word"
    with pytest.raises(UnknownSession):
        store.summary("no-such-session")


def test_open_sessions_list_free_human_seats(store):
    summary = store.create("words-of-magic", {"characters": False}, HUMANS_AND_BOTS, 5)
    store.join(summary.id, 0)
    listed = {s.id: s for s in store.open_sessions("words-of-magic")}
    assert listed[summary.id].free_seats == (2,)


def test_a_seat_whose_link_a_host_holds_is_open_until_someone_sits_down(store):
    """The lobby's player makes every seat's link for the others (join without claim): those
    seats stay listed as open, and a stranger joining from the open games takes one; the held
    link no longer works then, and a seat sat at is taken for everyone."""
    summary = store.create("words-of-magic", {"characters": False}, HUMANS_AND_BOTS, 5)
    store.join(summary.id, 0)
    link = store.join(summary.id, 2, claim=False).token
    listed = {s.id: s for s in store.open_sessions("words-of-magic")}
    assert listed[summary.id].free_seats == (2,)
    with pytest.raises(SeatTaken):
        store.join(summary.id, 2, claim=False)  # a second link for the same seat
    stranger = store.join(summary.id, 2, "Оксана").token
    assert store.authenticate(summary.id, stranger) == 2
    with pytest.raises(InvalidToken):
        store.authenticate(summary.id, link)
    assert summary.id not in {s.id for s in store.open_sessions("words-of-magic")}
    with pytest.raises(SeatTaken):
        store.join(summary.id, 2)


class IllegalBot:
    """A bot whose choice the rules refuse."""

    name = "illegal"

    def choose(self, game, view, seat, rng):
        return {"type": "nonsense"}


class GivingUpBot:
    """A bot that says it cannot choose."""

    name = "giving-up"

    def choose(self, game, view, seat, rng):
        raise BotError("nothing to choose from")


@pytest.mark.parametrize("bot", [IllegalBot, GivingUpBot])
def test_a_bot_that_fails_falls_back_to_a_legal_action(store, bot):
    hosted = store.games["words-of-magic"]
    failing = SessionStore(store.engine, {"words-of-magic": HostedGame(hosted.game, {"b": bot})})
    session_id, tokens = new_session(failing, [SeatSpec("human"), SeatSpec("bot", "b")])
    by_bot = []
    for _ in range(3):
        by_bot += [a for a in play_one(failing, session_id, tokens).applied if a.actor == "bot"]
    assert by_bot, "the bot's seat acted, by the fallback"
    assert failing.verify(session_id)


class BuggyEngine:
    """The Lost Words, whose ``view`` has a bug (not a refusal) for seat 1."""

    def __init__(self, game):
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def view(self, state, seat):
        if seat == 1:
            raise KeyError("a bug in the engine")
        return self.game.view(state, seat)


class BuggyBot:
    name = "buggy"

    def choose(self, game, view, seat, rng):
        raise KeyError("a bug in the bot")


@pytest.mark.parametrize(
    ("buggy", "message"),
    [
        (lambda hosted: HostedGame(BuggyEngine(hosted.game), hosted.bots), "in the engine"),
        (lambda hosted: HostedGame(hosted.game, {"random": BuggyBot}), "in the bot"),
    ],
    ids=["engine", "bot"],
)
def test_a_bug_in_a_bots_turn_is_raised_and_nothing_is_committed(store, buggy, message):
    """A bug is not taken for a bot's failure: no fallback hides it (the API answers 500),
    and the request that led to it stores nothing."""
    broken = SessionStore(store.engine, {"lost-words": buggy(store.games["lost-words"])})
    seats_spec = [SeatSpec("human"), SeatSpec("bot", "random")]
    summary = broken.create("lost-words", {"first_player": 0}, seats_spec, 3)
    tokens = {0: broken.join(summary.id, 0).token}
    versions = []

    def play_until_the_bots_turn():
        for _ in range(20):  # the human's turns, then the bot's
            versions.append(broken.summary(summary.id).version)
            play_one(broken, summary.id, tokens)

    with pytest.raises(KeyError, match=message):
        play_until_the_bots_turn()
    assert broken.summary(summary.id).version == versions[-1], "the failed request kept none"
    assert len(broken.log(summary.id)) == versions[-1]
    assert broken.verify(summary.id)


def _writers(tree: ast.Module) -> dict[str, set[str]]:
    """For each write of the session's play in ``tree`` (``update(sessions)``,
    ``insert(actions)``, ``pg_notify``), the functions and the module's statements (built
    once, by name) that make it."""
    found: dict[str, set[str]] = {}
    scopes = [(node.name, node) for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
    scopes += [
        (_assigned(node)[0], node)
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign) and _assigned(node)
    ]
    for name, scope in scopes:
        for node in ast.walk(scope):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                table = node.args[0]
                if isinstance(table, ast.Name) and (node.func.id, table.id) in WRITES:
                    found.setdefault(f"{node.func.id}({table.id})", set()).add(name)
            named = isinstance(node, ast.Attribute) and node.attr == "pg_notify"  # func.pg_notify
            if named or (isinstance(node, ast.Constant) and "pg_notify" in str(node.value)):
                found.setdefault("pg_notify", set()).add(name)
    return found


def _assigned(node: ast.AST) -> list[str]:
    """The names a module statement assigns (``X = ...`` or ``X: T = ...``)."""
    targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [])
    return [t.id for t in targets if isinstance(t, ast.Name)]


def _users(tree: ast.Module, names: set[str]) -> set[str]:
    """The functions and module statements that use any of ``names``."""
    used = set()
    for scope in tree.body + [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
        if isinstance(scope, ast.ClassDef):
            continue
        uses = {n.id for n in ast.walk(scope) if isinstance(n, ast.Name) and n.id in names}
        if uses - set(_assigned(scope)):
            used.add(scope.name if isinstance(scope, ast.FunctionDef) else "<module>")
    return used


WRITES = {("update", "sessions"), ("insert", "actions")}
#: The store's modules (store.py's parts), which the one-commit rule covers; the backup's
#: import writes whole sessions apart from play.
STORE_MODULES = (
    "store", "core", "reading", "playing", "seating", "statements", "rows", "tokens", "hosting",
)  # fmt: skip


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)  # its own statement
def test_postgresqls_one_write_logs_only_when_the_compare_and_set_moves_on(store):
    """MOVE_ON_AND_LOG: against the version the session is at, the state, the log's entries
    (one per move, JSON as given) and the version move together; against any other, nothing
    is written."""
    session_id, _tokens = new_session(store, [SeatSpec("human"), SeatSpec("human")])
    at = store.summary(session_id).version
    values = {
        "session_id": session_id,
        "new_state": {"moved": "ї"},
        "new_status": "active",
        "now": datetime.now(UTC),
        "payload": f"{session_id}:{at + 2}",
        "numbers": [at + 1, at + 2],
        "seats": [0, 1],
        "actors": ["human", "auto"],
        "actions": [json.dumps({"type": "pass"}), json.dumps({"type": "pass", "ї": [1]})],
        "events": [json.dumps([]), json.dumps([{"type": "passed", "data": {"seat": 1}}])],
    }
    with store.engine.connect() as conn, conn.begin():
        stale = {**values, "read": at - 1, "new_version": at + 1}
        assert statements.MOVE_ON_AND_LOG.run(conn, stale) == 0
        assert (
            statements.MOVE_ON_AND_LOG.run(conn, {**values, "read": at, "new_version": at + 2}) == 2
        )
        logged = conn.execute(
            select(actions.c.number, actions.c.actor, actions.c.action, actions.c.events)
            .where(actions.c.session_id == session_id, actions.c.number > at)
            .order_by(actions.c.number)
        ).all()
        row = conn.execute(
            select(sessions.c.version, sessions.c.state).where(sessions.c.id == session_id)
        ).one()
        conn.rollback()
    assert [tuple(r) for r in logged] == [
        (at + 1, "human", {"type": "pass"}, []),
        (at + 2, "auto", {"type": "pass", "ї": [1]}, [{"type": "passed", "data": {"seat": 1}}]),
    ]
    assert (row.version, row.state) == (at + 2, {"moved": "ї"})


def test_every_write_of_play_goes_through_the_one_commit():
    """The version's compare-and-set, the log and the notification are written by
    `_commit` alone (with statements built once in statements.py), so no path can store a state
    without its log, or skip the followers; the seats' count of changes and its notification
    by `_seats_changed` alone."""
    writers: dict[str, set[str]] = {}
    users: dict[str, set[str]] = {"play": set(), "MOVE_ON": set(), "MOVED": set(), "seats": set()}
    for module in STORE_MODULES:
        path = Path(statements.__file__).with_name(f"{module}.py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for write, makers in _writers(tree).items():
            writers.setdefault(write, set()).update(f"{module}.{m}" for m in makers)
        users["play"] |= {f"{module}.{u}" for u in _users(tree, {"MOVE_ON_AND_LOG", "APPEND"})}
        users["MOVE_ON"] |= {f"{module}.{u}" for u in _users(tree, {"MOVE_ON"})}
        users["MOVED"] |= {f"{module}.{u}" for u in _users(tree, {"MOVED"})}
        users["seats"] |= {f"{module}.{u}" for u in _users(tree, {"SEATS_MOVE_ON", "NOTIFY"})}
    assert writers == {
        "update(sessions)": {
            "statements.MOVE_ON",
            "statements.SEATS_MOVE_ON",
            "statements.SET_REMATCH",
            "statements.KEEP_REVIEW",
        },
        "insert(actions)": {"statements.APPEND", "statements.MOVE_ON_AND_LOG"},
        "pg_notify": {"statements.MOVED", "statements.NOTIFY"},
    }
    assert users["play"] == {"playing._commit"}
    # MOVED's, on PostgreSQL
    assert users["MOVE_ON"] == {"playing._commit", "statements.<module>"}
    assert users["MOVED"] == {"statements.<module>"}  # MOVE_ON_AND_LOG's
    assert users["seats"] == {"seating._seats_changed"}


@pytest.mark.parametrize(
    ("seats_spec", "code"),
    [
        ([SeatSpec("bot", "oracle"), SeatSpec("human")], "unknown_bot"),
        ([SeatSpec("bot"), SeatSpec("human")], "unknown_bot"),
        ([SeatSpec("human", name="a\x00b"), SeatSpec("human")], "invalid_seats"),
        ([SeatSpec("human")] * 17, "invalid_seats"),
        ([], "invalid_seats"),
    ],
)
def test_bad_seat_specs_are_refused(store, seats_spec, code):
    with pytest.raises(InputError) as error:
        store.create("words-of-magic", {"characters": False}, seats_spec)
    assert error.value.code == code


def test_a_bot_seat_without_its_bot_is_told_which_bots_there_are(store):
    with pytest.raises(InputError) as unnamed:
        store.create("words-of-magic", {}, [SeatSpec("bot"), SeatSpec("human")])
    bots = sorted(store.games["words-of-magic"].bots)
    assert unnamed.value.message == f"Seat 0 is a bot's: name its bot, one of {', '.join(bots)}."
    assert "None" not in unnamed.value.message
    with pytest.raises(InputError) as unknown:
        store.create("words-of-magic", {}, [SeatSpec("human"), SeatSpec("bot", "oracle")])
    assert unknown.value.message.startswith("Seat 1: this game has no bot 'oracle'; its bots: ")
    assert unknown.value.details == {"seat": 1, "bots": bots}


def test_odd_identifiers_are_refused_cleanly(store):
    summary = store.create("words-of-magic", {}, [SeatSpec("human", bot="greedy")] * 2)
    assert [s.bot for s in summary.seats] == [None, None]  # a human seat has no bot
    with pytest.raises(UnknownSeat):
        store.join(summary.id, 2**70)
    with pytest.raises(InputError) as seed:
        store.create("words-of-magic", {}, [SeatSpec("human")] * 2, seed=-1)
    assert seed.value.code == "invalid_seed"
    with pytest.raises(UnknownSession):
        store.summary("ab\x00cd")
    with pytest.raises(UnknownSession):
        store.authenticate("ab\x00cd", "token")
    assert store.open_sessions("a\x00") == []
    token = store.join(summary.id, 0).token
    seat = store.summary(summary.id).to_act[0]
    assert store.authenticate(summary.id, token) == 0
    with pytest.raises(InputError) as key:
        store.act(summary.id, seat, {"type": "pass"}, 0, "k\x00")
    assert key.value.code == "invalid_idempotency_key"
