"""A table open in the browser while its server restarts: a real `wordsvc serve` stopped with
SIGTERM and started again on the same address and database. The stream ends with its
`retry:` hint, the page's EventSource keeps reconnecting while the server is down, and once
it is back it resumes with Last-Event-ID: every action shown once, none lost, none sent
twice (tests/sessions/test_server_stop.py checks the server's side)."""

from __future__ import annotations

import signal

from tests.servers import Server
from wordsvc.server import GRACEFUL_TIMEOUT
from wordsvc.web.play_texts import PLAY_TEXTS

#: Every action number the page's stream delivered, in order, repeats included.
RECEIVED = "() => window.wordsvcPlay.seen.map((data) => JSON.parse(data).number)"
LIVE, RECONNECTING = PLAY_TEXTS["live"][0], PLAY_TEXTS["reconnecting"][0]
LOG = "() => [...document.querySelectorAll('#log li')].map((li) => Number(li.dataset.number))"


def act(server: Server, session: str, tokens: dict[int, str]) -> None:
    """The seat to act plays its first legal action."""
    _, summary = server.request("GET", f"/v1/games/sessions/{session}")
    seat = summary["to_act"][0]
    _, mine = server.request("GET", f"/v1/games/sessions/{session}", token=tokens[seat])
    status, reply = server.request(
        "POST",
        f"/v1/games/sessions/{session}/actions",
        {"action": mine["legal_actions"][0], "expected_version": mine["version"]},
        tokens[seat],
    )
    assert status == 200, reply


def test_a_table_resumes_its_stream_after_the_server_restarts(browser, settings, tmp_path):
    server = Server(settings, f"sqlite:///{tmp_path / 'sessions.sqlite3'}", workers=1)
    server.start()
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="uk-UA")
    try:
        _, created = server.request(
            "POST",
            "/v1/games/sessions",
            {"game": "lost-words", "seed": 5, "seats": [{"kind": "human"}, {"kind": "human"}]},
        )
        session = created["id"]
        tokens = {
            seat: server.request("POST", f"/v1/games/sessions/{session}/join", {"seat": seat})[1][
                "token"
            ]
            for seat in (0, 1)
        }
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"http://127.0.0.1:{server.port}/play/{session}")
        page.wait_for_selector("body[data-live]")
        act(server, session, tokens)
        act(server, session, tokens)
        page.wait_for_function("n => document.querySelectorAll('#log li').length === n", arg=2)

        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=GRACEFUL_TIMEOUT + 10) == 0
        page.wait_for_function(
            "t => document.getElementById('live').textContent === t", arg=RECONNECTING
        )
        server.start()  # the same address and database
        act(server, session, tokens)
        act(server, session, tokens)
        page.wait_for_function(
            "n => document.querySelectorAll('#log li').length === n", arg=4, timeout=30_000
        )
        assert sorted(page.evaluate(LOG)) == [1, 2, 3, 4]
        # Resumed from the last id it had: the two actions before the restart were not sent
        # again (the first connection asked for the log from the start).
        assert page.evaluate(RECEIVED) == [1, 2, 3, 4]
        page.wait_for_function("t => document.getElementById('live').textContent === t", arg=LIVE)
        assert errors == []
    finally:
        context.close()
        if server.process.poll() is None:
            server.process.send_signal(signal.SIGTERM)
            server.process.wait(timeout=GRACEFUL_TIMEOUT + 10)
