"""The full lexicon the tests read, built once: in $WORDSVC_TEST_DATA_DIR, by default a test
folder in the user cache, and reused while its sources stay the same.

One process builds at a time (a file lock beside the folder), so pytest-xdist's workers and
a build started ahead by ``scripts/test`` (``python -m tests.build_lexicon``, while the linters
run) make it once; whoever comes next waits for it and finds it up to date. A lexicon already
up to date is used without the lock, which also guards builds of other sources into the same
folder (``scripts/test_lowest``'s, when its versions name other sources): a suite that waited
out such a build lost minutes on a fresh machine.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from filelock import FileLock

from wordsvc.build import build, is_up_to_date
from wordsvc.config import DEFAULT_DICTIONARIES_DIR, Settings


def lexicon_settings() -> Settings:
    """Where the tests' lexicon lives, and the dictionaries it is built from."""
    data_dir = Path(
        os.environ.get("WORDSVC_TEST_DATA_DIR") or platformdirs.user_cache_dir("wordsvc-test")
    )
    return Settings(data_dir=data_dir, dictionaries_dir=DEFAULT_DICTIONARIES_DIR)


def built(settings: Settings) -> Settings:
    """``settings``, its lexicon built first if missing or stale (waiting for a build under
    way elsewhere)."""
    if is_up_to_date(settings):
        return settings
    settings.data_dir.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(settings.data_dir.with_name(f"{settings.data_dir.name}.lock")):
        if not is_up_to_date(settings):
            build(settings)
    return settings


if __name__ == "__main__":
    built(lexicon_settings())
