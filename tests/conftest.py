"""Shared fixtures. The full lexicon is built once (and reused while its sources stay the
same) in $WORDSVC_TEST_DATA_DIR, by default a test folder in the user cache
(tests/build_lexicon.py)."""

from __future__ import annotations

import dataclasses
import os
import secrets
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from hypothesis import Phase
from hypothesis import settings as hypothesis_settings
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from tests.build_lexicon import built, lexicon_settings
from tests.servers import free_port
from wordsvc import stream_slots
from wordsvc.config import Settings
from wordsvc.judge import Judge
from wordsvc.lexicon import sources
from wordsvc.lexicon.sources import Entry
from wordsvc.sessions.service import open_store

# Shared machines are noisy: a slow example is not a failure. Speed is measured by the
# benchmarks in scripts/, never by timed tests.
hypothesis_settings.register_profile("wordsvc", deadline=None)
hypothesis_settings.load_profile("wordsvc")
# scripts/mutate (`--hypothesis-profile=mutate`): the first failing example kills a mutant;
# shrinking it would only take time (minutes, for a playout).
hypothesis_settings.register_profile(
    "mutate", deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate]
)


@pytest.fixture(autouse=True)
def _searches_run_to_their_step_budget(monkeypatch):
    """A pattern search stops at its step budget, the same every time, or at its deadline
    (wordsvc.judge.MAX_SEARCH_SECONDS), which a busy machine reaches sooner: a test that
    compares a search with a scan cut it short on a loaded CI. The tests run to the step
    budget alone; tests/test_judge.py tests the deadline itself."""
    import wordsvc.judge

    monkeypatch.setattr(wordsvc.judge, "MAX_SEARCH_SECONDS", 60.0)


@pytest.fixture(scope="session")
def settings() -> Settings:
    """Settings pointing at the full lexicon, built if missing or stale (once, whichever
    process gets there first: see tests/build_lexicon.py)."""
    return built(lexicon_settings())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Modules whose tests need no lexicon run first, so that a lexicon still being built
    (by ``scripts/test`` ahead of the tests, or by one xdist worker) keeps no core idle.
    The order within each group, and of each module's tests, is kept. Each test that reads
    the lexicon is marked ``lexicon``, so that ``-m lexicon`` selects them (as CI does on a
    lexicon built without Debian's word list)."""
    needing = set()
    for item in items:
        if "settings" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.lexicon)
            needing.add(item.path)
    items.sort(key=lambda item: item.path in needing)


@pytest.fixture(scope="session")
def judge(settings: Settings) -> Judge:
    return Judge.open(settings)


def unlimited(settings: Settings) -> Settings:
    """``settings`` without rate limits: for an app that one test process drives as every
    client at once, at machine speed (thousands of requests a minute from one address), no
    table of friends. tests/api/test_limits.py tests the limits; the browser tests run with
    the limiter on and limits out of reach (tests/browser/conftest.py)."""
    return dataclasses.replace(settings, rate_limits=False)


@pytest.fixture(scope="session")
def app(settings: Settings, judge: Judge):
    from wordsvc.app import create_app

    app = create_app(unlimited(settings), judge=judge)
    app.config["TESTING"] = True
    return app


@pytest.fixture
def client(app):
    return app.test_client()


FAKE_DICTIONARY = [
    Entry("дуб", "дуб", "NOUN,inan masc,nomn"),
    Entry("дуба", "дуб", "NOUN,inan masc,gent"),
    Entry("дуби", "дуб", "NOUN,inan plur,nomn"),
    Entry("бігати", "бігати", "VERB,impf infn"),
    Entry("микола", "микола", "NOUN,Name,anim masc,nomn"),
    Entry("аби-як", "аби-як", "ADVB"),
]


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch) -> Settings:
    """Settings for a build from FAKE_DICTIONARY plus two small word lists."""
    dictionaries = tmp_path / "dictionaries"
    (dictionaries / "categories").mkdir(parents=True)
    (dictionaries / "words").mkdir()
    (dictionaries / "categories" / "birds.txt").write_text(
        "# name_uk: Птахи\n# name_en: Birds\n# description: Birds.\nсорока\nгоробець\n2bad\n",
        encoding="utf-8",
    )
    (dictionaries / "words" / "game.txt").write_text("# id: game\nГикач\n", encoding="utf-8")
    system = tmp_path / "ukrainian"
    system.write_text("дуб\nКиїв\nООН\nнове\nnot a word\n", encoding="utf-8")
    monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", str(system))

    def fake_pymorphy(skipped=None):
        if skipped is not None:
            skipped[sources.PYMORPHY_SOURCE] = 0
        yield from FAKE_DICTIONARY

    monkeypatch.setattr(sources, "iter_pymorphy", fake_pymorphy)
    return Settings(data_dir=tmp_path / "data", dictionaries_dir=dictionaries)


# --- the session store on SQLite and on a real PostgreSQL server ---------------------------
# PostgreSQL comes from $WORDSVC_TEST_POSTGRES_URL (default: the CI server on 127.0.0.1:5432,
# database `test`, trust authentication); a fresh database is created for the test session
# and dropped at its end. `.ci/run` makes sure the server runs. Without a server, a throwaway
# one is started from PostgreSQL's binaries, or the PostgreSQL tests are skipped, saying how
# to run them.

