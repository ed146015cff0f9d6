"""Where wordsvc keeps and finds its files, from the environment with sensible defaults.

``WORDSVC_DATA_DIR``          compiled lexicon (default: the per-user cache, e.g. ~/.cache/wordsvc)
``WORDSVC_DICTIONARIES_DIR``  word lists (default: ``dictionaries/`` beside the package)
``WORDSVC_SYSTEM_WORDLIST``   Debian's word list (default /usr/share/dict/ukrainian; "" = off)
``WORDSVC_DATABASE_URL``      game sessions (default: SQLite, ``sessions.sqlite3`` in the data dir;
                              ``postgresql://user@host/db`` for PostgreSQL)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

PACKAGE_DIR = Path(__file__).resolve().parent
DEFAULT_DICTIONARIES_DIR = PACKAGE_DIR.parent / "dictionaries"
CATEGORIES_FILE = PACKAGE_DIR / "data" / "categories.toml"


@dataclass(frozen=True)
class Settings:
    """Where the compiled lexicon lives (``data_dir``) and where the word lists are read."""

    data_dir: Path
    dictionaries_dir: Path
    database_url: str | None = None  # None: SQLite in the data directory

    @classmethod
    def from_env(cls) -> Settings:
        data_dir = os.environ.get("WORDSVC_DATA_DIR") or platformdirs.user_cache_dir("wordsvc")
        dictionaries = os.environ.get("WORDSVC_DICTIONARIES_DIR") or DEFAULT_DICTIONARIES_DIR
        return cls(
            data_dir=Path(data_dir),
            dictionaries_dir=Path(dictionaries),
            database_url=os.environ.get("WORDSVC_DATABASE_URL") or None,
        )

    @property
    def sessions_url(self) -> str:
        """The SQLAlchemy URL of the session store."""
        if self.database_url:
            url = self.database_url
            if url.startswith(("postgres://", "postgresql://")):  # the driver wordsvc installs
                url = "postgresql+psycopg://" + url.split("://", 1)[1]
            return url
        return f"sqlite:///{self.data_dir / 'sessions.sqlite3'}"
