"""The worked Python example (examples/judge_and_solve.py) runs against a live service and
prints what the README says it does; the browser example: tests/browser/test_examples.py."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from wordsvc.app import create_app

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "judge_and_solve.py"


@pytest.fixture(scope="module")
def service(settings, judge, tmp_path_factory):
    database = tmp_path_factory.mktemp("example") / "sessions.sqlite3"
    app = create_app(dataclasses.replace(settings, database_url=f"sqlite:///{database}"), judge)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_the_script_judges_words_and_solves_a_hand(service):
    ran = subprocess.run(
        [sys.executable, str(SCRIPT), service],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = ran.stdout.splitlines()
    assert lines[0] == "мама: playable."
    assert lines[1].startswith("пять: ")
    assert "Did you mean п'ять?" in lines[1]
    assert lines[2] == "п'ять: playable."
    assert lines[3] == "qwerty: The word is not written in Cyrillic letters."
    plays = lines[4:]
    assert 1 <= len(plays) <= 5
    assert all(": scores " in line for line in plays)


def test_the_script_is_short_and_needs_nothing_installed():
    text = SCRIPT.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 30
    imports = {
        line.split()[1].split(".")[0] for line in text.splitlines() if line.startswith("import ")
    }
    assert imports <= set(sys.stdlib_module_names)
