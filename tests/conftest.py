"""Shared fixtures. The full lexicon is built once (and reused while its sources stay the
same) in $WORDSVC_TEST_DATA_DIR, by default a test folder in the user cache."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest
from hypothesis import settings as hypothesis_settings

from wordsvc.build import build, is_up_to_date
from wordsvc.config import DEFAULT_DICTIONARIES_DIR, Settings
from wordsvc.judge import Judge
from wordsvc.lexicon import sources
from wordsvc.lexicon.sources import Entry

# Shared machines are noisy: a slow example is not a failure. Speed is measured by the
# benchmarks in scripts/, never by timed tests.
hypothesis_settings.register_profile("wordsvc", deadline=None)
hypothesis_settings.load_profile("wordsvc")


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
