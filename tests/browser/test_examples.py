"""The worked example (examples/lost-words): a page served from a second origin plays a whole
The Lost Words game against a bot through the API, with ``fetch`` and ``EventSource``, in
Chromium, because the service names that origin in its CORS settings; the same page served
to an origin the service does not name gets no answer it may read, and says so."""

from __future__ import annotations

import dataclasses
import functools
import random
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from wordsvc.app import create_app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lost-words"
#: The most moves a person makes in one game before the test calls it endless (the
#: heuristic bot ends one in tens).
MOST_MOVES = 1_500


class _QuietFiles(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """The test's output is the API's log; the files served say nothing."""


@pytest.fixture(scope="module")
def page_origin() -> Iterator[str]:
    """The example's own origin: a plain file server on another port (so another origin)."""
    handler = functools.partial(_QuietFiles, directory=str(EXAMPLE))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def _serve(app) -> tuple[str, object]:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server


@pytest.fixture(scope="module")
def api_for(settings, judge, tmp_path_factory):
    """``api_for(origins)``: the service on a port of its own, naming ``origins``."""
    servers = []

    def serve(origins: tuple[str, ...]) -> str:
        database = tmp_path_factory.mktemp("example-sessions") / "sessions.sqlite3"
        changed = dataclasses.replace(
            settings,
            database_url=f"sqlite:///{database}",
            cors_origins=origins,
            rate_limit="1000000/minute",
            seat_rate_limit="1000000/minute",
        )
        url, server = _serve(create_app(changed, judge))
        servers.append(server)
        return url

    yield serve
    for server in servers:
        server.shutdown()


def test_a_page_on_another_origin_plays_a_whole_game(browser, page_origin, api_for):
    api = api_for((page_origin,))
    assert api != page_origin
    page = browser.new_page()
    page.goto(f"{page_origin}/index.html?api={api}")
    page.click("#new-game")
    chooser, moves = random.Random(7), 0
    ready = "() => document.body.dataset.over || document.querySelector('#actions button.action')"
    while True:
        page.wait_for_function(ready)
        if page.evaluate("document.body.dataset.over"):
            break
        buttons = page.locator("#actions button.action")
        count = buttons.count()
        if count:  # (between the wait and now the table may have been drawn again)
            buttons.nth(chooser.randrange(count)).click()
            moves += 1
        assert moves <= MOST_MOVES
    assert page.locator("#problem").is_hidden(), page.locator("#problem").inner_text()
    assert moves > 0
    status = page.locator("#status").inner_text()
    assert status.startswith(("You win", "The bot wins")), status
    # The event stream brought every move, the bot's and the person's, from the other origin.
    page.wait_for_function(
        "() => ['You:', 'The bot:'].every((who) => [...document.querySelectorAll('#log li')]"
        ".some((line) => line.textContent.startsWith(who)))"
    )
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {moves}")
    page.close()


def test_an_origin_the_service_does_not_name_gets_no_answer(browser, page_origin, api_for):
    api = api_for(("https://someone-else.example",))
    page = browser.new_page()
    page.on("console", lambda message: None)  # the browser logs the blocked call
    page.goto(f"{page_origin}/index.html?api={api}")
    page.click("#new-game")
    page.wait_for_selector("#problem:not([hidden])")
    said = page.locator("#problem").inner_text()
    assert f"does its WORDSVC_CORS_ORIGINS name {page_origin}?" in said
    assert page.locator("#table").is_hidden()
    page.close()
