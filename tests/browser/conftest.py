"""Pages tested in a real browser: Debian's Chromium driven by Playwright (its own browser
download cannot be fetched here). Without Chromium these tests are skipped, saying how to run
them; `.ci/run` installs it and sets WORDSVC_REQUIRE_BROWSER=1, so CI always runs them."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("WORDSVC_CHROMIUM") or shutil.which("chromium")
REQUIRED = os.environ.get("WORDSVC_REQUIRE_BROWSER") == "1"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def app(settings, judge, tmp_path_factory):
    """The app the pages are tested on, with the default rate limits (docs/deploy.md): a
    browser clicking through at machine speed must never meet them, as a table of friends
    never does (every page, API call and solve of this session's tests counts, from one
    address). Its sessions are kept in a SQLite database of its own."""
    import dataclasses

    from wordsvc.app import create_app

    database = tmp_path_factory.mktemp("browser-sessions") / "sessions.sqlite3"
    app = create_app(dataclasses.replace(settings, database_url=f"sqlite:///{database}"), judge)
    assert app.extensions.get("wordsvc.limiter") is not None
    app.config["TESTING"] = True
    return app


@pytest.fixture(scope="session")
def live_url(app) -> Iterator[str]:
    """The app served on a free loopback port for the session."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if CHROMIUM is None:
        message = "no Chromium: install Debian's `chromium` (or set WORDSVC_CHROMIUM) to run"
        if REQUIRED:
            pytest.fail(message.replace("to run", "— required by WORDSVC_REQUIRE_BROWSER"))
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()
