"""The metrics' directory that `wordsvc serve` sets up for gunicorn's workers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from wordsvc.observability import multiprocess

ROOT = Path(__file__).resolve().parents[2]


def test_serve_makes_a_fresh_private_directory_before_prometheus_client_is_imported():
    """In a process like gunicorn's master: no directory set, prometheus-client not yet
    imported. The directory is new, empty, the owner's alone; the values then go there."""
    code = """
import os, sys
from wordsvc.observability import multiprocess
assert "prometheus_client" not in sys.modules
path = multiprocess.prepare()
assert os.environ["PROMETHEUS_MULTIPROC_DIR"] == str(path)
print(path, oct(path.stat().st_mode & 0o777), sorted(os.listdir(path)))
from wordsvc.observability import metrics
metrics.GAME_ACTIONS.labels("lost-words", "bot").inc()
print(any(name.startswith("counter_") for name in os.listdir(path)))
multiprocess.on_exit(None)
print(path.exists())
"""
    env = {k: v for k, v in os.environ.items() if k != multiprocess.ENV}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    made, counted, left = done.stdout.splitlines()
    path, mode, listed = made.split(" ", 2)
    assert Path(path).name.startswith(multiprocess.PREFIX)
    assert (mode, listed) == ("0o700", "[]")
    assert counted == "True", "the values are written to the directory"
    assert left == "False", "the private directory goes with the server"


def test_an_operators_directory_is_kept_and_made_if_missing(monkeypatch, tmp_path):
    wanted = tmp_path / "metrics" / "here"
    monkeypatch.setenv(multiprocess.ENV, str(wanted))
    assert multiprocess.prepare() == wanted
    assert wanted.is_dir()
    multiprocess.on_exit(None)
    assert wanted.is_dir(), "only a directory serve made is removed"


def test_it_refuses_to_start_after_prometheus_client_chose_single_process_mode(monkeypatch):
    import prometheus_client.values  # noqa: F401 - this process chose its mode already

    monkeypatch.delenv(multiprocess.ENV, raising=False)
    with pytest.raises(RuntimeError, match="imported before"):
        multiprocess.prepare()
    assert multiprocess.ENV not in os.environ


def test_a_worker_that_ended_leaves_the_live_gauges(monkeypatch, tmp_path):
    monkeypatch.setenv(multiprocess.ENV, str(tmp_path))
    dead = tmp_path / "gauge_livesum_4242.db"
    alive = tmp_path / "gauge_livesum_4343.db"
    counted = tmp_path / "counter_4242.db"
    for path in (dead, alive, counted):
        path.write_bytes(b"")
    multiprocess.child_exit(None, SimpleNamespace(pid=4242))
    assert not dead.exists()
    assert alive.exists()
    assert counted.exists(), "what a dead worker counted still counts"


def test_a_killed_servers_directory_is_removed_by_the_next_one(tmp_path):
    """A server killed with SIGKILL never runs on_exit: the next one removes its directory
    (its pid runs nothing any more), and leaves a live server's alone."""
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    orphan = tmp_path / f"{multiprocess.PREFIX}{dead.pid}-abc"
    alive = tmp_path / f"{multiprocess.PREFIX}{os.getpid()}-def"
    other = tmp_path / f"{multiprocess.PREFIX}not-a-pid"
    for path in (orphan, alive, other):
        path.mkdir()
    multiprocess._remove_orphans(tmp_path)
    assert not orphan.exists()
    assert alive.exists()
    assert other.exists()
