"""Pages tested in a real browser: Debian's Chromium driven by Playwright (its own browser
download cannot be fetched here). Without Chromium these tests are skipped, saying how to run
them; `.ci/run` installs it and sets WORDSVC_REQUIRE_BROWSER=1, so CI always runs them.

Every page runs under the service's own Content-Security-Policy (wordsvc/headers.py), and a
test fails when any page it opened reports a violation: every browser context is watched
(:class:`PolicyWatch`), whichever test or helper made it."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from typing import Any

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


#: The browser app's limits, per address and per seat: a whole suite from one address.
SUITE_LIMIT = "1000000/minute"


@pytest.fixture(scope="session")
def app(settings, judge, tmp_path_factory):
    """The app the pages are tested on, with the rate limiter on but its limits out of
    reach: one test process plays every table of the suite from one address, dozens of whole
    games and solves a minute, which is no table of friends (the defaults are tested in
    tests/api/test_limits.py). Its sessions are kept in a SQLite database of its own."""
    import dataclasses

    from wordsvc.app import create_app

    database = tmp_path_factory.mktemp("browser-sessions") / "sessions.sqlite3"
    app = create_app(
        dataclasses.replace(
            settings,
            database_url=f"sqlite:///{database}",
            rate_limit=SUITE_LIMIT,
            seat_rate_limit=SUITE_LIMIT,
            bot_pause_ms=0,  # the bots' moves at once: the tests wait on what the page shows
        ),
        judge,
    )
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


#: What a page's console says of a violation of its policy, in Chromium's words
#: ("Applying inline style violates the following Content Security Policy directive ...",
#: "Refused to load the script ...").
CHROMIUM_SAYS = "Content Security Policy"
#: The mark of the violations the pages report themselves (:data:`REPORT_VIOLATIONS`).
MARK = "securitypolicyviolation:"
#: Run in every page before its own scripts: each violation, in words, on the console.
REPORT_VIOLATIONS = f"""document.addEventListener("securitypolicyviolation", (e) => {{
  console.error(`{MARK} ${{e.effectiveDirective}} refused ${{e.blockedURI || "inline code"}}`
    + ` (${{e.sourceFile || e.documentURI}}:${{e.lineNumber}}) ${{e.sample}}`);
}});"""


class PolicyWatch:
    """The policy violations reported by every browser context made of the watched browser."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def watch(self, browser: Any) -> None:
        """Make every context of ``browser`` (``new_context``, and ``new_page``'s own) report."""
        new_context, new_page = browser.new_context, browser.new_page

        def watched_context(*args: Any, **kwargs: Any) -> Any:
            context = new_context(*args, **kwargs)
            self.attach(context)
            return context

        def watched_page(*args: Any, **kwargs: Any) -> Any:
            page = new_page(*args, **kwargs)  # about:blank: the script runs from its first goto
            self.attach(page.context)
            return page

        browser.new_context, browser.new_page = watched_context, watched_page

    def attach(self, context: Any) -> None:
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("console", self._console)

    def _console(self, message: Any) -> None:
        if MARK in message.text or CHROMIUM_SAYS in message.text:
            self.seen.append(f"{message.text} [{message.location.get('url', '')}]")

    def take(self) -> list[str]:
        seen, self.seen = self.seen, []
        return seen


POLICY = PolicyWatch()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test fails when a page it opened broke the Content-Security-Policy: something the
    policy refused (an inline script or style, a handler, another host) is something a person
    would miss."""
    POLICY.take()  # what an earlier test's pages said after it ended is not this test's
    result = yield
    refused = POLICY.take()
    if refused:
        raise AssertionError(
            "the Content-Security-Policy refused something:\n" + "\n".join(refused)
        )
    return result


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
        POLICY.watch(browser)
        yield browser
        browser.close()