POSTGRES_URL = os.environ.get(
    "WORDSVC_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


#: Set by `.ci/run`: a missing server fails the run instead of skipping its tests.
REQUIRE_POSTGRES = os.environ.get("WORDSVC_REQUIRE_POSTGRES") == "1"
HOW_TO_RUN_POSTGRES = (
    "no PostgreSQL server at WORDSVC_TEST_POSTGRES_URL and no PostgreSQL binaries to start one: "
    "the PostgreSQL-parametrised tests are skipped (install Debian's `postgresql`, or point "
    "WORDSVC_TEST_POSTGRES_URL at a server, to run them)"
)


def _reachable(url: str) -> bool:
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect():
            return True
    except OperationalError:
        return False
    finally:
        engine.dispose()


def _pg_bin() -> Path | None:
    """The directory of PostgreSQL's server binaries (initdb, pg_ctl), if installed."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    return versions[-1].parent if versions else None


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory):
    """The URL of a PostgreSQL server: the configured one, or a throwaway one started in a
    temporary directory for this run when only the binaries are installed."""
    if _reachable(POSTGRES_URL):
        yield POSTGRES_URL
        return
    bindir = _pg_bin()
    if bindir is None or os.geteuid() == 0:  # initdb refuses to run as root
        if REQUIRE_POSTGRES:
            pytest.fail(HOW_TO_RUN_POSTGRES.replace("are skipped", "cannot run"))
        pytest.skip(HOW_TO_RUN_POSTGRES)
    root = tmp_path_factory.mktemp("postgres")
    data, port = root / "data", free_port()
    subprocess.run(
        [bindir / "initdb", "-D", data, "-U", "postgres", "-A", "trust"],
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1"
    subprocess.run(
        [bindir / "pg_ctl", "-D", data, "-o", options, "-w", "start", "-l", root / "log"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([bindir / "pg_ctl", "-D", data, "-m", "fast", "stop"], check=False)


@pytest.fixture(scope="session")
def postgres_url(postgres_server):
    """A new, empty PostgreSQL database for this test session."""
    name = f"wordsvc_test_{secrets.token_hex(4)}"
    admin = create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = postgres_server.rsplit("/", 1)[0] + "/" + name
    yield url
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request, tmp_path_factory):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('sessions') / 'sessions.sqlite3'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture(scope="session")
def store(database_url, settings, judge):
    store = open_store(dataclasses.replace(settings, database_url=database_url), judge)
    yield store
    store.live.close()  # its LISTEN thread, before the database it listens to is dropped
    store.engine.dispose()


@pytest.fixture(scope="session")
def games_client(settings, judge, store):
    """A test client whose app keeps sessions in ``store`` (SQLite, then PostgreSQL)."""
    from wordsvc.app import create_app

    app = create_app(unlimited(settings), judge)
    app.extensions["wordsvc.sessions"] = store
    # Every test's streams come from one address, and a test's reader lets go of its stream
    # at the next event: the caps (tests/api/test_stream_slots.py) would count them all.
    app.extensions[stream_slots.EXTENSION] = stream_slots.StreamSlots(10**6, 10**6, 10**6)
    app.config["TESTING"] = True
    return app.test_client()


@pytest.fixture
def quick_heartbeat(games_client):
    """Streams of ``games_client`` send a heartbeat every 0.2 s, so a quiet one is read (and
    ends, once let go of) within that."""
    from wordsvc.api.games import HEARTBEAT_KEY

    config = games_client.application.config
    config[HEARTBEAT_KEY] = 0.2
    yield
    config.pop(HEARTBEAT_KEY)


# --- Redis, for the rate limits' shared counts ---------------------------------------------
# From $WORDSVC_TEST_REDIS_URL (default: the CI server on 127.0.0.1:6379, database 0). `.ci/run`
# makes sure it runs. Without one, a throwaway server is started from Debian's `redis-server`
# when installed, or the Redis tests are skipped, saying how to run them. Each test keys its
# counts under a prefix of its own (`redis_prefix`), so parallel tests never share a count.

REDIS_URL = os.environ.get("WORDSVC_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
#: Set by `.ci/run`: a missing server fails the run instead of skipping its tests.
REQUIRE_REDIS = os.environ.get("WORDSVC_REQUIRE_REDIS") == "1"
HOW_TO_RUN_REDIS = (
    "no Redis server at WORDSVC_TEST_REDIS_URL and no `redis-server` to start one: the Redis "
    "tests are skipped (install Debian's `redis-server`, or point WORDSVC_TEST_REDIS_URL at a "
    "server, to run them)"
)


def _redis_answers(url: str) -> bool:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """The URL of a Redis server: the configured one, or a throwaway one for this run."""
    if _redis_answers(REDIS_URL):
        yield REDIS_URL
        return
    binary = shutil.which("redis-server")
    if binary is None:
        if REQUIRE_REDIS:
            pytest.fail(HOW_TO_RUN_REDIS.replace("are skipped", "cannot run"))
        pytest.skip(HOW_TO_RUN_REDIS)
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        cwd=tmp_path_factory.mktemp("redis"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        for _ in range(100):
            if _redis_answers(url):
                break
            time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def redis_prefix(redis_server):
    """A key prefix of this test's own; its keys are deleted afterwards."""
    import redis

    prefix = f"wordsvc-test-{secrets.token_hex(6)}"
    yield prefix
    client = redis.Redis.from_url(redis_server)
    try:
        keys = list(client.scan_iter(match=f"*{prefix}*"))
        if keys:
            client.delete(*keys)
    finally:
        client.close()
