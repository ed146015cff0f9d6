"""Shared fixtures. The full lexicon is built once (and reused while its sources stay the
same) in $WORDSVC_TEST_DATA_DIR, by default a test folder in the user cache."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

from wordsvc.build import build, is_up_to_date
from wordsvc.config import DEFAULT_DICTIONARIES_DIR, Settings
from wordsvc.judge import Judge


@pytest.fixture(scope="session")
def settings() -> Settings:
    """Settings pointing at the full lexicon, built if missing or stale."""
    data_dir = os.environ.get("WORDSVC_TEST_DATA_DIR") or platformdirs.user_cache_dir(
        "wordsvc-test"
    )
    settings = Settings(data_dir=Path(data_dir), dictionaries_dir=DEFAULT_DICTIONARIES_DIR)
    if not is_up_to_date(settings):
        build(settings)
    return settings


@pytest.fixture(scope="session")
def judge(settings: Settings) -> Judge:
    return Judge.open(settings)


@pytest.fixture(scope="session")
def app(settings: Settings, judge: Judge):
    from wordsvc.api import create_app

    app = create_app(settings, judge=judge)
    app.config["TESTING"] = True
    return app


@pytest.fixture
def client(app):
    return app.test_client()
