"""A client generated from the live OpenAPI document plays every hosted game.

The service is served on a free port, its ``/openapi.json`` is read over HTTP, and
openapi-python-client (a well-kept generator, as a front end's developer would use it)
generates a Python package from it. The tests below use only that package: they create a
session against a bot, join it, play the whole game by the legal actions the session lists,
read the result, the event log and the event stream's catch-up. A warning from the generator
(a schema it cannot use) fails the run: it is a bug in the document.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import random
import re
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from werkzeug.serving import make_server

from wordsvc.app import create_app

#: How the generator is told to read what it cannot by itself (an SVG: as bytes).
GENERATOR_CONFIG = Path(__file__).with_name("client_generator.yaml")
PACKAGE = "wordsvc_client"
#: The most actions one seat makes before a game is called endless (the longest seen:
#: about 230 in The Lost Words).
MOST_ACTIONS = 2_000
#: Each game's options for a game that ends: Wizards Wanted's random play may never meet
#: the Royal Inspector, so the table sets the turn limit its rules offer.
OPTIONS: dict[str, dict[str, Any]] = {"wizards-wanted": {"turn_limit": 10}}
GAMES = ["words-of-magic", "lost-words", "magos-y-tabernas", "wizards-wanted"]


@pytest.fixture(scope="module")
def service(settings, judge, tmp_path_factory) -> Iterator[str]:
    """The service on a free loopback port, with its own sessions and limits out of reach."""
    database = tmp_path_factory.mktemp("client-sessions") / "sessions.sqlite3"
    app = create_app(
        dataclasses.replace(
            settings,
            database_url=f"sqlite:///{database}",
            rate_limit="1000000/minute",
            seat_rate_limit="1000000/minute",
        ),
        judge,
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="module")
def client_package(service, tmp_path_factory) -> ModuleType:
    """The package openapi-python-client generates from the live document, imported."""
    where = tmp_path_factory.mktemp("generated")
    with urllib.request.urlopen(f"{service}/openapi.json", timeout=30) as answer:
        (where / "openapi.json").write_bytes(answer.read())
    tools = Path(sys.executable).parent
    generator = tools / "openapi-python-client"
    if not generator.exists():
        pytest.fail("no openapi-python-client: install the test extras (pip install -e .[test])")
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ.get('PATH', '')}"}
    made = subprocess.run(
        [
            str(generator),
            "generate",
            "--path",
            "openapi.json",
            "--meta",
            "none",
            "--output-path",
            PACKAGE,
            "--config",
            str(GENERATOR_CONFIG),
        ],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    said = made.stdout + made.stderr
    assert made.returncode == 0, said
    assert not re.search(r"warning", said, re.IGNORECASE), f"the generator could not use:\n{said}"
    sys.path.insert(0, str(where))
    try:
        return importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(where))


def module(package: ModuleType, name: str) -> ModuleType:
    return importlib.import_module(f"{package.__name__}.{name}")


def play_whole_game(package: ModuleType, base_url: str, game: str, seed: int) -> dict[str, Any]:
    """Create a game of ``game`` against the random bot, join seat 0 and play it to the end
    with the generated client only, choosing among the complete legal actions at random:
    what the run saw (the session id, the token, the actions made, the final summary)."""
    models = module(package, "models")
    create_session = module(package, "api.games.create_session")
    join_session = module(package, "api.games.join_session")
    get_session = module(package, "api.games.get_session")
    act = module(package, "api.games.act")

    anyone = package.Client(base_url=base_url, raise_on_unexpected_status=True)
    body = models.CreateSessionBody.from_dict(
        {
            "game": game,
            "seats": [{"kind": "human", "name": "Олена"}, {"kind": "bot", "bot": "random"}],
            "options": OPTIONS.get(game, {}),
            "seed": seed,
        }
    )
    created = create_session.sync(client=anyone, body=body)
    assert isinstance(created, models.SessionSummary), created
    joined = join_session.sync(created.id, client=anyone, body=models.JoinBody(seat=0))
    assert isinstance(joined, models.Joined), joined
    seat = package.AuthenticatedClient(
        base_url=base_url, token=joined.token, raise_on_unexpected_status=True
    )

    chooser = random.Random(seed)
    made = 0
    summary = get_session.sync(created.id, client=seat)
    while summary.status != "over":
        assert isinstance(summary, models.SessionSummary), summary
        assert summary.you == 0
        assert 0 in summary.to_act, "the bot moved within the request: it is this seat's move"
        complete = [a.to_dict() for a in summary.legal_actions if "needs" not in a.to_dict()]
        assert complete, f"no complete action to choose from: {summary.legal_actions}"
        action = chooser.choice(complete)
        acted = act.sync(
            created.id,
            client=seat,
            body=models.ActionBody(
                action=models.ActionBodyAction.from_dict(action),
                expected_version=summary.version,
            ),
            idempotency_key=f"{created.id}-{made}",
        )
        assert isinstance(acted, models.Acted), (action, acted)
        made += 1
        assert made <= MOST_ACTIONS, f"{game} did not end in {MOST_ACTIONS} actions"
        summary = get_session.sync(created.id, client=seat)
    return {"id": created.id, "token": joined.token, "made": made, "summary": summary}


@pytest.mark.parametrize("game", GAMES)
def test_the_generated_client_plays_a_whole_game(client_package, service, game):
    package = client_package
    models = module(package, "models")
    played = play_whole_game(package, service, game, seed=GAMES.index(game) + 1)
    session, summary = played["id"], played["summary"]
    assert played["made"] > 0
    seat = package.AuthenticatedClient(base_url=service, token=played["token"])

    result = module(package, "api.games.get_result").sync(session, client=seat)
    assert isinstance(result, models.GameResult), result
    assert len(result.scores) == len(result.places) == 2
    assert result.winners
    assert set(result.winners) <= {0, 1}

    events = module(package, "api.games.get_events").sync(session, client=seat, after=0)
    assert isinstance(events, models.Events), events
    numbers = [entry.number for entry in events.events]
    assert numbers == list(range(1, summary.version + 1))

    # The stream of a finished game: every event in order, from after=0, then its end.
    stream = module(package, "api.games.stream_events").sync(
        session, client=seat, after=0, token=played["token"]
    )
    assert isinstance(stream, str), stream
    ids = [int(line[3:].strip()) for line in stream.splitlines() if line.startswith("id:")]
    assert ids == numbers
    data = [
        json.loads(line[5:])
        for line in stream.splitlines()
        if line.startswith("data:") and line[5:].strip().startswith("{")
    ]
    assert any(d.get("number") == summary.version for d in data)
    assert "event: end" in stream


def test_a_polling_client_is_told_not_modified(client_package, service):
    """The generated client sends If-None-Match and gets 304 while nothing changed."""
    package = client_package
    models = module(package, "models")
    anyone = package.Client(base_url=service)
    made = module(package, "api.games.create_session").sync(
        client=anyone,
        body=models.CreateSessionBody.from_dict(
            {"game": "lost-words", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        ),
    )
    # A spectator sends no token: a plain Client (the generator types the optional-token
    # routes as AuthenticatedClient's, but any client with no Authorization goes).
    spectator = package.Client(base_url=service)
    get_session = module(package, "api.games.get_session")
    first = get_session.sync_detailed(made.id, client=spectator)
    assert first.status_code == 200
    tag = first.headers["ETag"]
    again = get_session.sync_detailed(made.id, client=spectator, if_none_match=tag)
    assert again.status_code == 304
    assert again.content == b""


def test_a_refusal_reaches_the_client_as_a_problem(client_package, service):
    package = client_package
    models = module(package, "models")
    refused = module(package, "api.games.get_session").sync(
        "0" * 32, client=package.Client(base_url=service)
    )
    assert isinstance(refused, models.Problem)
    assert refused.code == "session_not_found"
