"""Fixtures of the API's tests."""

from __future__ import annotations

import dataclasses

import pytest

from wordsvc.app import create_app


@pytest.fixture
def make_app(settings, judge, tmp_path):
    """``make_app(**settings changed)``: an app of its own (sessions on SQLite in tmp_path),
    its session store closed afterwards."""
    apps = []

    def make(**changes):
        changes.setdefault("database_url", f"sqlite:///{tmp_path / 'sessions.sqlite3'}")
        app = create_app(dataclasses.replace(settings, **changes), judge)
        app.config["TESTING"] = True
        apps.append(app)
        return app

    yield make
    for app in apps:
        store = app.extensions.get("wordsvc.sessions")
        if store is not None:
            store.live.close()
            store.engine.dispose()
